"""The demo's "what would you play?": feedback on every legal move at a moment the author
marks, against the move the author plays there.

The build (sitegen/demo.py) calls :func:`ask_feedback` for each marked move, on the game just
before it, and writes the answer into the demo's data: the page accepts any legal move, shows
its feedback, and goes on with the author's move. The expert values the moves from the mover's
knowledge only (the demo shows every hand; the question is what the mover, who sees only its
own, should play).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..i18n import _
from ..protocol import Game
from . import words as w
from .advice import cost, move_words, reasons
from .values import MoveValues, evaluate


@dataclass(frozen=True)
class AskFeedback:
    seat: int
    answer: str
    """The author's move (as the engine writes it)."""
    values: MoveValues
    choices: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Per legal move: ``text`` (plain words), ``cost`` (what it is expected to lose against
    the author's move; negative when the expert rates it higher), ``mark`` (the review's mark)."""

    @property
    def mark(self) -> str:
        """The author's move's own mark: "best" or "good" for a fair question."""
        return self.values.of(self.answer).mark

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "answer": self.answer, "mark": self.mark,
                "unit": self.values.unit, "choices": self.choices}


def ask_feedback(game: Game, author: str, *, names: tuple[str, ...] | None = None,
                 seed: int = 1, samples: int | None = None) -> AskFeedback:
    """Feedback on every legal move of the seat to play in ``game``, against ``author`` (a
    legal move, in any spelling the game reads)."""
    seat = game.current_player()
    if seat is None:
        raise ValueError("the game is over: there is nothing to ask")
    answer = game.action_to_string(game.string_to_action(author))
    values = evaluate(game, seat, seed=seed, samples=samples, salt="demo")
    mine = values.of(answer)
    choices: dict[str, dict[str, Any]] = {}
    for move in values.moves:
        said = reasons(game, seat, move.action, names, subject=None)
        if move.action == answer:
            text = _("That is the move played here.") + " " + w.sentence(said.does)
        else:
            text = f"{w.sentence(said.does)} {w.sentence(cost(values, move, mine, game.name))}"
        choices[move.action] = {"words": move_words(game.name, move.action), "text": text,
                                "cost": round(mine.value - move.value, 2), "mark": move.mark}
    return AskFeedback(seat, answer, values, choices)
