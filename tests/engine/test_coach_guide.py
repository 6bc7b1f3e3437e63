"""The guided game's engine side (engine/coach/guide.py, the ``guide`` op) and the review's
valuation ahead of time (``review_note``): over seeded deals of all three games, the guide lifts
exactly the legal moves, names only cards the seat has seen, introduces each idea once, at the
first of the seat's turns it applies to; a costly card gets a word, not a refusal; a move valued
while the deal is played is not valued again by the review."""

from __future__ import annotations

import random

import pytest

from engine.bridge import Bridge
from engine.cards import CARD_BY_TEXT, CARDS
from engine.coach.guide import visible_cards
from engine.games import GAMES
from engine.record import record_from_data, replay

SEAT = 0
CASES = [("briscola", {}), ("madrasso", {"one_deal": True}), ("scopa", {"players": 2, "one_deal": True})]


class Client:
    def __init__(self, samples: int = 6):
        self.bridge = Bridge(bot_options={"samples": samples, "time_budget": None})
        self.next = 1

    def ask(self, op, **args):
        import json
        self.next += 1
        return json.loads(self.bridge.handle(json.dumps({"id": self.next, "op": op, **args})))

    def ok(self, op, **args):
        answer = self.ask(op, **args)
        assert answer["ok"], answer
        return answer["result"]


def named_cards(text: str) -> set[str]:
    """The cards a sentence names (by name: the coach never writes a code in words)."""
    return {CARDS[i].text if hasattr(CARDS[i], "text") else code
            for code, i in CARD_BY_TEXT.items() if isinstance(code, str) and len(code) == 2
            and f"the {CARDS[i].name}" in text}


def texts(answer: dict) -> list[str]:
    """The words that tell of the table (the suggestion's reason may also name the cards
    "still out", which the seat works out: the hint's own words, tested in test_coach.py)."""
    found = [x["text"] for x in answer["landed"]] + [x["text"] for x in answer["ideas"]]
    if answer["your_card"] and answer["your_card"]["word"]:
        found.append(answer["your_card"]["word"])
    return found


def first_turns(game_name: str, options: dict, seed: int, actions: list[str]) -> dict[str, int]:
    """The seat's turn (counted from 1) where each idea first applies, found here by the
    rules' plain facts, independently of the guide: a restricted choice on a trick led, no
    card of the suit led, the swap among the moves, the deal's last trick, a capture among
    the moves, a capture taking the whole table, the settebello seen."""
    game = GAMES[game_name].new(seed, **options)
    info, turn, found = game.info, 0, {}
    for action in [*actions, None]:
        if game.is_over():
            break
        if game.current_player() == SEAT:
            turn += 1
            view = game.view(SEAT)
            obs = view.observation
            hand = list(view.hands[SEAT] or ())
            legal = list(view.legal)
            facts = {}
            if info.trick_taking:
                led = obs["trick"]["cards"][0]["card"][1] if obs["trick"]["cards"] else None
                facts["follow_suit"] = led is not None and any(c[1] == led for c in hand) \
                    and len([a for a in legal if a != "swap"]) < len(hand)
                facts["first_void"] = led is not None and not any(c[1] == led for c in hand)
                facts["seven_swap"] = "swap" in legal
                facts["last_trick"] = bool(info.last_trick_bonus) and \
                    len(obs["tricks"]) == info.tricks_per_deal - 1
            else:
                table = set(obs["table"])
                facts["capture"] = any(" x " in a for a in legal)
                facts["sweep"] = any(" x " in a and set(a.split(" x ")[1].split()) == table
                                     for a in legal)
                facts["settebello"] = "7D" in hand or "7D" in table
            for key, true in facts.items():
                if true:
                    found.setdefault(key, turn)
        if action is None:
            break
        game.apply(action)
    return found


