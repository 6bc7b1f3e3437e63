"""What the games of several deals share (Madrasso and Scopa): a match's place and its future.

A match stands at a deal (``deal``, 1-based), dealt by ``dealer``, with the sides' ``totals``
before it. Its later deals come from a random state kept between deals: the seed's (a
seeded record replays every deal), or a secret seed's (given cards that deal on,
``one_deal = false``: the record of a game redealt for a seat), or none (the game ends with
the deal). Each deal played out is logged with its cards as dealt and its actions, so its
public record can be written (:meth:`MatchGame.finished_deals`).

The random state is an immutable tuple between deals, so a clone shares it for free.
"""

from __future__ import annotations

import abc
import random
from typing import TYPE_CHECKING, Any

from .dealing import SetupReader
from .entropy import secret_seed
from .protocol import JSON, Game

_LATER = "later deals from the seed's random numbers"
"""What ``_rng_state`` holds while the first seeded deal is dealt (see _keep_rng)."""

LoggedDeal = tuple[int, int, tuple[int, ...], Any, int, int]
"""A deal played out: number, dealer, totals before it, its cards as dealt (the game's own
form) and the first and end index of its actions."""


class MatchGame(Game):
    """A game of one or more deals; subclasses deal the cards and say how a deal is written."""

    if not TYPE_CHECKING:  # no __dict__ of its own: a game with slots keeps them alone
        __slots__ = ()

    dealer: int
    deal: int
    """The number of the deal in progress (the last one, once over), counted from 1."""
    totals: tuple[int, ...]
    """The sides' match totals before the deal in progress."""
    winner: int | None
    """The side that won the match, once decided."""
    _rng_state: Any
    """The random state later deals are shuffled from; None when the game ends with this deal."""
    _setup: dict[str, JSON]
    _deal_start: int
    _deal_log: list[LoggedDeal]

    def match_won(self) -> list[int]:
        """Per seat: 1 once its side has won the match, -1 once another side has, else 0
        (``returns()`` counts it at ``info.match_bonus``)."""
        if self.winner is None:
            return [0] * self.num_players
        won = self.side_seats()[self.winner]
        return [1 if seat in won else -1 for seat in range(self.num_players)]

    def _begin(self, read: SetupReader, players: int, sides: int, per_side: str,
               max_deals: int | None = None) -> random.Random | None:
        """Read the match's place (``deal``, ``totals``, ``dealer``, ``one_deal``, ``seed``):
        the random numbers the first deal is shuffled from, or None for given cards (whose
        match, if it deals on, does so from a secret seed)."""
        self.deal = read.whole("deal", 1, 1, max_deals, "the deal number")
        self.totals = read.totals(sides, per_side)
        dealer = read.seat("dealer", players)
        seed = read.seed(self.CARD_FIELDS)
        one_deal = read.flag("one_deal", seed is None)
        self.actions = []
        self.winner = None
        self._deal_log = []
        if seed is None:
            for key in self.CARD_FIELDS:
                read.need(key)
            read.need("dealer")
            assert dealer is not None
            self.dealer = dealer
            self._rng_state = None if one_deal else random.Random(secret_seed()).getstate()
            return None
        rng = random.Random(seed)
        self.dealer = rng.randrange(players) if dealer is None else dealer
        self._rng_state = None if one_deal else _LATER  # the state once the first deal is dealt
        return rng

    CARD_FIELDS: tuple[str, ...]
    """The setup fields of a deal written out (Madrasso: hands; Scopa: hands, table, stock)."""

    def _keep_rng(self, rng: random.Random) -> None:
        """After the first seeded deal: later deals go on from ``rng`` (unless one_deal)."""
        if self._rng_state is not None:
            self._rng_state = rng.getstate()

    def _rng(self) -> random.Random:
        """The random numbers for the next deal; :meth:`_keep_rng` after using them."""
        rng = random.Random()
        rng.setstate(self._rng_state)
        return rng

    def _log_deal(self, cards: Any) -> None:
        self._deal_log.append((self.deal, self.dealer, self.totals, cards, self._deal_start,
                               len(self.actions)))

    def _next_deal(self, totals: tuple[int, ...]) -> None:
        """Move on to the next deal: totals after this one, the next dealer and number."""
        self.totals = totals
        self.dealer = (self.dealer + 1) % self.num_players
        self.deal += 1

    @abc.abstractmethod
    def _deal_fields(self, dealer: int, cards: Any) -> dict[str, JSON]:
        """A logged deal's record fields before ``deal``: dealer and cards (and players)."""

    # ---- the protocol's match-wide answers --------------------------------------------

    def setup(self) -> dict[str, JSON]:
        return {k: [list(v) if isinstance(v, list) else v for v in value]
                if isinstance(value, list) else value for k, value in self._setup.items()}

    def continues(self) -> bool:
        """Whether the match deals on after this deal."""
        return self._rng_state is not None

    def record_shows_every_card(self) -> bool:
        return "seed" not in self._setup and self._rng_state is None

    def deal_actions(self) -> list[int]:
        return self.actions[self._deal_start:]

    def reseed_later_deals(self, rng: random.Random) -> None:
        if self._rng_state is not None and not self.is_over():
            self._rng_state = random.Random(rng.getrandbits(64)).getstate()

    def finished_deals(self) -> list[dict[str, JSON]]:
        return [{"game": self.name, **self._deal_fields(dealer, cards), "deal": deal,
                 "totals": list(totals),
                 "actions": [self.action_to_string(a) for a in self.actions[start:end]]}
                for deal, dealer, totals, cards, start, end in self._deal_log]
