"""The deck chosen mid-game (issue 31): a page asks for the state again with the other deck,
and the last move's words, said when the move was made in the first deck's names, come back
in the new deck's names, at the same move (nothing played, nothing lost)."""

from __future__ import annotations

import json
import re

from engine.bridge import Bridge

FRENCH = re.compile(r"\b(clubs|diamonds|hearts|spades|queen|jack)\b")
VENETIAN = re.compile(r"\b(batons|coins|cups|swords|horse|knave)\b")


def ask(bridge, op, deck=None, **args):
    request = {"id": 1, "op": op, **args, **({"deck": deck} if deck else {})}
    answer = json.loads(bridge.handle(json.dumps(request)))
    assert answer["ok"], answer
    return answer["result"]


def test_the_state_asked_again_in_the_other_deck_says_the_last_move_in_its_names():
    bridge = Bridge()
    opened = ask(bridge, "new", game="madrasso", seat=0, seed=2)
    handle, state = opened["handle"], opened["state"]
    while state["to_play"] != 0 or not state["last"]:      # a move of the computer's, said
        state = ask(bridge, "bot", handle=handle, level="greedy", play=True)["state"]
    said = state["table"]["last"]["text"]
    assert FRENCH.search(said) and not VENETIAN.search(said), said

    again = ask(bridge, "state", "venetian", handle=handle)
    venetian = again["table"]["last"]["text"]
    assert VENETIAN.search(venetian) and not FRENCH.search(venetian), venetian
    assert again["index"] == state["index"] and again["legal"] == state["legal"]
    assert again["table"]["last"]["seat"] == state["table"]["last"]["seat"]
    # Back to the first deck: the first words again, and the game goes on from there.
    assert ask(bridge, "state", handle=handle)["table"]["last"]["text"] == said
    moved = ask(bridge, "apply", "venetian", handle=handle, action=state["legal"][0])
    assert moved["state"]["index"] == state["index"] + 1
    assert not FRENCH.search(moved["state"]["table"]["last"]["text"])
