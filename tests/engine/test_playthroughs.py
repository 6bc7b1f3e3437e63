"""Golden playthroughs (tests/playthroughs/*.txt): each file is replayed from its header and
actions and must come out identical, line for line. Every registered game needs at least one.

After a deliberate change to the rules or the observations, regenerate with
``python -m engine.playthrough write tests/playthroughs`` and review the difference."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.games import GAMES
from engine.playthrough import first_difference, parse, render

PLAYTHROUGHS = Path(__file__).resolve().parents[1] / "playthroughs"
FILES = sorted(PLAYTHROUGHS.glob("*.txt"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_a_playthrough_replays_exactly(path):
    text = path.read_text(encoding="utf-8")
    playthrough = parse(text)
    GAMES[playthrough.game]   # a game module that fails to import fails here, by name
    diff = first_difference(text, render(playthrough))
    assert diff is None, (f"{path.name}:{diff[0]}: the replay differs\n"
                          f"  file:   {diff[1][:300]}\n  engine: {diff[2][:300]}")


@pytest.mark.parametrize("name", list(GAMES))
def test_every_registered_game_has_a_playthrough(name):
    GAMES[name]   # every registered game imports
    files = sorted(PLAYTHROUGHS.glob(f"{name}-*.txt"))
    assert files, (f"no golden playthrough for {name}: run "
                   f"`python -m engine.playthrough write tests/playthroughs {name}`")


def test_the_madrasso_playthroughs_show_a_swap_and_a_match_won_mid_deal():
    swap = parse((PLAYTHROUGHS / "madrasso-swap.txt").read_text(encoding="utf-8"))
    assert "swap" in swap.actions
    deal_11 = (PLAYTHROUGHS / "madrasso-deal-11.txt").read_text(encoding="utf-8")
    assert '"reason":"777"' in deal_11.splitlines()[-1]


def test_a_changed_observation_is_caught():
    path = PLAYTHROUGHS / "madrasso-seed-1.txt"
    text = path.read_text(encoding="utf-8")
    tampered = text.replace('"tricks_won":[0,0]', '"tricks_won":[0,1]', 1)
    diff = first_difference(tampered, render(parse(tampered)))
    assert diff is not None and "tricks_won" in diff[1]
