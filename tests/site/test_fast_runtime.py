"""The fast runtime and the offline manifest the build writes (sitegen/fast_runtime.py), and
the size budget (sitegen/budget.py). The compilation itself runs once, in the build, and is
cached in .cache/fast-runtime/; these tests read what it produced."""

from __future__ import annotations

import ast
import hashlib
import io
import json
import re
import shutil
import zipfile
from pathlib import Path

import pytest

import build
from sitegen import budget
from sitegen.diagnostics import Diagnostics
from sitegen.fast_runtime import CACHE, cache_key, snapshot_key, write_fast_runtime
from sitegen.runtime import Runtime
from sitegen.pyodide_patches import PATCHES, PatchError, patch_pyodide

ROOT = Path(__file__).resolve().parents[2]
PYODIDE = ROOT / "node_modules" / "pyodide"
CLI_ONLY = {"__main__.py", "playthrough.py"}


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("fast") / "site"
    result = build.build(build.Paths(out=out))
    assert result.ok, [str(d) for d in result.diagnostics.sorted()]
    return out


@pytest.fixture(scope="module")
def runtime(site) -> dict:
    return json.loads((site / "runtime.json").read_text())


@pytest.fixture(scope="module")
def stdlib(site) -> zipfile.ZipFile:
    return zipfile.ZipFile(site / "pyodide" / "python_stdlib.zip")


def engine_stdlib_imports() -> set[str]:
    """Every standard-library module the browser's engine modules name in an import."""
    full = set(zipfile.ZipFile(PYODIDE / "python_stdlib.zip").namelist())
    found = set()
    for path in (ROOT / "engine").rglob("*.py"):
        if path.name in CLI_ONLY and path.parent.name == "engine":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            for name in names:
                base = name.replace(".", "/")
                for candidate in (base + ".py", base + "/__init__.py"):
                    if candidate in full:
                        found.add(candidate[:-3] + ".pyc")
    return found


def test_the_stdlib_is_trimmed_to_compiled_modules_stored_uncompressed(stdlib):
    infos = [i for i in stdlib.infolist() if not i.is_dir()]
    assert infos and all(i.filename.endswith(".pyc") for i in infos)
    assert all(i.compress_type == zipfile.ZIP_STORED for i in stdlib.infolist())
    names = {i.filename for i in infos}
    # Pyodide's boot and the engine's needs.
    for needed in ("_pyodide/_base.pyc", "pyodide/_package_loader.pyc",
                   "json/__init__.pyc", "dataclasses.pyc", "tomllib/__init__.pyc"):
        assert needed in names
    # What nothing imports is gone, and so is what only installing a package would import
    # (the worker imports the engine straight from its wheel).
    for unused in ("unittest/__init__.pyc", "sqlite3/__init__.pyc", "xml/__init__.pyc",
                   "http/server.pyc", "argparse.pyc", "tarfile.pyc", "encodings/cp437.pyc",
                   "importlib/metadata/__init__.pyc"):
        assert unused not in names
    full = zipfile.ZipFile(PYODIDE / "python_stdlib.zip")
    assert len(names) < len([n for n in full.namelist() if n.endswith(".py")]) / 3


def test_every_module_the_engine_imports_is_in_the_trimmed_stdlib(stdlib, runtime):
    frozen = {m.replace(".", "/") + suffix for m in runtime["pyodide"]["trimmed"]["frozen"]
              for suffix in (".pyc", "/__init__.pyc")}
    assert "abc" in runtime["pyodide"]["trimmed"]["frozen"]   # built into the interpreter
    missing = engine_stdlib_imports() - set(stdlib.namelist()) - frozen
    assert not missing


def test_bytecode_is_pyodides_python_sourceless_and_unchecked(stdlib, runtime):
    magic = bytes.fromhex(runtime["pyodide"]["trimmed"]["magic"])
    lock = json.loads((PYODIDE / "pyodide-lock.json").read_text())
    assert runtime["pyodide"]["trimmed"]["python"] == lock["info"]["python"]
    for name in ("json/__init__.pyc", "typing.pyc", "_pyodide/_base.pyc"):
        header = stdlib.read(name)[:8]
        assert header[:4] == magic
        assert int.from_bytes(header[4:8], "little") == 0b01  # hash-based, never checked


