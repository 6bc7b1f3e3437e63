"""The browser bridge: JSON in, JSON out, errors as data (runs on CPython and in Pyodide)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.bridge import PROTOCOL_VERSION, Bridge
from engine.record import load_record

DEMO = Path(__file__).resolve().parents[2] / "content" / "demos" / "madrasso.toml"

def seed_hands_valid():
    """The seed's worked trick: hearts trump (the dealer's turned 2H), KC led, 7C, 5H, AC;
    the third seat has no clubs and the fourth's only club is the ace."""
    return [
        ["KC", "2C", "3C", "4C", "5C", "AD", "3D", "KD", "QD", "JD"],
        ["7C", "6C", "JC", "QC", "AS", "3S", "KS", "QS", "JS", "7S"],
        ["5H", "AH", "3H", "KH", "QH", "JH", "7D", "6D", "5D", "4D"],
        ["AC", "2D", "6S", "5S", "4S", "2S", "7H", "6H", "4H", "2H"],
    ]


class Client:
    """Talks to a Bridge exactly as the worker does: JSON strings both ways."""

    def __init__(self):
        self.bridge = Bridge()
        self.next_id = 1

    def raw(self, request):
        text = self.bridge.handle(json.dumps(request))
        assert isinstance(text, str)
        return json.loads(text)

    def ask(self, op, **args):
        request_id = self.next_id
        self.next_id += 1
        response = self.raw({"id": request_id, "op": op, **args})
        assert response["id"] == request_id
        return response

    def ok(self, op, **args):
        response = self.ask(op, **args)
        assert response["ok"], response
        return response["result"]

    def error(self, op, **args):
        response = self.ask(op, **args)
        assert not response["ok"], response
        return response["error"]


@pytest.fixture
def client():
    return Client()


def demo_json():
    return load_record(DEMO).to_json()


def test_hello_names_the_protocol_and_the_games(client):
    hello = client.ok("hello")
    assert hello["protocol"] == PROTOCOL_VERSION
    assert "madrasso" in hello["games"]
    assert hello["python"].count(".") == 2


def test_load_a_record_and_read_the_deal(client):
    result = client.ok("load", record={"game": "madrasso", "dealer": 3, "hands": seed_hands_valid()})
    state = result["state"]
    assert isinstance(result["handle"], int)
    assert state["index"] == 0 and state["length"] == 0
    assert state["to_play"] == 0  # the seat after the dealer leads
    assert state["observation"]["turned"]["card"] == "2H"
    assert state["observation"]["trump"]["suit"] == "H"
    assert state["last"] is None and state["next"] is None
    assert "KC" in state["legal"]


def test_the_seeds_trick_through_the_bridge(client):
    handle = client.ok("load", record={"game": "madrasso", "dealer": 3,
                                       "hands": seed_hands_valid()})["handle"]
    for action in ("KC", "7C", "5H"):
        client.ok("apply", handle=handle, action=action)
    # The fourth seat's only club is the ace: the legal list says so.
    assert client.ok("legal", handle=handle) == {"seat": 3, "actions": ["AC"]}
    explained = client.ok("explain", handle=handle, action="AC")
    assert explained["forced"] is True
    assert explained["forced_reason"] == "only one club: must play it"
    done = client.ok("apply", handle=handle, action="AC")
    assert done["explanation"]["trick_winner"] == 2
    assert done["explanation"]["trick_points"] == 15
    assert done["state"]["observation"]["points"] == [15, 0]
    assert done["state"]["last"] == {"index": 3, "action": "AC", "seat": 3,
                                     "explanation": done["explanation"]}


def test_an_illegal_card_is_an_error_as_data_and_changes_nothing(client):
    handle = client.ok("load", record={"game": "madrasso", "dealer": 3,
                                       "hands": seed_hands_valid()})["handle"]
    client.ok("apply", handle=handle, action="KC")
    before = client.ok("state", handle=handle)
    error = client.error("apply", handle=handle, action="AS")  # seat 1 holds the seven of clubs
    assert error["kind"] == "illegal"
    assert error["action"] == "AS"
    assert error["anchor"] == "playing-a-trick"
    assert "club" in error["rule"]
    assert "index" not in error   # a move played now, not one of a loaded record's line
    assert client.ok("state", handle=handle) == before


