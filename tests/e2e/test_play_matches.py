"""The ends of matches, played in the page: each way a Madrasso match ends, Scopa at three
players, and a Scopa tie at 11 that plays on.

Each test starts from a saved game (docs/play.md: ``localStorage["play.GAME"]``, a record the
page resumes) or from the page's ``?seed=`` parameter, near the moment that matters: the deal
that decides the match. Which start leads there is found at the start of the test by a quick
search on CPython that plays the deal exactly as the page will (the same engine, the computer
seats' bots with the page's seeds: the game's seed plus 101 times the seat; South playing the
first legal action, never the swap), and the test asserts the search found one. In the page,
the test presses South's moves of that line (the card, then the capture when a card can take
in more than one way), the page's own computer players answer, and the end the search
predicted must be the one the page shows, in its words.
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from engine.bots import make_bot
from engine.record import record_from_data, start_game

READY = 120_000   # ms: Pyodide's first start on a busy machine
MOVE = 30_000     # ms: the computer players' answers
SOUTH = 0
LEVEL = "random"

HAND = ".play .seat-south button.card-button"
LIVE = f'{HAND}[aria-disabled="false"]'
DEAL_END = ".play [data-deal-end]:not([hidden])"
END = ".play [data-end]:not([hidden])"


# ---- the engine's own play of a start, as the page plays it ------------------------------------

def played_as_the_page_does(data: dict, until=None):
    """The game after playing ``data`` as the page would (see the module's docstring), to its
    end or until ``until(game)``; and South's actions on the way."""
    game = start_game(record_from_data({**data, "actions": []}))
    seed = int(data.get("seed") or 0)
    bots = {}
    south = []
    while not game.is_over() and not (until and until(game)):
        seat = game.current_player()
        if seat == SOUTH:
            action = [a for a in game.legal_actions() if a != "swap"][0]
            south.append(action)
        else:
            bot = bots.setdefault(seat, make_bot(game.name, LEVEL, (seed + 101 * seat) % 2147483647))
            action = bot.choose(game, seat)
        game.apply(action)
    return game, south


def first_start(make, wanted, seeds=range(200), until=None):
    """The first seed whose start ``make(seed)`` plays to an end ``wanted(game)`` accepts."""
    for seed in seeds:
        data = make(seed)
        game, south = played_as_the_page_does(data, until)
        if wanted(game):
            return data, game, south
    pytest.fail(f"no seed in {seeds} gives the end this test needs")


# ---- the page ------------------------------------------------------------------------------------

@pytest.fixture
def table(browser, watch):
    context = browser.new_context(reduced_motion="reduce", viewport={"width": 1000, "height": 900})
    page = context.new_page()
    watch(page)
    yield page
    context.close()


def resume(page: Page, site_url: str, data: dict) -> None:
    """Open the game's page with ``data`` saved as the game under way."""
    game = data["game"]
    page.goto(f"{site_url}{game}.html#play")
    saved = json.dumps({"v": 1, "record": {**data, "actions": []}, "level": LEVEL, "ack": None})
    page.evaluate("([key, value]) => { localStorage.clear(); localStorage.setItem(key, value); }",
                  [f"play.{game}", saved])
    page.reload()
    page.locator(".play").scroll_into_view_if_needed()


def press_south(page: Page, south: list[str], stop: str = END) -> None:
    """Press South's moves in turn while the page's computer players answer, until ``stop``
    shows (a deal-end panel on the way is moved past unless it is the stop)."""
    moves = iter(south)
    for _ in range(len(south) + 20):
        page.locator(f"{LIVE}, {DEAL_END}, {END}").first.wait_for(timeout=READY)
        if page.locator(stop).count():
            return
        if page.locator(DEAL_END).count():
            page.locator('.play [data-action="next-deal"]').click()
            continue
        action = next(moves, None)
        assert action is not None, "South's turn again after the line's last move"
        card = action.split(" ")[0]
        button = page.locator(f'{LIVE}[data-card="{card}"]')
        assert button.count() == 1, f"{card} is not playable: the page's game left the engine's line"
        button.click()
        choice = page.locator(f'.play [data-choices] button.choice[data-choice="{action}"]')
        if page.locator(".play [data-choices]:not([hidden])").count():
            choice.click()
        expect(page.locator(f'{HAND}[data-card="{card}"]')).to_have_count(0, timeout=MOVE)
    raise AssertionError(f"{stop} never showed")


def result_words(page: Page) -> str:
    end = page.locator(END)
    expect(end).to_be_visible()
    return end.locator("[data-result]").inner_text()


def winner_title(team: int) -> str:
    return "You and North win the match!" if team == 0 else "East and West win the match"


# ---- Madrasso: 777 during deal 11, 777 at the end of deal 10, a cappotto -------------------------

def test_madrasso_a_trick_in_deal_11_lifts_a_team_to_777_and_ends_the_match(table, site_url):
    # From the eleventh deal a team wins the moment a trick lifts it to 777; the deal stops there.
    data, game, south = first_start(
        lambda seed: {"game": "madrasso", "seed": seed, "deal": 11, "totals": [700, 600]},
        lambda g: g.summary()["match"]["reason"] == "777" and g.summary()["match"]["after_trick"] < 10)
    match, totals = game.summary()["match"], game.summary()["totals"]
    resume(table, site_url, data)
    expect(table.locator(".play [data-progress]")).to_contain_text("Deal 11 of at most 12", timeout=READY)
    press_south(table, south)
    expect(table.locator(".play [data-end] h3")).to_have_text(winner_title(match["winner"]))
    words = result_words(table)
    assert f"won by reaching 777 on trick {match['after_trick']} of deal 11" in words, words
    assert re.search(rf"Final totals: .* {totals[0]}, .* {totals[1]}\.", words), (words, totals)
    assert max(totals) >= 777
    expect(table.locator('.play [data-end] a[href="madrasso.html#winning-the-match"]')).to_have_count(1)


def test_madrasso_777_at_the_end_of_deal_10_ends_the_match(table, site_url):
    # Nobody wins on points before ten deals; after the tenth, a team with 777 or more wins.
    data, game, south = first_start(
        lambda seed: {"game": "madrasso", "seed": seed, "deal": 10, "totals": [700, 470]},
        lambda g: (g.summary()["match"]["reason"], g.summary()["match"]["deal"]) == ("777", 10))
    match, totals = game.summary()["match"], game.summary()["totals"]
    assert match["after_trick"] == 10
    resume(table, site_url, data)
    expect(table.locator(".play [data-progress]")).to_contain_text("Deal 10 of at most 12", timeout=READY)
    press_south(table, south)
    expect(table.locator(".play [data-end] h3")).to_have_text(winner_title(match["winner"]))
    words = result_words(table)
    assert "won by reaching 777 on trick 10 of deal 10" in words, words
    assert max(totals) >= 777 and re.search(rf"{totals[0]}, .* {totals[1]}\.$", words), (words, totals)


def test_madrasso_a_cappotto_wins_the_match_at_once(table, site_url):
    # South deals and holds all ten hearts, the trump suit (its tenth card, the two, is turned
    # up); North all the clubs; East and West the diamonds and the spades: whatever anyone
    # plays, South's trumps take every trick. A cappotto wins in any deal, the first too.
    hearts = [rank + "H" for rank in "A34567JQK2"]
    suits = [[rank + suit for rank in "A234567JQK"] for suit in "DCS"]
    data = {"game": "madrasso", "dealer": 0, "hands": [hearts, *suits]}
    game, south = played_as_the_page_does(data)
    match = game.summary()["match"]
    assert (match["winner"], match["reason"], match["deal"]) == (0, "cappotto", 1)
    resume(table, site_url, data)
    expect(table.locator(".play [data-progress]")).to_contain_text("Deal 1 of at most 12", timeout=READY)
    press_south(table, south)
    expect(table.locator(".play [data-end] h3")).to_have_text("You and North win the match!")
    words = result_words(table)
    assert "won by a cappotto (every trick of deal 1)" in words, words


# ---- Scopa: three players; a tie at 11 plays on --------------------------------------------------

def one_deal_played(game) -> bool:
    return len(game.observation(SOUTH)["deals"]) >= 1


def breakdown_row(page: Page, label: str) -> list[str]:
    row = page.locator(".play [data-deal-end] [data-breakdown] tr", has=page.locator("th", has_text=label))
    return row.locator("td").all_inner_texts()


def test_scopa_at_three_players_deals_and_scores_each_for_themselves(table, site_url):
    seed = 5
    game, south = played_as_the_page_does({"game": "scopa", "seed": seed, "players": 3}, one_deal_played)
    deal = game.observation(SOUTH)["deals"][0]
    table.goto(f"{site_url}scopa.html?seed={seed}&level={LEVEL}&players=3#play")
    table.evaluate("localStorage.clear()")
    table.reload()
    table.locator(".play").scroll_into_view_if_needed()
    table.locator('.play [data-action="new"]').click()
    table.locator(LIVE).first.wait_for(timeout=READY)
    # Three seats round the table, South, East and West; three cards each; four on the table.
    expect(table.locator(".play [data-table]")).to_have_attribute("data-seats", "3")
    expect(table.locator(".play .seat-north")).to_have_count(0)
    for seat in ("east", "west"):
        expect(table.locator(f".play .seat-{seat}")).to_be_visible()
    press_south(table, south, stop=DEAL_END)
    expect(table.locator(".play [data-deal-end] h3")).to_have_text("Deal 1 is over")
    heads = table.locator(".play [data-deal-end] [data-breakdown] thead th").all_inner_texts()
    assert len(heads) == 4, heads   # the point, then one column a player
    assert breakdown_row(table, "Points this deal") == [str(p) for p in deal["points"]]
    assert breakdown_row(table, "Match total") == [str(t) for t in deal["totals"]]
    table.locator('.play [data-action="next-deal"]').click()
    expect(table.locator(".play [data-progress]")).to_contain_text("Deal 2.")


def test_scopa_a_tie_at_11_plays_on(table, site_url):
    # A side with at least 11 and the unique highest total wins; a tie for the lead plays on.
    data, game, south = first_start(
        lambda seed: {"game": "scopa", "seed": seed, "players": 2, "deal": 6, "totals": [10, 10]},
        lambda g: not g.is_over() and g.observation(SOUTH)["deals"][0]["totals"][0]
        == g.observation(SOUTH)["deals"][0]["totals"][1] >= 11,
        until=one_deal_played)
    tied = game.observation(SOUTH)["deals"][0]["totals"]
    resume(table, site_url, data)
    expect(table.locator(".play [data-progress]")).to_contain_text("Deal 6.", timeout=READY)
    press_south(table, south, stop=DEAL_END)
    expect(table.locator(".play [data-deal-end] h3")).to_have_text("Deal 6 is over")
    assert breakdown_row(table, "Match total") == [str(t) for t in tied]
    expect(table.locator(END)).to_have_count(0)
    table.locator('.play [data-action="next-deal"]').click()
    expect(table.locator(".play [data-progress]")).to_contain_text("Deal 7.")
    table.locator(LIVE).first.wait_for(timeout=MOVE)   # the next deal is dealt and played
    expect(table.locator(END)).to_have_count(0)
