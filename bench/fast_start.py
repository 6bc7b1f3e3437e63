"""How fast the engine starts, beside a bare Pyodide page in the same run (issue 8's figures).

    python bench/fast_start.py [--runs 3] [--site DIR] [--no-throttled]

Builds the site (unless --site), serves it with gzip (bench/gzip_server.py) next to a bare page
that only runs the default ``loadPyodide()`` from the same Pyodide version's default files, and
measures in Chromium (Playwright, Debian's chromium), the median of --runs:

1. cold: press play on the Madrasso page -> first demo move shown, over the bare page's press
   -> Python ready (target <= 0.5x);
2. bytes sent by the server (gzip) until the engine is ready, over the bare page's (<= 0.8x);
3. a repeat visit with the network off (service worker, memory snapshot): the engine's start
   -> ready (from the page's ``engine-start`` mark: the page asked for the engine), over the
   cold visit's (<= 0.3x); navigation -> engine ready on both visits is printed too (the
   repeat visit starts its engine as soon as the page runs, the cold one on the press); the
   repeat visit presses play at once, like the cold one, and a further visit that presses
   nothing shows what that press costs the engine's start;
4. a "Regular 4G" link (Chrome's preset: 4 Mbps down, 20 ms) on a first visit: press play ->
   first move (target < 12 s). The bench's server shapes the link (``/__shape``): Chrome's
   CDP throttling reached the engine's worker in only some runs (2.2 s and 10.7 s runs
   alternated), the server sees every request.
Each visitor gets a fresh browser profile on disk, as a visitor's own browser has (empty
caches, no service worker): Chromium keeps compiled code (V8's code cache, for the scripts and
the wasm) only in a profile on disk, so a repeat visit in an incognito-like context compiles
Pyodide's wasm and scripts again. ``--incognito`` measures that way instead (one browser, a
fresh in-memory context for each visitor).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import gzip_server  # noqa: E402

CHROMIUM, ARGS = gzip_server.CHROMIUM, gzip_server.CHROMIUM_ARGS
TIMEOUT = 180_000
REGULAR_4G = {"down": 4_000_000 / 8, "latency": 20}   # bytes a second, ms

# In the page: note when the play button is pressed, when the engine says ready, when the first
# move is shown (performance.now(), ms since the navigation started).
WATCH_DEMO = """() => {
  const marks = window.__marks = {};
  const demo = document.querySelector(".demo");
  demo.querySelector('[data-action="play"]').addEventListener("click", () => { marks.press = performance.now(); }, { capture: true });
  const look = () => {
    const status = demo.querySelector(".engine-status");
    if (status && status.dataset.state === "ready" && !marks.ready) marks.ready = performance.now();
    const position = demo.querySelector("[data-position]");
    if (position && position.textContent.trim() === "Move 1 of 41" && !marks.first) marks.first = performance.now();
  };
  new MutationObserver(look).observe(demo, { subtree: true, childList: true, characterData: true, attributes: true });
  look();
}"""


def server_bytes(base: str, reset: bool = False) -> int:
    with urllib.request.urlopen(base + "/__bytes" + ("?reset=1" if reset else "")) as response:
        return int(response.read())


def shape(base: str, link: dict | None) -> None:
    query = f"?down={link['down']}&latency={link['latency']}" if link else ""
    with urllib.request.urlopen(base + "/__shape" + query) as response:
        response.read()


class Visitors:
    """A new visitor's browser for each visit: a fresh profile on disk, or (incognito) a fresh
    in-memory context of one shared browser."""

    def __init__(self, playwright, incognito: bool = False):
        self.playwright = playwright
        self.browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS) if incognito else None

    @contextlib.contextmanager
    def new(self):
        if self.browser:
            context = self.browser.new_context()
            try:
                yield context
            finally:
                context.close()
            return
        with tempfile.TemporaryDirectory(prefix="fast-start-profile-") as profile:
            context = self.playwright.chromium.launch_persistent_context(
                profile, executable_path=CHROMIUM, args=ARGS)
            try:
                yield context
            finally:
                context.close()

    def close(self) -> None:
        if self.browser:
            self.browser.close()


def bare_cold(visitors: Visitors, base: str) -> dict:
    with visitors.new() as context:
        page = context.new_page()
        server_bytes(base, reset=True)
        page.goto(base + "/bare/")
        start = time.perf_counter()
        page.click("#start")
        page.locator("#state[data-ms]").wait_for(timeout=TIMEOUT)
        wall = (time.perf_counter() - start) * 1000
        sent = server_bytes(base)
    return {"ready_ms": wall, "bytes": sent}


def demo_visit(page, url: str) -> dict:
    page.goto(url, wait_until="domcontentloaded")
    page.evaluate(WATCH_DEMO)
    page.locator('.demo [data-action="play"]').click()
    page.locator(".demo [data-position]", has_text="Move 1 of 41").wait_for(timeout=TIMEOUT)
    for _ in range(100):
        marks = page.evaluate("() => window.__marks")
        if marks.get("first") and marks.get("ready"):
            break
        page.wait_for_timeout(20)
    # The engine client's own marks: when the page asked for the engine, when it was ready,
    # and whether it started cold or from a snapshot.
    marks.update(page.evaluate("""async () => {
      const client = performance.getEntriesByType("resource").map((r) => r.name).find((n) => n.includes("/engine-client."));
      const engine = (await import(client)).getEngine(document.querySelector(".demo"));
      return {
        engine_start: performance.getEntriesByName("engine-start")[0].startTime,
        engine_ready: performance.getEntriesByName("engine-ready")[0].startTime,
        worker_ready: engine.timings.ready,   // inside the worker, from its own start
        how: document.documentElement.dataset.engineStart };
    }"""))
    return marks


def quiet_visit(page, url: str) -> dict:
    """A visit where nobody presses anything: the page starts its engine by itself (it does at
    once when a snapshot is kept); its engine start -> ready, and how it started."""
    page.goto(url, wait_until="domcontentloaded")
    page.locator("html[data-engine=ready]").wait_for(timeout=TIMEOUT)
    return page.evaluate("""() => ({
      start_to_ready: performance.getEntriesByName("engine-ready")[0].startTime
        - performance.getEntriesByName("engine-start")[0].startTime,
      how: document.documentElement.dataset.engineStart })""")


def site_cold(visitors: Visitors, base: str, throttle: dict | None = None, offline_after: bool = False) -> dict:
    with visitors.new() as context:
        return visit_site(context, base, throttle, offline_after)


def visit_site(context, base: str, throttle: dict | None, offline_after: bool) -> dict:
    page = context.new_page()
    server_bytes(base, reset=True)
    if throttle:
        shape(base, throttle)
    try:
        marks = demo_visit(page, base + "/sub/madrasso.html")
    finally:
        if throttle:
            shape(base, None)
    sent = server_bytes(base)
    result = {"press_to_first_ms": marks["first"] - marks["press"], "nav_to_ready_ms": marks.get("ready"),
              "start_to_ready_ms": marks["engine_ready"] - marks["engine_start"],
              "worker_ready_ms": marks["worker_ready"], "bytes": sent,
              "how": marks["how"]}
    if offline_after:
        page.locator("html[data-offline=ready]").wait_for(timeout=TIMEOUT)
        # The engine's memory snapshot is kept a few seconds after its first start, once the
        # page is quiet (engine-client.mjs); a visitor reading the page gives it that time.
        page.wait_for_function("() => Object.keys(localStorage).some((k) => k.startsWith('engine-snapshot:'))",
                               timeout=TIMEOUT)
        context.set_offline(True)
        page.close()
        again = context.new_page()
        marks = demo_visit(again, base + "/sub/madrasso.html")
        result["offline_nav_to_ready_ms"] = marks.get("ready")
        result["offline_start_to_ready_ms"] = marks["engine_ready"] - marks["engine_start"]
        result["offline_worker_ready_ms"] = marks["worker_ready"]
        result["offline_how"] = marks["how"]
        result["offline_press_to_first_ms"] = marks["first"] - marks["press"]
        # And once more in that tab (the same renderer process, as when a visitor goes from
        # page to page).
        marks = demo_visit(again, base + "/sub/madrasso.html")
        result["offline_same_tab_start_to_ready_ms"] = marks["engine_ready"] - marks["engine_start"]
        again.close()
        # And in a new tab where the visitor presses nothing at once: the bench's own press (a
        # scroll to the demo, its table painted, the press handled) shares the two cores with
        # the engine's start.
        quiet = quiet_visit(context.new_page(), base + "/sub/madrasso.html")
        result["offline_quiet_start_to_ready_ms"] = quiet["start_to_ready"]
        result["offline_quiet_how"] = quiet["how"]
    return result


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else float("nan")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--site", type=Path, help="an already built site (default: build one)")
    parser.add_argument("--no-throttled", action="store_true", help="skip the Regular 4G runs")
    parser.add_argument("--incognito", action="store_true",
                        help="visitors in fresh in-memory contexts of one browser (no code cache kept)")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    served = gzip_server.serve(args.site, "fast-start-")
    if served is None:
        return 1
    server, base = served
    runs: dict[str, list[dict]] = {"bare": [], "site": [], "throttled": [], "bare_throttled": []}
    with sync_playwright() as p:
        visitors = Visitors(p, incognito=args.incognito)
        for i in range(args.runs):
            runs["bare"].append(bare_cold(visitors, base))
            runs["site"].append(site_cold(visitors, base, offline_after=True))
            print(f"run {i + 1}: bare {runs['bare'][-1]}, site {runs['site'][-1]}", file=sys.stderr)
        if not args.no_throttled:
            for i in range(args.runs):
                runs["throttled"].append(site_cold(visitors, base, throttle=REGULAR_4G))
                print(f"throttled run {i + 1}: {runs['throttled'][-1]}", file=sys.stderr)
        visitors.close()
    server.shutdown()

    bare_ms = median(r["ready_ms"] for r in runs["bare"])
    bare_bytes = median(r["bytes"] for r in runs["bare"])

    def site(key: str) -> float:   # the median of one figure over the site's runs
        return median(r.get(key) for r in runs["site"])

    cold_ms, site_bytes = site("press_to_first_ms"), site("bytes")
    cold_ready, offline_ready = site("nav_to_ready_ms"), site("offline_nav_to_ready_ms")
    cold_start, offline_start = site("start_to_ready_ms"), site("offline_start_to_ready_ms")
    figures = {
        "bare_press_to_ready_ms": round(bare_ms),
        "site_press_to_first_move_ms": round(cold_ms),
        "cold_ratio": round(cold_ms / bare_ms, 2),
        "bare_bytes_gzip": int(bare_bytes),
        "site_bytes_gzip_until_first_move": int(site_bytes),
        "bytes_ratio": round(site_bytes / bare_bytes, 2),
        "cold_nav_to_engine_ready_ms": round(cold_ready),
        "offline_repeat_nav_to_engine_ready_ms": round(offline_ready),
        "repeat_nav_ratio": round(offline_ready / cold_ready, 2),
        "cold_engine_start_to_ready_ms": round(cold_start),
        "offline_repeat_engine_start_to_ready_ms": round(offline_start),
        "repeat_ratio": round(offline_start / cold_start, 2),
        # How the repeat visits started (both kinds): "snapshot", unless a restore failed.
        "offline_repeat_started_from": sorted({r.get(k) for r in runs["site"]
                                               for k in ("offline_how", "offline_quiet_how")} - {None}),
        "cold_worker_ready_ms": round(site("worker_ready_ms")),
        "offline_repeat_worker_ready_ms": round(site("offline_worker_ready_ms")),
        "offline_repeat_press_to_first_move_ms": round(site("offline_press_to_first_ms")),
    }
    # The same figures as the median of each run's own ratio (a run's page and its baseline
    # ran one after the other, so they shared the machine's load at the time).
    figures["cold_ratio_per_run"] = round(median(s["press_to_first_ms"] / b["ready_ms"]
                                                 for s, b in zip(runs["site"], runs["bare"])), 2)
    figures["repeat_ratio_per_run"] = round(median(s.get("offline_start_to_ready_ms") / s["start_to_ready_ms"]
                                                   for s in runs["site"] if s.get("offline_start_to_ready_ms")), 2)
    if runs["throttled"]:
        figures["regular_4g_press_to_first_move_ms"] = round(median(r["press_to_first_ms"] for r in runs["throttled"]))
        figures["regular_4g_bytes"] = int(median(r["bytes"] for r in runs["throttled"]))
    print(f"Start-up, median of {args.runs} (Chromium, gzip server; each beside its baseline):")
    print(f"  cold, press play -> first demo move: {cold_ms:,.0f} ms  vs bare loadPyodide() "
          f"{bare_ms:,.0f} ms  = {figures['cold_ratio']}x  (target <= 0.5x)")
    print(f"      (median of each run's own ratio: {figures['cold_ratio_per_run']}x)")
    print(f"  bytes (gzip) until the engine is ready: {site_bytes / 1e6:.2f} MB  vs bare "
          f"{bare_bytes / 1e6:.2f} MB  = {figures['bytes_ratio']}x  (target <= 0.8x)")
    print(f"  repeat visit offline, engine start -> ready: {offline_start:,.0f} ms  vs cold "
          f"{cold_start:,.0f} ms  = {figures['repeat_ratio']}x  (target <= 0.3x; started from "
          f"{', '.join(figures['offline_repeat_started_from'])})")
    print(f"      (median of each run's own ratio: {figures['repeat_ratio_per_run']}x)")
    same_tab = site("offline_same_tab_start_to_ready_ms")
    figures["offline_same_tab_engine_start_to_ready_ms"] = round(same_tab)
    figures["repeat_same_tab_ratio"] = round(same_tab / cold_start, 2)
    figures["repeat_worker_ratio"] = round(figures["offline_repeat_worker_ready_ms"] / figures["cold_worker_ready_ms"], 2)
    print(f"      inside the worker, its start -> ready: {figures['offline_repeat_worker_ready_ms']:,} ms  vs cold "
          f"{figures['cold_worker_ready_ms']:,} ms  = {figures['repeat_worker_ratio']}x")
    print(f"      the same tab again (same process): {same_tab:,.0f} ms = {figures['repeat_same_tab_ratio']}x")
    quiet = site("offline_quiet_start_to_ready_ms")
    figures["offline_quiet_engine_start_to_ready_ms"] = round(quiet)
    figures["repeat_quiet_ratio"] = round(quiet / cold_start, 2)
    print(f"      a new tab where nothing is pressed at once: {quiet:,.0f} ms = {figures['repeat_quiet_ratio']}x")
    print(f"      navigation -> engine ready: {offline_ready:,.0f} ms  vs cold {cold_ready:,.0f} ms  "
          f"= {figures['repeat_nav_ratio']}x  (the repeat visit starts its engine as the page runs, "
          f"offline, {figures['offline_repeat_press_to_first_move_ms']} ms from play to the first move)")
    if runs["throttled"]:
        print(f"  Regular 4G (4 Mbps, 20 ms), first visit, press play -> first move: "
              f"{figures['regular_4g_press_to_first_move_ms'] / 1000:.1f} s  (target < 12 s; "
              f"{figures['regular_4g_bytes'] / 1e6:.2f} MB sent)")
    if args.json:
        args.json.write_text(json.dumps({"figures": figures, "runs": runs}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
