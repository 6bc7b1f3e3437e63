"""The expert's feedback at a demo's "what would you play?" moments, kept between builds.

Valuing every legal move of an asked moment (:func:`engine.coach.ask.ask_feedback`: hundreds
of sampled deals played out per move) is most of a build's time, about 15 s for the site's
demos, and every build in a fresh process (``build.py``, ``make serve``'s rebuilds, each test
process) would pay it again. The feedback is a pure function of the engine's code and of its
arguments (the expert's seed is fixed), so it is kept in memory for the process and on disk in
``.cache/asked/``, under a key that hashes everything that decides it:

- every file of engine/ (its rules, bots, coach and words), so any engine change misses;
- the Python version (``random``'s algorithms may change between versions);
- the position (the game's record up to the asked move: its setup and every action before),
  the author's move and the seat names the feedback's words use.

A file is written under a temporary name and renamed, so a reader never sees half of one; a
file that cannot be read is valued again; a read-only checkout builds the same site, slower.
Files kept for an older engine are removed when one for the current engine is written.
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import sys
from functools import cache
from pathlib import Path

from engine.coach.ask import AskFeedback, ask_feedback
from engine.protocol import Game

ROOT = Path(__file__).resolve().parents[1]
ENGINE = ROOT / "engine"
FOLDER = ROOT / ".cache" / "asked"
FORMAT = 1
"""Bumped when what is kept, or how, changes."""

_KEPT: dict[str, AskFeedback] = {}


@cache
def engine_digest() -> str:
    """A hash of every file of engine/ (their paths and bytes), Python's version and FORMAT."""
    h = hashlib.sha256(f"asked {FORMAT}\npython {sys.version_info[0]}.{sys.version_info[1]}\n".encode())
    for path in sorted(p for p in ENGINE.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
        h.update(path.relative_to(ENGINE).as_posix().encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return h.hexdigest()[:16]


def position_key(game: Game, author: str, names: tuple[str, ...]) -> str:
    """The asked moment: its record (setup and the actions so far), the author's move, the names."""
    from engine.i18n import current_lang   # the feedback's words are in the language spoken
    what = json.dumps([game.record(), author, list(names)]
                      + ([current_lang()] if current_lang() != "en" else []),
                      sort_keys=True, separators=(",", ":"))
    return f"{engine_digest()}-{hashlib.sha256(what.encode()).hexdigest()[:24]}"


def asked_feedback(game: Game, author: str, names: tuple[str, ...]) -> AskFeedback:
    """:func:`ask_feedback` for the seat to play in ``game`` against ``author``, from this
    process's memory or .cache/asked/ when this engine has valued this moment before."""
    key = position_key(game, author, names)
    if key in _KEPT:
        return _KEPT[key]
    path = FOLDER / f"{key}.pickle"
    try:
        found = pickle.loads(path.read_bytes())
        if isinstance(found, AskFeedback):
            _KEPT[key] = found
            return found
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError):
        pass  # not kept yet (or unreadable): value it now
    feedback = _KEPT[key] = ask_feedback(game, author, names=names)
    _keep(path, feedback)
    return feedback


def _keep(path: Path, feedback: AskFeedback) -> None:
    try:
        FOLDER.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(f".{path.name}.{os.getpid()}")
        partial.write_bytes(pickle.dumps(feedback))
        partial.replace(path)
        for old in FOLDER.glob("*.pickle"):
            if not old.name.startswith(engine_digest() + "-"):
                old.unlink(missing_ok=True)
    except OSError:
        pass  # a read-only checkout values the moment again next time
