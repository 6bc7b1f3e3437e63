"""Components: what a ``[[name: argument]]`` line in a page becomes.

A component is one function from a :class:`Directive` (the name, the argument, the page,
the line, the :class:`Site` it is rendered for, and helpers) to a :class:`Component` (the
HTML, plus the scripts and styles the page then needs, plus any extra files to write into the
site). A component is a pure renderer: what it needs to know of the site (a page's sections,
a demo or the practice positions, all read and checked with the engine before any page is
rendered) it asks ``d.index`` (:class:`sitegen.index.SiteIndex`); it renders Markdown with
``d.markdown`` and its template with ``d.site.render``, the build's one Markdown factory and
one Jinja environment. Adding one is one function and one line in :data:`COMPONENTS`::

    # sitegen/demo.py
    from sitegen.components import Component, Directive

    def render_demo(d: Directive) -> Component:
        demo = d.index.demos.get(d.argument)
        if demo is None:
            d.error(f"no demo deal for '{d.argument}'")      # path:line: error: ...
        return Component(
            html=d.site.render("demo.html", {"demo": demo}),
            scripts=("js/demo.mjs",),                       # from templates/static/
            styles=("css/demo.css",),
            files={"demos/madrasso.json": "{...}"},         # written to site/demos/...
        )

    # sitegen/components.py, in COMPONENTS:
    "demo": lazy("sitegen.demo", "render_demo"),

Rules: the HTML is trusted (escape what you interpolate, :func:`html.escape` or
``markupsafe``); it must contain no inline ``<script>``, ``style=`` or ``on...=`` attributes
(the pages' Content-Security-Policy forbids them); URLs inside are relative to the site root
(all pages sit at the top of site/, so ``cards/KC.svg`` works from every page); report
problems with ``d.error``/``d.warning`` instead of raising. Scripts are loaded as
``<script type="module" src=... >`` at the end of <head> (modules are deferred), once per
page however many components ask for them. Content between the component and the rest of
the page stays readable without JavaScript: render a useful no-JS fallback.

Built in: ``gallery`` (the 40 cards of the pack, each image named "king of clubs"), and
section placeholders for ``demo``, ``practice`` and ``play`` (ids #demo, #practice,
#play, or labelled by the page's heading when it already carries that id: see
:meth:`Directive.anchor_attrs`), each with a plain no-JavaScript message, until their
richer renderers arrive.
"""

from __future__ import annotations

import hashlib
import html
import importlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import jinja2

from engine.games import NAMES

from .diagnostics import Diagnostics
from .languages import N_
from .markup import MarkdownFactory, venetian_name

if TYPE_CHECKING:
    from .config import SiteConfig
    from .content import Page
    from .index import SiteIndex

SUITS = (("C", "Clubs"), ("D", "Diamonds"), ("H", "Hearts"), ("S", "Spades"))
RANKS = "A234567JQK"
GAMES = NAMES
"""The games, by name (engine/games.py keeps the one list)."""
DECKS = {"toscane": "Toscane", "venetian": "Venetian"}
"""The packs a gallery can show (sitegen/cards.py draws them), and their names."""


@dataclass
class Component:
    html: str
    scripts: tuple[str, ...] = ()
    styles: tuple[str, ...] = ()
    files: dict[str, str | bytes] = field(default_factory=dict)
    connect: tuple[str, ...] = ()
    """Origins off the site the page's scripts may connect to (its CSP's connect-src): the
    friends' table's relays. Every other page connects to its own origin only."""
    table: bool = False
    """A table with its words beside it (the demo, practice, play): its page is laid out wider
    for it, its list of sections above the text (the page's ``has-table`` class)."""


