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
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from . import validate as v
from .cards import current_deck, naming
from .entropy import secret_rng
from .games import GAMES
from .protocol import NO_NAMES, ActionSyntaxError, EngineError, Game, IllegalAction, Names
from .protocol import SetupError
from .record import Record, RecordError, record_from_data, start_game
from .validate import RequestError
from .table import deal_over, describe_table, public_table, refused_sentence
from .view import common

if TYPE_CHECKING:
    from .shapes import Observation

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
    named: list[str] = field(default_factory=list)
    """The deck each explanation names the cards in (beside ``explanations``, when as long)."""
    seats: list[int | None] = field(default_factory=list)
    """The seat that played each applied action."""
    bot_seed: int = 0
    bottom: int | None = None
    """An open session: the seat its tables place at the bottom (None: the view's seat, or
    seat 0 for every hand). Layout only: a seat's session always has its own seat there."""

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


@dataclass
class Table:
    """One game that every seat of a table plays (the friends' table): the whole game, and for
    each seat what it was told of each move (the first ones left empty after a reload)."""

    record: Record
    game: Game
    secrets: random.Random
    names: Names
    players: int
    told: list[list[dict[str, Any]]] = field(default_factory=list)
    movers: list[int | None] = field(default_factory=list)
    bot_seed: int = 0


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
        self.tables: dict[int, Table] = {}
        self.ops.update(self.table_ops())
        # ---- the coach's ops (issue 17) ----
        self.ops.update({"hint": self.op_hint, "review_start": self.op_review_start,
                         "review_step": self.op_review_step})
        self.reviews: dict[int, Any] = {}
        """Reviews in progress (engine.coach.review.Review), by the number review_start gave."""
        self.next_review = 1
        # ---- end of the coach's ops ----
        assert set(self.ops) == set(v.REQUESTS)

    # ---- the one entry point ----------------------------------------------------------------

    def handle(self, request_json: Any) -> str:
        """Answer one request (a JSON string) with an answer (a JSON string). Never raises."""
        request_id: v.RequestId = None
        try:
            data = v.parse_json(request_json)
            request_id = v.request_id(data)
            request = v.read_request(data)
            with naming(v.request_deck(data)):   # every card named in the answer, in the deck's words
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
        if request.seat is not None and request.bottom not in (None, request.seat):
            raise RequestError("a seat's game has its own seat at the bottom: give a bottom "
                               "only for an open record")
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
                          _seat_of(game, request.view, "view"), False, random.Random(0), names=names,
                          bottom=_seat_of(game, request.bottom, "bottom"))
        at = request.at or 0
        self._go_to(session, at if isinstance(at, int) else len(session.line))
        return self._open(session, request.with_summary)

    def op_state(self, request: v.State) -> dict[str, Any]:
        """The table now; an open session may change its ``view`` (whose cards show) and its
        ``bottom`` (the seat placed at the bottom, null: the view's), kept for what follows.
        ``next_deal``: the page has shown a finished deal and moves on, so the table is the next
        deal's as it is dealt (the deal-ending move left out of it: its trick or capture is no
        longer on the table, and the seat to lead may act on the new deal's cards)."""
        session = self._session(request)
        if request.view is not v.UNSET and request.view != session.viewer:
            if session.seat_scoped:
                raise RequestError(f"this is seat {session.viewer}'s game: it cannot be "
                                   "seen from another seat or with every hand open")
            session.viewer = _seat_of(session.game, request.view, "view")
        if request.bottom is not v.UNSET and request.bottom != session.bottom:
            if session.seat_scoped and request.bottom != session.viewer:
                raise RequestError(f"this is seat {session.viewer}'s game: its own seat sits "
                                   "at the bottom")
            session.bottom = _seat_of(session.game, request.bottom, "bottom")
        return self._state(session, request.with_summary, next_deal=request.next_deal)

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
            from .coach import explain_choice  # the expert's reasons in words (issue 17)

            choice = explain_choice(bot, game, seat, list(session.names.seats) or None)
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
        dropped = self.sessions.pop(request.handle, None) or self.tables.pop(request.handle, None)
        return {"dropped": dropped is not None}

    # ---- a table of several seats (the friends' table, docs/friends.md) -------------------
    # The host's page holds the whole game; each of its answers carries every seat's state,
    # each built from that seat's view and told as that seat was told, and the spectators'
    # (``public``: what every seat's state says alike, no hand). The host sends each guest only
    # its own; a seat's move is checked here like any move, on that seat's turn only.

    def table_ops(self) -> dict[str, Callable[[Any], Any]]:
        return {"table_new": self.op_table_new, "table_load": self.op_table_load,
                "table_state": self.op_table_state, "table_apply": self.op_table_apply,
                "table_bot": self.op_table_bot, "table_record": self.op_table_record,
                "table_deal_record": self.op_table_deal_record}

    def op_table_new(self, request: v.TableNew) -> dict[str, Any]:
        if request.game not in GAMES:
            raise RequestError(f"unknown game {request.game!r}: expected one of "
                               f"{', '.join(sorted(GAMES))}")
        secrets = secret_rng() if request.seed is None else random.Random(f"table/{request.seed}")
        # The host's page keeps this record (table_record) through JavaScript, whose numbers
        # hold 53 bits exactly: a longer seed would come back as another deal.
        seed = secrets.getrandbits(53) if request.seed is None else request.seed
        record = record_from_data({"game": request.game, "seed": seed, **(request.options or {})})
        return self._open_table(record, start_game(record), secrets, request)

    def op_table_load(self, request: v.TableLoad) -> dict[str, Any]:
        """The table's record again (the host's page reloaded): the same game, to its end."""
        record = record_from_data(request.record)
        game = start_game(record)
        _check_line(record, game)
        for action in record.actions[:-1]:
            game.apply(action)
        return self._open_table(record, game, secret_rng(), request, record.actions[-1:])

    def _open_table(self, record: Record, game: Game, secrets: random.Random,
                    request: v.TableNew | v.TableLoad, last: Sequence[str] = ()) -> dict[str, Any]:
        table = Table(record, game, secrets, _names(request, game), game.num_players,
                      bot_seed=secrets.getrandbits(32))
        table.told = [[{}] * len(game.actions) for _ in range(table.players)]
        table.movers = [None] * len(game.actions)
        for action in last:
            self._table_apply(table, action)
        answer = self._table_answer(table, request.with_summary)
        handle = self.next_handle
        self.next_handle += 1
        self.tables[handle] = table
        return {"handle": handle, "players": table.players, **answer}

    def op_table_state(self, request: v.TableState) -> dict[str, Any]:
        """Every seat's state now. ``next_deal``: every seat has seen the finished deal, so each
        seat's table (and the spectators') is the next deal's as dealt, as ``state`` says it."""
        return self._table_answer(self._table(request), request.with_summary, request.next_deal)

    def op_table_apply(self, request: v.TableApply) -> dict[str, Any]:
        table = self._table(request)
        mover = table.game.current_player()
        _seat_of(table.game, request.seat, "seat")
        if mover != request.seat:
            raise RequestError("the game is over" if mover is None
                               else f"it is not your turn: seat {mover} plays next")
        action = self._table_apply(table, request.action)
        return {"seat": mover, "action": action, **self._table_answer(table, request.with_summary)}

    def op_table_bot(self, request: v.TableBot) -> dict[str, Any]:
        """The computer plays the seat to play; like every player it sees only its own seat."""
        from .bots import make_bot

        table = self._table(request)
        mover = table.game.current_player()
        if mover is None:
            raise RequestError("the game is over: no seat to play")
        bot = make_bot(table.game.name, request.level, table.bot_seed, **self.bot_options)
        action = self._table_apply(table, bot.choose(table.game, mover))
        return {"seat": mover, "action": action, **self._table_answer(table, request.with_summary)}

    def op_table_record(self, request: v.TableRecord) -> dict[str, Any]:
        """The whole game as it stands (its seed: a secret of the host's page, for its storage)."""
        return self._table(request).game.record()

    def op_table_deal_record(self, request: v.TableDealRecord) -> dict[str, Any]:
        deals = [d for d in self._table(request).game.finished_deals()
                 if request.deal in (None, d.get("deal", 1))]
        if not deals:
            raise RequestError("that deal has not been played out at this table")
        return deals[-1]

    def _table(self, request: Any) -> Table:
        table = self.tables.get(request.handle)
        if table is None:
            raise RequestError(f"unknown table handle {request.handle}: start or load a table first")
        return table

    def _table_apply(self, table: Table, action: str) -> str:
        """Play ``action`` once, each seat told of it as its own view allows."""
        game = table.game
        mover = game.current_player()
        told = [_explain(game, action, seat, table.names) if mover is not None else {}
                for seat in range(table.players)]
        _apply_or_refuse(game, action)
        for seat, explanation in enumerate(told):
            table.told[seat].append(explanation)
        table.movers.append(mover)
        return game.action_to_string(game.actions[-1])

    def _table_answer(self, table: Table, with_summary: bool,
                      next_deal: bool = False) -> dict[str, Any]:
        line = table.game.history()
        states = []
        for seat in range(table.players):
            session = Session(table.record, table.game, table.game, line, seat, True,
                              table.secrets, names=table.names, explanations=table.told[seat],
                              seats=table.movers)
            states.append({**self._state(session, with_summary, next_deal=next_deal),
                           "scope": "table"})
        public = {**common(states), "legal": [], "view": None}
        public["table"] = public_table(public["table"], table.players)
        return {"states": states, "public": public}

    # ---- the coach's ops (issue 17: engine/coach) ----------------------------------------------

    def op_hint(self, request: v.Hint) -> dict[str, Any]:
        """The expert's move for the seat's own turn, with its reasons in the game's words:
        what the move does, what is at stake, what the seat knows, and how much better than
        the next best move the expert expects it to be. A seat's session only: the hint
        speaks from that seat's knowledge."""
        from .bots import make_bot
        from .coach import hint_for

        session = self._session(request)
        if not session.seat_scoped:
            raise RequestError("a hint is for a seat's own game (new, or load with a seat)")
        if session.game.is_over():
            raise RequestError("the game is over: there is no move to hint")
        _check_turn(session)
        bot = make_bot(session.game.name, "expert", session.bot_seed, **self.bot_options)
        assert session.viewer is not None  # a seat's session
        return hint_for(session.game, session.viewer, bot, list(session.names.seats) or None)

    def op_review_start(self, request: v.ReviewStart) -> dict[str, Any]:
        """Begin the review of a finished deal (``deal``: its number, default the last one
        played out; "all": every deal, a match) for a seat: a seat's session reviews its own
        seat; an open session (a shared finished deal) the ``seat`` its viewer chooses,
        default 0. Answers the review's number and how many moves it will value; each
        ``review_step`` then values one."""
        from .coach.review import Review

        session = self._session(request)
        game = self._line_end(session)
        if session.seat_scoped and request.seat not in (None, session.viewer):
            raise RequestError(f"this is seat {session.viewer}'s game: only its own moves can "
                               "be reviewed")
        seat = _seat_of(game, session.viewer if session.seat_scoped else request.seat or 0, "seat")
        assert seat is not None  # a number was given
        deals = game.finished_deals()
        if isinstance(request.deal, int):
            deals = [d for d in deals if d.get("deal", 1) == request.deal]
        elif request.deal is None:
            deals = deals[-1:]
        if not deals:
            raise RequestError("no deal has been played out in this game yet"
                               if request.deal in (None, "all") else
                               f"deal {request.deal} has not been played out in this game")
        review = Review(deals, seat, seed=1 if request.seed is None else request.seed,
                        samples=request.samples or self.bot_options.get("samples"),
                        names=session.names.seats or None)
        number = self.next_review
        self.next_review += 1
        self.reviews[number] = review
        while len(self.reviews) > 4:  # a page reviews one deal at a time; keep a few
            del self.reviews[min(self.reviews)]
        return {"review": number, "seat": seat, "deals": [d.deal for d in review.deals],
                "done": 0, "total": review.total, "finished": review.finished}

    def op_review_step(self, request: v.ReviewStep) -> dict[str, Any]:
        """Value the review's next move: its marks and values (``move``), the progress
        (``done`` of ``total``), and once every move is done the whole review (``result``)."""
        review = self.reviews.get(request.review)
        if review is None:
            raise RequestError(f"unknown review {request.review}: start one with review_start")
        answer: dict[str, Any] = {"review": request.review}
        if not review.finished:
            deal, move = review.step()
            answer["deal"] = deal.deal
            answer["move"] = move.to_json(deal.name)
        answer.update(done=review.done, total=review.total, finished=review.finished)
        if review.finished:
            answer["result"] = review.result()
        return answer

    def _line_end(self, session: Session) -> Game:
        """The game at the end of the session's line (where a seat's session always stands)."""
        if session.index == len(session.line):
            return session.game
        game = session.start.clone()
        for action in session.line:
            game.apply(action)
        return game

    # ---- end of the coach's ops -----------------------------------------------------------------

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
        _apply_or_refuse(game, action)
        done = game.action_to_string(game.actions[-1])
        index = session.index
        if index >= len(session.line) or session.line[index] != done:
            del session.line[index:]
            session.line.append(done)
        if len(session.named) == len(session.explanations):
            session.named.append(current_deck())
        session.explanations.append(explanation)
        session.seats.append(seat)
        return explanation

    def _go_to(self, session: Session, index: int) -> None:
        if not 0 <= index <= len(session.line):
            raise RequestError(f"index {index} is outside the line (0 to {len(session.line)})")
        if index < session.index:
            session.game = session.start.clone()
            del session.explanations[:]
            del session.named[:]
            del session.seats[:]
        while session.index < index:
            self._apply(session, session.line[session.index])

    def _last_told(self, session: Session) -> dict[str, Any]:
        """The last explanation, in the request's deck: told again when it was told in another
        (the visitor chose the other deck mid-game, and the page asks for the state again)."""
        explanation = session.explanations[-1]
        if len(session.named) != len(session.explanations) or session.named[-1] == current_deck():
            return explanation
        game = session.start.clone()
        for action in session.line[:session.index - 1]:
            game.apply(action)
        action = session.line[session.index - 1]
        if not game.is_over():
            explanation = _explain(game, action, session.told, session.names)
        session.explanations[-1] = explanation
        session.named[-1] = current_deck()
        return explanation

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
        del session.named[:]
        del session.seats[:]
        self._go_to(session, len(session.line))

    def _state(self, session: Session, with_summary: bool = False,
               next_deal: bool = False) -> dict[str, Any]:
        """Everything the table needs after a change, in one answer, built from the session's
        view of the game (and its explanations, told to the same viewer). ``next_deal``: at a
        deal's end, the table is described as the next deal starts (its last move: none)."""
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
                             "seat": session.seats[-1], "explanation": self._last_told(session)}
        told = state["last"]
        if next_deal and told is not None and deal_over(game, view, told):
            told = None
        state["table"] = describe_table(game, view, session.names, told, session.bottom)
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
            err.index = i
            err.seat = seat if err.seat is None else err.seat
            raise
    return game


