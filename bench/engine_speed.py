"""Random full deals per second, through the path computer players use for playouts.

    python bench/engine_speed.py              # CPython only, a table
    python bench/engine_speed.py --compare    # CPython, then the same code in Pyodide in Node
    python bench/engine_speed.py --json       # CPython only, JSON (as engine_speed.mjs prints)

Every case deals cards from a seeded ``random.Random`` and plays one whole deal with the game
protocol's fast face, choosing uniformly among the legal action ids::

    while not game.is_over():
        game.apply_id(rng.choice(game.legal_action_ids()))

Two ways to start a deal, each a row of the table:

* ``deal``: a new game, shuffled and dealt from a fresh seed (see below), then played out.
  This is the "random full deals per second" figure.
* ``playout``: ``clone()`` of a dealt game as a computer player sees it (``determinize`` for
  the seat to play, done once, outside the timing), then played out. This is what the expert
  player pays per playout of each move (engine/bots/expert.py); the deal's setup is left out.

One deal is one deal, whatever the game's match rules. A seeded Briscola game is one deal. A
seeded Madrasso game is a whole match, so the bench asks for ``one_deal`` (the engine's own
option: the seeded deal stops after its tenth trick, or earlier if it ends the match). A
seeded Scopa game is a whole match and Scopa has no such option, so the bench deals the cards
itself from the rng and builds the deal from them (the record fields ``players``, ``dealer``,
``hands``, ``table``, ``stock``), which the engine treats as a single deal; that setup parses
the cards' text, a cost the seeded paths do not have. The ``actions`` column shows the
actions per deal: 40 cards (plus the odd Madrasso ``swap``), or 36 for Scopa (four cards
start on the table).

Each figure is the median of three timed runs of at least ``--seconds`` of CPU time each (the
CPU time of the thread running Python, so that a busy shared machine skews the figures less
than wall time would), after ``--warmup`` seconds of the same play.
"""

from __future__ import annotations

import argparse
import json
import os
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


def madrasso_deal(rng: random.Random) -> Game:
    """A seeded deal that stops after its ten tricks (``one_deal``): the engine shuffles the
    pack with random.Random(seed), deals ten each and turns up the dealer's tenth card."""
    return GAMES["madrasso"].new(rng.getrandbits(64), one_deal=True)


def briscola_deal(rng: random.Random) -> Game:
    """A seeded game of Briscola, which is one deal."""
    return GAMES["briscola"].new(rng.getrandbits(64))


def scopa_deal(players: int) -> Callable[[random.Random], Game]:
    def deal(rng: random.Random) -> Game:
        """Three cards each, four on the table (never three or four kings: that is a redeal)."""
        while True:
            pack = list(CARD_TEXT)
            rng.shuffle(pack)
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


def _cpu_clock() -> Callable[[], float]:
    """CPU time in seconds of the thread running Python: time.thread_time on CPython; inside
    Pyodide, the Node main thread's time from /proc, which engine_speed.mjs provides as
    ``mainThreadCpuSeconds`` (10 ms resolution; V8's compiler and GC threads are not counted,
    as CPython's own start-up is not). CPU time, not wall time, so that other jobs on a shared
    machine slow the runs down without lowering the figures much."""
    if sys.platform != "emscripten":
        return time.thread_time
    import js  # type: ignore[import-not-found]  # Pyodide's bridge to JavaScript's globals

    if hasattr(js, "mainThreadCpuSeconds"):
        return js.mainThreadCpuSeconds
    return time.perf_counter  # not started by engine_speed.mjs: wall time


cpu_clock = _cpu_clock()


def _next_batch(batch: int, elapsed: float, deals: int, seconds: float) -> int:
    """Read the clock about fifty times a run, whatever the speed: reading it costs ~1 us on
    CPython but ~30 us inside Pyodide (a call out to JavaScript that reads /proc)."""
    if elapsed < seconds / 50 and deals < 1_000_000:
        return batch * 2
    return batch


def _timed(play: Callable[[int], tuple[int, int]], batch: int, seconds: float) -> tuple[int, int, float]:
    """Call ``play(batch)`` (which plays ``batch`` rounds: (deals, actions)) until ``seconds``
    of CPU time have passed: (deals, actions, seconds)."""
    clock = cpu_clock
    deals = actions = 0
    start = clock()
    while True:
        played, moves = play(batch)
        deals += played
        actions += moves
        elapsed = clock() - start
        if elapsed >= seconds:
            return deals, actions, elapsed
        batch = _next_batch(batch, elapsed, deals, seconds)


def _time_deals(make: Callable[[random.Random], Game], seconds: float, seed: int) -> tuple[int, int, float]:
    """New deals played out for at least ``seconds`` of CPU time: (deals, actions, seconds)."""
    rng = random.Random(seed)

    def play(batch: int) -> tuple[int, int]:
        return batch, sum(play_out(make(rng), rng) for _ in range(batch))

    return _timed(play, 10, seconds)


