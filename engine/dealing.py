"""Reading the cards of a hand-written deal (a record's setup), shared by the games."""

from __future__ import annotations

from typing import Any

from .cards import CARD_BY_TEXT, CARD_TEXT, Card, CardError
from .protocol import SetupError


def check_fields(setup: dict[str, Any], game: str, required: tuple[str, ...],
                 optional: tuple[str, ...] = ()) -> None:
    """Raise SetupError for a field the game does not know or a required one that is missing."""
    unknown = sorted(set(setup) - set(required) - set(optional))
    if unknown:
        expected = _listed(required) + (f", and optionally {_listed(optional)}" if optional else "")
        raise SetupError(unknown[0], f"unknown field for {game} (expected {expected}; or a seed)")
    for key in required:
        if key not in setup:
            raise SetupError(key, f'the field "{key}" is missing (or give a seed)')


def _listed(names: tuple[str, ...]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


class DealReader:
    """Reads setup cards one at a time and remembers where each was dealt, so a card named
    twice is an error that names both places (``'KC is dealt twice (also at hands[0][2])'``)."""

    def __init__(self) -> None:
        self.seen: dict[int, str] = {}

    def __call__(self, text: Any, where: str) -> int:
        if not isinstance(text, str):
            raise SetupError(where, f"{text!r} is not a card: write it as text such as 'KC'")
        card = CARD_BY_TEXT.get(text)
        if card is None:
            try:
                card = Card.parse(text).index
            except CardError as err:
                raise SetupError(where, str(err)) from None
        if card in self.seen:
            raise SetupError(where, f"{CARD_TEXT[card]} is dealt twice (also at {self.seen[card]})")
        self.seen[card] = where
        return card
