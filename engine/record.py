"""Game records: a setup (the deal) plus the actions played, written in TOML or JSON.

The record is the project's "PGN". Authors write TOML; the browser and the tests exchange
JSON; both map to the same :class:`Record`. A minimal Madrasso record::

    game = "madrasso"
    dealer = 0
    hands = [["AC", ...], ...]     # ten cards a seat; the dealer's tenth is turned up
    actions = ["swap", "KC", "7C", "5H", "AC"]

Other Madrasso setup fields (see :mod:`engine.madrasso`): ``seed = 7`` instead of the hands
(the pack shuffled by ``random.Random(7)``; with no ``dealer`` the first dealer is drawn too; a
seeded record is a whole match, every deal shuffled from the same rng, unless
``one_deal = true``), ``deal = 11`` (this deal's number in the match) and ``totals = [700, 600]``
(the teams' totals before it: 130 for each complete deal, nobody at 777 after the tenth).
A seeded match record's actions run on from one deal into the next.

Demo deals and practice positions write their actions as ``[[moves]]`` tables instead, so
each action can carry a Markdown ``note`` and the ``rules`` (section anchors) it shows::

    [[moves]]
    action = "swap"
    note = "North holds the seven of trumps and swaps it for the turned-up king."
    rules = ["the-seven-of-trumps"]

Top-level tables ``about``, ``demo`` and ``practice`` carry content metadata (title, the
visitor's seats, feedback...) that the engine keeps but does not read. Every other key is a
setup field of the game named by ``game``.

Every number of a setup is a whole number (``leader = 1.0`` is refused, whatever the game).
Errors are :class:`RecordError` values that know the file and the line (TOML and JSON alike);
files are read and lines found by :mod:`engine.source`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .protocol import ActionSyntaxError, EngineError, Game, IllegalAction, SetupError

if TYPE_CHECKING:
    from .source import FieldPath, Source

CONTENT_SECTIONS = ("about", "demo", "practice")
"""Top-level tables for content metadata, kept as they are and never passed to the game."""


class RecordError(EngineError):
    """A record that cannot be read or replayed. ``str()`` is ``path:line: error: message``."""

    def __init__(self, message: str, path: str | None = None, line: int | None = None,
                 field: str | None = None):
        self.message = message
        self.path = path
        self.line = line
        self.field = field
        super().__init__(self.diagnostic())

    def diagnostic(self) -> str:
        where = self.path or "<record>"
        if self.line is not None:
            where += f":{self.line}"
        return f"{where}: error: {self.message}"


@dataclass
class Move:
    """One action of a record, with the author's note and rule anchors when it has them."""

    action: str
    note: str | None = None
    rules: list[str] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass
class Record:
    game: str
    setup: dict[str, Any]
    moves: list[Move]
    sections: dict[str, Any] = field(default_factory=dict)
    """The content tables (``about``, ``demo``, ``practice``) as written."""
    path: str | None = None
    origin: Source | None = None
    """The file the record was read from, for line numbers; None when built from data."""
    written_as_moves: bool = False
    """True when the actions were written as ``[[moves]]`` tables (``moves`` in JSON)."""

    @property
    def actions(self) -> list[str]:
        return [m.action for m in self.moves]

    def line_of(self, field_path: FieldPath = ()) -> int | None:
        """The 1-based line of a field such as ``hands[2]``, ``actions[4]`` or ``moves[3].note``
        (of the table it belongs in when it is not written); None for a record built from data."""
        return self.origin.line(field_path) if self.origin is not None else None

    def error(self, message: str, field_path: str | None = None) -> RecordError:
        return RecordError(message, self.path, self.line_of(field_path or ()), field_path)

    def to_json(self) -> dict[str, Any]:
        """The record as JSON data (``moves`` only when some move has a note or rules)."""
        data: dict[str, Any] = {"game": self.game, **self.setup}
        if any(m.note or m.rules or m.extra for m in self.moves):
            data["moves"] = [
                {"action": m.action, **({"note": m.note} if m.note else {}),
                 **({"rules": m.rules} if m.rules else {}), **m.extra}
                for m in self.moves
            ]
        else:
            data["actions"] = self.actions
        data.update(self.sections)
        return data


# ---- reading ------------------------------------------------------------------------------


def load_record(path: str | Path) -> Record:
    """Read a ``.toml`` or ``.json`` record file (see :mod:`engine.source` for what is refused)."""
    from .source import SourceError, load

    try:
        source = load(path, what="the record")
    except SourceError as err:
        raise RecordError(err.message, err.path, err.line) from None
    return record_from_data(source.data, source.path, source)


def parse_record(text: str, fmt: str = "toml", path: str | None = None) -> Record:
    from .source import SourceError, parse

    try:
        source = parse(text, fmt, path)
    except SourceError as err:
        raise RecordError(err.message, err.path, err.line) from None
    return record_from_data(source.data, path, source)


