"""The table session (the friends' table, docs/friends.md): one game, every seat's answer.

The host's page holds the whole game in its engine and sends each guest its own seat's state
only; these tests play whole games through the table ops as the host's page does (a person's
move with ``table_apply`` for that seat, an empty chair with ``table_bot``) and check each
state against the true game: no seat's state names a card that seat could not have seen then
(tests/engine/seen_cards.py works it out from the game, not from the engine's views), and the
spectators' state (``public``) names only cards every seat has seen. A move from the wrong seat
or an illegal card is refused with the game unchanged; the table's record loads again to the
same game for every seat; a fuzz of spoiled table requests gets errors, never a traceback.
"""

from __future__ import annotations

import importlib.util
import json
import random
from pathlib import Path

import pytest

from engine.bridge import Bridge

_here = Path(__file__).parent
_spec = importlib.util.spec_from_file_location("seen_cards", _here / "seen_cards.py")
seen_cards = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(seen_cards)
_fuzz_spec = importlib.util.spec_from_file_location("bridge_fuzz", _here / "test_bridge_fuzz.py")
bridge_fuzz = importlib.util.module_from_spec(_fuzz_spec)
_fuzz_spec.loader.exec_module(bridge_fuzz)

TABLES = [("briscola", {}), ("scopa", {"players": 2}), ("scopa", {"players": 3}),
          ("scopa", {"players": 4}), ("madrasso", {})]
MOVES = {"briscola": 40, "scopa": 80, "madrasso": 60}
"""A whole Briscola deal; a Scopa or Madrasso deal and into the next."""


class Table:
    """A table driven as the host's page drives it, with every answer checked."""

    def __init__(self, game: str, options: dict, seed: int, people: set[int]):
        self.bridge = Bridge(bot_options={"samples": 2, "time_budget": None})
        self.rng = random.Random(seed)
        self.people = people
        started = self.ask("table_new", game=game, seed=seed, options=options)
        self.handle = started["handle"]
        self.players = started["players"]
        self.witnesses = [seen_cards.Witness(seat) for seat in range(self.players)]
        self.check(started)

    @property
    def game(self):
        return self.bridge.tables[self.handle].game

    def ask(self, op: str, **args):
        answer = json.loads(self.bridge.handle(json.dumps({"id": 1, "op": op, **args})))
        assert answer["ok"], answer
        return answer["result"]

    def refused(self, op: str, **args) -> dict:
        answer = json.loads(self.bridge.handle(json.dumps({"id": 1, "op": op, "handle": self.handle, **args})))
        assert not answer["ok"], answer
        return answer["error"]

    def check(self, answer: dict) -> None:
        """Every seat's state shows what that seat may know; the public one, what all may."""
        game = self.game
        for witness in self.witnesses:
            witness.update(game)
        everybody = set.intersection(*(w.seen for w in self.witnesses))
        for seat, (state, witness) in enumerate(zip(answer["states"], self.witnesses)):
            assert state["view"] == seat and state["scope"] == "table"
            assert not witness.unseen_in(state), (seat, witness.unseen_in(state))
            hands = state["observation"]["hands"]
            assert hands[seat] is not None
            if not game.is_over():
                assert all(h is None for s, h in enumerate(hands) if s != seat)
            assert state["legal"] == (game.legal_actions() if game.current_player() == seat else [])
        public = answer["public"]
        assert not seen_cards.cards_named(public) - everybody, seen_cards.cards_named(public) - everybody
        assert public["legal"] == [] and public["view"] is None
        assert public["to_play"] == game.current_player() and public["index"] == len(game.actions)
        if not game.is_over():
            assert all(h is None for h in public["observation"]["hands"])

    def move(self) -> dict:
        seat = self.game.current_player()
        if seat in self.people:
            action = self.rng.choice(self.game.legal_actions())
            answer = self.ask("table_apply", handle=self.handle, seat=seat, action=action)
            assert answer["action"] == action
        else:
            answer = self.ask("table_bot", handle=self.handle, level=self.rng.choice(["random", "greedy"]))
        assert answer["seat"] == seat
        self.check(answer)
        return answer


