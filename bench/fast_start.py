"""The engine's start beside a bare Pyodide, both sides measured the same way, in one run.

    .venv/bin/python bench/fast_start.py [--visits 20] [--site DIR] [--throttled 3]
                                         [--incognito] [--json FILE]

Builds the site (unless --site) and serves it (bench/gzip_server.py, every file gzip-compressed
before the first request) beside ``/bare/``: a page whose button starts a module worker that
runs the default ``loadPyodide()`` from the pinned npm package's own files
(node_modules/pyodide: the full standard library and lock file).

Each of --visits visits is a pair of visitors, one to each side, in alternating order (bare
first, then the site first, ...), each a fresh Chromium profile on disk (empty caches, no
service worker, no snapshot; a profile on disk is where Chromium keeps compiled code, as a
visitor's own browser does; ``--incognito``: a fresh in-memory context of one browser instead),
given two seconds after its launch to settle before it opens the page.
Both sides are timed by the same clock, in the page: ``performance.now()`` and the press
event's own time stamp, from the same events. A visitor opens the page, waits for its load
event, and presses at once (Playwright's click: the pointer moves onto the button, then
presses; the press is the first pointer event on the button, so a start on hover is counted
from there):

- bare: press Start -> Python ready (the worker's message reaches the page);
- cold (the site, first visit): press Play in the Madrasso demo -> "Move 1 of 41" shown;
- repeat (the same visitor, network off, a new tab, once the page has said it is kept offline
  and the engine's memory snapshot is kept): the same press -> the same first move, and from
  the navigation -> the first move, beside the cold visit's; the engine's start -> ready too;
- quiet (then one more tab, offline, where nothing is pressed until the engine is ready): the
  engine's start -> ready, and Play -> the first move once ready.

``--languages N`` measures instead N pairs of first visits, one to the English Madrasso page
and one to its Italian twin (it/madrasso.html), in alternating order, each a fresh visitor:
press Play -> the first move ("Move 1 of 41" / "Mossa 1 di 41") and the engine's start ->
ready, with each pair's own ratio Italian / English (issue 32: the engine's start is not
slower in Italian).

Bytes are the response bodies the server sent (gzip) from the navigation until the bare page's
Python is ready / the site's first move is shown. ``--throttled N`` adds N first visits over a
"Regular 4G" link (4 Mbps down, 20 ms) that the server shapes (Chrome's CDP throttling reached
the engine's worker in only some runs): press -> first move. The report gives, for every figure,
the median over the visits, the spread (lowest, quartiles, highest), each ratio the pair's own
(the two visitors of a pair ran one after the other, so they shared the machine's load), and
how many visits were at or under the target.
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
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import gzip_server  # noqa: E402

CHROMIUM, ARGS = gzip_server.CHROMIUM, gzip_server.CHROMIUM_ARGS
TIMEOUT = 180_000
REGULAR_4G = {"down": 4_000_000 / 8, "latency": 20}   # bytes a second, ms
PAGE = "/sub/madrasso.html"
PLAY = '.demo [data-action="play"]'
FIRST_MOVE = "Move 1 of 41"
SETTLE_S = 2.0   # after a visitor's browser starts, before it opens the page

# Before any of the page's scripts: note the first pointer event on the button to be pressed
# (the press), the load event, the moment the bare page's Python is ready or the demo shows its
# first move, and long tasks (performance.now() and event time stamps: ms since navigation).
MARKS = """(() => {
  const marks = window.__bench = { longTasks: [] };
  const button = '.demo [data-action="play"], #start';
  for (const type of ["pointerover", "pointerdown", "mousedown", "click"]) {
    addEventListener(type, (event) => {
      if (marks.press === undefined && event.target.closest && event.target.closest(button)) marks.press = event.timeStamp;
    }, { capture: true });
  }
  addEventListener("load", () => { marks.load = performance.now(); });
  const look = () => {
    const position = document.querySelector(".demo [data-position]");
    if (marks.first === undefined && position && /^(Move 1 of 41|Mossa 1 di 41)$/.test(position.textContent.trim())) marks.first = performance.now();
    if (marks.first === undefined && document.querySelector("#state[data-ms]")) marks.first = performance.now();
  };
  addEventListener("DOMContentLoaded", () => {
    const watched = document.querySelector(".demo") || document.querySelector("#state");
    if (watched) new MutationObserver(look).observe(watched, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) marks.longTasks.push([e.startTime, e.duration]);
    }).observe({ type: "longtask", buffered: true });
  } catch {}
})();"""

# The engine client's own marks and the worker's timings (ms from the worker's own start).
ENGINE_MARKS = """async () => {
  const at = (name) => { const m = performance.getEntriesByName(name)[0]; return m ? m.startTime : null; };
  const client = performance.getEntriesByType("resource").map((r) => r.name).find((n) => n.includes("/engine-client."));
  const engine = client ? (await import(client)).getEngine(document.querySelector(".demo")) : null;
  return { engine_start: at("engine-start"), engine_ready: at("engine-ready"), demo_play: at("demo-play"),
           demo_shown: at("demo-shown-1"), demo_open: at("demo-shown-0"), timings: engine && engine.timings,
           origin: performance.timeOrigin, how: document.documentElement.dataset.engineStart };
}"""

# Where a visit's time goes, press -> first move: each step's moment in ms after the press, on
# the page's clock (the worker's own timings are in ms from its start, placed by its time origin).
STEPS = [
    ("the engine's start (the page's new Worker)", "engine_start"),
    ("the worker's script runs", "worker"),
    ("Pyodide's scripts in, a kept snapshot opened", "runtime"),
    ("the wasm's last byte (pyodide.asm.wasm)", "wasm"),
    ("the wasm compiled, from the worker's early compile (cold)", "wasm_compiled"),
    ("the standard library's last byte", "stdlib"),
    ("the snapshot's pages read into memory", "snapshot_read"),
    ("Pyodide's module made (compiled, instantiated, linked, run)", "module"),
    ("Python started or restored (loadPyodide done)", "python"),
    ("the engine's hello: ready in the worker", "worker_ready"),
    ("ready, on the page", "ready"),
    ("the demo's record open in the engine, drawn", "open"),
    ("the first move shown", "first"),
]


def steps(marks: dict, engine: dict) -> dict:
    """Each of STEPS's moments, ms after the press (None when a visit has no such step)."""
    press = marks["press"]
    timings = engine["timings"] or {}
    worker = timings["clock"] - engine["origin"] if timings.get("clock") is not None else None
    inside = lambda value: None if worker is None or value is None else worker + value - press  # noqa: E731
    fetched = timings.get("fetched") or {}
    page = lambda value: None if value is None else value - press  # noqa: E731
    return {
        "engine_start": page(engine["engine_start"]), "worker": inside(0),
        "runtime": inside(timings.get("runtime")),
        "wasm": inside((fetched.get("pyodide.asm.wasm") or [None, None])[1]),
        "wasm_compiled": inside(timings.get("wasmCompiled")),
        "stdlib": inside((fetched.get("python_stdlib.zip") or [None, None])[1]),
        "snapshot_read": inside(timings.get("snapshotRead")), "module": inside(timings.get("module")),
        "python": inside(timings.get("python")), "worker_ready": inside(timings.get("ready")),
        "ready": page(engine["engine_ready"]), "open": page(engine["demo_open"]), "first": page(marks["first"]),
    }


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
        else:
            profile = tempfile.TemporaryDirectory(prefix="fast-start-profile-")
            context = self.playwright.chromium.launch_persistent_context(
                profile.name, executable_path=CHROMIUM, args=ARGS)
        context.add_init_script(MARKS)
        if not self.browser:
            # A browser just launched keeps both cores busy for a second or so (its own pages,
            # a WebUI renderer); a visitor's browser is already running when they open a page.
            time.sleep(SETTLE_S)
        try:
            yield context
        finally:
            context.close()
            if not self.browser:
                profile.cleanup()
            time.sleep(0.5)   # the browser's exit settles before the next visitor

    def close(self) -> None:
        if self.browser:
            self.browser.close()


