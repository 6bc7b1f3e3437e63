"""The computer players: legal moves only, what their seat may see only, the same answer for
the same seed, and the greedy habits in a few positions made by hand.

Budgets are tiny (the expert samples a handful of deals, with no clock), so the suite stays
quick on CPython and inside Pyodide.
"""

from __future__ import annotations

import random

import pytest

from engine.bots import LEVELS, make_bot
from engine.games import GAMES

# The tables the bots play at: game name and the options of a new game.
TABLES = [
    ("briscola", {}),
    ("scopa", {"players": 2}),
    ("scopa", {"players": 3}),
    ("scopa", {"players": 4}),
    ("madrasso", {}),
]
TABLE_IDS = [f"{name}-{opts.get('players', '')}".rstrip("-") for name, opts in TABLES]


def bot(name: str, level: str, seed: int = 0):
    return make_bot(name, level, seed=seed, time_budget=None,
                    samples=2 if level == "expert" else None)


def new_game(name: str, options: dict, seed: int):
    return GAMES[name].new(seed, **options)


def play_to(game, bots, moves: int) -> None:
    """Let the bots play ``moves`` moves (or to the end)."""
    for _ in range(moves):
        if game.is_over():
            return
        seat = game.current_player()
        game.apply(bots[seat % len(bots)].choose(game, seat))


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("name", "options"), TABLES, ids=TABLE_IDS)
def test_bots_play_only_legal_moves(name, options, level):
    games = 4 if level != "expert" else 1
    for seed in range(games):
        game = new_game(name, options, seed)
        bots = [bot(name, level, seed * 10 + s) for s in range(game.num_players)]
        moves = 0
        limit = 60 if level == "expert" else 250  # a few deals of a match
        while not game.is_over() and moves < limit:
            seat = game.current_player()
            action = bots[seat].choose(game, seat)
            assert action in game.legal_actions()
            game.apply(action)  # checked: raises IllegalAction on a bad move
            moves += 1


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("name", "options"), TABLES, ids=TABLE_IDS)
def test_a_bot_sees_only_its_own_seat(name, options, level):
    """Rearranging the cards hidden from the seat does not change the bot's choice."""
    rng = random.Random(5)
    checked = 0
    for seed in range(12):
        game = new_game(name, options, seed)
        play_to(game, [bot(name, "random", seed)], rng.randrange(1, 25))
        if game.is_over():
            continue
        seat = game.current_player()
        other = game.determinize(seat, random.Random(seed))  # the same view, other hidden cards
        assert other.observation(seat) == game.observation(seat)
        if other.observation(None) == game.observation(None):
            continue
        assert bot(name, level, 7).choose(game, seat) == bot(name, level, 7).choose(other, seat)
        checked += 1
    assert checked >= 5


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("name", "options"), TABLES[:1] + TABLES[-2:], ids=TABLE_IDS[:1] + TABLE_IDS[-2:])
def test_the_same_seed_gives_the_same_game(name, options, level):
    def play(seed):
        game = new_game(name, options, 3)
        bots = [bot(name, level, seed + s) for s in range(game.num_players)]
        play_to(game, bots, 30 if level == "expert" else 400)
        return game.history()

    assert play(1) == play(1)
    if level != "greedy":
        assert any(play(1) != play(s) for s in (2, 3, 4))


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("name", "options"), TABLES[:1] + TABLES[-1:], ids=TABLE_IDS[:1] + TABLE_IDS[-1:])
def test_explain_choice_gives_the_move_and_a_reason(name, options, level):
    game = new_game(name, options, 11)
    seat = game.current_player()
    b = bot(name, level, 4)
    hint = b.explain_choice(game, seat)
    assert hint["action"] == b.choose(game, seat)
    assert hint["action"] in game.legal_actions()
    assert isinstance(hint["why"], str) and len(hint["why"]) > 10


