"""A review of finished deals: every move of one seat, valued as the expert would value it from
what that seat knew then, marked, the costliest moments explained in words.

A deal's record is public once it is over (``Game.finished_deals``), so the review may replay
it; at each of the seat's moves it values every legal move from the seat's view at that
moment (:func:`engine.coach.values.evaluate`, which redeals every card hidden from the seat),
never from the true hidden cards. The review runs one move at a time (:meth:`Review.step`),
so the browser's worker can answer between steps and the page can show its progress::

    review = Review([deal_record], seat=0, seed=1)
    while not review.finished:
        review.step()
    review.result()     # {"deals": [...], "summary": {...}}

For a given seed (and number of sampled deals) the result is always the same.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from ..i18n import _, ngettext
from ..protocol import Game, Names
from ..table import describe_table
from ..record import record_from_data, start_game
from . import words as w
from .advice import move_words, reasons
from ..cards import CARDS
from ..tricks import trick_points
from .kinds import Kind, kind_of
from .practice import practice_position
from .values import MoveValue, MoveValues, evaluate_played, position_key, review_cap

MOMENTS = 3
"""The costliest moves a deal's review explains."""


def table_state(game: Game, seat: int, names: Sequence[str] = ()) -> dict[str, Any]:
    """The table as ``seat`` saw it: the fields of the bridge's state answer that describe the
    table (``table``: what the one table renderer draws), built from the seat's view."""
    view = game.view(seat)
    return {"table": describe_table(game, view, Names(seats=tuple(names)), None),"game": view.game, "to_play": view.to_play, "legal": list(view.legal),
            "over": view.over, "view": view.viewer, "scope": "seat",
            "observation": view.observation, "exposed": [list(c) for c in view.exposed],
            "voids": list(view.voids), "result": view.result}


@dataclass
class MoveReview:
    index: int
    """The action's index in the deal's record."""
    number: int
    """The seat's n-th move of the deal (1-based)."""
    trick: int | None
    played: str
    values: MoveValues
    reason: str = ""
    """One sentence: what the played move does (best), or what the expert's card does."""
    total: float | None = None
    """The points a deal holds in all (the trick games: its cards and the last trick's
    bonus), which each side's expected share is worked out from; None where a deal's points
    do not add up to a fixed total (Scopa's count)."""
    kind: Kind | None = None
    """What kind of mistake a costly move (an inaccuracy or a mistake) was (engine/coach/kinds.py)."""

    @property
    def move(self) -> MoveValue:
        return self.values.of(self.played)

    @property
    def when(self) -> str:
        """'trick 3', 'your 2nd play' (Italian 'presa 3', 'la tua 2ª giocata')."""
        if self.trick:
            return _("trick {n}").format(n=self.trick)
        return _("your {nth} play").format(nth=w.ordinal(self.number))

    @property
    def at_when(self) -> str:
        """'at trick 3', 'at your 2nd play' (Italian 'alla presa 3', 'alla tua 2ª giocata')."""
        if self.trick:
            return _("at trick {n}").format(n=self.trick)
        return _("at your {nth} play").format(nth=w.ordinal(self.number))

    def to_json(self, game_name: str) -> dict[str, Any]:
        move, best = self.move, self.values.best
        return {"index": self.index, "number": self.number, "trick": self.trick,
                "when": self.when, "played": self.played,
                "played_words": move_words(game_name, self.played),
                "best": best.action, "best_words": move_words(game_name, best.action),
                "mark": move.mark, "loss": round(move.loss, 2), "forced": self.values.forced,
                # What the move cost, in words, only when it was worse than good.
                "cost": (w.cost(self.values, move)
                         if move.mark in ("inaccuracy", "mistake") else None),
                "samples": self.values.samples,
                "reason": self.reason, "expected": self.expected(),
                "kind": self.kind.to_json() if self.kind else None,
                "values": [{**m.to_json(), "words": move_words(game_name, m.action)}
                           for m in self.values.moves]}

    def expected(self) -> dict[str, Any]:
        """What the seat's side expects at the deal's end after this move (the chart's
        point): ``margin``, its points minus the other side's (the played move's value, the
        deal's points alone: never the match's bonus), ``sides``, each side's expected points
        [the seat's side, the other], where the deal's total is fixed (None otherwise), and
        ``chance``, its chance to win the match (0 to 1) where the deal can decide it (None
        otherwise)."""
        margin = self.move.deal_points
        sides = None
        if self.total is not None and abs(margin) <= self.total:
            sides = [round((self.total + margin) / 2, 1), round((self.total - margin) / 2, 1)]
        chance = self.move.chance
        return {"margin": round(margin, 2), "sides": sides,
                "chance": None if chance is None else round(chance, 3)}

    @property
    def touches_match(self) -> bool:
        """Whether the move cost enough of the chance to win the match to be said."""
        return self.values.touches_match(self.move)

    def cost_clause(self) -> tuple[bool, str]:
        """Whether the move lost the match, and what it cost with 'about' (:func:`w.cost`;
        for a move that lost the match, the share of the chance alone: 'about 95% of your
        chance to win it')."""
        if w.lost_match(self.values, self.move):
            return True, w.lost_share(self.move.chance_loss)
        return False, w.cost(self.values, self.move, about=True)


