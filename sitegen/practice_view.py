"""``[[practice: madrasso]]``: every practice position of the game, in ``order``.

Each position renders as a readable no-JavaScript version (the question, the cards, the answer
behind a disclosure), and the data the browser's practice table
(templates/static/js/practice.mjs) plays through the engine worker, as a JSON data file. The
positions come checked from the site index (:mod:`sitegen.practice`); their texts are Markdown,
through the build's one Markdown factory.
"""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

from markupsafe import Markup

from engine.coach.practice import step_prompt
from engine.protocol import Names
from engine.record import replay
from engine.table import describe_table

from .components import Component, Directive, data_file
from .demo import RULE_WORDS, name_seats
from .demo_text import move_text, new_facts
from .markup import MarkdownFactory
from .languages import N_
from .practice import GAMES, Position, Step, branch_key, feedback_key, table_words
from .translated import language, localize_links, position_in

SCRIPTS = ("js/practice.mjs",)
STYLES = ("css/table.css", "css/practice.css")


IF_PLAYED = N_("practice", "If you played it: {fact}")
"""Before the engine's first fact about a wrong answer, which is not played."""


class PageMarkdown(MarkdownFactory):
    """The build's Markdown for the texts of a page of another language: their links go to
    that language's twins (:func:`sitegen.translated.localize_links`)."""

    def __init__(self, md: MarkdownFactory, lang: str, twins: set[str]):
        super().__init__(md.card_name, md.card_size)
        self.lang, self.twins = lang, twins

    def fragment(self, text: str | None) -> str:
        return localize_links(super().fragment(text), self.lang, self.twins)


def render_practice(d: Directive) -> Component:
    """The ``[[practice: game]]`` component: every position of the game, in order (on a page
    of another language, with the texts of its twins, content/LANG/practice/)."""
    game = d.argument.strip().lower()
    if game not in GAMES:
        d.error(f"unknown game '{d.argument}' for [[practice]] (known: {', '.join(GAMES)})")
        return Component(html="")
    positions = d.index.positions.get(game, [])
    if not positions:
        d.warning(f"no practice positions for {game} in content/practice/ "
                  f'(files with game = "{game}")')
    lang = d.page.lang
    md = d.markdown
    rules_page = f"{game}.html"
    if lang != "en":
        translation = d.index.translations.get(lang)
        missing = [p.id for p in positions if translation is None or p.id not in translation.positions]
        if missing:
            d.error(f"no {language(lang)} texts for the practice position{'s' if len(missing) > 1 else ''} "
                    f"{', '.join(missing)}: write content/{lang}/practice/{missing[0]}.toml "
                    "(its texts keyed to the English record's steps)")
            return Component(html="")
        assert translation is not None
        positions = [spoken(position_in(p, translation.positions[p.id], d.words)) for p in positions]
        twins = set(d.index.twins.get(lang, {}))
        md = PageMarkdown(d.markdown, lang, twins)
        if game in twins:
            rules_page = f"{lang}/{game}.html"
    anchors = d.index.rule_sections(game, lang)
    words = Words(d)
    src, data = data_file("practice", game if lang == "en" else f"{game}-{lang}",
                          game_data(positions, game, anchors, md, rules_page, words))
    views = [{"p": p, "n": n, "table": opening_table(p), "answer": answer_view(p, md),
              "to_play": p.seat_names[replay(p.record).current_player() or 0],
              "question": Markup(md.fragment(p.question)),
              "closing": Markup(md.fragment(p.closing)),
              "rules": [{"href": f"{rules_page}#{a}", "title": anchors.get(a, a)} for a in p.rules]}
             for n, p in enumerate(positions, 1)]
    html_text = d.site.render("practice.html", {"game": game, "positions": views, "data_src": src,
                                                "card_name": d.card_name, "lazy_cards": True})
    return Component(html=html_text, scripts=SCRIPTS, styles=STYLES, files={src: data}, table=True)


class Words:
    """The component's own words in the page's language (English without a directive)."""

    def __init__(self, d: Directive | None = None) -> None:
        self.rule: tuple[str, str] = (RULE_WORDS[0][1], RULE_WORDS[1][1])
        self.if_played: str = IF_PLAYED[1]
        if d is not None:
            self.rule = (d.words(RULE_WORDS[0]), d.words(RULE_WORDS[1]))
            self.if_played = d.words(IF_PLAYED)