@pytest.mark.parametrize("game,options", TABLES, ids=lambda v: v if isinstance(v, str) else str(v.get("players", "")))
def test_every_seat_is_told_only_what_it_may_see(game, options):
    players = options.get("players", {"briscola": 2, "madrasso": 4}.get(game))
    table = Table(game, options, seed=11, people=set(range(0, players, 2)))
    for _ in range(MOVES[game]):
        if table.game.is_over():
            break
        table.move()
    assert len(table.game.actions) >= min(MOVES[game], 40)


def test_a_move_out_of_turn_or_illegal_is_refused_and_changes_nothing():
    table = Table("madrasso", {"one_deal": True}, seed=9, people={0, 1, 2, 3})
    mover = table.game.current_player()
    other = (mover + 1) % 4
    before = table.ask("table_state", handle=table.handle)
    their_card = sorted(seen_cards.hand_of(table.game, other))[0]
    error = table.refused("table_apply", seat=other, action=their_card)
    assert error["kind"] == "request" and "not your turn" in error["message"]
    error = table.refused("table_apply", seat=mover, action=their_card)   # another seat's card
    assert error["kind"] == "illegal" and error["seat"] == mover
    assert seen_cards.cards_named(error) == {their_card}   # names the card sent, nobody's hand
    assert table.refused("table_apply", seat=mover, action="ZZ")["kind"] == "syntax"
    assert table.refused("table_apply", seat=7, action="KC")["kind"] == "request"
    assert table.ask("table_state", handle=table.handle) == before


def test_the_seven_swap_and_a_refused_follow_at_the_table():
    # Seed 9: seat 0 leads holding the seven of trumps (the play page's e2e seed).
    table = Table("madrasso", {"one_deal": True}, seed=9, people={0, 1, 2, 3})
    assert "swap" in table.ask("table_state", handle=table.handle)["states"][0]["legal"]
    answer = table.ask("table_apply", handle=table.handle, seat=0, action="swap")
    table.check(answer)
    for state in answer["states"]:
        assert state["last"]["action"] == "swap"
        assert state["observation"]["swap"]["seat"] == 0
    led = table.ask("table_apply", handle=table.handle, seat=0, action="3C")
    table.check(led)
    hand = seen_cards.hand_of(table.game, 1)
    off_suit = sorted(c for c in hand if c[1] != "C")
    if any(c[1] == "C" for c in hand) and off_suit:
        error = table.refused("table_apply", seat=1, action=off_suit[0])
        assert error["kind"] == "illegal" and "follow" in error["rule"]


def test_the_tables_record_loads_to_the_same_game_for_every_seat():
    table = Table("scopa", {"players": 3}, seed=5, people={0, 1})
    for _ in range(20):
        table.move()
    record = table.ask("table_record", handle=table.handle)
    assert record["actions"] == table.game.history() and "seed" in record
    now = table.ask("table_state", handle=table.handle)
    loaded = table.ask("table_load", record=record)
    assert loaded["players"] == 3
    for before, after in zip(now["states"] + [now["public"]], loaded["states"] + [loaded["public"]]):
        assert before == after
    assert table.ask("drop", handle=loaded["handle"]) == {"dropped": True}


def test_a_secret_tables_seed_survives_javascripts_numbers():
    bridge = Bridge()
    for _ in range(20):
        started = json.loads(bridge.handle('{"id": 1, "op": "table_new", "game": "briscola"}'))["result"]
        record = json.loads(bridge.handle(json.dumps({"id": 2, "op": "table_record", "handle": started["handle"]})))
        assert 0 <= record["result"]["seed"] < 2 ** 53   # a JavaScript number holds it exactly


