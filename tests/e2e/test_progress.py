"""Progress kept in the browser (js/progress.mjs, templates/components/progress.html): a visitor
finishes two practice positions on the Briscola rules page, and that page and the home page show
them as marks; a reload keeps them, a game recorded through the play page's hookup shows, reset
clears everything; axe finds nothing wrong with the views. Screenshots of the rows at both sizes go
to /work/notes/shots/coach-guide/ when that folder exists (the author's review, not an assertion).
Mistakes by kind over more than five reviewed deals say which kinds are getting rarer, in words and
a sign (test_play_progress.py shows them after a real game and its review).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

_spec = importlib.util.spec_from_file_location("practice_e2e", Path(__file__).with_name("test_practice.py"))
practice = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(practice)

SHOTS = Path("/work/notes/shots/coach-guide")
KIND_SHOTS = Path("/work/notes/shots/coach-kinds")


def shoot(page, name: str) -> None:
    if SHOTS.is_dir():
        page.locator("[data-learner-progress]").first.screenshot(path=str(SHOTS / name))


def row(page, game: str):
    return page.locator(f'[data-learner-progress] [data-progress-game="{game}"]')


def no_violations(page) -> None:
    results = Axe().run(page)
    assert results.violations_count == 0, results.generate_report()


@pytest.fixture
def visitor(browser, watch):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    page = context.new_page()
    watch(page)
    yield page
    context.close()


def test_positions_done_show_on_the_rules_page_and_the_home_page_until_reset(visitor, site_url):
    page = visitor
    page.goto(site_url)
    # Nothing kept yet: the section stays out of the way.
    expect(page.locator("[data-learner-progress]")).to_be_hidden()
    page.locator('main a[href="briscola.html"]').first.click()
    expect(page.locator("h1")).to_contain_text("Briscola")
    data = practice.open_game(page, site_url, "briscola")
    done = [p["id"] for p in data["positions"][:2]]
    for position in data["positions"][:2]:
        go = page.locator(f'#practice-briscola .practice-go[data-go="{position["id"]}"]')
        go.scroll_into_view_if_needed()
        box = practice.go(page, "briscola", position["id"])
        for step in position["steps"]:
            if step["visitor"]:
                practice.answer(box, "briscola", step["answers"][0])
        expect(box.locator(".practice-prompt")).to_have_text("Position complete.", timeout=practice.STEP)
    total = len(data["positions"])
    briscola = row(page, "briscola")
    expect(briscola.locator(".progress-mark.is-done")).to_have_count(2)
    expect(briscola.locator(".progress-mark")).to_have_count(total)
    expect(briscola.locator(".progress-words")).to_have_text(f"2 of {total} practice positions done.")
    for i, position in enumerate(data["positions"]):
        mark = briscola.locator(f'.progress-mark[data-position="{position["id"]}"]')
        expect(mark).to_contain_text("done" if position["id"] in done else "not done yet")
    expect(page.locator('[data-learner-progress] [data-progress-game="madrasso"]')).to_have_count(0)
    briscola.scroll_into_view_if_needed()
    no_violations(page)
    shoot(page, "rules-1280.png")

    # The home page, from the site's title link: every game, Briscola's two marks.
    page.locator(".site-title").click()
    expect(page.locator("[data-learner-progress]")).to_be_visible()
    expect(row(page, "briscola").locator(".progress-mark.is-done")).to_have_count(2)
    expect(row(page, "madrasso").locator(".progress-mark.is-done")).to_have_count(0)
    expect(row(page, "scopa").locator(".progress-words")).to_contain_text("0 of ")
    # The play page's hookup: a game recorded shows with its level.
    page.evaluate("""async () => {
      const url = [...document.scripts].map((s) => s.src).find((s) => s.includes('/progress.'));
      const progress = await import(url);
      progress.recordGame('briscola', 'expert', true);
      progress.recordGame('briscola', 'greedy', false);
      progress.recordReview('briscola', {lost: 12.5, deals: [{grades: {unit: 'card points'}, moves: [{mark: 'mistake'}, {mark: 'best'}]}]});
    }""")
    expect(row(page, "briscola").locator(".progress-words")).to_have_text(
        f"2 of {total} practice positions done; 2 games played, 1 won (expert 1 of 1, club player 0 of 1).")
    expect(row(page, "briscola").locator(".progress-costs svg")).to_have_attribute(
        "aria-label", "What your reviewed deals gave away, oldest first: 13 card points")
    page.reload()
    expect(row(page, "briscola").locator(".progress-mark.is-done")).to_have_count(2)
    expect(row(page, "briscola").locator(".progress-words")).to_contain_text("2 games played, 1 won")
    row(page, "briscola").scroll_into_view_if_needed()
    no_violations(page)
    shoot(page, "home-1280.png")

    # The pace: kept on this device like the four-colour choice.
    page.get_by_role("radio", name="Fast").check()
    page.reload()
    expect(page.get_by_role("radio", name="Fast")).to_be_checked()
    assert page.evaluate("""async () => {
      const url = [...document.scripts].map((s) => s.src).find((s) => s.includes('/progress.'));
      const progress = await import(url);
      return [progress.pace(), progress.paceMs(false)];
    }""") == ["fast", 0]  # reduced motion: the computer does not wait

    # Reset: one button, everything forgotten, the positions too.
    reset = page.get_by_role("button", name="Reset progress")
    reset.scroll_into_view_if_needed()
    reset.click()
    expect(page.locator(".progress-status")).to_have_text("Progress reset: nothing is kept on this device now.")
    expect(page.locator("[data-learner-progress] .progress-mark.is-done")).to_have_count(0)
    page.reload()
    expect(page.locator("[data-learner-progress]")).to_be_hidden()
    page.goto(site_url + "briscola.html")
    expect(page.locator("[data-learner-progress]")).to_be_hidden()
    expect(page.locator(f'#practice-briscola .practice-go[data-go="{done[0]}"]')).not_to_contain_text("(done)")


def test_the_rows_at_a_phone_size(browser, site_url, watch):
    """At 390x844 the rows fit and pass axe (a position marked done in the store practice.mjs
    keeps; the section is drawn from it)."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, reduced_motion="reduce")
    page = context.new_page()
    watch(page)
    page.goto(site_url)
    page.evaluate("localStorage.setItem('practice:v1:briscola-01-trump-the-ace', 'done')")
    page.reload()
    section = page.locator("[data-learner-progress]")
    section.scroll_into_view_if_needed()
    expect(row(page, "briscola").locator(".progress-mark.is-done")).to_have_count(1)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways: {width} px"
    no_violations(page)
    shoot(page, "home-390.png")
    page.goto(site_url + "briscola.html")
    row(page, "briscola").scroll_into_view_if_needed()
    expect(row(page, "briscola").locator(".progress-mark.is-done")).to_have_count(1)
    no_violations(page)
    shoot(page, "rules-390.png")
    context.close()


