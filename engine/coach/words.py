"""How the coach says things: cards by name, amounts in plain numbers, lists, seats.

Every sentence the coach writes is built from these few pieces, so a card is always "the king
of clubs" (never ``KC``) and an amount always "about 6 card points" (whole points, or below one
the fractions people say, "about half a point", since a Scopa point is worth a lot).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..cards import CARD_BY_TEXT, CARDS
from ..i18n import Preposition, _, current_lang, ngettext, seat_name, with_preposition

if TYPE_CHECKING:
    from .values import MoveValue, MoveValues

DEFAULT_SEAT_NAMES = {
    2: ("South", "North"),
    3: ("South", "East", "West"),
    4: ("South", "East", "North", "West"),
}
"""The tables' seat names (seat 0 first, in playing order) when a caller gives none (in
English: :func:`seat_names` says them in the current language)."""


def card(code: str | int) -> str:
    """'the king of clubs' for ``"KC"`` (or a card index); Italian 'il re di fiori'."""
    index = code if isinstance(code, int) else CARD_BY_TEXT[code]
    return CARDS[index].the


def bare(code: str | int) -> str:
    """'king of clubs', without the article."""
    index = code if isinstance(code, int) else CARD_BY_TEXT[code]
    return CARDS[index].name


def forms(code: str | int, key: str = "card") -> dict[str, str]:
    """The card's forms for a message's placeholders (``Card.forms``): ``{card}``,
    ``{of_card}``, ``{to_card}``..."""
    index = code if isinstance(code, int) else CARD_BY_TEXT[code]
    return CARDS[index].forms(key)


def listed(items: Iterable[str], last: str = "and") -> str:
    """'a', 'a and b', 'a, b and c' ('or': 'a, b or c'); Italian 'a, b e c', 'a o b'."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    joined = ", ".join(items[:-1])
    if last == "or":
        return _("{items} or {last}").format(items=joined, last=items[-1])
    return _("{items} and {last}").format(items=joined, last=items[-1])


def cards(codes: Iterable[str | int], preposition: Preposition | None = None) -> str:
    """'the ace of spades and the three of clubs'; after a preposition, 'of the ace of spades
    and the three of clubs' (Italian joins it to each card's article: "dell'asso di picche e
    del tre di fiori")."""
    named = [card(c) for c in codes]
    if preposition is None:
        return listed(named)
    if current_lang() == "en":
        return with_preposition(preposition, listed(named))
    return listed(with_preposition(preposition, n) for n in named)


def card_list(codes: Iterable[str | int], key: str = "cards") -> dict[str, str]:
    """A list of cards' forms for a message's placeholders: ``{cards}``, ``{of_cards}``,
    ``{to_cards}``... (as :func:`forms` for one card)."""
    codes = list(codes)
    out = {key: cards(codes)}
    for preposition in ("of", "to", "from", "in", "on", "with"):
        out[f"{preposition}_{key}"] = cards(codes, preposition)
    return out


def points(n: int) -> str:
    """'no points', '1 point', '3 points'; 'nessun punto', '1 punto', '3 punti'."""
    if n == 0:
        return _("no points")
    return ngettext("{n} point", "{n} points", n).format(n=n)


def card_points(n: int) -> str:
    """'1 card point', '5 card points'."""
    return ngettext("{n} card point", "{n} card points", n).format(n=n)


def card_count(n: int) -> str:
    """'no cards', '1 card', '3 cards'; 'nessuna carta', '1 carta', '3 carte'."""
    if n == 0:
        return _("no cards")
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def trumps(n: int) -> str:
    """'1 trump', '3 trumps'; '1 briscola', '3 briscole'."""
    return ngettext("{n} trump", "{n} trumps", n).format(n=n)


def sevens(n: int) -> str:
    """'1 seven', '3 sevens'; '1 sette', '3 sette'."""
    return ngettext("{n} seven", "{n} sevens", n).format(n=n)


def _amount_words(value: float, unit: str) -> tuple[str, bool]:
    """An amount's words without "about", and whether "about" goes before them."""
    card = unit == "card points"
    if value < 0.05:
        return (_("almost no card point") if card else _("almost no point")), False
    if value < 0.17:
        return (_("a tenth of a card point") if card else _("a tenth of a point")), True
    if value < 0.375:
        return (_("a quarter of a card point") if card else _("a quarter of a point")), True
    if value < 0.75:
        return (_("half a card point") if card else _("half a point")), True
    whole = max(1, round(value))
    if card:
        return card_points(whole), True
    return ngettext("{n} point", "{n} points", whole).format(n=whole), True


