#!/usr/bin/env python3
"""Engine start-up in the browser, beside a bare Pyodide page, in the same run.

    .venv/bin/python bench/startup.py [--runs 3]

The site is built into a temporary folder and served on 127.0.0.1 under a sub-path; next to
it the bench writes ``bare.html``, a page that only runs ``loadPyodide()`` from the same
``pyodide/`` files (on the main thread, the way the Pyodide docs start). Each run opens a fresh
Chromium context (cold cache) and measures, from navigation start (performance marks):

- the bare page: ``loadPyodide()`` resolved;
- the Madrasso page (``madrasso.html#demo``): the engine worker ready (Pyodide, the engine
  wheel, ``import engine.bridge``), then pressing Play to the first move drawn on the table;
- long tasks (> 50 ms) on the Madrasso page's main thread while the engine loads.

Medians of ``--runs`` runs are printed with the ratios. Targets: engine-ready within 1.15x of
bare Pyodide; the first move under 100 ms after Play once ready; no long task while loading.
"""

from __future__ import annotations

import argparse
import http.server
import statistics
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from sitegen.serve import MIME_TYPES  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync",
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
SUB = "/sub/"

BARE_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Bare Pyodide</title>
<script type="module" src="bare.mjs"></script></head>
<body><p id="state">loading</p></body></html>
"""
BARE_JS = """import { loadPyodide } from "./pyodide/pyodide.mjs";
const py = await loadPyodide({ indexURL: new URL("./pyodide/", import.meta.url).href });
performance.mark("bare-ready");
document.getElementById("state").textContent = "ready " + py.version;
"""
LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
}).observe({ type: "longtask", buffered: true });
"""


def serve(folder: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    class Handler(http.server.SimpleHTTPRequestHandler):
        extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

        def __init__(self, *args, **kwargs):
            super().__init__(*args, directory=str(folder), **kwargs)

        def translate_path(self, path: str) -> str:
            if not path.startswith(SUB):
                return str(folder / "__outside__")
            return super().translate_path("/" + path[len(SUB):])

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host, port = server.server_address[:2]
    return server, f"http://{host}:{port}{SUB}"


def mark(page, name: str) -> float:
    return page.evaluate(f"performance.getEntriesByName({name!r})[0].startTime")


def run_bare(browser, base: str) -> float:
    context = browser.new_context()
    page = context.new_page()
    page.goto(base + "bare.html")
    page.locator("#state").filter(has_text="ready").wait_for(timeout=120_000)
    value = mark(page, "bare-ready")
    context.close()
    return value


def run_demo(browser, base: str) -> dict[str, float]:
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    page.add_init_script(LONG_TASKS)
    page.goto(base + "madrasso.html#demo")
    page.locator("html[data-engine='ready']").wait_for(state="attached", timeout=120_000)
    ready = mark(page, "engine-ready")
    started = mark(page, "engine-start")
    # The demo opens its record once the engine is ready; wait for that table, then press play.
    page.locator(".demo").evaluate("() => null")
    page.wait_for_timeout(300)
    page.locator('.demo [data-action="play"]').click()
    page.locator(".demo [data-position]").filter(has_text="Move 1 of").wait_for(timeout=30_000)
    first = mark(page, "demo-shown-1") - mark(page, "demo-play")
    stages = {name: mark(page, f"engine-{name}") for name in ("runtime", "python", "engine", "import")}
    long_tasks = page.evaluate("window.__longTasks")
    context.close()
    loading = [d for s, d in long_tasks if started <= s <= ready]
    return {"ready": ready, "start": started, "first_move": first, **stages,
            "long_tasks": len(loading), "longest": max(loading, default=0.0)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        result = build.build(build.Paths(out=site))
        if not result.ok:
            build.report(result)
            return 1
        (site / "bare.html").write_text(BARE_HTML, encoding="utf-8")
        (site / "bare.mjs").write_text(BARE_JS, encoding="utf-8")
        server, base = serve(site)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                bare, demo = [], []
                for i in range(args.runs):  # interleaved, so drift hits both alike
                    bare.append(run_bare(browser, base))
                    demo.append(run_demo(browser, base))
                    print(f"run {i + 1}: bare {bare[-1]:.0f} ms, engine ready {demo[-1]['ready']:.0f} ms "
                          f"(worker started at {demo[-1]['start']:.0f} ms), first move "
                          f"{demo[-1]['first_move']:.1f} ms, long tasks while loading "
                          f"{demo[-1]['long_tasks']} (longest {demo[-1]['longest']:.0f} ms); stages: "
                          f"pyodide.mjs {demo[-1]['runtime']:.0f}, python up {demo[-1]['python']:.0f}, "
                          f"wheel {demo[-1]['engine']:.0f}, imported {demo[-1]['import']:.0f} ms", flush=True)
                browser.close()
        finally:
            server.shutdown()

    def median(key: str) -> float:
        return statistics.median(d[key] for d in demo)

    bare_ms, ready_ms, first_ms = statistics.median(bare), median("ready"), median("first_move")
    ratio = ready_ms / bare_ms
    print()
    print(f"bare loadPyodide() ready          {bare_ms:8.0f} ms   (median of {args.runs})")
    print(f"engine ready (Madrasso page)      {ready_ms:8.0f} ms   {ratio:.2f}x bare   "
          f"target <= 1.15x: {'ok' if ratio <= 1.15 else 'MISSED'}")
    own = statistics.median(d["ready"] - d["start"] for d in demo)
    print(f"  of which from the worker's start {own:8.0f} ms   {own / bare_ms:.2f}x bare "
          "(the rest is the page loading before the engine starts)")
    print(f"Play -> first move shown          {first_ms:8.1f} ms   "
          f"target < 100 ms: {'ok' if first_ms < 100 else 'MISSED'}")
    longest = max(d["longest"] for d in demo)
    count = max(d["long_tasks"] for d in demo)
    print(f"main-thread long tasks (> 50 ms) while loading: {count} (longest {longest:.0f} ms)   "
          f"target 0: {'ok' if count == 0 else 'MISSED'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