def test_mistakes_by_kind_say_which_are_getting_rarer(browser, site_url, watch):
    """Eight reviews recorded through the play page's hookup (recordReview with the engine's
    review moves, each costly one with its kind): three early deals with two trumps wasted each,
    five late ones with none but a point thrown each. At both sizes the rules page says the trump
    wasted is rarer and the points more often, in words and a sign, and links the practice
    position for the most frequent kind (trumps: 6)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    page = context.new_page()
    watch(page)
    page.goto(site_url + "briscola.html")
    page.evaluate("""async () => {
      const url = [...document.scripts].map((s) => s.src).find((s) => s.includes('/progress.'));
      const progress = await import(url);
      const move = (mark, id) => ({mark, kind: id ? {id, name: id, why: ''} : null});
      const deal = (...moves) => ({lost: 10, deals: [{grades: {unit: 'card points'}, moves}]});
      for (let i = 0; i < 3; i++) progress.recordReview('briscola', deal(move('mistake', 'trump-wasted'),
        move('inaccuracy', 'trump-wasted'), move('best', null)));
      for (let i = 0; i < 5; i++) progress.recordReview('briscola', deal(move('mistake', 'points-thrown'),
        move('good', null)));
    }""")
    box = row(page, "briscola").locator(".progress-kinds")
    trump = box.locator('.progress-kind[data-kind="trump-wasted"]')
    points = box.locator('.progress-kind[data-kind="points-thrown"]')
    expect(trump.locator(".progress-kind-count")).to_have_text("A trump wasted: 6.")
    expect(trump.locator(".progress-kind-trend")).to_have_text(
        "↓ Getting rarer: 0.0 a deal in your last 5 deals, 2.0 a deal before.")
    expect(points.locator(".progress-kind-count")).to_have_text("Points thrown to the other side: 5.")
    expect(points.locator(".progress-kind-trend")).to_have_text(
        "↑ More often: 1.0 a deal in your last 5 deals, 0.0 a deal before.")
    expect(box.locator(".progress-kind:visible")).to_have_count(2)
    expect(box.locator(".progress-kind-note")).to_be_hidden()
    link = box.locator(".progress-kind-link:visible")
    expect(link).to_have_attribute("href", "briscola.html#practice-briscola-01-trump-the-ace")
    box.scroll_into_view_if_needed()
    no_violations(page)
    if KIND_SHOTS.is_dir():
        page.locator("[data-learner-progress]").screenshot(path=str(KIND_SHOTS / "rules-trend-1280.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    page.reload()
    box.scroll_into_view_if_needed()
    expect(trump.locator(".progress-kind-trend")).to_contain_text("↓ Getting rarer")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    no_violations(page)
    if KIND_SHOTS.is_dir():
        page.locator("[data-learner-progress]").screenshot(path=str(KIND_SHOTS / "rules-trend-390.png"))
    context.close()
