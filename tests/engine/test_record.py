"""Madrasso records: TOML and JSON map to the same game; every malformed record and illegal
action is reported as ``path:line: error: ...`` naming the field or the action and the rule.
(The same files through the command line: test_replay_cli.py.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.record import RecordError, load_record, parse_record, record_from_data, replay
from engine.source import SourceError, parse

RECORDS = Path(__file__).parent / "records"


def diagnostic(name: str) -> str:
    path = RECORDS / name
    with pytest.raises(RecordError) as err:
        replay(load_record(path))
    text = err.value.diagnostic()
    assert text.startswith(f"{path}:")
    return text[len(str(path)):]


def test_the_worked_trick_in_toml_and_json_is_the_same_game():
    toml = replay(load_record(RECORDS / "madrasso-worked-trick.toml"))
    json = replay(load_record(RECORDS / "madrasso-worked-trick.json"))
    assert toml.summary() == json.summary()
    summary = toml.summary()
    assert summary["tricks"] == [{"leader": 0, "cards": [{"seat": s, "card": c} for s, c in
                                                         enumerate(["KC", "7C", "5H", "AC"])],
                                  "winner": 2, "points": 15}]
    assert summary["points"] == [15, 0]
    assert summary["last_trick"] is None
    assert summary["match"]["winner"] is None and summary["match"]["reason"] is None
    assert summary["match"]["after_trick"] is None


@pytest.mark.parametrize("name, expected", [
    ("madrasso-illegal-follow.toml",
     ":12: error: action 2 ('QH', seat 1): must follow suit: clubs was led and you hold clubs"),
    ("madrasso-illegal-follow.json",
     ":13: error: action 3 ('KS', seat 2): you do not hold the king of spades"),
    ("madrasso-illegal-swap.toml",
     ":23: error: action 4 ('swap', seat 3): the dealer cannot swap: the turned-up card is "
     "already the dealer's"),
    ("madrasso-bad-card.toml",
     ":6: error: hands[1][9]: '8S' is not a card: the rank must be one of A 2 3 4 5 6 7 J Q K"),
    ("madrasso-41-cards.toml",
     ":7: error: hands[2]: has 11 cards, needs 10 (41 cards in all; the pack has 40)"),
    ("madrasso-duplicate-card.toml", ":8: error: hands[3][6]: KC is dealt twice (also at hands[0][0])"),
    ("madrasso-hand-of-9.toml",
     ":7: error: hands[2]: has 9 cards, needs 10 (39 cards in all; the pack has 40)"),
])
def test_bad_records_name_the_line_the_field_and_the_rule(name, expected):
    assert diagnostic(name) == expected


def test_an_illegal_action_in_the_middle_leaves_the_earlier_ones_applied():
    record = load_record(RECORDS / "madrasso-illegal-follow.toml")
    assert replay(record, stop=1).history() == ["KC"]


def test_a_seeded_match_record_replays_every_deal():
    summary = replay(load_record(RECORDS / "madrasso-match.toml")).summary()
    assert len(summary["deals"]) == 11
    assert summary["match"] == {"winner": 0, "reason": "777", "after_trick": 10, "deal": 11,
                                "target": 777, "max_deals": 12}
    assert summary["totals"] == [806, 624]
    assert all(sum(d["points"]) == 130 for d in summary["deals"])


def test_a_match_won_in_the_middle_of_the_eleventh_deal():
    summary = replay(load_record(RECORDS / "madrasso-777-mid-deal.toml")).summary()
    assert len(summary["tricks"]) == 4
    assert summary["match"]["winner"] == 0 and summary["match"]["after_trick"] == 4
    assert summary["totals"][0] >= 777 and summary["last_trick"] is None


def test_a_cappotto_record():
    summary = replay(load_record(RECORDS / "madrasso-cappotto.toml")).summary()
    assert summary["match"]["reason"] == "cappotto" and summary["points"] == [130, 0]
    assert summary["last_trick"] == 0


def test_moves_with_notes_round_trip_through_json():
    record = load_record(RECORDS / "madrasso-illegal-swap.toml")
    assert record.moves[0].note == "Seat 0 leads the king of clubs."
    assert record.moves[3].rules == ["the-seven-of-trumps"]
    again = parse_record(__import__("json").dumps(record.to_json()), "json")
    assert again.moves == record.moves and again.setup == record.setup


def test_setup_fields_of_an_unknown_key_are_refused_with_their_line():
    text = 'game = "madrasso"\nseed = 1\ndealr = 2\n'
    with pytest.raises(RecordError) as err:
        replay(parse_record(text, "toml", "x.toml"))
    assert err.value.diagnostic().startswith("x.toml:3: error: dealr: unknown field")


def test_locating_fields_in_toml_and_json():
    toml = parse('game = "madrasso"\nactions = [\n  "KC", "7C",\n  "5H",\n]\n')
    assert toml.line("actions[1]") == 3 and toml.line("actions[2]") == 4
    json = parse('{\n "moves": [\n  {"action": "KC"},\n  {\n   "note": "x",\n   "action": "7C"\n  }\n ]\n}\n',
                 "json")
    assert json.line("moves[0].action") == 3
    assert json.line("moves[1].action") == 6
    assert json.line("moves") == 2


def test_the_source_map_knows_tables_arrays_of_tables_dotted_keys_and_inline_tables():
    toml = parse("\n".join([
        'game = "scopa"  # a comment [not a table]',     # 1
        'note = """a [multi-line',                         # 2
        'string = "with" {braces}"""',                     # 3
        "[practice]",                                      # 4
        "seats = [0]",                                     # 5
        "[[practice.steps]]",                              # 6
        'feedback."7S x 7C" = "no"',                       # 7
        "[[practice.steps]]",                              # 8
        'answers = ["5H"]',                                # 9
        "[practice.steps.feedback]",                       # 10 (the second step's)
        "other = 'no'",                                    # 11
        "[extra]",                                         # 12
        "point = {x = 1, y = [",                           # 13
        "  2.5, 1979-05-27 07:32:00]}",                    # 14
    ]))
    assert toml.line("game") == 1 and toml.line("note") == 2
    assert toml.line("practice") == 4 and toml.line(("practice", "seats", 0)) == 5
    assert toml.line("practice.steps") == 6 and toml.line("practice.steps[1]") == 8
    assert toml.line(("practice", "steps", 0, "feedback", "7S x 7C")) == 7
    assert toml.line("practice.steps[1].feedback.other") == 11
    assert toml.line("practice.steps[1].correct") == 8       # not written: its step
    assert toml.line("practice.steps[1].answers[0]") == 9
    assert toml.line("extra.point.y[1]") == 14 and toml.line("extra.point.x") == 13
    assert toml.line("nowhere.at.all") == 1


def test_a_front_matter_source_counts_lines_from_where_it_starts():
    source = parse('title = "Home"\norder = "2"\n', first_line=2, root_line=1)
    assert source.line("order") == 3 and source.line("description") == 1
    with pytest.raises(SourceError) as err:
        parse('title = "Home"\norder = = 2\n', path="index.md", first_line=2, what="the front matter")
    assert str(err.value) == ("index.md:3: error: the front matter is not valid TOML: "
                              "invalid value")


def test_setup_numbers_are_whole_in_data_from_the_browser_too():
    """No game reads 2.0 players or leader 1.0 (1.0 == 1 in Python): the reader refuses them."""
    with pytest.raises(RecordError) as err:
        record_from_data({"game": "scopa", "seed": 1, "players": 2.0})
    assert (err.value.line, err.value.message) == (None, "players: 2.0 is not a whole number (write 2)")
    with pytest.raises(RecordError) as err:
        record_from_data({"game": ["scopa"], "seed": 1})
    assert err.value.message.startswith('"game" must be the name of a game')
