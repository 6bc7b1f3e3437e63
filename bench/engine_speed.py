"""Random full deals per second, through the path computer players use for playouts.

    python bench/engine_speed.py              # CPython only, a table
    python bench/engine_speed.py --compare    # CPython, then the same code in Pyodide in Node
    python bench/engine_speed.py --json       # CPython only, JSON (what engine_speed.mjs prints)

Every case deals cards from a seeded ``random.Random`` and plays one whole deal with the game
protocol's fast face, choosing uniformly among the legal action ids::

    while not game.is_over():
        game.apply_id(rng.choice(game.legal_action_ids()))

Two ways to start a deal, each a row of the table:

* ``deal``: a new game built from a freshly shuffled deal with ``from_setup`` (shuffle, setup
  checks, first state), then played out. This is the "random full deals per second" figure.
* ``playout``: ``clone()`` of one dealt game, then played out. This is what a computer player
  pays per playout (it clones or determinizes a position it already has); the deal's setup
  cost is left out.

One deal is one deal, whatever the game's match rules: Madrasso and Scopa are matches of many
deals when built from a seed alone, so the bench builds them from explicit dealt cards (the
record fields ``hands`` and so on), which the engines treat as a single deal. Briscola is one
deal either way.

Each figure is the median of three timed runs of at least ``--seconds`` each.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.cards import CARD_TEXT  # noqa: E402
from engine.games import GAMES  # noqa: E402
from engine.protocol import Game  # noqa: E402

REPEATS = 3


# ---- one deal of each game, from a seeded shuffle ---------------------------------------------


def _shuffled(rng: random.Random) -> list[str]:
    pack = list(CARD_TEXT)
    rng.shuffle(pack)
    return pack


def madrasso_deal(rng: random.Random) -> Game:
    """Ten cards each to four seats; the dealer's tenth card is the turned-up card."""
    pack = _shuffled(rng)
    dealer = rng.randrange(4)
    hands = [pack[10 * s : 10 * s + 10] for s in range(4)]
    return GAMES["madrasso"].from_setup({"dealer": dealer, "hands": hands})


def briscola_deal(rng: random.Random) -> Game:
    """Three cards each, the turned card, the 33-card stock, a random leader."""
    pack = _shuffled(rng)
    return GAMES["briscola"].from_setup(
        {"hands": [pack[0:3], pack[3:6]], "turned": pack[6], "stock": pack[7:], "leader": rng.randrange(2)}
    )


def scopa_deal(players: int) -> Callable[[random.Random], Game]:
    def deal(rng: random.Random) -> Game:
        """Three cards each, four on the table (never three or four kings: that is a redeal)."""
        while True:
            pack = _shuffled(rng)
            table = pack[3 * players : 3 * players + 4]
            if sum(card[0] == "K" for card in table) < 3:
                break
        hands = [pack[3 * s : 3 * s + 3] for s in range(players)]
        return GAMES["scopa"].from_setup(
            {"players": players, "dealer": rng.randrange(players), "hands": hands,
             "table": table, "stock": pack[3 * players + 4 :]}
        )

    deal.__doc__ = f"Scopa at {players} players: " + (deal.__doc__ or "")
    return deal


CASES: dict[str, Callable[[random.Random], Game]] = {
    "madrasso": madrasso_deal,
    "briscola": briscola_deal,
    "scopa-2": scopa_deal(2),
    "scopa-4": scopa_deal(4),
}


# ---- the playout loop and its timing ---------------------------------------------------------


def play_out(game: Game, rng: random.Random) -> int:
    """Play uniformly random legal actions to the end of the deal; return how many."""
    choice = rng.choice
    n = 0
    while not game.is_over():
        game.apply_id(choice(game.legal_action_ids()))
        n += 1
    return n


def _time_deals(make: Callable[[random.Random], Game], seconds: float, seed: int) -> tuple[float, float]:
    """New deals played out for at least ``seconds``: (deals per second, actions per second)."""
    rng = random.Random(seed)
    clock = time.perf_counter
    deals = actions = 0
    start = clock()
    while True:
        for _ in range(20):
            actions += play_out(make(rng), rng)
        deals += 20
        elapsed = clock() - start
        if elapsed >= seconds:
            return deals / elapsed, actions / elapsed


def _time_playouts(make: Callable[[random.Random], Game], seconds: float, seed: int) -> tuple[float, float]:
    """Playouts from clones of dealt positions for at least ``seconds``: (per second, actions/s)."""
    rng = random.Random(seed)
    positions = [make(rng) for _ in range(16)]
    clock = time.perf_counter
    deals = actions = 0
    start = clock()
    while True:
        for position in positions:
            actions += play_out(position.clone(), rng)
        deals += len(positions)
        elapsed = clock() - start
        if elapsed >= seconds:
            return deals / elapsed, actions / elapsed