def record_from_data(data: Any, path: str | None = None, origin: Source | None = None) -> Record:
    from .games import GAMES  # late: games import this module's users, not the other way

    shell = Record(game="", setup={}, moves=[], path=path, origin=origin)
    if not isinstance(data, dict):
        raise shell.error("a record must be a table of fields (game, the deal, actions)")
    game = data.get("game")
    if game is None:
        raise shell.error('the field "game" is missing (e.g. game = "madrasso")')
    if not isinstance(game, str):
        raise shell.error('"game" must be the name of a game in quotes (e.g. game = "madrasso")',
                          "game")
    if game not in GAMES:
        raise shell.error(f"unknown game {game!r}: expected one of {', '.join(sorted(GAMES))}", "game")
    shell.game = game
    if "actions" in data and "moves" in data:
        raise shell.error('give either "actions" or [[moves]], not both', "moves")
    moves = _read_moves(shell, data)
    sections = {k: data[k] for k in CONTENT_SECTIONS if k in data}
    for name, value in sections.items():
        if not isinstance(value, dict):
            raise shell.error(f'"{name}" must be a table', name)
    setup = {k: v for k, v in data.items()
             if k not in ("game", "actions", "moves") and k not in CONTENT_SECTIONS}
    _check_whole_numbers(shell, setup)
    return Record(game=game, setup=setup, moves=moves, sections=sections, path=path, origin=origin,
                  written_as_moves="moves" in data)


def _check_whole_numbers(shell: Record, setup: dict[str, Any]) -> None:
    """Seats, counts, totals and seeds: a deal has no fractions, so no game reads a float
    that equals a seat (``1.0 == 1``) as that seat."""
    stack: list[tuple[str, Any]] = list(reversed(setup.items()))
    while stack:  # a loop, not recursion: data from the browser may be deep
        where, value = stack.pop()
        if isinstance(value, float):
            hint = f" (write {int(value)})" if value.is_integer() else ""
            raise shell.error(f"{where}: {value!r} is not a whole number{hint}", where)
        if isinstance(value, list):
            stack.extend(reversed([(f"{where}[{i}]", v) for i, v in enumerate(value)]))
        elif isinstance(value, dict):
            stack.extend(reversed([(f"{where}.{k}", v) for k, v in value.items()]))


def _read_moves(shell: Record, data: dict[str, Any]) -> list[Move]:
    if "actions" in data:
        actions = data["actions"]
        if not isinstance(actions, list):
            raise shell.error('"actions" must be a list of action strings', "actions")
        for i, action in enumerate(actions):
            if not isinstance(action, str):
                raise shell.error(f"actions[{i}] must be a string such as \"KC\"", f"actions[{i}]")
        return [Move(a) for a in actions]
    raw = data.get("moves", [])
    if not isinstance(raw, list):
        raise shell.error("[[moves]] must be an array of tables", "moves")
    moves = []
    for i, item in enumerate(raw):
        if not isinstance(item, dict):
            raise shell.error(f"moves[{i}] must be a table with an action", f"moves[{i}]")
        action = item.get("action")
        if not isinstance(action, str):
            raise shell.error(f"move {i + 1} has no action (action = \"KC\")", f"moves[{i}]")
        note = item.get("note")
        if note is not None and not isinstance(note, str):
            raise shell.error(f"move {i + 1}: note must be text", f"moves[{i}].note")
        rules = item.get("rules", [])
        if isinstance(rules, str):
            rules = [rules]
        if not isinstance(rules, list) or not all(isinstance(r, str) for r in rules):
            raise shell.error(f"move {i + 1}: rules must be a list of section anchors",
                              f"moves[{i}].rules")
        extra = {k: v for k, v in item.items() if k not in ("action", "note", "rules")}
        moves.append(Move(action, note, list(rules), extra))
    return moves


# ---- building and replaying ---------------------------------------------------------------


def start_game(record: Record) -> Game:
    """The game at the record's setup, before any action; setup errors carry their line."""
    from .games import GAMES

    try:
        return GAMES[record.game].from_setup(dict(record.setup))
    except SetupError as err:
        raise record.error(f"{err.field}: {err.message}", err.field) from None


def replay(record: Record, stop: int | None = None) -> Game:
    """Start the game and apply the record's actions (the first ``stop`` of them if given).

    An illegal action raises RecordError naming its 1-based index, the seat and the rule.
    """
    game = start_game(record)
    moves = record.moves if stop is None else record.moves[:stop]
    field_name = "moves" if record.written_as_moves else "actions"
    for i, move in enumerate(moves):
        seat = game.current_player()
        where = f"{field_name}[{i}]"
        if field_name == "moves":
            where += ".action"
        try:
            game.apply(move.action)
        except ActionSyntaxError as err:
            raise record.error(f"action {i + 1} ({move.action!r}): {err}", where) from None
        except IllegalAction as err:
            who = f"seat {seat}" if seat is not None else "no seat"
            raise record.error(f"action {i + 1} ({move.action!r}, {who}): {err.rule}", where) from None
    return game
