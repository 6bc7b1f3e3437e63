"""The one reader of a record's setup fields, used by every game.

Each field is checked the same way whatever the game (the words of its error included):
exact integers (``1.0``, ``True`` and ``"1"`` are not seats), seats within the table, deal
numbers from 1, totals one per side, flags true or false, and the cards of a hand-written
deal, each named by its place so a card dealt twice names both places.

>>> read = SetupReader({"seed": 3, "leader": 1.0}, "Briscola")
>>> read.seed()
3
>>> read.seat("leader", 2)
Traceback (most recent call last):
...
engine.protocol.SetupError: leader: the leader is a seat from 0 to 1, not 1.0
>>> SetupReader({"hands": [["KC"], ["kc"]]}, "Briscola").hands(2, 1)
Traceback (most recent call last):
...
engine.protocol.SetupError: hands[1][0]: KC is dealt twice (also at hands[0][0])
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .cards import CARD_BY_TEXT, CARD_TEXT, Card, CardError
from .i18n import _
from .protocol import JSON, SetupError, is_int


class SetupReader:
    """Reads one game's setup fields; every method raises SetupError naming the field."""

    def __init__(self, setup: Mapping[str, JSON], game: str):
        self.setup = setup
        self.game = game
        """The game's name as a sentence says it ('Madrasso')."""
        self.dealt: dict[int, str] = {}
        """Every card read so far and where, so a card named twice names both places."""

    def __contains__(self, key: str) -> bool:
        return key in self.setup

    def only(self, allowed: Iterable[str]) -> None:
        """Refuse a field the game does not know."""
        known = tuple(allowed)
        unknown = [key for key in self.setup if key not in known]  # no sets: a field or two
        if unknown:
            raise SetupError(min(unknown), _("unknown field for {game} (a setup has {fields})").format(
                game=self.game, fields=_listed(known)))

    def need(self, key: str) -> JSON:
        if key not in self.setup:
            raise SetupError(key, _('the field "{key}" is missing (or give a seed)').format(key=key))
        return self.setup[key]

    def seed(self, cards: tuple[str, ...] = ()) -> int | None:
        """The seed, if given; with it, none of the ``cards`` fields (the deal written out)."""
        setup = self.setup
        if "seed" not in setup:
            return None
        for key in cards:
            if key in setup:
                raise SetupError(key, _("give either a seed or the cards ({fields}), not both").format(
                    fields=_listed(cards)))
        seed = setup["seed"]
        return seed if type(seed) is int else self.whole("seed", 0)

    def whole(self, key: str, default: int, low: int | None = None,
              high: int | None = None, noun: str | None = None) -> int:
        """A whole number (``default`` when absent), from ``low`` to ``high`` when given."""
        if key not in self.setup:  # the usual case, kept quick: new games are made often
            return default
        value = self.setup[key]
        if not is_int(value) or (low is not None and value < low) or \
                (high is not None and value > high):
            what = noun or _("the {key}").format(key=key)
            said = (_("{what} must be a whole number, not {value}") if low is None else
                    _("{what} must be a whole number from {low}, not {value}") if high is None else
                    _("{what} must be a whole number from {low} to {high}, not {value}"))
            raise SetupError(key, said.format(what=what, low=low, high=high, value=repr(value)))
        return int(value)

    def players(self, allowed: tuple[int, ...], default: int | None) -> int:
        value = self.setup.get("players", default)
        if value is None:
            raise SetupError("players", _('the field "players" is missing ({counts})').format(
                counts=_listed(tuple(map(str, allowed)), "or")))
        if not is_int(value) or value not in allowed:
            count = _("two") if allowed == (2,) else _listed(tuple(map(str, allowed)), "or")
            raise SetupError("players", _("{game} is for {count} players, not {value}").format(
                game=self.game, count=count, value=repr(value)))
        return int(value)

    def seat(self, key: str, players: int) -> int | None:
        """A seat (the dealer, the leader), or None when absent."""
        if key not in self.setup:
            return None
        value = self.setup[key]
        if not is_int(value) or not 0 <= value < players:
            raise SetupError(key, _("the {key} is a seat from 0 to {last}, not {value}").format(
                key=key, last=players - 1, value=repr(value)))
        return int(value)

    def flag(self, key: str, default: bool) -> bool:
        if key not in self.setup:
            return default
        value = self.setup[key]
        if not isinstance(value, bool):
            raise SetupError(key, _("{key} is true or false, not {value}").format(
                key=key, value=repr(value)))
        return value

    def totals(self, sides: int, per: str) -> tuple[int, ...]:
        """The match totals before this deal, one whole number per side (``per`` says what a
        side is, e.g. 'team [team 0, team 1]'); zeros when absent."""
        if "totals" not in self.setup:
            return (0,) * sides
        value = self.setup["totals"]
        if not isinstance(value, list) or len(value) != sides or \
                not all(is_int(t) and t >= 0 for t in value):
            raise SetupError("totals", _("totals are {n} whole numbers, one per {per}, not {value}").format(
                n=sides, per=per, value=repr(value)))
        return tuple(value)

    def card(self, text: Any, where: str) -> int:
        """One card of the deal, at ``where`` (e.g. 'hands[0][2]')."""
        card = CARD_BY_TEXT.get(text) if isinstance(text, str) else None
        if card is None:
            if not isinstance(text, str):
                raise SetupError(where, _("{text} is not a card: write it as text such as 'KC'").format(
                    text=repr(text)))
            try:
                card = Card.parse(text).index
            except CardError as err:
                raise SetupError(where, str(err)) from None
        if card in self.dealt:
            raise SetupError(where, _("{code} is dealt twice (also at {where})").format(
                code=CARD_TEXT[card], where=self.dealt[card]))
        self.dealt[card] = where
        return card

    def cards(self, key: str, size: int, what: str) -> list[int]:
        """A list of ``size`` cards; ``what`` says what they are, for the error."""
        value = self.need(key)
        if not isinstance(value, list) or len(value) != size:
            got = len(value) if isinstance(value, list) else "not a list"
            raise SetupError(key, f"{what} (got {got})")
        return [self.card(c, f"{key}[{i}]") for i, c in enumerate(value)]

    def hands(self, players: int, size: int) -> list[list[int]]:
        """``players`` hands of ``size`` cards, in seat order. Every size is checked before
        any card, so a card moved from one hand to another is told as the sizes it left."""
        value = self.need("hands")
        if not isinstance(value, list) or len(value) != players:
            got = f"{len(value)} hands" if isinstance(value, list) else repr(value)
            raise SetupError("hands", f"hands are {players} hands of {size} cards, one per "
                             f"seat, not {got}")
        total = sum(len(h) for h in value if isinstance(h, list))
        for seat, hand in enumerate(value):
            if not isinstance(hand, list) or len(hand) != size:
                got = f"{len(hand)} cards" if isinstance(hand, list) else "not a list"
                whole_pack = players * size == 40 and total != 40
                extra = f" ({total} cards in all; the pack has 40)" if whole_pack else ""
                raise SetupError(f"hands[{seat}]", f"has {got}, needs {size}{extra}")
        return [[self.card(c, f"hands[{seat}][{i}]") for i, c in enumerate(hand)]
                for seat, hand in enumerate(value)]


def _listed(names: tuple[str, ...], last: str = "and") -> str:
    if len(names) == 1:
        return names[0]
    if last == "and":
        return _("{items} and {last}").format(items=", ".join(names[:-1]), last=names[-1])
    return ", ".join(names[:-1]) + _(" or ") + names[-1]
