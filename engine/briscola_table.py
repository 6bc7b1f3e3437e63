"""Briscola's table as a page draws it (the hooks of engine/table.py): the stock with the
turned card under it, the card points of the tricks won, and the deal's end.

Kept out of engine/briscola.py (the rules) as a mixin the game class inherits, as
engine/scopa_table.py is for Scopa; like every table hook, these read only the seat's view
and the last move as that seat was told it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, cast

from .i18n import _, ngettext
from .protocol import Names
from .cards import CARD_BY_TEXT, CARDS
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
        return _("the turned card")

    @classmethod
    def table_stock(cls, view: SeatView, names: Names) -> StockShape:
        turned = _obs(view)["turned"]
        size = view.stock_size
        shown = turned["card"] if turned["in_stock"] and size else None
        if not size:
            words = _("The stock is empty")
        elif shown:
            words = ngettext("Stock: {n} card, {card} at the bottom",
                             "Stock: {n} cards, {card} at the bottom", size).format(
                n=size, **CARDS[CARD_BY_TEXT[shown]].forms())
        else:
            words = ngettext("Stock: {n} card", "Stock: {n} cards", size).format(n=size)
        return {"count": size, "turned": shown, "turned_name": turned["name"] if shown else None,
                "words": words}

    @classmethod
    def table_score(cls, view: SeatView, names: Names) -> ScoreShape:
        obs = _obs(view)
        won = [0, 0]
        for trick in obs["tricks"]:
            won[trick["winner"]] += 1
        points = obs["points"]
        return score_table(_("Card points in the tricks won"), "seat",
                           [(_("Player"), ""), (_("Tricks"), "tricks"), (_("Points"), "points")],
                           [(seat, seat_name(names, seat) + you_words(view, seat),
                             [str(won[seat]), str(points[seat])]) for seat in (0, 1)])

    @classmethod
    def table_progress(cls, view: SeatView, names: Names) -> ProgressShape:
        return {"text": _("One deal: more than {half} of the pack’s {all} card points wins.").format(
                    half=cls.PACK_POINTS // 2, all=cls.PACK_POINTS),
                "rule": rule_link(cls.RULE_SCORING, _("How the deal is scored")), "meters": []}

    @classmethod
    def table_outcome(cls, view: SeatView, names: Names, last: LastMove | None) -> OutcomeShape | None:
        if view.result is None:
            return None
        result = cast("BriscolaResult", view.result)
        a, b = result["points"]
        winner = result["winner"]
        if winner is None:
            title, words = _("A draw"), _("{n} card points each: a draw.").format(n=a)
        else:
            title = (_("You win!") if winner == view.viewer
                     else _("{player} wins").format(player=seat_name(names, winner)))
            words = _("{first} {a}, {second} {b}: {best} is more than {half} of the {all} card "
                      "points.").format(first=seat_name(names, 0), a=a, second=seat_name(names, 1),
                                        b=b, best=max(a, b), half=cls.PACK_POINTS // 2,
                                        all=cls.PACK_POINTS)
        return outcome("game", title, [words], rule=rule_link(cls.RULE_SCORING),
                       replay=_("Replay this game"), review=_("Review this deal"))

    @classmethod
    def table_opening(cls, view: SeatView, names: Names) -> str:
        obs = _obs(view)
        return _("{card} is turned up: {suit} are trump.").format(
            suit=obs["trump"]["name"], **CARDS[CARD_BY_TEXT[obs["turned"]["card"]]].forms())
