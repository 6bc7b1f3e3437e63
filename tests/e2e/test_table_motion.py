"""Cause and effect on the table (js/table-view.mjs), in real Chromium with the real engine: a
played card travels from its hand into the trick, the card taking the trick is marked (and
said) before the trick goes to the winner's side, a Scopa capture shows the card played and
the cards taken together before they leave, the last trick can be looked at again, and under
reduced motion the marks stay while nothing travels. The demos step deterministically; the
travel is made long (<html data-travel-ms>) so that a test sees it under way."""

from __future__ import annotations

from playwright.sync_api import Page, expect

READY = 90_000  # ms: Pyodide's first start on a busy machine
SLOW_TRAVEL = "4000"


def open_demo(page: Page, site_url: str, game: str) -> None:
    page.goto(site_url + f"{game}.html")
    page.evaluate(f"document.documentElement.dataset.travelMs = '{SLOW_TRAVEL}'")
    page.locator(".demo").scroll_into_view_if_needed()


def step(page: Page, index: int) -> None:
    page.locator('.demo [data-action="forward"]').click()
    expect(page.locator(".demo [data-position]")).to_contain_text(
        f"Move {index} of", timeout=READY if index == 1 else 15_000)


def travelling(locator) -> int:
    return locator.evaluate("e => e.getAnimations().length")


def step_until(page: Page, selector: str, start: int, most: int = 12) -> int:
    """Step the demo until ``selector`` is on the table; the move it stands at."""
    for index in range(start, start + most):
        step(page, index)
        if page.locator(selector).count():
            return index
    raise AssertionError(f"{selector} never showed in {most} moves")


def test_a_card_travels_into_the_trick_and_the_winner_is_marked_before_it_leaves(site_page: Page, site_url: str):
    page = site_page
    open_demo(page, site_url, "madrasso")
    step(page, 1)
    card = page.locator(".demo [data-trick] .trick-card").last
    expect(card).to_have_attribute("data-travel", "from-hand")
    assert travelling(card) == 1                      # on its way from the hand
    assert card.evaluate("e => e.closest('[data-trick]') !== null")  # and it lands in the trick
    done = step_until(page, ".demo [data-trick].is-complete", 2)
    # The trick is complete: every card still on the table, the one that took it marked and said.
    expect(page.locator(".demo [data-trick] .trick-card")).to_have_count(4)
    winner = page.locator(".demo [data-trick] .trick-card.is-winner")
    expect(winner).to_have_count(1)
    expect(page.locator(".demo [data-centre-words]")).to_contain_text("wins the trick")
    taker = page.locator(".demo [data-centre-words]").inner_text().split(" wins")[0]
    # The next card: the finished trick goes to the winner's side, and can be looked at again.
    step(page, done + 1)
    leaving = page.locator(".demo [data-table] > .is-leaving")
    expect(leaving).to_have_count(4)
    assert travelling(leaving.first) == 1
    review = page.locator(".demo [data-review]")
    expect(review).to_be_visible()
    review.locator("summary").click()
    expect(review.locator(".review-card")).to_have_count(4)
    expect(review.locator(".review-card.is-winner")).to_have_count(1)
    expect(review.locator(".review-words")).to_contain_text(f"{taker} took it")


def test_a_scopa_capture_is_shown_with_its_card_before_the_cards_leave(site_page: Page, site_url: str):
    page = site_page
    open_demo(page, site_url, "scopa")
    index = step_until(page, ".demo [data-floor] .is-captured", 1, 20)
    played = page.locator(".demo [data-floor] .floor-card.is-played")
    expect(played).to_have_count(1)
    taken = page.locator(".demo [data-floor] .floor-card.is-captured img").evaluate_all(
        "els => els.map(e => e.dataset.card)")
    assert taken
    expect(page.locator(".demo [data-centre-words]")).to_contain_text(" takes the ")
    step(page, index + 1)
    on_table = page.locator(".demo [data-floor] img").evaluate_all("els => els.map(e => e.dataset.card)")
    assert not set(taken) & set(on_table)              # they have left the table
    expect(page.locator(".demo [data-table] > .is-leaving")).to_have_count(len(taken) + 1)
    expect(page.locator(".demo [data-review] summary")).to_contain_text("The last capture")


def test_under_reduced_motion_the_marks_stay_and_nothing_travels(site_page: Page, site_url: str):
    page = site_page
    page.emulate_media(reduced_motion="reduce")
    open_demo(page, site_url, "madrasso")
    done = step_until(page, ".demo [data-trick].is-complete", 1)
    expect(page.locator(".demo [data-trick] .trick-card.is-winner")).to_have_count(1)
    cards = page.locator(".demo [data-trick] .trick-card")
    assert cards.evaluate_all("els => els.every(e => e.getAnimations().length === 0)")
    step(page, done + 1)
    expect(page.locator(".demo [data-table] > .is-leaving")).to_have_count(0)
    expect(page.locator(".demo [data-review]")).to_be_visible()
