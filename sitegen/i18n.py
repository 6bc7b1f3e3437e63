"""The message catalogs: extraction, the completeness check, compilation (Babel).

Two gettext domains, each a ``.po`` source per language under ``locale/``:

- ``engine``: every sentence the engine writes (engine/**/*.py: ``_()``, ``ngettext()``,
  ``pgettext()``, ``N_(context, text)``), compiled to ``engine/locale/LANG/LC_MESSAGES/engine.mo``,
  which ships inside the engine's wheel and is read by :mod:`engine.i18n` with the standard
  library's :mod:`gettext` (CPython and Pyodide alike). The compiled file is kept in the
  repository so the engine runs from its sources without a build; the build writes it again
  whenever the ``.po`` says something else.
- ``site``: the layout's words (templates/*.html through Jinja2's i18n extension:
  ``{% trans %}``, ``_()``), the words of the site's own components (sitegen/*.py, marked
  ``N_(context, text)``) and site.toml's title, description, footer and navigation labels.
  Compiled in memory for each build.
- ``scripts``: the page scripts' words (templates/static/js/*.mjs: ``_()``, ``ngettext()``,
  ``pgettext()`` from js/words.mjs, read by Babel's JavaScript extractor), written by the build
  into one small module per language, ``templates/static/js/words-LANG.mjs`` (kept in the
  repository like engine.mo, so tsc checks it and the assets' hashes chain through it), which
  words.mjs loads on a page whose ``<html lang>`` is that language. English needs none.

The check: every message extraction finds must have a translation in each language's ``.po``
(no empty, no fuzzy, the same ``{placeholders}``); a missing one is reported at the line that
writes the message (``templates/base.html:40: warning: no Italian translation ...``; an error
under ``--strict``), and a ``.po`` entry nothing uses any more at its own line.

    python -m sitegen.i18n          # extract, and add new messages to every .po (empty msgstr)
"""

from __future__ import annotations

import io
import json
import re
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from .diagnostics import Diagnostics

LANGS = ("it",)
"""The languages besides English (the source language)."""
LANGUAGE_NAMES = {"en": "English", "it": "Italian"}
DOMAINS = ("engine", "site", "scripts")
LOCALE = Path("locale")
KEYWORDS: dict[str, Any] = {"_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
                            "npgettext": ((1, "c"), 2, 3), "N_": ((1, "c"), 2)}
PLACEHOLDER = re.compile(r"(?<!\{)\{([A-Za-z_][\w]*)[^{}]*\}(?!\})|%\(([A-Za-z_]\w*)\)s")
SITE_TOML_KEYS = ("title", "description", "footer")


@dataclass
class Extracted:
    """One message as the sources write it, and every place that writes it."""

    id: str | tuple[str, str]          # msgid, or (singular, plural)
    context: str | None
    places: list[tuple[Path, int]] = field(default_factory=list)


def po_path(root: Path, lang: str, domain: str) -> Path:
    return root / LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"


def mo_path(root: Path, lang: str) -> Path:
    """The engine's compiled catalog, inside the package (it ships in the wheel)."""
    return root / "engine" / "locale" / lang / "LC_MESSAGES" / "engine.mo"


def scripts_module(root: Path, lang: str) -> Path:
    """The page scripts' catalog in ``lang``, as the module words.mjs loads."""
    return root / "templates" / "static" / "js" / f"words-{lang}.mjs"


def _sources(root: Path, domain: str) -> Iterator[tuple[Path, str]]:
    if domain == "scripts":
        for path in sorted((root / "templates" / "static" / "js").glob("*.mjs")):
            if not path.name.startswith("words-"):
                yield path, "javascript"
    elif domain == "engine":
        for path in sorted((root / "engine").rglob("*.py")):
            if "__pycache__" not in path.parts:
                yield path, "python"
    else:
        for path in sorted((root / "templates").glob("*.html")):
            yield path, "jinja2"
        for path in sorted((root / "templates" / "components").glob("*.html")):
            yield path, "jinja2"
        for path in sorted((root / "sitegen").glob("*.py")):
            yield path, "python"


