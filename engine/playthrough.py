"""Golden playthroughs: a whole game written out state by state, replayed by the tests.

In the manner of OpenSpiel's playthrough files, one text file per game record shows the
record's header (game and setup), then for every state the seat to act, the legal actions,
each seat's observation (JSON with sorted keys, one line per seat) and the action taken, and
at the end the returns and the result. Any change in what the engine shows or allows shows up
as a line-level difference, so changes to the rules or the observation are deliberate.

    python -m engine.playthrough write tests/playthroughs            # every registered game
    python -m engine.playthrough write tests/playthroughs briscola   # only the games named
    python -m engine.playthrough check tests/playthroughs            # replay and compare

Which games are played: for every game in :data:`engine.games.GAMES` whose module imports,
the class attribute ``playthrough_setups`` when it has one, else two seeded games
(``{"seed": 1}`` and ``{"seed": 2}``). Each entry is a dict with ``label`` (the file is
``{game}-{label}.txt``), ``setup`` (record setup fields), and optionally ``policy_seed``
(default 0) and ``prefer`` (action texts taken whenever legal, e.g. ``["swap"]``). Moves are
chosen at random from the legal actions with ``random.Random(policy_seed)``, so the files are
the same on every machine. Only the header and the actions are read back: everything else is
recomputed and compared.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .games import GAMES
from .protocol import Game

HEADER = ("# Golden playthrough, OpenSpiel style: every state, each seat's observation, the "
          "action taken.\n# Regenerate with: python -m engine.playthrough write tests/playthroughs\n")
DEFAULT_SETUPS: list[dict[str, Any]] = [
    {"label": "seed-1", "setup": {"seed": 1}, "policy_seed": 1},
    {"label": "seed-2", "setup": {"seed": 2}, "policy_seed": 2},
]


@dataclass
class Plan:
    """One playthrough to generate: a setup and the seeded policy that picks the moves."""

    game: str
    label: str
    setup: dict[str, Any]
    policy_seed: int = 0
    prefer: list[str] = field(default_factory=list)

    @property
    def filename(self) -> str:
        return f"{self.game}-{self.label}.txt"

    def policy_words(self) -> str:
        words = f"random legal actions, random.Random({self.policy_seed})"
        if self.prefer:
            words += f"; always {', '.join(self.prefer)} when legal"
        return words


@dataclass
class Playthrough:
    game: str
    setup: dict[str, Any]
    policy: str
    actions: list[str]


def plans(game: str) -> list[Plan]:
    """The playthroughs of one game (raises ImportError if its module does not import)."""
    cls = GAMES[game]
    entries = getattr(cls, "playthrough_setups", None) or DEFAULT_SETUPS
    return [Plan(game, e["label"], dict(e["setup"]), e.get("policy_seed", 0), list(e.get("prefer", [])))
            for e in entries]


def play(plan: Plan) -> Playthrough:
    """Play a plan's game to the end with its seeded policy."""
    game = GAMES[plan.game].from_setup(dict(plan.setup))
    rng = random.Random(plan.policy_seed)
    actions = []
    while not game.is_over():
        legal = game.legal_actions()
        preferred = [a for a in plan.prefer if a in legal]
        action = preferred[0] if preferred else rng.choice(legal)
        game.apply(action)
        actions.append(action)
    return Playthrough(plan.game, game.setup(), plan.policy_words(), actions)


def _dump(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def _state_lines(game: Game) -> list[str]:
    player = game.current_player()
    lines = [f"current_player: {_dump(player)}", f"legal_actions: {_dump(game.legal_actions())}"]
    for seat in range(game.num_players):
        lines.append(f"observation[{seat}]: {_dump(game.observation(seat))}")
    return lines


def render(playthrough: Playthrough) -> str:
    """The playthrough file's text: replays the actions from the setup with the checked face."""
    game = GAMES[playthrough.game].from_setup(dict(playthrough.setup))
    out = [HEADER.rstrip("\n"),
           f"game: {playthrough.game}",
           f"setup: {_dump(playthrough.setup)}",
           f"policy: {playthrough.policy}",
           f"num_players: {game.num_players}",
           ""]
    for number, action in enumerate(playthrough.actions):
        out.append(f"state {number}")
        out.extend(_state_lines(game))
        out.append(f"action: {_dump(action)}")
        out.append("")
        game.apply(action)
    out.append(f"state {len(playthrough.actions)} (final)")
    out.extend(_state_lines(game))
    out.append(f"is_over: {_dump(game.is_over())}")
    out.append(f"returns: {_dump(game.returns())}")
    out.append(f"result: {_dump(game.result())}")
    out.append(f"summary: {_dump(game.summary())}")
    return "\n".join(out) + "\n"


def parse(text: str) -> Playthrough:
    """The header and the actions of a playthrough file (the rest is recomputed)."""
    values: dict[str, str] = {}
    actions: list[str] = []
    for line in text.splitlines():
        key, sep, value = line.partition(": ")
        if not sep:
            continue
        if key == "action":
            actions.append(json.loads(value))
        elif key in ("game", "setup", "policy") and key not in values:
            values[key] = value
    missing = [k for k in ("game", "setup", "policy") if k not in values]
    if missing:
        raise ValueError(f"not a playthrough file: no {', '.join(missing)} line")
    return Playthrough(values["game"], json.loads(values["setup"]), values["policy"], actions)


def first_difference(expected: str, actual: str) -> tuple[int, str, str] | None:
    """(1-based line, expected line, actual line) of the first difference, or None."""
    old, new = expected.splitlines(), actual.splitlines()
    for number, (a, b) in enumerate(zip(old, new), start=1):
        if a != b:
            return number, a, b
    if len(old) != len(new):
        n = min(len(old), len(new))
        return n + 1, old[n] if n < len(old) else "<end of file>", new[n] if n < len(new) else "<end of file>"
    return None


def importable_games() -> tuple[list[str], dict[str, str]]:
    """Registered games whose module imports, and the others with the reason."""
    ok, broken = [], {}
    for name in GAMES:
        try:
            GAMES[name]
        except ImportError as err:
            broken[name] = str(err)
        else:
            ok.append(name)
    return ok, broken


def write(directory: Path, games: list[str] | None = None) -> list[Path]:
    directory.mkdir(parents=True, exist_ok=True)
    names, broken = importable_games()
    for name, reason in broken.items():
        print(f"skipping {name}: its module does not import ({reason})", file=sys.stderr)
    written = []
    for name in names:
        if games and name not in games:
            continue
        for plan in plans(name):
            path = directory / plan.filename
            path.write_text(render(play(plan)), encoding="utf-8")
            written.append(path)
    return written


def check(directory: Path) -> list[str]:
    problems = []
    for path in sorted(directory.glob("*.txt")):
        text = path.read_text(encoding="utf-8")
        diff = first_difference(text, render(parse(text)))
        if diff:
            line, old, new = diff
            problems.append(f"{path}:{line}: error: the replay differs\n  file:   {old[:200]}\n  engine: {new[:200]}")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.playthrough", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    write_cmd = commands.add_parser("write", help="(re)generate the playthrough files")
    write_cmd.add_argument("directory", type=Path)
    write_cmd.add_argument("games", nargs="*", help="only these games (default: all that import)")
    check_cmd = commands.add_parser("check", help="replay every file and compare")
    check_cmd.add_argument("directory", type=Path)
    args = parser.parse_args(argv)
    if args.command == "write":
        for path in write(args.directory, args.games):
            print(path)
        return 0
    problems = check(args.directory)
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
