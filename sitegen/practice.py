"""Practice positions: game records the visitor finishes, with feedback on every card.

A practice position is one TOML file in ``content/practice/`` (the format is documented in
docs/practice-format.md, its tables declared in :mod:`sitegen.schema`): a game record
(``game``, the deal, ``actions`` already played when the position opens) plus ``[about]``
(title, order) and ``[practice]`` (the visitor's seats, the question, the rule anchors, a
scripted continuation of ``[[practice.steps]]`` and a closing explanation).

The site index checks every position once, with the engine the browser runs, whether or not
a page shows it: the deal and every action already played, every scripted action (on every
branch when a step accepts several answers), every accepted answer, the seats, the rule
anchors (against the rules page's ``{#anchor}`` headings), the links in its texts, and that
every legal answer of a visitor's step gets some feedback. Problems are ``path:line: error:
message`` diagnostics at the position file's own lines. :mod:`sitegen.practice_view` renders
``[[practice: madrasso]]``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.games import GAMES as ENGINE_GAMES, INFO, NAMES
from engine.protocol import ActionSyntaxError, EngineError, Game
from engine.record import Record, RecordError, replay
from engine.source import Part
from engine.table import TableHooks

from .diagnostics import Diagnostics, FileReport
from .schema import POSITION_ABOUT, PRACTICE, SCRIPTED_STEP, VISITOR_STEP, names, read_record

if TYPE_CHECKING:
    from engine.shapes import Explanation

    from .index import SiteIndex

GAMES = NAMES

KINDS: dict[str, tuple[str, ...]] = {
    "madrasso": ("lead", "follow", "trump", "discard", "swap"),
    "briscola": ("lead", "follow", "trump", "discard"),
    "scopa": ("scopa", "match", "sum", "capture", "none"),
}
"""Feedback keys by kind of answer, as the engine's ``explain`` names them. Scopa adds
``scopa`` (the capture clears the table) and ``capture`` (a match or a sum)."""

DEFAULT = "other"
"""The feedback key used when no more specific key fits."""

SEAT_NAMES: dict[str, list[str]] = {
    "madrasso": ["South", "East", "North", "West"],
    "briscola": ["South", "North"],
    "scopa": ["South", "East", "North", "West"],
    "scopa/2": ["South", "North"],
    "scopa/3": ["South", "East", "West"],
}
TEAM_NAMES: dict[str, list[str]] = {g: list(INFO[g].team_names) for g in GAMES
                                     if INFO[g].team_names}


# ---------------------------------------------------------------------------- the model

@dataclass
class Step:
    index: int
    seat: int
    visitor: bool
    answers: list[str] = field(default_factory=list)
    correct: str = ""
    feedback: dict[str, str] = field(default_factory=dict)
    action: str = ""
    note: str | None = None
    answered: dict[str, dict[str, Explanation]] = field(default_factory=dict)
    """A visitor's step: the engine's explanation of every legal answer on each branch (keyed
    by :func:`branch_key` of the visitor's earlier answers), for the feedback's one text."""


@dataclass
class Position:
    id: str
    path: Path
    record: Record
    title: str
    order: int
    seats: list[int]
    question: str
    rules: list[str]
    closing: str
    steps: list[Step]
    open: bool = False
    seat_names: list[str] = field(default_factory=list)
    team_names: list[str] = field(default_factory=list)
    description: str = ""
    teaches: list[str] = field(default_factory=list)
    """The kinds of mistake it teaches (engine/coach/kinds.py ids)."""

    @property
    def game(self) -> str:
        return self.record.game

    @property
    def prelude(self) -> list[str]:
        return self.record.actions


# ---------------------------------------------------------------------------- feedback

def answer_kinds(game: str, explanation: Explanation) -> list[str]:
    """The feedback keys an answer falls under, most specific first (after its own text)."""
    kinds: list[str] = []
    kind = explanation.get("kind")
    if not INFO[game].trick_taking:  # Scopa
        if explanation.get("scopa"):
            kinds.append("scopa")
        if kind:
            kinds.append(kind)
        if kind in ("match", "sum"):
            kinds.append("capture")
    elif kind:
        kinds.append(kind)
    kinds.append(DEFAULT)
    return kinds


def feedback_key(game: str, feedback: Mapping[str, str], action: str,
                 explanation: Explanation) -> str | None:
    """Which feedback entry answers ``action``: the action itself, then the card played,
    then its kinds (see :func:`answer_kinds`), then ``other``; None when nothing fits."""
    card = action.split()[0] if action else action
    for key in (action, card, *answer_kinds(game, explanation)):
        if key in feedback:
            return key
    return None


def table_words(game: str) -> Callable[[str], str]:
    """A move of ``game`` in the words of the practice table's log (the engine's ``table_log``)."""
    rules = ENGINE_GAMES[game]
    if not issubclass(rules, TableHooks):
        raise TypeError(f"the engine's {game} draws no table")
    return rules.table_log


def branch_key(answers: tuple[str, ...]) -> str:
    """The name of a branch of the continuation: the visitor's earlier accepted answers, in
    order ("" before the first; practice.mjs names the branch it is on the same way)."""
    return "|".join(answers)


def _normal_action(game: Game, text: str) -> str | None:
    try:
        return game.action_to_string(game.string_to_action(text))
    except (ActionSyntaxError, EngineError):
        return None


# ---------------------------------------------------------------------------- checking

def check_positions(index: SiteIndex, diagnostics: Diagnostics) -> dict[str, list[Position]]:
    """Every valid position in content/practice/, by game, in order; problems reported."""
    folder = index.content / "practice"
    by_game: dict[str, list[Position]] = {game: [] for game in GAMES}
    for path in sorted(folder.glob("*.toml")) if folder.is_dir() else []:
        if (position := check_position(path, index, diagnostics)) is not None:
            by_game.setdefault(position.game, []).append(position)
    for positions in by_game.values():
        positions.sort(key=lambda p: (p.order, p.id))
        seen: dict[int, Position] = {}
        for p in positions:
            if p.order in seen:
                diagnostics.error(p.path, p.record.line_of("about.order"),
                                  f"order {p.order} is also used by {seen[p.order].path.name}: "
                                  "give each position its own place")
            seen[p.order] = p
    _check_kinds_taught(by_game, folder, diagnostics)
    return by_game


def _check_kinds_taught(by_game: dict[str, list[Position]], folder: Path,
                        diagnostics: Diagnostics) -> None:
    """Every kind of mistake of a game (but "other") is taught by one of its positions, so
    the progress's link for the most frequent kind always goes somewhere."""
    from engine.coach.kinds import kinds_of

    for game, positions in by_game.items():
        taught = {kind for p in positions for kind in p.teaches}
        for kind in kinds_of(game):
            if kind.id != "other" and kind.id not in taught and positions:
                diagnostics.warning(folder, None, f"no {game} practice position teaches the "
                                    f"mistake kind '{kind.id}': add it to one's [practice] "
                                    "teaches = [...]")


