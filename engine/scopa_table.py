"""Scopa's table as a page draws it (the hooks of engine/table.py): the table's cards, a
capture shown with the card that made it before the cards leave, a sweep on the table it
cleared, the captures beside each side, and a deal's points row by row.

Kept out of engine/scopa.py (the rules) as a mixin the game class inherits; like every table
hook, these read only the seat's view and the last move as that seat was told it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, cast

from .cards import CARD_BY_TEXT, CARDS, Suit
from .i18n import _, ngettext
from .i18n import points as i18n_points
from .protocol import Names
from .table import (TableHooks, capital, card_name, cards_count, list_words, outcome, rule_link,
                    score_table, seat_name, side_of, the_cards, you_words)

if TYPE_CHECKING:
    from .shapes import (CentreCard, CentreShape, ChoiceOption, EventShape, LastMove,
                         OutcomeShape, ProgressShape, ScopaDeal, ScopaObservation,
                         ScopaResult, ScoreShape)
    from .view import SeatView


def _obs(view: SeatView) -> ScopaObservation:
    """The view's observation, which a Scopa game built (Scopa.observation)."""
    return cast("ScopaObservation", view.observation)


def _card(card: str, seat: int | None, mark: str | None, words: str) -> CentreCard:
    return {"card": card, "name": card_name(card), "seat": seat, "mark": mark, "words": words,
            "position": None}  # placed by describe (lay_out): a played card, where its seat sits


