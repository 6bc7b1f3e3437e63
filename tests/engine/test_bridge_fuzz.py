"""A seeded fuzz of the bridge: 100,000 requests, good and bad, every one answered with valid
JSON, a result or an error, never an ``internal`` one (a traceback), and a session only when
its request succeeded.

The requests are made from the real ones (every op, with the arguments the pages send) and
then spoiled the ways the issue found: floats and bools for integers (``players: 2.0``), seats
and views out of range, unhashable or missing ops, short ``seat_names``, nesting thousands
deep, integers of thousands of digits, ``NaN`` and ``Infinity``, truncated and random text,
unknown arguments, records with fields removed or changed. Live handles are kept, so the ops
on games do real work (the computer players at every level, undo, step_to, records). Inside
Pyodide a tenth of the requests run.
"""

from __future__ import annotations

import copy
import json
import random
import sys

from engine.bridge import Bridge

IN_PYODIDE = sys.platform == "emscripten"
REQUESTS = 10_000 if IN_PYODIDE else 100_000

GAMES = ["madrasso", "briscola", "scopa"]
LEVELS = ["random", "greedy", "expert"]
OPS = ["hello", "games", "new", "load", "state", "legal", "apply", "observation", "explain",
       "step_to", "record", "deal_record", "summary", "bot", "undo", "drop",
       "hint", "review_start", "review_step", "review_note", "guide"]
NAMES = ["South", "East", "North", "West"]
ODD_VALUES = [None, True, False, 0, 1, -1, 2, 3, 4, 5, 9, 2.0, 0.5, -0.0, 1e300, 2 ** 70,
              "", "0", "x", "end", "swap", "KC", [], [1], {}, {"a": 1}, [None], "AS x 2C"]


def odd(rng: random.Random):
    """One of the odd values, a fresh copy (the spoiled requests must not share lists)."""
    return copy.deepcopy(rng.choice(ODD_VALUES))


def small_record(rng: random.Random) -> dict:
    """A record as a page or a link would give it, then maybe spoiled."""
    game = rng.choice(GAMES)
    choice = rng.random()
    if choice < 0.4:
        record = {"game": game, "seed": rng.randrange(50), "actions": []}
        if game == "scopa":
            record["players"] = rng.choice([2, 3, 4])
        if game != "briscola" and rng.random() < 0.5:
            record["one_deal"] = True
    elif choice < 0.7 and game == "briscola":
        pack = [r + s for s in "CDHS" for r in "A234567JQK"]
        rng.shuffle(pack)
        record = {"game": "briscola", "hands": [pack[:3], pack[3:6]], "turned": pack[6],
                  "stock": pack[7:], "leader": rng.randrange(2), "actions": pack[:rng.randrange(3)]}
    else:
        pack = [r + s for s in "CDHS" for r in "A234567JQK"]
        rng.shuffle(pack)
        record = {"game": "madrasso", "dealer": rng.randrange(4),
                  "hands": [pack[i * 10:(i + 1) * 10] for i in range(4)],
                  "actions": [pack[rng.randrange(40)] for _ in range(rng.randrange(3))]}
    if rng.random() < 0.4:
        spoil(record, rng)
    return record


def spoil(value, rng: random.Random):
    """Change, remove or add one thing somewhere inside ``value`` (a dict or list)."""
    target = value
    for _ in range(rng.randrange(4)):
        inner = [v for v in (target.values() if isinstance(target, dict) else target)
                 if isinstance(v, (dict, list))]
        if not inner:
            break
        target = rng.choice(inner)
    if isinstance(target, dict):
        keys = list(target) + ["extra", "players", "seed", "dealer", "deal", "totals",
                               "one_deal", "moves", "game", "actions", "hands"]
        key = rng.choice(keys)
        if rng.random() < 0.3:
            target.pop(key, None)
        else:
            target[key] = odd(rng)
    elif isinstance(target, list):
        if target and rng.random() < 0.5:
            target[rng.randrange(len(target))] = odd(rng)
        else:
            target.append(odd(rng))


