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

Errors are :class:`RecordError` values that know the file and the line (TOML and JSON alike).
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .protocol import ActionSyntaxError, EngineError, Game, IllegalAction, SetupError

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
    source: str | None = None
    """The text the record was read from, for line numbers; None when built from data."""
    format: str = "toml"
    """``toml`` or ``json``: the syntax of ``source``."""
    written_as_moves: bool = False
    """True when the actions were written as ``[[moves]]`` tables (``moves`` in JSON)."""

    @property
    def actions(self) -> list[str]:
        return [m.action for m in self.moves]

    def line_of(self, field_path: str) -> int | None:
        """The 1-based line of a field such as ``hands[2]``, ``actions[4]`` or ``moves[3].note``."""
        if self.source is None:
            return None
        if self.format == "json":
            return locate_json(self.source, field_path)
        return locate(self.source, field_path)

    def error(self, message: str, field_path: str | None = None) -> RecordError:
        line = self.line_of(field_path) if field_path else None
        return RecordError(message, self.path, line, field_path)

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
    """Read a ``.toml`` or ``.json`` record file."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise RecordError(f"cannot read the record: {err.strerror}", str(path)) from None
    fmt = "json" if path.suffix.lower() == ".json" else "toml"
    return parse_record(text, fmt, str(path))


def parse_record(text: str, fmt: str = "toml", path: str | None = None) -> Record:
    if fmt == "toml":
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as err:
            line = getattr(err, "lineno", None) or _toml_error_line(str(err))
            raise RecordError(f"not valid TOML: {_toml_error_message(str(err))}", path, line) from None
        return record_from_data(data, path, text)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise RecordError(f"not valid JSON: {err.msg}", path, err.lineno) from None
    return record_from_data(data, path, text, "json")


def record_from_data(data: Any, path: str | None = None, source: str | None = None,
                     fmt: str = "toml") -> Record:
    from .games import GAMES  # late: games import this module's users, not the other way

    shell = Record(game="", setup={}, moves=[], path=path, source=source, format=fmt)
    if not isinstance(data, dict):
        raise shell.error("a record must be a table of fields (game, the deal, actions)")
    game = data.get("game")
    if game is None:
        raise shell.error('the field "game" is missing (e.g. game = "madrasso")')
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
    return Record(game=game, setup=setup, moves=moves, sections=sections, path=path, source=source,
                  format=fmt, written_as_moves="moves" in data)


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


# ---- line numbers in TOML source ----------------------------------------------------------


def locate(source: str, field_path: str) -> int | None:
    """The 1-based line where ``field_path`` is written in TOML ``source``, or None.

    Understands ``key``, ``key[i]`` (the i-th element of an array, nested arrays counted at
    the first level), ``moves[i]`` and ``moves[i].key`` for arrays of tables, and dotted keys
    inside tables (``practice.seats``). Good enough for the records this project writes; when
    unsure it returns the line of the key itself.
    """
    import re

    parts = re.findall(r"[A-Za-z_][A-Za-z0-9_-]*|\[\d+\]", field_path)
    if not parts:
        return None
    lines = source.splitlines()
    key = parts[0]
    rest = parts[1:]
    # An array of tables: [[key]] headers, one per element.
    headers = [n for n, text in enumerate(lines) if text.strip() == f"[[{key}]]"]
    if headers:
        if not rest or not rest[0].startswith("["):
            return headers[0] + 1
        index = int(rest[0][1:-1])
        if index >= len(headers):
            return headers[-1] + 1
        start = headers[index]
        if len(rest) > 1 and not rest[1].startswith("["):
            sub = rest[1]
            for n in range(start + 1, len(lines)):
                stripped = lines[n].strip()
                if stripped.startswith("["):
                    break
                if re.match(rf"{re.escape(sub)}\s*=", stripped):
                    return n + 1
        return start + 1
    # A table: [key] header, then the sub-key inside it.
    for n, text in enumerate(lines):
        if text.strip() == f"[{key}]" and rest and not rest[0].startswith("["):
            for m in range(n + 1, len(lines)):
                stripped = lines[m].strip()
                if stripped.startswith("["):
                    break
                if re.match(rf"{re.escape(rest[0])}\s*=", stripped):
                    return m + 1
            return n + 1
    # A plain key at the top level (before any table header).
    header = re.compile(r"\s*\[\[?\s*[A-Za-z_][\w.-]*\s*\]\]?\s*(#.*)?$")
    for n, text in enumerate(lines):
        if header.match(text):
            break
        match = re.match(rf"\s*{re.escape(key)}\s*=", text)
        if match:
            if rest and rest[0].startswith("["):
                index = int(rest[0][1:-1])
                found = _element_line(lines, n, match.end(), index)
                return found if found is not None else n + 1
            return n + 1
    return None


def _element_line(lines: list[str], row: int, col: int, index: int) -> int | None:
    """The line of the index-th top-level element of the array starting after (row, col)."""
    depth = 0
    count = -1
    in_string: str | None = None
    expecting = False
    for n in range(row, len(lines)):
        text = lines[n]
        start = col if n == row else 0
        i = start
        while i < len(text):
            ch = text[i]
            if in_string:
                if ch == "\\" and in_string == '"':
                    i += 2
                    continue
                if ch == in_string:
                    in_string = None
            elif ch == "#":
                break
            elif ch in "\"'":
                if depth == 1 and expecting:
                    count += 1
                    expecting = False
                    if count == index:
                        return n + 1
                in_string = ch
            elif ch in "[{":
                depth += 1
                if depth == 1:
                    expecting = True
                elif depth == 2 and expecting:
                    count += 1
                    expecting = False
                    if count == index:
                        return n + 1
            elif ch in "]}":
                depth -= 1
                if depth == 0:
                    return None
            elif ch == "," and depth == 1:
                expecting = True
            elif not ch.isspace() and depth == 1 and expecting:
                count += 1
                expecting = False
                if count == index:
                    return n + 1
            i += 1
    return None


def locate_json(source: str, field_path: str) -> int | None:
    """The 1-based line where ``field_path`` is written in JSON ``source``, or None.

    Finds the first ``"key":`` of the path, then the i-th element of its array, then (for
    ``moves[i].action``) the sub-key at or after that element's line.
    """
    import re

    parts = re.findall(r"[A-Za-z_][A-Za-z0-9_-]*|\[\d+\]", field_path)
    if not parts:
        return None
    lines = source.splitlines()
    key, rest = parts[0], parts[1:]
    pattern = re.compile(rf'"{re.escape(key)}"\s*:')
    for n, text in enumerate(lines):
        match = pattern.search(text)
        if not match:
            continue
        if not rest or not rest[0].startswith("["):
            return n + 1
        found = _element_line(lines, n, match.end(), int(rest[0][1:-1]))
        if found is None:
            return n + 1
        if len(rest) > 1 and not rest[1].startswith("["):
            sub = re.compile(rf'"{re.escape(rest[1])}"\s*:')
            for m in range(found - 1, len(lines)):
                if sub.search(lines[m]):
                    return m + 1
        return found
    return None


def _toml_error_line(message: str) -> int | None:
    import re

    match = re.search(r"line (\d+)", message)
    return int(match.group(1)) if match else None


def _toml_error_message(message: str) -> str:
    import re

    return re.sub(r"\s*\(at line \d+, column \d+\)", "", message) or message
