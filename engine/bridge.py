"""The browser's door into the engine: one JSON request in, one JSON answer out.

The Web Worker (templates/static/js/worker.mjs) calls :func:`handle` with a request string
and posts the returned string back to the page. Nothing here imports ``js`` or touches the
filesystem, so the same code runs (and is tested) on CPython and inside Pyodide. The message
protocol is documented in docs/worker-protocol.md.

A request is ``{"id": number|string, "op": name, ...arguments}``; the answer is
``{"id": same, "ok": true, "result": {...}}`` or ``{"id": same, "ok": false, "error": {...}}``.
Every request is first checked by :mod:`engine.validate` (types, sizes, known arguments), and
errors are data, never exceptions across the boundary: an illegal move answers
``{"kind": "illegal", "rule": "...", "anchor": "playing-a-trick", "action": "KC", "seat": 2}``.

Each game lives behind an int *handle*, in one of two kinds of session:

* a **seat's session** (``new`` with a ``seat``, or ``load`` with a ``seat``): the game as one
  seat plays it. Its seat is fixed when it is made; every answer is built from that seat's
  :class:`engine.view.SeatView` and from explanations told to that seat
  (:meth:`Game.explain` with ``viewer``): legal moves only on its own turn, other seats'
  moves as the table shows them, the computer's moves only once played. It never names the
  seed (drawn in secret unless a test gives one), and its records are the game redealt for
  the seat (:meth:`Game.redeal_unseen`): a take-back, a saved game, a resumed one tell
  nothing about the cards the seat has not seen.
* an **open session** (``load`` without a ``seat``): a record public by design (its cards
  are all written in it, or its game is over: a demo, a practice position, a finished deal),
  shown as any ``view`` likes, the spectator's (every hand) included.

A session remembers its *line*: the actions since its record's start, so an open session's
``step_to`` can go back and forward along it and the table after a step back is exactly the
table that was shown before (it is replayed from the setup, not patched).

>>> import json
>>> bridge = Bridge()
>>> def ask(**request):
...     return json.loads(bridge.handle(json.dumps(request)))
>>> ask(id=1, op="nonsense")["error"]["kind"]
'request'
>>> state = ask(id=2, op="new", game="briscola", seat=0)["result"]["state"]
>>> state["scope"], state["observation"]["hands"][1]       # North's hand is not South's to see
('seat', None)
"""

from __future__ import annotations

import json
import random
import traceback
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from . import validate as v
from .entropy import secret_rng
from .games import GAMES
from .protocol import NO_NAMES, ActionSyntaxError, EngineError, Game, IllegalAction, Names
from .protocol import SetupError
from .record import Record, RecordError, record_from_data, start_game
from .validate import RequestError

if TYPE_CHECKING:
    from .shapes import Observation

PROTOCOL_VERSION = 3
"""Bumped whenever a request or an answer changes shape (the worker reports it on ready).
2: seat's sessions and open sessions, ``deal_record``, strict requests, no seeds from the page.
3: one vocabulary (engine/shapes.py): ``side_names`` for ``team_names``; observations'
``side``/``sides``; every trick card ``{seat, card}``; a legal move's ``anchor``/``anchors``
(``rule`` only in refusals, in words)."""

__all__ = ["Bridge", "PROTOCOL_VERSION", "RequestError", "error_data", "handle"]


@dataclass
class Session:
    """One game behind a handle: the record its line starts from, the line, where it stands."""

    record: Record
    start: Game
    """The game at the line's start, cloned to go back (a match's later deals included:
    replaying from the record alone would shuffle a secret future afresh)."""
    game: Game
    line: list[str]
    """Every action known along this game's line; ``game`` has applied the first ``index``."""
    viewer: int | None
    """A seat's session: its seat. An open session: the view its answers show (None: the
    spectator, every hand)."""
    seat_scoped: bool
    secrets: random.Random
    """The session's own randomness: redeals and the computer players' seeds."""
    names: Names = NO_NAMES
    """The seat and side names the explanations use (e.g. South, East, North, West)."""
    explanations: list[dict[str, Any]] = field(default_factory=list)
    """The explanation of each applied action, as the session's viewer was told it."""
    seats: list[int | None] = field(default_factory=list)
    """The seat that played each applied action."""
    bot_seed: int = 0

    @property
    def index(self) -> int:
        return len(self.explanations)

    @property
    def seat(self) -> int:
        """A seat's session: its seat."""
        assert self.viewer is not None
        return self.viewer

    @property
    def told(self) -> int | None:
        """Who the explanations are for: the seat of a seat's session; everybody (None) in an
        open session, whose record hides nothing."""
        return self.viewer if self.seat_scoped else None


