"""The expert: determinized Monte-Carlo search with a time budget.

It cannot see the other hands, so for each decision it samples deals consistent with all
it has seen (:meth:`Game.determinize`: its own hand, the cards played, the voids revealed)
and, in every sampled deal, tries each legal move and plays the rest of the deal out with a
quick playout policy (each game's greedy habits with a little randomness). The score of a
playout is ``game.returns()[seat]`` at the end of the deal: the seat's side's margin. The
move with the best average over the sampled deals is played. Every move is tried on the
same sampled deals, so luck in the deal cancels out of the comparison.

The amount of work is a number of sampled deals per move (so a seed fixes the answer),
capped by a wall-clock budget so a slow machine still answers in time.
"""

from __future__ import annotations

import importlib
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from types import EllipsisType
from typing import Any

from ..protocol import Game
from .base import Bot

Policy = Callable[[Any, random.Random], int]
"""A playout's move chooser; it takes the game's own class (Any: each game's module types it)."""


def random_policy(game: Game, rng: random.Random) -> int:
    legal = game.legal_action_ids()
    return legal[int(rng.random() * len(legal))]


def one_deal(game: Game) -> int:
    """For games of a single deal (Briscola): always the same deal."""
    return 0


@dataclass
class SearchSettings:
    """How the expert searches one game."""

    samples: int = 40
    """Sampled deals per move (each legal move is played out once in each)."""
    policy: Policy = random_policy
    """Chooses moves inside playouts, where every hand is (as sampled) known."""
    deal_of: Callable[[Any], int] = one_deal
    """The number of the deal a game is in: a playout stops when it changes (the end of the
    deal being played), or when the game is over."""
    unit: str = "points"
    """What returns() counts, for the explanation: 'card points', 'points'."""
    time_budget: float | None = 0.35
    """Wall-clock cap in seconds (None: no cap, fully reproducible). The tables' 0.5 s a
    move inside Pyodide, less the time to sample a deal and to answer."""
    min_samples: int = 4
    solve_when: Callable[[Any], bool] | None = None
    """True for a (sampled) position small enough to search exactly to the end of the deal
    (alpha-beta, sides from ``side``) instead of playing it out."""
    side: Callable[[int], int] = lambda seat: seat
    """The side a seat plays for (Madrasso's and four-player Scopa's partners share one)."""
    rollout: Callable[[Any, int, random.Random], float] | None = None
    """A game's own fast playout from a sampled position to the end of the deal, returning
    the seat's score (as ``returns()[seat]`` would be); instead of the policy loop."""
    rollout_match: Callable[[Any, int, random.Random], tuple[float, int]] | None = None
    """``rollout`` with the match as it stands at the deal's end for the seat's side (1 won,
    -1 lost, 0 open: ``Game.match_won``), for the coach, which says the deal's points and the
    chance to win the match apart; the same random numbers and value as ``rollout``."""
    solve_in_playouts: bool = False
    """Also finish playouts with the exact search once they reach ``solve_when``."""
    exact_is_certain: bool = False
    """True if, once ``solve_when`` holds, every sampled deal is the same (nothing hidden):
    then one exact search decides and no more samples are drawn."""


def settings_for(game_name: str) -> SearchSettings:
    """The tuned settings a game's greedy module publishes as ``SEARCH`` (else defaults)."""
    try:
        module = importlib.import_module(f"{__package__}.greedy_{game_name}")
    except ImportError:
        return SearchSettings()
    return getattr(module, "SEARCH", SearchSettings())