def _seat_of(game: Game, seat: int | None, name: str) -> int | None:
    if seat is not None and not 0 <= seat < game.num_players:
        raise RequestError(f"{name} must be a seat from 0 to {game.num_players - 1} "
                           f"({game.num_players} players), not {seat}")
    return seat


def _names(request: v.New | v.Load | v.TableNew | v.TableLoad, game: Game) -> Names:
    """The table's names for the seats and the sides, which the explanations use."""
    seats, sides = request.seat_names or (), request.side_names or ()
    if seats and len(seats) != game.num_players:
        raise RequestError(f"seat_names must name all {game.num_players} seats")
    if sides and len(sides) != len(game.side_seats()):
        raise RequestError("side_names must name every side")
    return Names(seats=tuple(seats), sides=tuple(sides))


def _explain(game: Game, action: str, viewer: int | None, names: Names) -> dict[str, Any]:
    """The game's explanation told to ``viewer``, in the table's names; a refusal with its
    ``sentence``, as a refused ``apply`` says it."""
    try:
        told = dict(game.explain(action, viewer, names))
    except EngineError:
        return {}
    if told.get("legal") is False:
        told["sentence"] = refused_sentence(game, str(told["action"]), str(told["rule"]))
    return told


def _apply_or_refuse(game: Game, action: str) -> None:
    """``game.apply``; a refusal carries the sentence a page shows (the card the seat itself
    sent and the rule, which speaks only of the mover's own cards), the game unchanged."""
    try:
        game.apply(action)  # raises IllegalAction / ActionSyntaxError, state unchanged
    except IllegalAction as err:
        err.sentence = refused_sentence(game, err.action, err.rule)
        raise


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
        if err.sentence is not None:
            data["sentence"] = err.sentence
        if err.index is not None:
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
    from .coach import review  # noqa: F401  (the coach's modules, for the hint and the review)

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
