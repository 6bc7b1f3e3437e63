"""A Madrasso match's review (issue 30, "step through the whole deal (or match)"), in real
Chromium with the real Pyodide: a match of two deals (the eleventh and the twelfth, the last)
comes back from the browser's storage one card before its end, as test_play_matches.py starts
its ends; South plays its last card, presses "Review the whole match", and the review opens with
the costliest moments of the whole match first: at most three, the costliest first, each
saying its deal and trick, its mark (word, colour, sign), what it cost and why; "See it on the
table" shows that very move on its deal's big table (the card lit with the same mark), and
"Practise this moment" is there. axe finds nothing wrong, at 1280x800 and at 390x844.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

_matches = importlib.util.spec_from_file_location("play_matches_mr", Path(__file__).with_name("test_play_matches.py"))
matches = importlib.util.module_from_spec(_matches)
_matches.loader.exec_module(matches)

def open_with_storage(page, url: str, items: dict[str, str], clear: bool = False) -> None:
    """conftest.py's helper (its fixture is per test; this module's start is per module)."""
    base = url[:url.index("/sub/") + len("/sub/")]
    page.goto(base + "404.html")
    page.evaluate("([clear, items]) => { if (clear) localStorage.clear();"
                  " for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value); }",
                  [clear, items])
    page.goto(url)

REVIEW = 180_000  # ms: a match's review in the worker, on a busy machine
SHOTS = Path("/work/notes/shots/coach-match")
WORDS = {"best": "Best", "good": "Good", "inaccuracy": "Inaccurate", "mistake": "Mistake"}
SIGNS = {"best": "\u2714", "good": "\u2248", "inaccuracy": "!", "mistake": "\u2718"}
VIEW = ".coach-full[open]"
ITEM = f"{VIEW} [data-match-costliest] [data-match-moment]"


def shoot(page, name: str) -> None:
    if SHOTS.parent.is_dir():
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / name))


def no_violations(page) -> None:
    results = Axe().run(page, context=".coach-full")
    assert results.violations_count == 0, results.generate_report()


def one_card_left_in_deal_11():
    """A match at deal 11 with both teams on 650 (no team can reach 777 in deal 11 short of
    taking nearly every point), played by greedy players: the saved game one South card before
    the end of deal 11 (a deal that does not end the match), and that card. The page plays
    deal 12, the last, to the match's end."""
    saved, last, _ = matches.cut_before_souths_last_card(
        lambda seed: {"game": "madrasso", "seed": seed, "deal": 11, "totals": [650, 650]},
        lambda g: not g.is_over(), lambda g: g.observation(matches.SOUTH)["deal"] != 11, seeds=range(20))
    return saved, last


@pytest.fixture(scope="module")
def review(browser, site_url):
    saved, last = one_card_left_in_deal_11()
    context = browser.new_context(reduced_motion="reduce", viewport={"width": 1280, "height": 800})
    page = context.new_page()
    matches.resume(page, site_url, saved, open_with_storage)
    expect(page.locator(".play [data-progress]")).to_contain_text("Deal 11 of at most 12", timeout=matches.READY)
    matches.play_south(page, action=last, limit=60)  # deal 11's last card; then deal 12, to the end
    button = page.locator(f"{matches.END} button[data-action='review']", has_text="Review the whole match")
    button.scroll_into_view_if_needed()
    button.click()
    page.locator(f"{ITEM}, {VIEW} .coach-problem").first.wait_for(timeout=REVIEW)
    yield page
    context.close()


def moment_seen(item) -> dict:
    return item.evaluate("""li => ({
      head: li.querySelector('.match-moment-head strong').textContent,
      mark: li.dataset.mark, deal: Number(li.dataset.deal),
      word: li.querySelector('.verdict-word').textContent,
      sign: li.querySelector('.verdict-sign').textContent,
      colour: getComputedStyle(li.querySelector('.verdict')).color,
      move: li.querySelector('.match-moment-move').textContent,
      reason: li.querySelector('.match-moment-reason').textContent,
      jump: Number(li.querySelector('[data-action="see-moment"]').dataset.jump),
      practise: li.querySelectorAll('[data-action="practise"]').length,
    })""")


