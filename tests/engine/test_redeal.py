"""Dealing the unseen cards afresh (``Game.redeal_unseen``): the same game as the seat saw it,
a record that replays exactly and names no seed, the hidden cards a fair new sample. And the
take-back built on it: after an undo, the computer's card is back in its hand only as often
as chance gives."""

from __future__ import annotations

import itertools
import json
import math
import random
import sys
from collections import Counter

import pytest

from engine.bridge import Bridge
from engine.games import GAMES
from engine.redeal import deal_uniform as _deal_uniform
from engine.record import record_from_data, start_game

IN_PYODIDE = sys.platform == "emscripten"
TABLES = [("briscola", {}), ("scopa", {"players": 2}), ("scopa", {"players": 3}),
          ("scopa", {"players": 4}), ("madrasso", {})]
IDS = ["briscola", "scopa2", "scopa3", "scopa4", "madrasso"]


def seat_table(game, seat):
    """The seat's view, less the earlier deals' summaries (a redealt record starts at its deal)."""
    view = game.view(seat)
    obs = json.loads(json.dumps(view.observation))
    obs.pop("deals", None)
    if isinstance(obs.get("result"), dict):
        obs["result"].pop("deals", None)
    return (view.hands, view.hand_sizes, view.exposed, view.voids, view.legal, obs)


@pytest.mark.parametrize(("name", "options"), TABLES, ids=IDS)
def test_the_redealt_game_is_the_same_game_for_the_seat_at_every_point(name, options):
    rng = random.Random(name + str(options))
    for trial in range(15 if IN_PYODIDE else 60):
        game = GAMES[name].new(trial, **options)
        seat = rng.randrange(game.num_players)
        tables = []
        deal = None
        for _ in range(rng.randrange(0, 130)):
            if game.is_over():
                break
            number = game.view(seat).observation.get("deal", 1)
            if number != deal:
                tables, deal = [], number
            tables.append(seat_table(game, seat))
            game.apply_id(rng.choice(game.legal_action_ids()))
        if game.view(seat).observation.get("deal", 1) != deal:
            tables = []
        tables.append(seat_table(game, seat))
        redealt = game.redeal_unseen(seat, random.Random(trial))
        record = redealt.record()
        assert "seed" not in record
        # The record replays exactly, and the seat sees at every point what it saw then.
        again = start_game(record_from_data(record))
        assert seat_table(again, seat) == tables[0]
        for i, action in enumerate(record["actions"]):
            again.apply(action)
            assert seat_table(again, seat) == tables[i + 1], (trial, i)
        assert again.summary() == redealt.summary()
        assert not game.is_over() or redealt.is_over()
        if name != "briscola" and not game.is_over():
            assert record["one_deal"] is False  # the match deals on, from a fresh secret seed


@pytest.mark.parametrize(("name", "options"), TABLES, ids=IDS)
def test_the_hidden_cards_are_dealt_afresh(name, options):
    """Every hidden card can land elsewhere: over a few redeals the hidden hands change."""
    game = GAMES[name].new(3, **options)
    rng = random.Random(3)
    for _ in range(9):
        game.apply_id(rng.choice(game.legal_action_ids()))
    seat = game.current_player()
    others = [s for s in range(game.num_players) if s != seat]
    truth = {s: sorted(_hand(game, s)) for s in others}
    redeals = [game.redeal_unseen(seat, random.Random(k)) for k in range(6)]
    assert all(sorted(_hand(r, seat)) == sorted(_hand(game, seat)) for r in redeals)
    assert any({s: sorted(_hand(r, s)) for s in others} != truth for r in redeals)


def _hand(game, seat):
    hand = game.hands[seat]
    return [c for c in range(40) if hand >> c & 1] if isinstance(hand, int) else hand


