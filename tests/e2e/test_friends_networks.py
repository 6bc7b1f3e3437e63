"""A table with friends on real networks, simulated: each browser in a home of its own behind a
NAT, the tracker, the site and a TURN relay on "the internet" (tests/e2e/simulated_internet.py:
network namespaces made here and taken down after; nothing leaves the machine).

First each NAT is shown to behave as named. Then, with the site built for STUN only: a cone and
a cone connect directly (the selected pair server-reflexive on the guest's side); a guest behind
a symmetric NAT is told within 20 s that a network blocks direct connections, and what helps.
With the site built with the TURN relay: the symmetric guest connects through the relay and a
Briscola game is played; a guest whose router drops UDP connects over TURN/TCP and plays; a
Madrasso table of four (one guest symmetric, one UDP-blocked) plays a deal through the UI while
one guest's link goes down for 10 s and comes back (same seat, the table paused meanwhile, the
deal goes on), every guest's messages checked for unseen cards; a Firefox guest plays a
Briscola game at a Chromium host's table, and a Chromium guest one at a Firefox host's table.

Four Chromiums (one per home) serve every test: a host's context per site (its engine cached
between tables), a fresh context per guest.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))   # simulated_internet imports private_network


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


simulated = _load("simulated_internet", HERE / "simulated_internet.py")
friends = _load("friends_e2e_helpers", HERE / "test_friends.py")   # Person, the wire and its checks
conftest = friends.conftest
Person = friends.Person

SITE_PORTS = {"stun": 4431, "turn": 4432}
ARGS = [*(a for a in conftest.CHROMIUM_ARGS if not a.startswith("--host-resolver-rules")),
        f"--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE {simulated.INTERNET}",
        "--ignore-certificate-errors", *friends.private_network.WEBRTC_ARGS]
DIAGNOSIS_S = 20
FIREFOX = os.environ.get("FIREFOX_PATH", "/usr/bin/firefox-esr")
BLOCKED = "one of your networks blocks direct connections, common on mobile data and office Wi-Fi"


@pytest.fixture(scope="module")
def internet(tmp_path_factory):
    try:
        net = simulated.SimulatedInternet(tmp_path_factory.mktemp("internet"))
    except simulated.Unavailable as err:
        pytest.skip(str(err))
    yield net
    net.close()


@pytest.fixture(scope="module")
def sites(internet, tmp_path_factory):
    """The site built twice, for STUN only and with the TURN relay, each served over https
    on the internet: their base URLs."""
    stun = [f"stun:{simulated.INTERNET}:3478"]
    urls, servers = {}, []
    for name, turn in (("stun", []), ("turn", [internet.turn()])):
        site = simulated.build_site(tmp_path_factory.mktemp(f"site-{name}"), internet.tracker, stun, turn)
        handler = type("Handler", (conftest._SubPathHandler,), {"site": site})
        servers.append(internet.serve(lambda address, h=handler: conftest._QuietServer(address, h), SITE_PORTS[name]))
        urls[name] = f"https://{simulated.INTERNET}:{SITE_PORTS[name]}{conftest.SUB_PATH}"
    yield urls
    for server in servers:
        server.shutdown()


@pytest.fixture(scope="module")
def homes(internet):
    """The host's home (a cone) and three guests' homes, their NAT set by each test."""
    return [internet.home("cone") for _ in range(4)]


@pytest.fixture(scope="module")
def browsers(homes, playwright, tmp_path_factory):
    folder = tmp_path_factory.mktemp("chromium")
    launched = [playwright.chromium.launch(executable_path=home.executable(folder, conftest.CHROMIUM), args=ARGS)
                for home in homes]
    yield launched
    for browser in launched:
        browser.close()


def person(browser, name: str, size: tuple[int, int] = (1000, 900)) -> Person:
    someone = Person(browser, name, size)
    # Everything this page contacts is on the simulated internet: the site, the tracker.
    someone.watch.allow(rf"^off-origin (request|WebSocket): (https|wss)://{simulated.INTERNET.replace('.', '[.]')}[:/]")
    return someone


@pytest.fixture(scope="module")
def hosts(browsers, sites):
    """The host's page, one per site, kept from table to table (its engine's files cached)."""
    made = {name: person(browsers[0], "Ivo", (1280, 800)) for name in sites}
    yield made
    for host in made.values():
        host.close()


def pair(guest: Person) -> str:
    """The guest's selected candidate pair to the host, as its page read it from getStats."""
    return guest.page.locator("[data-connection]").get_attribute("data-pair") or ""


