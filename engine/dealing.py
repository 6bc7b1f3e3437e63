"""Reading the cards of a hand-written deal (a record's setup), shared by the games."""

from __future__ import annotations

from typing import Any

from .cards import CARD_BY_TEXT, CARD_TEXT, Card, CardError
from .protocol import SetupError


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