def press_and_wait(page, url: str, button: str, done: str, done_text: str | None = None) -> dict:
    """Open url, wait for its load event, press button, wait until done shows; the page's marks."""
    page.goto(url, wait_until="load")
    page.locator(button).click()
    target = page.locator(done, has_text=done_text) if done_text else page.locator(done)
    target.wait_for(timeout=TIMEOUT)
    for _ in range(200):
        marks = page.evaluate("() => window.__bench")
        if marks.get("first") is not None and marks.get("press") is not None:
            return marks
        page.wait_for_timeout(10)
    raise RuntimeError(f"no marks on {url}: {marks}")


def long_tasks(marks: dict, start: float, end: float) -> list[float]:
    return [duration for at, duration in marks["longTasks"] if start <= at <= end]


def bare_visit(visitors: Visitors, base: str) -> dict:
    with visitors.new() as context:
        page = context.new_page()
        server_bytes(base, reset=True)
        marks = press_and_wait(page, base + "/bare/", "#start", "#state[data-ms]")
        sent = server_bytes(base)
        inside = float(page.locator("#state").get_attribute("data-ms"))
    return {"press": marks["first"] - marks["press"], "nav": marks["first"], "load": marks["load"],
            "worker": inside, "bytes": sent}


def demo_visit(page, base: str, path: str = PAGE, first: str = FIRST_MOVE) -> dict:
    marks = press_and_wait(page, base + path, PLAY, ".demo [data-position]", first)
    engine = page.evaluate(ENGINE_MARKS)
    return {"press": marks["first"] - marks["press"], "nav": marks["first"], "load": marks["load"],
            "start_to_ready": engine["engine_ready"] - engine["engine_start"],
            "start_after_press": engine["engine_start"] - marks["press"],
            "worker": (engine["timings"] or {}).get("ready"), "timings": engine["timings"],
            "how": engine["how"], "long_tasks": long_tasks(marks, marks["press"], marks["first"]),
            "steps": steps(marks, engine)}


