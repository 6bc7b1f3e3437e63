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

import hashlib
import json
import math
import random
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from ..gameinfo import GameInfo, Grades
from ..games import INFO
from ..protocol import Game

__all__ = ["GRADES", "MARKS", "REVIEW_SAMPLES", "Grades", "MoveValue", "MoveValues",
           "PlayedValuation", "evaluate", "evaluate_played", "expert_for", "position_key"]

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
    """The expert's value: the deal's points, and in a deal that can decide the match the
    match as the expert weighs it (``GameInfo.match_bonus``)."""
    loss: float
    """How far ``value`` falls short of the best move's: what orders the costly moves."""
    mark: str
    points: float | None = None
    """The deal's points alone in ``value`` (the seat's side's minus the other's); None
    where it is ``value`` (no sampled deal decided the match)."""
    chance: float | None = None
    """The seat's side's chance to win the match after the move (0 to 1; a match still open
    at the deal's end counts as even), where some sampled deal decided the match; else None."""
    points_loss: float | None = None
    """The deal's points part of ``loss``: the best move's ``points`` minus this one's (may be
    below 0: a move that kept more of the match, for fewer points)."""
    chance_loss: float = 0.0
    """The match part of ``loss``: the best move's ``chance`` minus this one's."""

    @property
    def deal_points(self) -> float:
        """``value``'s deal points."""
        return self.value if self.points is None else self.points

    @property
    def deal_loss(self) -> float:
        """What the move gave away in the deal's points (0 at least)."""
        return max(0.0, self.loss if self.points_loss is None else self.points_loss)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"action": self.action, "value": round(self.value, 2),
                               "loss": round(self.loss, 2), "mark": self.mark}
        if self.chance is not None:
            out.update(points=round(self.deal_points, 2), chance=round(self.chance, 3),
                       points_loss=round(self.deal_loss, 2),
                       chance_loss=round(self.chance_loss, 3))
        return out


@dataclass(frozen=True)
class MoveValues:
    """Every legal move of one position, best first, as the expert values it for ``seat``."""

    game: str
    seat: int
    grades: Grades
    samples: int
    moves: tuple[MoveValue, ...]
    match_grades: Grades | None = None
    """The thresholds for the chance to win the match (``GameInfo.match_grades``)."""

    @property
    def unit(self) -> str:
        return self.grades.unit

    def touches_match(self, move: MoveValue) -> bool:
        """Whether ``move`` costs enough of the chance to win the match to be said (more
        than the match's "best" threshold: beyond the expert's noise)."""
        return (self.match_grades is not None and move.chance is not None
                and move.chance_loss > self.match_grades.best)

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



def _turn(game: Game, seat: int) -> tuple[list[int], MoveValues | None]:
    """``seat``'s legal moves, and their values already when there is only one (it is best);
    refused when it is not ``seat``'s turn."""
    if game.current_player() != seat:
        raise ValueError(f"it is seat {game.current_player()}'s turn, not seat {seat}'s")
    legal = game.legal_action_ids()
    if len(legal) == 1:
        only = MoveValue(game.action_to_string(legal[0]), 0.0, 0.0, "best")
        return legal, MoveValues(game.name, seat, game.info.grades, 0, (only,))
    return legal, None

def evaluate(game: Game, seat: int, *, seed: int = 1, samples: int | None = None,
             bot: Any = None, salt: str = "") -> MoveValues:
    """The expert's value of every legal move for ``seat`` (whose turn it is) from what
    ``seat`` knows. ``bot``: the table's own expert, whose random numbers for this position
    then give its very choice (the hint); else a fresh one from ``seed`` and ``samples``
    (default ``GameInfo.review_samples``), whose random numbers depend on the seed, ``salt`` (which
    deal of a match) and the position's place in its deal alone."""
    legal, forced = _turn(game, seat)
    if forced is not None:
        return forced
    grades = game.info.grades
    if bot is None:
        bot = expert_for(game.name, seed, samples or game.info.review_samples)
        rng = random.Random(f"coach/{seed}/{salt}/{seat}/{len(game.actions)}")
    else:
        rng = bot.rng_for(game, seat)
    scores = bot.evaluate(game, seat, rng)
    matches = getattr(bot, "last_matches", {})
    means = {a: sum(v) / len(v) for a, v in scores.items()}
    won = ({a: sum(v) / len(v) for a, v in matches.items() if v}
           if matches and _at_stake(matches, list(scores)) else None)
    names = {a: game.action_to_string(a) for a in scores}
    return MoveValues(game.name, seat, grades, len(next(iter(scores.values()))),
                      _ranked(game.info, names, means, won), game.info.match_grades)


