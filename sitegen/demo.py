"""The demo deal: ``[[demo: madrasso]]`` becomes a table that plays a recorded deal move by move.

A demo is a game record in ``content/demos/NAME.toml`` (the engine's record format, see
:mod:`engine.record`) whose actions are written as ``[[moves]]``, each with a Markdown
``note`` and the ``rules`` it shows (section anchors of the game's rules page)::

    [[moves]]
    action = "swap"
    note = "East holds the seven of trumps and swaps it for the turned-up king."
    rules = ["the-seven-of-trumps"]

plus ``[about]`` (``title``, ``description``) and ``[demo]`` (``you``: the seat the one-seat
view shows; ``seat_names``, ``team_names``; ``speed``: milliseconds a move at normal speed),
declared in :mod:`sitegen.schema`. A move with ``ask = "..."`` is a "what would you play?"
moment: the demo stops there and asks the question; the build values every legal move with
the engine's expert (:mod:`engine.coach.ask`, from the mover's knowledge; kept between builds
in .cache/asked/, see :mod:`sitegen.asked`) and writes the feedback for each into the demo's
data.

The site index replays every demo once with the engine, here in CPython, whether or not a page
shows it, and reports problems as ``path:line: error: message``: an illegal action, a move
without a note, an unknown field of a move, a rule anchor the rules page does not have, a
question asked where the mover has one legal move, where the expert rates every move as good
as the best (every answer would be right: nothing to learn), or about a move the expert rates
worse than good, and a deal that does not show what the game's page promises (its GameInfo's
``demo_shows``, declared beside the game's rules). The component is the table the browser's
engine drives (templates/static/js/demo.mjs), the record as a JSON data file its script
fetches, and a transcript of the whole deal written at build time from the same engine's
description of the table (its opening, each move in the log's words, the explanation's facts,
each trick's caption and the outcome), so that readers without JavaScript, or before the
engine is ready, lose nothing. Nothing here knows a game by name.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from markupsafe import Markup

from engine.coach.ask import AskFeedback
from engine.coach.words import DEFAULT_SEAT_NAMES, paragraph
from engine.games import INFO
from engine.protocol import EngineError, Game, Names
from engine.record import Record, RecordError, start_game
from engine.table import action_card, describe_table, log_words, outcome_words

from .asked import asked_feedback
from .components import Component, Directive, data_file
from .demo_text import NEXT_WORDS, move_text, new_facts, next_words
from .diagnostics import Diagnostics, FileReport
from .languages import N_
from .schema import DEMO, DEMO_ABOUT, DEMO_MOVE, names, read_record
from .translated import demo_in, language, localize_links

if TYPE_CHECKING:
    from .index import SiteIndex

SCRIPTS = ("js/demo.mjs",)
STYLES = ("css/table.css", "css/play.css")


@dataclass
class DemoMove:
    index: int
    action: str
    seat: int
    note: str | None
    rules: list[dict[str, str]]
    explanation: dict[str, Any]
    trick: int                      # 1-based number of the trick the move belongs to
    ask: str | None = None          # the "what would you play?" question (Markdown)
    asked: AskFeedback | None = None  # the engine's feedback on every legal move there


@dataclass
class Demo:
    path: Path
    record: Record
    title: str = "A demo deal"
    description: str = ""
    moves: list[DemoMove] = field(default_factory=list)
    result: Mapping[str, Any] | None = None
    summary: dict[str, Any] = field(default_factory=dict)
    seat_names: list[str] = field(default_factory=list)
    team_names: list[str] | None = None
    you: int = 0
    speed: int = 1800


# ---------------------------------------------------------------------------- checking

def check_demo(path: Path, index: SiteIndex, diagnostics: Diagnostics) -> Demo | None:
    """Replay one demo record with the engine; report every problem; the demo if usable."""
    if (read := read_record(path, diagnostics)) is None:
        return None
    record, report = read
    about = DEMO_ABOUT.read(record.sections.get("about"), report, ("about",))
    meta = DEMO.read(record.sections.get("demo"), report, ("demo",))
    demo = Demo(path, record, about["title"], about["description"], speed=meta["speed"])
    try:
        game = start_game(record)
    except RecordError as err:
        report.error(err.message, err.field or ())
        return None

    seats = game.num_players
    demo.seat_names = names(meta["seat_names"], seats, list(DEFAULT_SEAT_NAMES.get(seats, ()))
                            or [f"Seat {s}" for s in range(seats)], "seat_names", report,
                            ("demo",), "[demo]")
    teams = list(game.info.team_names)
    demo.team_names = names(meta["team_names"], 2, teams, "team_names", report, ("demo",),
                            "[demo]") if teams else None
    demo.you = meta["you"]
    if not 0 <= demo.you < seats:
        report.error(f"[demo]: you must be a seat from 0 to {seats - 1}", "demo.you")
        demo.you = 0

    if not record.moves:
        report.error("a demo needs [[moves]], each with an action and a note", "game")
        return None
    if not record.written_as_moves:
        report.error("write a demo's actions as [[moves]] tables, each with a note", "actions")
    sections = index.sections(record.game)
    tricks_done = 0
    for i, move in enumerate(record.moves):
        where = f"moves[{i}]"
        seat = game.current_player()
        fields = DEMO_MOVE.read({"action": move.action, **move.extra}, report, ("moves", i),
                                f"move {i + 1}")
        explanation = _explain(game, move.action, demo) if seat is not None else {}
        before = game.clone() if fields["ask"] else game
        try:
            game.apply(move.action)
        except EngineError as err:  # IllegalAction, ActionSyntaxError: the rule broken, in words
            rule = getattr(err, "rule", None) or str(err)
            who = demo.seat_names[seat] if seat is not None else "nobody"
            report.error(f"move {i + 1} ({move.action!r}, {who}) is illegal: {rule}", f"{where}.action")
            return None
        assert seat is not None   # the engine refuses every move once the deal is over
        if not (move.note or "").strip():
            report.error(f"move {i + 1} ({move.action}) has no note: every move of a demo "
                         "says what happened (note = \"...\")", where)
        rules = []
        for anchor in move.rules:
            anchor = anchor.lstrip("#")
            if anchor not in sections:
                close = difflib.get_close_matches(anchor, list(sections), 1)
                hint = f" (did you mean '#{close[0]}'?)" if close else ""
                report.error(f"move {i + 1}: content/{record.game}.md has no section "
                             f"'#{anchor}'{hint}", f"{where}.rules")
                continue
            rules.append({"anchor": anchor, "title": sections[anchor]})
        for problem in index.link_problems(move.note):
            report.error(f"move {i + 1}: {problem}", f"{where}.note")
        for problem in index.link_problems(fields["ask"]):
            report.error(f"move {i + 1}: {problem}", f"{where}.ask")
        asked = _ask(before, move.action, fields["ask"], demo, report, i) if fields["ask"] else None
        demo.moves.append(DemoMove(i, move.action, seat, move.note, rules, explanation,
                                   trick=tricks_done + 1, ask=fields["ask"], asked=asked))
        if explanation.get("trick_complete"):
            tricks_done += 1
    demo.result = game.result()
    demo.summary = game.summary()
    _check_shows(demo, report)
    return demo if not report.count else None


def _ask(game: Game, action: str, question: str, demo: Demo, report: FileReport,
         i: int) -> AskFeedback | None:
    """Check a "what would you play?" moment and value every legal move there."""
    where = ("moves", i, "ask")
    who = demo.seat_names[game.current_player() or 0]
    legal = game.legal_actions()
    if len(legal) < 2:
        report.error(f"move {i + 1}: {who} has only one legal move here, so there is nothing "
                     "to ask: move the ask to a move with a choice", where)
        return None
    asked = asked_feedback(game, action, tuple(demo.seat_names))  # kept between builds
    if all(c["mark"] == "best" for c in asked.choices.values()):
        # Every answer right: the question has no lesson (e.g. a swap of the seven with one's
        # own partner's turned-up card, which gives the side no card it did not hold).
        report.error(f"move {i + 1}: the expert rates every move {who} has here as good as the "
                     "best, so every answer would be marked best and the question teaches "
                     "nothing: ask where one choice is better than another", where)
        return None
    if asked.mark not in ("best", "good"):
        best = asked.values.best
        mine = asked.values.of(asked.answer)
        report.error(f"move {i + 1}: the expert rates {asked.answer} {mine.loss:.1f} "
                     f"{asked.values.unit} worse on average than {best.action} for {who} here "
                     f"(a move it marks {mine.mark}): ask about a move the deal plays well",
                     ("moves", i, "action"))
        return None
    return asked


def _explain(game: Any, action: str, demo: Demo) -> dict[str, Any]:
    """The engine's explanation, in the demo's names."""
    names = Names(seats=tuple(demo.seat_names), sides=tuple(demo.team_names or ()))
    return dict(game.explain(action, names=names))


def _check_shows(demo: Demo, report: FileReport) -> None:
    """A demo must show what the game's page promises (its GameInfo's ``demo_shows``: Madrasso's
    swap, a trump and the last trick; a whole deal with a trick trumped in Briscola; a capture
    by a sum and a scopa in Scopa)."""
    info = INFO[demo.record.game]
    for shows in info.demo_shows:
        if shows.fact == "over":
            shown = demo.result is not None
        else:
            shown = any(m.explanation.get(shows.fact) == shows.value for m in demo.moves)
        if not shown:
            report.error(f"this {info.title} demo {shows.missing}", "moves")


# ---------------------------------------------------------------------------- words

def name_seats(text: str, seat_names: list[str], team_names: list[str] | None) -> str:
    """The engine's 'Seat 2' and 'team 0 (seats 0 and 2)' (in English or Italian) in the demo's
    own names."""
    def team(m: re.Match[str]) -> str:
        t = int(m.group(1))
        return team_names[t] if team_names and t < len(team_names) else m.group(0)

    def seat(m: re.Match[str]) -> str:
        s = int(m.group(1))
        return seat_names[s] if s < len(seat_names) else m.group(0)

    # English, and the engine's Italian ("coppia 0 (posti 0 e 2)", "Posto 0": engine.po)
    text = re.sub(r"\b(?:[Tt]eam|[Cc]oppia) (\d)(?: \((?:seats \d and|posti \d e) \d\))?", team, text)
    return re.sub(r"\b(?:[Ss]eat|[Pp]osto) (\d)\b", seat, text)


# ---------------------------------------------------------------------------- rendering

RULE_WORDS = (N_("demo", "Rule"), N_("demo", "Rules"))
"""Before a move's links to the rules it shows: "(Rule: ...)", "(Rules: ..., ...)"."""
NEXT = {"only": N_("demo", "{who} to play: only {the_card} is allowed{swap}."),
        "any": N_("demo", "{who} to play, and may play any of: {cards}{swap}."),
        "hidden": N_("demo", "{who} to play."),
        "swap": N_("demo", " (or first swap the seven of trumps)")}