def quiet_visit(page, base: str) -> dict:
    """Nothing pressed until the engine is ready (it starts by itself: a snapshot is kept); then
    Play -> the first move."""
    page.goto(base + PAGE, wait_until="load")
    page.locator("html[data-engine=ready]").wait_for(timeout=TIMEOUT)
    page.wait_for_timeout(300)   # the demo opens its record once the engine is ready
    page.locator(PLAY).click()
    page.locator(".demo [data-position]", has_text=FIRST_MOVE).wait_for(timeout=TIMEOUT)
    engine = page.evaluate(ENGINE_MARKS)
    return {"start_to_ready": engine["engine_ready"] - engine["engine_start"], "how": engine["how"],
            "play_to_first": engine["demo_shown"] - engine["demo_play"]}


def site_visit(visitors: Visitors, base: str, throttle: dict | None = None) -> dict:
    with visitors.new() as context:
        page = context.new_page()
        server_bytes(base, reset=True)
        if throttle:
            shape(base, throttle)
        try:
            cold = demo_visit(page, base)
        finally:
            if throttle:
                shape(base, None)
        cold["bytes"] = server_bytes(base)
        if throttle:
            return {"cold": cold}
        page.locator("html[data-offline=ready]").wait_for(timeout=TIMEOUT)
        # The engine's memory snapshot is kept a few seconds after its first start, once the
        # page is quiet (engine-client.mjs); a visitor reading the page gives it that time.
        page.wait_for_function("() => Object.keys(localStorage).some((k) => k.startsWith('engine-snapshot:'))",
                               timeout=TIMEOUT)
        context.set_offline(True)
        page.close()
        again = context.new_page()
        repeat = demo_visit(again, base)
        again.close()
        quiet = quiet_visit(context.new_page(), base)
    return {"cold": cold, "repeat": repeat, "quiet": quiet}


LANGUAGES = {"en": (PAGE, FIRST_MOVE), "it": ("/sub/it/madrasso.html", "Mossa 1 di 41")}


def language_visit(visitors: Visitors, base: str, lang: str) -> dict:
    """A first visit to the Madrasso page in ``lang``: Play -> the first move, and the engine's
    start -> ready."""
    path, first = LANGUAGES[lang]
    with visitors.new() as context:
        page = context.new_page()
        visit = demo_visit(page, base, path, first)
    return {"press": visit["press"], "start_to_ready": visit["start_to_ready"], "nav": visit["nav"]}


def language_figures(pairs: list[dict]) -> list[Figure]:
    col = lambda lang, key: [p[lang][key] for p in pairs]  # noqa: E731
    return [
        Figure("English: press -> first demo move", col("en", "press")),
        Figure("Italian: press -> first demo move", col("it", "press")),
        Figure("  Italian / English (press)", ratios(col("it", "press"), col("en", "press")), "x"),
        Figure("English: engine start -> ready", col("en", "start_to_ready")),
        Figure("Italian: engine start -> ready", col("it", "start_to_ready")),
        Figure("  Italian / English (engine start -> ready)",
               ratios(col("it", "start_to_ready"), col("en", "start_to_ready")), "x"),
        Figure("English: navigation -> first demo move", col("en", "nav")),
        Figure("Italian: navigation -> first demo move", col("it", "nav")),
    ]


