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

Targets (issue 30): a deal's review ready within 3 s in the browser (issue 17's were 10 s for
Briscola, 20 s for Madrasso and Scopa).

``--browser`` runs the same deals' reviews in Debian's Chromium (Playwright) on the built site
(``--site DIR``, else a fresh build), through the page's own engine client and worker, as the
play page asks for them (``load`` the finished deal, ``review_start``, ``review_step`` until
finished): the time from review_start to the whole review, and the CPU time Chromium spent
on it (read from /proc: the engine's worker thread, and the whole browser), which the
machine's other load does not inflate as it does the wall clock. With ``--notes`` it also plays
seeded deals in a seat's game the way the play page can (the seat's move, then
``review_note`` while the computer plays), and times the review at the deal's end, which
then only assembles, beside each note's own time.

``--verdicts`` shows how many verdicts the review's valuation (engine.coach.values
.evaluate_played: batches, stopping once the played move's mark is clear) changes against the
valuation of every move with the game's full ``review_samples`` (issue 17's review): the
played move's mark and the expert's card, beside the same count for that full valuation run
again with another seed (its own noise: the floor any valuation has).

    .venv/bin/python bench/review_speed.py                    # CPython, with the stability
    .venv/bin/python bench/review_speed.py --compare          # and Pyodide in Node, side by side
    .venv/bin/python bench/review_speed.py --deals 2 --only briscola --no-stability
    .venv/bin/python bench/review_speed.py --browser --no-stability [--notes] [--site site]
    .venv/bin/python bench/review_speed.py --verdicts --deals 5 --no-stability
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
TARGETS = {"briscola": 3.0, "madrasso": 3.0, "scopa": 3.0}
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


def verdicts(deals: int, only: list[str] | None) -> dict:
    """The review's marks and expert's cards against the full valuation's (see the module's
    docstring), per game."""
    from engine.coach.review import DealReview
    from engine.coach.values import evaluate, evaluate_played

    out = {}
    for name, options in CASES:
        if only and name not in only:
            continue
        fig = {"moves": 0, "mark_changed": 0, "best_changed": 0, "noise_mark_changed": 0,
               "noise_best_changed": 0, "samples_full": 0, "samples_review": 0}
        for n in range(deals):
            review = DealReview(played_deal(name, options, 2000 + n), SEAT, seed=1)
            for index in review.turns:
                game, played = review.position(index), review.actions[index]
                full = evaluate(game, SEAT, seed=1, salt=f"deal {review.deal}")
                if full.forced:
                    continue
                again = evaluate(game, SEAT, seed=1, salt="another seed")
                new = evaluate_played(game, SEAT, played, seed=1)
                fig["moves"] += 1
                fig["samples_full"] += full.samples
                fig["samples_review"] += new.samples
                fig["mark_changed"] += full.of(played).mark != new.of(played).mark
                fig["best_changed"] += full.best.action != new.best.action
                fig["noise_mark_changed"] += full.of(played).mark != again.of(played).mark
                fig["noise_best_changed"] += full.best.action != again.best.action
        out[name] = fig
    return out


BROWSER_REVIEW = """async ({ records, notes }) => {
  const client = performance.getEntriesByType("resource").map((r) => r.name).find((n) => n.includes("/engine-client."));
  const { getEngine } = await import(client);
  const engine = getEngine(document.querySelector("[data-runtime]") || document.documentElement);
  await engine.start();
  if (!records.length && !notes.length) return null;  // started only
  const review = async (handle) => {
    const t0 = performance.now();
    let answer = await engine.request("review_start", { handle });
    while (!answer.finished) answer = await engine.request("review_step", { review: answer.review });
    return (performance.now() - t0) / 1000;
  };
  const cold = [];
  for (const record of records) {
    const { handle } = await engine.request("load", { record });
    cold.push(await review(handle));
    await engine.request("drop", { handle });
  }
  const warm = [], noted = [];
  for (const deal of notes) {
    const started = await engine.request("new", { game: deal.game, seat: 0, seed: deal.seed, options: deal.options });
    const handle = started.handle;
    let state = started.state;
    while (!state.over) {
      if (state.to_play === 0) {
        state = (await engine.request("apply", { handle, action: state.legal[0] })).state;
        const t0 = performance.now();
        // As the play page sends them (review-notes.mjs): 20 ms slices until the move is valued.
        let note;
        do note = await engine.request("review_note", { handle, budget: 20 });
        while (!note.valued && note.waiting > 0);
        noted.push(performance.now() - t0);
      } else {
        state = (await engine.request("bot", { handle, level: "greedy", play: true })).state;
      }
    }
    warm.push(await review(handle));
    await engine.request("drop", { handle });
  }
  return { cold, warm, noted };
}"""


def descendants_cpu() -> tuple[float, float]:
    """CPU seconds (user + system) used so far by this process's descendants that are
    Chromium's (the browser Playwright launched), read from /proc: all of its threads, and its
    dedicated workers' threads alone (the engine's worker, where the review runs). Figures the
    machine's other load does not inflate, unlike the wall clock."""
    tick = os.sysconf("SC_CLK_TCK")
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                raw = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(raw[raw.rindex(")") + 2:].split()[1])
    mine = {os.getpid()}
    changed = True
    while changed:
        changed = False
        for pid, parent in parents.items():
            if parent in mine and pid not in mine:
                mine.add(pid)
                changed = True
    browser_cpu = worker_cpu = 0.0
    for pid in mine:
        try:
            if "chrom" not in (Path(f"/proc/{pid}") / "comm").read_text().lower():
                continue
            tasks = list(Path(f"/proc/{pid}/task").iterdir())
        except OSError:
            continue
        for task in tasks:
            try:
                raw = (task / "stat").read_text()
            except OSError:
                continue
            name = raw[raw.index("(") + 1:raw.rindex(")")]
            fields = raw[raw.rindex(")") + 2:].split()
            cpu = (int(fields[11]) + int(fields[12])) / tick
            browser_cpu += cpu
            if name.startswith("DedicatedWorker"):
                worker_cpu += cpu
    return browser_cpu, worker_cpu