def test_the_engine_wheel_is_compiled_and_the_lock_lists_no_package(site, runtime):
    lock = json.loads((site / "pyodide" / "pyodide-lock.json").read_text())
    original = json.loads((PYODIDE / "pyodide-lock.json").read_text())
    assert lock["info"] == original["info"]
    # The worker imports the wheel from its zip: Pyodide's package manager never runs.
    assert lock["packages"] == {} and "packages" not in runtime["pyodide"]
    compiled = runtime["engine"]["compiled"]
    assert compiled == "pyodide/" + runtime["pyodide"]["files"][-1]
    wheel = site / compiled
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        assert all(i.compress_type == zipfile.ZIP_STORED for i in zf.infolist())
    assert not any(n.endswith(".py") for n in names)
    sources = {p.relative_to(ROOT).as_posix()[:-3] + ".pyc" for p in (ROOT / "engine").rglob("*.py")
               if "__pycache__" not in p.parts}
    cli = {f"engine/{name[:-3]}.pyc" for name in CLI_ONLY}
    assert sources - cli <= set(names), "every module the browser may import is compiled"
    assert not cli & set(names), "the command line's tools are not shipped compiled"
    # The source wheel stays as the fallback runtime.json names.
    assert (site / runtime["engine"]["wheel"]).is_file()


def test_the_snapshot_key_covers_every_runtime_file(site, runtime):
    """A browser's memory snapshot is only reused with the very files it was taken with."""
    index = site / runtime["pyodide"]["indexURL"]
    files = {f: (index / f).read_bytes() for f in runtime["pyodide"]["files"]}
    version = runtime["pyodide"]["version"]
    assert runtime["snapshot"]["key"] == snapshot_key(version, files)
    for name in files:
        changed = {**files, name: files[name] + b"\0"}
        assert snapshot_key(version, changed) != runtime["snapshot"]["key"], name
    assert snapshot_key("0.0.1", files) != runtime["snapshot"]["key"]


def test_a_second_build_reuses_the_compiled_runtime(site, tmp_path):
    diagnostics = Diagnostics()
    runtime = Runtime(pyodide_version=json.loads((site / "runtime.json").read_text())["pyodide"]["version"],
                      wheel="engine/" + next((site / "engine").glob("*.whl")).name,
                      manifest=json.loads((site / "runtime.json").read_text()))
    out = tmp_path / "again"
    shutil.copytree(site, out)
    fast = write_fast_runtime(ROOT, out, runtime, diagnostics)
    assert not diagnostics.errors and fast is not None and fast.cached
    assert (out / "pyodide" / "python_stdlib.zip").read_bytes() == (site / "pyodide" / "python_stdlib.zip").read_bytes()


def test_the_cache_key_follows_the_engine_sources():
    wheel = b"engine wheel bytes"
    key = cache_key(ROOT, "314.0.7", wheel)
    assert key == cache_key(ROOT, "314.0.7", wheel)
    assert key != cache_key(ROOT, "314.0.7", wheel + b"!")
    assert key != cache_key(ROOT, "314.0.8", wheel)


def test_runtime_compiled_for_another_pyodide_fails_the_build(site, tmp_path):
    root = tmp_path / "repo"
    root.mkdir()
    (root / "node_modules").symlink_to(ROOT / "node_modules")
    (root / "tools").symlink_to(ROOT / "tools")
    out = tmp_path / "out"
    shutil.copytree(site, out)
    wheel_name = "engine/" + next((site / "engine").glob("*.whl")).name
    data = json.loads((site / "runtime.json").read_text())
    key = cache_key(root, data["pyodide"]["version"], (out / wheel_name).read_bytes())
    stale = root / CACHE / key
    stale.mkdir(parents=True)
    (stale / "manifest.json").write_text(json.dumps({"pyodide_version": "0.26.0", "python": "3.12.1"}))
    diagnostics = Diagnostics()
    write_fast_runtime(root, out, Runtime(pyodide_version=data["pyodide"]["version"], wheel=wheel_name,
                                          manifest=data), diagnostics)
    assert any("compiled for Pyodide 0.26.0" in str(d) for d in diagnostics.errors)


