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

/** @typedef {{id?: unknown, type?: string, runtime?: string, data?: unknown} & Record<string, unknown>} Request */
/**
 * runtime.json, read (see readRuntime).
 * @typedef {object} Runtime
 * @property {string} [base]
 * @property {string} indexURL
 * @property {string | null} wheel
 * @property {string | null} [stdLibURL]
 * @property {string | null} [lockFileURL]
 * @property {string | null} snapshotKey
 */
/**
 * engine.bridge as the worker calls it (a Python module through Pyodide's proxy).
 * @typedef {object} BridgeModule
 * @property {(request: string) => string} handle
 * @property {() => void} after_restore
 * @property {() => void} prepare
 * @property {() => void} destroy
 */
/**
 * The parts of Pyodide's API the worker uses, its private ones included (pyodide.d.ts has
 * only the public ones).
 * @typedef {object} Pyodide
 * @property {{mkdirTree: (path: string) => void, writeFile: (path: string, data: Uint8Array) => void}} FS
 * @property {(code: string) => unknown} runPython
 * @property {(name: string) => BridgeModule} pyimport
 * @property {() => Uint8Array} makeMemorySnapshot
 * @property {{bootstrapCompiled?: boolean}} [_api]
 */
/** @typedef {(settings: unknown) => Promise<unknown>} CreateModule */
/**
 * loadPyodide's options (the private ones of a snapshot included).
 * @typedef {object} LoadOptions
 * @property {string} indexURL
 * @property {Promise<CreateModule> | CreateModule} createPyodideModule
 * @property {string} [stdLibURL]
 * @property {string} [lockFileURL]
 * @property {Uint8Array} [_loadSnapshot]
 * @property {boolean} [_makeSnapshot]
 */
/** @typedef {(options: LoadOptions) => Promise<Pyodide>} LoadPyodide */
/** @typedef {{size: number, read: (into: Uint8Array, at: number) => number, close: () => void}} SnapshotSource */
/** @typedef {{length: number, fill: (memory: Uint8Array) => Promise<Uint8Array>, close: () => void}} OpenedSnapshot */

/** @type {((request: string) => string) | null} the Python function engine.bridge.handle, once ready */
let bridge = null;
/** @type {{stage: string, message: string} | null} once loading failed */
let failure = null;
/** @type {Request[]} requests that arrived before ready */
const waiting = [];
const started = performance.now();
/** @type {Record<string, unknown>} ms since the start, per stage, and how it started (docs/worker-protocol.md) */
const timings = {};

// Where the engine's wheel lives inside Python's file system (on sys.path). The path is
// baked into a snapshot's sys.path and import caches, so it never changes.
const ENGINE_ZIP = "/engine/engine.whl";
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

// Where the runtime lives: runtime.json (written by the build) names the Pyodide folder, the
// engine wheel and the snapshot key, relative to itself:
//   {"pyodide": {"version", "indexURL": "pyodide/", "stdLibURL"?, "lockFileURL"?},
//    "engine": {"wheel": "engine/engine-0.1.0-py3-none-any.whl", "compiled"?: "pyodide/…whl"},
//    "snapshot"?: {"key": "…"}}
// The page usually sends runtime.json's contents (`given`) with its first message.
/** @param {string | undefined} runtimeURL @param {unknown} given @returns {Promise<Runtime>} */
async function readRuntime(runtimeURL, given) {
  if (!runtimeURL) {
    return { indexURL: new URL("../pyodide/", import.meta.url).href, wheel: null, snapshotKey: null };
  }
  /** @type {any} runtime.json as written: every field is checked before use */
  let data = given && typeof given === "object" ? given : null;
  if (!data) {
    const response = await fetch(runtimeURL);
    if (!response.ok) throw new Error(`runtime.json: HTTP ${response.status}`);
    data = await response.json();
  }
  const base = new URL(runtimeURL, self.location.href);
  /** @param {unknown} path */
  const resolve = (path) => (path ? new URL(String(path), base).href : null);
  const pyodide = data.pyodide && typeof data.pyodide === "object" ? data.pyodide : {};
  const engine = data.engine && typeof data.engine === "object" ? data.engine : {};
  const indexURL = resolve(pyodide.indexURL || (typeof data.pyodide === "string" && data.pyodide) || "pyodide/") ?? "";
  return {
    base: base.href,
    indexURL: indexURL.endsWith("/") ? indexURL : indexURL + "/",
    // The compiled engine (sitegen/fast_runtime.py) when the build made one, else the sources.
    wheel: resolve(engine.compiled || engine.wheel || data.wheel),
    stdLibURL: resolve(pyodide.stdLibURL || data.stdLibURL),
    lockFileURL: resolve(pyodide.lockFileURL || data.lockFileURL),
    snapshotKey: (data.snapshot && data.snapshot.key) || null,
  };
}

