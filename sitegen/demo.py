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
declared in :mod:`sitegen.schema`.

The site index replays every demo once with the engine, here in CPython, whether or not a page
shows it, and reports problems as ``path:line: error: message``: an illegal action, a move
without a note, a rule anchor the rules page does not have, and, for Madrasso, a deal that does
not show the seven of trumps swapped, a trump played on a trick of another suit and the last
trick's ten. The component is the table the browser's engine drives
(templates/static/js/demo.mjs), the record as a JSON data file its script fetches, and a
transcript of the whole deal written at build time by the same engine, so that readers without
JavaScript, or before the engine is ready, lose nothing.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from markupsafe import Markup

from engine.protocol import EngineError, Names
from engine.record import Record, RecordError, start_game

from .components import Component, Directive, data_file
from .diagnostics import Diagnostics, FileReport
from .schema import DEMO, DEMO_ABOUT, names, read_record

if TYPE_CHECKING:
    from .index import SiteIndex

DEFAULT_SEAT_NAMES = {
    2: ["South", "North"],
    3: ["South", "East", "West"],
    4: ["South", "East", "North", "West"],
}
DEFAULT_TEAM_NAMES = {"madrasso": ["North and South", "East and West"]}

SCRIPTS = ("js/demo.mjs",)
STYLES = ("css/table.css",)


@dataclass
class DemoMove:
    index: int
    action: str
    seat: int
    note: str | None
    rules: list[dict[str, str]]
    explanation: dict[str, Any]
    trick: int                      # 1-based number of the trick the move belongs to


@dataclass
class Demo:
    path: Path
    record: Record
    title: str = "A demo deal"
    description: str = ""
    moves: list[DemoMove] = field(default_factory=list)
    result: dict[str, Any] | None = None
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
    demo.seat_names = names(meta["seat_names"], seats, DEFAULT_SEAT_NAMES.get(seats)
                            or [f"Seat {s}" for s in range(seats)], "seat_names", report,
                            ("demo",), "[demo]")
    teams = DEFAULT_TEAM_NAMES.get(record.game)
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
        explanation = _explain(game, move.action, demo) if seat is not None else {}
        try:
            game.apply(move.action)
        except EngineError as err:  # IllegalAction, ActionSyntaxError: the rule broken, in words
            rule = getattr(err, "rule", None) or str(err)
            who = demo.seat_names[seat] if seat is not None else "nobody"
            report.error(f"move {i + 1} ({move.action!r}, {who}) is illegal: {rule}", f"{where}.action")
            return None
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
        demo.moves.append(DemoMove(i, move.action, seat, move.note, rules, explanation,
                                   trick=tricks_done + 1))
        if explanation.get("trick_complete"):
            tricks_done += 1
    demo.result = game.result()
    demo.summary = game.summary()
    if record.game == "madrasso":
        _check_madrasso(demo, report)
    return demo if not report.count else None


def _explain(game: Any, action: str, demo: Demo) -> dict[str, Any]:
    """The engine's explanation, in the demo's names."""
    names = Names(seats=tuple(demo.seat_names), sides=tuple(demo.team_names or ()))
    return dict(game.explain(action, names=names))


def _check_madrasso(demo: Demo, report: FileReport) -> None:
    """A Madrasso demo must show what the page promises: the swap, trumping, the last ten."""
    kinds = [m.explanation.get("kind") for m in demo.moves]
    if "swap" not in kinds:
        report.error("this Madrasso demo never swaps the seven of trumps: give a seat the "
                     "seven and add a move with action = \"swap\" in the first trick", "moves")
    if "trump" not in kinds:
        report.error("this Madrasso demo never trumps a trick of another suit: let a seat with "
                     "none of the suit led play a trump", "moves")
    if not any(m.explanation.get("last_trick_bonus") for m in demo.moves):
        report.error("this Madrasso demo never reaches the last trick's ten: play all ten tricks",
                     "moves")


# ---------------------------------------------------------------------------- words

def name_seats(text: str, seat_names: list[str], team_names: list[str] | None) -> str:
    """The engine's 'Seat 2' and 'team 0 (seats 0 and 2)' in the demo's own names."""
    def team(m: re.Match[str]) -> str:
        t = int(m.group(1))
        return team_names[t] if team_names and t < len(team_names) else m.group(0)

    def seat(m: re.Match[str]) -> str:
        s = int(m.group(1))
        return seat_names[s] if s < len(seat_names) else m.group(0)

    text = re.sub(r"\b[Tt]eam (\d)(?: \(seats \d and \d\))?", team, text)
    return re.sub(r"\b[Ss]eat (\d)\b", seat, text)


# ---------------------------------------------------------------------------- rendering

def render_demo(d: Directive) -> Component:
    name = d.argument.strip().lower()
    demo = d.index.demos.get(name)
    if demo is None:
        if name not in d.index.demo_files:  # a broken one is reported at its own file
            known = ", ".join(d.index.demo_files) or "none"
            d.error(f"no demo deal 'content/demos/{name}.toml' (known: {known})")
        return Component(html="")
    href = "" if d.page.name == demo.record.game else f"{demo.record.game}.html"
    notes = [d.markdown.fragment(m.note) for m in demo.moves]
    src, text = data_file("demo", name, demo_data(demo, href, notes, d.index.sections(demo.record.game)))
    return Component(html=demo_html(demo, d, href, src, notes), scripts=SCRIPTS, styles=STYLES,
                     files={src: text})