class Fuzzer:
    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.bridge = Bridge(bot_options={"samples": 2, "time_budget": None})
        self.handles: list[int] = []
        self.legal: dict[int, list[str]] = {}
        """The legal actions each live game last answered, to play on with them."""
        self.internal: list[tuple[str, dict]] = []
        self.answered = 0

    def request(self) -> dict:
        rng = self.rng
        op = rng.choice(OPS) if rng.random() < 0.9 else odd(rng)
        if rng.random() < 0.15:
            op = rng.choice(["apply", "bot"])  # moves, so the games get somewhere
        req: dict = {"id": rng.choice([rng.randrange(10 ** 6), "r" + str(rng.random()), None]),
                     "op": op}
        handle = rng.choice(self.handles) if self.handles and rng.random() < 0.9 else \
            rng.choice([0, 999, -1, "1", 1.0, None])
        if op in ("state", "legal", "apply", "observation", "explain", "step_to", "record",
                  "deal_record", "summary", "bot", "undo", "drop", "hint", "review_start",
                  "review_note", "guide"):
            req["handle"] = handle
        if op == "new":
            req.update(game=rng.choice(GAMES + ["chess", 3]), seat=rng.choice([0, 0, 1, 2, 3, 5, None]))
            if rng.random() < 0.5:
                req["seed"] = rng.randrange(1000)
            if rng.random() < 0.5:
                req["options"] = {"players": rng.choice([2, 3, 4])}
        elif op == "load":
            req["record"] = small_record(rng)
            req[rng.choice(["seat", "view"])] = rng.choice([0, 1, 3, None, 7])
            if rng.random() < 0.5:
                req["at"] = rng.choice([0, 1, "end", 99])
        elif op == "apply" or op == "explain":
            legal = self.legal.get(handle) if isinstance(handle, int) else None
            if legal and rng.random() < 0.7:
                req["action"] = rng.choice(legal)
            else:
                req["action"] = rng.choice(["KC", "AS", "7D", "swap", "7D x 3C 4S", "2C x 2S",
                                            "zz", "", "QH", "AD"])
        elif op == "step_to":
            req["index"] = rng.choice([0, 1, 2, "end", 40, -1])
        elif op == "bot":
            req["level"] = rng.choice(LEVELS)
            req["play"] = rng.random() < 0.7
            if rng.random() < 0.2:
                req["reasons"] = True
        elif op in ("state", "observation"):
            if rng.random() < 0.3:
                req["view" if op == "state" else "seat"] = rng.choice([0, 1, 2, 3, None, 9])
        elif op == "undo" and rng.random() < 0.5:
            req["seat"] = rng.choice([0, 1, 2, 3])
        elif op == "review_start":
            for key, values in (("seat", [0, 1, 3, None]), ("deal", [1, 2, "all", None]),
                                ("seed", [0, 5]), ("samples", [1, 2])):
                if rng.random() < 0.4:
                    req[key] = rng.choice(values)
        elif op == "review_step":
            req["review"] = rng.choice([1, 2, 3, 4, 5, 999, "1", None])
        elif op == "review_note":
            req["samples"] = rng.choice([1, 2, 2, 0, "2"])  # few: the fuzz stays quick
        if op in ("new", "load") and rng.random() < 0.3:
            req["seat_names"] = NAMES[:rng.randrange(1, 5)]
        if rng.random() < 0.25:
            spoil(req, rng)
        return req

    def text(self, req: dict) -> str:
        rng = self.rng
        text = json.dumps(req)
        roll = rng.random()
        if roll < 0.01:
            return "[" * rng.randrange(20, 5000) + "]" * rng.randrange(5000)
        if roll < 0.02:
            return text.replace("}", ', "seed": ' + "9" * rng.randrange(20, 6000) + "}", 1)
        if roll < 0.03:
            return text.replace("}", ', "players": NaN}' if rng.random() < 0.5
                                else ', "seat": Infinity}', 1)
        if roll < 0.04:
            return text[:rng.randrange(len(text))]
        if roll < 0.045:
            return "".join(chr(rng.randrange(32, 0x3000)) for _ in range(rng.randrange(30)))
        if roll < 0.05:
            return '{"id": 1, "op": "load", "record": ' + '{"a": ' * 3000 + "1" + "}" * 3000 + "}"
        return text

    def step(self) -> None:
        req = self.request()
        text = self.text(req)
        answer_text = self.bridge.handle(text)
        answer = json.loads(answer_text, parse_constant=_no_constant)
        self.answered += 1
        assert set(answer) == {"id", "ok", "result"} or set(answer) == {"id", "ok", "error"}
        if not answer["ok"]:
            if answer["error"]["kind"] == "internal":
                self.internal.append((text[:300], answer["error"]))
            return
        result = answer["result"]
        state = result.get("state", result) if isinstance(result, dict) else None
        if (isinstance(state, dict) and isinstance(state.get("legal"), list)
                and isinstance(req.get("handle"), int)):
            self.legal[req["handle"]] = state["legal"]
        if isinstance(result, dict) and "handle" in result:
            self.legal[result["handle"]] = result["state"]["legal"]
            self.handles.append(result["handle"])
            if len(self.handles) > 12:
                self.bridge.handle(json.dumps({"id": 0, "op": "drop", "handle": self.handles.pop(0)}))
        if req.get("op") == "drop" and req.get("handle") in self.handles:
            self.handles.remove(req["handle"])


