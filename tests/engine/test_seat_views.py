"""No answer to a seat's session names a card that seat could not have seen.

Games of each game are played through the bridge exactly as the play table plays them (a
seat's session, the computer's moves with ``bot`` and ``play``, the visitor's with ``apply``),
at every level, with the visitor in every seat; on the way every op the page uses is asked
(state, legal, observation, explain, summary, the hint, record and resuming from it,
deal_record, undo; the coach's hint, and its review once the game is over). Each answer's cards (codes and names, in any string) must be among those
the visitor has seen by then, which :mod:`seen_cards` works out from the true game behind
the bridge, independently of the engine's views. Structural checks go with it: the other hands
are hidden, legal moves come only on the visitor's turn, another seat's move is explained
without its choices.

The expert searches a handful of sampled deals (``Bridge(bot_options=...)``) so the games
stay quick; inside Pyodide a smaller share of them runs.
"""

from __future__ import annotations

import importlib.util
import json
import random
import sys
from pathlib import Path

import pytest

from engine.bots import LEVELS
from engine.cards import CARD_TEXT
from engine.bridge import Bridge
from engine.record import record_from_data, replay

IN_PYODIDE = sys.platform == "emscripten"
_spec = importlib.util.spec_from_file_location("seen_cards", Path(__file__).with_name("seen_cards.py"))
seen_cards = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(seen_cards)

TABLES = [("briscola", {}, 2), ("scopa", {"players": 2}, 2), ("scopa", {"players": 3}, 3),
          ("scopa", {"players": 4}, 4), ("madrasso", {}, 4)]
CASES = [(game, options, level, seat)
         for game, options, players in TABLES for level in LEVELS for seat in range(players)]
if IN_PYODIDE:
    CASES = CASES[::5]
MOVES = {"briscola": 60, "scopa": 90, "madrasso": 70}
"""Moves per game: a whole Briscola deal; a Scopa or Madrasso deal and well into the next."""