def test_unknown_games_and_levels_are_named():
    with pytest.raises(ValueError, match="known games"):
        make_bot("tressette", "greedy")
    with pytest.raises(ValueError, match="random, greedy, expert"):
        make_bot("briscola", "genius")


# ---- greedy habits, in positions made by hand -----------------------------------------------


def test_greedy_briscola_keeps_its_trump_on_a_trick_of_no_points():
    # Hearts are trump; seat 0 leads the four of clubs (no points).
    game = GAMES["briscola"].from_setup({
        "hands": [["4C", "JD", "QS"], ["2H", "5S", "KD"]], "turned": "AH",
        "stock": [c for c in (r + s for s in "CDHS" for r in "A234567JQK")
                  if c not in {"4C", "JD", "QS", "2H", "5S", "KD", "AH"}],
        "leader": 0})
    game.apply("4C")
    assert bot("briscola", "greedy").choose(game, 1) == "5S"


def test_greedy_briscola_trumps_an_ace():
    game = GAMES["briscola"].from_setup({
        "hands": [["AC", "JD", "QS"], ["2H", "5S", "KD"]], "turned": "AH",
        "stock": [c for c in (r + s for s in "CDHS" for r in "A234567JQK")
                  if c not in {"AC", "JD", "QS", "2H", "5S", "KD", "AH"}],
        "leader": 0})
    game.apply("AC")
    hint = bot("briscola", "greedy").explain_choice(game, 1)
    assert hint["action"] == "2H"
    assert "11 points" in hint["why"]


def test_greedy_madrasso_loads_points_on_a_partner_winning_the_trick():
    # Hearts are trump (the dealer, seat 3, turned the two of hearts). Seat 0 leads the four
    # of clubs, seat 1 (seat 3's partner) takes the lead with the ace, seat 2 follows. Seat 3
    # has no clubs: it could trump, but its partner already wins, so it loads its three.
    game = GAMES["madrasso"].from_setup({"dealer": 3, "hands": [
        ["4C", "2C", "3C", "6C", "7C", "JC", "QC", "KC", "AD", "2D"],
        ["AC", "3D", "4D", "5D", "6D", "7D", "JD", "QD", "AH", "3H"],
        ["5C", "4H", "6H", "7H", "JH", "QH", "KH", "AS", "2S", "KS"],
        ["KD", "QS", "5H", "3S", "4S", "5S", "6S", "7S", "JS", "2H"],
    ]})
    for card in ("4C", "AC", "5C"):
        game.apply(card)
    hint = bot("madrasso", "greedy").explain_choice(game, 3)
    assert hint["action"] == "3S"
    assert "partner" in hint["why"]


def test_greedy_madrasso_makes_the_seven_swap():
    # Seat 0 holds the seven of trumps (clubs); the dealer turned the king of clubs.
    game = GAMES["madrasso"].from_setup({"dealer": 3, "hands": [
        ["7C", "2C", "3C", "6C", "4C", "JC", "QC", "AD", "2D", "3D"],
        ["AC", "4D", "5D", "6D", "7D", "JD", "QD", "AH", "3H", "4H"],
        ["5C", "5H", "6H", "7H", "JH", "QH", "KH", "AS", "2S", "KS"],
        ["KD", "QS", "2H", "3S", "4S", "5S", "6S", "7S", "JS", "KC"],
    ]})
    assert "swap" in game.legal_actions()
    assert bot("madrasso", "greedy").choose(game, 0) == "swap"


def scopa_deal(hands, table, dealer=1):
    used = {c for h in hands for c in h} | set(table)
    stock = [r + s for s in "CDHS" for r in "A234567JQK" if r + s not in used]
    return GAMES["scopa"].from_setup({"players": 2, "dealer": dealer, "hands": hands,
                                      "table": table, "stock": stock})


def test_greedy_scopa_takes_the_settebello():
    # The king could take the jack and the two (two cards); the seven takes the settebello.
    game = scopa_deal([["7C", "KD", "4C"], ["AS", "2S", "3S"]], ["7D", "5S", "2H", "JC"])
    hint = bot("scopa", "greedy").explain_choice(game, 0)
    assert hint["action"] == "7C x 7D"
    assert "settebello" in hint["why"]


