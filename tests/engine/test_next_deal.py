"""``state {next_deal: true}`` (docs/worker-protocol.md): between two deals of a match, the
table as the next deal starts, the finished deal's last move no longer on it, so the page can
draw the new deal before any seat acts (issue 27: a Scopa deal that started blind)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.bridge import Bridge


def asker() -> Any:
    bridge = Bridge()

    def ask(**request: Any) -> Any:
        answer = json.loads(bridge.handle(json.dumps({"id": 1, **request})))
        assert answer["ok"], answer
        return answer["result"]

    return ask


def to_deal_end(ask: Any, game: str, seed: int) -> tuple[int, dict]:
    started = ask(op="new", game=game, seat=0, seed=seed)
    handle, state = started["handle"], started["state"]
    while not state["table"]["between_deals"]:
        assert not state["over"]
        if state["to_play"] == 0:
            state = ask(op="apply", handle=handle, action=state["legal"][0])["state"]
        else:
            state = ask(op="bot", handle=handle, level="greedy", play=True)["state"]
    return handle, state


@pytest.mark.parametrize("game", ["scopa", "madrasso"])
def test_the_next_deal_is_described_as_it_is_dealt(game):
    ask = asker()
    handle, ended = to_deal_end(ask, game, 1)
    assert ended["table"]["centre"]["cards"], "the finished deal's last move is on its table"
    after = ask(op="state", handle=handle, next_deal=True)
    table = after["table"]
    assert not table["between_deals"] and after["index"] == ended["index"]
    assert table["to_play"] == after["to_play"] and table["your_turn"] == (after["to_play"] == 0)
    assert (table["choices"] is not None) == (after["to_play"] == 0)
    if game == "scopa":  # the new deal's four cards on the table, none of the old capture
        assert len(table["centre"]["cards"]) == 4
        assert [c["card"] for c in table["centre"]["cards"]] == after["observation"]["table"]
        assert not table["centre"]["complete"]
    else:  # no card yet in the new deal's first trick
        assert table["centre"]["cards"] == []
    # Within a deal, next_deal changes nothing.
    if after["to_play"] == 0:
        moved = ask(op="apply", handle=handle, action=after["legal"][0])["state"]
    else:
        moved = ask(op="bot", handle=handle, level="greedy", play=True)["state"]
    assert ask(op="state", handle=handle, next_deal=True) == ask(op="state", handle=handle)
    assert moved["table"] == ask(op="state", handle=handle)["table"]
