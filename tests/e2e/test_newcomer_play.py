"""Playing against the computer as a newcomer arrives (issue 27): a new Scopa deal is on the
table before the visitor's hand is live, and the first press plays; the end of a deal opens a
full view of its review with nothing lying over anything; pressing New game where it sits
frames the whole table with the latest words; the hint lights its card; no list marker or tag
strays; Tab alone reaches New game from the top of each game page.

The visitor arrives as a person does: the page is opened at its top, scrolled with the mouse
wheel (or the touch screen's swipe, on the phone) until the button is in view, and the button
pressed; the test never scrolls the stage into place itself. Screenshots of each view go to
``$SHOTS`` (a folder) when it is set, to be looked at."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from engine.bots import make_bot
from engine.games import GAMES

READY = 120_000   # ms: Pyodide's first start on a busy machine
MOVE = 30_000     # ms: the computer players' answers
SIZES = [(1280, 800), (390, 844)]
IDS = ["wide", "phone"]

HAND = ".play .seat-south button.card-button"
LIVE = f'{HAND}[aria-disabled="false"]'
DEAL_END = ".play [data-deal-end]"
END = ".play [data-end]"
SHOTS = os.environ.get("SHOTS")


def shot(page: Page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        width = page.viewport_size["width"]
        page.screenshot(path=str(Path(SHOTS) / f"{name}-{width}.png"))


def new_page(browser, watch, size, reduced: bool = True) -> Page:
    width, height = size
    phone = width < 500
    context = browser.new_context(viewport={"width": width, "height": height},
                                  reduced_motion="reduce" if reduced else "no-preference",
                                  has_touch=phone, is_mobile=phone)
    page = context.new_page()
    watch(page)
    return page


def open_saved(page: Page, url: str, items: dict[str, str]) -> None:
    """Set the site's storage from a page with no table (conftest.open_with_storage), then open
    ``url`` at its top."""
    base = url[:url.index("/sub/") + len("/sub/")]
    page.goto(base + "404.html")
    page.evaluate("(items) => { localStorage.clear(); for (const [k, v] of Object.entries(items))"
                  " localStorage.setItem(k, v); }", items)
    page.goto(url)


def wheel_to(page: Page, selector: str) -> None:
    """Scroll as a visitor does (the mouse wheel, a notch at a time) until ``selector`` is
    wholly on screen, no further."""
    height = page.viewport_size["height"]
    page.mouse.move(page.viewport_size["width"] / 2, height / 2)
    for _ in range(60):
        box = page.locator(selector).first.bounding_box()
        if box and 0 <= box["y"] and box["y"] + box["height"] <= height:
            return
        page.mouse.wheel(0, 120 if not box or box["y"] > 0 else -120)
        page.wait_for_timeout(40)
    raise AssertionError(f"{selector} never came into view by scrolling")


# ---- the geometry a visitor sees ------------------------------------------------------------------

RECTS = """(parts) => Object.fromEntries(Object.entries(parts).map(([name, selector]) => {
  const boxes = [...document.querySelectorAll(selector)].map((e) => e.getBoundingClientRect())
    .filter((b) => b.width > 0 && b.height > 0);
  if (!boxes.length) return [name, null];
  return [name, { left: Math.min(...boxes.map((b) => b.left)), top: Math.min(...boxes.map((b) => b.top)),
                  right: Math.max(...boxes.map((b) => b.right)), bottom: Math.max(...boxes.map((b) => b.bottom)) }];
}))"""


def in_view(page: Page, parts: dict[str, str], where: str) -> None:
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    rects = page.evaluate(RECTS, parts)
    for name, r in rects.items():
        assert r is not None, f"{where}: {name} ({parts[name]}) is not shown"
        assert r["top"] >= -1 and r["left"] >= -1 and r["bottom"] <= height + 1 and r["right"] <= width + 1, \
            f"{where}: {name} is not inside the {width}x{height} screen: {r} (all: {rects})"


# Elements of `selector` whose boxes overlap where one is not inside the other: the text, the
# buttons, the tables and pictures of a view, each against every other.
OVERLAPS = """(selector) => {
  const parts = [...document.querySelectorAll(selector)].filter((e) => e.getClientRects().length
    && getComputedStyle(e).visibility !== "hidden");
  const box = (e) => e.getBoundingClientRect();
  const out = [];
  for (let i = 0; i < parts.length; i++) for (let j = i + 1; j < parts.length; j++) {
    const [a, b] = [parts[i], parts[j]];
    if (a.contains(b) || b.contains(a)) continue;
    const [p, q] = [box(a), box(b)];
    const w = Math.min(p.right, q.right) - Math.max(p.left, q.left);
    const h = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
    if (w > 1 && h > 1) out.push(`${a.tagName} "${a.textContent.trim().slice(0, 30)}" / ${b.tagName} "${b.textContent.trim().slice(0, 30)}"`);
  }
  return out;
}"""


# ---- a new deal -------------------------------------------------------------------------------------

def scopa_deal_led_by_south() -> dict:
    """A two-player Scopa match of greedy players, saved before South's last card of its first
    deal, where South leads the second deal."""
    for seed in range(100):
        match = GAMES["scopa"].new(seed)
        bots = [make_bot("scopa", "greedy", s) for s in range(2)]
        movers = []
        while match.observation(0).get("deal") == 1:
            seat = match.current_player()
            movers.append(seat)
            match.apply(bots[seat].choose(match, seat))
        if match.current_player() == 0 and movers[-1] == 0:
            record = match.record()
            record["actions"] = record["actions"][:-1]
            return record
    pytest.fail("no seed gives a second deal led by South")


FIRST_LIVE = """() => { window.firstLive = new Promise((resolve) => {
  // The moment the first of South's cards becomes playable: what the table shows then.
  const root = document.querySelector(".play");
  const look = () => {
    const live = root.querySelector('.seat-south button.card-button[aria-disabled="false"]');
    if (!live || getComputedStyle(live).visibility === "hidden") return false;
    const floor = root.querySelector("[data-centre]");
    resolve({ cards: [...floor.querySelectorAll("li[data-card]")].map((li) => li.dataset.card),
              label: root.querySelector("[data-floor-label]").textContent,
              between: root.querySelector("[data-table]").classList.contains("is-between-deals") });
    return true;
  };
  if (look()) return;
  const watcher = new MutationObserver(() => { if (look()) watcher.disconnect(); });
  watcher.observe(root, { subtree: true, attributes: true, childList: true });
}); }"""


def test_a_new_scopa_deal_is_on_the_table_before_the_visitor_leads_it(browser, site_url, watch):
    page = new_page(browser, watch, SIZES[0], reduced=False)  # the cards travel, as for a visitor
    record = scopa_deal_led_by_south()
    saved = json.dumps({"v": 2, "record": record, "level": "random", "ack": None})
    open_saved(page, f"{site_url}scopa.html#play", {"play.scopa": saved})
    for _ in range(6):
        page.locator(f"{LIVE}, {DEAL_END}:not([hidden])").first.wait_for(timeout=READY)
        if page.locator(DEAL_END).is_visible():
            break
        page.locator(LIVE).first.click()
    expect(page.locator(DEAL_END)).to_be_visible()
    page.evaluate(FIRST_LIVE)  # watching from before the press
    page.locator(f'{DEAL_END} [data-action="next-deal"]').click()
    at_first_live = page.evaluate("() => window.firstLive")
    assert len(at_first_live["cards"]) == 4 and not at_first_live["between"], \
        f"South's hand was live before the new deal's four cards were on the table: {at_first_live}"
    assert "last play" not in at_first_live["label"].lower(), at_first_live
    shot(page, "scopa-new-deal")
    # The first press, right away, plays (or asks what the card takes: it was heard).
    page.locator(HAND).first.click()
    page.wait_for_function("() => document.querySelectorAll('.play .seat-south button.card-button').length === 2"
                           " || !document.querySelector('.play [data-choices]').hidden", timeout=MOVE)
    if page.locator(".play [data-choices]").is_visible():
        page.locator(".play [data-choices] button.choice").first.click()
    expect(page.locator(HAND)).to_have_count(2)
    expect(page.locator(".play [data-last]")).to_contain_text("South")
    page.context.close()