def play_to_the_end(people: list[Person], moves: int | None = None) -> int:
    """Play through the UI until the game's end screen (or ``moves`` moves); how many."""
    played = 0
    while (moves is None or played < moves) and (
            someone := friends.whose_turn(people, timeout=60, until=lambda: all(p.status()["end"] for p in people))):
        friends.play_one(someone)
        played += 1
        assert played <= 60
    return played


def seat_two(host: Person, guest: Person, url: str, game: str = "briscola") -> float:
    """The host opens a table, the guest joins and sits; seconds from Join to seated."""
    link = friends.open_table(host, url, game=game, seat=0)
    started = time.monotonic()
    friends.join(guest, link, 1, relay_host=simulated.INTERNET)
    return time.monotonic() - started


# ---- the networks are what they are named ---------------------------------------------------------

def test_each_nat_behaves_as_named(homes):
    home = homes[1]
    try:
        home.nat("cone")
        a, b = home.mapped_ports()
        assert a == b, "a cone NAT maps one socket to one public port, whoever asks"
        home.nat("symmetric")
        a, b = home.mapped_ports()
        assert a != b, "a symmetric NAT gives each destination a new public port"
        home.nat("udp-blocked")
        with pytest.raises(RuntimeError, match="timed out"):
            home.mapped_ports()
    finally:
        home.nat("cone")


# ---- STUN only ---------------------------------------------------------------------------------------

def test_cone_and_cone_connect_directly_with_stun_only(browsers, homes, hosts, sites):
    host, guest = hosts["stun"], person(browsers[1], "Lia")
    try:
        took = seat_two(host, guest, sites["stun"])
        expect(guest.page.locator("[data-connection]")).to_have_text("Connected to the host directly.", timeout=10_000)
        local, remote = pair(guest).split()
        assert local == "srflx" and remote == "srflx", pair(guest)   # not a private address: the NATs' public ones
        expect(host.page.locator('[data-seat-list] [data-seat="1"]')).to_contain_text("(connected directly)", timeout=10_000)
        print(f"cone and cone, STUN only: seated {took:.1f} s after Join, pair {pair(guest)}")
        guest.watch.check()
    finally:
        guest.close()


def test_a_symmetric_nat_without_a_relay_is_diagnosed_in_words(browsers, homes, hosts, sites):
    homes[1].nat("symmetric")
    host, guest = hosts["stun"], person(browsers[1], "Lia")
    try:
        link = friends.open_table(host, sites["stun"], game="briscola", seat=0)
        guest.page.goto(link)
        guest.page.click('[data-action="join"]')
        pressed = time.monotonic()
        status = guest.page.locator("[data-status]")
        expect(status).to_contain_text("The host's browser was found, but no connection", timeout=DIAGNOSIS_S * 1000)
        took = time.monotonic() - pressed
        expect(status).to_contain_text(BLOCKED)
        expect(status).to_contain_text("join the host's Wi-Fi, or the site's author can add a relay")
        assert took < DIAGNOSIS_S
        expect(host.page.locator("[data-connection]")).to_contain_text(
            "A browser found this table but could not connect to it", timeout=10_000)
        expect(guest.page.locator("[data-sit]")).to_be_hidden()
        print(f"cone and symmetric, STUN only: diagnosed {took:.1f} s after Join")
        guest.watch.check()
    finally:
        guest.close()
        homes[1].nat("cone")


# ---- with the TURN relay -----------------------------------------------------------------------------

