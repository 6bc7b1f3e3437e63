"""The registry of games, by the name a record's ``game`` field uses.

Game modules are imported when first asked for, so a page that plays Briscola never
imports Scopa (this matters inside the browser, where every import costs start-up time).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping

from .protocol import Game

_WHERE = {
    "madrasso": ("engine.madrasso", "Madrasso"),
    "briscola": ("engine.briscola", "Briscola"),
    "scopa": ("engine.scopa", "Scopa"),
}


class _Registry(Mapping[str, type[Game]]):
    def __getitem__(self, name: str) -> type[Game]:
        module, cls = _WHERE[name]
        game: type[Game] = getattr(importlib.import_module(module), cls)
        return game

    def __iter__(self) -> Iterator[str]:
        return iter(_WHERE)

    def __len__(self) -> int:
        return len(_WHERE)


GAMES: Mapping[str, type[Game]] = _Registry()