def _site_toml(path: Path) -> Iterator[tuple[int, str, str | None]]:
    """(line, message, context) for site.toml's words: title, description, footer, [nav]."""
    if not path.is_file():
        return
    text = path.read_text(encoding="utf-8")
    data = tomllib.loads(text)
    lines = text.splitlines()

    def line_of(key: str, section: str = "") -> int:
        in_section = section == ""
        for number, line in enumerate(lines, 1):
            stripped = line.strip()
            if stripped.startswith("["):
                in_section = stripped == f"[{section}]" if section else False
                continue
            if in_section and re.match(rf"{re.escape(key)}\s*=", stripped):
                return number
        return 1
    for key in SITE_TOML_KEYS:
        if isinstance(data.get(key), str) and data[key]:
            yield line_of(key), data[key], f"site.toml {key}"
    for key, label in (data.get("nav") or {}).items():
        if isinstance(label, str):
            yield line_of(key, "nav"), label, "navigation"


def extract_messages(root: Path, domain: str, config: Path | None = None
                     ) -> dict[tuple[str, str | None], Extracted]:
    """Every message the domain's sources write, keyed by (msgid, context) (``config``: the
    site.toml whose words are messages, the root's by default)."""
    found: dict[tuple[str, str | None], Extracted] = {}

    def add(path: Path, line: int, message: str | tuple[str, ...], context: str | None) -> None:
        msgid = message if isinstance(message, str) else message[0]
        if not msgid:
            return
        value: str | tuple[str, str] = message if isinstance(message, str) else (message[0], message[1])
        entry = found.setdefault((msgid, context), Extracted(value, context))
        entry.places.append((path, line))

    for path, method in _sources(root, domain):
        extractor = "jinja2.ext:babel_extract" if method == "jinja2" else method
        with path.open("rb") as f:
            options = ({"extensions": "jinja2.ext.i18n", "trimmed": "true"} if method == "jinja2" else
                       {"parse_template_string": True} if method == "javascript" else {})
            for item in extract(extractor, f, keywords=KEYWORDS, options=options):
                message, context = item[1], item[3]
                if isinstance(message, tuple):
                    message = tuple(m for m in message if m is not None)
                    if not message:
                        continue
                    if len(message) == 1:
                        message = message[0]
                add(path, item[0], message, context)
    if domain == "site":
        config = config or root / "site.toml"
        for line, message, context in _site_toml(config):
            add(config, line, message, context)
    return found


def _placeholders(text: str) -> set[str]:
    return {a or b for a, b in PLACEHOLDER.findall(text)}


def read_catalog(path: Path, lang: str) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=lang, domain=path.stem)


def check_catalogs(root: Path, diagnostics: Diagnostics,
                   config: Path | None = None) -> dict[tuple[str, str], Catalog]:
    """Read each language's .po of each domain and report what extraction finds untranslated
    (a warning at the source's line: an error under --strict) or what the .po has that nothing
    writes (a warning at the .po's line); the catalogs, by (lang, domain)."""
    catalogs: dict[tuple[str, str], Catalog] = {}
    for domain in DOMAINS:
        extracted = extract_messages(root, domain, config)
        for lang in LANGS:
            path = po_path(root, lang, domain)
            name = LANGUAGE_NAMES.get(lang, lang)
            if not path.is_file() and not extracted:
                continue
            if not path.is_file():
                diagnostics.error(path, None, f"the {name} catalog of the {domain}'s words is missing "
                                  "(python -m sitegen.i18n writes it)")
                continue
            try:
                catalog = read_catalog(path, lang)
            except Exception as err:  # Babel's parse errors carry no common type
                diagnostics.error(path, None, f"cannot read the catalog: {err}")
                continue
            catalogs[(lang, domain)] = catalog
            for (msgid, context), entry in extracted.items():
                message = catalog.get(msgid, context=context)
                where, line = entry.places[0]
                shown = msgid if len(msgid) <= 60 else msgid[:57] + "..."
                if message is None or not _translated(message):
                    why = "fuzzy" if message is not None and message.fuzzy else "missing"
                    diagnostics.warning(where, line, f"no {name} translation for {shown!r}"
                                        f"{f' ({context})' if context else ''} in "
                                        f"{path.relative_to(root)} ({why}; python -m sitegen.i18n adds it)")
                    continue
                wanted = _placeholders(msgid if isinstance(entry.id, str) else entry.id[1])
                strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
                for string in strings:
                    if _placeholders(string or "") - wanted:
                        diagnostics.error(path, message.lineno, f"the {name} translation of {shown!r} "
                                          f"names {sorted(_placeholders(string or '') - wanted)}, which "
                                          "the message does not give")
            for message in catalog:
                if message.id and (message.id if isinstance(message.id, str) else message.id[0],
                                   message.context) not in extracted:
                    first = message.id if isinstance(message.id, str) else message.id[0]
                    diagnostics.warning(path, message.lineno, f"{first!r} is no longer written "
                                        "anywhere: remove it from the catalog")
    return catalogs


