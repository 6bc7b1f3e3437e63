"""The demos' notes and the practice positions' texts in another language: text twins.

A demo deal or a practice position is written once, in English, with its deal and its moves
(``content/demos/NAME.toml``, ``content/practice/ID.toml``). Its Italian words are a twin file
of texts only, ``content/it/demos/NAME.toml`` and ``content/it/practice/ID.toml``, each text
keyed to the English record's move it belongs to; the deal, the actions and the rules anchors
stay the English record's alone::

    # content/it/demos/briscola.toml
    [about]
    title = "Una mano intera di Briscola, carta per carta"
    description = "..."

    [[moves]]                 # one per English move, in its order
    action = "4D"             # the key: the English record's action at this place
    note = \"\"\"Nord apre la prima presa...\"\"\"
    ask = \"\"\"...\"\"\"          # where (and only where) the English move asks

    # content/it/practice/briscola-01-trump-the-ace.toml
    [about]
    title = "..."
    [practice]
    question = \"\"\"...\"\"\"
    closing = \"\"\"...\"\"\"
    [[practice.steps]]        # one per English step, in its order
    answers = ["2S"]          # the key: the English step's answers (a scripted step: action)
    correct = \"\"\"...\"\"\"
    feedback.discard = \"\"\"...\"\"\"   # every feedback key the English step has, no other

Seat and team names are the engine's (``seat_name("South")`` is "Sud"), or ``[demo]``/
``[practice]`` ``seat_names``/``team_names`` in the twin. The build reads every twin with the
English records (:func:`check_translations`) and reports at the twin's ``path:line``: a twin
without its English record, a move or step missing or keyed to another action than the English
record's at that place, a text missing (a note, an ask, a feedback), a text the English record
has no place for, a link to a page or section the language's pages do not have. An English
record without its twin is a note while site.toml's ``twins_complete`` is false, a warning
(fatal under ``--strict``) once it is true; a component on a page of that language showing a
record without its twin is an error at the directive's line.

The components (:mod:`sitegen.demo`, :mod:`sitegen.practice_view`) render a page of another
language from the English record with these texts put in (:func:`demo_in`,
:func:`position_in`), the engine speaking that language.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from pathlib import Path
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.source import Part, SourceError, load

from .diagnostics import Diagnostics, FileReport
from .languages import N_
from .schema import TABLES, TEXT, TEXT_TABLE, TEXTS, Field, Table

if TYPE_CHECKING:
    from .demo import Demo
    from .index import SiteIndex
    from .practice import Position

ABOUT = Table("[about]", {
    "title": Field(TEXT, required=True, about="the title in this language"),
    "description": Field(TEXT, default=""),
})
NAMES = {"seat_names": Field(TEXTS), "team_names": Field(TEXTS)}
DEMO = Table("[demo]", dict(NAMES))
MOVE = Table("move {n}", {
    "action": Field(TEXT, required=True, example='"KC"',
                    about="the English record's action at this place"),
    "note": Field(TEXT, required=True, example='"""..."""', about="Markdown"),
    "ask": Field(TEXT, expect="text (Markdown): where the English move asks"),
})
PRACTICE = Table("[practice]", {
    "question": Field(TEXT, required=True, example='"""..."""', about="Markdown"),
    "closing": Field(TEXT, required=True, example='"""..."""', about="Markdown"),
    "steps": Field(TABLES, default=[], example="",
                   about="one [[practice.steps]] per English step, in its order"),
    **NAMES,
})
VISITOR_STEP = Table("step {n}", {
    "answers": Field(TEXTS, required=True, default=[], single=True, example='["5H"]',
                     about="the English step's answers"),
    "correct": Field(TEXT, required=True, example='"""..."""'),
    "feedback": Field(TEXT_TABLE, default={}),
})
SCRIPTED_STEP = Table("step {n}", {
    "action": Field(TEXT, required=True, about="the English step's action"),
    "note": Field(TEXT, expect="text (Markdown)"),
})
TOP = {"demos": ("about", "demo", "moves"), "practice": ("about", "practice")}


@dataclass
class DemoTexts:
    path: Path
    title: str
    description: str
    notes: list[str]
    asks: list[str | None]
    seat_names: list[str] | None = None
    team_names: list[str] | None = None


@dataclass
class StepTexts:
    correct: str = ""
    note: str | None = None
    feedback: dict[str, str] = field(default_factory=dict)   # the English record's raw keys


@dataclass
class PositionTexts:
    path: Path
    title: str
    description: str
    question: str
    closing: str
    steps: list[StepTexts]
    seat_names: list[str] | None = None
    team_names: list[str] | None = None


@dataclass
class Translations:
    """Every twin of one language that checks, by the English record's name."""

    demos: dict[str, DemoTexts] = field(default_factory=dict)
    positions: dict[str, PositionTexts] = field(default_factory=dict)


