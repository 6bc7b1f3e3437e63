"""Pyodide's bootstrap after a memory snapshot's restore, without compiling any Python.

After a restore, ``API.finalizeBootstrap`` in the pinned ``pyodide.asm.mjs`` fetches five
Python objects for its JavaScript side by running Python source: ``import _pyodide_core``, an
empty dict, ``importlib``, ``__main__.__dict__``, ``builtins.__dict__``. Each run goes through
CPython's whole compiler (tokenizer, parser, symbol table, code generator, assembler). The
restored interpreter has every module imported already, and nothing else a restored worker
does compiles Python (its engine answers from imported code), so on a repeat visit those five
tiny compiles were the only ones: and the first call of each wasm function is compiled by V8
then (Liftoff, on the worker's thread), so they cost the compiler's few hundred functions.
Then its package index looks for installed packages in a file system that, restored, is new
and empty: that is skipped too (``_PACKAGES``).

:func:`patch_bootstrap` gives the restore path the same five objects through Python calls
instead (``_pyodide._base`` already holds ``builtins`` and ``import_module``): the objects are
the same, only the way to them differs (and ``API.bootstrapCompiled`` is false, which the
worker reports in its timings as ``bootstrap: "no compile"``). A cold start (no snapshot, or taking one) keeps
Pyodide's own code. The patch is an exact text replacement of the pinned file: a Pyodide whose
file reads otherwise fails the build (tests/site/test_fast_runtime.py checks both), and
tests/e2e/test_snapshot.py restores and plays through it.
"""

from __future__ import annotations

FILE = "pyodide.asm.mjs"

_BOOTSTRAP = (
    'API.finalizeBootstrap=function(t,e){t&&Wr();let[r,n]=API.rawRun("import _pyodide_core");'
    'r&&API.fatal_loading_error(`Failed to import _pyodide_core\\n`,n),'
    'API.runPythonInternal_dict=API._pyodide._base.eval_code("{}"),'
    'API.importlib=API.runPythonInternal("import importlib; importlib");'
    'let o=API.importlib.import_module;API.sys=o("sys"),API.os=o("os");'
    'let i=API.runPythonInternal("import __main__; __main__.__dict__"),'
    's=API.runPythonInternal("import builtins; builtins.__dict__");'
)
"""The start of Pyodide 314's finalizeBootstrap (t: the restored snapshot's config, if any)."""

_PATCHED = (
    'API.finalizeBootstrap=function(t,e){t&&Wr();let i,s,o;'
    # Restored (t), with _pyodide registered by the restore: the same objects, no compile.
    'if(t&&API._pyodide){let b=API._pyodide._base;API.bootstrapCompiled=!1;'
    'API.runPythonInternal_dict=b.builtins.dict(),API.importlib=b.import_module("importlib");'
    'o=API.importlib.import_module;API.sys=o("sys"),API.os=o("os");'
    'i=o("__main__").__dict__,s=b.builtins.__dict__}else{'
    'let[r,n]=API.rawRun("import _pyodide_core");'
    'r&&API.fatal_loading_error(`Failed to import _pyodide_core\\n`,n),'
    'API.runPythonInternal_dict=API._pyodide._base.eval_code("{}"),'
    'API.importlib=API.runPythonInternal("import importlib; importlib");'
    'o=API.importlib.import_module;API.sys=o("sys"),API.os=o("os");'
    'i=API.runPythonInternal("import __main__; __main__.__dict__"),'
    's=API.runPythonInternal("import builtins; builtins.__dict__")}'
)


_PACKAGES = "API.package_loader.init_loaded_packages()}"
"""The end of Pyodide 314's initializePackageIndex: it looks for packages already installed
(``*.dist-info`` in site-packages, a pathlib glob in Python) to mark them loaded."""

_PACKAGES_PATCHED = "API.bootstrapCompiled===!1||API.package_loader.init_loaded_packages()}"
"""After a restore the file system is a fresh one (it is not part of the snapshot) whose
site-packages nobody has written to yet, so the glob can find nothing: skipped (2 to 60 ms
of a repeat visit's worker, its code's first call)."""

_PATCHES = ((_BOOTSTRAP, _PATCHED, "finalizeBootstrap"),
            (_PACKAGES, _PACKAGES_PATCHED, "initializePackageIndex's init_loaded_packages"))


class PatchError(Exception):
    """The pinned Pyodide's file no longer reads as the patch expects."""


def patch_bootstrap(text: str) -> str:
    """``pyodide.asm.mjs`` with the compile-free restore; PatchError if it changed shape."""
    for old, new, what in _PATCHES:
        found = text.count(old)
        if found != 1:
            raise PatchError(f"expected Pyodide's {what} once, found it {found} times: "
                             "a new Pyodide? Check sitegen/snapshot_bootstrap.py against it")
        text = text.replace(old, new)
    return text
