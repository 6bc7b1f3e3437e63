"""What the engine says about a move (explain) and what a seat sees (observation): the facts
the demo shows beside an author's note, and the practice's answers."""

from __future__ import annotations

from pathlib import Path

from engine.madrasso import Madrasso
from engine.protocol import Names
from engine.record import load_record, replay

RECORDS = Path(__file__).parent / "records"


def worked_trick(stop):
    return replay(load_record(RECORDS / "madrasso-worked-trick.toml"), stop=stop)


def test_the_worked_trick_explained_move_by_move():
    lead = worked_trick(0).explain("KC")
    assert lead["kind"] == "lead" and lead["points"] == 4 and lead["category"] == "punto"
    assert lead["winning"] == {"seat": 0, "card": "KC", "why": "the card led"}
    assert lead["next"] == {"seat": 1, "legal": ["2C", "3C", "4C", "7C"]}
    assert lead["anchor"] == "playing-a-trick"
    assert lead["text"] == ("Seat 0 leads the king of clubs (4 points): the others must follow "
                            "clubs if they can.")

    follow = worked_trick(1).explain("7C")
    assert follow["kind"] == "follow" and follow["forced"] is False
    assert follow["choices"] == ["2C", "3C", "4C", "7C"]
    assert follow["winning"] == {"seat": 0, "card": "KC", "why": "highest club, the suit led"}

    trump = worked_trick(2).explain("5H")
    assert trump["kind"] == "trump" and trump["points"] == 0 and trump["category"] == "scartina"
    assert trump["winning"] == {"seat": 2, "card": "5H", "why": "highest trump"}
    assert trump["text"] == ("Seat 2 has no clubs and trumps with the five of hearts (no points). "
                             "It is winning the trick, the highest trump.")
    discard = worked_trick(2).explain("AD")
    assert discard["kind"] == "discard" and discard["winning"]["seat"] == 0

    last = worked_trick(3).explain("AC")
    assert last["forced"] is True and last["forced_reason"] == "only one club: must play it"
    assert last["category"] == "carico" and last["points"] == 11
    assert (last["trick_complete"], last["trick_winner"], last["trick_points"]) == (True, 2, 15)
    assert last["last_trick_bonus"] is False and last["deal_complete"] is False
    assert last["next"]["seat"] == 2
    assert last["text"] == (
        "Seat 3 has only one club, the ace of clubs, and must play it (11 points). Seat 2 wins "
        "the trick with the five of hearts, the highest trump: 15 points to team 0 (seats 0 and 2).")


def test_names_replace_seat_numbers_in_the_text():
    names = Names(seats=("South", "East", "North", "West"),
                  sides=("North and South", "East and West"))
    facts = worked_trick(3).explain("AC", names=names)
    assert facts["text"] == (
        "West has only one club, the ace of clubs, and must play it (11 points). North wins the "
        "trick with the five of hearts, the highest trump: 15 points to North and South.")


def test_an_illegal_move_is_explained_by_its_rule():
    assert worked_trick(1).explain("QH") == {
        "legal": False, "action": "QH", "seat": 1, "anchor": "playing-a-trick",
        "rule": "must follow suit: clubs was led and you hold clubs",
        "text": "Must follow suit: clubs was led and you hold clubs."}
    bad = worked_trick(1).explain("8C")
    assert bad["legal"] is False and bad["anchor"] is None and "'8C' is not a card" in bad["rule"]


def test_the_last_trick_and_the_cappotto_are_explained():
    game = replay(load_record(RECORDS / "madrasso-cappotto.toml"), stop=39)
    facts = game.explain(game.legal_actions()[0])
    assert facts["last_trick_bonus"] is True and facts["deal_complete"] is True
    assert facts["anchor"] == "winning-the-match"
    assert facts["match"]["reason"] == "cappotto" and facts["next"] is None
    assert "It is the last trick: 10 more for team 0. The deal ends 130 to 0." in facts["text"]
    assert facts["text"].endswith("Team 0 took all ten tricks: a cappotto, and the match is theirs.")


def test_reaching_777_is_explained():
    record = load_record(RECORDS / "madrasso-777-mid-deal.toml")
    game = replay(record, stop=len(record.moves) - 1)
    facts = game.explain(record.moves[-1].action)
    assert facts["match"]["winner"] == 0 and facts["anchor"] == "winning-the-match"
    assert facts["text"].endswith("Team 0 reaches 794: the match is theirs.")


def test_a_seat_sees_its_own_hand_and_only_its_own():
    game = worked_trick(3)
    mine = game.observation(3)
    assert mine["hands"][:3] == [None, None, None]
    assert mine["hands"][3] == ["AC", "3D", "7D", "5D", "AH", "7H", "4H", "KS", "6S", "2S"]  # by suit, strongest first
    assert mine["hand_sizes"] == [9, 9, 9, 10]
    assert mine["legal_actions"] == ["AC"] and game.observation(0)["legal_actions"] == []
    assert mine["trick"] == {"leader": 0, "cards": [{"seat": 0, "card": "KC"}, {"seat": 1, "card": "7C"},
                                                    {"seat": 2, "card": "5H"}]}
    assert mine["current_player"] == 3 and mine["side"] == 1 and mine["sides"] == [[0, 2], [1, 3]]
    assert (mine["deal"], mine["dealer"], mine["totals"]) == (1, 3, [0, 0])
    after = worked_trick(4).observation(None)
    assert after["tricks"] == [{"leader": 0, "winner": 2, "points": 15, "cards": [
        {"seat": 0, "card": "KC"}, {"seat": 1, "card": "7C"}, {"seat": 2, "card": "5H"},
        {"seat": 3, "card": "AC"}]}]
    assert after["tricks_won"] == [1, 0] and after["points"] == [15, 0]
    assert after["trick"] == {"leader": 2, "cards": []}


def test_returns_reward_the_match_winner():
    game = replay(load_record(RECORDS / "madrasso-cappotto.toml"))
    assert game.returns() == [1130.0, -1130.0, 1130.0, -1130.0]
    assert Madrasso.new(1).returns() == [0.0, 0.0, 0.0, 0.0]
