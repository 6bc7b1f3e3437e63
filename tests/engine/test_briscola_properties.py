"""Properties of random legal Briscola deals: every card is in exactly one place at every
moment, the points always add up to 120, a seat's observation does not change when the cards
hidden from it are redealt, and a record replays to the same game."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from engine import parse_record, replay
from engine.briscola import Briscola
from engine.cards import FULL_PACK_MASK, POINTS


def places(game: Briscola) -> list[int]:
    """Every card's place as bitmasks: the two hands, the stock still to draw (with the turned
    card while it lies there), the trick on the table, the cards each seat has won."""
    masks = [sum(1 << c for c in h) for h in game.hands]
    masks.append(sum(1 << c for c in game.deck[game.drawn:]))
    masks.append(sum(1 << c for c in game.trick))
    masks.extend(game.won)
    return masks


def random_game(seed: int, moves: int | None = None) -> tuple[Briscola, random.Random]:
    rng = random.Random(seed)
    game = Briscola.new(seed)
    count = 0
    while not game.is_over() and (moves is None or count < moves):
        game.apply_id(rng.choice(game.legal_action_ids()))
        count += 1
    return game, rng


@given(st.integers(0, 2**32))
def test_every_card_is_in_exactly_one_place_and_the_points_add_up_to_120(seed):
    rng = random.Random(seed)
    game = Briscola.new(seed)
    while True:
        masks = places(game)
        union = 0
        for m in masks:
            assert union & m == 0, "a card in two places"
            union |= m
        assert union == FULL_PACK_MASK, "a card lost"
        assert game.points == [sum(POINTS[c] for c in range(40) if w >> c & 1) for w in game.won]
        if game.is_over():
            break
        ids = game.legal_action_ids()
        assert ids == sorted(ids) and ids == sorted(game.hands[game.current_player()])
        game.apply_id(rng.choice(ids))
    assert sum(game.points) == 120
    assert len(game.tricks) == 20
    assert game.result()["result"] in (0, 1, "draw")
    assert game.returns()[0] == -game.returns()[1]


@given(st.integers(0, 2**32), st.integers(0, 40), st.integers(0, 2**32))
def test_an_observation_does_not_change_when_hidden_cards_are_redealt(seed, moves, shuffle):
    game, _ = random_game(seed, moves)
    for seat in (0, 1):
        other = game.determinize(seat, random.Random(shuffle))
        assert other.observation(seat) == game.observation(seat)
        assert other.hands[seat] == game.hands[seat]
        assert _unplayed(other) == _unplayed(game), "the same cards, redealt"
        while not other.is_over():
            other.apply_id(other.legal_action_ids()[-1])
        assert sum(other.points) == 120


@given(st.integers(0, 2**32), st.integers(0, 40))
def test_a_record_replays_to_the_same_game(seed, moves):
    game, _ = random_game(seed, moves)
    for record in (game.record(), {"game": "briscola", **game.deal(),
                                   "actions": game.history()}):
        text = "\n".join(f"{k} = {_toml(v)}" for k, v in record.items())
        again = replay(parse_record(text))
        assert again.observation(None) == game.observation(None)
        assert again.summary() == game.summary()
        assert again.history() == game.history()


def _unplayed(game: Briscola) -> int:
    hand0, hand1, stock = places(game)[:3]
    return hand0 | hand1 | stock


def _toml(value) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)


@given(st.integers(0, 2**32), st.integers(0, 39))
def test_explain_agrees_with_the_rules_in_any_state(seed, moves):
    game, _ = random_game(seed, moves)
    seat = game.current_player()
    for card in range(40):
        facts = game.explain(game.action_to_string(card))
        assert facts["legal"] == (card in game.hands[seat])
        if facts["legal"]:
            after = game.clone()
            after.apply_id(card)
            if facts["trick_complete"]:
                assert after.tricks[-1][2] == facts["trick_winner"]
                assert after.tricks[-1][3] == facts["trick_points"]
            assert facts["text"]
        else:
            assert facts["rule"] and facts["anchor"] == "playing-a-trick"