"""Who plays next (sitegen/demo_text.py's :data:`NEXT_WORDS`), in the page's language."""
assert {key: pair[1] for key, pair in NEXT.items()} == NEXT_WORDS
GROUP = {True: N_("demo transcript", "Trick"), False: N_("demo transcript", "Hand")}
"""What the transcript groups moves by: a trick, or in Scopa a hand (three cards each)."""


def fragment(d: Directive, text: str | None) -> str:
    """A text of a demo or a position as HTML for ``d``'s page: its links to pages go to the
    page's language's twins (:func:`sitegen.translated.localize_links`)."""
    html = d.markdown.fragment(text)
    if d.page.lang == "en":
        return html
    return localize_links(html, d.page.lang, set(d.index.twins.get(d.page.lang, {})))


def rules_href(d: Directive, game: str) -> tuple[str, str | None]:
    """The game's rules page from ``d``'s page (from the top of the site; "" on the page
    itself), and its language when it is not the page's (an English page from a twin)."""
    lang = d.page.lang
    if d.page.name == game:
        return "", None
    if lang == "en":
        return f"{game}.html", None
    if game in d.index.twins.get(lang, {}):
        return f"{lang}/{game}.html", None
    return f"{game}.html", "en"


def render_demo(d: Directive) -> Component:
    name = d.argument.strip().lower()
    demo = d.index.demos.get(name)
    if demo is None:
        if name not in d.index.demo_files:  # a broken one is reported at its own file
            known = ", ".join(d.index.demo_files) or "none"
            d.error(f"no demo deal 'content/demos/{name}.toml' (known: {known})")
        return Component(html="")
    lang = d.page.lang
    if lang != "en":
        translation = d.index.translations.get(lang)
        texts_of = translation.demos.get(name) if translation else None
        if texts_of is None:
            d.error(f"no {language(lang)} texts for the demo '{name}': write content/{lang}/demos/{name}.toml "
                    f"(its notes keyed to content/demos/{name}.toml's moves)")
            return Component(html="")
        demo = demo_in(demo, texts_of, lambda pair: d.words(pair))
    href, href_lang = rules_href(d, demo.record.game)
    sections = d.index.sections(demo.record.game, lang)
    texts = move_texts(demo, d, href, sections, href_lang)
    questions = [fragment(d, m.ask) if m.ask else None for m in demo.moves]
    src, text = data_file("demo", f"{name}-{lang}" if lang != "en" else name,
                          demo_data(demo, texts, questions, next_moves(demo, d)))
    return Component(html=demo_html(demo, d, href, src, texts), scripts=SCRIPTS, styles=STYLES, table=True,
                     files={src: text})