def test_the_restore_bootstraps_without_compiling_and_the_cold_start_as_pyodide_does(site):
    """The site's pyodide.asm.mjs is the pinned one with its changes (sitegen/pyodide_patches.py):
    a restored snapshot's bootstrap reaches its Python objects by calls, the cold start's runs
    Pyodide's own code; the main module's link fills only the GOT entries it imports."""
    pinned = (PYODIDE / "pyodide.asm.mjs").read_text(encoding="utf-8")
    shipped = (site / "pyodide" / "pyodide.asm.mjs").read_text(encoding="utf-8")
    assert shipped == patch_pyodide(pinned) != pinned
    start = shipped.index("API.finalizeBootstrap=function(t,e){")
    body = shipped[start:shipped.index("API.globals=", start)]
    restore, cold = body.split("}else{")
    assert "t&&API._pyodide" in restore and "API.bootstrapCompiled=!1" in restore
    for compiles in ("rawRun", "eval_code", "runPythonInternal("):
        assert compiles not in restore and compiles in cold, compiles
    # After a restore the package index does not look for installed packages (a fresh, empty
    # file system); the cold start's does.
    skipped = "API.bootstrapCompiled===!1||API.package_loader.init_loaded_packages()}"
    assert shipped.count(skipped) == 1 and skipped not in pinned
    # The main module's link gives updateGOT only the entries already in the GOT (its imports),
    # and while it gives its JavaScript imports their table slots, looks only among those.
    assert "updateGOT(Object.fromEntries(Object.keys(GOT).filter(s=>s in origExports)" in shipped
    assert "linkingJsImports=!0;loadDylibs();linkingJsImports=!1;" in shipped
    assert "if(linkingJsImports)return jsFunctionSlots.get(func)||0;" in shipped
    # Nothing else differs: each change undone gives the pinned file back.
    undone = shipped
    for old, new, _ in PATCHES:
        assert pinned.count(old) == 1 and undone.count(new) == 1
        undone = undone.replace(new, old)
    assert undone == pinned


def test_a_pyodide_of_another_shape_fails_the_build_loudly(site, tmp_path):
    """A new Pyodide whose patched places read otherwise is not patched blindly."""
    pinned = (PYODIDE / "pyodide.asm.mjs").read_text(encoding="utf-8")
    changed = pinned.replace('API.rawRun("import _pyodide_core")', 'API.rawRun("import _pyodide_core2")')
    with pytest.raises(PatchError, match="finalizeBootstrap"):
        patch_pyodide(changed)
    with pytest.raises(PatchError):
        patch_pyodide(pinned + pinned)
    with pytest.raises(PatchError, match="init_loaded_packages"):
        patch_pyodide(pinned.replace("init_loaded_packages()}", "init_loaded_packages(!0)}"))
    with pytest.raises(PatchError, match="updateGOT"):
        patch_pyodide(pinned.replace("updateGOT(origExports);LDSO.init()", "updateGOT(origExports,!0);LDSO.init()"))
    # The build: a repository whose pinned Pyodide has the changed file (its compiled runtime
    # taken from this repository's cache, so nothing compiles).
    root = tmp_path / "repo"
    (root / "node_modules" / "pyodide").mkdir(parents=True)
    for path in PYODIDE.iterdir():
        (root / "node_modules" / "pyodide" / path.name).symlink_to(path)
    (root / "node_modules" / "pyodide" / "pyodide.asm.mjs").unlink()
    (root / "node_modules" / "pyodide" / "pyodide.asm.mjs").write_text(changed, encoding="utf-8")
    (root / "tools").symlink_to(ROOT / "tools")
    out = tmp_path / "out"
    shutil.copytree(site, out)
    wheel_name = "engine/" + next((site / "engine").glob("*.whl")).name
    data = json.loads((site / "runtime.json").read_text())
    wheel = (out / wheel_name).read_bytes()
    (root / CACHE).mkdir(parents=True)
    (root / CACHE / cache_key(root, data["pyodide"]["version"], wheel)).symlink_to(
        ROOT / CACHE / cache_key(ROOT, data["pyodide"]["version"], wheel))
    diagnostics = Diagnostics()
    fast = write_fast_runtime(root, out, Runtime(pyodide_version=data["pyodide"]["version"], wheel=wheel_name,
                                                 manifest=data), diagnostics)
    assert fast is None
    assert [d for d in diagnostics.errors if "pyodide.asm.mjs" in str(d) and "finalizeBootstrap" in str(d)]


