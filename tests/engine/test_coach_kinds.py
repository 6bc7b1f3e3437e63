"""Mistakes by kind (engine/coach/kinds.py): over seeded deals played out by the computer at
its weakest, every costly move of a review has a kind, and that kind is the first whose
definition, worked out here again from the plain facts of the deal (the trick's cards and
who took it, the table before and after), holds; the others have none."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.bots import make_bot
from engine.cards import CARD_BY_TEXT, POINTS, STRENGTH, SUIT_OF
from engine.coach.kinds import BY_ID, KINDS, kinds_of
from engine.coach.review import DealReview
from engine.games import GAMES, INFO
from engine.i18n import speaking
from engine.record import record_from_data, start_game
from engine.tricks import SUIT_NAMES



def finished(game_name: str, seed: int, options: dict) -> dict:
    """A deal played out by the computer at its weakest: its public record."""
    game = GAMES[game_name].new(seed, **options)
    bots = [make_bot(game_name, "random", seed + s) for s in range(game.num_players)]
    while not game.is_over():
        seat = game.current_player()
        game.apply(bots[seat].choose(game, seat))
    return game.finished_deals()[-1]

SEEDS = (1, 2, 3)
GAMES_AND_OPTIONS = [("briscola", {}), ("madrasso", {"one_deal": True}),
                     ("scopa", {"players": 2, "one_deal": True})]


def reviewed(game_name: str, options: dict, seed: int) -> tuple[dict, dict]:
    record = finished(game_name, seed, options)
    review = DealReview(record, 0, seed=2, samples=8)
    while not review.finished:
        review.step()
    return record, review.result()


def positions(record: dict, index: int):
    """The game before the record's action ``index``, and after each later action."""
    game = start_game(record_from_data(record))
    actions = record_from_data(record).actions
    for action in actions[:index]:
        game.apply(action)
    before = game.clone()
    later = []
    for action in actions[index:]:
        game.apply(action)
        later.append(game.clone())
    return before, later


def trick_facts(record: dict, index: int, seat: int, played: str, best: str) -> dict[str, bool]:
    """Each trick kind's definition, from the full game (the deal is public once over)."""
    before, later = positions(record, index)
    obs = before.observation(None)
    trump = SUIT_NAMES.index(obs["trump"]["suit"])
    sides = obs["sides"]
    ours = next(side for side in sides if seat in side)
    done = len(obs["tricks"])
    swap = "swap" in (played, best)
    taker = None
    for g in later:
        tricks = g.observation(None)["tricks"]
        if len(tricks) > done:
            taker = tricks[done]["winner"]
            break
    final = later[-1].observation(None)["tricks"]
    on = obs["trick"]["cards"]

    def power(card: str, led: str) -> tuple[int, int]:
        c = CARD_BY_TEXT[card]
        if SUIT_OF[c] == trump:
            return (2, STRENGTH[c])
        return (1, STRENGTH[c]) if SUIT_OF[c] == SUIT_OF[CARD_BY_TEXT[led]] else (0, 0)

    def would_lead(card: str) -> bool:
        if not on:
            return True
        led = on[0]["card"]
        return all(power(card, led) > power(c["card"], led) for c in on)

    holder = max(on, key=lambda c: power(c["card"], on[0]["card"]))["seat"] if on else None
    p, b = (None, None) if swap else (CARD_BY_TEXT[played], CARD_BY_TEXT[best])
    lost = taker is not None and taker not in ours
    return {
        "swap-missed": best == "swap" and played != "swap",
        "last-ten": (INFO[before.name].last_trick_bonus > 0 and not swap
                     and done >= len(final) - 3 and final[-1]["winner"] not in ours),
        "trump-wasted": (not swap and SUIT_OF[p] == trump
                         and (SUIT_OF[b] != trump or STRENGTH[b] < STRENGTH[p])),
        "points-thrown": not swap and POINTS[p] > POINTS[b] and lost,
        "trick-missed": (not swap and lost and holder not in ours and would_lead(best)
                         and not would_lead(played)),
    }


def capture_value(card: str) -> int:
    return CARD_BY_TEXT[card] % 10 + 1


def scopa_facts(record: dict, index: int, seat: int, played: str, best: str) -> dict[str, bool]:
    before, _ = positions(record, index)
    deal = before.observation(None)["deal"]

    def after(action: str) -> dict | None:
        g = before.clone()
        g.apply(action)
        obs = g.observation(seat)
        return None if g.is_over() or obs["deal"] != deal else obs

    def open_to_sweep(obs: dict | None) -> bool:
        if not obs or not obs["table"]:
            return False
        total = sum(capture_value(c) for c in obs["table"])
        seen = set(obs["table"]) | set(obs["hands"][seat]) | {c for p in obs["captured"] for c in p}
        return total <= 10 and any(capture_value(c) == total and c not in seen
                                   for c in CARD_BY_TEXT)

    mine, expert = after(played), after(best)
    return {
        "settebello-left": bool(mine and expert and "7D" in mine["table"]
                                and "7D" not in expert["table"]),
        "sweep-missed": bool(expert and expert["plays"][-1]["scopa"])
                        and not (mine and mine["plays"][-1]["scopa"]),
        "sweep-given": open_to_sweep(mine) and not open_to_sweep(expert),
        "capture-missed": " x " not in played and " x " in best,
    }


@pytest.mark.parametrize("game_name, options", GAMES_AND_OPTIONS)
def test_each_costly_move_has_the_first_kind_whose_definition_holds(game_name, options):
    seen: Counter[str] = Counter()
    for seed in SEEDS:
        record, result = reviewed(game_name, options, seed)
        for move in result["moves"]:
            costly = move["mark"] in ("inaccuracy", "mistake")
            assert (move["kind"] is not None) == costly, move
            if not costly:
                continue
            kind = move["kind"]["id"]
            assert kind in {k.id for k in kinds_of(game_name)}
            facts = (scopa_facts if game_name == "scopa" else trick_facts)(
                record, move["index"], 0, move["played"], move["best"])
            order = [k.id for k in kinds_of(game_name) if k.id != "other"]
            expected = next((k for k in order if facts[k]), "other")
            assert kind == expected, (move["played"], move["best"], facts)
            seen[kind] += 1
    # The deals of the computer at its weakest give at least two kinds besides "other".
    assert len(set(seen) - {"other"}) >= 2, seen


def test_every_kind_has_a_name_and_a_line_in_english_and_italian():
    assert len(BY_ID) == len(KINDS)
    for kind in KINDS:
        english = kind.to_json()
        with speaking("it"):
            italian = kind.to_json()
        assert english["id"] == italian["id"] == kind.id
        assert english["name"] and english["why"].endswith(".")
        assert italian["name"] != english["name"] and italian["why"] != english["why"]
        assert set(kind.games) <= set(GAMES)


def test_the_kind_is_said_in_the_review_answer_in_the_requests_language():
    record, _ = reviewed("briscola", {}, 1)
    review = DealReview(record, 0, seed=2, samples=8)
    with speaking("it"):
        while not review.finished:
            review.step()
        moves = review.result()["moves"]
    named = [m["kind"] for m in moves if m["kind"]]
    assert named
    with speaking("it"):
        assert all(m["name"] == BY_ID[m["id"]].to_json()["name"] for m in named)