def game_data(positions: list[Position], game: str, anchors: dict[str, str],
              md: MarkdownFactory, rules_page: str | None = None,
              words: Words | None = None) -> dict[str, Any]:
    rules_page = rules_page or f"{game}.html"
    return {
        "game": game,
        "rules_page": rules_page,
        "positions": [position_data(p, anchors, md, rules_page, words) for p in positions],
    }


def position_data(p: Position, anchors: dict[str, str], md: MarkdownFactory,
                  rules_page: str | None = None, words: Words | None = None) -> dict[str, Any]:
    """What the browser needs to play one position (all texts already HTML; ``rules_page``:
    the game's rules page from the top of the site, its twin's on another language's page)."""
    rules_page = rules_page or f"{p.game}.html"
    words = words or Words()
    record = {"game": p.game, **copy.deepcopy(p.record.setup), "actions": list(p.prelude)}
    several = len(p.seats) > 1
    walk = branches(p)
    shown = captions(p, walk)
    return {
        "id": p.id,
        "title": p.title,
        "order": p.order,
        "record": record,
        "seats": p.seats,
        "bottom": first_seat(p),
        "open": p.open,
        "seat_names": p.seat_names,
        "team_names": p.team_names,
        "question": md.fragment(p.question),
        "rules": [{"anchor": a, "title": anchors.get(a, a), "href": f"{rules_page}#{a}"}
                  for a in p.rules],
        "steps": [
            ({"seat": s.seat, "visitor": True, "answers": s.answers,
              "correct": md.fragment(s.correct),
              "feedback": {k: md.fragment(v) for k, v in s.feedback.items()},
              "texts": answer_texts(p, s, anchors, md, shown[i], rules_page, words),
              "prompt": step_prompt(p.seat_names, s.seat, visitor=True, several=several)}
             if s.visitor else
             {"seat": s.seat, "visitor": False, "action": s.action, "note": md.fragment(s.note),
              "texts": scripted_texts(p, s, md, shown[i], walk[i], words),
              "log": table_words(p.game)(s.action),
              "prompt": step_prompt(p.seat_names, s.seat, visitor=False, several=several)})
            for i, s in enumerate(p.steps)
        ],
        "closing": md.fragment(p.closing),
    }


def spoken(p: Position) -> Position:
    """The position with what each answer would do explained again in the language the engine
    speaks now (the index explained them in English: an Italian page's "Se la giocassi: ..."
    must say it in Italian)."""
    steps = []
    for s, before in zip(p.steps, branches(p)):
        if s.visitor:
            answered = {branch_key(path): {action: game.explain(action)
                                           for action in s.answered.get(branch_key(path), {})}
                        for game, path in before}
            s = dataclasses.replace(s, answered=answered)
        steps.append(s)
    return dataclasses.replace(p, steps=steps)


def branches(p: Position) -> list[list[tuple[Any, tuple[str, ...]]]]:
    """Before each step: the game on every branch of the visitor's accepted answers, with the
    branch's path (:func:`sitegen.practice.branch_key` names it, as practice.mjs does)."""
    out: list[list[tuple[Any, tuple[str, ...]]]] = []
    now: list[tuple[Any, tuple[str, ...]]] = [(replay(p.record), ())]
    for s in p.steps:
        out.append(now)
        grown = []
        for game, path in now:
            for action in (s.answers if s.visitor else [s.action]):
                child = game.clone()
                child.apply(action)
                grown.append((child, (*path, action) if s.visitor else path))
        now = grown
    return out


def captions(p: Position, walk: list[list[tuple[Any, tuple[str, ...]]]]) -> list[dict[str, dict[str, str]]]:
    """What the table's centre says after each step's move (engine/table.py: the trick's or the
    capture's caption, "South wins the trick: 4 + 0 + 0 + 11 = 15 points to North and South."),
    as the browser's table and log show it beside the step's text: by step, then by branch,
    then by the action played (a scripted step's, or each accepted answer of a visitor's step;
    a wrong answer is not played, so the table says nothing of it)."""
    names = Names(seats=tuple(p.seat_names), sides=tuple(p.team_names or ()))
    out: list[dict[str, dict[str, str]]] = []
    for s, before in zip(p.steps, walk):
        said: dict[str, dict[str, str]] = {}
        for game, path in before:
            for action in (s.answers if s.visitor else [s.action]):
                child = game.clone()
                explanation = child.explain(action)
                child.apply(action)
                last = {"index": len(child.history()) - 1, "action": action, "seat": s.seat,
                        "explanation": explanation}
                centre = describe_table(child, child.view(None), names, last)["centre"]
                said.setdefault(branch_key(path), {})[action] = str(centre.get("words") or "")
        out.append(said)
    return out