# ---------------------------------------------------------------------------- checking

def check_translations(index: SiteIndex, languages: tuple[str, ...], diagnostics: Diagnostics,
                       complete: bool = False) -> dict[str, Translations]:
    """Read every twin of every language; report what disagrees with its English record."""
    found: dict[str, Translations] = {}
    english_demos = {p.stem: p for p in sorted((index.content / "demos").glob("*.toml"))}
    english_positions = {p.stem: p for p in sorted((index.content / "practice").glob("*.toml"))}
    positions = {p.id: p for ps in index.positions.values() for p in ps}
    for lang in languages:
        texts = found[lang] = Translations()
        for kind, english in (("demos", english_demos), ("practice", english_positions)):
            folder = index.content / lang / kind
            twins = {p.stem: p for p in sorted(folder.glob("*.toml"))} if folder.is_dir() else {}
            for name, path in twins.items():
                if name not in english:
                    diagnostics.error(path, 1, f"'{path.name}' has no English original "
                                      f"content/{kind}/{path.name}: a text twin holds the texts "
                                      "of one")
                    continue
                if (source := _read(path, kind, diagnostics)) is None:
                    continue
                report = FileReport(diagnostics, path, source)
                if kind == "demos":
                    demo = index.demos.get(name)
                    if demo is not None and (d := check_demo_texts(source.data, report, demo,
                                                                   index, lang)) is not None:
                        texts.demos[name] = d
                else:
                    position = positions.get(name)
                    if position is not None and (t := check_position_texts(
                            source.data, report, position, index, lang)) is not None:
                        texts.positions[name] = t
            for name, path in english.items():
                if name in twins:
                    continue
                message = (f"no {language(lang)} texts yet: write content/{lang}/{kind}/{path.name} "
                           "(its texts keyed to this record's moves, sitegen/translated.py)")
                (diagnostics.warning if complete else diagnostics.note)(path, 1, message)
    return found


def language(code: str) -> str:
    """A language's name in English, for the build's messages ("Italian")."""
    from .i18n import LANGUAGE_NAMES
    return LANGUAGE_NAMES.get(code, code)


def _read(path: Path, kind: str, diagnostics: Diagnostics) -> Any:
    try:
        source = load(path, "the texts")
    except SourceError as err:
        diagnostics.source_error(err)
        return None
    for key in source.data:
        if key not in TOP[kind]:
            diagnostics.error(path, source.line((key,)), f"unknown key '{key}' in a text twin "
                              f"(known: {', '.join(TOP[kind])}): the deal and the actions are "
                              "the English record's")
    return source


def _same_action(a: str, b: str) -> bool:
    return " ".join(a.split()).upper() == " ".join(b.split()).upper()


def _links(report: FileReport, index: SiteIndex, lang: str, text: str | None,
           at: tuple[Part, ...], label: str = "") -> None:
    for problem in index.link_problems(text, lang):
        report.error(f"{label}{problem}", at)


