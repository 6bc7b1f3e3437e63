"""Play against the computer: ``[[play: game]]`` becomes a card table where the visitor sits
South and the engine's computer players take the other seats.

``[[play: madrasso]]`` (a match with a computer partner), ``[[play: briscola]]`` (one deal
against the computer) and ``[[play: scopa]]`` (a match for 2, 3 or 4 players) render the same
component, its words and numbers from the game's :class:`engine.gameinfo.GameInfo`: the controls (the computer's level, the number of players for
Scopa, a new game), the table the browser's engine drives (templates/static/js/play.mjs, every
rule decided by the Python engine in the worker), and a plain message for readers without
JavaScript. ``[[play: replay]]`` is the replay page's viewer: it loads the record a shared
link carries in its fragment (``replay.html#r=<base64url JSON record>``) and steps through
it. The data block gives the script the game's names and the rules page's section titles,
so that every explanation can link the rule it quotes. See docs/play.md.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

from markupsafe import Markup

from engine.coach.words import DEFAULT_SEAT_NAMES
from engine.gameinfo import GameInfo
from engine.games import INFO
from engine.i18n import seat_name

from .components import GAMES, Component, data_file
from .languages import N_

if TYPE_CHECKING:
    from .components import Directive
    from .index import SiteIndex

SCRIPTS = ("js/play.mjs",)
STYLES = ("css/table.css", "css/play.css")
TEMPLATE = "play.html"

SEAT_NAMES = {players: list(names) for players, names in DEFAULT_SEAT_NAMES.items()}
TEAM_NAMES = {g: list(INFO[g].team_names) for g in GAMES if INFO[g].team_names}
LEVELS = (("random", N_("computer level", "Beginner (random cards)")),
          ("greedy", N_("computer level", "Club player (sensible habits)")),
          ("expert", N_("computer level", "Expert (thinks ahead)")))
"""The computer's levels and their names (the site's catalog: a page says them in its language)."""
AGAINST = N_("play component", "%(game)s against the computer")
REPLAY = N_("play component", "Replay a game")
LEVEL_SAID = N_("play component", "The computer now plays at the %(level)s level.")
DEFAULT_LEVEL = "greedy"



def game_facts(info: GameInfo) -> dict[str, Any]:
    """What the play component says of a game: its title and its numbers of players."""
    return {"title": AGAINST, "players": list(info.players),
            "default_players": info.default_players}


GAME_FACTS: dict[str, dict[str, Any]] = {g: game_facts(INFO[g]) for g in GAMES}


def play_data(index: SiteIndex, game: str, lang: str = "en") -> dict[str, Any]:
    """The JSON the browser's table reads (``lang``: the page's; the rules' section titles are
    its twin's)."""
    games = [game] if game != "replay" else list(GAMES)
    return {
        "mode": "replay" if game == "replay" else "play",
        "game": game,
        # Every game this site plays (engine/gameinfo.py's, via GAMES): a saved game or a replay
        # link is checked against these, not against a list the page's script writes again.
        "games": list(GAMES),
        # The seats in the page's language (the engine's words: the page is rendered speaking it).
        "seat_names": {n: [seat_name(name) for name in names] for n, names in SEAT_NAMES.items()},
        "team_names": TEAM_NAMES,
        "levels": [level for level, _ in LEVELS],
        "default_level": DEFAULT_LEVEL,
        "players": {g: GAME_FACTS[g]["players"] for g in games},
        "default_players": {g: GAME_FACTS[g]["default_players"] for g in games},
        "rules": {g: {"page": INFO[g].rules_page, "sections": index.sections(g, lang)} for g in games},
        "replay_page": "replay.html",
    }


def render_play(d: "Directive") -> Component:
    """The ``[[play: game]]`` component (or ``[[play: replay]]``, the shared-link viewer)."""
    game = d.argument.strip().lower()
    if game not in GAMES and game != "replay":
        d.error(f"unknown game '{d.argument}' for [[play]] (known: {', '.join(GAMES)}, "
                "or replay for the replay page)")
        return Component(html="")
    facts = GAME_FACTS.get(game)
    label = d.words(AGAINST, game=INFO[game].title) if facts else d.words(REPLAY)
    levels = [(level, d.words(name)) for level, name in LEVELS]
    src, data = data_file("play", game, play_data(d.index, game, d.page.lang))
    html_text = d.site.render(TEMPLATE, {
        "game": game, "facts": facts, "levels": levels, "default_level": DEFAULT_LEVEL,
        # What the page says when the level changes (on each option, data-said), written here
        # with the levels' names rather than put together by play.mjs.
        "level_said": {level: d.words(LEVEL_SAID, level=name) for level, name in levels},
        "anchor": Markup(d.anchor_attrs("play", label) if facts else f'aria-label="{html.escape(label)}"'),
        "data_src": src})
    return Component(html=html_text, scripts=SCRIPTS, styles=STYLES, files={src: data}, table=True)