@pytest.mark.parametrize("name,options", CASES, ids=[c[0] for c in CASES])
def test_a_guided_game_lifts_the_legal_moves_names_only_seen_cards_and_meets_each_idea_once(
        name, options):
    for seed in range(3):
        client = Client()
        started = client.ok("new", game=name, seat=SEAT, seed=300 + seed, options=options)
        handle, state = started["handle"], started["state"]
        rng = random.Random(seed)
        introduced: dict[str, int] = {}
        turn = 0
        words_given = 0
        game = GAMES[name].new(300 + seed, **options)  # the true game, to know what is seen
        actions: list[str] = []
        my_last = None
        while True:
            if state["to_play"] == SEAT or state["over"]:
                answer = client.ok("guide", handle=handle)
                if not state["over"]:
                    turn += 1
                    assert answer["playable"] == state["legal"]
                    assert answer["suggestion"]["action"] in state["legal"]
                seen = visible_cards(game, SEAT)
                for text in texts(answer):
                    assert named_cards(text) <= seen, (text, named_cards(text) - seen)
                for idea in answer["ideas"]:
                    assert idea["idea"] not in introduced, idea
                    introduced[idea["idea"]] = turn
                if answer["your_card"]:
                    assert answer["your_card"]["action"] == my_last
                    if answer["your_card"]["mark"] in ("inaccuracy", "mistake"):
                        assert answer["your_card"]["word"].startswith("That card gave away")
                        words_given += 1
                    else:
                        assert answer["your_card"]["word"] is None
                if state["over"]:
                    break
                # any legal card, the costly ones too: a word after, never a refusal
                action = rng.choice(state["legal"])
                my_last = action
                state = client.ok("apply", handle=handle, action=action)["state"]
            else:
                moved = client.ok("bot", handle=handle, level="greedy", play=True)
                action, state = moved["action"], moved["state"]
            actions.append(action)
            game.apply(action)
        expected = first_turns(name, options, 300 + seed, actions)
        trick_keys = {"follow_suit", "first_void", "seven_swap", "last_trick"}
        for key, at in expected.items():
            assert introduced.get(key) == at, (key, introduced, expected)
        assert set(introduced) - {"primiera"} == set(expected), (introduced, expected)
        if not GAMES[name].new(1, **options).info.trick_taking:
            assert "primiera" in introduced  # at the count, once the deal is over
        assert not set(introduced) & (trick_keys if name == "scopa" else set())


def test_the_computers_cards_are_explained_from_what_the_play_showed():
    client = Client()
    started = client.ok("new", game="madrasso", seat=SEAT, seed=11, options={"one_deal": True})
    handle, state = started["handle"], started["state"]
    said = []
    while not state["over"]:
        if state["to_play"] == SEAT:
            said += [x["text"] for x in client.ok("guide", handle=handle)["landed"]]
            state = client.ok("apply", handle=handle, action=state["legal"][0])["state"]
        else:
            state = client.ok("bot", handle=handle, level="greedy", play=True)["state"]
    assert any(" leads the " in s for s in said) and any(" follows suit with the " in s for s in said)
    assert any(" takes the trick" in s for s in said)
    voids = [s for s in said if " left" in s]
    assert all(": it has no " in s for s in voids)


def test_moves_valued_while_the_deal_is_played_are_not_valued_again_by_the_review():
    client = Client(samples=30)
    started = client.ok("new", game="briscola", seat=SEAT, seed=5)
    handle, state = started["handle"], started["state"]
    assert client.ok("review_note", handle=handle) == {"valued": False, "waiting": 0}
    while not state["over"]:
        if state["to_play"] == SEAT:
            state = client.ok("apply", handle=handle, action=state["legal"][-1])["state"]
            assert client.ok("review_note", handle=handle) == {"valued": True, "waiting": 0}
        else:
            state = client.ok("bot", handle=handle, level="greedy", play=True)["state"]
    valued = dict(client.bridge._valued())
    begun = client.ok("review_start", handle=handle)
    while not (step := client.ok("review_step", review=begun["review"]))["finished"]:
        pass
    assert client.bridge._valued() == valued  # every move was found, none valued again
    cold = Client(samples=30)
    again = cold.ok("load", record=client.ok("deal_record", handle=handle))
    other = cold.ok("review_start", handle=again["handle"])
    while not (late := cold.ok("review_step", review=other["review"]))["finished"]:
        pass
    assert late["result"]["deals"][0]["moves"] == step["result"]["deals"][0]["moves"]