def _rule_anchors(report: FileReport, index: SiteIndex, lang: str, game: str,
                  anchors: list[str], at: tuple[Part, ...], who: str) -> None:
    """The rules a text links are sections of the game's page in ``lang`` (its twin keeps the
    English page's anchors), so no link lands nowhere."""
    if game not in index.twins.get(lang, {}):
        return
    sections = index.sections(game, lang)
    for anchor in anchors:
        if anchor not in sections:
            report.error(f"{who} shows the rule #{anchor}, which content/{lang}/{game}.md does "
                         f"not have: give the twin the English page's section {{#{anchor}}}", at)


def check_demo_texts(data: dict[str, Any], report: FileReport, demo: Demo, index: SiteIndex,
                     lang: str) -> DemoTexts | None:
    before = report.count
    about = ABOUT.read(data.get("about"), report, ("about",))
    names = DEMO.read(data.get("demo"), report, ("demo",))
    moves = data.get("moves")
    english = demo.record.moves
    if not isinstance(moves, list) or not all(isinstance(m, dict) for m in moves):
        report.error(f"a demo's texts are [[moves]] tables, one per move of "
                     f"content/demos/{demo.path.name} ({len(english)})", ("moves",))
        return None
    notes: list[str] = []
    asks: list[str | None] = []
    for i, (move, item) in enumerate(zip(english, moves)):
        where: tuple[Part, ...] = ("moves", i)
        values = MOVE.read(item, report, where, f"move {i + 1}")
        if values["action"] and not _same_action(values["action"], move.action):
            report.error(f"move {i + 1} is {move.action!r} in content/demos/{demo.path.name}, "
                         f"not {values['action']!r}: the texts follow the English record's "
                         "moves, in order", where + ("action",))
        english_ask = move.extra.get("ask")
        if english_ask and not (values["ask"] or "").strip():
            report.error(f"move {i + 1} ({move.action}) asks a question in English: give its "
                         'ask = """...""" here too', where)
        elif values["ask"] and not english_ask:
            report.error(f"move {i + 1} ({move.action}) asks nothing in English: a twin asks "
                         "where its English record does", where + ("ask",))
        _links(report, index, lang, values["note"], where + ("note",), f"move {i + 1}: ")
        _links(report, index, lang, values["ask"], where + ("ask",), f"move {i + 1}: ")
        _rule_anchors(report, index, lang, demo.record.game, [r["anchor"] for r in demo.moves[i].rules]
                      if i < len(demo.moves) else [], where, f"move {i + 1}")
        notes.append(values["note"] or "")
        asks.append(values["ask"] if english_ask else None)
    if len(moves) < len(english):
        missing = english[len(moves)]
        after = len(english) - len(moves) - 1
        report.error(f"move {len(moves) + 1} ({missing.action})"
                     + (f" and the {after} after it have" if after else " has")
                     + f" no text: content/demos/{demo.path.name} has {len(english)} "
                     f"moves; add [[moves]] with action = \"{missing.action}\" and its note",
                     ("moves", len(moves) - 1) if moves else ("moves",))
    for i in range(len(english), len(moves)):
        report.error(f"move {i + 1}: content/demos/{demo.path.name} has only {len(english)} "
                     "moves, so this text has no move", ("moves", i))
    seats = _names(names["seat_names"], len(demo.seat_names), "seat_names", report, ("demo",))
    teams = _names(names["team_names"], len(demo.team_names or ()), "team_names", report, ("demo",))
    if report.count > before:
        return None
    return DemoTexts(Path(report.path), about["title"], about["description"], notes, asks,
                     seats, teams)


def _names(value: list[str] | None, count: int, key: str, report: FileReport,
           at: tuple[Part, ...]) -> list[str] | None:
    if value is not None and len(value) != count:
        report.error(f"{key} must be {count} names, as many as the English record's", at + (key,))
        return None
    return value


