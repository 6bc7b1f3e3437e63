"""How the coach says things: cards by name, amounts in plain numbers, lists, seats.

Every sentence the coach writes is built from these few pieces, so a card is always "the king
of clubs" (never ``KC``) and an amount always "about 6 card points" (a whole number from 2 up,
one decimal below, since a Scopa point is worth a lot).
"""

from __future__ import annotations

from collections.abc import Iterable

from ..cards import CARD_BY_TEXT, CARDS

DEFAULT_SEAT_NAMES = {
    2: ("South", "North"),
    3: ("South", "East", "West"),
    4: ("South", "East", "North", "West"),
}
"""The tables' seat names (seat 0 first, in playing order) when a caller gives none."""


def card(code: str | int) -> str:
    """'the king of clubs' for ``"KC"`` (or a card index)."""
    index = code if isinstance(code, int) else CARD_BY_TEXT[code]
    return f"the {CARDS[index].name}"


def bare(code: str | int) -> str:
    """'king of clubs', without the article."""
    return card(code)[4:]


def listed(items: Iterable[str], last: str = "and") -> str:
    """'a', 'a and b', 'a, b and c'."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def cards(codes: Iterable[str | int]) -> str:
    """'the ace of spades and the three of clubs'."""
    return listed(card(c) for c in codes)


def count(n: int, noun: str, plural: str | None = None) -> str:
    """'1 card', '3 cards', 'no cards'."""
    if n == 0:
        return f"no {plural or noun + 's'}"
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def decimals(*values: float) -> int:
    """The places to show a few amounts alike with: whole numbers once all are 2 or more."""
    return 0 if all(abs(v) >= 2 for v in values) else 1


def amount(value: float, unit: str, places: int | None = None) -> str:
    """'about 6 card points', 'about 0.4 points', 'about 1 point'; ``places`` (from
    :func:`decimals`) when amounts said together must be shown alike.

    >>> amount(3.04, "points"), amount(3.04, "points", decimals(3.04, 0.8)), amount(0.8, "points", 1)
    ('about 3 points', 'about 3.0 points', 'about 0.8 points')
    """
    value = abs(value)
    shown = f"{value:.{decimals(value) if places is None else places}f}"
    if places is None and "." in shown:  # alone, "1" reads better than "1.0"
        shown = shown.rstrip("0").rstrip(".")
    if shown in ("0", ""):
        shown = "0"
    noun = unit[:-1] if shown == "1" and unit.endswith("s") else unit
    return f"about {shown} {noun}"


def ordinal(n: int) -> str:
    """'1st', '2nd', '3rd', '11th'."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def sentence(text: str) -> str:
    """A capital first letter and a full stop."""
    text = text.strip()
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def paragraph(text: str) -> str:
    """Plain words as the HTML the practice and demo components insert: one escaped <p>.
    (Escaped here rather than with the standard library's html module, whose entity tables
    the browser would otherwise download with the engine.)"""
    if not text:
        return ""
    return "<p>" + text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;") + "</p>"


def seat_names(players: int, given: Iterable[str] | None = None) -> tuple[str, ...]:
    names = tuple(given) if given is not None else DEFAULT_SEAT_NAMES.get(players, ())
    if len(names) != players:
        names = tuple(f"seat {s}" for s in range(players))
    return names
