#!/usr/bin/env node
// Runs the engine test suite (tests/engine/) inside Pyodide in Node, so the Python the browser
// runs is tested, not assumed. `make test` calls it after the CPython run, twice: on the
// engine's sources with Pyodide's full standard library, and on what the site ships.
//
//   node tests/pyodide/run_tests.mjs                 # the whole engine suite
//   node tests/pyodide/run_tests.mjs -k swap         # extra pytest arguments are passed on;
//   node tests/pyodide/run_tests.mjs tests/engine/test_cards.py   # a path replaces tests/engine
//   node tests/pyodide/run_tests.mjs --shipped site  # on a built site's runtime (see below)
//
// How: the pinned Pyodide from node_modules (full standard library: Hypothesis needs
// importlib.metadata) boots, the repository is mounted at /project with NODEFS, the wheels that
// `make pyodide-wheels` put in .cache/pyodide-wheels (pytest, Hypothesis and their dependencies,
// pinned in tests/pyodide/requirements.txt) are loaded from disk, and pytest.main() runs with
// the project as working directory. Its exit code is this process's exit code.
//
// Nothing is written into the project: no .pytest_cache (-p no:cacheprovider), no __pycache__
// (sys.dont_write_bytecode), no .hypothesis (pyodide_plugin.py: database=None, and Hypothesis's
// storage directory is Pyodide's in-memory /tmp). Tests that need a subprocess skip themselves
// when sys.platform == "emscripten". Only conftest.py files under tests/engine/ are loaded
// (--confcutdir): the engine suite must stand on its own, away from the browser tests' set-up.
//
// --shipped SITE runs the suite on the runtime a built site ships (sitegen/fast_runtime.py):
// the site's own Pyodide loader (SITE/pyodide/pyodide.mjs and the pyodide.asm.mjs the build
// patched, sitegen/pyodide_patches.py; Hypothesis's wheel then links a side module, its
// _native .so, through that loader), Python's standard library the site's trimmed one
// (SITE/pyodide/python_stdlib.zip, .pyc
// compiled without docstrings and asserts), and `engine` is imported from the site's compiled
// wheel at /engine/engine.whl, where the worker puts it; the repository's engine/ is not on
// sys.path. pytest and Hypothesis need modules the site does not ship, so Pyodide's full
// standard library follows on sys.path (/lib/full_stdlib.zip); an import the engine's own code
// makes from it (the innermost code behind the import, standard library frames aside, is the
// engine's) is a module the site lacks: it is listed and the run fails, except for the engine's
// command-line tools (engine.__main__, engine.playthrough), which the site never runs and the
// compiled wheel leaves out: the tests import those from the repository's sources
// (tests/pyodide/shipped_runtime.py).