/** @param {string} url */
async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.split("/").pop()}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

// ---- Memory snapshots ------------------------------------------------------------------------
// A snapshot is Python's whole memory right after the engine was imported (31 MB, about 12 MB
// kept: see packPages), stored in the origin private file system (OPFS), in a folder for this
// site, under a key the build derives from every runtime file and the engine (runtime.json
// "snapshot.key"): a new Pyodide, standard library or engine never meets an old snapshot, and
// saving one deletes the site's older ones. OPFS rather than Cache Storage: while a new tab
// opens, the service worker serves the page and the runtime from Cache Storage, and a snapshot
// read from there finished 100 ms later (the engine was ready 36 ms later, median of 12).
// It uses Pyodide's private `_makeSnapshot` / `makeMemorySnapshot` / `_loadSnapshot`, so every
// step may fail: then the cold start runs, as it does without OPFS (plain http outside
// localhost), under Save-Data, or when the runtime names no key.

class SnapshotStore {
  /** @param {Runtime} runtime */
  static open(runtime) {
    if (!runtime.snapshotKey || !(self.navigator && navigator.storage && navigator.storage.getDirectory)) return null;
    if (navigator.connection && navigator.connection.saveData) return null;
    return new SnapshotStore(runtime);
  }

  /** @param {Runtime} runtime */
  constructor(runtime) {
    // One folder per site: several sites may share an origin, each under its own path.
    this.folder = "python-snapshot" + new URL(".", runtime.base).pathname.replace(/[^A-Za-z0-9_-]+/g, "_");
    this.name = runtime.snapshotKey + ".bin";
  }

  /** @param {boolean} create */
  async directory(create = false) {
    return (await navigator.storage.getDirectory()).getDirectoryHandle(this.folder, { create });
  }

  /**
   * The kept snapshot, opened: {length} of the memory it restores, read from its header at
   * once, and fill(memory) that reads its pages into place (memory: that many zero bytes) and
   * closes it; close() when it is not used after all. Null when none is kept.
   * The pages are read separately so that Pyodide can fetch and compile its wasm meanwhile:
   * it needs only the memory's size to create its module, and its contents once it is made.
   * @returns {Promise<OpenedSnapshot | null>}
   */
  async open() {
    let file;
    try {
      file = await (await this.directory()).getFileHandle(this.name);
    } catch {
      return null;
    }
    /** @type {SnapshotSource} */
    let source;
    try {
      // The synchronous handle reads straight into place, without a copy through a Blob.
      const handle = await file.createSyncAccessHandle();
      source = { size: handle.getSize(), read: (into, at) => handle.read(into, { at }), close: () => handle.close() };
    } catch {
      // Another tab holds the file: read a copy.
      const copy = new Uint8Array(await (await file.getFile()).arrayBuffer());
      source = { size: copy.length, read: (into, at) => readCopy(copy, into, at), close: () => {} };
    }
    try {
      return openPacked(source);
    } catch (err) {
      source.close();
      throw err;
    }
  }

  /** @param {Uint8Array} bytes */
  async save(bytes) {
    const directory = await this.directory(true);
    const packed = packPages(bytes);
    // Written under a temporary name, then renamed, so a reader never sees half a snapshot
    // (where handles cannot move, written in place: a torn snapshot fails to unpack).
    /** @type {FileSystemFileHandle & {move?: (into: FileSystemDirectoryHandle, name: string) => Promise<void>}} */
    const part = await directory.getFileHandle(this.name + ".part", { create: true });
    const target = part.move ? part : await directory.getFileHandle(this.name, { create: true });
    const handle = await target.createSyncAccessHandle();
    try {
      handle.truncate(0);
      handle.write(packed, { at: 0 });
      handle.flush();
    } finally {
      handle.close();
    }
    if (target === part && part.move) await part.move(directory, this.name);
    for await (const name of directory.keys()) {
      if (name !== this.name) await directory.removeEntry(name).catch(() => {});
    }
  }

  async forget() {
    try {
      await (await this.directory()).removeEntry(this.name);
    } catch {
      // nothing to delete
    }
  }
}

