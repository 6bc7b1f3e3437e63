"""Issue 32 end to end: an Italian visitor at a phone's size (390x844) and a laptop's (1280x800),
in real Chromium with the real Pyodide, on the built site under its sub-path.

- Madrasso: from the Italian home page the visitor follows the demo's link and steps through
  the demo's first ten moves with Avanti; then a practice position answered wrongly, rightly,
  and with a card the rules refuse.
- Briscola: on the Italian rules page they press Nuova partita, ask for a hint, play the game
  to its end and open the review (Briscola seed 4, the fast "random" computer, South always
  pressing its first playable card: test_coach.py's deal, whose review finds a mistake).
- Scopa: a card that can capture two ways offers the choice.

At each step the component's words are collected as a visitor meets them (its visible text,
its aria-labels, alt texts and titles, and its live regions' words, outside elements marked as
another language) and checked with the one word list (tests/engine/english.py). A verdict is a
word, a colour and a sign. The demo's texts never say a point count twice (sitegen/demo_text.py).
One Pyodide start per page and size. Firefox ESR: the language switch and the Italian demo
(tests/e2e/firefox_italian.mjs).
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("english", ROOT / "tests" / "engine" / "english.py")
assert _spec is not None and _spec.loader is not None
_english = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_english)
ENGLISH = _english.ENGLISH

READY = 120_000   # ms: Pyodide's first start on a busy machine
MOVE = 30_000     # ms: one round of computer moves
REVIEW = 120_000  # ms: a whole deal's review in the worker
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}
LIVE = '.play .seat-south button.card-button[aria-disabled="false"]'

WORDS = """(root) => {
  const out = [];
  const foreign = (el) => { const marked = el.closest('[lang]'); return marked && marked.lang !== 'it'; };
  const live = (el) => el.closest('[aria-live], [role=status], [role=alert], [role=log]');
  const seen = (el) => !el.closest('[hidden]') && (el.checkVisibility() || (live(el) && !el.closest('[hidden]')));
  const elements = [root, ...root.querySelectorAll('*')];
  for (const el of elements) {
    if (foreign(el) || el.closest('script, style, template')) continue;
    const shown = el.tagName === 'OPTION' ? seen(el.closest('select')) : seen(el);
    if (!shown) continue;
    for (const pseudo of ['::before', '::after']) {   // CSS content is read and seen too
      const content = getComputedStyle(el, pseudo).content;
      if (content && /^".*[A-Za-z].*"$/.test(content)) out.push(content.slice(1, -1));
    }
    for (const name of ['aria-label', 'alt', 'title', 'placeholder']) {
      const value = el.getAttribute(name);
      if (value && value.trim()) out.push(value.trim());
    }
    for (const node of el.childNodes) {
      if (node.nodeType === Node.TEXT_NODE && node.textContent.trim()) out.push(node.textContent.trim().replace(/\\s+/g, ' '));
    }
  }
  return out;
}"""
"""What a visitor meets in a component: its shown text (and a live region's, read aloud even
when visually hidden), aria-labels, alt texts, titles; not an element marked lang="en"."""


def words(page: Page, selector: str) -> list[str]:
    texts: list[str] = []
    for i in range(page.locator(selector).count()):
        texts += page.locator(selector).nth(i).evaluate(WORDS)
    assert texts, f"nothing to read in {selector}"
    return texts


def english(page: Page, *selectors: str) -> list[str]:
    """The English the visitor meets in these components (the list is empty when they are
    Italian throughout)."""
    return [text for selector in selectors for text in words(page, selector)
            if ENGLISH.search(text)]


SURVEY = os.environ.get("ITALIAN_SURVEY")
"""Set: the English found is printed and the test goes on (a survey of what is left to
translate), instead of failing at the first step that shows some."""


def check(page: Page, *selectors: str, where: object = "") -> None:
    """The components named are Italian throughout."""
    found = english(page, *selectors)
    if SURVEY and found:
        print(f"\nENGLISH at {where or selectors}: {found}")
        return
    assert found == [], (where, found)


def verdict(locator) -> dict:
    """A verdict badge (table-view.mjs verdictBadge): its word, its sign, its colour."""
    return locator.evaluate("""v => ({
      mark: v.dataset.verdict, word: (v.querySelector('.verdict-word') || {}).textContent || '',
      sign: (v.querySelector('.verdict-sign') || {}).textContent || '',
      colour: getComputedStyle(v).color, text: getComputedStyle(document.body).color })""")


def assert_seen(v: dict) -> None:
    assert v["word"].strip() and not ENGLISH.search(v["word"]), v
    assert v["sign"].strip(), v
    assert v["colour"] != v["text"], v   # the verdict's own colour, not the page's text colour


NUMBERS = {"un": 1, "uno": 1, "due": 2, "tre": 3, "quattro": 4, "cinque": 5, "sei": 6, "sette": 7,
           "otto": 8, "nove": 9, "dieci": 10, "undici": 11, "dodici": 12, "tredici": 13}
COUNT = re.compile(r"\b(\d+|" + "|".join(NUMBERS) + r") punt[oi]\b", re.I)


def counts(text: str) -> list[int]:
    return [int(n) if n.isdigit() else NUMBERS[n.lower()] for n in COUNT.findall(text)]


def new_context(browser, size: str):
    return browser.new_context(viewport=SIZES[size], locale="it-IT", reduced_motion="reduce")


def shot(page: Page, name: str, size: str) -> None:
    folder = Path("/work/notes/shots/it-e2e")
    if folder.parent.is_dir():
        folder.mkdir(exist_ok=True)
        page.screenshot(path=str(folder / f"{name}-{size}.png"))


@pytest.mark.parametrize("size", SIZES)
def test_madrasso_demo_and_practice_in_italian(browser, site_url, watch, size):
    context = new_context(browser, size)
    try:
        page = context.new_page()
        watch(page)
        # The visitor arrives on the Italian home page and follows the demo's link.
        page.goto(site_url + "it/index.html")
        page.locator('a.start-way[href="madrasso.html#demo"]').click()
        expect(page).to_have_url(site_url + "it/madrasso.html#demo")
        page.wait_for_load_state("load")   # the demo's script listens from then on
        demo = page.locator(".demo")
        forward = demo.locator('[data-action="forward"]')
        expect(forward).to_contain_text("Avanti")
        check(page, ".demo")
        for n in range(1, 11):
            forward.click()
            expect(demo.locator("[data-position]")).to_have_text(f"Mossa {n} di 41", timeout=READY if n == 1 else MOVE)
            text = demo.locator("[data-text]").inner_text()
            assert text.strip(), n
            check(page, ".demo", where=n)
            said = counts(text)
            assert len(said) == len(set(said)), (n, text)        # a count said once in a line
            assert not re.search(r"fa la presa \(\d+ punt", text), (n, text)  # the caption counts the trick
            table = demo.locator("[data-table]").inner_text()
            for won in re.findall(r"= (\d+) punt[oi] a", table):
                assert f"{won} punti a" not in text, (n, text, table)
        expect(demo.locator("[data-narration]")).not_to_be_empty()
        shot(page, "madrasso-demo", size)

        # A practice position: the visitor scrolls to its button and presses it.
        go = page.locator('.practice-go[data-go="madrasso-01-the-trick"]')
        go.click()
        box = page.locator("#practice-madrasso-01-the-trick")
        wrong = box.locator('.practice-live .card-button[data-card="4S"]')
        expect(wrong).to_have_attribute("aria-disabled", "false", timeout=READY)
        check(page, "#practice-madrasso-01-the-trick")
        wrong.click()
        feedback = box.locator(".practice-feedback")
        expect(feedback).to_have_attribute("data-kind", "retry")
        expect(feedback.locator(".verdict .verdict-word")).to_have_text("Non questa")
        retry = verdict(feedback.locator(".verdict"))
        assert_seen(retry)
        check(page, "#practice-madrasso-01-the-trick")
        box.locator('.practice-live .card-button[data-card="5H"]').click()
        expect(feedback).to_have_attribute("data-kind", "right", timeout=MOVE)
        expect(feedback.locator(".verdict .verdict-word")).to_have_text("Giusto")
        right = verdict(feedback.locator(".verdict"))
        assert_seen(right)
        assert right["colour"] != retry["colour"] and right["sign"] != retry["sign"], (right, retry)
        lit = box.locator(".practice-live [data-table] .is-lit")
        expect(lit).to_have_attribute("data-verdict", "best")
        assert lit.get_attribute("data-verdict-sign")
        check(page, "#practice-madrasso-01-the-trick")
        shot(page, "madrasso-practice", size)
        # A card the rules refuse (East must follow clubs): the rule, in Italian.
        refused = box.locator('.practice-live .seat[data-seat="1"] .card-button[data-card="AD"]')
        expect(refused).to_have_attribute("aria-disabled", "true", timeout=MOVE)
        refused.focus()
        page.keyboard.press("Enter")
        expect(feedback).to_have_attribute("data-kind", "illegal")
        expect(feedback.locator(".practice-illegal")).to_contain_text("asso di quadri")
        assert_seen(verdict(feedback.locator(".verdict")))
        check(page, "#practice-madrasso-01-the-trick")
    finally:
        context.close()


@pytest.mark.parametrize("size", SIZES)
def test_a_briscola_game_with_a_hint_and_the_review_in_italian(browser, site_url, watch, size):
    context = new_context(browser, size)
    try:
        page = context.new_page()
        watch(page)
        page.goto(site_url + "it/briscola.html?seed=4&level=random")
        new = page.locator('.play [data-action="new"]')
        expect(new).to_have_text("Nuova partita")
        new.click()                           # the visitor scrolls to it and presses it
        page.locator(LIVE).first.wait_for(timeout=READY)
        check(page, ".play")
        page.locator('.play [data-action="hint"]').click()
        hint = page.locator(".play [data-hint]")
        expect(hint).to_contain_text(re.compile(r"Gioca (il|la|l')"), timeout=MOVE)   # the engine's hint
        expect(hint).to_contain_text("Suggerimento:")
        check(page, ".play", where=hint.inner_text())
        shot(page, "briscola-hint", size)
        for n in range(25):
            if page.locator(".play [data-end]").is_visible():
                break
            page.locator(LIVE).first.click()
            page.locator(f"{LIVE}, .play [data-end]:not([hidden])").first.wait_for(timeout=MOVE)
            if n % 5 == 0:
                check(page, ".play", where=n)
        end = page.locator(".play [data-end]")
        expect(end).to_be_visible()
        check(page, ".play")
        end.locator('[data-action="review"]').click()
        expect(end.locator("[data-review-summary]")).to_be_visible(timeout=REVIEW)
        board = page.locator(".coach-full [data-review-board]")
        expect(board.locator("[data-review-counter]")).to_have_text(re.compile(r"\d+"), timeout=REVIEW)
        # The costliest moment: its verdict on the board (word, colour, sign), its reason.
        costly = board.locator("[data-review-costliest] button").first
        costly.click()
        step = board.locator("[data-review-step]")
        expect(step).to_have_attribute("data-mark", "mistake")
        assert_seen(verdict(step.locator(".verdict").first))
        lit = board.locator("[data-table] .is-lit")
        expect(lit).to_have_attribute("data-verdict", "mistake")
        assert lit.get_attribute("data-verdict-sign")
        expect(board.locator("[data-review-reason]")).not_to_be_empty()
        shot(page, "briscola-review", size)
        check(page, ".play", ".coach-full")
        # The review's moves on the end screen: each marked in words with its sign.
        page.locator('.coach-full [data-action="close-review"]').click()
        marks = end.locator("[data-review-moves] tbody tr .verdict")
        assert marks.count() >= 1
        for i in range(marks.count()):
            assert_seen(verdict(marks.nth(i)))
        check(page, ".play")
    finally:
        context.close()


@pytest.mark.parametrize("size", SIZES)
def test_a_scopa_capture_choice_in_italian(browser, site_url, watch, size):
    context = new_context(browser, size)
    try:
        page = context.new_page()
        watch(page)
        page.goto(site_url + "it/scopa.html")
        page.locator('.practice-go[data-go="scopa-01-the-settebello"]').click()
        box = page.locator("#practice-scopa-01-the-settebello")
        seven = box.locator('.practice-live .card-button[data-card="7S"]')
        expect(seven).to_have_attribute("aria-disabled", "false", timeout=READY)
        seven.click()
        choices = box.locator(".practice-choices .practice-capture")
        expect(choices).to_have_count(2)
        assert sorted(choices.all_inner_texts()) == ["Prendi il sette di fiori", "Prendi il sette di quadri"]
        expect(box.locator(".practice-choices-label")).to_have_text(
            "Il sette di picche può prendere in 2 modi. Che cosa prende?")
        check(page, "#practice-scopa-01-the-settebello")
        shot(page, "scopa-choice", size)
        box.locator('.practice-capture[data-action="7S x 7D"]').click()
        expect(box.locator(".practice-end")).to_be_visible(timeout=MOVE)
        assert_seen(verdict(box.locator(".practice-feedback .verdict")))
        check(page, "#practice-scopa-01-the-settebello")
    finally:
        context.close()


FIREFOX = os.environ.get("FIREFOX_PATH", "/usr/bin/firefox-esr")
FIREFOX_ITALIAN = Path(__file__).with_name("firefox_italian.mjs")


def test_firefox_switches_to_italian_and_the_demo_speaks_it(site_url):
    """Firefox ESR over WebDriver BiDi (tests/e2e/firefox_italian.mjs): the language switch
    (lang.mjs), the Italian demo's first move, its words Italian, the choice remembered."""
    assert Path(FIREFOX).exists(), f"{FIREFOX} is missing: `make test` installs firefox-esr as root"
    node = shutil.which("node")
    assert node, "node is needed to drive Firefox"
    done = subprocess.run([node, str(FIREFOX_ITALIAN), site_url], cwd=ROOT, text=True, capture_output=True,
                          timeout=400, env={**os.environ, "FIREFOX_PATH": FIREFOX, "ITALIAN_WORDS": WORDS})
    steps = {r["step"]: r for r in map(json.loads, done.stdout.splitlines())}
    failure = next((r for r in steps.values() if "error" in r), None)
    assert done.returncode == 0 and failure is None, f"{failure}\n{done.stderr}"
    switch = steps["switch"]
    assert switch["url"] == site_url + "it/madrasso.html" and switch["lang"] == "it", switch
    assert switch["heading"] == "Come si gioca a Madrasso" and switch["chosen"] == "it", switch
    demo = steps["demo"]
    assert demo["position"] == "Mossa 1 di 41" and demo["text"] and len(demo["words"]) > 20, demo
    found = [t for t in demo["words"] if ENGLISH.search(t)]
    assert found == [], found
    assert "italiano" in steps["offer"]["offer"], steps["offer"]   # the choice remembered
    assert "done" in steps