class ScopaTable(TableHooks):
    """The table hooks of Scopa."""

    WINNING_TOTAL: ClassVar[int]
    """The total a side needs (at least) to win the match: engine.scopa's rule."""

    @classmethod
    def table_side_name(cls, view: SeatView, names: Names, side: int) -> str:
        seats = view.observation["sides"][side]
        if names.sides and len(seats) > 1:
            return super().table_side_name(view, names, side)
        return super().table_side_name(view, names, side) if len(seats) > 1 else seat_name(names, seats[0])

    @classmethod
    def table_pile(cls, view: SeatView, names: Names, seat: int) -> str | None:
        obs = _obs(view)
        side = side_of(view, seat)
        first = obs["sides"][side][0]
        if first != seat:
            return _("Captures with {player}").format(player=seat_name(names, first))
        scope = obs["scope"][side]
        count = obs["captured_counts"][side]
        if scope:
            return _("Captured: {cards}, {scope}").format(
                cards=cards_count(count),
                scope=ngettext("{n} scopa", "{n} scope", scope).format(n=scope))
        return _("Captured: {cards}").format(cards=cards_count(count))

    @classmethod
    def table_centre(cls, view: SeatView, names: Names, last: LastMove | None) -> CentreShape:
        """The table's cards; after a capture, the card played and the cards it took marked
        beside them (they leave the table once the page has shown them), and after a deal's
        last play the cards left over going to the last side to capture."""
        obs = _obs(view)
        e = last["explanation"] if last else {}
        between = cls.table_deal_over(view, last)
        mover = last["seat"] if last else None
        cards: list[CentreCard] = []
        words = None
        label = _("The table")
        taken = list(e.get("captured") or [])
        # The table keeps its order (by card, as the engine lists it): the cards just taken
        # stay in their places, marked, and the card that took them lies after them.
        played: list[CentreCard] = []
        if last and (taken or between) and e.get("card"):
            who = seat_name(names, mover) if mover is not None else ""
            played.append(_card(e["card"], mover, "played", _("played by {player}").format(player=who)))
            if taken:
                words = _("{player} takes {taken} {with_card}").format(
                    player=who, taken=the_cards(taken), **CARDS[CARD_BY_TEXT[e["card"]]].forms())
        on_table: list[tuple[str, str | None, str]] = [
            (c, None, _("on the table")) for c in obs["table"]]
        if between:
            deal: ScopaDeal = obs["deals"][-1]
            left = deal["leftovers"]
            label = _("The last play of deal {n}").format(n=deal["deal"])
            on_table = [(c, "leftover", _("left on the table")) for c in left["cards"]]
            if left["cards"] and left["to"] is not None:
                words = ((words + ". " if words else "") + _(
                    "The cards left on the table go to {player}, the last to capture").format(
                    player=seat_name(names, left["to"])))
        who_took = seat_name(names, mover) if mover is not None else ""
        on_table += [(c, "captured", _("taken by {player}").format(player=who_took)) for c in taken]
        on_table.sort(key=lambda item: CARD_BY_TEXT[item[0]])
        cards = [_card(c, None, mark, words_) for c, mark, words_ in on_table] + played
        sweep = bool(e.get("scopa"))
        if sweep and mover is not None:
            label = _("Scopa! {player} swept the table").format(player=seat_name(names, mover))
        return {"kind": "table", "label": label, "suit": None, "words": words,
                "complete": bool(taken), "winner": mover if taken else None, "cards": cards,
                "empty": None if cards else _("The table is empty."), "sweep": sweep,
                "review": cls._last_capture(view, names, skip_last=bool(taken) and not between)}

    @classmethod
    def _last_capture(cls, view: SeatView, names: Names, skip_last: bool) -> CentreShape | None:
        """The capture before the one shown now, to be looked at again."""
        plays = _obs(view)["plays"]
        if skip_last:
            plays = plays[:-1]
        play = next((p for p in reversed(plays) if p["captured"]), None)
        if play is None:
            return None
        who = seat_name(names, play["seat"])
        cards = [_card(play["card"], play["seat"], "played", _("played by {player}").format(player=who))]
        cards += [_card(c, None, "captured", _("taken by {player}").format(player=who))
                  for c in play["captured"]]
        took = (_("{player} took {taken} {with_card}: a scopa") if play["scopa"]
                else _("{player} took {taken} {with_card}"))
        return {"kind": "table", "label": _("The last capture"), "suit": None,
                "words": took.format(player=who, taken=the_cards(play["captured"]),
                                     **CARDS[CARD_BY_TEXT[play["card"]]].forms()),
                "complete": True, "winner": play["seat"], "cards": cards, "empty": None,
                "sweep": play["scopa"], "review": None}

    @classmethod
    def table_event(cls, view: SeatView, names: Names, last: LastMove) -> EventShape:
        event = super().table_event(view, names, last)
        e = last["explanation"]
        taken = list(e.get("captured") or [])
        card = e.get("card") or last["action"].split(" ")[0]
        event["captured"] = taken
        event["sweep"] = bool(e.get("scopa"))
        event["kind"] = "capture" if taken else "play"
        said = (_("{player} plays {card} and takes {taken}.") if taken
                else _("{player} plays {card}.")).format(
            player=event["who"], taken=the_cards(taken) if taken else "",
            **CARDS[CARD_BY_TEXT[card]].forms())
        event["text"] = said + (" " + _("Scopa!") if e.get("scopa") else "")
        event["pause"] = "long" if taken else "short"
        return event

    @classmethod
    def table_score(cls, view: SeatView, names: Names) -> ScoreShape:
        obs = _obs(view)
        rows = [(side, cls.table_side_name(view, names, side) + you_words(view, side),
                 [str(obs["captured_counts"][side]), str(obs["scope"][side]),
                  str(obs["totals"][side])])
                for side in range(len(obs["sides"]))]
        return score_table(_("Deal {n}: captures, and the match to {total}").format(
                               n=obs["deal"], total=cls.WINNING_TOTAL),
                           "side", [(_("Side"), ""), (_("Cards taken"), "cards"), (_("Scope"), "scope"),
                                    (_("Match total"), "total")], rows)

    @classmethod
    def table_progress(cls, view: SeatView, names: Names) -> ProgressShape:
        return {"text": _("Deal {n}. After a deal, a side with at least {total} points and more "
                          "than every other side wins the match.").format(
                    n=_obs(view)["deal"], total=cls.WINNING_TOTAL),
                "rule": rule_link("winning-the-match", _("How the match is won")), "meters": []}

    @classmethod
    def table_deal_over(cls, view: SeatView, last: LastMove | None) -> bool:
        return bool(last and last["explanation"].get("last_play")) and not view.over

    @classmethod
    def breakdown(cls, view: SeatView, names: Names, deal: ScopaDeal) -> ScoreShape:
        """A deal's points, row by row, each row's rule linked."""
        sides = range(len(deal["points"]))

        def mark(winner: int | None, values: list[int] | list[int | None]) -> list[str]:
            return [f"{'' if v is None else v}{' ✓ ' + i18n_points(1) if winner == s else ''}"
                    for s, v in zip(sides, values)]

        shape = score_table(_("The deal’s points"), "side",
                            [(_("Point"), ""), *((cls.table_side_name(view, names, s), "")
                                              for s in sides)], [])
        rows = [
            (_("Most cards"), mark(deal["cards"], deal["card_counts"]), "scoring-a-deal"),
            (_("Most {suit}").format(suit=Suit.DIAMONDS.noun),
             mark(deal["diamonds"], deal["diamond_counts"]), "scoring-a-deal"),
            (_("Settebello ({card_name})").format(**CARDS[CARD_BY_TEXT["7D"]].forms()),
             ["✓ " + i18n_points(1) if deal["settebello"] == s else "" for s in sides], "scoring-a-deal"),
            (_("Primiera (sum of best cards)"), mark(deal["primiera"], deal["primiera_sums"]),
             "primiera"),
            (_("Scope (sweeps)"), [str(n) for n in deal["scope"]], "scopa-sweeps"),
            (_("Points this deal"), [str(n) for n in deal["points"]], None),
            (_("Match total"), [str(n) for n in deal["totals"]], "winning-the-match"),
        ]
        shape["rows"] = [{"key": i, "head": head, "cells": cells,
                          "rule": rule_link(anchor, head)} for i, (head, cells, anchor) in enumerate(rows)]
        return shape

    @classmethod
    def leftover_words(cls, names: Names, deal: ScopaDeal) -> list[str]:
        left = deal["leftovers"]
        if not left["cards"] or left["to"] is None:
            return []
        return [_("The cards left on the table ({cards}) went to {player}, the last to capture.").format(
            cards=list_words([card_name(c) for c in left["cards"]]), player=seat_name(names, left["to"]))]

    @classmethod
    def table_outcome(cls, view: SeatView, names: Names, last: LastMove | None) -> OutcomeShape | None:
        obs = _obs(view)
        deals: list[ScopaDeal] = obs["deals"]
        if view.over:
            assert view.result is not None
            result = cast("ScopaResult", view.result)
            winner = result["winner"]
            totals = result["totals"]
            deal = deals[-1] if deals else None
            mine = view.viewer is not None and winner == side_of(view, view.viewer)
            title = (_("You win the match!") if mine else
                     _("{side} wins the match").format(side=cls.table_side_name(view, names, winner))
                     if winner is not None else _("The deal is over"))
            count = deal["deal"] if deal else result["deals"]
            scores = ", ".join(f"{cls.table_side_name(view, names, s)} {t}"
                               for s, t in enumerate(totals))
            lines = [ngettext("Final score after {n} deal: {scores}.",
                              "Final score after {n} deals: {scores}.", count).format(
                         n=count, scores=scores) if winner is not None
                     else _("The match so far: {scores}.").format(scores=scores)]
            if deal:
                lines += cls.leftover_words(names, deal)
            return outcome("game", title, lines, rule=rule_link("winning-the-match"),
                           breakdown=cls.breakdown(view, names, deal) if deal else None,
                           whole_match=count > 1)
        if not cls.table_deal_over(view, last) or not deals:
            return None
        deal = deals[-1]
        return outcome("deal", _("Deal {n} is over").format(n=deal["deal"]),
                       cls.leftover_words(names, deal),
                       rule=rule_link("scoring-a-deal"), breakdown=cls.breakdown(view, names, deal),
                       replay=_("Replay this deal"), review=_("Review this deal"))

    @classmethod
    def table_opening(cls, view: SeatView, names: Names) -> str:
        obs = _obs(view)
        table = [card_name(c) for c in obs["table"]]
        return _("{player} deals; on the table: {cards}.").format(
            player=seat_name(names, obs["dealer"]), cards=list_words(table) if table else _("nothing"))

    @classmethod
    def table_option(cls, view: SeatView, action: str) -> ChoiceOption:
        taken = cls.taken_by(action)
        return {"action": action,
                "label": _("Take {cards}").format(cards=the_cards(taken)) if taken else _("Take nothing"),
                "log": cls.table_log(action),
                "takes": [{"card": c, "name": card_name(c)} for c in taken]}

    @classmethod
    def table_log(cls, action: str) -> str:
        taken = cls.taken_by(action)
        words = super().table_log(action)
        return _("{play}, taking {cards}").format(play=words, cards=the_cards(taken)) if taken else words

    @staticmethod
    def taken_by(action: str) -> list[str]:
        """The table cards an action takes: "7C x 7D 2H" -> ["7D", "2H"]."""
        return action.split(" ")[2:]

    @classmethod
    def table_question(cls, card: str, ways: int) -> str:
        return ngettext("{Card} can capture in {n} way. What does it take?",
                        "{Card} can capture in {n} ways. What does it take?", ways).format(
            n=ways, Card=capital(CARDS[CARD_BY_TEXT[card]].the))

    @classmethod
    def table_turn(cls, view: SeatView, names: Names) -> str:
        return _("Your turn: choose a card. When it can capture in more than one way, you "
                 "choose what it takes.")
