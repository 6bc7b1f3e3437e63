"""The demo's asked moments kept between builds (sitegen/asked.py): a kept answer is only ever
the one the engine would give now, for that very moment, move and names."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine.coach.ask import ask_feedback
from engine.games import GAMES
from sitegen import asked


@pytest.fixture
def moment():
    """Briscola, seed 4, South to play the first card: three legal moves to value."""
    game = GAMES["briscola"].new(4)
    return game, game.action_to_string(game.legal_action_ids()[0]), ("South", "North")


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """An empty .cache/asked/ and an empty memory, for this test only."""
    monkeypatch.setattr(asked, "FOLDER", tmp_path / "asked")
    monkeypatch.setattr(asked, "_KEPT", {})
    return tmp_path / "asked"


def test_the_key_changes_with_the_position_the_move_and_the_names(moment):
    game, author, names = moment
    key = asked.position_key(game, author, names)
    other_move = game.action_to_string(game.legal_action_ids()[1])
    later = game.clone()
    later.apply(author)
    keys = {key, asked.position_key(game, other_move, names),
            asked.position_key(game, author, ("Ann", "Bea")),
            asked.position_key(GAMES["briscola"].new(5), author, names)}
    assert len(keys) == 4
    assert asked.position_key(later, later.action_to_string(later.legal_action_ids()[0]), names) not in keys
    assert asked.position_key(game.clone(), author, names) == key


def test_any_change_to_an_engine_file_changes_every_key(moment, tmp_path, monkeypatch):
    game, author, names = moment
    engine = tmp_path / "engine"
    shutil.copytree(asked.ENGINE, engine, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(asked, "ENGINE", engine)
    asked.engine_digest.cache_clear()
    try:
        before = asked.position_key(game, author, names)
        rules = engine / "briscola.py"
        rules.write_text(rules.read_text(encoding="utf-8") + "\n# a change\n", encoding="utf-8")
        asked.engine_digest.cache_clear()   # as in the next process
        assert asked.position_key(game, author, names) != before
    finally:
        asked.engine_digest.cache_clear()


def test_a_kept_answer_is_the_engines_and_is_read_back_in_a_fresh_process(moment, folder, monkeypatch):
    game, author, names = moment
    fresh = ask_feedback(game, author, names=names)
    first = asked.asked_feedback(game, author, names)
    assert first == fresh
    [kept] = folder.glob("*.pickle")
    assert kept.name == asked.position_key(game, author, names) + ".pickle"
    # A fresh process: nothing in memory; the file answers, and the engine is not asked.
    monkeypatch.setattr(asked, "_KEPT", {})
    monkeypatch.setattr(asked, "ask_feedback", lambda *a, **k: pytest.fail("valued again"))
    assert asked.asked_feedback(game, author, names) == fresh


def test_an_unreadable_file_is_valued_again_and_an_old_engines_files_go(moment, folder):
    game, author, names = moment
    folder.mkdir()
    path = folder / (asked.position_key(game, author, names) + ".pickle")
    path.write_bytes(b"half a fi")
    old = folder / "0123456789abcdef-000000000000000000000000.pickle"
    old.write_bytes(b"kept for another engine")
    assert asked.asked_feedback(game, author, names) == ask_feedback(game, author, names=names)
    assert sorted(folder.iterdir()) == [path]
