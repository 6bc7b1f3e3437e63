"""What the play table's worker tells the page, and what the table keeps, in real Chromium.

- Every message between the page and the engine worker is recorded (the page's ``Worker`` is
  wrapped by an init script) while a visitor plays a Briscola deal, a Scopa deal and Madrasso
  tricks with the swap and a hint. The same requests are then sent, in the same order, to the
  bridge on CPython: with the page's ``?seed=`` hook the games are the same (the test checks
  the states agree), and the CPython bridge's true game says which cards the visitor could
  have seen at each answer. No answer names any other (tests/engine/seen_cards.py).
- Undo in the page: Madrasso after South's swap, Scopa across a deal's end.
- A saved game that cannot be read is set aside with a message; a malformed replay link is
  answered with a message, not a blank table, dead buttons or "Loading the game…" for ever.
"""

from __future__ import annotations

import base64
import importlib.util
import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("seen_cards", ROOT / "tests" / "engine" / "seen_cards.py")
seen_cards = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(seen_cards)

# The play table's helpers (tests/e2e/test_play.py): opening a table, a new game, waiting for
# South's turn, South's hand.
_table = importlib.util.spec_from_file_location("play_table", Path(__file__).with_name("test_play.py"))
play_table = importlib.util.module_from_spec(_table)
_table.loader.exec_module(play_table)
READY, MOVE, LIVE = play_table.READY, play_table.MOVE, play_table.LIVE
open_table, new_game, wait_turn_or, hand = (play_table.open_table, play_table.new_game,
                                            play_table.wait_turn_or, play_table.hand)
_page_watch_class = play_table._page_watch_class

RECORD_WORKER = """(() => {
  const Real = window.Worker;
  const log = (window.__engineLog = []);
  const keep = (dir, data) => {
    try { log.push({ dir, data: JSON.parse(JSON.stringify(data)) }); } catch (err) { log.push({ dir, data: String(err) }); }
  };
  window.Worker = class extends Real {
    constructor(url, options) {
      super(url, options);
      this.addEventListener("message", (event) => keep("in", event.data));
    }
    postMessage(message, transfer) {
      keep("out", message);
      return super.postMessage(message, transfer);
    }
  };
})();"""


@pytest.fixture(scope="module")
def recorded(browser):
    """One page for the module, its worker's messages recorded, watched for console errors."""
    context = browser.new_context(reduced_motion="reduce", viewport={"width": 1000, "height": 900})
    context.add_init_script(RECORD_WORKER)
    page = context.new_page()
    watch = _page_watch_class()().attach(page)
    yield page, watch
    context.close()
    watch.check()


def play_cards(page: Page, presses: int) -> None:
    for _ in range(presses):
        if page.locator(".play [data-end]").is_visible() or page.locator(".play [data-deal-end]").is_visible():
            return
        page.locator(LIVE).first.click()
        choices = page.locator(".play [data-choices]")
        if choices.is_visible():
            choices.locator("button.choice").first.click()
        wait_turn_or(page, "[data-deal-end]", "[data-end]")


def check_messages(log: list[dict], seat: int = 0) -> int:
    """Send the page's requests to a CPython bridge in the same order; every browser answer
    must name only cards the visitor could have seen then. Returns the answers checked."""
    from engine.bridge import Bridge

    twin = Bridge()
    requests = [m["data"] for m in log if m["dir"] == "out" and isinstance(m["data"], dict)
                and "op" in m["data"]]
    answers = {m["data"]["id"]: m["data"] for m in log if m["dir"] == "in"
               and isinstance(m["data"], dict) and "ok" in m["data"]}
    assert requests and answers
    witness = None
    checked = 0
    tables: set[int] = set()  # the play table's sessions (a page's practice has open ones)
    for request in requests:
        mine = json.loads(twin.handle(json.dumps(request)))
        theirs = answers.get(request["id"])
        if theirs is None and request["op"] == "review_note":
            continue  # still valuing in the background when the log was read (review-notes.mjs)
        assert theirs is not None, f"no answer to {request['op']} {request['id']}"
        assert theirs["ok"] == mine["ok"], (request, theirs, mine)
        op = request["op"]
        if op == "new":
            witness = seen_cards.Witness(seat)
        if op == "new" and theirs["ok"]:
            tables.add(theirs["result"]["handle"])
        handle = theirs["result"]["handle"] if op == "new" else request.get("handle")
        if not theirs["ok"] or witness is None or op == "drop" or handle not in tables:
            continue
        witness.update(twin.sessions[handle].game)
        if op in ("new", "apply", "undo") or (op == "bot" and request.get("play")):
            state = lambda answer: answer["result"].get("state", answer["result"])  # noqa: E731
            assert state(theirs) == state(mine), f"the browser's {op} differs from CPython's"
        if op == "record":
            assert "seed" not in theirs["result"]  # the game redealt for the visitor
            continue
        unseen = witness.unseen_in(theirs)
        assert not unseen, f"{op} answered cards the visitor had not seen: {sorted(unseen)}"
        checked += 1
    return checked


