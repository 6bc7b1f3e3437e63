// The engine worker's start (worker.mjs): runtime.json read, the engine's wheel and Pyodide's
// scripts fetched at once, Python started cold or restored from a memory snapshot
// (worker-snapshot.mjs), the engine placed on sys.path and connected. Importing this module
// installs the start's hooks on the worker's globals (a tiny wasm module compiled once, a
// stalled load noticed, Pyodide's wasm compiled early): they must be in place before Pyodide
// loads, so worker.mjs imports this first.

/** @typedef {import("./worker-snapshot.mjs").OpenedSnapshot} OpenedSnapshot */

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

/** The worker's start: every timing is in ms from here. */
export const started = performance.now();
/** @type {Record<string, unknown>} ms since the start, per stage, and how it started (docs/worker-protocol.md) */
export const timings = {};

// Where the engine's wheel lives inside Python's file system (on sys.path). The path is
// baked into a snapshot's sys.path and import caches, so it never changes.
const ENGINE_ZIP = "/engine/engine.whl";

// Where the runtime lives: runtime.json (written by the build) names the Pyodide folder, the
// engine wheel and the snapshot key, relative to itself:
//   {"pyodide": {"version", "indexURL": "pyodide/", "stdLibURL"?, "lockFileURL"?},
//    "engine": {"wheel": "engine/engine-0.1.0-py3-none-any.whl", "compiled"?: "pyodide/…whl"},
//    "snapshot"?: {"key": "…"}}
// The page usually sends runtime.json's contents (`given`) with its first message.
/** @param {string | undefined} runtimeURL @param {unknown} given @returns {Promise<Runtime>} */
export async function readRuntime(runtimeURL, given) {
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
export async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.split("/").pop()}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
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
export function errorText(err) {
  return String((err instanceof Error || (err && typeof err === "object" && "message" in err)
    ? /** @type {{message: unknown}} */ (err).message : null) || err);
}

/** The promise's value, or an error once `ms` have passed (then `late` gets the value, if any).
 *  @template T
 *  @param {Promise<T>} promise @param {number} ms @param {string} what @param {(value: T) => void} late
 *  @returns {Promise<T>} */
export function inTime(promise, ms, what, late) {
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
export function fetchedFiles() {
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
export function beginLoading(runtime) {
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
export function compileEarly(url) {
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
export async function importPyodide(runtime) {
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
export async function startPython(loadPyodide, options) {
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
export function placeEngine(py, wheel, fromSnapshot) {
  py.FS.mkdirTree("/engine");
  py.FS.writeFile(ENGINE_ZIP, wheel);
  if (!fromSnapshot) py.runPython(`import sys\nsys.path.insert(0, ${JSON.stringify(ENGINE_ZIP)})`);
}

/** The bridge's handle function and the engine's hello, or an exception.
 *  @param {Pyodide} py */
export function connect(py) {
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
export function restoring(options, snapshot) {
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
