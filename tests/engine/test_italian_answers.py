"""Every answer the engine service gives to a request in Italian (``"lang": "it"``) is Italian:
the three games' tables, moves, explanations, refusals, scores and outcomes, and the errors of a
bad request (issue 32). Over every golden playthrough (tests/playthroughs/, each seat's view of
every state through the friends' table ops) and a seeded fuzz of seat games (random legal
moves, every seat, the open record of a finished deal, refusals of illegal moves and bad
requests), no string of an answer holds an English word (tests/engine/english.py) or is an
untranslated message id of the engine's catalog. Standard library only (also in Pyodide).
"""

from __future__ import annotations

import importlib.util
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.bridge import Bridge
from engine.i18n import catalog
from engine.playthrough import parse

_spec = importlib.util.spec_from_file_location("english", Path(__file__).with_name("english.py"))
assert _spec is not None and _spec.loader is not None
english = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(english)
english_words, texts = english.english_words, english.texts

PLAYTHROUGHS = Path(__file__).resolve().parents[1] / "playthroughs"
FILES = sorted(PLAYTHROUGHS.glob("*.txt"))

SKIP = frozenset({
    # identifiers, not words: cards, ops, seats, the games' and rules' own keys
    "game", "card", "cards", "action", "actions", "legal", "legal_actions", "badges", "next", "suit", "seat", "op",
    "anchor", "anchors", "kind", "reason", "mark", "id", "deck", "lang", "hands", "hand",
    "stock", "trick_cards", "exposed", "voids", "captured", "capture", "captures", "played",
    "lead", "seed", "turned_card", "trump_suit", "side", "sides", "shown", "key", "field",
    "traceback", "role", "style", "class", "slot", "place", "position", "layout",
})
"""Fields that hold identifiers (card codes such as "KC", ops, seat numbers, kinds such as
"trump"), never a sentence; every other string of an answer is read."""


_QUOTED = re.compile(r"«[^»]*»|'[^'\s]*'|\"[^\"\s]*\"|\b[a-z]+_[a-z_]+\b")
"""Identifiers quoted inside a sentence: what the request sent ('nonsense', "game"), the
protocol's names in «» («seed», «apply, bot, ...») and field names with an underscore
(seat_names): code, not English."""


def _untranslated() -> frozenset[str]:
    """The English message ids of the engine's catalog (its context left out), each of which
    an Italian answer must never say as it is."""
    ids = getattr(catalog("it"), "_catalog", {})
    messages = {(key if isinstance(key, str) else key[0]).split("\x04")[-1] for key in ids}
    return frozenset(m for m in messages if m and english_words(m))


UNTRANSLATED = _untranslated()


class Italian:
    """A bridge asked in Italian; every answer's strings are checked as they come."""

    def __init__(self) -> None:
        self.bridge = Bridge(bot_options={"samples": 4})
        self.count = 0
        self.found: list[str] = []

    def ask(self, **request: Any) -> dict[str, Any]:
        self.count += 1
        request = {"id": self.count, "lang": "it", **request}
        answer = json.loads(self.bridge.handle(json.dumps(request)))
        self.check(answer, request["op"])
        return answer

    def check(self, answer: Any, where: str) -> None:
        for path, text in texts(answer, SKIP):
            words = english_words(_QUOTED.sub("", text))
            if words or text in UNTRANSLATED:
                self.found.append(f"{where}{path}: {text!r} ({', '.join(words)})")

    def verdict(self) -> None:
        assert not self.found, (f"{len(self.found)} English strings in Italian answers:\n"
                                + "\n".join(sorted(set(self.found))[:60]))


