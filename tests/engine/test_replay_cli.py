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
    assert summary["tricks"] == [{"leader": 0, "cards": [{"seat": s, "card": c} for s, c in
                                                         enumerate(["KC", "7C", "5H", "AC"])],
                                  "winner": 2, "points": 15}]
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
    ("madrasso-bad-card.toml", 6, "hands[1][9]: '8S' is not a card"),
    ("madrasso-41-cards.toml", 7, "hands[2]: has 11 cards, needs 10 (41 cards in all; the pack has 40)"),
    ("madrasso-duplicate-card.toml", 8, "hands[3][6]: KC is dealt twice (also at hands[0][0])"),
    ("madrasso-hand-of-9.toml", 7, "hands[2]: has 9 cards, needs 10"),
])
def test_a_bad_record_exits_2_naming_line_and_problem(name, line, message, engine_command):
    path = RECORDS / name
    done = engine_command("replay", str(path))
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith(f"{path}:{line}: error: {message}")


def _briscola(old: str, new: str) -> bytes:
    text = (RECORDS / "briscola-deal.toml").read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new, 1).encode("utf-8")


def _scopa(old: str, new: str) -> bytes:
    text = (RECORDS / "scopa-two-players.toml").read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new, 1).encode("utf-8")


MALFORMED = {
    # name: (the file's bytes, the line, the start of the message)
    "not-utf-8.toml": (_briscola("# Briscola", "# Briscola \u00e0").replace("\u00e0".encode(), b"\xe0"),
                       1, "the file is not UTF-8 text: save it as UTF-8"),
    "not-utf-8-later.json": (b'{"game": "briscola",\n "seed": 1,\n "x": "caf\xe9"}', 3,
                             "the file is not UTF-8 text"),
    "deep.json": (b'{"game": "briscola", "seed": 1, "x": ' + b"[" * 3000 + b"]" * 3000 + b"}", 1,
                  "nested more than 32 levels deep"),
    "deep.toml": (b'game = "briscola"\nseed = 1\n\n[about]\nx = ' + b"[" * 3000 + b"]" * 3000, 5,
                  "nested more than 32 levels deep"),
    "deep-inline-tables.toml": (b'game = "briscola"\nx = ' + b"{a = " * 3000 + b"1" + b"}" * 3000, 2,
                                "nested more than 32 levels deep"),
    "deep-keys.toml": (b'game = "briscola"\nseed = 1\n[about]\n' + b"a." * 5000 + b"a = 1\n", 4,
                       "nested more than 32 levels deep"),
    "huge-integer.toml": (_briscola("leader = 0", "leader = 1" + "0" * 4400), 3,
                          "a number of more than 100 digits"),
    "huge-integer.json": (b'{"game": "briscola",\n "seed": 1' + b"0" * 5000 + b"}", 2,
                          "a number of more than 100 digits"),
    "game-a-list.toml": (_briscola('game = "briscola"', 'game = ["briscola"]'), 2,
                         '"game" must be the name of a game in quotes'),
    "game-a-table.json": (b'{\n  "game": {"name": "scopa"},\n  "seed": 1\n}', 2,
                          '"game" must be the name of a game in quotes'),
    "game-missing.toml": (b"# no game\nseed = 3\n", 1, 'the field "game" is missing'),
    "not-a-table.json": (b'["briscola", 1]', 1, "a record must be a table of fields"),
    "leader-a-float.toml": (_briscola("leader = 0", "leader = 1.0"), 3,
                            "leader: 1.0 is not a whole number (write 1)"),
    "players-a-float.toml": (_scopa("players = 2", "players = 2.0"), 3,
                             "players: 2.0 is not a whole number (write 2)"),
    "seed-not-a-number.json": (b'{"game": "briscola",\n "seed": NaN}', 2, "seed: nan is not a whole number"),
    "a-fraction-in-a-list.toml": (b'game = "madrasso"\nseed = 1\ntotals = [\n  0,\n  0.5,\n]\n', 5,
                                  "totals[1]: 0.5 is not a whole number"),
    "end-of-document.toml": (b'game = "briscola"\nseed = 1\nactions = [\n  "KC",\n\n\n', 4,
                             "not valid TOML: invalid value"),
    "end-of-document.json": (b'{\n "game": "briscola",\n "seed": 1,\n', 3, "not valid JSON"),
    "actions-a-string.toml": (b'game = "briscola"\nseed = 1\nactions = "KC"\n', 3,
                              '"actions" must be a list of action strings'),
    "an-action-a-number.toml": (b'game = "briscola"\nseed = 1\nactions = [\n  "KC",\n  7,\n]\n', 5,
                                "actions[1] must be a string"),
    "a-move-without-action.toml": (b'game = "briscola"\nseed = 1\n\n[[moves]]\naction = "KC"\n\n'
                                   b'[[moves]]\nnote = "x"\n', 7, "move 2 has no action"),
    "about-not-a-table.toml": (b'game = "briscola"\nseed = 1\nabout = "x"\n', 3,
                               '"about" must be a table'),
    "hands-a-number.toml": (_briscola('hands = [\n  ["JC", "QD", "4H"],\n  ["7D", "2H", "3H"],\n]',
                                      "hands = 5"), 4,
                            "hands: hands are 2 hands of 3 cards, one per seat, not 5"),
    "not-toml.toml": (b'game = "briscola"\nseed = = 1\n', 2, "not valid TOML"),
}


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_every_malformed_file_exits_2_with_its_line(name, engine_command, tmp_path):
    """Each kind of bad file is one ``path:line: error: message`` line, exit 2, no traceback."""
    data, line, message = MALFORMED[name]
    path = tmp_path / name
    path.write_bytes(data)
    done = engine_command("replay", str(path))
    assert (done.returncode, done.stdout) == (2, ""), done.stderr
    assert done.stderr.startswith(f"{path}:{line}: error: {message}"), done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


@pytest.mark.parametrize("option", [["--stop", "-3"], ["--stop", "1e3"], ["--stop", "9" * 5000],
                                    ["--seat", "-1"], ["--seat", "\u0663"]])
def test_a_bad_option_is_refused_with_a_usage_message(option, engine_command):
    done = engine_command("replay", str(RECORDS / "madrasso-worked-trick.toml"), *option)
    assert done.returncode == 2 and done.stdout == ""
    assert f"error: argument {option[0]}: " in done.stderr and "Traceback" not in done.stderr


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
