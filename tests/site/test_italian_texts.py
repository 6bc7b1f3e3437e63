"""The Italian site is whole: every page has its twin, every demo and practice position its
Italian texts (content/it/demos/, content/it/practice/, sitegen/translated.py), checked like the
English at their own lines, and an Italian page's demo and practice speak Italian."""

from __future__ import annotations

import json
import re
import shutil
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402

CONTENT = ROOT / "content"
COMPONENT_ANCHORS = {"demo", "practice", "play", "guided"}
"""Sections the interactive parts bring (their Italian components are added with them)."""


def test_every_page_demo_and_position_has_its_italian_twin():
    config = tomllib.loads((ROOT / "site.toml").read_text(encoding="utf-8"))
    assert config["twins_complete"] is True
    for folder, ext in (("", "md"), ("demos", "toml"), ("practice", "toml")):
        english = sorted(p.name for p in (CONTENT / folder).glob(f"*.{ext}"))
        italian = sorted(p.name for p in (CONTENT / "it" / folder).glob(f"*.{ext}"))
        assert english and italian == english, folder or "pages"


def test_each_twin_keeps_the_english_pages_section_anchors():
    """Links and the language switch land on the same section in either language."""
    anchor = re.compile(r"\{[^}\n]*#([A-Za-z][\w-]*)")
    for page in sorted(CONTENT.glob("*.md")):
        english = set(anchor.findall(page.read_text(encoding="utf-8")))
        twin = set(anchor.findall((CONTENT / "it" / page.name).read_text(encoding="utf-8")))
        assert english - COMPONENT_ANCHORS <= twin, (page.name, sorted(english - twin))


def _line(path: Path, needle: str, nth: int = 0) -> int:
    lines = [i for i, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if needle in text]
    return lines[nth]


def _edit(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def _build(tmp_path: Path, content: Path, name: str, strict: bool):
    return build.build(build.Paths(content=content, out=tmp_path / name), strict=strict,
                       runtime=False)


def test_a_twin_keyed_wrongly_or_missing_a_text_fails_at_its_line(tmp_path):
    content = tmp_path / "content"
    shutil.copytree(CONTENT, content)
    it = content / "it"
    # A move keyed to another card than the English record's at that place.
    briscola = it / "demos" / "briscola.toml"
    _edit(briscola, 'action = "KC"', 'action = "KS"')
    # The last move's text left out.
    scopa = it / "demos" / "scopa.toml"
    text = scopa.read_text(encoding="utf-8")
    scopa.write_text(text[: text.rindex("[[moves]]")], encoding="utf-8")
    # A feedback the English step gives, left out; an answer that is not the English one.
    cheap = it / "practice" / "briscola-02-cheap-winner.toml"
    _edit(cheap, "feedback.KD", "feedback.QD")
    ace = it / "practice" / "briscola-01-trump-the-ace.toml"
    _edit(ace, 'answers = ["2S"]', 'answers = ["4D"]')
    # A position without its Italian texts at all, shown on an Italian page.
    (it / "practice" / "scopa-02-sweep-the-table.toml").unlink()
    _edit(it / "scopa.md", "## Guarda, esercitati, gioca {#demo}\n",
          "## Guarda, esercitati, gioca {#demo}\n\n[[practice: scopa]]\n")

    result = _build(tmp_path, content, "site", strict=True)
    assert not result.ok
    shown = [str(d) for d in result.diagnostics.sorted()]

    def said(start: str, words: str) -> None:
        assert any(s.startswith(start) and words in s for s in shown), (start, words, shown)

    keyed = _line(briscola, 'action = "KS"')
    said(f"{briscola}:{keyed}: error: move 3 is 'KC' in "
         "content/demos/briscola.toml, not 'KS'", "in order")
    last = _line(scopa, "[[moves]]", -1)
    said(f"{scopa}:{last}: error: move 36 (KS) has no text", "content/demos/scopa.toml has 36 moves")
    said(f"{cheap}:{_line(cheap, 'feedback.QD')}: error: step 1: feedback.QD is not a feedback",
         "(it has: KD, discard)")
    said(f"{cheap}:", "step 1: no text for feedback.KD")
    said(f"{ace}:{_line(ace, 'answers = ')}: error: step 1: the answers are ['2S']", "not ['4D']")
    said(f"{content}/practice/scopa-02-sweep-the-table.toml:1: warning: no Italian texts yet", "")
    page = it / "scopa.md"
    said(f"{page}:{_line(page, '[[practice: scopa]]')}: error: no Italian texts for the practice "
         "position scopa-02-sweep-the-table", "content/it/practice/")


def test_an_italian_page_shows_the_demo_and_practice_in_italian(tmp_path):
    content = tmp_path / "content"
    shutil.copytree(CONTENT, content)
    assert "[[demo: scopa]]" in (content / "it" / "scopa.md").read_text(encoding="utf-8")
    result = _build(tmp_path, content, "site", strict=False)
    assert result.ok, [str(d) for d in result.diagnostics.errors]
    site = tmp_path / "site"
    demo = json.loads(next((site / "data").glob("demo-scopa-it.*.json")).read_text(encoding="utf-8"))
    assert demo["title"] == "Una mano intera di Scopa, giocata per giocata"
    assert demo["seat_names"] == ["Sud", "Nord"]
    first = demo["moves"][0]["text_html"]
    assert "il quattro prende il" in first and '(Regole: <a href="#the-deal">La distribuzione</a>' in first, first
    assert demo["next"][1]["hidden"] == "Tocca a Nord."
    practice = json.loads(next((site / "data").glob("practice-scopa-it.*.json")).read_text(encoding="utf-8"))
    position = practice["positions"][0]
    assert position["title"] == "Quale sette? Il settebello"
    # A link of a text goes to the Italian twin (from the top of the site, as the JSON's URLs)
    assert 'href="it/glossary.html#settebello"' in position["closing"], position["closing"]
    assert practice["rules_page"] == "it/scopa.html"
    step = position["steps"][0]
    assert "Prendi quello." in step["texts"][""]["7S x 7C"]
    # the English page keeps its English data file
    english = json.loads(next(p for p in (site / "data").glob("practice-scopa.*.json")).read_text(encoding="utf-8"))
    assert english["positions"][0]["title"] == "Which seven? The settebello"
    page = (site / "it" / "scopa.html").read_text(encoding="utf-8")
    assert "Quale sette? Il settebello" in page and "Which seven?" not in page


def test_a_components_data_and_runtime_urls_are_made_relative_to_an_italian_page():
    """A component's data file and the engine's runtime.json are named from the top of the
    site; its script fetches them relative to the page, so on it/ they are ../data/..."""
    from sitegen.languages import relativize
    html = ('<section data-runtime="runtime.json"><div data-src="data/friends-table.1a.json" '
            'hidden></div><a href="#table">x</a></section>')
    assert relativize(html, "it/friends.html") == (
        '<section data-runtime="../runtime.json"><div data-src="../data/friends-table.1a.json" '
        'hidden></div><a href="#table">x</a></section>')
