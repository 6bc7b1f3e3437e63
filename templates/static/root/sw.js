// The service worker: keeps the whole site, the Python runtime and the engine for offline use.
// It sits at the top of the site (its scope is the folder it is served from, so the site works
// under any sub-path) and is registered by js/offline.mjs. The build (sitegen/fast_runtime.py)
// fills MANIFEST: every page and asset ("shell"), the runtime files ("runtime"), a hash of each
// ("revisions") and the version (a hash over all of them and the Pyodide version).
//
// - install: the shell is cached (files whose revision an older cache already holds are copied
//   from it, so an update downloads only what changed); then the new worker takes over.
// - keys: each file under its own URL: Chromium keeps the code V8 compiles from a cached
//   response beside the entry of that response's URL (with a ?rev= query in the keys, a repeat
//   visit compiled pyodide.asm.mjs anew). Each cache lists its files' revisions under REVISIONS.
// - activate: caches of older versions of this site (same scope) are deleted.
// - fetch: pages network-first (the cached copy when offline), everything else in the manifest
//   cache-first; the runtime is cached as the engine worker fetches it.
// - message "complete": fetch what is still missing (the runtime, when the engine loaded before
//   this worker controlled the page: the browser's HTTP cache answers, so nothing downloads
//   twice), then tell the page {type: "offline-ready"}; a new worker does it once its activate
//   step is done, a replaced one (its cache deleted) not at all.
// - messages "hold" and "resume": a page starts its engine; fetching for the cache waits meanwhile
//   (at most HOLD_MS), so it never competes with the engine's start.
// It never reloads a page.

const MANIFEST = /* build: manifest */ { pyodide: "", version: "dev", shell: [], runtime: [], revisions: {} };

const SCOPE = self.registration.scope;
const PREFIX = `offline:${new URL(SCOPE).pathname}:`;
const CACHE = `${PREFIX}${MANIFEST.pyodide}:${MANIFEST.version}`;

const files = new Map(); // absolute URL -> its name in MANIFEST (relative to the scope)
for (const name of [...MANIFEST.shell, ...MANIFEST.runtime]) files.set(new URL(name, SCOPE).href, name);
const RUNTIME = new Set(MANIFEST.runtime.map((name) => new URL(name, SCOPE).href));
// Each cache's own entry (no site file has this name): the revisions of the files it holds.
const REVISIONS = new URL(".offline-revisions.json", SCOPE).href;
const inflight = new Map(); // URL -> promise of it being cached
const HOLD_MS = 30_000;
let held = null; // while a page starts its engine: {done: promise, release()}

function hold() {
  if (held) return;
  let release;
  const done = new Promise((resolve) => { release = resolve; });
  const timer = setTimeout(resume, HOLD_MS); // a page that went away never holds for ever
  held = { done, release: () => { clearTimeout(timer); release(); } };
}

function resume() {
  if (!held) return;
  held.release();
  held = null;
}

async function ourOldCaches() {
  return (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== CACHE);
}

/** The file at `url` as an older cache of this site holds it at this version's revision. */
async function fromOldCache(url) {
  const revision = MANIFEST.revisions[files.get(url)];
  if (!revision) return undefined;
  for (const name of await ourOldCaches()) {
    const old = await caches.open(name);
    const kept = await old.match(REVISIONS);
    const revisions = kept ? await kept.json().catch(() => ({})) : {};
    if (revisions[files.get(url)] === revision) {
      const response = await old.match(url);
      if (response) return response;
    }
  }
  return undefined;
}

/** Cache one file (once, even when asked twice at the same time). */
function store(cache, url, options = {}) {
  if (inflight.has(url)) return inflight.get(url);
  const job = (async () => {
    const old = await fromOldCache(url);
    if (old) {
      await cache.put(url, old);
      return true;
    }
    const response = await fetch(url, { cache: "no-cache", ...options });
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    await cache.put(url, response);
    return true;
  })().finally(() => inflight.delete(url));
  inflight.set(url, job);
  return job;
}