def test_no_worker_message_names_a_card_not_yet_face_up(recorded, site_url):
    page, watch = recorded
    checked = 0
    # Briscola: a whole deal.
    open_table(page, site_url, "briscola", "seed=4&level=random")
    new_game(page)
    play_cards(page, 25)
    expect(page.locator(".play [data-end]")).to_be_visible()
    checked += check_messages(page.evaluate("window.__engineLog"))
    # Scopa at three players: a deal.
    open_table(page, site_url, "scopa", "seed=17&level=random&players=3")
    new_game(page)
    play_cards(page, 15)
    expect(page.locator(".play [data-deal-end]")).to_be_visible()
    checked += check_messages(page.evaluate("window.__engineLog"))
    # Madrasso: the swap, a hint, and five tricks.
    open_table(page, site_url, "madrasso", "seed=9&level=random")
    new_game(page)
    page.locator('.play [data-action="hint"]').click()
    expect(page.locator(".play [data-hint]")).to_contain_text("Hint: Play the", timeout=MOVE)
    page.locator('.play [data-action="swap"]').click()
    page.locator(LIVE).first.wait_for(timeout=MOVE)
    play_cards(page, 5)
    checked += check_messages(page.evaluate("window.__engineLog"))
    assert checked >= 80
    watch.check()


# ---- undo in the page --------------------------------------------------------------------------

def test_undo_after_the_swap_keeps_the_swap_and_the_hand(recorded, site_url):
    page, watch = recorded
    open_table(page, site_url, "madrasso", "seed=9&level=random")
    new_game(page)
    page.locator('.play [data-action="swap"]').click()
    expect(page.locator(".play [data-last]")).to_have_text(re.compile(r"^South swaps the seven of trumps"))
    page.locator(LIVE).first.wait_for(timeout=MOVE)
    swapped = hand(page)
    west_turned = page.locator(".play .seat-west [data-turned] img").get_attribute("alt")
    page.locator(LIVE).first.click()
    wait_turn_or(page)
    assert hand(page) != swapped
    page.locator('.play [data-action="undo"]').click()
    expect(page.locator(".play [data-last]")).to_have_text("You took back your last move.")
    page.locator(LIVE).first.wait_for(timeout=MOVE)
    assert hand(page) == swapped          # the card played is back, the turned-up card kept
    expect(page.locator(".play .seat-west [data-turned]")).to_contain_text("from your swap")
    assert page.locator(".play .seat-west [data-turned] img").get_attribute("alt") == west_turned
    for seat in ("east", "north", "west"):
        backs = page.locator(f".play .seat-{seat} [data-hand] img").evaluate_all("els => els.map(e => e.alt)")
        assert backs and set(backs) == {"a card, face down"}
    expect(page.locator('.play [data-action="swap"]')).to_be_hidden()  # swapped already
    watch.check()


def test_undo_at_a_scopa_deals_end_goes_back_into_the_deal(recorded, site_url):
    page, watch = recorded
    open_table(page, site_url, "scopa", "seed=5&level=random&players=2")
    new_game(page)
    before_last = None
    for _ in range(20):
        if page.locator(".play [data-deal-end]").is_visible():
            break
        before_last = hand(page)
        page.locator(LIVE).first.click()
        choices = page.locator(".play [data-choices]")
        if choices.is_visible():
            choices.locator("button.choice").first.click()
        wait_turn_or(page, "[data-deal-end]")
    panel = page.locator(".play [data-deal-end]")
    expect(panel).to_be_visible()
    expect(panel.locator("h3")).to_have_text("Deal 1 is over")
    page.locator('.play [data-action="undo"]').click()
    expect(page.locator(".play [data-last]")).to_have_text("You took back your last move.")
    page.locator(LIVE).first.wait_for(timeout=MOVE)
    expect(panel).to_be_hidden()
    expect(page.locator(".play [data-progress]")).to_contain_text("Deal 1.")
    assert hand(page) == before_last
    play_cards(page, 3)
    expect(panel).to_be_visible()
    expect(panel.locator("h3")).to_have_text("Deal 1 is over")
    watch.check()


# ---- what cannot be read -------------------------------------------------------------------------

