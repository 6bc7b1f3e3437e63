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
from .translated import Translations, check_translations

COMPONENT_ANCHORS = {"demo", "practice", "play"}
"""Sections that hold the interactive parts, not rules: not a position's rules."""
TEMPLATES = Path(__file__).resolve().parent.parent / "templates"
MARKDOWN_LINK = re.compile(r"\]\((\.\./)?([\w-]+)\.md(?:#([\w-]+))?\)")


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
    twins: dict[str, dict[str, Page]] = field(default_factory=dict)
    """Each other language's pages, by name (``content/it/*.md``)."""
    translations: dict[str, Translations] = field(default_factory=dict)
    """Each other language's texts of the demos and positions (:mod:`sitegen.translated`)."""

    def pages_in(self, lang: str) -> dict[str, Page]:
        """The pages a text of ``lang`` links: its twins, the English pages where it has none."""
        return self.pages if lang == "en" else {**self.pages, **self.twins.get(lang, {})}

    def sections(self, page: str, lang: str = "en") -> dict[str, str]:
        """Anchor -> title of every ``{#id}`` a page writes (``{}`` for no such page); in
        ``lang``, its twin's (the English page's while it has none)."""
        found: dict[str, str] = {}
        pages = self.pages_in(lang)
        for section in pages[page].sections if page in pages else []:
            if section.heading:
                found[section.anchor] = section.title
            else:
                found.setdefault(section.anchor, section.title)
        return found

    def rule_sections(self, game: str, lang: str = "en") -> dict[str, str]:
        """Anchor -> title of the sections of a game's rules page that state rules (in
        ``lang``: its twin's titles)."""
        page = self.pages_in(lang).get(game)
        return {s.anchor: s.title for s in page.sections if s.heading
                and s.anchor not in COMPONENT_ANCHORS} if page else {}

    def link_problems(self, markdown: str | None, lang: str = "en") -> list[str]:
        """What is wrong with a text's links to pages (``glossary.md#cappotto``): a missing
        page, or a section its page does not write (in ``lang``: its twin, and
        ``../glossary.md`` the English page on purpose)."""
        found = []
        for back, name, anchor in MARKDOWN_LINK.findall(markdown or ""):
            pages = self.pages if back else self.pages_in(lang)
            if name not in pages:
                found.append(f"link to '{back}{name}.md', which is not a page of the site")
            elif anchor and not any(s.anchor == anchor for s in pages[name].sections):
                found.append(f"link to '{name}.md#{anchor}': {name}.md has no section #{anchor}")
        return found


def build_index(content: Path, pages: list[Page], diagnostics: Diagnostics,
                twins: list[Page] | None = None, languages: tuple[str, ...] = (),
                complete: bool = False) -> SiteIndex:
    """Index the pages; read and check every demo deal and practice position once, and each
    language's texts of them (``twins``: the other languages' pages, which their links name;
    ``complete``: site.toml's twins_complete, a missing text twin then a warning)."""
    index = SiteIndex(content, {page.name: page for page in pages})
    for twin in twins or []:
        index.twins.setdefault(twin.lang, {})[twin.name] = twin
    demo_paths = sorted((content / "demos").glob("*.toml"))
    index.demo_files = [path.stem for path in demo_paths]
    for path in demo_paths:
        if (demo := check_demo(path, index, diagnostics)) is not None:
            index.demos[path.stem] = demo
    index.positions = check_positions(index, diagnostics)
    index.translations = check_translations(index, languages, diagnostics, complete)
    return index


def read_index(content: Path, diagnostics: Diagnostics, *, templates: Path = TEMPLATES,
               check: bool = True) -> SiteIndex:
    """A content folder loaded and indexed, as the build does before rendering (``check=False``:
    the pages' sections only, no demo or position read)."""
    pages = load_pages(content, templates, diagnostics)
    if check:
        return build_index(content, pages, diagnostics)
    return SiteIndex(content, {page.name: page for page in pages})
