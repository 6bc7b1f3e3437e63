"""The coach's ops (issue 17: engine/coach): ``hint``, ``review_start``, ``review_step``.

They act on a session (engine/service/sessions.py); the coach itself (the expert's reasons,
a finished deal's review) is engine/coach, imported when first asked for.
"""

from __future__ import annotations

from typing import Any

from .. import validate as v
from ..protocol import Game
from ..validate import RequestError
from .registry import handles
from .sessions import Sessions, _check_turn, _seat_of
from .state import Session


class Coach(Sessions):
    """The coach's ops, on a seat's session or an open one."""

    @handles(v.Hint)
    def op_hint(self, request: v.Hint) -> dict[str, Any]:
        """The expert's move for the seat's own turn, with its reasons in the game's words:
        what the move does, what is at stake, what the seat knows, and how much better than
        the next best move the expert expects it to be. A seat's session only: the hint
        speaks from that seat's knowledge."""
        from ..bots import make_bot
        from ..coach import hint_for

        session = self._session(request)
        if not session.seat_scoped:
            raise RequestError("a hint is for a seat's own game (new, or load with a seat)")
        if session.game.is_over():
            raise RequestError("the game is over: there is no move to hint")
        _check_turn(session)
        bot = make_bot(session.game.name, "expert", session.bot_seed, **self.bot_options)
        assert session.viewer is not None  # a seat's session
        return hint_for(session.game, session.viewer, bot, list(session.names.seats) or None)

    @handles(v.ReviewStart)
    def op_review_start(self, request: v.ReviewStart) -> dict[str, Any]:
        """Begin the review of a finished deal (``deal``: its number, default the last one
        played out; "all": every deal, a match) for a seat: a seat's session reviews its own
        seat; an open session (a shared finished deal) the ``seat`` its viewer chooses,
        default 0. Answers the review's number and how many moves it will value; each
        ``review_step`` then values one."""
        from ..coach.review import Review

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
                        names=session.names.seats or None, valued=self._valued())
        number = self.next_review
        self.next_review += 1
        self.reviews[number] = review
        while len(self.reviews) > 4:  # a page reviews one deal at a time; keep a few
            del self.reviews[min(self.reviews)]
        return {"review": number, "seat": seat, "deals": [d.deal for d in review.deals],
                "done": 0, "total": review.total, "finished": review.finished}

    @handles(v.ReviewStep)
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

    @handles(v.ReviewNote)
    def op_review_note(self, request: v.ReviewNote) -> dict[str, Any]:
        """Value one of the seat's moves made so far, for the review to come (the latest not
        yet valued): sent while the deal is played (while the computer's cards land), it
        leaves the review at the deal's end only the words to assemble. A seat's session
        only. Answers whether a move was valued and how many are still waiting. With
        ``budget`` (ms), it stops after that long and the next note goes on where it stopped
        (:class:`engine.coach.values.PlayedValuation`, the same values in the end), so a
        press that comes while a note runs waits at most that long for the worker."""
        import time

        from ..coach.review import VALUED_KEPT, valued_key
        from ..coach.values import PlayedValuation, review_cap

        until = None if request.budget is None else time.perf_counter() + request.budget / 1000
        session = self._session(request)
        if not session.seat_scoped:
            raise RequestError("review_note is for a seat's own game (new, or load with a seat)")
        seat = session.seat
        seed = 1 if request.seed is None else request.seed
        samples = request.samples or self.bot_options.get("samples")
        valued = self._valued()
        # The seat's moves so far and their keys, walked once per move made (not per slice).
        # The deal's start is compared by identity: a take-back deals the unseen cards afresh.
        walked = (tuple(session.line[:session.index]), seed, samples)
        notes = session.notes
        if notes.get("walked") != walked or notes.get("start") is not session.start:
            moves: list[tuple[Game, str, str]] = []
            game = session.start.clone()
            for action in session.line[:session.index]:
                if game.current_player() == seat and not game.is_over():
                    n = samples or review_cap(game)
                    key = valued_key(game, seat, action, seed, n)
                    if key not in valued:
                        moves.append((game.clone(), action, key))
                game.apply(action)
            notes.update(walked=walked, start=session.start, moves=moves)
        waiting = [m for m in notes["moves"] if m[2] not in valued]
        notes["moves"] = waiting
        did = False
        if waiting:
            position, action, key = waiting[-1]
            partial: dict[str, PlayedValuation] = notes.setdefault("partial", {})
            work = partial.pop(key, None) or PlayedValuation(position, seat, action, seed=seed,
                                                              samples=samples or review_cap(position))
            if work.advance(until):
                valued[key] = work.result()
                while len(valued) > VALUED_KEPT:
                    del valued[next(iter(valued))]
                waiting.pop()
                did = True
            else:
                partial[key] = work  # the next note goes on from here
                while len(partial) > 4:
                    del partial[next(iter(partial))]
        return {"valued": did, "waiting": len(waiting)}

    def _valued(self) -> dict[str, Any]:
        """The moves valued ahead of their review (``review_note``), shared by the reviews."""
        valued: dict[str, Any] | None = getattr(self, "_valued_moves", None)  # made on first use
        if valued is None:
            valued = {}
            self._valued_moves = valued
        return valued

    @handles(v.Guide)
    def op_guide(self, request: v.Guide) -> dict[str, Any]:
        """The guided game's words for a seat's own game (engine/coach/guide.py): the
        playable moves, the coach's card and its reason (on the seat's turn), the other
        seats' cards since the seat's last move explained from public information, the ideas
        met for the first time, and the seat's last move marked (a word when it was costly:
        valued as the review will value it, so the review at the end reuses it)."""
        from ..bots import make_bot
        from ..coach.guide import guide

        session = self._session(request)
        if not session.seat_scoped:
            raise RequestError("a guided game is a seat's own game (new, or load with a seat)")
        bot = make_bot(session.game.name, "expert", session.bot_seed, **self.bot_options)
        return guide(session.start, session.line[:session.index], session.seat,
                     list(session.names.seats) or None, bot, self._valued(),
                     samples=self.bot_options.get("samples"))

    def _line_end(self, session: Session) -> Game:
        """The game at the end of the session's line (where a seat's session always stands)."""
        if session.index == len(session.line):
            return session.game
        game = session.start.clone()
        for action in session.line:
            game.apply(action)
        return game
