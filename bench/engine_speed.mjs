#!/usr/bin/env node
// The engine speed benchmark inside Pyodide in Node: the same Python code as
// bench/engine_speed.py (its run() function), on the Pyodide the site ships (node_modules).
// Prints one line of JSON: engine_speed.py's figures plus Pyodide's start-up times.
//
//   node bench/engine_speed.mjs [--seconds 1.0] [--warmup 2.0] [--only madrasso briscola ...]
//
// `python bench/engine_speed.py --compare` (or `make bench-engine`) runs this and prints the
// side-by-side table.

import { readFileSync } from "node:fs";
import { pyodideWithBench, runBench } from "./pyodide_project.mjs";

let seconds = 1.0;
let warmup = 2.0;
let only = null;
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  switch (argv[i]) {
    case "--seconds": seconds = Number(argv[++i]); break;
    case "--warmup": warmup = Number(argv[++i]); break;
    case "--only": // the cases named up to the next option
      only = [];
      while (i + 1 < argv.length && !argv[i + 1].startsWith("--")) only.push(argv[++i]);
      break;
    default:
      console.error(`engine_speed.mjs: unknown argument ${argv[i]}`);
      process.exit(2);
  }
}

// The CPU time of the thread that runs Python (Node's main thread), in seconds, for the
// timing in engine_speed.py: user + system clock ticks from /proc (Linux; 100 ticks a second).
// Node's process.cpuUsage() would add V8's background compiler and GC threads.
const statPath = `/proc/${process.pid}/task/${process.pid}/stat`;
globalThis.mainThreadCpuSeconds = () => {
  const fields = readFileSync(statPath, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime (fields 14 and 15)
};

const { py, startupSeconds, importSeconds } = await pyodideWithBench(
  "engine_speed",
  "engine_speed.available_cases()          # imports each game module that exists",
);
const figures = runBench(py, "engine_speed", { seconds, only, warmup });
figures.startup_seconds = startupSeconds;
figures.import_seconds = importSeconds;
console.log(JSON.stringify(figures));
