"""The coach (engine/coach): hints in words, the review of a finished deal, a kept mistake as a
practice position, all from what the seat knew. On CPython and inside Pyodide (few sampled
deals, so the suite stays quick; the figures are bench/review_speed.py's)."""

from __future__ import annotations

import importlib.util
import random
import re
from pathlib import Path

import pytest

from engine.bots import make_bot
from engine.bridge import Bridge
from engine.cards import CARD_TEXT
from engine.coach import hint_for
from engine.coach.advice import JARGON, reasons
from engine.coach.review import DealReview, Review
from engine.coach.values import GRADES, evaluate
from engine.games import GAMES
from engine.record import record_from_data, replay

_spec = importlib.util.spec_from_file_location("bridge_play", Path(__file__).with_name(
    "test_bridge_play.py"))
bridge_play = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bridge_play)
BridgeClient = bridge_play.Client

SOUTH, NORTH = 0, 1
SAMPLES = 24
CARD_CODE = re.compile(r"\b[A2-7JQK][CDHS]\b")
CARD_NAME = re.compile(r"\b(ace|two|three|four|five|six|seven|jack|queen|king) of "
                       r"(clubs|diamonds|hearts|spades)\b")


def said_cleanly(text: str) -> bool:
    """Cards by name only, and none of the expert's method in the words."""
    return not CARD_CODE.search(text) and not any(word in text.lower() for word in JARGON)


def all_texts(value) -> list[str]:
    """Every string in an answer that is meant to be read (not the actions' own codes)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [t for k, v in value.items() if k not in ("action", "played", "best", "answers",
                                                         "record", "state", "answer", "id")
                for t in all_texts(v)]
    if isinstance(value, list):
        return [t for v in value for t in all_texts(v)]
    return []


class Client(BridgeClient):
    """The bridge tests' client, its computer players searching few sampled deals."""

    def __init__(self, samples: int = SAMPLES):
        self.bridge = Bridge(bot_options={"samples": samples, "time_budget": None})


def finished(game_name: str, seed: int, options=None, level: str = "greedy") -> dict:
    """A deal played out by computer players: its public record."""
    game = GAMES[game_name].new(seed, **(options or {}))
    bots = [make_bot(game_name, level, seed + s) for s in range(game.num_players)]
    while not game.is_over():
        seat = game.current_player()
        game.apply(bots[seat].choose(game, seat))
    return game.finished_deals()[-1]


GAMES_AND_OPTIONS = [("briscola", {}), ("madrasso", {"one_deal": True}),
                     ("scopa", {"players": 2, "one_deal": True})]

# ---- the hint ------------------------------------------------------------------------------------


@pytest.mark.parametrize("game_name, options", GAMES_AND_OPTIONS)
def test_the_hint_names_cards_in_words_and_no_code_or_search_jargon(game_name, options):
    client = Client()
    started = client.ok("new", game=game_name, seat=SOUTH, seed=4, options=options)
    handle, state = started["handle"], started["state"]
    while state["to_play"] != SOUTH or len(state["legal"]) < 2:
        state = (client.ok("bot", handle=handle, level="greedy", play=True)["state"]
                 if state["to_play"] != SOUTH else
                 client.ok("apply", handle=handle, action=state["legal"][0])["state"])
    hint = client.ok("hint", handle=handle)
    assert hint["action"] in state["legal"]
    assert hint["text"].startswith("Play the ")
    assert CARD_NAME.search(hint["text"])
    for text in all_texts(hint):
        assert said_cleanly(text), text
    assert re.search(r"The next best, the .+, usually brings (about \d+|about half a"
                     r"|about a (quarter|tenth) of a|almost no) (card )?points? less|would do about as well|only legal move", hint["text"])
    assert not re.search(r"\d\.\d|on average", hint["text"]), hint["text"]  # whole points, plain words
    # The hint is the table's expert's own choice, and the bot op gives the same reasons.
    told = client.ok("bot", handle=handle, level="expert", reasons=True)
    assert told["action"] == hint["action"] and told["why"] == hint["why"]
    assert said_cleanly(told["why"]) and not told["why"].endswith(".")
    assert client.ok("state", handle=handle)["index"] == state["index"]  # nothing played


