"""Winning the match: no win before ten deals, 777 after the tenth, 777 mid-deal from the
eleventh, the cappotto in any deal, and the twelve-deal cap."""

from __future__ import annotations

import random

import pytest

from engine.madrasso import MAX_DEALS, TARGET, MatchInvariantError, Madrasso
from engine.protocol import IllegalAction, SetupError

# Team 0 (seats 0 and 2) holds every club and heart, team 1 every diamond and spade; hearts are
# trump (the dealer, seat 2, turned up the seven of hearts). Seat 3 leads the first trick.
CLUBS_AND_HEARTS = {
    0: ["2C", "JC", "5C", "6C", "7C", "AH", "3H", "KH", "QH", "JH"],
    1: ["AD", "3D", "4D", "5D", "6D", "AS", "3S", "KS", "QS", "JS"],
    2: ["AC", "3C", "4C", "QC", "KC", "2H", "4H", "5H", "6H", "7H"],
    3: ["2D", "7D", "JD", "QD", "KD", "2S", "4S", "5S", "6S", "7S"],
}


def team0_trumps_when_it_can(game):
    """Team 0 plays a heart whenever it may, team 1 its first legal card."""
    legal = game.legal_actions()
    if game.current_player() % 2 == 0:
        hearts = [c for c in legal if c.endswith("H")]
        return hearts[0] if hearts else legal[0]
    return legal[0]


def play_out(game, policy):
    while not game.is_over():
        game.apply(policy(game))
    return game


def hands_game(**extra):
    return Madrasso.from_setup({"dealer": 2, "hands": [CLUBS_AND_HEARTS[s] for s in range(4)], **extra})


def test_a_cappotto_wins_the_match_at_once_even_in_the_first_deal():
    game = play_out(hands_game(), team0_trumps_when_it_can)
    assert game.tricks_won == [10, 0]
    assert game.summary()["match"] == {"winner": 0, "reason": "cappotto", "after_trick": 10,
                                       "deal": 1, "target": 777, "max_deals": 12}
    with pytest.raises(IllegalAction) as err:
        game.apply("AC")
    assert err.value.rule == ("the match is over: team 0 (seats 0 and 2) won it by a cappotto "
                              "in deal 1")
    assert err.value.anchor == "winning-the-match"


def test_all_130_points_without_all_ten_tricks_is_not_a_cappotto():
    game = hands_game()
    # Team 1 takes the first trick with four worthless cards, then team 0 takes the rest.
    for card in ("2D", "2C", "4D", "4C"):
        game.apply(card)
    assert game.tricks[0][2] == 1 and game.points == [0, 0]
    play_out(game, team0_trumps_when_it_can)
    assert game.points == [130, 0] and game.tricks_won == [9, 1]
    assert game.summary()["match"]["winner"] is None
    assert game.is_over()  # an explicit deal is one deal


def seeded_deal(seed, **extra):
    return Madrasso.from_setup({"seed": seed, "one_deal": True, **extra})


def random_policy(rng):
    return lambda game: rng.choice(game.legal_actions())


def test_no_win_on_points_before_ten_deals():
    # Team 0 has 800 before deal 9: still no winner when the deal ends.
    game = play_out(seeded_deal(1, deal=9, totals=[800, 240]), random_policy(random.Random(1)))
    assert len(game.tricks) == 10
    assert game.summary()["match"]["winner"] is None or game.tricks_won in ([10, 0], [0, 10])
    assert game.summary()["totals"][0] >= 800


def test_after_the_tenth_deal_a_team_with_777_wins():
    outcomes = set()
    for seed in range(40):
        game = play_out(seeded_deal(seed, deal=10, totals=[700, 470]),
                        random_policy(random.Random(seed)))
        match = game.summary()["match"]
        assert len(game.tricks) == 10  # in the tenth deal the count comes at the end
        if max(game.tricks_won) == 10:
            continue
        if 700 + game.points[0] >= TARGET:
            assert (match["winner"], match["reason"], match["after_trick"]) == (0, "777", 10)
            outcomes.add("won")
        else:
            assert match["winner"] is None
            outcomes.add("play on")
    assert outcomes == {"won", "play on"}


def first_crossing(game, totals):
    """The trick number at which a team's running total first reaches 777, by the rule."""
    running = list(totals)
    for number, (_, _, winner, points) in enumerate(game.tricks, start=1):
        running[winner % 2] += points + (10 if number == 10 else 0)
        if running[winner % 2] >= TARGET:
            return winner % 2, number
    return None, None