def opening_table(demo: Demo, viewer: int | None = None) -> dict[str, Any]:
    """The engine's description of the deal's opening table (every hand open, or ``viewer``'s)."""
    game = start_game(demo.record)
    return dict(describe_table(game, game.view(viewer), _names(demo), None))


def move_rules(move: DemoMove, rules_href: str, sections: dict[str, str],
               hreflang: str | None = None) -> list[dict[str, str]]:
    """The rules a move shows: the author's, then the engine's section if the author left it out
    (``sections``: the rules page's, in the page's language; ``hreflang``: the rules page's
    language when it is not the page's)."""
    anchors = [r["anchor"] for r in move.rules]
    engine_anchor = move.explanation.get("anchor")
    if engine_anchor in sections and engine_anchor not in anchors:
        anchors.append(engine_anchor)
    return [{"href": f"{rules_href}#{a}", "title": sections.get(a, a),
             **({"hreflang": hreflang} if hreflang else {})} for a in anchors]


def captions(demo: Demo) -> list[str]:
    """What the table's centre says after each move (engine/table.py: the trick's or the
    capture's caption, e.g. "East wins the trick: 10 + 0 + 0 + 2 = 12 points to East and
    West."), as the browser's table shows it beside the move's text."""
    game = start_game(demo.record)
    out = []
    for m in demo.moves:
        game.apply(m.action)
        table = describe_table(game, game.view(None), _names(demo), _last(m))
        out.append(str(table["centre"].get("words") or ""))
    return out


