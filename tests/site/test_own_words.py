"""The rules pages say the source descriptions' facts in the site's own words, and say them right.

The team's overlap tool lives beside the repository (``../shared/tools/seed_overlap.py``), with
the source descriptions it compares against; the product never needs it, the tests read it.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content"


def overlap_tool() -> Path | None:
    """The nearest ``shared/tools/seed_overlap.py`` above the checkout (a worktree sits deeper)."""
    for parent in ROOT.parents:
        tool = parent / "shared" / "tools" / "seed_overlap.py"
        if tool.is_file():
            return tool
    return None


@pytest.mark.skipif(overlap_tool() is None, reason="the team's shared/ folder is not beside this checkout")
def test_no_sentence_of_the_sources_is_reused():
    # Stricter than the tool's default (7 words in a row): 6 words shared with a source sentence
    # already count as a copy.
    tool = overlap_tool()
    run = subprocess.run([sys.executable, str(tool), "--run", "6", "--content", str(CONTENT)],
                         capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.strip().endswith("0 near-copies of the source descriptions"), run.stdout


def opening(page: str) -> str:
    """The page's words before its first heading (after the front matter)."""
    text = (CONTENT / page).read_text(encoding="utf-8").split("+++", 2)[2]
    return re.sub(r"\s+", " ", text.split("\n## ", 1)[0])


def test_scopa_opening_states_the_end_of_a_match_as_the_rule_does():
    # A side needs 11 or more *and* the unique highest total, checked once a deal is over.
    words = opening("scopa.md")
    assert "first to 11" not in words
    assert "11 or more" in words and "highest total" in words and "another deal" in words


def test_madrasso_opening_names_the_ten_deals_and_the_cappotto():
    words = opening("madrasso.md")
    assert "ten" in words and "777" in words
    assert "every trick of a deal wins at once" in words


def test_no_page_without_javascript_asks_for_a_button_press():
    # Without JavaScript there is no Play button; the pages read the same either way.
    for page in sorted(CONTENT.glob("*.md")):
        assert not re.search(r"\bpress play\b", page.read_text(encoding="utf-8"), re.I), page.name