def _no_constant(name):
    raise AssertionError(f"the answer is not valid JSON: {name}")


def test_a_hundred_thousand_requests_get_json_answers_and_no_traceback():
    fuzzer = Fuzzer(2026)
    for _ in range(REQUESTS):
        fuzzer.step()
    assert fuzzer.answered == REQUESTS
    assert not fuzzer.internal, fuzzer.internal[:3]
    # Sessions exist only for requests that succeeded: every handle the bridge keeps was
    # answered to the fuzzer (and not dropped since).
    assert set(fuzzer.bridge.sessions) <= set(fuzzer.handles)


def test_the_issues_bad_requests_are_errors_as_data():
    """The six causes of ``internal`` answers the issue found, and the id echoed as NaN."""
    bridge = Bridge()

    def answer(text):
        reply = json.loads(bridge.handle(text), parse_constant=_no_constant)
        assert not reply["ok"], reply
        assert reply["error"]["kind"] in ("request", "record", "setup"), reply
        return reply

    answer('{"id": 1, "op": "new", "game": "madrasso", "seat": 4}')
    answer('{"id": 1, "op": "new", "game": "scopa", "seat": 0, "options": {"players": 2.0}}')
    answer('{"id": 1, "op": "new", "game": "scopa", "seat": 0, "options": {"players": 5}}')
    answer('{"id": 1, "op": ["state"]}')
    answer('{"id": 1, "op": {"a": 1}}')
    answer('{"id": 1, "op": "new", "game": "madrasso", "seat": 0, "seat_names": ["South"]}')
    answer('{"id": 1, "op": "load", "record": ' + '[' * 3000 + ']' * 3000 + '}')
    answer('{"id": 1, "op": "new", "game": "briscola", "seat": 0, "seed": 1' + '0' * 5000 + '}')
    assert answer('{"id": NaN, "op": "hello"}')["id"] is None
    assert answer('{"id": [1], "op": "hello"}')["id"] is None
    answer('{"id": 2, "op": "load", "record": {"game": "scopa", "seed": 1, "players": 5}}')
    answer('{"id": 2, "op": "load", "record": {"game": "briscola", "seed": 1, "leader": 1.0}}')
    # A request that fails makes no session; a view out of range is not stored.
    handle = json.loads(bridge.handle(json.dumps(
        {"id": 3, "op": "load", "record": {"game": "madrasso", "dealer": 0,
                                            "hands": [[]] * 4}})))
    assert not handle["ok"] and bridge.sessions == {}
    record = {"game": "briscola", "hands": [["AC", "2C", "3C"], ["4C", "5C", "6C"]],
              "turned": "7C", "stock": [r + s for s in "DHS" for r in "A234567JQK"] + [
                  "JC", "QC", "KC"], "leader": 0}
    opened = json.loads(bridge.handle(json.dumps({"id": 4, "op": "load", "record": record})))
    assert opened["ok"], opened
    handle = opened["result"]["handle"]
    answer(json.dumps({"id": 5, "op": "state", "handle": handle, "view": 9}))
    state = json.loads(bridge.handle(json.dumps({"id": 6, "op": "state", "handle": handle})))
    assert state["result"]["view"] is None
