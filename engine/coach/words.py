"""How the coach says things: cards by name, amounts in plain numbers, lists, seats.

Every sentence the coach writes is built from these few pieces, so a card is always "the king
of clubs" (never ``KC``) and an amount always "about 6 card points" (whole points, or below one
the fractions people say, "about half a point", since a Scopa point is worth a lot).
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


# Amounts below one point, said as the fractions people use (no decimals): the upper bound of
# each, and its words for a unit ("point", "card point").
FRACTIONS = ((0.05, "almost no {unit}"), (0.17, "a tenth of a {unit}"),
             (0.375, "a quarter of a {unit}"), (0.75, "half a {unit}"))


def amount(value: float, unit: str) -> str:
    """'about 6 card points', 'about 1 point', 'about half a point': whole points from three
    quarters of one up, and below that the fractions people say (a Scopa point is worth a lot,
    so its mistakes are fractions of one; a beginner reads no decimals).

    >>> amount(3.04, "points"), amount(16.54, "card points"), amount(0.8, "points"), amount(0.4, "points")
    ('about 3 points', 'about 17 card points', 'about 1 point', 'about half a point')
    >>> amount(0.3, "points"), amount(0.12, "points"), amount(0.01, "card points")
    ('about a quarter of a point', 'about a tenth of a point', 'almost no card point')
    """
    value = abs(value)
    one = unit[:-1] if unit.endswith("s") else unit
    for bound, words in FRACTIONS:
        if value < bound:
            said = words.format(unit=one)
            return said if said.startswith("almost") else f"about {said}"
    whole = max(1, round(value))
    return f"about {whole} {one if whole == 1 else unit}"


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
