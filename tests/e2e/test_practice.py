"""Practice positions in real Chromium: the engine worker judges every card the visitor picks.

One page is shared by the tests of this module (Pyodide starts once per page load), so the
tests run in file order: the seed's trick, every position of every game, then progress kept
across a reload.
"""

from __future__ import annotations

import re
from urllib.parse import urljoin

import pytest
from playwright.sync_api import Page, expect

READY = 90_000  # ms: Pyodide's first start on a busy machine
STEP = 20_000   # ms: one answer and the scripted cards after it


@pytest.fixture(scope="module")
def shared_page(browser, site_url):
    # Reduced motion: the scripted cards follow each other without the pauses meant for reading.
    context = browser.new_context(viewport={"width": 1100, "height": 900}, reduced_motion="reduce")
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def page(shared_page, watch) -> Page:
    watch(shared_page)
    return shared_page


def open_game(page: Page, site_url: str, game: str) -> dict:
    if not page.url.startswith(site_url + f"{game}.html"):
        page.goto(site_url + f"{game}.html#practice")
    root = page.locator(f"#practice-{game}")
    root.scroll_into_view_if_needed()
    expect(root.locator(".practice-menu")).to_be_visible()
    src = root.locator(".practice-data").get_attribute("data-src")
    return page.request.get(urljoin(page.url, src)).json()


def section(page: Page, position_id: str):
    return page.locator(f"#practice-{position_id}")


def go(page: Page, game: str, position_id: str):
    page.locator(f'#practice-{game} .practice-go[data-go="{position_id}"]').click()
    box = section(page, position_id)
    expect(box).to_be_visible()
    expect(box.locator(".practice-prompt")).to_contain_text("Your turn", timeout=READY)
    return box


def rights(box) -> int:
    return box.locator(".practice-log .practice-move.is-right").count()


def wait_after_answer(box, done_before: int) -> None:
    expect(box.locator(".practice-log .practice-move.is-right")).to_have_count(done_before + 1, timeout=STEP)
    expect(box.locator(".practice-prompt")).to_have_text(
        re.compile(r"Your turn|Position complete"), timeout=STEP)


def answer(box, game: str, action: str) -> None:
    """Play one answer through the UI, as the visitor would (Scopa: card, then capture)."""
    before = rights(box)
    if action == "swap":
        box.locator(".practice-swap-button").click()
    elif game == "scopa":
        card = action.split(" ")[0]
        box.locator(f'.card-button[data-card="{card}"]').click()
        choice = box.locator(f'.practice-capture[data-action="{action}"]')
        if box.locator(".practice-choices").is_visible():
            choice.click()
    else:
        box.locator(f'.card-button[data-card="{action}"]').click()
    wait_after_answer(box, before)


def table_state(box) -> str:
    """The table as the game left it: a verdict's light on a card (the answer judged) is not
    a change of the table."""
    return box.locator(".practice-table").evaluate("""t => {
      const copy = t.cloneNode(true);
      for (const node of copy.querySelectorAll('.is-lit')) {
        node.classList.remove('is-lit');
        node.removeAttribute('data-verdict');
        node.removeAttribute('data-verdict-sign');
      }
      return copy.innerHTML;
    }""")