def browser(deals: int, only: list[str] | None, site: Path | None, notes: bool) -> dict | None:
    """The reviews inside Chromium on the built site (see the module's docstring)."""
    import gzip_server
    from playwright.sync_api import sync_playwright

    served = gzip_server.serve(site, "review-speed-")
    if served is None:
        return None
    server, base = served
    out: dict = {"cases": {}}
    try:
        with sync_playwright() as p:
            chromium = p.chromium.launch(executable_path=gzip_server.CHROMIUM,
                                         args=gzip_server.CHROMIUM_ARGS)
            out["chromium"] = chromium.version
            for name, options in CASES:
                if only and name not in only:
                    continue
                page = chromium.new_page()
                page.goto(f"{base}/sub/{name}.html")
                page.wait_for_function("performance.getEntriesByType('resource')"
                                       ".some((r) => r.name.includes('/engine-client.'))")
                records = [played_deal(name, options, 2000 + n) for n in range(deals)]
                plan = [{"game": name, "seed": 2000 + n, "options": options}
                        for n in range(deals)] if notes else []
                page.evaluate(BROWSER_REVIEW, {"records": [], "notes": []})
                cold, cpu, worker = [], [], []
                for record in records:  # one at a time, each with the browser's CPU time
                    before = descendants_cpu()
                    cold += page.evaluate(BROWSER_REVIEW, {"records": [record], "notes": []})["cold"]
                    after = descendants_cpu()
                    cpu.append(after[0] - before[0])
                    worker.append(after[1] - before[1])
                got = page.evaluate(BROWSER_REVIEW, {"records": [], "notes": plan}) if notes else None
                page.close()
                fig = {"review_p50_s": round(percentile(cold, 0.5), 2),
                       "review_max_s": round(max(cold), 2),
                       "review_cpu_p50_s": round(percentile(cpu, 0.5), 2),
                       "review_cpu_max_s": round(max(cpu), 2),
                       "worker_cpu_p50_s": round(percentile(worker, 0.5), 2),
                       "worker_cpu_max_s": round(max(worker), 2)}
                if got:
                    fig.update(after_notes_p50_s=round(percentile(got["warm"], 0.5), 2),
                               after_notes_max_s=round(max(got["warm"]), 2),
                               note_p50_ms=round(percentile(got["noted"], 0.5)),
                               note_max_ms=round(max(got["noted"])))
                out["cases"][name] = fig
            chromium.close()
    finally:
        server.shutdown()
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
    parser.add_argument("--browser", action="store_true",
                        help="also review the deals inside Chromium on the built site")
    parser.add_argument("--notes", action="store_true",
                        help="with --browser: also value each move while the deal is played")
    parser.add_argument("--site", type=Path, help="a built site for --browser (else a fresh build)")
    parser.add_argument("--no-cpython", dest="cpython", action="store_false",
                        help="skip the CPython figures (e.g. --browser on an older --site)")
    parser.add_argument("--verdicts", action="store_true",
                        help="count the verdicts changed against the full valuation")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv)

    if args.verdicts:
        figures = verdicts(args.deals, args.only)
        print(f"The played move's mark and the expert's card, the review's valuation against the "
              f"full one ({args.deals} deals a game, forced moves left out); beside them the full "
              f"valuation run again with another seed:")
        for name, fig in figures.items():
            print(f"  {name:9} {fig['moves']:3d} moves: mark changed {fig['mark_changed']:2d} "
                  f"(another seed {fig['noise_mark_changed']:2d}), expert's card changed "
                  f"{fig['best_changed']:2d} (another seed {fig['noise_best_changed']:2d}); "
                  f"sampled deals {fig['samples_review']} vs {fig['samples_full']}")
        print("JSON " + json.dumps({"verdicts": figures}))
        return 0
    cpython = run(args.deals, args.only, stability=args.stability) if args.cpython else None
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
    seen = browser(args.deals, args.only, args.site, args.notes) if args.browser else None
    if args.browser and seen is None:
        return 1
    if seen:
        print(f"Chromium {seen['chromium']} on the built site (the page's engine worker):")
        for name, fig in seen["cases"].items():
            line = (f"  {name:9} review p50 {fig['review_p50_s']:5.1f} s (the engine's worker "
                    f"{fig['worker_cpu_p50_s']:.1f} s CPU, the whole browser "
                    f"{fig['review_cpu_p50_s']:.1f}), worst {fig['review_max_s']:5.1f} s "
                    f"({fig['worker_cpu_max_s']:.1f}, {fig['review_cpu_max_s']:.1f}) "
                    f"(target {TARGETS[name]:.0f} s)")
            if "after_notes_p50_s" in fig:
                line += (f"; valued while played: ready {fig['after_notes_p50_s']:.2f} s p50, "
                         f"{fig['after_notes_max_s']:.2f} s worst after the deal, each note "
                         f"{fig['note_p50_ms']} ms p50, {fig['note_max_ms']} ms worst")
            print(line)
    versions = [f"CPython {cpython['python']}"] if cpython else []
    if pyodide:
        versions.append(f"Pyodide {pyodide['pyodide']} (Python {pyodide['python']}) in Node "
                        f"{pyodide['node']}")
    print("; ".join(versions))
    print("JSON " + json.dumps({"cpython": cpython, "pyodide": pyodide, "browser": seen}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