@dataclass
class Figure:
    name: str
    values: list[float]
    unit: str = "ms"           # "ms", "x", "MB" or "" (a count)
    target: float | None = None

    def cells(self) -> list[str]:
        values = sorted(v for v in self.values if v is not None)
        if not values:
            return [self.name, "-", "", "", ""]
        if len(values) >= 4:
            q1, _, q3 = statistics.quantiles(values, n=4, method="inclusive")
        else:
            q1, q3 = values[0], values[-1]
        show = {"ms": lambda v: f"{v:,.0f}", "x": lambda v: f"{v:.3f}", "MB": lambda v: f"{v / 1e6:.2f}",
                "": lambda v: f"{v:g}"}[self.unit]
        spread = f"{show(values[0])} | {show(q1)} - {show(q3)} | {show(values[-1])}"
        under = ""
        if self.target is not None:
            under = f"{sum(v <= self.target for v in values)} of {len(values)} <= {self.target:g}"
        return [self.name, show(statistics.median(values)) + ("x" if self.unit == "x" else f" {self.unit}".rstrip()),
                spread, under]

    def summary(self) -> dict:
        values = [v for v in self.values if v is not None]
        return {"median": statistics.median(values) if values else None,
                "min": min(values, default=None), "max": max(values, default=None),
                "under_target": sum(v <= self.target for v in values) if self.target is not None else None,
                "target": self.target, "visits": len(values), "unit": self.unit}


def ratios(tops, bottoms) -> list[float | None]:
    return [t / b if t is not None and b else None for t, b in zip(tops, bottoms)]


def figures(pairs: list[dict], throttled: list[dict]) -> list[Figure]:
    bare = [p["bare"] for p in pairs]
    cold = [p["site"]["cold"] for p in pairs]
    repeat = [p["site"]["repeat"] for p in pairs]
    quiet = [p["site"]["quiet"] for p in pairs]
    col = lambda rows, key: [r.get(key) for r in rows]  # noqa: E731
    rows = [
        Figure("bare: press -> Python ready", col(bare, "press")),
        Figure("cold: press -> first demo move", col(cold, "press")),
        Figure("  cold / bare (press)", ratios(col(cold, "press"), col(bare, "press")), "x", 0.45),
        Figure("bare: navigation -> Python ready", col(bare, "nav")),
        Figure("cold: navigation -> first demo move", col(cold, "nav")),
        Figure("  cold / bare (navigation)", ratios(col(cold, "nav"), col(bare, "nav")), "x"),
        Figure("bare: bytes until ready", col(bare, "bytes"), "MB"),
        Figure("cold: bytes until the first move", col(cold, "bytes"), "MB"),
        Figure("  cold / bare (bytes)", ratios(col(cold, "bytes"), col(bare, "bytes")), "x", 0.8),
        Figure("repeat offline: press -> first demo move", col(repeat, "press")),
        Figure("  repeat / cold (press)", ratios(col(repeat, "press"), col(cold, "press")), "x", 0.3),
        Figure("repeat offline: navigation -> first demo move", col(repeat, "nav")),
        Figure("  repeat / cold (navigation)", ratios(col(repeat, "nav"), col(cold, "nav")), "x", 0.3),
        Figure("cold: engine start -> ready", col(cold, "start_to_ready")),
        Figure("repeat offline: engine start -> ready", col(repeat, "start_to_ready")),
        Figure("  repeat / cold (engine start -> ready)",
               ratios(col(repeat, "start_to_ready"), col(cold, "start_to_ready")), "x", 0.3),
        Figure("quiet repeat: engine start -> ready", col(quiet, "start_to_ready")),
        Figure("quiet repeat: Play -> first move once ready", col(quiet, "play_to_first"), "ms", 100),
        Figure("bare: inside its worker, start -> ready", col(bare, "worker")),
        Figure("cold: inside the worker, start -> ready", col(cold, "worker")),
        Figure("cold: the page's load event", col(cold, "load")),
        Figure("cold: press -> the engine's start", col(cold, "start_after_press")),
        Figure("cold: long tasks (> 50 ms) press -> first move", [len(r["long_tasks"]) for r in cold], "", 0),
    ]
    if throttled:
        rows.append(Figure("Regular 4G, cold: press -> first demo move",
                           [t["cold"]["press"] for t in throttled], "ms", 12_000))
    return rows