def test_from_the_eleventh_deal_a_team_wins_the_moment_a_trick_lifts_it_to_777():
    stopped_early = 0
    for seed in range(40):
        totals = [740, 560]
        game = play_out(seeded_deal(seed, deal=11, totals=totals), random_policy(random.Random(seed)))
        team, number = first_crossing(game, totals)
        match = game.summary()["match"]
        assert match["winner"] == team
        assert len(game.tricks) == (number or 10)  # the deal stops there
        if team is not None:
            reason = "cappotto" if game.tricks_won[team] == 10 else "777"
            assert (match["reason"], match["after_trick"], match["deal"]) == (reason, number, 11)
            assert game.legal_actions() == []
            assert game.observation(0)["over"] is True
        if number and number < 10:
            stopped_early += 1
    assert stopped_early > 0


def test_the_last_trick_ten_counts_toward_777_on_the_last_trick():
    # Find a deal whose last trick goes to team 0, then set totals so that only its ten lifts
    # team 0 to exactly 777 (and, one point fewer, leaves it at 776 with no winner).
    for seed in range(100):
        plain = play_out(seeded_deal(seed), random_policy(random.Random(seed)))
        if plain.last_trick == 0 and plain.tricks_won[0] < 10:
            break
    else:
        pytest.fail("no seed in 0-99 gives team 0 the last trick without a cappotto")
    actions = plain.record()["actions"]
    need = plain.points[0]  # card points of team 0's tricks + 10
    for totals, winner in (([TARGET - need, 1300 - TARGET + need], 0),
                           ([TARGET - need - 1, 1300 - TARGET + need + 1], None)):
        game = seeded_deal(seed, deal=11, totals=totals)
        for action in actions:
            game.apply(action)
        assert game.is_over() and len(game.tricks) == 10
        assert game.summary()["match"]["winner"] == winner
        if winner is None:
            assert game.summary()["totals"][0] == TARGET - 1


def test_a_seeded_game_is_a_whole_match_the_dealer_moving_on():
    for seed in range(12):
        game = Madrasso.new(seed)
        first_dealer = game.dealer
        play_out(game, random_policy(random.Random(seed)))
        summary = game.summary()
        deals = summary["deals"]
        assert summary["match"]["winner"] in (0, 1)
        assert len(deals) <= MAX_DEALS and summary["match"]["deal"] == len(deals)
        assert [d["deal"] for d in deals] == list(range(1, len(deals) + 1))
        assert [d["dealer"] for d in deals] == [(first_dealer + i) % 4 for i in range(len(deals))]
        for before, after in zip(deals, deals[1:]):
            assert sum(before["points"]) == 130
            assert after["totals_before"] == [a + b for a, b in zip(before["totals_before"], before["points"])]
        if summary["match"]["reason"] == "777":
            assert len(deals) >= 10
            assert max(summary["totals"]) >= TARGET


def test_the_match_record_replays_every_deal_from_the_seed():
    game = play_out(Madrasso.new(5), random_policy(random.Random(2)))
    again = Madrasso.from_setup(game.setup())
    for action in game.history():
        again.apply(action)
    assert again.summary() == game.summary()


# ---- the twelve-deal cap ----------------------------------------------------------------------


def test_a_winner_always_exists_by_the_end_of_the_twelfth_deal():
    # Every start of deal 12 that a match can reach: 11 complete deals (1430 points) and nobody
    # at 777 yet. However the deal's 130 points split, and in whatever order its tricks come,
    # some trick lifts a team to 777: the final totals make 1560 > 776 + 776.
    for t0 in range(1430 - 776, 777):
        t1 = 1430 - t0
        for p0 in range(131):
            assert max(t0 + p0, t1 + 130 - p0) >= TARGET
    # ...and the setup refuses the starts that are not reachable.
    for totals in ([700, 700], [777, 653], [0, 0]):
        with pytest.raises(SetupError):
            Madrasso.from_setup({"seed": 1, "deal": 12, "totals": totals})
    # Random twelfth deals all end with a winner.
    for seed in range(30):
        totals = [654 + seed * 4, 1430 - 654 - seed * 4]
        game = play_out(seeded_deal(seed, deal=12, totals=totals), random_policy(random.Random(seed)))
        assert game.summary()["match"]["winner"] in (0, 1)


def test_an_eleventh_deal_can_end_with_no_winner_and_the_match_goes_on():
    game = play_out(Madrasso.from_setup({"seed": 3, "deal": 11, "totals": [650, 650]}),
                    random_policy(random.Random(0)))
    deals = game.summary()["deals"]
    assert deals[0]["deal"] == 11
    assert deals[0]["points"][0] + 650 < TARGET and deals[0]["points"][1] + 650 < TARGET
    assert game.summary()["match"]["deal"] == 12


def test_a_broken_invariant_past_twelve_deals_is_a_loud_error():
    game = seeded_deal(4, deal=12, totals=[700, 730])
    game.totals = (0, 0)  # corrupt the state the way a bug would
    with pytest.raises(MatchInvariantError, match="cannot run past 12 deals"):
        play_out(game, random_policy(random.Random(4)))
