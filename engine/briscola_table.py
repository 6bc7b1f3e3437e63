"""Briscola's table as a page draws it (the hooks of engine/table.py): the stock with the
turned card under it, the card points of the tricks won, and the deal's end.

Kept out of engine/briscola.py (the rules) as a mixin the game class inherits, as
engine/scopa_table.py is for Scopa; like every table hook, these read only the seat's view
and the last move as that seat was told it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, cast

from .protocol import Names
from .table import outcome, rule_link, score_table, seat_name, you_words
from .tricks import TrickGame

if TYPE_CHECKING:
    from .shapes import (BriscolaObservation, BriscolaResult, LastMove, OutcomeShape,
                         ProgressShape, ScoreShape, StockShape)
    from .view import SeatView


def _obs(view: SeatView) -> BriscolaObservation:
    """The view's observation, which a Briscola game built (Briscola.observation)."""
    return cast("BriscolaObservation", view.observation)


class BriscolaTable(TrickGame):
    """The table hooks of Briscola."""

    SHOWS_DEALER = False
    PACK_POINTS: ClassVar[int]
    """The card points in the pack: engine.briscola's rule."""
    RULE_SCORING: ClassVar[str]

    @classmethod
    def table_exposed_tag(cls, view: SeatView, seat: int, card: str) -> str:
        return "the turned card"

    @classmethod
    def table_stock(cls, view: SeatView, names: Names) -> StockShape:
        turned = _obs(view)["turned"]
        size = view.stock_size
        shown = turned["card"] if turned["in_stock"] and size else None
        words = (f"Stock: {size} card{'s' if size != 1 else ''}"
                 + (f", the {turned['name']} at the bottom" if shown else "")
                 if size else "The stock is empty")
        return {"count": size, "turned": shown, "turned_name": turned["name"] if shown else None,
                "words": words}

    @classmethod
    def table_score(cls, view: SeatView, names: Names) -> ScoreShape:
        obs = _obs(view)
        won = [0, 0]
        for trick in obs["tricks"]:
            won[trick["winner"]] += 1
        points = obs["points"]
        return score_table("Card points in the tricks won", "seat",
                           [("Player", ""), ("Tricks", "tricks"), ("Points", "points")],
                           [(seat, seat_name(names, seat) + you_words(view, seat),
                             [str(won[seat]), str(points[seat])]) for seat in (0, 1)])

    @classmethod
    def table_progress(cls, view: SeatView, names: Names) -> ProgressShape:
        return {"text": f"One deal: more than {cls.PACK_POINTS // 2} of the pack’s {cls.PACK_POINTS} "
                        "card points wins.",
                "rule": rule_link(cls.RULE_SCORING, "How the deal is scored"), "meters": []}

    @classmethod
    def table_outcome(cls, view: SeatView, names: Names, last: LastMove | None) -> OutcomeShape | None:
        if view.result is None:
            return None
        result = cast("BriscolaResult", view.result)
        a, b = result["points"]
        winner = result["winner"]
        if winner is None:
            title, words = "A draw", f"{a} card points each: a draw."
        else:
            title = ("You win!" if winner == view.viewer
                     else f"{seat_name(names, winner)} wins")
            words = (f"{seat_name(names, 0)} {a}, {seat_name(names, 1)} {b}: {max(a, b)} is "
                     f"more than {cls.PACK_POINTS // 2} of the {cls.PACK_POINTS} card points.")
        return outcome("game", title, [words], rule=rule_link(cls.RULE_SCORING),
                       replay="Replay this game", review="Review this deal")

    @classmethod
    def table_opening(cls, view: SeatView, names: Names) -> str:
        obs = _obs(view)
        return f"the {obs['turned']['name']} is turned up: {obs['trump']['name']} are trump."
