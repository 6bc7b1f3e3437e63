"""The play tables as a visitor reads them, once a game is under way: every label readable
(axe's checks, contrast included, on the live table; the seat tags measured on their own), and
key hints only where there is a keyboard."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

# The play table's own helpers (test_play.py): open a page's table, start a game on it.
_table = importlib.util.spec_from_file_location("play_table", Path(__file__).with_name("test_play.py"))
play_table = importlib.util.module_from_spec(_table)
_table.loader.exec_module(play_table)
READY, LIVE = play_table.READY, play_table.LIVE

# The contrast of two CSS colours, by WCAG 2's relative luminance.
CONTRAST = """(el) => {
  const rgb = (c) => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map((v) => { v /= 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
    .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
  let back = el, bg = "rgba(0, 0, 0, 0)";
  while (back && /rgba\\(0, 0, 0, 0\\)|transparent/.test(bg)) {
    bg = getComputedStyle(back).backgroundColor; back = back.parentElement; }
  const [a, b] = [lum(rgb(getComputedStyle(el).color)), lum(rgb(bg))];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}"""


def start(page: Page, site_url: str, game: str) -> None:
    play_table.open_table(page, site_url, game, "seed=2&level=random")
    play_table.new_game(page)


@pytest.mark.parametrize("game", ["briscola", "scopa", "madrasso"])
def test_a_table_under_way_passes_axe_and_its_seat_tags_read_at_4_5_to_1(browser, site_url, watch, game):
    context = browser.new_context(reduced_motion="reduce", viewport={"width": 1280, "height": 800})
    page = context.new_page()
    watch(page)
    start(page, site_url, game)
    tags = page.locator(".play .seat-team")
    expect(tags.first).to_be_visible()
    ratios = {t.inner_text(): round(t.evaluate(CONTRAST), 2) for t in tags.all()}
    assert ratios and all(r >= 4.5 for r in ratios.values()), ratios
    results = Axe().run(page, context=".play")
    assert results.violations_count == 0, results.generate_report()
    context.close()


def test_key_hints_show_with_a_keyboard_and_not_on_a_touch_phone(browser, site_url, watch):
    desk = browser.new_context(viewport={"width": 1280, "height": 800})
    phone = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    for context, shown in ((desk, True), (phone, False)):
        page = context.new_page()
        watch(page)
        page.goto(site_url + "madrasso.html", wait_until="load")
        if shown:
            expect(page.locator(".demo-keys")).to_be_visible()
        displays = page.locator(".demo-keys, .play-keys").evaluate_all(
            "els => els.map(e => getComputedStyle(e).display)")
        assert len(displays) == 2 and (("none" not in displays) if shown else set(displays) == {"none"}), displays
        context.close()


def test_the_four_colour_choice_is_offered_at_every_table_and_applies_to_all(browser, site_url, watch):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    watch(page)
    page.goto(site_url + "madrasso.html")
    page.evaluate("localStorage.removeItem('cards.fourColour')")
    page.reload()
    toggles = page.get_by_label("Four-colour suits")
    for part in (".demo", ".practice", ".play"):
        page.locator(part).scroll_into_view_if_needed()  # the play table starts when near
        expect(page.locator(f"{part} [data-four-colour-toggle]")).to_be_visible()
    page.locator(".play [data-four-colour-toggle] input[type=checkbox]").check()
    assert all(box.is_checked() for box in toggles.all()) and toggles.count() == 3
    demo_card = page.locator(".demo img[data-card]").first
    expect(demo_card).to_have_attribute("src", re.compile(r"(^|/)cards4/"))
    context.close()


SOUTH = """() => {
  const box = (e) => e.getBoundingClientRect();
  const cards = [...document.querySelectorAll('.play .seat-south .hand-card')];
  const label = box(document.querySelector('.play .seat-south .seat-label'));
  return { label: [label.top, label.bottom],
           cards: cards.map((c, i) => ({ top: box(c).top, playable: c.classList.contains('is-playable'),
             // the part of the card that shows: up to where the next card begins
             shows: (i + 1 < cards.length ? box(cards[i + 1]).left : box(c).right) - box(c).left })) };
}"""


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["wide", "phone"])
def test_your_hand_is_one_row_below_its_label_with_playable_cards_wide_enough_to_tap(browser, site_url, watch, size):
    width, height = size
    context = browser.new_context(reduced_motion="reduce", viewport={"width": width, "height": height},
                                  has_touch=width < 500)
    page = context.new_page()
    watch(page)
    start(page, site_url, "madrasso")
    # Play on until South must follow a trick with only some of its cards (six or fewer).
    for _ in range(10):
        seen = page.evaluate(SOUTH)
        if 0 < sum(c["playable"] for c in seen["cards"]) <= 6:
            break
        count = len(seen["cards"])
        page.locator(LIVE).first.click()
        expect(page.locator(".play .seat-south .hand-card")).to_have_count(count - 1)
        page.locator(LIVE).first.wait_for(timeout=READY)
    tops = [c["top"] for c in seen["cards"]]
    assert max(tops) - min(tops) <= 8, f"the hand is not one row: {tops}"
    assert seen["label"][1] <= min(tops), f"a card covers the seat's label: {seen}"
    playable = [c["shows"] for c in seen["cards"] if c["playable"]]
    assert playable and len(playable) <= 6, seen
    assert min(playable) >= 44, f"a playable card shows less than 44 px: {playable}"
    context.close()
