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

import importlib.util
import json
import os
import re
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
    for _ in range(200):
        box = page.locator(selector).first.bounding_box()
        if box and 0 <= box["y"] and box["y"] + box["height"] <= height:
            return
        # Far away, a swipe of most of a screen; near, a notch at a time.
        far = not box or abs(box["y"]) > height
        step = int(height * 0.7) if far else 100
        page.mouse.wheel(0, step if not box or box["y"] > 0 else -step)
        page.wait_for_timeout(30)
    raise AssertionError(f"{selector} never came into view by scrolling")


# ---- the geometry a visitor sees ------------------------------------------------------------------

# The union rectangle of each part's elements: test_layout.py's script, loaded as test_friends does.
_layout = importlib.util.spec_from_file_location("layout_checks", Path(__file__).with_name("test_layout.py"))
_layout_checks = importlib.util.module_from_spec(_layout)
_layout.loader.exec_module(_layout_checks)
RECTS = _layout_checks.RECTS


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


# Every sentence the last move's line says from now on, in order: a move said stays there only
# until the computer's answer replaces it (the visitor's pace, 750 ms at "normal"), which a
# look at the line after the hand was redrawn can miss on a busy machine.
LINES_SAID = """() => { window.linesSaid = [];
  const line = document.querySelector(".play [data-last]");
  new MutationObserver(() => window.linesSaid.push(line.textContent))
    .observe(line, { childList: true, characterData: true, subtree: true }); }"""


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
    expect(page.locator(".play [data-last]")).to_contain_text("deals")  # the new deal's opening, not the old last move
    shot(page, "scopa-new-deal")
    # The first press, right away, plays (or asks what the card takes: it was heard).
    page.evaluate(LINES_SAID)
    page.locator(HAND).first.click()
    page.wait_for_function("() => document.querySelectorAll('.play .seat-south button.card-button').length === 2"
                           " || !document.querySelector('.play [data-choices]').hidden", timeout=MOVE)
    if page.locator(".play [data-choices]").is_visible():
        page.locator(".play [data-choices] button.choice").first.click()
    expect(page.locator(HAND)).to_have_count(2)
    # South's move is the first thing the line said after the press (it is written before the
    # hand is redrawn without the card), whatever the computer has answered since.
    said = page.evaluate("() => window.linesSaid")
    assert said and said[0].startswith("South "), f"the line after South's first press: {said}"
    page.context.close()


# ---- arriving, pressing New game, playing on ------------------------------------------------------

MARKERS = """() => [...document.querySelectorAll('.play [data-table] li')].filter((li) => li.getClientRects().length)
  .filter((li) => getComputedStyle(li).display === 'list-item' && getComputedStyle(li).listStyleType !== 'none'
    && getComputedStyle(li, '::marker').content !== 'none')
  .map((li) => li.dataset.card || li.textContent.trim().slice(0, 20))"""

# Tags on the table's cards that run off the table or lie under another card (the element on
# top at the tag's middle is not the tag).
STRAY_TAGS = """() => {
  const table = document.querySelector('.play [data-table]').getBoundingClientRect();
  const hand = [...document.querySelectorAll('.play .seat-south .hand-card')].map((li) => [li.dataset.card || li.querySelector('[data-card]')?.dataset.card, li.getBoundingClientRect()])
    .filter(([, r]) => r.left < table.left - 1 || r.right > table.right + 1).map(([card]) => `South's ${card} runs off the table`);
  return hand.concat([...document.querySelectorAll('.play [data-table] .card-tag')].filter((t) => t.getClientRects().length)
    .flatMap((t) => {
      const r = t.getBoundingClientRect();
      const out = [];
      if (r.left < table.left - 1 || r.right > table.right + 1 || r.top < table.top - 1 || r.bottom > table.bottom + 1)
        out.push(`"${t.textContent}" runs off the table: ${Math.round(r.left)}-${Math.round(r.right)} in ${Math.round(table.left)}-${Math.round(table.right)}`);
      for (const x of [r.left + 2, r.left + r.width / 2, r.right - 2]) {  // its start, middle and end
        const top = document.elementFromPoint(x, r.top + r.height / 2);
        if (top && top !== t && !t.contains(top)) out.push(`"${t.textContent}" lies under ${top.tagName} ${top.closest('li')?.dataset.card || ''}`);
      }
      return out;
    }));
}"""


