"""The table with friends: how long a move takes to reach the other screens, and how long a
friend takes from opening the invitation to being seated, directly and through a TURN relay.

A host and three guests (Chromium, tests/e2e/test_friends.py's helpers) sit at a Madrasso table
and play whole deals card by card through the UI, on one of three networks (root only):

- ``direct``: the simulated internet (tests/e2e/simulated_internet.py): each browser in a home
  of its own behind a cone NAT, the tracker (wss), the site (https) and STUN on "the internet";
  the pairs are server-reflexive;
- ``relay``: the same, the guests behind symmetric NATs and the site built with the TURN relay
  (coturn): every guest's connection goes through it;
- ``private``: one private network namespace with the local relay (tests/e2e/private_network.py),
  all four contexts in one Chromium on one LAN (issue 19's figures).

Each page stamps times on one clock (``performance.timeOrigin + performance.now()``; the
browsers share the machine's clock):

- **move**: the click on a card (the event's own time stamp) on the mover's page, to the first
  animation frame after the move's words appear under the table on each other guest's page
  (the host's engine checks the move and builds every seat's state in between); also the
  time the words are in the page, before that frame, and performance marks in the host's and
  the guests' pages that say where the time goes (the engine, sending, drawing);
- **seated**: a friend opens the invitation link (navigation start), presses Join, types a
  name and presses Sit at once; the time until the page says "You sit", with the part until
  the table (the host's list of seats) first shows.

    .venv/bin/python bench/friends.py                       # direct and relay, one deal each
    .venv/bin/python bench/friends.py --network relay --deals 3 --json

Targets: p95 of a move under 100 ms on one LAN and directly (issue 19), under 150 ms through
the relay (issue 28). The machine is shared: quote figures from a quiet run only.
"""

from __future__ import annotations

import argparse
import base64
import importlib.util
import json
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
_spec = importlib.util.spec_from_file_location("friends_e2e", ROOT / "tests" / "e2e" / "test_friends.py")
friends = importlib.util.module_from_spec(_spec)
sys.modules["friends_e2e"] = friends
_spec.loader.exec_module(friends)
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
_spec = importlib.util.spec_from_file_location("friends_networks_e2e", ROOT / "tests" / "e2e" / "test_friends_networks.py")
networks = importlib.util.module_from_spec(_spec)
sys.modules["friends_networks_e2e"] = networks
_spec.loader.exec_module(networks)

STAMPS = """(() => {
  const now = () => performance.timeOrigin + performance.now();
  const log = (window.__stamps = { clicks: [], shown: [], tableAt: null, seatedAt: null, workers: [], ended: [] });
  // The workers the page starts: the host's engine, and after a cold start the engine's
  // snapshot keeper (a second interpreter for a while), which the bench lets finish in the lobby.
  const RealWorker = window.Worker;
  window.Worker = function (...args) {
    const worker = new RealWorker(...args);
    log.workers.push(now());
    const terminate = worker.terminate.bind(worker);
    worker.terminate = () => { log.ended.push(now()); terminate(); };
    return worker;
  };
  window.Worker.prototype = RealWorker.prototype;
  document.addEventListener("click", (event) => {
    if (event.target.closest && event.target.closest("button.card-button")) log.clicks.push(performance.timeOrigin + event.timeStamp);
  }, true);
  // Waiting for a move to show is one call that the page answers (no polling from the bench,
  // whose calls would take the pages' time while they draw).
  let waiters = [];
  window.__shownAfter = (count, ms) => new Promise((resolve, reject) => {
    const check = () => (log.shown.length > count ? (resolve(log.shown[count]), true) : false);
    if (check()) return;
    waiters.push(check);
    setTimeout(() => reject(new Error("a move never reached a screen")), ms);
  });
  const watch = () => {
    const last = document.querySelector("[data-last]");
    const seats = document.querySelector("[data-seat-list]");
    const status = document.querySelector("[data-status]");
    if (!last || !seats || !status) return setTimeout(watch, 20);
    new MutationObserver(() => {
      const changed = now();
      requestAnimationFrame(() => {
        log.shown.push([now(), changed]);
        waiters = waiters.filter((check) => !check());
      });
    }).observe(last, { childList: true, characterData: true, subtree: true });
    new MutationObserver(() => { if (seats.children.length && log.tableAt === null) log.tableAt = now(); })
      .observe(seats, { childList: true });
    new MutationObserver(() => { if (/You sit/.test(status.textContent) && log.seatedAt === null) log.seatedAt = now(); })
      .observe(status, { childList: true, characterData: true, subtree: true });
  };
  watch();
})();"""
WHERE = {"private": "one private LAN, the local relay",
         "direct": "each browser behind its own cone NAT, STUN only",
         "relay": "the guests behind symmetric NATs, every guest's connection through TURN"}
