"""The browser's door into the engine: one JSON request in, one JSON response out.

The Web Worker (templates/static/js/worker.mjs) calls :func:`handle` with a request string
and posts the returned string back to the page unchanged. Nothing here imports ``js`` or
touches the filesystem, so the same code runs (and is tested) on CPython and inside Pyodide.
The message protocol is documented in docs/worker-protocol.md.

A request is ``{"id": any, "op": name, ...arguments}``; the response is
``{"id": same, "ok": true, "result": {...}}`` or ``{"id": same, "ok": false, "error": {...}}``.
Errors are data, never exceptions across the boundary: an illegal move answers
``{"kind": "illegal", "rule": "...", "anchor": "playing-a-trick", "action": "KC", "seat": 2}``.

Each game lives behind an int *handle*. A handle remembers its *line*: the actions of the
loaded record (or those played so far), so ``step_to`` can go back and forward along it and
the table after a step back is exactly the table that was shown before (it is replayed from
the setup, not patched).

>>> import json
>>> bridge = Bridge()
>>> def ask(**request):
...     return json.loads(bridge.handle(json.dumps(request)))
>>> ask(id=1, op="nonsense")["error"]["kind"]
'request'
"""

from __future__ import annotations

import json
import traceback
from dataclasses import dataclass, field
from typing import Any, Callable

from .games import GAMES
from .protocol import ActionSyntaxError, EngineError, Game, IllegalAction, SetupError
from .record import Record, RecordError, record_from_data, start_game

PROTOCOL_VERSION = 1
"""Bumped whenever a request or response changes shape (the worker reports it on ready)."""


class RequestError(Exception):
    """A request the bridge cannot answer: unknown op, missing argument, unknown handle."""


@dataclass
class Session:
    """One game behind a handle: the record it started from, its line and where it stands."""

    record: Record
    game: Game
    line: list[str]
    """Every action known along this game's line; ``game`` has applied the first ``index``."""
    explanations: list[dict[str, Any]] = field(default_factory=list)
    """``explain(action)`` of each applied action, taken just before it was applied."""
    seats: list[int | None] = field(default_factory=list)
    """The seat that played each applied action."""
    view: int | None = None
    """The seat whose observation the state carries (None: open hands, the spectator)."""
    names: dict[str, Any] = field(default_factory=dict)
    """``seat_names`` and ``team_names`` the explanations use (e.g. South, East, North, West)."""

    @property
    def index(self) -> int:
        return len(self.game.actions)