async function storeAll(urls) {
  const cache = await caches.open(CACHE);
  const missing = [];
  for (const url of urls) {
    if (!(await cache.match(url))) missing.push(url);
  }
  // A few at a time: a phone on a slow network should not open a hundred requests at once.
  let next = 0;
  const failures = [];
  const lane = async () => {
    while (next < missing.length) {
      if (held) {
        await held.done;
        continue;
      }
      const url = missing[next++];
      try {
        await store(cache, url);
      } catch (err) {
        failures.push(String((err && err.message) || err));
      }
    }
  };
  await Promise.all([lane(), lane(), lane(), lane()]);
  return failures;
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const shell = [...files.keys()].filter((url) => !RUNTIME.has(url));
    const cache = await caches.open(CACHE);
    await cache.put(REVISIONS, new Response(JSON.stringify(MANIFEST.revisions), {
      headers: { "content-type": "application/json" },
    }));
    const failures = await storeAll(shell);
    if (failures.length) throw new Error(`could not cache ${failures.length} files: ${failures[0]}`);
    // Pages and assets are content-hashed or served network-first, so an open page keeps
    // working under the new worker: take over at once (no reload).
    await self.skipWaiting();
  })());
});

let activation = null; // this worker's activate step, once it has begun

/** Once this worker's activate step is done (the runtime moved over, old caches gone): a
 *  "complete" sent on controllerchange can arrive before the activate event. */
function activated() {
  const active = self.registration.active;
  if (activation || !active || active.state !== "activating") return activation || Promise.resolve();
  return new Promise((resolve) => {
    active.addEventListener("statechange", () => resolve(activation), { once: true });
  });
}

self.addEventListener("activate", (event) => {
  event.waitUntil(activation = (async () => {
    // The runtime files an old cache holds at the same revision move over before it goes.
    const cache = await caches.open(CACHE);
    for (const url of RUNTIME) {
      if (await cache.match(url)) continue;
      const old = await fromOldCache(url);
      if (old) await cache.put(url, old);
    }
    for (const name of await ourOldCaches()) await caches.delete(name);
    await self.clients.claim();
  })());
});

function pageKey(url) {
  const u = new URL(url);
  u.search = "";
  u.hash = "";
  let href = u.href;
  if (href.endsWith("/")) href += "index.html";
  if (!files.has(href) && files.has(`${href}.html`)) href += ".html";
  return href;
}

// This version's cache, opened once: opening it for every request cost a trip to the browser
// process each time, and a new tab offline sends about a hundred requests through here (its
// scripts a few levels deep, one level after the other, before the page can start its engine).
let opened = null;

function ourCache() {
  if (!opened) opened = caches.open(CACHE).catch((err) => { opened = null; throw err; });
  return opened;
}

async function fromCache(url) {
  return (await ourCache()).match(url);
}

async function page(request) {
  try {
    const response = await fetch(request);
    return response;
  } catch (err) {
    const href = pageKey(request.url);
    const missing = new URL("404.html", SCOPE).href;
    const cached = (files.has(href) && (await fromCache(href))) || (files.has(missing) && (await fromCache(missing)));
    if (cached) return cached;
    throw err;
  }
}

async function asset(request, url) {
  const cached = await fromCache(url);
  if (cached) return cached;
  if (inflight.has(url)) {
    try {
      await inflight.get(url);
      const stored = await fromCache(url);
      if (stored) return stored;
    } catch {
      // fall through to the network
    }
  }
  const response = await fetch(request);
  if (response.ok && response.status === 200) {
    const copy = response.clone();
    ourCache().then((cache) => cache.put(url, copy)).catch(() => {});
  }
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  if (request.mode === "navigate") {
    event.respondWith(page(request));
    return;
  }
  const url = request.url.split("#")[0];
  if (files.has(url) && !request.headers.has("range")) event.respondWith(asset(request, url));
});

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "hold") hold();
  if (data.type === "resume") resume();
  if (data.type !== "complete") return;
  const wanted = data.runtime === false ? [...files.keys()].filter((u) => !RUNTIME.has(u)) : [...files.keys()];
  event.waitUntil(activated().then(async () => {
    // A worker a newer version has replaced (its cache deleted) does not make it again.
    if (!(await caches.has(CACHE))) return;
    const failures = await storeAll(wanted);
    const reply = { type: failures.length ? "offline-incomplete" : "offline-ready", version: CACHE, failures };
    if (event.source) event.source.postMessage(reply);
  }));
});
