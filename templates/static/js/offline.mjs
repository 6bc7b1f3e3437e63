// Offline after one visit: register the site's service worker (sw.js at the top of the site,
// found relative to this module, so any sub-path works), then ask it to keep everything,
// the Python runtime included, once the page is calm. It waits while an engine is loading
// on this page (its status panel says data-state="loading"), so the first visit never
// downloads the runtime twice; under Save-Data it keeps the pages but not the runtime.
// When everything is kept, <html> gets data-offline="ready" (and data-offline-version, the
// cache's name). When an update takes over, it asks the new worker again. It never reloads.

const root = document.documentElement;

function engineLoading() {
  return [...document.querySelectorAll(".engine-status")].some((panel) => panel.dataset.state === "loading");
}

function calm() {
  return new Promise((resolve) => {
    const check = () => {
      if (engineLoading()) return false;
      resolve();
      return true;
    };
    if (check()) return;
    const observer = new MutationObserver(() => {
      if (check()) observer.disconnect();
    });
    observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ["data-state"] });
  });
}

async function start() {
  await calm();
  const base = new URL("../", import.meta.url);
  const registration = await navigator.serviceWorker.register(new URL("sw.js", base), { scope: base.href });
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
    const saveData = Boolean(navigator.connection && navigator.connection.saveData);
    const worker = navigator.serviceWorker.controller || registration.active;
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
  const go = () => start().catch(() => { root.dataset.offline = "unavailable"; });
  if (document.readyState === "complete") go();
  else window.addEventListener("load", go, { once: true });
}
