"""The coach: the expert's judgement of one seat's moves, said in the game's own words.

Built on the bots' public interface (:meth:`engine.bots.expert.ExpertBot.evaluate`) and the
seat-scoped view (:meth:`Game.view`, :meth:`Game.determinize`, :meth:`Game.redeal_unseen`):
everything the coach says of a position comes from what the seat knew there.

* :mod:`.values`: every legal move's value, the marks (best, good, inaccuracy, mistake) and the
  thresholds per game;
* :mod:`.knowledge`: what a seat knows, read from its view;
* :mod:`.tricks` (Briscola, Madrasso), :mod:`.captures` (Scopa): what a move does, what is at
  stake, what is known, in sentences; :mod:`.words`: card names and amounts;
* :mod:`.advice`: reasons and comparisons; the hint;
* :mod:`.review`: the review of finished deals, one move a step; :mod:`.practice`: a costly
  moment kept as a practice position; :mod:`.ask`: the demo's "what would you play?" feedback.

docs/coach.md describes the answers' shapes and the thresholds.
"""

from __future__ import annotations

from typing import Any

from ..protocol import Game


def hint_for(game: Game, seat: int, bot: Any, names: list[str] | None = None) -> dict[str, Any]:
    """The hint for ``seat``'s turn: the table's expert ``bot``'s own choice (the same random
    numbers as its move would use), with reasons in words and every legal move's value."""
    from .advice import hint
    from .values import evaluate

    values = evaluate(game, seat, bot=bot)
    return {"seat": seat, "level": "expert", "samples": values.samples,
            **hint(game, seat, values, tuple(names) if names else None)}


def explain_choice(bot: Any, game: Game, seat: int, names: list[str] | None = None
                   ) -> dict[str, Any]:
    """``bot.explain_choice`` for the bridge's ``bot`` op: the expert's in the coach's words
    (``action``, ``why``: a clause to follow "because", ``text``, ``reasons``), the other
    levels' as they give it."""
    if bot.level != "expert":
        theirs: dict[str, Any] = bot.explain_choice(game, seat)
        return theirs
    found = hint_for(game, seat, bot, names)
    return {"action": found["action"], "why": found["why"], "level": "expert",
            "text": found["text"], "reasons": found["reasons"], "values": found["values"],
            "unit": found["unit"], "samples": found["samples"]}
