"""What a newcomer sees (issue 27), arriving as a visitor does: from the home page's links, the
page scrolled with the mouse wheel to the button, the button pressed; never a test-side scroll
of the stage. At 1280x800 and at 390x844:

- the home page offers Watch, Practice and Play in the phone's first screen;
- the demo: after every step (Next, Play, Next after a pause) the whole table, the latest words
  and the buttons are on the screen together; no card's tag is covered by a card; who plays
  next is said; a question answered wrongly and then rightly gets a different word, sign and
  colour, and the card it concerns is lit on the table with it;
- practice: arriving, the board starts in the first screen; after every answer the table and
  the feedback are on the screen; the table never turns, and the visitor's side seat shows its
  cards readable;
- Tab reaches every control of the demo and of practice in document order.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

READY = 90_000  # ms: Pyodide's first start on a busy machine
SIZES = [(1280, 800), (390, 844)]
IDS = ["wide", "phone"]

# Where a part of the page is on the screen: [top, bottom] of its box, or null when hidden.
BOXES = """selectors => selectors.map(s => {
  const node = [...document.querySelectorAll(s)].find(n => n.getClientRects().length);
  if (!node) return null;
  const r = node.getBoundingClientRect();
  return [Math.round(r.top), Math.round(r.bottom)];
})"""

# Every card tag on the table that a card covers: the element at three points of the tag is
# not the tag (a card on its way to the centre or to the trick's taker passes over, and is not
# counted: the check waits for the motion to end).
COVERED_TAGS = """() => [...document.querySelectorAll('[data-table] .card-tag')].flatMap(tag => {
  const r = tag.getBoundingClientRect();
  if (r.bottom < 0 || r.top > innerHeight || !r.width) return [];
  return [0.15, 0.5, 0.85].map(fx => document.elementFromPoint(r.left + r.width * fx, r.top + r.height / 2))
    .filter(hit => hit && hit !== tag && !tag.contains(hit))
    .map(hit => `${tag.textContent} under ${hit.tagName} ${hit.getAttribute('alt') || hit.className}`);
})"""


# Each card's playable mark on the screen: the outline round its picture, or the frame drawn
# by its button's ::before (a side seat's), as {card, left, top, right, bottom}.
MARK_BOXES = """lis => lis.map(li => {
  const img = li.querySelector('img'), button = li.querySelector('.card-button');
  const r = img.getBoundingClientRect(), look = getComputedStyle(img);
  if (look.outlineStyle !== 'none' && parseFloat(look.outlineWidth) > 0) {
    const out = parseFloat(look.outlineWidth) + parseFloat(look.outlineOffset || 0);
    return { card: button.dataset.card, left: r.left - out, top: r.top - out, right: r.right + out, bottom: r.bottom + out };
  }
  const frame = getComputedStyle(button, '::before'), b = button.getBoundingClientRect();
  if (frame.content === 'none' || frame.borderTopStyle === 'none') return { card: button.dataset.card, none: true };
  const left = b.left + parseFloat(frame.left), top = b.top + parseFloat(frame.top);
  const borders = frame.boxSizing === 'border-box' ? 0 : 1;
  const wide = parseFloat(frame.width) + borders * (parseFloat(frame.borderLeftWidth) + parseFloat(frame.borderRightWidth));
  const tall = parseFloat(frame.height) + borders * (parseFloat(frame.borderTopWidth) + parseFloat(frame.borderBottomWidth));
  return { card: button.dataset.card, left, top, right: left + wide, bottom: top + tall };
})"""


def mark_overlap(a: dict, b: dict) -> float:
    """How far two marks' boxes run into each other (px, the lesser of across and down; 0 when
    apart); a card with no mark fails."""
    assert not a.get("none") and not b.get("none"), (a, b)
    across = min(a["right"], b["right"]) - max(a["left"], b["left"])
    down = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
    return max(0.0, min(across, down))


def no_tag_covered(page: Page, what: str) -> None:
    covered = []
    for _ in range(20):
        if not page.evaluate("() => document.getAnimations().some(a => a.playState === 'running')"):
            covered = page.evaluate(COVERED_TAGS)
            if not covered:
                return
        page.wait_for_timeout(100)
    raise AssertionError(f"{what}: a tag covered by a card: {covered}")


def new_page(browser, watch, size) -> Page:
    width, height = size
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    watch(page)
    return page


def follow_home_link(page: Page, site_url: str, href: str) -> None:
    page.goto(site_url + "index.html")
    link = page.locator(f'a.start-way[href="{href}"]').first
    expect(link).to_be_in_viewport()  # the first screen offers it, on a phone too
    link.click()
    page.wait_for_url(re.compile(re.escape(href) + "$"))


def wheel_to(page: Page, target) -> None:
    """Scroll with the mouse wheel, as a person does, until ``target`` is wholly on screen."""
    height = page.viewport_size["height"]
    for _ in range(60):
        box = target.bounding_box()
        if box and 0 <= box["y"] and box["y"] + box["height"] <= height:
            return
        delta = 200 if not box or box["y"] + box["height"] > height else -200
        page.mouse.move(10, height // 2)
        page.mouse.wheel(0, delta)
        page.wait_for_timeout(60)
    raise AssertionError("the wheel never brought the button on screen")


def all_in_view(page: Page, selectors: list[str], what: str) -> None:
    """Every part named is on the screen together (waiting out a smooth scroll)."""
    height = page.viewport_size["height"]
    boxes = []
    for _ in range(40):
        boxes = page.evaluate(BOXES, selectors)
        if all(b is not None and b[0] >= 0 and b[1] <= height for b in boxes):
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"{what}: not all on screen ({height} px): {dict(zip(selectors, boxes))}")


def demo_framed(page: Page, what: str) -> None:
    asking = page.locator(".demo [data-ask]:not([hidden])").count() > 0
    words = [".demo [data-ask]"] if asking else [".demo [data-text]", ".demo [data-next]"]
    if page.locator(".demo .demo-ask-continue").count():  # answered: the verdict and the way on
        words = [".demo .demo-ask-feedback", ".demo .demo-ask-continue"]
    all_in_view(page, [".demo [data-table]", '.demo [data-action="forward"]', *words], what)
    no_tag_covered(page, what)


def at_move(page: Page, index: int, timeout: int = 15_000) -> None:
    expect(page.locator(".demo [data-position]")).to_have_text(re.compile(rf"^Move {index} of \d+$"),
                                                               timeout=timeout)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_the_demo_keeps_the_table_and_its_words_in_view(browser, site_url, watch, size):
    page = new_page(browser, watch, size)
    follow_home_link(page, site_url, "madrasso.html#demo")
    forward = page.locator('.demo [data-action="forward"]')
    wheel_to(page, forward)
    forward.click()
    at_move(page, 1, READY)
    demo_framed(page, "move 1 (Next)")
    # Who plays next is said at both sizes, and that seat's cards are marked on the table.
    expect(page.locator(".demo [data-next]")).to_be_visible()
    expect(page.locator(".demo [data-next]")).to_contain_text("East to play")
    expect(page.locator(".demo .seat-east .hand-card.is-playable")).not_to_have_count(0)
    # Play runs on by itself and stops at the first question (move 6); every step framed.
    page.locator('.demo [data-action="play"]').click()
    seen = 1
    while seen < 6:
        expect(page.locator(".demo [data-position]")).not_to_have_text(
            re.compile(rf"^Move {seen} of"), timeout=20_000)
        seen = int(page.locator(".demo [data-position]").inner_text().split()[1])
        demo_framed(page, f"move {seen} (Play)")
    at_move(page, 6)
    expect(page.locator('.demo [data-action="play"]')).to_have_text("Play")  # paused at the question
    ask = page.locator(".demo [data-ask]")
    expect(ask).to_contain_text("What would you play?")
    demo_framed(page, "the question")
    # The choices carry words, not bare pictures.
    for choice in ask.locator("button.demo-ask-choice").all():
        assert choice.locator(".demo-ask-words").inner_text().startswith("the ")
        assert choice.locator(".demo-ask-words").is_visible()
    # A wrong answer, then the right one: a different word, sign and colour, and the card lit.
    ask.locator('button[data-choice="AC"]').click()
    feedback = ask.locator(".demo-ask-feedback")
    expect(feedback).to_have_attribute("data-verdict", "mistake")
    wrong = (feedback.locator(".verdict-word").inner_text(), feedback.locator(".verdict-sign").inner_text(),
             feedback.evaluate("e => getComputedStyle(e).borderLeftColor"))
    expect(page.locator('.demo [data-table] .is-lit:has(img[data-card="AC"])')).to_have_attribute("data-verdict", "mistake")
    demo_framed(page, "a wrong answer")
    ask.locator('[data-action="ask-again"]').click()  # another try: the choices again
    ask.locator('button[data-choice="4H"]').click()
    expect(feedback).to_have_attribute("data-verdict", "best")
    right = (feedback.locator(".verdict-word").inner_text(), feedback.locator(".verdict-sign").inner_text(),
             feedback.evaluate("e => getComputedStyle(e).borderLeftColor"))
    assert wrong[0] == "Mistake" and right[0] == "Best"
    assert all(a != b for a, b in zip(wrong, right)), (wrong, right)  # word, sign and colour
    lit = page.locator(".demo [data-table] .is-lit")
    expect(lit).to_have_count(1)
    expect(lit.locator("img")).to_have_attribute("data-card", "4H")
    expect(lit).to_have_attribute("data-verdict", "best")
    expect(ask.locator(".demo-ask-chosen")).to_contain_text("the four of hearts")
    demo_framed(page, "a right answer")
    # Paused, step on with Next: framed every time.
    for index in range(7, 11):
        forward.click()
        at_move(page, index)
        demo_framed(page, f"move {index} (Next)")
    page.context.close()


def practice_framed(page: Page, what: str) -> None:
    all_in_view(page, ["#practice-madrasso-01-the-trick [data-table]", ".practice-feedback"], what)
    no_tag_covered(page, what)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_practice_keeps_the_table_still_and_the_feedback_in_view(browser, site_url, watch, size):
    page = new_page(browser, watch, size)
    follow_home_link(page, site_url, "madrasso.html#practice")
    box = page.locator("#practice-madrasso-01-the-trick")
    expect(box.locator(".practice-prompt")).to_contain_text("Your turn", timeout=READY)
    # The list of twelve positions leaves the board in the first screen.
    top = box.locator("[data-table]").bounding_box()["y"]
    assert top < page.viewport_size["height"] - 100, top
    south = box.locator('.practice-live .seat[data-seat="0"]')
    expect(south).to_have_class(re.compile(r"\bseat-south\b"))
    # A wrong card: its verdict, the card lit, the table and the words in view.
    four = box.locator('.card-button[data-card="4S"]')
    wheel_to(page, four)
    four.click()
    feedback = box.locator(".practice-feedback")
    expect(feedback).to_have_attribute("data-verdict", "mistake")
    expect(feedback.locator(".verdict-word")).to_have_text("Not this one")
    expect(box.locator('.is-lit:has(img[data-card="4S"])')).to_have_attribute("data-verdict", "mistake")
    practice_framed(page, "a wrong card")
    # The right card: "Right" in view with the table; East (the visitor's too) plays next.
    box.locator('.card-button[data-card="5H"]').click()
    expect(feedback).to_have_attribute("data-verdict", "best")
    expect(feedback.locator(".verdict-word")).to_have_text("Right")
    expect(box.locator(".practice-prompt")).to_contain_text("playing East")
    practice_framed(page, "the right card")
    # The table did not turn: South still at the bottom, East where it was.
    expect(south).to_have_class(re.compile(r"\bseat-south\b"))
    expect(box.locator('.practice-live .seat[data-seat="1"]')).to_have_class(re.compile(r"\bseat-east\b"))
    # East's cards are readable: each card's corner (its index) shows, none a sliver.
    corners = box.locator('.practice-live .seat[data-seat="1"] .card-button img').evaluate_all("""imgs => imgs.map(img => {
      const r = img.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + Math.min(6, r.width / 4), r.top + Math.min(10, r.height / 6));
      return hit === img || img.parentElement.contains(hit);
    })""")
    assert len(corners) == 10 and all(corners), corners
    # Each playable card's mark is its own: with many East cards allowed (marked as the renderer
    # marks them for a void East: every card), no two yellow marks run into one block.
    east = box.locator('.practice-live .seat[data-seat="1"] .hand-card')
    east.evaluate_all("lis => lis.forEach(li => li.classList.add('is-playable'))")
    page.wait_for_function("() => !document.getAnimations().some(a => a.playState === 'running')")
    page.wait_for_timeout(300)  # a transition ending
    marks = east.evaluate_all(MARK_BOXES)
    assert len(marks) == 10, marks
    merged = [(a["card"], b["card"], overlap) for i, a in enumerate(marks) for b in marks[i + 1:]
              if (overlap := mark_overlap(a, b)) > 2]
    assert not merged, (merged, marks)
    east.evaluate_all(
        "lis => lis.forEach(li => li.classList.toggle('is-playable', li.querySelector('.card-button').dataset.card === 'AC'))")
    box.locator('.card-button[data-card="AC"]').click()
    expect(box.locator(".practice-prompt")).to_have_text("Position complete.", timeout=20_000)
    practice_framed(page, "the last card")
    page.context.close()


def test_the_home_page_offers_the_three_ways_in_the_phones_first_screen(browser, site_url, watch):
    page = new_page(browser, watch, (390, 844))
    page.goto(site_url + "index.html")
    for verb in ("Watch", "Practice", "Play"):
        expect(page.locator("a.start-way").filter(has_text=verb).first).to_be_in_viewport(ratio=1)
    page.context.close()


# Tab from the element before a component's first control: every control, in document order
# (a group of radio buttons is one stop, its checked one: the arrow keys move within it).
TABBABLE = """root => [...root.querySelectorAll('a[href], button, input, select, textarea, [tabindex]')]
  .filter(n => n.tabIndex >= 0 && !n.disabled && n.getClientRects().length
    && getComputedStyle(n).visibility !== 'hidden'
    && !(n.type === 'radio' && !n.checked && document.querySelector(`input[type=radio][name="${n.name}"]:checked`)))"""


def tab_through(page: Page, root: str) -> None:
    expected = page.locator(root).evaluate(f"root => ({TABBABLE})(root).map((n, i) => (n.dataset.tabOrder = i, i))")
    assert len(expected) > 4
    page.locator(root).evaluate(f"""root => {{
      const first = ({TABBABLE})(root)[0];
      const before = document.createElement('button');
      before.textContent = 'before'; before.id = 'tab-start';
      first.parentElement.insertBefore(before, first); before.focus({{preventScroll: true}});
    }}""")
    reached = []
    for _ in expected:
        page.keyboard.press("Tab")
        reached.append(page.evaluate("() => document.activeElement.dataset.tabOrder ?? document.activeElement.outerHTML.slice(0, 60)"))
    page.evaluate("() => document.getElementById('tab-start').remove()")
    assert reached == [str(i) for i in expected], reached


def test_tab_reaches_every_control_of_the_demo_and_practice_in_order(browser, site_url, watch):
    page = new_page(browser, watch, (1280, 800))
    page.goto(site_url + "madrasso.html#demo")
    next_button = page.locator('.demo [data-action="forward"]')
    next_button.click()
    at_move(page, 1, READY)
    tab_through(page, ".demo .demo-live")
    page.goto(site_url + "madrasso.html#practice")
    expect(page.locator("#practice-madrasso-01-the-trick .practice-prompt")).to_contain_text("Your turn", timeout=READY)
    tab_through(page, "#practice-madrasso")
    page.context.close()
