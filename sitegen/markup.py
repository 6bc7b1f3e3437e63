"""The one Markdown factory of the build: pages and the short texts inside components.

A page (:mod:`sitegen.content`) and a practice question or a demo note are written the same
way, so they are read the same way: the same extensions (``toc``, ``tables``, ``attr_list``,
``def_list``, ``admonition``, ``md_in_html``, ``fenced_code``, ``smarty``), ``:KC:`` as the same
inline card image (24 px high, as wide as the card art's proportions make it, named "king of
clubs"), and links to other pages' sources (``glossary.md#cappotto``) rewritten to the built
pages (``glossary.html#cappotto``).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as etree
from collections.abc import Callable

import markdown
from markdown.extensions import Extension
from markdown.inlinepatterns import InlineProcessor
from markdown.treeprocessors import Treeprocessor

from .cards import card_name


def venetian_name(code: str) -> str:
    """A card's name in the Venetian deck's words ("QH" -> "horse of cups"), the engine's."""
    return card_name(code, "venetian")

EXTENSIONS = ["toc", "tables", "attr_list", "def_list", "admonition", "md_in_html",
              "fenced_code", "smarty"]
CARD_CODE = r":([A2-7JQK][CDHS]):"
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^//")
INLINE_CARD_HEIGHT = 24


def page_href(href: str) -> str:
    """``glossary.md#carichi`` -> ``glossary.html#carichi``; anything else unchanged."""
    if SCHEME.match(href):
        return href
    path, hash_, fragment = href.partition("#")
    if path.endswith(".md"):
        path = path[:-3] + ".html"
    return path + hash_ + fragment


class MarkdownFactory:
    """Markdown converters for the whole build, all alike."""

    def __init__(self, card_name: Callable[[str], str], card_size: tuple[int, int] = (60, 90)):
        self.card_name, self.card_size = card_name, card_size
        self._fragments: markdown.Markdown | None = None

    def converter(self, *extensions: Extension,
                  on_card: Callable[[str], None] | None = None) -> markdown.Markdown:
        """A converter with the site's extensions and ``extensions`` (a page's own checks);
        ``on_card(":KC:")`` is told of every inline card."""
        return markdown.Markdown(extensions=[*EXTENSIONS, _Cards(self, on_card), *extensions],
                                 extension_configs={"toc": {"toc_depth": "2-3"}},
                                 output_format="html")

    def fragment(self, text: str | None) -> str:
        """The HTML of a short text inside a component (its links rewritten, not checked:
        :meth:`sitegen.index.SiteIndex.link_problems` checks them when the file is read)."""
        if not text:
            return ""
        if self._fragments is None:
            self._fragments = self.converter(_Links())
        self._fragments.reset()
        return self._fragments.convert(text.strip())

    def inline_card(self, code: str) -> etree.Element:
        width, height = self.card_size
        return etree.Element("img", {
            "class": "card-inline", "src": f"cards/{code}.svg", "alt": self.card_name(code),
            "width": str(round(width * INLINE_CARD_HEIGHT / height)),
            "height": str(INLINE_CARD_HEIGHT), "data-card": code,
            # the name while the visitor's deck is the Venetian (js/cards.mjs swaps it in)
            "data-alt-venetian": venetian_name(code),
        })


class _Cards(Extension):
    def __init__(self, factory: MarkdownFactory, on_card: Callable[[str], None] | None):
        super().__init__()
        self.factory, self.on_card = factory, on_card

    def extendMarkdown(self, md: markdown.Markdown) -> None:  # noqa: N802 (Markdown's API)
        md.inlinePatterns.register(_CardPattern(CARD_CODE, self), "site_cards", 100)


class _CardPattern(InlineProcessor):
    def __init__(self, pattern: str, ext: _Cards):
        super().__init__(pattern)
        self.ext = ext

    # Markdown's InlineProcessor changes Pattern's handleMatch signature (its stubs say so with
    # the same ignore), so an override of it cannot match both.
    def handleMatch(self, m: re.Match[str], data: str  # type: ignore[override]  # noqa: N802
                    ) -> tuple[etree.Element, int, int]:
        if self.ext.on_card is not None:
            self.ext.on_card(m.group(0))
        return self.ext.factory.inline_card(m.group(1)), m.start(0), m.end(0)


class _Links(Extension):
    def extendMarkdown(self, md: markdown.Markdown) -> None:  # noqa: N802
        md.treeprocessors.register(_LinkTree(md), "site_links", 1)


class _LinkTree(Treeprocessor):
    def run(self, root: etree.Element) -> None:
        for a in root.iter("a"):
            if a.get("href") is not None:
                a.set("href", page_href(a.get("href", "")))