def test_the_match_review_lists_the_costliest_moments_of_the_match_first(review):
    page = review
    # Every move of both deals, marked in their tables: the list holds the costliest of those
    # not marked best, three at most.
    expect(page.locator(f"{VIEW} [data-review-board]")).to_have_count(2)  # deals 11 and 12
    expect(page.locator(f"{VIEW} [data-review-moves]").first.locator("tbody tr")).to_have_count(10)
    rows = page.locator(f"{VIEW} [data-review-moves] tbody tr")
    marks = rows.evaluate_all("rs => rs.map(r => r.dataset.mark)")
    costly = sum(1 for m in marks if m != "best")
    items = page.locator(ITEM)
    expect(items).to_have_count(min(3, costly))
    assert costly > 0, "the greedy play of this match gave nothing away: no moment to list"
    heading = page.locator(f"{VIEW} [data-match-moments] h3")
    expect(heading).to_have_text("The costliest moment of the match" if costly == 1
                                 else f"The {min(3, costly)} costliest moments of the match")
    # First in the view, right under the match's summary.
    order = page.locator(f"{VIEW} [data-review-summary] + [data-match-moments]")
    expect(order).to_have_count(1)
    seen = [moment_seen(items.nth(i)) for i in range(items.count())]
    colours = {}
    for s in seen:
        assert re.fullmatch(r"Deal (11|12), trick (\d+)", s["head"]), s
        assert s["deal"] == int(s["head"].split(",")[0].split()[1])
        assert s["mark"] != "best" and s["word"] == WORDS[s["mark"]] and s["sign"] == SIGNS[s["mark"]], s
        assert s["move"].startswith("Your move: "), s
        if s["mark"] in ("inaccuracy", "mistake"):
            assert re.search(r"It cost about \d", s["move"]), s
        assert len(s["reason"]) > 10, s
        colours.setdefault(s["mark"], set()).add(s["colour"])
    assert all(len(c) == 1 for c in colours.values())
    assert len({c for cs in colours.values() for c in cs}) == len(colours)  # a colour per mark
    assert sum(s["practise"] for s in seen) >= 1
    shoot(page, "match-list-1280.png")
    no_violations(page)

    # "See it on the table": that move on its deal's board, marked the same, in view.
    for i, s in enumerate(seen[:2]):
        items.nth(i).locator('[data-action="see-moment"]').click()
        board = page.locator(f"{VIEW} [data-review-board]").nth(s["deal"] - 11)
        expect(board).to_have_attribute("data-step", str(s["jump"]), timeout=matches.MOVE)
        trick = s["head"].split("trick ")[1]
        step = board.locator("[data-review-step]")
        expect(step).to_have_attribute("data-mark", s["mark"])
        expect(step.locator(".review-step-mark")).to_contain_text(f"trick {trick}: ")
        expect(step.locator(".verdict-word")).to_have_text(WORDS[s["mark"]])
        lit = board.locator("[data-table] [data-centre] .is-lit")
        expect(lit).to_have_count(1)
        expect(lit).to_have_attribute("data-verdict", s["mark"])
        expect(step).to_be_focused()
        expect(step).to_be_in_viewport()
        expect(board.locator("[data-table]")).to_be_in_viewport()
        if i == 0:
            shoot(page, "match-seen-1280.png")


def test_the_match_review_at_390(review):
    page = review
    page.set_viewport_size({"width": 390, "height": 844})
    page.locator(VIEW).evaluate("v => { v.scrollTop = 0; }")
    items = page.locator(ITEM)
    expect(items.first).to_be_in_viewport()
    assert page.locator(VIEW).evaluate("v => v.scrollWidth <= v.clientWidth + 1")
    shoot(page, "match-list-390.png")
    no_violations(page)
    first = moment_seen(items.first)
    items.first.locator('[data-action="see-moment"]').click()
    board = page.locator(f"{VIEW} [data-review-board]").nth(first["deal"] - 11)
    expect(board).to_have_attribute("data-step", str(first["jump"]), timeout=matches.MOVE)
    expect(board.locator("[data-review-step]")).to_be_in_viewport()
    expect(board.locator("[data-table] [data-centre] .is-lit")).to_have_attribute("data-verdict", first["mark"])
    shoot(page, "match-seen-390.png")
    # "Practise this moment" keeps the moment and opens it on the rules page's practice table.
    practise = items.locator('[data-action="practise"]').first
    practise.scroll_into_view_if_needed()
    practise.click()
    expect(page).to_have_url(re.compile(r"madrasso\.html#practice-"))
