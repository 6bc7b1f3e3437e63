"""Static assets: ``templates/static/`` copied into the site with content hashes in the names.

``templates/static/css/style.css`` becomes ``site/css/style.3f2a1c9e.css``; templates ask for
the URL with ``asset("css/style.css")``. References between assets are rewritten so the hashes
chain: in JavaScript a quoted relative path (``import "./table.mjs"``, ``new URL("./worker.mjs",
import.meta.url)``), in CSS ``url(...)`` and ``@import``. Write them relative to the file, with
``./`` or ``../``. A file's hash covers its rewritten text, so changing a module changes the
name of every module that imports it. Files that must keep their name (a service worker that
controls the whole site, robots.txt) go in ``templates/static/root/`` and are copied to the top
of the site unhashed (their references are rewritten too). ``site/assets.json`` maps each
logical name to its hashed one, for a service worker's precache list.

With ``minify=True`` (the site build, not ``serve``'s development build) JavaScript and CSS are
minified by the pinned npm ``esbuild`` (package.json) after the references are rewritten: about
a quarter fewer bytes after gzip. Without node_modules/esbuild the files ship as written.
esbuild's output for a text is kept in ``.cache/minified/`` under a hash of esbuild's version,
its arguments and the text: one run of esbuild costs a process start (0.2 to 0.7 s), and every
build (each test's, each ``make test``'s) would otherwise pay it again for every file.
"""

from __future__ import annotations

import hashlib
import json
import os
import posixpath
import re
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from .diagnostics import Diagnostics

TEXT_SUFFIXES = {".css", ".js", ".mjs", ".json", ".svg", ".webmanifest"}
ROOT_FOLDER = "root"
_JS_REF = re.compile(r"""(["'`])(\.\.?/[^"'`\s?#]+)([?#][^"'`\s]*)?\1""")
_CSS_REF = re.compile(r"""(url\(\s*["']?|@import\s+["'])([^"')\s?#]+)([?#][^"')\s]*)?""")
HASH_LENGTH = 8
TYPES_ONLY = ".d.ts"
"""Files of templates/static/ that are never copied: TypeScript declarations the page scripts'
JSDoc types read (shapes.d.ts, written from engine/shapes.pyi), for the type check only."""


@dataclass
class Assets:
    urls: dict[str, str] = field(default_factory=dict)   # "css/style.css" -> "css/style.<hash>.css"

    def url(self, name: str) -> str:
        return self.urls[name]

    def __contains__(self, name: str) -> bool:
        return name in self.urls


def hashed_name(name: str, content: bytes) -> str:
    digest = hashlib.sha256(content).hexdigest()[:HASH_LENGTH]
    folder, base = posixpath.split(name)
    stem, dot, suffix = base.rpartition(".")
    new = f"{stem}.{digest}.{suffix}" if dot else f"{base}.{digest}"
    return posixpath.join(folder, new)


def _references(name: str, text: str) -> list[tuple[str, str]]:
    """(written reference, logical target) pairs found in an asset's text."""
    folder = posixpath.dirname(name)
    suffix = posixpath.splitext(name)[1]
    found = []
    patterns = [_CSS_REF] if suffix == ".css" else [_JS_REF] if suffix in (".js", ".mjs") else []
    for pattern in patterns:
        for m in pattern.finditer(text):
            written = m.group(2)
            if written.startswith(("data:", "http:", "https:", "/", "#")):
                continue
            found.append((written, posixpath.normpath(posixpath.join(folder, written))))
    return found


def _rewrite(name: str, text: str, urls: dict[str, str], site_folder: str) -> str:
    """Replace references to assets with their hashed names, relative to the file's place."""
    def fix(m: re.Match[str], pattern_kind: str) -> str:
        written = m.group(2)
        target = posixpath.normpath(posixpath.join(posixpath.dirname(name), written))
        if target not in urls:
            return m.group(0)
        relative = posixpath.relpath(urls[target], site_folder or ".")
        if written.startswith("./") and not relative.startswith("../"):
            relative = "./" + relative
        return m.group(0).replace(written, relative, 1)

    suffix = posixpath.splitext(name)[1]
    if suffix == ".css":
        return _CSS_REF.sub(lambda m: fix(m, "css"), text)
    if suffix in (".js", ".mjs"):
        return _JS_REF.sub(lambda m: fix(m, "js"), text)
    return text


ROOT = Path(__file__).resolve().parents[1]
ESBUILD = ROOT / "node_modules" / ".bin" / "esbuild"
MINIFIED = ROOT / ".cache" / "minified"
_LOADERS = {".js": "js", ".mjs": "js", ".css": "css"}


def _esbuild_version() -> str:
    package = ROOT / "node_modules" / "esbuild" / "package.json"
    try:
        return str(json.loads(package.read_text(encoding="utf-8"))["version"])
    except (OSError, ValueError, KeyError):
        return "unknown"