def sw_manifest(site: Path) -> dict:
    text = (site / "sw.js").read_text()
    return json.loads(re.search(r"const MANIFEST = (\{.*?\});\n", text).group(1))


def test_the_service_worker_keeps_every_page_asset_and_the_runtime(site, runtime):
    manifest = sw_manifest(site)
    assert manifest["pyodide"] == runtime["pyodide"]["version"]
    pages = {p.name for p in site.glob("*.html")}
    assert pages <= set(manifest["shell"])
    assets = set(json.loads((site / "assets.json").read_text()).values())
    assert assets <= set(manifest["shell"])
    assert {f"cards/{p.name}" for p in (site / "cards").iterdir()} <= set(manifest["shell"])
    assert set(manifest["runtime"]) == {"runtime.json", *("pyodide/" + f for f in runtime["pyodide"]["files"])}
    for name in manifest["shell"] + manifest["runtime"]:
        assert manifest["revisions"][name] == hashlib.sha256((site / name).read_bytes()).hexdigest()[:16]
    assert not any(n.startswith("engine/") for n in manifest["shell"])   # the unused source wheel


def test_the_service_worker_is_registered_relative_to_the_site(site):
    assets = json.loads((site / "assets.json").read_text())
    offline = (site / assets["js/offline.mjs"]).read_text()
    assert re.search(r'new URL\("\.\./",\s*import\.meta\.url\)', offline)   # (minified)
    assert '"/sw.js"' not in offline and "location.reload" not in offline
    for page in site.glob("*.html"):
        assert assets["js/offline.mjs"] in page.read_text(), page.name


def test_the_budget_fails_a_file_more_than_five_percent_over(tmp_path):
    site = tmp_path / "site"
    (site / "js").mkdir(parents=True)
    (site / "assets.json").write_text(json.dumps({"js/a.mjs": "js/a.12345678.mjs"}))
    (site / "js" / "a.12345678.mjs").write_bytes(b"x" * 1000)
    (site / "page.html").write_bytes(b"y" * 500)
    root = tmp_path / "repo"
    root.mkdir()
    budget.update(root, site)
    recorded = json.loads((root / "size-budget.json").read_text())
    assert recorded["files"] == {"js/a.mjs": 1000, "page.html": 500} and recorded["total"] == 1500

    (site / "js" / "a.12345678.mjs").write_bytes(b"x" * 1049)   # 4.9%: fine
    diagnostics = Diagnostics()
    budget.check(root, site, diagnostics)
    assert not diagnostics.errors
    (site / "js" / "a.12345678.mjs").write_bytes(b"x" * 1051)   # 5.1%: over
    diagnostics = Diagnostics()
    report = budget.check(root, site, diagnostics)
    assert [line.name for line in report.over] == ["js/a.mjs"]
    assert "js/a.mjs is 1,051 bytes, 5.1% over its budget of 1,000" in str(diagnostics.errors[0])
    assert "--update-budget" in str(diagnostics.errors[0])
    out = io.StringIO()
    assert not budget.run(root, site, update_budget=False, stream=out)
    assert "page.html" in out.getvalue() and "OVER BUDGET" in out.getvalue()

