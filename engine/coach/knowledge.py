"""What one seat knows, read from its :class:`engine.view.SeatView` and nothing else.

The coach's words about a position (which trumps are still out, which carichi, who has shown
a void, what the stock holds) come from here, so they can only ever say what the seat itself
could work out: its own hand, the cards it has seen played or face up, the voids shown, the
hand sizes and the stock's size.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from ..cards import CARD_BY_TEXT, POINTS, STRENGTH, SUIT_OF
from ..gameinfo import GameInfo
from ..games import INFO
from ..view import SUIT_LETTERS, SeatView

PlayedCard = tuple[int, str]
"""(seat, card code) of a card in the trick on the table."""


@dataclass(frozen=True)
class Knowledge:
    game: str
    seat: int
    players: int
    hand: tuple[str, ...]
    unseen: frozenset[int]
    """Card indices the seat has not seen: in other hands or in the stock."""
    trump: int | None
    """The trump suit's index (None in Scopa)."""
    trick: tuple[PlayedCard, ...]
    """The trick on the table, in play order (empty in Scopa)."""
    tricks_done: int
    stock: int
    hand_sizes: tuple[int, ...]
    voids: tuple[str, ...]
    exposed: tuple[tuple[str, ...], ...]
    observation: dict[str, Any]

    @property
    def info(self) -> GameInfo:
        """The game's facts (its number of tricks, its partners, its last trick's bonus)."""
        return INFO[self.game]

    # ---- questions about the unseen cards -------------------------------------------------

    def unseen_trumps(self) -> list[int]:
        return [] if self.trump is None else sorted(
            (c for c in self.unseen if SUIT_OF[c] == self.trump), key=lambda c: -STRENGTH[c])

    def unseen_carichi(self) -> list[int]:
        """Aces and threes not yet seen, the strongest first."""
        return sorted((c for c in self.unseen if POINTS[c] >= 10),
                      key=lambda c: (SUIT_OF[c], -STRENGTH[c]))

    def unseen_higher(self, card: int) -> list[int]:
        """Unseen cards of the same suit that beat ``card``."""
        return sorted((c for c in self.unseen if SUIT_OF[c] == SUIT_OF[card]
                       and STRENGTH[c] > STRENGTH[card]), key=lambda c: -STRENGTH[c])

    def void(self, seat: int, suit: int) -> bool:
        return SUIT_LETTERS[suit] in self.voids[seat]


def knowledge(view: SeatView) -> Knowledge:
    """The seat's knowledge in a view that is the seat's own (not the spectator's)."""
    if view.viewer is None:
        raise ValueError("the coach speaks to one seat: give that seat's view")
    seat = view.viewer
    obs = cast(dict[str, Any], view.observation)  # a trick game's or Scopa's, read by key
    hand = view.hands[seat] or ()
    seen = {CARD_BY_TEXT[c] for c in hand}
    for cards in view.exposed:
        seen.update(CARD_BY_TEXT[c] for c in cards)
    trick: tuple[PlayedCard, ...] = ()
    trump = None
    tricks_done = 0
    if not INFO[view.game].trick_taking:  # a capturing game: the table and the captures
        seen.update(CARD_BY_TEXT[c] for c in obs["table"])
        for side in obs["captured"]:
            seen.update(CARD_BY_TEXT[c] for c in side)
    else:
        trump = SUIT_LETTERS.index(obs["trump"]["suit"])
        turned = obs.get("turned") or {}
        if turned.get("in_stock") or turned.get("in_hand"):
            seen.add(CARD_BY_TEXT[turned["card"]])   # face up under the stock, or the dealer's
        trick = tuple((p["seat"], p["card"]) for p in obs["trick"]["cards"])
        seen.update(CARD_BY_TEXT[c] for _, c in trick)
        for done in obs["tricks"]:
            seen.update(CARD_BY_TEXT[c["card"]] for c in done["cards"])
        tricks_done = len(obs["tricks"])
    return Knowledge(
        game=view.game, seat=seat, players=view.players, hand=tuple(hand),
        unseen=frozenset(range(40)) - seen, trump=trump, trick=trick, tricks_done=tricks_done,
        stock=view.stock_size, hand_sizes=view.hand_sizes, voids=view.voids,
        exposed=view.exposed, observation=obs)
