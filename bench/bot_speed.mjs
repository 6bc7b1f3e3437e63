#!/usr/bin/env node
// The computer players' move times inside Pyodide in Node: the same Python code as
// bench/bot_speed.py (its run() function), on the Pyodide the site ships (node_modules).
// Prints one line of JSON. `python bench/bot_speed.py --compare` runs this and prints the
// side-by-side table.
//
//   node bench/bot_speed.mjs [--deals 3] [--only briscola madrasso scopa-2 scopa-4] [--capped]

import { pyodideWithBench, runBench } from "./pyodide_project.mjs";

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

const { py } = await pyodideWithBench("bot_speed");
console.log(JSON.stringify(runBench(py, "bot_speed", { deals, only, capped })));
