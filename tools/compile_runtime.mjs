// Build the site's fast runtime inside Pyodide itself (Node), so the bytecode comes from the
// very Python the browser runs (Pyodide 314 = CPython 3.14; no host 3.14 exists here).
//
//   node tools/compile_runtime.mjs --wheel site/engine/engine-0.1.0-py3-none-any.whl --out DIR
//
// Called by sitegen/fast_runtime.py during the build (the result is cached in .cache/). Steps:
//  1. List the engine's modules and every module their sources name in an import statement
//     (imports inside functions too), in a throwaway Pyodide that installs the source wheel.
//  2. Boot a fresh Pyodide with its FULL standard library, note the modules its boot imports,
//     then take the browser's own code path (templates/static/js/worker.mjs): the wheel goes
//     to /engine/engine.whl and onto sys.path (zipimport), and a Python error is raised into JS.
//  3. Import every engine module and every module step 1 found, and play each game through
//     the bridge with the computer players, so lazy imports happen.
//  4. sys.modules now holds what the engine needs: every entry whose source is in the standard
//     library zip goes into the trimmed one, compiled to sourceless legacy .pyc (beside where
//     the .py was, co_filename "/lib/python314.zip/..."), stored uncompressed (HTTP compression
//     does better on the whole file than zip's per-entry deflate).
//  5. The engine wheel, compiled the same way: engine/*.pyc, no sources (co_filename under
//     /engine/engine.whl, where the worker puts it), without the command-line tools (CLI_ONLY).
// DIR gets python_stdlib.zip, engine-VERSION-cp314-none-any.whl and manifest.json.

import { loadPyodide, version as pyodideVersion } from "pyodide";
import fs from "node:fs";
import path from "node:path";

const CLI_ONLY = new Set(["engine.__main__", "engine.playthrough"]); // command-line tools only
const ENGINE_ZIP = "/engine/engine.whl"; // where worker.mjs puts the engine's wheel

function parseArgs(argv) {
  const args = {};
  for (let i = 0; i < argv.length; i += 2) {
    if (!argv[i].startsWith("--")) throw new Error(`unexpected argument ${argv[i]}`);
    args[argv[i].slice(2)] = argv[i + 1];
  }
  for (const need of ["wheel", "out"]) if (!args[need]) throw new Error(`--${need} is required`);
  return args;
}

// Phase A uses only modules the boot has already imported (sys, importlib, json), so the
// snapshot of sys.modules it ends with holds what the engine needs and nothing of this tool.
const EXERCISE = String.raw`
import importlib, json, sys
for name in ENGINE_MODULES:
    importlib.import_module(name)
from engine.games import GAMES
for name in GAMES:
    GAMES[name]
for wanted in IMPORTED:   # every module an engine source names, imports inside functions too
    try:
        importlib.import_module(wanted)
    except ImportError:
        pass

# Play every game through the bridge, as the pages do, so imports made on first use happen.
import engine.bridge
bridge = engine.bridge.Bridge()
def ask(**request):
    return json.loads(bridge.handle(json.dumps(request)))
exercised = {}
ask(id=1, op="hello"); ask(id=2, op="games"); ask(id=3, op="nonsense"); bridge.handle("not json")
for name in sorted(GAMES):
    moves = 0
    for level in ("random", "greedy", "expert"):
        opened = ask(id=4, op="new", game=name, seed=7)
        if not opened["ok"]:
            continue
        handle = opened["result"]["handle"]
        ask(id=5, op="apply", handle=handle, action="zz")
        for step in range(400 if level != "expert" else 3):
            state = ask(id=6, op="state", handle=handle)["result"]
            if state.get("over"):
                break
            ask(id=7, op="legal", handle=handle)
            moved = ask(id=8, op="bot", handle=handle, level=level, seed=step, reasons=True, play=True)
            if not moved["ok"]:
                break
            moves += 1
        ask(id=9, op="explain", handle=handle)
        ask(id=10, op="observation", handle=handle, seat=0)
        ask(id=11, op="summary", handle=handle)
        ask(id=12, op="record", handle=handle, line=True)
        ask(id=13, op="step_to", handle=handle, index=0)
        ask(id=14, op="undo", handle=handle, seat=0)
        ask(id=15, op="drop", handle=handle)
    exercised[name] = moves
# Every language's catalog read (engine/i18n.py: gettext parses the .mo and its plural rule).
for lang in ("en", "it"):
    ask(id=16, op="games", lang=lang)

def _origin(module):
    spec = getattr(module, "__spec__", None)
    return getattr(spec, "origin", None) or getattr(module, "__file__", None) or ""
json.dumps({"exercised": exercised,
            "modules": {name: _origin(m) for name, m in list(sys.modules.items())}})
`;