// Most of a snapshot is zeros (memory Python never touched: about 19 of 31 MB), and reading it
// back is the slowest step of a restore. So it is kept without its all-zero pages:
//   "PYSNAP1\0", u32 memory length, u32 page size, u32 page count, one byte per page (1: kept),
//   then the kept pages in order.
const PACK_MAGIC = "PYSNAP1\0";
const PACK_PAGE = 64 * 1024;

/** @param {Uint8Array} bytes */
function packPages(bytes) {
  const count = Math.ceil(bytes.length / PACK_PAGE);
  const kept = new Uint8Array(count);
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.length / 4));
  for (let page = 0; page < count; page++) {
    const end = Math.min((page + 1) * PACK_PAGE, bytes.length);
    for (let i = (page * PACK_PAGE) / 4; i < end / 4; i++) {
      if (words[i] !== 0) {
        kept[page] = 1;
        break;
      }
    }
    if (!kept[page] && bytes.length % 4 && end === bytes.length) kept[page] = 1; // ragged tail
  }
  const head = 8 + 12 + count;
  const pages = kept.reduce((n, k) => n + k, 0);
  const out = new Uint8Array(head + pages * PACK_PAGE);
  out.set(new TextEncoder().encode(PACK_MAGIC), 0);
  new DataView(out.buffer).setUint32(8, bytes.length, true);
  new DataView(out.buffer).setUint32(12, PACK_PAGE, true);
  new DataView(out.buffer).setUint32(16, count, true);
  out.set(kept, 20);
  let at = head;
  for (let page = 0; page < count; page++) {
    if (!kept[page]) continue;
    const chunk = bytes.subarray(page * PACK_PAGE, Math.min((page + 1) * PACK_PAGE, bytes.length));
    out.set(chunk, at);
    at += PACK_PAGE;
  }
  return out.subarray(0, at);
}

const FILL_STEP_PAGES = 32;

/** A promise of the next turn of the event loop (a task, not a microtask).
 *  @returns {Promise<void>} */
