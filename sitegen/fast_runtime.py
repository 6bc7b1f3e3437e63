"""The fast runtime: a trimmed, precompiled Python for the browser, and the offline manifest.

After :mod:`sitegen.runtime` has copied the pinned Pyodide and built the engine's source wheel,
:func:`write_fast_runtime` replaces what the browser loads with smaller, faster files:

- ``site/pyodide/python_stdlib.zip``: only the standard library modules the engine, its bridge,
  its computer players and Pyodide's own boot actually import (found by running them, see
  tools/compile_runtime.mjs, not from a hand-kept list), as sourceless legacy ``.pyc``
  compiled by Pyodide's own Python 3.14, stored uncompressed so HTTP compression works.
- ``site/pyodide/engine-VERSION-cp314-none-any.whl``: the engine compiled the same way.
- ``site/pyodide/pyodide-lock.json``: the lock data with no package (the default lists 357
  packages the site does not ship). The worker fetches the engine's wheel itself, while
  Python boots, and imports it straight from the zip: Pyodide's package manager would leave
  state behind that a memory snapshot cannot hold.
- ``site/pyodide/pyodide.asm.mjs``: the pinned file with the exact changes of
  :mod:`sitegen.pyodide_patches` (a faster link of the main module, a restore's bootstrap
  that compiles no Python).
- ``site/runtime.json`` gains ``engine.compiled`` (the wheel the worker loads),
  ``pyodide.trimmed`` (what was trimmed) and ``snapshot.key``, a hash over every file a
  memory snapshot of the started engine depends on (templates/static/js/worker.mjs);
  ``engine.wheel`` stays the source wheel (the fallback without a compiled runtime).

The compilation runs Pyodide in Node (about 10 to 40 s), so its result is cached in
``.cache/fast-runtime/KEY/``, KEY a hash of the Pyodide version and files, the engine wheel
(its sources) and the compiler. The engine tests in Node keep the full standard library.

:func:`write_service_worker` fills ``site/sw.js`` (from ``templates/static/root/sw.js``) with
the list of files to keep offline and their hashes: the cache is keyed by the Pyodide
version and a hash over every file, so any change installs a new cache and drops the old one.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import NotRequired, TypedDict

from .diagnostics import Diagnostics
from .runtime import EngineEntry, PyodideEntry, Runtime, RuntimeManifest, SnapshotEntry, TrimmedEntry
from .pyodide_patches import FILE as PATCHED_FILE
from .pyodide_patches import PatchError, patch_pyodide

FORMAT = 1
"""Bumped when the cached files' layout changes."""
COMPILER = Path("tools") / "compile_runtime.mjs"
CACHE = Path(".cache") / "fast-runtime"
KEEP_CACHED = 3
SW_FILE = "sw.js"
SW_MARKER = "/* build: manifest */"
NOT_OFFLINE = {SW_FILE, ".nojekyll", "assets.json"}
"""Site files the service worker does not keep (besides the source wheel in engine/)."""


class CompiledFile(TypedDict):
    file: str
    modules: list[str]


class CompiledManifest(TypedDict):
    """The manifest.json tools/compile_runtime.mjs writes beside the files it compiled."""

    pyodide_version: str
    python: str
    magic: str
    stdlib: CompiledFile
    engine: CompiledFile
    frozen: NotRequired[list[str]]


class OfflineManifest(TypedDict):
    """What the service worker keeps: the shell, the runtime, each file's revision."""

    pyodide: str
    version: str
    shell: list[str]
    runtime: list[str]
    revisions: dict[str, str]


@dataclass
class FastRuntime:
    stdlib_modules: int = 0
    stdlib_bytes: int = 0
    wheel: str = ""
    wheel_bytes: int = 0
    cached: bool = False
    manifest: CompiledManifest | None = None


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def cache_key(root: Path, version: str, wheel: bytes) -> str:
    """What the compiled files depend on: Pyodide (version and files), engine, compiler."""
    h = hashlib.sha256(f"format {FORMAT}\npyodide {version}\n".encode())
    pyodide = root / "node_modules" / "pyodide"
    for name in ("package.json", "python_stdlib.zip", "pyodide.asm.wasm", "pyodide.asm.mjs"):
        h.update(name.encode() + b"\0" + hashlib.sha256((pyodide / name).read_bytes()).digest())
    h.update(b"wheel\0" + hashlib.sha256(wheel).digest())
    h.update(b"compiler\0" + hashlib.sha256((root / COMPILER).read_bytes()).digest())
    return h.hexdigest()[:20]


