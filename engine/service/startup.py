"""The runtime's start: the protocol's version and the ops a page asks first (``hello``,
``games``), and what the worker calls around a memory snapshot of a started interpreter
(:func:`prepare` before it is taken, :func:`after_restore` after each restore).
"""

from __future__ import annotations

import random
from typing import Any

from .. import validate as v
from ..games import GAMES
from .registry import handles

PROTOCOL_VERSION = 7
"""Bumped whenever a request or an answer changes shape (the worker reports it on ready).
2: seat's sessions and open sessions, ``deal_record``, strict requests, no seeds from the page.
3: one vocabulary (engine/shapes.py): ``side_names`` for ``team_names``; observations'
``side``/``sides``; every trick card ``{seat, card}``; a legal move's ``anchor``/``anchors``
(``rule`` only in refusals, in words).
4: the table ops (``table_new`` ... ``table_deal_record``: the friends' table, docs/friends.md).
5: the coach's ops (``hint``, ``review_start``, ``review_step``: docs/coach.md); the expert's
``bot`` reasons in words.
6: every state carries ``table``, the table as its viewer sees it in words and cards
(engine/table.py: the one description every page draws). Since: an open session's ``bottom``
(``load``, ``state``) and the table's ``bottom`` field; an addition that leaves every earlier
request's answer as it was, so not a new version. Likewise ``deck``, which any request may
carry: the answer names the cards in that deck's words ("venetian": "the horse of cups")."""


class Startup:
    """The ops that need no game: the engine's hello and its list of games."""

    @handles(v.Hello)
    def op_hello(self, request: v.Hello) -> dict[str, Any]:
        import sys

        return {"protocol": PROTOCOL_VERSION, "python": sys.version.split()[0],
                "games": sorted(GAMES), "bots": _bots_available()}

    @handles(v.Games)
    def op_games(self, request: v.Games) -> dict[str, Any]:
        games = []
        for name in sorted(GAMES):
            try:
                cls = GAMES[name]
            except ImportError:  # a game whose module is not written yet
                continue
            games.append({"name": name, "min_players": cls.min_players,
                          "max_players": cls.max_players})
        return {"games": games}


def _bots_available() -> bool:
    import importlib.util

    try:
        return importlib.util.find_spec("engine.bots") is not None
    except (ImportError, ValueError):
        return False


def prepare() -> None:
    """Import every game and every computer player now.

    The browser calls this right before it takes a memory snapshot of a freshly started
    interpreter (templates/static/js/worker.mjs), so that an interpreter restored from the
    snapshot has nothing left to import. It plays nothing: the snapshot holds no game.
    """
    from ..bots import LEVELS, make_bot
    from ..coach import review  # noqa: F401  (the coach's modules, for the hint and the review)

    for name in GAMES:
        GAMES[name]
        for level in LEVELS:
            make_bot(name, level, 0)


def after_restore() -> None:
    """Make an interpreter restored from a memory snapshot random again.

    Every restore of one snapshot starts from the same memory, so the ``random`` module
    would repeat the same numbers on every visit: reseed it from the system's entropy. (The
    games' secret seeds come from the system's entropy directly, engine/entropy.py.)
    """
    random.seed()
