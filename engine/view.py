"""What one seat may know: the seat-scoped view every answer of the engine's boundary is built from.

A card game is its hidden information, so the engine never hands out the whole game and
trusts the page to hide part of it. A game builds, for a *viewer*, a :class:`SeatView`: the
viewer's own hand, the other hands as counts, the cards everybody knows to be in a hand (the
turned-up card still in the dealer's hand, the card a swap took), the suits each seat has
shown it lacks by not following them, the stock's size, the viewer's legal actions (on its
own turn only) and the game's public table (its observation for the viewer). The spectator
(``viewer=None``) sees every hand: that view is for records public by design (a demo, a
practice position, a finished deal).

The fields are game-neutral; ``observation`` keeps each game's own words for its table
(tricks, the table's cards, captures, scores), always built for the same viewer.

>>> from engine.games import GAMES
>>> view = GAMES["briscola"].new(7).view(0)
>>> view.hands[0] is not None, view.hands[1], view.hand_sizes
(True, None, (3, 3))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .protocol import JSON
    from .shapes import Observation, Result

SUIT_LETTERS = "CDHS"


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat's knowledge of a game at one moment (``viewer=None``: every hand open)."""

    game: str
    viewer: int | None
    players: int
    to_play: int | None
    """The seat to act, or None once the game is over."""
    over: bool
    hands: tuple[tuple[str, ...] | None, ...]
    """Per seat, its cards in display order, or None for a hand hidden from the viewer."""
    hand_sizes: tuple[int, ...]
    exposed: tuple[tuple[str, ...], ...]
    """Per seat, the cards of its hand that everybody knows are there (e.g. Madrasso's
    turned-up card still in the dealer's hand), whether or not the hand is hidden."""
    voids: tuple[str, ...]
    """Per seat, the suit letters it has shown it lacks (it did not follow them), e.g. "CH"."""
    stock_size: int
    """Face-down cards still to draw (0 in games without a stock)."""
    legal: tuple[str, ...]
    """The viewer's legal actions when it is the viewer's turn (the spectator: the mover's);
    empty otherwise, so nobody learns another seat's options."""
    observation: Observation
    """The game's own description of the table for this viewer (``Game.observation``)."""
    result: Result | None

    @property
    def my_turn(self) -> bool:
        return self.to_play is not None and self.to_play == self.viewer


def suit_letters(mask: int) -> str:
    """'CH' for a 4-bit suit mask with clubs and hearts set."""
    return "".join(SUIT_LETTERS[s] for s in range(4) if mask >> s & 1)


def common(views: list[JSON]) -> JSON:
    """What several views of one moment all say, and nothing else: the public view of a table
    (a spectator's, who holds no hand). A value every view gives alike is kept; objects keep the
    keys every view has, lists of one length their items, each worked out the same way; where
    the views differ (a hand one seat sees and the others do not, the mover's legal moves, the
    viewer's own seat) there is null. So nothing is in it that any one seat was not told.

    >>> common([{"hands": [["KC"], None], "turn": 0}, {"hands": [None, ["AS"]], "turn": 0}])
    {'hands': [None, None], 'turn': 0}
    """
    first = views[0]
    if all(type(v) is type(first) and v == first for v in views[1:]):
        return first
    if all(isinstance(v, dict) for v in views):
        return {key: common([v[key] for v in views]) for key in first
                if all(key in v for v in views)}
    if all(isinstance(v, list) and len(v) == len(first) for v in views):
        return [common([v[i] for v in views]) for i in range(len(first))]
    return None


def check_viewer(viewer: Any, players: int) -> int | None:
    """The viewer if it is None or a seat 0..players-1 (an exact int); else ValueError."""
    if viewer is None:
        return None
    if type(viewer) is not int or not 0 <= viewer < players:
        raise ValueError(f"a viewer is a seat from 0 to {players - 1} or None, not {viewer!r}")
    return viewer
