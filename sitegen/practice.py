"""Practice positions: game records the visitor finishes, with feedback on every card.

A practice position is one TOML file in ``content/practice/`` (the format is documented in
docs/practice-format.md): a game record (``game``, the deal, ``actions`` already played when
the position opens) plus ``[about]`` (title, order) and ``[practice]`` (the visitor's seats,
the question, the rule anchors, a scripted continuation of ``[[practice.steps]]`` and a
closing explanation).

The build checks each position with the engine, the same one the browser runs: the deal and
every action already played, every scripted action (on every branch when a step accepts
several answers), every accepted answer, the seats, the rule anchors (against the rules
page's ``{#anchor}`` headings) and that every legal answer of a visitor's step gets some
feedback. Problems are ``path:line: error: message`` diagnostics.

``[[practice: madrasso]]`` on a page renders every position of that game, in ``order``: a
readable no-JavaScript version (the question, the cards, the answer behind a disclosure),
and the data the browser's practice table (templates/static/js/practice.mjs) plays through
the engine worker, as a JSON data block in the page.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jinja2
import markdown
from markdown.inlinepatterns import InlineProcessor

from engine.cards import CARDS, CARD_TEXT
from engine.protocol import ActionSyntaxError, EngineError, Game
from engine.record import Record, RecordError, load_record, locate, replay

from .diagnostics import Diagnostics

GAMES = ("madrasso", "briscola", "scopa")

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
TEAM_NAMES: dict[str, list[str]] = {
    "madrasso": ["North and South", "East and West"],
}

STEP_KEYS = {"seat", "answers", "correct", "feedback", "action", "note"}
PRACTICE_KEYS = {"seats", "question", "rules", "closing", "steps", "open", "seat_names",
                 "team_names"}
ABOUT_KEYS = {"title", "order", "description"}

HEADING_ANCHOR = re.compile(r"^#{2,4}\s+(.+?)\s*\{#([A-Za-z][\w-]*)\}\s*$", re.M)


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

    @property
    def game(self) -> str:
        return self.record.game

    @property
    def prelude(self) -> list[str]:
        return self.record.actions


class Problems:
    """Diagnostics for one file, located with the record's TOML source."""

    def __init__(self, path: Path, source: str, diagnostics: Diagnostics):
        self.path, self.source, self.diagnostics = path, source, diagnostics
        self.count = 0

    def error(self, message: str, field_path: str | None = None) -> None:
        self.count += 1
        self.diagnostics.error(self.path, self.line(field_path), message)

    def line(self, field_path: str | None) -> int | None:
        if not field_path:
            return None
        if field_path.startswith("practice.steps"):
            return step_line(self.source, field_path)
        if "." not in field_path and "[" not in field_path:  # a table: its [header]
            for n, text in enumerate(self.source.splitlines()):
                if text.strip() == f"[{field_path}]":
                    return n + 1
        return locate(self.source, field_path)


def step_line(source: str, field_path: str) -> int | None:
    """The line of ``practice.steps[i]`` or ``practice.steps[i].key`` (``key`` may be dotted,
    ``feedback.4S``), written as ``[[practice.steps]]`` tables."""
    m = re.match(r"practice\.steps(?:\[(\d+)\])?(?:\.(.+))?$", field_path)
    lines = source.splitlines()
    headers = [n for n, text in enumerate(lines) if text.strip() == "[[practice.steps]]"]
    if not m or not headers:
        return locate(source, "practice.steps") or locate(source, "practice")
    index = int(m.group(1) or 0)
    start = headers[min(index, len(headers) - 1)]
    end = headers[index + 1] if index + 1 < len(headers) else len(lines)
    key = m.group(2)
    if not key or index >= len(headers):
        return start + 1
    parts = key.split(".")
    quoted = [rf"""(?:{re.escape(p)}|"{re.escape(p)}"|'{re.escape(p)}')""" for p in parts]
    dotted = re.compile(r"^\s*" + r"\s*\.\s*".join(quoted) + r"\s*=")
    table: str | None = None
    for n in range(start + 1, end):
        text = lines[n].strip()
        if text.startswith("["):
            table = text.strip("[] ")
            continue
        if table is None and dotted.match(lines[n]):
            return n + 1
        if table and len(parts) > 1 and table == "practice.steps." + ".".join(parts[:-1]):
            if re.match(r"^\s*" + quoted[-1] + r"\s*=", lines[n]):
                return n + 1
    if len(parts) > 1:  # the table itself, e.g. feedback
        return step_line(source, f"practice.steps[{index}].{'.'.join(parts[:-1])}")
    return start + 1