def check_position(path: Path, index: SiteIndex, diagnostics: Diagnostics) -> Position | None:
    """Read and check one position file; None (with diagnostics) if it is not usable."""
    if (read := read_record(path, diagnostics)) is None:
        return None
    record, report = read
    if any(m.note or m.rules for m in record.moves):
        report.error("write the moves already played as actions = [...]; notes belong to "
                     "[[practice.steps]]", "moves")
        return None
    if "practice" not in record.sections:
        report.error("a practice position needs a [practice] table (seats, question, steps, "
                     "closing)")
        return None
    about = POSITION_ABOUT.read(record.sections.get("about"), report, ("about",))
    practice = PRACTICE.read(record.sections["practice"], report, ("practice",))

    # The prelude: the deal and the moves already played.
    try:
        game = replay(record)
    except RecordError as err:
        diagnostics.error(path, err.line, err.message)
        return None
    if game.is_over():
        report.error("the game is already over after the actions played: nothing is left to "
                     "practise", "actions")
        return None
    players = game.num_players
    for s in practice["seats"] or []:
        if not 0 <= s < players:
            report.error(f"seat {s} does not exist: {record.game} here has seats 0 to "
                         f"{players - 1}", "practice.seats")
    seats = [s for s in practice["seats"] or [] if 0 <= s < players]
    if not seats:
        return None
    from engine.coach.kinds import kinds_of

    kinds = [k.id for k in kinds_of(record.game)]
    for kind in practice["teaches"]:
        if kind not in kinds or kind == "other":
            report.error(f"'{kind}' is not a kind of mistake of {record.game} (known: "
                         f"{', '.join(k for k in kinds if k != 'other')})", "practice.teaches")
    anchors = index.rule_sections(record.game)
    for anchor in practice["rules"]:
        if anchor not in anchors:
            report.error(f"rule anchor '#{anchor}' is not a section of {record.game}.md "
                         f"(known: {', '.join(sorted(anchors)) or 'none'})", "practice.rules")
    default = SEAT_NAMES.get(f"{record.game}/{players}", SEAT_NAMES.get(record.game, []))
    seat_names = names(practice["seat_names"], players, default[:players]
                       if len(default) >= players else [f"Seat {i}" for i in range(players)],
                       "seat_names", report, ("practice",), "[practice]")
    teams = TEAM_NAMES.get(record.game, [])
    team_names = names(practice["team_names"], len(teams), teams, "team_names", report,
                       ("practice",), "[practice]")

    steps = _check_steps(report, record.game, game, practice["steps"], seats)
    texts: list[tuple[tuple[Part, ...], str | None]] = [
        (("practice", "question"), practice["question"]), (("practice", "closing"), practice["closing"])]
    for step in steps:
        where = ("practice", "steps", step.index)
        texts += [(where + ("correct",), step.correct), (where + ("note",), step.note)]
        texts += [(where + ("feedback", key), text) for key, text in step.feedback.items()]
    for at, text in texts:
        for problem in index.link_problems(text):
            report.error(problem, at)
    if report.count:
        return None
    return Position(id=path.stem, path=path, record=record, title=about["title"] or path.stem,
                    order=about["order"] or 0, seats=seats, question=practice["question"],
                    rules=practice["rules"], closing=practice["closing"], steps=steps,
                    open=practice["open"], seat_names=seat_names, team_names=team_names,
                    description=about["description"], teaches=practice["teaches"])


