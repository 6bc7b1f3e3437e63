"""For ``run_tests.mjs --shipped``: notice the modules the engine imports that the site does not ship.

The site's Python has only the trimmed standard library (sitegen/fast_runtime.py). In this run
Pyodide's full one follows it on sys.path, for pytest and Hypothesis. Every import statement
(``builtins.__import__``) and every module found (a finder in front of the others) whose
module lives only there is traced to the innermost code behind it that is not the standard
library's or the import machinery's: when that is the engine's own (its compiled wheel,
/engine/engine.whl), the site would fail that import. (The import statement matters because
pytest or Hypothesis may have imported the module already.) :func:`report` lists those and
turns the run into a failure.

The engine's command-line tools (``python -m engine``, engine.playthrough's writer) are never
run by the site: the build leaves them out of the compiled wheel and their imports out of its
standard library (tools/compile_runtime.mjs, CLI_ONLY). The tests that use them import them
from the repository's sources (:func:`cli_from_sources`), so their imports are not the wheel's
and are not counted, nor those in ``NOT_IN_THE_SITE`` (each with the path the site never takes).
"""

from __future__ import annotations

import sys

SITE = "/lib/python%d%d.zip" % sys.version_info[:2]   # the site's trimmed standard library
FULL = "/lib/full_stdlib.zip"
ENGINE = "/engine/engine.whl"
STDLIB = ("/lib/", "<frozen")
CLI_ONLY = ("engine.__main__", "engine.playthrough")   # not in the compiled wheel
SOURCES = "/project"   # the repository, mounted by run_tests.mjs
# Imports on paths the site never takes, by the engine file that makes them, and why.
NOT_IN_THE_SITE = {
    # engine.source.read_text decodes record files read from disk with "utf-8-sig" (a
    # byte-order mark dropped): the command line and the tests read files, the site never does.
    ("encodings.utf_8_sig", f"{ENGINE}/engine/source.py"),
}

missing: dict[str, str] = {}   # module -> the engine file whose code imported it


class _Watch:
    """A meta path finder that finds nothing itself: it asks the others, and notes."""

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        for finder in sys.meta_path:
            if finder is cls or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(name, path, target)
            if spec is not None:
                origin = spec.origin or ""
                if origin.startswith(FULL + "/") and name not in missing:
                    culprit = _importer()
                    if _counts(name, culprit):
                        missing[name] = culprit
                return spec
        return None


def _counts(name: str, culprit: str) -> bool:
    """Whether an import of ``name`` by ``culprit`` is one the site could make."""
    return culprit.startswith(ENGINE + "/") and (name, culprit) not in NOT_IN_THE_SITE


def _importer() -> str:
    """The file of the innermost frame outside the standard library and the import machinery
    (and this module)."""
    frame = sys._getframe(1)
    while frame is not None:
        filename = frame.f_code.co_filename
        if not filename.startswith(STDLIB) and filename != __file__:
            return filename
        frame = frame.f_back
    return ""


class _Behind:
    """The last meta path finder: a module of a package from the site's standard library that
    the site does not ship is looked for at the same place in the full one."""

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        if not path:
            return None
        behind = [FULL + entry[len(SITE):] for entry in path if entry.startswith(SITE + "/")]
        if not behind:
            return None
        from importlib.machinery import PathFinder

        return PathFinder.find_spec(name, behind, target)


class _CliSources:
    """The engine's command-line tools, which the compiled wheel leaves out, from the sources."""

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        if name not in CLI_ONLY:
            return None
        from importlib.util import spec_from_file_location

        return spec_from_file_location(name, f"{SOURCES}/{name.replace('.', '/')}.py")


def cli_from_sources() -> None:
    """engine.__main__ and engine.playthrough importable beside the wheel's engine (the tests
    of the command line and the golden playthroughs use them)."""
    sys.meta_path.append(_CliSources)


def behind_the_site() -> None:
    """Pyodide's full standard library after the site's (for pytest, Hypothesis, wheels)."""
    sys.path.append(FULL)
    sys.meta_path.append(_Behind)


def _only_in_full(module) -> bool:
    return (getattr(module, "__file__", None) or "").startswith(FULL + "/")


def watch() -> None:
    """From now on, note the imports of the engine's own code that only the full library has."""
    import builtins

    real_import = builtins.__import__

    def traced_import(name, globals=None, locals=None, fromlist=(), level=0):
        module = real_import(name, globals, locals, fromlist, level)
        if level == 0:
            names = [name, *(f"{name}.{item}" for item in fromlist or () if isinstance(item, str))]
            for full_name in names:
                if full_name not in missing and _only_in_full(sys.modules.get(full_name)):
                    culprit = _importer()
                    if _counts(full_name, culprit):
                        missing[full_name] = culprit
        return module

    builtins.__import__ = traced_import
    sys.meta_path.insert(0, _Watch)


def report(code: int) -> int:
    import engine

    where = getattr(engine, "__file__", "") or ""
    if not where.startswith(ENGINE + "/"):
        print(f"shipped runtime: the engine came from {where}, not the site's compiled wheel")
        return code or 5
    if missing:
        print("shipped runtime: the engine imports modules the site does not ship:")
        for name, culprit in sorted(missing.items()):
            print(f"  {name} (imported by {culprit})")
        return code or 4
    print(f"shipped runtime: the engine ran from {ENGINE} on the site's trimmed standard library")
    return code
