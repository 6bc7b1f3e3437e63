"""The review valued while the deal is played, in slices (issue 30): ``review_note`` with a
``budget`` stops after that many milliseconds and the next note goes on where it stopped, so a
learner's press that comes while a note runs waits a slice at most, not a whole move's
valuation (up to seconds on a loaded machine); and a valuation made in slices gives the very
values of one made in one go (the review's verdicts are unchanged)."""

from __future__ import annotations

import json
import time

import pytest

from engine.bots import make_bot
from engine.bridge import Bridge
from engine.coach.values import PlayedValuation, evaluate_played
from engine.games import GAMES

SEAT = 0
CASES = [("briscola", {}), ("madrasso", {"one_deal": True}), ("scopa", {"players": 2, "one_deal": True})]


class Client:
    def __init__(self) -> None:
        self.bridge = Bridge(bot_options={"time_budget": None})
        self.next = 1

    def ok(self, op: str, **args):
        self.next += 1
        answer = json.loads(self.bridge.handle(json.dumps({"id": self.next, "op": op, **args})))
        assert answer["ok"], answer
        return answer["result"]


@pytest.mark.parametrize("name,options", CASES, ids=[c[0] for c in CASES])
def test_a_valuation_in_slices_gives_the_values_of_one_in_one_go(name, options):
    game = GAMES[name].new(17, **options)
    bots = [make_bot(name, "greedy", 17 + s) for s in range(game.num_players)]
    checked = 0
    while not game.is_over() and checked < 4:
        seat = game.current_player()
        action = bots[seat].choose(game, seat)
        if seat == SEAT:
            whole = evaluate_played(game, SEAT, action, samples=96)
            work = PlayedValuation(game.clone(), SEAT, action, samples=96)
            slices = 1
            while not work.advance(0.0):  # the smallest slice: one sampled deal
                slices += 1
            assert work.result() == whole
            if not whole.forced:
                assert slices == whole.samples  # it did stop and go on, deal by deal
                checked += 1
        game.apply(action)
    assert checked == 4


def press_after_note(client: Client, **note) -> tuple[float, dict]:
    """Scopa (seed 3) at the seat's second turn, its first move (one whose valuation draws all
    of 1000 sampled deals: its mark stays close to a threshold) not yet valued: a note sent,
    then at once the learner's press, as the worker gets them; the time until the press is
    answered, and the note's answer."""
    started = client.ok("new", game="scopa", seat=SEAT, seed=3, options={"players": 2, "one_deal": True})
    handle, state = started["handle"], started["state"]
    moved = 0
    while moved < 1 or state["to_play"] != SEAT:
        if state["to_play"] == SEAT:
            state = client.ok("apply", handle=handle, action=state["legal"][0])["state"]
            moved += 1
        else:
            state = client.ok("bot", handle=handle, level="greedy", play=True)["state"]
    start = time.perf_counter()
    answer = client.ok("review_note", handle=handle, samples=1000, **note)
    client.ok("apply", handle=handle, action=state["legal"][0])
    return time.perf_counter() - start, answer


def test_a_press_with_a_note_in_flight_waits_a_slice_not_a_whole_valuation():
    bound = 0.25  # s: the slice (20 ms) with a wide margin for a loaded machine
    waited, note = press_after_note(Client(), budget=20)
    assert note == {"valued": False, "waiting": 1}  # stopped part-way; the next note goes on
    assert waited < bound
    # Before, a note valued its move in one go: the same press waited for all of it.
    waited_before, note = press_after_note(Client())
    assert note == {"valued": True, "waiting": 0}
    assert waited_before > bound


def test_notes_in_slices_leave_the_review_the_values_of_notes_in_one_go():
    sliced, whole = Client(), Client()
    for client, note in ((sliced, {"budget": 5}), (whole, {})):
        started = client.ok("new", game="briscola", seat=SEAT, seed=5)
        handle, state = started["handle"], started["state"]
        while not state["over"]:
            if state["to_play"] == SEAT:
                state = client.ok("apply", handle=handle, action=state["legal"][-1])["state"]
                while client.ok("review_note", handle=handle, samples=60, **note)["waiting"]:
                    pass
            else:
                state = client.ok("bot", handle=handle, level="greedy", play=True)["state"]
    assert sliced.bridge._valued() == whole.bridge._valued()
    assert len(whole.bridge._valued()) == 20


def play_to(client: Client, handle: int, state: dict, length: int, pick: int) -> dict:
    """The session played on to ``length`` actions: the seat plays its legal move ``pick``, the
    others the greedy computer's; the state it stands in."""
    while client.bridge.sessions[handle].index < length:
        if state["to_play"] == SEAT:
            state = client.ok("apply", handle=handle, action=state["legal"][pick])["state"]
        else:
            state = client.ok("bot", handle=handle, level="greedy", play=True)["state"]
    return state


def seat_moves_valued(client: Client, handle: int, seed: int, samples: int) -> list[bool]:
    """For each of the seat's moves along the session's line as it now stands: whether the
    notes valued it ahead of the review."""
    from engine.coach.review import valued_key

    session = client.bridge.sessions[handle]
    game, found = session.start.clone(), []
    for action in session.line[:session.index]:
        if game.current_player() == SEAT and len(game.legal_action_ids()) > 1:
            found.append(valued_key(game, SEAT, action, seed, samples) in client.bridge._valued())
        game.apply(action)
    return found


def test_notes_after_a_take_back_value_the_moves_of_the_line_played_since():
    """A take-back deals the unseen cards afresh and the deal goes on another way: the notes
    value the moves of the new line, not the old one's, even where the new line is as long."""
    client = Client()
    started = client.ok("new", game="briscola", seat=SEAT, seed=5)
    handle = started["handle"]
    play_to(client, handle, started["state"], 12, -1)
    assert client.ok("review_note", handle=handle, samples=4, seed=9)["waiting"] > 0  # some left
    taken_back = client.ok("undo", handle=handle)
    play_to(client, handle, taken_back.get("state", taken_back), 12, 0)
    while client.ok("review_note", handle=handle, samples=4, seed=9)["waiting"]:
        pass
    valued = seat_moves_valued(client, handle, 9, 4)
    assert valued and all(valued), valued


def test_a_note_never_takes_another_games_moves_for_its_own():
    """Games opened and dropped one after another (a page's new games): each game's notes walk
    its own moves, whatever the memory its session was given (the fuzz once found a new
    session taken for a dropped one whose place in memory it had: "it is seat 0's turn, not
    seat 1's")."""
    client = Client()
    started = client.ok("new", game="briscola", seat=SEAT, seed=5)
    handle = started["handle"]
    play_to(client, handle, started["state"], 6, -1)
    record = client.ok("record", handle=handle)
    for seed in range(300):
        mine = client.ok("load", record=record, seat=SEAT)["handle"]
        client.ok("review_note", handle=mine, samples=1, seed=seed)
        client.ok("drop", handle=mine)
        theirs = client.ok("load", record=record, seat=1)["handle"]
        assert client.ok("review_note", handle=theirs, samples=1, seed=seed)["valued"]
        client.ok("drop", handle=theirs)
