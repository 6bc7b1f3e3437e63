"""``python -m engine replay FILE``: exit 0 with the summary as JSON, or exit 2 with
``path:line: error: ...`` on stderr. The real command on CPython; inside Pyodide the same
entry point in-process (the ``engine_command`` fixture, conftest.py)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RECORDS = Path(__file__).parent / "records"


@pytest.mark.parametrize("name", ["madrasso-worked-trick.toml", "madrasso-worked-trick.json"])
def test_a_good_record_prints_its_summary(name, engine_command):
    done = engine_command("replay", str(RECORDS / name))
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["tricks"] == [{"leader": 0, "cards": ["KC", "7C", "5H", "AC"], "winner": 2, "points": 15}]
    assert summary["points"] == [15, 0]
    assert summary["last_trick"] is None
    assert summary["match"]["winner"] is None and summary["match"]["reason"] is None
    assert summary["match"]["after_trick"] is None
    assert done.stderr == ""


def test_a_whole_match_prints_every_deal(engine_command):
    done = engine_command("replay", str(RECORDS / "madrasso-match.toml"))
    assert done.returncode == 0
    summary = json.loads(done.stdout)
    assert len(summary["deals"]) == 11 and summary["match"]["reason"] == "777"


@pytest.mark.parametrize("name, line, message", [
    ("madrasso-illegal-follow.toml", 12,
     "action 2 ('QH', seat 1): must follow suit: clubs was led and you hold clubs"),
    ("madrasso-illegal-follow.json", 13, "action 3 ('KS', seat 2): you do not hold the king of spades"),
    ("madrasso-illegal-swap.toml", 23,
     "action 4 ('swap', seat 3): the dealer cannot swap: the turned-up card is already the dealer's"),
    ("madrasso-bad-card.toml", 6, "hands[1]: '8S' is not a card"),
    ("madrasso-41-cards.toml", 7, "hands[2]: has 11 cards, needs 10 (41 cards in all; the pack has 40)"),
    ("madrasso-duplicate-card.toml", 8, "hands[3]: KC appears twice (hands[0] and hands[3])"),
    ("madrasso-hand-of-9.toml", 7, "hands[2]: has 9 cards, needs 10"),
])
def test_a_bad_record_exits_2_naming_line_and_problem(name, line, message, engine_command):
    path = RECORDS / name
    done = engine_command("replay", str(path))
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith(f"{path}:{line}: error: {message}")


def test_a_missing_file_exits_2(engine_command):
    done = engine_command("replay", "no-such-record.toml")
    assert done.returncode == 2
    assert done.stderr.startswith("no-such-record.toml: error: cannot read the record")


def test_stop_and_seat_show_a_position_part_way(engine_command):
    done = engine_command("replay", str(RECORDS / "madrasso-worked-trick.toml"), "--stop", "3", "--seat", "3")
    assert done.returncode == 0, done.stderr
    observation = json.loads(done.stdout)
    assert observation["seat"] == 3 and observation["legal_actions"] == ["AC"]
    assert observation["hands"][0] is None and "AC" in observation["hands"][3]
    assert [c["card"] for c in observation["trick"]["cards"]] == ["KC", "7C", "5H"]
    spectator = json.loads(engine_command("replay", str(RECORDS / "madrasso-worked-trick.toml"),
                                          "--seat", "all").stdout)
    assert all(hand is not None for hand in spectator["hands"])


def test_explain_prints_every_action_explained(engine_command):
    done = engine_command("replay", str(RECORDS / "madrasso-worked-trick.toml"), "--explain")
    assert done.returncode == 0, done.stderr
    explained = json.loads(done.stdout)
    assert [e["kind"] for e in explained] == ["lead", "follow", "trump", "follow"]
    assert explained[-1]["forced_reason"] == "only one club: must play it"


def test_a_seat_out_of_range_exits_2(engine_command):
    done = engine_command("replay", str(RECORDS / "madrasso-worked-trick.toml"), "--seat", "4")
    assert done.returncode == 2 and "--seat must be 0 to 3 or all" in done.stderr


@pytest.mark.skipif(sys.platform == "emscripten", reason="a second process: not inside Pyodide "
                    "(tests/engine/test_playthroughs.py checks the same files in-process)")
def test_the_playthrough_checker_passes_on_the_golden_files():
    done = subprocess.run([sys.executable, "-m", "engine.playthrough", "check", "tests/playthroughs"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