def available_cases() -> dict[str, Callable[[random.Random], Game]]:
    """The cases whose game module exists (the registry imports game modules lazily)."""
    found = {}
    for name, make in CASES.items():
        try:
            GAMES[name.split("-")[0]]
        except ImportError:
            continue
        found[name] = make
    return found


def run(seconds: float = 1.0, only: list[str] | None = None) -> dict[str, Any]:
    """Measure every case; each figure is the median of REPEATS runs. JSON-ready."""
    results: dict[str, Any] = {}
    for name, make in available_cases().items():
        if only and name not in only:
            continue
        # A short warm-up, so the first timed run does not pay for imports and first calls.
        _time_deals(make, min(0.2, seconds), seed=0)
        for kind, timer in (("deal", _time_deals), ("playout", _time_playouts)):
            runs = [timer(make, seconds, seed=1000 * r + 1) for r in range(REPEATS)]
            results[f"{name} {kind}"] = {
                "per_second": statistics.median(r[0] for r in runs),
                "actions_per_second": statistics.median(r[1] for r in runs),
                "runs": [round(r[0], 1) for r in runs],
            }
    return {
        "python": sys.version.split()[0],
        "implementation": platform.python_implementation(),
        "platform": sys.platform,
        "seconds": seconds,
        "results": results,
    }


# ---- the report ------------------------------------------------------------------------------


LABELS = {
    "madrasso": "Madrasso, one deal (4 seats)",
    "briscola": "Briscola, one deal (2 seats)",
    "scopa-2": "Scopa, one deal, 2 players",
    "scopa-4": "Scopa, one deal, 4 players",
}


def _label(key: str) -> str:
    name, kind = key.split(" ")
    return f"{LABELS.get(name, name)}: {'new deal + play' if kind == 'deal' else 'clone + play'}"


def table(cpython: dict[str, Any], pyodide: dict[str, Any] | None) -> str:
    rows = [("case", "CPython /s", "Pyodide /s", "CPython/Pyodide")] if pyodide else [("case", "CPython /s")]
    for key, figure in cpython["results"].items():
        row = [_label(key), f"{figure['per_second']:,.0f}"]
        if pyodide:
            other = pyodide["results"].get(key)
            if other:
                row += [f"{other['per_second']:,.0f}", f"{figure['per_second'] / other['per_second']:.2f}x"]
            else:
                row += ["-", "-"]
        rows.append(tuple(row))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = []
    for i, r in enumerate(rows):
        lines.append("  ".join(c.ljust(widths[0]) if j == 0 else c.rjust(widths[j]) for j, c in enumerate(r)))
        if i == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def run_pyodide(seconds: float, only: list[str] | None) -> dict[str, Any]:
    """The same run() inside Pyodide in Node (bench/engine_speed.mjs), as JSON."""
    command = ["node", str(ROOT / "bench" / "engine_speed.mjs"), "--seconds", str(seconds)]
    if only:
        command += ["--only", *only]
    out = subprocess.run(
        command,
        check=True, capture_output=True, text=True,
    )
    return json.loads(out.stdout)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--compare", action="store_true", help="also run in Pyodide in Node")
    parser.add_argument("--json", action="store_true", help="print JSON (CPython only)")
    parser.add_argument("--seconds", type=float, default=1.0, help="minimum time of each run")
    parser.add_argument("--only", nargs="*", help=f"cases among {', '.join(CASES)}")
    args = parser.parse_args(argv)

    cpython = run(args.seconds, args.only)
    if args.json:
        print(json.dumps(cpython))
        return 0
    pyodide = None
    if args.compare:
        pyodide = run_pyodide(args.seconds, args.only)
    missing = [name for name in CASES if name not in available_cases()]
    print(f"Random full deals per second, median of {REPEATS} runs of >= {args.seconds:g} s each, one core.")
    print(f"CPython {cpython['python']} on {platform.machine()}" + (
        f"; Pyodide {pyodide['pyodide']} (Python {pyodide['python']}) in Node {pyodide['node']}"
        if pyodide else ""))
    print()
    print(table(cpython, pyodide))
    if pyodide:
        print()
        print(f"Pyodide start-up in Node (loadPyodide ready): {pyodide['startup_seconds']:.2f} s; "
              f"import engine and the games: {pyodide['import_seconds']:.2f} s.")
    if missing:
        print(f"\nNot measured (no engine module yet): {', '.join(missing)}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