# ---------------------------------------------------------------------------- rules pages

def rule_anchors(content: Path, game: str) -> dict[str, str]:
    """Anchor -> section title of the game's rules page (content/<game>.md)."""
    page = content / f"{game}.md"
    try:
        text = page.read_text(encoding="utf-8")
    except OSError:
        return {}
    return {anchor: _plain(title) for title, anchor in HEADING_ANCHOR.findall(text)
            if anchor not in COMPONENT_ANCHORS}


COMPONENT_ANCHORS = {"demo", "practice", "play"}
"""Sections that hold the interactive parts, not rules: not valid as a position's rules."""


def _plain(markdown_title: str) -> str:
    return re.sub(r"[*_`]", "", markdown_title).strip()


# ---------------------------------------------------------------------------- feedback

def answer_kinds(game: str, explanation: dict[str, Any]) -> list[str]:
    """The feedback keys an answer falls under, most specific first (after its own text)."""
    kinds = []
    kind = explanation.get("kind")
    if game == "scopa":
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


def feedback_key(game: str, feedback: dict[str, Any], action: str,
                 explanation: dict[str, Any]) -> str | None:
    """Which feedback entry answers ``action``: the action itself, then the card played,
    then its kinds (see :func:`answer_kinds`), then ``other``; None when nothing fits."""
    card = action.split()[0] if action else action
    for key in (action, card, *answer_kinds(game, explanation)):
        if key in feedback:
            return key
    return None


def _normal_action(game: Game, text: str) -> str | None:
    try:
        return game.action_to_string(game.string_to_action(text))
    except (ActionSyntaxError, EngineError):
        return None


# ---------------------------------------------------------------------------- loading + checking

def load_positions(content: Path, game: str, diagnostics: Diagnostics) -> list[Position]:
    """Every valid position of ``game`` in content/practice/, in order; problems reported."""
    folder = content / "practice"
    anchors = rule_anchors(content, game)
    positions = []
    for path in sorted(folder.glob("*.toml")) if folder.is_dir() else []:
        position = check_position(path, diagnostics, anchors_by_game={game: anchors},
                                  only_game=game, content=content)
        if position is not None:
            positions.append(position)
    positions.sort(key=lambda p: (p.order, p.id))
    seen: dict[int, Position] = {}
    for p in positions:
        if p.order in seen:
            diagnostics.error(p.path, locate(p.record.source or "", "about.order"),
                              f"order {p.order} is also used by {seen[p.order].path.name}: "
                              "give each position its own place")
        seen[p.order] = p
    return positions


