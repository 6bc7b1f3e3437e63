"""The ends of matches, played in the page: each way a Madrasso match ends, Scopa at three
players, and a Scopa tie at 11 that plays on.

Each test starts from a saved game (docs/play.md: ``localStorage["play.GAME"]``, a record the
page resumes) or from the page's ``?seed=`` parameter, near the moment that matters. A start
is either a deal whose end no one's play can change (South holding every trump), or a record
cut just before South's last card of the deciding deal, when every other card is on the table
(so nothing is hidden that the page could deal differently, and the page's computer players
have nothing left to choose); such a cut is found at the start of the test by playing seeded
deals with the engine's greedy players on CPython, and the test asserts the search found one.
In the page, South plays its first playable card (and the first capture, when a card can take
in more than one way), the page's computer players answer, and the end must be the one the
rules give, in the page's words. Where the page's game is not known in advance, the record in
its own replay link is replayed by the engine and the page must show the engine's result.
"""

from __future__ import annotations

import base64
import json
import re
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect

from engine.bots import make_bot
from engine.record import record_from_data, start_game

READY = 120_000   # ms: Pyodide's first start on a busy machine
MOVE = 30_000     # ms: the computer players' answers
SOUTH = 0

HAND = ".play .seat-south button.card-button"
LIVE = f'{HAND}[aria-disabled="false"]'
DEAL_END = ".play [data-deal-end]:not([hidden])"
END = ".play [data-end]:not([hidden])"

RANKS = "A234567JQK"
# South deals and holds all ten hearts, the trump suit (its tenth card, the two, is turned up):
# whoever holds the other thirty cards and however anyone plays, South's trumps take every trick.
ALL_THE_TRUMPS = {"game": "madrasso", "dealer": SOUTH,
                  "hands": [[rank + "H" for rank in "A34567JQK2"],
                            *[[rank + suit for rank in RANKS] for suit in "DCS"]]}


# ---- starts found with the engine -----------------------------------------------------------------

def played_by_greedy(data: dict, deal_over):
    """The game after ``data`` played by greedy players until ``deal_over(game)``; the actions."""
    game = start_game(record_from_data({**data, "actions": []}))
    bots = [make_bot(game.name, "greedy", seat) for seat in range(game.num_players)]
    movers = []
    while not game.is_over() and not deal_over(game):
        seat = game.current_player()
        movers.append(seat)
        game.apply(bots[seat].choose(game, seat))
    return game, movers


def cut_before_souths_last_card(make, wanted, deal_over, seeds=range(300)):
    """The first seeded start ``make(seed)`` whose deal, played by greedy players, ends on
    South's card with an end ``wanted(game)`` accepts: the saved game without that card, South's
    card, and the game at the end."""
    for seed in seeds:
        data = make(seed)
        game, movers = played_by_greedy(data, deal_over)
        if movers and movers[-1] == SOUTH and wanted(game):
            actions = game.record()["actions"]
            return {**data, "actions": actions[:-1]}, actions[-1], game
    pytest.fail(f"no seed in {seeds} gives the end this test needs")


def replayed(href: str):
    """The engine's own replay of the record a replay link carries."""
    fragment = urlsplit(href).fragment
    encoded = re.search(r"(?:^|&)r=([A-Za-z0-9_-]+)", fragment).group(1)
    record = json.loads(base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4)))
    game = start_game(record_from_data(record))
    for action in record["actions"]:
        game.apply(action)
    return game


# ---- the page ------------------------------------------------------------------------------------

@pytest.fixture
def table(browser, watch):
    context = browser.new_context(reduced_motion="reduce", viewport={"width": 1000, "height": 900})
    page = context.new_page()
    watch(page)
    yield page
    context.close()


def resume(page: Page, site_url: str, data: dict, open_with_storage) -> None:
    """Open the game's page with ``data`` saved as the game under way."""
    game = data["game"]
    saved = json.dumps({"v": 1, "record": {"actions": [], **data}, "level": "random", "ack": None})
    open_with_storage(page, f"{site_url}{game}.html#play", {f"play.{game}": saved}, clear=True)
    page.locator(".play").scroll_into_view_if_needed()