def demo_data(demo: Demo, rules_href: str, notes: list[str],
              sections: dict[str, str]) -> dict[str, Any]:
    """The JSON the browser's demo player reads: the record for the engine, and the words."""
    record = demo.record
    return {
        "record": {"game": record.game, **record.setup, "actions": record.actions},
        "initial": start_game(record).observation(None),
        "rules_page": rules_href,
        "sections": sections,
        "title": demo.title,
        "you": demo.you,
        "speed": demo.speed,
        "seat_names": demo.seat_names,
        "team_names": demo.team_names,
        "moves": [{"action": m.action, "seat": m.seat, "note_html": note,
                   "rules": [{"href": f"{rules_href}#{r['anchor']}", "title": r["title"]}
                             for r in m.rules]} for m, note in zip(demo.moves, notes)],
    }


def demo_html(demo: Demo, d: Directive, rules_href: str, data_src: str, notes: list[str]) -> str:
    """The component: the live table, the transcript and the element naming the data file."""
    names, teams = demo.seat_names, demo.team_names
    dealer = demo.record.setup.get("dealer", 0)
    count = len(names)
    around = ["south", "east", "north", "west"] if count == 4 else ["south", "east", "west"][:count] \
        if count == 3 else ["south", "north"]
    # The opening table, drawn at build time exactly as demo.mjs would draw it, so the page
    # shows the deal at once and the script has nothing to build before the engine answers.
    opening = start_game(demo.record).observation(None)
    turned = opening.get("turned") or {}
    aside = turned.get("card") if turned.get("in_hand") else None
    legal = set(opening.get("legal_actions") or [])
    to_play = opening.get("current_player")

    def hand(s: int) -> list[dict[str, Any]]:
        cards = (opening.get("hands") or [[]] * count)[s] or []
        return [{"code": c, "name": d.card_name(c), "playable": s == to_play and c in legal}
                for c in cards if not (s == dealer and c == aside)]

    seats = [{"number": s, "name": names[s], "position": around[(s - demo.you) % count],
              "team": s % 2, "team_name": teams[s % 2] if teams else "", "dealer": s == dealer,
              "to_play": s == to_play, "cards": hand(s)}
             for s in range(count)]
    trump = opening.get("trump") or {}
    symbols = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}
    return d.site.render("demo.html", {
        "name": demo.path.stem,
        "title": demo.title,
        "description": demo.description,
        "you_name": names[demo.you],
        "seats": seats,
        "teams": teams or [],
        "moves": demo.moves,
        "turned": {"code": aside, "name": d.card_name(aside)} if aside else None,
        "trump": {"suit": trump.get("suit", ""), "text": f"Trump: {symbols.get(trump.get('suit', ''), '')} "
                  f"{trump.get('name', '')}"} if trump else None,
        **_transcript(demo, d, rules_href, opening, notes),
        "data_src": data_src,
    })


def _trick_result(e: dict[str, Any], names: list[str], teams: list[str] | None) -> str:
    winner = e.get("trick_winner")
    if winner is None:
        return ""
    team = teams[winner % 2] if teams else names[winner]
    points = e.get("trick_points") or 0
    text = f"{names[winner]} wins the trick: {points} point{'s' * (points != 1)} to {team}"
    if e.get("last_trick_bonus"):
        text += ", and 10 more for the last trick"
    return text + "."


def _transcript(demo: Demo, d: Directive, rules_href: str, obs0: dict[str, Any],
                notes: list[str]) -> dict[str, Any]:
    """The whole deal in words, move by move, as the engine replayed it at build time."""
    names, teams = demo.seat_names, demo.team_names
    dealer = obs0.get("dealer")
    turned = obs0.get("turned") or {}
    trump = obs0.get("trump") or {}
    opening = ""
    if dealer is not None and turned:
        opening = (f"{names[dealer]} deals and turns up the {turned['name']}: "
                   f"{trump.get('name', '')} are trump.")
    hands = [{"name": names[s], "cards": ", ".join(d.card_name(c) for c in hand or [])}
             for s, hand in enumerate(obs0.get("hands") or [])]
    tricks: list[dict[str, Any]] = []
    for m, note in zip(demo.moves, notes):
        e = m.explanation
        if not tricks or tricks[-1]["number"] != m.trick:
            tricks.append({"number": m.trick, "moves": [], "result": ""})
        card = e.get("card") if e.get("kind") != "swap" else None
        tricks[-1]["moves"].append({
            "number": m.index + 1,
            "seat": names[m.seat],
            "what": "swaps the seven of trumps" if e.get("kind") == "swap" else e.get("card_name", m.action),
            "image": Markup(d.card_img(card, height=54, css_class="card card-small")) if card else "",
            "note_html": Markup(note),
            "engine": name_seats(str(e.get("text", "")), names, teams),
            "rules": [{"href": f"{rules_href}#{r['anchor']}", "title": r["title"]} for r in m.rules],
        })
        if e.get("trick_complete"):
            tricks[-1]["result"] = _trick_result(e, names, teams)
    final = ""
    if demo.result and teams:
        points = demo.result["points"]
        last = demo.result.get("last_trick")
        bonus = f" (with the last trick\u2019s ten to {teams[last]})" if last is not None else ""
        final = (f"The deal ends {teams[0]} {points[0]}, {teams[1]} {points[1]}{bonus}: "
                 f"{points[0]} + {points[1]} = {points[0] + points[1]}.")
    return {"opening": opening, "hands": hands, "tricks": tricks, "final": final}