def move_texts(demo: Demo, d: Directive, rules_href: str, sections: dict[str, str],
               hreflang: str | None = None) -> list[str]:
    """Each move's one text (HTML): what happened and why, the note and the engine's facts
    merged (sitegen/demo_text.py), less what the table's caption says, with the rule's link."""
    texts = []
    shown_after = captions(demo)
    shown_after[-1] += f" {final_words(demo)}"  # the last move: the deal's end is said under it
    rule_words = (d.words(RULE_WORDS[0]), d.words(RULE_WORDS[1]))
    for m, shown in zip(demo.moves, shown_after):
        note = fragment(d, m.note)
        e = m.explanation
        facts = name_seats(str(e.get("text", "")), demo.seat_names, demo.team_names)
        mover = demo.seat_names[m.seat] if m.seat is not None else ""
        kept = new_facts(note, facts, mover=mover, card=str(e.get("card_name") or ""), shown=shown)
        texts.append(move_text(note, kept, move_rules(m, rules_href, sections, hreflang),
                               rule_words))
    return texts


def next_moves(demo: Demo, d: Directive) -> list[dict[str, Any] | None]:
    """Before each move and after the last: who plays next and what they may play (None once
    the deal is over)."""
    # Replayed here for every game (the explanations of Briscola's and Scopa's moves do not
    # say who is next, so their demos said it before the first move only).
    game = start_game(demo.record)
    steps: list[dict[str, Any] | None] = []
    for m in [None, *demo.moves]:
        if m is not None:
            game.apply(m.action)
        seat = None if game.is_over() else game.current_player()
        legal = game.legal_actions() if seat is not None else []
        steps.append(None if seat is None else next_words(
            demo.seat_names, seat, legal, d.card_name,
            {key: d.words(pair) for key, pair in NEXT.items()}))
    return steps


def demo_data(demo: Demo, texts: list[str], questions: list[str | None] | None = None,
              upcoming: list[dict[str, Any] | None] | None = None) -> dict[str, Any]:
    """The JSON the browser's demo player reads: the record for the engine, and the words
    (``texts``: each move's one text as HTML; ``questions``: each move's ask as HTML, None
    where it asks nothing; ``upcoming``: who plays next before each move and after the last)."""
    record = demo.record
    questions = questions or [None] * len(demo.moves)
    return {
        "record": {"game": record.game, **record.setup, "actions": record.actions},
        "title": demo.title,
        "you": demo.you,
        "speed": demo.speed,
        "seat_names": demo.seat_names,
        "team_names": demo.team_names,
        "final": final_words(demo),
        "next": upcoming or [],
        "moves": [{"action": m.action, "seat": m.seat, "text_html": text, **_ask_data(m, asks)}
                  for m, text, asks in zip(demo.moves, texts, questions)],
    }