def stage(page: Page) -> dict[str, str]:
    parts = {"table": ".play [data-table]", "prompt": ".play [data-prompt] p"}
    if page.locator(".play [data-last]").inner_text().strip():
        parts["last move"] = ".play [data-last]"
    return parts


def look(page: Page, where: str) -> None:
    """What a visitor must see after a step: the whole table and the latest words in view, no
    list marker beside a card, no tag off the table or under a card."""
    in_view(page, stage(page), where)
    assert not page.evaluate(MARKERS), f"{where}: list markers beside cards: {page.evaluate(MARKERS)}"
    stray = page.evaluate(STRAY_TAGS)
    assert not stray, f"{where}: " + "; ".join(stray)


@pytest.mark.parametrize("game", ["briscola", "madrasso"])
@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_new_game_pressed_where_it_sits_frames_the_table_and_its_words(browser, site_url, watch, size, game):
    page = new_page(browser, watch, size)
    # Madrasso seed 9: South holds the seven of trumps at once (the swap, its tag on West's hand).
    page.goto(f"{site_url}{game}.html?seed={9 if game == 'madrasso' else 3}&level=random")
    new = '.play [data-action="new"]'
    wheel_to(page, new)  # the button in view, the table below it mostly not
    page.locator(new).click()
    page.locator(LIVE).first.wait_for(timeout=READY)
    parts = stage(page)
    together = page.evaluate(RECTS, {"all": ", ".join([*parts.values(), ".play .play-controls"])})["all"]
    if size[0] >= 1024 or together["bottom"] - together["top"] <= size[1] - 16:  # the controls too, when they fit
        parts = {**parts, "controls": ".play .play-controls"}
    in_view(page, parts, "after New game")
    look(page, "after New game")
    shot(page, f"{game}-new-game")
    # The hint: its card lit with a word and a sign, its comparison in plain whole points.
    page.locator('.play [data-action="hint"]').click()
    expect(page.locator(".play [data-hint] strong")).to_have_text("Hint:", timeout=MOVE)
    hinted = page.locator('.play .seat-south .hand-card.is-lit[data-verdict="hint"]')
    if page.locator(".play [data-hint]").inner_text().startswith("Hint: Play the swap"):
        expect(hinted).to_have_count(0)
    else:
        expect(hinted).to_have_count(1)
        badge = hinted.evaluate("(li) => getComputedStyle(li, '::after').content")
        assert "Hint" in badge and "★" in badge, badge
    said = page.locator(".play [data-hint]").inner_text()
    assert "on average" not in said and not re.search(r"\d\.\d", said), said
    in_view(page, {**stage(page), "hint": ".play [data-hint]"} if size[0] >= 1024 else stage(page), "after Hint")
    shot(page, f"{game}-hint")
    if game == "madrasso":  # the swap first: its tag stays on the table, over the cards
        page.locator('.play [data-action="swap"]').click()
        expect(page.locator(".play [data-table] .card-tag", has_text="swap")).to_have_count(1, timeout=MOVE)
        shot(page, "madrasso-swap")
        look(page, "after the swap")
    for step in range(3):
        page.locator(LIVE).first.click()
        page.locator(LIVE).first.wait_for(timeout=MOVE)
        look(page, f"after move {step + 1}")
    shot(page, f"{game}-moves")
    page.context.close()


# ---- the end of a deal ----------------------------------------------------------------------------

def scopa_saved_before_the_end() -> str:
    return json.dumps({"v": 2, "record": scopa_deal_led_by_south(), "level": "random", "ack": None})


CLIPPED_OVERLAPS = """([scope, parts]) => {
  // The visible part of each element (cut to the scrolling boxes it is in), then every pair
  // that overlaps where neither holds the other.
  const visible = (e) => {
    let r = e.getBoundingClientRect();
    r = { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    for (let p = e.parentElement; p; p = p.parentElement) {
      if (!/(auto|scroll|hidden)/.test(getComputedStyle(p).overflowY)) continue;
      const c = p.getBoundingClientRect();
      r = { left: Math.max(r.left, c.left), top: Math.max(r.top, c.top), right: Math.min(r.right, c.right), bottom: Math.min(r.bottom, c.bottom) };
    }
    return r;
  };
  const root = document.querySelector(scope);
  const shown = (e) => e.getClientRects().length && getComputedStyle(e).visibility !== "hidden"
    && !(e.closest("details") && !e.closest("details").open && !e.closest("summary"));  // a closed <details>' content is not drawn
  const items = [...root.querySelectorAll(parts)].filter(shown)
    .map((e) => [e, visible(e)]).filter(([, r]) => r.right - r.left > 1 && r.bottom - r.top > 1);
  const out = [];
  for (let i = 0; i < items.length; i++) for (let j = i + 1; j < items.length; j++) {
    const [[a, p], [b, q]] = [items[i], items[j]];
    if (a.contains(b) || b.contains(a)) continue;
    const w = Math.min(p.right, q.right) - Math.max(p.left, q.left);
    const h = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
    if (w > 1 && h > 1) out.push(`${a.tagName} "${a.textContent.trim().slice(0, 30)}" / ${b.tagName} "${b.textContent.trim().slice(0, 30)}"`);
  }
  return out;
}"""