def test_a_finished_deal_is_shared_as_its_public_record():
    table = Table("briscola", {}, seed=2, people={0})
    assert table.refused("table_deal_record")["kind"] == "request"
    while not table.game.is_over():
        table.move()
    record = table.ask("table_deal_record", handle=table.handle)
    assert record["game"] == "briscola" and "seed" not in record and len(record["actions"]) == 40
    assert table.refused("table_bot", level="random")["message"].startswith("the game is over")
    assert table.refused("table_apply", seat=0, action="KC")["message"] == "the game is over"


@pytest.mark.parametrize("players", [2, 4])
def test_every_seat_sees_the_next_scopa_deal_dealt_before_anyone_acts(players):
    """``table_state {next_deal: true}`` (issue 27): once every seat has seen a finished deal,
    each seat's table is the next deal's four table cards, the finished deal's last play gone;
    the seat to lead may act on it (its choices given); each seat still sees only its own."""
    table = Table("scopa", {"players": players}, seed=5, people=set(range(players)))
    ended = table.ask("table_state", handle=table.handle)
    while not ended["public"]["table"]["between_deals"]:
        ended = table.move()
    assert all(s["table"]["between_deals"] and s["table"]["choices"] is None for s in ended["states"])
    dealt = table.ask("table_state", handle=table.handle, next_deal=True)
    table.check(dealt)
    leader = table.game.current_player()
    new_cards = table.game.view(leader).observation["table"]
    assert len(new_cards) == 4
    for seat, state in enumerate(dealt["states"] + [dealt["public"]]):
        shown = state["table"]
        assert state["index"] == ended["public"]["index"] and not shown["between_deals"]
        assert sorted(c["card"] for c in shown["centre"]["cards"]) == sorted(new_cards), seat
        assert shown["to_play"] == leader
        assert (shown["choices"] is not None) == (seat == leader), seat
    # The move the leader makes on that table is played, and the deal goes on.
    action = dealt["states"][leader]["table"]["choices"][0]["options"][0]["action"]
    moved = table.ask("table_apply", handle=table.handle, seat=leader, action=action)
    table.check(moved)
    assert moved["public"]["index"] == ended["public"]["index"] + 1
    # Within a deal, next_deal changes nothing.
    assert table.ask("table_state", handle=table.handle, next_deal=True) == table.ask("table_state", handle=table.handle)


def test_with_summary_adds_the_games_summary():
    table = Table("madrasso", {"one_deal": True}, seed=3, people=set())
    answer = table.ask("table_state", handle=table.handle, with_summary=True)
    assert all("summary" in state for state in answer["states"])
    assert table.refused("table_state", seat=0)["message"].startswith("table_state takes no argument 'seat'")


def test_spoiled_table_requests_get_errors_never_a_traceback():
    rng = random.Random(19)
    bridge = Bridge(bot_options={"samples": 2, "time_budget": None})
    handles: list[int] = []
    for _ in range(3000):
        op = rng.choice(["table_new", "table_load", "table_state", "table_apply", "table_bot",
                         "table_record", "table_deal_record", "drop"])
        request: dict = {"id": rng.randrange(1000), "op": op}
        if op == "table_new":
            request.update(game=rng.choice(["madrasso", "briscola", "scopa", "chess"]),
                           options=rng.choice([{}, {"players": 3}, {"one_deal": True}]))
        elif op == "table_load":
            request["record"] = bridge_fuzz.small_record(rng)
        else:
            request["handle"] = rng.choice(handles) if handles and rng.random() < 0.9 else 99
        if op == "table_apply":
            request.update(seat=rng.randrange(5), action=rng.choice(["KC", "AS", "swap", "7D x 3C", "zz"]))
        if rng.random() < 0.3:
            bridge_fuzz.spoil(request, rng)
        answer = json.loads(bridge.handle(json.dumps(request)))
        if not answer["ok"]:
            assert answer["error"]["kind"] != "internal", (request, answer["error"])
        elif "handle" in answer["result"]:
            handles.append(answer["result"]["handle"])
    assert handles
