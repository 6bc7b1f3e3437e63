"""The registry of games, by the name a record's ``game`` field uses: each game's class
(:data:`GAMES`) and its facts (:data:`INFO`, the :class:`engine.gameinfo.GameInfo` the game's
module declares beside its rules).

This is the one list of the games; everything else (the site generator, the coach, the pages
through the build's JSON) takes it from here. Game modules are imported when first asked for,
so a page that plays Briscola never imports Scopa (this matters inside the browser, where
every import costs start-up time).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping

from .gameinfo import GameInfo
from .protocol import Game

_WHERE = {
    "madrasso": ("engine.madrasso", "Madrasso"),
    "briscola": ("engine.briscola", "Briscola"),
    "scopa": ("engine.scopa", "Scopa"),
}

NAMES: tuple[str, ...] = tuple(_WHERE)
"""The games' names, in the site's order."""


class _Registry(Mapping[str, type[Game]]):
    def __getitem__(self, name: str) -> type[Game]:
        module, cls = _WHERE[name]
        game: type[Game] = getattr(importlib.import_module(module), cls)
        return game

    def __iter__(self) -> Iterator[str]:
        return iter(_WHERE)

    def __len__(self) -> int:
        return len(_WHERE)


class _Info(Mapping[str, GameInfo]):
    def __getitem__(self, name: str) -> GameInfo:
        return GAMES[name].info

    def __iter__(self) -> Iterator[str]:
        return iter(_WHERE)

    def __len__(self) -> int:
        return len(_WHERE)


GAMES: Mapping[str, type[Game]] = _Registry()
INFO: Mapping[str, GameInfo] = _Info()