def check_position(path: Path, diagnostics: Diagnostics, *,
                   anchors_by_game: dict[str, dict[str, str]] | None = None,
                   only_game: str | None = None, content: Path | None = None) -> Position | None:
    """Read and check one position file; None (with diagnostics) if it is not usable.
    With ``only_game``, a file of another game is skipped silently. Rule anchors are the
    headings of ``content``/<game>.md (``content`` defaults to the folder above the file's)."""
    try:
        source = path.read_text(encoding="utf-8")
    except OSError as err:
        diagnostics.error(path, None, f"cannot read the position: {err.strerror}")
        return None
    try:
        record = load_record(path)
    except RecordError as err:
        line = err.line
        if line is None and "end of document" in err.message:
            line = max(1, len(source.splitlines()))
        diagnostics.error(path, line, re.sub(r"\s*\(at end of document\)", "", err.message))
        return None
    if only_game is not None and record.game != only_game:
        return None
    problems = Problems(path, source, diagnostics)
    if any(m.note or m.rules for m in record.moves):
        problems.error("write the moves already played as actions = [...]; notes belong to "
                       "[[practice.steps]]", "moves")
        return None
    if anchors_by_game is None or record.game not in anchors_by_game:
        anchors_by_game = dict(anchors_by_game or {})
        anchors_by_game[record.game] = rule_anchors(content or path.resolve().parent.parent,
                                                    record.game)
    anchors = anchors_by_game[record.game]

    about = record.sections.get("about", {})
    practice = record.sections.get("practice")
    if practice is None:
        problems.error("a practice position needs a [practice] table (seats, question, "
                       "steps, closing)")
        return None
    for key in about:
        if key not in ABOUT_KEYS:
            problems.error(f"unknown key '{key}' in [about] (expected {', '.join(sorted(ABOUT_KEYS))})",
                           f"about.{key}")
    for key in practice:
        if key not in PRACTICE_KEYS:
            problems.error(f"unknown key '{key}' in [practice] (expected "
                           f"{', '.join(sorted(PRACTICE_KEYS))})", f"practice.{key}")
    title = about.get("title")
    if not isinstance(title, str) or not title.strip():
        problems.error('[about] needs a title = "..."', "about.title" if "title" in about else "about")
        title = path.stem
    order = about.get("order")
    if not isinstance(order, int) or isinstance(order, bool):
        problems.error("[about] needs order = N (a whole number: the position's place in the list)",
                       "about.order" if "order" in about else "about")
        order = 0

    # The prelude: the deal and the moves already played.
    try:
        game = replay(record)
    except RecordError as err:
        diagnostics.error(path, err.line, err.message)
        return None
    if game.is_over():
        problems.error("the game is already over after the actions played: nothing is left "
                       "to practise", "actions")
        return None

    seats_raw = practice.get("seats")
    seats: list[int] = []
    if isinstance(seats_raw, int) and not isinstance(seats_raw, bool):
        seats_raw = [seats_raw]
    if (not isinstance(seats_raw, list) or not seats_raw
            or not all(isinstance(s, int) and not isinstance(s, bool) for s in seats_raw)):
        problems.error("[practice] needs seats = [N, ...]: the seat or seats the visitor plays",
                       "practice.seats" if "seats" in practice else "practice")
    else:
        for s in seats_raw:
            if not 0 <= s < game.num_players:
                problems.error(f"seat {s} does not exist: {record.game} here has seats 0 to "
                               f"{game.num_players - 1}", "practice.seats")
        seats = [s for s in seats_raw if 0 <= s < game.num_players]
    if not seats:
        return None

    texts = {}
    for key in ("question", "closing"):
        value = practice.get(key)
        if not isinstance(value, str) or not value.strip():
            problems.error(f'[practice] needs {key} = """...""" (Markdown)',
                           f"practice.{key}" if key in practice else "practice")
            value = ""
        texts[key] = value
    rules = practice.get("rules", [])
    if isinstance(rules, str):
        rules = [rules]
    if not isinstance(rules, list) or not all(isinstance(r, str) for r in rules):
        problems.error("rules must be a list of section anchors of the rules page", "practice.rules")
        rules = []
    if not rules:
        problems.error("[practice] needs rules = [\"anchor\", ...]: the rules-page sections "
                       "this position teaches", "practice.rules" if "rules" in practice else "practice")
    for anchor in rules:
        if anchor not in anchors:
            problems.error(f"rule anchor '#{anchor}' is not a section of {record.game}.md "
                           f"(known: {', '.join(sorted(anchors)) or 'none'})", "practice.rules")
    open_hands = practice.get("open", False)
    if not isinstance(open_hands, bool):
        problems.error("open must be true or false", "practice.open")
        open_hands = False
    names = _names(problems, practice, "seat_names",
                   SEAT_NAMES.get(f"{record.game}/{game.num_players}",
                                  SEAT_NAMES.get(record.game, [])), game.num_players)
    teams = _names(problems, practice, "team_names", TEAM_NAMES.get(record.game, []),
                   len(TEAM_NAMES.get(record.game, [])))

    steps = _check_steps(problems, record, game, practice.get("steps"), seats)
    content_dir = content or path.resolve().parent.parent
    texts_at = [(f"practice.{k}", texts[k]) for k in ("question", "closing")]
    for step in steps:
        where = f"practice.steps[{step.index}]"
        texts_at += [(f"{where}.correct", step.correct), (f"{where}.note", step.note or "")]
        texts_at += [(f"{where}.feedback", t) for t in step.feedback.values()]
    for field_path, text in texts_at:
        for message in _link_problems(text, content_dir):
            problems.error(message, field_path)
    if problems.count:
        return None
    return Position(id=path.stem, path=path, record=record, title=title, order=order,
                    seats=seats, question=texts["question"], rules=rules,
                    closing=texts["closing"], steps=steps, open=open_hands,
                    seat_names=names, team_names=teams,
                    description=str(about.get("description", "")))