class Bridge:
    """Games by handle, and the request dispatcher."""

    def __init__(self, bot_options: dict[str, Any] | None = None) -> None:
        self.sessions: dict[int, Session] = {}
        self.next_handle = 1
        self.bot_options = dict(bot_options or {})
        """Extra arguments for make_bot (tests give the expert fewer samples)."""
        self.ops: dict[str, Callable[[Any], Any]] = {
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
            "deal_record": self.op_deal_record,
            "summary": self.op_summary,
            "bot": self.op_bot,
            "undo": self.op_undo,
            "drop": self.op_drop,
        }
        assert set(self.ops) == set(v.REQUESTS)

    # ---- the one entry point ----------------------------------------------------------------

    def handle(self, request_json: Any) -> str:
        """Answer one request (a JSON string) with an answer (a JSON string). Never raises."""
        request_id: v.RequestId = None
        try:
            data = v.parse_json(request_json)
            request_id = v.request_id(data)
            request = v.read_request(data)
            response = {"id": request_id, "ok": True, "result": self.ops[request.op](request)}
            return json.dumps(response, separators=(",", ":"), allow_nan=False)
        except Exception as err:  # errors are data across the boundary
            response = {"id": request_id, "ok": False, "error": error_data(err)}
            return json.dumps(response, separators=(",", ":"), default=str)

    # ---- ops --------------------------------------------------------------------------------

    def op_hello(self, request: v.Hello) -> dict[str, Any]:
        import sys

        return {"protocol": PROTOCOL_VERSION, "python": sys.version.split()[0],
                "games": sorted(GAMES), "bots": _bots_available()}

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

    def op_new(self, request: v.New) -> dict[str, Any]:
        """A new game for ``seat``, shuffled from a secret seed (``seed``: a test hook that
        fixes the deal, the computer players and the redeals)."""
        if request.game not in GAMES:
            raise RequestError(f"unknown game {request.game!r}: expected one of "
                               f"{', '.join(sorted(GAMES))}")
        if request.seed is None:
            secrets = secret_rng()
            seed = secrets.getrandbits(64)
        else:
            seed = request.seed
            secrets = random.Random(f"session/{seed}")
        record = record_from_data({"game": request.game, "seed": seed, **(request.options or {})})
        game = start_game(record)
        session = Session(record, game.clone(), game, [], _seat_of(game, request.seat, "seat"),
                          True, secrets, names=_names(request, game))
        session.bot_seed = secrets.getrandbits(32)
        return self._open(session, request.with_summary)

    def op_load(self, request: v.Load) -> dict[str, Any]:
        """Open a record (the engine's JSON record form). With ``seat``: that seat's session,
        standing after all the record's actions, every card the seat has not seen redealt.
        Without: an open session of a public record (``view``: whose cards show, null for
        every hand), standing after ``at`` of its actions (default 0; the rest stay on the
        line for ``step_to``)."""
        if request.seat is not None and request.view is not None:
            raise RequestError("give a seat (that seat's game) or a view (an open record), not both")
        record = record_from_data(request.record)
        game = start_game(record)
        end = _check_line(record, game)
        names = _names(request, game)
        if request.seat is not None:
            if request.at not in (None, "end", len(record.actions)):
                raise RequestError("a seat's game stands at the end of its record (at: \"end\")")
            seat = _seat_of(game, request.seat, "seat")
            session = Session(record, game.clone(), game, list(record.actions), seat, True,
                              secret_rng(), names=names)
            session.bot_seed = session.secrets.getrandbits(32)
            self._go_to(session, len(session.line))
            if not session.game.is_over():
                self._redeal(session)
            return self._open(session, request.with_summary)
        if not end.is_public():
            raise RequestError(
                "this game is not over and its cards are secret (shuffled from a seed, or "
                "dealt on in secret): it can be played from one seat, never shown face up")
        session = Session(record, game.clone(), game, list(record.actions),
                          _seat_of(game, request.view, "view"), False, random.Random(0), names=names)
        at = request.at or 0
        self._go_to(session, at if isinstance(at, int) else len(session.line))
        return self._open(session, request.with_summary)

    def op_state(self, request: v.State) -> dict[str, Any]:
        session = self._session(request)
        if request.view is not v.UNSET and request.view != session.viewer:
            if session.seat_scoped:
                raise RequestError(f"this is seat {session.viewer}'s game: it cannot be "
                                   "seen from another seat or with every hand open")
            session.viewer = _seat_of(session.game, request.view, "view")
        return self._state(session, request.with_summary)

    def op_legal(self, request: v.Legal) -> dict[str, Any]:
        session = self._session(request)
        view = session.game.view(session.viewer)
        return {"seat": view.to_play, "actions": list(view.legal)}

    def op_apply(self, request: v.Apply) -> dict[str, Any]:
        """Play ``action`` now (in a seat's session: the seat's own move, on its turn). Off the
        line's next action it starts a new branch (the line after this point is dropped).
        Answers the explanation and the new state."""
        session = self._session(request)
        if session.seat_scoped:
            _check_turn(session)
        explanation = self._apply(session, request.action)
        return {"explanation": explanation, "state": self._state(session, request.with_summary)}

    def op_observation(self, request: v.Observation) -> Observation:
        session = self._session(request)
        seat = session.viewer if request.seat is v.UNSET else request.seat
        if session.seat_scoped and seat != session.viewer:
            raise RequestError(f"this is seat {session.viewer}'s game: only its own "
                               "observation can be read")
        return session.game.view(_seat_of(session.game, seat, "seat")).observation

    def op_explain(self, request: v.Explain) -> dict[str, Any]:
        """Facts about playing ``action`` now (or the line's next action when not given). In a
        seat's session only on the seat's own turn: asking about another seat's move would
        tell which cards it holds."""
        session = self._session(request)
        if session.seat_scoped:
            _check_turn(session)
        action = request.action
        if action is None:
            if session.index >= len(session.line):
                raise RequestError("no action given and the line has no next action")
            action = session.line[session.index]
        return _explain(session.game, action, session.told, session.names)

    def op_step_to(self, request: v.StepTo) -> dict[str, Any]:
        """Stand after the first ``index`` actions of the line (0 = the deal; "end" = all)."""
        session = self._session(request)
        if session.seat_scoped:
            raise RequestError("a seat's game moves on by playing; take your move back with undo")
        index = request.index
        self._go_to(session, index if isinstance(index, int) else len(session.line))
        return self._state(session, request.with_summary)

    def op_record(self, request: v.RecordOf) -> dict[str, Any]:
        """The game so far as a JSON record. A seat's game: redealt for the seat (the cards it
        has not seen dealt afresh, so the record tells nothing of them), or once over the
        last deal played. An open game: its record (``line: true``: the whole line)."""
        session = self._session(request)
        game = session.game
        if session.seat_scoped:
            if game.is_over():
                return game.finished_deals()[-1]
            return game.redeal_unseen(session.seat, session.secrets).record()
        data = game.record()
        if request.line:
            data["actions"] = list(session.line)
        return data

    def op_deal_record(self, request: v.DealRecord) -> dict[str, Any]:
        """A deal played out, as its own public record (explicit cards and that deal's actions,
        with its deal number, dealer and totals before it): ``deal`` by number, default the
        last one finished. This is what "Replay this deal" shares."""
        session = self._session(request)
        deals = session.game.finished_deals()
        if request.deal is not None:
            deals = [d for d in deals if d.get("deal", 1) == request.deal]
        if not deals:
            if request.deal is None:
                raise RequestError("no deal has been played out in this game yet")
            raise RequestError(f"deal {request.deal} has not been played out in this game")
        return deals[-1]

    def op_summary(self, request: v.Summary) -> dict[str, Any]:
        """The game's tricks or plays, points and result: what the table has shown."""
        return self._session(request).game.summary()

    def op_bot(self, request: v.Bot) -> dict[str, Any]:
        """The computer player's choice for the seat to play (``level``), with its reasons
        when the bot gives them (``reasons``); ``play: true`` also applies it. In a seat's
        session the computer's move for another seat is only played, never told beforehand,
        and the players' seeds are the engine's own; the seat's own move may be asked for
        (the hint) or played."""
        session = self._session(request)
        try:
            from .bots import make_bot  # written beside this module; absent in early builds
        except ImportError:
            raise RequestError("no computer players in this build of the engine") from None
        game = session.game
        if game.is_over():
            raise RequestError("the game is over: no seat to play")
        seat = game.current_player()
        assert seat is not None
        seed = request.seed if request.seed is not None else 0
        if session.seat_scoped:
            if request.seed is not None:
                raise RequestError("in a seat's game the computer players' seeds are the engine's")
            seed = session.bot_seed
            if seat != session.viewer and (request.reasons or not request.play):
                raise RequestError(f"seat {seat}'s move is shown once it is played (play: true), "
                                   "and its reasons are its own")
        try:
            bot = make_bot(game.name, request.level, seed, **self.bot_options)
        except ValueError as err:  # no bots for this game
            raise RequestError(str(err)) from None
        result: dict[str, Any] = {"seat": seat, "level": request.level}
        if request.reasons:
            choice = bot.explain_choice(game, seat)
            result.update(choice)
            action = choice["action"]
        else:
            action = bot.choose(game, seat)
        result["action"] = action
        if request.play:
            result["explanation"] = self._apply(session, action)
            result["state"] = self._state(session, request.with_summary)
        return result

    def op_undo(self, request: v.Undo) -> dict[str, Any]:
        """Take back ``seat``'s last action (a seat's session: its own): stand just before it,
        with the line after it dropped. In a seat's session the cards the seat has not seen
        are then dealt afresh, so the take-back shows nothing of where they were."""
        session = self._session(request)
        seat = request.seat
        if session.seat_scoped:
            if seat not in (None, session.viewer):
                raise RequestError(f"this is seat {session.viewer}'s game: only its own moves "
                                   "can be taken back")
            seat = session.viewer
        elif seat is None:
            raise RequestError("undo needs the seat whose move to take back")
        mine = [i for i, s in enumerate(session.seats) if s == seat]
        if not mine:
            raise RequestError("you have no move to take back in this deal" if session.seat_scoped
                               else f"seat {seat} has no move to take back")
        index = mine[-1]
        del session.line[index:]
        self._go_to(session, index)
        if session.seat_scoped:
            self._redeal(session)
        return self._state(session, request.with_summary)

    def op_drop(self, request: v.Drop) -> dict[str, Any]:
        return {"dropped": self.sessions.pop(request.handle, None) is not None}

    # ---- helpers ----------------------------------------------------------------------------

    def _open(self, session: Session, with_summary: bool) -> dict[str, Any]:
        """Register a session whose request has succeeded, with the state it answers."""
        state = self._state(session, with_summary)
        handle = self.next_handle
        self.next_handle += 1
        self.sessions[handle] = session
        return {"handle": handle, "state": state}

    def _session(self, request: Any) -> Session:
        session = self.sessions.get(request.handle)
        if session is None:
            raise RequestError(f"unknown game handle {request.handle}: load or start a game first")
        return session

    def _apply(self, session: Session, action: str) -> dict[str, Any]:
        game = session.game
        seat = game.current_player()
        explanation = _explain(game, action, session.told, session.names) if not game.is_over() else {}
        game.apply(action)  # raises IllegalAction / ActionSyntaxError, state unchanged
        done = game.action_to_string(game.actions[-1])
        index = session.index
        if index >= len(session.line) or session.line[index] != done:
            del session.line[index:]
            session.line.append(done)
        session.explanations.append(explanation)
        session.seats.append(seat)
        return explanation

    def _go_to(self, session: Session, index: int) -> None:
        if not 0 <= index <= len(session.line):
            raise RequestError(f"index {index} is outside the line (0 to {len(session.line)})")
        if index < session.index:
            session.game = session.start.clone()
            del session.explanations[:]
            del session.seats[:]
        while session.index < index:
            self._apply(session, session.line[session.index])

    def _redeal(self, session: Session) -> None:
        """Deal the cards the session's seat has not seen afresh; the redealt game's record
        becomes the session's record and line (this deal's actions)."""
        redealt = session.game.redeal_unseen(session.seat, session.secrets)
        session.record = record_from_data(redealt.record())
        session.line = list(session.record.actions)
        session.start = start_game(session.record)
        session.start.reseed_later_deals(session.secrets)
        session.game = session.start.clone()
        del session.explanations[:]
        del session.seats[:]
        self._go_to(session, len(session.line))

    def _state(self, session: Session, with_summary: bool = False) -> dict[str, Any]:
        """Everything the table needs after a change, in one answer, built from the session's
        view of the game (and its explanations, told to the same viewer)."""
        game = session.game
        view = game.view(session.viewer)
        index = session.index
        state: dict[str, Any] = {
            "game": view.game,
            "index": index,
            "length": len(session.line),
            "to_play": view.to_play,
            "legal": list(view.legal),
            "over": view.over,
            "view": view.viewer,
            "scope": "seat" if session.seat_scoped else "open",
            "observation": view.observation,
            "exposed": [list(cards) for cards in view.exposed],
            "voids": list(view.voids),
            "result": view.result,
            "last": None,
            "next": session.line[index] if index < len(session.line) else None,
        }
        if index:
            state["last"] = {"index": index - 1, "action": game.action_to_string(game.actions[-1]),
                             "seat": session.seats[-1], "explanation": session.explanations[-1]}
        if with_summary:
            state["summary"] = game.summary()
        return state


