"""A table with friends: ``[[friends]]`` becomes the page where a visitor opens a table (the
game, their seat, the computer's level for an empty chair), invites two or three friends by
a link or a QR code, and plays with them, each on their own device, peer to peer.

The HTML is the lobby, the table the play component's script draws into, the chat and the
voice button, and a no-JavaScript message; the scripts are templates/static/js/friends.mjs
and the modules it imports. The relays, STUN servers and TURN relays come from site.toml's ``[friends]``:
the page names them before it contacts them (it does only when its visitor opens or joins a
table), and its Content-Security-Policy lets it connect to the relays and nowhere else off
the site. Its data file is the play component's (seat names, levels, the rules pages'
sections) with the relays added, and each game's partnerships (the numbers of players at
which opposite seats are partners). Every game, title and number of players comes from the
engine's :class:`engine.gameinfo.GameInfo`. See docs/friends.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from markupsafe import Markup

from engine.games import INFO
from engine.i18n import seat_name

from .components import GAMES, Component, data_file
from .play import DEFAULT_LEVEL, LEVELS, SEAT_NAMES, play_data

if TYPE_CHECKING:
    from .components import Directive

SCRIPTS = ("js/friends.mjs",)
STYLES = ("css/table.css", "css/play.css", "css/friends.css")
TITLES = {g: f"{INFO[g].title} ({INFO[g].players_words})" for g in GAMES}


def render_friends(d: Directive) -> Component:
    config = d.site.config
    relays = list(config.relays) if config else []
    if not relays:
        d.error("[[friends]] needs relays: add a [friends] table with relays = [...] to site.toml")
    turn = [dict(t) for t in config.turn] if config else []
    data = {**play_data(d.index, "replay", d.page.lang), "mode": "friends", "relays": relays,
            "stun": list(config.stun) if config else [], "turn": turn,
            "partners": {g: list(INFO[g].partners_at) for g in GAMES}}
    src, text = data_file("friends", "table", data)
    html_text = d.site.render("friends.html", {
        "games": [(g, TITLES[g], list(INFO[g].players)) for g in GAMES],
        # The numbers of players a table may choose among (for a game played at more than one).
        "counts": sorted({n for g in GAMES if len(INFO[g].players) > 1 for n in INFO[g].players}),
        "seats": [seat_name(s) for s in SEAT_NAMES[4]], "levels": [(level, d.words(name)) for level, name in LEVELS],
        "default_level": DEFAULT_LEVEL,
        "relays": relays, "stun": data["stun"], "data_src": src,
        "turn": [url for t in turn for url in t["urls"]],
        "anchor": Markup(d.anchor_attrs("table", "A table with friends")),
    })
    return Component(html=html_text, scripts=SCRIPTS, styles=STYLES, files={src: text},
                     connect=tuple(relays), table=True)
