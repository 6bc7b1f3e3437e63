"""Main-thread tasks while cards move: the demo stepped and the play table played, in real
Chromium against the built site, with a warm engine, at 1280x800 and 390x844.

For each game page (Briscola and Madrasso by default; the page holds both the demo and the play
table) one tab opens, warms up (the engine started, the demo's first steps, a new game's first
moves: none of it counted), then at each size steps the demo and plays moves on the play table
(the first card it may play, the computer answering at its own pace, cards travelling as a
visitor sees them, no reduced motion). What is counted is what happens while a card travels:
every `Element.animate()` the page starts (a card to the centre, a trick to its taker) opens a
window of its duration, and a main-thread task that overlaps one is a task "while cards move"
(the task that draws the move and starts the travel included).

Two sources, side by side:

- **tasks**: Chromium's trace of the page's main thread (`toplevel` category: every task it
  runs, however short), so max, p95 and the count over 50 ms are of every task in the windows;
- **long tasks** and **long animation frames**: the page's own PerformanceObserver entries
  ('longtask', 'long-animation-frame': only those of 50 ms or more), as a field tool would see.

    .venv/bin/python bench/motion.py                    # builds the site, 8 demo steps and 8 moves a size
    .venv/bin/python bench/motion.py --site DIR --moves 12 --json

Target (issue 16): no main-thread task over 50 ms while cards move. The machine is shared: the
report prints the load average; quote figures from a quiet run only.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

import conftest  # noqa: E402  (the tests' server, Chromium and its flags)

SIZES = {"1280x800": (1280, 800), "390x844": (390, 844)}
LONG = 50.0  # ms
READY = 120_000
LIVE = '.play .seat-south button.card-button[aria-disabled="false"]'

# Windows of travel and the page's own long entries, on the page's clock (performance.now()).
RECORDER = """(() => {
  const log = (window.__motion = { windows: [], long: { longtask: [], "long-animation-frame": [] } });
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (frames, options) {
    const start = performance.now();
    const ms = typeof options === "number" ? options : (options && options.duration) || 0;
    log.windows.push([start, start + ms]);
    return animate.call(this, frames, options);
  };
  for (const type of Object.keys(log.long)) {
    if (!(PerformanceObserver.supportedEntryTypes || []).includes(type)) { log.long[type] = null; continue; }
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        // A long animation frame: where its time went (scripts, then style and layout, paint).
        const parts = e.renderStart === undefined ? null : {
          blocking: e.blockingDuration, render: e.renderStart ? e.startTime + e.duration - e.renderStart : 0,
          layout: e.styleAndLayoutStart ? e.startTime + e.duration - e.styleAndLayoutStart : 0,
          scripts: (e.scripts || []).map((s) => [`${s.invoker}`.slice(0, 60), Math.round(s.duration), Math.round(s.forcedStyleAndLayoutDuration || 0)]),
        };
        log.long[type].push([e.startTime, e.duration, parts]);
      }
    }).observe({ type, buffered: true });
  }
})();"""
# Waits in the page until nothing travels (and a frame has been drawn after it).
SETTLED = """() => new Promise((done) => {
  const check = () => (document.getAnimations().some((a) => a.playState === "running")
    ? setTimeout(check, 50) : requestAnimationFrame(() => requestAnimationFrame(done)));
  check();
})"""
CLOCK = "() => { performance.mark('motion:clock'); return performance.getEntriesByName('motion:clock').at(-1).startTime; }"


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))] if ordered else 0.0


def main_thread_tasks(trace: bytes) -> tuple[list[tuple[float, float, float]], float | None]:
    """The page's main-thread tasks (start, duration, thread time) in trace ms, and the trace time of the
    clock mark (to put the page's performance.now() on the trace's clock)."""
    events = json.loads(trace)["traceEvents"]
    clock = [e for e in events if e.get("name") == "motion:clock"]
    if not clock:
        return [], None
    pid = clock[-1]["pid"]
    mains = {e["tid"] for e in events if e.get("ph") == "M" and e.get("name") == "thread_name"
             and e["pid"] == pid and e["args"].get("name") == "CrRendererMain"}
    tasks = [(e["ts"] / 1000, e.get("dur", 0) / 1000, e.get("tdur", 0) / 1000) for e in events
             if e.get("ph") == "X" and e["pid"] == pid and e["tid"] in mains
             and e.get("name") == "ThreadControllerImpl::RunTask"]
    return tasks, clock[-1]["ts"] / 1000


def overlapping(items: list, windows: list[tuple[float, float]]) -> list:
    """The (start, duration, ...) items that overlap a window."""
    return [item for item in items if any(item[0] < end and item[0] + item[1] > start for start, end in windows)]


def figures(items: list) -> dict:
    durations = [item[1] for item in items]
    out = {"tasks": len(durations), "max": round(max(durations, default=0.0), 1),
           "p95": round(percentile(durations, 95), 1), "over_50": sum(d > LONG for d in durations)}
    if items and len(items[0]) > 2 and isinstance(items[0][2], dict):  # long animation frames: the longest one's parts
        out["longest"] = max(items, key=lambda item: item[1])[2]
    return out


class Segment:
    """One component at one size: traced, its travel windows and long entries taken after."""

    def __init__(self, browser, page):
        self.browser, self.page = browser, page

    def __enter__(self):
        self.page.evaluate("window.__motion.windows = []; for (const k in window.__motion.long) "
                           "if (window.__motion.long[k]) window.__motion.long[k] = []")
        self.browser.start_tracing(page=self.page, categories=["toplevel", "blink.user_timing"])
        self.page_clock = self.page.evaluate(CLOCK)
        return self

    def __exit__(self, *exc):
        self.page.evaluate(SETTLED)
        trace = self.browser.stop_tracing()
        log = self.page.evaluate("window.__motion")
        tasks, trace_clock = main_thread_tasks(trace)
        shift = (trace_clock - self.page_clock) if trace_clock is not None else 0.0
        windows = [(a, b) for a, b in log["windows"]]
        moving = overlapping([(s - shift, d, cpu) for s, d, cpu in tasks], windows)
        self.result = {
            "travels": len(windows),
            "trace": figures([(s, d) for s, d, _ in moving]),
            # The same tasks' thread time: what the page itself spent, without the time the
            # thread waited for a core (on a loaded machine, most of a long task's wall time).
            "trace_cpu": figures([(s, cpu) for s, _, cpu in moving]),
            **{kind: (None if entries is None else figures(overlapping(entries, windows)))
               for kind, entries in log["long"].items()},
        }
        return False


def demo_steps(page, steps: int) -> None:
    for _ in range(steps):
        forward = page.locator('.demo [data-action="forward"]')
        if forward.is_disabled():
            page.locator('.demo [data-action="restart"]').click()
        before = page.locator(".demo [data-position]").inner_text()
        forward.click()
        page.wait_for_function("(t) => document.querySelector('.demo [data-position]').textContent !== t",
                               arg=before, timeout=READY)
        page.evaluate(SETTLED)


def play_moves(page, moves: int) -> None:
    done = 0
    while done < moves:
        if page.locator(".play [data-end]").is_visible():
            new_game(page)
        elif page.locator('.play [data-deal-end] [data-action="next-deal"]').is_visible():
            page.locator('.play [data-deal-end] [data-action="next-deal"]').click()
        page.locator(", ".join([LIVE, ".play [data-end]:not([hidden])",
                                ".play [data-deal-end]:not([hidden])"])).first.wait_for(timeout=READY)
        if not page.locator(LIVE).count():
            continue
        page.locator(LIVE).first.click()
        done += 1
        page.locator(", ".join([LIVE, ".play [data-end]:not([hidden])",
                                ".play [data-deal-end]:not([hidden])"])).first.wait_for(timeout=READY)
        page.evaluate(SETTLED)


def new_game(page) -> None:
    page.locator('.play [data-action="new"]').click()
    confirm = page.locator(".play .play-confirm")
    if confirm.is_visible():
        confirm.get_by_role("button", name="Yes").click()
    page.locator(LIVE).first.wait_for(timeout=READY)


def run(site: Path, games: list[str], steps: int, moves: int, seed: int) -> dict:
    from playwright.sync_api import sync_playwright

    server = conftest.start_server(site)
    url = f"http://127.0.0.1:{server.server_address[1]}{conftest.SUB_PATH}"
    out: dict = {}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=conftest.CHROMIUM, args=conftest.CHROMIUM_ARGS)
            for game in games:
                context = browser.new_context(viewport={"width": 1280, "height": 800})
                context.add_init_script(RECORDER)
                page = context.new_page()
                # A known deal (the page's ?seed=) and the first card it may play each time: two
                # runs play the same moves, so they compare the code, not the cards.
                page.goto(f"{url}{game}.html?seed={seed}&level=random#play")
                page.evaluate("localStorage.clear()")
                page.reload()
                # Warm: the engine started and used by both components, the images decoded once.
                page.locator(".demo").scroll_into_view_if_needed()
                demo_steps(page, 2)
                page.locator(".play").scroll_into_view_if_needed()
                new_game(page)
                play_moves(page, 2)
                for size, (width, height) in SIZES.items():
                    page.set_viewport_size({"width": width, "height": height})
                    page.locator(".demo").scroll_into_view_if_needed()
                    with Segment(browser, page) as demo:
                        demo_steps(page, steps)
                    page.locator(".play").scroll_into_view_if_needed()
                    with Segment(browser, page) as play:
                        play_moves(page, moves)
                    out[f"{game} demo {size}"] = demo.result
                    out[f"{game} play {size}"] = play.result
                context.close()
            browser.close()
    finally:
        conftest.stop_server(server)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build this tree's into a temp folder)")
    parser.add_argument("--games", default="briscola,madrasso")
    parser.add_argument("--steps", type=int, default=8, help="demo steps counted per size")
    parser.add_argument("--moves", type=int, default=8, help="the visitor's moves counted per size")
    parser.add_argument("--seed", type=int, default=4, help="the play table's deal (the page's ?seed=)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    site = args.site
    if site is None:
        import build

        site = Path(tempfile.mkdtemp(prefix="bench-motion-")) / "site"
        result = build.build(build.Paths(out=site), strict=True)
        if not result.ok:
            print("the site does not build", file=sys.stderr)
            return 1
    load = os.getloadavg()
    results = run(site, args.games.split(","), args.steps, args.moves, args.seed)
    load_after = os.getloadavg()
    if args.json:
        print(json.dumps({"load": [load[0], load_after[0]], "pages": results}, indent=1))
        return 0
    print(f"load average {load[0]:.1f} before, {load_after[0]:.1f} after (quote a quiet run only)")
    print(f"main-thread tasks overlapping a card's travel, ms (target: none over {LONG:.0f}); wall time, then the")
    print("same tasks' thread time (the page's own work, without waiting for a core); the page's long entries")
    print(f"{'page / size':<24} {'travels':>7} | {'tasks':>5} {'max':>6} {'p95':>5} {'>50':>3} | {'cpu max':>7} {'p95':>5} {'>50':>3} | "
          f"{'longtask':>8} {'>50':>3} | {'LoAF max':>8} {'>50':>3}")
    for name, r in results.items():
        t, c = r["trace"], r["trace_cpu"]
        entries = [(r[kind]["max"], r[kind]["over_50"]) if r[kind] else (float("nan"), "-")
                   for kind in ("longtask", "long-animation-frame")]
        print(f"{name:<24} {r['travels']:>7} | {t['tasks']:>5} {t['max']:>6.1f} {t['p95']:>5.1f} {t['over_50']:>3} | "
              f"{c['max']:>7.1f} {c['p95']:>5.1f} {c['over_50']:>3} | "
              f"{entries[0][0]:>8.1f} {entries[0][1]:>3} | {entries[1][0]:>8.1f} {entries[1][1]:>3}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