class Visitor:
    """A seat's session driven as the play table drives it, every answer checked."""

    def __init__(self, game: str, options: dict, level: str, seat: int, seed: int):
        self.bridge = Bridge(bot_options={"samples": 3, "time_budget": None})
        self.seat = seat
        self.level = level
        self.witness = seen_cards.Witness(seat)
        self.rng = random.Random(seed)
        self.asked: set[str] = set()
        started = self.ask("new", game=game, seat=seat, seed=seed, options=options,
                           seat_names=None)
        self.handle = started["handle"]
        self.state = started["state"]

    def truth(self):
        return self.bridge.sessions[self.handle].game

    def ask(self, op: str, **args):
        self.asked.add(op)
        if "handle" not in args and op not in ("new", "load", "review_step"):
            args["handle"] = self.handle
        text = self.bridge.handle(json.dumps({"id": len(self.asked), "op": op, **args}))
        answer = json.loads(text)
        assert answer["ok"], (op, args, answer)
        result = answer["result"]
        if op == "new" or op == "load":
            self.handle = result["handle"]
        if op == "drop":
            return result
        self.witness.update(self.truth())
        if op != "record":
            unseen = self.witness.unseen_in(result)
            assert not unseen, f"{op} {args} names {sorted(unseen)}, unseen by seat {self.seat}"
        state = result.get("state", result if op in ("state", "undo") else None)
        if state is not None:
            self.check_state(state)
        return result

    def check_state(self, state: dict) -> None:
        seat = self.seat
        obs = state["observation"]
        assert state["scope"] == "seat" and state["view"] == seat
        if not state["over"]:
            assert [s for s, h in enumerate(obs["hands"]) if h is not None] == [seat]
        if state["to_play"] != seat:
            assert state["legal"] == [] and obs["legal_actions"] == []
        # The table's choices are the seat's own legal actions, on its own turn only (never
        # another seat's options), each in words.
        choices = state["table"]["choices"]
        if state["table"]["your_turn"]:
            actions = [o["action"] for group in choices for o in group["options"]]
            assert sorted(actions) == sorted(state["legal"])
            assert all(o["label"] and o["log"] for group in choices for o in group["options"])
        else:
            assert choices is None
        last = state["last"]
        if last and last["seat"] != seat and last["explanation"]:
            told = last["explanation"]
            assert not {"choices", "forced", "forced_reason"} & set(told), told
            nxt = told.get("next")
            if nxt and nxt["seat"] != seat:
                assert "legal" not in nxt

    def check_record(self, record: dict) -> None:
        """A record of the unfinished game: no seed, and South's table as it is now."""
        assert "seed" not in record
        again = replay(record_from_data(record))
        mine = json.loads(json.dumps(again.view(self.seat).observation))
        now = dict(self.state["observation"])
        for key in ("deals", "result"):  # earlier deals are not part of a redealt record
            mine.pop(key, None)
            now.pop(key, None)
        assert mine == now

    def my_turn(self) -> None:
        state = self.state
        legal = state["legal"]
        assert legal and state["to_play"] == self.seat
        self.ask("legal")
        self.ask("observation")
        self.ask("explain", action=self.rng.choice(legal))
        held = state["observation"]["hands"][self.seat]
        # A card of the pack that is not in the visitor's hand (a hand may hold any four named ones).
        foreign = next(card for card in CARD_TEXT if card not in held)
        refused = json.loads(self.bridge.handle(json.dumps(
            {"id": 0, "op": "apply", "handle": self.handle, "action": foreign})))
        assert refused["error"]["kind"] == "illegal"  # the rule names only the visitor's cards
        assert not seen_cards.cards_named(refused) - self.witness.seen - {foreign}
        error = refused["error"]  # the page's sentence: the card the seat sent, and the rule
        assert error["sentence"].startswith("You cannot play the ") and f"({error['rule']})." in error["sentence"]
        if self.rng.random() < 0.2:
            self.ask("bot", level="greedy" if self.level != "expert" else "expert", reasons=True)
        if self.rng.random() < 0.1:
            self.ask("hint")  # the coach's words: cards it has not seen only as "still out"
        if self.rng.random() < 0.15:
            record = self.ask("record")
            self.check_record(record)
            if self.rng.random() < 0.5:  # the page reloads: the saved record comes back
                self.ask("drop")
                self.state = self.ask("load", record=record, seat=self.seat)["state"]
                return
        if self.rng.random() < 0.1 and state["index"] > 0:
            self.asked.add("undo")  # asked directly: it may have nothing to take back
            try_undo = json.loads(self.bridge.handle(json.dumps(
                {"id": 0, "op": "undo", "handle": self.handle})))
            assert try_undo["ok"] or try_undo["error"]["kind"] == "request", try_undo
            if try_undo["ok"]:
                self.witness.update(self.truth())
                assert not self.witness.unseen_in(try_undo["result"])
                self.check_state(try_undo["result"])
                self.state = try_undo["result"]
                return
        self.state = self.ask("apply", action=self.rng.choice(legal))["state"]

    def play(self, moves: int) -> None:
        deal = self.state["observation"].get("deal", 1)
        for _ in range(moves):
            if self.state["over"]:
                break
            if self.state["to_play"] == self.seat:
                self.my_turn()
            else:
                self.state = self.ask("bot", level=self.level, play=True)["state"]
            number = self.state["observation"].get("deal", 1)
            if number > deal:  # a deal was played out (an undo may also go back into the last)
                self.ask("deal_record")
                self.ask("summary")
            deal = number
        self.ask("summary")
        self.ask("state", with_summary=True)
        if self.state["over"]:
            self.ask("deal_record")
            self.ask("record")
            review = self.ask("review_start")["review"]
            while not self.ask("review_step", review=review)["finished"]:
                pass


@pytest.mark.parametrize(("game", "options", "level", "seat"), CASES,
                         ids=[f"{g}{o.get('players', '')}-{lv}-seat{s}" for g, o, lv, s in CASES])
def test_no_answer_names_a_card_the_seat_has_not_seen(game, options, level, seat):
    for seed in (1, 2):
        visitor = Visitor(game, options, level, seat, seed * 100 + seat)
        visitor.play(MOVES[game])
        assert {"new", "bot", "apply", "state", "legal", "observation", "explain",
                "summary"} <= visitor.asked


def test_every_op_the_page_uses_is_asked_somewhere():
    """The table's ops (templates/static/js/play-table.mjs) all pass through the games above."""
    asked: set[str] = set()
    for seed in range(6):
        visitor = Visitor("briscola", {}, "random", seed % 2, seed)
        visitor.play(80)
        asked |= visitor.asked
    assert {"new", "load", "state", "apply", "bot", "undo", "record", "deal_record", "summary",
            "drop", "explain", "legal", "observation"} <= asked


def test_a_finished_match_at_every_level_tells_nothing_early():
    """Scopa at two players played to the end of the match (the deciding deal included)."""
    for level in LEVELS:
        visitor = Visitor("scopa", {"players": 2}, level, 1, 7)
        visitor.play(2000)
        assert visitor.state["over"]