SNAPSHOT_FORMAT = 1
"""Bumped when the way the worker starts the engine changes what a memory snapshot holds."""


def snapshot_key(version: str, files: dict[str, bytes]) -> str:
    """The key of the memory snapshots a browser keeps of the started engine.

    A snapshot is the interpreter's memory: it is only valid with the very wasm, scripts,
    standard library and engine it was taken with, so the key hashes all of them.
    """
    h = hashlib.sha256(f"snapshot {SNAPSHOT_FORMAT}\npyodide {version}\n".encode())
    for name in sorted(files):
        h.update(name.encode() + b"\0" + hashlib.sha256(files[name]).digest())
    return h.hexdigest()[:20]


def compile_runtime(root: Path, wheel_path: Path, key: str, diagnostics: Diagnostics) -> Path | None:
    """The folder with the compiled files for ``key``: from the cache, or built now."""
    cache = root / CACHE
    target = cache / key
    if (target / "manifest.json").is_file():
        os.utime(target)
        return target
    node = shutil.which("node")
    if node is None:
        diagnostics.error(root / COMPILER, None, "Node is needed to compile the runtime: install Node 20")
        return None
    cache.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f".{key}-", dir=cache))
    try:
        done = subprocess.run([node, str(root / COMPILER), "--wheel", str(wheel_path), "--out", str(work)],
                              cwd=root, capture_output=True, text=True, timeout=900)
    except subprocess.TimeoutExpired:
        shutil.rmtree(work, ignore_errors=True)
        diagnostics.error(root / COMPILER, None, "compiling the runtime took over 15 minutes")
        return None
    if done.returncode != 0 or not (work / "manifest.json").is_file():
        shutil.rmtree(work, ignore_errors=True)
        tail = "\n".join((done.stderr or done.stdout).strip().splitlines()[-12:])
        diagnostics.error(root / COMPILER, None, f"compiling the runtime failed:\n{tail}")
        return None
    if target.exists():          # another build got there first
        shutil.rmtree(work, ignore_errors=True)
    else:
        os.rename(work, target)
    entries = sorted((p for p in cache.iterdir() if p.is_dir() and not p.name.startswith(".")),
                     key=lambda p: p.stat().st_mtime, reverse=True)
    for old in entries[KEEP_CACHED:]:
        shutil.rmtree(old, ignore_errors=True)
    return target


