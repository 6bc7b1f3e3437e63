"""The words beside the cards: at 1280x800 and on 390x844 and 393x852 phones, after the demo's
Next, after a wrong card in practice and after the computer's move in play, the table, the
latest words and the controls are all on screen at once (bounding rectangles); on the wide
screen the words are in a column beside the table. And each demo move says what happened once,
in one text (the author's note and the engine's facts merged at build time)."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Page, expect

READY = 120_000  # ms: Pyodide's first start on a busy machine
SIZES = [(1280, 800), (390, 844), (393, 852)]
IDS = ["wide", "phone", "taller-phone"]

# The union rectangle of every element a selector matches (hidden ones left out).
RECTS = """(parts) => Object.fromEntries(Object.entries(parts).map(([name, selector]) => {
  const boxes = [...document.querySelectorAll(selector)].map((e) => e.getBoundingClientRect())
    .filter((b) => b.width > 0 && b.height > 0);
  if (!boxes.length) return [name, null];
  return [name, { left: Math.min(...boxes.map((b) => b.left)), top: Math.min(...boxes.map((b) => b.top)),
                  right: Math.max(...boxes.map((b) => b.right)), bottom: Math.max(...boxes.map((b) => b.bottom)) }];
}))"""


def new_page(browser, watch, size) -> Page:
    width, height = size
    phone = width < 500
    context = browser.new_context(viewport={"width": width, "height": height}, reduced_motion="reduce",
                                  has_touch=phone, is_mobile=phone)
    page = context.new_page()
    watch(page)
    return page


def top_at(page: Page, selector: str) -> None:
    """Scroll so that `selector` starts at the top of the screen, as a visitor would to play."""
    page.locator(selector).first.evaluate("(e) => window.scrollBy(0, e.getBoundingClientRect().top)")


# The words' descendants that reach out of their column on either side (a line that cannot
# wrap is cut off at the screen's edge or runs under the table).
STICKING_OUT = """(selector) => [...document.querySelectorAll(selector)].flatMap((box) => {
  const outer = box.getBoundingClientRect();
  return [...box.querySelectorAll("*")].filter((e) => e.getClientRects().length)
    .map((e) => [e, e.getBoundingClientRect()])
    .filter(([, r]) => r.right > outer.right + 1 || r.left < outer.left - 1)
    .map(([e, r]) => `${e.tagName.toLowerCase()} "${e.textContent.trim().slice(0, 40)}" ${Math.round(r.left)}-${Math.round(r.right)} in ${Math.round(outer.left)}-${Math.round(outer.right)}`);
})"""


def check(page: Page, parts: dict[str, str], *, table: str, words: str, where: str) -> dict:
    """Every part inside the viewport, nothing of the words out of their column; on a wide
    screen, the words beside the table."""
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    rects = page.evaluate(RECTS, parts)
    out = page.evaluate(STICKING_OUT, parts[words])
    assert not out, f"{where}: the words reach out of their column: " + "; ".join(out[:4])
    for name, r in rects.items():
        assert r is not None, f"{where}: {name} ({parts[name]}) is not shown"
        assert r["top"] >= -1 and r["left"] >= -1 and r["bottom"] <= height + 1 and r["right"] <= width + 1, \
            f"{where}: {name} is not inside the {width}x{height} screen: {r} (all: {rects})"
    if width >= 1024:
        t, w = rects[table], rects[words]
        assert w["left"] >= t["right"] - 1, f"{where}: the words are not beside the table: {rects}"
        assert w["top"] < t["bottom"] and w["bottom"] > t["top"], f"{where}: the words are not level with the table: {rects}"
    return rects


def check_settled(page: Page, parts: dict[str, str], *, within: float = 2.0, **kw) -> dict:
    """`check` once the page has settled: the words of a move can change once more after the
    visitor's cards go live (Briscola: the trick, then the draw), and the table is framed again
    at the next frame; a visitor sees the settled page, so the check is retried for `within` s."""
    end = time.monotonic() + within
    while True:
        try:
            return check(page, parts, **kw)
        except AssertionError:
            if time.monotonic() > end:
                raise
            page.wait_for_timeout(100)


def demo_moves(page: Page) -> list[dict]:
    src = page.locator(".demo-data").get_attribute("data-src")
    return page.request.get(page.url.split("#")[0].rsplit("/", 1)[0] + "/" + src).json()["moves"]


DEMO = {"table": ".demo [data-table]", "words": ".demo [data-commentary]", "controls": ".demo .demo-controls"}
DEMO_ASK = {"table": ".demo [data-table]", "ask": ".demo [data-ask]", "choices": ".demo .demo-ask-choice",
            "help": ".demo .demo-ask-help", "controls": ".demo .demo-controls"}


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_the_demo_shows_table_words_and_controls_on_one_screen(browser, site_url, watch, size):
    page = new_page(browser, watch, size)
    page.goto(site_url + "madrasso.html")
    moves = demo_moves(page)
    top_at(page, ".demo .demo-controls")
    asked = 0
    for index in range(1, 21):
        page.locator('.demo [data-action="forward"]').click()
        expect(page.locator(".demo [data-position]")).to_have_text(f"Move {index} of 41",
                                                                   timeout=READY if index == 1 else 15_000)
        says_it_once(page, index)
        if index < len(moves) and moves[index].get("ask"):
            # A "what would you play?" moment: the question, its choices and the help line
            # first among the words, on the screen with the table and the controls.
            expect(page.locator(".demo .demo-ask-help")).to_be_visible()
            check(page, DEMO_ASK, table="table", words="ask", where=f"the demo's question after move {index}")
            asked += 1
            continue
        check(page, DEMO, table="table", words="words", where=f"the demo after move {index}")
    assert asked >= 3
    page.keyboard.press("End")  # the last move, the longest text, with the deal's count after it
    expect(page.locator(".demo [data-position]")).to_have_text("Move 41 of 41")
    expect(page.locator(".demo [data-next]")).to_contain_text("69 + 61 = 130")
    check(page, DEMO, table="table", words="words", where="the demo at its end")
    expect(page.locator(".demo [data-table]")).not_to_contain_text("swapped")  # no stray caption
    page.context.close()


def says_it_once(page: Page, index: int) -> None:
    """One text for the move (no step line, no separate "The engine:" paragraph; the position
    stays in the controls), and no sentence or card played told twice in it."""
    texts = page.locator(".demo [data-commentary] > :not([hidden]):not(.demo-next)")
    expect(texts).to_have_count(1)
    text = texts.inner_text()
    assert "The engine:" not in text and not text.startswith("Move ")
    assert not told_twice(text), f"move {index} says a sentence twice: {text}"
    plays = re.findall(r"\b(?:leads|follows suit with|trumps with|discards|swaps) the (\w+ of \w+)", text)
    assert len(plays) == len(set(plays)), f"move {index} tells its card twice: {text}"


def told_twice(text: str) -> list[str]:
    """The sentences (of more than three words) that ``text`` says more than once."""
    sentences = [re.sub(r"\W+", " ", s).strip().lower()
                 for s in re.split(r"(?<=[.!?…])\s+", text) if len(s.split()) > 3]
    return sorted({s for s in sentences if sentences.count(s) > 1})


def practice_says_it_once(feedback) -> None:
    """Practice's feedback on an answer is one text, as a demo move's: the author's words, the
    engine's new facts and the rule's link in it, no "The engine:" block after it."""
    expect(feedback.locator(".practice-says > div")).to_have_count(1)
    expect(feedback.locator(".practice-says a[href*='#']")).to_have_count(1)
    text = feedback.inner_text()
    assert "The engine:" not in text and not told_twice(text), f"practice says it twice: {text}"


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_a_wrong_card_in_practice_shows_its_feedback_beside_the_table(browser, site_url, watch, size):
    page = new_page(browser, watch, size)
    page.goto(site_url + "madrasso.html")
    page.locator('#practice-madrasso .practice-go[data-go="madrasso-01-the-trick"]').click()
    box = page.locator("#practice-madrasso-01-the-trick")
    expect(box.locator(".practice-prompt")).to_contain_text("Your turn", timeout=READY)
    top_at(page, "#practice-madrasso-01-the-trick .practice-live")
    box.locator('.card-button[data-card="4S"]').click()
    expect(box.locator(".practice-feedback")).to_have_attribute("data-kind", "retry")
    practice_says_it_once(box.locator(".practice-feedback"))
    expect(box.locator(".practice-feedback")).to_contain_text("If you played it: South has no clubs and discards")
    live = "#practice-madrasso-01-the-trick"
    check(page, {"table": f"{live} .practice-table", "words": f"{live} .practice-feedback",
                 "prompt": f"{live} .practice-prompt", "cards": f"{live} .seat-south .card-button"},
          table="table", words="words", where="practice after a wrong card")
    box.locator('.card-button[data-card="5H"]').click()  # the answer: its one text too
    expect(box.locator(".practice-feedback")).to_have_attribute("data-kind", "right")
    practice_says_it_once(box.locator(".practice-feedback"))
    # The log of what was played names the answer; it does not say its why again.
    expect(box.locator(".practice-log .practice-move.is-right")).to_have_count(1)
    said = box.locator(".practice-feedback").inner_text() + "\n" + box.locator(".practice-log").inner_text()
    assert not told_twice(said), f"practice says it twice: {said}"
    # East, the visitor's next seat: the table stays still (issue 27: it used to turn, South
    # moving to the left under the visitor), East's cards where they were, in rows wide enough
    # to read (not slivers). The turned-up card's tag stays on its card.
    east = box.locator('.practice-live .seat[data-seat="1"]')
    expect(east).to_have_class(re.compile(r"\bseat-east\b"))
    expect(box.locator('.practice-live .seat[data-seat="0"]')).to_have_class(re.compile(r"\bseat-south\b"))
    expect(east.locator(".seat-name")).to_have_text("East")
    expect(box.locator(".practice-prompt")).to_contain_text("playing East")
    top_at(page, f"{live} .practice-live")
    hand = visitor_hand(page, f'{live} .practice-live .seat[data-seat="1"]', f"{live} .practice-live .table-centre")
    assert min(hand["widths"]) >= 24, f"East's cards are slivers: {hand['widths']} px"
    check(page, {"table": f"{live} .practice-table", "words": f"{live} .practice-feedback",
                 "cards": f'{live} .practice-live .seat[data-seat="1"] .card-button'},
          table="table", words="words", where="practice at East's step")
    expect(east.locator(".card-tag")).to_have_count(1)
    tag, card = east.locator(".card-tag").evaluate(
        "t => [t.getBoundingClientRect(), t.closest('.hand-card').getBoundingClientRect()]"
        ".map(r => [r.left, r.right])")
    assert card[0] - 1 <= tag[0] and tag[1] <= card[1] + 1, f"the tag {tag} lies outside its card {card}"
    east.locator('.card-button[data-card="AC"]').click()
    expect(box.locator(".practice-prompt")).to_have_text("Position complete.")
    page.context.close()


def visitor_hand(page: Page, seat: str, centre: str) -> dict:
    """The width each card of `seat`'s hand shows (up to the next card on its row), and whether the hand
    lies below the centre of the table."""
    return page.evaluate("""([seat, centre]) => {
      const cards = [...document.querySelector(seat).querySelectorAll('.hand-card')].map((c) => c.getBoundingClientRect());
      const next = (i) => i + 1 < cards.length && Math.abs(cards[i + 1].top - cards[i].top) < 2 ? cards[i + 1] : null;  // on the same row
      const widths = cards.map((r, i) => Math.round((next(i) ? Math.min(r.right, next(i).left) : r.right) - r.left));
      const hand = document.querySelector(seat).querySelector('.hand').getBoundingClientRect();
      return { widths, below: hand.top >= document.querySelector(centre).getBoundingClientRect().bottom - 1 };
    }""", [seat, centre])


LIVE = '.play .seat-south button.card-button[aria-disabled="false"]'


# On the taller phone (393x852) there is room for the game's settings above the stage as well
# as the table and the words, but not for your moves' buttons under them too; the buttons come
# first (the settings once pushed them off the bottom of the screen).
@pytest.mark.parametrize("size", SIZES, ids=IDS)
@pytest.mark.parametrize("game", ["briscola", "madrasso"])
def test_the_computers_move_shows_beside_the_table_with_your_cards(browser, site_url, watch, size, game,
                                                                   open_with_storage):
    page = new_page(browser, watch, size)
    open_with_storage(page, f"{site_url}{game}.html?seed=2&level=random", clear=True)
    page.locator(".play").scroll_into_view_if_needed()  # the table starts when near
    page.locator('.play [data-action="new"]').click()
    page.locator(LIVE).first.wait_for(timeout=READY)
    count = page.locator(".play .seat-south .hand-card").count()
    page.locator(LIVE).first.click()
    # The computers answer, then it is your turn again (Briscola: after drawing back to three).
    expect(page.locator(".play [data-last]")).not_to_be_empty(timeout=READY)
    page.locator(LIVE).first.wait_for(timeout=READY)
    if game == "madrasso":
        expect(page.locator(".play .seat-south .hand-card")).to_have_count(count - 1)
    check_settled(page, {"table": ".play [data-table]", "words": ".play [data-last]", "prompt": ".play [data-prompt]",
                         "controls": ".play .play-buttons", "cards": LIVE},
                  table="table", words="words", where=f"{game} after the computer's move")
    page.context.close()


# Scroll down a page half a screen at a time; at each stop, the places where the shown "On this
# page" box and a block of the page's body (a paragraph, a heading, a table: demo, practice,
# play) lie over each other on the screen.
TOC_CROSSINGS = """() => {
  const crossings = [];
  const boxOf = (e) => e.getBoundingClientRect();
  const meets = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const last = document.documentElement.scrollHeight;
  for (let y = 0; y < last; y += Math.round(innerHeight / 2)) {
    window.scrollTo({ top: y, behavior: 'instant' });
    const tocs = [...document.querySelectorAll('.page-toc')].map(boxOf).filter((b) => b.width > 0 && b.height > 0);
    for (const block of document.querySelectorAll('.prose > *')) {
      const b = boxOf(block);
      if (b.width > 0 && b.height > 0 && b.bottom > 0 && b.top < innerHeight && tocs.some((t) => meets(t, b)))
        crossings.push(`at ${y}px: <${block.tagName.toLowerCase()} class="${block.className}"> ${block.textContent.trim().slice(0, 40)}`);
    }
  }
  return crossings;
}"""


def pages_with_contents(site) -> list[str]:
    return sorted(p.name for p in site.glob("*.html") if 'class="page-toc' in p.read_text(encoding="utf-8"))


@pytest.mark.parametrize("size", SIZES, ids=IDS)
@pytest.mark.parametrize("js", [False, True], ids=["no-js", "js"])
def test_the_contents_never_lies_over_the_page(browser, built_site, site_url, watch, size, js):
    """The "On this page" list is drawn clear of the text and of every table (demo, practice,
    play), wherever the page is scrolled, with and without JavaScript: it never peeks out
    between the practice positions or hides part of a table."""
    names = pages_with_contents(built_site)
    assert {"madrasso.html", "briscola.html", "scopa.html"} <= set(names)
    width, height = size
    context = browser.new_context(viewport={"width": width, "height": height}, java_script_enabled=js,
                                  reduced_motion="reduce", has_touch=width < 500, is_mobile=width < 500)
    page = context.new_page()
    watch(page)
    for name in names:
        page.goto(site_url + name)
        crossings = page.evaluate(TOC_CROSSINGS)
        assert not crossings, f"{name} at {width}x{height}: the contents lies over " + "; ".join(crossings[:5])
    context.close()


WIDE_LAYOUT = """() => {
  const box = (el) => el && el.getBoundingClientRect();
  const toc = box(document.querySelector(".page-toc-wide"));
  const text = box(document.querySelector(".prose > p"));
  const table = box(document.querySelector(".prose > :is(.demo, .practice, .play)"));
  return {toc: toc && [toc.left, toc.top, toc.right, toc.bottom], text: text && [text.left, text.top, text.right],
          table: table && [table.left, table.right]};
}"""


def test_a_table_gets_the_width_and_a_text_page_keeps_its_side_list(browser, site_url, watch):
    """On a wide screen a rules page with a table (demo, practice, play) gives the table more
    room than its reading-width text, its "On this page" list above the text; a page of text
    only keeps the list in a column beside the text."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, java_script_enabled=False)
    page = context.new_page()
    watch(page)
    for name in ("madrasso.html", "briscola.html", "scopa.html"):
        page.goto(site_url + name)
        at = page.evaluate(WIDE_LAYOUT)
        toc, text, table = at["toc"], at["text"], at["table"]
        assert toc[3] <= text[1], f"{name}: the contents list is not above the text: {at}"
        assert table[1] - table[0] > (text[2] - text[0]) + 100, f"{name}: the table is no wider than the text: {at}"
    page.goto(site_url + "glossary.html")
    at = page.evaluate(WIDE_LAYOUT)
    assert at["table"] is None and at["toc"][0] >= at["text"][2], f"glossary: the list is not beside the text: {at}"
    context.close()
