"""How long the coach's review of a whole deal takes, on CPython and inside Pyodide in Node,
beside the expert's own move time, and how stable its verdicts are.

For each game, deals are played out by the greedy players (shuffled from seeds 2000, 2001,
...), and each deal is reviewed for seat 0 exactly as the bridge's ``review_start`` and
``review_step`` do it (engine.coach.review: every legal move of each of the seat's moves valued
with the review's sampled deals, then the costliest moments explained, with their practice
positions). Per game the report gives the review's time per deal (median and worst, wall
clock and CPU), the expert's own time per move at the table's settings without its
wall-clock cap (the same positions, p50 and p95), and with ``--stability`` how often the
review's best move is the move the expert itself chooses with twice the review's sampled
deals and another seed, and how often the review marks that choice "best" (within the game's
noise threshold of its best; forced moves left out).

Targets (issue 17): a whole Briscola deal reviewed within 10 s in the browser, a Madrasso or
Scopa deal within 20 s.

    .venv/bin/python bench/review_speed.py                    # CPython, with the stability
    .venv/bin/python bench/review_speed.py --compare          # and Pyodide in Node, side by side
    .venv/bin/python bench/review_speed.py --deals 2 --only briscola --no-stability
    node bench/review_speed.mjs '{"deals": 3, "stability": false}'   # Pyodide only, JSON
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
sys.path.insert(0, str(ROOT / "bench"))

from bot_speed import cpu_clock, percentile, warm_up  # noqa: E402  (the move-time bench's clocks)

CASES = [("briscola", {}), ("madrasso", {"one_deal": True}), ("scopa", {"players": 2, "one_deal": True})]
TARGETS = {"briscola": 10.0, "madrasso": 20.0, "scopa": 20.0}
SEAT = 0


def played_deal(name: str, options: dict, seed: int) -> dict:
    """A deal played out by the greedy players: its public record."""
    from engine.bots import make_bot
    from engine.games import GAMES

    game = GAMES[name].new(seed, **options)
    bots = [make_bot(name, "greedy", seed + s) for s in range(game.num_players)]
    while not game.is_over():
        seat = game.current_player()
        game.apply(bots[seat].choose(game, seat))
    return game.finished_deals()[-1]


def measure(name: str, options: dict, deals: int, stability: bool) -> dict:
    from engine.bots.expert import ExpertBot
    from engine.coach.review import DealReview
    from engine.coach.values import REVIEW_SAMPLES

    walls, cpus, move_wall, move_cpu = [], [], [], []
    agree = compared = marked_best = 0
    for n in range(deals):
        record = played_deal(name, options, 2000 + n)
        start, start_cpu = time.perf_counter(), cpu_clock()
        review = DealReview(record, SEAT, seed=1)
        while not review.finished:
            review.step()
        review.result()
        walls.append(time.perf_counter() - start)
        cpus.append(cpu_clock() - start_cpu)
        expert = ExpertBot(name, 7 + n, time_budget=None)
        judge = ExpertBot(name, 99 + n, time_budget=None, samples=2 * REVIEW_SAMPLES[name])
        for move in review.moves:
            if move.values.forced:
                continue
            game = review.position(move.index)
            start, start_cpu = time.perf_counter(), cpu_clock()
            expert.choose(game, SEAT)
            move_wall.append(time.perf_counter() - start)
            move_cpu.append(cpu_clock() - start_cpu)
            if stability:
                choice = judge.choose(game, SEAT)
                compared += 1
                agree += choice == move.values.best.action
                marked_best += move.values.of(choice).mark == "best"
    return {
        "deals": deals, "moves": len(move_wall),
        "review_p50_s": round(percentile(walls, 0.5), 2), "review_max_s": round(max(walls), 2),
        "review_cpu_p50_s": round(percentile(cpus, 0.5), 2), "review_cpu_max_s": round(max(cpus), 2),
        "expert_p50_ms": round(1000 * percentile(move_wall, 0.5), 1),
        "expert_p95_ms": round(1000 * percentile(move_wall, 0.95), 1),
        "expert_cpu_p50_ms": round(1000 * percentile(move_cpu, 0.5), 1),
        "expert_cpu_p95_ms": round(1000 * percentile(move_cpu, 0.95), 1),
        "agree": round(agree / compared, 3) if compared else None, "compared": compared,
        "marked_best": round(marked_best / compared, 3) if compared else None,
        "samples": REVIEW_SAMPLES[name],
    }


def run(deals: int = 3, only: list[str] | None = None, warmup: float = 2.0,
        stability: bool = False) -> dict:
    warm_up(warmup)
    out = {"python": sys.version.split()[0], "platform": sys.platform, "cases": {}}
    for name, options in CASES:
        if not only or name in only:
            out["cases"][name] = measure(name, options, deals, stability)
    return out


def arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="The coach's review of a deal: its time and "
                                     "its stability")
    parser.add_argument("--compare", action="store_true", help="also run inside Pyodide in Node")
    parser.add_argument("--deals", type=int, default=3, help="deals reviewed per game")
    parser.add_argument("--only", nargs="*", help="games (briscola, madrasso, scopa)")
    parser.add_argument("--no-stability", dest="stability", action="store_false",
                        help="skip the expert's choice at twice the samples (CPython)")
    parser.add_argument("--pyodide-stability", action="store_true",
                        help="measure the stability inside Pyodide too (slow)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv)

    cpython = run(args.deals, args.only, stability=args.stability)
    pyodide = None
    if args.compare:
        options = {"deals": args.deals, "only": args.only, "stability": args.pyodide_stability}
        done = subprocess.run(["node", str(ROOT / "bench" / "review_speed.mjs"),
                               json.dumps(options)], capture_output=True, text=True, cwd=ROOT)
        if done.returncode != 0:
            print(done.stderr, file=sys.stderr)
            return 1
        pyodide = json.loads(done.stdout.strip().splitlines()[-1])
    print(f"A whole deal's review for seat 0, s wall clock (CPU in brackets), median and worst "
          f"of {args.deals} deals; the expert's own move, ms; load average "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    for label, figures in (("CPython", cpython), ("Pyodide", pyodide)):
        if not figures:
            continue
        print(f"{label}:")
        print(f"  {'game':9} {'samples':>7} {'review p50':>16} {'worst':>16} {'target':>6}  "
              f"{'expert move p50':>16} {'p95':>16}  same best at 2x samples (marked best)")
        for name, fig in figures["cases"].items():
            agree = (f"{100 * fig['agree']:.0f}% of {fig['compared']} "
                     f"({100 * fig['marked_best']:.0f}%)" if fig["agree"] is not None else "-")
            print(f"  {name:9} {fig['samples']:7d} "
                  f"{fig['review_p50_s']:7.1f} ({fig['review_cpu_p50_s']:6.1f}) "
                  f"{fig['review_max_s']:7.1f} ({fig['review_cpu_max_s']:6.1f}) "
                  f"{TARGETS[name]:5.0f}s  "
                  f"{fig['expert_p50_ms']:7.0f} ({fig['expert_cpu_p50_ms']:6.0f}) "
                  f"{fig['expert_p95_ms']:7.0f} ({fig['expert_cpu_p95_ms']:6.0f})  {agree}")
    versions = [f"CPython {cpython['python']}"]
    if pyodide:
        versions.append(f"Pyodide {pyodide['pyodide']} (Python {pyodide['python']}) in Node "
                        f"{pyodide['node']}")
    print("; ".join(versions))
    print("JSON " + json.dumps({"cpython": cpython, "pyodide": pyodide}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
