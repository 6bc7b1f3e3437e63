"""``[[practice: madrasso]]``: every practice position of the game, in ``order``.

Each position renders as a readable no-JavaScript version (the question, the cards, the answer
behind a disclosure), and the data the browser's practice table
(templates/static/js/practice.mjs) plays through the engine worker, as a JSON data file. The
positions come checked from the site index (:mod:`sitegen.practice`); their texts are Markdown,
through the build's one Markdown factory.
"""

from __future__ import annotations

import copy
from typing import Any

from markupsafe import Markup

from engine.cards import CARD_TEXT, CARDS, POINTS
from engine.record import replay

from .components import Component, Directive, data_file
from .markup import MarkdownFactory
from .practice import GAMES, Position

SCRIPTS = ("js/practice.mjs",)
STYLES = ("css/table.css", "css/practice.css")


def render_practice(d: Directive) -> Component:
    """The ``[[practice: game]]`` component: every position of the game, in order."""
    game = d.argument.strip().lower()
    if game not in GAMES:
        d.error(f"unknown game '{d.argument}' for [[practice]] (known: {', '.join(GAMES)})")
        return Component(html="")
    positions = d.index.positions.get(game, [])
    if not positions:
        d.warning(f"no practice positions for {game} in content/practice/ "
                  f'(files with game = "{game}")')
    anchors = d.index.rule_sections(game)
    md = d.markdown
    src, data = data_file("practice", game, game_data(positions, game, anchors, md))
    views = [{"p": p, "n": n, "open": opening_view(p, d), "answer": answer_view(p, md),
              "question": Markup(md.fragment(p.question)),
              "closing": Markup(md.fragment(p.closing)),
              "rules": [{"href": f"{game}.html#{a}", "title": anchors.get(a, a)} for a in p.rules]}
             for n, p in enumerate(positions, 1)]
    html_text = d.site.render("practice.html", {"game": game, "positions": views, "data_src": src})
    return Component(html=html_text, scripts=SCRIPTS, styles=STYLES, files={src: data})


def game_data(positions: list[Position], game: str, anchors: dict[str, str],
              md: MarkdownFactory) -> dict[str, Any]:
    return {
        "game": game,
        "rules_page": f"{game}.html",
        "cards": {code: {"name": CARDS[i].name, "points": POINTS[i]}
                  for i, code in enumerate(CARD_TEXT)},
        "positions": [position_data(p, anchors, md) for p in positions],
    }


def position_data(p: Position, anchors: dict[str, str], md: MarkdownFactory) -> dict[str, Any]:
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
        "question": md.fragment(p.question),
        "rules": [{"anchor": a, "title": anchors.get(a, a), "href": f"{p.game}.html#{a}"}
                  for a in p.rules],
        "steps": [
            ({"seat": s.seat, "visitor": True, "answers": s.answers,
              "correct": md.fragment(s.correct),
              "feedback": {k: md.fragment(v) for k, v in s.feedback.items()}}
             if s.visitor else
             {"seat": s.seat, "visitor": False, "action": s.action, "note": md.fragment(s.note)})
            for s in p.steps
        ],
        "closing": md.fragment(p.closing),
    }


def opening_view(p: Position, d: Directive) -> dict[str, Any]:
    """The table when the position opens, for the no-JavaScript version."""
    game = replay(p.record)
    obs = game.observation(None)
    names = p.seat_names
    facts: list[str] = []
    piles: list[dict[str, Any]] = []
    shown = list(range(game.num_players)) if p.open else p.seats

    def card(code: str, who: str | None = None) -> dict[str, str]:
        return {"code": code, "name": d.card_name(code), "who": who or ""}

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


def answer_view(p: Position, md: MarkdownFactory) -> list[dict[str, Any]]:
    """The scripted continuation as readable lines, for the no-JavaScript answer."""
    names = p.seat_names
    lines = []
    for s in p.steps:
        if s.visitor:
            answers = " or ".join(_action_words(a) for a in s.answers)
            lines.append({"who": names[s.seat], "what": answers,
                          "html": Markup(md.fragment(s.correct))})
        else:
            lines.append({"who": names[s.seat], "what": _action_words(s.action),
                          "html": Markup(md.fragment(s.note))})
    return lines


def _action_words(action: str) -> str:
    if action == "swap":
        return "swaps the seven of trumps for the turned-up card"
    parts = action.split()
    words = f"the {CARDS[CARD_TEXT.index(parts[0])].name}"
    if len(parts) > 2:
        taken = [CARDS[CARD_TEXT.index(c)].name for c in parts[2:]]
        words += " taking the " + " and the ".join(taken)
    return words
