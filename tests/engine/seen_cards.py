"""Which cards a seat could have seen, worked out from the true game, and which cards an answer
names: the two halves of every leak test (tests/engine/test_seat_views.py, and the browser's
tests/e2e/test_play_hidden.py, which loads this file by its path).

"Could have seen" is computed from the game's own state, not from the engine's views, so a
view that showed too much would not also widen what the test allows: the seat's own hands
over time, every card played (all three games play face up), the turned-up card (and, after a
swap, the seven), the cards on the Scopa table, once Briscola's stock is empty the other hand
(every card is then accounted for: the unseen ones are all in it), and, once the game is
over, every card.

One thing an answer may say of a card not seen: that it is *still out* (not seen yet), which
is the complement of what the seat has seen and tells nothing about where the card is. The
coach's hints say it in a few fixed phrases (:data:`STILL_OUT`: "the ace of spades is still
out", "Still out: ...", "..., still out, could beat it", "3 trumps are still out, the ace of
clubs among them"); cards named inside those phrases, and only those, are not counted.
"""

from __future__ import annotations

import re
from typing import Any

from engine.cards import CARD_TEXT, indices_of

RANKS = {"ace": "A", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6",
         "seven": "7", "jack": "J", "queen": "Q", "king": "K"}
SUITS = {"clubs": "C", "diamonds": "D", "hearts": "H", "spades": "S"}
CODE = re.compile(r"(?<![A-Za-z0-9])([A2-7JQK][CDHS])(?![A-Za-z0-9])")
NAME = re.compile(r"\b(" + "|".join(RANKS) + r") of (" + "|".join(SUITS) + r")\b", re.I)
_ONE = r"the (?:" + "|".join(RANKS) + r") of (?:" + "|".join(SUITS) + r")"
_LIST = rf"{_ONE}(?:(?:, | and ){_ONE})*"
STILL_OUT = re.compile(rf"{_LIST} (?:is|are) still out|[Ss]till out: {_LIST}|"
                       rf"{_LIST}, still out, could beat it|still out, {_LIST} among them")
"""The phrases that name cards only as not seen yet (see the module's docstring)."""


def strings(value: Any):
    """Every string in a JSON value, keys included."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


def cards_named(value: Any) -> set[str]:
    """The cards a JSON value names, as codes ('KC') or in words ('the king of clubs'),
    leaving out those named only as still out (:data:`STILL_OUT`)."""
    found: set[str] = set()
    for text in strings(value):
        text = STILL_OUT.sub(" ", text)
        found.update(CODE.findall(text))
        for rank, suit in NAME.findall(text):
            found.add(RANKS[rank.lower()] + SUITS[suit.lower()])
    return found


def hand_of(game: Any, seat: int) -> set[str]:
    hand = game.hands[seat]
    cards = indices_of(hand) if isinstance(hand, int) else hand
    return {CARD_TEXT[c] for c in cards}


def face_up(game: Any) -> set[str]:
    """Cards everybody sees now: played ones (in the actions), the turned-up card, the table."""
    seen: set[str] = set()
    for action in game.history():
        seen.update(CODE.findall(action))
    if game.is_over():
        return set(CARD_TEXT)
    if game.name == "madrasso":
        seen |= {CARD_TEXT[game.first_turned], CARD_TEXT[game.turned]}
    elif game.name == "briscola":
        seen.add(CARD_TEXT[game.turned])
    else:
        seen |= {CARD_TEXT[c] for c in indices_of(game.table)}
    return seen


class Witness:
    """What one seat has seen so far, updated from the true game after every answer."""

    def __init__(self, seat: int):
        self.seat = seat
        self.seen: set[str] = set()

    def update(self, game: Any) -> None:
        self.seen |= face_up(game) | hand_of(game, self.seat)
        if game.name == "briscola" and game.drawn >= len(game.deck):
            self.seen |= hand_of(game, 1 - self.seat)  # worked out: nothing else is unseen

    def unseen_in(self, answer: Any) -> set[str]:
        """The cards ``answer`` names that the seat has not seen."""
        return cards_named(answer) - self.seen
