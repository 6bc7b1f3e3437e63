"""The way into a game: ``[[start: game]]`` becomes three links, Watch, Practice and Play, to
the game page's demo, practice positions and play table, beside a few of the game's cards.

On the home page it sits under each game's name; at the top of a game page it takes the
visitor straight to what the page offers further down. Only the parts the game page really
has are linked (its ``#demo``, ``#practice`` and ``#play`` sections), so a game without a
demo shows two links, and a page that has none of them is reported at the directive's line.
The links work without JavaScript (they are plain anchors).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .components import GAMES, Component
from .languages import N_

if TYPE_CHECKING:
    from .components import Directive

WAYS = (("demo", N_("way into a game", "Watch"), N_("way into a game", "a deal, card by card")),
        ("practice", N_("way into a game", "Practice"), N_("way into a game", "positions, with feedback")),
        ("play", N_("way into a game", "Play"), N_("way into a game", "against the computer")))
"""The game page's sections, in the order a newcomer takes them: anchor, verb, what (messages
of the site's catalog: start.html says them in the page's language)."""

FACE_CARDS = {"madrasso": ("7H", "KH", "AH"), "briscola": ("AS", "3S", "KC"),
              "scopa": ("7D", "7C", "KD")}
"""A few cards to show for each game: the seven of trumps and what it is swapped for; the
two carichi; the settebello and a rival seven."""


def render_start(d: Directive) -> Component:
    game = d.argument.strip().lower()
    if game not in GAMES:
        d.error(f"unknown game '{d.argument}' for [[start]] (known: {', '.join(GAMES)})")
        return Component(html="")
    if game not in d.index.pages:
        d.error(f"[[start: {game}]] links to {game}.md, which is not a page of the site")
        return Component(html="")
    sections = d.index.sections(game)
    # The sections are the English page's, and its twin's (a twin shows the same components):
    # a page in another language links the game's twin in that language, or the English page
    # (marked hreflang="en") while the game has no twin there.
    twin = d.page.lang != "en" and (d.page.path.parent / f"{game}.md").is_file()
    href = f"{d.page.lang}/{game}.html" if twin else f"{game}.html"
    ways = [{"href": f"{href}#{anchor}", "verb": verb, "what": what,
             "hreflang": "en" if d.page.lang != "en" and not twin else None}
            for anchor, verb, what in WAYS if anchor in sections]
    if not ways:
        d.error(f"{game}.md has no demo, practice or play section for [[start: {game}]] to link")
        return Component(html="")
    cards = [d.card_img(code, height=84, lazy=False) for code in FACE_CARDS[game]]
    return Component(html=d.site.render("start.html", {
        "game": game, "title": game.capitalize(), "ways": ways, "cards": cards}))
