"""The deck choice as a visitor meets it: one click on "Venetian cards" above any table swaps
every card's picture on the page (the demo's, the practice's, the game's, the rules' marks),
the engine names the cards in the Venetian words at the tables ("the horse of cups"), a reload
keeps the choice, and the four-colour choice works with either deck. Also the replay's table,
and the deck page's controls."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

_table = importlib.util.spec_from_file_location("play_table", Path(__file__).with_name("test_play.py"))
play_table = importlib.util.module_from_spec(_table)
_table.loader.exec_module(play_table)
READY, LIVE = play_table.READY, play_table.LIVE

FRENCH = re.compile(r"\b(clubs|diamonds|hearts|spades|queen|jack)\b", re.I)
VENETIAN_NAME = re.compile(r"^(ace|two|three|four|five|six|seven|knave|horse|king) of (batons|coins|cups|swords)$")

PICTURES = """(root) => [...document.querySelectorAll(root + ' img[data-card], ' + root + ' img.card-back')]
  .map((img) => ({ src: img.getAttribute('src'), alt: img.alt, fixed: !!img.dataset.deck }))"""


def pictures(page: Page, root: str = "main") -> list[dict]:
    return [p for p in page.evaluate(PICTURES, root) if not p["fixed"]]


def folders(page: Page, root: str = "main") -> set[str]:
    return {p["src"].split("/")[0] for p in pictures(page, root)}


def test_one_click_swaps_every_picture_and_the_engines_words_and_a_reload_keeps_it(
        browser, site_url, watch, open_with_storage):
    context = browser.new_context(reduced_motion="reduce", viewport={"width": 1280, "height": 800})
    page = context.new_page()
    watch(page)
    open_with_storage(page, f"{site_url}madrasso.html?seed=2&level=random", clear=True)

    # The demo's control, as a visitor finds it scrolling down: one click.
    page.locator(".demo").scroll_into_view_if_needed()
    choice = page.locator(".demo [data-four-colour-toggle]")
    expect(choice.get_by_role("radio", name="Toscane cards")).to_be_checked()
    assert folders(page) == {"cards"}
    choice.get_by_role("radio", name="Venetian cards").click()
    radios = page.locator('[data-four-colour-toggle] input[type="radio"][value="venetian"]')
    expect(radios).to_have_count(3)                        # demo, practice, play: one choice
    assert all(radio.is_checked() for radio in radios.all())
    assert folders(page) == {"cardsv"}, pictures(page)
    for picture in pictures(page):                         # the rules' marks and the demo's table
        if picture["alt"] and not picture["src"].endswith("back.svg"):   # "": words beside it
            assert VENETIAN_NAME.match(picture["alt"]), picture

    # The demo steps with the engine: its table and its words in the Venetian deck's terms.
    page.locator('.demo [data-action="forward"]').click()
    expect(page.locator(".demo [data-position]")).to_have_text(re.compile(r"^Move 1 of"), timeout=READY)
    expect(page.locator(".demo [data-trump]")).to_contain_text("cups")
    assert folders(page, ".demo") == {"cardsv"}

    # A game against the computer: the hand drawn from cardsv/, named by the engine.
    page.locator(".play").scroll_into_view_if_needed()
    play_table.new_game(page)
    hand = page.locator(".play .seat-south img[data-card]")
    expect(hand.first).to_have_attribute("src", re.compile(r"^cardsv/"))
    names = [img.get_attribute("alt") for img in hand.all()]
    assert names and all(VENETIAN_NAME.match(n) for n in names), names
    page.locator(LIVE).first.click()
    expect(page.locator(".play [data-last]")).to_contain_text(
        re.compile(r" of (batons|coins|cups|swords)"), timeout=play_table.MOVE)
    words = page.locator(".play .play-words").inner_text()
    assert not FRENCH.search(words), words

    # A reload keeps the choice: the controls, the pictures, the engine's words.
    page.reload()
    page.locator(".play").scroll_into_view_if_needed()
    page.locator(LIVE).first.wait_for(timeout=READY)   # the game saved, resumed
    expect(page.locator(".play").get_by_role("radio", name="Venetian cards")).to_be_checked()
    assert folders(page) == {"cardsv"}, pictures(page)
    names = [img.get_attribute("alt") for img in page.locator(".play .seat-south img[data-card]").all()]
    assert names and all(VENETIAN_NAME.match(n) for n in names), names
    assert not FRENCH.search(page.locator(".play .play-words").inner_text())

    # Four colours with the Venetian deck, then back to the Toscane pack, four colours kept.
    page.locator(".play").get_by_role("checkbox", name="Four-colour suits").check()
    assert folders(page) == {"cardsv4"}, pictures(page)
    page.locator(".play").get_by_role("radio", name="Toscane cards").click()
    assert folders(page) == {"cards4"}, pictures(page)
    mark = page.locator(".demo img[data-alt-venetian]").first
    assert not VENETIAN_NAME.match(mark.get_attribute("alt"))   # the rules' names again
    page.locator(".play").get_by_role("checkbox", name="Four-colour suits").uncheck()
    assert folders(page) == {"cards"}
    context.close()


FRENCH_CARD = re.compile(r"\b(ace|two|three|four|five|six|seven|jack|queen|king) of (clubs|diamonds|hearts|spades)\b")
VENETIAN_CARD = re.compile(r"\b(ace|two|three|four|five|six|seven|knave|horse|king) of (batons|coins|cups|swords)\b")


def test_the_deck_chosen_mid_game_renames_the_words_on_screen_at_once(
        browser, site_url, watch, open_with_storage):
    """Issue 31: the pictures swapped at once, but the last move's words, the prompt and the
    hint stayed in the old deck's names until the engine's next answer. Now the page asks the
    engine again at once, at the same move: nothing is played, nothing is lost."""
    context = browser.new_context(reduced_motion="reduce", viewport={"width": 1280, "height": 800})
    page = context.new_page()
    watch(page)
    open_with_storage(page, f"{site_url}madrasso.html?seed=2&level=random", clear=True)
    play = page.locator(".play")
    play.scroll_into_view_if_needed()
    play_table.new_game(page)
    page.locator(LIVE).first.click()                      # one move, then the computer's
    expect(page.locator(".play [data-last]")).to_contain_text(FRENCH_CARD, timeout=play_table.MOVE)
    page.locator(LIVE).first.wait_for(timeout=play_table.MOVE)
    play.locator('[data-action="hint"]').click()
    hint = play.locator("[data-hint]")
    expect(hint).to_contain_text(FRENCH_CARD, timeout=play_table.MOVE)
    expect(play.locator('.seat-south .is-lit[data-verdict="hint"]')).to_have_count(1)
    last_before = play.locator("[data-last]").inner_text()
    hand_before = play.locator(".seat-south img[data-card]").count()

    play.get_by_role("radio", name="Venetian cards").click()
    # At once, without another move: the last move, the hint, the table's words.
    expect(play.locator("[data-last]")).to_contain_text(VENETIAN_CARD, timeout=10_000)
    last_after = play.locator("[data-last]").inner_text()
    assert not FRENCH_CARD.search(last_after), last_after
    # The same move in the other deck's words (the seat and the verb kept).
    assert last_before.split(" ")[:2] == last_after.split(" ")[:2], (last_before, last_after)
    expect(hint).to_contain_text(VENETIAN_CARD, timeout=10_000)
    assert not FRENCH.search(play.locator(".play-words").inner_text())
    expect(play.locator('.seat-south .is-lit[data-verdict="hint"]')).to_have_count(1)
    assert play.locator(".seat-south img[data-card]").count() == hand_before   # nothing played
    expect(page.locator(LIVE).first).to_be_visible()                            # still your turn

    # The game goes on from there: one press, one move.
    page.locator(LIVE).first.click()
    expect(play.locator(".seat-south img[data-card]")).to_have_count(hand_before - 1, timeout=play_table.MOVE)
    page.locator(LIVE).first.wait_for(timeout=play_table.MOVE)
    assert not FRENCH.search(play.locator(".play-words").inner_text())
    context.close()


def test_the_practice_and_the_replay_follow_the_choice(browser, site_url, watch, open_with_storage):
    context = browser.new_context(reduced_motion="reduce", viewport={"width": 390, "height": 844},
                                  has_touch=True, is_mobile=True)
    page = context.new_page()
    watch(page)
    open_with_storage(page, f"{site_url}scopa.html#practice", {"cards.deck": "venetian"}, clear=True)
    practice = page.locator(".practice")
    practice.scroll_into_view_if_needed()
    expect(practice.locator("img[data-card]").first).to_have_attribute("src", re.compile(r"^cardsv/"),
                                                                        timeout=READY)
    expect(practice.get_by_role("radio", name="Venetian cards")).to_be_checked()
    assert folders(page, ".practice") == {"cardsv"}

    # A finished Scopa deal shared as a replay link: its table in the Venetian pack and words.
    from engine.games import GAMES

    game = GAMES["scopa"].new(5)
    while not game.is_over():
        game.apply(game.legal_actions()[0])
    href = play_table_link(game.finished_deals()[-1])
    page.goto(site_url + href)
    replay = page.locator(".play")
    expect(replay.get_by_role("radio", name="Venetian cards")).to_be_checked()
    replay.locator('[data-action="forward"]').click()
    expect(replay.locator("[data-last]")).to_contain_text(re.compile(r" of (batons|coins|cups|swords)"),
                                                          timeout=READY)
    assert folders(page, ".play") == {"cardsv"}, pictures(page, ".play")
    assert not FRENCH.search(replay.locator(".play-words").inner_text())
    context.close()


def play_table_link(record) -> str:
    import base64
    import json

    text = json.dumps(record)
    return "replay.html#r=" + base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def test_the_deck_pages_keep_their_own_pack_and_offer_the_choice(site_page, site_url):
    site_page.goto(site_url + "venetian.html")
    gallery = site_page.locator("#gallery")
    expect(gallery.locator("img")).to_have_count(40)
    horse = gallery.get_by_role("img", name="horse of cups")
    expect(horse).to_have_attribute("src", "cardsv/QH.svg")
    gallery.get_by_role("radio", name="Venetian cards").click()
    gallery.get_by_role("checkbox", name="Four-colour suits").check()
    expect(horse).to_have_attribute("src", "cardsv4/QH.svg")
    site_page.goto(site_url + "toscane.html")           # the Toscane page stays Toscane
    expect(site_page.get_by_role("radio", name="Venetian cards")).to_be_checked()
    expect(site_page.get_by_role("img", name="queen of hearts")).to_have_attribute("src", "cards4/QH.svg")


# ---- the table with friends: the host's engine names the cards, in the host's deck ------------
# (Every seat's words come from the host's engine, as the seat names do; each person's own
# choice draws the pictures.) The friends' private network and relay, from test_friends.py.

def _friends():
    spec = importlib.util.spec_from_file_location("friends_tests", Path(__file__).with_name("test_friends.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


friends = _friends()
network, friends_url, private_browser = friends.network, friends.friends_url, friends.private_browser


def test_a_table_with_friends_draws_and_names_the_venetian_cards(private_browser, friends_url):
    host = friends.Person(private_browser, "Ivo", (1280, 800))
    try:
        host.page.goto(friends_url + "404.html")
        host.page.evaluate("localStorage.clear(); localStorage.setItem('cards.deck', 'venetian')")
        friends.open_table(host, friends_url, game="briscola", seat=0)
        expect(host.page.locator("[data-start-note]")).to_contain_text("The computer")
        host.page.click('[data-action="start"]')
        hand = host.page.locator(".seat-south [data-hand] img[data-card]")
        expect(hand).to_have_count(3, timeout=30_000)
        expect(host.page.locator(".friends-game").get_by_role("radio", name="Venetian cards")).to_be_checked()
        names = [img.get_attribute("alt") for img in hand.all()]
        assert all(VENETIAN_NAME.match(n) for n in names), names
        assert {img.get_attribute("src").split("/")[0] for img in hand.all()} == {"cardsv"}
        friends.play_one(friends.whose_turn([host]))
        expect(host.page.locator("[data-last]")).to_contain_text(re.compile(r" of (batons|coins|cups|swords)"))
        assert not FRENCH.search(host.page.locator("[data-words]").inner_text())
        # One click back to the Toscane pack: the pictures at once.
        host.page.locator(".friends-game").get_by_role("radio", name="Toscane cards").click()
        assert {img.get_attribute("src").split("/")[0] for img in hand.all()} == {"cards"}
    finally:
        host.close()
