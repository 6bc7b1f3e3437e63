"""Computer players for every game, on the common protocol only.

>>> from engine.bots import make_bot
>>> bot = make_bot("briscola", "greedy", seed=1)      # doctest: +SKIP
>>> bot.choose(game, seat)                             # doctest: +SKIP
'3C'

Three levels:

* ``random``: any legal move;
* ``greedy``: one game's sensible habits, a rule for each situation (answers in a few ms);
* ``expert``: samples deals consistent with what it has seen and plays each move out in
  them (:mod:`engine.bots.expert`), within a time budget.

Every bot has ``choose(game, seat) -> str`` and ``explain_choice(game, seat) -> dict``
(``action`` and ``why``, a short reason in plain words, for the hint button). Modules are
imported when first asked for, so the browser loads only what a table uses.
"""

from __future__ import annotations

import importlib
from types import EllipsisType

from .base import Bot

LEVELS = ("random", "greedy", "expert")
GREEDY = {
    "madrasso": ("greedy_madrasso", "GreedyMadrasso"),
    "briscola": ("greedy_briscola", "GreedyBriscola"),
    "scopa": ("greedy_scopa", "GreedyScopa"),
}


def make_bot(game_name: str, level: str, seed: int = 0,
             time_budget: float | None | EllipsisType = ...,
             samples: int | None = None) -> Bot:
    """A computer player for ``game_name`` ('madrasso', 'briscola', 'scopa') at ``level``.

    ``time_budget`` (seconds, expert only) caps the search by the wall clock; left out, the
    game's default cap (0.35 s, which binds only on a slow or busy machine); None means no
    cap, so the answer depends on the seed alone. ``samples`` overrides the expert's sampled
    deals per move (defaults: Briscola 300, Madrasso 100, Scopa 100).
    """
    if game_name not in GREEDY:
        raise ValueError(f"no computer players for {game_name!r}: known games are "
                         + ", ".join(GREEDY))
    if level == "random":
        from .random_bot import RandomBot
        return RandomBot(game_name, seed)
    if level == "greedy":
        module, cls = GREEDY[game_name]
        bot: Bot = getattr(importlib.import_module(f"{__name__}.{module}"), cls)(game_name, seed)
        return bot
    if level == "expert":
        from .expert import ExpertBot
        return ExpertBot(game_name, seed, time_budget=time_budget, samples=samples)
    raise ValueError(f"no level {level!r}: the levels are " + ", ".join(LEVELS))


__all__ = ["Bot", "LEVELS", "make_bot"]