def test_the_hint_for_a_fixed_position_says_what_the_card_does():
    """Briscola: North leads the three of trumps; South cannot beat it and holds a worthless
    card: the hint plays it, in words."""
    record = planted_blunder_record()
    game = replay(record_from_data({**record, "actions": record["actions"][:1]}))
    bot = make_bot("briscola", "expert", 5, time_budget=None, samples=SAMPLES)
    hint = hint_for(game, SOUTH, bot)
    assert hint["action"] in ("2C", "4D")
    assert hint["text"].startswith(f"Play the {'two of clubs' if hint['action'] == '2C' else 'four of diamonds'}.")
    assert "None of your cards beats North's three of hearts, and it gives nothing away" in hint["text"]
    assert said_cleanly(hint["text"])


def test_the_hint_is_for_the_seats_own_turn_in_its_own_game():
    client = Client()
    started = client.ok("new", game="madrasso", seat=SOUTH, seed=3)
    assert started["state"]["to_play"] != SOUTH
    assert "not your turn" in client.error("hint", handle=started["handle"])["message"]
    shared = client.ok("load", record=finished("briscola", 2))
    assert "seat's own game" in client.error("hint", handle=shared["handle"])["message"]


# ---- the review ----------------------------------------------------------------------------------


def planted_blunder_record() -> dict:
    """Briscola, hearts trumps: North leads the three of hearts, and South, who cannot beat
    it, throws the ace of spades (11 points) onto it with the two of clubs and the four of
    diamonds in hand; the rest of the deal is played by the greedy players."""
    rest = [c for c in CARD_TEXT if c not in ("AS", "2C", "4D", "3H", "KC", "5S", "4H")]
    deal = {"game": "briscola", "hands": [["AS", "2C", "4D"], ["3H", "KC", "5S"]],
            "turned": "4H", "stock": rest, "leader": NORTH}
    game = GAMES["briscola"].from_setup({k: v for k, v in deal.items() if k != "game"})
    game.apply("3H")
    game.apply("AS")
    bots = [make_bot("briscola", "greedy", s) for s in range(2)]
    while not game.is_over():
        seat = game.current_player()
        game.apply(bots[seat].choose(game, seat))
    return {**deal, "actions": game.history()}


@pytest.fixture(scope="module")
def blunder_review() -> dict:
    return Review([planted_blunder_record()], SOUTH, seed=3, samples=SAMPLES).run()


def test_a_planted_blunder_is_a_mistake_with_the_better_card_named(blunder_review):
    deal = blunder_review["deals"][0]
    first = deal["moves"][0]
    assert (first["played"], first["trick"], first["mark"]) == ("AS", 1, "mistake")
    assert first["best"] in ("2C", "4D")
    assert first["loss"] >= GRADES["briscola"].mistake
    moment = deal["moments"][0]
    assert moment["index"] == 1 and moment["played"] == "AS"
    better = "two of clubs" if first["best"] == "2C" else "four of diamonds"
    assert f"The expert prefers the {better}" in moment["text"]
    assert "At trick 1 you played the ace of spades." in moment["text"]
    assert "gives away its own 11 points" in moment["text"]
    # The table as it stood: South's view, North's card on the trick, North's hand hidden.
    table = moment["state"]
    assert table["view"] == SOUTH and table["to_play"] == SOUTH
    assert table["observation"]["hands"][NORTH] is None
    assert table["observation"]["trick"]["cards"] == [{"seat": NORTH, "card": "3H"}]
    assert sorted(table["legal"]) == ["2C", "4D", "AS"]
    assert deal["summary"].startswith("You gave away about ")
    assert re.search(r"in all; the costliest move, at trick \d+, gave away about \d+ card points?\.$"
                     r"|nearly all of it at trick 1\.$", deal["summary"])
    for text in all_texts(deal["moments"]) + [deal["summary"]]:
        assert said_cleanly(text), text


def test_every_move_is_marked_and_the_marks_follow_the_thresholds(blunder_review):
    deal = blunder_review["deals"][0]
    grades = GRADES["briscola"]
    assert [m["number"] for m in deal["moves"]] == list(range(1, 21))
    for move in deal["moves"]:
        assert move["mark"] == grades.mark(move["loss"])
        assert move["values"][0]["action"] == move["best"]
        assert {v["action"] for v in move["values"]} >= {move["played"]}
    assert sum(deal["marks"].values()) == 20
    losses = [m["loss"] for m in deal["moments"]]
    assert losses == sorted(losses, reverse=True) and len(losses) <= 3


