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
                        names=session.names.seats or None)
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

    def _line_end(self, session: Session) -> Game:
        """The game at the end of the session's line (where a seat's session always stands)."""
        if session.index == len(session.line):
            return session.game
        game = session.start.clone()
        for action in session.line:
            game.apply(action)
        return game