def play_south(page: Page, stop: str = END, action: str | None = None, limit: int = 40) -> None:
    """South plays (``action``, else its first playable card and first capture) while the page's
    computer players answer, until ``stop`` shows; a deal-end panel on the way is moved past."""
    for _ in range(limit):
        page.locator(f"{LIVE}, {DEAL_END}, {END}").first.wait_for(timeout=READY)
        if page.locator(stop).count():
            return
        if page.locator(DEAL_END).count():
            page.locator('.play [data-action="next-deal"]').click()
            continue
        card = action.split(" ")[0] if action else page.locator(LIVE).first.get_attribute("data-card")
        page.locator(f'{LIVE}[data-card="{card}"]').click()
        choices = page.locator(".play [data-choices]:not([hidden]) button.choice")
        if choices.count():
            choices.and_(page.locator(f'[data-choice="{action}"]')).click() if action else choices.first.click()
        # The card leaves the hand on screen. At a deal's end the next deal's hand is already
        # drawn, out of sight until Next deal, and may hold a card of the same name.
        expect(page.locator(f'{HAND}[data-card="{card}"]').filter(visible=True)).to_have_count(0, timeout=MOVE)
        action = None
    raise AssertionError(f"{stop} never showed in {limit} turns")


def end_words(page: Page) -> str:
    expect(page.locator(END)).to_be_visible()
    return page.locator(END).locator("[data-result]").inner_text()


def replay_href(page: Page, panel: str) -> str:
    return page.locator(f"{panel} a[data-replay]").first.get_attribute("href")


def breakdown_row(page: Page, label: str) -> list[str]:
    row = page.locator(f"{DEAL_END} [data-breakdown] tr", has=page.locator("th", has_text=label))
    return row.locator("td").all_inner_texts()


# ---- Madrasso: 777 during deal 11, 777 at the end of deal 10, a cappotto -------------------------

def test_madrasso_a_trick_in_deal_11_lifts_a_team_to_777_and_ends_the_match(table, site_url, open_with_storage):
    # From the eleventh deal a team wins the moment a trick lifts it to 777, and the deal stops.
    # At 776, South's team wins every trick: the first trick with a point ends the match, by
    # the sixth at the latest (only 20 of the 40 cards are worth nothing).
    resume(table, site_url, {**ALL_THE_TRUMPS, "deal": 11, "totals": [776, 524]}, open_with_storage)
    expect(table.locator(".play [data-progress]")).to_contain_text("Deal 11 of at most 12", timeout=READY)
    play_south(table)
    expect(table.locator(".play [data-end] h3")).to_have_text("You and North win the match!")
    words = end_words(table)
    trick = int(re.search(r"won by reaching 777 on trick (\d+) of deal 11\.", words).group(1))
    assert 1 <= trick <= 6, words
    # The engine's replay of the page's own record: the same trick, the same totals.
    match = replayed(replay_href(table, END)).summary()
    assert (match["match"]["reason"], match["match"]["after_trick"], match["match"]["deal"]) == ("777", trick, 11)
    assert re.search(rf"Final totals: .* {match['totals'][0]}, .* {match['totals'][1]}\.", words), (words, match)
    expect(table.locator('.play [data-end] a[href="madrasso.html#winning-the-match"]')).to_have_count(1)


def test_madrasso_777_at_the_end_of_deal_10_ends_the_match(table, site_url, open_with_storage):
    # Nobody wins on points before ten deals; after the tenth, a team with 777 or more wins.
    # The totals before deal 10 are chosen so that the deal's points lift South's team to
    # exactly 777 on its last trick, South's card.
    def deal_ten_over(game):
        return game.observation(SOUTH)["deal"] != 10

    def exactly_777(game):
        deal = game.summary()["deals"][0]
        return deal["tricks_won"][0] not in (0, 10) and deal["points"][0] > 0

    def start(seed, totals=(700, 470)):
        return {"game": "madrasso", "seed": seed, "deal": 10, "totals": list(totals)}

    found, _, game = cut_before_souths_last_card(start, exactly_777, deal_ten_over)
    points = game.summary()["deals"][0]["points"]
    totals = [777 - points[0], 1170 - (777 - points[0])]
    saved, last, game = cut_before_souths_last_card(lambda seed: start(seed, totals), lambda g: True,
                                                    lambda g: g.is_over(), seeds=[found["seed"]])
    match = game.summary()
    assert (match["match"]["reason"], match["match"]["deal"], match["totals"][0]) == ("777", 10, 777)
    resume(table, site_url, saved, open_with_storage)
    expect(table.locator(".play [data-progress]")).to_contain_text("Deal 10 of at most 12", timeout=READY)
    play_south(table, action=last)
    expect(table.locator(".play [data-end] h3")).to_have_text("You and North win the match!")
    words = end_words(table)
    assert "won by reaching 777 on trick 10 of deal 10" in words, words
    assert re.search(rf"Final totals: .* 777, .* {match['totals'][1]}\.", words), (words, match["totals"])


