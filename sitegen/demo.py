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
data block for it, and a transcript of the whole deal written at build time by the same
engine, so that readers without JavaScript, or before the engine is ready, lose nothing.
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import markdown

from engine.record import Record, RecordError, load_record, start_game

from .components import Component, Directive

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
    return Component(html=demo_html(demo, d, href), scripts=SCRIPTS, styles=STYLES)


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


def _json_block(data: Any) -> str:
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def demo_html(demo: Demo, d: Directive, rules_href: str) -> str:
    esc = html.escape
    names, teams = demo.seat_names, demo.team_names
    setup = demo.record.setup
    dealer = setup.get("dealer", 0)
    seats = len(names)
    positions = ["south", "east", "north", "west"] if seats == 4 else ["south", "north", "east"]
    you_name = names[demo.you]
    out = [f'<div class="demo" data-demo="{esc(demo.path.stem)}" '
           f'data-runtime="runtime.json" aria-label="{esc(demo.title)}" role="region">']
    out.append(f'<p class="demo-description">{esc(demo.description)}</p>' if demo.description else "")
    # The live table: shown only when scripting is on (CSS), driven by demo.mjs.
    out.append('<div class="demo-live">')
    out.append('<div class="demo-controls" role="toolbar" aria-label="Demo controls">'
               '<button type="button" class="demo-play" data-action="play" '
               'aria-keyshortcuts="Space">Play</button>'
               '<button type="button" data-action="back" aria-keyshortcuts="ArrowLeft">'
               '<span aria-hidden="true">&#9664;</span> Back</button>'
               '<button type="button" data-action="forward" aria-keyshortcuts="ArrowRight">'
               'Next <span aria-hidden="true">&#9654;</span></button>'
               '<button type="button" data-action="restart" aria-keyshortcuts="Home">Restart</button>'
               '<label class="demo-speed">Speed <select data-control="speed">'
               '<option value="0.5">slow</option><option value="1" selected>normal</option>'
               '<option value="2">fast</option></select></label>'
               f'<label class="demo-view"><input type="checkbox" data-control="one-seat"> '
               f'Only {esc(you_name)}&rsquo;s cards</label>'
               f'<span class="demo-position" data-position>Move 0 of {len(demo.moves)}</span>'
               '</div>')
    out.append('<div class="engine-status" role="status" hidden><progress max="1" value="0">'
               '</progress><p class="engine-message"></p>'
               '<button type="button" class="engine-retry" hidden>Retry</button></div>')
    # The table: seats placed by position, the trick and the turned card in the middle.
    keys_id = f"demo-keys-{esc(demo.path.stem)}"
    out.append(f'<p class="demo-keys" id="{keys_id}">Keys: <kbd>Space</kbd> plays or pauses, '
               '<kbd>&larr;</kbd> <kbd>&rarr;</kbd> step back and forward, <kbd>Home</kbd> '
               'restarts.</p>')
    out.append(f'<div class="card-table" data-table data-seats="{seats}" tabindex="0" role="group" '
               f'aria-label="The card table" aria-describedby="{keys_id}">')
    for s in range(seats):
        pos = positions[(s - demo.you) % seats]
        team = s % 2
        team_label = esc(teams[team]) if teams else ""
        dealer_mark = ' <span class="seat-dealer">dealer</span>' if s == dealer else ""
        out.append(f'<div class="seat seat-{pos} team-{team}" data-seat="{s}" role="group" '
                   f'aria-label="{esc(names[s])}">'
                   f'<p class="seat-label"><span class="seat-name">{esc(names[s])}</span>'
                   f'{dealer_mark} <span class="seat-team">{team_label}</span></p>'
                   f'<ul class="hand" data-hand aria-label="{esc(names[s])}&rsquo;s cards"></ul>'
                   + ('<div class="turned" data-turned></div>' if s == dealer else '')
                   + '</div>')
    out.append('<div class="table-centre"><p class="trump-badge" data-trump></p>'
               '<ul class="trick" data-trick aria-label="The trick"></ul>'
               '<p class="bonus-badge" data-bonus hidden></p></div>')
    out.append('<div class="scoreboard" data-scoreboard><table><caption>Tricks and points</caption>'
               '<thead><tr><th scope="col">Team</th><th scope="col">Tricks</th>'
               '<th scope="col">Points</th></tr></thead><tbody>')
    for t, team in enumerate(teams or []):
        out.append(f'<tr class="team-{t}" data-team="{t}"><th scope="row">{esc(team)}</th>'
                   '<td data-tricks>0</td><td data-points>0</td></tr>')
    out.append('</tbody></table></div>')
    out.append('</div>')  # card-table
    out.append('<div class="demo-commentary" data-commentary>'
               '<p class="demo-step" data-step>Press <strong>Play</strong> to deal, or '
               '<strong>Next</strong> to go one move at a time.</p>'
               '<div class="demo-note" data-note></div>'
               '<p class="demo-engine" data-engine hidden></p>'
               '<p class="demo-rules" data-rules hidden></p>'
               '<p class="demo-next" data-next hidden></p>'
               '</div>')
    out.append('<p class="visually-hidden" aria-live="polite" data-narration></p>')
    out.append('</div>')  # demo-live
    out.append(transcript_html(demo, d, rules_href))
    out.append(f'<script type="application/json" class="demo-data">{_json_block(demo_data(demo, rules_href))}</script>')
    out.append('</div>')
    return "\n".join(part for part in out if part)


