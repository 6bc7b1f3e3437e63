"""The card pictures of a rules page: only the way in at the top is fetched at once; every other
card (the demo's whole deal, practice, the transcript) is lazy, so the browser asks for the
page's styles and scripts first and for those pictures as the visitor comes near them. And
lazy costs the visitor nothing: on a phone, the demo's cards (forty in Madrasso) are all drawn
once it is on screen. (Lighthouse's mobile run, in the runs whose first paint comes late: 2.4 s
of simulated paint time with the demo's cards lazy, 2.7-2.8 s without; its score 97 against
94.)"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

PHONE = {"width": 412, "height": 823}  # Lighthouse's mobile screen

# The card pictures not marked lazy, outside the way in at the top (.start).
EAGER = """() => [...document.querySelectorAll('img.card')]
  .filter((img) => img.loading !== 'lazy' && !img.closest('.start')).map((img) => img.outerHTML.slice(0, 90))"""
# The demo's cards, each drawn (loaded, with its picture's size).
DRAWN = """() => [...document.querySelectorAll('.demo [data-table] img.card')]
  .map((img) => img.complete && img.naturalWidth > 0)"""


@pytest.mark.parametrize("game", ["madrasso", "briscola", "scopa"])
def test_only_the_first_screens_cards_are_fetched_at_once_and_the_demos_are_drawn_when_near(
        browser, site_url, game):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.route("**/js/**", lambda route: route.abort())  # the page as built, before any script
    page.goto(f"{site_url}{game}.html", wait_until="load")
    assert page.evaluate(EAGER) == []
    page.unroute("**/js/**")
    page.goto(f"{site_url}{game}.html", wait_until="load")
    page.locator(".demo [data-table]").scroll_into_view_if_needed()
    expect(page.locator(".demo [data-table] img.card").first).to_be_visible()
    page.wait_for_function(f"() => ({DRAWN})().length >= 6 && ({DRAWN})().every(Boolean)", timeout=15_000)
    context.close()
