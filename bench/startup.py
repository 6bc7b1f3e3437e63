#!/usr/bin/env python3
"""Engine start-up in the browser, beside a bare Pyodide, in the same run.

    .venv/bin/python bench/startup.py [--runs 3] [--site DIR]

Builds the site (unless --site) and serves it with gzip (bench/gzip_server.py) under
``/sub/``, beside ``/bare/``: a page whose button starts a module worker that runs the
default ``loadPyodide()`` from the same Pyodide version's *default* files (the full standard
library and lock file from node_modules/pyodide). Each run opens a fresh Chromium context
(cold cache, no service worker, no snapshot) and measures:

- the bare page: pressing Start -> Python ready (wall clock), and inside its worker, the
  worker's start -> ready;
- the Madrasso page (``madrasso.html#demo``): the engine's start (``engine-start``: the page
  asked for it, as on intent) -> the engine worker ready, and from the worker's own start;
  navigation -> ready is printed too, for context: it includes the page's deliberate wait
  (the engine starts 2 s after the load event unless the visitor shows intent first);
- Play -> the first move drawn, once the engine is ready;
- long tasks (> 50 ms) on the Madrasso page's main thread while the engine loads.

Medians of ``--runs`` runs. Targets: engine ready (from its start) at most 1.15x the bare
start; the first move under 100 ms after Play; no long task while loading.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import gzip_server  # noqa: E402

CHROMIUM, ARGS = gzip_server.CHROMIUM, gzip_server.CHROMIUM_ARGS
TIMEOUT = 120_000

LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
}).observe({ type: "longtask", buffered: true });
"""


def mark(page, name: str) -> float:
    return page.evaluate(f"performance.getEntriesByName({name!r})[0].startTime")


def run_bare(browser, base: str) -> dict[str, float]:
    context = browser.new_context()
    page = context.new_page()
    page.goto(base + "/bare/")
    start = time.perf_counter()
    page.click("#start")
    page.locator("#state[data-ms]").wait_for(timeout=TIMEOUT)
    wall = (time.perf_counter() - start) * 1000
    inside = float(page.locator("#state").get_attribute("data-ms"))
    context.close()
    return {"press_to_ready": wall, "worker_to_ready": inside}


def run_demo(browser, base: str) -> dict[str, float]:
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    page.add_init_script(LONG_TASKS)
    page.goto(base + "/sub/madrasso.html#demo")
    page.locator("html[data-engine='ready']").wait_for(state="attached", timeout=TIMEOUT)
    ready = mark(page, "engine-ready")
    started = mark(page, "engine-start")
    worker = mark(page, "engine-worker-started")
    # The demo opens its record once the engine is ready; let it, then press play.
    page.wait_for_timeout(300)
    page.locator('.demo [data-action="play"]').click()
    page.locator(".demo [data-position]").filter(has_text="Move 1 of").wait_for(timeout=30_000)
    first = mark(page, "demo-shown-1") - mark(page, "demo-play")
    stages = {name: mark(page, f"engine-{name}") - started for name in ("runtime", "python", "engine", "import")}
    long_tasks = page.evaluate("window.__longTasks")
    context.close()
    loading = [d for s, d in long_tasks if started <= s <= ready]
    return {"nav_to_ready": ready, "start_to_ready": ready - started, "worker_to_ready": ready - worker,
            "first_move": first, **stages, "long_tasks": len(loading), "longest": max(loading, default=0.0)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--site", type=Path, help="an already built site (default: build one)")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    served = gzip_server.serve(args.site, "startup-")
    if served is None:
        return 1
    server, base = served
    bare, demo = [], []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for i in range(args.runs):  # interleaved, so drift hits both alike
                bare.append(run_bare(browser, base))
                demo.append(run_demo(browser, base))
                d = demo[-1]
                print(f"run {i + 1}: bare {bare[-1]['press_to_ready']:.0f} ms, engine ready "
                      f"{d['start_to_ready']:.0f} ms after its start ({d['nav_to_ready']:.0f} ms after "
                      f"navigation), first move {d['first_move']:.1f} ms, long tasks while loading "
                      f"{d['long_tasks']} (longest {d['longest']:.0f} ms); stages from its start: "
                      f"pyodide.mjs {d['runtime']:.0f}, python up {d['python']:.0f}, "
                      f"wheel {d['engine']:.0f}, imported {d['import']:.0f} ms", flush=True)
            browser.close()
    finally:
        server.shutdown()

    def median(rows, key: str) -> float:
        return statistics.median(r[key] for r in rows)

    bare_ms, ready_ms = median(bare, "press_to_ready"), median(demo, "start_to_ready")
    ratio = ready_ms / bare_ms
    print()
    print(f"bare loadPyodide() (default files), press -> ready  {bare_ms:8.0f} ms   (median of {args.runs})")
    print(f"engine ready (Madrasso page), its start -> ready     {ready_ms:8.0f} ms   {ratio:.2f}x bare   "
          f"target <= 1.15x: {'ok' if ratio <= 1.15 else 'MISSED'}")
    own, bare_own = median(demo, "worker_to_ready"), median(bare, "worker_to_ready")
    print(f"  inside the workers: {own:.0f} ms vs bare {bare_own:.0f} ms = {own / bare_own:.2f}x")
    print(f"  navigation -> ready: {median(demo, 'nav_to_ready'):.0f} ms (the page starts the engine "
          "2 s after its load event when no one asks sooner)")
    first_ms = median(demo, "first_move")
    print(f"Play -> first move shown                             {first_ms:8.1f} ms   "
          f"target < 100 ms: {'ok' if first_ms < 100 else 'MISSED'}")
    longest = max(d["longest"] for d in demo)
    count = max(d["long_tasks"] for d in demo)
    print(f"main-thread long tasks (> 50 ms) while loading: {count} (longest {longest:.0f} ms)   "
          f"target 0: {'ok' if count == 0 else 'MISSED'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
