"""Scopa's table as a page draws it (the hooks of engine/table.py): the table's cards, a
capture shown with the card that made it before the cards leave, a sweep on the table it
cleared, the captures beside each side, and a deal's points row by row.

Kept out of engine/scopa.py (the rules) as a mixin the game class inherits; like every table
hook, these read only the seat's view and the last move as that seat was told it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, cast

from .cards import CARD_BY_TEXT, CARDS, Suit
from .protocol import Names
from .table import (TableHooks, card_name, list_words, outcome, plural, rule_link,
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
            return names.sides[side]
        return super().table_side_name(view, names, side) if len(seats) > 1 else seat_name(names, seats[0])

    @classmethod
    def table_pile(cls, view: SeatView, names: Names, seat: int) -> str | None:
        obs = _obs(view)
        side = side_of(view, seat)
        first = obs["sides"][side][0]
        if first != seat:
            return f"Captures with {seat_name(names, first)}"
        scope = obs["scope"][side]
        count = obs["captured_counts"][side]
        return f"Captured: {plural(count, 'card')}" + (f", {plural(scope, 'scopa', 'scope')}"
                                                        if scope else "")

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
        label = "The table"
        taken = list(e.get("captured") or [])
        # The table keeps its order (by card, as the engine lists it): the cards just taken
        # stay in their places, marked, and the card that took them lies after them.
        played: list[CentreCard] = []
        if last and (taken or between) and e.get("card"):
            who = seat_name(names, mover) if mover is not None else ""
            played.append(_card(e["card"], mover, "played", f"played by {who}"))
            if taken:
                words = f"{who} takes {the_cards(taken)} with the {card_name(e['card'])}"
        on_table: list[tuple[str, str | None, str]] = [
            (c, None, "on the table") for c in obs["table"]]
        if between:
            deal: ScopaDeal = obs["deals"][-1]
            left = deal["leftovers"]
            label = f"The last play of deal {deal['deal']}"
            on_table = [(c, "leftover", "left on the table") for c in left["cards"]]
            if left["cards"] and left["to"] is not None:
                words = ((words + ". " if words else "") + f"The cards left on the table go to "
                         f"{seat_name(names, left['to'])}, the last to capture")
        who_took = seat_name(names, mover) if mover is not None else ""
        on_table += [(c, "captured", f"taken by {who_took}") for c in taken]
        on_table.sort(key=lambda item: CARD_BY_TEXT[item[0]])
        cards = [_card(c, None, mark, words_) for c, mark, words_ in on_table] + played
        sweep = bool(e.get("scopa"))
        if sweep and mover is not None:
            label = f"Scopa! {seat_name(names, mover)} swept the table"
        return {"kind": "table", "label": label, "suit": None, "words": words,
                "complete": bool(taken), "winner": mover if taken else None, "cards": cards,
                "empty": None if cards else "The table is empty.", "sweep": sweep,
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
        cards = [_card(play["card"], play["seat"], "played", f"played by {who}")]
        cards += [_card(c, None, "captured", f"taken by {who}") for c in play["captured"]]
        return {"kind": "table", "label": "The last capture", "suit": None,
                "words": f"{who} took {the_cards(play['captured'])} with the "
                         f"{card_name(play['card'])}" + (": a scopa" if play["scopa"] else ""),
                "complete": True, "winner": play["seat"], "cards": cards, "empty": None,
                "sweep": play["scopa"], "review": None}

    @classmethod
    def table_event(cls, view: SeatView, names: Names, last: LastMove) -> EventShape:
        event = super().table_event(view, names, last)
        e = last["explanation"]
        taken = list(e.get("captured") or [])
        card = e.get("card") or last["action"].split(" ")[0]
        took = f" and takes {the_cards(taken)}" if taken else ""
        event["captured"] = taken
        event["sweep"] = bool(e.get("scopa"))
        event["kind"] = "capture" if taken else "play"
        event["text"] = (f"{event['who']} plays the {card_name(card)}{took}."
                         + (" Scopa!" if e.get("scopa") else ""))
        event["pause"] = "long" if taken else "short"
        return event

    @classmethod
    def table_score(cls, view: SeatView, names: Names) -> ScoreShape:
        obs = _obs(view)
        rows = [(side, cls.table_side_name(view, names, side) + you_words(view, side),
                 [str(obs["captured_counts"][side]), str(obs["scope"][side]),
                  str(obs["totals"][side])])
                for side in range(len(obs["sides"]))]
        return score_table(f"Deal {obs['deal']}: captures, and the match to {cls.WINNING_TOTAL}",
                           "side", [("Side", ""), ("Cards taken", "cards"), ("Scope", "scope"),
                                    ("Match total", "total")], rows)

    @classmethod
    def table_progress(cls, view: SeatView, names: Names) -> ProgressShape:
        return {"text": f"Deal {_obs(view)['deal']}. After a deal, a side with at least "
                        f"{cls.WINNING_TOTAL} points and more than every other side wins the match.",
                "rule": rule_link("winning-the-match", "How the match is won"), "meters": []}

    @classmethod
    def table_deal_over(cls, view: SeatView, last: LastMove | None) -> bool:
        return bool(last and last["explanation"].get("last_play")) and not view.over

    @classmethod
    def breakdown(cls, view: SeatView, names: Names, deal: ScopaDeal) -> ScoreShape:
        """A deal's points, row by row, each row's rule linked."""
        sides = range(len(deal["points"]))

        def mark(winner: int | None, values: list[int] | list[int | None]) -> list[str]:
            return [f"{'' if v is None else v}{' ✓ 1 point' if winner == s else ''}"
                    for s, v in zip(sides, values)]

        shape = score_table("The deal’s points", "side",
                            [("Point", ""), *((cls.table_side_name(view, names, s), "")
                                              for s in sides)], [])
        rows = [
            ("Most cards", mark(deal["cards"], deal["card_counts"]), "scoring-a-deal"),
            (f"Most {Suit.DIAMONDS.noun}", mark(deal["diamonds"], deal["diamond_counts"]), "scoring-a-deal"),
            (f"Settebello ({CARDS[CARD_BY_TEXT['7D']].name})",
             ["✓ 1 point" if deal["settebello"] == s else "" for s in sides], "scoring-a-deal"),
            ("Primiera (sum of best cards)", mark(deal["primiera"], deal["primiera_sums"]),
             "primiera"),
            ("Scope (sweeps)", [str(n) for n in deal["scope"]], "scopa-sweeps"),
            ("Points this deal", [str(n) for n in deal["points"]], None),
            ("Match total", [str(n) for n in deal["totals"]], "winning-the-match"),
        ]
        shape["rows"] = [{"key": i, "head": head, "cells": cells,
                          "rule": rule_link(anchor, head)} for i, (head, cells, anchor) in enumerate(rows)]
        return shape

    @classmethod
    def leftover_words(cls, names: Names, deal: ScopaDeal) -> list[str]:
        left = deal["leftovers"]
        if not left["cards"] or left["to"] is None:
            return []
        return [f"The cards left on the table ({list_words([card_name(c) for c in left['cards']])}) "
                f"went to {seat_name(names, left['to'])}, the last to capture."]

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
            title = ("You win the match!" if mine else
                     f"{cls.table_side_name(view, names, winner)} wins the match"
                     if winner is not None else "The deal is over")
            count = deal["deal"] if deal else result["deals"]
            scores = ", ".join(f"{cls.table_side_name(view, names, s)} {t}"
                               for s, t in enumerate(totals))
            lines = [f"Final score after {plural(count, 'deal')}: {scores}." if winner is not None
                     else f"The match so far: {scores}."]
            if deal:
                lines += cls.leftover_words(names, deal)
            return outcome("game", title, lines, rule=rule_link("winning-the-match"),
                           breakdown=cls.breakdown(view, names, deal) if deal else None,
                           whole_match=count > 1)
        if not cls.table_deal_over(view, last) or not deals:
            return None
        deal = deals[-1]
        return outcome("deal", f"Deal {deal['deal']} is over", cls.leftover_words(names, deal),
                       rule=rule_link("scoring-a-deal"), breakdown=cls.breakdown(view, names, deal),
                       replay="Replay this deal", review="Review this deal")

    @classmethod
    def table_opening(cls, view: SeatView, names: Names) -> str:
        obs = _obs(view)
        table = [card_name(c) for c in obs["table"]]
        return (f"{seat_name(names, obs['dealer'])} deals; on the table: "
                f"{list_words(table) if table else 'nothing'}.")

    @classmethod
    def table_option(cls, view: SeatView, action: str) -> ChoiceOption:
        taken = cls.taken_by(action)
        return {"action": action,
                "label": f"Take {the_cards(taken)}" if taken else "Take nothing",
                "log": cls.table_log(action),
                "takes": [{"card": c, "name": card_name(c)} for c in taken]}

    @classmethod
    def table_log(cls, action: str) -> str:
        taken = cls.taken_by(action)
        words = super().table_log(action)
        return f"{words}, taking {the_cards(taken)}" if taken else words

    @staticmethod
    def taken_by(action: str) -> list[str]:
        """The table cards an action takes: "7C x 7D 2H" -> ["7D", "2H"]."""
        return action.split(" ")[2:]

    @classmethod
    def table_question(cls, card: str, ways: int) -> str:
        return f"The {card_name(card)} can capture in {ways} ways. What does it take?"

    @classmethod
    def table_turn(cls, view: SeatView, names: Names) -> str:
        return ("Your turn: choose a card. When it can capture in more than one way, you "
                "choose what it takes.")