def test_madrasso_a_cappotto_wins_the_match_at_once(table, site_url, open_with_storage):
    # A cappotto, one team taking all ten tricks of a deal, wins at once, in the first deal too.
    resume(table, site_url, ALL_THE_TRUMPS, open_with_storage)
    expect(table.locator(".play [data-progress]")).to_contain_text("Deal 1 of at most 12", timeout=READY)
    play_south(table)
    expect(table.locator(".play [data-end] h3")).to_have_text("You and North win the match!")
    words = end_words(table)
    assert "won by a cappotto (every trick of deal 1)" in words, words


# ---- Scopa: three players; a tie at 11 plays on --------------------------------------------------

def test_scopa_at_three_players_deals_and_scores_each_for_themselves(table, site_url, open_with_storage):
    open_with_storage(table, f"{site_url}scopa.html?seed=5&level=random&players=3#play", clear=True)
    table.locator(".play").scroll_into_view_if_needed()
    table.locator('.play [data-action="new"]').click()
    table.locator(LIVE).first.wait_for(timeout=READY)
    # Three seats round the table, South, East and West, three cards each; four on the table.
    expect(table.locator(".play [data-table]")).to_have_attribute("data-seats", "3")
    expect(table.locator(".play .seat-north")).to_have_count(0)
    for seat in ("east", "west"):
        expect(table.locator(f".play .seat-{seat}")).to_be_visible()
    expect(table.locator(HAND)).to_have_count(3)
    play_south(table, stop=DEAL_END)
    expect(table.locator(".play [data-deal-end] h3")).to_have_text("Deal 1 is over")
    heads = table.locator(f"{DEAL_END} [data-breakdown] thead th").all_inner_texts()
    assert len(heads) == 4, heads   # the point, then a column for each player
    # The page shows the engine's score of the deal it played: its replay link, replayed.
    deal = replayed(replay_href(table, DEAL_END)).observation(SOUTH)["deals"][0]
    assert breakdown_row(table, "Points this deal") == [str(p) for p in deal["points"]]
    assert breakdown_row(table, "Match total") == [str(t) for t in deal["totals"]]
    table.locator('.play [data-action="next-deal"]').click()
    expect(table.locator(".play [data-progress]")).to_contain_text("Deal 2.")


def test_scopa_a_tie_at_11_plays_on(table, site_url, open_with_storage):
    # A side with at least 11 and the unique highest total wins; a tie for the lead plays on.
    def tied(game):
        deals = game.observation(SOUTH)["deals"]
        return bool(deals) and deals[0]["totals"][0] == deals[0]["totals"][1] >= 11 and not game.is_over()

    saved, last, game = cut_before_souths_last_card(
        lambda seed: {"game": "scopa", "seed": seed, "players": 2, "dealer": SOUTH, "deal": 6,
                      "totals": [10, 10]},
        tied, lambda g: bool(g.observation(SOUTH)["deals"]))
    totals = game.observation(SOUTH)["deals"][0]["totals"]
    resume(table, site_url, saved, open_with_storage)
    expect(table.locator(".play [data-progress]")).to_contain_text("Deal 6.", timeout=READY)
    play_south(table, stop=DEAL_END, action=last)
    expect(table.locator(".play [data-deal-end] h3")).to_have_text("Deal 6 is over")
    assert breakdown_row(table, "Match total") == [str(t) for t in totals]
    expect(table.locator(END)).to_have_count(0)
    table.locator('.play [data-action="next-deal"]').click()
    expect(table.locator(".play [data-progress]")).to_contain_text("Deal 7.")
    table.locator(LIVE).first.wait_for(timeout=MOVE)   # the next deal is dealt and played
    expect(table.locator(END)).to_have_count(0)
