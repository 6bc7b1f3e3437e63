"""The table with friends on one machine: how long a move takes to reach the other screens, and
how long a friend takes from opening the invitation to being seated.

Four Chromium contexts (a host and three guests, as in tests/e2e/test_friends.py, whose helpers
this uses) sit at a Madrasso table inside a private network namespace with a local signalling
relay (tests/e2e/private_network.py: root only), and play whole deals card by card through the
UI. Each page stamps times on one clock (``performance.timeOrigin + performance.now()``):

- **move**: the click on a card (the event's own time stamp) on the mover's page, to the first
  animation frame after the move's words appear under the table on each other guest's page
  (the host's engine checks the move and builds every seat's state in between); also the
  time the words are in the page, before that frame, and performance marks in the host's and
  the guests' pages that say where the time goes (the engine, sending, drawing);
- **seated**: a friend opens the invitation link (navigation start), presses Join, types a
  name and presses Sit at once; the time until the page says "You sit", with the part until
  the table (the host's list of seats) first shows.

    .venv/bin/python bench/friends.py                  # one deal, p50 and p95
    .venv/bin/python bench/friends.py --deals 3 --json

Target (issue 19): p95 of a move under 100 ms. The machine is shared: quote figures from a quiet
run only.
"""

from __future__ import annotations

import argparse
import base64
import importlib.util
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
_spec = importlib.util.spec_from_file_location("friends_e2e", ROOT / "tests" / "e2e" / "test_friends.py")
friends = importlib.util.module_from_spec(_spec)
sys.modules["friends_e2e"] = friends
_spec.loader.exec_module(friends)

