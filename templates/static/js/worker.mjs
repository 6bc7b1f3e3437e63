// The engine worker: loads the site's own Pyodide and the engine wheel, then answers the
// page's requests through engine/bridge.py. It renders nothing and decides nothing: every
// answer is the Python engine's. Protocol: docs/worker-protocol.md.
//
// Page -> worker:  {type: "init", runtime: URL of runtime.json}   (once, first message)
//                  {id, op, ...arguments}                          (requests, any time)
// Worker -> page:  {type: "progress", stage, fraction}
//                  {type: "ready", hello, timings}
//                  {type: "failed", stage, message}
//                  {id, ok: true, result} | {id, ok: false, error: {kind, message, ...}}

let bridge = null;          // the Python function engine.bridge.handle, once ready
let failure = null;         // {stage, message} once loading failed
const waiting = [];         // requests that arrived before ready
const started = performance.now();
const timings = {};

function post(message) {
  self.postMessage(message);
}

function progress(stage, fraction) {
  timings[stage] = Math.round(performance.now() - started);
  post({ type: "progress", stage, fraction });
}

function answer(request) {
  if (failure) {
    post({ id: request.id, ok: false, error: { kind: "unavailable", message: failure.message } });
    return;
  }
  let text;
  try {
    text = bridge(JSON.stringify(request));
  } catch (err) {
    post({ id: request.id, ok: false, error: { kind: "internal", message: String(err && err.message || err) } });
    return;
  }
  post(JSON.parse(text));
}

// Where the runtime lives: runtime.json (written by the build) names the Pyodide folder and
// the engine wheel, relative to itself:
//   {"pyodide": {"version", "indexURL": "pyodide/", "stdLibURL"?, "lockFileURL"?},
//    "engine": {"wheel": "engine/engine-0.1.0-py3-none-any.whl", "packages"?: [...]}}
async function readRuntime(runtimeURL) {
  if (!runtimeURL) {
    return { indexURL: new URL("../pyodide/", import.meta.url).href, wheel: null, packages: [] };
  }
  const response = await fetch(runtimeURL);
  if (!response.ok) throw new Error(`runtime.json: HTTP ${response.status}`);
  const data = await response.json();
  const base = new URL(runtimeURL, self.location.href);
  const resolve = (path) => (path ? new URL(path, base).href : null);
  const pyodide = data.pyodide && typeof data.pyodide === "object" ? data.pyodide : {};
  const engine = data.engine && typeof data.engine === "object" ? data.engine : {};
  const indexURL = resolve(pyodide.indexURL || (typeof data.pyodide === "string" && data.pyodide) || "pyodide/");
  return {
    indexURL: indexURL.endsWith("/") ? indexURL : indexURL + "/",
    wheel: resolve(engine.wheel || data.wheel),
    stdLibURL: resolve(pyodide.stdLibURL || data.stdLibURL),
    lockFileURL: resolve(pyodide.lockFileURL || data.lockFileURL),
    packages: (engine.packages || data.packages || []).map(resolve),
    // Lock-file packages loaded while Python boots (the compiled engine: sitegen/fast_runtime.py).
    bootPackages: Array.isArray(pyodide.packages) ? pyodide.packages : [],
    version: pyodide.version || null,
  };
}

async function boot(runtimeURL) {
  let stage = "runtime";
  try {
    progress("start", 0.02);
    const runtime = await readRuntime(runtimeURL);
    const { loadPyodide } = await import(runtime.indexURL + "pyodide.mjs");
    progress("runtime", 0.1);
    const options = { indexURL: runtime.indexURL };
    if (runtime.stdLibURL) options.stdLibURL = runtime.stdLibURL;
    if (runtime.lockFileURL) options.lockFileURL = runtime.lockFileURL;
    if (runtime.bootPackages.length) options.packages = runtime.bootPackages;
    // Pyodide 314 does not reject when its wasm cannot be fetched or compiled: it warns
    // "wasm instantiation failed!" on the console and waits forever. Watch for that (and for
    // unhandled rejections) while it loads, and fail the load instead of hanging.
    const stalled = new Promise((_, reject) => {
      const fail = (why) => reject(new Error(`Python could not start: ${why}`));
      for (const level of ["warn", "error"]) {
        const original = console[level].bind(console);
        console[level] = (...args) => {
          const text = args.map((a) => String((a && a.message) || a)).join(" ");
          if (!bridge && /wasm instantiation failed|failed to fetch|networkerror|abort\(/i.test(text)) fail(text.split("\n")[0]);
          original(...args);
        };
      }
      self.addEventListener("unhandledrejection", (event) => {
        if (bridge) return;
        event.preventDefault();
        fail(String((event.reason && event.reason.message) || event.reason));
      });
    });
    const py = await Promise.race([loadPyodide(options), stalled]);
    stage = "engine";
    progress("python", 0.8);
    if (!runtime.wheel) throw new Error("runtime.json names no engine wheel");
    const problems = [];
    const wheels = runtime.bootPackages.length ? runtime.packages : [runtime.wheel, ...runtime.packages];
    if (wheels.length) await py.loadPackage(wheels, {
      messageCallback: () => {},
      errorCallback: (text) => problems.push(text),
    });
    if (problems.length) throw new Error(problems[0]);
    stage = "import";
    progress("engine", 0.9);
    const module = py.pyimport("engine.bridge");
    bridge = module.handle;
    const hello = JSON.parse(bridge(JSON.stringify({ id: 0, op: "hello" }))).result;
    progress("import", 1);
    timings.ready = Math.round(performance.now() - started);
    post({ type: "ready", hello, timings });
  } catch (err) {
    // A Python error's message is its traceback: its last line says what went wrong.
    const lines = String((err && err.message) || err).split("\n").map((l) => l.trim()).filter(Boolean);
    const text = lines[0] && lines[0].startsWith("Traceback") ? lines[lines.length - 1] : lines[0];
    failure = { stage, message: text || "unknown error" };
    post({ type: "failed", stage, message: failure.message });
  }
  for (const request of waiting.splice(0)) answer(request);
}

let booting = null;

self.addEventListener("message", (event) => {
  const message = event.data || {};
  if (message.type === "init") {
    if (!booting) booting = boot(message.runtime);
    return;
  }
  if (bridge || failure) answer(message);
  else waiting.push(message);
});