// Phase B: compile (imports whatever it likes: the snapshot is taken).
const PYTHON = String.raw`
import base64, hashlib, importlib.util, io, json, sys, zipfile

STDLIB_ZIP = "/lib/python%d%d.zip" % sys.version_info[:2]
ZIP_DATE = (1980, 1, 1, 0, 0, 0)
OUT = "/out"
NEEDED = json.loads(NEEDED_JSON)

# -- 4. the trimmed standard library ------------------------------------------------------------
members = sorted({o[len(STDLIB_ZIP) + 1:] for o in NEEDED["modules"].values()
                  if o.startswith(STDLIB_ZIP + "/") and o.endswith(".py")})
source_zip = zipfile.ZipFile(STDLIB_ZIP)
available = set(source_zip.namelist())
missing = [m for m in members if m not in available]
assert not missing, missing

# Docstrings and asserts go (optimize=2), except where code reads __doc__, and in Pyodide's own
# packages (they copy docstrings onto JavaScript-facing types).
def level(name, source):
    keeps_docs = b"__doc__" in source and not name.startswith(("typing", "inspect", "enum",
                                                               "functools", "dataclasses"))
    return 0 if keeps_docs or name.startswith(("_pyodide/", "pyodide/")) else 2

def compile_source(source, shown_path, optimize):
    code = compile(source, shown_path, "exec", dont_inherit=True, optimize=optimize)
    return importlib._bootstrap_external._code_to_hash_pyc(code, b"\0" * 8, checked=False)

def write_zip(path, entries):
    folders = set()
    for name, _ in entries:
        parts = name.split("/")[:-1]
        for i in range(1, len(parts) + 1):
            folders.add("/".join(parts[:i]) + "/")
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_STORED) as zf:
        for name in sorted(folders):
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            info.external_attr = (0o40755 << 16) | 0x10
            zf.writestr(info, b"")
        for name, data in sorted(entries):
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            info.external_attr = 0o644 << 16
            zf.writestr(info, data)

stdlib_entries = []
source_bytes = 0
for member in members:
    source = source_zip.read(member)
    source_bytes += len(source)
    stdlib_entries.append((member[:-3] + ".pyc", compile_source(source, STDLIB_ZIP + "/" + member,
                                                                level(member, source))))
write_zip(OUT + "/python_stdlib.zip", stdlib_entries)

# -- 5. the engine wheel, compiled -------------------------------------------------------------
source_wheel = zipfile.ZipFile(WHEEL_PATH)
dist_info = next(n.split("/")[0] for n in source_wheel.namelist() if n.endswith(".dist-info/WHEEL"))
dist, version = dist_info[:-len(".dist-info")].rsplit("-", 1)
tag = "cp%d%d-none-any" % sys.version_info[:2]
wheel_entries = []
for name in sorted(source_wheel.namelist()):
    data = source_wheel.read(name)
    if name in CLI_FILES:   # the command line's tools: never imported in the browser
        continue
    if name.endswith(".py"):
        wheel_entries.append((name[:-3] + ".pyc", compile_source(data, ENGINE_ZIP + "/" + name, level(name, data))))
    elif name == dist_info + "/WHEEL":
        text = data.decode().replace("Root-Is-Purelib: true", "Root-Is-Purelib: false")
        text = "".join(l + "\n" for l in text.splitlines() if not l.startswith("Tag:")) + "Tag: " + tag + "\n"
        wheel_entries.append((name, text.encode()))
    elif name != dist_info + "/RECORD":
        wheel_entries.append((name, data))
import base64
def digest(data):
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
record = "".join(f"{n},sha256={digest(d)},{len(d)}\n" for n, d in wheel_entries) + dist_info + "/RECORD,,\n"
wheel_entries.append((dist_info + "/RECORD", record.encode()))
wheel_name = f"{dist}-{version}-{tag}.whl"
buffer = io.BytesIO()
with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_STORED) as zf:
    for name, data in wheel_entries:   # RECORD last, as wheels have it
        info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
        info.external_attr = 0o644 << 16
        zf.writestr(info, data)
with open(OUT + "/" + wheel_name, "wb") as f:
    f.write(buffer.getvalue())

manifest = {
    "pyodide_version": PYODIDE_VERSION,
    "python": "%d.%d.%d" % sys.version_info[:3],
    "magic": importlib.util.MAGIC_NUMBER.hex(),
    "boot_modules": BOOT_MODULES,
    "no_debug_ranges": "no_debug_ranges" in sys._xoptions or not any(True for _ in compile("x", "", "eval").co_positions() if _[2] is not None),
    "stdlib": {"file": "python_stdlib.zip", "modules": [m[:-3] for m in members],
               "source_bytes": source_bytes},
    "engine": {"file": wheel_name, "name": dist, "version": version,
               "modules": sorted(n[:-4].replace("/", ".") for n, _ in wheel_entries if n.endswith(".pyc"))},
    "exercised": NEEDED["exercised"],
    "frozen": sorted(n for n, o in NEEDED["modules"].items() if o == "frozen"),
}
with open(OUT + "/manifest.json", "w") as f:
    json.dump(manifest, f, indent=1, sort_keys=True)
`;

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const out = path.resolve(args.out);
  const wheel = path.resolve(args.wheel);
  fs.mkdirSync(out, { recursive: true });
  const quiet = () => {};
  const stderr = (line) => process.stderr.write(line + "\n");
  // 1. what the engine is made of, and what its sources import
  const lister = await loadPyodide({ stdout: quiet, stderr });
  const problems = [];
  await lister.loadPackage([wheel], { messageCallback: quiet, errorCallback: (t) => problems.push(t) });
  if (problems.length) throw new Error(problems.join("\n"));
  const site = lister.runPython("import sys; [p for p in sys.path if p.endswith('site-packages')][0]");
  const engineModules = [];
  const imported = new Set();
  const walk = (dir, dotted) => {
    for (const entry of lister.FS.readdir(dir).sort()) {
      if (entry.startsWith(".")) continue;
      const full = `${dir}/${entry}`;
      if (lister.FS.isDir(lister.FS.stat(full).mode)) {
        if (lister.FS.readdir(full).includes("__init__.py")) walk(full, `${dotted}.${entry}`);
      } else if (entry.endsWith(".py")) {
        const name = entry === "__init__.py" ? dotted : `${dotted}.${entry.slice(0, -3)}`;
        if (!CLI_ONLY.has(name)) {
          engineModules.push(name);
          const source = lister.FS.readFile(full, { encoding: "utf8" });
          for (const m of source.matchAll(/^[ \t]*(?:from[ \t]+([A-Za-z_][\w.]*)[ \t]+import|import[ \t]+([A-Za-z_][\w.]*(?:[ \t]*,[ \t]*[A-Za-z_][\w.]*)*))/gm)) {
            for (const n of (m[1] || m[2]).split(",")) {
              const wanted = n.trim();
              if (wanted && wanted !== "engine" && !wanted.startsWith("engine.")) imported.add(wanted);
            }
          }
        }
      }
    }
  };
  walk(`${site}/engine`, "engine");
  // 2. a fresh interpreter, started as the browser starts it
  // PYTHONNODEBUGRANGES: code objects without column tables (smaller .pyc; tracebacks lose
  // only their ^^^ markers).
  const py = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" }, stdout: quiet, stderr });
  if (py.version !== pyodideVersion) throw new Error(`pyodide.mjs ${pyodideVersion} but core ${py.version}`);
  const bootModules = py.runPython("import sys; sorted(sys.modules)").toJs();
  py.FS.mkdirTree(path.posix.dirname(ENGINE_ZIP));
  py.FS.writeFile(ENGINE_ZIP, new Uint8Array(fs.readFileSync(wheel)));
  py.runPython(`import sys\nsys.path.insert(0, ${JSON.stringify(ENGINE_ZIP)})`);
  try {
    py.runPython("raise ValueError('a Python error crossing into JavaScript')");
  } catch (err) {
    if (!String(err.message).includes("ValueError")) throw err;
  }
  // 3. the engine's modules and every module their sources name, then play
  const exerciseGlobals = py.toPy({ ENGINE_MODULES: engineModules, IMPORTED: [...imported].sort() });
  let needed;
  try {
    needed = py.runPython(EXERCISE, { globals: exerciseGlobals });
  } finally {
    exerciseGlobals.destroy();
  }
  py.FS.mkdirTree("/out");
  py.FS.mount(py.FS.filesystems.NODEFS, { root: out }, "/out");
  py.FS.mkdirTree("/wheel");
  py.FS.mount(py.FS.filesystems.NODEFS, { root: path.dirname(wheel) }, "/wheel");
  const globals = py.toPy({
    WHEEL_PATH: "/wheel/" + path.basename(wheel),
    PYODIDE_VERSION: py.version,
    BOOT_MODULES: bootModules,
    NEEDED_JSON: needed,
    ENGINE_ZIP,
    CLI_FILES: [...CLI_ONLY].map((m) => m.replaceAll(".", "/") + ".py"),
  });
  try {
    py.runPython(PYTHON, { globals });
  } finally {
    globals.destroy();
  }
  py.FS.unmount("/out");
  const manifest = JSON.parse(fs.readFileSync(path.join(out, "manifest.json"), "utf8"));
  process.stdout.write(`${manifest.stdlib.modules.length} standard library modules, ` +
    `${manifest.engine.modules.length} engine modules compiled by Python ${manifest.python}\n`);
}

main().catch((err) => {
  process.stderr.write(`compile_runtime: ${err && err.stack || err}\n`);
  process.exit(1);
});
