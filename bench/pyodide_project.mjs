// Shared by the benches that run Python inside Pyodide in Node: load the pinned Pyodide
// (node_modules), mount the repository at /project and import a bench module from bench/.
import { loadPyodide } from "pyodide";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

// Run Python code; on an exception print Python's traceback (without Pyodide's minified
// JavaScript) and exit 1.
export function runOrExit(py, code) {
  try {
    return py.runPython(code);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}

// Pyodide with the repository mounted and `import MODULE` done (plus any `extra` code).
// Returns the interpreter and how long start-up and the import took, in seconds.
export async function pyodideWithBench(module, extra = "") {
  const t0 = performance.now();
  const py = await loadPyodide();
  const t1 = performance.now();
  py.FS.mkdirTree("/project");
  py.FS.mount(py.FS.filesystems.NODEFS, { root }, "/project");
  runOrExit(py, `
import sys
sys.dont_write_bytecode = True          # nothing written into the mounted project
sys.path[:0] = ["/project", "/project/bench"]
import ${module}
${extra}
`);
  const t2 = performance.now();
  return { py, startupSeconds: (t1 - t0) / 1000, importSeconds: (t2 - t1) / 1000 };
}

// Call MODULE.run(**options) and return its JSON result, with the versions added.
export function runBench(py, module, options) {
  py.globals.set("options", JSON.stringify(options));
  const figures = JSON.parse(
    runOrExit(py, `import json; json.dumps(${module}.run(**json.loads(options)))`),
  );
  figures.pyodide = py.version;
  figures.node = process.version;
  return figures;
}