MARKDOWN_LINK = re.compile(r"\]\(([\w-]+)\.md(?:#([\w-]+))?\)")


def _link_problems(text: str, content: Path) -> list[str]:
    """Links to other pages (``glossary.md#cappotto``) whose page or section is missing."""
    found = []
    for page, anchor in MARKDOWN_LINK.findall(text or ""):
        target = content / f"{page}.md"
        if not target.is_file():
            found.append(f"link to '{page}.md', which is not a page of the site")
        elif anchor and not re.search(r"\{[^}]*#" + re.escape(anchor) + r"[\s}]",
                                      target.read_text(encoding="utf-8")):
            found.append(f"link to '{page}.md#{anchor}': {page}.md has no section #{anchor}")
    return found


def _names(problems: Problems, practice: dict[str, Any], key: str, default: list[str],
           count: int) -> list[str]:
    value = practice.get(key)
    if value is None:
        return list(default[:count]) if len(default) >= count else [f"Seat {i}" for i in range(count)]
    if not isinstance(value, list) or len(value) != count or not all(isinstance(v, str) for v in value):
        problems.error(f"{key} must be {count} names", f"practice.{key}")
        return list(default)
    return value


def _check_steps(problems: Problems, record: Record, start: Game, raw: Any,
                 seats: list[int]) -> list[Step]:
    if not isinstance(raw, list) or not raw:
        problems.error("[practice] needs a scripted continuation: [[practice.steps]] tables, "
                       "each either the visitor's (answers) or another seat's (action)",
                       "practice.steps" if raw is not None else "practice")
        return []
    kinds = KINDS[record.game]
    branches: list[Game] = [start.clone()]
    steps: list[Step] = []
    visitor_steps = 0
    for i, item in enumerate(raw):
        where = f"practice.steps[{i}]"
        label = f"step {i + 1}"
        if not isinstance(item, dict):
            problems.error(f"{label} must be a table", where)
            return steps
        for key in item:
            if key not in STEP_KEYS:
                problems.error(f"{label}: unknown key '{key}' (a visitor's step has answers, "
                               "correct, feedback; another seat's step has action, note)",
                               f"{where}.{key}")
        game = branches[0]
        seat = game.current_player()
        if seat is None:
            problems.error(f"{label}: the game is already over, so there is no step to play", where)
            return steps
        for other in branches[1:]:
            if other.current_player() != seat:
                problems.error(f"{label}: after the different accepted answers of an earlier "
                               "step, different seats would play here; accept answers that "
                               "lead to the same seat", where)
                return steps
        if "seat" in item and item["seat"] != seat:
            problems.error(f"{label}: seat {item['seat']!r} is written, but seat {seat} plays "
                           "here", f"{where}.seat")
            return steps
        visitor = seat in seats
        if visitor and "action" in item:
            problems.error(f"{label}: seat {seat} is the visitor's (practice.seats), so this "
                           "step gives answers = [...], not action", f"{where}.action")
            return steps
        if not visitor and "answers" in item:
            problems.error(f"{label}: seat {seat} is not one of the visitor's seats "
                           f"{seats}, so this step gives action = \"...\", not answers",
                           f"{where}.answers")
            return steps
        if visitor:
            step = _check_visitor_step(problems, record.game, kinds, item, i, seat, branches)
            if step is None:
                return steps
            visitor_steps += 1
            new_branches = []
            for branch in branches:
                for answer in step.answers:
                    child = branch.clone()
                    child.apply(answer)
                    if not any(child.history() == b.history() for b in new_branches):
                        new_branches.append(child)
            branches = new_branches
        else:
            action = item.get("action")
            if not isinstance(action, str):
                problems.error(f'{label}: seat {seat} plays automatically: give action = "..."',
                               where)
                return steps
            note = item.get("note")
            if note is not None and not isinstance(note, str):
                problems.error(f"{label}: note must be text (Markdown)", f"{where}.note")
                return steps
            normal = None
            for branch in branches:
                explanation = branch.explain(action)
                if not explanation.get("legal", False):
                    problems.error(f"{label}: seat {seat} cannot play {action!r}: "
                                   f"{explanation.get('rule') or 'not a legal action here'}",
                                   f"{where}.action")
                    return steps
                normal = _normal_action(branch, action)
                branch.apply(action)
            step = Step(i, seat, False, action=normal or action, note=note)
        steps.append(step)
    if not visitor_steps:
        problems.error("no step is the visitor's: at least one step needs answers = [...] "
                       f"for a seat in practice.seats {seats}", "practice.steps")
    return steps


