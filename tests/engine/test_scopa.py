"""Scopa's rules, one test (or a table of cases) each: capture values, the capture choices,
compulsory capture, scope and the last-play exception, leftovers, the redeal, scoring a deal
with primiera, two to four players, the match to 11; plus records, observations and
explanations."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engine import GAMES, IllegalAction, RecordError, SetupError, load_record, replay
from engine.cards import CARD_BY_TEXT, CARD_TEXT, Card
from engine.protocol import ActionSyntaxError
from engine.scopa import Scopa, match_winner, score_deal

RECORDS = Path(__file__).parent / "records"
ROOT = Path(__file__).resolve().parents[2]
ALL = list(CARD_TEXT)


def deal(hands: list[list[str]], table: list[str], dealer: int | None = None,
         stock_top: list[str] | tuple[str, ...] = (), **extra) -> Scopa:
    """A deal with the given hands (seat order) and table; seat 0 plays first unless a dealer
    is given; the stock starts with ``stock_top``, then the rest of the pack in pack order."""
    players = len(hands)
    used = {c for h in hands for c in h} | set(table) | set(stock_top)
    stock = list(stock_top) + [c for c in ALL if c not in used]
    return Scopa.from_setup({"players": players,
                             "dealer": players - 1 if dealer is None else dealer,
                             "hands": hands, "table": table, "stock": stock, **extra})


def mask(*cards: str) -> int:
    return sum(1 << CARD_BY_TEXT[c] for c in cards)


def options(game: Scopa, card: str) -> list[str]:
    return [a for a in game.legal_actions() if a.split()[0] == card]


# ---- capture values and capturing -------------------------------------------------------------


@pytest.mark.parametrize("rank, value", [
    ("A", 1), ("2", 2), ("3", 3), ("4", 4), ("5", 5), ("6", 6), ("7", 7),
    ("J", 8), ("Q", 9), ("K", 10),
])
def test_capture_values(rank, value):
    assert Card.parse(rank + "C").rank.capture_value == value
    # A card of that value takes a card of that value from the table.
    game = deal([[rank + "D", "5S", "6S"], ["2H", "3H", "4H"]], [rank + "C", "KS", "QS", "JS"]
                if rank not in "KQJ" else [rank + "C", "2S", "3S", "AS"])
    assert options(game, rank + "D") == [f"{rank}D x {rank}C"]


@pytest.mark.parametrize("card, table, taken", [
    ("KD", ["3C", "7S", "QH", "JS"], "3C 7S"),
    ("QD", ["AC", "JS", "5H", "2S"], "AC JS"),
    ("JD", ["AC", "7S", "5H", "5S"], "AC 7S"),
    ("KD", ["AC", "2C", "3C", "4C"], "AC 2C 3C 4C"),
    ("KD", ["4S", "6H", "QS", "JS"], "4S 6H"),
])
def test_courts_take_sums_by_their_capture_values(card, table, taken):
    game = deal([[card, "AH", "2H"], ["3H", "4H", "6D"]], table)
    assert options(game, card) == [f"{card} x {taken}"]


def test_a_table_card_of_the_same_value_comes_before_any_sum():
    game = deal([["7D", "AH", "2H"], ["3H", "4H", "6D"]], ["7C", "3S", "4S", "2D"])
    assert options(game, "7D") == ["7D x 7C"]
    with pytest.raises(IllegalAction) as err:
        game.apply("7D x 3S 4S")
    assert err.value.rule == ("a table card matches the seven: you must take it (a single card "
                              "of the same value comes before any sum)")
    assert err.value.anchor == "capturing"


def test_with_several_equal_cards_the_player_chooses_one():
    game = deal([["7D", "AH", "2H"], ["3H", "4H", "6D"]], ["7C", "7S", "2D", "5C"])
    assert options(game, "7D") == ["7D x 7C", "7D x 7S"]
    for choice, left in (("7D x 7C", ["2D", "5C", "7S"]), ("7D x 7S", ["2D", "5C", "7C"])):
        branch = game.clone()
        branch.apply(choice)
        assert branch.observation(0)["table"] == left
    with pytest.raises(IllegalAction, match="takes one table card of the same value, not 2"):
        game.apply("7D x 7C 7S")


def test_with_several_sets_adding_up_the_player_chooses_one():
    game = deal([["7D", "KH", "QH"], ["3H", "4H", "6D"]], ["AC", "2D", "3S", "4S", "6C"][:4],
                stock_top=[])
    assert sorted(options(game, "7D")) == sorted(["7D x AC 2D 4S", "7D x 3S 4S"])
    game = deal([["7D", "KH", "QH"], ["3H", "4H", "5D"]], ["AC", "6C", "3S", "4S"])
    assert sorted(options(game, "7D")) == ["7D x 3S 4S", "7D x AC 6C"]
    ids = game.legal_action_ids()
    assert ids == sorted(ids), "legal action ids ascend"
    game.apply("7D x AC 6C")
    assert game.observation(0)["table"] == ["3S", "4S"]
    assert game.observation(0)["captured"][0] == ["AC", "6C", "7D"]


def test_capturing_is_compulsory():
    game = deal([["7D", "KH", "QH"], ["3H", "4H", "5D"]], ["3C", "4S", "JH", "6C"])
    with pytest.raises(IllegalAction) as err:
        game.apply("7D")
    assert err.value.rule == "capturing is compulsory: the seven can take 3C + 4S"
    game = deal([["7D", "KH", "QH"], ["3H", "4H", "5D"]], ["7C", "4S", "JH", "6C"])
    with pytest.raises(IllegalAction, match="capturing is compulsory: the seven can take 7C"):
        game.apply("7D")


def test_a_card_that_can_take_nothing_stays_on_the_table_even_if_another_could_take():
    game = deal([["AD", "5D", "QH"], ["3H", "4H", "7D"]], ["5C", "6C", "JH", "QD"])
    assert options(game, "AD") == ["AD"]
    assert "5D x 5C" in game.legal_actions()
    game.apply("AD")
    assert game.observation(1)["table"] == ["AD", "5C", "6C", "JH", "QD"]
    assert game.observation(1)["captured"] == [[], []]


@pytest.mark.parametrize("action, words, anchor", [
    ("JD x 3C 4S", "3C and 4S add up to 7, not 8", "capture-values"),
    ("JD x 3C", "3C is worth 3, not 8", "capture-values"),
    ("QD x AC 3C 4S", "AC, 3C and 4S add up to 8, not 9", "capture-values"),
    ("JD x 2D 6D", "2D and 6D are not on the table", "capturing"),
    ("JD x 5D", "5D is not on the table", "capturing"),
    ("KD x 3C 4S", "the king of diamonds is not in your hand", "capturing"),
    ("JD", "capturing is compulsory: the jack can take AC + 3C + 4S", "capturing"),
])
def test_a_wrong_capture_names_the_rule(action, words, anchor):
    game = deal([["JD", "2H", "QD"], ["3H", "4H", "5H"]], ["AC", "3C", "4S", "KS"])
    assert "JD x AC 3C 4S" in game.legal_actions()
    before = game.observation(None)
    with pytest.raises(IllegalAction) as err:
        game.apply(action)
    assert words in err.value.rule
    assert err.value.anchor == anchor
    assert err.value.seat == 0
    assert game.observation(None) == before, "an illegal action changes nothing"


@pytest.mark.parametrize("text, canonical", [
    ("7D x 3C 4S", "7D x 3C 4S"), ("7d x 4s 3c", "7D x 3C 4S"), ("7D x 3C, 4S", "7D x 3C 4S"),
    ("7Dx3C4S", "7D x 3C 4S"), (" 7D X 4S + 3C ", "7D x 3C 4S"), ("7d", "7D"),
    ("KD x 4C AC 3C 2C", "KD x AC 2C 3C 4C"),
])
def test_actions_are_read_leniently_and_printed_canonically(text, canonical):
    game = Scopa.new(1, players=2)
    action = game.string_to_action(text)
    assert game.action_to_string(action) == canonical
    assert game.string_to_action(canonical) == action


@pytest.mark.parametrize("text", ["ZZ", "7D x", "7D x 7D", "7D x 3C 3C", "7D x 3", "x 3C",
                                  "7D x 3C x 4S", "8D", ""])
def test_text_that_is_not_an_action_is_a_syntax_error(text):
    with pytest.raises(ActionSyntaxError):
        Scopa.new(1, players=2).string_to_action(text)


def test_action_ids_do_not_depend_on_the_state():
    a, b = Scopa.new(1, players=2), Scopa.new(2, players=4)
    for text in ("7D x 3C 4S", "KC", "AS x AH"):
        assert a.string_to_action(text) == b.string_to_action(text)
    assert a.string_to_action("7D") == CARD_BY_TEXT["7D"] << 40
    assert a.string_to_action("7D x 3C") == CARD_BY_TEXT["7D"] << 40 | mask("3C")


# ---- scope, the last play, leftovers -------------------------------------------------------


def test_a_capture_that_clears_the_table_is_a_scopa():
    game = deal([["KC", "2H", "QH"], ["3H", "4H", "5H"]], ["AC", "2D", "3S", "4S"])
    assert options(game, "KC") == ["KC x AC 2D 3S 4S"]
    facts = game.explain("KC x AC 2D 3S 4S")
    assert facts["scopa"] is True and facts["clears_table"] is True and facts["points"] == 1
    assert "a scopa, one point" in facts["text"]
    game.apply("KC x AC 2D 3S 4S")
    obs = game.observation(1)
    assert obs["table"] == [] and obs["scope"] == [1, 0]
    assert obs["plays"][-1] == {"seat": 0, "card": "KC", "captured": ["AC", "2D", "3S", "4S"],
                                "scopa": True}
    # With the table empty the next card simply lies there.
    assert game.legal_actions() == ["3H", "4H", "5H"]


def test_clearing_the_table_on_the_last_play_of_the_deal_is_not_a_scopa():
    record = load_record(RECORDS / "scopa-last-play.toml")
    before = replay(record, stop=len(record.actions) - 1)
    facts = before.explain(record.actions[-1])
    assert facts["clears_table"] is True and facts["last_play"] is True
    assert facts["scopa"] is False
    assert "not a scopa" in facts["text"]
    game = replay(record)
    last = game.deals[0]
    assert last["plays"][-1] == {"seat": 1, "card": "QD", "captured": ["4H", "5S"],
                                 "scopa": False}
    assert last["scope"] == [1, 0], "the earlier sweep counts, the last one does not"
    assert last["leftovers"] == {"cards": [], "to": None}


def test_leftovers_go_to_the_last_capturer_without_a_scopa():
    record = load_record(RECORDS / "scopa-two-players.toml")
    before = replay(record, stop=len(record.actions) - 1)
    game = replay(record)
    last = game.deals[0]
    assert last["leftovers"] == {"cards": ["2S", "JS"], "to": 1}
    assert [p["seat"] for p in last["plays"] if p["captured"]][-1] == 1
    assert last["scope"] == before.scope, "taking the leftovers is no scopa"
    assert last["card_counts"][0] + last["card_counts"][1] == 40
    assert set(last["card_counts"]) == {game.captured[0].bit_count(),
                                        game.captured[1].bit_count()}


# ---- the deal and the redeal -----------------------------------------------------------------


@pytest.mark.parametrize("players, stock, rounds", [(2, 30, 6), (3, 27, 4), (4, 24, 3)])
def test_three_cards_each_four_on_the_table_and_more_rounds_from_the_stock(players, stock, rounds):
    game = Scopa.new(7, players=players, dealer=players - 1)
    obs = game.observation(None)
    assert obs["hand_sizes"] == [3] * players
    assert len(obs["table"]) == 4 and obs["stock_size"] == stock
    top = game.stock[:3 * players]
    seen_rounds = 1
    while game.deal == 1 and not game.is_over():
        sizes = game.observation(None)["hand_sizes"]
        game.apply_id(game.legal_action_ids()[0])
        after = [len(h) for h in game.hands]
        if game.deal == 1 and after == [3] * players and sizes != after:
            seen_rounds += 1
            if seen_rounds == 2:
                # Seat 0 plays first (the dealer is the last seat) and gets the next three.
                assert [sorted(h) for h in game.hands] == \
                    [sorted(top[3 * k:3 * k + 3]) for k in range(players)]
    assert seen_rounds == rounds


def test_later_rounds_start_with_the_seat_after_the_dealer():
    game = Scopa.new(3, players=3, dealer=1)
    top = game.stock[:9]
    assert game.current_player() == 2
    order = []
    for _ in range(9):
        order.append(game.current_player())
        table = game.table
        action = game.legal_action_ids()[0]
        game.apply_id(action)
        card, taken = action >> 40, action & ((1 << 40) - 1)
        expected = table ^ taken if taken else table | 1 << card
        assert game.table == expected, "new hands add no cards to the table"
    assert order == [2, 0, 1] * 3, "play passes to the next seat, starting after the dealer"
    assert game.observation(None)["stock_size"] == 27 - 9
    assert sorted(game.hands[2]) == sorted(top[0:3])
    assert sorted(game.hands[0]) == sorted(top[3:6])
    assert sorted(game.hands[1]) == sorted(top[6:9])
    assert game.current_player() == 2


@pytest.mark.parametrize("kings", [["KC", "KD", "KH", "2S"], ["KC", "KD", "KH", "KS"]])
def test_three_or_four_kings_on_the_table_mean_a_redeal(kings):
    with pytest.raises(SetupError) as err:
        deal([["AC", "2C", "3C"], ["4C", "5C", "6C"]], kings)
    assert err.value.field == "table"
    assert "the same dealer deals again" in err.value.message
    deal([["AC", "2C", "3C"], ["4C", "5C", "6C"]], ["KC", "KD", "2H", "2S"])  # two: fine


def test_a_seeded_deal_with_three_table_kings_is_shuffled_again():
    # random.Random(1179): the dealer, then a first shuffle with KC KD 2C KS on the table.
    rng = random.Random(1179)
    dealer = rng.randrange(2)
    first = list(range(40))
    rng.shuffle(first)
    assert sum(c % 10 == 9 for c in first[6:10]) == 3
    second = list(range(40))
    rng.shuffle(second)
    game = Scopa.new(1179, players=2)
    assert game.dealer == dealer
    assert game.table == sum(1 << c for c in second[6:10])
    assert game.stock == second[10:]
    assert game.setup() == {"seed": 1179, "players": 2}


# ---- scoring a deal -----------------------------------------------------------------------------


def test_primiera_adds_the_best_card_of_each_suit():
    sevens = mask("7C", "7D", "7H", "7S")
    mixed = mask("6C", "AD", "5H", "KS", "2S", "JC")
    score = score_deal([sevens, mixed], [0, 0])
    assert score["primiera_sums"] == [84, 18 + 16 + 15 + 12]
    assert score["primiera"] == 0


def test_primiera_needs_every_suit():
    no_spades = mask("7C", "7D", "7H", "6C", "6D", "6H")
    weak = mask("2C", "2D", "2H", "2S")
    score = score_deal([no_spades, weak], [0, 0])
    assert score["primiera_sums"] == [None, 48]
    assert score["primiera"] == 1, "the only side with every suit takes the point"
    score = score_deal([no_spades, mask("2C")], [0, 0])
    assert score["primiera_sums"] == [None, None] and score["primiera"] is None


def test_a_tie_gives_nobody_the_point():
    a = mask("7C", "6D", "AH", "KS", "2C")        # 21 + 18 + 16 + 10, five cards, one diamond
    b = mask("7S", "6H", "AC", "KD", "3H")        # 21 + 18 + 16 + 10, five cards, one diamond
    score = score_deal([a, b], [0, 0])
    assert score["primiera_sums"] == [65, 65] and score["primiera"] is None
    assert score["card_counts"] == [5, 5] and score["cards"] is None
    assert score["diamond_counts"] == [1, 1] and score["diamonds"] is None
    assert score["settebello"] is None and score["points"] == [0, 0]


def test_courts_count_ten_in_primiera():
    courts = mask("KC", "QD", "JH", "KS")
    assert score_deal([courts, 0], [0, 0])["primiera_sums"] == [40, None]


def test_deal_points_are_the_categories_won_plus_scope():
    a = mask(*[c for c in ALL if c[1] == "D"], "7C", "7H", "7S", "AC")   # 14 cards
    b = ((1 << 40) - 1) ^ a                                                # 26 cards
    score = score_deal([a, b], [2, 1])
    assert score["cards"] == 1 and score["diamonds"] == 0 and score["settebello"] == 0
    assert score["primiera_sums"] == [21 * 4, None], "side 1 has no diamonds"
    assert score["primiera"] == 0
    assert score["points"] == [2 + 1 + 1 + 1, 1 + 1]


def test_three_players_score_as_individuals():
    record = load_record(RECORDS / "scopa-three-players.toml")
    game = replay(record)
    last = game.deals[0]
    assert len(last["points"]) == 3 and len(last["scope"]) == 3
    assert sum(last["card_counts"]) == 40
    assert game.observation(0)["sides"] == [[0], [1], [2]]


def test_four_players_play_as_partners_opposite():
    record = load_record(RECORDS / "scopa-four-players.toml")
    game = replay(record)
    assert game.observation(0)["sides"] == [[0, 2], [1, 3]]
    last = game.deals[0]
    assert len(last["points"]) == 2
    taken = [0, 0]
    for play in last["plays"]:
        if play["captured"]:
            taken[play["seat"] % 2] += len(play["captured"]) + 1
    to = last["leftovers"]["to"]
    taken[to % 2] += len(last["leftovers"]["cards"])
    assert taken == last["card_counts"], "partners share their captures"
    assert game.returns()[0] == game.returns()[2] == -game.returns()[1]


# ---- the match ------------------------------------------------------------------------------


@pytest.mark.parametrize("totals, winner", [
    ([11, 10], 0), ([10, 9], None), ([11, 11], None), ([12, 11, 3], 0), ([12, 12, 13], 2),
    ([15, 15, 3], None), ([3, 21], 1),
])
def test_a_side_wins_with_11_and_the_unique_highest_total(totals, winner):
    assert match_winner(totals) == winner


def test_a_tie_for_the_lead_plays_on_and_the_dealer_rotates():
    game = replay(load_record(RECORDS / "scopa-tie-plays-on.toml"))
    deals = game.deals
    assert [d["totals"] for d in deals] == [[3, 3], [9, 4], [10, 7], [11, 11], [16, 12]]
    assert [d["dealer"] for d in deals] == [deals[0]["dealer"] + k & 1 for k in range(5)]
    assert game.winner == 0 and game.is_over()
    assert game.summary()["winner"] == 0
    running = [0, 0]
    for d in deals:
        running = [t + p for t, p in zip(running, d["points"])]
        assert running == d["totals"]


def test_a_seeded_match_is_played_to_the_end():
    game = replay(load_record(RECORDS / "scopa-match.toml"))
    assert game.winner == 0 and game.totals == (12, 9)
    assert [d["deal"] for d in game.deals] == [1, 2, 3, 4, 5]
    assert game.result()["winner"] == 0
    assert game.returns() == [3.0 + 11, -3.0 - 11]


def test_an_explicit_deal_is_one_deal_and_adds_to_the_totals():
    record = load_record(RECORDS / "scopa-two-players.toml")
    plain = replay(record)
    points = plain.deals[0]["points"]
    assert plain.is_over() and plain.winner is None
    record.setup["totals"] = [10, 8]
    record.setup["deal"] = 6
    later = replay(record)
    assert list(later.totals) == [10 + points[0], 8 + points[1]]
    assert later.deals[0]["deal"] == 6
    assert later.winner == match_winner(list(later.totals))
    assert later.is_over()


# ---- setups ---------------------------------------------------------------------------------


def _good_setup() -> dict:
    game = deal([["AC", "2C", "3C"], ["4C", "5C", "6C"]], ["7C", "JC", "QC", "KC"])
    return game.setup()


@pytest.mark.parametrize("change, field, words", [
    (lambda s: s.__setitem__("players", 5), "players", "2, 3 or 4"),
    (lambda s: s["hands"][1].pop(), "hands[1]", "has 2 cards, needs 3"),
    (lambda s: s["hands"].pop(), "hands", "2 hands"),
    (lambda s: s["table"].pop(), "table", "four cards"),
    (lambda s: s["stock"].pop(), "stock", "30"),
    (lambda s: s["stock"].__setitem__(0, "AC"), "stock[0]", "dealt twice"),
    (lambda s: s["table"].__setitem__(2, "9C"), "table[2]", "not a card"),
    (lambda s: s.__setitem__("dealer", 2), "dealer", "seat from 0 to 1"),
    (lambda s: s.__setitem__("totals", [1, 2, 3]), "totals", "2 whole numbers"),
    (lambda s: s.__setitem__("deal", 0), "deal", "from 1, not 0"),
    (lambda s: s.pop("stock"), "stock", "missing"),
    (lambda s: s.__setitem__("seed", 1), "hands", "either a seed or the cards"),
    (lambda s: s.__setitem__("leader", 1), "leader", "unknown field"),
])
def test_a_bad_setup_names_the_field(change, field, words):
    setup = _good_setup()
    change(setup)
    with pytest.raises(SetupError) as err:
        Scopa.from_setup(setup)
    assert err.value.field == field
    assert words in err.value.message


# ---- observations, explanations, bots' helpers -------------------------------------------------


def test_an_observation_shows_own_hand_table_captures_and_sizes_only():
    game = Scopa.new(5, players=3)
    for _ in range(4):
        game.apply_id(game.legal_action_ids()[0])
    seat = game.current_player()
    obs = game.observation(seat)
    assert [h is None for h in obs["hands"]] == [s != seat for s in range(3)]
    assert obs["hand_sizes"] == [len(h) for h in game.hands]
    assert obs["stock_size"] == len(game.stock) - game.drawn
    text = json.dumps(obs)
    hidden = [CARD_TEXT[c] for s in range(3) if s != seat for c in game.hands[s]]
    hidden += [CARD_TEXT[c] for c in game.stock[game.drawn:]]
    assert not [c for c in hidden if f'"{c}"' in text], "no hidden card shows"
    assert obs["legal_actions"] == game.legal_actions()
    assert game.observation((seat + 1) % 3)["legal_actions"] == []
    assert obs["captured_counts"] == [len(c) for c in obs["captured"]]


def test_explain_a_match_a_sum_and_a_card_left_on_the_table():
    game = deal([["7D", "AH", "QH"], ["3H", "4H", "5D"]], ["7C", "3S", "4S", "6C"])
    match = game.explain("7d x 7c")
    assert match["legal"] and match["kind"] == "match" and match["captured"] == ["7C"]
    assert match["settebello"] is True and match["diamonds_taken"] == 1
    assert match["cards_taken"] == 2 and match["scopa"] is False
    assert "settebello" in match["text"]
    bad = game.explain("7D x 3S 4S")
    assert bad["legal"] is False and bad["anchor"] == "capturing"
    assert bad["text"].startswith("A table card matches the seven")
    plain = game.explain("AH")
    assert plain["kind"] == "none" and plain["captured"] == []
    assert "stays on the table" in plain["text"]
    game = deal([["QD", "AH", "KH"], ["3H", "4H", "5D"]], ["2C", "7S", "4S", "5C"])
    both = game.explain("QD x 2C 7S")
    assert both["kind"] == "sum" and "2 + 7 = 9" in both["text"]
    assert both["alternatives"] == ["QD x 4S 5C"]
    assert "capture-values" in both["anchors"]


def test_returns_compare_deal_points_with_the_best_other_side():
    game = replay(load_record(RECORDS / "scopa-three-players.toml"))
    points = game.deals[0]["points"]
    for seat in range(3):
        best_other = max(points[s] for s in range(3) if s != seat)
        assert game.returns()[seat] == points[seat] - best_other


def test_determinize_keeps_what_the_seat_knows():
    game = Scopa.new(21, players=4)
    for _ in range(7):
        game.apply_id(game.legal_action_ids()[0])
    seat = game.current_player()
    seen = set()
    for k in range(10):
        other = game.determinize(seat, random.Random(k))
        assert other.observation(seat) == game.observation(seat)
        assert other.hands[seat] == game.hands[seat]
        seen.add(tuple(other.stock[other.drawn:]))
        while other.deal == game.deal and not other.is_over():
            other.apply_id(other.legal_action_ids()[-1])
    assert len(seen) > 1


def test_clone_is_independent():
    game = Scopa.new(8, players=2)
    copy = game.clone()
    copy.apply_id(copy.legal_action_ids()[0])
    assert game.actions == [] and len(copy.actions) == 1
    assert game.observation(None) != copy.observation(None)


# ---- records and the replay command ---------------------------------------------------------


def test_the_registry_knows_scopa():
    assert GAMES["scopa"] is Scopa


@pytest.mark.parametrize("name", ["scopa-two-players", "scopa-three-players",
                                  "scopa-four-players", "scopa-last-play"])
def test_a_whole_deal_replays_with_its_breakdown(name):
    summary = replay(load_record(RECORDS / f"{name}.toml")).summary()
    assert len(summary["deals"]) == 1
    last = summary["deals"][0]
    for key in ("scope", "cards", "diamonds", "settebello", "primiera", "primiera_sums",
                "points"):
        assert key in last
    assert sum(last["card_counts"]) == 40
    assert sum(last["diamond_counts"]) == 10
    assert set(summary) >= {"totals", "winner"}
    assert "deal_in_progress" not in summary


def test_an_unfinished_record_shows_the_deal_in_progress():
    record = load_record(RECORDS / "scopa-two-players.toml")
    summary = replay(record, stop=5).summary()
    assert summary["deals"] == [] and summary["winner"] is None
    assert len(summary["deal_in_progress"]["plays"]) == 5


def test_an_illegal_action_in_a_record_names_index_seat_and_rule():
    with pytest.raises(RecordError) as err:
        replay(load_record(RECORDS / "scopa-illegal-action.toml"))
    assert str(err.value) == (
        f"{RECORDS / 'scopa-illegal-action.toml'}:18: error: action 2 ('7D', seat 1): "
        "capturing is compulsory: the seven can take 3C + 4S")


def test_cli_replays_a_scopa_record(engine_command):
    done = engine_command("replay", "tests/engine/records/scopa-four-players.toml")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["sides"] == [[0, 2], [1, 3]]
    assert out["deals"][0]["points"] == [0, 5]
    assert out["totals"] == [0, 5] and out["winner"] is None


def test_cli_exits_2_on_an_illegal_action(engine_command):
    done = engine_command("replay", "tests/engine/records/scopa-illegal-action.toml")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip() == (
        "tests/engine/records/scopa-illegal-action.toml:18: error: action 2 ('7D', seat 1): "
        "capturing is compulsory: the seven can take 3C + 4S")


@pytest.mark.parametrize("name, line, message", [
    ("scopa-bad-card", 6, "hands[0][2]: '8H' is not a card: the rank must be one of "
                          "A 2 3 4 5 6 7 J Q K"),
    ("scopa-three-kings", 10, "table: three kings among the four table cards: with three or "
                              "four kings on the table the same dealer deals again, so this "
                              "deal is never played"),
])
def test_cli_exits_2_on_a_malformed_record_naming_field_and_line(name, line, message, engine_command):
    done = engine_command("replay", f"tests/engine/records/{name}.toml")
    assert done.returncode == 2
    assert done.stderr.strip() == f"tests/engine/records/{name}.toml:{line}: error: {message}"


def test_one_deal_stops_a_seeded_game_after_its_first_deal():
    game = Scopa.new(5, players=3, one_deal=True)
    while not game.is_over():
        game.apply_id(game.legal_action_ids()[0])
    assert len(game.deals) == 1 and game.deal == 1
    assert game.setup() == {"seed": 5, "players": 3, "one_deal": True}
    with pytest.raises(SetupError, match="true or false"):
        Scopa.new(5, players=3, one_deal="yes")


def test_a_json_record_replays_like_the_toml_one():
    from engine import parse_record

    toml_game = replay(load_record(RECORDS / "scopa-four-players.toml"))
    text = json.dumps(toml_game.record())
    json_game = replay(parse_record(text, "json"))
    assert json_game.summary() == toml_game.summary()
    assert json_game.record() == toml_game.record()