# ---- the review's data for the big table --------------------------------------------------------


@pytest.mark.parametrize("name,options", CASES, ids=[c[0] for c in CASES])
def test_the_review_gives_every_move_its_mark_card_reason_and_expected_points(name, options):
    from engine.bots import make_bot
    from engine.coach.review import Review

    game = GAMES[name].new(41, **options)
    bots = [make_bot(name, "greedy", 41 + s) for s in range(game.num_players)]
    while not game.is_over():
        game.apply(bots[game.current_player()].choose(game, game.current_player()))
    record = game.finished_deals()[-1]
    result = Review([record], SEAT, seed=3, samples=24).run()
    deal = result["deals"][0]
    played = set()
    for action in record["actions"]:
        played.update(part for part in action.replace(" x ", " ").split() if part in CARD_BY_TEXT)
    # the timeline: every action of the deal, the seat's own pointing at their review
    assert [s["action"] for s in deal["timeline"]] == record["actions"]
    mine = [s for s in deal["timeline"] if s["move"] is not None]
    assert [s["move"] for s in mine] == [m["number"] for m in deal["moves"]]
    assert all(s["seat"] == SEAT for s in mine)
    for move in deal["moves"]:
        assert move["mark"] in ("best", "good", "inaccuracy", "mistake")
        assert move["best"] == move["values"][0]["action"]
        assert move["reason"].endswith(".") and move["reason"].count(". ") == 0, move["reason"]
        # the review after the deal shows only cards that were played in it
        assert named_cards(move["reason"]) <= played, move["reason"]
        expected = move["expected"]
        # the deal's points alone (a value that also weighs the match has them apart)
        value = next(v for v in move["values"] if v["action"] == move["played"])
        assert expected["margin"] == pytest.approx(value.get("points", value["value"]), abs=0.01)
        if expected["sides"] is not None:
            mine_pts, theirs = expected["sides"]
            assert mine_pts - theirs == pytest.approx(expected["margin"], abs=0.2)
    if not game.info.trick_taking:
        assert all(m["expected"]["sides"] is None for m in deal["moves"])
    else:
        final = game.view(SEAT).observation["points"]
        total = sum(final)
        assert all(sum(m["expected"]["sides"]) == pytest.approx(total, abs=0.2)
                   for m in deal["moves"] if m["expected"]["sides"] is not None)
    # the costliest first: at most three, in falling loss, none of them "best"
    losses = {m["number"]: m["loss"] for m in deal["moves"]}
    costly = deal["costliest"]
    assert len(costly) <= 3 and [losses[n] for n in costly] == sorted(
        (losses[n] for n in costly), reverse=True)
    assert all(deal["moves"][n - 1]["mark"] != "best" for n in costly)
    assert [m["index"] for m in deal["moments"]] == [deal["moves"][n - 1]["index"] for n in costly]
    assert result["costliest"] == [{"deal": deal["deal"], "move": n} for n in costly]


@pytest.mark.parametrize("name,options", [("madrasso", {}), ("scopa", {"players": 2})])
def test_a_matchs_first_deal_valued_while_played_is_found_by_its_review(name, options):
    client = Client(samples=8)
    started = client.ok("new", game=name, seat=SEAT, seed=9, options=options)
    handle, state = started["handle"], started["state"]
    while not state["table"]["between_deals"] and not state["over"]:
        if state["to_play"] == SEAT:
            state = client.ok("apply", handle=handle, action=state["legal"][0])["state"]
            client.ok("review_note", handle=handle)
        else:
            state = client.ok("bot", handle=handle, level="greedy", play=True)["state"]
    valued = dict(client.bridge._valued())
    begun = client.ok("review_start", handle=handle)
    while not client.ok("review_step", review=begun["review"])["finished"]:
        pass
    assert begun["total"] > 0 and client.bridge._valued() == valued