def _time_playouts(make: Callable[[random.Random], Game], seconds: float, seed: int) -> tuple[int, int, float]:
    """Playouts from clones of determinized deals for ``seconds`` of CPU time: (deals, actions, s)."""
    rng = random.Random(seed)
    positions = []
    for _ in range(10):
        game = make(rng)
        positions.append(game.determinize(game.current_player(), rng))

    def play(batch: int) -> tuple[int, int]:
        moves = sum(play_out(position.clone(), rng) for _ in range(batch) for position in positions)
        return batch * len(positions), moves

    return _timed(play, 1, seconds)


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


def run(seconds: float = 1.0, only: list[str] | None = None, warmup: float = 2.0) -> dict[str, Any]:
    """Measure every case; each figure is the median of REPEATS runs. JSON-ready.

    First every case is played in turn for ``warmup`` CPU seconds: Pyodide's WebAssembly is
    compiled in tiers (a quick baseline first, optimised code once a function is hot), so
    its first seconds run slower than the rest; CPython gets the same warm-up.
    """
    cases = {name: make for name, make in available_cases().items() if not only or name in only}
    clock = cpu_clock
    started = clock()
    while cases and clock() - started < warmup:
        for make in cases.values():
            _time_deals(make, 0.02, seed=0)
            _time_playouts(make, 0.02, seed=0)
    results: dict[str, Any] = {}
    for name, make in cases.items():
        for kind, timer in (("deal", _time_deals), ("playout", _time_playouts)):
            runs = [timer(make, seconds, seed=1000 * r + 1) for r in range(REPEATS)]
            rates = [deals / elapsed for deals, _, elapsed in runs]
            results[f"{name} {kind}"] = {
                "per_second": statistics.median(rates),
                "actions_per_second": statistics.median(actions / elapsed for _, actions, elapsed in runs),
                "actions_per_deal": sum(r[1] for r in runs) / sum(r[0] for r in runs),
                "runs": [round(rate, 1) for rate in rates],
            }
    return {
        "python": sys.version.split()[0],
        "implementation": platform.python_implementation(),
        "platform": sys.platform,
        "seconds": seconds,
        "warmup": warmup,
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
    return f"{LABELS.get(name, name)}: {'new deal + play' if kind == 'deal' else 'playout from a clone'}"


def table(cpython: dict[str, Any], pyodide: dict[str, Any] | None) -> str:
    head = ("case", "actions", "CPython /s")
    rows = [(*head, "Pyodide /s", "CPython/Pyodide")] if pyodide else [head]
    for key, figure in cpython["results"].items():
        row = [_label(key), f"{figure['actions_per_deal']:.1f}", f"{figure['per_second']:,.0f}"]
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


def run_pyodide(seconds: float, only: list[str] | None, warmup: float) -> dict[str, Any]:
    """The same run() inside Pyodide in Node (bench/engine_speed.mjs), as JSON."""
    command = ["node", str(ROOT / "bench" / "engine_speed.mjs"), "--seconds", str(seconds),
               "--warmup", str(warmup)]
    if only:
        command += ["--only", *only]
    out = subprocess.run(command, check=True, stdout=subprocess.PIPE, text=True)
    return json.loads(out.stdout)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--compare", action="store_true", help="also run in Pyodide in Node")
    parser.add_argument("--json", action="store_true", help="print JSON (CPython only)")
    parser.add_argument("--seconds", type=float, default=1.0, help="minimum time of each run")
    parser.add_argument("--warmup", type=float, default=2.0, help="seconds of play before timing")
    parser.add_argument("--only", nargs="*", help=f"cases among {', '.join(CASES)}")
    args = parser.parse_args(argv)

    cpython = run(args.seconds, args.only, args.warmup)
    if args.json:
        print(json.dumps(cpython))
        return 0
    pyodide = None
    if args.compare:
        pyodide = run_pyodide(args.seconds, args.only, args.warmup)
    missing = [name for name in CASES if name not in available_cases()]
    print(f"Random full deals per second of CPU time on one core: median of {REPEATS} runs of "
          f">= {args.seconds:g} s each, after {args.warmup:g} s of warm-up. 'actions': per deal.")
    print(f"CPython {cpython['python']} on {platform.machine()}" + (
        f"; Pyodide {pyodide['pyodide']} (Python {pyodide['python']}) in Node {pyodide['node']}"
        if pyodide else ""))
    print()
    print(table(cpython, pyodide))
    if pyodide:
        print()
        print(f"Pyodide start-up in Node (loadPyodide ready): {pyodide['startup_seconds']:.2f} s; "
              f"import engine and the games: {pyodide['import_seconds']:.2f} s.")
    if hasattr(os, "getloadavg"):
        print(f"\nLoad average while measuring (1 min): {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores.")
    if missing:
        print(f"\nNot measured (no engine module yet): {', '.join(missing)}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
