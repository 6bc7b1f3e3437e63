"""Briscola's rules, one test (or a table of cases) each: the deal, playing a trick, drawing,
card points, the end and the draw, plus records, observations and explanations."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engine import GAMES, IllegalAction, SetupError, load_record, replay
from engine.briscola import Briscola
from engine.cards import CARD_TEXT
from engine.protocol import ActionSyntaxError

RECORDS = Path(__file__).parent / "records"
ROOT = Path(__file__).resolve().parents[2]
ALL = list(CARD_TEXT)


def deal(hands: list[list[str]], turned: str, leader: int = 0,
         stock_top: list[str] | tuple[str, ...] = ()) -> Briscola:
    """A deal with the given hands and turned card; the stock starts with ``stock_top`` and
    holds the rest of the pack in pack order."""
    used = set(hands[0]) | set(hands[1]) | {turned} | set(stock_top)
    stock = list(stock_top) + [c for c in ALL if c not in used]
    return Briscola.from_setup({"hands": hands, "turned": turned, "stock": stock,
                                "leader": leader})


def play_first(game: Briscola, count: int) -> None:
    for _ in range(count):
        game.apply(game.legal_actions()[0])


# ---- the deal -------------------------------------------------------------------------------


def test_a_seeded_deal_gives_three_cards_each_a_turned_card_and_33_in_the_stock():
    game = Briscola.new(2026)
    obs = game.observation(None)
    assert [len(h) for h in obs["hands"]] == [3, 3]
    assert obs["stock_size"] == 33
    assert obs["trump"]["suit"] == obs["turned"]["card"][1]
    assert obs["turned"]["in_stock"] is True
    assert game.current_player() in (0, 1)
    dealt = game.deal()
    cards = dealt["hands"][0] + dealt["hands"][1] + [dealt["turned"]] + dealt["stock"]
    assert sorted(cards) == sorted(ALL)


def test_the_same_seed_deals_the_same_cards_and_leader():
    assert Briscola.new(5).deal() == Briscola.new(5).deal()
    leaders = {Briscola.new(seed).current_player() for seed in range(40)}
    assert leaders == {0, 1}, "the opening player is chosen at random"


def test_an_explicit_deal_replays_its_setup():
    game = Briscola.new(9)
    again = Briscola.from_setup(game.deal())
    assert again.observation(None) == game.observation(None)
    assert Briscola.from_setup(game.setup()).deal() == game.deal()


# ---- playing a trick --------------------------------------------------------------------------


def test_any_hand_card_may_be_played_with_no_duty_to_follow_or_trump():
    game = deal([["AC", "2D", "4C"], ["5C", "3H", "KS"]], turned="7H")
    game.apply("AC")
    assert game.legal_actions() == ["5C", "3H", "KS"], "the reply may be any card"
    game.apply("KS")  # neither follows suit nor trumps: allowed
    assert game.tricks[0][2] == 0


@pytest.mark.parametrize("trump, led, reply, winner, why", [
    ("H", "AC", "2H", 1, "any trump beats a card of another suit"),
    ("H", "2H", "AC", 0, "a non-trump cannot beat a led trump"),
    ("H", "3H", "AH", 1, "the higher trump wins"),
    ("H", "AH", "3H", 0, "the higher trump wins, whoever led it"),
    ("H", "2C", "AS", 0, "a card of another suit cannot beat the lead"),
    ("H", "2C", "4C", 1, "the higher card of the suit led wins"),
    ("H", "KC", "3C", 1, "three beats king"),
    ("H", "3C", "AC", 1, "ace beats three"),
    ("H", "7C", "JC", 1, "jack beats seven"),
    ("H", "4C", "2C", 0, "two is the lowest"),
    ("H", "QC", "KC", 1, "king beats queen"),
    ("H", "JC", "QC", 1, "queen beats jack"),
])
def test_who_wins_a_trick(trump, led, reply, winner, why):
    spare = [c for c in ALL if c[1] not in "CH" and c not in (led, reply)]
    turned = next(c for c in ALL if c[1] == trump and c not in (led, reply))
    game = deal([[led, spare[0], spare[1]], [reply, spare[2], spare[3]]], turned=turned)
    game.apply(led)
    game.apply(reply)
    leader, (first, second), won_by, points = game.tricks[0]
    assert won_by == winner, why
    assert game.current_player() == winner, "the winner leads the next trick"


@pytest.mark.parametrize("cards, points", [
    (("AC", "3C"), 21), (("KC", "QC"), 7), (("JC", "7C"), 2), (("6C", "2C"), 0),
    (("AS", "KS"), 15),
])
def test_card_points_ace_11_three_10_king_4_queen_3_jack_2(cards, points):
    game = deal([[cards[0], "2D", "4D"], [cards[1], "5D", "6D"]], turned="7H")
    game.apply(cards[0])
    game.apply(cards[1])
    assert game.tricks[0][3] == points
    assert sum(game.points) == points


# ---- drawing ----------------------------------------------------------------------------------


def test_the_winner_draws_first_then_the_other_and_the_winner_leads():
    game = deal([["2C", "4D", "5D"], ["AC", "6D", "7D"]], turned="7H",
                stock_top=["KS", "QS", "JS", "3S"])
    game.apply("2C")
    game.apply("AC")  # seat 1 wins
    assert "KS" in game.observation(1)["hands"][1], "the winner draws the top card"
    assert "QS" in game.observation(0)["hands"][0], "the other player draws the next card"
    assert game.current_player() == 1
    assert game.observation(0)["stock_size"] == 31


def test_the_turned_card_is_drawn_last_and_then_the_hands_are_played_out():
    game = deal([["2C", "4D", "5D"], ["AC", "6D", "7D"]], turned="7H")
    sizes = []
    for _ in range(16):
        play_first(game, 2)
        sizes.append(game.observation(0)["stock_size"])
    assert sizes == list(range(31, 0, -2)), "two cards leave the stock each trick"
    assert game.observation(0)["turned"]["in_stock"] is True
    last_face_down = game.deck[32]
    play_first(game, 2)
    winner = game.tricks[-1][2]
    assert last_face_down in game.hands[winner], "the winner draws the last face-down card"
    assert game.turned in game.hands[1 - winner], "the other player takes the turned card"
    obs = game.observation(winner)
    assert obs["stock_size"] == 0
    assert obs["turned"] == {"card": "7H", "name": "seven of hearts", "in_stock": False,
                             "holder": 1 - winner}
    for remaining in (3, 2, 1):
        assert [len(h) for h in game.hands] == [remaining, remaining], "no more drawing"
        play_first(game, 2)
    assert game.is_over()
    assert game.legal_actions() == []
    assert game.current_player() is None


# ---- scoring and ending -----------------------------------------------------------------------


def test_a_whole_deal_gives_120_points_and_the_higher_total_wins():
    game = replay(load_record(RECORDS / "briscola-deal.toml"))
    summary = game.summary()
    assert len(summary["tricks"]) == 20
    assert sum(summary["points"]) == 120
    assert sum(t["points"] for t in summary["tricks"]) == 120
    assert summary["points"] == [76, 44]
    assert summary["result"] == 0
    assert game.result() == {"points": [76, 44], "result": 0, "winner": 0, "draw": False}
    assert game.returns() == [32.0, -32.0]


def test_sixty_each_is_a_draw():
    game = replay(load_record(RECORDS / "briscola-draw.toml"))
    assert game.summary()["points"] == [60, 60]
    assert game.summary()["result"] == "draw"
    assert game.result()["winner"] is None and game.result()["draw"] is True
    assert game.returns() == [0.0, 0.0]


def test_the_result_is_null_while_the_deal_is_unfinished():
    game = Briscola.new(4)
    play_first(game, 5)
    assert game.summary()["result"] is None
    assert game.result() is None
    assert len(game.summary()["tricks"]) == 2


# ---- illegal actions and bad setups ---------------------------------------------------------


def test_a_card_not_in_hand_is_refused_and_the_state_is_unchanged():
    game = deal([["AC", "2D", "4D"], ["5C", "3H", "KS"]], turned="7H")
    before = game.observation(None)
    with pytest.raises(IllegalAction) as err:
        game.apply("5C")
    assert err.value.seat == 0
    assert err.value.anchor == "playing-a-trick"
    assert "five of clubs is not in your hand" in err.value.rule
    assert game.observation(None) == before
    game.apply("AC")
    with pytest.raises(IllegalAction, match="already played"):
        game.apply("AC")


def test_no_card_can_be_played_once_the_deal_is_over():
    game = replay(load_record(RECORDS / "briscola-draw.toml"))
    with pytest.raises(IllegalAction, match="over"):
        game.apply("AC")


@pytest.mark.parametrize("text", ["ZZ", "8C", "", "A C D", "10H"])
def test_text_that_is_not_a_card_is_a_syntax_error(text):
    with pytest.raises(ActionSyntaxError):
        Briscola.new(1).apply(text)


def test_actions_are_read_leniently_and_printed_canonically():
    game = deal([["AC", "2D", "4D"], ["5C", "3H", "KS"]], turned="7H")
    game.apply(" ac ")
    assert game.history() == ["AC"]


def _good_setup() -> dict:
    return Briscola.new(3).deal()


@pytest.mark.parametrize("change, field, words", [
    (lambda s: s["hands"][0].append("XX"), "hands[0]", "has 4 cards, needs 3"),
    (lambda s: s["hands"].pop(), "hands", "2 hands"),
    (lambda s: s.__setitem__("turned", s["stock"][0]), "stock[0]", "dealt twice"),
    (lambda s: s["stock"].pop(), "stock", "33"),
    (lambda s: s["stock"].__setitem__(5, "8C"), "stock[5]", "not a card"),
    (lambda s: s.__setitem__("leader", 2), "leader", "a seat from 0 to 1"),
    (lambda s: s.pop("turned"), "turned", "missing"),
    (lambda s: s.__setitem__("seed", 4), "hands", "either a seed or the cards"),
    (lambda s: s.__setitem__("players", 3), "players", "two players"),
    (lambda s: s.__setitem__("dealer", 0), "dealer", "unknown field"),
])
def test_a_bad_setup_names_the_field(change, field, words):
    setup = _good_setup()
    change(setup)
    with pytest.raises(SetupError) as err:
        Briscola.from_setup(setup)
    assert err.value.field == field
    assert words in err.value.message


# ---- observations, explanations, bots' helpers -------------------------------------------------


def test_an_observation_shows_own_hand_and_public_cards_only():
    game = Briscola.new(12)
    play_first(game, 3)
    seat = game.current_player()
    obs = game.observation(seat)
    assert obs["hands"][1 - seat] is None
    assert obs["hand_sizes"] == [len(h) for h in game.hands]
    text = json.dumps(obs)
    public = {CARD_TEXT[c] for c in game.hands[seat]} | {CARD_TEXT[game.turned]}
    public |= {CARD_TEXT[c] for t in game.tricks for c in t[1]}
    public |= {CARD_TEXT[c] for c in game.trick}
    hidden = set(ALL) - public
    assert not [c for c in hidden if f'"{c}"' in text], "no hidden card shows"
    assert obs["legal_actions"] == game.legal_actions()
    assert game.observation(1 - seat)["legal_actions"] == []


def test_explain_a_lead_and_a_reply():
    game = deal([["AC", "2D", "4D"], ["5C", "3H", "KS"]], turned="7H")
    lead = game.explain("AC")
    assert lead["legal"] and lead["kind"] == "lead" and lead["points"] == 11
    assert lead["category"] == "carico"
    assert "no duty to follow suit" in lead["text"]
    game.apply("AC")
    trump = game.explain("3H")
    assert trump["kind"] == "trump" and trump["trick_winner"] == 1
    assert trump["trick_points"] == 21
    assert trump["winning"] == {"seat": 1, "card": "3H",
                                "why": "a trump (hearts) beats any card of another suit"}
    assert "Seat 1 wins the trick (21 points) and draws first" in trump["text"]
    discard = game.explain("KS")
    assert discard["kind"] == "discard" and discard["trick_winner"] == 0
    assert "cannot beat the lead" in discard["text"]
    follow = game.explain("5C")
    assert follow["kind"] == "follow" and follow["trick_winner"] == 0
    assert follow["winning"]["card"] == "AC"
    bad = game.explain("AS")
    assert bad["legal"] is False and bad["anchor"] == "playing-a-trick"


def test_explain_the_last_trick_gives_the_final_score():
    record = load_record(RECORDS / "briscola-draw.toml")
    game = replay(record, stop=39)
    facts = game.explain(record.actions[-1])
    assert facts["anchor"] == "scoring-and-ending"
    assert "60 to 60, a draw" in facts["text"]


def test_explain_the_seventeenth_trick_mentions_the_turned_card():
    game = deal([["2C", "4D", "5D"], ["AC", "6D", "7D"]], turned="7H")
    play_first(game, 33)
    facts = game.explain(game.legal_actions()[0])
    assert "turned seven of hearts" in facts["text"]


def test_determinize_keeps_what_the_seat_knows():
    game = Briscola.new(21)
    play_first(game, 9)
    seat = game.current_player()
    rng = random.Random(1)
    seen_stocks = set()
    for _ in range(20):
        other = game.determinize(seat, rng)
        assert other.observation(seat) == game.observation(seat)
        assert other.deck[-1] == game.turned, "the turned card stays last"
        assert other.hands[seat] == game.hands[seat]
        assert len(other.hands[1 - seat]) == len(game.hands[1 - seat])
        assert sorted(other.hands[1 - seat] + other.deck[other.drawn:]) == \
            sorted(game.hands[1 - seat] + game.deck[game.drawn:])
        seen_stocks.add(tuple(other.deck[other.drawn:]))
        while not other.is_over():
            other.apply_id(other.legal_action_ids()[0])
        assert sum(other.points) == 120
    assert len(seen_stocks) > 1, "hidden cards are redealt"


def test_determinize_keeps_the_turned_card_in_the_hand_that_drew_it():
    game = deal([["2C", "4D", "5D"], ["AC", "6D", "7D"]], turned="7H")
    play_first(game, 34)
    holder = game.turned_holder
    other = game.determinize(1 - holder, random.Random(3))
    assert game.turned in other.hands[holder]


def test_clone_is_independent():
    game = Briscola.new(8)
    copy = game.clone()
    copy.apply_id(copy.legal_action_ids()[0])
    assert game.actions == [] and len(copy.actions) == 1
    assert game.observation(None) != copy.observation(None)


def test_action_ids_are_card_indices():
    game = Briscola.new(8)
    assert game.string_to_action("KC") == 9
    assert game.action_to_string(9) == "KC"
    assert game.legal_action_ids() == sorted(game.legal_action_ids())


# ---- records and the replay command ---------------------------------------------------------


def test_the_registry_knows_briscola():
    assert GAMES["briscola"] is Briscola


def test_a_seeded_record_replays():
    game = replay(load_record(RECORDS / "briscola-seeded.toml"))
    assert game.is_over() and sum(game.points) == 120
    again = Briscola.from_setup(game.setup())
    for action in game.history():
        again.apply(action)
    assert again.summary() == game.summary()


def test_the_replay_summary_has_tricks_points_and_result():
    summary = replay(load_record(RECORDS / "briscola-deal.toml")).summary()
    first = summary["tricks"][0]
    assert set(first) == {"leader", "cards", "winner", "points"}
    assert len(first["cards"]) == 2


def test_an_illegal_action_in_a_record_names_index_seat_and_rule():
    from engine import RecordError

    with pytest.raises(RecordError) as err:
        replay(load_record(RECORDS / "briscola-illegal-action.toml"))
    message = str(err.value)
    assert "action 4 ('5H', seat 1)" in message
    assert "five of hearts is not in your hand" in message
    assert message.startswith(str(RECORDS / "briscola-illegal-action.toml") + ":16:")


def test_cli_replays_a_briscola_record(engine_command):
    done = engine_command("replay", str(RECORDS / "briscola-draw.toml"))
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["points"] == [60, 60] and out["result"] == "draw"
    assert len(out["tricks"]) == 20


def test_cli_exits_2_on_an_illegal_action(engine_command):
    done = engine_command("replay", "tests/engine/records/briscola-illegal-action.toml")
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.strip() == (
        "tests/engine/records/briscola-illegal-action.toml:16: error: action 4 ('5H', seat 1): "
        "the five of hearts is not in your hand: play one of your own cards (AH, 2H, QS)")


def test_cli_exits_2_on_a_malformed_record_naming_field_and_line(engine_command):
    done = engine_command("replay", "tests/engine/records/briscola-bad-card.toml")
    assert done.returncode == 2
    assert done.stderr.strip() == (
        "tests/engine/records/briscola-bad-card.toml:8: error: turned: '8C' is not a card: "
        "the rank must be one of A 2 3 4 5 6 7 J Q K")


def test_a_seeded_deal_may_name_the_leader():
    natural = Briscola.new(5)
    other = 1 - natural.current_player()
    game = Briscola.new(5, leader=other)
    assert game.current_player() == other
    assert game.deal()["hands"] == natural.deal()["hands"]
    assert game.setup() == {"seed": 5, "leader": other}
    assert Briscola.from_setup(game.setup()).current_player() == other
    assert Briscola.new(5, leader=1 - other).setup() == {"seed": 5}


def test_a_json_record_replays_like_the_toml_one():
    from engine import parse_record

    toml_game = replay(load_record(RECORDS / "briscola-deal.toml"))
    text = json.dumps(toml_game.record())
    json_game = replay(parse_record(text, "json"))
    assert json_game.summary() == toml_game.summary()
    assert json_game.record() == toml_game.record()
