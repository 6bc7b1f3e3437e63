"""Properties over many random legal deals: every card played once, 130 points, the checked and
fast faces agree, a record replays to the same game, and what a seat sees does not depend on
the cards hidden from it."""

from __future__ import annotations

import random
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import CARD_TEXT, SUIT_OF
from engine.madrasso import SWAP, Madrasso
from engine.protocol import IllegalAction
from engine.record import record_from_data, replay

IN_PYODIDE = sys.platform == "emscripten"

seeds = st.integers(min_value=0, max_value=2**32)
deal_setups = st.fixed_dictionaries(
    {"seed": seeds, "one_deal": st.just(True)},
    optional={"dealer": st.integers(0, 3)},
)


def random_deal(setup, policy_seed, stop=None):
    """Play a seeded deal with random legal actions (taking the swap when a coin says so)."""
    game = Madrasso.from_setup(setup)
    rng = random.Random(policy_seed)
    steps = 0
    while not game.is_over() and (stop is None or steps < stop):
        legal = game.legal_action_ids()
        if legal[-1] == SWAP and rng.random() < 0.7:
            action = SWAP
        else:
            action = rng.choice(legal)
        game.apply_id(action)
        steps += 1
    return game


def test_thousands_of_random_deals_play_each_card_once_and_make_130():
    deals = 300 if IN_PYODIDE else 3000
    rng = random.Random(20261130)
    for number in range(deals):
        game = Madrasso.from_setup({"seed": number, "one_deal": True})
        while not game.is_over():
            game.apply_id(rng.choice(game.legal_action_ids()))
        played = [card for _, cards, _, _ in game.tricks for card in cards]
        assert sorted(played) == list(range(40))
        assert sum(game.points) == 130
        assert sum(game.tricks_won) == 10
        assert game.hands == [0, 0, 0, 0]
        assert game.points[game.last_trick] >= 10


FEWER = settings(max_examples=max(20, settings.default.max_examples // 4))
"""For the tests that do forty times more work per deal."""


@FEWER
@given(setup=deal_setups, policy=seeds)
def test_the_checked_face_agrees_with_the_fast_face(setup, policy):
    game = Madrasso.from_setup(setup)
    rng = random.Random(policy)
    while not game.is_over():
        legal = game.legal_action_ids()
        assert legal == sorted(legal)
        assert game.legal_actions() == [game.action_to_string(a) for a in legal]
        for action in range(41):
            try:
                game.check_action(action)
            except IllegalAction as err:
                assert action not in legal, err.rule
                assert err.rule and err.anchor
            else:
                assert action in legal
        game.apply(game.action_to_string(rng.choice(legal)))


@given(setup=deal_setups, policy=seeds, stop=st.integers(0, 41))
def test_replaying_the_record_gives_the_same_game(setup, policy, stop):
    game = random_deal(setup, policy, stop)
    record = record_from_data(game.record())
    again = replay(record)
    assert again.observation(None) == game.observation(None)
    assert again.summary() == game.summary()
    assert again.history() == game.history()


@given(setup=deal_setups, policy=seeds, stop=st.integers(0, 40), seat=st.integers(0, 3), shuffle=seeds)
def test_a_seat_sees_the_same_whatever_the_hidden_cards(setup, policy, stop, seat, shuffle):
    game = random_deal(setup, policy, stop)
    seen = game.observation(seat)
    other = game.determinize(seat, random.Random(shuffle))
    assert other.observation(seat) == seen
    # The redealt state is a real game: its own record replays to it.
    assert replay(record_from_data(other.record())).observation(None) == other.observation(None)
    # Its legal actions follow from its own cards (the swap goes with the redealt seven).
    legal = other.legal_action_ids()
    for action in range(41):
        try:
            other.check_action(action)
        except IllegalAction:
            assert action not in legal
        else:
            assert action in legal
    # What everybody knows stays where it is: the turned card while the dealer holds it, the
    # swapper's old turned card while it holds it.
    if game.hands[game.dealer] >> game.turned & 1:
        assert other.hands[game.dealer] >> game.turned & 1
    if game.swap and game.hands[game.swap[0]] >> game.swap[2] & 1:
        assert other.hands[game.swap[0]] >> game.swap[2] & 1
    assert [bin(h).count("1") for h in other.hands] == [bin(h).count("1") for h in game.hands]
    assert other.hands[seat] == game.hands[seat]
    # Every void a seat has shown is kept.
    for s in range(4):
        for suit in range(4):
            if game.voids[s] >> suit & 1:
                assert not other.hands[s] >> (suit * 10) & 1023


@given(setup=deal_setups, policy=seeds, stop=st.integers(0, 40), seat=st.integers(0, 3), pick=seeds)
def test_exchanging_hidden_cards_of_a_suit_does_not_change_a_seats_view(setup, policy, stop, seat, pick):
    game = random_deal(setup, policy, stop)
    known = {game.turned} | ({game.swap[2]} if game.swap else set())
    rng = random.Random(pick)
    pairs = [(a, b, x, y)
             for a in range(4) for b in range(4) if a < b and seat not in (a, b)
             for x in range(40) if game.hands[a] >> x & 1 and x not in known
             for y in range(40) if game.hands[b] >> y & 1 and y not in known
             and SUIT_OF[x] == SUIT_OF[y]]
    if not pairs:
        return
    a, b, x, y = rng.choice(pairs)
    seen = game.observation(seat)
    other = game.clone()
    other.hands[a] ^= (1 << x) | (1 << y)
    other.hands[b] ^= (1 << x) | (1 << y)
    assert other.observation(seat) == seen
    assert other.observation(a) != game.observation(a)  # the test can fail: a's hand changed


@given(setup=deal_setups, policy=seeds, stop=st.integers(0, 40))
def test_a_clone_is_independent(setup, policy, stop):
    game = random_deal(setup, policy, stop)
    before = game.observation(None)
    copy = game.clone()
    while not copy.is_over():
        copy.apply_id(copy.legal_action_ids()[0])
    assert game.observation(None) == before


@given(setup=deal_setups, policy=seeds, stop=st.integers(0, 40))
def test_explain_agrees_with_the_game(setup, policy, stop):
    game = random_deal(setup, policy, stop)
    if game.is_over():
        assert game.explain("AC")["legal"] is False
        return
    for action in game.legal_actions():
        facts = game.explain(action)
        after = game.clone()
        after.apply(action)
        assert facts["legal"] is True and facts["seat"] == game.current_player()
        assert facts["text"]
        if facts["trick_complete"]:  # one-deal games: the trick stays in after.tricks
            assert facts["trick_winner"] == after.tricks[-1][2]
            assert facts["trick_points"] == after.tricks[-1][3]
            assert facts["last_trick_bonus"] == (len(after.tricks) == 10)
        nxt = facts["next"]
        assert (nxt is None) == after.is_over()
        if nxt:
            assert nxt == {"seat": after.current_player(), "legal": after.legal_actions()}
    for action in CARD_TEXT:
        if action not in game.legal_actions():
            facts = game.explain(action)
            assert facts["legal"] is False and facts["rule"]


def test_returns_are_the_deal_points_difference_per_team():
    game = random_deal({"seed": 9, "one_deal": True}, 1)
    p0, p1 = game.points
    bonus = {0: 1000, 1: -1000}.get(game.winner, 0)
    assert game.returns() == [p0 - p1 + bonus, p1 - p0 - bonus, p0 - p1 + bonus, p1 - p0 - bonus]