def _table_through(it: Italian, record: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """A friends' table on the record's setup, its actions played one by one: every answer
    (each seat's state and the spectators')."""
    players = record.get("players", 4 if record["game"] == "madrasso" else 2)
    opened = it.ask(op="table_load", record={**record, "actions": []}, with_summary=True,
                    seat_names=COMPASS[players])
    assert opened["ok"], opened
    handle = opened["result"]["handle"]
    answer = opened["result"]
    for action in record["actions"]:
        seat = answer["states"][0]["to_play"]
        done = it.ask(op="table_apply", handle=handle, seat=seat, action=action)
        assert done["ok"], done
        answer = done["result"]
        yield answer
    it.ask(op="table_state", handle=handle, next_deal=True)
    it.ask(op="table_deal_record", handle=handle)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_playthrough_is_told_in_italian(path):
    playthrough = parse(path.read_text(encoding="utf-8"))
    it = Italian()
    record = {"game": playthrough.game, **playthrough.setup, "actions": playthrough.actions}
    for _answer in _table_through(it, record):
        pass
    it.verdict()


def _illegal(state: dict[str, Any]) -> str | None:
    """A move the seat to play may not make now (a card it holds that the rules forbid, else a
    card it does not hold)."""
    legal = set(state["legal"])
    hands = state["observation"].get("hands") or []
    seat = state["to_play"]
    mine = hands[seat] if seat is not None and seat < len(hands) and hands[seat] else []
    for card in mine:
        if isinstance(card, str) and card not in legal:
            return card
    for card in ("AC", "7D", "KS", "2H", "QC"):
        if card not in legal and card not in mine:
            return card
    return None


COMPASS = {2: ["South", "North"], 3: ["South", "East", "West"],
           4: ["South", "East", "North", "West"]}
GAMES = [("madrasso", {}), ("briscola", {}), ("scopa", {"players": 2}), ("scopa", {"players": 4}),
         ("scopa", {"players": 3})]


@pytest.mark.parametrize("seed", [3, 16])
@pytest.mark.parametrize("game,options", GAMES, ids=[f"{g}-{o.get('players', '')}" for g, o in GAMES])
def test_seat_games_are_told_in_italian(game, options, seed):
    """Each seat plays its game with random legal moves; between them a refused move, a move
    out of turn, an explanation, a take-back and the computer's move; at the end the deal's
    public record is opened and stepped through from every view."""
    it = Italian()
    rng = random.Random(seed)
    players = options.get("players", 4 if game == "madrasso" else 2)
    seat = seed % players
    names: dict[str, Any] = {}
    if seed % 2:   # the table's names as the pages send them, in English
        names["seat_names"] = COMPASS[players]
        if game == "madrasso":
            names["side_names"] = ["North and South", "East and West"]
    opened = it.ask(op="new", game=game, seat=seat, seed=seed, options=options or None,
                    with_summary=True, **names)
    assert opened["ok"], opened
    handle = opened["result"]["handle"]
    state = opened["result"]["state"]
    for step in range(130):   # a deal or three: the matches' ends are the playthroughs' 
        if state["over"]:
            break
        if state["to_play"] != seat:
            it.ask(op="apply", handle=handle, action=state["legal"][0] if state["legal"] else "AC")
            it.ask(op="explain", handle=handle, action="AC")
            answer = it.ask(op="bot", handle=handle, level="random", play=True, with_summary=True)
            assert answer["ok"], answer
            state = answer["result"]["state"]
            continue
        wrong = _illegal(state)
        if wrong is not None and step % 3 == 0:
            refused = it.ask(op="apply", handle=handle, action=wrong)
            assert not refused["ok"]
            it.ask(op="explain", handle=handle, action=wrong)
        action = rng.choice(state["legal"])
        it.ask(op="explain", handle=handle, action=action)
        answer = it.ask(op="apply", handle=handle, action=action, with_summary=True)
        assert answer["ok"], answer
        state = answer["result"]["state"]
        if step == 2:
            it.ask(op="undo", handle=handle)
            state = it.ask(op="state", handle=handle)["result"]
        if step % 5 == 0:
            it.ask(op="state", handle=handle, deck="venetian")
    it.ask(op="summary", handle=handle)
    it.ask(op="bot", handle=handle, level="random")
    it.ask(op="apply", handle=handle, action="AC")
    finished = it.ask(op="deal_record", handle=handle)
    if finished["ok"]:
        record = finished["result"]
        opened = it.ask(op="load", record=record, with_summary=True)
        assert opened["ok"], opened
        open_handle = opened["result"]["handle"]
        length = opened["result"]["state"]["length"]
        for view in [None, seat]:
            for index in range(0, length + 1, max(1, length // 4)):
                it.ask(op="state", handle=open_handle, view=view)
                it.ask(op="step_to", handle=open_handle, index=index, with_summary=True)
        it.ask(op="step_to", handle=open_handle, index="end")
        it.ask(op="explain", handle=open_handle)
        it.ask(op="undo", handle=open_handle, seat=0)
    it.verdict()


BAD_REQUESTS: list[Any] = [
    "not json", "[1, 2", '{"id": 1, "op": "apply", "lang": "it", "handle": 1, "action": "KC"',
    {"op": "nonsense"}, {"op": "new"}, {"op": "new", "game": "poker", "seat": 0},
    {"op": "new", "game": "briscola", "seat": 5}, {"op": "new", "game": "briscola", "seat": "0"},
    {"op": "new", "game": "scopa", "seat": 0, "options": {"players": 9}},
    {"op": "new", "game": "scopa", "seat": 0, "options": {"players": 2.0}},
    {"op": "new", "game": "madrasso", "seat": 0, "options": {"colour": "red"}},
    {"op": "new", "game": "briscola", "seat": 0, "seat_names": ["A"]},
    {"op": "apply", "handle": 999, "action": "KC"}, {"op": "state", "handle": "x"},
    {"op": "apply", "handle": 1}, {"op": "apply", "handle": 1, "action": "ZZ"},
    {"op": "apply", "handle": 1, "action": "KC", "extra": 1},
    {"op": "step_to", "handle": 1, "index": 3},
    {"op": "observation", "handle": 1, "seat": 1}, {"op": "state", "handle": 1, "view": 1},
    {"op": "bot", "handle": 1, "level": "genius"}, {"op": "deal_record", "handle": 1, "deal": 4},
    {"op": "undo", "handle": 1, "seat": 1}, {"op": "load", "record": {"game": "briscola", "seed": 1}},
    {"op": "load", "record": {"game": "briscola", "seed": 1, "actions": ["KC"]}, "seat": 0},
    {"op": "load", "record": {"game": "briscola"}}, {"op": "load", "record": []},
    {"op": "load", "record": {"game": "scopa", "players": 2, "hands": [["KC"]]}},
    {"op": "table_new", "game": "briscola", "seed": 2 ** 60}, {"op": "table_apply", "handle": 1, "seat": 0, "action": "KC"},
    {"op": "table_state", "handle": 77}, {"op": "new", "game": "briscola", "seat": 0, "seed": -1},
    {"id": [1], "op": "hello"}, {"op": "hello", "id": 1.5},
]


def test_bad_requests_are_answered_in_italian():
    it = Italian()
    opened = it.ask(op="new", game="briscola", seat=0, seed=5)
    assert opened["result"]["handle"] == 1
    for request in BAD_REQUESTS:
        if isinstance(request, str):
            answer = json.loads(it.bridge.handle(request if "lang" in request
                                                 else request + ' "lang": "it"'))
        else:
            answer = json.loads(it.bridge.handle(json.dumps({"id": 1, "lang": "it", **request})))
        assert not answer["ok"], (request, answer)
        it.check(answer, json.dumps(request)[:80])
    it.verdict()


def test_a_move_told_in_english_is_told_again_in_italian():
    """The state asked in Italian after a move made in English (the visitor switched language
    mid-game): the last move's words are the Italian ones, in a seat's game and at a table."""
    it = Italian()
    bridge = it.bridge
    english = json.loads(bridge.handle(json.dumps(
        {"id": 1, "op": "new", "game": "briscola", "seat": 0, "seed": 9,
         "seat_names": ["South", "North"]})))["result"]
    handle = english["handle"]
    action = english["state"]["legal"][0]
    moved = json.loads(bridge.handle(json.dumps({"id": 2, "op": "apply", "handle": handle,
                                                 "action": action})))["result"]
    assert english_words(moved["state"]["last"]["explanation"]["text"])   # told in English
    state = it.ask(op="state", handle=handle)["result"]
    assert state["last"]["explanation"]["text"].startswith("Sud esce con ")
    assert state["table"]["last"]["text"].startswith("Sud esce con ")
    table = json.loads(bridge.handle(json.dumps(
        {"id": 3, "op": "table_new", "game": "scopa", "seed": 4, "options": {"players": 2}})))
    table_handle = table["result"]["handle"]
    seat = table["result"]["states"][0]["to_play"]
    first = table["result"]["states"][seat]["legal"][0]
    bridge.handle(json.dumps({"id": 4, "op": "table_apply", "handle": table_handle, "seat": seat,
                              "action": first}))
    answer = it.ask(op="table_state", handle=table_handle)["result"]
    for told in answer["states"]:
        assert told["last"]["explanation"]["text"], told["last"]
    it.verdict()