def amount(value: float, unit: str, about: bool = True) -> str:
    """'about 6 card points', 'about 1 point', 'about half a point': whole points from three
    quarters of one up, and below that the fractions people say (a Scopa point is worth a lot,
    so its mistakes are fractions of one; a beginner reads no decimals). ``about=False``: the
    amount alone ('6 card points', 'half a point'); ``unit``: "points" or "card points".

    >>> amount(3.04, "points"), amount(16.54, "card points"), amount(0.8, "points"), amount(0.4, "points")
    ('about 3 points', 'about 17 card points', 'about 1 point', 'about half a point')
    >>> amount(0.3, "points"), amount(0.12, "points"), amount(0.01, "card points")
    ('about a quarter of a point', 'about a tenth of a point', 'almost no card point')
    >>> amount(0.4, "card points", about=False)
    'half a card point'
    """
    said, approximate = _amount_words(abs(value), unit)
    if about and approximate:
        return _("about {amount}").format(amount=said)
    return said


MATCH_LOST = 0.75
"""A move that costs this share of the chance to win the match or more "lost you the match"
(still said with its share)."""


def chance(share: float, it: bool = False) -> str:
    """A share of the chance to win the match: '40% of your chance to win the match' (0.4);
    ``it``: the match just named, '40% of your chance to win it'. Whole fives from ten in a
    hundred up (the expert's estimate is no finer), whole points below; Italian 'il 40% delle
    tue probabilità di vincere la partita'."""
    n = int(share * 100 + 0.5)
    if n >= 10:
        n = 5 * int(share * 20 + 0.5)
    n = min(100, max(1, n))
    if it:
        return _("{n}% of your chance to win it").format(n=n)
    return _("{n}% of your chance to win the match").format(n=n)


def cost(values: MoveValues, move: MoveValue, about: bool = False) -> str:
    """What ``move`` cost, as a noun phrase: the deal's points as :func:`amount` says them
    ('9 card points') when the match is not touched; else the share of the chance to win the
    match ('40% of your chance to win the match'), after the points when they alone are worth
    more than "good" ('12 points and 40% of your chance to win the match'). Never the points
    and the match mixed in one number. ``about``: with 'about' before it."""
    unit = values.unit
    if not values.touches_match(move):
        return amount(move.deal_loss, unit, about)
    share = chance(move.chance_loss)
    if move.deal_loss >= values.grades.good:
        share = _("{points} and {chance}").format(points=amount(move.deal_loss, unit, False),
                                                  chance=share)
    return _("about {amount}").format(amount=share) if about else share


def lost_share(share: float) -> str:
    """The share of the chance a move that lost the match cost, for after "lost you the
    match": 'about 85% of your chance to win it', or all of it: 'all your chance to win it'."""
    if share >= 0.975:
        return _("all your chance to win it")
    return _("about {amount}").format(amount=chance(share, it=True))


def lost_match(values: MoveValues, move: MoveValue) -> bool:
    """Whether ``move`` lost the seat's side the match (:data:`MATCH_LOST`)."""
    return values.touches_match(move) and move.chance_loss >= MATCH_LOST


def ordinal(n: int) -> str:
    """'1st', '2nd', '3rd', '11th' (Italian '1ª', '2ª': a play, una giocata)."""
    if 10 <= n % 100 <= 20:
        return _("{n}th").format(n=n)
    suffix = n % 10
    if suffix == 1:
        return _("{n}st").format(n=n)
    if suffix == 2:
        return _("{n}nd").format(n=n)
    if suffix == 3:
        return _("{n}rd").format(n=n)
    return _("{n}th").format(n=n)


def capital(text: str) -> str:
    """The first letter a capital."""
    return text[:1].upper() + text[1:]


def lower(text: str) -> str:
    """The first letter small (a sentence made a clause)."""
    return text[:1].lower() + text[1:]


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
    """The seats' names in the current language ("North": "Nord"; a name a friend typed stays
    as written), or "seat 0"... when they do not fit the table."""
    names = tuple(given) if given is not None else DEFAULT_SEAT_NAMES.get(players, ())
    if len(names) != players:
        return tuple(_("seat {n}").format(n=s) for s in range(players))
    return tuple(seat_name(n) for n in names)