def _at_stake(matches: dict[int, list[int]], moves: list[int]) -> bool:
    """Whether the match was decided in any sampled deal after any of ``moves``."""
    return any(any(matches[a]) for a in moves)


def _ranked(info: GameInfo, names: dict[int, str], means: dict[int, float],
            won: dict[int, float] | None) -> tuple[MoveValue, ...]:
    """The moves, best first (the expert's order: its value), each with its loss and mark.
    ``won``: each move's average match at the deal's end (1 won, -1 lost, 0 open), where the
    match was at stake: the value is then split into the deal's points and the chance to win
    the match (value = points + bonus x won, chance = (1 + won) / 2), and the mark is the
    worse of the points' (``info.grades``) and the chance's (``info.match_grades``)."""
    grades, match = info.grades, info.match_grades
    ranked = sorted(means, key=lambda a: (-means[a], a))
    top = ranked[0]
    if won is None or match is None:
        return tuple(MoveValue(names[a], means[a], means[top] - means[a],
                               grades.mark(means[top] - means[a])) for a in ranked)
    bonus = info.match_bonus
    points = {a: means[a] - bonus * won[a] for a in ranked}
    chance = {a: (1 + won[a]) / 2 for a in ranked}
    out = []
    for a in ranked:
        points_loss, chance_loss = points[top] - points[a], chance[top] - chance[a]
        mark = max(grades.mark(max(0.0, points_loss)), match.mark(max(0.0, chance_loss)),
                   key=MARKS.index)
        out.append(MoveValue(names[a], means[a], means[top] - means[a], mark, points[a],
                             chance[a], points_loss, chance_loss))
    return tuple(out)


BATCH = 24
"""A review's sampled deals come in batches of this many; after each, :func:`evaluate_played`
asks whether the verdict is already clear."""

CONFIDENCE = 2.0
"""How many standard errors (of a paired difference: the same sampled deals) a verdict must
stand clear of the nearest mark's threshold before the review stops sampling."""


CAP_SHARE = 0.6
"""The most sampled deals a review draws for one move, as a share of the game's
``review_samples``: only where the played move's loss stays within the noise of a
threshold, where more deals would still leave its mark a toss-up (bench/review_speed.py
--verdicts: the marks change no more often than today's valuation's own with another seed)."""


def review_cap(game: Game) -> int:
    return max(BATCH, round(game.info.review_samples * CAP_SHARE))


def _band(grades: Grades, mark: str) -> tuple[float, float]:
    """The losses a mark covers, as (low, high): best is a loss up to ``best``, ..."""
    return {"best": (-math.inf, grades.best), "good": (grades.best, grades.good),
            "inaccuracy": (grades.good, grades.mistake),
            "mistake": (grades.mistake, math.inf)}[mark]


def _paired(a: list[float], b: list[float]) -> tuple[float, float]:
    """The mean of ``a[i] - b[i]`` over their common prefix, and its standard error."""
    n = min(len(a), len(b))
    diffs = [x - y for x, y in zip(a[:n], b[:n])]
    mean = sum(diffs) / n
    if n < 2:
        return mean, math.inf
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(var / n)


def position_key(game: Game, seat: int) -> str:
    """What ``seat`` knows of the position, as one string: its view (its hand, what was
    played, the scores, the legal moves). Two positions the seat cannot tell apart have one
    key, so a move valued while the deal was played is found again by the review."""
    view = game.view(seat)
    return json.dumps([game.name, seat, view.observation], sort_keys=True, separators=(",", ":"))


