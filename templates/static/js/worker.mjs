// The engine worker: loads the site's own Pyodide and the engine, then answers the page's
// requests through engine/bridge.py. It renders nothing and decides nothing: every answer is
// the Python engine's. Protocol: docs/worker-protocol.md.
//
// Page -> worker:  {type: "init", runtime: URL of runtime.json, data?: its contents} (once)
//                  {id, op, ...arguments}                          (requests, any time)
// Worker -> page:  {type: "progress", stage, fraction}
//                  {type: "ready", hello, timings, keepSnapshot}
//                  {type: "failed", stage, message}
//                  {id, ok: true, result} | {id, ok: false, error: {kind, message, ...}}
//
// Two ways to start (docs/fast-start-and-offline.md):
// - cold: start Python, put the engine's wheel on sys.path (zipimport: the wheel is a zip of
//   compiled modules), import it;
// - from a memory snapshot kept in the origin private file system (later visits, every other
//   page of the site): the same interpreter is restored in a fraction of the time. A snapshot
//   that fails to restore or to answer is deleted and the cold way runs instead.
// After a cold start the ready message says `keepSnapshot: true` when a snapshot could be kept;
// the page then starts a second worker of this file, when it is idle, with
//   {type: "keep-snapshot", runtime, data?}  ->  {type: "snapshot", saved, bytes | message}
// which starts Python once more, imports the whole engine, saves the snapshot and is done.
// (Doing it in the visitor's own worker would slow its first start: Pyodide's snapshot mode,
// the 31 MB copy and its write all sit on that path, and the snapshot must hold no game.)
//
// This module is the message loop and the two starts' order; worker-start.mjs starts Python
// (and hooks the worker's globals for it: imported first), worker-snapshot.mjs keeps snapshots.

import { beginLoading, compileEarly, connect, errorText, fetchedFiles, inTime, placeEngine, readRuntime,
  restoring, started, startPython, timings } from "./worker-start.mjs";
import { SnapshotStore } from "./worker-snapshot.mjs";

/** @typedef {{id?: unknown, type?: string, runtime?: string, data?: unknown} & Record<string, unknown>} Request */

/** @type {((request: string) => string) | null} the Python function engine.bridge.handle, once ready */
let bridge = null;
/** @type {{stage: string, message: string} | null} once loading failed */
let failure = null;
/** @type {Request[]} requests that arrived before ready */
const waiting = [];

/** A kept snapshot not opened within this is given up (the cold start runs). */
const READ_TIMEOUT_MS = 5000;

/** @param {unknown} message */
function post(message) {
  self.postMessage(message);
}

/** @param {string} stage @param {number} fraction */
function progress(stage, fraction) {
  timings[stage] = Math.round(performance.now() - started);
  post({ type: "progress", stage, fraction });
}

/** @param {Request} request */
function answer(request) {
  if (failure || !bridge) {
    post({ id: request.id, ok: false, error: { kind: "unavailable", message: failure ? failure.message : "not started" } });
    return;
  }
  // The answer always carries the page's own id: the bridge echoes what it could read of
  // the request, which is nothing when the request is not readable (too deep, not JSON).
  let answer;
  try {
    answer = JSON.parse(bridge(JSON.stringify(request)));
  } catch (err) {
    answer = { ok: false, error: { kind: "internal", message: errorText(err) } };
  }
  post({ ...answer, id: request.id });
}