def _check_visitor_step(problems: Problems, game_name: str, kinds: tuple[str, ...],
                        item: dict[str, Any], i: int, seat: int,
                        branches: list[Game]) -> Step | None:
    where = f"practice.steps[{i}]"
    label = f"step {i + 1}"
    answers = item.get("answers")
    if isinstance(answers, str):
        answers = [answers]
    if not isinstance(answers, list) or not answers or not all(isinstance(a, str) for a in answers):
        problems.error(f'{label}: answers must list the accepted actions, e.g. answers = ["5H"]',
                       f"{where}.answers" if "answers" in item else where)
        return None
    correct = item.get("correct")
    if not isinstance(correct, str) or not correct.strip():
        problems.error(f'{label}: give correct = """...""": what the visitor reads after an '
                       "accepted answer", f"{where}.correct" if "correct" in item else where)
        return None
    feedback = item.get("feedback", {})
    if not isinstance(feedback, dict) or not all(isinstance(v, str) for v in feedback.values()):
        problems.error(f"{label}: feedback must be a table of texts, keyed by an answer, a "
                       f"kind ({', '.join(kinds)}) or {DEFAULT}", f"{where}.feedback")
        return None
    normal_answers = []
    ok = True
    for branch in branches:
        for answer in answers:
            explanation = branch.explain(answer)
            if not explanation.get("legal", False):
                problems.error(f"{label}: the accepted answer {answer!r} is not legal for seat "
                               f"{seat}: {explanation.get('rule') or 'not an action of this game'}",
                               f"{where}.answers")
                ok = False
                continue
            normal = _normal_action(branch, answer) or answer
            if normal not in normal_answers:
                normal_answers.append(normal)
    if not ok:
        return None
    game0 = branches[0]
    normal_feedback: dict[str, str] = {}
    for key, text in feedback.items():
        if key in kinds or key == DEFAULT:
            normal_feedback[key] = text
            continue
        normal = _normal_action(game0, key)
        if normal is None:
            problems.error(f"{label}: feedback key '{key}' is neither an action nor a kind of "
                           f"answer ({', '.join(kinds)}, {DEFAULT})", f"{where}.feedback.{key}")
            ok = False
            continue
        normal_feedback[normal] = text
        if game_name == "scopa" and " " not in normal:  # a card: feedback for any action with it
            normal_feedback[key.strip().upper()] = text
    if not ok:
        return None
    for branch in branches:
        for action in branch.legal_actions():
            if action in normal_answers:
                continue
            explanation = branch.explain(action)
            if feedback_key(game_name, normal_feedback, action, explanation) is None:
                kind_words = ", ".join(f"feedback.{k}" for k in answer_kinds(game_name, explanation))
                key = action if " " not in action else f'"{action}"'
                problems.error(f"{label}: no feedback for the legal answer {action!r}: write "
                               f"feedback.{key}"
                               f" or {kind_words}", f"{where}.feedback"
                               if "feedback" in item else where)
                return None
    return Step(i, seat, True, answers=normal_answers, correct=correct, feedback=normal_feedback)


def check_file(path: Path, content: Path | None = None) -> list[str]:
    """The diagnostics of one position file, as ``path:line: error: message`` strings."""
    diagnostics = Diagnostics()
    check_position(Path(path), diagnostics, content=content)
    return [str(d) for d in diagnostics.sorted()]