def minify(name: str, text: str, source: Path, diagnostics: Diagnostics) -> str:
    """``text`` minified by esbuild (whitespace, syntax, local names; imports, exports and
    strings kept), or unchanged when esbuild is not installed or the file is not JS/CSS."""
    loader = _LOADERS.get(posixpath.splitext(name)[1])
    if loader is None or not ESBUILD.is_file():
        return text
    command = [str(ESBUILD), f"--loader={loader}", "--minify", "--charset=utf8",
               "--legal-comments=none", "--log-level=error"]
    key = hashlib.sha256("\0".join([_esbuild_version(), *command[1:], text]).encode("utf-8")).hexdigest()
    kept = MINIFIED / f"{key}.{loader}"
    try:
        return kept.read_text(encoding="utf-8")
    except OSError:
        pass
    done = subprocess.run(command, input=text, capture_output=True, text=True, encoding="utf-8")
    if done.returncode != 0:
        diagnostics.error(source, None, "esbuild could not minify it: " + done.stderr.strip()[:500])
        return text
    try:  # written under a temporary name, then renamed: a reader never sees half a file
        MINIFIED.mkdir(parents=True, exist_ok=True)
        partial = kept.with_name(f".{key}.{os.getpid()}")
        partial.write_text(done.stdout, encoding="utf-8")
        partial.replace(kept)
    except OSError:
        pass  # a read-only checkout builds the same site, only slower
    return done.stdout


def copy_assets(static_dir: Path, out_dir: Path, diagnostics: Diagnostics, *,
                minify_code: bool = False, extra: dict[str, Path] | None = None) -> Assets:
    """Copy every static file with its hashed name; return the logical -> hashed map.
    ``extra``: more files by logical name, made by the build (the bundled npm modules of
    :mod:`sitegen.vendor`), hashed and referred to like the others."""
    assets = Assets()
    if not static_dir.is_dir():
        return assets
    sources: dict[str, Path] = dict(extra or {})
    roots: dict[str, Path] = {}
    for path in sorted(static_dir.rglob("*")):
        if not path.is_file() or any(part.startswith(".") for part in path.relative_to(static_dir).parts):
            continue
        if path.name.endswith(TYPES_ONLY):   # tsc's declarations for the scripts (tsconfig.json)
            continue
        name = path.relative_to(static_dir).as_posix()
        if name.startswith(ROOT_FOLDER + "/"):
            roots[name[len(ROOT_FOLDER) + 1:]] = path
        else:
            sources[name] = path

    texts = {n: p.read_text(encoding="utf-8") for n, p in sources.items() if p.suffix in TEXT_SUFFIXES}
    deps = {n: {t for _, t in _references(n, texts[n]) if t in sources and t != n} if n in texts else set()
            for n in sources}
    for name, text in texts.items():
        for written, target in _references(name, text):
            if target not in sources and not target.startswith(("pyodide/", "engine/", "cards")) \
                    and posixpath.splitext(target)[1] in (".css", ".js", ".mjs", ".svg", ".png", ".woff2"):
                diagnostics.error(sources[name], _line(text, written),
                                  f"'{written}' is not a file in templates/static/")

    done: set[str] = set()
    visiting: set[str] = set()

    def emit(name: str) -> None:
        if name in done:
            return
        if name in visiting:
            diagnostics.error(sources[name], None, "assets refer to each other in a cycle; "
                              "hashed names cannot be computed")
            return
        visiting.add(name)
        for dep in sorted(deps[name]):
            emit(dep)
        visiting.discard(name)
        if name in texts:
            text = _rewrite(name, texts[name], assets.urls, posixpath.dirname(name))
            if minify_code:
                text = minify(name, text, sources[name], diagnostics)
            content = text.encode("utf-8")
        else:
            content = sources[name].read_bytes()
        new = hashed_name(name, content)
        target = out_dir / new
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(content)
        assets.urls[name] = new
        done.add(name)

    for name in sorted(sources):
        emit(name)
    for name, path in sorted(roots.items()):
        written_to = out_dir / name
        written_to.parent.mkdir(parents=True, exist_ok=True)
        if path.suffix in TEXT_SUFFIXES:
            text = path.read_text(encoding="utf-8")
            written_to.write_text(_rewrite_root(name, text, assets.urls), encoding="utf-8")
        else:
            written_to.write_bytes(path.read_bytes())
    (out_dir / "assets.json").write_text(json.dumps(assets.urls, indent=1, sort_keys=True) + "\n",
                                         encoding="utf-8")
    return assets


def _rewrite_root(name: str, text: str, urls: dict[str, str]) -> str:
    return _rewrite(name, text, urls, posixpath.dirname(name))


def _line(text: str, needle: str) -> int | None:
    for number, line in enumerate(text.splitlines(), 1):
        if needle in line:
            return number
    return None
