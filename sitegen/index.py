"""The site index: what pages may refer to, read and checked before any page is rendered.

The build runs in MkDocs' order: load every file, index the whole site here, render, write.
The index holds every page with its sections (each ``{#id}`` its Markdown writes, with the
heading's text), every demo deal in ``content/demos/`` and every practice position in
``content/practice/``, each replayed with the engine once, whether a page shows it or not, its
problems reported at its own ``path:line``. Components ask it for what they need
(``index.sections("madrasso")``, ``index.demos["madrasso"]``, ``index.positions["scopa"]``)
and read no file themselves.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from .content import Page, load_pages
from .demo import Demo, check_demo
from .diagnostics import Diagnostics
from .practice import Position, check_positions

COMPONENT_ANCHORS = {"demo", "practice", "play"}
"""Sections that hold the interactive parts, not rules: not a position's rules."""
TEMPLATES = Path(__file__).resolve().parent.parent / "templates"
MARKDOWN_LINK = re.compile(r"\]\(([\w-]+)\.md(?:#([\w-]+))?\)")


@dataclass
class SiteIndex:
    content: Path
    pages: dict[str, Page] = field(default_factory=dict)
    demos: dict[str, Demo] = field(default_factory=dict)
    """The demo deals that replay cleanly, by name (``content/demos/NAME.toml``)."""
    demo_files: list[str] = field(default_factory=list)
    """Every demo's name, the broken ones too (they are reported at their own lines)."""
    positions: dict[str, list[Position]] = field(default_factory=dict)
    """The practice positions that check, by game, in their ``order``."""

    def sections(self, page: str) -> dict[str, str]:
        """Anchor -> title of every ``{#id}`` a page writes (``{}`` for no such page)."""
        found: dict[str, str] = {}
        for section in self.pages[page].sections if page in self.pages else []:
            if section.heading:
                found[section.anchor] = section.title
            else:
                found.setdefault(section.anchor, section.title)
        return found

    def rule_sections(self, game: str) -> dict[str, str]:
        """Anchor -> title of the sections of a game's rules page that state rules."""
        page = self.pages.get(game)
        return {s.anchor: s.title for s in page.sections if s.heading
                and s.anchor not in COMPONENT_ANCHORS} if page else {}

    def link_problems(self, markdown: str | None) -> list[str]:
        """What is wrong with a text's links to pages (``glossary.md#cappotto``): a missing
        page, or a section its page does not write."""
        found = []
        for name, anchor in MARKDOWN_LINK.findall(markdown or ""):
            if name not in self.pages:
                found.append(f"link to '{name}.md', which is not a page of the site")
            elif anchor and not any(s.anchor == anchor for s in self.pages[name].sections):
                found.append(f"link to '{name}.md#{anchor}': {name}.md has no section #{anchor}")
        return found


def build_index(content: Path, pages: list[Page], diagnostics: Diagnostics) -> SiteIndex:
    """Index the pages; read and check every demo deal and practice position once."""
    index = SiteIndex(content, {page.name: page for page in pages})
    demo_paths = sorted((content / "demos").glob("*.toml"))
    index.demo_files = [path.stem for path in demo_paths]
    for path in demo_paths:
        if (demo := check_demo(path, index, diagnostics)) is not None:
            index.demos[path.stem] = demo
    index.positions = check_positions(index, diagnostics)
    return index


def read_index(content: Path, diagnostics: Diagnostics, *, templates: Path = TEMPLATES,
               check: bool = True) -> SiteIndex:
    """A content folder loaded and indexed, as the build does before rendering (``check=False``:
    the pages' sections only, no demo or position read)."""
    pages = load_pages(content, templates, diagnostics)
    if check:
        return build_index(content, pages, diagnostics)
    return SiteIndex(content, {page.name: page for page in pages})
