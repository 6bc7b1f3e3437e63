"""Playing against the computer in real Chromium: Briscola, Scopa and Madrasso tables driven by
the engine worker, a saved game resumed after a reload, undo, and a shared replay link.

One browser page serves the whole module (Pyodide starts once per page load, 3-6 s or more),
with prefers-reduced-motion on so the computer's moves are not paced, and the fast "random"
level. Seeds come from the page's documented ``?seed=`` parameter (docs/play.md); they were
chosen with the bridge on CPython (tests/engine/test_bridge_play.py runs the same engine):

- Madrasso seed 9: West deals, South leads the first trick holding the seven of trumps, so the
  swap is offered at once; South later holds cards it may not play (must follow suit).
- Scopa seed 17 at four players: South, always playing its first card, meets a card that
  captures in more than one way.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from engine.cards import Card

READY = 120_000   # ms: Pyodide's first start on a busy machine
MOVE = 30_000     # ms: one round of computer moves

LIVE = '.play .seat-south button.card-button[aria-disabled="false"]'
DEAD = '.play .seat-south button.card-button[aria-disabled="true"]'


def _conftest():
    """tests/e2e/conftest.py as pytest loaded it (its helpers, for this module's own)."""
    here = str(Path(__file__).with_name("conftest.py"))
    for module in list(sys.modules.values()):
        if getattr(module, "__file__", None) == here:
            return module
    raise RuntimeError("tests/e2e/conftest.py is not loaded")


def _page_watch_class():
    return _conftest().PageWatch


def open_with_storage(page: Page, url: str, items: dict[str, str] | None = None,
                      clear: bool = False) -> None:
    _conftest().open_with_storage(page, url, items, clear)


@pytest.fixture(scope="module")
def play(browser, site_url):
    """One page for the module, watched for console errors and off-origin requests."""
    context = browser.new_context(reduced_motion="reduce", viewport={"width": 1000, "height": 900})
    page = context.new_page()
    watch = _page_watch_class()().attach(page)
    yield page, watch
    context.close()
    watch.check()


def open_table(page: Page, site_url: str, game: str, query: str) -> None:
    open_with_storage(page, f"{site_url}{game}.html?{query}#play", clear=True)
    page.locator(".play").scroll_into_view_if_needed()
    expect(page.locator(".play [data-live]")).to_be_visible()
    expect(page.locator(".play .play-nojs")).to_be_hidden()


def new_game(page: Page) -> None:
    page.locator('.play [data-action="new"]').click()
    confirm = page.locator(".play .play-confirm")
    if confirm.is_visible():          # a game under way: "Abandon this game? Yes / No"
        confirm.get_by_role("button", name="Yes").click()
    page.locator(LIVE).first.wait_for(timeout=READY)


def wait_turn_or(page: Page, *panels: str) -> None:
    targets = ", ".join([LIVE, *[f".play {p}:not([hidden])" for p in panels]])
    page.locator(targets).first.wait_for(timeout=MOVE)


def play_to_end(page: Page):
    """Press the first playable card until the deal's end panel shows (a deal has at most 20
    of the visitor's turns); the end panel."""
    for _ in range(25):
        if page.locator(".play [data-end]").is_visible():
            break
        page.locator(LIVE).first.click()
        wait_turn_or(page, "[data-end]")
    end = page.locator(".play [data-end]")
    expect(end).to_be_visible()
    return end


def hand(page: Page) -> list[str]:
    return page.locator(".play .seat-south img.card").evaluate_all("els => els.map(e => e.alt)")


def numbers(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", text)]


# ---- Briscola: a whole deal, with the keyboard, a reload, an undo and the shared link ----------

# The elements of South's cards before a move, and after it whether each card still in the hand
# is drawn by the same button and image (the renderer keeps them; a rebuild makes new ones).
HOLD_HAND = """() => { window.heldCards = new Map([...document.querySelectorAll('.play .seat-south button.card-button')]
  .map((b) => [b.dataset.card, [b, b.querySelector('img')]])); }"""
STILL_HELD = """() => [...document.querySelectorAll('.play .seat-south button.card-button')]
  .filter((b) => window.heldCards.has(b.dataset.card))
  .map((b) => [b.dataset.card, window.heldCards.get(b.dataset.card)[0] === b
    && window.heldCards.get(b.dataset.card)[1] === b.querySelector('img')])"""

@pytest.fixture(scope="module")
def briscola(play, site_url):
    """A Briscola deal played to the end screen; what the tests below look at on the way."""
    page, watch = play
    seen: dict = {}
    open_table(page, site_url, "briscola", "seed=4&level=random")
    new_game(page)
    seen["stock"] = page.locator(".play [data-stock-count]").inner_text()
    seen["stock_trump"] = page.locator(".play [data-stock] .stock-trump img").get_attribute("alt")
    seen["trump_badge"] = page.locator(".play [data-trump]").inner_text()
    seen["north_backs"] = page.locator(".play .seat-north img").evaluate_all("els => els.map(e => e.alt)")
    # Keyboard play: Tab reaches the hand (one tab stop), arrows move, Enter plays.
    first = page.locator(LIVE).first
    first.focus()
    page.keyboard.press("ArrowRight")
    seen["keyboard_card"] = page.evaluate("document.activeElement.querySelector('img').alt")
    page.evaluate(HOLD_HAND)
    page.keyboard.press("Enter")
    wait_turn_or(page, "[data-end]")
    seen["after_keyboard_hand"] = hand(page)
    seen["held"] = page.evaluate(STILL_HELD)
    page.locator(LIVE).first.click()
    wait_turn_or(page, "[data-end]")
    seen["before_reload"] = (hand(page), page.locator(".play [data-scores]").inner_text())
    # Reload: the game comes back from localStorage, the same cards and scores.
    page.reload()
    page.locator(".play").scroll_into_view_if_needed()
    page.locator(LIVE).first.wait_for(timeout=READY)
    seen["after_reload"] = (hand(page), page.locator(".play [data-scores]").inner_text())
    # Undo takes back South's last move only: the hand before it, nothing else revealed.
    before_move = hand(page)
    page.locator(LIVE).first.click()
    wait_turn_or(page, "[data-end]")
    seen["moved_hand"] = hand(page)
    page.locator('.play [data-action="undo"]').click()
    expect(page.locator(".play [data-last]")).to_have_text("You took back your last move.")
    page.locator(LIVE).first.wait_for(timeout=MOVE)
    seen["undo"] = (before_move, hand(page), page.locator(".play .seat-north img").evaluate_all(
        "els => els.map(e => e.alt)"))
    # Play out the deal.
    play_to_end(page)
    seen["end"] = page.locator(".play [data-end]").inner_text()
    seen["scores"] = page.locator(".play [data-scores] [data-points]").all_inner_texts()
    seen["replay_href"] = page.locator(".play [data-end] a[data-replay]").get_attribute("href")
    watch.check()
    return seen


def test_briscola_table_shows_hand_stock_trump_and_opponent_backs(briscola):
    assert briscola["stock"].startswith("Stock: 33 cards")
    assert briscola["stock_trump"] and briscola["stock_trump"] in briscola["stock"]  # the trump under the stock
    assert briscola["trump_badge"].split()[-1] in briscola["stock_trump"]
    assert set(briscola["north_backs"]) == {"a card, face down"}
    assert len(briscola["north_backs"]) in (2, 3)


def test_briscola_cards_left_in_your_hand_keep_their_elements_across_a_move(briscola):
    # Two of the three cards stay in the hand (the third was played, a new one drawn): drawn by
    # the very same elements, so no image is made and decoded again.
    assert len(briscola["held"]) == 2
    assert all(same for _, same in briscola["held"]), briscola["held"]


def test_briscola_keyboard_plays_the_focused_card(briscola):
    assert briscola["keyboard_card"] not in briscola["after_keyboard_hand"]
    assert len(briscola["after_keyboard_hand"]) == 3  # played one, drew one


def test_briscola_reload_resumes_the_game(briscola):
    assert briscola["after_reload"] == briscola["before_reload"]


def test_briscola_undo_takes_back_your_move_only(briscola):
    before, after_undo, north = briscola["undo"]
    assert after_undo == before
    assert briscola["moved_hand"] != before
    assert set(north) == {"a card, face down"}  # nothing hidden shown by the undo


def test_briscola_deal_reaches_the_end_screen(briscola):
    points = [int(p) for p in briscola["scores"]]
    assert sum(points) == 120
    end = briscola["end"]
    assert any(word in end for word in ("You win", "North wins", "A draw"))
    assert f"{max(points)}" in end


def test_shared_link_replays_the_same_deal(play, briscola, site_url):
    page, watch = play
    href = briscola["replay_href"]
    assert href.startswith("replay.html#r=")
    page.goto(site_url + href)
    position = page.locator(".play [data-position]")
    expect(position).to_have_text("Move 0 of 40", timeout=READY)
    page.locator('.play [data-action="forward"]').click()
    expect(position).to_have_text("Move 1 of 40")
    expect(page.locator(".play [data-last]")).to_contain_text("leads the")
    page.locator('.play [data-action="end"]').click()
    expect(position).to_have_text("Move 40 of 40")
    points = numbers(page.locator(".play [data-end] [data-result]").inner_text())  # "South 47, North 73: ..."
    scores = sorted(int(p) for p in briscola["scores"])
    said = points[:1] * 2 if scores[0] == scores[1] else points[:2]  # a draw: "60 card points each: a draw."
    assert sorted(said) == scores
    assert page.locator(".play [data-scores] [data-points]").all_inner_texts() == briscola["scores"]
    page.keyboard.press("Home")
    expect(position).to_have_text("Move 0 of 40")
    # Shared by the player of the other seat (a friends' table link says `&seat=1`): North sits
    # at the bottom, still named North, and its moves are the ones offered for review first.
    page.goto(site_url + href + "&seat=1")
    page.reload()  # the same page, another fragment: read afresh
    expect(position).to_have_text("Move 0 of 40", timeout=READY)
    expect(page.locator('.play .seat[data-seat="1"]')).to_have_class(re.compile(r"\bseat-south\b"))
    expect(page.locator('.play .seat[data-seat="1"] .seat-name')).to_have_text("North")
    expect(page.locator('.play .seat[data-seat="0"]')).to_have_class(re.compile(r"\bseat-north\b"))
    page.locator('.play [data-action="end"]').click()
    expect(page.locator('.play [data-end] [data-control="review-seat"]')).to_have_value("1")
    watch.check()


# ---- Scopa: four players, a capture to choose, the deal's breakdown -----------------------------

def test_scopa_deal_with_a_capture_choice_and_the_breakdown(play, site_url):
    page, watch = play
    open_table(page, site_url, "scopa", "seed=17&level=random")
    page.locator('.play [data-control="players"]').select_option("4")
    new_game(page)
    expect(page.locator(".play .seat-north .seat-team")).to_have_text("partner")
    assert page.locator(".play [data-floor] img").count() == 4  # four cards on the table
    chose = 0
    for _ in range(12):
        if page.locator(".play [data-deal-end]").is_visible():
            break
        page.locator(LIVE).first.click()
        choices = page.locator(".play [data-choices]")
        if choices.is_visible():
            buttons = choices.locator("button.choice")
            assert buttons.count() >= 2
            assert all(text.startswith("Take the ") for text in buttons.all_inner_texts())
            expect(choices.locator(".choices-title")).to_have_text(re.compile(
                rf"^The \w+ of \w+ can capture in {buttons.count()} ways\. What does it take\?$"))
            buttons.last.click()
            chose += 1
        wait_turn_or(page, "[data-deal-end]", "[data-end]")
    assert chose >= 1
    panel = page.locator(".play [data-deal-end]")
    expect(panel).to_be_visible()
    expect(panel.locator("h3")).to_have_text("Deal 1 is over")
    breakdown = panel.locator("[data-breakdown]")
    rows = breakdown.locator("tbody th").all_inner_texts()
    assert rows[:5] == ["Most cards", "Most diamonds", "Settebello (seven of diamonds)",
                        "Primiera (sum of best cards)", "Scope (sweeps)"]
    cards_row = numbers(breakdown.locator("tbody tr").nth(0).inner_text().replace("✓ 1 point", ""))
    assert sum(cards_row[:2]) == 40  # every card of the pack was captured by one side
    expect(breakdown.locator('a[href="scopa.html#primiera"]')).to_have_count(1)
    page.locator('.play [data-action="next-deal"]').click()
    expect(page.locator(".play [data-progress]")).to_contain_text("Deal 2.")
    watch.check()


# ---- Madrasso: the swap of the seven, a card you may not play, the deal's end ------------------

def test_madrasso_deal_with_the_swap(play, site_url):
    page, watch = play
    open_table(page, site_url, "madrasso", "seed=9&level=random")
    page.evaluate("""() => {
      window.said = [];
      const live = document.querySelector(".play [data-narration]");
      new MutationObserver(() => window.said.push(live.textContent)).observe(live, {childList: true});
    }""")
    new_game(page)
    swap = page.locator('.play [data-action="swap"]')
    expect(swap).to_be_visible()
    expect(page.locator(".play [data-prompt]")).to_contain_text("seven of trumps")
    expect(page.locator(".play .seat-west [data-turned] img")).to_have_attribute("alt", re.compile("of "))
    expect(page.locator(".play [data-progress]")).to_contain_text("Deal 1 of at most 12")
    expect(page.locator('.play [data-progress] a[href="madrasso.html#winning-the-match"]')).to_have_count(1)
    # A hint: what the expert would play, and why.
    page.locator('.play [data-action="hint"]').click()
    expect(page.locator(".play [data-hint]")).to_contain_text("Hint: Play the", timeout=MOVE)
    swap.click()
    expect(page.locator(".play [data-last]")).to_have_text(re.compile(r"^South swaps the seven of trumps"))
    expect(swap).to_be_hidden()
    expect(page.locator(".play .seat-west [data-turned]")).to_contain_text("from your swap")
    page.locator(LIVE).first.wait_for(timeout=MOVE)
    explained = False
    for _ in range(12):
        wait_turn_or(page, "[data-deal-end]", "[data-end]")
        if page.locator(".play [data-deal-end]").is_visible():
            break
        if not explained and page.locator(DEAD).count():
            dead = page.locator(DEAD).first
            name = Card.parse(dead.get_attribute("data-card")).name
            dead.focus()
            page.keyboard.press("Enter")
            illegal = page.locator(".play .play-illegal")
            # The engine's sentence: the card and the rule (must follow suit), then the rule's link.
            expect(illegal).to_have_text(re.compile(
                rf"^You cannot play the {name} \(must follow suit: (\w+) was led and you hold \1\)\. Rule: .+\.$"))
            expect(illegal.locator('a[href="madrasso.html#playing-a-trick"]')).to_have_count(1)
            explained = True
        page.locator(LIVE).first.click()
    assert explained
    # Every move was read out; a computer's forced follow is told as a plain follow, since "East
    # has only one club" would show you what East no longer holds (seed 9's deal has several).
    said = page.evaluate("window.said")
    assert any(s.startswith("South swaps the seven of trumps") for s in said)
    assert sum(s.startswith(("East ", "West ", "North ")) for s in said) >= 25
    assert not [s for s in said if re.match(r"(East|West|North) has only one", s)]
    panel = page.locator(".play [data-deal-end]")
    expect(panel).to_be_visible()
    expect(panel.locator("h3")).to_have_text("Deal 1 is over")
    points = numbers(panel.locator("[data-deal-points]").inner_text())
    assert points[0] + points[1] == 130
    totals = [int(t) for t in page.locator(".play [data-scores] [data-total]").all_inner_texts()]
    assert totals == points[:2]
    page.locator('.play [data-action="next-deal"]').click()
    expect(page.locator(".play [data-progress]")).to_contain_text("Deal 2 of at most 12")
    # The pressed button is gone: the keyboard focus comes back to your hand on your turn.
    page.locator(LIVE).first.wait_for(timeout=MOVE)
    expect(page.locator(".play .seat-south button.card-button:focus")).to_have_count(1)
    watch.check()


# ---- the end of a match: a saved game near the end, resumed and played out ----------------------

def greedy_match(game: str, seed: int, **options):
    """A match played by greedy computer players on CPython: the game, and the index of each
    deal's first move."""
    from engine.bots import make_bot
    from engine.games import GAMES

    match = GAMES[game].new(seed, **options)
    bots = [make_bot(game, "greedy", s) for s in range(match.num_players)]
    starts, deal = [], None
    while not match.is_over():
        number = match.observation(0)["deal"]
        if number != deal:
            starts.append(len(match.actions))
            deal = number
        seat = match.current_player()
        match.apply(bots[seat].choose(match, seat))
    return match, starts


def scopa_last_deal_with_a_clear_lead() -> dict:
    """A two-player Scopa match saved where its last deal starts, one player at 10 or more
    and five points ahead: resumed (the cards South has not seen dealt afresh, the later deals
    from a new secret seed) it ends within a deal or two."""
    for seed in range(1, 60):
        match, starts = greedy_match("scopa", seed, players=2)
        before = match.deals[-1]["totals"]
        before = [t - p for t, p in zip(before, match.deals[-1]["points"])]
        if max(before) >= 10 and abs(before[0] - before[1]) >= 5:
            record = match.record()
            record["actions"] = record["actions"][:starts[-1]]
            return record
    raise AssertionError("no such match among the first seeds")


def before_the_last_trick_of_deal_11() -> dict:
    """A Madrasso match saved before the last trick of its eleventh deal, where that trick
    cannot end the match (no team near 777, no cappotto in sight): resumed, the deal ends, so
    its deal-end panel shows, and the match goes on to the twelfth. (The resumed game deals
    the cards South has not seen afresh, so only what no redeal can change is relied on.)"""
    from engine.games import GAMES

    for seed in range(1, 60):
        match, starts = greedy_match("madrasso", seed)
        if len(starts) < 12:
            continue
        record = match.record()
        record["actions"] = record["actions"][:starts[11] - 4]
        game = GAMES["madrasso"].from_setup({k: v for k, v in record.items()
                                              if k not in ("game", "actions")})
        for action in record["actions"]:
            game.apply(action)
        if game.deal == 11 and max(game.running_totals()) + 54 < 777 and max(game.tricks_won) < 9:
            return record
    raise AssertionError("no such match among the first seeds")


def resume_and_finish(page: Page, site_url: str, game: str, record: dict, limit: int) -> str:
    """Resume the saved ``record`` and play to the end screen; the first deal-end panel's
    replay link."""
    import json

    saved = json.dumps({"v": 2, "record": record, "level": "random", "ack": None})
    open_with_storage(page, f"{site_url}{game}.html#play", {f"play.{game}": saved})
    page.locator(".play").scroll_into_view_if_needed()
    first_link = None
    for _ in range(limit):
        targets = f'{LIVE}, .play [data-deal-end]:not([hidden]), .play [data-end]:not([hidden])'
        page.locator(targets).first.wait_for(timeout=READY)
        if page.locator(".play [data-end]").is_visible():
            return first_link
        if page.locator(".play [data-deal-end]").is_visible():
            if first_link is None:
                first_link = page.locator(".play [data-deal-end] a[data-replay]").get_attribute("href")
            page.locator('.play [data-action="next-deal"]').click()
            continue
        page.locator(LIVE).first.click()
        choices = page.locator(".play [data-choices]")
        if choices.is_visible():  # a Scopa card that captures in more than one way
            choices.locator("button.choice").first.click()
    raise AssertionError(f"the {game} match did not end within {limit} presses")


def test_new_game_during_a_game_asks_before_abandoning_it(play, site_url):
    page, watch = play
    open_table(page, site_url, "madrasso", "seed=9&level=random")
    new_game(page)
    dealt = hand(page)
    button = page.locator('.play [data-action="new"]')
    confirm = page.locator(".play .play-confirm")
    button.click()
    expect(confirm).to_be_visible()
    expect(page.get_by_role("group", name="Abandon this game?")).to_be_visible()
    expect(confirm.get_by_role("button", name="No")).to_be_focused()
    confirm.get_by_role("button", name="No").click()
    expect(confirm).to_have_count(0)
    expect(button).to_be_focused()
    assert hand(page) == dealt                      # the game goes on, unchanged
    button.click()
    page.keyboard.press("Escape")                   # Escape is "No" too
    expect(confirm).to_have_count(0)
    assert hand(page) == dealt
    button.click()
    confirm.get_by_role("button", name="Yes").click()
    expect(confirm).to_have_count(0)
    for _ in range(MOVE // 250):                    # a new deal replaces the hand
        if hand(page) and hand(page) != dealt:
            break
        page.wait_for_timeout(250)
    assert hand(page) != dealt
    watch.check()


def test_madrasso_match_ends_with_the_rule_that_ended_it(play, site_url):
    page, watch = play
    record = before_the_last_trick_of_deal_11()
    link = resume_and_finish(page, site_url, "madrasso", record, limit=40)
    end = page.locator(".play [data-end]")
    expect(end.locator("h3")).to_have_text(re.compile(r"win the match"))
    result = end.locator("[data-result]").inner_text()
    assert re.search(r"won by (reaching 777 on trick \d+ of deal \d+|a cappotto)", result), result
    totals = numbers(result.split("Final totals:")[1])
    assert max(totals) >= 777 or "cappotto" in result
    expect(end.locator('a[href="madrasso.html#winning-the-match"]')).to_have_count(1)
    expect(page.locator(".play [data-progress]")).to_contain_text("Deal 12 of at most 12")
    # The deal-end panel of deal 11 links a replay of that deal alone: its cards and moves,
    # no seed, nothing of deal 12; played to its end, every hand is empty.
    assert link and link.startswith("replay.html#r=") and "&at=" not in link
    page.goto(site_url + link)
    position = page.locator(".play [data-position]")
    expect(position).to_have_text(re.compile(r"^Move 0 of 4[01]$"), timeout=READY)
    expect(page.locator(".play [data-progress]")).to_contain_text("Deal 11 of at most 12")
    length = numbers(position.inner_text())[1]
    assert page.locator(".play .seat img").count() == 40  # the hands and the turned-up card
    page.locator('.play [data-action="end"]').click()
    expect(position).to_have_text(f"Move {length} of {length}")
    expect(page.locator(".play .seat img")).to_have_count(0)
    expect(page.locator(".play [data-end]")).to_be_visible()
    watch.check()


def test_scopa_match_to_eleven_ends_with_the_last_breakdown(play, site_url):
    page, watch = play
    resume_and_finish(page, site_url, "scopa", scopa_last_deal_with_a_clear_lead(), limit=200)
    end = page.locator(".play [data-end]")
    expect(end.locator("h3")).to_have_text(re.compile(r"wins? the match"))
    totals = numbers(end.locator("[data-result]").inner_text().split(":")[1])
    assert max(totals) >= 11
    expect(end.locator("[data-breakdown]")).to_have_count(1)
    watch.check()