PANEL_PARTS = "h3, p, tr, button, a, .seat-label, .centre-words"


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_the_end_of_a_deal_and_its_review_leave_nothing_over_anything(browser, site_url, watch, size):
    page = new_page(browser, watch, size)
    open_saved(page, f"{site_url}scopa.html#play", {"play.scopa": scopa_saved_before_the_end()})
    for _ in range(4):
        page.locator(f"{LIVE}, {DEAL_END}:not([hidden])").first.wait_for(timeout=READY)
        if page.locator(DEAL_END).is_visible():
            break
        page.locator(LIVE).first.click()
    panel = page.locator(DEAL_END)
    expect(panel).to_be_visible()
    in_view(page, {"panel": DEAL_END, "next deal": f'{DEAL_END} [data-action="next-deal"]'}, "the deal's end")
    overlaps = page.evaluate(CLIPPED_OVERLAPS, [".play", f"{DEAL_END} :is({PANEL_PARTS}), [data-table] :is(.seat-label, .centre-words)"])
    assert not overlaps, f"at the deal's end: {overlaps}"
    # The button that moves on is below the panel's words, never over them ("Scope (sweeps)").
    foot = page.locator(f"{DEAL_END} .outcome-foot").bounding_box()
    body = page.locator(f"{DEAL_END} .outcome-body").bounding_box()
    assert foot["y"] >= body["y"] + body["height"] - 1, (foot, body)
    shot(page, "deal-end")
    # The review opens in a full view with the room it needs, and closes back to the panel.
    panel.locator('[data-action="review"]').click()
    view = page.get_by_role("dialog", name="Your moves, reviewed")
    expect(view.locator("[data-review-summary]")).to_be_visible(timeout=READY)
    in_view(page, {"review": ".coach-full[open]", "close": ".coach-full[open] [data-action=close-review]"}, "the review")
    width = view.bounding_box()["width"]
    assert width >= min(size[0] - 40, 900), f"the review is {width} px wide on a {size[0]} px screen"
    overlaps = page.evaluate(CLIPPED_OVERLAPS, [".coach-full[open]", "h2, h4, p, tr, button, .coach-moment-table"])
    assert not overlaps, f"in the review: {overlaps}"
    text = view.inner_text()
    assert not re.search(r"\d\.\d", text), "a cost with decimals in the review"
    for row in view.locator("[data-review-moves] tbody tr").all():
        mark, cost = row.get_attribute("data-mark"), row.locator("td").last.inner_text().strip()
        if mark in ("best", "good"):
            assert cost == "", f"a move marked {mark} shows a cost: {cost}"
        else:
            assert re.fullmatch(r"\d+ points?|(half a|a quarter of a|a tenth of a) point|almost no point", cost), cost
    shot(page, "review")
    page.keyboard.press("Escape")  # closes the review, not the deal's panel behind it
    expect(view).to_be_hidden()
    expect(panel).to_be_visible()
    expect(panel.locator('[data-action="review"]')).to_have_text("Open the review again")
    page.context.close()


# ---- the keyboard ---------------------------------------------------------------------------------

def test_tab_alone_reaches_new_game_from_the_top_of_each_game_page(browser, site_url, watch):
    page = new_page(browser, watch, SIZES[0])
    for game in ("madrasso", "briscola", "scopa"):
        page.goto(f"{site_url}{game}.html")
        for presses in range(1, 400):
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.matches('.play [data-action=\"new\"]')"):
                break
        else:
            raise AssertionError(f"{game}: 400 Tabs never reached New game")
    page.keyboard.press("Enter")  # and the keyboard starts the game from there
    page.locator(LIVE).first.wait_for(timeout=READY)
    in_view(page, stage(page), "after New game by the keyboard")
    page.context.close()
