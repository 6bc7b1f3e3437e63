"""A game behind a handle, as one seat plays it or open to every view: the session ops.

``new`` and ``load`` open a session; ``state``, ``legal``, ``apply``, ``observation``,
``explain``, ``step_to``, ``record``, ``deal_record``, ``summary``, ``bot`` and ``undo`` act on
one; ``drop`` forgets a session or a table. What the two kinds of session may show is in
engine/bridge.py's docstring (and docs/worker-protocol.md). The helpers at the end (a seat in
range, the table's names, an explanation, a refusal's sentence) serve the tables and the
coach too.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from .. import validate as v
from ..cards import current_deck
from ..entropy import secret_rng
from ..games import GAMES
from ..i18n import _, current_lang
from ..protocol import EngineError, Game, IllegalAction, Names
from ..record import Record, record_from_data, start_game
from ..table import deal_over, describe_table, refused_sentence
from ..validate import RequestError
from .registry import handles
from .state import ServiceState, Session

if TYPE_CHECKING:
    from ..shapes import Observation


class Sessions(ServiceState):
    """The session ops, and the helpers that open, move and describe a session."""

    @handles(v.New)
    def op_new(self, request: v.New) -> dict[str, Any]:
        """A new game for ``seat``, shuffled from a secret seed (``seed``: a test hook that
        fixes the deal, the computer players and the redeals)."""
        if request.game not in GAMES:
            raise RequestError(_("unknown game {game}: expected one of {games}").format(
                game=repr(request.game), games=", ".join(sorted(GAMES))))
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

    @handles(v.Load)
    def op_load(self, request: v.Load) -> dict[str, Any]:
        """Open a record (the engine's JSON record form). With ``seat``: that seat's session,
        standing after all the record's actions, every card the seat has not seen redealt.
        Without: an open session of a public record (``view``: whose cards show, null for
        every hand), standing after ``at`` of its actions (default 0; the rest stay on the
        line for ``step_to``)."""
        if request.seat is not None and request.view is not None:
            raise RequestError(_("give a seat (that seat's game) or a view (an open record), not both"))
        if request.seat is not None and request.bottom not in (None, request.seat):
            raise RequestError(_("a seat's game has its own seat at the bottom: give a bottom "
                                 "only for an open record"))
        record = record_from_data(request.record)
        game = start_game(record)
        end = _check_line(record, game)
        names = _names(request, game)
        if request.seat is not None:
            if request.at not in (None, "end", len(record.actions)):
                raise RequestError(_("a seat's game stands at the end of its record (at: \"end\")"))
            seat = _seat_of(game, request.seat, "seat")
            session = Session(record, game.clone(), game, list(record.actions), seat, True,
                              secret_rng(), names=names)
            session.bot_seed = session.secrets.getrandbits(32)
            self._go_to(session, len(session.line))
            if not session.game.is_over():
                self._redeal(session)
            return self._open(session, request.with_summary)
        if not end.is_public():
            raise RequestError(_(
                "this game is not over and its cards are secret (shuffled from a seed, or "
                "dealt on in secret): it can be played from one seat, never shown face up"))
        session = Session(record, game.clone(), game, list(record.actions),
                          _seat_of(game, request.view, "view"), False, random.Random(0), names=names,
                          bottom=_seat_of(game, request.bottom, "bottom"))
        at = request.at or 0
        self._go_to(session, at if isinstance(at, int) else len(session.line))
        return self._open(session, request.with_summary)

    @handles(v.State)
    def op_state(self, request: v.State) -> dict[str, Any]:
        """The table now; an open session may change its ``view`` (whose cards show) and its
        ``bottom`` (the seat placed at the bottom, null: the view's), kept for what follows.
        ``next_deal``: the page has shown a finished deal and moves on, so the table is the next
        deal's as it is dealt (the deal-ending move left out of it: its trick or capture is no
        longer on the table, and the seat to lead may act on the new deal's cards)."""
        session = self._session(request)
        if request.view is not v.UNSET and request.view != session.viewer:
            if session.seat_scoped:
                raise RequestError(_("this is seat {seat}'s game: it cannot be seen from another "
                                     "seat or with every hand open").format(seat=session.viewer))
            session.viewer = _seat_of(session.game, request.view, "view")
        if request.bottom is not v.UNSET and request.bottom != session.bottom:
            if session.seat_scoped and request.bottom != session.viewer:
                raise RequestError(_("this is seat {seat}'s game: its own seat sits at the "
                                     "bottom").format(seat=session.viewer))
            session.bottom = _seat_of(session.game, request.bottom, "bottom")
        return self._state(session, request.with_summary, next_deal=request.next_deal)

    @handles(v.Legal)
    def op_legal(self, request: v.Legal) -> dict[str, Any]:
        session = self._session(request)
        view = session.game.view(session.viewer)
        return {"seat": view.to_play, "actions": list(view.legal)}

    @handles(v.Apply)
    def op_apply(self, request: v.Apply) -> dict[str, Any]:
        """Play ``action`` now (in a seat's session: the seat's own move, on its turn). Off the
        line's next action it starts a new branch (the line after this point is dropped).
        Answers the explanation and the new state."""
        session = self._session(request)
        if session.seat_scoped:
            _check_turn(session)
        explanation = self._apply(session, request.action)
        return {"explanation": explanation, "state": self._state(session, request.with_summary)}

    @handles(v.Observation)
    def op_observation(self, request: v.Observation) -> Observation:
        session = self._session(request)
        seat = session.viewer if request.seat is v.UNSET else request.seat
        if session.seat_scoped and seat != session.viewer:
            raise RequestError(_("this is seat {seat}'s game: only its own observation can be "
                                 "read").format(seat=session.viewer))
        return session.game.view(_seat_of(session.game, seat, "seat")).observation

    @handles(v.Explain)
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
                raise RequestError(_("no action given and the line has no next action"))
            action = session.line[session.index]
        return _explain(session.game, action, session.told, session.names)

    @handles(v.StepTo)
    def op_step_to(self, request: v.StepTo) -> dict[str, Any]:
        """Stand after the first ``index`` actions of the line (0 = the deal; "end" = all)."""
        session = self._session(request)
        if session.seat_scoped:
            raise RequestError(_("a seat's game moves on by playing; take your move back with undo"))
        index = request.index
        self._go_to(session, index if isinstance(index, int) else len(session.line))
        return self._state(session, request.with_summary)

    @handles(v.RecordOf)
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

    @handles(v.DealRecord)
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
                raise RequestError(_("no deal has been played out in this game yet"))
            raise RequestError(_("deal {n} has not been played out in this game").format(
                n=request.deal))
        return deals[-1]

    @handles(v.Summary)
    def op_summary(self, request: v.Summary) -> dict[str, Any]:
        """The game's tricks or plays, points and result: what the table has shown."""
        return self._session(request).game.summary()

    @handles(v.Bot)
    def op_bot(self, request: v.Bot) -> dict[str, Any]:
        """The computer player's choice for the seat to play (``level``), with its reasons
        when the bot gives them (``reasons``); ``play: true`` also applies it. In a seat's
        session the computer's move for another seat is only played, never told beforehand,
        and the players' seeds are the engine's own; the seat's own move may be asked for
        (the hint) or played."""
        session = self._session(request)
        try:
            from ..bots import make_bot  # engine/bots; absent in early builds
        except ImportError:
            raise RequestError(_("no computer players in this build of the engine")) from None
        game = session.game
        if game.is_over():
            raise RequestError(_("the game is over: no seat to play"))
        seat = game.current_player()
        assert seat is not None
        seed = request.seed if request.seed is not None else 0
        if session.seat_scoped:
            if request.seed is not None:
                raise RequestError(_("in a seat's game the computer players' seeds are the engine's"))
            seed = session.bot_seed
            if seat != session.viewer and (request.reasons or not request.play):
                raise RequestError(_("seat {seat}'s move is shown once it is played (play: true), "
                                     "and its reasons are its own").format(seat=seat))
        try:
            bot = make_bot(game.name, request.level, seed, **self.bot_options)
        except ValueError as err:  # no bots for this game
            raise RequestError(str(err)) from None
        result: dict[str, Any] = {"seat": seat, "level": request.level}
        if request.reasons:
            from ..coach import explain_choice  # the expert's reasons in words (issue 17)

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

    @handles(v.Undo)
    def op_undo(self, request: v.Undo) -> dict[str, Any]:
        """Take back ``seat``'s last action (a seat's session: its own): stand just before it,
        with the line after it dropped. In a seat's session the cards the seat has not seen
        are then dealt afresh, so the take-back shows nothing of where they were."""
        session = self._session(request)
        seat = request.seat
        if session.seat_scoped:
            if seat not in (None, session.viewer):
                raise RequestError(_("this is seat {seat}'s game: only its own moves can be taken "
                                     "back").format(seat=session.viewer))
            seat = session.viewer
        elif seat is None:
            raise RequestError(_("undo needs the seat whose move to take back"))
        mine = [i for i, s in enumerate(session.seats) if s == seat]
        if not mine:
            raise RequestError(_("you have no move to take back in this deal") if session.seat_scoped
                               else _("seat {seat} has no move to take back").format(seat=seat))
        index = mine[-1]
        del session.line[index:]
        self._go_to(session, index)
        if session.seat_scoped:
            self._redeal(session)
        return self._state(session, request.with_summary)

    @handles(v.Drop)
    def op_drop(self, request: v.Drop) -> dict[str, Any]:
        dropped = self.sessions.pop(request.handle, None) or self.tables.pop(request.handle, None)
        return {"dropped": dropped is not None}

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
            raise RequestError(_("unknown game handle {handle}: load or start a game first").format(
                handle=request.handle))
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
            session.named.append(told_in())
        session.explanations.append(explanation)
        session.seats.append(seat)
        return explanation

    def _go_to(self, session: Session, index: int) -> None:
        if not 0 <= index <= len(session.line):
            raise RequestError(_("index {index} is outside the line (0 to {end})").format(
                index=index, end=len(session.line)))
        if index < session.index:
            session.game = session.start.clone()
            del session.explanations[:]
            del session.named[:]
            del session.seats[:]
        while session.index < index:
            self._apply(session, session.line[session.index])

    def _last_told(self, session: Session) -> dict[str, Any]:
        """The last explanation, in the request's deck and language: told again when it was
        told in another (the visitor chose the other deck or language mid-game, and the page
        asks for the state again)."""
        explanation = session.explanations[-1]
        if len(session.named) != len(session.explanations) or session.named[-1] == told_in():
            return explanation
        game = session.start.clone()
        for action in session.line[:session.index - 1]:
            game.apply(action)
        action = session.line[session.index - 1]
        if not game.is_over():
            explanation = _explain(game, action, session.told, session.names)
        session.explanations[-1] = explanation
        session.named[-1] = told_in()
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


def told_in() -> str:
    """The deck and the language an explanation is told in now ("toscane/it")."""
    return f"{current_deck()}/{current_lang()}"


def _check_turn(session: Session) -> None:
    """A seat's session acts only for its seat, on its turn."""
    mover = session.game.current_player()
    if mover is not None and mover != session.viewer:
        raise RequestError(_("it is not your turn: seat {seat} plays next").format(seat=mover))


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
        raise RequestError(_("{name} must be a seat from 0 to {last} ({n} players), not {seat}").format(
            name=name, last=game.num_players - 1, n=game.num_players, seat=seat))
    return seat


def _names(request: v.New | v.Load | v.TableNew | v.TableLoad, game: Game) -> Names:
    """The table's names for the seats and the sides, which the explanations use."""
    seats, sides = request.seat_names or (), request.side_names or ()
    if seats and len(seats) != game.num_players:
        raise RequestError(_("seat_names must name all {n} seats").format(n=game.num_players))
    if sides and len(sides) != len(game.side_seats()):
        raise RequestError(_("side_names must name every side"))
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
