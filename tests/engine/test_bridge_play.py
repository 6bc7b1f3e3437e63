"""The bridge ops the play-against-the-computer tables use: the computer's move and the hint
("bot"), and taking back your own last move ("undo"), on CPython and inside Pyodide."""

from __future__ import annotations

import json

import pytest

from engine.bridge import Bridge
from engine.games import GAMES

SOUTH = 0


class Client:
    def __init__(self):
        self.bridge = Bridge()

    def ask(self, op, **args):
        response = json.loads(self.bridge.handle(json.dumps({"id": 1, "op": op, **args})))
        return response

    def ok(self, op, **args):
        response = self.ask(op, **args)
        assert response["ok"], response
        return response["result"]


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
            state = client.ok("bot", handle=handle, level=level, seed=state["to_play"],
                              play=True)["state"]


@pytest.mark.parametrize("game, options", [("briscola", {}), ("scopa", {"players": 3}),
                                           ("madrasso", {})])
def test_undo_goes_back_to_just_before_souths_last_move(game, options):
    client = Client()
    started = client.ok("new", game=game, seed=11, options=options, view=SOUTH)
    handle = started["handle"]
    state = play_until_south_has_moved(client, handle, moves_by_south=1)
    before = client.ok("record", handle=handle)["actions"]
    # South's first move, then the computers' answers: undo stands before South's move.
    state = play_until_south_has_moved(client, handle, moves_by_south=1)
    after = client.ok("record", handle=handle)["actions"]
    assert len(after) > len(before)
    undone = client.ok("undo", handle=handle, seat=SOUTH)
    assert undone["to_play"] == SOUTH
    assert undone["index"] == len(before) == undone["length"]
    assert client.ok("record", handle=handle)["actions"] == before
    # The table is what South saw then: the same observation as a fresh replay of those moves.
    replay = GAMES[game].from_setup({"seed": 11, **options})
    for action in before:
        replay.apply(action)
    assert undone["observation"] == json.loads(json.dumps(replay.observation(SOUTH)))
    assert undone["legal"] == replay.legal_actions()
    assert "hands" in undone["observation"]
    hidden = [h for s, h in enumerate(undone["observation"]["hands"]) if s != SOUTH]
    assert all(h is None for h in hidden)  # nothing hidden is shown by taking a move back
    del state


def test_undo_twice_takes_back_two_of_your_moves():
    client = Client()
    handle = client.ok("new", game="briscola", seed=3, view=SOUTH)["handle"]
    first = play_until_south_has_moved(client, handle, moves_by_south=0)
    play_until_south_has_moved(client, handle, moves_by_south=2)
    client.ok("undo", handle=handle, seat=SOUTH)
    again = client.ok("undo", handle=handle, seat=SOUTH)
    assert again["index"] == first["index"]
    assert again["observation"] == first["observation"]


def test_undo_without_a_move_of_yours_is_an_error_as_data():
    client = Client()
    handle = client.ok("new", game="briscola", seed=3, view=SOUTH)["handle"]
    response = client.ask("undo", handle=handle, seat=SOUTH)
    assert not response["ok"]
    assert response["error"]["kind"] == "request"
    assert "no move to take back" in response["error"]["message"]
    assert not client.ask("undo", handle=handle)["ok"]  # the seat is required


def test_undo_after_resuming_a_saved_record():
    """A reload rebuilds the game from the saved record; undo still knows whose moves were whose."""
    client = Client()
    handle = client.ok("new", game="scopa", seed=5, options={"players": 2}, view=SOUTH)["handle"]
    play_until_south_has_moved(client, handle, moves_by_south=3)
    record = client.ok("record", handle=handle)
    resumed = client.ok("load", record=record, at="end", view=SOUTH)
    assert resumed["state"]["index"] == len(record["actions"])
    undone = client.ok("undo", handle=resumed["handle"], seat=SOUTH)
    assert undone["to_play"] == SOUTH
    assert undone["index"] < len(record["actions"])


def test_hint_names_a_legal_move_with_a_reason_and_changes_nothing():
    client = Client()
    started = client.ok("new", game="madrasso", seed=9, view=SOUTH)
    handle = started["handle"]
    assert started["state"]["to_play"] == SOUTH  # seed 9: South leads the match's first trick
    assert "swap" in started["state"]["legal"]   # ...holding the seven of trumps (the e2e seed)
    hint = client.ok("bot", handle=handle, level="greedy", seed=0, reasons=True)
    assert hint["seat"] == SOUTH
    assert hint["action"] in started["state"]["legal"]
    assert isinstance(hint["why"], str) and hint["why"]
    assert client.ok("state", handle=handle)["index"] == 0