TARGET = {"private": 100, "direct": 100, "relay": 150}   # p95 of a move, ms (issues 19 and 28)
MADE = """() => performance.getEntriesByName("friends:move-sending").at(-1).detail.n"""
MARKS = """() => performance.getEntriesByType("mark").filter((m) => m.name.startsWith("friends:"))
  .map((m) => [m.name.slice(8), m.detail.n, m.detail.peer, performance.timeOrigin + m.startTime])"""
NOW = "performance.timeOrigin + performance.now()"
KEEPER_DONE = "() => window.__stamps.ended.length > 0 || document.documentElement.dataset.engineStart === 'snapshot'"

# A move's way from the click to another guest's screen, hop by hop (the marks friends-net.mjs hop() sets;
# each hop ends where the next begins, so they add up to the whole).
HOPS = [
    ("input", "click → the mover's page sends (the click event's way in, that page's busy time)"),
    ("send", "the mover's send call (trystero encodes, the data channel queues)"),
    ("to_host", "data channel to the host's page (a guest's move; none for the host's own)"),
    ("host_queue", "waiting in the host's queue (its earlier work: a bot, a save, a redraw)"),
    ("engine", "the host's engine: table_apply checks it, builds every seat's state (worker round trip)"),
    ("host_prepare", "the engine's answer → the first state sent (at a deal's end: its score and record)"),
    ("host_sends", "the states sent before this guest's"),
    ("to_guest", "data channel to this guest's page"),
    ("draw", "this guest's page draws the state"),
    ("frame", "→ the next animation frame (the screen shows it)"),
]
# Opening an invitation to being seated, the same way (marks in the guest's page).
SEAT_HOPS = [
    ("page", "navigation → Join pressed (the page loads; the bench presses at once)"),
    ("relay", "Join → the host's browser met (trystero's bundle, the relay, WebRTC)"),
    ("proof", "→ the host's proof checked (hello, signature)"),
    ("table", "→ the seats shown"),
    ("sit", "→ Sit pressed (the bench types the name)"),
    ("seated", "→ \"You sit\" (the host gave the seat)"),
]


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def spread(values: list[float]) -> dict:
    return {"p50": statistics.median(values), "p95": percentile(values, 95), "max": max(values)}