def check_position_texts(data: dict[str, Any], report: FileReport, position: Position,
                         index: SiteIndex, lang: str) -> PositionTexts | None:
    before = report.count
    about = ABOUT.read(data.get("about"), report, ("about",))
    practice = PRACTICE.read(data.get("practice"), report, ("practice",))
    raw_steps = position.record.sections["practice"].get("steps", [])
    english_name = f"content/practice/{position.path.name}"
    steps: list[StepTexts] = []
    items = practice["steps"]
    for i, (raw, item) in enumerate(zip(raw_steps, items)):
        where: tuple[Part, ...] = ("practice", "steps", i)
        label = f"step {i + 1}"
        visitor = position.steps[i].visitor if i < len(position.steps) else "answers" in raw
        if visitor:
            values = VISITOR_STEP.read(item, report, where, label)
            english = raw.get("answers")
            english = [english] if isinstance(english, str) else list(english or [])
            if values["answers"] and (len(values["answers"]) != len(english) or not all(
                    _same_action(a, b) for a, b in zip(values["answers"], english))):
                report.error(f"{label}: the answers are {english} in {english_name}, not "
                             f"{values['answers']}: the texts follow the English steps, in "
                             "order", where + ("answers",))
            feedback = values["feedback"]
            english_feedback = raw.get("feedback") or {}
            for key in english_feedback:
                if not (feedback.get(key) or "").strip():
                    report.error(f"{label}: no text for feedback.{_key(key)}, which "
                                 f"{english_name} gives", where + ("feedback",))
            for key in feedback:
                if key not in english_feedback:
                    report.error(f"{label}: feedback.{_key(key)} is not a feedback of "
                                 f"{english_name} (it has: "
                                 f"{', '.join(map(_key, english_feedback)) or 'none'})",
                                 where + ("feedback", key))
            said: list[tuple[tuple[Part, ...], str | None]] = [
                (where + ("correct",), values["correct"]),
                *((where + ("feedback", k), t) for k, t in feedback.items())]
            for at, text in said:
                _links(report, index, lang, text, at, f"{label}: ")
            steps.append(StepTexts(correct=values["correct"] or "", feedback=dict(feedback)))
        else:
            values = SCRIPTED_STEP.read(item, report, where, label)
            if values["action"] and not _same_action(values["action"], str(raw.get("action", ""))):
                report.error(f"{label} is {raw.get('action')!r} in {english_name}, not "
                             f"{values['action']!r}: the texts follow the English steps, in "
                             "order", where + ("action",))
            if raw.get("note") and not (values["note"] or "").strip():
                report.error(f"{label} ({raw.get('action')}) has a note in English: give its "
                             'note = """...""" here too', where)
            elif values["note"] and not raw.get("note"):
                report.error(f"{label} ({raw.get('action')}) has no note in English: a twin "
                             "says what its English record says", where + ("note",))
            _links(report, index, lang, values["note"], where + ("note",), f"{label}: ")
            steps.append(StepTexts(note=values["note"]))
    if len(items) < len(raw_steps):
        after = len(raw_steps) - len(items) - 1
        report.error(f"step {len(items) + 1}" + (f" and the {after} after it have" if after else " has")
                     + f" no text: {english_name} has {len(raw_steps)} steps",
                     ("practice", "steps", len(items) - 1) if items else ("practice",))
    for i in range(len(raw_steps), len(items)):
        report.error(f"step {i + 1}: {english_name} has only {len(raw_steps)} steps, so this "
                     "text has no step", ("practice", "steps", i))
    if position.description and not about["description"]:
        report.error(f"{english_name} has a description: give it here too", ("about",))
    for key in ("question", "closing"):
        _links(report, index, lang, practice[key], ("practice", key))
    _rule_anchors(report, index, lang, position.game, position.rules, ("practice",),
                  "the position")
    seats = _names(practice["seat_names"], len(position.seat_names), "seat_names", report,
                   ("practice",))
    teams = _names(practice["team_names"], len(position.team_names), "team_names", report,
                   ("practice",))
    if report.count > before:
        return None
    return PositionTexts(Path(report.path), about["title"], about["description"],
                         practice["question"], practice["closing"], steps, seats, teams)


def _key(key: str) -> str:
    return key if re.fullmatch(r"[\w-]+", key) else f'"{key}"'


# ---------------------------------------------------------------------------- rendering

TEAM = N_("team", "{a} and {b}")
"""A side named by its two seats ("North and South": "Nord e Sud")."""
Words = Callable[[tuple[str, str]], str]


