"""[[start: game]]: the way into a game, Watch, Practice and Play, linking only what its page has."""

from __future__ import annotations

import re
from pathlib import Path


def messages(result) -> list[str]:
    return [f"{Path(d.path).name}:{d.line}: {d.level}: {d.message}" for d in result.diagnostics.sorted()]


def test_start_links_the_sections_the_game_page_has_and_reports_the_rest(build_fixture, tmp_path):
    result = build_fixture("start")
    assert messages(result) == [
        "index.md:11: error: unknown game 'tarocco' for [[start]] (known: madrasso, briscola, scopa)",
        "index.md:13: error: [[start: scopa]] links to scopa.md, which is not a page of the site",
        "index.md:15: error: madrasso.md has no demo, practice or play section for [[start: madrasso]] to link",
    ]


def test_the_real_home_page_offers_watch_practice_and_play_for_madrasso(tmp_path):
    import build

    out = tmp_path / "site"
    assert build.build(build.Paths(out=out), strict=True, runtime=False).ok
    home = (out / "index.html").read_text(encoding="utf-8")
    links = re.findall(r'<a class="start-way" href="([\w.#-]+)"><strong>(\w+)</strong>', home)
    assert [l for l in links if l[0].startswith("madrasso.html")] == [
        ("madrasso.html#demo", "Watch"), ("madrasso.html#practice", "Practice"), ("madrasso.html#play", "Play")]
    for game in ("briscola", "scopa"):
        assert (f"{game}.html#play", "Play") in links and (f"{game}.html#practice", "Practice") in links
    # Every game page offers the same way in at its top, before its first section.
    for game in ("madrasso", "briscola", "scopa"):
        page = (out / f"{game}.html").read_text(encoding="utf-8")
        prose = page[page.index('<article class="prose">'):]
        assert prose.index('class="start"') < prose.index("<h2")