def test_a_symmetric_nat_connects_through_the_relay_and_plays_briscola(browsers, homes, hosts, sites):
    homes[1].nat("symmetric")
    host, guest = hosts["turn"], person(browsers[1], "Lia", (390, 844))
    try:
        took = seat_two(host, guest, sites["turn"])
        expect(guest.page.locator("[data-connection]")).to_have_text(
            "Connected to the host through the site's relay.", timeout=10_000)
        assert "relay" in pair(guest).split(), pair(guest)
        expect(host.page.locator('[data-seat-list] [data-seat="1"]')).to_contain_text("(connected through the relay)",
                                                                                       timeout=10_000)
        host.page.click('[data-action="start"]')
        assert play_to_the_end([host, guest]) == 40
        for someone in (host, guest):
            expect(someone.page.locator("[data-end] [data-result]")).to_be_visible()
        assert friends.check_what_each_guest_was_told(friends.saved_record(host, [guest]), [guest]) > 40
        print(f"cone and symmetric with TURN: seated {took:.1f} s after Join, pair {pair(guest)}")
        guest.watch.check()
        host.watch.check()
    finally:
        guest.close()
        homes[1].nat("cone")


def test_a_guest_whose_network_blocks_udp_plays_over_turn_tcp(browsers, homes, hosts, sites):
    homes[1].nat("udp-blocked")
    host, guest = hosts["turn"], person(browsers[1], "Lia")
    try:
        took = seat_two(host, guest, sites["turn"])
        expect(guest.page.locator("[data-connection]")).to_have_text(
            "Connected to the host through the site's relay.", timeout=15_000)
        host.page.click('[data-action="start"]')
        assert play_to_the_end([host, guest], moves=6) == 6
        expect(guest.page.locator(".seat-south [data-hand] .hand-card")).to_have_count(3)
        print(f"UDP blocked, TURN over TCP: seated {took:.1f} s after Join, pair {pair(guest)}")
        guest.watch.check()
    finally:
        guest.close()
        homes[1].nat("cone")


def test_a_madrasso_table_of_four_across_networks_with_a_link_down_for_ten_seconds(browsers, homes, hosts, sites):
    homes[1].nat("symmetric")
    homes[2].nat("udp-blocked")
    host = hosts["turn"]
    host.name = "Dora"
    south, east, north = (person(browsers[i], name) for i, name in ((1, "Anna"), (2, "Bruno"), (3, "Carlo")))
    guests = [south, east, north]
    try:
        link = friends.open_table(host, sites["turn"], game="madrasso", seat=3, seed=9)
        for seat, guest in enumerate(guests):
            friends.join(guest, link, seat, relay_host=simulated.INTERNET)
        for guest in guests:
            expect(guest.page.locator("[data-connection]")).to_contain_text("Connected to the host", timeout=15_000)
        host.page.click('[data-action="start"]')
        people = [host, *guests]
        for someone in people:
            expect(someone.page.locator(".seat-south [data-hand] .hand-card")).to_have_count(10, timeout=30_000)
        moves = 0
        downed = False
        while (someone := friends.whose_turn(people, timeout=60, until=lambda: friends.deal_over(people))) is not None:
            if moves == 12 and not downed:
                # North's Wi-Fi drops for 10 s: the table pauses and says who is reconnecting.
                seat_before = north.page.locator(".seat-south .seat-name").inner_text()
                hand_before = friends.hand(north)
                homes[3].link(False)
                down = time.monotonic()
                expect(host.page.locator('[data-seat-list] [data-seat="2"]')).to_contain_text("is reconnecting",
                                                                                               timeout=10_000)
                expect(south.page.locator("[data-prompt]")).to_contain_text("Carlo is reconnecting", timeout=5_000)
                time.sleep(max(0.0, 10 - (time.monotonic() - down)))
                homes[3].link(True)
                expect(host.page.locator('[data-seat-list] [data-seat="2"]')).not_to_contain_text("reconnecting",
                                                                                                   timeout=30_000)
                back = time.monotonic() - down
                assert north.page.locator(".seat-south .seat-name").inner_text() == seat_before
                assert sorted(friends.hand(north)) == sorted(hand_before)
                print(f"a link down 10 s: the table went on {back:.1f} s after it went down")
                downed = True
                continue
            friends.play_one(someone, swap=moves == 0)
            moves += 1
        assert downed and moves >= 40
        record = friends.saved_record(host, guests)
        assert record["seed"] == 9
        assert friends.check_what_each_guest_was_told(record, guests) > 100
        for someone in people:
            someone.watch.check()
    finally:
        for guest in guests:
            guest.close()
        homes[1].nat("cone")
        homes[2].nat("cone")
        homes[3].link(True)