import { loadPyodide as loadPinnedPyodide } from "pyodide";
import { existsSync, readFileSync, readdirSync, writeSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const wheelDir = join(root, ".cache", "pyodide-wheels");

function seconds(ms) {
  return (ms / 1000).toFixed(1);
}

const wheels = existsSync(wheelDir) ? readdirSync(wheelDir).filter((f) => f.endsWith(".whl")) : [];
for (const needed of ["pytest-", "hypothesis-"]) {
  if (!wheels.some((f) => f.startsWith(needed))) {
    console.error(
      `run_tests.mjs: the wheels for testing in Pyodide are missing from ${wheelDir}.\n` +
        "Run `make test` (or `make pyodide-wheels` to download only them), then try again.",
    );
    process.exit(2);
  }
}

// The same pytest and Hypothesis as on CPython: warn if the two pin files drift apart.
const pins = (file) =>
  Object.fromEntries(
    readFileSync(file, "utf8")
      .split("\n")
      .map((line) => line.replace(/#.*/, "").trim().split("=="))
      .filter((pair) => pair.length === 2)
      .map(([name, version]) => [name.toLowerCase(), version]),
  );
const cpythonPins = pins(join(root, "requirements.txt"));
const pyodidePins = pins(join(root, "tests", "pyodide", "requirements.txt"));
for (const name of ["pytest", "hypothesis"]) {
  if (cpythonPins[name] && cpythonPins[name] !== pyodidePins[name]) {
    console.error(
      `run_tests.mjs: warning: requirements.txt pins ${name} ${cpythonPins[name]} but ` +
        `tests/pyodide/requirements.txt pins ${pyodidePins[name]}; keep them the same.`,
    );
  }
}

// pytest arguments: ours, then the caller's; the engine suite unless the caller names paths.
let extra = process.argv.slice(2);
let shipped = null;
const at = extra.indexOf("--shipped");
if (at >= 0) {
  shipped = resolve(extra[at + 1] || "");
  extra = [...extra.slice(0, at), ...extra.slice(at + 2)];
  const runtime = JSON.parse(readFileSync(join(shipped, "runtime.json"), "utf8"));
  if (!runtime.engine || !runtime.engine.compiled) {
    console.error(`run_tests.mjs: ${shipped}/runtime.json names no compiled engine: build the site first`);
    process.exit(2);
  }
  shipped = { site: shipped, wheel: join(shipped, runtime.engine.compiled), pyodide: join(shipped, "pyodide") };
}
const args = ["-q", "-p", "no:cacheprovider", "-p", "pyodide_plugin", "--confcutdir=tests/engine", ...extra];
const namesPath = (a) => !a.startsWith("-") && existsSync(join(root, a.split("::")[0]));
if (!extra.some(namesPath)) args.push("tests/engine");

const started = performance.now();
// The site's own loader too (sitegen/pyodide_patches.py changed its pyodide.asm.mjs): the same
// wasm, linked and started as in the browser; loading Hypothesis's wheel then links a side
// module through it.
const loadPyodide = shipped
  ? (await import(pathToFileURL(join(shipped.pyodide, "pyodide.mjs")).href)).loadPyodide
  : loadPinnedPyodide;
const py = await loadPyodide(shipped ? {
  indexURL: shipped.pyodide + "/",
  stdLibURL: join(shipped.pyodide, "python_stdlib.zip"),
  lockFileURL: join(shipped.pyodide, "pyodide-lock.json"),
} : {});
// Pass Python's output straight through, unbuffered, so pytest's progress shows as it runs.
py.setStdout({ write: (buf) => writeSync(1, buf), isatty: false });
py.setStderr({ write: (buf) => writeSync(2, buf), isatty: false });
const ready = performance.now();

py.FS.mkdirTree("/project");
py.FS.mount(py.FS.filesystems.NODEFS, { root }, "/project");
if (shipped) {
  // The full standard library behind the site's (loading the wheels needs it too).
  py.FS.mkdirTree("/engine");
  py.FS.writeFile("/engine/engine.whl", readFileSync(shipped.wheel));
  py.FS.writeFile("/lib/full_stdlib.zip", readFileSync(join(root, "node_modules", "pyodide", "python_stdlib.zip")));
  py.runPython(`
import sys
sys.path.insert(0, "/project/tests/pyodide")
import shipped_runtime
shipped_runtime.behind_the_site()
`);
}
await py.loadPackage(
  wheels.map((f) => join(wheelDir, f)),
  { messageCallback: () => {} },
);
const loaded = performance.now();

py.globals.set("pytest_args", JSON.stringify(args));
py.globals.set("shipped", Boolean(shipped));
let code;
try {
  code = await py.runPythonAsync(`
import json, os, sys
sys.dont_write_bytecode = True          # no __pycache__ in the mounted project
os.environ["HYPOTHESIS_STORAGE_DIRECTORY"] = "/tmp/hypothesis"
os.chdir("/project")
if shipped:
    # The engine from the site's compiled wheel; imports from the full standard library
    # watched from here on.
    sys.path.insert(0, "/engine/engine.whl")
    shipped_runtime.cli_from_sources()
    shipped_runtime.watch()
else:
    sys.path[:0] = ["/project", "/project/tests/pyodide"]   # like python -m pytest; the plugin
import pytest
code = int(pytest.main(json.loads(pytest_args)))
if shipped:
    code = shipped_runtime.report(code)
code
`);
} catch (error) {
  // A Python error outside any test (pytest itself failing to start): its traceback only,
  // not Pyodide's minified JavaScript around it.
  console.error(error.message);
  process.exit(3);
}
const done = performance.now();

console.log(
  `Pyodide ${py.version} in Node ${process.version}: ready in ${seconds(ready - started)} s, ` +
    `wheels loaded in ${seconds(loaded - ready)} s, pytest ran in ${seconds(done - loaded)} s ` +
    `(exit code ${code}).`,
);
process.exit(code);
