"""A moment of a review kept as a practice position: the same JSON form as the authored
positions the build writes (sitegen/practice_view.py, docs/practice-format.md), so the
practice table can play it.

The position shows only what the seat knew: every card hidden from it is dealt afresh
(``Game.redeal_unseen``), so the position's record, public like every practice position's,
names a consistent deal, never the true hidden hands. The feedback on every legal move comes
from the review's values and the coach's reasons.
"""

from __future__ import annotations

import random
from typing import Any

from ..i18n import _, seat_name
from ..protocol import Game
from . import words as w
from .advice import comparison, cost, move_words, reasons
from .values import MoveValues



def step_prompt(names: list[str], seat: int, *, visitor: bool, several: bool) -> str:
    """What the practice table says while a step waits: the visitor's turn (naming the seat
    played, the more plainly when the visitor plays more than one), or another seat playing."""
    name = seat_name(names[seat])
    if not visitor:
        return _("{player} plays\u2026").format(player=name)
    if several:
        return _("Your turn, playing {player}: choose a card.").format(player=name)
    return _("Your turn ({player}): choose a card.").format(player=name)


def practice_position(game: Game, seat: int, values: MoveValues, rng: random.Random,
                      names: tuple[str, ...], *, played: str, when: str, at_when: str,
                      deal: int = 1) -> dict[str, Any]:
    """The moment before ``seat``'s move in ``game`` as a practice position: one step, the
    seat's, whose accepted answers are the moves the expert rates best."""
    redealt = game.redeal_unseen(seat, rng)
    if redealt.view(seat) != game.view(seat):  # the redeal's promise; a bug if broken
        raise AssertionError("a redealt practice position must look the same to its seat")
    best = values.best
    answers = [m.action for m in values.moves if m.mark == "best"]
    feedback = {}
    for move in values.moves:
        said = reasons(redealt, seat, move.action, names, subject=None)
        if move.action in answers:
            text = f"{w.sentence(said.does)} {w.sentence(comparison(values, move, game.name))}"
        else:
            text = f"{w.sentence(said.does)} {w.sentence(cost(values, move, best, game.name))}"
        feedback[move.action] = w.paragraph(text)
    why = reasons(redealt, seat, best.action, names, subject=None)
    stake = " ".join(w.sentence(s) for s in why.stake)
    question = " ".join(part for part in (
        _("From a deal you played, {at_when}.").format(at_when=at_when), stake,
        _("You played {move} here. What would you play?").format(
            move=move_words(game.name, played))) if part)
    closing = " ".join([w.sentence(why.does), *(w.sentence(k) for k in why.known)])
    rule = game.info.play_rule  # the rules-page section a kept moment links to
    return {
        "id": f"review-{game.name}-{deal}-{len(game.deal_actions())}",
        "title": _("From your deal: {when}").format(when=when),
        "order": 0,
        "record": redealt.record(),
        "seats": [seat],
        "bottom": seat,
        "open": False,
        "seat_names": list(names),
        "team_names": list(game.info.team_names),
        "question": w.paragraph(question),
        "rules": [{"anchor": rule.anchor, "title": rule.title,
                   "href": f"{game.info.rules_page}#{rule.anchor}"}],
        "steps": [{"seat": seat, "visitor": True, "answers": answers,
                   "correct": feedback[best.action], "feedback": feedback,
                   "prompt": step_prompt(list(names), seat, visitor=True, several=False)}],
        "closing": w.paragraph(closing),
    }
