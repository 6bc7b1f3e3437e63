"""Properties of random legal Scopa games at 2, 3 and 4 players: every card is in exactly one
place, the legal captures are exactly what the rules allow (checked against a brute-force
search over every set of table cards), a deal's points are the categories won plus scope,
a seat's observation does not change when the cards hidden from it are redealt, and a record
replays to the same game."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from engine import parse_record, replay
from engine.cards import FULL_PACK_MASK
from engine.scopa import VALUE, Scopa

players = st.sampled_from([2, 3, 4])
seeds = st.integers(0, 2**32)


def places(game: Scopa) -> list[int]:
    masks = [sum(1 << c for c in h) for h in game.hands]
    masks.append(game.table)
    masks.append(sum(1 << c for c in game.stock[game.drawn:]))
    masks.extend(game.captured)
    return masks


def allowed_captures(card: int, table: int) -> list[int]:
    """The rules, by brute force: one same-value card if any, else every set adding up."""
    cards = [c for c in range(40) if table >> c & 1]
    same = [1 << c for c in cards if VALUE[c] == VALUE[card]]
    if same:
        return sorted(same)
    sets = []
    for subset in range(1, 1 << len(cards)):
        chosen = [cards[i] for i in range(len(cards)) if subset >> i & 1]
        if sum(VALUE[c] for c in chosen) == VALUE[card]:
            sets.append(sum(1 << c for c in chosen))
    return sorted(sets)


def random_game(seed: int, n: int, moves: int | None = None, one_deal: bool = True) -> Scopa:
    rng = random.Random(seed)
    game = Scopa.new(seed, players=n)
    if one_deal:
        game = Scopa.from_setup(_explicit(game))
    count = 0
    while not game.is_over() and (moves is None or count < moves):
        game.apply_id(rng.choice(game.legal_action_ids()))
        count += 1
    return game


def _explicit(game: Scopa) -> dict:
    from engine.cards import CARD_TEXT

    return {"players": game.num_players, "dealer": game.dealer,
            "hands": [[CARD_TEXT[c] for c in h] for h in game.hands],
            "table": [CARD_TEXT[c] for c in range(40) if game.table >> c & 1],
            "stock": [CARD_TEXT[c] for c in game.stock]}


@given(seeds, players)
def test_cards_are_accounted_for_and_the_legal_captures_are_the_rules(seed, n):
    rng = random.Random(seed)
    game = Scopa.from_setup(_explicit(Scopa.new(seed, players=n)))
    while not game.is_over():
        union = 0
        for m in places(game):
            assert union & m == 0, "a card in two places"
            union |= m
        assert union == FULL_PACK_MASK, "a card lost"
        ids = game.legal_action_ids()
        assert ids == sorted(ids)
        expected = []
        for card in sorted(game.hands[game.current_player()]):
            sets = allowed_captures(card, game.table)
            expected += [card << 40 | m for m in sets] if sets else [card << 40]
        assert ids == expected
        game.apply_id(rng.choice(ids))
    assert sum(m.bit_count() for m in game.captured) + game.table.bit_count() == 40
    assert game.table == 0 or game.last_capturer is None, "leftovers go to the last capturer"


@given(seeds, players)
def test_deal_points_are_the_categories_won_plus_scope(seed, n):
    game = random_game(seed, n, one_deal=False)
    sides = 2 if n == 4 else n
    assert game.winner is not None
    for d in game.deals:
        points = list(d["scope"])
        for category in ("cards", "diamonds", "settebello", "primiera"):
            if d[category] is not None:
                points[d[category]] += 1
        assert points == d["points"]
        assert sum(d["card_counts"]) == 40 and sum(d["diamond_counts"]) == 10
        assert d["settebello"] is not None
        assert len(d["points"]) == sides
        scopas = [0] * sides
        for play in d["plays"]:
            scopas[play["seat"] % sides] += play["scopa"]
        assert scopas == d["scope"]
        assert not d["plays"][-1]["scopa"], "never a scopa on the last play"
    assert list(game.totals) == [sum(d["points"][s] for d in game.deals) for s in range(sides)]
    assert game.totals[game.winner] >= 11
    assert game.totals.count(max(game.totals)) == 1
    for d in game.deals[:-1]:
        best = max(d["totals"])
        assert best < 11 or d["totals"].count(best) > 1, "the match went on without a winner"


@given(seeds, players, st.integers(0, 40), seeds)
def test_an_observation_does_not_change_when_hidden_cards_are_redealt(seed, n, moves, shuffle):
    game = random_game(seed, n, moves, one_deal=False)
    for seat in range(n):
        other = game.determinize(seat, random.Random(shuffle))
        assert other.observation(seat) == game.observation(seat)
        hidden = lambda g: sum(places(g)[s] for s in range(n) if s != seat) | places(g)[n + 1]
        assert hidden(other) == hidden(game)
        if seat == moves % n:  # one redealt game a case is played out
            while not other.is_over() and other.deal == game.deal:
                other.apply_id(other.legal_action_ids()[-1])
            assert sum(other.deals[-1]["card_counts"]) == 40, "the deal was played out"


@given(seeds, players, st.integers(0, 80))
def test_a_record_replays_to_the_same_game(seed, n, moves):
    game = random_game(seed, n, moves, one_deal=bool(seed % 2))
    record = game.record()
    text = "\n".join(f"{k} = {_toml(v)}" for k, v in record.items())
    again = replay(parse_record(text))
    assert again.observation(None) == game.observation(None)
    assert again.summary() == game.summary()
    assert again.history() == game.history()


def _toml(value) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)


@given(seeds, players, st.integers(0, 35))
def test_explain_agrees_with_the_rules_in_any_state(seed, n, moves):
    game = random_game(seed, n, moves)
    legal = set(game.legal_actions())
    for action in legal:
        facts = game.explain(action)
        assert facts["legal"] and facts["action"] == action
        after = game.clone()
        after.apply(action)
        finished = after.is_over()
        play = after.deals[-1]["plays"][-1] if finished else after.observation(None)["plays"][-1]
        assert play["scopa"] == facts["scopa"]
        assert play["captured"] == facts["captured"]
        assert facts["points"] == int(facts["scopa"])
    for card in game.hands[game.current_player()]:
        bare = game.action_to_string(card << 40)
        assert game.explain(bare)["legal"] == (bare in legal)
