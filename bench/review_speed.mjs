#!/usr/bin/env node
// The coach's review of a whole deal inside Pyodide in Node: the same Python code as
// bench/review_speed.py (its run() function), on the Pyodide the site ships (node_modules),
// with run()'s arguments as one JSON object. Prints one line of JSON.
// `python bench/review_speed.py --compare` runs this and prints the two side by side.
//
//   node bench/review_speed.mjs '{"deals": 3, "only": ["briscola"], "stability": false}'

import { pyodideWithBench, runBench } from "./pyodide_project.mjs";

let options;
try {
  options = JSON.parse(process.argv[2] || "{}");
} catch (error) {
  console.error(`review_speed.mjs: the argument must be run()'s options as JSON (${error.message})`);
  process.exit(2);
}
const { py } = await pyodideWithBench("review_speed");
console.log(JSON.stringify(runBench(py, "review_speed", options)));