Valued = dict[str, MoveValues]
"""Moves valued while the deal was played (:func:`value_move`), by :func:`valued_key`."""


def valued_key(game: Game, seat: int, played: str, seed: int, samples: int) -> str:
    return f"{seed}/{samples}/{played}/{position_key(game, seat)}"


def value_move(game: Game, seat: int, played: str, seed: int, samples: int | None,
               valued: Valued | None = None) -> MoveValues:
    """The review's valuation of ``played`` (:func:`evaluate_played`), found in ``valued``
    when it was valued already (during the deal: the service's ``review_note``), and kept
    there."""
    samples = samples or review_cap(game)
    key = valued_key(game, seat, played, seed, samples)
    if valued is not None and key in valued:
        return valued[key]
    values = evaluate_played(game, seat, played, seed=seed, samples=samples)
    if valued is not None:
        valued[key] = values
        while len(valued) > VALUED_KEPT:
            del valued[next(iter(valued))]
    return values


VALUED_KEPT = 256
"""Moves kept valued (a few whole matches' worth)."""


class DealReview:
    """One finished deal, reviewed for one seat, one move per :meth:`step`."""

    def __init__(self, record: dict[str, Any], seat: int, *, seed: int = 1,
                 samples: int | None = None, names: tuple[str, ...] | None = None,
                 valued: Valued | None = None):
        self.valued = valued
        self.record = record_from_data(record)
        self.start = start_game(self.record)
        self.name = self.start.name
        if not 0 <= seat < self.start.num_players:
            raise ValueError(f"seat must be from 0 to {self.start.num_players - 1}, not {seat}")
        self.seat = seat
        self.seed = seed
        self.info = self.start.info
        self.samples = samples or review_cap(self.start)
        self.names = w.seat_names(self.start.num_players, names)
        self.grades = self.info.grades
        self.deal = int(self.record.setup.get("deal", 1))
        self.actions = self.record.actions
        game = self.start.clone()
        self.turns: list[int] = []
        for i, action in enumerate(self.actions):
            if game.current_player() == seat:
                self.turns.append(i)
            game.apply(action)
        if not game.is_over():
            raise ValueError("this deal is not over: only a finished deal can be reviewed")
        self.game = self.start.clone()
        self.played = 0
        """How many of the record's actions ``game`` has applied."""
        self.moves: list[MoveReview] = []

    @property
    def total(self) -> int:
        return len(self.turns)

    @property
    def finished(self) -> bool:
        return len(self.moves) == len(self.turns)

    def position(self, index: int) -> Game:
        """The game just before the record's ``index``-th action."""
        game = self.start.clone()
        for action in self.actions[:index]:
            game.apply(action)
        return game

    def step(self) -> MoveReview:
        """Value the seat's next move; its review."""
        if self.finished:
            raise ValueError("every move of this deal is reviewed")
        index = self.turns[len(self.moves)]
        while self.played < index:
            self.game.apply(self.actions[self.played])
            self.played += 1
        values = value_move(self.game, self.seat, self.actions[index], self.seed, self.samples,
                            self.valued)
        trick = None
        if self.info.trick_taking:
            trick = len(cast(dict[str, Any], self.game.view(self.seat).observation)["tricks"]) + 1
        move = MoveReview(index, len(self.moves) + 1, trick, self.actions[index], values,
                          self.reason(values, self.actions[index]), self.deal_total())
        if move.move.mark in ("inaccuracy", "mistake"):
            move.kind = kind_of(self.game, self.seat, move.played, values.best.action,
                                self.actions[index:])
        self.moves.append(move)
        return move

    def reason(self, values: MoveValues, played: str) -> str:
        """The move's reason in one sentence, from the seat's view at that moment."""
        mark = values.of(played).mark
        if mark == "best" or values.forced:
            why = reasons(self.game, self.seat, played, self.names, subject=None)
            return w.sentence(why.does)
        best = reasons(self.game, self.seat, values.best.action, self.names)
        return w.sentence(_("the expert prefers {move}: {does}").format(
            move=best.words, does=w.lower(best.does)))

    def deal_total(self) -> float | None:
        if not self.info.trick_taking or len(self.start.side_seats()) != 2:
            return None
        return float(trick_points(range(len(CARDS))) + self.info.last_trick_bonus)

    # ---- the result ---------------------------------------------------------------------------

    def costliest(self) -> list[MoveReview]:
        """The moves that gave most away (worse than "best"), the costliest first."""
        costly = [m for m in self.moves if m.move.mark != "best"]
        return sorted(costly, key=lambda m: (-m.move.loss, m.index))[:MOMENTS]

    def lost(self) -> float:
        """What the deal's moves gave away in the deal's points (the chance to win the match
        they cost is said apart: never added to points)."""
        return sum((m.move.deal_loss for m in self.moves), 0.0)

    def summary(self) -> str:
        unit = self.grades.unit
        costly = self.costliest()
        if not costly:
            return _("You played this deal as the expert would: no move gave away more than "
                     "{amount}.").format(amount=w.amount(self.grades.best, unit))
        top = costly[0]
        total = self.lost()
        if top.touches_match:
            lost, cost = top.cost_clause()
            said = (_("you gave away {amount} in all; the costliest move, {at_when}, lost you "
                      "the match ({cost})") if lost else
                    _("you gave away {amount} in all; the costliest move, {at_when}, cost you "
                      "{cost}"))
            return w.sentence(said.format(amount=w.amount(total, unit), at_when=top.at_when,
                                          cost=cost))
        if len(costly) == 1 and top.move.deal_loss >= total - self.grades.best:
            return w.sentence(_("you gave away {amount}, nearly all of it {at_when}").format(
                amount=w.amount(total, unit), at_when=top.at_when))
        return w.sentence(_("you gave away {amount} in all; the costliest move, {at_when}, gave "
                            "away {most}").format(amount=w.amount(total, unit),
                                                  at_when=top.at_when,
                                                  most=w.amount(top.move.deal_loss, unit)))

    def timeline(self) -> list[dict[str, Any]]:
        """Every action of the deal in order, for stepping through it on the table (all of
        them were played in the open: the record is public once the deal is over): its
        index, the seat that made it, the words, and for the seat's own moves the number of
        its review (``moves[number - 1]``)."""
        numbers = {m.index: m.number for m in self.moves}
        game = self.start.clone()
        out = []
        for i, action in enumerate(self.actions):
            out.append({"index": i, "seat": game.current_player(), "action": action,
                        "words": move_words(self.name, action), "move": numbers.get(i)})
            game.apply(action)
        return out

    def moment(self, move: MoveReview) -> dict[str, Any]:
        """A costly move explained: the table as it stood, the card played, the card the
        expert prefers and why, and the moment as a practice position."""
        game = self.position(move.index)
        best = move.values.best
        played = reasons(game, self.seat, move.played, self.names)
        better = reasons(game, self.seat, best.action, self.names)
        if move.touches_match:
            lost, cost = move.cost_clause()
            prefers = (_("The expert prefers {move}: your card lost you the match ({cost}).")
                       if lost else
                       _("The expert prefers {move}: your card cost you {cost}.")).format(
                move=better.words, cost=cost)
        else:
            prefers = _("The expert prefers {move}, which usually brings {amount} more.").format(
                move=better.words, amount=w.amount(move.move.deal_loss, self.grades.unit))
        text = " ".join((
            w.sentence(_("{at_when} you played {move}").format(at_when=w.capital(move.at_when),
                                                              move=played.words)),
            w.sentence(played.does),
            prefers,
            w.sentence(better.does)))
        if played.does == better.does and "swap" not in (move.played, best.action):
            text += " " + _("Both do the same now; the difference is the card left in your hand: "
                            "the expert would keep {card} for later.").format(
                **w.forms(move.played.split()[0]))
        rng = random.Random(f"practice/{self.seed}/{self.deal}/{move.index}")
        return {
            "index": move.index, "when": move.when, "mark": move.move.mark,
            "loss": round(move.move.loss, 2), "played": move.played, "best": best.action,
            "text": text, "state": table_state(game, self.seat, self.names),
            "reasons": {"played": played.to_json(), "best": better.to_json()},
            "practice": practice_position(game, self.seat, move.values, rng, self.names,
                                          played=move.played, when=move.when,
                                          at_when=move.at_when,
                                          deal=self.deal),
        }

    def result(self) -> dict[str, Any]:
        if not self.finished:
            raise ValueError(f"the review has done {len(self.moves)} of {self.total} moves")
        marks = {mark: sum(1 for m in self.moves if m.move.mark == mark)
                 for mark in ("best", "good", "inaccuracy", "mistake")}
        costliest = self.costliest()
        return {
            "game": self.name, "deal": self.deal, "seat": self.seat, "seed": self.seed,
            "samples": self.samples, "grades": self.grades.to_json(),
            "moves": [m.to_json(self.name) for m in self.moves],
            "costliest": [m.number for m in costliest],
            "timeline": self.timeline(),
            "moments": [self.moment(m) for m in self.costliest()],
            "lost": round(self.lost(), 2), "marks": marks, "summary": self.summary(),
        }


