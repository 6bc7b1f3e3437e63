"""The play table's data on an Italian page (sitegen/play.py play_data): the rules' section
titles the table links (the end panel's "Il conto e la fine") are the Italian twin's."""

from __future__ import annotations

from pathlib import Path

from sitegen.diagnostics import Diagnostics
from sitegen.index import read_index
from sitegen.content import load_pages
from sitegen.play import play_data

ROOT = Path(__file__).resolve().parents[2]


def test_the_play_tables_rule_titles_are_in_the_pages_language():
    index = read_index(ROOT / "content", Diagnostics(), check=False)
    index.twins["it"] = {p.name: p for p in load_pages(ROOT / "content" / "it", ROOT / "templates",
                                                        Diagnostics(), lang="it")}
    english = play_data(index, "briscola")["rules"]["briscola"]
    italian = play_data(index, "briscola", "it")["rules"]["briscola"]
    assert english["sections"]["scoring-and-ending"] == "Scoring and ending"
    assert italian["sections"]["scoring-and-ending"] == "Il conto e la fine"
    assert italian["page"] == "briscola.html"   # from the top of the site: it/ resolves it to the twin
    replay = play_data(index, "replay", "it")["rules"]
    assert set(replay) == {"madrasso", "briscola", "scopa"}
