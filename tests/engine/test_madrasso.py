"""Madrasso's rules, one test each: the deal, following suit, who wins a trick, scoring.

The swap of the seven has its own file (test_madrasso_swap.py), the match its own
(test_madrasso_match.py), random deals theirs (test_madrasso_properties.py).
"""

from __future__ import annotations

import random

import pytest

from engine.madrasso import SWAP, Madrasso
from engine.protocol import ActionSyntaxError, IllegalAction, SetupError


def game_of(hands, dealer, **extra):
    return Madrasso.from_setup({"dealer": dealer, "hands": hands, **extra})


@pytest.fixture
def seed_trick(deal_hands):
    """The rules page's worked trick: hearts trump, seat 0 leads KC, seat 1 plays 7C, seat 2 has
    no clubs and trumps with 5H, seat 3 (the dealer) holds only the ace among clubs."""
    hands = deal_hands(
        dealer=3, turned="4H",
        given={0: ["KC", "QC", "JC", "6C", "5C"], 1: ["7C", "3C", "4C", "2C", "QH"],
               2: ["5H"], 3: ["AC"]},
        voids={2: "C", 3: "C"},
    )
    return game_of(hands, dealer=3)


def play(game, *cards):
    for card in cards:
        game.apply(card)


# ---- the worked trick -------------------------------------------------------------------------


def test_the_seed_worked_trick_five_of_hearts_wins_fifteen_points_for_the_third_seat(seed_trick):
    game = seed_trick
    assert game.observation(0)["trump"] == {"suit": "H", "name": "hearts"}
    assert game.current_player() == 0  # the seat after the dealer leads
    play(game, "KC", "7C", "5H")
    assert game.legal_actions() == ["AC"]  # the fourth seat's only club
    explained = game.explain("AC")
    assert explained["forced"] is True
    assert explained["forced_reason"] == "only one club: must play it"
    assert explained["trick_winner"] == 2 and explained["trick_points"] == 15
    game.apply("AC")
    trick = game.summary()["tricks"][0]
    assert trick == {"leader": 0, "cards": [{"seat": s, "card": c} for s, c in enumerate(["KC", "7C", "5H", "AC"])],
                     "winner": 2, "points": 15}
    assert game.points == [15, 0]  # the third seat's team: four, nothing, nothing and eleven
    assert game.current_player() == 2  # the winner leads the next trick


# ---- the deal ---------------------------------------------------------------------------------


def test_a_seeded_deal_goes_one_card_at_a_time_from_the_seat_after_the_dealer():
    game = Madrasso.from_setup({"seed": 42, "dealer": 1})
    pack = list(range(40))
    random.Random(42).shuffle(pack)
    for offset in range(4):
        seat = (1 + 1 + offset) % 4
        assert game.hands[seat] == sum(1 << c for c in pack[offset::4])
    assert game.turned == pack[39]  # the dealer's tenth and last card is turned up
    assert game.hands[1] >> pack[39] & 1