class Review:
    """The review of one or more finished deals (a whole match: every deal in turn)."""

    def __init__(self, records: list[dict[str, Any]], seat: int, *, seed: int = 1,
                 samples: int | None = None, names: tuple[str, ...] | None = None,
                 valued: Valued | None = None):
        if not records:
            raise ValueError("no finished deal to review")
        self.deals = [DealReview(r, seat, seed=seed, samples=samples, names=names,
                                 valued=valued) for r in records]
        self.seat = seat

    @property
    def total(self) -> int:
        return sum(d.total for d in self.deals)

    @property
    def done(self) -> int:
        return sum(len(d.moves) for d in self.deals)

    @property
    def finished(self) -> bool:
        return all(d.finished for d in self.deals)

    def step(self) -> tuple[DealReview, MoveReview]:
        deal = next(d for d in self.deals if not d.finished)
        return deal, deal.step()

    def run(self) -> dict[str, Any]:
        while not self.finished:
            self.step()
        return self.result()

    def result(self) -> dict[str, Any]:
        deals = [d.result() for d in self.deals]
        first = self.deals[0]
        if len(deals) == 1:
            summary = deals[0]["summary"]
        else:
            unit = first.grades.unit
            total = sum(d.lost() for d in self.deals)
            worst = max(self.deals, key=lambda d: d.lost())
            summary = w.sentence(ngettext(
                "over {n} deal you gave away {amount}; the most, {most}, in deal {deal}",
                "over {n} deals you gave away {amount}; the most, {most}, in deal {deal}",
                len(deals)).format(n=len(deals), amount=w.amount(total, unit),
                                   most=w.amount(worst.lost(), unit), deal=worst.deal))
        costly = sorted(((d, m) for d in self.deals for m in d.costliest()),
                        key=lambda dm: (-dm[1].move.loss, dm[0].deal, dm[1].index))[:MOMENTS]
        if len(deals) > 1 and costly and costly[0][1].touches_match:
            deal, move = costly[0]
            lost, cost = move.cost_clause()
            said = (_("The costliest move, in deal {deal} {at_when}, lost you the match "
                      "({cost}).") if lost else
                    _("The costliest move, in deal {deal} {at_when}, cost you {cost}."))
            summary += " " + said.format(deal=deal.deal, at_when=move.at_when, cost=cost)
        return {"game": first.name, "seat": self.seat, "deals": deals, "summary": summary,
                "lost": round(sum(d["lost"] for d in deals), 2),
                "costliest": [{"deal": d.deal, "move": m.number} for d, m in costly]}
