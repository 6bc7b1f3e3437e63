"""The demo deal: ``[[demo: madrasso]]`` becomes a table that plays a recorded deal move by move.

A demo is a game record in ``content/demos/NAME.toml`` (the engine's record format, see
:mod:`engine.record`) whose actions are written as ``[[moves]]``, each with a Markdown
``note`` and the ``rules`` it shows (section anchors of the game's rules page)::

    [[moves]]
    action = "swap"
    note = "East holds the seven of trumps and swaps it for the turned-up king."
    rules = ["the-seven-of-trumps"]

plus ``[about]`` (``title``, ``description``) and ``[demo]`` (``you``: the seat the one-seat
view shows; ``seat_names``, ``team_names``; ``speed``: milliseconds a move at normal speed).

The build replays every demo with the engine, here in CPython, and reports problems as
``path:line: error: message``: an illegal action, a move without a note, a rule anchor the
rules page does not have, and, for Madrasso, a deal that does not show the seven of trumps
swapped, a trump played on a trick of another suit and the last trick's ten. The component
is the table the browser's engine drives (templates/static/js/demo.mjs), the record as a JSON
data file its script fetches, and a transcript of the whole deal written at build time by the same
engine, so that readers without JavaScript, or before the engine is ready, lose nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import markdown

from engine.record import Record, RecordError, load_record, start_game

from .components import Component, Directive, data_file

if TYPE_CHECKING:
    from .diagnostics import Diagnostics

DEMOS = Path("content") / "demos"

DEFAULT_SEAT_NAMES = {
    2: ["South", "North"],
    3: ["South", "East", "West"],
    4: ["South", "East", "North", "West"],
}
DEFAULT_TEAM_NAMES = {"madrasso": ["North and South", "East and West"]}

SCRIPTS = ("js/demo.mjs",)
STYLES = ("css/table.css",)

HEADING = re.compile(r"^#{1,6}\s+(?P<title>.*?)\s*\{[^}]*#(?P<id>[A-Za-z][\w-]*)[^}]*\}\s*$")
ANY_ID = re.compile(r"\{[^}\n]*#(?P<id>[A-Za-z][\w-]*)[^}\n]*\}")


@dataclass
class DemoMove:
    index: int
    action: str
    seat: int
    note: str | None
    note_html: str
    rules: list[dict[str, str]]
    explanation: dict[str, Any]
    trick: int                      # 1-based number of the trick the move belongs to


@dataclass
class Demo:
    path: Path
    record: Record
    moves: list[DemoMove] = field(default_factory=list)
    result: dict[str, Any] | None = None
    summary: dict[str, Any] = field(default_factory=dict)
    seat_names: list[str] = field(default_factory=list)
    team_names: list[str] | None = None
    you: int = 0
    speed: int = 1800
    root: Path | None = None

    @property
    def title(self) -> str:
        return str(self.record.sections.get("about", {}).get("title", "A demo deal"))

    @property
    def description(self) -> str:
        return str(self.record.sections.get("about", {}).get("description", ""))


# ---------------------------------------------------------------------------- the rules pages

def page_sections(page_md: Path) -> dict[str, str]:
    """The anchors a content page defines (``{#id}`` in Markdown), with heading titles."""
    try:
        text = page_md.read_text(encoding="utf-8")
    except OSError:
        return {}
    sections: dict[str, str] = {}
    for line in text.splitlines():
        m = HEADING.match(line)
        if m:
            sections[m.group("id")] = _plain(m.group("title"))
            continue
        for m in ANY_ID.finditer(line):
            sections.setdefault(m.group("id"), m.group("id").replace("-", " ").capitalize())
    return sections


def _plain(markdown_title: str) -> str:
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", markdown_title)
    return re.sub(r"[*_`]", "", text).strip()


# ---------------------------------------------------------------------------- checking

def check_demo(path: Path, root: Path, diagnostics: "Diagnostics") -> Demo | None:
    """Replay one demo record with the engine; report every problem; the demo if usable."""
    errors_before = len(diagnostics.errors)
    try:
        record = load_record(path)
    except RecordError as err:
        diagnostics.error(path, err.line, err.message)
        return None
    demo = Demo(path=path, record=record, root=root)
    meta = record.sections.get("demo", {})
    try:
        game = start_game(record)
    except RecordError as err:
        diagnostics.error(path, err.line, err.message)
        return None

    seats = game.num_players
    demo.seat_names = _names(meta, "seat_names", seats, DEFAULT_SEAT_NAMES.get(seats)
                             or [f"Seat {s}" for s in range(seats)], record, diagnostics)
    teams = DEFAULT_TEAM_NAMES.get(record.game)
    demo.team_names = _names(meta, "team_names", 2, teams, record, diagnostics) if teams else None
    you = meta.get("you", 0)
    if not isinstance(you, int) or not 0 <= you < seats:
        diagnostics.error(path, record.line_of("demo.you"), f"you must be a seat from 0 to {seats - 1}")
        you = 0
    demo.you = you
    speed = meta.get("speed", 1800)
    if not isinstance(speed, int) or not 200 <= speed <= 10000:
        diagnostics.error(path, record.line_of("demo.speed"),
                          "speed must be milliseconds a move, from 200 to 10000")
        speed = 1800
    demo.speed = speed

    if not record.moves:
        diagnostics.error(path, record.line_of("game"), "a demo needs [[moves]], each with an action and a note")
        return None
    if record.source is not None and "[[moves]]" not in record.source:
        diagnostics.error(path, record.line_of("actions"),
                          "write a demo's actions as [[moves]] tables, each with a note")
    sections = page_sections(root / "content" / f"{record.game}.md")
    md = markdown.Markdown(extensions=["smarty"], output_format="html")
    tricks_done = 0
    for i, move in enumerate(record.moves):
        where = f"moves[{i}]"
        seat = game.current_player()
        explanation = _explain(game, move.action, demo) if seat is not None else {}
        try:
            game.apply(move.action)
        except Exception as err:  # IllegalAction, ActionSyntaxError: the rule broken, in words
            rule = getattr(err, "rule", None) or str(err)
            who = demo.seat_names[seat] if seat is not None else "nobody"
            diagnostics.error(path, record.line_of(f"{where}.action"),
                              f"move {i + 1} ({move.action!r}, {who}) is illegal: {rule}")
            return None
        if not (move.note or "").strip():
            diagnostics.error(path, record.line_of(where),
                              f"move {i + 1} ({move.action}) has no note: every move of a demo "
                              "says what happened (note = \"...\")")
        rules = []
        for anchor in move.rules:
            anchor = anchor.lstrip("#")
            if anchor not in sections:
                hint = _did_you_mean(anchor, sections)
                diagnostics.error(path, record.line_of(f"{where}.rules"),
                                  f"move {i + 1}: content/{record.game}.md has no section "
                                  f"'#{anchor}'{hint}")
                continue
            rules.append({"anchor": anchor, "title": sections[anchor]})
        md.reset()
        demo.moves.append(DemoMove(
            index=i, action=move.action, seat=seat, note=move.note,
            note_html=md.convert(move.note or ""), rules=rules, explanation=explanation,
            trick=tricks_done + 1))
        if explanation.get("trick_complete"):
            tricks_done += 1
    demo.result = game.result()
    demo.summary = game.summary()
    if record.game == "madrasso":
        _check_madrasso(demo, diagnostics)
    return demo if len(diagnostics.errors) == errors_before else None


def _explain(game: Any, action: str, demo: Demo) -> dict[str, Any]:
    """The engine's explanation, in the demo's names when the game can say them."""
    try:
        return game.explain(action, seat_names=demo.seat_names, team_names=demo.team_names)
    except TypeError:
        return game.explain(action)


def _check_madrasso(demo: Demo, diagnostics: "Diagnostics") -> None:
    """A Madrasso demo must show what the page promises: the swap, trumping, the last ten."""
    record, path = demo.record, demo.path
    line = record.line_of("moves") or record.line_of("game")
    kinds = [m.explanation.get("kind") for m in demo.moves]
    if "swap" not in kinds:
        diagnostics.error(path, line, "this Madrasso demo never swaps the seven of trumps: "
                          "give a seat the seven and add a move with action = \"swap\" in the first trick")
    if "trump" not in kinds:
        diagnostics.error(path, line, "this Madrasso demo never trumps a trick of another suit: "
                          "let a seat with none of the suit led play a trump")
    if not any(m.explanation.get("last_trick_bonus") for m in demo.moves):
        diagnostics.error(path, line, "this Madrasso demo never reaches the last trick's ten: "
                          "play all ten tricks")


def _names(meta: dict[str, Any], key: str, count: int, default: list[str] | None,
           record: Record, diagnostics: "Diagnostics") -> list[str]:
    value = meta.get(key)
    if value is None:
        return list(default or [])
    if not (isinstance(value, list) and len(value) == count and all(isinstance(v, str) for v in value)):
        diagnostics.error(record.path or "", record.line_of(f"demo.{key}"),
                          f"{key} must be a list of {count} names")
        return list(default or [])
    return list(value)


def _did_you_mean(word: str, choices: dict[str, str]) -> str:
    import difflib

    match = difflib.get_close_matches(word, list(choices), 1)
    return f" (did you mean '#{match[0]}'?)" if match else ""


def check_all_demos(root: Path, diagnostics: "Diagnostics") -> dict[str, Demo]:
    """Every ``content/demos/*.toml``, replayed and checked: name -> demo (the good ones)."""
    demos = {}
    for path in sorted((root / DEMOS).glob("*.toml")):
        demo = check_demo(path, root, diagnostics)
        if demo is not None:
            demos[path.stem] = demo
    return demos


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
    if not getattr(d.diagnostics, "demos_checked", False):  # once a build: unshown demos too
        d.diagnostics.demos_checked = True  # type: ignore[attr-defined]
        for other in sorted((d.root / DEMOS).glob("*.toml")):
            if other.stem != name:
                check_demo(other, d.root, d.diagnostics)
    path = d.root / DEMOS / f"{name}.toml"
    if not path.exists():
        known = ", ".join(sorted(p.stem for p in (d.root / DEMOS).glob("*.toml"))) or "none"
        d.error(f"no demo deal 'content/demos/{name}.toml' (known: {known})")
        return Component(html="")
    demo = check_demo(path, d.root, d.diagnostics)
    if demo is None:
        return Component(html="")
    href = "" if d.page.name == demo.record.game else f"{demo.record.game}.html"
    src, text = data_file("demo", name, demo_data(demo, href))
    return Component(html=demo_html(demo, d, href, src), scripts=SCRIPTS, styles=STYLES,
                     files={src: text})


def demo_data(demo: Demo, rules_href: str) -> dict[str, Any]:
    """The JSON the browser's demo player reads: the record for the engine, and the words."""
    record = demo.record
    return {
        "record": {"game": record.game, **record.setup, "actions": record.actions},
        "initial": start_game(record).observation(None),
        "rules_page": rules_href,
        "sections": page_sections(demo.root / "content" / f"{record.game}.md") if demo.root else {},
        "title": demo.title,
        "you": demo.you,
        "speed": demo.speed,
        "seat_names": demo.seat_names,
        "team_names": demo.team_names,
        "moves": [{"action": m.action, "seat": m.seat, "note_html": m.note_html,
                   "rules": [{"href": f"{rules_href}#{r['anchor']}", "title": r["title"]}
                             for r in m.rules]} for m in demo.moves],
    }


def _template():
    """templates/components/demo.html, in a Jinja2 environment of its own (autoescaped)."""
    import jinja2

    folder = Path(__file__).resolve().parents[1] / "templates" / "components"
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(folder), autoescape=True,
                             undefined=jinja2.StrictUndefined, keep_trailing_newline=False)
    return env.get_template("demo.html")


def demo_html(demo: Demo, d: Directive, rules_href: str, data_src: str) -> str:
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
    context = {
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
        **_transcript(demo, d, rules_href),
        "data_src": data_src,
    }
    return _template().render(**context)


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


def _transcript(demo: Demo, d: Directive, rules_href: str) -> dict[str, Any]:
    """The whole deal in words, move by move, as the engine replayed it at build time."""
    from markupsafe import Markup

    names, teams = demo.seat_names, demo.team_names
    obs0 = start_game(demo.record).observation(None)
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
    for m in demo.moves:
        e = m.explanation
        if not tricks or tricks[-1]["number"] != m.trick:
            tricks.append({"number": m.trick, "moves": [], "result": ""})
        card = e.get("card") if e.get("kind") != "swap" else None
        tricks[-1]["moves"].append({
            "number": m.index + 1,
            "seat": names[m.seat],
            "what": "swaps the seven of trumps" if e.get("kind") == "swap" else e.get("card_name", m.action),
            "image": Markup(d.card_img(card, height=54, css_class="card card-small")) if card else "",
            "note_html": Markup(m.note_html),
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
