"""How much stronger one computer level is than another, measured on duplicate deals.

Every deal is played once for each side from the same shuffle, level A taking that side's
seats and level B every other seat (two sides: the sides swapped; Scopa at three players:
A in each seat in turn against two of B), so the luck of the cards cancels and what is left
is play. A deal's margin is A's side's result minus the mean of the other sides' (e.g. card
points in Briscola, deal points in Scopa and Madrasso) averaged over the plays; the report
gives its mean and standard error over the deals.

    .venv/bin/python bench/strength.py briscola expert greedy --deals 400
    .venv/bin/python bench/strength.py madrasso expert greedy --deals 200 --max-seconds 900
    .venv/bin/python bench/strength.py scopa greedy random --deals 1000 --jobs 2
    .venv/bin/python bench/strength.py scopa4 expert greedy --deals 200   # four players, in pairs
    .venv/bin/python bench/strength.py scopa3 expert greedy --deals 200   # three, each for itself
    .venv/bin/python bench/strength.py madrasso expert greedy --as-played  # the tables' capped expert

Deals run in parallel over ``--jobs`` processes (both cores by default). By default the expert
does its full search (its sampled deals per move, no wall-clock cap: the answer depends on the
seed alone). ``--as-played`` measures the expert as the tables run it: inside Pyodide with a
0.35 s cap a move. Playing hundreds of deals inside Pyodide would take hours, so the deals are
played here, on CPython, with the cap scaled by how much faster CPython runs the expert's
search, measured at the start of the run on the same decisions in both (bench/bot_speed.py:
the uncapped expert's CPU time over two deals, here and inside Pyodide in Node); the report
gives that ratio, the scaled cap, and the share of the full search the capped expert completed.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.bots import make_bot  # noqa: E402
from engine.bots.expert import settings_for  # noqa: E402
from engine.games import GAMES  # noqa: E402

# Per table: the game, its new-game options, and the seats of each side.
TABLES = {
    "briscola": ("briscola", {}, [(0,), (1,)]),
    "scopa": ("scopa", {"players": 2}, [(0,), (1,)]),
    "scopa3": ("scopa", {"players": 3}, [(0,), (1,), (2,)]),   # each player for itself
    "scopa4": ("scopa", {"players": 4}, [(0, 2), (1, 3)]),   # two partnerships
    "madrasso": ("madrasso", {"one_deal": True}, [(0, 2), (1, 3)]),
}


TABLES_CAP = 0.35   # seconds a move: the expert's cap at the tables, inside Pyodide
SPEED_CASES = {"briscola": "briscola", "scopa": "scopa-2", "scopa3": "scopa-3", "scopa4": "scopa-4",
               "madrasso": "madrasso"}   # bench/bot_speed.py's case for each table


def cpython_over_pyodide(table: str, deals: int = 2) -> tuple[float, float, float]:
    """How many times faster CPython runs the expert's search than Pyodide in Node (the pinned
    package), measured now: the uncapped expert's CPU seconds over the same ``deals`` deals of
    bench/bot_speed.py in both. Returns (ratio, CPython seconds, Pyodide seconds)."""
    sys.path.insert(0, str(ROOT / "bench"))
    import bot_speed

    case = SPEED_CASES[table]
    here = bot_speed.run(deals, [case])["cases"][f"{case} expert"]["cpu_total_ms"]
    done = subprocess.run(["node", str(ROOT / "bench" / "bot_speed.mjs"), "--deals", str(deals), "--only", case],
                          capture_output=True, text=True, cwd=ROOT, check=True)
    there = json.loads(done.stdout.strip().splitlines()[-1])["cases"][f"{case} expert"]["cpu_total_ms"]
    return there / here, here / 1000, there / 1000


def play(table: str, seed: int, levels: dict[int, str], budget: float | None,
         samples: int | None) -> tuple[list[float], list[float], list[float]]:
    """One deal from ``seed`` with the given level at each seat: each seat's result (its side's
    margin), the expert's move times and the share of its full search each of them completed."""
    game_name, options, sides = TABLES[table]
    game = GAMES[game_name].new(seed, **options)
    deal_of = settings_for(game_name).deal_of
    first_deal = deal_of(game)
    bots = {seat: make_bot(game_name, level, seed=seed * 10 + seat, time_budget=budget,
                           samples=samples if level == "expert" else None)
            for seat, level in levels.items()}
    times, done = [], []
    while not game.is_over() and deal_of(game) == first_deal:
        seat = game.current_player()
        bot = bots[seat]
        bot.last_stats = {}
        start = time.perf_counter()
        action = bot.choose_id(game, seat)
        if levels[seat] == "expert":
            times.append(time.perf_counter() - start)
            if bot.last_stats:   # not a forced move
                done.append(bot.last_stats["samples"] / bot.settings.samples)
        game.apply_id(action)
    if game_name == "scopa":  # a seeded Scopa game is a match: score its first deal (by side)
        points = game.deals[0]["points"]
        side_of = {seat: side for side, seats in enumerate(sides) for seat in seats}

        def margin(side: int) -> float:   # this side's points over the mean of the others'
            others = [points[o] for o in range(len(sides)) if o != side]
            return points[side] - sum(others) / len(others)

        return [margin(side_of[s]) for s in range(game.num_players)], times, done
    if game_name == "madrasso":  # deal points only (returns() adds 1000 for a cappotto)
        d = game.points[0] - game.points[1]
        return [float(d if s % 2 == 0 else -d) for s in range(4)], times, done
    return game.returns(), times, done