def write_fast_runtime(root: Path, out_dir: Path, runtime: Runtime | None,
                       diagnostics: Diagnostics) -> FastRuntime | None:
    """Swap the trimmed, compiled runtime into the site; update runtime.json."""
    if runtime is None or not runtime.pyodide_version or not runtime.wheel or runtime.manifest is None:
        return None
    version = runtime.pyodide_version
    wheel_path = out_dir / runtime.wheel
    wheel = wheel_path.read_bytes()
    key = cache_key(root, version, wheel)
    cached = (root / CACHE / key / "manifest.json").is_file()
    folder = compile_runtime(root, wheel_path, key, diagnostics)
    if folder is None:
        return None
    manifest: CompiledManifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))

    # The compiled files must come from the Python of the Pyodide the site ships.
    lock_path = root / "node_modules" / "pyodide" / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text(encoding="utf-8"))
    python = lock.get("info", {}).get("python", "")
    if manifest.get("pyodide_version") != version or manifest.get("python") != python:
        diagnostics.error(folder / "manifest.json", None,
                          f"compiled for Pyodide {manifest.get('pyodide_version')} (Python "
                          f"{manifest.get('python')}) but the site ships Pyodide {version} "
                          f"(Python {python}): delete {CACHE} and build again")
        return None
    stdlib = (folder / manifest["stdlib"]["file"]).read_bytes()
    engine_wheel = (folder / manifest["engine"]["file"]).read_bytes()

    pyodide_dir = out_dir / "pyodide"
    # The main module's link and a restore's bootstrap, made faster (sitegen/pyodide_patches.py).
    pinned = root / "node_modules" / "pyodide" / PATCHED_FILE
    try:
        patched = patch_pyodide(pinned.read_text(encoding="utf-8"))
    except PatchError as err:
        diagnostics.error(pinned, None, str(err))
        return None
    (pyodide_dir / PATCHED_FILE).write_text(patched, encoding="utf-8")
    (pyodide_dir / "python_stdlib.zip").write_bytes(stdlib)
    wheel_name = manifest["engine"]["file"]
    (pyodide_dir / wheel_name).write_bytes(engine_wheel)
    trimmed_lock = {"info": lock["info"], "packages": {}}
    (pyodide_dir / "pyodide-lock.json").write_text(json.dumps(trimmed_lock, separators=(",", ":")) + "\n",
                                                   encoding="utf-8")

    shipped = runtime.manifest
    index = shipped["pyodide"]["indexURL"]
    files = [f for f in shipped["pyodide"]["files"] if f != wheel_name] + [wheel_name]
    trimmed = TrimmedEntry(modules=len(manifest["stdlib"]["modules"]), python=manifest["python"],
                           magic=manifest["magic"], key=key, frozen=manifest.get("frozen", []))
    data = RuntimeManifest(
        pyodide=PyodideEntry(version=shipped["pyodide"]["version"], indexURL=index, files=files, trimmed=trimmed),
        engine=EngineEntry(**{**shipped["engine"], "compiled": index + wheel_name}),
        snapshot=SnapshotEntry(key=snapshot_key(version, {f: (pyodide_dir / f).read_bytes() for f in files})))
    runtime.manifest = data
    (out_dir / "runtime.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    runtime.pyodide_bytes = sum((pyodide_dir / f).stat().st_size for f in files if (pyodide_dir / f).is_file())
    return FastRuntime(stdlib_modules=len(manifest["stdlib"]["modules"]), stdlib_bytes=len(stdlib),
                       wheel=f"pyodide/{wheel_name}", wheel_bytes=len(engine_wheel), cached=cached,
                       manifest=manifest)


def offline_files(out_dir: Path) -> tuple[list[str], list[str]]:
    """(shell, runtime): the site's files a visitor keeps offline, relative to the site."""
    runtime: list[str] = []
    runtime_json = out_dir / "runtime.json"
    if runtime_json.is_file():
        data = json.loads(runtime_json.read_text(encoding="utf-8"))
        index = data.get("pyodide", {}).get("indexURL", "pyodide/")
        runtime = ["runtime.json"] + [index + f for f in data.get("pyodide", {}).get("files", [])
                                      if (out_dir / index / f).is_file()]
        if not data.get("engine", {}).get("compiled") and data.get("engine", {}).get("wheel"):
            runtime.append(data["engine"]["wheel"])   # no compiled wheel: the source one loads
    shell = []
    for path in sorted(out_dir.rglob("*")):
        relative = path.relative_to(out_dir).as_posix()
        if not path.is_file() or relative in NOT_OFFLINE or relative in runtime:
            continue
        if relative.startswith(("pyodide/", "engine/")) or relative.startswith("."):
            continue
        shell.append(relative)
    return shell, runtime


def write_service_worker(out_dir: Path, version: str, diagnostics: Diagnostics) -> OfflineManifest | None:
    """Put the offline manifest into site/sw.js; return it."""
    sw = out_dir / SW_FILE
    if not sw.is_file():
        return None
    text = sw.read_text(encoding="utf-8")
    if SW_MARKER not in text:
        diagnostics.error(sw, None, f"{SW_FILE} has no '{SW_MARKER}' for the build to fill")
        return None
    shell, runtime = offline_files(out_dir)
    revisions = {name: _sha256((out_dir / name).read_bytes())[:16] for name in shell + runtime}
    overall = hashlib.sha256(json.dumps([version, revisions], sort_keys=True).encode()).hexdigest()[:16]
    manifest = OfflineManifest(pyodide=version, version=overall, shell=shell, runtime=runtime,
                               revisions=revisions)
    # The JSON replaces the marker and the placeholder object that follows it on the line.
    lines = text.splitlines(keepends=True)
    for i, line in enumerate(lines):
        if SW_MARKER in line:
            head = line[:line.index(SW_MARKER)]
            lines[i] = head + json.dumps(manifest, separators=(",", ":")) + ";\n"
            break
    sw.write_text("".join(lines), encoding="utf-8")
    return manifest
