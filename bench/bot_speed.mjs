#!/usr/bin/env node
// The computer players' move times inside Pyodide in Node: the same Python code as
// bench/bot_speed.py (its run() function), on the Pyodide the site ships (node_modules).
// Prints one line of JSON. `python bench/bot_speed.py --compare` runs this and prints the
// side-by-side table.
//
//   node bench/bot_speed.mjs [--deals 3] [--only briscola madrasso scopa-2 scopa-4] [--capped]

import { loadPyodide } from "pyodide";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

let deals = 3;
let only = null;
let capped = false;
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === "--deals") deals = Number(argv[++i]);
  else if (argv[i] === "--capped") capped = true;
  else if (argv[i] === "--only") {
    only = [];
    while (i + 1 < argv.length && !argv[i + 1].startsWith("--")) only.push(argv[++i]);
  } else {
    console.error(`bot_speed.mjs: unknown argument ${argv[i]}`);
    process.exit(2);
  }
}

const py = await loadPyodide();

function runOrExit(code) {
  try {
    return py.runPython(code);
  } catch (error) {
    console.error(error.message); // Python's traceback
    process.exit(1);
  }
}

py.FS.mkdirTree("/project");
py.FS.mount(py.FS.filesystems.NODEFS, { root }, "/project");
runOrExit(`
import sys
sys.dont_write_bytecode = True          # nothing written into the mounted project
sys.path[:0] = ["/project", "/project/bench"]
import bot_speed
`);
py.globals.set("options", JSON.stringify({ deals, only, capped }));
const figures = JSON.parse(runOrExit("import json; json.dumps(bot_speed.run(**json.loads(options)))"));
figures.pyodide = py.version;
figures.node = process.version;
console.log(JSON.stringify(figures));
