"""The table description (engine/table.py): what every page draws, for every game, from one
seat's view; it never names a card the seat has not seen (the approach of test_seat_views.py,
whose witness works out what a seat has seen from the true game, not from the views)."""

from __future__ import annotations

import importlib.util
import json
import random
from pathlib import Path

import pytest

from engine.bridge import Bridge
from engine.games import GAMES
from engine.protocol import Names
from engine.table import describe

_spec = importlib.util.spec_from_file_location("seen_cards", Path(__file__).with_name("seen_cards.py"))
seen_cards = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(seen_cards)

NAMES = {2: ("South", "North"), 3: ("South", "East", "West"), 4: ("South", "East", "North", "West")}
TABLES = [("briscola", {}), ("scopa", {"players": 2}), ("scopa", {"players": 3}),
          ("scopa", {"players": 4}), ("madrasso", {})]
TOP = {"game", "viewer", "bottom", "players", "to_play", "your_turn", "turn_words", "waiting_words",
       "between_deals", "over",
       "sides", "seats", "centre", "stock", "score", "progress", "last", "outcome", "opening", "choices"}


def play(game_name: str, options: dict, seed: int, moves: int):
    """A game played by random legal moves, yielding (game, last move) after each move, each
    explanation told to every seat as the bridge tells it."""
    game = GAMES[game_name].new(seed, **options)
    names = Names(NAMES[game.num_players])
    rng = random.Random(seed)
    yield game, None, names
    for _ in range(moves):
        if game.is_over():
            return
        seat = game.current_player()
        action = rng.choice(game.legal_actions())
        told = [dict(game.explain(action, viewer, names)) for viewer in range(game.num_players)]
        game.apply(action)
        yield game, (seat, action, told), names


def last_for(last, viewer):
    if last is None:
        return None
    seat, action, told = last
    return {"seat": seat, "action": action, "explanation": told[viewer]}


@pytest.mark.parametrize("game_name, options", TABLES)
def test_every_game_answers_the_same_shape(game_name, options):
    """One API over every game: the same keys, the seats around the table, a score row per
    side, words where words are promised."""
    for game, last, names in play(game_name, options, 3, 200):
        for viewer in range(game.num_players):
            table = describe(game, game.view(viewer), names, last_for(last, viewer))
            assert set(table) == TOP and table["bottom"] == viewer
            json.dumps(table, allow_nan=False)
            seats = table["seats"]
            assert [s["seat"] for s in seats] == list(range(game.num_players))
            assert seats[viewer]["position"] == "south" and seats[viewer]["role"] == "you"
            assert len({s["position"] for s in seats}) == game.num_players
            assert len(table["score"]["rows"]) == len(table["sides"])
            assert all(len(row["cells"]) == len(table["score"]["columns"]) - 1
                       for row in table["score"]["rows"])
            assert table["progress"]["text"]
            assert table["centre"]["kind"] in ("trick", "table")
            if table["your_turn"]:
                assert table["turn_words"] and table["to_play"] == viewer and not table["waiting_words"]
            elif table["to_play"] is not None:
                assert table["waiting_words"] == f"{names.seats[table['to_play']]} is to play."
            if table["over"]:
                assert table["outcome"] and table["outcome"]["kind"] == "game"
            if table["last"]:
                assert table["last"]["text"] and table["last"]["who"] == names.seats[last[0]]


@pytest.mark.parametrize("game_name, options", TABLES)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_seats_table_names_no_card_it_has_not_seen(game_name, options, seed):
    game = GAMES[game_name].new(seed, **options)
    witnesses = [seen_cards.Witness(seat) for seat in range(game.num_players)]
    for game, last, names in play(game_name, options, seed, 300):
        for viewer, witness in enumerate(witnesses):
            witness.update(game)
            table = describe(game, game.view(viewer), names, last_for(last, viewer))
            unseen = witness.unseen_in(table)
            assert not unseen, f"seat {viewer}'s table names {sorted(unseen)}"
            hidden = [s for s in table["seats"] if s["seat"] != viewer]
            for seat in hidden:
                exposed = set(game.view(viewer).exposed[seat["seat"]])
                faces = {c["card"] for c in seat["hand"]["cards"] if c["card"]}
                assert faces <= exposed or game.is_over() or game_name == "briscola" and \
                    faces <= witness.seen


def without_places(table):
    """The table with what ``bottom`` decides taken out: the seats' and the cards' places."""
    table = json.loads(json.dumps(table))
    del table["bottom"]
    for seat in table["seats"]:
        del seat["position"]
    centre = table["centre"]
    for shown in (centre, centre["review"] or {"cards": []}):
        for card in shown["cards"]:
            del card["position"]
    return table