/** @param {string | undefined} runtimeURL @param {unknown} given */
async function boot(runtimeURL, given) {
  let stage = "runtime";
  /** @type {SnapshotStore | null} */
  let store = null;
  try {
    progress("start", 0.02);
    const runtime = await readRuntime(runtimeURL, given);
    if (!runtime.wheel) throw new Error("runtime.json names no engine wheel");
    // Everything that can load at the same time does: the wheel, Pyodide, a saved snapshot.
    const { wheel, pyodide } = beginLoading({ ...runtime, wheel: runtime.wheel });
    const opened = store = SnapshotStore.open(runtime);
    // A snapshot that cannot be opened in 5 s is given up (the cold start is never held
    // hostage); one that is spoiled is deleted.
    const opening = opened ? inTime(opened.open(), READ_TIMEOUT_MS, "opening the snapshot", (late) => late && late.close())
      .catch((err) => {
        timings.snapshotError = errorText(err).split("\n")[0];
        opened.forget(); // not awaited: nothing holds up the cold start
        return null;
      }) : null;
    const wasmURL = runtime.indexURL + "pyodide.asm.wasm";
    if (opening) opening.then((kept) => kept || compileEarly(wasmURL));
    else compileEarly(wasmURL);
    const [{ loadPyodide, options }, snapshot] = await Promise.all([pyodide, opening]);
    progress("runtime", 0.1);

    /** @type {ReturnType<typeof connect> | null} */
    let engine = null;
    if (snapshot && opened) {
      try {
        const py = await startPython(loadPyodide, restoring(options, snapshot));
        progress("python", 0.8);
        // Pyodide's bootstrap as the build patched it (sitegen/pyodide_patches.py), or not.
        timings.bootstrap = py._api && py._api.bootstrapCompiled === false ? "no compile" : "compiled";
        placeEngine(py, await wheel, true);
        progress("engine", 0.9);
        engine = connect(py);
        engine.module.after_restore();
        timings.start = "snapshot";
      } catch (err) {
        engine = null;
        snapshot.close();
        timings.snapshotError = errorText(err).split("\n")[0];
        opened.forget(); // not awaited: nothing holds up the cold start
      }
    }
    if (!engine) {
      const py = await startPython(loadPyodide, options);
      stage = "engine";
      progress("python", 0.8);
      placeEngine(py, await wheel, false);
      stage = "import";
      progress("engine", 0.9);
      engine = connect(py);
      timings.start = "cold";
    }
    bridge = engine.handle;
    progress("import", 1);
    timings.ready = Math.round(performance.now() - started);
    timings.clock = performance.timeOrigin + started; // the worker's start, for the page's clock
    timings.fetched = fetchedFiles();
    post({ type: "ready", hello: engine.hello, timings, keepSnapshot: Boolean(store) && timings.start === "cold" });
  } catch (err) {
    // A Python error's message is its traceback: its last line says what went wrong.
    const lines = errorText(err).split("\n").map((l) => l.trim()).filter(Boolean);
    const text = lines[0] && lines[0].startsWith("Traceback") ? lines[lines.length - 1] : lines[0];
    failure = { stage, message: text || "unknown error" };
    post({ type: "failed", stage, message: failure.message });
  }
  for (const request of waiting.splice(0)) answer(request);
}

/** Start Python in snapshot mode, import the whole engine, keep the snapshot (see the top).
 *  @param {string | undefined} runtimeURL @param {unknown} given */
async function keepSnapshot(runtimeURL, given) {
  try {
    const runtime = await readRuntime(runtimeURL, given);
    const store = SnapshotStore.open(runtime);
    if (!store || !runtime.wheel) throw new Error("no snapshot can be kept here");
    const { wheel, pyodide } = beginLoading({ ...runtime, wheel: runtime.wheel });
    const { loadPyodide, options } = await pyodide;
    const py = await startPython(loadPyodide, { ...options, _makeSnapshot: true });
    placeEngine(py, await wheel, false);
    const engine = connect(py);
    engine.module.prepare();   // every game and computer player, so a restore imports nothing
    engine.module.destroy();
    const bytes = py.makeMemorySnapshot();
    await store.save(bytes);
    post({ type: "snapshot", saved: true, bytes: bytes.length });
  } catch (err) {
    post({ type: "snapshot", saved: false, message: errorText(err).split("\n")[0] });
  }
}

/** @type {Promise<void> | null} */
let booting = null;

self.addEventListener("message", (/** @type {MessageEvent} */ event) => {
  /** @type {Request} */
  const message = event.data || {};
  if (message.type === "init") {
    if (!booting) booting = boot(message.runtime, message.data);
    return;
  }
  if (message.type === "keep-snapshot") {
    if (!booting) booting = keepSnapshot(message.runtime, message.data);
    return;
  }
  if (bridge || failure) answer(message);
  else waiting.push(message);
});
