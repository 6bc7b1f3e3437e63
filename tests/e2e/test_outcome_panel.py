"""A deal's end and the game's end, at 1280x800 and on a 390x844 phone: the outcome panel (its
title, lines, review and the button that moves on) shows over the finished table, whose last
trick stays in view with it on one screen; the panel is a dialog named by its title, holds the
keyboard's focus (Tab stays in it), and the next deal is dealt only when the visitor moves on
(Next deal, or Escape).

Each test resumes a saved game just before the end (a match played by greedy computers on
CPython, as tests/e2e/test_play.py does), so one or two presses reach it."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

_table = importlib.util.spec_from_file_location("play_table", Path(__file__).with_name("test_play.py"))
play_table = importlib.util.module_from_spec(_table)
_table.loader.exec_module(play_table)
READY, LIVE = play_table.READY, play_table.LIVE
# The geometry tests' pages (test_layout.py): a wide screen, a phone with touch.
_layout = importlib.util.spec_from_file_location("layout_checks", Path(__file__).with_name("test_layout.py"))
layout = importlib.util.module_from_spec(_layout)
_layout.loader.exec_module(layout)
SIZES, IDS, new_page = layout.SIZES, layout.IDS, layout.new_page
TRICK = ".play [data-centre] li[data-card]"
PANEL = {"deal": ".play [data-deal-end]", "game": ".play [data-end]"}

RECT = "(e) => { const b = e.getBoundingClientRect(); return {left: b.left, top: b.top, right: b.right, bottom: b.bottom}; }"


def saved_before_the_end(game: str, seed: int, cut: int) -> dict:
    """A game of greedy computers, saved ``cut`` moves before the end of its first deal."""
    from engine.bots import make_bot
    from engine.games import GAMES

    match = GAMES[game].new(seed)
    bots = [make_bot(game, "greedy", s) for s in range(match.num_players)]
    deal = match.observation(0).get("deal")
    while not match.is_over() and match.observation(0).get("deal") == deal:
        seat = match.current_player()
        match.apply(bots[seat].choose(match, seat))
    record = match.record()
    record["actions"] = record["actions"][:len(record["actions"]) - cut]
    return record


def play_to(page: Page, site_url: str, game: str, record: dict, panel: str) -> None:
    saved = json.dumps({"v": 2, "record": record, "level": "random", "ack": None})
    play_table.open_with_storage(page, f"{site_url}{game}.html#play", {f"play.{game}": saved})
    page.locator(".play").scroll_into_view_if_needed()
    for _ in range(8):
        page.locator(f"{LIVE}, {panel}:not([hidden])").first.wait_for(timeout=READY)
        if page.locator(panel).is_visible():
            return
        page.locator(LIVE).first.click()
    raise AssertionError(f"no {panel} within 8 presses")


def on_screen(page: Page, selector: str) -> list[dict]:
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    rects = page.locator(selector).evaluate_all(f"(els) => els.map({RECT})")
    assert rects, f"{selector} is not on the page"
    for r in rects:
        assert r["top"] >= -1 and r["left"] >= -1 and r["bottom"] <= height + 1 and r["right"] <= width + 1, \
            f"{selector} is not inside the {width}x{height} screen: {r}"
    return rects


def check_panel(page: Page, panel: str, title: str, button: str) -> None:
    """The panel and its button on screen with the finished trick; beside the board on a wide
    screen; a dialog named by its title, holding the focus."""
    box = page.locator(panel)
    expect(box).to_have_attribute("role", "dialog")
    expect(page.get_by_role("dialog", name=title)).to_be_visible()
    expect(box).to_be_focused()
    on_screen(page, TRICK)
    [panel_rect] = on_screen(page, panel)
    on_screen(page, f"{panel} {button}")
    [board] = page.locator(".play [data-table]").evaluate_all(f"(els) => els.map({RECT})")
    if page.viewport_size["width"] >= 1024:
        assert panel_rect["left"] >= board["right"] - 1, f"the panel is not beside the board: {panel_rect} {board}"
    # Tab goes round the panel's links and buttons, never out of it.
    for _ in range(8):
        page.keyboard.press("Tab")
        assert page.evaluate(f"document.querySelector('{panel}').contains(document.activeElement)"), \
            "Tab left the outcome panel"


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_a_deals_review_shows_over_its_finished_table_until_the_visitor_moves_on(browser, site_url, watch, size):
    page = new_page(browser, watch, size)
    play_to(page, site_url, "madrasso", saved_before_the_end("madrasso", 3, 4), PANEL["deal"])
    expect(page.locator(TRICK)).to_have_count(4)  # the deal's last trick, still on the table
    check_panel(page, PANEL["deal"], "Deal 1 is over", '[data-action="next-deal"]')
    expect(page.locator(PANEL["deal"])).to_contain_text("Review this deal")
    results = Axe().run(page, context=".play")  # the panel over the table reads as well as the table
    assert results.violations_count == 0, results.generate_report()
    # The next deal waits for the visitor: its cards stay out of sight, the panel stays up.
    page.wait_for_timeout(1500)
    expect(page.locator(PANEL["deal"])).to_be_visible()
    expect(page.locator(".play .seat-south .hand-card").first).to_be_hidden()
    page.keyboard.press("Escape")  # as Next deal does
    expect(page.locator(PANEL["deal"])).to_be_hidden()
    expect(page.locator(".play .seat-south .hand-card")).to_have_count(10)
    expect(page.locator(".play .seat-south .hand-card").first).to_be_visible()
    page.context.close()


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_the_games_end_shows_over_its_last_trick(browser, site_url, watch, size):
    page = new_page(browser, watch, size)
    play_to(page, site_url, "briscola", saved_before_the_end("briscola", 5, 2), PANEL["game"])
    check_panel(page, PANEL["game"], page.locator(f"{PANEL['game']} h3").inner_text(), '[data-action="again"]')
    page.keyboard.press("Escape")  # the panel goes, the finished table stays; on to New game
    expect(page.locator(PANEL["game"])).to_be_hidden()
    expect(page.locator(TRICK).first).to_be_visible()
    expect(page.locator('.play [data-action="new"]')).to_be_focused()
    page.context.close()