@pytest.mark.parametrize("game_name, options", TABLES)
def test_the_seat_at_the_bottom_only_turns_the_table(game_name, options):
    """``bottom`` is layout: laid out from any seat, a seat's table (and the spectator's) shows
    exactly the cards, names and roles it shows laid out from its own seat (which the test
    above checks names no card unseen), so it reveals no hidden hand; the seat asked for sits
    at the bottom, each card played where its seat sits."""
    for game, last, names in play(game_name, options, 5, 120):
        for viewer in [None, *range(game.num_players)]:
            told = last_for(last, 0 if viewer is None else viewer)  # the spectator: as seat 0 was told
            own = describe(game, game.view(viewer), names, told)
            for bottom in range(game.num_players):
                table = describe(game, game.view(viewer), names, told, bottom)
                assert without_places(table) == without_places(own)
                where = {s["seat"]: s["position"] for s in table["seats"]}
                assert where[bottom] == "south" and len(set(where.values())) == game.num_players
                centre = table["centre"]
                for shown in (centre, centre["review"] or {"cards": []}):
                    for card in shown["cards"]:
                        assert card["position"] == (None if card["seat"] is None else where[card["seat"]])
    with pytest.raises(ValueError, match="the seat at the bottom"):
        describe(game, game.view(None), names, None, game.num_players)


def test_a_briscola_trick_marks_the_winning_card_then_its_winner():
    game = GAMES["briscola"].from_setup({"hands": [["AC", "2C", "3S"], ["KC", "4D", "5D"]],
                                          "turned": "7H", "stock": _rest(["AC", "2C", "3S", "KC",
                                                                          "4D", "5D", "7H"]),
                                          "leader": 0})
    names = Names(("South", "North"))
    told = game.explain("2C", 0, names)
    game.apply("2C")
    table = describe(game, game.view(0), names, {"seat": 0, "action": "2C", "explanation": dict(told)})
    assert [c["mark"] for c in table["centre"]["cards"]] == [None]   # one card: nothing to beat yet
    assert table["centre"]["label"] == "Trump: \u2665 hearts"
    told = game.explain("KC", 0, names)
    game.apply("KC")
    table = describe(game, game.view(0), names, {"seat": 1, "action": "KC", "explanation": dict(told)})
    centre = table["centre"]
    assert centre["complete"] and centre["winner"] == 1
    assert [(c["card"], c["mark"]) for c in centre["cards"]] == [("2C", None), ("KC", "winner")]
    assert centre["words"] == "North wins the trick: 0 + 4 = 4 points to North."
    assert table["last"]["pause"] == "long"
    assert table["stock"]["words"] == "Stock: 31 cards, the seven of hearts at the bottom"


def test_a_scopa_capture_is_shown_with_the_card_that_made_it_and_a_sweep_is_named():
    sweeps = 0
    for seed in range(1, 40):
        for game, last, names in play("scopa", {"players": 2}, seed, 40):
            if last is None or not last[2][0].get("captured"):
                continue
            seat, action, told = last
            table = describe(game, game.view(0), names, last_for(last, 0))
            centre = table["centre"]
            card, taken = action.split(" x ")
            marks = [(c["card"], c["mark"]) for c in centre["cards"] if c["mark"]]
            if told[0]["last_play"]:
                continue
            assert sorted(marks) == sorted([(card, "played"), *((c, "captured") for c in taken.split())])
            assert centre["cards"][-1]["card"] == card
            assert centre["words"].startswith(f"{names.seats[seat]} takes the ")
            assert table["last"]["pause"] == "long"
            if told[0]["scopa"]:
                sweeps += 1
                assert centre["sweep"] and centre["label"] == f"Scopa! {names.seats[seat]} swept the table"
                assert table["last"]["text"].endswith("Scopa!")
                assert [c for c in centre["cards"] if not c["mark"]] == []
        if sweeps >= 2:
            return
    raise AssertionError("no scopa in 40 seeds")


def test_every_state_of_the_bridge_carries_the_table():
    bridge = Bridge()

    def ask(**request):
        answer = json.loads(bridge.handle(json.dumps({"id": 1, **request})))
        assert answer["ok"], answer
        return answer["result"]

    started = ask(op="new", game="madrasso", seat=0, seed=4, seat_names=list(NAMES[4]),
                  side_names=["North and South", "East and West"])
    table = started["state"]["table"]
    assert table["seats"][2]["role"] == "partner" and table["seats"][1]["role"] == "opponent"
    assert table["opening"].endswith("are trump.")
    assert table["score"]["rows"][0]["head"] == "North and South (you)"
    state = ask(op="bot", handle=started["handle"], level="random", play=True)["state"] \
        if started["state"]["to_play"] != 0 else ask(op="state", handle=started["handle"])
    assert state["table"]["seats"][0]["name"] == "South"
    tables = ask(op="table_new", game="briscola", seed=2, options={})
    assert [s["table"]["viewer"] for s in tables["states"]] == [0, 1]
    assert tables["public"]["table"]["seats"][0]["hand"]["cards"][0]["card"] is None