function nextTask() {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** @param {Uint8Array} copy @param {Uint8Array} into @param {number} at */
function readCopy(copy, into, at) {
  const part = copy.subarray(at, at + into.length);
  into.set(part);
  return part.length;
}

/** A packed snapshot's header, checked, and fill(memory) to read its kept pages into place.
 *  @param {SnapshotSource} source @returns {OpenedSnapshot} */
function openPacked(source) {
  const head = new Uint8Array(20);
  if (source.read(head, 0) !== head.length || new TextDecoder().decode(head.subarray(0, 8)) !== PACK_MAGIC) {
    throw new Error("not a packed snapshot");
  }
  const view = new DataView(head.buffer);
  const [length, size, count] = [view.getUint32(8, true), view.getUint32(12, true), view.getUint32(16, true)];
  const kept = new Uint8Array(count);
  if (size !== PACK_PAGE || count !== Math.ceil(length / size) || source.read(kept, 20) !== count) {
    throw new Error("a truncated snapshot");
  }
  const pages = kept.reduce((n, k) => n + k, 0);
  if (source.size !== 20 + count + pages * size) throw new Error("a truncated snapshot");
  let open = true;
  const close = () => {
    if (open) source.close();
    open = false;
  };
  // Read in steps of at most 2 MB, each its own task, so that the wasm's bytes, arriving at the
  // same time, are taken in between.
  /** @param {Uint8Array} memory */
  const fill = async (memory) => {
    try {
      let at = 20 + count;
      for (let page = 0; page < count;) {
        if (!kept[page]) {
          page++;
          continue;
        }
        let end = page + 1; // a run of kept pages: one read
        while (end < count && kept[end] && end - page < FILL_STEP_PAGES) end++;
        const into = memory.subarray(page * size, Math.min(end * size, length));
        if (source.read(into, at) !== into.length) throw new Error("a truncated snapshot");
        at += (end - page) * size;
        page = end;
        await nextTask();
      }
      return memory;
    } finally {
      close();
    }
  };
  return { length, fill, close };
}

// ---- Starting Python -------------------------------------------------------------------------

// Emscripten gives each JavaScript function that Python's wasm calls through a function pointer
// a tiny wasm module of its own (convertJsFunctionToWasm): about 260 at every start, each
// compiled anew though they share a few dozen signatures, and each compile costs far more than
// its size. The same bytes always compile to the same module, and a module can be instantiated
// any number of times: so a tiny module is compiled once for its bytes. (10 to 20 ms a start.)
const TINY_MODULE = 64; // bytes; Pyodide's own wasm is 9.6 MB
/** @type {Map<string, WebAssembly.Module>} */
const tinyModules = new Map();
WebAssembly.Module = new Proxy(WebAssembly.Module, {
  construct(target, args, newTarget) {
    const [bytes] = args;
    if (!(bytes instanceof Uint8Array) || bytes.length > TINY_MODULE || newTarget !== WebAssembly.Module) {
      return Reflect.construct(target, args, newTarget);
    }
    const key = String.fromCharCode(...bytes);
    let module = tinyModules.get(key);
    if (!module) {
      module = /** @type {WebAssembly.Module} */ (Reflect.construct(target, args, newTarget));
      tinyModules.set(key, module);
    }
    return module;
  },
});

// Pyodide 314 does not reject when its wasm cannot be fetched or compiled: it warns "wasm
// instantiation failed!" on the console and waits forever. Watch for that (and for unhandled
// rejections) while it loads, and fail the load instead of hanging.
/** @type {((why: string) => void) | null} the current start's reject function, while Python starts */
let stall = null;
for (const level of /** @type {const} */ (["warn", "error"])) {
  const original = console[level].bind(console);
  console[level] = (...args) => {
    const text = args.map(errorText).join(" ");
    if (stall && /wasm instantiation failed|failed to fetch|networkerror|abort\(/i.test(text)) stall(text.split("\n")[0]);
    original(...args);
  };
}
self.addEventListener("unhandledrejection", (event) => {
  if (!stall) return;
  event.preventDefault();
  stall(errorText(event.reason));
});

/** What went wrong, in words: an error's message, or the thing thrown.
 *  @param {unknown} err */
function errorText(err) {
  return String((err instanceof Error || (err && typeof err === "object" && "message" in err)
    ? /** @type {{message: unknown}} */ (err).message : null) || err);
}

/** The promise's value, or an error once `ms` have passed (then `late` gets the value, if any).
 *  @template T
 *  @param {Promise<T>} promise @param {number} ms @param {string} what @param {(value: T) => void} late
 *  @returns {Promise<T>} */
function inTime(promise, ms, what, late) {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  /** @type {Promise<never>} */
  const expired = new Promise((_, reject) => {
    timer = setTimeout(() => {
      promise.then(late, () => {});
      reject(new Error(`${what} took over ${ms / 1000} s`));
    }, ms);
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}

/** When each file the worker fetched began and ended, in ms from the worker's start (its
 *  timings, which bench/fast_start.py breaks down). */
function fetchedFiles() {
  /** @type {Record<string, number[]>} */
  const files = {};
  for (const entry of /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType("resource"))) {
    const name = entry.name.split(/[?#]/)[0].split("/").pop() ?? "";
    files[name] = [Math.round(entry.startTime - started), Math.round(entry.responseEnd - started)];
  }
  return files;
}

/** Start what both starts need, at once: the engine's wheel and Pyodide's scripts.
 *  @param {Runtime & {wheel: string}} runtime */
function beginLoading(runtime) {
  const wheel = fetchBytes(runtime.wheel);
  wheel.catch(() => {}); // awaited later; a failure surfaces there
  return { wheel, pyodide: importPyodide(runtime) };
}

// Pyodide fetches its wasm as soon as loadPyodide is called, but V8 reads the response, and
// compiles it, only once Emscripten's module script has run and asks for the instance
// (instantiateStreaming): on a cold start 310 to 540 ms after the worker's start, behind the
// imports of Pyodide's scripts and the module script itself, and until then the download
// waits too (nothing reads the response). So a cold start compiles the wasm as soon as it
// knows no snapshot will be restored (compileStreaming: V8 compiles as the bytes arrive),
// answers Pyodide's fetch of it with a stand-in, and its instantiateStreaming of that stand-in
// with an instance of the module compiled here. Should the early compile fail, Pyodide's own
// fetch and compile run as before. A restore does not: its bytes come from the local cache
// at once, and the worker's thread, which takes them for V8, then held up the imports of
// Pyodide's scripts and the snapshot's opening by as long (docs/fast-start-and-offline.md).
/** @type {{url: string, module: Promise<WebAssembly.Module>} | null} */
let early = null;
/** @type {WeakSet<Response>} the responses handed to Pyodide instead of the wasm's */
const standIns = new WeakSet();
const networkFetch = self.fetch.bind(self);
const streamingInstance = WebAssembly.instantiateStreaming.bind(WebAssembly);

/** @param {string} url */
function compileEarly(url) {
  if (early && early.url === url) return;
  const module = WebAssembly.compileStreaming(networkFetch(url));
  early = { url, module };
  module.then(() => { timings.wasmCompiled = Math.round(performance.now() - started); }, () => {});
}

self.fetch = (input, init) => {
  const url = input instanceof Request ? input.url : String(input);
  if (early && url === early.url) {
    const standIn = new Response(null, { headers: { "content-type": "application/wasm" } });
    standIns.add(standIn);
    return Promise.resolve(standIn);
  }
  return networkFetch(input, init);
};

WebAssembly.instantiateStreaming = async (source, imports) => {
  const response = await source;
  if (!standIns.has(response) || !early) return streamingInstance(response, imports);
  let module;
  try {
    module = await early.module;
  } catch {
    timings.wasm = "fetched again";
    return streamingInstance(networkFetch(early.url), imports);
  }
  timings.wasm = "compiled early";
  return { module, instance: await WebAssembly.instantiate(module, imports) };
};

/**
 * Pyodide's loader, and loadPyodide's options, once the small loader (18 KB) is in.
 * loadPyodide starts fetching the wasm and the standard library as soon as it is called, and
 * only then waits for its Emscripten module script (1.2 MB) and for a snapshot. So the big
 * script is imported beside the loader and handed over as a promise (Pyodide's
 * createPyodideModule option), and loadPyodide is called without waiting for it: the fetches
 * start while it is still being imported.
 * @param {Runtime} runtime
 */
async function importPyodide(runtime) {
  /** @type {Promise<CreateModule>} */
  const script = import(runtime.indexURL + "pyodide.asm.mjs").then((module) => module.default);
  script.catch(() => {}); // loadPyodide awaits it; a failure surfaces there
  /** @type {{loadPyodide: LoadPyodide}} */
  const { loadPyodide } = await import(runtime.indexURL + "pyodide.mjs");
  /** @type {LoadOptions} */
  const options = { indexURL: runtime.indexURL, createPyodideModule: script };
  if (runtime.stdLibURL) options.stdLibURL = runtime.stdLibURL;
  if (runtime.lockFileURL) options.lockFileURL = runtime.lockFileURL;
  return { loadPyodide, options };
}

/** @param {LoadPyodide} loadPyodide @param {LoadOptions} options */
async function startPython(loadPyodide, options) {
  /** @type {Promise<never>} */
  const stalled = new Promise((_, reject) => {
    stall = (why) => reject(new Error(`Python could not start: ${why}`));
  });
  try {
    return await Promise.race([loadPyodide(options), stalled]);
  } finally {
    stall = null;
  }
}

/** Put the engine's wheel where Python imports it from (a fresh or a restored interpreter).
 *  @param {Pyodide} py @param {Uint8Array} wheel @param {boolean} fromSnapshot */
function placeEngine(py, wheel, fromSnapshot) {
  py.FS.mkdirTree("/engine");
  py.FS.writeFile(ENGINE_ZIP, wheel);
  if (!fromSnapshot) py.runPython(`import sys\nsys.path.insert(0, ${JSON.stringify(ENGINE_ZIP)})`);
}

/** The bridge's handle function and the engine's hello, or an exception.
 *  @param {Pyodide} py */
function connect(py) {
  const module = py.pyimport("engine.bridge");
  const handle = module.handle;
  const reply = JSON.parse(handle(JSON.stringify({ id: 0, op: "hello" })));
  if (!reply.ok) throw new Error(reply.error.message);
  return { module, handle, hello: reply.result };
}

/**
 * loadPyodide's options to restore an opened snapshot. Pyodide needs the memory's size before
 * it creates its module and its contents only after: so it gets the memory at once, zeros, and
 * the pages are read into it (about 12 MB) while Pyodide fetches and compiles its wasm; its
 * module is handed over only once they are in.
 * @param {LoadOptions} options @param {OpenedSnapshot} snapshot @returns {LoadOptions}
 */
function restoring(options, snapshot) {
  const memory = new Uint8Array(snapshot.length);
  const filled = snapshot.fill(memory).then(() => {
    timings.snapshotRead = Math.round(performance.now() - started);
  });
  filled.catch(() => {}); // awaited below; a failure surfaces there
  const script = options.createPyodideModule;
  return {
    ...options,
    _loadSnapshot: memory,
    /** @param {unknown} settings */
    createPyodideModule: async (settings) => {
      const module = await (await script)(settings);
      timings.module = Math.round(performance.now() - started);
      await filled;
      return module;
    },
  };
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