def breakdown(pairs: list[dict]) -> str:
    """The cold and the repeat visit's steps from the press to the first move: the median over
    the visits of each step's moment after the press."""
    cells = [["step (ms after the press, median)", "cold", "repeat offline"]]
    for name, key in STEPS:
        row = [name]
        for visit in ("cold", "repeat"):
            values = [p["site"][visit]["steps"][key] for p in pairs]
            values = [v for v in values if v is not None]
            row.append(f"{statistics.median(values):,.0f}" if values else "-")
        cells.append(row)
    widths = [max(len(row[i]) for row in cells) for i in range(3)]
    lines = ["  ".join(cell.rjust(width) if i else cell.ljust(width) for i, (cell, width) in enumerate(zip(row, widths)))
             for row in cells]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def table(rows: list[Figure]) -> str:
    cells = [["figure", "median", "lowest | quartiles | highest", "at or under target"]] + [f.cells() for f in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(4)]
    lines = ["  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip() for row in cells]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def load_average() -> str:
    try:
        return Path("/proc/loadavg").read_text().split()[0]
    except OSError:
        return "?"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--visits", type=int, default=10, help="pairs of visitors (default 10)")
    parser.add_argument("--site", type=Path, help="an already built site (default: build one)")
    parser.add_argument("--throttled", type=int, default=3, metavar="N",
                        help="first visits over a Regular 4G link (default 3; 0: none)")
    parser.add_argument("--incognito", action="store_true",
                        help="visitors in fresh in-memory contexts of one browser (no code cache kept)")
    parser.add_argument("--json", type=Path, help="also write every visit's figures here")
    parser.add_argument("--languages", type=int, default=0, metavar="N",
                        help="instead: N pairs of first visits, the English and the Italian Madrasso page")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    served = gzip_server.serve(args.site, "fast-start-")
    if served is None:
        return 1
    server, base = served
    loads = [load_average()]
    pairs: list[dict] = []
    throttled: list[dict] = []
    started = time.monotonic()
    if args.languages:
        with sync_playwright() as p:
            visitors = Visitors(p, incognito=args.incognito)
            for i in range(args.languages):
                pair = {}
                for lang in (("en", "it") if i % 2 == 0 else ("it", "en")):
                    pair[lang] = language_visit(visitors, base, lang)
                pairs.append(pair)
                print(f"pair {i + 1}: en {pair['en']['press']:.0f} ms, it {pair['it']['press']:.0f} ms "
                      f"({pair['it']['press'] / pair['en']['press']:.2f}x), load {load_average()}",
                      file=sys.stderr, flush=True)
                loads.append(load_average())
            visitors.close()
        server.shutdown()
        print(f"Start-up in English and Italian, {len(pairs)} pairs of first visits (alternating; "
              f"{'incognito contexts' if args.incognito else 'fresh on-disk profiles'}); "
              f"{time.monotonic() - started:.0f} s; load average {', '.join(loads)}")
        print(table(language_figures(pairs)))
        if args.json:
            args.json.write_text(json.dumps({"pairs": pairs, "load": loads}, indent=1))
        return 0
    with sync_playwright() as p:
        visitors = Visitors(p, incognito=args.incognito)
        for i in range(args.visits):
            pair = {}
            for side in (("bare", "site") if i % 2 == 0 else ("site", "bare")):
                pair[side] = bare_visit(visitors, base) if side == "bare" else site_visit(visitors, base)
            pairs.append(pair)
            b, s = pair["bare"], pair["site"]
            print(f"visit {i + 1}: bare {b['press']:.0f} ms, cold {s['cold']['press']:.0f} ms "
                  f"({s['cold']['press'] / b['press']:.2f}x), repeat {s['repeat']['press']:.0f} ms / "
                  f"nav {s['repeat']['nav']:.0f} ms against cold nav {s['cold']['nav']:.0f} ms "
                  f"({s['repeat']['nav'] / s['cold']['nav']:.2f}x), started from {s['repeat']['how']}, "
                  f"load {load_average()}", file=sys.stderr, flush=True)
            loads.append(load_average())
        for i in range(args.throttled):
            throttled.append(site_visit(visitors, base, throttle=REGULAR_4G))
            print(f"Regular 4G visit {i + 1}: {throttled[-1]['cold']['press']:.0f} ms", file=sys.stderr, flush=True)
        visitors.close()
    server.shutdown()

    rows = figures(pairs, throttled)
    kinds = sorted({p["site"][k]["how"] for p in pairs for k in ("repeat", "quiet")} - {None})
    print(f"Start-up, {len(pairs)} visits (a bare and a site visitor each, alternating; "
          f"{'incognito contexts' if args.incognito else 'fresh on-disk profiles'}; precompressed gzip server; "
          f"Chromium {CHROMIUM}); {time.monotonic() - started:.0f} s; load average {', '.join(loads)}")
    print(f"Repeat visits started from: {', '.join(kinds)}. Ratios are each pair's own.")
    print(table(rows))
    print()
    print(breakdown(pairs))
    if args.json:
        args.json.write_text(json.dumps({"figures": {f.name.strip(): f.summary() for f in rows},
                                         "pairs": pairs, "throttled": throttled, "load": loads}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
