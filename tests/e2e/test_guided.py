"""The guided first game ([[guided: game]], js/guided.mjs) as a visitor meets it: on a rules page
they scroll to "Start the guided game" and press it, and play a whole deal against the computer.
At each of their turns exactly the legal cards are lifted (the engine's playable moves, and what
the rules allow from what is on the table), the coach's card is lit with a word and a sign and
its reason beside the table; each computer card is explained in words that name only cards the
visitor has seen; each idea is introduced once; a card other than the coach's gets its mark;
the deal ends and the coach's review opens. axe finds nothing wrong with a guided turn.
Screenshots of a guided turn go to /work/notes/shots/coach-guided/ when that folder exists.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

SHOTS = Path("/work/notes/shots/coach-guided")
TURN = 60_000  # ms: the computer's moves and the coach's valuation on 2 shared cores
CARD_NAME = re.compile(r"\b(?:ace|two|three|four|five|six|seven|jack|queen|king) of "
                       r"(?:clubs|diamonds|hearts|spades)\b", re.I)

# What the page keeps while the deal is played: every idea callout as it appears, and every
# computer card's words with the card names the visitor had seen on the table by then.
RECORDER = """() => {
  const root = document.querySelector("[data-guided]");
  window.__guided = { ideas: [], landed: [], seen: new Set() };
  const look = () => {
    for (const img of root.querySelectorAll("[data-table] img[alt]")) window.__guided.seen.add(img.alt.toLowerCase());
  };
  new MutationObserver((records) => {
    look();
    for (const r of records) for (const node of r.addedNodes) {
      if (!(node instanceof HTMLElement)) continue;
      if (node.matches(".guided-idea")) window.__guided.ideas.push(node.dataset.idea);
      if (node.matches("li[data-landed-card]")) window.__guided.landed.push({ text: node.textContent, seen: [...window.__guided.seen] });
    }
  }).observe(root, { childList: true, subtree: true, attributes: true });
}"""

CASES = [  # game, viewport, seed
    ("briscola", (1280, 800), 3),
    ("briscola", (390, 844), 5),
    ("madrasso", (390, 844), 2),
    ("scopa", (1280, 800), 4),
]


def no_violations(page) -> None:
    # The guided game's part of the page (the practice table above it has its own tests).
    results = Axe().run(page, context="[data-guided]")
    assert results.violations_count == 0, results.generate_report()


def suit(card: str) -> str:
    return card[-1]


@pytest.mark.parametrize(("game", "size", "seed"), CASES, ids=[f"{g}-{w}" for g, (w, _), _ in CASES])
def test_a_guided_first_game_from_the_rules_page(browser, watch, site_url, game, size, seed):
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, reduced_motion="reduce")
    page = context.new_page()
    watch(page)
    try:
        page.goto(f"{site_url}{game}.html?seed={seed}")
        root = page.locator("[data-guided]")
        start = root.locator('[data-action="new"]')
        start.scroll_into_view_if_needed()
        start.click()
        page.evaluate(RECORDER)
        turns = 0
        other_played = False
        looked = False
        while True:
            page.wait_for_function(
                "() => { const r = document.querySelector('[data-guided]');"
                " return r.dataset.turn === 'you' || !r.querySelector('[data-end]').hidden; }", timeout=TURN)
            if root.locator("[data-end]").is_visible():
                break
            turns += 1
            hand = root.locator(".seat-south [data-hand] .hand-card button.card-button")
            held = [c for c in hand.evaluate_all("bs => bs.map(b => b.dataset.card)")]
            lifted = root.locator(".seat-south [data-hand] .hand-card.is-playable button").evaluate_all(
                "bs => bs.map(b => b.dataset.card)")
            playable = {a.split(" ")[0] for a in (root.get_attribute("data-playable") or "").split(",") if a and a != "swap"}
            assert set(lifted) == playable, (lifted, playable)
            if game in ("briscola", "scopa"):
                assert set(lifted) == set(held)   # nothing restricts a card in these games
            else:                                  # Madrasso: follow the suit led when you can
                assert set(lifted) == set(held) or len({suit(c) for c in lifted}) == 1
            # The coach's card lit on the table with its word and sign, its reason beside.
            coach = root.locator("[data-coach]")
            expect(coach).to_be_visible()
            expect(coach.locator(".verdict-word")).to_have_text("Coach")
            expect(coach.locator(".guided-reason")).not_to_be_empty()
            suggested = coach.locator("[data-suggestion]").get_attribute("data-suggestion")
            if suggested != "swap":
                lit = root.locator(".seat-south .hand-card.is-lit")
                expect(lit).to_have_count(1)
                expect(lit).to_have_attribute("data-verdict", "hint")
                assert lit.locator("button").get_attribute("data-card") == suggested.split(" ")[0]
            # In view together after the press: the table and the coach's words.
            for part in (root.locator(".seat-south [data-hand]"), coach):
                box = part.bounding_box()
                assert box and box["y"] >= -1 and box["y"] + box["height"] <= size[1] + 1, (part, box)
            if not looked and root.locator(".guided-idea").count():
                # A guided turn with the coach's card and an idea's callout: axe, and the
                # screen as the visitor sees it (and the whole component) for the author's eyes.
                looked = True
                no_violations(page)
                if SHOTS.is_dir():
                    page.screenshot(path=str(SHOTS / f"{game}-{size[0]}x{size[1]}.png"))
                    root.screenshot(path=str(SHOTS / f"{game}-{size[0]}x{size[1]}-component.png"))
            # Play the coach's card, except once another legal card: it gets its mark.
            card = suggested.split(" ")[0] if suggested != "swap" else lifted[0]
            others = [c for c in lifted if c != card]
            if not other_played and turns >= 2 and others:
                card, other_played = others[0], True
                mark_next = True
            else:
                mark_next = False
            root.locator(f'.seat-south button.card-button[data-card="{card}"]').click()
            choices = root.locator("[data-choices]")
            if choices.is_visible():
                choices.locator("[data-choice]").first.click()
            if mark_next:
                mark = root.locator("[data-your-card]")
                expect(mark).to_be_visible(timeout=TURN)
                expect(mark.locator(".verdict-word")).not_to_be_empty()
                expect(mark.locator(".verdict-sign")).not_to_be_empty()
        assert turns >= 5
        assert other_played
        assert looked, "no idea's callout on any of the visitor's turns"
        # The deal's end, and the coach's review open over it.
        expect(root.locator("[data-end]")).to_be_visible()
        expect(page.locator("dialog.coach-full[open]")).to_be_visible(timeout=TURN)
        record = page.evaluate("() => ({ideas: window.__guided.ideas, landed: window.__guided.landed})")
        ideas = record["ideas"]
        assert ideas, "no idea introduced"
        assert len(ideas) == len(set(ideas)), ideas
        assert record["landed"], "no computer card explained"
        for landed in record["landed"]:
            seen = set(landed["seen"])
            for name in CARD_NAME.findall(landed["text"]):
                assert name.lower() in seen, (landed["text"], name)
    finally:
        context.close()
