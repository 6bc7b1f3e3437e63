"""The browser's scripts draw what the engine describes: no branch on a game's name in them
(issue 16: what differs between games comes from the engine's table description or the page's
data, written once in Python), and no words about the game's cards or moves of their own (a
card's name, a capture's question, a refused move's sentence: engine/table.py words them, the
page's data carries the rest)."""

from __future__ import annotations

import re
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parents[2] / "templates" / "static" / "js"
GAME_BRANCH = re.compile(r"""\bgame\s*[!=]==?\s*["'](?:madrasso|briscola|scopa)["']|["'](?:madrasso|briscola|scopa)["']\s*[!=]==?\s*\S*game\b""")

TOKENS = re.compile(r"""("(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`)|//[^\n]*|/\*.*?\*/""", re.S)
"""A script's string literals (group 1) and its comments (skipped: a comment may say what the
engine words)."""
CARD_WORDS = re.compile(r"(?<![-\w])(?:aces?|jacks?|queens?|kings?|clubs|diamonds|hearts|spades|"
                        r"trumps?|sevens? of)(?![-\w])", re.I)
"""A card's or a suit's words (class names such as "trump-badge" are not words)."""
MOVE_WORDS = re.compile(r"can capture|more than one way|[Yy]ou cannot|[Nn]ot allowed|"
                        r"\b(?:plays|taking|swaps) the\b|\b[Tt]ake (?:the|nothing)\b|"
                        r"\bSwap the\b|turned-up|now plays at|A new game:")
"""The sentences about a move the scripts once put together: the engine's table description
(`choices`, a refusal's `sentence`) and the page's data say them now."""


def string_literals(text: str) -> list[tuple[int, str]]:
    return [(text.count("\n", 0, m.start()) + 1, m.group(1))
            for m in TOKENS.finditer(text) if m.group(1)]


def words_in_scripts(folder: Path) -> list[str]:
    """Each string literal of the folder's scripts that names a card or a suit, or words a move."""
    return [f"{path.name}:{line}: {literal[:80]}"
            for path in sorted(folder.glob("*.mjs"))
            for line, literal in string_literals(path.read_text(encoding="utf-8"))
            if CARD_WORDS.search(literal) or MOVE_WORDS.search(literal)]


def test_no_script_branches_on_a_games_name():
    found = [f"{path.name}:{number}: {line.strip()}"
             for path in sorted(SCRIPTS.glob("*.mjs"))
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if "game ===" in line or GAME_BRANCH.search(line)]
    assert not found, "the scripts branch on a game's name:\n" + "\n".join(found)


def test_no_script_words_a_card_or_a_move():
    found = words_in_scripts(SCRIPTS)
    assert not found, "the scripts word cards or moves themselves (the engine's words belong " \
                      "in engine/table.py):\n" + "\n".join(found)


def test_the_check_sees_a_card_named_or_a_move_worded(tmp_path: Path):
    """What the scripts held before the engine worded the choices: each is caught, and what
    only looks like it (a class name, a comment) is not."""
    (tmp_path / "old.mjs").write_text("\n".join([
        'const SUIT_WORDS = { C: "clubs", D: "diamonds" };',
        'const words = `The ${cardName(code)} can capture in ${n} ways. What does it take?`;',
        'p.append(el("strong", null, "Not allowed: "), `${rule}.`);',
        'button.append(`Take the ${taken.join(" and the ")}`);',
        'const badge = el("span", { class: "trump-badge", "data-trump": "" });',
        '// the engine says "You cannot play the king of clubs"',
    ]), encoding="utf-8")
    assert [f.split(":")[1] for f in words_in_scripts(tmp_path)] == ["1", "1", "2", "3", "4"]
