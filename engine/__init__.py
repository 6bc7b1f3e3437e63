"""A pure-Python engine for Italian card games: Madrasso, Briscola and Scopa.

Every game speaks one protocol (:class:`engine.protocol.Game`) and replays from a record
(:mod:`engine.record`). Standard library only; runs on CPython 3.11+ and Pyodide.
"""

from .cards import Card, CardError, Rank, Suit
from .games import GAMES
from .protocol import ActionSyntaxError, EngineError, Game, IllegalAction, SetupError
from .record import Move, Record, RecordError, load_record, parse_record, replay, start_game
from .view import SeatView

__all__ = [
    "ActionSyntaxError", "Card", "CardError", "EngineError", "GAMES", "Game", "IllegalAction",
    "Move", "Rank", "Record", "RecordError", "SetupError", "Suit", "load_record",
    "parse_record", "replay", "SeatView", "start_game",
]
