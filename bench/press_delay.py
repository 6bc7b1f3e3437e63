"""How long a learner's press waits when a review note is in flight (issue 30), in Chromium on
the built site, through the page's own engine client and worker, on a loaded machine.

The play page values the learner's moves while the deal is played (``review_note``,
templates/static/js/review-notes.mjs) in the quiet moments: with no computer's pause (Instant,
or reduced motion) that is the learner's own turn, so a press can come while a note runs, and
the one worker answers the press only after the note. This bench plays whole deals as such a
page and learner do: on the learner's turn, notes go one after another (as the page's pump
sends them) until the learner presses after a think time; the press (``apply``) is sent at
once, behind the note in flight, and its wait is timed from the send to the answer. The
computer answers at once (``bot``, no pause). At the deal's end the notes go on while the
learner reads the end panel (``--read`` s), then Review is pressed and timed until the
review's result (``review_start``, ``review_step``...).

Two ways in the same run, deal after deal alternately, on the same seeds:

- **whole** (before): each note values its move in one request, however long it takes;
- **sliced** (after): each note runs at most ``budget`` ms (the page's SLICE) and the next one
  goes on where it stopped (engine/coach/values.py PlayedValuation), the same values in the end.

``--load N`` starts N busy processes for the run (default 2, on this 2-core machine: the load
a shared machine has), stopped at the end; the load average is printed.

    .venv/bin/python bench/press_delay.py --site site              # Briscola and Madrasso
    .venv/bin/python bench/press_delay.py --site site --deals 4 --only briscola --load 3
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

CASES = [("briscola", {"players": 2}), ("madrasso", {"one_deal": True})]
SLICE_MS = 20  # review-notes.mjs SLICE

PLAY = """async ({ game, options, seed, budget, think, read }) => {
  const client = performance.getEntriesByType("resource").map((r) => r.name).find((n) => n.includes("/engine-client."));
  const { getEngine } = await import(client);
  const engine = getEngine(document.querySelector("[data-runtime]") || document.documentElement);
  await engine.start();
  const pause = (ms) => new Promise((r) => setTimeout(r, ms));
  const started = await engine.request("new", { game, seat: 0, seed, options });
  const handle = started.handle;
  let state = started.state;
  let waiting = 0, inFlight = false, stop = false;
  const notes = [];
  const pump = async () => {                     // review-notes.mjs's pump, in a quiet moment
    while (!stop && waiting > 0) {
      inFlight = true;
      const t0 = performance.now();
      const args = budget ? { handle, budget } : { handle };
      const answer = await engine.request("review_note", args);
      notes.push(performance.now() - t0);
      inFlight = false;
      waiting = answer.waiting;
    }
  };
  const presses = [];   // [ms, whether a note was in flight at the press]
  let rng = seed * 7919;
  const next = () => (rng = (rng * 16807) % 2147483647) / 2147483647;
  while (!state.over && !state.table.between_deals) {
    if (state.to_play === 0) {
      stop = false;
      const pumping = pump();
      await pause(think[0] + next() * (think[1] - think[0]));
      stop = true;                               // busy(): no new note starts
      const flying = inFlight;
      const t0 = performance.now();
      state = (await engine.request("apply", { handle, action: state.legal[0] })).state;
      presses.push([performance.now() - t0, flying]);
      await pumping;
      waiting = Math.max(waiting, 1);            // moved(): a new move to value
    } else {
      state = (await engine.request("bot", { handle, level: "greedy", play: true })).state;
    }
  }
  stop = false;
  const reading = pump();                        // the end panel: notes go on while it is read
  await pause(read * 1000);
  stop = true;
  const t0 = performance.now();
  await reading;                                 // the press waits for the note in flight
  let answer = await engine.request("review_start", { handle });
  while (!answer.finished) answer = await engine.request("review_step", { review: answer.review });
  const review = (performance.now() - t0) / 1000;
  await engine.request("drop", { handle });
  return { presses, review, notes };
}"""


def burn(until: float) -> None:
    x = 0
    while time.time() < until:
        x = (x * 31 + 7) % 1000003


def percentile(values: list[float], q: float) -> int | None:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))]) if ordered else None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a built site (else a fresh build)")
    parser.add_argument("--deals", type=int, default=3, help="deals per game and way (default 3)")
    parser.add_argument("--only", action="append", help="one game (repeatable)")
    parser.add_argument("--load", type=int, default=2, help="busy processes during the run")
    parser.add_argument("--budget", type=int, default=SLICE_MS, help="a sliced note's ms")
    parser.add_argument("--think", type=float, nargs=2, default=(5, 120),
                        help="the learner's think time on its turn, ms, from and to")
    parser.add_argument("--read", type=float, default=1.0, help="s reading the deal's end")
    args = parser.parse_args(argv)
    import gzip_server
    from playwright.sync_api import sync_playwright

    served = gzip_server.serve(args.site, "press-delay-")
    if served is None:
        return 1
    server, base = served
    stop_at = time.time() + 3600
    burners = [multiprocessing.Process(target=burn, args=(stop_at,), daemon=True)
               for _ in range(args.load)]
    for b in burners:
        b.start()
    out: dict = {"load_at_start": os.getloadavg()[0], "budget_ms": args.budget, "cases": {}}
    try:
        with sync_playwright() as p:
            chromium = p.chromium.launch(executable_path=gzip_server.CHROMIUM,
                                         args=gzip_server.CHROMIUM_ARGS)
            for name, options in CASES:
                if args.only and name not in args.only:
                    continue
                page = chromium.new_page()
                page.goto(f"{base}/sub/{name}.html")
                page.wait_for_function("performance.getEntriesByType('resource')"
                                       ".some((r) => r.name.includes('/engine-client.'))")
                ways: dict[str, dict[str, list]] = {w: {"flying": [], "idle": [], "review": [],
                                                        "notes": []} for w in ("whole", "sliced")}
                for n in range(args.deals):
                    for way in (("whole", "sliced") if n % 2 == 0 else ("sliced", "whole")):
                        got = page.evaluate(PLAY, {
                            "game": name, "options": options, "seed": 3000 + n,
                            "budget": args.budget if way == "sliced" else 0,
                            "think": list(args.think), "read": args.read})
                        for ms, flying in got["presses"]:
                            ways[way]["flying" if flying else "idle"].append(ms)
                        ways[way]["review"].append(got["review"])
                        ways[way]["notes"] += got["notes"]
                page.close()
                fig = {}
                for way, w in ways.items():
                    fig[way] = {
                        "presses_with_note": len(w["flying"]),
                        "press_p50_ms": percentile(w["flying"], 0.5),
                        "press_p90_ms": percentile(w["flying"], 0.9),
                        "press_max_ms": percentile(w["flying"], 1.0),
                        "press_idle_p50_ms": percentile(w["idle"], 0.5),
                        "note_p50_ms": percentile(w["notes"], 0.5),
                        "note_max_ms": percentile(w["notes"], 1.0),
                        "review_s": [round(r, 2) for r in w["review"]]}
                fig["ratio_p90"] = round((fig["whole"]["press_p90_ms"] or 0) / max(1, fig["sliced"]["press_p90_ms"] or 0), 1)
                out["cases"][name] = fig
            chromium.close()
    finally:
        server.shutdown()
        for b in burners:
            b.terminate()
    out["load_at_end"] = os.getloadavg()[0]
    for name, fig in out["cases"].items():
        print(f"{name}: a press with a note in flight (whole -> sliced, {args.budget} ms):")
        for way in ("whole", "sliced"):
            f = fig[way]
            print(f"  {way:6}  n={f['presses_with_note']:3}  p50 {f['press_p50_ms']!s:>5} ms  "
                  f"p90 {f['press_p90_ms']!s:>5} ms  max {f['press_max_ms']!s:>5} ms  "
                  f"(no note in flight: p50 {f['press_idle_p50_ms']} ms; a note p50 "
                  f"{f['note_p50_ms']} max {f['note_max_ms']} ms)  review ready {f['review_s']} s")
        print(f"  p90 ratio whole/sliced: {fig['ratio_p90']}x")
    print(f"load average {out['load_at_start']:.1f} at the start, {out['load_at_end']:.1f} at the end")
    print("JSON " + json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
