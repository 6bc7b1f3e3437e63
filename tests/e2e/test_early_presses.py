"""No press is lost while a page starts (js/early.mjs, engine-client.mjs's
markPressesWhileStarting, js/practice-early.mjs).

On a slow phone the rules page is there before its scripts, and the scripts before the engine.
Here the demo's and the play table's scripts are held back (every entry module runs after
demo.mjs, the page's first), and so is the engine (the page's read of runtime.json, which the
worker waits for), while a visitor scrolls to the demo's Next, to the guided game's start, to
the play table's New game and to a practice position's card and presses each. Each says it is
getting ready meanwhile (aria-busy and the words beside its label, or the prompt for the card),
and each press is carried out once the scripts and the engine are there: the demo at move 2
(Next pressed, then its arrow key on the table), the guided game and the game dealt, the card
played and judged. At 1280x800 and 390x844, one engine start each. Without JavaScript none of
these buttons shows.
"""

from __future__ import annotations

import re
import threading
from pathlib import Path

import pytest
from playwright.sync_api import expect

READY = "Getting ready…"
SHOTS = Path("/tmp/early-shots")
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


class Held:
    """Requests whose URL matches, held until released (the visitor's slow network)."""

    def __init__(self, page, pattern: str):
        self.routes: list = []
        self.released = threading.Event()
        page.route(re.compile(pattern), self.hold)

    def hold(self, route):
        if self.released.is_set():
            route.continue_()
        else:
            self.routes.append(route)

    def release(self):
        self.released.set()
        for route in self.routes:
            route.continue_()
        self.routes.clear()


def arrived(page, pattern: str) -> None:
    """The page has fetched a file matching ``pattern`` (the Resource Timing entries; polled
    by evaluate: the page's CSP forbids wait_for_function's eval)."""
    for _ in range(100):
        if page.evaluate("(p) => performance.getEntriesByType('resource').some((e) => new RegExp(p).test(e.name))", pattern):
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"the page never fetched {pattern}")


def busy(locator):
    expect(locator).to_have_attribute("aria-busy", "true")
    expect(locator).to_have_attribute("data-busy-words", READY)


@pytest.mark.parametrize("size", SIZES)
def test_presses_before_the_scripts_and_the_engine_are_carried_out(browser, site_url, watch, size):
    context = browser.new_context(viewport=SIZES[size])
    page = context.new_page()
    watch(page)
    try:
        scripts = Held(page, r"/js/(demo|play)\.[0-9a-f]+\.mjs$")
        engine = Held(page, r"/runtime\.json$")
        page.goto(site_url + "briscola.html", wait_until="commit")

        # The demo's Next, before demo.mjs has come: kept, and it says so.
        demo = page.locator("[data-demo]")
        forward = demo.locator('[data-action="forward"]')
        expect(forward).to_be_visible()
        arrived(page, r"/js/early\.")  # the first script of the page, tiny: it comes before any press
        forward.click()
        busy(forward)
        # And the arrow key on the demo's table (Next's key): kept as a second press of Next.
        demo.locator("[data-table]").focus()
        page.keyboard.press("ArrowRight")
        expect(demo.locator("[data-position]")).to_have_text(re.compile(r"^Move 0 of \d+$"))

        # The guided game's start, before its script has come.
        guided = page.locator("[data-guided]")
        start = guided.locator('[data-action="new"]')
        start.click()
        busy(start)

        # Play a game: New game pressed before play.mjs has come.
        play = page.locator("[data-play]")
        new_game = play.locator('[data-action="new"]')
        new_game.click()
        busy(new_game)
        page.screenshot(path=str(SHOTS / f"early-{size}.png"))

        # The scripts come (every entry module waited for demo.mjs, the first in the page's
        # order); the engine still does not: the presses wait, still saying so.
        scripts.release()
        expect(demo).to_have_class(re.compile(r"\bis-live\b"))
        expect(play).to_have_class(re.compile(r"\bis-live\b"))
        busy(forward)
        busy(start)
        busy(new_game)
        expect(demo.locator("[data-position]")).to_have_text(re.compile(r"^Move 0 of \d+$"))

        # A practice position's card, while the engine is not there: kept, and said.
        practice = page.locator(".practice-position:not([hidden])")
        card = practice.locator('.practice-static .seat[data-seat="0"] [data-hand] img[data-card="2S"]')
        card.click()
        prompt = practice.locator(".practice-prompt")
        expect(prompt).to_have_text(re.compile(r"played as soon as the table is set up\.$"))
        expect(practice.locator(".practice-static .card-table")).to_have_attribute("aria-busy", "true")
        page.screenshot(path=str(SHOTS / f"early-{size}-practice.png"))

        # The engine comes: every press is carried out, and the buttons are plain again.
        engine.release()
        expect(demo.locator("[data-position]")).to_have_text(re.compile(r"^Move 2 of \d+$"), timeout=90_000)
        expect(forward).not_to_have_attribute("aria-busy", "true")
        expect(practice.locator(".practice-feedback")).not_to_be_empty(timeout=30_000)
        expect(practice.locator('.practice-live .trick-card[data-card="2S"], .practice-live [data-centre] [data-card="2S"]').first).to_be_visible()
        expect(play.locator(".hand.is-yours .card-button").first).to_be_visible(timeout=30_000)
        expect(new_game).not_to_have_attribute("aria-busy", "true")
        expect(guided.locator(".seat-south button.card-button").first).to_be_visible(timeout=30_000)
        expect(start).not_to_have_attribute("aria-busy", "true")
        expect(practice.locator(".practice-static .card-table")).not_to_have_attribute("aria-busy", "true")
    finally:
        context.close()


def test_without_javascript_no_button_of_a_table_shows(browser, site_url):
    context = browser.new_context(java_script_enabled=False, viewport=SIZES["phone"])
    page = context.new_page()
    try:
        page.goto(site_url + "briscola.html")
        for component in ("[data-demo]", "[data-practice]", "[data-guided]", "[data-play]"):
            expect(page.locator(component)).to_have_count(1)
            expect(page.locator(f"{component} button:visible")).to_have_count(0)
    finally:
        context.close()