class Bridge:
    """Games by handle, and the request dispatcher."""

    def __init__(self) -> None:
        self.sessions: dict[int, Session] = {}
        self.next_handle = 1
        self.ops: dict[str, Callable[[dict[str, Any]], Any]] = {
            "hello": self.op_hello,
            "games": self.op_games,
            "load": self.op_load,
            "new": self.op_new,
            "state": self.op_state,
            "legal": self.op_legal,
            "apply": self.op_apply,
            "observation": self.op_observation,
            "explain": self.op_explain,
            "step_to": self.op_step_to,
            "record": self.op_record,
            "summary": self.op_summary,
            "bot": self.op_bot,
            "undo": self.op_undo,
            "drop": self.op_drop,
        }

    # ---- the one entry point ----------------------------------------------------------------

    def handle(self, request_json: str) -> str:
        """Answer one request (a JSON string) with a response (a JSON string). Never raises."""
        request_id: Any = None
        try:
            try:
                request = json.loads(request_json)
            except (TypeError, ValueError) as err:
                raise RequestError(f"the request is not JSON: {err}") from None
            if not isinstance(request, dict):
                raise RequestError("a request must be a JSON object with an op")
            request_id = request.get("id")
            op = request.get("op")
            if op not in self.ops:
                raise RequestError(f"unknown op {op!r}: expected one of {', '.join(sorted(self.ops))}")
            result = self.ops[op](request)
            response = {"id": request_id, "ok": True, "result": result}
        except Exception as err:  # errors are data across the boundary
            response = {"id": request_id, "ok": False, "error": error_data(err)}
        return json.dumps(response, separators=(",", ":"))

    # ---- ops --------------------------------------------------------------------------------

    def op_hello(self, request: dict[str, Any]) -> dict[str, Any]:
        import sys

        return {"protocol": PROTOCOL_VERSION, "python": sys.version.split()[0],
                "games": sorted(GAMES), "bots": _bots_available()}

    def op_games(self, request: dict[str, Any]) -> dict[str, Any]:
        games = []
        for name in sorted(GAMES):
            try:
                cls = GAMES[name]
            except ImportError:  # a game whose module is not written yet
                continue
            games.append({"name": name, "min_players": cls.min_players,
                          "max_players": cls.max_players})
        return {"games": games}

    def op_load(self, request: dict[str, Any]) -> dict[str, Any]:
        """Open a record (the engine's JSON record form). ``at`` (default 0) is how many of
        its actions to apply at once; the rest stay on the line for ``step_to``."""
        data = _arg(request, "record", dict)
        record = record_from_data(data)
        game = start_game(record)
        session = Session(record, game, list(record.actions), view=_seat_arg(request, "view"),
                          names=_names_arg(request))
        _check_line(session)
        handle = self._open(session)
        at = request.get("at", 0)
        if at == "end":
            at = len(session.line)
        self._go_to(session, _int(at, "at"))
        return {"handle": handle, "state": self._state(session, request)}

    def op_new(self, request: dict[str, Any]) -> dict[str, Any]:
        """A new game shuffled from ``seed`` (``options`` are further setup fields)."""
        name = _arg(request, "game", str)
        if name not in GAMES:
            raise RequestError(f"unknown game {name!r}: expected one of {', '.join(sorted(GAMES))}")
        seed = _int(_arg(request, "seed"), "seed")
        options = request.get("options") or {}
        if not isinstance(options, dict):
            raise RequestError("options must be an object of setup fields")
        record = record_from_data({"game": name, "seed": seed, **options})
        game = start_game(record)
        session = Session(record, game, [], view=_seat_arg(request, "view"),
                          names=_names_arg(request))
        handle = self._open(session)
        return {"handle": handle, "state": self._state(session, request)}

    def op_state(self, request: dict[str, Any]) -> dict[str, Any]:
        session = self._session(request)
        if "view" in request:
            session.view = _seat_arg(request, "view")
        return self._state(session, request)

    def op_legal(self, request: dict[str, Any]) -> dict[str, Any]:
        session = self._session(request)
        return {"seat": session.game.current_player(), "actions": session.game.legal_actions()}

    def op_apply(self, request: dict[str, Any]) -> dict[str, Any]:
        """Play ``action`` now. Off the line's next action it starts a new branch (the line
        after this point is dropped). Answers the engine's explanation and the new state."""
        session = self._session(request)
        action = _arg(request, "action", str)
        explanation = self._apply(session, action)
        return {"explanation": explanation, "state": self._state(session, request)}

    def op_observation(self, request: dict[str, Any]) -> dict[str, Any]:
        session = self._session(request)
        return session.game.observation(_seat_arg(request, "seat"))

    def op_explain(self, request: dict[str, Any]) -> dict[str, Any]:
        """Facts about playing ``action`` now (or the line's next action when not given)."""
        session = self._session(request)
        action = request.get("action")
        if action is None:
            if session.index >= len(session.line):
                raise RequestError("no action given and the line has no next action")
            action = session.line[session.index]
        if not isinstance(action, str):
            raise RequestError("action must be a string such as \"KC\"")
        return _explain(session.game, action, session.names)

    def op_step_to(self, request: dict[str, Any]) -> dict[str, Any]:
        """Stand after the first ``index`` actions of the line (0 = the deal; "end" = all)."""
        session = self._session(request)
        index = request.get("index")
        if index == "end":
            index = len(session.line)
        self._go_to(session, _int(index, "index"))
        return self._state(session, request)

    def op_record(self, request: dict[str, Any]) -> dict[str, Any]:
        """The game so far as a JSON record (``line: true``: the whole line instead)."""
        session = self._session(request)
        data = session.game.record()
        if request.get("line"):
            data["actions"] = list(session.line)
        return data

    def op_summary(self, request: dict[str, Any]) -> dict[str, Any]:
        return self._session(request).game.summary()

    def op_bot(self, request: dict[str, Any]) -> dict[str, Any]:
        """The computer player's choice for the seat to play (``level``, ``seed``), with its
        reasons when the bot gives them. ``play: true`` also applies it."""
        session = self._session(request)
        try:
            from .bots import make_bot  # written beside this module; absent in early builds
        except ImportError:
            raise RequestError("no computer players in this build of the engine") from None
        game = session.game
        if game.is_over():
            raise RequestError("the game is over: no seat to play")
        level = request.get("level", "greedy")
        seed = _int(request.get("seed", 0), "seed")
        try:
            bot = make_bot(game.name, level, seed)
        except ValueError as err:  # an unknown level, or no bots for this game
            raise RequestError(str(err)) from None
        seat = game.current_player()
        result: dict[str, Any] = {"seat": seat, "level": level}
        if request.get("reasons"):
            choice = bot.explain_choice(game, seat)
            result.update(choice)
            action = choice["action"]
        else:
            action = bot.choose(game, seat)
        result["action"] = action
        if request.get("play"):
            result["explanation"] = self._apply(session, action)
            result["state"] = self._state(session, request)
        return result

    def op_undo(self, request: dict[str, Any]) -> dict[str, Any]:
        """Take back ``seat``'s last action: stand just before it, with the line after it
        dropped. The table is replayed from the setup, so it shows only what the seat saw
        then (the moves after, other seats' included, are gone from the record too)."""
        session = self._session(request)
        seat = _int(request.get("seat"), "seat")
        mine = [i for i, s in enumerate(session.seats) if s == seat]
        if not mine:
            raise RequestError(f"seat {seat} has no move to take back")
        index = mine[-1]
        del session.line[index:]
        self._go_to(session, index)
        return self._state(session, request)

    def op_drop(self, request: dict[str, Any]) -> dict[str, Any]:
        handle = _int(request.get("handle"), "handle")
        return {"dropped": self.sessions.pop(handle, None) is not None}

    # ---- helpers ----------------------------------------------------------------------------

    def _open(self, session: Session) -> int:
        handle = self.next_handle
        self.next_handle += 1
        self.sessions[handle] = session
        return handle

    def _session(self, request: dict[str, Any]) -> Session:
        handle = request.get("handle")
        if not isinstance(handle, int) or handle not in self.sessions:
            raise RequestError(f"unknown game handle {handle!r}: load or start a game first")
        return self.sessions[handle]

    def _apply(self, session: Session, action: str) -> dict[str, Any]:
        game = session.game
        seat = game.current_player()
        explanation = _explain(game, action, session.names) if not game.is_over() else {}
        game.apply(action)  # raises IllegalAction / ActionSyntaxError, state unchanged
        done = game.history()[-1]
        index = session.index
        if index > len(session.line) or session.line[index - 1] != done:
            del session.line[index - 1:]
            session.line.append(done)
        del session.explanations[index - 1:]
        del session.seats[index - 1:]
        session.explanations.append(explanation)
        session.seats.append(seat)
        return explanation

    def _go_to(self, session: Session, index: int) -> None:
        if not 0 <= index <= len(session.line):
            raise RequestError(f"index {index} is outside the line (0 to {len(session.line)})")
        if index < session.index:
            session.game = start_game(session.record)
            del session.explanations[:]
            del session.seats[:]
        while session.index < index:
            self._apply(session, session.line[session.index])

    def _state(self, session: Session, request: dict[str, Any]) -> dict[str, Any]:
        """Everything the table needs after a change, in one answer."""
        game = session.game
        index = session.index
        over = game.is_over()
        state: dict[str, Any] = {
            "game": game.name,
            "index": index,
            "length": len(session.line),
            "to_play": game.current_player(),
            "legal": game.legal_actions(),
            "over": over,
            "view": session.view,
            "observation": game.observation(session.view),
            "result": game.result(),
        }
        if index:
            state["last"] = {"index": index - 1, "action": game.history()[-1],
                             "seat": session.seats[-1], "explanation": session.explanations[-1]}
        else:
            state["last"] = None
        if index < len(session.line):
            state["next"] = session.line[index]
        else:
            state["next"] = None
        if request.get("with_summary"):
            state["summary"] = game.summary()
        return state