def evaluate_played(game: Game, seat: int, played: str, *, seed: int = 1,
                    samples: int | None = None) -> MoveValues:
    """A review's valuation of one move (``played``, the move the seat made): the same
    sampled deals, in the same order, as :func:`evaluate` with the same seed and salt, but
    drawn in batches (:data:`BATCH`), stopping as soon as the played move's mark is clear
    (:data:`CONFIDENCE` standard errors inside its band: the loss to the best move, each
    other move compared with the played one on the same deals), and no longer playing out
    a move once it is clearly worse than the best and is not the one played. ``samples``
    (default :func:`review_cap`) is the most it draws, where the verdict stays close to a
    threshold. The sampled deals depend on the seed and on what the seat knows
    (:func:`position_key`) alone, so the same move valued during the deal or in the review
    after it has the same value.

    A move dropped early keeps the value it had then against the played move (its loss to
    the played move on the deals both were tried in), so every value is on one scale.

    The same valuation in slices: :class:`PlayedValuation` (``advance`` until a deadline,
    resumed later), whose values are these whatever the slices."""
    work = PlayedValuation(game, seat, played, seed=seed, samples=samples)
    work.advance()
    return work.result()


class PlayedValuation:
    """:func:`evaluate_played` that can stop between two sampled deals and go on later: the
    play page values the learner's moves while the deal is played (``review_note``) in
    slices of a few milliseconds, so a press never waits long for the one worker. The
    sampled deals, their order and every stopping rule are the same as in one go (the
    random numbers and the scores so far are kept), so the values are the same."""

    def __init__(self, game: Game, seat: int, played: str, *, seed: int = 1,
                 samples: int | None = None):
        legal, forced = _turn(game, seat)
        self.forced = forced
        self.done = forced is not None
        self.game = game
        self.seat = seat
        self.legal = legal
        self.names = {a: game.action_to_string(a) for a in legal}
        if forced is not None:
            return
        self.grades = game.info.grades
        mine = next((a for a in legal if self.names[a] == played), None)
        if mine is None:
            raise ValueError(f"{played} is not a legal move here")
        self.mine = mine
        self.cap = samples or review_cap(game)
        self.bot = expert_for(game.name, seed, self.cap)
        self.settings = self.bot.settings
        digest = hashlib.sha256(position_key(game, seat).encode()).hexdigest()[:16]
        self.rng = random.Random(f"coach/{seed}/{digest}")
        self.deal = self.settings.deal_of(game)
        self.scores: dict[int, list[float]] = {a: [] for a in legal}
        self.matches: dict[int, list[int]] = {a: [] for a in legal}
        """Per move, the match at each sampled deal's end for the seat's side (1, -1, 0)."""
        self.active = list(legal)
        self.n = 0
        self.done = self.cap <= 0

    def advance(self, until: float | None = None) -> bool:
        """Draw sampled deals until the valuation is done or ``time.perf_counter()`` passes
        ``until`` (None: to the end); whether it is done."""
        while not self.done:
            self._one()
            if until is not None and time.perf_counter() >= until:
                break
        return self.done

    def _one(self) -> None:
        """One sampled deal: every move still in the running played out on it."""
        s, bot, seat, scores = self.settings, self.bot, self.seat, self.scores
        world = self.game.determinize(seat, self.rng)
        exact = s.solve_when is not None and s.solve_when(world)
        bonus = self.game.info.match_bonus
        for a in self.active:
            g = world.clone()
            g.apply_id(a)
            if not bonus:  # a game of one deal: the plain playout
                scores[a].append(bot.solve(g, seat, self.deal) if exact
                                 else bot.play_out(g, seat, self.deal, self.rng))
                self.matches[a].append(0)
                continue
            value, won = (bot.solve_match(g, seat, self.deal) if exact
                          else bot.play_out_match(g, seat, self.deal, self.rng))
            scores[a].append(value)
            self.matches[a].append(won)
        self.n += 1
        n = self.n
        if n >= self.cap or (exact and s.exact_is_certain):
            self.done = True
            return
        if n % BATCH == 0:
            match = self.game.info.match_grades
            if _at_stake(self.matches, self.active) and match is not None:
                clear = _clear_parts(scores, self.matches, self.active, self.mine, self.grades,
                                     match, self.game.info.match_bonus)
            else:
                clear = _clear(scores, self.active, self.mine, self.grades)
            if clear:
                self.done = True
                return
            top = max(self.active, key=lambda a: sum(scores[a]) / n)
            for a in list(self.active):
                if a in (self.mine, top):
                    continue
                gap, error = _paired(scores[top], scores[a])
                if gap - CONFIDENCE * error > self.grades.best:
                    self.active.remove(a)  # clearly not the best: its value so far will do

    def result(self) -> MoveValues:
        if not self.done:
            raise ValueError(f"the valuation has drawn {self.n} of at most {self.cap} deals")
        if self.forced is not None:
            return self.forced
        # Every value on the played move's scale: a move's mean difference from the played
        # move on the deals both were tried in, added to the played move's mean over all its
        # deals.
        scores, mine, matches = self.scores, self.mine, self.matches
        base = sum(scores[mine]) / len(scores[mine])
        means = {a: base + _paired(scores[a], scores[mine])[0] for a in self.legal}
        won = None
        if _at_stake(matches, self.legal):
            floats = {a: [float(x) for x in v] for a, v in matches.items()}
            mine_won = sum(floats[mine]) / len(floats[mine])
            won = {a: mine_won + _paired(floats[a], floats[mine])[0] for a in self.legal}
        info = self.game.info
        return MoveValues(self.game.name, self.seat, self.grades, len(scores[mine]),
                          _ranked(info, self.names, means, won), info.match_grades)