def _trick_result(e: dict[str, Any], names: list[str], teams: list[str] | None) -> str:
    winner = e.get("trick_winner")
    if winner is None:
        return ""
    team = teams[winner % 2] if teams else names[winner]
    points = e.get("trick_points") or 0
    text = f"{names[winner]} wins the trick: {points} point{'s' * (points != 1)} to {team}"
    if e.get("last_trick_bonus"):
        text += ", and 10 more for the last trick"
    return f'<p class="transcript-trick-result">{html.escape(text)}.</p>'


def transcript_html(demo: Demo, d: Directive, rules_href: str) -> str:
    """The whole deal in words, move by move, as the engine replayed it at build time."""
    esc = html.escape
    names, teams = demo.seat_names, demo.team_names
    setup = demo.record.setup
    obs0 = start_game(demo.record).observation(None)
    dealer = obs0.get("dealer")
    turned = obs0.get("turned") or {}
    trump = obs0.get("trump") or {}
    out = ['<details class="demo-transcript" open>',
           f'<summary>The whole deal in writing ({len(demo.moves)} moves)</summary>']
    if dealer is not None and turned:
        out.append(f'<p>{esc(names[dealer])} deals and turns up the {esc(turned["name"])}: '
                   f'{esc(trump.get("name", ""))} are trump.</p>')
    hands = obs0.get("hands") or []
    if hands:
        out.append('<ul class="transcript-hands">')
        for s, hand in enumerate(hands):
            cards = ", ".join(d.card_name(c) for c in hand or [])
            out.append(f'<li><strong>{esc(names[s])}</strong>: {esc(cards)}</li>')
        out.append('</ul>')
    out.append('<ol class="transcript-tricks">')
    current = 0
    current_open = False
    for m in demo.moves:
        e = m.explanation
        if m.trick != current:
            if current_open:
                out.append('</ol></li>')
            current = m.trick
            current_open = True
            out.append(f'<li class="transcript-trick"><h3>Trick {current}</h3><ol class="transcript-moves">')
        card = e.get("card") if e.get("kind") != "swap" else None
        image = d.card_img(card, height=54, css_class="card card-small") if card else ""
        what = ("swaps the seven of trumps" if e.get("kind") == "swap"
                else esc(e.get("card_name", m.action)))
        rules = ", ".join(f'<a href="{esc(rules_href)}#{esc(r["anchor"])}">{esc(r["title"])}</a>'
                          for r in m.rules)
        out.append(f'<li class="transcript-move" value="{m.index + 1}">'
                   f'{image}<p class="transcript-play"><strong>{esc(names[m.seat])}</strong> {what}</p>'
                   f'<div class="transcript-note">{m.note_html}</div>'
                   f'<p class="transcript-engine"><span class="label">The engine:</span> '
                   f'{esc(name_seats(str(e.get("text", "")), names, teams))}</p>'
                   + (f'<p class="transcript-rules">Rule: {rules}</p>' if rules else "")
                   + '</li>')
        if e.get("trick_complete"):
            out.append('</ol>' + _trick_result(e, names, teams) + '</li>')
            current_open = False
    if current_open:
        out.append('</ol></li>')
    out.append('</ol>')
    if demo.result and teams:
        points = demo.result["points"]
        last = demo.result.get("last_trick")
        bonus = f" (with the last trick&rsquo;s ten to {esc(teams[last])})" if last is not None else ""
        out.append(f'<p class="transcript-final">The deal ends {esc(teams[0])} {points[0]}, '
                   f'{esc(teams[1])} {points[1]}{bonus}: {points[0]} + {points[1]} = '
                   f'{points[0] + points[1]}.</p>')
    out.append('</details>')
    return "\n".join(out)
