"""A move in the deal that decides the match is costed in the match's terms: the review (its
rows, costliest moments, summaries), the note after a move and the chart's points speak of the
chance to win the match, never of "about 518 points" (the deal's points and the match bonus
mixed, a number no player can read), and no amount the coach prints is more than a deal's
points can reach.

Each case is a seeded deal that can decide the match, played by the greedy players, where the
seat makes, once, a move that turns the match (the greedy players then lose it where another
legal move wins it)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from engine.bots import make_bot
from engine.cards import CARDS
from engine.bots.expert import ExpertBot
from engine.coach import hint_for
from engine.coach.guide import guide
from engine.coach.review import DealReview, Review
from engine.games import GAMES, INFO
from engine.i18n import speaking
from engine.tricks import trick_points

SEAT = 0
SIDE = 0
"""The side seat 0 plays for (a match's ``winner``), in both games."""
SAMPLES = 48
MATCH = "chance to win the match"


def deal_bound(name: str, players: int) -> int:
    """The most points one deal can hold: the trick games' cards and last trick; Scopa's four
    points (cards, coins, settebello, primiera) and a scopa for each of a side's plays."""
    info = INFO[name]
    if info.trick_taking:
        return trick_points(range(len(CARDS))) + info.last_trick_bonus
    return 4 + len(CARDS) // players


def amounts(text: str) -> list[int]:
    """Every whole amount of points a text says ("about 518 points", "17 card points";
    Italian "518 punti")."""
    return [int(n) for n in re.findall(r"(\d+) (?:card points?|points?|punt[oi])\b", text)]


def texts(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [t for k, v in value.items() if k not in ("state", "practice", "values")
                for t in texts(v)]
    if isinstance(value, list):
        return [t for v in value for t in texts(v)]
    return []


def winner_after(game, bots):
    """Who wins the match once the greedy players finish the deal (None: it goes on)."""
    g = game.clone()
    while not g.is_over() and g.deal == game.deal:
        g.apply(bots[g.current_player()].choose(g, g.current_player()))
    return g.winner


def greedy_line(game, bots) -> list[str]:
    """The rest of the game as the greedy players play it (``game`` played on)."""
    line = []
    while not game.is_over():
        action = bots[game.current_player()].choose(game, game.current_player())
        game.apply(action)
        line.append(action)
    return line


def turned_deal(name: str, setup: dict[str, Any]):
    """The deal played by the greedy players, but for the seat's last move that loses the
    match where the greedy players win it (late in the deal, where the seat knows most): (the
    start, the line, the index of that move)."""
    start = GAMES[name].from_setup(setup)
    bots = [make_bot(name, "greedy", s) for s in range(start.num_players)]
    line = greedy_line(start.clone(), bots)
    game = start.clone()
    for action in line:
        game.apply(action)
    assert game.winner == SIDE, "the greedy players lose this match: choose another seed"
    for turn in reversed(range(len(line))):
        game = start.clone()
        for action in line[:turn]:
            game.apply(action)
        if game.current_player() != SEAT:
            continue
        for action in game.legal_actions():
            after = game.clone()
            after.apply(action)
            rest = greedy_line(after, bots)
            if after.winner not in (None, SIDE):
                return start, line[:turn] + [action] + rest, turn
    raise AssertionError("no move of the seat's loses the match: choose another seed")


CASES = [
    # The twelfth (last) deal of a Madrasso match at 715 each: the first side to 777 wins.
    ("madrasso", {"seed": 1, "one_deal": True, "deal": 12, "totals": [715, 715]}),
    # Scopa at 9 each: the deal that takes a side to 11 and ahead wins the match.
    ("scopa", {"seed": 2, "one_deal": True, "deal": 6, "totals": [9, 9], "players": 2}),
]


@pytest.fixture(scope="module", params=CASES, ids=[c[0] for c in CASES])
def turned(request):
    """The turned deal reviewed for the seat: (game, start, line, review, its result, the
    index of the move that cost most of the chance to win the match)."""
    name, setup = request.param
    start, line, turn = turned_deal(name, setup)
    game = start.clone()
    for action in line:
        game.apply(action)
    review = DealReview(game.finished_deals()[-1], SEAT, samples=SAMPLES)
    while not review.finished:
        review.step()
    result = review.result()
    played = {m["index"]: next(v for v in m["values"] if v["action"] == m["played"])
              for m in result["moves"]}
    worst = max(played, key=lambda i: (played[i].get("chance_loss", 0.0), played[i]["loss"]))
    return name, start, line, review, result, worst


def test_the_move_that_cost_the_match_says_its_chance(turned):
    name, start, line, review, result, worst = turned
    move = next(m for m in result["moves"] if m["index"] == worst)
    value = next(v for v in move["values"] if v["action"] == move["played"])
    assert value.get("chance_loss", 0) >= 0.10, value  # a mistake in the match's terms
    assert move["mark"] == "mistake", move
    assert re.search(r"\d+% of your chance to win the match$", move["cost"]), move["cost"]
    # Every costly move that cost the match's chance says so; the others say points alone.
    for m in result["moves"]:
        if m["cost"] and MATCH not in m["cost"]:
            assert re.fullmatch(r"\d+ points?|(a quarter of |a tenth of |half )?a point",
                                m["cost"]), m["cost"]
    # The costliest moment costs the match, and its words say so.
    assert "the match" in result["moments"][0]["text"], result["moments"][0]["text"]
    assert "the match" in result["summary"], result["summary"]
    # The chart's point is the deal's points alone, within what a deal holds, with the chance.
    bound = deal_bound(name, start.num_players)
    for m in result["moves"]:
        assert abs(m["expected"]["margin"]) <= bound, m["expected"]
    assert 0 <= next(m for m in result["moves"] if m["index"] == worst)["expected"]["chance"] <= 1


def test_no_amount_said_is_more_than_a_deal_holds(turned):
    name, start, line, review, result, worst = turned
    bound = deal_bound(name, start.num_players)
    said = texts(result)
    assert said
    for text in said:
        assert all(n <= bound for n in amounts(text)), text
    assert result["lost"] <= bound * len(result["moves"])


def test_the_note_after_the_move_speaks_of_the_match(turned):
    name, start, line, review, result, worst = turned
    answer = guide(start, line[:worst + 1], SEAT, samples=SAMPLES)
    word = answer["your_card"]["word"]
    assert answer["your_card"]["mark"] == "mistake"
    assert re.search(r"(\d+% of|all) your chance to win (the match|it)", word), word
    assert all(n <= deal_bound(name, start.num_players) for n in amounts(word)), word


def test_the_hint_at_that_move_and_the_match_review_say_no_mixed_number(turned):
    name, start, line, review, result, worst = turned
    bound = deal_bound(name, start.num_players)
    game = start.clone()
    for action in line[:worst]:
        game.apply(action)
    bot = ExpertBot(name, 1, time_budget=None, samples=SAMPLES)
    hint = hint_for(game, SEAT, bot)
    assert all(n <= bound for n in amounts(hint["text"])), hint["text"]
    # A match's review (here the deal twice): its summary names the move that cost the match.
    whole = start.clone()
    for action in line:
        whole.apply(action)
    record = whole.finished_deals()[-1]
    match = Review([record, record], SEAT, samples=SAMPLES).run()
    assert "the match" in match["summary"], match["summary"]
    assert all(n <= bound * 2 for n in amounts(match["summary"])), match["summary"]


def test_the_match_cost_in_italian(turned):
    name, start, line, review, result, worst = turned
    with speaking("it"):
        italian = review.result()
    move = next(m for m in italian["moves"] if m["index"] == worst)
    assert "probabilità di vincere la partita" in move["cost"], move["cost"]
    assert "partita" in italian["moments"][0]["text"], italian["moments"][0]["text"]
    for text in texts(italian):
        assert all(n <= deal_bound(name, start.num_players) for n in amounts(text)), text


@pytest.mark.parametrize("name,options", [
    ("briscola", {}), ("madrasso", {"one_deal": True, "deal": 11, "totals": [700, 600]}),
    ("scopa", {"players": 3, "one_deal": True, "deal": 4, "totals": [10, 9, 8]})])
def test_every_games_review_says_no_amount_above_a_deal(name, options):
    game = GAMES[name].new(5, **options)
    bots = [make_bot(name, "greedy", 5 + s) for s in range(game.num_players)]
    while not game.is_over():
        game.apply(bots[game.current_player()].choose(game, game.current_player()))
    review = DealReview(game.finished_deals()[-1], SEAT, samples=SAMPLES)
    while not review.finished:
        review.step()
    bound = deal_bound(name, game.num_players)
    for text in texts(review.result()):
        assert all(n <= bound for n in amounts(text)), text