def test_the_seed_trick(page: Page, site_url: str):
    open_game(page, site_url, "madrasso")
    box = go(page, "madrasso", "madrasso-01-the-trick")
    expect(box.locator(".practice-prompt")).to_have_text("Your turn, playing South: choose a card.")
    trick = box.locator(".practice-live .trick .trick-card img")
    expect(trick).to_have_count(2)
    expect(trick.nth(0)).to_have_attribute("alt", "king of clubs")
    expect(trick.nth(1)).to_have_attribute("alt", "seven of clubs")
    expect(box.locator(".practice-live [data-trump]")).to_have_text("Trump: \u2665 hearts")

    # A legal card that is not the answer: feedback, a retry, and nothing changes.
    before = table_state(box)
    box.locator('.card-button[data-card="4S"]').click()
    feedback = box.locator(".practice-feedback")
    expect(feedback).to_have_attribute("data-kind", "retry")
    expect(feedback).to_contain_text("Not this one")
    expect(feedback).to_contain_text("a discard can never win the trick")
    expect(feedback).to_contain_text("Try again.")
    assert table_state(box) == before
    expect(box.locator(".seat-south .card-button")).to_have_count(10)

    # The five of hearts: right, and East (also the visitor's) is next.
    box.locator('.card-button[data-card="5H"]').click()
    wait_after_answer(box, 0)
    expect(feedback).to_have_attribute("data-kind", "right")
    expect(box.locator(".practice-prompt")).to_have_text("Your turn, playing East: choose a card.")

    # An illegal card, chosen with the keyboard: the engine's rule, and nothing changes.
    ace_of_diamonds = box.locator('.practice-live .seat[data-seat="1"] .card-button[data-card="AD"]')
    expect(ace_of_diamonds).to_have_attribute("aria-disabled", "true")
    before = table_state(box)
    ace_of_diamonds.focus()
    page.keyboard.press("Enter")
    expect(feedback).to_have_attribute("data-kind", "illegal")
    expect(feedback.locator(".practice-illegal")).to_have_text(
        "You cannot play the ace of diamonds (must follow suit: clubs was led and you hold clubs).")
    expect(feedback).to_contain_text("Nothing was played; choose another card.")
    expect(feedback.locator("a")).to_have_attribute("href", "madrasso.html#playing-a-trick")
    assert table_state(box) == before
    expect(box.locator('.practice-live .seat[data-seat="1"] .card-button')).to_have_count(10)
    expect(box.locator(".practice-live .trick .trick-card")).to_have_count(3)

    # The ace of clubs, East's only club, from the keyboard: the trick is over.
    ace_of_clubs = box.locator('.practice-live .seat[data-seat="1"] .card-button[data-card="AC"]')
    expect(ace_of_clubs).to_have_attribute("aria-disabled", "false")
    ace_of_clubs.focus()
    page.keyboard.press("Enter")
    expect(box.locator(".practice-end")).to_be_visible(timeout=STEP)
    expect(box.locator(".practice-live .trick-card.is-winner img")).to_have_attribute("alt", "five of hearts")
    expect(box.locator(".practice-log")).to_contain_text(
        "South wins the trick: 4 + 0 + 0 + 11 = 15 points to North and South.")
    north_south = box.locator(".practice-score tbody tr").nth(0)
    expect(north_south.locator("th")).to_have_text("North and South")
    expect(north_south.locator("td")).to_have_text(["1", "15", "15"])   # tricks, this deal, the match
    expect(box.locator(".practice-end")).to_contain_text("15 points")
    expect(box.locator(".practice-end-title")).to_be_focused()
    expect(page.locator('.practice-go[data-go="madrasso-01-the-trick"]')).to_contain_text("(done)")


def test_cards_drawn_by_the_practice_follow_the_four_colour_choice(page: Page, site_url: str):
    page.goto(site_url + "madrasso.html")
    page.evaluate("localStorage.setItem('cards.fourColour', '1')")
    page.reload()                              # the choice is read as the page loads
    try:
        open_game(page, site_url, "madrasso")
        box = go(page, "madrasso", "madrasso-01-the-trick")
        king = box.locator(".practice-live .trick .trick-card img").nth(0)
        expect(king).to_have_attribute("alt", "king of clubs")
        expect(king).to_have_attribute("src", "cards4/KC.svg")
        expect(box.locator('.card-button[data-card="4S"] img')).to_have_attribute("src", "cards4/4S.svg")
    finally:
        page.evaluate("localStorage.removeItem('cards.fourColour')")


def test_the_swap_is_offered_only_when_it_is_allowed(page: Page, site_url: str):
    open_game(page, site_url, "madrasso")
    # The dealer holding the seven, and a seven against a turned-up four: the visitor's turn
    # comes with no swap offered (the position's closing says why).
    for position in ("madrasso-07-no-swap-for-the-dealer", "madrasso-08-no-swap-for-a-low-card"):
        box = go(page, "madrasso", position)
        expect(box.locator(".practice-swap-button")).to_have_count(0)
    box = go(page, "madrasso", "madrasso-06-swap-the-seven")
    expect(box.locator(".practice-swap-button")).to_be_visible()
    answer(box, "madrasso", "swap")
    expect(box.locator(".practice-live [data-turned]").filter(has_text="swap")).to_contain_text(
        "from your swap")
    expect(box.locator('.seat-south .card-button[data-card="KH"]')).to_have_count(1)
    expect(box.locator(".practice-swap-button")).to_have_count(0)


def complete_every_position(page: Page, site_url: str, game: str) -> None:
    data = open_game(page, site_url, game)
    for position in data["positions"]:
        box = go(page, game, position["id"])
        for step in position["steps"]:
            if step["visitor"]:
                answer(box, game, step["answers"][0])
        expect(box.locator(".practice-end")).to_be_visible(timeout=STEP)
        expect(box.locator(".practice-prompt")).to_have_text("Position complete.")
        moves = box.locator(".practice-log .practice-move:not(.is-trick)")
        expect(moves).to_have_count(len(position["steps"]))
        expect(page.locator(f'.practice-go[data-go="{position["id"]}"]')).to_contain_text("(done)")
    total = len(data["positions"])
    expect(page.locator(f"#practice-{game} .practice-progress")).to_have_text(f"{total} of {total} done.")


def test_every_madrasso_position_can_be_completed(page: Page, site_url: str):
    complete_every_position(page, site_url, "madrasso")


def test_every_briscola_position_can_be_completed(page: Page, site_url: str):
    complete_every_position(page, site_url, "briscola")