def _check_steps(report: FileReport, game_name: str, start: Game, raw: list[dict[str, Any]],
                 seats: list[int]) -> list[Step]:
    """The scripted continuation, played on every branch the accepted answers open."""
    branches: list[Game] = [start.clone()]
    paths: list[tuple[str, ...]] = [()]  # each branch's accepted answers so far
    steps: list[Step] = []
    for i, item in enumerate(raw):
        where: tuple[Part, ...] = ("practice", "steps", i)
        label = f"step {i + 1}"
        seat = branches[0].current_player()
        if seat is None:
            report.error(f"{label}: the game is already over, so there is no step to play", where)
            return steps
        if any(other.current_player() != seat for other in branches[1:]):
            report.error(f"{label}: after the different accepted answers of an earlier step, "
                         "different seats would play here; accept answers that lead to the "
                         "same seat", where)
            return steps
        if "seat" in item and item["seat"] != seat:
            report.error(f"{label}: seat {item['seat']!r} is written, but seat {seat} plays here",
                         where + ("seat",))
            return steps
        visitor = seat in seats
        if visitor and "action" in item:
            report.error(f"{label}: seat {seat} is the visitor's (practice.seats), so this step "
                         "gives answers = [...], not action", where + ("action",))
            return steps
        if not visitor and "answers" in item:
            report.error(f"{label}: seat {seat} is not one of the visitor's seats {seats}, so "
                         "this step gives action = \"...\", not answers", where + ("answers",))
            return steps
        before = report.count
        values = (VISITOR_STEP if visitor else SCRIPTED_STEP).read(item, report, where, label)
        if report.count > before:
            return steps
        step = (_visitor_step(report, game_name, values, i, seat, branches, paths) if visitor
                else _scripted_step(report, values, i, seat, branches))
        if step is None:
            return steps
        steps.append(step)
        if visitor:
            new_branches: list[Game] = []
            new_paths: list[tuple[str, ...]] = []
            for branch, path in zip(branches, paths):
                for answer in step.answers:
                    child = branch.clone()
                    child.apply(answer)
                    if not any(child.history() == b.history() for b in new_branches):
                        new_branches.append(child)
                        new_paths.append((*path, answer))
            branches, paths = new_branches, new_paths
    if raw and len(steps) == len(raw) and not any(step.visitor for step in steps):
        report.error("no step is the visitor's: at least one step needs answers = [...] for a "
                     f"seat in practice.seats {seats}", "practice.steps")
    return steps