class ExpertBot(Bot):
    level = "expert"

    def __init__(self, game_name: str, seed: int = 0,
                 time_budget: float | None | EllipsisType = ...,
                 samples: int | None = None, settings: SearchSettings | None = None):
        super().__init__(game_name, seed)
        base = settings or settings_for(game_name)
        self.settings = SearchSettings(**{**base.__dict__})
        if not isinstance(time_budget, EllipsisType):
            self.settings.time_budget = time_budget
        if samples is not None:
            self.settings.samples = samples
        self.last_stats: dict[str, Any] = {}
        self.last_matches: dict[int, list[int]] = {}
        """Per legal action id of the last :meth:`evaluate`, the match at each playout's end
        for the seat's side (1 won, -1 lost, 0 open), beside its score."""

    def evaluate(self, game: Game, seat: int, rng: random.Random) -> dict[int, list[float]]:
        """Per legal action id, its playout scores, one per sampled deal.

        Once ``min_samples`` deals are done, the wall-clock budget is checked before every
        playout; a sampled deal cut short is dropped, so every move keeps the same deals."""
        s = self.settings
        legal = game.legal_action_ids()
        scores: dict[int, list[float]] = {a: [] for a in legal}
        matches: dict[int, list[int]] = {a: [] for a in legal}
        match = game.info.match_bonus
        deal = s.deal_of(game)
        clock = time.perf_counter
        start = clock()
        deadline = None if s.time_budget is None else start + s.time_budget
        for n in range(s.samples):
            world = game.determinize(seat, rng)
            exact = s.solve_when is not None and s.solve_when(world)
            row = []
            for a in legal:
                if deadline is not None and n >= s.min_samples and clock() > deadline:
                    break
                g = world.clone()
                g.apply_id(a)
                if not match:  # a game of one deal: the plain playout, the match never decided
                    row.append((self.solve(g, seat, deal) if exact
                                else self.play_out(g, seat, deal, rng), 0))
                else:
                    row.append(self.solve_match(g, seat, deal) if exact
                               else self.play_out_match(g, seat, deal, rng))
            if len(row) < len(legal):
                break
            for a, (value, won) in zip(legal, row):
                scores[a].append(value)
                matches[a].append(won)
            if exact and s.exact_is_certain:
                break
        self.last_stats = {"samples": len(scores[legal[0]]), "seconds": clock() - start}
        self.last_matches = matches
        return scores

    def play_out(self, g: Game, seat: int, deal: int, rng: random.Random) -> float:
        """Play a sampled position to the end of the deal; the seat's score."""
        s = self.settings
        policy, deal_of = s.policy, s.deal_of
        if g.is_over() or deal_of(g) != deal:
            # The move tried was the deal's last (perhaps the match's): nothing is left to play
            # out, and a game's fast rollout must not start on the next deal or an empty hand.
            return g.returns()[seat]
        solve_later = s.solve_when if s.solve_in_playouts else None
        if s.rollout is not None and solve_later is None:
            return s.rollout(g, seat, rng)
        while not g.is_over() and deal_of(g) == deal:
            if solve_later is not None and solve_later(g):
                return self.solve(g, seat, deal)
            g.apply_id(policy(g, rng))
        return g.returns()[seat]

    def play_out_match(self, g: Game, seat: int, deal: int, rng: random.Random
                       ) -> tuple[float, int]:
        """:meth:`play_out`'s score (the same random numbers, the same value), and the match
        as it stands at the playout's end for the seat's side (``Game.match_won``: 1 won, -1
        lost, 0 still open)."""
        s = self.settings
        if g.is_over() or s.deal_of(g) != deal:
            return g.returns()[seat], g.match_won()[seat]
        if s.rollout is not None and not s.solve_in_playouts:
            if s.rollout_match is not None:
                return s.rollout_match(g, seat, rng)
            self._no_match(g)
            return s.rollout(g, seat, rng), 0
        if s.solve_in_playouts:
            self._no_match(g)
        value = self.play_out(g, seat, deal, rng)  # plays ``g`` itself to the deal's end
        return value, g.match_won()[seat]

    @staticmethod
    def _no_match(game: Game) -> None:
        """Refuse a game with a match bonus whose playout cannot say how the match stands."""
        if game.info.match_bonus:
            raise NotImplementedError(f"{game.name}: a playout that does not say the match")

    def solve_match(self, game: Game, seat: int, deal: int) -> tuple[float, int]:
        """:meth:`solve`'s value, and the match at the end of the line it found. No game's
        exact search reaches a deal that can decide the match today (Briscola is one deal):
        refused for a game with a match bonus rather than guessed."""
        self._no_match(game)
        return self.solve(game, seat, deal), 0

    def solve(self, game: Game, seat: int, deal: int, alpha: float = -1e9,
              beta: float = 1e9) -> float:
        """The exact value for ``seat`` of a position with every card known: alpha-beta to
        the end of the deal, the seat's side maximising and the other side minimising."""
        if game.is_over() or self.settings.deal_of(game) != deal:
            return game.returns()[seat]
        side = self.settings.side
        mover = game.current_player()
        assert mover is not None
        maximising = side(mover) == side(seat)
        best = -1e9 if maximising else 1e9
        for a in game.legal_action_ids():
            g = game.clone()
            g.apply_id(a)
            value = self.solve(g, seat, deal, alpha, beta)
            if maximising:
                if value > best:
                    best = value
                    alpha = max(alpha, value)
            elif value < best:
                best = value
                beta = min(beta, value)
            if alpha >= beta:
                break
        return best

    def decide(self, game: Game, seat: int, rng: random.Random) -> tuple[int, str]:
        scores = self.evaluate(game, seat, rng)
        means = {a: sum(v) / len(v) for a, v in scores.items()}
        ranked = sorted(means, key=lambda a: (-means[a], a))
        best, runner = ranked[0], ranked[1]
        n = len(scores[best])
        better = sum(1 for x, y in zip(scores[best], scores[runner]) if x >= y)
        unit = self.settings.unit
        why = (f"the expert's playouts: over {n} sampled deals {game.action_to_string(best)} "
               f"averages {means[best]:+.1f} {unit}, {means[best] - means[runner]:.1f} more than "
               f"{game.action_to_string(runner)}; it does at least as well in "
               f"{round(100 * better / n)}% of them")
        return best, why
