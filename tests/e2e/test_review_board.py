"""The review on the big table (issue 30), in real Chromium with the real Pyodide: a visitor
plays a quick Briscola game at 2 to the deal's end by pressing cards, presses "Review this
deal", and steps through the whole deal on the full-size table (Previous/Next, the arrow keys,
the costliest moments, the chart's points), at each of its own moves the mark (word, colour,
sign) on the card played and the expert's card where it would have gone, the reason and a
costly move's kind beside;
North's cards stay face down until played; axe finds nothing wrong at 1280x800 and 390x844.

Briscola seed 4, the fast "random" computer, South always pressing its first playable card
(test_coach.py's deal: the review finds one mistake in it).
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from engine.coach.kinds import kinds_of

# WCAG 2's contrast of an element's text against what is behind it (test_table_reading.py).
_reading = importlib.util.spec_from_file_location("table_reading", Path(__file__).with_name("test_table_reading.py"))
table_reading = importlib.util.module_from_spec(_reading)
_reading.loader.exec_module(table_reading)

_table = importlib.util.spec_from_file_location("play_table_rb", Path(__file__).with_name("test_play.py"))
play_table = importlib.util.module_from_spec(_table)
_table.loader.exec_module(play_table)
READY, MOVE, LIVE = play_table.READY, play_table.MOVE, play_table.LIVE
play_to_end = play_table.play_to_end

REVIEW = 120_000  # ms: a whole deal's review in the worker, on a busy machine
SHOTS = Path("/work/notes/shots/coach-review")
WORDS = {"best": "Best", "good": "Good", "inaccuracy": "Inaccurate", "mistake": "Mistake"}
BOARD = ".coach-full [data-review-board]"


def no_violations(page) -> None:
    results = Axe().run(page, context=".coach-full")
    assert results.violations_count == 0, results.generate_report()


def shoot(page, name: str, part: str | None = None) -> None:
    if SHOTS.parent.is_dir():
        SHOTS.mkdir(exist_ok=True)
        (page.locator(part) if part else page).screenshot(path=str(SHOTS / name))


def step_seen(page) -> dict:
    """What the board shows now: the counter, the step's words, the lit card and its verdict,
    the ghost (the expert's card), and any face-up card in North's hand (there must be none)."""
    return page.locator(BOARD).evaluate("""b => {
      const lit = b.querySelector('[data-table] .is-lit');
      const ghost = b.querySelector('[data-review-ghost] img');
      return {
        counter: b.querySelector('[data-review-counter]').textContent,
        words: b.querySelector('[data-review-step]').textContent,
        mark: b.querySelector('[data-review-step]').dataset.mark,
        badge: (b.querySelector('[data-review-step] .verdict-word') || {}).textContent || null,
        lit: lit ? { alt: lit.querySelector('img').alt, verdict: lit.dataset.verdict, sign: lit.dataset.verdictSign,
                     where: lit.closest('[data-centre]') ? 'centre' : 'hand' } : null,
        ghost: ghost ? ghost.alt : null,
        best: (b.querySelector('[data-review-best]') || {}).textContent || null,
        reason: (b.querySelector('[data-review-reason]') || {}).textContent || null,
        northFaces: [...b.querySelectorAll('.seat-north [data-hand] img')].filter(i => !i.classList.contains('card-back')).length,
        northCards: b.querySelectorAll('.seat-north [data-hand] img').length,
      };
    }""")


def counter_of(seen: dict) -> tuple[int, int]:
    m = re.fullmatch(r"Move (\d+) of (\d+)", seen["counter"])
    assert m, seen["counter"]
    return int(m[1]), int(m[2])


@pytest.fixture(scope="module")
def board(browser, site_url):
    """A visitor's Briscola game at 2 played to its end, reviewed, the big table open."""
    context = browser.new_context(reduced_motion="reduce", viewport={"width": 1280, "height": 800})
    page = context.new_page()
    watch = play_table._page_watch_class()().attach(page)
    page.goto(f"{site_url}briscola.html?seed=4&level=random&players=2")
    page.evaluate("localStorage.clear()")
    page.locator('.play [data-action="new"]').click()   # the visitor scrolls to it and presses it
    page.locator(LIVE).first.wait_for(timeout=READY)
    end = play_to_end(page)
    end.locator('[data-action="review"]').click()
    expect(page.locator(f"{BOARD} [data-review-counter]")).to_have_text(re.compile(r"Move 1 of \d+"), timeout=REVIEW)
    yield page
    context.close()
    watch.check()


def test_the_steps_cover_every_move_with_its_mark_on_the_table(board):
    page = board
    first = step_seen(page)
    _, total = counter_of(first)
    assert total == 40   # Briscola at 2: forty cards, each played once
    page.locator(f'{BOARD} [data-action="review-prev"]').click()
    expect(page.locator(f"{BOARD} [data-review-counter]")).to_have_text(f"Move 0 of {total}")
    seen = []
    for n in range(1, total + 1):
        if n % 2:
            page.locator(f'{BOARD} [data-action="review-next"]').click()
        else:
            page.keyboard.press("ArrowRight")   # the focus stays on Next: the keys step too
        expect(page.locator(f"{BOARD} [data-review-counter]")).to_have_text(f"Move {n} of {total}")
        seen.append(step_seen(page))
    expect(page.locator(f'{BOARD} [data-action="review-next"]')).to_be_disabled()
    mine = [s for s in seen if s["mark"]]
    assert len(mine) == 20, [s["counter"] for s in mine]   # South's twenty moves, each marked
    for s in seen:
        # Only what South may see: North's hand face down at every step.
        assert s["northFaces"] == 0, s
    for s in mine:
        assert s["badge"] in (WORDS[s["mark"]], f"{WORDS[s['mark']]} (no choice)"), s   # the word beside the table
        assert s["lit"] and s["lit"]["verdict"] == s["mark"] and s["lit"]["sign"], s   # its sign on the card
        assert s["lit"]["where"] == "centre"                 # the card played, lit where it went
        assert s["reason"], s
        if s["best"]:
            # The expert's card, where it would have gone, named in words.
            assert s["ghost"] and s["best"].startswith("Best: "), s
            assert s["ghost"].lower() in s["best"].lower(), s
    assert any(s["mark"] == "mistake" for s in mine)
    page.keyboard.press("ArrowLeft")
    expect(page.locator(f"{BOARD} [data-review-counter]")).to_have_text(f"Move {total - 1} of {total}")


def test_the_costliest_moment_and_the_chart_jump_to_their_move(board):
    page = board
    costly = page.locator(f"{BOARD} [data-review-costliest] button")
    assert 1 <= costly.count() <= 3
    expect(costly.first).to_contain_text("Mistake")
    costly.first.click()
    step = int(costly.first.get_attribute("data-jump"))
    expect(page.locator(f"{BOARD} [data-review-counter]")).to_have_text(re.compile(rf"Move {step} of \d+"))
    seen = step_seen(page)
    assert seen["mark"] == "mistake" and seen["lit"]["verdict"] == "mistake" and seen["lit"]["sign"] == "\u2718"
    assert seen["ghost"] and seen["best"], seen
    expect(page.locator(f"{BOARD} [data-review-ghost]")).to_be_visible()
    # The costly move's kind beside its verdict (engine/coach/kinds.py): its name and its why,
    # one of Briscola's kinds, on the costliest moment's button and at the step.
    kinds = {k.id: k.to_json() for k in kinds_of("briscola")}
    kind = page.locator(f"{BOARD} [data-review-step] .review-step-mark .review-kind")
    expect(kind).to_have_count(1)
    shown = kinds[kind.get_attribute("data-kind")]
    expect(kind.locator(".review-kind-name")).to_have_text(shown["name"])
    expect(kind.locator(".review-kind-why")).to_have_text(f"({shown['why']})")
    expect(costly.first.locator(".review-kind-name")).to_have_text(re.compile("|".join(re.escape(k["name"]) for k in kinds.values())))
    # The verdict's word on the button reads at 4.5:1 (it was red on the button's red).
    word = costly.first.locator(".verdict-word")
    assert word.evaluate(table_reading.CONTRAST) >= 4.5, word.evaluate(table_reading.CONTRAST)
    # The table and the step's words in view together.
    head = page.locator(".coach-full-head").bounding_box()
    for part in ("[data-table]", "[data-review-step] .review-step-mark", "[data-review-step] .review-step-best"):
        box = page.locator(f"{BOARD} {part}").bounding_box()
        assert box and box["y"] >= head["y"] + head["height"] - 1 and box["y"] + box["height"] <= 800, (part, box, head)
    shoot(page, "mistake-1280.png")
    no_violations(page)
    shoot(page, "costliest-1280.png", f"{BOARD} [data-review-costliest]")

    points = page.locator(f"{BOARD} [data-chart-point]")
    expect(points).to_have_count(20)   # one point per move of South's
    labels = points.evaluate_all("ps => ps.map(p => p.getAttribute('aria-label'))")
    for label in labels:
        assert re.match(r"Go to your move \d+, .*: (Best|Good|Inaccurate|Mistake); expected after it: ", label), label
    target = points.nth(5)
    target.click()
    step = int(target.get_attribute("data-chart-point"))
    expect(page.locator(f"{BOARD} [data-review-counter]")).to_have_text(re.compile(rf"Move {step} of \d+"))
    expect(page.locator(f"{BOARD} [data-review-step]")).to_contain_text("Your move 6,")
    expect(target).to_have_attribute("aria-current", "step")
    shoot(page, "chart-1280.png", f"{BOARD} [data-review-chart]")
    # A point by the keyboard: Enter jumps.
    points.nth(2).focus()
    page.keyboard.press("Enter")
    expect(page.locator(f"{BOARD} [data-review-step]")).to_contain_text("Your move 3,")
    # Every mark in the view has its word.
    for word in page.locator(".coach-full .verdict").evaluate_all("vs => vs.map(v => v.querySelector('.verdict-word').textContent)"):
        assert word.split(" ")[0] in WORDS.values(), word


def test_at_a_phone_size_the_table_and_the_words_show_together(board):
    page = board
    page.set_viewport_size({"width": 390, "height": 844})
    costly = page.locator(f"{BOARD} [data-review-costliest] button").first
    # The costliest moment's verdict reads at 4.5:1 on a phone's narrower button too.
    assert costly.locator(".verdict-word").evaluate(table_reading.CONTRAST) >= 4.5
    costly.scroll_into_view_if_needed()
    shoot(page, "costliest-390.png", f"{BOARD} [data-review-costliest]")
    costly.click()
    page.locator(f'{BOARD} [data-action="review-prev"]').click()
    page.locator(f'{BOARD} [data-action="review-next"]').click()
    expect(page.locator(f"{BOARD} [data-review-step]")).to_contain_text("Mistake")
    head = page.locator(".coach-full-head").bounding_box()
    for part in ("[data-table]", "[data-review-step] .review-step-mark", "[data-review-step] .review-step-best"):
        box = page.locator(f"{BOARD} {part}").bounding_box()
        # Below the view's head (nothing of the table under it) and above the screen's bottom.
        assert box and box["y"] >= head["y"] + head["height"] - 1 and box["y"] + box["height"] <= 844, (part, box, head)
    width = page.locator(".coach-full").evaluate("d => d.scrollWidth")
    assert width <= 390, f"the review scrolls sideways: {width} px"
    shoot(page, "mistake-390.png")
    no_violations(page)
    # Quick presses go on from the step last asked for, not from the one still being drawn:
    # Previous three times and Next once, at once, end two moves back.
    counter = page.locator(f"{BOARD} [data-review-counter]")
    shown = re.match(r"Move (\d+) of (\d+)", counter.inner_text())
    assert shown and int(shown[1]) >= 3, counter.inner_text()
    page.locator(BOARD).evaluate("""b => {
      const prev = b.querySelector('[data-action="review-prev"]'), next = b.querySelector('[data-action="review-next"]');
      prev.click(); prev.click(); prev.click(); next.click();
    }""")
    expect(counter).to_have_text(f"Move {int(shown[1]) - 2} of {shown[2]}")
    page.keyboard.press("Escape")
    expect(page.locator(".coach-full")).to_be_hidden()
    expect(page.locator('.play [data-end] [data-action="review"]')).to_be_focused()