def _ask_data(move: DemoMove, question_html: str | None) -> dict[str, Any]:
    """A "what would you play?" moment for the page: the question, the move played, and each
    legal move's feedback as HTML."""
    if move.asked is None:
        return {}
    asked = move.asked
    return {"ask": {"question_html": question_html, "seat": asked.seat, "answer": asked.answer,
                    "unit": asked.values.unit,
                    "choices": {action: {"words": c["words"], "html": paragraph(c["text"]),
                                         "cost": c["cost"], "mark": c["mark"]}
                                for action, c in asked.choices.items()}}}


def demo_html(demo: Demo, d: Directive, rules_href: str, data_src: str, texts: list[str]) -> str:
    """The component: the live table, the transcript and the element naming the data file."""
    names, teams = demo.seat_names, demo.team_names
    # The opening table, described by the engine and drawn at build time by the macro that
    # draws it as demo.mjs's renderer does, so the page shows the deal at once (and without
    # JavaScript) and the script takes the same markup over.
    opening = start_game(demo.record).observation(None)
    table = opening_table(demo)
    return d.site.render("demo.html", {
        "name": demo.path.stem,
        "game": demo.record.game,
        "title": demo.title,
        "description": demo.description,
        "you_name": names[demo.you],
        "seats": names,
        "moves": demo.moves,
        "table": table,
        "card_name": d.card_name,
        "lazy_cards": True,  # below the first screen: the page's styles and scripts come first
        **_transcript(demo, d, opening, texts),
        "data_src": data_src,
    })


def _transcript(demo: Demo, d: Directive, obs0: Mapping[str, Any], texts: list[str]) -> dict[str, Any]:
    """The whole deal in words, move by move, as the engine replayed it at build time."""
    names = demo.seat_names
    opening = str(opening_table(demo).get("opening") or "")
    opening = opening[:1].upper() + opening[1:]
    game = start_game(demo.record)
    hands = [{"name": names[s], "cards": ", ".join(d.card_name(c) for c in hand or [])}
             for s, hand in enumerate(obs0.get("hands") or [])]
    tricks: list[dict[str, Any]] = []
    shown = captions(demo)  # the table's caption after each move: a trick's result in its words
    for m, text, caption in zip(demo.moves, texts, shown):
        e = m.explanation
        group = _group(demo, m)
        if not tricks or tricks[-1]["number"] != group:
            tricks.append({"number": group, "moves": [], "result": ""})
        card = action_card(game, m.action)
        tricks[-1]["moves"].append({
            "number": m.index + 1,
            "seat": names[m.seat],
            "what": log_words(game, m.action),
            "image": Markup(d.card_img(card, height=54, css_class="card card-small")) if card else "",
            "text_html": Markup(text),
            "ask_html": Markup(fragment(d, m.ask)) if m.ask else "",
        })
        if e.get("trick_complete") and caption:
            tricks[-1]["result"] = caption if caption[-1] in ".!?" else caption + "."
    return {"opening": opening, "hands": hands, "tricks": tricks, "final": final_words(demo),
            "group_label": d.words(GROUP[INFO[demo.record.game].trick_taking])}


def _group(demo: Demo, move: DemoMove) -> int:
    """Where the transcript puts a move: its trick, or in Scopa its hand (three cards each)."""
    info = INFO[demo.record.game]
    if not info.trick_taking:
        return move.index // (info.hand_size * len(demo.seat_names)) + 1
    return move.trick


def final_words(demo: Demo) -> str:
    """How the deal ended: the engine's outcome, what its table says once the deal is over
    (engine/table.py), as one paragraph (the transcript's last line, and the live demo's)."""
    if not demo.result or not demo.moves:
        return ""
    game = start_game(demo.record)
    for m in demo.moves:
        game.apply(m.action)
    table = describe_table(game, game.view(None), _names(demo), _last(demo.moves[-1]))
    return outcome_words(table["outcome"]) if table["outcome"] else ""


def _names(demo: Demo) -> Names:
    return Names(seats=tuple(demo.seat_names), sides=tuple(demo.team_names or ()))


def _last(m: DemoMove) -> dict[str, Any]:
    """A move as the table's description takes it (its ``last``)."""
    return {"index": m.index, "action": m.action, "seat": m.seat, "explanation": m.explanation}