@pytest.mark.parametrize("game_name, options", GAMES_AND_OPTIONS)
def test_a_review_of_a_fixed_seed_gives_the_same_marks_twice(game_name, options):
    record = finished(game_name, 6, options)
    samples = 8 if game_name != "briscola" else SAMPLES
    first = Review([record], SOUTH, seed=11, samples=samples).run()
    again = Review([record], SOUTH, seed=11, samples=samples).run()
    assert first == again
    other = Review([record], SOUTH, seed=12, samples=samples).run()
    assert [m["values"] for m in other["deals"][0]["moves"]] != \
        [m["values"] for m in first["deals"][0]["moves"]]


@pytest.mark.parametrize("game_name, options", GAMES_AND_OPTIONS)
def test_a_moves_review_is_the_same_whatever_the_hidden_cards_were(game_name, options):
    """The review of a move depends on what the seat knew there, not on the true hidden
    cards: the same position with every unseen card dealt afresh (the same view for the
    seat) gets the same values, marks and words."""
    review = DealReview(finished(game_name, 8, options), SOUTH, seed=2, samples=8)
    for index in review.turns[1:6:2]:
        true = review.position(index)
        other = true.redeal_unseen(SOUTH, random.Random(index))
        assert other.view(SOUTH) == true.view(SOUTH)
        deal = {k: v for k, v in true.record().items() if k != "actions"}
        assert {k: other.record()[k] for k in deal} != deal  # hidden hands, stock: dealt afresh
        assert evaluate(true, SOUTH, seed=2, samples=8) == evaluate(other, SOUTH, seed=2, samples=8)
        for action in true.legal_actions():
            assert reasons(true, SOUTH, action) == reasons(other, SOUTH, action)


def test_only_a_finished_deal_is_reviewed():
    game = GAMES["briscola"].new(3)
    game.apply(game.legal_actions()[0])
    with pytest.raises(ValueError, match="not over"):
        DealReview(game.record(), SOUTH)


# ---- a kept mistake ------------------------------------------------------------------------------


def test_a_kept_mistake_is_a_practice_position_the_bridge_plays(blunder_review):
    moment = blunder_review["deals"][0]["moments"][0]
    position = moment["practice"]
    assert set(position) >= {"id", "title", "order", "record", "seats", "open", "seat_names",
                             "question", "rules", "steps", "closing"}
    assert position["seats"] == [SOUTH] and not position["open"]
    record = position["record"]
    truth = planted_blunder_record()
    # South's cards and the public ones are the deal's; North's hand and the stock are a fresh
    # deal consistent with what South saw (never the true ones).
    assert sorted(record["hands"][SOUTH]) == sorted(truth["hands"][SOUTH]) and record["turned"] == "4H"
    assert (record["hands"][NORTH], record["stock"]) != (truth["hands"][NORTH], truth["stock"])
    assert record["actions"] == ["3H"]
    client = Client()
    opened = client.ok("load", record=record, view=SOUTH, at="end")
    assert opened["state"]["observation"] == moment["state"]["observation"]
    step = position["steps"][0]
    assert step["visitor"] and step["seat"] == SOUTH and "AS" not in step["answers"]
    assert step["prompt"] == "Your turn (South): choose a card."
    legal = opened["state"]["legal"]
    assert set(step["feedback"]) == set(legal)
    for action in legal:  # every card the visitor may pick has its feedback, and plays
        assert step["feedback"][action].startswith("<p>") and said_cleanly(step["feedback"][action])
        client.ok("step_to", handle=opened["handle"], index=1)
        client.ok("apply", handle=opened["handle"], action=action)
    assert "cost about" in step["feedback"]["AS"]
    assert said_cleanly(position["question"]) and "You played the ace of spades here" in position["question"]


# ---- the bridge's review ops ---------------------------------------------------------------------


