"""The game against the computer: when a move completes a trick, the table's caption counts
it ("North wins the trick: 0 + 3 = 3 points to North."), and the last move's line beside it
says who won and why without counting it a second time (nor the last trick's bonus)."""

from __future__ import annotations

import json
import re

import pytest

from engine.bridge import Bridge
from engine.games import INFO

COUNTED = re.compile(r"wins the trick[^.]*?(?:\(|: )(?:no|\d+) points?\b|It is the last trick")


def ask(bridge: Bridge, op: str, **args: object) -> dict:
    answer = json.loads(bridge.handle(json.dumps({"id": 1, "op": op, **args})))
    assert answer["ok"], answer
    return answer["result"]


@pytest.mark.parametrize("game", ["briscola", "madrasso"])
def test_the_last_move_line_leaves_the_tricks_count_to_the_caption(game: str) -> None:
    bridge = Bridge()
    opened = ask(bridge, "new", game=game, seat=0, seed=5)
    handle, state = opened["handle"], opened["state"]
    seen = 0
    while not state["table"]["over"] and state["table"]["outcome"] is None:  # the whole deal
        state = ask(bridge, "bot", handle=handle, level="greedy", play=True)["state"]
        table = state["table"]
        centre, last = table["centre"], table["last"]
        if not (last and centre and centre["complete"]):
            continue
        seen += 1
        assert re.search(r"= (?:no|\d+) points? to ", centre["words"]), centre["words"]
        assert "wins the trick" in last["text"], last["text"]    # who won, and why
        assert not COUNTED.search(last["text"]), (last["text"], centre["words"])
    assert seen == INFO[game].tricks_per_deal   # the last trick (and its bonus) among them