def test_progress_survives_a_reload_and_resets(page: Page, site_url: str):
    """After the Briscola positions are done: the marks come back after a reload (before the
    engine is even ready), and a reset position stays reset."""
    data = open_game(page, site_url, "briscola")
    first = data["positions"][0]["id"]
    page.reload()
    for position in data["positions"]:
        expect(page.locator(f'.practice-go[data-go="{position["id"]}"]')).to_contain_text("(done)")
    total = len(data["positions"])
    expect(page.locator("#practice-briscola .practice-progress")).to_have_text(f"{total} of {total} done.")
    menu = page.locator(f'.practice-go[data-go="{first}"]')
    box = section(page, first)
    menu.click()
    box.locator(".practice-reset").click()
    expect(menu).not_to_contain_text("(done)")
    expect(box.locator(".practice-reset")).to_be_focused()
    page.reload()
    expect(page.locator(f'.practice-go[data-go="{first}"]')).not_to_contain_text("(done)")
    expect(page.locator("#practice-briscola .practice-progress")).to_have_text(f"{total - 1} of {total} done.")


def test_every_scopa_position_can_be_completed(page: Page, site_url: str):
    complete_every_position(page, site_url, "scopa")


def test_scopa_offers_the_capture_choices(page: Page, site_url: str):
    open_game(page, site_url, "scopa")
    box = go(page, "scopa", "scopa-01-the-settebello")
    box.locator('.card-button[data-card="7S"]').click()
    choices = box.locator(".practice-choices .practice-capture")
    expect(choices).to_have_count(2)  # a seven takes a seven: 2 + 5 is not offered
    expect(choices.nth(0)).to_be_focused()
    labels = sorted(choices.all_inner_texts())
    assert labels == ["Take the seven of clubs", "Take the seven of diamonds"]
    # The same question as the play table's, in the engine's words (engine/scopa_table.py).
    expect(box.locator(".practice-choices-label")).to_have_text(
        "The seven of spades can capture in 2 ways. What does it take?")
    before = table_state(box)
    box.locator('.practice-capture[data-action="7S x 7C"]').click()
    expect(box.locator(".practice-feedback")).to_contain_text("settebello")
    expect(box.locator(".practice-feedback")).to_have_attribute("data-kind", "retry")
    assert table_state(box) == before
    box.locator('.card-button[data-card="7S"]').click()
    box.locator('.practice-capture[data-action="7S x 7D"]').click()
    expect(box.locator(".practice-end")).to_be_visible(timeout=STEP)
    # The capture stays in sight, marked, beside the three cards left on the table.
    floor = box.locator(".practice-live [data-floor]")
    expect(floor.locator(".floor-card:not([data-mark]) img")).to_have_count(3)
    expect(floor.locator(".floor-card.is-captured img")).to_have_attribute("alt", "seven of diamonds")
    expect(floor.locator(".floor-card.is-played img")).to_have_attribute("alt", "seven of spades")
    expect(box.locator(".practice-log .practice-move-head").last).to_have_text(
        "South plays the seven of spades, taking the seven of diamonds.")


def test_without_the_engine_the_written_positions_stay(browser, site_url: str, watch):
    """If the engine cannot load, the status says so and each position still reads as text."""
    # No service worker: its own fetches (the runtime, once it controls the page) are not
    # seen by page.route, and this test is about the engine failing, not about offline.
    context = browser.new_context(reduced_motion="reduce", service_workers="block")
    try:
        fresh = context.new_page()
        w = watch(fresh)
        w.allow(r"pyodide\.asm\.wasm")
        fresh.route("**/pyodide.asm.wasm", lambda route: route.abort())
        fresh.goto(site_url + "briscola.html#practice")
        root = fresh.locator("#practice-briscola")
        root.scroll_into_view_if_needed()
        expect(root.locator(".engine-status")).to_contain_text("could not load", timeout=READY)
        expect(root.locator(".engine-retry")).to_be_visible()
        shown = root.locator(".practice-position:not([hidden])")
        expect(shown).to_have_count(1)
        expect(shown.locator(".practice-static")).to_be_visible()
        expect(shown.locator(".practice-static img.card").first).to_be_visible()
        expect(shown.locator(".practice-table")).to_be_hidden()
    finally:
        context.close()


def test_the_score_beside_the_table_fits_its_column_at_1280(browser, site_url, watch):
    """Scopa's four-column score in the words column beside the table: it fits (before, it
    overflowed into a scrolling box a keyboard could not reach, axe's scrollable-region-focusable)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    page = context.new_page()
    watch(page)
    try:
        positions = open_game(page, site_url, "scopa")["positions"]
        go(page, "scopa", positions[0]["id"])
        score = page.locator("#practice-scopa .practice-score")
        expect(score.locator("table")).to_be_visible()
        widths = score.evaluate("(box) => [box.scrollWidth, box.clientWidth]")
        assert widths[0] <= widths[1], widths
        assert score.evaluate("(box) => box.getBoundingClientRect().width") <= 330
    finally:
        context.close()