def _rest(used):
    from engine.cards import CARD_TEXT

    return [c for c in CARD_TEXT if c not in used]


# ---- the viewer's choices, and a refused move, in the engine's words ----------------------------

SETTEBELLO = {"players": 2, "dealer": 1, "hands": [["7S", "KC", "4D"], ["3H", "JC", "6S"]],
              "table": ["7D", "7C", "2H", "5S"]}


def _scopa(setup=SETTEBELLO):
    setup = {**setup, "stock": _rest([c for h in setup["hands"] for c in h] + setup["table"])}
    return GAMES["scopa"].from_setup(setup)


def test_a_scopa_card_that_captures_two_ways_is_one_question_with_its_ways_in_words():
    game = _scopa()
    table = describe(game, game.view(0), Names(("South", "North")), None)
    seven = next(g for g in table["choices"] if g["card"] == "7S")
    assert seven["name"] == "seven of spades"
    assert seven["question"] == "The seven of spades can capture in 2 ways. What does it take?"
    assert [(o["action"], o["label"], o["log"], o["takes"]) for o in seven["options"]] == [
        ("7S x 7C", "Take the seven of clubs", "plays the seven of spades, taking the seven of clubs",
         [{"card": "7C", "name": "seven of clubs"}]),
        ("7S x 7D", "Take the seven of diamonds", "plays the seven of spades, taking the seven of diamonds",
         [{"card": "7D", "name": "seven of diamonds"}])]
    king = next(g for g in table["choices"] if g["card"] == "KC")
    assert king["question"] is None and [o["label"] for o in king["options"]] == ["Take nothing"]
    # The other seat is told no choices; its hand is face down, its cards unnamed.
    theirs = describe(game, game.view(1), Names(("South", "North")), None)
    assert theirs["choices"] is None
    assert {c["name"] for c in theirs["seats"][0]["hand"]["cards"]} == {None}
    assert {c["card"]: c["name"] for c in table["centre"]["cards"]} == {
        "7D": "seven of diamonds", "7C": "seven of clubs", "2H": "two of hearts", "5S": "five of spades"}


def test_the_spectator_of_a_public_record_is_offered_the_movers_choices():
    """An open session (practice) shows every hand: its choices are the mover's."""
    game = _scopa()
    table = describe(game, game.view(None), Names(("South", "North")), None)
    assert {o["action"] for g in table["choices"] for o in g["options"]} == set(game.legal_actions())


def test_the_madrasso_swap_is_offered_in_words_with_the_cards_it_exchanges():
    for seed in range(1, 60):
        game = GAMES["madrasso"].new(seed)
        for seat in range(4):
            if game.current_player() == seat and "swap" in game.legal_actions():
                table = describe(game, game.view(seat), Names(NAMES[4]), None)
                swap = next(g for g in table["choices"] if g["card"] is None)
                obs = game.view(seat).observation
                assert swap["options"][0]["label"] == (f"Swap the seven of {obs['trump']['name']} "
                                                       f"for the turned-up {obs['turned']['name']}")
                assert swap["options"][0]["log"] == "swaps the seven of trumps for the turned-up card"
                return
    raise AssertionError("no seat to play holds the seven of trumps in 60 deals")


def test_a_refused_move_answers_its_whole_sentence():
    bridge = Bridge()

    def ask(**request):
        return json.loads(bridge.handle(json.dumps({"id": 1, **request})))

    record = {"game": "scopa", **SETTEBELLO,
              "stock": _rest([c for h in SETTEBELLO["hands"] for c in h] + SETTEBELLO["table"]),
              "actions": []}
    handle = ask(op="load", record=record, seat=0)["result"]["handle"]
    error = ask(op="apply", handle=handle, action="7S x 2H 5S")["error"]
    assert error["kind"] == "illegal"
    assert error["sentence"] == (f"You cannot play the seven of spades ({error['rule']}).")
    assert error["rule"].startswith("a table card matches the seven")
    opened = ask(op="load", record=record)["result"]["handle"]  # practice: an open session
    why = ask(op="explain", handle=opened, action="7S")["result"]
    assert why["legal"] is False and why["sentence"] == f"You cannot play the seven of spades ({why['rule']})."
    for seed in range(1, 40):  # South to play first, without the seven of trumps
        madrasso = ask(op="new", game="madrasso", seat=0, seed=seed)["result"]
        if madrasso["state"]["to_play"] == 0 and "swap" not in madrasso["state"]["legal"]:
            error = ask(op="apply", handle=madrasso["handle"], action="swap")["error"]
            assert error["sentence"] == f"You cannot swap now ({error['rule']})."
            return
    raise AssertionError("South never played first without the seven of trumps")
