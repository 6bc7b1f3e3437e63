// Warm the engine's runtime files as soon as the visitor shows intent (Engine.start()): the
// page reads runtime.json and adds <link rel="preload"> for what its "pyodide.preload"
// lists (the wasm, the trimmed standard library, the lock data, the compiled engine wheel,
// Pyodide's scripts). The worker fetches the same URLs a moment later, after loading itself,
// runtime.json and pyodide.mjs: the browser's HTTP cache hands it the preloaded responses
// (a request for a URL already being fetched waits for that one), so nothing downloads twice.
// Under Save-Data nothing is warmed. Failures are silent: the worker still fetches everything.

const warmed = new Set();

export async function warmRuntime(runtimeURL) {
  if (warmed.has(runtimeURL) || (navigator.connection && navigator.connection.saveData)) return;
  warmed.add(runtimeURL);
  try {
    const response = await fetch(runtimeURL);
    if (!response.ok) return;
    const runtime = await response.json();
    for (const item of (runtime.pyodide && runtime.pyodide.preload) || []) {
      const href = new URL(item.href, runtimeURL).href;
      if (document.head.querySelector(`link[rel="preload"][href="${CSS.escape(href)}"]`)) continue;
      const link = document.createElement("link");
      link.rel = "preload";
      link.as = item.as || "fetch";
      link.href = href;
      link.crossOrigin = "anonymous";
      if (item.type) link.type = item.type;
      document.head.append(link);
    }
  } catch {
    // the worker fetches everything itself
  }
}