# ---------------------------------------------------------------------------- rendering

class _CardCode(InlineProcessor):
    """``:KC:`` in practice texts: a small card image named like the card."""

    def handleMatch(self, m: re.Match[str], data: str):  # noqa: N802 (Markdown's API)
        import xml.etree.ElementTree as etree

        code = m.group(1)
        img = etree.Element("img", {"class": "card-inline", "src": f"cards/{code}.svg",
                                    "alt": CARDS[_index(code)].name, "width": "16",
                                    "height": "24", "data-card": code})
        return img, m.start(0), m.end(0)


def _index(code: str) -> int:
    return CARD_TEXT.index(code)


class _Extension(markdown.extensions.Extension):
    def extendMarkdown(self, md: markdown.Markdown) -> None:  # noqa: N802
        md.inlinePatterns.register(_CardCode(r":([A2-7JQK][CDHS]):"), "practice_cards", 100)


def render_markdown(text: str | None) -> str:
    """Markdown -> HTML for practice texts: smart quotes, ``:KC:`` cards, .md links -> .html."""
    if not text:
        return ""
    out = markdown.markdown(text.strip(), extensions=["smarty", "attr_list", _Extension()],
                            output_format="html")
    return re.sub(r'href="([\w-]+)\.md(#[\w-]+)?"', lambda m: f'href="{m.group(1)}.html{m.group(2) or ""}"', out)


def position_data(p: Position, anchors: dict[str, str]) -> dict[str, Any]:
    """What the browser needs to play one position (all texts already HTML)."""
    record = {"game": p.game, **copy.deepcopy(p.record.setup), "actions": list(p.prelude)}
    return {
        "id": p.id,
        "title": p.title,
        "order": p.order,
        "record": record,
        "seats": p.seats,
        "open": p.open,
        "seat_names": p.seat_names,
        "team_names": p.team_names,
        "question": render_markdown(p.question),
        "rules": [{"anchor": a, "title": anchors.get(a, a), "href": f"{p.game}.html#{a}"}
                  for a in p.rules],
        "steps": [
            ({"seat": s.seat, "visitor": True, "answers": s.answers,
              "correct": render_markdown(s.correct),
              "feedback": {k: render_markdown(v) for k, v in s.feedback.items()}}
             if s.visitor else
             {"seat": s.seat, "visitor": False, "action": s.action, "note": render_markdown(s.note)})
            for s in p.steps
        ],
        "closing": render_markdown(p.closing),
    }


def opening_view(p: Position) -> dict[str, Any]:
    """The table when the position opens, for the no-JavaScript version."""
    game = replay(p.record)
    obs = game.observation(None)
    names = p.seat_names
    facts: list[str] = []
    piles: list[dict[str, Any]] = []
    shown = list(range(game.num_players)) if p.open else p.seats

    def card(code: str, who: str | None = None) -> dict[str, str]:
        return {"code": code, "name": CARDS[_index(code)].name, "who": who or ""}

    if p.game in ("madrasso", "briscola"):
        turned = obs["turned"]
        where = (f"in front of the dealer, {names[obs['dealer']]}" if p.game == "madrasso"
                 else "under the stock")
        facts.append(f"Trumps are {obs['trump']['name']}: the turned-up card is the "
                     f"{turned['name']}, {where}.")
        cards = [card(c["card"], names[c["seat"]]) for c in obs["trick"]["cards"]]
        piles.append({"label": "The trick so far", "cards": cards,
                      "empty": f"{names[obs['trick']['leader']]} leads."})
        if p.game == "madrasso":
            teams = p.team_names
            facts.append(f"Trick {len(obs['tricks']) + 1} of 10. Points this deal: "
                         f"{teams[0]} {obs['points'][0]}, {teams[1]} {obs['points'][1]}.")
            if obs.get("deal", 1) > 1:
                totals = game.running_totals()  # type: ignore[attr-defined]
                facts.append(f"Deal {obs['deal']} of the match; running totals: "
                             f"{teams[0]} {totals[0]}, {teams[1]} {totals[1]}.")
        else:
            facts.append(f"Points so far: {names[0]} {obs['points'][0]}, {names[1]} "
                         f"{obs['points'][1]}. Cards left in the stock: {obs['stock_size']}.")
    else:
        piles.append({"label": "On the table", "cards": [card(c) for c in obs["table"]],
                      "empty": "The table is empty."})
        facts.append("Cards captured so far: " + ", ".join(
            f"{names[s[0]] if len(s) == 1 else ' and '.join(names[x] for x in s)} "
            f"{obs['captured_counts'][i]}" for i, s in enumerate(obs["sides"]))
            + f". Cards left in the stock: {obs['stock_size']}.")
    hands = [{"label": f"{names[s]}'s hand" + (" (you)" if s in p.seats else ""),
              "cards": [card(c) for c in obs["hands"][s]]} for s in shown]
    return {"facts": facts, "piles": piles, "hands": hands,
            "to_play": names[game.current_player()]}


