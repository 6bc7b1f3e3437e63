// Offline after one visit: register the site's service worker (sw.js at the top of the site,
// found relative to this module, so any sub-path works), then ask it to keep everything,
// the Python runtime included, once the page is calm. Nothing of this competes with the
// visitor's first moves: it begins 3 s after the page's load event, in an idle moment, and
// only while no engine is loading on this page (its status panel says data-state="loading");
// when an engine starts loading while the worker is still fetching, the page asks it to hold
// ("hold", then "resume" once the engine is up). Measured with a press at the load event:
// a worker installing beside the engine's start made it about 0.8 s slower (bench/README.md).
// Under Save-Data it keeps the pages but not the runtime. When everything is kept, <html>
// gets data-offline="ready" (and data-offline-version, the cache's name). When an update
// takes over, it asks the new worker again (and while one is on its way, only the new one). It
// never reloads.

const root = document.documentElement;
const SETTLE_MS = 3000;

function engineLoading() {
  return [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".engine-status"))]
    .some((panel) => panel.dataset.state === "loading");
}

/** Call `change(loading)` whenever an engine on this page starts or stops loading.
 *  @param {(loading: boolean) => void} change */
function watchEngines(change) {
  let loading = engineLoading();
  const observer = new MutationObserver(() => {
    if (engineLoading() === loading) return;
    loading = !loading;
    change(loading);
  });
  observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ["data-state"] });
  return observer;
}

/** @returns {Promise<void>} */
function calm() {
  return new Promise((resolve) => {
    if (!engineLoading()) return resolve();
    const observer = watchEngines((loading) => {
      if (loading) return;
      observer.disconnect();
      resolve();
    });
  });
}

/** SETTLE_MS after the load event, then an idle moment.
 *  @param {number} loadedAt @returns {Promise<void>} */
function settled(loadedAt) {
  return new Promise((resolve) => {
    const idle = () => ("requestIdleCallback" in window ? requestIdleCallback(() => resolve(), { timeout: 2000 }) : resolve());
    setTimeout(idle, Math.max(0, loadedAt + SETTLE_MS - performance.now()));
  });
}

/** @param {number} loadedAt */
async function start(loadedAt) {
  await settled(loadedAt);
  await calm();
  const base = new URL("../", import.meta.url);
  /** @type {ServiceWorkerRegistration | null} */
  let registration = null;
  /** @param {boolean} loading */
  const tell = (loading) => {
    const worker = registration && (registration.installing || registration.waiting || registration.active);
    if (worker) worker.postMessage({ type: loading ? "hold" : "resume" });
  };
  watchEngines(tell); // from before the registration, so no start is missed
  const registered = await navigator.serviceWorker.register(new URL("sw.js", base), { scope: base.href });
  registration = registered;
  if (engineLoading()) tell(true);
  await navigator.serviceWorker.ready;
  navigator.serviceWorker.addEventListener("message", (event) => {
    const data = event.data || {};
    if (data.type === "offline-ready" || data.type === "offline-incomplete") {
      root.dataset.offline = data.type === "offline-ready" ? "ready" : "incomplete";
      root.dataset.offlineVersion = data.version;
    }
  });
  const complete = async () => {
    await calm();
    // A newer version installing, or installed and about to take over: it is asked when it
    // has (controllerchange), not the old one, which would say "ready" for a version on its
    // way out, and which Chromium waits on, busy, before the new one takes over (a message to
    // it then held the update back for minutes). Should the newer one fail, the old is asked.
    const newer = registered.installing || registered.waiting;
    if (newer) {
      newer.addEventListener("statechange", () => { if (newer.state === "redundant") complete(); });
      return;
    }
    const saveData = Boolean(navigator.connection && navigator.connection.saveData);
    const worker = navigator.serviceWorker.controller || registered.active;
    if (worker) worker.postMessage({ type: "complete", runtime: !saveData });
  };
  // A new version of the site took over (no reload): it keeps what changed, the runtime too.
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    root.dataset.offline = "updating";
    complete();
  });
  await complete();
}

if ("serviceWorker" in navigator && window.isSecureContext) {
  const go = () => start(performance.now()).catch(() => { root.dataset.offline = "unavailable"; });
  if (document.readyState === "complete") go();
  else window.addEventListener("load", go, { once: true });
}
