"""One home per game: every game's facts in its GameInfo, and nobody else stating them.

One API test over every game (OpenSpiel's spirit): each registered game declares a GameInfo
whose facts agree with its rules class and with a game actually started from a seed. Then a
scan of the code that reads those facts (the coach, the site generator, the bots, the
engine's other modules): no game's name compared, no table keyed by game name in the coach,
no rule number (777, 11, 60, 61, 120, 130, the last trick's 10) written there.
"""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest

from engine.gameinfo import GameInfo
from engine.games import GAMES, INFO, NAMES
from engine.record import record_from_data, start_game

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", NAMES)
def test_every_game_declares_its_facts_once(name: str) -> None:
    cls = GAMES[name]
    info = INFO[name]
    assert isinstance(info, GameInfo)
    assert info is cls.info and info.name == cls.name == name
    assert info.title and info.title.lower() == name
    assert info.players == tuple(range(cls.min_players, cls.max_players + 1))
    assert info.default_players in info.players
    assert set(info.partners_at) <= set(info.players)
    assert len(info.team_names) in (0, 2)
    assert info.grades.best < info.grades.good < info.grades.mistake
    assert info.review_samples > 0
    assert re.fullmatch(r"[a-z-]+", info.play_rule.anchor) and info.play_rule.title
    assert (ROOT / "content" / f"{name}.md").exists(), info.rules_page
    assert info.trick_taking == (info.tricks_per_deal > 0)
    assert info.demo_shows, "what the game's demo deal must show (sitegen/demo.py checks it)"
    assert all(shows.missing.startswith(("never ", "stops ")) for shows in info.demo_shows)


@pytest.mark.parametrize("name", NAMES)
def test_a_game_played_out_agrees_with_its_facts(name: str) -> None:
    """A seeded deal of every game, at every number of players, played to its end by
    random legal moves: the hand dealt, the tricks played and the partners are the info's."""
    info = INFO[name]
    for players in info.players:
        setup: dict[str, object] = {"seed": 7}
        if info.match_target is not None:
            setup["one_deal"] = True   # one deal of the match
        if len(info.players) > 1:
            setup["players"] = players
        game = start_game(record_from_data({"game": name, **setup, "actions": []}))
        assert game.num_players == players
        first = game.view(0)
        assert len(first.hands[0] or ()) == info.hand_size
        rng = random.Random(players)
        while not game.is_over():
            game.apply_id(rng.choice(game.legal_action_ids()))
        observation = game.view(0).observation
        if info.trick_taking:
            assert len(observation["tricks"]) == info.tricks_per_deal  # type: ignore[typeddict-item]
        sides = observation.get("sides")
        if sides is not None:   # Scopa's sides: partners opposite exactly at partners_at
            assert info.partnered(players) == any(len(s) > 1 for s in sides)
        else:
            assert info.partnered(players) == (players == 4)


@pytest.mark.parametrize("name", NAMES)
def test_every_game_has_a_computer_player_at_every_level(name: str) -> None:
    from engine.bots import LEVELS, make_bot

    game = start_game(record_from_data({"game": name, "seed": 3, "actions": []}))
    seat = game.current_player()
    assert seat is not None
    for level in LEVELS:
        bot = make_bot(name, level, seed=1, time_budget=None, samples=2)
        assert bot.choose(game, seat) in game.legal_actions(), level


# ---- nobody else states them --------------------------------------------------------------

RULE_NUMBERS = {777, 11, 61, 120, 130}
"""Madrasso's target and deal total, Scopa's target, Briscola's winning points and its total,
as numbers in code (60 is also a card's width in pixels: it is looked for in words only, as
"more than 60"; the last trick's 10 is too common a number to scan for: see LAST_TEN)."""
RULE_NUMBER_WORDS = re.compile(r"(?<![\w.#-])(777|11|60|61|120|130)(?![\w.%-])")
LAST_TEN = re.compile(r"\b10\b[^.]{0,30}last trick|last trick\w*[^.]{0,30}\b10\b|LAST_TRICK")


NARRATORS = {"demo.py"}
"""sitegen's demo: its transcript says what the engine describes, with no game of its own."""

RULES_MODULES = {"cards", "gameinfo", "games", "tricks", "match", *NAMES, "scopa_table"}
"""The engine's rules (the games, what they share, the cards): where the numbers live."""
BOT_NUMBERS = RULE_NUMBERS - {11}
"""In the bots and the engine's other modules, 11 is also the count of Scopa's card values
0..10 (``range(11)``): only the numbers no card counts by are looked for there."""