def _check_line(session: Session) -> None:
    """Replay the whole line once on a copy, so a bad record fails at load, not mid-demo."""
    game = start_game(session.record)
    for i, action in enumerate(session.line):
        seat = game.current_player()
        try:
            game.apply(action)
        except IllegalAction as err:
            err.index = i  # type: ignore[attr-defined]
            err.seat = seat if err.seat is None else err.seat
            raise


def _explain(game: Game, action: str, names: dict[str, Any] | None = None) -> dict[str, Any]:
    """The game's explanation, in the table's seat and team names when the game takes them."""
    try:
        if names:
            try:
                return game.explain(action, **names)
            except TypeError:  # a game whose explain() takes no names
                pass
        return game.explain(action)
    except EngineError:
        return {}


def _names_arg(request: dict[str, Any]) -> dict[str, Any]:
    names = {}
    for key in ("seat_names", "team_names"):
        value = request.get(key)
        if value is None:
            continue
        if not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
            raise RequestError(f"{key} must be a list of names")
        names[key] = value
    return names


def _bots_available() -> bool:
    import importlib.util

    try:
        return importlib.util.find_spec("engine.bots") is not None
    except (ImportError, ValueError):
        return False


def _arg(request: dict[str, Any], name: str, kind: type | None = None) -> Any:
    if name not in request:
        raise RequestError(f"the request needs {name!r}")
    value = request[name]
    if kind is not None and not isinstance(value, kind):
        raise RequestError(f"{name!r} must be a {kind.__name__}")
    return value


