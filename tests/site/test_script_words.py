"""The page scripts' words (js/words.mjs, the scripts domain of sitegen/i18n.py): Babel's
JavaScript extractor finds every message a script marks, the Italian module the build writes
holds each of them, a message without its Italian is a warning at the script's line (an error
under --strict), and words.mjs on an Italian page says the Italian with its placeholders filled
and the right plural."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from sitegen.diagnostics import Diagnostics
from sitegen.i18n import (check_catalogs, extract_messages, po_path, read_catalog, scripts_catalog_module,
                          scripts_module)

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = ROOT / "templates" / "static" / "js"
STRING = r'"((?:\\.|[^"\\\n])*)"'
MARKED = re.compile(rf"(?<![\w.$])(?:_\(\s*{STRING}|pgettext\(\s*{STRING},\s*{STRING}|ngettext\(\s*{STRING})")
"""A marked message as a script writes it: _("..."), pgettext("context", "..."), ngettext("...", ...)."""


def marked_in_scripts() -> set[tuple[str, str | None]]:
    found = set()
    for path in SCRIPTS.glob("*.mjs"):
        if path.name.startswith("words"):
            continue  # words.mjs marks nothing (its comment shows how), words-it.mjs is written
        for m in MARKED.finditer(path.read_text(encoding="utf-8")):
            plain, context, with_context, singular = m.groups()
            found.add((json.loads(f'"{plain or with_context or singular}"'), context))
    return found


def module_words(text: str) -> dict[str, object]:
    return json.loads(text.split("export default ", 1)[1].rstrip().rstrip(";"))


def test_extraction_finds_every_message_the_scripts_mark():
    marked = marked_in_scripts()
    assert len(marked) > 150  # the demo, practice, play, review and friends' words
    extracted = set(extract_messages(ROOT, "scripts"))
    assert marked - extracted == set(), "marked in a script but not extracted"
    assert ("Move {n} of {total}", None) in extracted and ("Play", "playback") in extracted


def test_the_italian_module_holds_every_message_translated():
    catalog = read_catalog(po_path(ROOT, "it", "scripts"), "it")
    written = scripts_module(ROOT, "it").read_text(encoding="utf-8")
    assert written == scripts_catalog_module(catalog), \
        "templates/static/js/words-it.mjs is stale: run python build.py"
    words = module_words(written)
    missing = [key for key in extract_messages(ROOT, "scripts")
               if (f"{key[1]}\u0004{key[0]}" if key[1] else key[0]) not in words]
    assert missing == []
    assert words["Move {n} of {total}"] == "Mossa {n} di {total}"
    assert words["{n} mistake"] == ["{n} errore", "{n} errori"]
    assert "export const plural = (n) => Number((n != 1));" in written


def test_a_script_message_without_italian_is_reported_at_its_line(tmp_path):
    root = tmp_path / "root"
    js = root / "templates" / "static" / "js"
    js.mkdir(parents=True)
    (root / "engine").mkdir()
    (root / "sitegen").mkdir()
    (js / "page.mjs").write_text('import { _ } from "./words.mjs";\n\nel.textContent = _("Kept words");\n'
                                 'el.title = `${_("New words")}!`;\n', encoding="utf-8")
    po = po_path(root, "it", "scripts")
    po.parent.mkdir(parents=True)
    po.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n'
                  '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
                  'msgid "Kept words"\nmsgstr "Parole tenute"\n', encoding="utf-8")
    diagnostics = Diagnostics()
    catalogs = check_catalogs(root, diagnostics)
    shown = [str(d) for d in diagnostics.sorted()]
    assert any(s.endswith("templates/static/js/page.mjs:4: warning: no Italian translation for 'New words' "
                          "in locale/it/LC_MESSAGES/scripts.po (missing; python -m sitegen.i18n adds it)")
               for s in shown), shown
    assert diagnostics.failed(strict=True) and not diagnostics.failed(strict=False)
    # the module the build writes says what is translated, and words.mjs reads the rest in English
    assert module_words(scripts_catalog_module(catalogs[("it", "scripts")])) == {"Kept words": "Parole tenute"}


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node")
def test_words_on_an_italian_page_fill_placeholders_and_plurals():
    probe = """
globalThis.document = { documentElement: { lang: process.argv[1] } };
const w = await import(process.argv[2]);
console.log(JSON.stringify([
  w._("Move {n} of {total}", { n: 3, total: 40 }),
  w.pgettext("playback", "Play"),
  w.ngettext("{n} mistake", "{n} mistake", 1), w.ngettext("{n} mistake", "{n} mistake", 2),
  w._("Words nobody translated, {name}", { name: "Ada" }),
  w.list(["Nord", "Est", null]),
]));
"""
    said = {}
    for lang in ("it", "en"):
        done = subprocess.run(["node", "--input-type=module", "-e", probe, lang, (SCRIPTS / "words.mjs").as_uri()],
                              capture_output=True, text=True, timeout=30, check=True)
        said[lang] = json.loads(done.stdout)
    assert said["it"] == ["Mossa 3 di 40", "Avvia", "1 errore", "2 errori", "Words nobody translated, Ada", "Nord e Est"]
    assert said["en"] == ["Move 3 of 40", "Play", "1 mistake", "2 mistake", "Words nobody translated, Ada", "Nord and Est"]