def test_errors_are_data_for_every_kind_of_bad_request(client):
    assert client.raw({"id": 7})["error"]["kind"] == "request"
    assert json.loads(client.bridge.handle("not json"))["error"]["kind"] == "request"
    assert client.error("legal", handle=999)["kind"] == "request"
    assert client.error("new", game="chess", seat=0)["kind"] == "request"
    handle = client.ok("new", game="madrasso", seat=0, seed=9, options={"one_deal": True})["handle"]
    assert client.error("apply", handle=handle, action="ZZ")["kind"] == "syntax"  # South leads
    bad = {"game": "madrasso", "dealer": 3, "hands": seed_hands_valid()[:3]}
    assert client.error("load", record=bad)["kind"] == "record"
    demo = client.ok("load", record=demo_json())["handle"]
    assert client.error("step_to", handle=demo, index=50)["kind"] == "request"


def test_a_record_with_an_illegal_action_fails_at_load(client):
    record = {"game": "madrasso", "dealer": 3, "hands": seed_hands_valid(),
              "actions": ["KC", "AS"]}
    error = client.error("load", record=record)
    assert error["kind"] == "illegal"
    assert error["index"] == 1 and error["seat"] == 1


def test_new_games_are_secret_unless_a_seed_is_given(client):
    first = client.ok("new", game="madrasso", seat=1, seed=42, options={"one_deal": True})
    second = client.ok("new", game="madrasso", seat=1, seed=42, options={"one_deal": True})
    assert first["handle"] != second["handle"]
    assert first["state"]["observation"]["hands"] == second["state"]["observation"]["hands"]
    assert first["state"]["scope"] == "seat" and first["state"]["view"] == 1
    # Without a seed the engine draws its own, from the system's entropy: every deal differs.
    hands = {json.dumps(client.ok("new", game="briscola", seat=0)["state"]["observation"]["hands"])
             for _ in range(5)}
    assert len(hands) == 5


def test_the_demo_deal_steps_forward_and_back_to_identical_tables(client):
    loaded = client.ok("load", record=demo_json())
    handle, length = loaded["handle"], loaded["state"]["length"]
    assert length == 41
    states = [loaded["state"]]
    for index in range(1, length + 1):
        states.append(client.ok("step_to", handle=handle, index=index))
    final = states[-1]
    assert final["over"] is True
    assert final["result"]["points"] == [69, 61]
    assert sum(final["result"]["points"]) == 130
    assert final["last"]["explanation"]["last_trick_bonus"] is True
    # Step back one at a time: every table is exactly the one shown going forward.
    for index in range(length - 1, -1, -1):
        assert client.ok("step_to", handle=handle, index=index) == states[index]
    # Jump anywhere along the line, both ways.
    assert client.ok("step_to", handle=handle, index="end") == final
    assert client.ok("step_to", handle=handle, index=2) == states[2]


def test_the_line_keeps_the_records_actions_until_a_new_move_branches_off(client):
    loaded = client.ok("load", record=demo_json(), at=1)
    handle = loaded["handle"]
    assert loaded["state"]["index"] == 1
    assert loaded["state"]["next"] == "swap"
    # Playing the line's own next move keeps the rest of the line.
    assert client.ok("apply", handle=handle, action="swap")["state"]["length"] == 41
    # Playing something else branches: the line ends at the new move.
    client.ok("step_to", handle=handle, index=1)
    branched = client.ok("apply", handle=handle, action="2D")["state"]
    assert branched["length"] == 2 and branched["next"] is None
    assert client.ok("record", handle=handle)["actions"] == ["AD", "2D"]


def test_explain_without_an_action_explains_the_lines_next_move(client):
    handle = client.ok("load", record=demo_json())["handle"]
    explained = client.ok("explain", handle=handle)
    assert explained["action"] == "AD" and explained["kind"] == "lead"
    client.ok("step_to", handle=handle, index="end")
    assert client.error("explain", handle=handle)["kind"] == "request"


def test_one_seat_views_mask_the_other_hands(client):
    state = client.ok("load", record=demo_json(), view=0)["state"]
    hands = state["observation"]["hands"]
    assert hands[0] is not None and hands[1] is None and hands[2] is None
    open_state = client.ok("state", handle=1, view=None)
    assert all(hand is not None for hand in open_state["observation"]["hands"])


