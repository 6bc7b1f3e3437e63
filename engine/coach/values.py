"""What the expert expects every legal move to be worth, from one seat's knowledge, and the
marks a review gives them.

The numbers are the expert's own (:meth:`engine.bots.expert.ExpertBot.evaluate`): for each
sampled deal the seat cannot tell from the real one (``Game.determinize``: only what the seat
has seen is kept, every hidden card dealt afresh), every legal move is played out to the end
of the deal; a move's value is its average margin (the seat's side's points minus the other
side's; in Scopa at three players, minus the best other player's). Every move is tried on the
same deals, so the luck of the deal cancels out of the differences, which are what the coach
speaks of. In a deal that can decide the match, winning the match counts too, as the expert
counts it.

A move's *loss* is how far its value falls short of the best move's; its mark comes from the
loss and the game's thresholds (``GameInfo.grades``, :data:`GRADES`, documented in
docs/coach.md).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from ..gameinfo import GameInfo, Grades
from ..games import INFO
from ..protocol import Game

__all__ = ["GRADES", "MARKS", "REVIEW_SAMPLES", "Grades", "MoveValue", "MoveValues", "evaluate",
           "expert_for"]

_T = TypeVar("_T")

MARKS = ("best", "good", "inaccuracy", "mistake")


class _ByGame(Mapping[str, _T]):
    """One of the coach's facts for every game, read from the game's GameInfo."""

    def __init__(self, fact: Callable[[GameInfo], _T]):
        self._fact = fact

    def __getitem__(self, name: str) -> _T:
        return self._fact(INFO[name])

    def __iter__(self) -> Iterator[str]:
        return iter(INFO)

    def __len__(self) -> int:
        return len(INFO)


GRADES: Mapping[str, Grades] = _ByGame(lambda info: info.grades)
"""Per game, its thresholds (``GameInfo.grades``)."""

REVIEW_SAMPLES: Mapping[str, int] = _ByGame(lambda info: info.review_samples)
"""Sampled deals per move in a review (``GameInfo.review_samples``): three to eight times the
expert's own at the table (300, 100, 100), so the marks are steadier than one move's choice,
while a whole deal still reviews in a few seconds inside the browser (bench/review_speed.py)."""


@dataclass(frozen=True)
class MoveValue:
    action: str
    value: float
    loss: float
    mark: str

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action, "value": round(self.value, 2),
                "loss": round(self.loss, 2), "mark": self.mark}


@dataclass(frozen=True)
class MoveValues:
    """Every legal move of one position, best first, as the expert values it for ``seat``."""

    game: str
    seat: int
    grades: Grades
    samples: int
    moves: tuple[MoveValue, ...]

    @property
    def unit(self) -> str:
        return self.grades.unit

    @property
    def best(self) -> MoveValue:
        return self.moves[0]

    @property
    def forced(self) -> bool:
        return len(self.moves) == 1

    def of(self, action: str) -> MoveValue:
        for move in self.moves:
            if move.action == action:
                return move
        raise KeyError(action)

    def runner_up(self, action: str) -> MoveValue | None:
        """The best move other than ``action`` (None when it is the only one)."""
        return next((m for m in self.moves if m.action != action), None)

    def to_json(self) -> dict[str, Any]:
        return {"unit": self.unit, "samples": self.samples,
                "moves": [m.to_json() for m in self.moves]}


def expert_for(game_name: str, seed: int, samples: int | None) -> Any:
    """The expert the coach asks: no wall-clock cap, so its numbers depend on the seed alone."""
    from ..bots.expert import ExpertBot

    return ExpertBot(game_name, seed, time_budget=None, samples=samples)


def evaluate(game: Game, seat: int, *, seed: int = 1, samples: int | None = None,
             bot: Any = None, salt: str = "") -> MoveValues:
    """The expert's value of every legal move for ``seat`` (whose turn it is) from what
    ``seat`` knows. ``bot``: the table's own expert, whose random numbers for this position
    then give its very choice (the hint); else a fresh one from ``seed`` and ``samples``
    (default ``GameInfo.review_samples``), whose random numbers depend on the seed, ``salt`` (which
    deal of a match) and the position's place in its deal alone."""
    if game.current_player() != seat:
        raise ValueError(f"it is seat {game.current_player()}'s turn, not seat {seat}'s")
    grades = game.info.grades
    legal = game.legal_action_ids()
    if len(legal) == 1:
        only = MoveValue(game.action_to_string(legal[0]), 0.0, 0.0, "best")
        return MoveValues(game.name, seat, grades, 0, (only,))
    if bot is None:
        bot = expert_for(game.name, seed, samples or game.info.review_samples)
        rng = random.Random(f"coach/{seed}/{salt}/{seat}/{len(game.actions)}")
    else:
        rng = bot.rng_for(game, seat)
    scores = bot.evaluate(game, seat, rng)
    means = {a: sum(v) / len(v) for a, v in scores.items()}
    ranked = sorted(means, key=lambda a: (-means[a], a))  # the expert's own order (decide)
    top = means[ranked[0]]
    moves = tuple(MoveValue(game.action_to_string(a), means[a], top - means[a],
                            grades.mark(top - means[a])) for a in ranked)
    return MoveValues(game.name, seat, grades, len(scores[ranked[0]]), moves)