def test_the_madrasso_sampler_is_uniform_over_the_deals_the_voids_allow():
    """Six cards for three seats, two each; seat 1 has shown no clubs, seat 2 no diamonds:
    every deal those allow comes up as often as the others."""
    cards = [0, 1, 2, 10, 11, 20]  # AC 2C 3C AD 2D AH
    need = [0, 2, 2, 2]
    allowed = [15, 15 ^ 1, 15 ^ 2, 15]
    deals = Counter()
    rng = random.Random(1)
    draws = 600 if IN_PYODIDE else 6000
    for _ in range(draws):
        out = _deal_uniform(cards[:], need, allowed, rng)
        deals[tuple(out)] += 1
    possible = 0
    for order in itertools.permutations(cards):
        hands = [0, sum(1 << c for c in order[0:2]), sum(1 << c for c in order[2:4]),
                 sum(1 << c for c in order[4:6])]
        if all(not hands[s] & (1023 << (10 * suit)) for s in (1, 2, 3) for suit in range(4)
               if not allowed[s] >> suit & 1):
            possible += 1
    possible //= 8  # each deal, its three pairs in either order
    assert len(deals) == possible
    expected = draws / possible
    chi2 = sum((n - expected) ** 2 / expected for n in deals.values())
    assert chi2 < possible + 6 * math.sqrt(2 * possible)  # far beyond chance otherwise


def _taken_back_card_stays_at_chance(name, options, trials):
    """Undo many times, right after the computer answered South's move with card X: how often
    is X in that computer's hand again, against the chance a fair redeal gives it?"""
    bridge = Bridge()
    hits = 0
    chance = []
    for seed in range(trials * 8):
        if len(chance) == trials:
            break
        ask = lambda op, **a: json.loads(bridge.handle(json.dumps({"id": 1, "op": op, **a})))  # noqa: E731
        started = ask("new", game=name, seat=0, seed=seed, options=options)["result"]
        handle, state = started["handle"], started["state"]
        rng = random.Random(seed)
        moves = rng.randrange(1, 6)
        while moves or state["to_play"] != 0:
            if state["to_play"] == 0:
                state = ask("apply", handle=handle, action=rng.choice(state["legal"]))["result"]["state"]
                moves -= 1
            else:
                state = ask("bot", handle=handle, level="random", play=True)["result"]["state"]
        # South moves; then the next seat, a computer, answers with its card.
        state = ask("apply", handle=handle, action=rng.choice(state["legal"]))["result"]["state"]
        if state["to_play"] in (0, None) or state["observation"].get("deal", 1) != 1:
            continue
        answer = ask("bot", handle=handle, level="random", play=True)["result"]
        computer, card = answer["seat"], answer["action"].split(" ")[0]
        undone = ask("undo", handle=handle)["result"]
        if any(undone["voids"]) or undone["exposed"][computer]:
            continue  # the chance is then not a plain ratio; the sampler test covers those
        game = bridge.sessions[handle].game
        hidden = [s for s in range(game.num_players) if s != 0]
        pool = sum(len(_hand(game, s)) for s in hidden) + getattr(game, "stock_size", 0)
        pool -= sum(len(cards) for cards in undone["exposed"])
        chance.append(len(_hand(game, computer)) / pool)
        hits += card in {game.action_to_string(c) for c in _hand(game, computer)}
        ask("drop", handle=handle)
    assert len(chance) == trials
    mean = sum(chance)
    sigma = math.sqrt(sum(p * (1 - p) for p in chance))
    return hits, mean, sigma


@pytest.mark.parametrize(("name", "options"), TABLES, ids=IDS)
def test_after_an_undo_the_computers_card_is_back_only_by_chance(name, options):
    """Before, the take-back put the card back every time (and kept the stock's order)."""
    trials = 40 if IN_PYODIDE else 200
    hits, mean, sigma = _taken_back_card_stays_at_chance(name, options, trials)
    assert abs(hits - mean) <= 4 * sigma + 1, (hits, mean, sigma)
    assert hits < trials * 0.8
