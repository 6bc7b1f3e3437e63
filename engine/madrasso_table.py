"""Madrasso's table as a page draws it (the hooks of engine/table.py): the dealer's face-up
card, the swap, the trick's caption with the last trick's bonus, the deal's tricks and points
beside the match's totals, and a deal's or the match's end.

Kept out of engine/madrasso.py (the rules) as a mixin the game class inherits, as
engine/scopa_table.py is for Scopa; like every table hook, these read only the seat's view
and the last move as that seat was told it. The rule numbers are the rules module's (the
class attributes below, set by :class:`engine.madrasso.Madrasso`, and its ``info``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, cast

from .cards import CARD_BY_TEXT, CARDS
from .i18n import _
from .protocol import Names
from .table import capital, outcome, rule_link, score_table, seat_name, the_cards, you_words
from .tricks import TrickGame

if TYPE_CHECKING:
    from .shapes import (ChoiceOption, EventShape, LastMove, MadrassoObservation, MadrassoResult,
                         OutcomeShape, ProgressShape, ScoreShape)
    from .view import SeatView


def _obs(view: SeatView) -> MadrassoObservation:
    """The view's observation, which a Madrasso game built (Madrasso.observation)."""
    return cast("MadrassoObservation", view.observation)


class MadrassoTable(TrickGame):
    """The table hooks of Madrasso."""

    MAX_DEALS: ClassVar[int]
    """A match's deals at the most: engine.madrasso's rule."""
    RULE_SCORING: ClassVar[str]
    RULE_MATCH: ClassVar[str]
    SWAP_TEXT: ClassVar[str]
    """The swap's action."""

    @classmethod
    def _target(cls) -> int:
        target = cls.info.match_target
        assert target is not None, "Madrasso is a match"
        return target

    @classmethod
    def table_exposed_tag(cls, view: SeatView, seat: int, card: str) -> str:
        return _("turned up") if card == _obs(view)["turned"]["card"] else _("from the swap")

    @classmethod
    def table_exposed_aside(cls, view: SeatView, seat: int, card: str) -> bool:
        return card == _obs(view)["turned"]["card"]

    @classmethod
    def table_seat_note(cls, view: SeatView, names: Names, seat: int) -> str | None:
        """Beside the dealer, while it holds it: the face-up card everybody knows is in its
        hand (the turned-up card, or the seven a swap gave it). The swap itself is the move's
        news, said by the move's words: a caption saying it again would stay to the deal's end."""
        obs = _obs(view)
        if seat != obs["dealer"]:
            return None
        turned, swap = obs["turned"], obs["swap"]
        if not turned["in_hand"]:
            return None
        forms = CARDS[CARD_BY_TEXT[turned["card"]]].forms()
        if swap:
            if swap["seat"] == view.viewer:
                return _("{Card}, from your swap.").format(Card=capital(forms["card"]), **forms)
            return _("{Card}, from {player}’s swap.").format(
                Card=capital(forms["card"]), player=seat_name(names, swap["seat"]), **forms)
        return (_("You turned up {card}: it is in your hand.").format(**forms) if seat == view.viewer
                else _("Turned up: {card_name}.").format(**forms))

    @classmethod
    def table_trick_words(cls, view: SeatView, names: Names, e: dict[str, Any]) -> str:
        words = super().table_trick_words(view, names, e)
        if e.get("last_trick_bonus"):
            words += _(", and {n} more for the last trick").format(n=cls.info.last_trick_bonus)
        return words

    @classmethod
    def table_score(cls, view: SeatView, names: Names) -> ScoreShape:
        obs = _obs(view)
        rows = []
        for team in (0, 1):
            bonus = (" " + _("(+{n} last trick)").format(n=cls.info.last_trick_bonus)
                     if obs["last_trick"] == team else "")
            rows.append((team, cls.table_side_name(view, names, team) + you_words(view, team),
                         [str(obs["tricks_won"][team]), f"{obs['points'][team]}{bonus}",
                          str(obs["running_totals"][team])]))
        return score_table(_("Deal {n}: tricks and points").format(n=obs["deal"]), "team",
                           [(_("Team"), ""), (_("Tricks"), "tricks"), (_("This deal"), "points"),
                            (_("Match total"), "total")], rows)

    @classmethod
    def table_progress(cls, view: SeatView, names: Names) -> ProgressShape:
        obs = _obs(view)
        totals = obs["running_totals"]
        target = cls._target()
        return {
            "text": _("Deal {n} of at most {max}. The first team to {target} wins, counted from "
                      "the end of the tenth deal; a cappotto (all {tricks} tricks of a deal) wins "
                      "at once.").format(n=obs["deal"], max=cls.MAX_DEALS, target=target,
                                         tricks=cls.info.tricks_per_deal),
            "rule": rule_link(cls.RULE_MATCH, _("How the match is won")),
            "meters": [{"label": _("{side}: {n} of {target}").format(
                            side=cls.table_side_name(view, names, team), n=totals[team],
                            target=target), "value": min(totals[team], target), "max": target,
                        "side": team} for team in (0, 1)],
        }

    @classmethod
    def table_event(cls, view: SeatView, names: Names, last: LastMove) -> EventShape:
        event = super().table_event(view, names, last)
        e = last["explanation"]
        if last["action"] == cls.SWAP_TEXT:
            took = e.get("took_name")
            event["text"] = (_("{player} swaps the seven of trumps for the turned-up {card_name}.")
                             .format(player=event["who"], card_name=took) if took else
                             _("{player} swaps the seven of trumps for the turned-up card.")
                             .format(player=event["who"]))
            event["kind"] = "swap"
        return event

    @classmethod
    def table_deal_over(cls, view: SeatView, last: LastMove | None) -> bool:
        return bool(last and last["explanation"].get("deal_complete")) and not view.over

    @classmethod
    def table_outcome(cls, view: SeatView, names: Names, last: LastMove | None) -> OutcomeShape | None:
        obs = _obs(view)
        side = cls.table_side_name
        if view.over:
            assert view.result is not None
            result = cast("MadrassoResult", view.result)
            match = result["match"]
            winner = match["winner"]
            totals = result["totals"]
            if winner is None:  # a deal alone (a demo, a shared deal): it decides no match
                points, tricks = result["points"], result["tricks_won"]
                last_team = result["last_trick"]
                bonus = (" " + _("(the last trick’s {n} to {side})").format(
                    n=cls.info.last_trick_bonus, side=side(view, names, last_team))
                    if last_team is not None else "")
                return outcome("game", _("The deal is over"), [
                    f"{side(view, names, 0)} {points[0]}, {side(view, names, 1)} {points[1]}{bonus}: "
                    f"{points[0]} + {points[1]} = {points[0] + points[1]}. "
                    + _("Tricks: {a} to {b}.").format(a=tricks[0], b=tricks[1]) + (
                        "" if totals == points else    # the match's first deal: the same numbers
                        " " + _("The match so far: {first} {a}, {second} {b}.").format(
                            first=side(view, names, 0), a=totals[0],
                            second=side(view, names, 1), b=totals[1]))],
                    rule=rule_link(cls.RULE_SCORING), replay=_("Replay this deal"),
                    review=_("Review this deal"))
            mine = view.viewer is not None and view.viewer % 2 == winner
            partner = seat_name(names, ((view.viewer or 0) + 2) % 4) if mine else ""
            title = (_("You and {partner} win the match!").format(partner=partner) if mine
                     else _("{side} win the match").format(side=side(view, names, winner)))
            how = (_("{side} won by a cappotto (every trick of deal {deal}).")
                   if match["reason"] == "cappotto" else
                   _("{side} won by reaching {target} on trick {trick} of deal {deal}."))
            return outcome("game", title, [
                how.format(side=side(view, names, winner), deal=match["deal"],
                           target=match["target"], trick=match["after_trick"]) + " "
                + _("Final totals: {first} {a}, {second} {b}.").format(
                    first=side(view, names, 0), a=totals[0], second=side(view, names, 1),
                    b=totals[1])],
                rule=rule_link(cls.RULE_MATCH, _("Winning the match")),
                whole_match=(match["deal"] or 0) > 1)
        if not cls.table_deal_over(view, last) or last is None:
            return None
        e = last["explanation"]
        number = obs["deal"] - 1
        points, tricks = e.get("deal_points", [0, 0]), e.get("deal_tricks", [0, 0])
        taker = side(view, names, (e.get("trick_winner") or 0) % 2)
        totals = obs["totals"]
        return outcome("deal", _("Deal {n} is over").format(n=number), [
            f"{side(view, names, 0)} {points[0]}, {side(view, names, 1)} {points[1]} "
            + _("(the last trick’s {n} to {side})").format(n=cls.info.last_trick_bonus, side=taker)
            + ". " + _("Tricks: {a} to {b}.").format(a=tricks[0], b=tricks[1]),
            _("Match totals: {first} {a}, {second} {b}. Next: deal {n} of at most {max}.").format(
                first=side(view, names, 0), a=totals[0], second=side(view, names, 1), b=totals[1],
                n=number + 1, max=cls.MAX_DEALS)],
            rule=rule_link(cls.RULE_SCORING), replay=_("Replay this deal"),
            review=_("Review this deal"))

    @classmethod
    def table_opening(cls, view: SeatView, names: Names) -> str:
        obs = _obs(view)
        return _("{player} deals and turns up {card}: {suit} are trump.").format(
            player=seat_name(names, obs["dealer"]), suit=obs["trump"]["name"],
            **CARDS[CARD_BY_TEXT[obs["turned"]["card"]]].forms())

    @classmethod
    def table_option(cls, view: SeatView, action: str) -> ChoiceOption:
        if action != cls.SWAP_TEXT:
            return super().table_option(view, action)
        obs = _obs(view)
        return {"action": action, "log": cls.table_log(action), "takes": [],
                "label": _("Swap the seven of {suit} for the turned-up {card_name}").format(
                    suit=obs["trump"]["name"], **CARDS[CARD_BY_TEXT[obs["turned"]["card"]]].forms())}

    @classmethod
    def table_log(cls, action: str) -> str:
        if action == cls.SWAP_TEXT:
            return _("swaps the seven of trumps for the turned-up card")
        return super().table_log(action)

    @classmethod
    def table_refused(cls, action: str, rule: str) -> str:
        if action == cls.SWAP_TEXT:
            return _("You cannot swap now ({rule}).").format(rule=rule)
        return super().table_refused(action, rule)

    @classmethod
    def table_turn(cls, view: SeatView, names: Names) -> str:
        cards = [a for a in view.legal if a != cls.SWAP_TEXT]
        mine = view.hands[view.viewer] if view.viewer is not None else None
        words = _("Your turn: choose a card to play.")
        if mine is not None and len(cards) < len(mine):
            words = _("Your turn: you may play {cards}.").format(cards=the_cards(cards))
        if cls.SWAP_TEXT in view.legal:
            words += " " + _("You hold the seven of trumps: you may swap it for the turned-up card first.")
        return words