def move_hops(people: list, played: list[dict]) -> dict:
    """Each move-to-a-screen time cut at the marks every page set, and the slowest 5%'s mean
    per hop (where the tail's time goes)."""
    marks = [p.page.evaluate(MARKS) for p in people]

    def first(who: int, name: str, n: int, peer=None):
        times = [t for m, i, q, t in marks[who] if m == name and i == n and (peer is None or q == peer)]
        return min(times) if times else None

    selves = [next((q for m, _, q, _ in marks[who] if m == "state-received"), None) for who in range(len(people))]
    rows = []
    for s in played:
        n, mover, to = s["n"], s["mover"], s["to"]
        sent = first(mover, "move-sent", n)
        points = [s["click"], first(mover, "move-sending", n), sent, sent if mover == 0 else first(0, "move-received", n),
                  first(0, "move-checking", n), first(0, "engine-answered", n), first(0, "state-sent", n),
                  first(0, "state-sent", n, selves[to]), first(to, "state-received", n), first(to, "state-drawn", n),
                  s["frame"]]
        if None not in points:
            rows.append({name: b - a for (name, _), a, b in zip(HOPS, points, points[1:])} | {"total": s["total"]})
    tail = sorted(rows, key=lambda r: r["total"])[-max(1, len(rows) // 20):]
    return {"samples": len(rows), "unmarked": len(played) - len(rows),
            "tail_total": statistics.mean(r["total"] for r in tail),
            "each": {name: {"p50": statistics.median(r[name] for r in rows), "p95": percentile([r[name] for r in rows], 95),
                            "tail_mean": statistics.mean(r[name] for r in tail)} for name, _ in HOPS}}


def seat_hops(guest) -> dict:
    marks = guest.page.evaluate(MARKS)
    at = {name: t for name, _, _, t in reversed(marks)}  # the first of each
    origin, table, seated = guest.page.evaluate("[performance.timeOrigin, window.__stamps.tableAt, window.__stamps.seatedAt]")
    points = [origin, at["join-pressed"], at["peer-met"], at["host-proved"], table, at["sit-sent"], seated]
    return {"total": points[-1] - points[0], **{name: b - a for (name, _), a, b in zip(SEAT_HOPS, points, points[1:])}}


def cpu_seconds(sessions) -> dict[str, float]:
    """CPU time used so far by the browsers' processes, by kind (the renderers hold the pages
    and the host's engine worker)."""
    kinds: dict[str, float] = {}
    for session in sessions:
        for process in session.send("SystemInfo.getProcessInfo")["processInfo"]:
            kinds[process["type"]] = kinds.get(process["type"], 0.0) + process["cpuTime"]
    return kinds


MAIN_THREAD = {"TaskDuration": "all", "ScriptDuration": "script", "LayoutDuration": "layout",
               "RecalcStyleDuration": "style"}


def main_thread_seconds(session) -> dict[str, float]:
    """A page's main-thread time so far (Chromium's Performance domain), by kind; what is left
    of "all" after script, layout and style is mostly painting."""
    metrics = {m["name"]: m["value"] for m in session.send("Performance.getMetrics")["metrics"]}
    return {words: metrics.get(name, 0.0) for name, words in MAIN_THREAD.items()}


def play(network: str, make_person, browsers: list, url: str, relay_host: str, deals: int, seed: int) -> dict:
    """A host and three guests (``make_person(i, name)``) at a Madrasso table: the figures."""
    people = [make_person(i, name) for i, name in enumerate(("Dora", "Anna", "Bruno", "Carlo"))]
    for person in people:
        person.context.add_init_script(STAMPS)
    host, *guests = people
    # A known deal (the page's ?seed= hook) and the first legal card each time: every run
    # plays the same moves, so two runs compare the code, not the cards.
    link = friends.open_table(host, url, game="madrasso", seat=3, seed=seed)
    seated = []
    for seat, guest in enumerate(guests):
        friends.join(guest, link, seat, relay_host=relay_host)
        seated.append(seat_hops(guest))
    # A real lobby lasts a minute or more: the host's engine has long finished keeping its
    # snapshot (a second interpreter, after a cold start) when the deal starts.
    host.page.wait_for_function(KEEPER_DONE, timeout=120_000, polling=250)
    cdps = [b.new_browser_cdp_session() for b in browsers]
    cpu_before = cpu_seconds(cdps)
    pages = [p.context.new_cdp_session(p.page) for p in people]
    for session in pages:
        session.send("Performance.enable")
    main_before = [main_thread_seconds(session) for session in pages]
    host.page.click('[data-action="start"]')
    wire_before = [len(g.wire()) for g in guests]
    moves, in_dom, played = [], [], []
    over = lambda: all(p.status()["end"] for p in people)  # noqa: E731  (the match won early)
    for _ in range(deals):
        while (mover := friends.whose_turn(people, until=lambda: friends.deal_over(people) or over())) is not None:
            others = [g for g in guests if g is not mover]
            before = [len(o.page.evaluate("window.__stamps.shown")) for o in others]
            clicks = len(mover.page.evaluate("window.__stamps.clicks"))
            friends.play_one(mover, swap=False)
            clicked = mover.page.evaluate("window.__stamps.clicks")[clicks]
            made = mover.page.evaluate(MADE)  # the index of the state this move makes
            times = []
            for other, seen in zip(others, before):
                frame, changed = other.page.evaluate("([n, ms]) => window.__shownAfter(n, ms)", [seen, 10_000])
                times.append(frame - clicked)
                in_dom.append(changed - clicked)
                played.append({"n": made, "mover": people.index(mover), "to": people.index(other),
                               "click": clicked, "frame": frame, "total": frame - clicked})
            moves.append(times)
        if over():
            break
        for person in people:
            person.page.click('[data-deal-end] [data-action="next-deal"]')
    cpu_after = cpu_seconds(cdps)
    main_after = [main_thread_seconds(session) for session in pages]
    # What each guest's data channels carried during the deals (trystero's chunks, its
    # own messages included), and the host's: the guests' moves.
    received = [sum(len(base64.b64decode(d)) for _, d in g.wire()[n:]) for g, n in zip(guests, wire_before)]
    host_received = sum(len(base64.b64decode(d)) for _, d in host.wire())
    hops = move_hops(people, played)
    pairs = [g.page.locator("[data-connection]").get_attribute("data-pair") or "" for g in guests]
    screens = [t for move in moves for t in move]
    return {
        "seed": seed,
        "network": network,
        "pairs": pairs,
        "moves": len(moves),
        "move_ms": spread(screens),
        "move_in_dom_ms": spread(in_dom),
        "move_slowest_screen_ms": spread([max(move) for move in moves]),
        "hops_ms": hops,
        "main_thread_ms_per_move": {
            who: {kind: round(1000 * statistics.mean(after[kind] - before[kind] for before, after in pair) / len(moves), 1)
                  for kind in MAIN_THREAD.values()}
            for who, pair in (("host", [(main_before[0], main_after[0])]),
                              ("a guest", list(zip(main_before[1:], main_after[1:]))))},
        "cpu_ms_per_move": {kind: round(1000 * (cpu_after[kind] - cpu_before.get(kind, 0)) / len(moves), 1)
                            for kind in sorted(cpu_after)},
        "seated_ms": {"median": statistics.median(s["total"] for s in seated),
                      "each": [round(s["total"]) for s in seated],
                      "hops_median": {name: statistics.median(s[name] for s in seated) for name, _ in SEAT_HOPS}},
        "bytes_per_move_to_a_guest": round(statistics.median(received) / len(moves)),
        "bytes_to_the_host": host_received,
    }


def run(deals: int, seed: int, network: str = "private") -> dict:
    """The figures on the private network (everyone on one LAN, the local relay), or on the
    simulated internet with every browser behind its own NAT: ``direct`` (cone NATs, STUN
    only: server-reflexive pairs) or ``relay`` (the guests behind symmetric NATs, the site's
    TURN relay carrying every guest's connection)."""
    from playwright.sync_api import sync_playwright

    folder = Path(tempfile.mkdtemp(prefix="bench-friends-"))
    if network == "private":
        net = friends.private_network.PrivateNetwork()
        try:
            site = friends.private_network.build_site(net.relay(), folder)
            handler = type("Handler", (friends.conftest._SubPathHandler,), {"site": site})
            server = net.listen(lambda: friends.conftest._QuietServer(("127.0.0.1", 0), handler))
            url = f"http://127.0.0.1:{server.server_address[1]}{friends.conftest.SUB_PATH}"
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=net.chromium(folder, friends.conftest.CHROMIUM),
                                             args=[*friends.conftest.CHROMIUM_ARGS, *friends.private_network.WEBRTC_ARGS])
                try:
                    return play(network, lambda i, name: friends.Person(browser, name), [browser], url, "127.0.0.1",
                                deals, seed)
                finally:
                    browser.close()
        finally:
            net.close()
    internet = networks.simulated.SimulatedInternet(folder)
    try:
        inet = networks.simulated.INTERNET
        site = networks.simulated.build_site(folder / "site-build", internet.tracker, [f"stun:{inet}:3478"],
                                             [internet.turn()] if network == "relay" else [])
        handler = type("Handler", (friends.conftest._SubPathHandler,), {"site": site})
        internet.serve(lambda address: friends.conftest._QuietServer(address, handler), 4433)
        url = f"https://{inet}:4433{friends.conftest.SUB_PATH}"
        homes = [internet.home("cone")] + [internet.home("cone" if network == "direct" else "symmetric")
                                           for _ in range(3)]
        with sync_playwright() as pw:
            browsers = [pw.chromium.launch(executable_path=home.executable(folder, friends.conftest.CHROMIUM),
                                           args=networks.ARGS) for home in homes]
            try:
                return play(network, lambda i, name: networks.person(browsers[i], name), browsers, url, inet, deals, seed)
            finally:
                for browser in browsers:
                    browser.close()
    finally:
        internet.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1, help="the deal (the host page's ?seed=)")
    parser.add_argument("--network", choices=("private", "direct", "relay", "both"), default="both",
                        help="one LAN; the simulated internet, cone NATs (direct) or symmetric guests through "
                             "TURN (relay); both of those (default)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    found = {}
    for network in (("direct", "relay") if args.network == "both" else (args.network,)):
        try:
            found[network] = run(args.deals, args.seed, network)
        except (friends.private_network.Unavailable, networks.simulated.Unavailable) as err:
            print(f"skipped: {err}")
            return 0
    if args.json:
        print(json.dumps(found, indent=1))
        return 0
    for network, figures in found.items():
        report(network, figures)
    return 0


def report(network: str, figures: dict) -> None:
    print(f"\n== {network}: {WHERE[network]}; the guests' selected pairs: {', '.join(figures['pairs']) or '-'}")
    m, s = figures["move_ms"], figures["move_slowest_screen_ms"]
    print(f"moves played through the UI: {figures['moves']} (deal seed {figures['seed']}; each seen on the other guests' screens)")
    print(f"a move, click to another guest's screen:   p50 {m['p50']:6.1f} ms   p95 {m['p95']:6.1f} ms   "
          f"max {m['max']:6.1f} ms   (target: p95 under {TARGET[network]} ms)")
    d = figures["move_in_dom_ms"]
    print(f"  the move's words in the page (before the next frame): p50 {d['p50']:6.1f} ms   p95 {d['p95']:6.1f} ms")
    print(f"  the slowest of the other screens, per move: p50 {s['p50']:6.1f} ms   p95 {s['p95']:6.1f} ms")
    h = figures["hops_ms"]
    unmarked = f", {h['unmarked']} without every mark" if h["unmarked"] else ""
    print(f"  hop by hop ({h['samples']} times{unmarked}), ms:{'p50':>67} {'p95':>6} {'slowest 5%':>10}")
    for name, words in HOPS:
        e = h["each"][name]
        print(f"    {words:<96} {e['p50']:6.1f} {e['p95']:6.1f} {e['tail_mean']:6.1f}")
    print(f"    {'(the slowest 5%: their mean total)':<96} {'':6} {'':6} {h['tail_total']:6.1f}")
    for who, kinds in figures["main_thread_ms_per_move"].items():
        print(f"  {who}'s main thread per move: " + ", ".join(f"{kind} {ms:.1f} ms" for kind, ms in kinds.items())
              + " (the rest of all: mostly painting)")
    cpu = figures["cpu_ms_per_move"]
    print("  CPU time per move, all pages' processes: " + ", ".join(f"{kind} {ms:.1f} ms" for kind, ms in cpu.items() if ms >= 0.1))
    print(f"bytes a guest received per move (its seat's state, the table's list when it changed): "
          f"{figures['bytes_per_move_to_a_guest']:,}; everything the host received from the guests: "
          f"{figures['bytes_to_the_host']:,} bytes")
    seat = figures["seated_ms"]
    print(f"opening the invitation to being seated:     median {seat['median']:6.0f} ms "
          f"(each: {', '.join(map(str, seat['each']))}); the median of each step:")
    for name, words in SEAT_HOPS:
        print(f"    {words:<96} {seat['hops_median'][name]:6.0f}")


if __name__ == "__main__":
    sys.exit(main())
