"""The guided first game: ``[[guided: game]]`` becomes a table where the visitor plays a real
deal against the computer (at its gentlest level) with the coach at their shoulder: at each of
their turns the playable cards are lifted and the coach's card is lit with its reason, each
computer card is explained as it lands, each idea is introduced once when it first applies,
and a costly card gets a word (never a refusal). It ends in the coach's review.

Every word the coach says comes from the engine's ``guide`` op (engine/coach/guide.py); the
page (templates/static/js/guided.mjs) only draws it. The component reuses the play
component's data (sitegen/play.py ``play_data``: the seats' names, the rules page's sections)
and its table's styles. Without JavaScript it says what it is and links the plain game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from markupsafe import Markup

from engine.games import INFO

from .components import GAMES, Component, data_file
from .languages import N_
from .play import play_data

if TYPE_CHECKING:
    from .components import Directive

SCRIPTS = ("js/guided.mjs",)
STYLES = ("css/table.css", "css/play.css", "css/guided.css")
LEVEL = "random"
"""The computer's level in a guided game: the gentlest (sitegen/play.py LEVELS)."""


def render_guided(d: "Directive") -> Component:
    """The ``[[guided: game]]`` component."""
    game = d.argument.strip().lower()
    if game not in GAMES:
        d.error(f"unknown game '{d.argument}' for [[guided]] (known: {', '.join(GAMES)})")
        return Component(html="")
    info = INFO[game]
    label = d.words(N_("guided component", "Your first game of %(game)s, guided"), game=info.title)
    # A first game is one deal, not a match (the engine's one_deal setup, for a game played to
    # a match target), at the game's usual number of players.
    options: dict[str, object] = {"players": info.default_players} if len(info.players) > 1 else {}
    if info.match_target is not None:
        options["one_deal"] = True
    data = {**play_data(d.index, game, d.page.lang), "level": LEVEL, "options": options}
    src, text = data_file("guided", game, data)
    html_text = d.site.render("guided.html", {
        "game": game, "title": info.title, "data_src": src,
        "anchor": Markup(d.anchor_attrs("guided", label))})
    return Component(html=html_text, scripts=SCRIPTS, styles=STYLES, files={src: text}, table=True)
