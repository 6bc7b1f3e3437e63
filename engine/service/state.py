"""What the service holds: games by handle (a seat's or an open :class:`Session`, a friends'
:class:`Table`), the coach's reviews by number, and the options its computer players get.

The handlers (engine/service/sessions.py, tables.py, coach.py, startup.py) are methods of
classes built on :class:`ServiceState`; engine/service/dispatch.py joins them into the one
:class:`engine.service.dispatch.Bridge`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from ..protocol import NO_NAMES, Game, Names
from ..record import Record


@dataclass
class Session:
    """One game behind a handle: the record its line starts from, the line, where it stands."""

    record: Record
    start: Game
    """The game at the line's start, cloned to go back (a match's later deals included:
    replaying from the record alone would shuffle a secret future afresh)."""
    game: Game
    line: list[str]
    """Every action known along this game's line; ``game`` has applied the first ``index``."""
    viewer: int | None
    """A seat's session: its seat. An open session: the view its answers show (None: the
    spectator, every hand)."""
    seat_scoped: bool
    secrets: random.Random
    """The session's own randomness: redeals and the computer players' seeds."""
    names: Names = NO_NAMES
    """The seat and side names the explanations use (e.g. South, East, North, West)."""
    explanations: list[dict[str, Any]] = field(default_factory=list)
    """The explanation of each applied action, as the session's viewer was told it."""
    named: list[str] = field(default_factory=list)
    """The deck each explanation names the cards in (beside ``explanations``, when as long)."""
    seats: list[int | None] = field(default_factory=list)
    """The seat that played each applied action."""
    bot_seed: int = 0
    bottom: int | None = None
    """An open session: the seat its tables place at the bottom (None: the view's seat, or
    seat 0 for every hand). Layout only: a seat's session always has its own seat there."""
    notes: dict[str, Any] = field(default_factory=dict)
    """A seat's session: ``review_note``'s walk of the seat's moves still to value (the
    session's own, so no other game's moves are ever taken for its)."""

    @property
    def index(self) -> int:
        return len(self.explanations)

    @property
    def seat(self) -> int:
        """A seat's session: its seat."""
        assert self.viewer is not None
        return self.viewer

    @property
    def told(self) -> int | None:
        """Who the explanations are for: the seat of a seat's session; everybody (None) in an
        open session, whose record hides nothing."""
        return self.viewer if self.seat_scoped else None


@dataclass
class Table:
    """One game that every seat of a table plays (the friends' table): the whole game, and for
    each seat what it was told of each move (the first ones left empty after a reload)."""

    record: Record
    game: Game
    secrets: random.Random
    names: Names
    players: int
    told: list[list[dict[str, Any]]] = field(default_factory=list)
    movers: list[int | None] = field(default_factory=list)
    bot_seed: int = 0
    before_last: Game | None = None
    """The game before its last move (None before the first), to tell that move again in
    another deck or language than it was told in."""
    told_in: str = ""
    """The deck and language the last move was told in (sessions.told_in)."""


class ServiceState:
    """Games by handle (sessions and tables share one count), reviews by number."""

    def __init__(self, bot_options: dict[str, Any] | None = None) -> None:
        self.sessions: dict[int, Session] = {}
        self.tables: dict[int, Table] = {}
        self.next_handle = 1
        self.bot_options = dict(bot_options or {})
        """Extra arguments for make_bot (tests give the expert fewer samples)."""
        self.reviews: dict[int, Any] = {}
        """Reviews in progress (engine.coach.review.Review), by the number review_start gave."""
        self.next_review = 1
