"""The boundary's one strict check (engine/validate.py): requests and records as typed values,
every bad one a RequestError that says what is wrong."""

from __future__ import annotations

import json

import pytest

from engine import validate as v
from engine.validate import RequestError, parse_request


def test_a_good_request_becomes_its_dataclass():
    request_id, request = parse_request(json.dumps(
        {"id": "a1", "op": "new", "game": "scopa", "seat": 2, "options": {"players": 3},
         "seat_names": ["South", "East", "West"]}))
    assert request_id == "a1"
    assert request == v.New(game="scopa", seat=2, options={"players": 3},
                            seat_names=("South", "East", "West"))
    assert parse_request('{"id": 1, "op": "state", "handle": 3}')[1].view is v.UNSET
    assert parse_request('{"id": 1, "op": "state", "handle": 3, "view": null}')[1].view is None


@pytest.mark.parametrize(("text", "words"), [
    ('{"id": 1, "op": "apply", "handle": 1}', "apply needs 'action'"),
    ('{"id": 1, "op": "apply", "handle": 1, "action": "KC", "seat": 0}', "takes no argument 'seat'"),
    ('{"id": 1, "op": "state", "handle": true}', "handle must be a whole number, not true"),
    ('{"id": 1, "op": "state", "handle": 1.0}', "handle must be a whole number, not 1.0"),
    ('{"id": 1, "op": "new", "game": "briscola", "seat": 8}', "seat must be from 0 to 7"),
    ('{"id": 1, "op": "new", "game": "briscola", "seat": 0, "options": {"seed": 4}}',
     "options.seed is not an option"),
    ('{"id": 1, "op": "new", "game": "scopa", "seat": 0, "options": {"players": 2.0}}',
     "options.players must be a whole number, not 2.0"),
    ('{"id": 1, "op": "load", "record": {"game": "scopa", "players": 1e2}}',
     "record.players must be a whole number"),
    ('{"id": 1, "op": "load", "record": {"hands": []}}', 'must name its game'),
    ('{"id": 1, "op": "load", "record": [1]}', "must be an object"),
    ('{"id": 1, "op": "bot", "handle": 1, "level": "genius"}', "level must be one of"),
    ('{"id": 1, "op": "step_to", "handle": 1, "index": "start"}', "index must be a whole number"),
    ('{"id": 1, "op": "new", "game": "madrasso", "seat": 0, "seat_names": "South"}',
     "seat_names must be a list"),
    ('{"id": 1, "op": ["new"]}', "unknown op ['new']"),
    ('{"id": 1}', "unknown op missing"),
    ('{"id": [1], "op": "hello"}', "the id must be"),
    ('{"id": 1, "op": "hello", "x": NaN}', "NaN is not a number JSON knows"),
    ('{"id": 1, "op": "hello", "x": -Infinity}', "-Infinity is not a number JSON knows"),
    ('{"id": 1, "op": "new", "seed": 1' + "0" * 30 + '}', "a number of 31 digits"),
    ('{"id": 1, "op": "load", "record": ' + "[" * 20 + "]" * 20 + '}', "nests deeper than 12"),
    ('{"id": 1, "op": "hello"', "not JSON"),
    ("[]", "a JSON object with an op"),
])
def test_a_bad_request_says_what_is_wrong(text, words):
    with pytest.raises(RequestError) as caught:
        parse_request(text)
    assert words in str(caught.value)


def test_the_depth_is_counted_outside_strings_and_before_parsing():
    deep_in_a_string = json.dumps({"id": 1, "op": "apply", "handle": 1, "action": "[" * 60})
    assert parse_request(deep_in_a_string)[1].action == "[" * 60
    with pytest.raises(RequestError, match="deeper"):
        parse_request('{"id": 1, "op": "hello", "x": ' + "[" * 100_000 + "]" * 100_000 + "}")


def test_the_id_to_echo_is_json_safe():
    assert v.request_id({"id": 2 ** 53}) == 2 ** 53
    assert v.request_id({"id": 2 ** 53 + 1}) is None
    assert v.request_id({"id": True}) is None
    assert v.request_id({"id": "x" * 201}) is None
    assert v.request_id(["id"]) is None


# ---- bounds a page never reaches ----------------------------------------------------------------

def refused(text: str) -> str:
    with pytest.raises(RequestError) as caught:
        parse_request(text)
    return str(caught.value)


def test_a_review_samples_no_more_deals_than_the_engines_own_review():
    from engine.coach.values import REVIEW_SAMPLES

    assert v.MAX_REVIEW_SAMPLES == max(REVIEW_SAMPLES.values())
    start = '{"id": 1, "op": "review_start", "handle": 1, "samples": %d}'
    assert parse_request(start % 1000)[1].samples == 1000
    assert parse_request(start % 1)[1].samples == 1
    assert refused(start % 5000) == ("samples must be from 1 to 1000, not 5000: no more than the "
                                     "engine's own review samples")
    assert "samples must be from 1 to 1000, not 0" in refused(start % 0)


def test_a_tables_seed_is_one_the_host_page_keeps_exactly_at_new_and_at_load():
    new = '{"id": 1, "op": "table_new", "game": "briscola", "seed": %d}'
    assert parse_request(new % (2 ** 53 - 1))[1].seed == 2 ** 53 - 1
    for seed in (2 ** 53, 2 ** 64):
        assert f"seed must be from 0 to {2 ** 53 - 1}, not {seed}" in refused(new % seed)
    load = '{"id": 1, "op": "table_load", "record": {"game": "briscola", "seed": %d, "actions": []}}'
    assert parse_request(load % (2 ** 53 - 1))[1].record["seed"] == 2 ** 53 - 1
    for seed in (2 ** 53, 2 ** 64, -1):
        words = refused(load % seed)
        assert words.startswith(f"record.seed must be from 0 to {2 ** 53 - 1}, not {seed}"), words
        assert "53 bits" in words


def test_a_records_seed_is_one_a_new_game_could_have():
    load = '{"id": 1, "op": "load", "record": {"game": "briscola", "seed": %d}, "seat": 0}'
    assert parse_request(load % (2 ** 64 - 1))[1].record["seed"] == 2 ** 64 - 1
    assert refused(load % 2 ** 64) == f"record.seed must be from 0 to {2 ** 64 - 1}, not {2 ** 64}"
    assert "seed must be from 0 to" in refused('{"id": 1, "op": "new", "game": "briscola", "seat": 0, '
                                               f'"seed": {2 ** 64}}}')
