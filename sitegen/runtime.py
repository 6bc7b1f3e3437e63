"""The engine's runtime in the browser: the pinned Pyodide files and the engine wheel.

- ``site/pyodide/``: the files the browser needs from ``node_modules/pyodide`` (nothing else
  of the npm package ships). The version pinned in package.json must be the one installed.
- ``site/engine/engine-VERSION-py3-none-any.whl``: ``engine/**/*.py`` zipped as a wheel,
  directly with :mod:`zipfile` (fixed timestamps, sorted entries: byte-identical for the same
  sources), so the build needs neither pip nor a network.
- ``site/runtime.json``: what the worker loads, with paths relative to runtime.json itself::

      {"pyodide": {"version": "314.0.7", "indexURL": "pyodide/", "files": [...]},
       "engine": {"wheel": "engine/engine-0.1.0-py3-none-any.whl", "sha256": "...",
                  "version": "0.1.0"}}
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import re
import shutil
import tomllib
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import NotRequired, TypedDict

from .diagnostics import Diagnostics

PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
ZIP_DATE = (1980, 1, 1, 0, 0, 0)


class TrimmedEntry(TypedDict):
    """runtime.json's ``pyodide.trimmed``: the compiled standard library the fast runtime ships."""

    modules: int
    python: str
    magic: str
    key: str
    frozen: list[str]


class PyodideEntry(TypedDict):
    """runtime.json's ``pyodide``: its version, where its files are, the ones the worker loads."""

    version: str
    indexURL: str
    files: list[str]
    trimmed: NotRequired[TrimmedEntry]


class EngineEntry(TypedDict):
    """runtime.json's ``engine``: the source wheel (and, with the fast runtime, the compiled one)."""

    wheel: str
    sha256: str
    version: str
    compiled: NotRequired[str]


class SnapshotEntry(TypedDict):
    key: str


class RuntimeManifest(TypedDict):
    """runtime.json, what the worker loads (above; sitegen/fast_runtime.py adds to it)."""

    pyodide: PyodideEntry
    engine: EngineEntry
    snapshot: NotRequired[SnapshotEntry]


@dataclass
class Runtime:
    pyodide_version: str = ""
    pyodide_bytes: int = 0
    wheel: str = ""
    wheel_bytes: int = 0
    manifest: RuntimeManifest | None = None


def pinned_pyodide(root: Path, diagnostics: Diagnostics) -> str | None:
    """The Pyodide version package.json pins, checked against node_modules."""
    package = root / "package.json"
    try:
        data = json.loads(package.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        diagnostics.error(package, None, f"cannot read package.json: {err}")
        return None
    text = package.read_text(encoding="utf-8")
    line = next((n for n, l in enumerate(text.splitlines(), 1) if '"pyodide"' in l), None)
    pinned: object = {**data.get("devDependencies", {}), **data.get("dependencies", {})}.get("pyodide")
    if not isinstance(pinned, str) or not re.fullmatch(r"\d+(\.\d+)*", pinned):
        diagnostics.error(package, line, f"pyodide must be pinned to an exact version (found {pinned!r})")
        return None
    installed_json = root / "node_modules" / "pyodide" / "package.json"
    if not installed_json.is_file():
        diagnostics.error(installed_json.parent, None, "Pyodide is missing: run make setup")
        return None
    installed = json.loads(installed_json.read_text(encoding="utf-8")).get("version")
    if installed != pinned:
        diagnostics.error(package, line, f"package.json pins pyodide {pinned} but node_modules has "
                          f"{installed}: run make setup")
        return None
    return pinned


def copy_pyodide(root: Path, out_dir: Path, version: str, diagnostics: Diagnostics) -> int:
    source = root / "node_modules" / "pyodide"
    target = out_dir / "pyodide"
    target.mkdir(parents=True, exist_ok=True)
    total = 0
    for name in PYODIDE_FILES:
        if not (source / name).is_file():
            diagnostics.error(source / name, None, f"Pyodide {version} has no {name}: run make setup")
            continue
        shutil.copyfile(source / name, target / name)
        total += (target / name).stat().st_size
    return total


def build_wheel(root: Path, out_dir: Path, diagnostics: Diagnostics) -> tuple[str, bytes]:
    """Zip engine/ as a pure-Python wheel; return its file name (relative to the site) and bytes."""
    pyproject = root / "pyproject.toml"
    try:
        project = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
        name, version = project["name"], project["version"]
    except (OSError, KeyError, tomllib.TOMLDecodeError) as err:
        diagnostics.error(pyproject, None, f"cannot read the project's name and version: {err}")
        return "", b""
    dist = re.sub(r"[-_.]+", "_", name).lower()
    files: list[tuple[str, bytes]] = []
    package = root / "engine"
    # The sources, and the compiled message catalogs (engine/locale/LANG/LC_MESSAGES/engine.mo,
    # read by engine/i18n.py through the package's loader: from the zip too).
    for path in sorted([*package.rglob("*.py"), *package.rglob("*.mo")]):
        if "__pycache__" in path.parts:
            continue
        files.append((path.relative_to(root).as_posix(), path.read_bytes()))
    info = f"{dist}-{version}.dist-info"
    metadata = (f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
                f"Summary: {project.get('description', '')}\nRequires-Python: "
                f"{project.get('requires-python', '>=3.11')}\n").encode()
    wheel_meta = b"Wheel-Version: 1.0\nGenerator: sitegen\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    files += [(f"{info}/METADATA", metadata), (f"{info}/WHEEL", wheel_meta),
              (f"{info}/top_level.txt", b"engine\n")]
    record = "".join(f"{n},sha256={_b64_digest(d)},{len(d)}\n" for n, d in files) + f"{info}/RECORD,,\n"
    files.append((f"{info}/RECORD", record.encode()))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for arcname, data in files:
            entry = zipfile.ZipInfo(arcname, date_time=ZIP_DATE)
            entry.external_attr = 0o644 << 16
            entry.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(entry, data)
    data = buffer.getvalue()
    wheel_name = f"engine/{dist}-{version}-py3-none-any.whl"
    (out_dir / "engine").mkdir(parents=True, exist_ok=True)
    (out_dir / wheel_name).write_bytes(data)
    return wheel_name, data


def _b64_digest(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def write_runtime(root: Path, out_dir: Path, diagnostics: Diagnostics) -> Runtime:
    """Pyodide, the engine wheel and runtime.json, into the site."""
    runtime = Runtime()
    version = pinned_pyodide(root, diagnostics)
    if version is None:
        return runtime
    runtime.pyodide_version = version
    runtime.pyodide_bytes = copy_pyodide(root, out_dir, version, diagnostics)
    wheel, data = build_wheel(root, out_dir, diagnostics)
    runtime.wheel, runtime.wheel_bytes = wheel, len(data)
    runtime.manifest = RuntimeManifest(
        pyodide=PyodideEntry(version=version, indexURL="pyodide/", files=list(PYODIDE_FILES)),
        engine=EngineEntry(wheel=wheel, sha256=hashlib.sha256(data).hexdigest(),
                           version=wheel.split("-")[1] if wheel else ""),
    )
    (out_dir / "runtime.json").write_text(json.dumps(runtime.manifest, indent=1) + "\n", encoding="utf-8")
    return runtime
