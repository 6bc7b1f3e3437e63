"""Words that are English and never Italian: the one word list of the Italian checks.

One of them in a text meant for an Italian reader is an English sentence left over (a
template's, a page script's or the engine's). Used by the engine's Italian answers check and by
the end-to-end check over the built Italian pages; standard library only (it also runs inside
Pyodide with the engine suite).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

ENGLISH = re.compile(
    r"\b(the|and|of|with|you|your|your turn|plays?|played|tricks?|wins?|won|cards?|deal|dealer|"
    r"points?|page|skip|home|read|watch|practice|against|language|main|this|that|is|are|was|"
    r"to|on|turn|leads?|trumps?|follow|suit|hand|score|must|north|east|south|west|"
    r"hearts|diamonds|clubs|spades|king|queen|jack|seven|ace|sweep|captures?|takes?|game|"
    r"last|first|best|mistake|good|hint|review|next|previous|left|right|not|can|cannot|"
    r"would|should|from|for|its|which|who|has|have|their|his|her|no longer|yet|"
    r"still|could|beats?|gave|away|about|nothing|expert|stock|swap|partner)\b",
    re.I,
)


def english_words(text: str) -> list[str]:
    """The English words of ``text`` (an empty list for an Italian sentence)."""
    return [m.group(0) for m in ENGLISH.finditer(text)]


def texts(value: object, skip: frozenset[str] = frozenset()) -> Iterator[tuple[str, str]]:
    """Every string in a JSON-like answer, as (path, text); keys named in ``skip`` (fields that
    hold identifiers, not words: card codes, ops, seat ids) are not entered."""
    stack: list[tuple[str, object]] = [("", value)]
    while stack:
        path, item = stack.pop()
        if isinstance(item, str):
            yield path, item
        elif isinstance(item, dict):
            stack += [(f"{path}.{k}", v) for k, v in item.items() if k not in skip]
        elif isinstance(item, (list, tuple)):
            stack += [(f"{path}[{i}]", v) for i, v in enumerate(item)]