STAMPS = """(() => {
  const now = () => performance.timeOrigin + performance.now();
  const log = (window.__stamps = { clicks: [], shown: [], tableAt: null, seatedAt: null });
  document.addEventListener("click", (event) => {
    if (event.target.closest && event.target.closest("button.card-button")) log.clicks.push(performance.timeOrigin + event.timeStamp);
  }, true);
  const watch = () => {
    const last = document.querySelector("[data-last]");
    const seats = document.querySelector("[data-seat-list]");
    const status = document.querySelector("[data-status]");
    if (!last || !seats || !status) return setTimeout(watch, 20);
    new MutationObserver(() => {
      const changed = now();
      requestAnimationFrame(() => log.shown.push([now(), changed]));
    }).observe(last, { childList: true, characterData: true, subtree: true });
    new MutationObserver(() => { if (seats.children.length && log.tableAt === null) log.tableAt = now(); })
      .observe(seats, { childList: true });
    new MutationObserver(() => { if (/You sit/.test(status.textContent) && log.seatedAt === null) log.seatedAt = now(); })
      .observe(status, { childList: true, characterData: true, subtree: true });
  };
  watch();
})();"""


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def run(deals: int) -> dict:
    net = friends.private_network.PrivateNetwork()
    folder = Path(tempfile.mkdtemp(prefix="bench-friends-"))
    try:
        site = friends.private_network.build_site(net.relay(), folder)
        handler = type("Handler", (friends.conftest._SubPathHandler,), {"site": site})
        server = net.listen(lambda: friends.conftest._QuietServer(("127.0.0.1", 0), handler))
        url = f"http://127.0.0.1:{server.server_address[1]}{friends.conftest.SUB_PATH}"
        from playwright.sync_api import sync_playwright

        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=net.chromium(folder, friends.conftest.CHROMIUM),
                                         args=[*friends.conftest.CHROMIUM_ARGS, *friends.private_network.WEBRTC_ARGS])
            people = [friends.Person(browser, name) for name in ("Dora", "Anna", "Bruno", "Carlo")]
            for person in people:
                person.context.add_init_script(STAMPS)
            host, *guests = people
            link = friends.open_table(host, url, game="madrasso", seat=3)
            seated = []
            for seat, guest in enumerate(guests):
                friends.join(guest, link, seat)
                stamps = guest.page.evaluate("[performance.timeOrigin, window.__stamps.tableAt, window.__stamps.seatedAt]")
                seated.append({"table_ms": stamps[1] - stamps[0], "seated_ms": stamps[2] - stamps[0]})
            host.page.click('[data-action="start"]')
            wire_before = [len(g.wire()) for g in guests]
            moves, in_dom = [], []
            for deal in range(deals):
                while (mover := friends.whose_turn(people, until=lambda: friends.deal_over(people))) is not None:
                    others = [g for g in guests if g is not mover]
                    before = [len(o.page.evaluate("window.__stamps.shown")) for o in others]
                    clicks = len(mover.page.evaluate("window.__stamps.clicks"))
                    friends.play_one(mover, swap=False)
                    clicked = mover.page.evaluate("window.__stamps.clicks")[clicks]
                    times = []
                    for other, seen in zip(others, before):
                        end = time.monotonic() + 10
                        while len(shown := other.page.evaluate("window.__stamps.shown")) <= seen:
                            assert time.monotonic() < end, "a move never reached a screen"
                            time.sleep(0.01)
                        times.append(shown[seen][0] - clicked)
                        in_dom.append(shown[seen][1] - clicked)
                    moves.append(times)
                for person in people:
                    person.page.click('[data-deal-end] [data-action="next-deal"]')
            # What each guest's data channels carried during the deals (trystero's chunks, its
            # own messages included), and the host's: the guests' moves.
            received = [sum(len(base64.b64decode(d)) for _, d in g.wire()[n:]) for g, n in zip(guests, wire_before)]
            host_received = sum(len(base64.b64decode(d)) for _, d in host.wire())
            marks = host.page.evaluate("""() => ["move-received", "engine-answered", "states-sent"].map(
                (name) => performance.getEntriesByName(`friends:${name}`).map((m) => m.startTime))""")
            drawing = [d - r for g in guests for r, d in zip(*g.page.evaluate("""() => ["state-received", "state-drawn"].map(
                (name) => performance.getEntriesByName(`friends:${name}`).map((m) => m.startTime))"""))]
            browser.close()
        got, answered, sent = marks
        after = lambda times, t: next(x for x in times if x >= t)  # noqa: E731
        engine = [after(answered, r) - r for r in got]
        publish = [after(sent, after(answered, r)) - after(answered, r) for r in got]
        screens = [t for move in moves for t in move]
        slowest = [max(move) for move in moves]
        return {
            "moves": len(moves),
            "move_ms": {"p50": statistics.median(screens), "p95": percentile(screens, 95),
                        "max": max(screens)},
            "move_in_dom_ms": {"p50": statistics.median(in_dom), "p95": percentile(in_dom, 95)},
            "move_slowest_screen_ms": {"p50": statistics.median(slowest), "p95": percentile(slowest, 95)},
            "host_engine_ms": {"p50": statistics.median(engine), "p95": percentile(engine, 95)},
            "host_publish_ms": {"p50": statistics.median(publish), "p95": percentile(publish, 95)},
            "guest_drawing_ms": {"p50": statistics.median(drawing), "p95": percentile(drawing, 95)},
            "seated_ms": {"median": statistics.median(s["seated_ms"] for s in seated),
                          "each": [round(s["seated_ms"]) for s in seated]},
            "table_shown_ms": {"median": statistics.median(s["table_ms"] for s in seated)},
            "bytes_per_move_to_a_guest": round(statistics.median(received) / len(moves)),
            "bytes_to_the_host": host_received,
        }
    finally:
        net.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    try:
        figures = run(args.deals)
    except friends.private_network.Unavailable as err:
        print(f"skipped: {err}")
        return 0
    if args.json:
        print(json.dumps(figures, indent=1))
        return 0
    m, s = figures["move_ms"], figures["move_slowest_screen_ms"]
    print(f"moves played through the UI: {figures['moves']} (each seen on the other guests' screens)")
    print(f"a move, click to another guest's screen:   p50 {m['p50']:6.1f} ms   p95 {m['p95']:6.1f} ms   "
          f"max {m['max']:6.1f} ms   (target: p95 under 100 ms)")
    d = figures["move_in_dom_ms"]
    print(f"  the move's words in the page (before the next frame): p50 {d['p50']:6.1f} ms   p95 {d['p95']:6.1f} ms")
    print(f"  the slowest of the other screens, per move: p50 {s['p50']:6.1f} ms   p95 {s['p95']:6.1f} ms")
    e, b = figures["host_engine_ms"], figures["host_publish_ms"]
    print(f"  in the host's page: the engine's check and the four states p50 {e['p50']:6.1f} ms   p95 {e['p95']:6.1f} ms;"
          f" then to the states sent p50 {b['p50']:6.1f} ms   p95 {b['p95']:6.1f} ms")
    d = figures["guest_drawing_ms"]
    print(f"  in a guest's page: drawing the state received p50 {d['p50']:6.1f} ms   p95 {d['p95']:6.1f} ms")
    print(f"bytes a guest received per move (its seat's state, the table's list when it changed): "
          f"{figures['bytes_per_move_to_a_guest']:,}; everything the host received from the guests: "
          f"{figures['bytes_to_the_host']:,} bytes")
    print(f"opening the invitation to being seated:     median {figures['seated_ms']['median']:6.0f} ms "
          f"(each: {', '.join(map(str, figures['seated_ms']['each']))}); the table first shown after "
          f"{figures['table_shown_ms']['median']:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
