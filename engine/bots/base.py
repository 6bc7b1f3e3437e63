"""What every computer player shares: the two calls the tables and the hint button make.

A bot sees a game only through what its seat may know: :meth:`Game.observation` for the
seat, the legal actions (which depend only on the seat's own hand and the public cards) and
:meth:`Game.determinize`, which redeals the cards hidden from the seat at random. It never
reads another seat's hand.

A bot is deterministic given its seed: the random numbers for one decision come from the
seed, the seat and the number of moves played so far, so asking the same bot twice in the
same position (the table's move, then the hint button) gives the same answer.
"""

from __future__ import annotations

import random
from typing import Any

from ..cards import CARD_BY_TEXT
from ..protocol import Game


class Bot:
    """A computer player. Subclasses implement :meth:`decide`."""

    level = "bot"

    def __init__(self, game_name: str, seed: int = 0):
        self.game_name = game_name
        self.seed = seed

    def rng_for(self, game: Game, seat: int) -> random.Random:
        """The random numbers for one decision: a function of the seed and the position's age."""
        return random.Random(f"{self.level}/{self.seed}/{seat}/{len(game.actions)}")

    def decide(self, game: Game, seat: int, rng: random.Random) -> tuple[int, str]:
        """The action id to play and a short plain-English reason."""
        raise NotImplementedError

    @staticmethod
    def own_view(game: Game, seat: int) -> tuple[Any, list[int]]:
        """The seat's observation (in its game's own shape) and its hand as card indices."""
        obs = game.observation(seat)
        return obs, [CARD_BY_TEXT[c] for c in obs["hands"][seat] or ()]

    def _check_turn(self, game: Game, seat: int) -> None:
        if game.is_over():
            raise ValueError("the game is over: there is no move to choose")
        if game.current_player() != seat:
            raise ValueError(f"it is seat {game.current_player()}'s turn, not seat {seat}'s")

    def choose_id(self, game: Game, seat: int) -> int:
        self._check_turn(game, seat)
        legal = game.legal_action_ids()
        if len(legal) == 1:
            return legal[0]
        return self.decide(game, seat, self.rng_for(game, seat))[0]

    def choose(self, game: Game, seat: int) -> str:
        """The action to play now, as text from ``game.legal_actions()``."""
        return game.action_to_string(self.choose_id(game, seat))

    def explain_choice(self, game: Game, seat: int) -> dict[str, Any]:
        """``{"action": text, "why": reason, "level": ...}`` for the hint button."""
        self._check_turn(game, seat)
        legal = game.legal_action_ids()
        if len(legal) == 1:
            action, why = legal[0], "it is the only legal move"
        else:
            action, why = self.decide(game, seat, self.rng_for(game, seat))
        return {"action": game.action_to_string(action), "why": why, "level": self.level}


class GreedyBot(Bot):
    """The greedy level of every game: a rule of thumb applied to the seat's own view (its
    observation, in its game's shape, and its hand as card indices); no search, no chance."""

    level = "greedy"

    def decide(self, game: Game, seat: int, rng: random.Random) -> tuple[int, str]:
        obs, hand = self.own_view(game, seat)
        return self.pick(game, seat, obs, hand)

    def pick(self, game: Game, seat: int, obs: Any, hand: list[int]) -> tuple[int, str]:
        """The action id and its reason, from the seat's observation and hand."""
        raise NotImplementedError
