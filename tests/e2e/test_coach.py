"""The coach in the page, in real Chromium with the real Pyodide (docs/coach.md): the hint in
words, the review of a finished deal on the end screen (a progress bar, the summary, every move
marked, the costliest moments on the table), a costly moment kept and opened as a practice
position, and the review of a shared deal on the replay page.

One page for the module (1000x900), the fast "random" computer level and prefers-reduced-motion, as in
test_play.py, whose helpers this uses. Briscola seed 4, South always playing its first legal
card: the review (the expert's own numbers, seed 1) finds one mistake in that deal.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

_table = importlib.util.spec_from_file_location("play_table", Path(__file__).with_name("test_play.py"))
play_table = importlib.util.module_from_spec(_table)
_table.loader.exec_module(play_table)
READY, MOVE, LIVE = play_table.READY, play_table.MOVE, play_table.LIVE
open_table, new_game, play_to_end = play_table.open_table, play_table.new_game, play_table.play_to_end

REVIEW = 120_000   # ms: a whole deal's review in the worker, on a busy machine
CARD_CODE = re.compile(r"\b(?:[A2-7JQK][CDHS])\b")
JARGON = re.compile(r"playout|sample|simulat|rollout|search", re.IGNORECASE)
MARKS = {"best", "good", "inaccuracy", "mistake"}
KEPT = ".practice-kept:not([hidden])"


play = play_table.play  # the module's one page (test_play.py's fixture)


@pytest.fixture(scope="module")
def reviewed(play, site_url):
    """A Briscola deal played to the end and reviewed on the end screen."""
    page, watch = play
    open_table(page, site_url, "briscola", "seed=4&level=random")
    new_game(page)
    page.locator('.play [data-action="hint"]').click()
    hint = page.locator(".play [data-hint]")
    expect(hint).to_contain_text("Hint: Play the", timeout=MOVE)
    seen = {"hint": hint.inner_text()}
    end = play_to_end(page)
    seen["replay_href"] = end.locator("a[data-replay]").get_attribute("href")
    # While the worker reviews, the page keeps drawing frames (the longest gap between two is
    # kept) and the progress bar moves one move at a time (every count shown is kept).
    page.evaluate("""() => {
      window.__review = { counts: [], gap: 0 };
      let last = performance.now();
      const frame = (now) => {
        window.__review.gap = Math.max(window.__review.gap, now - last);
        last = now;
        if (!document.querySelector(".play [data-review-summary]")) requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
      const count = document.querySelector(".play [data-end]");
      new MutationObserver(() => {
        const text = (count.querySelector(".coach-progress-count") || {}).textContent;
        if (text && !window.__review.counts.includes(text)) window.__review.counts.push(text);
      }).observe(count, { subtree: true, childList: true, characterData: true });
    }""")
    end.locator('[data-action="review"]').click()
    # The moves were valued while the computer played (review_note): the bar shows only while
    # some are left, which a quiet machine may not leave at all.
    progress = end.locator("[data-review-progress]")
    expect(end.locator("[data-review-summary]")).to_be_visible(timeout=REVIEW)
    expect(progress).to_be_hidden()
    seen["progress"] = page.evaluate("window.__review")
    seen["summary"] = end.locator("[data-review-summary]").inner_text()
    seen["marks"] = end.locator("[data-review-moves] tbody tr").evaluate_all("rows => rows.map(r => r.dataset.mark)")
    seen["moments"] = end.locator("[data-moment]").evaluate_all("""items => items.map(m => ({
      mark: m.dataset.mark, text: m.querySelector('.coach-moment-text').textContent,
      played: (m.querySelector('.is-played img') || {}).alt, best: (m.querySelector('.is-preferred img') || {}).alt,
      backs: m.querySelectorAll('.seat-north img.card-back').length }))""")
    return seen


def test_the_hint_names_cards_in_words_and_says_why(reviewed):
    hint = reviewed["hint"]
    assert not CARD_CODE.search(hint), hint
    assert not JARGON.search(hint), hint
    assert "usually brings about" in hint or "would do about as well" in hint


def test_a_finished_deal_is_reviewed_with_a_summary_and_every_move_marked(reviewed):
    progress = reviewed["progress"]
    # Any count shown was of the deal's 20 moves (none when every move was valued during play).
    assert all(re.fullmatch(r"Starting the review…|Reviewing your moves: \d+ of 20", c) for c in progress["counts"]), progress
    assert progress["gap"] < 2000, progress  # the review never held the page up
    assert re.fullmatch(r"You gave away about \d+ card points in all; the costliest move, at trick \d+, gave away"
                        r" about \d+ card points?\.", reviewed["summary"]), reviewed["summary"]
    marks = reviewed["marks"]
    assert len(marks) == 20 and set(marks) <= MARKS, marks
    # The review's valuation stops sampling once a mark is clear (issue 30): in this deal it
    # finds one mistake where the full valuation found two (the other within the noise of the
    # mistake threshold, marked lower now: bench/review_speed.py --verdicts).
    assert marks.count("mistake") == 1
    moments = reviewed["moments"]
    assert 1 <= len(moments) <= 3
    assert moments[0]["mark"] == "mistake"
    for moment in moments:
        # The table as South saw it: North's cards face down, the card played and the
        # expert's card marked, and the reason in words beside it.
        assert moment["backs"] >= 1
        assert moment["played"] and moment["best"] and moment["played"] != moment["best"]
        assert f"you played the {moment['played']}" in moment["text"]
        assert f"The expert prefers the {moment['best']}" in moment["text"]
        assert not CARD_CODE.search(moment["text"])


def test_a_kept_mistake_opens_as_a_practice_position(play, reviewed):
    page, watch = play
    moment = page.locator('.play [data-moment][data-mark="mistake"]').first
    played = moment.locator(".is-played img").get_attribute("alt")
    best = moment.locator(".is-preferred img").get_attribute("alt")
    moment.locator('[data-action="practise"]').click()
    expect(page).to_have_url(re.compile(r"#practice-review-briscola-1-\d+$"))
    position = page.locator(KEPT)
    expect(position.locator("h3")).to_contain_text("From your deal: trick")
    expect(position.locator(".practice-question")).to_contain_text(f"You played the {played} here")
    live = position.locator(".practice-live")
    button = live.locator(f'.card-button:has(img[alt="{played}"])')
    expect(button).to_be_enabled(timeout=READY)
    # The same feedback as the authored positions: the mistake is not the answer, and why.
    button.click()
    feedback = position.locator(".practice-feedback")
    expect(feedback).to_contain_text("Not this one")
    expect(feedback).to_contain_text("on average against the")
    expect(feedback).to_contain_text("Try again.")
    live.locator(f'.card-button:has(img[alt="{best}"])').click()
    expect(position.locator(".practice-end")).to_be_visible()
    expect(position.locator(".practice-prompt")).to_have_text("Position complete.")
    # Kept in the browser: after a reload the position is still in the list, and an entry
    # spoilt in the storage is left out instead of breaking the practice table.
    page.evaluate("""() => {
      const key = "coach.kept.v1:briscola";
      const kept = JSON.parse(localStorage.getItem(key));
      localStorage.setItem(key, JSON.stringify([{ id: "spoilt" }, "junk", ...kept]));
    }""")
    page.reload()
    expect(page.locator('.practice-menu [data-go^="review-briscola-1-"]')).to_have_count(1)
    expect(page.locator(KEPT).locator("h3")).to_contain_text("From your deal")
    watch.check()


def test_a_shared_deal_is_reviewed_on_the_replay_page_for_the_seat_chosen(play, reviewed, site_url):
    page, watch = play
    page.goto(site_url + reviewed["replay_href"])
    expect(page.locator(".play [data-position]")).to_have_text("Move 0 of 40", timeout=READY)
    page.locator('.play [data-action="end"]').click()
    expect(page.locator(".play [data-position]")).to_have_text("Move 40 of 40")
    end = page.locator(".play [data-end]")
    end.locator('[data-control="review-seat"]').select_option("1")  # North's moves
    end.locator('[data-action="review"]').click()
    expect(end.locator("[data-review-summary]")).to_be_visible(timeout=REVIEW)
    marks = end.locator("[data-review-moves] tbody tr").evaluate_all("rows => rows.map(r => r.dataset.mark)")
    assert len(marks) == 20 and set(marks) <= MARKS
    # The review's full view closes back to the replay; stepping through the deal keeps the
    # review that was made, and it opens again.
    page.get_by_role("button", name="Close the review").click()
    page.locator('.play [data-action="back"]').click()
    page.locator('.play [data-action="end"]').click()
    end.locator('[data-action="review"]', has_text="Open the review again").click()
    expect(end.locator("[data-review-summary]")).to_be_visible()
    watch.check()