def duplicate(task: tuple) -> tuple[int, float, list[float], list[float]]:
    table, seed, a, b, budget, samples = task
    _, _, sides = TABLES[table]
    margins, times, done = [], [], []
    for first in range(len(sides)):
        levels = {}
        for side, seats in enumerate(sides):
            for seat in seats:
                levels[seat] = a if side == first else b
        returns, t, d = play(table, seed, levels, budget, samples)
        margins.append(returns[sides[first][0]])
        times += t
        done += d
    return seed, sum(margins) / len(margins), times, done


def summary(margins: list[float]) -> tuple[float, float]:
    n = len(margins)
    mean = sum(margins) / n
    if n < 2:
        return mean, float("nan")
    var = sum((m - mean) ** 2 for m in margins) / (n - 1)
    return mean, math.sqrt(var / n)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(TABLES))
    parser.add_argument("a", help="level of the first side: random, greedy or expert")
    parser.add_argument("b", help="level of the other side")
    parser.add_argument("--deals", type=int, default=200, help="duplicate deals to play")
    parser.add_argument("--max-seconds", type=float, default=1800, help="stop starting deals after this")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--budget", type=float, default=None,
                        help="expert time cap per move in seconds (default: none, fixed samples)")
    parser.add_argument("--samples", type=int, default=None, help="expert sampled deals per move")
    parser.add_argument("--as-played", action="store_true",
                        help=f"the expert as the tables run it: a {TABLES_CAP} s cap inside Pyodide, "
                             "scaled to CPython by the speed ratio measured at the start")
    args = parser.parse_args(argv)
    if args.as_played:
        if args.budget is not None:
            parser.error("--as-played sets the budget itself")
        ratio, here, there = cpython_over_pyodide(args.game)
        args.budget = TABLES_CAP / ratio
        print(f"as played: the expert's search took {there:.1f} s of CPU inside Pyodide (Node) and "
              f"{here:.1f} s on CPython over the same two deals: CPython {ratio:.2f}x faster, so the "
              f"tables' {TABLES_CAP} s cap is {args.budget:.3f} s here", flush=True)

    tasks = [(args.game, args.first_seed + i, args.a, args.b, args.budget, args.samples)
             for i in range(args.deals)]
    margins: list[float] = []
    times: list[float] = []
    done: list[float] = []
    start = time.perf_counter()
    print(f"{args.game}: {args.a} against {args.b}, {args.deals} duplicate deals, "
          f"{args.jobs} processes", flush=True)
    with multiprocessing.Pool(args.jobs) as pool:
        try:
            finished = pool.imap_unordered(duplicate, tasks)
            for _, margin, t, d in finished:
                margins.append(margin)
                times += t
                done += d
                n = len(margins)
                if n % max(1, args.deals // 20) == 0 or n == args.deals:
                    mean, se = summary(margins)
                    print(f"  {n:5d} deals  margin {mean:+7.2f} ± {se:5.2f}  "
                          f"({time.perf_counter() - start:6.0f} s)", flush=True)
                if time.perf_counter() - start > args.max_seconds:
                    print("  time is up: stopping early", flush=True)
                    break
        except KeyboardInterrupt:  # Ctrl-C (or kill -INT): report what was played
            print("  interrupted: stopping early", flush=True)
        pool.terminate()
    if not margins:
        return 1
    mean, se = summary(margins)
    line = (f"RESULT {args.game} {args.a} vs {args.b}: margin {mean:+.2f} ± {se:.2f} (SE) "
            f"a deal over {len(margins)} duplicate deals ({len(TABLES[args.game][2]) * len(margins)} games)")
    if times:
        times.sort()
        line += (f"; expert move time p50 {1000 * times[len(times) // 2]:.0f} ms, "
                 f"p95 {1000 * times[int(len(times) * 0.95)]:.0f} ms")
    if done and args.budget is not None:
        line += (f"; cap {args.budget:.3f} s: {100 * sum(done) / len(done):.0f}% of the full search done, "
                 f"{100 * sum(d < 1 for d in done) / len(done):.0f}% of moves cut short")
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    print(line + f" (load average {load})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
