"""The random player: any legal action, each as likely as the others."""

from __future__ import annotations

import random

from ..protocol import Game
from .base import Bot


class RandomBot(Bot):
    level = "random"

    def decide(self, game: Game, seat: int, rng: random.Random) -> tuple[int, str]:
        legal = game.legal_action_ids()
        return rng.choice(legal), f"picked at random among {len(legal)} legal moves"