def _clear(scores: dict[int, list[float]], active: list[int], mine: int, grades: Grades) -> bool:
    """Whether the played move's mark stands clear of its band's edges: no move can be more
    than the band allows better than it, and (above "best") some move is surely better by
    more than the band's floor."""
    diffs = {a: _paired(scores[a], scores[mine]) for a in active if a != mine}
    loss = max(0.0, max(d for d, _ in diffs.values()))
    low, high = _band(grades, grades.mark(loss))
    if any(d + CONFIDENCE * e >= high for d, e in diffs.values()):
        return False
    return low == -math.inf or any(d - CONFIDENCE * e > low for d, e in diffs.values())


def _clear_parts(scores: dict[int, list[float]], matches: dict[int, list[int]],
                 active: list[int], mine: int, grades: Grades, match: Grades,
                 bonus: int) -> bool:
    """:func:`_clear` where the match is at stake, and the mark is the worse of the deal's
    points' and the chance's (:func:`_ranked`): against the expert's top move so far, the
    mark must be the same at both ends of each part's confidence interval; when the played
    move is the top, no other move may be better than it by more than "best" in either part."""
    points = {a: [v - bonus * m for v, m in zip(scores[a], matches[a])] for a in active}
    chance = {a: [(1 + m) / 2 for m in matches[a]] for a in active}
    n = len(scores[mine])
    top = max(active, key=lambda a: (sum(scores[a][:n]) / n, -a))
    if top == mine:
        for a in active:
            if a == mine:
                continue
            dp, ep = _paired(points[a], points[mine])
            dc, ec = _paired(chance[a], chance[mine])
            if dp + CONFIDENCE * ep > grades.best or dc + CONFIDENCE * ec > match.best:
                return False
        return True
    dp, ep = _paired(points[top], points[mine])
    dc, ec = _paired(chance[top], chance[mine])

    def mark(p: float, c: float) -> str:
        return max(grades.mark(max(0.0, p)), match.mark(max(0.0, c)), key=MARKS.index)

    return mark(dp - CONFIDENCE * ep, dc - CONFIDENCE * ec) == mark(dp + CONFIDENCE * ep,
                                                                      dc + CONFIDENCE * ec)
