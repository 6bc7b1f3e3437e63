"""The bridge ops the play-against-the-computer tables use, in a seat's session: the computer's
move and the hint ("bot"), taking back your own last move ("undo"), the saved game ("record",
then "load" with the seat), the shared deal ("deal_record"); and what such a session refuses.
On CPython and inside Pyodide."""

from __future__ import annotations

import json

import pytest

from engine.bridge import Bridge
from engine.games import GAMES
from engine.record import record_from_data, replay

SOUTH = 0


class Client:
    def __init__(self):
        self.bridge = Bridge()

    def ask(self, op, **args):
        return json.loads(self.bridge.handle(json.dumps({"id": 1, "op": op, **args})))

    def ok(self, op, **args):
        response = self.ask(op, **args)
        assert response["ok"], response
        return response["result"]

    def error(self, op, **args):
        response = self.ask(op, **args)
        assert not response["ok"], response
        return response["error"]


def play_until_south_has_moved(client, handle, moves_by_south=1, level="random"):
    """Computer seats play (as the table does) until South has made ``moves_by_south`` moves
    and it is South's turn again; returns the state."""
    state = client.ok("state", handle=handle)
    made = 0
    while True:
        if state["over"]:
            return state
        if state["to_play"] == SOUTH:
            if made == moves_by_south:
                return state
            state = client.ok("apply", handle=handle, action=state["legal"][-1])["state"]
            made += 1
        else:
            state = client.ok("bot", handle=handle, level=level, play=True)["state"]


def table_of(state):
    """What South sees on the table, without the parts a redeal may not change anyway."""
    return {k: state[k] for k in ("index", "to_play", "legal", "observation", "exposed", "voids")}


@pytest.mark.parametrize("game, options", [("briscola", {}), ("scopa", {"players": 3}),
                                           ("madrasso", {})])
def test_undo_goes_back_to_just_before_souths_last_move(game, options):
    client = Client()
    started = client.ok("new", game=game, seat=SOUTH, seed=11, options=options)
    handle = started["handle"]
    before = play_until_south_has_moved(client, handle, moves_by_south=1)
    # South's move, then the computers' answers: undo stands before South's move.
    after = play_until_south_has_moved(client, handle, moves_by_south=1)
    assert after["index"] > before["index"]
    undone = client.ok("undo", handle=handle, seat=SOUTH)
    assert undone["to_play"] == SOUTH
    # The table is the one South saw then (replayed, the hidden cards dealt afresh).
    assert table_of(undone) == table_of(before)
    hidden = [h for s, h in enumerate(undone["observation"]["hands"]) if s != SOUTH]
    assert all(h is None for h in hidden)  # nothing hidden is shown by taking a move back
    assert undone["length"] == undone["index"]  # the moves after it are gone


def test_undo_twice_takes_back_two_of_your_moves():
    client = Client()
    handle = client.ok("new", game="briscola", seat=SOUTH, seed=3)["handle"]
    first = play_until_south_has_moved(client, handle, moves_by_south=0)
    play_until_south_has_moved(client, handle, moves_by_south=2)
    client.ok("undo", handle=handle)
    again = client.ok("undo", handle=handle)
    assert table_of(again) == table_of(first)


def test_undo_without_a_move_of_yours_is_an_error_as_data():
    client = Client()
    handle = client.ok("new", game="briscola", seat=SOUTH, seed=3)["handle"]
    response = client.ask("undo", handle=handle, seat=SOUTH)
    assert not response["ok"]
    assert response["error"]["kind"] == "request"
    assert "no move to take back" in response["error"]["message"]
    assert not client.ask("undo", handle=handle, seat=1)["ok"]  # the computer's moves are its own


def test_the_saved_record_is_redealt_and_resumes_for_the_seat():
    """The record of an unfinished game names no seed and no true hidden card: it is the game
    redealt for South. Loaded again for South it is redealt once more, so the storage does not
    predict the resumed game either; South's table is the same all along."""
    client = Client()
    handle = client.ok("new", game="scopa", seat=SOUTH, seed=5, options={"players": 2})["handle"]
    state = play_until_south_has_moved(client, handle, moves_by_south=3)
    saved = client.ok("record", handle=handle)
    assert "seed" not in saved and saved["one_deal"] is False
    assert client.ok("record", handle=handle)["stock"] != saved["stock"]  # a fresh redeal each time
    resumed = client.ok("load", record=saved, seat=SOUTH)
    assert resumed["state"]["scope"] == "seat"
    assert table_of(resumed["state"]) == table_of(state)
    truth = client.bridge.sessions[resumed["handle"]].game
    assert truth.record()["stock"] != saved["stock"]
    undone = client.ok("undo", handle=resumed["handle"])
    assert undone["to_play"] == SOUTH and undone["index"] < state["index"]


