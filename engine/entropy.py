"""Secret randomness: seeds nobody outside the engine knows.

A game the visitor plays is shuffled from a seed the engine draws here, from the operating
system's entropy (``os.urandom``; inside Pyodide that is the browser's
``crypto.getRandomValues``), never from the page and never from the ``random`` module's
shared state (which a memory snapshot would repeat on every visit). The seed stays inside the
engine: no answer to a seat's session names it.
"""

from __future__ import annotations

import random

_SYSTEM = random.SystemRandom()

SEED_BITS = 64


def secret_seed() -> int:
    """A fresh seed of 64 bits from the system's entropy."""
    return _SYSTEM.getrandbits(SEED_BITS)


def secret_rng() -> random.Random:
    """A ``random.Random`` seeded with a fresh secret seed (fast, unlike SystemRandom)."""
    return random.Random(secret_seed())
