"""A game's facts, declared once beside its rules: :class:`GameInfo` (OpenSpiel's GameInfo
is the model).

Each game module sets its class's ``info`` (``Madrasso.info``, ``Briscola.info``,
``Scopa.info``) from the constants its rules are written with; :data:`engine.games.INFO`
finds them by name. Whoever needs a game's name, seats, match target, title words, coach
thresholds or rule anchors reads them here: the site generator (the play, friends and demo
components), the coach (engine/coach), and, through the JSON the build writes, the pages.
Nothing else states them again (tests/engine/test_game_info.py checks it).

>>> from engine.games import INFO
>>> INFO["scopa"].players, INFO["scopa"].match_target, INFO["briscola"].deal_win_points
((2, 3, 4), 11, 61)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Grades:
    """The coach's thresholds for a game: its unit and the losses that separate the marks
    (best, good, inaccuracy, mistake; docs/coach.md)."""

    unit: str
    best: float
    """A loss up to this is as good as the best: within the expert's own noise."""
    good: float
    """Below this, good; from here, an inaccuracy."""
    mistake: float
    """From this loss on, a mistake."""

    def mark(self, loss: float) -> str:
        if loss <= self.best:
            return "best"
        if loss < self.good:
            return "good"
        if loss < self.mistake:
            return "inaccuracy"
        return "mistake"

    def to_json(self) -> dict[str, Any]:
        return {"unit": self.unit, "best": self.best, "good": self.good, "mistake": self.mistake}


MATCH_CHANCE = Grades("chance to win the match", best=0.02, good=0.05, mistake=0.10)
"""The coach's thresholds for what a move costs of the seat's side's chance to win the match
(a share, 0 to 1), in every game of several deals: up to 2 points in a hundred is within the
expert's noise (best), below 5 good, below 10 an inaccuracy, 10 or more a mistake (a move
that loses the match, a share near 1, is always one). docs/coach.md."""


@dataclass(frozen=True)
class RuleAnchor:
    """A section of the game's rules page: its anchor and its heading."""

    anchor: str
    title: str


@dataclass(frozen=True)
class DemoShows:
    """A thing a game's demo deal must show, because its rules page promises it: a move whose
    explanation has ``fact`` equal to ``value`` (``fact`` "over": the deal played to its end).
    ``missing`` is what the build says when the demo lacks it, after "this <Game> demo"."""

    fact: str
    value: str | bool
    missing: str


WHOLE_DEAL = DemoShows("over", True, "stops before the deal is over: play it to its end (the "
                       "page shows the final count)")
"""A demo of a game whose page shows the final count plays its deal to the end."""


@dataclass(frozen=True)
class GameInfo:
    """What a game is, as everything outside its rules module needs to know it."""

    name: str
    """The name a record's ``game`` field uses, and the rules page's (``madrasso.html``)."""
    title: str
    """The game's name in words: 'Madrasso'."""
    players: tuple[int, ...]
    """The numbers of players it is played by."""
    default_players: int
    players_words: str
    """Who plays it, for a title: 'four players, partners opposite'."""
    partners_at: tuple[int, ...]
    """The numbers of players at which opposite seats play as partners."""
    team_names: tuple[str, ...]
    """The sides' names a table gives them (empty: the seats' names serve)."""
    match_target: int | None
    """The total that wins the match (None: the game is one deal)."""
    hand_size: int
    """The cards a hand is dealt (Scopa deals three each, hand after hand)."""
    trick_taking: bool
    """Cards are played to tricks (a trump, a suit led) rather than to captures."""
    tricks_per_deal: int
    """The tricks of a deal (0: no tricks)."""
    last_trick_bonus: int
    """The points the deal's last trick carries beyond its cards."""
    deal_win_points: int | None
    """The card points that win a deal on their own (None: the deal does not decide alone)."""
    grades: Grades
    """The coach's thresholds."""
    review_samples: int
    """Sampled deals per move in the coach's review (bench/review_speed.py)."""
    play_rule: RuleAnchor
    """The rules-page section on playing a card: where a practice moment links."""
    demo_shows: tuple[DemoShows, ...] = ()
    """What the game's demo deal must show (sitegen/demo.py checks every demo for it)."""
    match_bonus: int = 0
    """What winning the match adds to a seat's value (``Game.returns()``) once it is decided,
    and losing it takes away: how much the expert weighs the match against the deal's points
    (0: a game of one deal). The coach takes it back out, so the deal's points and the chance
    to win the match are said apart (engine/coach/values.py)."""
    match_grades: Grades | None = None
    """The coach's thresholds for a move's cost in the chance to win the match
    (:data:`MATCH_CHANCE`; None: a game of one deal)."""

    @property
    def rules_page(self) -> str:
        return f"{self.name}.html"

    def partnered(self, players: int) -> bool:
        """Whether opposite seats are partners at this number of players."""
        return players in self.partners_at