@dataclass
class Site:
    """What every component renders with: one of each for the whole build."""

    index: SiteIndex
    markdown: MarkdownFactory
    templates: jinja2.Environment
    diagnostics: Diagnostics
    config: SiteConfig | None = None
    """site.toml (the friends' table reads its relays there)."""
    words: Callable[[str, tuple[str, str]], str] = lambda lang, message: message[1]
    """A message of the site's catalog in a language (:meth:`sitegen.languages.Languages.gettext`)."""

    def render(self, template: str, context: dict[str, object]) -> str:
        """``templates/components/<template>`` with ``context``: a part of a page, so without
        the template file's final newline."""
        text = self.templates.get_template(f"components/{template}").render(**context)
        return text.removesuffix("\n")


@dataclass
class Directive:
    """One ``[[name: argument]]`` line, and what a renderer may use."""

    name: str
    argument: str
    page: Page
    line: int
    site: Site
    index: SiteIndex = field(init=False)          # = site.index
    markdown: MarkdownFactory = field(init=False)  # = site.markdown

    def __post_init__(self) -> None:
        self.index, self.markdown = self.site.index, self.site.markdown

    def error(self, message: str, line: int | None = None) -> None:
        self.site.diagnostics.error(self.page.path, line or self.line, message)

    def warning(self, message: str, line: int | None = None) -> None:
        self.site.diagnostics.warning(self.page.path, line or self.line, message)

    def card_name(self, code: str) -> str:
        return self.site.markdown.card_name(code)

    def words(self, pair: tuple[str, str], **values: object) -> str:
        """A message of the site's catalog (``N_(context, text)``, sitegen/languages.py) in the
        page's language, its ``%(name)s`` filled: plain text, to escape where it is written."""
        text = self.site.words(self.page.lang, pair)
        return text % values if values else text

    def anchor_attrs(self, anchor: str, label: str) -> str:
        """Attributes naming a component's section: ``id="demo"`` and an aria-label, or, when
        the page already gives that id to a heading (``## Watch a deal {#demo}``), an
        ``aria-labelledby`` pointing at that heading instead (ids must stay unique)."""
        if any(section.anchor == anchor for section in self.page.sections):
            return f'aria-labelledby="{html.escape(anchor)}"'
        return f'id="{html.escape(anchor)}" aria-label="{html.escape(label)}"'

    def card_img(self, code: str, *, height: int | None = None, css_class: str = "card",
                 lazy: bool = True, deck: str | None = None) -> str:
        """An <img> of one card ("KC") with its accessible name; height in CSS pixels. It
        shows the visitor's deck (js/cards.mjs), or always ``deck`` when one is given."""
        width, full = self.site.markdown.card_size
        height = height or full
        if deck == "venetian":
            src, name, extra = f"cardsv/{code}.svg", venetian_name(code), ' data-deck="venetian"'
        else:
            src, name = f"cards/{code}.svg", self.card_name(code)
            extra = (' data-deck="toscane"' if deck else
                     f' data-alt-venetian="{html.escape(venetian_name(code))}"')
        attrs = (f'class="{html.escape(css_class)}" src="{src}" '
                 f'alt="{html.escape(name)}" width="{round(width * height / full)}" '
                 f'height="{height}" data-card="{code}"{extra}')
        loading = ' loading="lazy"' if lazy else ""
        return f'<img {attrs}{loading} decoding="async">'


