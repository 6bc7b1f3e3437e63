"""The browser's scripts draw what the engine describes: no branch on a game's name in them
(issue 16: what differs between games comes from the engine's table description or the page's
data, written once in Python)."""

from __future__ import annotations

import re
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parents[2] / "templates" / "static" / "js"
GAME_BRANCH = re.compile(r"""\bgame\s*[!=]==?\s*["'](?:madrasso|briscola|scopa)["']|["'](?:madrasso|briscola|scopa)["']\s*[!=]==?\s*\S*game\b""")


def test_no_script_branches_on_a_games_name():
    found = [f"{path.name}:{number}: {line.strip()}"
             for path in sorted(SCRIPTS.glob("*.mjs"))
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if "game ===" in line or GAME_BRANCH.search(line)]
    assert not found, "the scripts branch on a game's name:\n" + "\n".join(found)