def test_an_unreadable_saved_game_is_set_aside_with_a_message(recorded, site_url):
    page, watch = recorded
    play_table.open_with_storage(page, f"{site_url}briscola.html#play",
                                 {"play.briscola": '{"v": 2, "record": '})
    page.locator(".play").scroll_into_view_if_needed()
    prompt = page.locator(".play [data-prompt]")
    expect(prompt).to_contain_text("Your saved game could not be read, so it was set aside")
    assert page.evaluate("localStorage.getItem('play.briscola.set-aside')") == '{"v": 2, "record": '
    assert page.evaluate("localStorage.getItem('play.briscola')") is None
    # One the page can read but the engine cannot play: set aside once the engine says so.
    bad = {"v": 2, "record": {"game": "briscola", "hands": [["AC", "AC", "2C"], ["3C", "4C", "5C"]],
                              "turned": "6C", "stock": [], "leader": 0}, "level": "random"}
    play_table.open_with_storage(page, f"{site_url}briscola.html#play", {"play.briscola": json.dumps(bad)})
    page.locator(".play").scroll_into_view_if_needed()
    expect(prompt).to_contain_text("could not be read, so it was set aside", timeout=READY)
    assert json.loads(page.evaluate("localStorage.getItem('play.briscola.set-aside')")) == bad
    new_game(page)                        # and the table plays on
    watch.check()


def link(record) -> str:
    text = json.dumps(record) if not isinstance(record, str) else record
    return "replay.html#r=" + base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def test_a_malformed_replay_link_is_answered_with_a_message(recorded, site_url):
    page, watch = recorded
    message = page.locator(".play [data-last]")
    buttons = page.locator('.play [data-action="forward"], .play [data-action="play"]')
    deep = '{"game": "scopa", "players": 2, "x": ' + "[" * 3000 + "]" * 3000 + "}"
    cases = [
        ("replay.html#r=%%%not-a-record", "damaged"),
        ("replay.html#r=" + base64.urlsafe_b64encode(b'{"game": "scopa"').decode(), "damaged"),
        (link(deep), "nested too deep"),
        (link({"game": "scopa", "seed": 1, "players": 5}), "two to four"),
        (link({"game": "chess", "actions": []}), "does not know"),
        (link({"game": "briscola", "seed": 5, "actions": []}), "never shown face up"),
        (link({"game": "madrasso", "dealer": 0, "hands": [["AC"]], "actions": []}), "cannot be replayed"),
    ]
    page.goto(site_url + "replay.html")
    expect(message).to_contain_text("carries no game")
    for href, words in cases:
        page.goto(site_url + href)
        expect(message).to_contain_text(words, timeout=READY)
        expect(message).not_to_contain_text("Loading")
        assert all(b.is_disabled() for b in buttons.all())
    # A good link after the bad ones, in the same tab, loads.
    from engine.games import GAMES

    game = GAMES["briscola"].new(4)
    while not game.is_over():
        game.apply(game.legal_actions()[0])
    page.evaluate("href => { location.hash = href.split('#')[1]; }", link(game.finished_deals()[-1]))
    expect(page.locator(".play [data-position]")).to_have_text("Move 0 of 40", timeout=READY)
    assert not any(b.is_disabled() for b in buttons.all())
    watch.check()


# ---- an engine that stops answering ----------------------------------------------------------------

STUCK_ONCE = """(() => {
  const Real = window.Worker;
  let swallowed = false;
  // The first computer move is never answered, as if the worker hung on it.
  window.Worker = class extends Real {
    constructor(url, options) {
      super(url, options);
      this.addEventListener("message", (event) => {
        if (!swallowed && this.stuckId !== undefined && event.data && event.data.id === this.stuckId) {
          swallowed = true;
          event.stopImmediatePropagation();
        }
      });
    }
    postMessage(message, transfer) {
      if (!swallowed && message && message.op === "bot" && message.play) this.stuckId = message.id;
      return super.postMessage(message, transfer);
    }
  };
})();"""


def test_a_request_not_answered_is_given_up_with_a_message_and_retry(browser, site_url):
    context = browser.new_context(reduced_motion="reduce", viewport={"width": 1000, "height": 900})
    context.add_init_script(STUCK_ONCE)
    page = context.new_page()
    watch = _page_watch_class()().attach(page)
    try:
        page.goto(f"{site_url}briscola.html?seed=4&level=random#play")
        page.evaluate("document.documentElement.dataset.requestTimeout = '3000'")
        page.locator(".play").scroll_into_view_if_needed()
        page.locator('.play [data-action="new"]').click()  # North leads (seed 4)...
        status = page.locator(".play .engine-status")            # ...and its card never comes
        expect(status).to_contain_text("stopped answering", timeout=READY)
        retry = status.locator(".engine-retry")
        expect(retry).to_be_visible()
        retry.click()
        # A new worker; the saved game comes back and North plays on.
        page.locator(LIVE).first.wait_for(timeout=READY)
        expect(status).to_be_hidden()
        assert len(hand(page)) == 3
        watch.check()
    finally:
        context.close()
