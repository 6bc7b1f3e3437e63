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
