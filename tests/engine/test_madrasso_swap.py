"""The seven of trumps: every condition of the swap, and what the table sees afterwards."""

from __future__ import annotations

import pytest

from engine.madrasso import SWAP, Madrasso
from engine.protocol import IllegalAction
from engine.record import record_from_data, replay

ANCHOR = "the-seven-of-trumps"


def game_of(hands, dealer):
    return Madrasso.from_setup({"dealer": dealer, "hands": hands})


def swap_refused(game, seat=None):
    """The rule named when ``seat`` (default: the seat to act) asks to swap; state unchanged."""
    before = game.observation(None)
    with pytest.raises(IllegalAction) as err:
        if seat is None:
            game.apply("swap")
        else:
            game.check_action(SWAP, seat=seat)
    assert err.value.anchor == ANCHOR
    assert game.observation(None) == before
    return err.value.rule


@pytest.mark.parametrize("turned", ["AH", "3H", "KH", "QH", "JH"])
def test_the_seven_swaps_for_an_ace_three_king_queen_or_jack(deal_hands, turned):
    # Dealer 3; seat 1 holds the seven of hearts; seat 0 leads the first trick.
    game = game_of(deal_hands(dealer=3, turned=turned, given={1: ["7H", "2C"], 0: ["AC"]}), 3)
    game.apply("AC")
    assert "swap" in game.legal_actions()
    assert game.legal_action_ids()[-1] == SWAP  # ids ascending: the swap (40) is last
    game.apply("swap")
    assert game.current_player() == 1  # the swapper still plays its card afterwards
    assert turned in game.observation(1)["hands"][1]
    assert "7H" not in game.observation(1)["hands"][1]
    assert "7H" in game.observation(3)["hands"][3]


@pytest.mark.parametrize("turned, word", [("2H", "two"), ("4H", "four"), ("5H", "five"), ("6H", "six")])
def test_no_swap_for_a_low_turned_card(deal_hands, turned, word):
    game = game_of(deal_hands(dealer=3, turned=turned, given={0: ["7H"]}), 3)
    assert "swap" not in game.legal_actions()
    assert swap_refused(game) == (f"the turned-up card is a {word}: only an ace, three, king, "
                                  "queen or jack can be swapped for")


def test_the_leader_may_swap_before_leading(deal_hands):
    game = game_of(deal_hands(dealer=3, turned="KH", given={0: ["7H"]}), 3)
    assert game.current_player() == 0 and "swap" in game.legal_actions()
    game.apply("swap")
    assert game.current_player() == 0
    assert "KH" in game.legal_actions() and "swap" not in game.legal_actions()


def test_after_the_swap_the_seven_is_face_up_and_everyone_is_told(deal_hands):
    game = game_of(deal_hands(dealer=3, turned="KH", given={0: ["7H"]}), 3)
    game.apply("swap")
    for seat in (None, 0, 1, 2, 3):
        obs = game.observation(seat)
        assert obs["swap"] == {"seat": 0, "gave": "7H", "took": "KH"}
        assert obs["turned"] == {"card": "7H", "name": "seven of hearts", "in_hand": True}
        assert obs["trump"]["suit"] == "H"
    assert game.summary()["swap"] == {"seat": 0, "gave": "7H", "took": "KH"}
    assert game.summary()["turned"] == "KH"  # the card first turned up
    explained = Madrasso.from_setup(game.setup()).explain("swap")
    assert explained["kind"] == "swap" and explained["anchor"] == ANCHOR
    assert "swaps the seven of hearts for the turned-up king of hearts" in explained["text"]


def test_the_swap_is_made_once(deal_hands):
    game = game_of(deal_hands(dealer=3, turned="KH", given={0: ["7H"]}), 3)
    game.apply("swap")
    assert swap_refused(game) == "the seven of trumps has already been swapped this deal (by seat 0)"


def test_only_during_the_first_trick(deal_hands):
    # Seat 1 holds the seven but does not swap in the first trick.
    game = game_of(deal_hands(dealer=3, turned="KH", given={0: ["AC"], 1: ["7H", "2C"]}), 3)
    game.apply("AC")
    assert "swap" in game.legal_actions()
    for card in ("2C", game.legal_actions()[1], game.legal_actions()[2]):
        game.apply(card if card in game.legal_actions() else game.legal_actions()[0])
    assert len(game.tricks) == 1
    while game.current_player() != 1:
        game.apply(game.legal_actions()[0])
    assert "swap" not in game.legal_actions()
    assert swap_refused(game) == "the seven can only be swapped during the first trick"


def test_only_before_you_play_and_on_your_own_turn(deal_hands):
    game = game_of(deal_hands(dealer=3, turned="KH", given={0: ["AC"], 2: ["7H", "2C"]}), 3)
    assert swap_refused(game, seat=2) == "the seven can only be swapped on your own turn: seat 0 plays next"
    game.apply("AC")
    game.apply(game.legal_actions()[0])
    game.apply("2C")  # seat 2 plays without swapping
    assert swap_refused(game, seat=2) == "the seven can only be swapped before you play"


def test_the_dealer_cannot_swap(deal_hands):
    game = game_of(deal_hands(dealer=0, turned="KH", given={0: ["7H"], 1: ["AC"]}), 0)
    game.apply("AC")
    game.apply(game.legal_actions()[0])
    game.apply(game.legal_actions()[0])
    assert game.current_player() == 0
    assert "swap" not in game.legal_actions()
    assert swap_refused(game) == "the dealer cannot swap: the turned-up card is already the dealer's"


def test_you_must_hold_the_seven(deal_hands):
    game = game_of(deal_hands(dealer=3, turned="KH", given={1: ["7H"]}), 3)
    assert swap_refused(game) == "you do not hold the seven of trumps (the seven of hearts)"


def test_the_turned_card_is_always_still_in_hand_while_a_swap_is_possible():
    # The swap needs the turned card still in the dealer's hand. In the first trick the dealer
    # plays last, so that holds on every other seat's turn; the rule can never bite.
    for seed in range(200):
        game = Madrasso.from_setup({"seed": seed, "one_deal": True})
        while game.current_player() != game.dealer:
            assert game.observation(None)["turned"]["in_hand"]
            game.apply_id(game.legal_action_ids()[0])
        assert len(game.trick) == 3


def test_a_swap_replays_from_the_record(deal_hands):
    game = game_of(deal_hands(dealer=3, turned="KH", given={0: ["7H"]}), 3)
    game.apply("swap")
    game.apply("KH")
    again = replay(record_from_data(game.record()))
    assert again.observation(None) == game.observation(None)
    assert game.record()["actions"] == ["swap", "KH"]
