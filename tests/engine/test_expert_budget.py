"""The expert's wall-clock cap, as the tables run it (engine/bots/expert.py).

The tables ask the bridge for the expert's move with no time budget of their own, so the
expert's default cap (0.35 s, the tables' 0.5 s a move inside Pyodide less the time to answer)
is what keeps a slow or busy device answering in time: a search cut short drops its unfinished
sampled deal and decides on the deals it completed. Two kinds of check, on CPython and inside
Pyodide: a real clock with a small budget and a search far too big for it, and a stand-in
clock (each reading 50 ms later than the last) that makes the cap bind at a known point
whatever the machine's speed.
"""

from __future__ import annotations

import json
import re
import time

import pytest

from engine.bots import expert as expert_module
from engine.bots import make_bot
from engine.bots.expert import ExpertBot
from engine.bridge import Bridge
from engine.games import GAMES

TABLES_CAP = 0.35    # seconds: what engine/bots/expert.py promises the tables
GAMES_AND_OPTIONS = [("briscola", {}), ("madrasso", {}), ("scopa", {"players": 2}), ("scopa", {"players": 4})]


class SlowClock:
    """A stand-in for the time module: every reading is `step` seconds after the last."""

    def __init__(self, step: float = 0.05):
        self.now = 0.0
        self.step = step
        self.readings = 0

    def perf_counter(self) -> float:
        self.now += self.step
        self.readings += 1
        return self.now


def opening(name: str, options: dict, seed: int = 5):
    """A seeded deal at its first decision with more than one legal move."""
    game = GAMES[name].new(seed, **options)
    while len(game.legal_action_ids()) < 2:
        game.apply_id(game.legal_action_ids()[0])
    return game


@pytest.mark.parametrize("name,options", GAMES_AND_OPTIONS)
def test_a_small_budget_returns_in_time_with_a_legal_move_and_fewer_samples(name, options):
    game = opening(name, options)
    seat = game.current_player()
    budget = 0.05
    # 20,000 sampled deals take tens of seconds uncapped on any machine here: only the cap
    # can stop this search in time.
    bot = ExpertBot(name, seed=3, time_budget=budget, samples=20_000)
    start = time.perf_counter()
    action = bot.choose(game, seat)
    elapsed = time.perf_counter() - start
    assert action in game.legal_actions()
    done = bot.last_stats["samples"]
    assert bot.settings.min_samples <= done < 20_000, bot.last_stats
    # Past the deadline it finishes at most the playout under way, then answers.
    assert elapsed < budget + 1.0, f"{elapsed:.2f} s for a {budget} s budget ({done} sampled deals)"


@pytest.mark.parametrize("name,options", GAMES_AND_OPTIONS)
def test_the_cap_stops_the_search_once_the_budget_is_spent(monkeypatch, name, options):
    clock = SlowClock(step=0.05)
    monkeypatch.setattr(expert_module, "time", clock)
    game = opening(name, options)
    bot = ExpertBot(name, seed=3, time_budget=0.35)
    bot.choose(game, game.current_player())
    # The deadline checks begin after the minimum of sampled deals; the seventh reading is
    # past the deadline, and every check reads the clock once: at most seven deals more.
    done = bot.last_stats["samples"]
    assert bot.settings.min_samples <= done <= bot.settings.min_samples + 7, bot.last_stats
    assert done < bot.settings.samples


@pytest.mark.parametrize("name", ["briscola", "madrasso", "scopa"])
def test_the_tables_expert_has_the_cap(name):
    # What the bridge builds for the tables: make_bot with the game's defaults.
    assert make_bot(name, "expert", seed=0).settings.time_budget == TABLES_CAP
    assert make_bot(name, "expert", seed=0, time_budget=None).settings.time_budget is None


def test_the_bridge_answers_the_expert_move_within_the_cap(monkeypatch):
    """The tables' own request: the hint's reasons name how many sampled deals the answer
    rests on, a few past the minimum once the (stand-in) clock has run past the cap."""
    monkeypatch.setattr(expert_module, "time", SlowClock(step=0.05))
    bridge = Bridge()

    def ask(op, **args):
        reply = json.loads(bridge.handle(json.dumps({"id": 1, "op": op, **args})))
        assert reply["ok"], reply
        return reply["result"]

    # South's game, dealt from a fixed seed; the other seats play until South has a choice.
    opened = ask("new", game="madrasso", seat=0, seed=5)
    handle, state = opened["handle"], opened["state"]
    while state["to_play"] != 0 or len(state["legal"]) < 2:
        if state["to_play"] == 0:
            state = ask("apply", handle=handle, action=state["legal"][0])["state"]
        else:
            state = ask("bot", handle=handle, level="random", play=True)["state"]
    hint = ask("bot", handle=handle, level="expert", reasons=True)
    assert hint["action"] in state["legal"]
    used = int(re.search(r"over (\d+) sampled deals", hint["why"]).group(1))
    settings = ExpertBot("madrasso").settings
    assert settings.min_samples <= used <= settings.min_samples + 7 < settings.samples