def _int(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RequestError(f"{name!r} must be an integer")
    return value


def _seat_arg(request: dict[str, Any], name: str) -> int | None:
    value = request.get(name)
    if value is None:
        return None
    return _int(value, name)


def error_data(err: BaseException) -> dict[str, Any]:
    """An exception as the data the page shows: kind, message and what the kind knows."""
    if isinstance(err, IllegalAction):
        data = {"kind": "illegal", "message": err.rule, "rule": err.rule, "anchor": err.anchor,
                "action": err.action, "seat": err.seat}
        if hasattr(err, "index"):
            data["index"] = err.index
        return data
    if isinstance(err, ActionSyntaxError):
        return {"kind": "syntax", "message": str(err)}
    if isinstance(err, RecordError):
        return {"kind": "record", "message": err.message, "line": err.line, "field": err.field}
    if isinstance(err, SetupError):
        return {"kind": "setup", "message": err.message, "field": err.field}
    if isinstance(err, RequestError):
        return {"kind": "request", "message": str(err)}
    if isinstance(err, EngineError):
        return {"kind": "engine", "message": str(err)}
    return {"kind": "internal", "message": f"{type(err).__name__}: {err}",
            "traceback": traceback.format_exc(limit=6)}


_DEFAULT = Bridge()


def handle(request_json: str) -> str:
    """The module-level entry point the worker calls: one shared :class:`Bridge`."""
    return _DEFAULT.handle(request_json)


def prepare() -> None:
    """Import every game and every computer player now.

    The browser calls this right before it takes a memory snapshot of a freshly started
    interpreter (templates/static/js/worker.mjs), so that an interpreter restored from the
    snapshot has nothing left to import. It plays nothing: the snapshot holds no game.
    """
    from .bots import LEVELS, make_bot

    for name in GAMES:
        GAMES[name]
        for level in LEVELS:
            make_bot(name, level, 0)


def after_restore() -> None:
    """Make an interpreter restored from a memory snapshot random again.

    Every restore of one snapshot starts from the same memory, so the ``random`` module
    would repeat the same numbers on every visit: reseed it from the system's entropy
    (games never use it: their deals come from the seed in their record).
    """
    import random

    random.seed()