def test_the_hint_names_a_legal_move_with_a_reason_and_changes_nothing():
    client = Client()
    started = client.ok("new", game="madrasso", seat=SOUTH, seed=9)
    handle = started["handle"]
    assert started["state"]["to_play"] == SOUTH  # seed 9: South leads the match's first trick
    assert "swap" in started["state"]["legal"]   # ...holding the seven of trumps (the e2e seed)
    hint = client.ok("bot", handle=handle, level="greedy", reasons=True)
    assert hint["seat"] == SOUTH
    assert hint["action"] in started["state"]["legal"]
    assert isinstance(hint["why"], str) and hint["why"]
    assert client.ok("state", handle=handle)["index"] == 0


def test_a_seats_session_shows_the_computers_only_what_the_table_shows():
    """The issue's first finding: madrasso seed 3, seat 0, gave seat 2's whole hand as legal."""
    client = Client()
    started = client.ok("new", game="madrasso", seat=SOUTH, seed=3)
    state, handle = started["state"], started["handle"]
    assert state["to_play"] == 2 and state["legal"] == []
    assert client.ok("legal", handle=handle) == {"seat": 2, "actions": []}
    assert state["observation"]["legal_actions"] == []
    played = client.ok("bot", handle=handle, level="random", play=True)
    explanation = played["explanation"]
    assert "choices" not in explanation and "forced" not in explanation
    assert "legal" not in explanation["next"]  # seat 3's moves are its own


def test_a_seats_session_refuses_to_show_another_seat():
    client = Client()
    started = client.ok("new", game="madrasso", seat=SOUTH, seed=3)
    handle = started["handle"]
    refusals = [
        ("state", {"view": None}), ("state", {"view": 2}), ("observation", {"seat": 1}),
        ("observation", {"seat": None}), ("apply", {"action": "2C"}), ("explain", {"action": "2C"}),
        ("bot", {"level": "random"}), ("bot", {"level": "greedy", "reasons": True, "play": True}),
        ("bot", {"level": "random", "play": True, "seed": 4}), ("step_to", {"index": 0}),
        ("undo", {"seat": 2}),
    ]
    for op, args in refusals:
        error = client.error(op, handle=handle, **args)
        assert error["kind"] == "request", (op, args, error)
        assert not set(error["message"].split()) & set(GAMES["madrasso"].new(3).legal_actions())
    assert client.ok("state", handle=handle) == started["state"]  # nothing changed


def test_an_unfinished_seeded_record_is_never_opened_face_up():
    """The issue's replay link {"game":"briscola","seed":5,"actions":[]} showed North's hand."""
    client = Client()
    error = client.error("load", record={"game": "briscola", "seed": 5, "actions": []})
    assert error["kind"] == "request" and "face up" in error["message"]
    assert client.error("load", record={"game": "briscola", "seed": 5}, view=0)["kind"] == "request"
    # Over, it is public: every hand may be shown.
    game = GAMES["briscola"].new(5)
    while not game.is_over():
        game.apply(game.legal_actions()[0])
    opened = client.ok("load", record=game.record(), at=3)
    assert all(h is not None for h in opened["state"]["observation"]["hands"])


def test_the_finished_deal_replays_alone_to_empty_hands():
    """"Replay this deal" at a Madrasso deal's end: that deal only, with explicit cards and its
    place in the match, ending with every hand empty (the match seed opened the next deal)."""
    client = Client()
    handle = client.ok("new", game="madrasso", seat=SOUTH, seed=4)["handle"]
    assert client.error("deal_record", handle=handle)["kind"] == "request"
    state = client.ok("state", handle=handle)
    while state["observation"]["deal"] == 1:
        state = play_until_south_has_moved(client, handle, moves_by_south=1)
    deal = client.ok("deal_record", handle=handle)
    assert "seed" not in deal and deal["deal"] == 1 and deal["totals"] == [0, 0]
    assert len(deal["actions"]) in (40, 41)
    opened = client.ok("load", record=deal, at="end")["state"]
    assert opened["over"] and opened["scope"] == "open"
    assert opened["observation"]["hand_sizes"] == [0, 0, 0, 0]
    assert opened["observation"]["deal"] == 1
    assert replay(record_from_data(deal)).summary()["points"] == \
        client.ok("summary", handle=handle)["deals"][0]["points"]