def test_without_a_dealer_the_seed_draws_the_first_dealer():
    dealers = {Madrasso.from_setup({"seed": s}).dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert Madrasso.from_setup({"seed": 9}).dealer == random.Random(9).randrange(4)


def test_the_turned_card_is_the_dealers_tenth_card_sets_trump_and_everyone_sees_it(deal_hands):
    hands = deal_hands(dealer=2, turned="QS", given={})
    game = game_of(hands, dealer=2)
    for seat in (None, 0, 1, 2, 3):
        obs = game.observation(seat)
        assert obs["turned"] == {"card": "QS", "name": "queen of spades", "in_hand": True}
        assert obs["trump"]["suit"] == "S"
    assert "QS" in game.observation(2)["hands"][2]
    assert game.observation(0)["hands"][2] is None


def test_the_dealer_may_play_the_turned_card_at_any_time(deal_hands):
    hands = deal_hands(dealer=3, turned="QS", given={3: ["2C"]}, voids={3: "DH"})
    game = game_of(hands, dealer=3)
    play(game, "AD", "2D", "3D")  # diamonds led; the dealer has none
    assert "QS" in game.legal_actions()
    game.apply("QS")
    assert game.observation(1)["turned"]["in_hand"] is False
    assert game.tricks[0][2] == 3  # the turned queen trumped and won


def test_the_seat_after_the_dealer_leads_the_first_trick():
    for dealer in range(4):
        game = Madrasso.from_setup({"seed": 5, "dealer": dealer})
        assert game.current_player() == (dealer + 1) % 4


# ---- following suit ---------------------------------------------------------------------------


def test_a_seat_holding_the_suit_led_must_follow_and_nothing_changes(seed_trick):
    game = seed_trick
    game.apply("KC")
    before = game.observation(None)
    hand = game.observation(1)["hands"][1]
    other = next(c for c in hand if not c.endswith("C"))
    with pytest.raises(IllegalAction) as err:
        game.apply(other)
    assert err.value.rule == "must follow suit: clubs was led and you hold clubs"
    assert err.value.anchor == "playing-a-trick"
    assert err.value.seat == 1
    assert game.observation(None) == before
    assert sorted(game.legal_actions()) == sorted(c for c in hand if c.endswith("C"))


def test_no_duty_to_beat_a_seat_may_follow_low(seed_trick):
    game = seed_trick
    game.apply("KC")
    assert "2C" in game.legal_actions()  # lower than the king, still legal


def test_with_none_of_the_suit_any_card_may_be_played_trump_or_discard(seed_trick):
    game = seed_trick
    play(game, "KC", "7C")
    legal = game.legal_actions()
    assert legal == game.observation(2)["hands"][2] or sorted(legal) == sorted(game.observation(2)["hands"][2])
    kinds = {game.explain(card)["kind"] for card in legal}
    assert "trump" in kinds and "discard" in kinds  # no duty to trump


def test_you_cannot_play_a_card_you_do_not_hold(seed_trick):
    game = seed_trick
    with pytest.raises(IllegalAction) as err:
        game.apply("QH")
    assert err.value.rule == "you do not hold the queen of hearts"
    with pytest.raises(IllegalAction) as err:
        game.apply("4H")
    assert "it is the turned-up card, in the dealer's hand (seat 3)" in err.value.rule


def test_if_trump_is_led_everybody_with_trumps_follows_with_trumps(deal_hands):
    hands = deal_hands(dealer=3, turned="4H", given={0: ["AH"], 1: ["2H", "AC"]})
    game = game_of(hands, dealer=3)
    game.apply("AH")
    assert all(c.endswith("H") for c in game.legal_actions())
    with pytest.raises(IllegalAction, match="hearts was led and you hold hearts"):
        game.apply("AC")


def test_another_seat_cannot_act_out_of_turn(seed_trick):
    game = seed_trick
    with pytest.raises(IllegalAction) as err:
        game.check_action(game.string_to_action("7C"), seat=1)
    assert err.value.rule == "it is not your turn: seat 0 plays next"


# ---- who wins a trick -------------------------------------------------------------------------


def trick_winner(deal_hands, cards, turned="4H", leader=0):
    """Play one trick of ``cards`` from ``leader`` (others void as needed) and return the winner."""
    dealer = (leader - 1) % 4
    given = {(leader + i) % 4: [c] for i, c in enumerate(cards)}
    led = cards[0][1]
    voids = {(leader + i) % 4: led for i, c in enumerate(cards) if c[1] != led}
    game = game_of(deal_hands(dealer=dealer, turned=turned, given=given, voids=voids), dealer)
    play(game, *cards)
    return game.tricks[0][2]


def test_highest_card_of_the_suit_led_wins_when_nobody_trumps(deal_hands):
    assert trick_winner(deal_hands, ["KC", "3C", "AS", "JC"]) == 1


def test_a_card_of_another_suit_never_wins_even_an_ace(deal_hands):
    assert trick_winner(deal_hands, ["2C", "AS", "AD", "4C"]) == 3


def test_any_trump_beats_the_suit_led(deal_hands):
    assert trick_winner(deal_hands, ["AC", "3C", "2H", "KC"]) == 2


def test_the_highest_trump_wins(deal_hands):
    assert trick_winner(deal_hands, ["AC", "2H", "JH", "6H"]) == 2


def test_strength_runs_ace_three_king_queen_jack_seven_down_to_two(deal_hands):
    order = ["AS", "3S", "KS", "QS", "JS", "7S", "6S", "5S", "4S", "2S"]
    for higher, lower in zip(order, order[1:]):
        assert trick_winner(deal_hands, [lower, higher, "2C", "3C"], turned="4H") == 1


# ---- scoring ----------------------------------------------------------------------------------


def test_a_deal_is_ten_tricks_and_makes_130_with_ten_for_the_last_trick():
    game = Madrasso.from_setup({"seed": 11, "one_deal": True})
    rng = random.Random(3)
    while not game.is_over():
        game.apply(rng.choice(game.legal_actions()))
    summary = game.summary()
    assert len(summary["tricks"]) == 10
    card_points = [sum(t["points"] for t in summary["tricks"] if t["winner"] % 2 == team)
                   for team in (0, 1)]
    last = summary["last_trick"]
    assert last == summary["tricks"][-1]["winner"] % 2
    assert summary["points"][last] == card_points[last] + 10
    assert summary["points"][1 - last] == card_points[1 - last]
    assert sum(summary["points"]) == 130 and sum(card_points) == 120


def test_the_last_trick_ten_is_only_counted_once_the_deal_is_complete():
    game = Madrasso.from_setup({"seed": 11, "one_deal": True})
    rng = random.Random(3)
    for _ in range(36):
        game.apply(rng.choice(game.legal_actions()))
    assert sum(game.points) == sum(t[3] for t in game.tricks)
    assert game.summary()["last_trick"] is None


def test_card_categories_carichi_punti_scartine():
    obs = Madrasso.new(1).observation(0)
    assert {r for r, v in obs["ranks"].items() if v["category"] == "carico"} == {"A", "3"}
    assert {r for r, v in obs["ranks"].items() if v["category"] == "punto"} == {"K", "Q", "J"}
    assert {r: v["points"] for r, v in obs["ranks"].items() if v["points"]} == {
        "A": 11, "3": 10, "K": 4, "Q": 3, "J": 2}


# ---- setups and action text -------------------------------------------------------------------


def test_setup_rebuilds_the_start_exactly():
    for setup in ({"seed": 3}, {"seed": 3, "dealer": 2, "deal": 4, "totals": [200, 190]},
                  {"seed": 8, "one_deal": True}):
        game = Madrasso.from_setup(setup)
        again = Madrasso.from_setup(game.setup())
        assert again.observation(None) == game.observation(None)
        hands_game = Madrasso.from_setup(game.determinize(0, random.Random(1)).setup())
        assert hands_game.observation(0) == game.observation(0)


@pytest.mark.parametrize("change, field, message", [
    (lambda h: h[2].pop(), "hands[2]", "has 9 cards, needs 10"),
    (lambda h: h[1].__setitem__(0, "8C"), "hands[1][0]", "'8C' is not a card: the rank must be one of A 2 3 4 5 6 7 J Q K"),
    (lambda h: h[3].__setitem__(0, h[0][0]), "hands[3][0]", "is dealt twice (also at hands[0][0])"),
    (lambda h: h[0].__setitem__(4, "KX"), "hands[0][4]", "the suit must be one of C D H S"),
])
def test_malformed_hands_name_the_field(deal_hands, change, field, message):
    hands = deal_hands(dealer=0, turned="KH", given={})
    change(hands)
    with pytest.raises(SetupError) as err:
        game_of(hands, dealer=0)
    assert err.value.field == field
    assert message in err.value.message


def test_a_41st_card_is_named(deal_hands):
    hands = deal_hands(dealer=0, turned="KH", given={})
    hands[1].append(hands[3][0])  # 41 cards: a hand of eleven
    with pytest.raises(SetupError) as err:
        game_of(hands, dealer=0)
    assert err.value.field == "hands[1]"
    assert err.value.message == "has 11 cards, needs 10 (41 cards in all; the pack has 40)"


def test_a_card_moved_to_another_hand_leaves_a_hand_of_eleven(deal_hands):
    hands = deal_hands(dealer=0, turned="KH", given={})
    hands[1].append(hands[3].pop(0))
    with pytest.raises(SetupError) as err:
        game_of(hands, dealer=0)
    assert (err.value.field, err.value.message) == ("hands[1]", "has 11 cards, needs 10")


@pytest.mark.parametrize("setup, field, words", [
    ({"seed": 1, "dealer": 4}, "dealer", "a seat from 0 to 3, not 4"),
    ({"seed": 1, "dealer": True}, "dealer", "a seat from 0 to 3, not True"),
    ({"seed": "x"}, "seed", "must be a whole number"),
    ({"seed": 1, "hands": []}, "hands", "either a seed or the cards"),
    ({}, "hands", "missing"),
    ({"seed": 1, "deal": 13}, "deal", "from 1 to 12"),
    ({"seed": 1, "deal": 3, "totals": [100, 100]}, "totals", "adds up to 200, but 2 complete deals"),
    ({"seed": 1, "deal": 11, "totals": [777, 523]}, "totals", "has already won the match"),
    ({"seed": 1, "totals": [0]}, "totals", "2 whole numbers"),
    ({"seed": 1, "one_deal": 1}, "one_deal", "true or false"),
    ({"seed": 1, "dealr": 1}, "dealr", "unknown field"),
])
def test_bad_setup_fields_are_named(setup, field, words):
    with pytest.raises(SetupError) as err:
        Madrasso.from_setup(setup)
    assert err.value.field == field
    assert words in err.value.message


def test_a_hands_setup_needs_a_dealer(deal_hands):
    with pytest.raises(SetupError) as err:
        Madrasso.from_setup({"hands": deal_hands(dealer=0, turned="KH", given={})})
    assert err.value.field == "dealer"


def test_action_text_both_ways():
    game = Madrasso.new(1)
    assert game.string_to_action("KC") == 9 and game.action_to_string(9) == "KC"
    assert game.string_to_action(" swap ") == SWAP and game.action_to_string(SWAP) == "swap"
    assert game.string_to_action("7h") == 26
    for bad in ("8C", "ZZ", "", "swap x"):
        with pytest.raises(ActionSyntaxError):
            game.string_to_action(bad)
    with pytest.raises(ActionSyntaxError, match="'8C' is not a card"):
        game.apply("8C")