def data_file(kind: str, name: str, data: object) -> tuple[str, str]:
    """A component's data as a file of its own, fetched by its script when needed (the page
    stays light): ``(site path with a content hash, JSON text)``. The element that points at it
    carries ``data-src="<site path>"``; the service worker keeps it with the other files."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:10]
    return f"data/{kind}-{name}.{digest}.json", text


Renderer = Callable[[Directive], Component]


def lazy(module: str, function: str) -> Renderer:
    """A renderer imported on first use (keeps this module free of import cycles)."""
    def render(directive: Directive) -> Component:
        renderer: Renderer = getattr(importlib.import_module(module), function)
        return renderer(directive)
    render.__name__ = function
    return render


# ---------------------------------------------------------------------------- built-ins

GALLERY_LABEL = {"toscane": N_("card gallery", "The 40 cards of the Toscane pack"),
                 "venetian": N_("card gallery", "The 40 cards of the Venetian pack")}
"""The gallery's name, by pack (messages of the site's catalog)."""


def gallery(d: Directive) -> Component:
    """The whole pack, suit by suit, every card an image named like "king of clubs" (in the
    Venetian pack, "king of batons"; on an Italian page "re di fiori", "re di bastoni"):
    ``[[gallery: toscane]]`` or ``[[gallery: venetian]]``. The suits' and ranks' words are the
    engine's (:func:`engine.cards.naming`, in the page's language); the headings' ids stay the
    English suit's (``#gallery-clubs``), so a twin's anchors are the English page's.
    Its pictures stay in its pack; the controls above it set the visitor's choices."""
    from engine.cards import DECKS as PACKS
    from engine.cards import Card, Deck, naming

    written = d.argument.strip().lower() or "toscane"
    deck: Deck = next((pack for pack in PACKS if pack == written), "toscane")
    if written not in DECKS:
        d.error(f"unknown pack '{d.argument}' for the gallery (known: {', '.join(DECKS)})")

    label = d.words(GALLERY_LABEL[deck])
    parts = ['<section class="component card-gallery" id="gallery" '
             f'aria-label="{html.escape(label)}">',
             '<div class="four-colour-toggle" data-four-colour-toggle hidden></div>']
    for suit, _ in SUITS:
        with naming(deck, "en"):
            slug = Card.parse("A" + suit).suit.noun.lower()
        with naming(deck, d.page.lang):  # type: ignore[arg-type]
            suit_name = Card.parse("A" + suit).suit.noun
            labels = [Card.parse(rank + suit).rank.word for rank in RANKS]
        suit_name = suit_name[:1].upper() + suit_name[1:]
        parts.append(f'<h3 id="gallery-{slug}">{html.escape(suit_name)}</h3>')
        parts.append(f'<ul class="card-row" aria-labelledby="gallery-{slug}">')
        for rank, word in zip(RANKS, labels):
            code = rank + suit
            parts.append(f'<li>{d.card_img(code, height=132, deck=deck)}'
                         f'<span class="card-label" aria-hidden="true">{html.escape(word)}</span></li>')
        parts.append("</ul>")
    parts.append("</section>")
    return Component(html="\n".join(parts), scripts=("js/cards.mjs",))


_FALLBACK = {
    "demo": ("The demo deal", "The interactive demo needs JavaScript; "
             "the rules on this page are complete without it."),
    "practice": ("Practice", "The practice positions need JavaScript; "
                 "the rules on this page are complete without it."),
    "play": ("Play against the computer", "Playing against the computer needs JavaScript; "
             "the rules on this page are complete without it."),
}


def section_placeholder(d: Directive) -> Component:
    """A section with the component's anchor and a plain no-JavaScript message."""
    game = d.argument.strip().lower()
    if game not in GAMES:
        d.error(f"unknown game '{d.argument}' for [[{d.name}]] (known: {', '.join(GAMES)})")
    label, fallback = _FALLBACK[d.name]
    return Component(html=(
        f'<section class="component component-{d.name}" {d.anchor_attrs(d.name, label)} '
        f'data-component="{d.name}" data-game="{html.escape(game)}">\n'
        f'<p class="component-fallback">{html.escape(fallback)}</p>\n</section>'))


COMPONENTS: dict[str, Renderer] = {
    "gallery": gallery,
    "demo": lazy("sitegen.demo", "render_demo"),
    "practice": lazy("sitegen.practice_view", "render_practice"),
    "play": lazy("sitegen.play", "render_play"),
    "guided": lazy("sitegen.guided", "render_guided"),
    "friends": lazy("sitegen.friends", "render_friends"),
    "start": lazy("sitegen.start", "render_start"),
}
"""Directive name -> renderer. Add a component here (see the module docstring)."""