def test_an_open_record_is_laid_out_with_the_seat_asked_for_at_the_bottom(client):
    """``bottom`` turns the table (a practice position whose visitor plays East puts East at
    the bottom) and keeps that for the answers after; the names stay the seats' own."""
    names = ["South", "East", "North", "West"]
    loaded = client.ok("load", record=demo_json(), bottom=1, seat_names=names)
    handle, table = loaded["handle"], loaded["state"]["table"]
    assert table["bottom"] == 1
    assert [(s["name"], s["position"]) for s in table["seats"]] == [
        ("South", "west"), ("East", "south"), ("North", "east"), ("West", "north")]
    assert loaded["state"]["to_play"] == 0
    table = client.ok("apply", handle=handle, action=loaded["state"]["legal"][0])["state"]["table"]
    assert table["bottom"] == 1 and table["centre"]["cards"][0]["position"] == "west"  # South led
    table = client.ok("state", handle=handle, bottom=2)["table"]
    assert table["seats"][2]["position"] == "south" and table["centre"]["cards"][0]["position"] == "north"
    assert client.ok("state", handle=handle, bottom=None)["table"]["seats"][0]["position"] == "south"


def test_a_bottom_seat_is_checked(client):
    too_far = client.error("load", record=demo_json(), bottom=4)
    assert too_far["kind"] == "request" and "bottom must be a seat from 0 to 3" in too_far["message"]
    assert "bottom" in client.error("load", record=demo_json(), bottom="east")["message"]
    handle = client.ok("load", record=demo_json())["handle"]
    assert "bottom must be a seat from 0 to 3" in client.error("state", handle=handle, bottom=7)["message"]
    # A seat's game has that seat at the bottom, always.
    refused = client.error("load", record=demo_json(), seat=0, bottom=2)
    assert refused["kind"] == "request" and "its own seat at the bottom" in refused["message"]
    mine = client.ok("new", game="briscola", seat=1)["handle"]
    assert "its own seat sits at the bottom" in client.error("state", handle=mine, bottom=0)["message"]
    assert client.ok("state", handle=mine, bottom=1)["table"]["seats"][1]["position"] == "south"


def test_record_and_summary_round_trip(client):
    handle = client.ok("load", record=demo_json(), at="end")["handle"]
    record = client.ok("record", handle=handle)
    assert record["game"] == "madrasso" and len(record["actions"]) == 41
    again = client.ok("load", record=record, at="end")["state"]
    assert again["result"]["points"] == [69, 61]
    summary = client.ok("summary", handle=handle)
    assert len(summary["tricks"]) == 10 and summary["last_trick"] == 0


def test_drop_forgets_a_handle(client):
    handle = client.ok("new", game="madrasso", seat=0)["handle"]
    assert client.ok("drop", handle=handle) == {"dropped": True}
    assert client.error("legal", handle=handle)["kind"] == "request"


def test_the_computer_player_answers_for_the_seat_to_play(client):
    handle = client.ok("load", record=demo_json())["handle"]
    state = client.ok("state", handle=handle)
    choice = client.ok("bot", handle=handle, level="random", seed=1)
    assert choice["seat"] == state["to_play"]
    assert choice["action"] in state["legal"]
    assert client.ok("state", handle=handle) == state  # asking does not play
    played = client.ok("bot", handle=handle, level="random", seed=1, play=True)
    assert played["state"]["index"] == 1
    assert client.error("bot", handle=handle, level="nonsense")["kind"] == "request"


def test_explanations_use_the_tables_seat_and_side_names(client):
    names = {"seat_names": ["South", "East", "North", "West"],
             "side_names": ["North and South", "East and West"]}
    handle = client.ok("load", record=demo_json(), **names)["handle"]
    state = client.ok("step_to", handle=handle, index=5)
    text = state["last"]["explanation"]["text"]
    assert text.startswith("West follows suit with the five of diamonds")
    assert "South wins the trick with the ace of diamonds" in text
    assert "seat" not in text.lower()
    assert client.error("load", record=demo_json(), seat_names="South")["kind"] == "request"


def test_after_restore_makes_the_random_module_random_again():
    """Every restore of one memory snapshot starts with the same random state (worker.mjs)."""
    import random

    from engine.bridge import after_restore

    random.seed(1234)
    state = random.getstate()
    expected = random.random()
    random.setstate(state)       # as a second restore of the same snapshot would be
    after_restore()
    assert random.random() != expected


def test_prepare_imports_every_game_and_computer_player():
    """What the browser's snapshot holds (worker.mjs): if this raised, no visitor would ever
    get a snapshot, silently."""
    import sys

    from engine.bridge import prepare

    prepare()
    for name in ("engine.madrasso", "engine.briscola", "engine.scopa", "engine.bots.random_bot",
                 "engine.bots.greedy_madrasso", "engine.bots.greedy_briscola",
                 "engine.bots.greedy_scopa", "engine.bots.expert"):
        assert name in sys.modules, name
