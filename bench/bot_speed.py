"""How long the computer players take a move, on CPython and inside Pyodide in Node.

For each game, bots of one level play whole deals at every seat and every decision is
timed (wall clock, ``time.perf_counter``); the report gives the 50th and 95th percentile
move times per game and level. ``--compare`` also runs the same code inside Pyodide in Node
(bench/bot_speed.mjs) and prints the two side by side. Targets (issue 7): greedy within
20 ms a move, the expert within 0.5 s at the 95th percentile inside Pyodide.

    .venv/bin/python bench/bot_speed.py                 # CPython only
    .venv/bin/python bench/bot_speed.py --compare       # CPython and Pyodide side by side
    .venv/bin/python bench/bot_speed.py --deals 2 --only briscola

The expert runs with its default sampled deals per move and without the tables' wall-clock
cap (0.35 s), so a busy machine slows it down instead of cutting its search short
(``--capped``: with the cap, as the tables run it, and the share of its search completed); the CPU
time per move (``time.process_time``; Node's ``process.cpuUsage`` inside Pyodide) is printed
next to the wall-clock time, since on a shared machine the two differ. Forced moves (one legal
action) are answered without search and not counted.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CASES = [
    ("briscola", {}, "briscola"),
    ("madrasso", {"one_deal": True}, "madrasso"),
    ("scopa", {"players": 2}, "scopa-2"),
    ("scopa", {"players": 3}, "scopa-3"),
    ("scopa", {"players": 4}, "scopa-4"),
]
LEVELS = ("greedy", "expert")


def percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def cpu_clock() -> float:
    """CPU seconds used by this process: time.process_time() on CPython; inside Pyodide
    (where the clocks are wall clocks) Node's process.cpuUsage()."""
    if sys.platform == "emscripten":
        try:
            import js  # type: ignore[import-not-found]

            usage = js.process.cpuUsage()
            return (usage.user + usage.system) / 1e6
        except (ImportError, AttributeError):
            return time.perf_counter()
    return time.process_time()


def measure(name: str, options: dict, level: str, deals: int,
            capped: bool = False) -> tuple[list[float], list[float], list[float]]:
    """Wall-clock and CPU seconds of every decision with more than one legal move, and for
    the expert the share of its sampled deals it completed (below 1 when the cap cut it)."""
    from engine.bots import make_bot
    from engine.games import GAMES

    wall, cpu, done = [], [], []
    for seed in range(deals):
        game = GAMES[name].new(1000 + seed, **options)
        # The expert's full default work: no wall-clock cap, so a busy machine does not
        # shorten the search it measures (the tables cap it at 0.35 s).
        bots = [make_bot(name, level, seed=seed * 10 + s) if capped else
                make_bot(name, level, seed=seed * 10 + s, time_budget=None)
                for s in range(game.num_players)]
        first_deal = getattr(game, "deal", 1) if name != "briscola" else 1
        while not game.is_over() and (name == "briscola" or game.deal == first_deal):
            seat = game.current_player()
            forced = len(game.legal_action_ids()) == 1
            start, start_cpu = time.perf_counter(), cpu_clock()
            action = bots[seat].choose(game, seat)
            elapsed, elapsed_cpu = time.perf_counter() - start, cpu_clock() - start_cpu
            if not forced:
                wall.append(elapsed)
                cpu.append(elapsed_cpu)
                stats = getattr(bots[seat], "last_stats", None)
                if stats:
                    done.append(stats["samples"] / bots[seat].settings.samples)
            game.apply(action)
    return wall, cpu, done


def warm_up(seconds: float) -> None:
    """Play random deals for a while first: a fresh Pyodide runs slower for a second or two
    while V8 compiles its hot WebAssembly (see README.md); CPython gets the same warm-up."""
    import random

    from engine.games import GAMES

    rng = random.Random(0)
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        game = GAMES["madrasso"].new(rng.randrange(10**6), one_deal=True)
        while not game.is_over():
            game.apply_id(rng.choice(game.legal_action_ids()))


def run(deals: int = 3, only: list[str] | None = None, warmup: float = 2.0,
        capped: bool = False) -> dict:
    """Per case and level: moves timed, p50 and p95 in milliseconds."""
    warm_up(warmup)
    out = {"python": sys.version.split()[0], "platform": sys.platform, "cases": {}}
    for name, options, label in CASES:
        if only and name not in only and label not in only:
            continue
        for level in LEVELS:
            wall, cpu, done = measure(name, options, level, deals, capped)
            out["cases"][f"{label} {level}"] = {
                "moves": len(wall),
                "p50_ms": round(1000 * percentile(wall, 0.5), 2),
                "p95_ms": round(1000 * percentile(wall, 0.95), 2),
                "max_ms": round(1000 * max(wall), 2),
                "cpu_p50_ms": round(1000 * percentile(cpu, 0.5), 2),
                "cpu_p95_ms": round(1000 * percentile(cpu, 0.95), 2),
                "cpu_total_ms": round(1000 * sum(cpu), 1),
                "search_done": round(sum(done) / len(done), 3) if done else None,
            }
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3, help="deals per game and level")
    parser.add_argument("--only", nargs="*", help="games to measure (briscola, madrasso, scopa-2 ...)")
    parser.add_argument("--compare", action="store_true", help="also run inside Pyodide in Node")
    parser.add_argument("--capped", action="store_true",
                        help="the expert as the tables run it, with its 0.35 s wall-clock cap")
    args = parser.parse_args(argv)

    cpython = run(args.deals, args.only, capped=args.capped)
    pyodide = None
    if args.compare:
        cmd = ["node", str(ROOT / "bench" / "bot_speed.mjs"), "--deals", str(args.deals)]
        if args.only:
            cmd += ["--only", *args.only]
        if args.capped:
            cmd += ["--capped"]
        done = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
        if done.returncode != 0:
            print(done.stderr, file=sys.stderr)
            return 1
        pyodide = json.loads(done.stdout.strip().splitlines()[-1])

    load = " ".join(f"{x:.1f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    print(f"Move times in ms, wall clock (CPU time in brackets); {args.deals} deals per game "
          f"and level; forced moves not counted; load average {load} on {os.cpu_count()} cores")
    header = f"{'game level':18} {'moves':>5}  {'CPython p50':>16} {'p95':>16}"
    if pyodide:
        header += f"  {'Pyodide p50':>16} {'p95':>16}"
    print(header)

    def cell(fig: dict, key: str) -> str:
        return f"{fig[key + '_ms']:7.1f} ({fig['cpu_' + key + '_ms']:6.1f})"

    for case, fig in cpython["cases"].items():
        line = f"{case:18} {fig['moves']:5d}  {cell(fig, 'p50'):>16} {cell(fig, 'p95'):>16}"
        if pyodide:
            other = pyodide["cases"][case]
            line += f"  {cell(other, 'p50'):>16} {cell(other, 'p95'):>16}"
        if args.capped and fig["search_done"] is not None:
            line += f"  search done {100 * fig['search_done']:.0f}%"
            if pyodide:
                line += f" / {100 * pyodide['cases'][case]['search_done']:.0f}%"
        print(line)
    print(f"CPython {cpython['python']}" + (f"; Pyodide {pyodide['pyodide']} (Python "
          f"{pyodide['python']}) in Node {pyodide['node']}" if pyodide else ""))
    print("JSON " + json.dumps({"cpython": cpython, "pyodide": pyodide}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