def answer_view(p: Position) -> list[dict[str, str]]:
    """The scripted continuation as readable lines, for the no-JavaScript answer."""
    names = p.seat_names
    lines = []
    for s in p.steps:
        if s.visitor:
            answers = " or ".join(_action_words(p.game, a) for a in s.answers)
            lines.append({"who": names[s.seat], "what": answers,
                          "html": render_markdown(s.correct)})
        else:
            lines.append({"who": names[s.seat], "what": _action_words(p.game, s.action),
                          "html": render_markdown(s.note)})
    return lines


def _action_words(game: str, action: str) -> str:
    if action == "swap":
        return "swaps the seven of trumps for the turned-up card"
    parts = action.split()
    words = f"the {CARDS[_index(parts[0])].name}"
    if len(parts) > 2:
        taken = [CARDS[_index(c)].name for c in parts[2:]]
        words += " taking the " + " and the ".join(taken)
    return words


_ENV: jinja2.Environment | None = None


def _environment(root: Path) -> jinja2.Environment:
    global _ENV
    if _ENV is None or _ENV.loader.searchpath != [str(root / "templates" / "components")]:  # type: ignore[union-attr]
        _ENV = jinja2.Environment(loader=jinja2.FileSystemLoader(str(root / "templates" / "components")),
                                  autoescape=True, undefined=jinja2.StrictUndefined,
                                  trim_blocks=True, lstrip_blocks=True)
    return _ENV


def game_data(positions: list[Position], game: str, anchors: dict[str, str]) -> dict[str, Any]:
    from engine.cards import POINTS

    return {
        "game": game,
        "rules_page": f"{game}.html",
        "cards": {code: {"name": CARDS[i].name, "points": POINTS[i]}
                  for i, code in enumerate(CARD_TEXT)},
        "positions": [position_data(p, anchors) for p in positions],
    }


def render_practice(d: Any) -> Any:
    """The ``[[practice: game]]`` component: every position of the game, in order."""
    from markupsafe import Markup

    from .components import Component, data_file

    game = d.argument.strip().lower()
    if game not in GAMES:
        d.error(f"unknown game '{d.argument}' for [[practice]] (known: {', '.join(GAMES)})")
        return Component(html="")
    content = d.page.path.parent
    positions = load_positions(content, game, d.diagnostics)
    if not positions:
        d.warning(f"no practice positions for {game} in content/practice/ "
                  f'(files with game = "{game}")')
    anchors = rule_anchors(content, game)
    src, data = data_file("practice", game, game_data(positions, game, anchors))
    views = [{"p": p, "n": n, "open": opening_view(p), "answer": answer_view(p),
              "question": Markup(render_markdown(p.question)),
              "closing": Markup(render_markdown(p.closing)),
              "rules": [{"href": f"{game}.html#{a}", "title": anchors.get(a, a)} for a in p.rules]}
             for n, p in enumerate(positions, 1)]
    for view in views:
        for line in view["answer"]:
            line["html"] = Markup(line["html"])
    html_text = _environment(d.root).get_template("practice.html").render(
        game=game, positions=views, data_src=src)
    return Component(html=html_text, scripts=SCRIPTS, styles=STYLES, files={src: data})


SCRIPTS = ("js/practice.mjs",)
STYLES = ("css/table.css", "css/practice.css")