def scripted_texts(p: Position, step: Step, md: MarkdownFactory, shown: dict[str, dict[str, str]],
                   before: list[tuple[Any, tuple[str, ...]]],
                   words: Words | None = None) -> dict[str, str]:
    """A scripted step's one text for the log (HTML), by branch: the author's note, then only
    the engine's facts that neither the note nor the table's caption (``shown``) already says;
    a trick's count is the caption's, said once."""
    note = md.fragment(step.note or "")
    out: dict[str, str] = {}
    for game, path in before:
        e = game.explain(step.action)
        facts = name_seats(str(e.get("text", "")), p.seat_names, p.team_names)
        caption = shown.get(branch_key(path), {}).get(step.action, "")
        kept = new_facts(note, facts, mover=p.seat_names[step.seat],
                         card=str(e.get("card_name") or ""), shown=caption)
        out[branch_key(path)] = move_text(note, kept, [], (words or Words()).rule)
    return out


def answer_texts(p: Position, step: Step, anchors: dict[str, str],
                 md: MarkdownFactory, shown: dict[str, dict[str, str]] | None = None,
                 rules_page: str | None = None,
                 words: Words | None = None) -> dict[str, dict[str, str]]:
    """A visitor's step's feedback on each legal answer as one text (HTML), like a demo move's
    (sitegen/demo_text.py): the author's words (the answer's feedback, or ``correct``), then
    only the engine's facts that neither they nor the table's caption after the move
    (``shown``, :func:`captions`) already say (for a wrong answer, which is not played: what it
    would do), then the rule's link. By branch (:func:`sitegen.practice.branch_key`), then by
    action."""
    out: dict[str, dict[str, str]] = {}
    rules_page = rules_page or f"{p.game}.html"
    words = words or Words()
    for branch, told in step.answered.items():
        texts = out.setdefault(branch, {})
        for action, e in told.items():
            right = action in step.answers
            key = action if right else feedback_key(p.game, step.feedback, action, e)
            note = md.fragment(step.feedback.get(key or "") or (step.correct if right else ""))
            facts = name_seats(str(e.get("text", "")), p.seat_names, p.team_names)
            mover = p.seat_names[e["seat"]] if "seat" in e else ""
            caption = (shown or {}).get(branch, {}).get(action, "") if right else ""
            kept = new_facts(note, facts, mover=mover, card=str(e.get("card_name") or ""), shown=caption)
            if kept and not right:
                kept[0] = words.if_played.format(fact=kept[0])
            anchor = e.get("anchor")
            rules = ([{"href": f"{rules_page}#{anchor}", "title": anchors[anchor]}]
                     if anchor and anchor in anchors else [])
            texts[action] = move_text(note, kept, rules, words.rule)
    return out


def opening_table(p: Position) -> dict[str, Any]:
    """The engine's description of the position's table, as the practice table shows it
    (the visitor's seat's view; every hand in an open position or one played from two seats),
    the seat the visitor plays first at the bottom, as a player holds their own cards."""
    game = replay(p.record)
    viewer = None if p.open or len(p.seats) > 1 else p.seats[0]
    names = Names(seats=tuple(p.seat_names), sides=tuple(p.team_names or ()))
    return dict(describe_table(game, game.view(viewer), names, None, first_seat(p)))


def first_seat(p: Position) -> int:
    """The seat of the visitor's first step, at the bottom of the table; the table stays as it
    is for the visitor's other seat (practice.mjs: a table that turned under the visitor lost
    their place)."""
    return next((s.seat for s in p.steps if s.visitor), p.seats[0])


def answer_view(p: Position, md: MarkdownFactory) -> list[dict[str, Any]]:
    """The scripted continuation as readable lines, for the no-JavaScript answer: each move in
    the words the practice table's log uses (the engine's, ``table_log``)."""
    names = p.seat_names
    words = table_words(p.game)
    lines = []
    for s in p.steps:
        if s.visitor:
            lines.append({"who": names[s.seat], "what": " or ".join(words(a) for a in s.answers),
                          "html": Markup(md.fragment(s.correct))})
        else:
            lines.append({"who": names[s.seat], "what": words(s.action),
                          "html": Markup(md.fragment(s.note))})
    return lines