def test_a_seats_review_runs_one_move_a_step_then_answers_the_whole_review():
    client = Client(samples=8)
    started = client.ok("new", game="briscola", seat=SOUTH, seed=5)
    handle, state = started["handle"], started["state"]
    assert "no deal has been played out" in client.error("review_start", handle=handle)["message"]
    while not state["over"]:
        state = client.ok("bot", handle=handle, level="greedy", play=True)["state"] \
            if state["to_play"] != SOUTH else \
            client.ok("apply", handle=handle, action=state["legal"][-1])["state"]
    assert "only its own moves" in client.error("review_start", handle=handle, seat=NORTH)["message"]
    begun = client.ok("review_start", handle=handle)
    assert begun["seat"] == SOUTH and begun["total"] == 20 and begun["done"] == 0
    done = []
    while True:
        step = client.ok("review_step", review=begun["review"])
        done.append(step["done"])
        if step["finished"]:
            break
        assert "result" not in step and step["move"]["number"] == step["done"]
    assert done == list(range(1, 21))
    result = step["result"]
    assert result["seat"] == SOUTH and len(result["deals"][0]["moves"]) == 20
    again = client.ok("review_step", review=begun["review"])
    assert again["finished"] and again["result"] == result and "move" not in again
    assert client.ok("review_start", handle=handle, seed=7, deal=1)["total"] == 20
    assert "unknown review" in client.error("review_step", review=999)["message"]


def test_a_shared_finished_deal_is_reviewed_for_the_seat_its_viewer_chooses():
    client = Client(samples=8)
    shared = client.ok("load", record=finished("scopa", 3, {"players": 2, "one_deal": True}))
    handle = shared["handle"]
    south = client.ok("review_start", handle=handle)
    north = client.ok("review_start", handle=handle, seat=NORTH)
    assert (south["seat"], north["seat"]) == (SOUTH, NORTH)
    assert south["total"] == north["total"] == 18
    assert "seat must be a seat from 0 to 1" in client.error("review_start", handle=handle,
                                                             seat=3)["message"]
    assert "deal 2 has not been played out" in client.error("review_start", handle=handle,
                                                            deal=2)["message"]
    step = client.ok("review_step", review=north["review"])
    assert step["move"]["number"] == 1 and step["done"] == 1


def test_the_review_requests_are_checked():
    client = Client()
    assert "review must be a whole number" in client.error("review_step", review="1")["message"]
    assert "takes no argument 'view'" in client.error("review_start", handle=1, view=0)["message"]
    assert "deal must be" in client.error("review_start", handle=1, deal="some")["message"]


@pytest.mark.parametrize("game_name, options, seat", [
    ("briscola", {}, 1), ("madrasso", {"one_deal": True}, 3),
    ("scopa", {"players": 3, "one_deal": True}, 2), ("scopa", {"players": 4, "one_deal": True}, 1)])
def test_reviews_of_random_deals_finish_and_say_everything_in_words(game_name, options, seat):
    for seed in (1, 2):
        record = finished(game_name, seed, options, level="random")
        result = Review([record], seat, seed=seed, samples=3).run()
        deal = result["deals"][0]
        assert deal["seat"] == seat and deal["moves"]
        assert all(m["state"]["view"] == seat for m in deal["moments"])
        for text in all_texts(deal["moments"]) + [deal["summary"]] + \
                [m["when"] for m in deal["moves"]] + [v["words"] for m in deal["moves"]
                                                      for v in m["values"]]:
            assert said_cleanly(text), text


@pytest.mark.parametrize(("total", "top", "said"), [
    (3.4, 0.8, "You gave away about 3 points in all; the costliest move, at trick 5, gave away about 1 point."),
    (12.6, 4.2, "You gave away about 13 points in all; the costliest move, at trick 5, gave away about 4 points."),
    (1.3, 0.4, "You gave away about 1 point in all; the costliest move, at trick 5, gave away about half a point."),
])
def test_the_summary_says_whole_points_or_plain_fractions(total, top, said):
    """Whole points, or "half a point": never "16.54" or "0.4 of them" (issue 27)."""
    from types import SimpleNamespace

    costly = [SimpleNamespace(move=SimpleNamespace(loss=top, deal_loss=top), when="trick 5",
                              at_when="at trick 5", touches_match=False),
              SimpleNamespace(move=SimpleNamespace(loss=0.5, deal_loss=0.5), when="trick 7",
                              at_when="at trick 7", touches_match=False)]
    review = SimpleNamespace(grades=SimpleNamespace(unit="points", best=0.1),
                             costliest=lambda: costly, lost=lambda: total)
    assert DealReview.summary(review) == said  # type: ignore[arg-type]