def _check_turn(session: Session) -> None:
    """A seat's session acts only for its seat, on its turn."""
    mover = session.game.current_player()
    if mover is not None and mover != session.viewer:
        raise RequestError(f"it is not your turn: seat {mover} plays next")


def _check_line(record: Record, game: Game) -> Game:
    """Replay the whole line once on a copy, so a bad record fails at load, not mid-demo.
    Returns the game at the line's end."""
    game = game.clone()
    for i, action in enumerate(record.actions):
        seat = game.current_player()
        try:
            game.apply(action)
        except IllegalAction as err:
            err.index = i  # type: ignore[attr-defined]
            err.seat = seat if err.seat is None else err.seat
            raise
    return game


def _seat_of(game: Game, seat: int | None, name: str) -> int | None:
    if seat is not None and not 0 <= seat < game.num_players:
        raise RequestError(f"{name} must be a seat from 0 to {game.num_players - 1} "
                           f"({game.num_players} players), not {seat}")
    return seat


def _names(request: v.New | v.Load, game: Game) -> Names:
    """The table's names for the seats and the sides, which the explanations use."""
    seats, sides = request.seat_names or (), request.side_names or ()
    if seats and len(seats) != game.num_players:
        raise RequestError(f"seat_names must name all {game.num_players} seats")
    if sides and len(sides) != len(game.side_seats()):
        raise RequestError("side_names must name every side")
    return Names(seats=tuple(seats), sides=tuple(sides))


def _explain(game: Game, action: str, viewer: int | None, names: Names) -> dict[str, Any]:
    """The game's explanation told to ``viewer``, in the table's names."""
    try:
        return dict(game.explain(action, viewer, names))
    except EngineError:
        return {}


def _bots_available() -> bool:
    import importlib.util

    try:
        return importlib.util.find_spec("engine.bots") is not None
    except (ImportError, ValueError):
        return False


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
    would repeat the same numbers on every visit: reseed it from the system's entropy. (The
    games' secret seeds come from the system's entropy directly, engine/entropy.py.)
    """
    random.seed()