def _scripted_step(report: FileReport, values: dict[str, Any], i: int, seat: int,
                   branches: list[Game]) -> Step | None:
    action, normal = values["action"], None
    for branch in branches:
        explanation = branch.explain(action)
        if not explanation.get("legal", False):
            report.error(f"step {i + 1}: seat {seat} cannot play {action!r}: "
                         f"{explanation.get('rule') or 'not a legal action here'}",
                         ("practice", "steps", i, "action"))
            return None
        normal = _normal_action(branch, action)
        branch.apply(action)
    return Step(i, seat, False, action=normal or action, note=values["note"])


def _visitor_step(report: FileReport, game_name: str, values: dict[str, Any], i: int, seat: int,
                  branches: list[Game], paths: list[tuple[str, ...]]) -> Step | None:
    where: tuple[Part, ...] = ("practice", "steps", i)
    label, kinds = f"step {i + 1}", KINDS[game_name]
    answers: list[str] = []
    for branch in branches:
        for answer in values["answers"]:
            explanation = branch.explain(answer)
            if not explanation.get("legal", False):
                report.error(f"{label}: the accepted answer {answer!r} is not legal for seat "
                             f"{seat}: {explanation.get('rule') or 'not an action of this game'}",
                             where + ("answers",))
                return None
            if (normal := _normal_action(branch, answer) or answer) not in answers:
                answers.append(normal)
    feedback: dict[str, str] = {}
    for key, text in values["feedback"].items():
        if key in kinds or key == DEFAULT:
            feedback[key] = text
            continue
        normal = _normal_action(branches[0], key)
        if normal is None:
            report.error(f"{label}: feedback key '{key}' is neither an action nor a kind of "
                         f"answer ({', '.join(kinds)}, {DEFAULT})", where + ("feedback", key))
            return None
        feedback[normal] = text
        # Scopa: a card's feedback holds for any capture with it
        if not INFO[game_name].trick_taking and " " not in normal:
            feedback[key.strip().upper()] = text
    answered: dict[str, dict[str, Explanation]] = {}
    for branch, path in zip(branches, paths):
        told = answered.setdefault(branch_key(path), {})
        for action in branch.legal_actions():
            explanation = branch.explain(action)
            assert explanation["legal"], explanation   # a legal action's: never a Refusal
            told[action] = explanation
            if action in answers or feedback_key(game_name, feedback, action, explanation) is not None:
                continue
            kind_words = ", ".join(f"feedback.{k}" for k in answer_kinds(game_name, explanation))
            key = action if " " not in action else f'"{action}"'
            report.error(f"{label}: no feedback for the legal answer {action!r}: write "
                         f"feedback.{key} or {kind_words}", where + ("feedback",))
            return None
    return Step(i, seat, True, answers=answers, correct=values["correct"], feedback=feedback,
                answered=answered)