def test_a_phone_that_moves_to_mobile_data_comes_back_to_its_seat(browsers, homes, hosts, sites):
    host, guest = hosts["turn"], person(browsers[1], "Lia", (390, 844))
    host.name = "Ivo"
    try:
        seat_two(host, guest, sites["turn"])
        expect(guest.page.locator("[data-connection]")).to_contain_text("Connected to the host", timeout=15_000)
        host.page.click('[data-action="start"]')
        play_to_the_end([host, guest], moves=4)
        hand_before = friends.hand(guest)
        # The phone leaves the home Wi-Fi for mobile data: a new public address behind a
        # carrier's symmetric NAT. The table pauses and says so; the phone's page finds the
        # host again (ICE, or a new connection through the tracker) and sits where it sat.
        homes[1].move("symmetric")
        moved = time.monotonic()
        # The page's kept-alive connections to the site died with the old address: a request on
        # one is reset or times out. What counts is what Lia sees: every card drawn (below).
        guest.watch.allow(r"^(failed request: https://\S+ \(net::ERR_(CONNECTION_RESET|TIMED_OUT)\)"
                          r"|console error: Failed to load resource: net::ERR_(CONNECTION_RESET|TIMED_OUT))")
        seat = host.page.locator('[data-seat-list] [data-seat="1"]')
        expect(host.page.locator("[data-prompt]")).to_contain_text("The game is paused", timeout=40_000)
        expect(seat).to_contain_text(re.compile("reconnecting|away"))
        expect(seat).to_contain_text(re.compile(r"\(connected (directly|through the relay)\)"), timeout=90_000)
        back = time.monotonic() - moved
        expect(guest.page.locator("[data-connection]")).to_contain_text("Connected to the host", timeout=10_000)
        assert sorted(friends.hand(guest)) == sorted(hand_before)
        assert play_to_the_end([host, guest], moves=4) == 4
        guest.page.wait_for_function(
            "() => [...document.querySelectorAll('img.card')].every((i) => i.complete && i.naturalWidth > 0)", timeout=15_000)
        print(f"a phone moved to mobile data: back at its seat {back:.1f} s later, pair {pair(guest)}")
        guest.watch.check()
    finally:
        guest.close()
        homes[1].nat("cone")


# ---- Firefox at a Chromium host's table ----------------------------------------------------------------

def test_a_firefox_guest_plays_briscola_at_a_chromium_hosts_table(homes, hosts, sites):
    assert Path(FIREFOX).exists(), f"{FIREFOX} is missing: `make test` installs firefox-esr as root"
    host = hosts["stun"]
    host.name = "Ivo"
    link = friends.open_table(host, sites["stun"], game="briscola", seat=0)
    # The driver runs in the guest's home with its Firefox: puppeteer reaches Firefox's BiDi
    # socket on that home's 127.0.0.1.
    node = shutil.which("node") or "node"
    guest = subprocess.Popen(homes[1].client.command(node, str(HERE / "firefox_guest.mjs"), link, "1", "Fede"),
                             cwd=ROOT, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             env={**os.environ, "FIREFOX_PATH": FIREFOX})
    steps: dict[str, dict] = {}

    def read():
        assert guest.stdout
        for line in guest.stdout:
            record = json.loads(line)
            steps[record["step"]] = record

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        expect(host.page.locator('[data-seat-list] [data-seat="1"]')).to_contain_text("Fede", timeout=60_000)
        host.page.click('[data-action="start"]')
        end = time.monotonic() + 240
        while not host.status()["end"]:
            assert guest.poll() is None or "done" in steps, f"{steps}\n{guest.stderr.read() if guest.stderr else ''}"
            assert time.monotonic() < end, "the game did not end"
            if host.status()["playable"]:
                friends.play_one(host)
            time.sleep(0.05)
        guest.wait(timeout=60)
        reader.join(timeout=5)
    finally:
        if guest.poll() is None:
            guest.kill()
    failure = next((r for r in steps.values() if "error" in r), None)
    assert guest.returncode == 0 and failure is None, f"{failure}\n{guest.stderr.read() if guest.stderr else ''}"
    assert steps["seated"]["connection"] in ("", "Connected to the host directly."), steps["seated"]
    assert steps["end"]["moves"] == 20 and "srflx" in steps["end"]["pair"], steps["end"]
    words = host.page.locator("[data-end] [data-result]").inner_text()
    assert "Fede" in words or "60 card points each" in words, words
    print(f"Firefox guest: seated {steps['seated']['ms'] / 1000:.1f} s after the page loaded, pair {steps['end']['pair']}")
    host.watch.check()