def seat_words(names: list[str], words: Words) -> list[str]:
    """The English record's seat or team names in the language spoken now ("Sud" for "South",
    "Nord e Sud" for "North and South"; a name of the record's own stays as written)."""
    from engine.i18n import SEATS, seat_name
    seats = {english for _context, english in SEATS}
    out = []
    for name in names:
        a, _, b = name.partition(" and ")
        if a in seats and b in seats:
            out.append(words(TEAM).format(a=seat_name(a), b=seat_name(b)))
        else:
            out.append(seat_name(name))
    return out


def demo_in(demo: Demo, texts: DemoTexts, words: Words) -> Demo:
    """The demo with its words in the twin's language (call it inside ``speaking(lang)``): the
    notes, questions, title and names; the moves' explanations and the expert's feedback at
    its questions the engine's, in that language."""
    from engine.record import start_game

    from .asked import asked_feedback
    from .demo import DemoMove, _explain

    seats = texts.seat_names or seat_words(demo.seat_names, words)
    teams = texts.team_names or (seat_words(demo.team_names, words) if demo.team_names else None)
    translated = dataclasses.replace(demo, title=texts.title, description=texts.description,
                                     seat_names=seats, team_names=teams, moves=[])
    game = start_game(demo.record)
    for m, note, ask in zip(demo.moves, texts.notes, texts.asks):
        asked = (asked_feedback(game.clone(), m.action, tuple(seats))
                 if m.asked is not None else None)
        explanation = _explain(game, m.action, translated)
        game.apply(m.action)
        translated.moves.append(DemoMove(m.index, m.action, m.seat, note, m.rules, explanation,
                                         m.trick, ask, asked))
    return translated


def position_in(position: Position, texts: PositionTexts, words: Words) -> Position:
    """The position with the twin's texts (call it inside ``speaking(lang)``)."""
    raw_steps = position.record.sections["practice"].get("steps", [])
    steps = []
    for step, raw, t in zip(position.steps, raw_steps, texts.steps):
        if step.visitor:
            # the English record's keys as the check normalised them ("4s" -> "4S"): each
            # normalised key takes the text of the raw key whose English text it holds
            raw_feedback = raw.get("feedback") or {}
            feedback = {}
            for key, english in step.feedback.items():
                source = key if key in raw_feedback else next(
                    (k for k, v in raw_feedback.items() if v == english), None)
                feedback[key] = t.feedback.get(source or "", english)
            steps.append(dataclasses.replace(step, correct=t.correct, feedback=feedback))
        else:
            steps.append(dataclasses.replace(step, note=t.note))
    return dataclasses.replace(
        position, title=texts.title, description=texts.description, question=texts.question,
        closing=texts.closing, steps=steps,
        seat_names=texts.seat_names or seat_words(position.seat_names, words),
        team_names=texts.team_names or seat_words(position.team_names, words))


_HREF = re.compile(r'(<a\s[^>]*?href=")([^"]*)(")')


def localize_links(html: str, lang: str, pages: set[str]) -> str:
    """A text's links, written from the top of the site, for a page of ``lang``: a page that
    has its twin in ``lang`` is linked there (``it/glossary.html#cappotto``), ``../NAME.html``
    is the English page on purpose (marked ``hreflang="en"``), as in the pages' Markdown."""
    def fix(m: re.Match[str]) -> str:
        href = m.group(2)
        path, hash_, fragment = href.partition("#")
        if path.startswith("../") and re.fullmatch(r"[\w-]+\.html", path[3:]):
            return f'{m.group(1)}{path[3:]}{hash_}{fragment}" hreflang="en'
        if re.fullmatch(r"[\w-]+\.html", path) and path[:-5] in pages:
            return f"{m.group(1)}{lang}/{path}{hash_}{fragment}{m.group(3)}"
        if re.fullmatch(r"[\w-]+\.html", path):
            return f'{m.group(1)}{href}" hreflang="en'
        return m.group(0)
    return _HREF.sub(fix, html)