def _sources() -> list[tuple[Path, set[int]]]:
    coach = sorted((ROOT / "engine" / "coach").glob("*.py"))
    sitegen = sorted(p for p in (ROOT / "sitegen").glob("*.py")
                     if not p.name.startswith(("card_art", "budget")))
    modules = [*(ROOT / "engine").glob("*.py"), *(ROOT / "engine" / "bots").glob("*.py")]
    engine = sorted(p for p in modules if p.stem not in RULES_MODULES)
    return [(p, RULE_NUMBERS) for p in coach + sitegen] + [(p, BOT_NUMBERS) for p in engine]


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string constants that are docstrings (words about the code, not code)."""
    found = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list):
            for i, stmt in enumerate(body):
                # a module's, class's or function's first string, and an attribute's after it
                if (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant)
                        and isinstance(stmt.value.value, str)
                        and (i == 0 or isinstance(body[i - 1], (ast.Assign, ast.AnnAssign)))):
                    found.add(id(stmt.value))
    return found


def _strings(node: ast.AST) -> list[str]:
    return [n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)]


def _problems(path: Path, numbers: set[int] = RULE_NUMBERS) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = _docstrings(tree)
    where = path.relative_to(ROOT)
    problems = []
    coach = path.parent.name == "coach"
    by_name = coach or path.name in NARRATORS   # where a table by game name is a second home
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Compare):
            named = [s for s in _strings(node) if s in NAMES]
            if named:
                problems.append(f"{where}:{line}: compares a game's name ({named[0]!r}): "
                                "ask its GameInfo instead")
        elif by_name and isinstance(node, ast.Dict):
            named = [k.value for k in node.keys if isinstance(k, ast.Constant) and k.value in NAMES]
            if named:
                problems.append(f"{where}:{line}: a table by game name ({named[0]!r}) in "
                                f"{path.name if not coach else 'the coach'}: put the fact in the "
                                "game's GameInfo")
        elif isinstance(node, ast.Constant) and id(node) not in docs:
            value = node.value
            if type(value) is int and value in numbers:
                problems.append(f"{where}:{line}: the rule number {value}: read it from GameInfo")
            if isinstance(value, str) and (RULE_NUMBER_WORDS.search(value) or LAST_TEN.search(value)):
                problems.append(f"{where}:{line}: a rule number in {value!r}: read it from GameInfo")
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            number = isinstance(node.value, ast.Constant) and type(node.value.value) is int
            for t in targets:
                if isinstance(t, ast.Name) and number and t.id.isupper() and "TRICK" in t.id:
                    problems.append(f"{where}:{line}: {t.id} restates the rules' constant")
        elif coach and isinstance(node, ast.FunctionDef) and node.name == "power":
            problems.append(f"{where}:{line}: a second definition of a card's power in a "
                            "trick: use engine.tricks.power")
    return problems


def test_the_coach_the_bots_and_the_site_generator_read_the_games_facts_not_state_them() -> None:
    problems = [p for path, numbers in _sources() for p in _problems(path, numbers)]
    assert not problems, "\n".join(problems)


def test_the_scan_finds_what_it_looks_for(tmp_path: Path) -> None:
    """The scan above can fail: each thing it forbids, written once, is found."""
    coach = tmp_path / "coach"
    coach.mkdir()
    bad = coach / "bad.py"
    bad.write_text('"""Docstrings may say 777 and madrasso."""\n'
                   'LAST_TRICK_BONUS = 10\n'
                   'def power(card, led, trump):\n'
                   '    return 30\n'
                   'def f(game, points):\n'
                   '    if game.name == "scopa":\n'
                   '        return 61\n'
                   '    grades = {"briscola": 1}\n'
                   '    return f"{points}; more than 60 wins, and 10 more for the last trick"\n',
                   encoding="utf-8")
    global ROOT
    saved, ROOT = ROOT, tmp_path
    try:
        found = sorted(_problems(bad), key=lambda p: int(p.split(":")[1]))
    finally:
        ROOT = saved
    assert [p.split(": ", 1)[0] for p in found] == [
        "coach/bad.py:2", "coach/bad.py:3", "coach/bad.py:6", "coach/bad.py:7",
        "coach/bad.py:8", "coach/bad.py:9"], found
