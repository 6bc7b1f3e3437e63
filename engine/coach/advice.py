"""Reasons in the game's words: what a move does, what is at stake, what the seat knows, and
how much better the expert expects it to be than the alternatives.

Everything here is built from one seat's knowledge: the game is asked only for
``game.view(seat)`` and for ``game.explain(action, viewer=seat)`` (what the seat is told
about its own move), never for a hidden card.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..games import INFO
from ..i18n import _, pgettext
from ..protocol import Game
from . import words as w
from .captures import CaptureTable, action_words as scopa_words
from .knowledge import knowledge
from .tricks import TrickTable
from .values import MoveValue, MoveValues

JARGON = ("playout", "sample", "simulat", "rollout", "search", "determini", "monte carlo")
"""Words the coach never says: the visitor hears about cards, not about the expert's method."""


@dataclass(frozen=True)
class Reasons:
    """What the seat is told about one move."""

    action: str
    words: str
    """The move by name: 'the seven of clubs', 'the seven of diamonds taking the seven of clubs'."""
    does: str
    stake: tuple[str, ...]
    known: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action, "words": self.words, "does": w.sentence(self.does),
                "stake": [w.sentence(s) for s in self.stake],
                "known": [w.sentence(s) for s in self.known]}


def move_words(game_name: str, action: str) -> str:
    """A move by name, as the coach says it."""
    if action == "swap":
        return _("the swap of the seven of trumps")
    if not INFO[game_name].trick_taking:
        return scopa_words(action)
    return w.card(action)


def table_for(game: Game, seat: int, names: tuple[str, ...]) -> TrickTable | CaptureTable:
    k = knowledge(game.view(seat))
    return TrickTable(k, names) if game.info.trick_taking else CaptureTable(k, names)


def reasons(game: Game, seat: int, action: str, names: tuple[str, ...] | None = None,
            subject: str | None = "it") -> Reasons:
    """The facts of playing ``action`` now, from ``seat``'s knowledge (its turn). The
    sentence of what it does speaks of the move as ``subject`` ("it": the move was just
    named; None: by its name)."""
    names = w.seat_names(game.num_players, names)
    table = table_for(game, seat, names)
    if subject == "it":  # the move was just named: Italian "questa carta"
        subject = pgettext("the card just named", "it")
    explained = game.explain(action, viewer=seat)
    return Reasons(action, move_words(game.name, action), table.does(action, explained, subject),
                   tuple(table.stake()), tuple(table.known()))


def comparison(values: MoveValues, move: MoveValue, game_name: str) -> str:
    """How ``move`` compares with the best other move, in a beginner's words: what the next
    best brings, in whole points (the expert's average over the ways the unseen cards may lie
    is "usually")."""
    other = values.runner_up(move.action)
    if other is None:
        return _("it is your only legal move")
    gap = other.value - move.value
    grades = values.grades
    name = move_words(game_name, other.action)
    if move is values.best and values.touches_match(other):
        # The next best costs some of the chance to win the match: said in its terms, never
        # as points and the match's weight in one number.
        return _("the next best, {move}, would cost you {cost}").format(
            move=name, cost=w.cost(values, other, about=True))
    if values.touches_match(move):
        return _("{move} would save you {cost}").format(
            move=name, cost=w.cost(values, move, about=True))
    gap = other.deal_points - move.deal_points  # the match aside: within the noise here
    if abs(gap) <= grades.best:
        return _("{move} would do about as well").format(move=name)
    if gap < 0:
        return _("the next best, {move}, usually brings {amount} less").format(
            move=name, amount=w.amount(gap, grades.unit))
    return _("{move} usually brings {amount} more").format(
        move=name, amount=w.amount(gap, grades.unit))


def cost(values: MoveValues, move: MoveValue, against: MoveValue, game_name: str) -> str:
    """What playing ``move`` instead of ``against`` is expected to cost, in a clause (the
    deal's points: the demo's positions are single deals)."""
    gap = against.deal_points - move.deal_points
    grades = values.grades
    name = move_words(game_name, against.action)
    if gap < -grades.best:
        return _("the expert expects it to do {amount} better on average than {move}").format(
            amount=w.amount(gap, grades.unit), move=name)
    if gap <= grades.best:
        return _("the expert expects it to do about as well as {move}").format(move=name)
    return _("the expert expects it to cost {amount} on average against {move}").format(
        amount=w.amount(gap, grades.unit), move=name)


def hint(game: Game, seat: int, values: MoveValues, names: tuple[str, ...] | None = None
         ) -> dict[str, Any]:
    """The hint for ``seat``'s move: the expert's choice and its reasons, in words."""
    best = values.best
    why = reasons(game, seat, best.action, names)
    compare = comparison(values, best, game.name)
    does = w.sentence(why.does)
    if best.action == "swap":
        play = _("Play the swap.")
    else:
        play = _("Play {card}.").format(**w.forms(best.action.split()[0]))
    text = f"{play} {does} {w.sentence(compare)}"
    return {
        "action": best.action,
        "words": why.words,
        "text": text,
        "why": f"{why.does[0].lower() + why.does[1:]}; {compare}",
        "reasons": why.to_json(),
        "values": [{**m.to_json(), "words": move_words(game.name, m.action)}
                   for m in values.moves],
        "unit": values.unit,
    }