def test_a_chromium_guest_plays_briscola_at_a_firefox_hosts_table(browsers, homes, sites):
    """Firefox holds the table (its engine, the proof, every seat's state): a Chromium guest in
    another home finds it, sits, sees the seats, and a whole Briscola game is played, the
    guest told only what it may see."""
    assert Path(FIREFOX).exists(), f"{FIREFOX} is missing: `make test` installs firefox-esr as root"
    node = shutil.which("node") or "node"
    began = time.monotonic()
    host = subprocess.Popen(homes[2].client.command(node, str(HERE / "firefox_host.mjs"), sites["stun"], "Ugo", "Lia"),
                            cwd=ROOT, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env={**os.environ, "FIREFOX_PATH": FIREFOX})
    steps: dict[str, dict] = {}

    def read():
        assert host.stdout
        for line in host.stdout:
            record = json.loads(line)
            steps[record["step"]] = record

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    guest = person(browsers[1], "Lia")

    def running() -> None:
        failure = next((r for r in steps.values() if "error" in r), None)
        assert failure is None and (host.poll() is None or "done" in steps), \
            f"{failure or steps}\n{host.stderr.read() if host.stderr and host.poll() is not None else ''}"

    try:
        end = time.monotonic() + 60
        while "open" not in steps:
            running()
            assert time.monotonic() < end, "the Firefox host opened no table"
            time.sleep(0.1)
        friends.join(guest, steps["open"]["link"], 1, relay_host=simulated.INTERNET)
        expect(guest.page.locator("[data-connection]")).to_have_text("Connected to the host directly.", timeout=10_000)
        seats = guest.page.locator("[data-seat-list]")
        expect(seats).to_contain_text("Ugo, the host")
        expect(seats).to_contain_text("Lia (you)")
        expect(guest.page.locator("[data-status]")).to_contain_text("The game is on: you sit", timeout=30_000)
        expect(guest.page.locator(".seat-south [data-hand] .hand-card")).to_have_count(3, timeout=30_000)
        moves = 0
        end = time.monotonic() + 120
        while not guest.status()["end"]:
            running()
            assert time.monotonic() < end, "the game did not end"
            if guest.status()["playable"]:
                friends.play_one(guest)
                moves += 1
            time.sleep(0.03)
        host.wait(timeout=30)
        reader.join(timeout=5)
    finally:
        if host.poll() is None:
            host.kill()
        took = time.monotonic() - began
    try:
        failure = next((r for r in steps.values() if "error" in r), None)
        assert host.returncode == 0 and failure is None, f"{failure}\n{host.stderr.read() if host.stderr else ''}"
        assert "Lia" in steps["seated"]["seats"] and "Everybody is seated" in steps["seated"]["note"], steps["seated"]
        assert moves == 20 and steps["end"]["moves"] == 20, (moves, steps["end"]["moves"])
        words = guest.page.locator("[data-end] [data-result]").inner_text()
        assert "Ugo" in words or "60 card points each" in words, words
        assert " ".join(words.split()) in steps["end"]["end"], (words, steps["end"]["end"])   # one result, both sides
        assert friends.check_what_each_guest_was_told(steps["end"]["record"], [guest]) > 40
        print(f"Firefox host: table open {steps['open']['ms'] / 1000:.1f} s after its page loaded, "
              f"a Chromium guest's game over {took:.1f} s after Firefox started, pair {pair(guest)}")
        guest.watch.check()
    finally:
        guest.close()