def _translated(message: Message) -> bool:
    if message.fuzzy:
        return False
    if isinstance(message.string, (list, tuple)):
        return all(message.string)
    return bool(message.string)


def compile_mo(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def write_engine_catalogs(root: Path, catalogs: dict[tuple[str, str], Catalog],
                          diagnostics: Diagnostics) -> int:
    """Compile each language's engine.po into the package (only when it changed); the bytes of
    the compiled catalogs."""
    total = 0
    for lang in LANGS:
        catalog = catalogs.get((lang, "engine"))
        if catalog is None:
            continue
        data = compile_mo(catalog)
        total += len(data)
        target = mo_path(root, lang)
        if not target.is_file() or target.read_bytes() != data:
            try:
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(data)
            except OSError as err:
                diagnostics.error(target, None, f"cannot write the compiled catalog: {err}")
    return total


def scripts_catalog_module(catalog: Catalog) -> str:
    """The page scripts' catalog as the ES module words.mjs imports: each translated message by
    its msgid (``context\\u0004msgid`` with a context; a plural's forms as a list), and the
    language's plural rule (the .po's Plural-Forms, a C expression JavaScript reads alike)."""
    words: dict[str, str | list[str]] = {}
    for message in catalog:
        if not message.id or not _translated(message):
            continue
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        key = f"{message.context}\u0004{msgid}" if message.context else msgid
        words[key] = [str(s) for s in message.string] if isinstance(message.string, (list, tuple)) else str(message.string)
    lines = [f"// The page scripts' words in {LANGUAGE_NAMES.get(str(catalog.locale), str(catalog.locale))}, "
             f"written by the build from locale/{catalog.locale}/LC_MESSAGES/scripts.po",
             "// (sitegen/i18n.py): do not edit; js/words.mjs loads it on a page in this language.",
             "/** @param {number} n @returns {number} */",
             f"export const plural = (n) => Number({catalog.plural_expr});",
             "/** @type {Record<string, string | string[]>} */",
             "export default " + json.dumps(words, ensure_ascii=False, indent=0) + ";", ""]
    return "\n".join(lines)


def write_scripts_catalogs(root: Path, catalogs: dict[tuple[str, str], Catalog],
                           diagnostics: Diagnostics) -> int:
    """Write each language's page-script catalog module (only when it changed); its bytes."""
    total = 0
    for lang in LANGS:
        catalog = catalogs.get((lang, "scripts"))
        if catalog is None:
            continue
        data = scripts_catalog_module(catalog).encode("utf-8")
        total += len(data)
        target = scripts_module(root, lang)
        if not target.is_file() or target.read_bytes() != data:
            try:
                target.write_bytes(data)
            except OSError as err:
                diagnostics.error(target, None, f"cannot write the page scripts' catalog: {err}")
    return total


def translations(catalog: Catalog | None) -> Any:
    """A gettext translations object for Jinja2 (English: none needed)."""
    import gettext
    if catalog is None:
        return gettext.NullTranslations()
    return gettext.GNUTranslations(io.BytesIO(compile_mo(catalog)))


def update(root: Path) -> list[str]:
    """Add every extracted message missing from each .po (empty msgstr), so a translator has
    it to fill in; what was added."""
    added = []
    for domain in DOMAINS:
        extracted = extract_messages(root, domain)
        for lang in LANGS:
            path = po_path(root, lang, domain)
            if path.is_file():
                catalog = read_catalog(path, lang)
            else:
                catalog = Catalog(locale=lang, domain=domain, project="madrasso", fuzzy=False)
            for (msgid, context), entry in extracted.items():
                if catalog.get(msgid, context=context) is None:
                    string: Any = ("", "") if isinstance(entry.id, tuple) else ""
                    catalog.add(entry.id, string, locations=[(str(p.relative_to(root)), n) for p, n in entry.places],
                                context=context)
                    added.append(f"{path.relative_to(root)}: {msgid!r}")
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("wb") as f:
                write_po(f, catalog, width=100, omit_header=False, sort_output=False,
                         include_previous=False)
    return added


def main() -> int:
    root = Path(__file__).resolve().parent.parent
    for line in update(root):
        print(f"added {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
