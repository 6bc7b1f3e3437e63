"""Shared set-up for the engine tests (CPython and Pyodide in Node).

Hypothesis runs from the profile "engine": no example database (nothing is written into the
project), no per-example deadline (Pyodide is slower; speed has its own benchmark), and a
number of examples that keeps the whole suite under a minute on CPython. Inside Pyodide
(``sys.platform == "emscripten"``) the property tests run a fifth as many examples.
Set HYPOTHESIS_PROFILE=engine-thorough for a long run.
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

IN_PYODIDE = sys.platform == "emscripten"

settings.register_profile(
    "engine",
    database=None,
    deadline=None,
    max_examples=100 if IN_PYODIDE else 500,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "engine-thorough", database=None, deadline=None, max_examples=5000,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "engine"))

SUITS = "CDHS"
RANKS = "A234567JQK"
ALL_CARDS = [r + s for s in SUITS for r in RANKS]


def fill_hands(dealer: int, turned: str, given: dict[int, list[str]],
               voids: dict[int, str] | None = None) -> list[list[str]]:
    """Four hands of ten: each seat's ``given`` cards, then the rest of the pack, the most
    constrained cards first, each to the seat with most room that is not void in its suit
    (``voids``: seat -> suit letters it must not get). The dealer's tenth card is ``turned``."""
    voids = voids or {}
    hands = {seat: list(given.get(seat, [])) for seat in range(4)}
    used = {card for cards in hands.values() for card in cards} | {turned}
    if turned in hands[dealer]:
        hands[dealer].remove(turned)
    room = {seat: 10 - len(hands[seat]) - (seat == dealer) for seat in range(4)}

    def takers(card: str) -> list[int]:
        return [seat for seat in range(4) if card[1] not in voids.get(seat, "")]

    # The most constrained cards first, each to the allowed seat with the most room.
    for card in sorted((c for c in ALL_CARDS if c not in used), key=lambda c: len(takers(c))):
        seats = [seat for seat in takers(card) if room[seat]]
        if not seats:
            raise ValueError(f"no seat can take {card}")
        seat = max(seats, key=lambda s: room[s])
        hands[seat].append(card)
        room[seat] -= 1
    hands[dealer].append(turned)
    return [hands[seat] for seat in range(4)]


@pytest.fixture
def deal_hands():
    """The :func:`fill_hands` helper, for building a deal from the cards a test cares about."""
    return fill_hands


ROOT = Path(__file__).resolve().parents[2]


@dataclass
class CommandResult:
    returncode: int
    stdout: str
    stderr: str


def _engine_command(*args: str) -> CommandResult:
    if not IN_PYODIDE:
        done = subprocess.run([sys.executable, "-m", "engine", *args], cwd=ROOT,
                              capture_output=True, text=True, timeout=60)
        return CommandResult(done.returncode, done.stdout, done.stderr)
    # Pyodide has no processes: run the same entry point here, with its own streams and folder.
    from engine.__main__ import main

    out, err = io.StringIO(), io.StringIO()
    before = os.getcwd()
    os.chdir(ROOT)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(list(args))
            except SystemExit as exit_:
                code = exit_.code if isinstance(exit_.code, int) else 2
    finally:
        os.chdir(before)
    return CommandResult(code, out.getvalue(), err.getvalue())


@pytest.fixture
def engine_command():
    """``engine_command("replay", FILE)`` runs ``python -m engine`` from the repository's top:
    as a real process on CPython, in-process inside Pyodide (which cannot start one). Its
    result has ``returncode``, ``stdout`` and ``stderr``."""
    return _engine_command