def test_greedy_scopa_sweeps_the_table():
    # 1 + 2 + 3 + 4 = 10: the king takes all four table cards (the seven would take two).
    game = scopa_deal([["7C", "KS", "5H"], ["AS", "2D", "3S"]], ["AH", "2S", "3C", "4D"])
    hint = bot("scopa", "greedy").explain_choice(game, 0)
    assert hint["action"] == "KS x AH 2S 3C 4D"
    assert "scopa" in hint["why"]


def test_greedy_scopa_leaves_no_easy_sweep():
    # Four aces on the table: the five, six and jack take nothing. Dropping the five (sum 9)
    # or the six (sum 10) lets a queen or a king sweep; dropping the jack leaves 12.
    game = scopa_deal([["5C", "6C", "JC"], ["2S", "2D", "3S"]], ["AH", "AS", "AD", "AC"])
    assert game.legal_actions() == ["5C", "6C", "JC"]
    assert bot("scopa", "greedy").choose(game, 0) == "JC"


def test_a_bot_moves_only_for_the_seat_to_play():
    game = GAMES["briscola"].new(2)
    other = 1 - game.current_player()
    with pytest.raises(ValueError, match="turn"):
        bot("briscola", "greedy").choose(game, other)


def test_the_expert_explains_with_its_sampled_deals():
    game = GAMES["briscola"].new(4)
    hint = make_bot("briscola", "expert", seed=1, time_budget=None, samples=8).explain_choice(
        game, game.current_player())
    assert "over 8 sampled deals" in hint["why"]
    assert hint["action"] in game.legal_actions()


def _last_plays_with_a_choice(options: dict, count: int):
    """Scopa positions at a deal's last play (greedy players up to it) where the last card
    can capture in two or more ways, the deal being the game's last (``one_deal``)."""
    found = []
    for seed in range(400):
        game = GAMES["scopa"].from_setup({"seed": seed, "one_deal": True, **options})
        greedy = bot("scopa", "greedy", seed)
        while not game.is_over():
            seat = game.current_player()
            last = game.stock_size == 0 and sum(len(h) for h in game.hands) == 1
            if last and len(game.legal_action_ids()) >= 2:
                found.append(game)
                break
            game.apply(greedy.choose(game, seat))
        if len(found) == count:
            return found
    raise AssertionError("no such position in 400 deals")


@pytest.mark.parametrize("options", [{"players": 2, "deal": 9, "totals": [10, 10]},
                                     {"players": 3}, {"players": 4}],
                         ids=["two-deciding", "three", "four"])
def test_the_scopa_expert_plays_a_deals_last_card_that_captures_in_two_ways(options):
    """The expert tried each capture and played the rest of the deal out: there was none left,
    and its fast rollout ran into an empty hand (a ValueError the play table met when that
    play ended the match, e.g. seed 35, two players, deal 9, totals [10, 10])."""
    for game in _last_plays_with_a_choice(options, 3):
        seat = game.current_player()
        action = bot("scopa", "expert", 1).choose(game, seat)
        assert action in game.legal_actions()
        game.apply(action)
        assert game.is_over()


@pytest.mark.parametrize(("name", "options"), TABLES, ids=TABLE_IDS)
def test_every_level_plays_whole_matches_to_their_end(name, options):
    """Deciding deals included: a seeded game is a whole match, played here to its result."""
    levels = list(LEVELS)
    for seed in range(2):
        game = new_game(name, options, 100 + seed)
        bots = [bot(name, levels[(seat + seed) % 3], seed * 10 + seat)
                for seat in range(game.num_players)]
        moves = 0
        while not game.is_over():
            seat = game.current_player()
            game.apply(bots[seat].choose(game, seat))
            moves += 1
        assert game.result() is not None and moves >= 36
