"""The build's exact changes to the pinned Pyodide's ``pyodide.asm.mjs``, each for speed.

Every change is an exact text replacement of the pinned file: a Pyodide whose file reads
otherwise fails the build (:class:`PatchError`, naming the change; tests/site/test_fast_runtime.py
checks both that the shipped file is the pinned one with exactly these changes and that a
changed file fails), and tests/e2e/test_snapshot.py and every browser test run through them.

**The main module's link does only what the main module needs** (cold and restored starts).
Pyodide's wasm is an Emscripten main module built for dynamic linking: once it is
instantiated, Emscripten fills its global offset table with *every* export (8,560 of them), so
that side modules loaded later find them there: each exported function not yet in the
indirect function table is added to it (about 5,400, one ``table.grow(1)`` and one
``WebAssembly.Global`` each), and ``reportUndefinedSymbols`` then walks all 8,800 entries.
Only 280 entries are the main module's own imports, every one a JavaScript function, which
``reportUndefinedSymbols`` gives a table slot (``addFunction``). The site loads no side module,
and one loaded later would still find what it imports: an entry it asks for and nobody
filled is resolved by ``reportUndefinedSymbols`` after its load, from the exports Emscripten
merged into ``wasmImports`` first (``mergeLibSymbols``). So:

- the link fills the entries the main module imports, with the same values in the same order,
  and skips the rest (``_LINK``);
- while it gives those JavaScript functions their slots, ``addFunction`` looks for each among
  the functions it has just added only (``_LOOKUP``, ``_ADD``), not first in a map of the whole
  table (8,733 ``table.get`` calls, each making a wasm function's JavaScript wrapper): a
  JavaScript function can only be in the table if ``addFunction`` put it there. The map is made
  on the first lookup after that, if one ever comes (none does up to the engine's answers),
  with those functions in it.

The table comes out slot for slot as before for the functions the link adds (8,733 on, the
same 21 found twice), without the 5,400 exports after them. In Node, Python started in 660 to
760 ms against 790 to 860, ``updateGOT`` 50 ms to none, the map 13 to 23 ms to none. Memory
snapshots stay consistent: the worker that keeps one and every worker restoring it run the
same link; the snapshot key hashes this file, so no snapshot kept under the old link is
restored.

**A restore's bootstrap compiles no Python.** After a restore, ``API.finalizeBootstrap`` fetches
five Python objects for its JavaScript side by running Python source: ``import _pyodide_core``,
an empty dict, ``importlib``, ``__main__.__dict__``, ``builtins.__dict__``. Each run goes
through CPython's whole compiler (tokenizer, parser, symbol table, code generator, assembler).
The restored interpreter has every module imported already, and nothing else a restored
worker does compiles Python (its engine answers from imported code), so on a repeat visit
those five tiny compiles were the only ones: and the first call of each wasm function is
compiled by V8 then (Liftoff, on the worker's thread), so they cost the compiler's few
hundred functions. The restore path gets the same five objects through Python calls instead
(``_pyodide._base`` already holds ``builtins`` and ``import_module``): the objects are the same,
only the way to them differs (and ``API.bootstrapCompiled`` is false, which the worker reports
in its timings as ``bootstrap: "no compile"``). A cold start (no snapshot, or taking one) keeps
Pyodide's own code. Then its package index looks for installed packages in a file system that,
restored, is new and empty: that is skipped too (``_PACKAGES``).
"""

from __future__ import annotations

FILE = "pyodide.asm.mjs"

_LINK = ("wasmExports=applySignatureConversions(wasmExports);assignWasmExports(wasmExports);"
         "updateGOT(origExports);LDSO.init();loadDylibs();")
"""The main module's link in Pyodide 314's ``receiveInstance``: every export into the GOT."""

_LINK_PATCHED = ("wasmExports=applySignatureConversions(wasmExports);assignWasmExports(wasmExports);"
                 "updateGOT(Object.fromEntries(Object.keys(GOT).filter(s=>s in origExports)"
                 ".map(s=>[s,origExports[s]])));LDSO.init();"
                 "linkingJsImports=!0;loadDylibs();linkingJsImports=!1;")
"""Only the entries the main module imports (made by ``GOTHandler`` while it was instantiated);
then, with no library to load, ``loadDylibs`` calls ``reportUndefinedSymbols`` at once."""

_LOOKUP = ("var getFunctionAddress=func=>{if(!functionsInTableMap){functionsInTableMap=new WeakMap;"
           "updateTableMap(0,wasmTable.length)}return functionsInTableMap.get(func)||0};")
"""Emscripten's lookup of a function's table slot: the whole table's map, made on first use."""

_LOOKUP_PATCHED = ("var jsFunctionSlots=new Map,linkingJsImports=!1;"
                   "var getFunctionAddress=func=>{if(!functionsInTableMap){"
                   "if(linkingJsImports)return jsFunctionSlots.get(func)||0;"
                   "functionsInTableMap=new WeakMap;updateTableMap(0,wasmTable.length);"
                   "for(var[f,i]of jsFunctionSlots)functionsInTableMap.set(f,i)}"
                   "return functionsInTableMap.get(func)||0};")

_ADD = "setWasmTableEntry(ret,wrapped)}functionsInTableMap.set(func,ret);return ret};"
"""The end of Emscripten's addFunction: the new slot recorded in the map."""

_ADD_PATCHED = "setWasmTableEntry(ret,wrapped)}(functionsInTableMap||jsFunctionSlots).set(func,ret);return ret};"

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

_BOOTSTRAP_PATCHED = (
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

PATCHES = ((_LINK, _LINK_PATCHED, "the main module's link (updateGOT)"),
           (_LOOKUP, _LOOKUP_PATCHED, "getFunctionAddress"),
           (_ADD, _ADD_PATCHED, "addFunction"),
           (_BOOTSTRAP, _BOOTSTRAP_PATCHED, "finalizeBootstrap"),
           (_PACKAGES, _PACKAGES_PATCHED, "initializePackageIndex's init_loaded_packages"))
"""(the pinned text, its replacement, what it is), each found exactly once in FILE."""


class PatchError(Exception):
    """The pinned Pyodide's file no longer reads as a patch expects."""


def patch_pyodide(text: str) -> str:
    """``pyodide.asm.mjs`` with every change above; PatchError if it changed shape."""
    for old, new, what in PATCHES:
        found = text.count(old)
        if found != 1:
            raise PatchError(f"expected Pyodide's {what} once, found it {found} times: "
                             "a new Pyodide? Check sitegen/pyodide_patches.py against it")
        text = text.replace(old, new)
    return text
