"""Content pages: ``content/NAME.md`` becomes ``site/NAME.html``.

The format (also in docs/authoring.md)
======================================

A page is a Markdown file at the top of ``content/``. It starts with TOML front matter
between two ``+++`` lines::

    +++
    title = "Madrasso"                        # required: <title>, the page's <h1>
    description = "How to play Madrasso..."   # required: <meta name="description">
    order = 2                                 # place in the navigation (smaller first)
    nav = true                                # listed in the navigation (default true)
    template = "page.html"                    # a file in templates/ (default "page.html")
    scripts = ["js/extra.mjs"]                # optional: module scripts from templates/static/
    styles = ["css/extra.css"]                # optional: stylesheets from templates/static/
    +++

    Intro paragraph.

    ## The seven of trumps {#the-seven-of-trumps}

The template writes the ``<h1>`` from ``title``: sections start at ``##``. Give every
section heading an explicit anchor, ``{#the-seven-of-trumps}``: other pages, the demo's
notes and the engine's explanations link to these ids, so they must not change when a
heading's wording does. (A heading without one gets an id made from its text.)

The front matter's fields are declared in :data:`sitegen.schema.FRONT_MATTER`; Markdown is read
by :mod:`sitegen.markup` (the build's one Markdown factory). Its extensions: ``toc`` (ids and
the "On this page" list from ``##`` headings),
``tables``, ``attr_list`` (``{#id .class}`` on headings, definition terms, images...),
``def_list`` (``Term {#term}`` then ``:   definition``: the glossary's shape), ``admonition``
(``!!! note "Title"``), ``md_in_html``, ``fenced_code`` and ``smarty`` (curly quotes and
dashes, always on).

Links between pages name the source file: ``[carichi](glossary.md#carichi)``. The build
rewrites them to ``glossary.html#carichi`` (relative, so the site works under any sub-path)
and checks that the page and the anchor exist. ``[x](#anchor)`` links within the page and
is checked too. Links to other files of the site (``cards/KC.svg``) are checked against the
built site. ``http(s):`` and ``mailto:`` links are left alone.

Components are directives alone on a line::

    [[gallery: toscane]]      the 40 cards of the pack, with their names
    [[demo: madrasso]]        the annotated demo deal (section #demo)
    [[practice: madrasso]]    practice positions (section #practice)
    [[play: briscola]]        a game against the computer (section #play)

See :mod:`sitegen.components` for what each renders and how to add one. ``:KC:`` in text is
a small inline card image named "king of clubs".

Translations: ``content/it/NAME.md`` is the Italian twin of ``content/NAME.md``, built to
``it/NAME.html`` (:mod:`sitegen.languages`). In a twin, ``[x](briscola.md)`` goes to the
Italian twin when there is one (the English page otherwise), ``[x](../briscola.md#play)`` to
the English page on purpose; both are checked like any link.

Glossary terms: on ``content/glossary.md`` (a twin: ``content/it/glossary.md``, for its own
language's pages) every definition-list term (``<dt>``) and every
heading of the deepest level (``###`` terms under ``##`` groups) with an id is a term; the
first mention of a term on another page, written exactly as in the glossary (case matters:
"briscola" the trump suit, not "Briscola" the game), outside headings, links and code, links
to it; a term marked ``{#re .nolink}`` is defined but never linked by itself (a word too
common: "re", "tre").

Errors (``path:line: error: message``) stop the build and leave site/ as it was: bad or
unclosed front matter, a missing or mistyped key, an unknown template, an unknown or
malformed directive, a link to a missing page or anchor, a duplicate anchor. Warnings
(``path:line: warning:``), fatal under ``--strict``: an image without alt text, an unknown
front matter key, an ``<h1>`` in the body.
"""

from __future__ import annotations

import difflib
import re
import xml.etree.ElementTree as etree
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import markdown
from markdown.extensions import Extension
from markdown.treeprocessors import Treeprocessor

from engine.source import Source, SourceError, parse, read_text

from .diagnostics import Diagnostics, FileReport
from .languages import N_
from .markup import SCHEME, MarkdownFactory, page_href
from .schema import FRONT_MATTER

FRONT_MATTER_FENCE = "+++"
NAME = re.compile(r"^[a-z0-9][a-z0-9-]*$")
DIRECTIVE = re.compile(r"^\[\[\s*([A-Za-z][\w-]*)\s*(?::\s*(.*?))?\s*\]\]\s*$")
FENCE = re.compile(r"^\s*(```|~~~)")
ID_ATTR = re.compile(r"""\sid\s*=\s*["']([^"']+)["']""")
HEADING = re.compile(r"^#{1,6}\s+(?P<title>.*?)\s*\{[^}]*#(?P<id>[A-Za-z][\w-]*)[^}]*\}\s*$")
ANY_ID = re.compile(r"\{[^}\n]*#(?P<id>[A-Za-z][\w-]*)[^}\n]*\}")
_STASHED = re.compile("\x02[^\x03]*\x03")  # Markdown's placeholders (smart quotes...)
GLOSSARY = "glossary"
TABLE_LABEL = N_("table", "Table")   # a table's name, from the site's catalog (sitegen/i18n.py)


@dataclass
class Link:
    href: str
    line: int


@dataclass(frozen=True)
class Section:
    """An anchor the page's source writes: ``## The seven of trumps {#the-seven-of-trumps}``."""

    anchor: str
    title: str          # the heading's plain text (an anchor off a heading: the id in words)
    heading: bool
    line: int


@dataclass
class Page:
    """One content page, from its source to its rendered body."""

    name: str                 # "madrasso"
    path: Path                # content/madrasso.md (its Italian twin: content/it/madrasso.md)
    source: str
    lang: str = "en"          # the page's language: "it" for content/it/*.md
    body: str = ""            # the Markdown after the front matter
    body_line: int = 1        # the file line of the body's first line
    front_matter: str = ""
    title: str = ""
    description: str = ""
    order: int = 100
    nav: bool = True
    nav_title: str | None = None
    template: str = "page.html"
    template_line: int = 1
    scripts: list[tuple[str, int]] = field(default_factory=list)  # (asset, line)
    styles: list[tuple[str, int]] = field(default_factory=list)
    connect: list[str] = field(default_factory=list)  # its components' connect-src origins
    has_table: bool = False   # a component on it is a table (Component.table)
    front: Source | None = None     # the front matter, parsed, with its lines
    sections: list[Section] = field(default_factory=list)  # every {#id} written, in order
    # filled by render_page
    html: str = ""
    toc: list[dict[str, Any]] = field(default_factory=list)
    anchors: set[str] = field(default_factory=set)
    links: list[Link] = field(default_factory=list)
    files: dict[str, bytes] = field(default_factory=dict)  # extra site files from components
    terms: dict[str, str] = field(default_factory=dict)    # glossary page: term text -> id

    @property
    def url(self) -> str:
        """From the top of the site: ``madrasso.html``; the Italian twin ``it/madrasso.html``."""
        return f"{self.name}.html" if self.lang == "en" else f"{self.lang}/{self.name}.html"

    def line_of(self, needle: str, nth: int = 0) -> int:
        """The body line of the ``nth`` occurrence of ``needle`` (0: the first; past the last
        occurrence, the last one's line; the body's first line if there is none)."""
        found = self.body_line
        seen = 0
        for number, text in enumerate(self.body.splitlines()):
            count = text.count(needle) if needle else 0
            if count:
                found = self.body_line + number
                if seen + count > nth:
                    return found
                seen += count
        return found


# ---------------------------------------------------------------------------- loading

def load_pages(content_dir: Path, templates_dir: Path, diagnostics: Diagnostics,
               lang: str = "en") -> list[Page]:
    """Every ``content/*.md`` with its front matter read and checked (``lang``: the pages of
    a language's folder, ``content/it/*.md``)."""
    if lang != "en":
        if not content_dir.is_dir():
            return []
        pages = [p for p in (read_page(path, templates_dir, diagnostics, lang)
                             for path in sorted(content_dir.glob("*.md"))) if p is not None]
        return pages
    if not content_dir.is_dir():
        diagnostics.error(content_dir, None, "the content folder is missing")
        return []
    sources = sorted(content_dir.glob("*.md"))
    if not sources:
        diagnostics.error(content_dir, None, "no pages: add content/index.md")
    pages = []
    for path in sources:
        page = read_page(path, templates_dir, diagnostics)
        if page is not None:
            pages.append(page)
    return pages


def read_page(path: Path, templates_dir: Path, diagnostics: Diagnostics,
              lang: str = "en") -> Page | None:
    try:
        source = read_text(path)
    except SourceError as err:
        diagnostics.source_error(err)
        return None
    page = Page(name=path.stem, path=path, source=source, lang=lang)
    if not NAME.match(page.name):
        diagnostics.error(path, None, f"page file names are lower-case letters, digits and '-': "
                          f"rename '{path.name}'")
        return None
    lines = source.splitlines()
    if not lines or lines[0].strip() != FRONT_MATTER_FENCE:
        diagnostics.error(path, 1, "a page starts with TOML front matter between two '+++' "
                          "lines (title and description at least)")
        return None
    close = next((i for i in range(1, len(lines)) if lines[i].strip() == FRONT_MATTER_FENCE), None)
    if close is None:
        diagnostics.error(path, 1, "the front matter is not closed: add a '+++' line after it")
        return None
    page.front_matter = "\n".join(lines[1:close])
    page.body = "\n".join(lines[close + 1:])
    page.body_line = close + 2
    try:
        page.front = parse(page.front_matter, "toml", str(path), first_line=2, root_line=1,
                           what="the front matter")
    except SourceError as err:
        diagnostics.source_error(err)
        return None
    report = FileReport(diagnostics, path, page.front)
    values = FRONT_MATTER.read(page.front.data, report)
    for key in ("title", "description", "order", "nav", "nav_title", "template"):
        setattr(page, key, values[key])
    page.template_line = page.front.line("template")
    page.scripts = [(name, page.front.line(("scripts", i))) for i, name in enumerate(values["scripts"])]
    page.styles = [(name, page.front.line(("styles", i))) for i, name in enumerate(values["styles"])]
    if report.count:
        return None
    if not (templates_dir / page.template).is_file():
        known = sorted(p.name for p in templates_dir.glob("*.html") if p.name != "base.html")
        diagnostics.error(path, page.template_line,
                          f"unknown template '{page.template}' (templates: {', '.join(known)})")
        return None
    page.sections = outline(page.body, page.body_line)
    return page


def outline(body: str, first_line: int = 1) -> list[Section]:
    """Every ``{#id}`` a page's Markdown writes (fenced code aside), with its heading's text."""
    sections, fence = [], None
    for number, line in enumerate(body.splitlines(), first_line):
        if (m := FENCE.match(line)) is not None:
            fence = None if fence == m.group(1) else (fence or m.group(1))
        if fence is not None:
            continue
        if (m := HEADING.match(line)) is not None:
            sections.append(Section(m.group("id"), _plain(m.group("title")), True, number))
            continue
        for m in ANY_ID.finditer(line):
            words = m.group("id").replace("-", " ").capitalize()
            sections.append(Section(m.group("id"), words, False, number))
    return sections


def _plain(markdown_title: str) -> str:
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", markdown_title)
    return re.sub(r"[*_`]", "", text).strip()


# ---------------------------------------------------------------------------- rendering

@dataclass
class RenderContext:
    """What rendering a page needs from the rest of the build."""

    diagnostics: Diagnostics
    markdown: MarkdownFactory
    render_directive: Callable[[Page, str, str, int], str]  # -> HTML (see components)
    glossary_terms: dict[str, str] = field(default_factory=dict)  # term -> anchor
    glossary_by_lang: dict[str, dict[str, str]] = field(default_factory=dict)
    """Another language's glossary terms (its twin of glossary.md), for its pages."""
    words: Callable[[str, tuple[str, str]], str] = lambda lang, pair: pair[1]
    """A message of the site's catalog in a language (sitegen/languages.py)."""
    pages_by_lang: dict[str, set[str]] = field(default_factory=dict)
    """The names of each language's pages: an Italian page's link goes to the Italian twin
    when there is one, to the English page otherwise."""

    def page_link(self, page: Page, href: str) -> str:
        """A link of ``page``'s Markdown as the built page writes it, from the top of the
        site (sitegen/languages.py then makes it relative to the page's folder)."""
        built = page_href(href)
        if page.lang == "en" or SCHEME.match(built):
            return built
        path, hash_, fragment = built.partition("#")
        if not path:
            return built
        if path.startswith("../") and path.endswith(".html") and "/" not in path[3:]:
            return path[3:] + hash_ + fragment   # ../madrasso.md: the English page, on purpose
        if path.endswith(".html") and "/" not in path:
            name = path[:-5]
            if name in self.pages_by_lang.get(page.lang, set()):
                return f"{page.lang}/{path}{hash_}{fragment}"
        return built


def render_page(page: Page, ctx: RenderContext) -> None:
    """Markdown to HTML, with directives expanded and links rewritten (checked later)."""
    body, placeholders = _expand_directives(page, ctx)

    def on_card(text: str) -> None:  # the four-colour choice for the page's inline cards
        if not any(name == "js/cards.mjs" for name, _ in page.scripts):
            page.scripts.append(("js/cards.mjs", page.line_of(text)))

    md = ctx.markdown.converter(_SiteExtension(page, ctx), on_card=on_card)
    html = md.convert(body)
    for token, component_html in placeholders.items():
        html = html.replace(f"<p>{token}</p>", component_html).replace(token, component_html)
    page.html = html
    page.toc = getattr(md, "toc_tokens", [])
    _collect_anchors(page, ctx.diagnostics)


def _expand_directives(page: Page, ctx: RenderContext) -> tuple[str, dict[str, str]]:
    """Replace each directive line with a placeholder paragraph; render the components."""
    out: list[str] = []
    placeholders: dict[str, str] = {}
    fence: str | None = None
    for number, line in enumerate(page.body.splitlines()):
        lineno = page.body_line + number
        if (m := FENCE.match(line)) is not None:
            fence = None if fence == m.group(1) else (fence or m.group(1))
        if fence is None and line.lstrip().startswith("[[") and not line.startswith("    "):
            m = DIRECTIVE.match(line.strip())
            if m is None:
                ctx.diagnostics.error(page.path, lineno, "malformed directive: write "
                                      "'[[name: argument]]' alone on its line")
                out.append("")
                continue
            token = f"SITEGENCOMPONENT{len(placeholders):04d}X"
            placeholders[token] = ctx.render_directive(page, m.group(1), m.group(2) or "", lineno)
            out.extend(["", token, ""])  # keep it a block of its own; line count is irrelevant now
            continue
        out.append(line)
    return "\n".join(out), placeholders


def _collect_anchors(page: Page, diagnostics: Diagnostics) -> None:
    seen: set[str] = set()
    for anchor in ID_ATTR.findall(page.html):
        if anchor in seen:
            diagnostics.error(page.path, page.line_of("#" + anchor),
                              f"duplicate anchor '#{anchor}': ids must be unique on a page")
        seen.add(anchor)
    page.anchors = seen


class _SiteExtension(Extension):
    def __init__(self, page: Page, ctx: RenderContext):
        super().__init__()
        self.page, self.ctx = page, ctx

    def extendMarkdown(self, md: markdown.Markdown) -> None:  # noqa: N802 (Markdown's API)
        md.treeprocessors.register(_SiteTree(md, self), "site_tree", 1)  # after toc (5)


class _SiteTree(Treeprocessor):
    """Rewrites page links, checks images, tidies tables, links glossary terms."""

    def __init__(self, md: markdown.Markdown, ext: _SiteExtension):
        super().__init__(md)
        self.page, self.ctx = ext.page, ext.ctx

    def run(self, root: etree.Element) -> None:
        page, diagnostics = self.page, self.ctx.diagnostics
        parents = {child: parent for parent in root.iter() for child in parent}
        heading = ""  # the text of the last section heading, in document order
        occurrences: dict[str, int] = {}  # href -> links seen so far, to find each one's line

        def line(href: str) -> int:
            nth = occurrences.get(href, 0)
            occurrences[href] = nth + 1
            return page.line_of(f"({href}", nth) if f"({href}" in page.body else page.line_of(href, nth)
        for elem in list(root.iter()):
            if elem.tag in ("h2", "h3"):
                heading = _STASHED.sub("", "".join(elem.itertext())).strip()
            if elem.tag == "a" and elem.get("href") is not None:
                href = elem.get("href", "")
                page.links.append(Link(href, line(href)))
                built = self.ctx.page_link(page, href)
                elem.set("href", built)
                if page.lang != "en" and re.match(r"^[\w-]+\.html(#|$)", built):
                    elem.set("hreflang", "en")   # a twin's link to an English page
            elif elem.tag == "img":
                if not (elem.get("alt") or "").strip() and elem.get("role") != "presentation":
                    src = elem.get("src", "")
                    diagnostics.warning(page.path, page.line_of(src),
                                        f"image '{src}' has no alt text: describe it in ![...]")
                src = elem.get("src", "")
                if SCHEME.match(src) and not src.startswith("data:"):
                    diagnostics.error(page.path, line(src), f"image '{src}' is not a file of the site: "
                                      "pages load nothing from elsewhere (copy it into the site)")
                elif src and not elem.get("data-card"):
                    page.links.append(Link(src, line(src)))
            elif elem.tag == "h1":
                diagnostics.warning(page.path, page.line_of(elem.text or "# "),
                                    "the template writes the page's h1 from 'title': "
                                    "start sections at '##'")
            elif elem.tag in ("th", "td") and (style := elem.get("style")):
                align = re.search(r"text-align:\s*(left|right|center)", style)
                del elem.attrib["style"]  # the CSP forbids inline styles
                if align:
                    elem.set("class", f"align-{align.group(1)}")
            elif elem.tag == "table" and elem in parents:
                parent = parents[elem]
                # Focusable so a keyboard can scroll a wide table; a region named by its columns.
                columns = [_STASHED.sub("", "".join(th.itertext())).strip() for th in elem.iter("th")]
                table = self.ctx.words(page.lang, TABLE_LABEL)
                label = f"{table}: " + ", ".join(c for c in columns if c) if any(columns) else table
                if label in {d.get("aria-label") for d in root.iter("div")} and heading:
                    label += f" ({heading})"
                wrap = etree.Element("div", {"class": "table-wrap", "tabindex": "0",
                                             "role": "region", "aria-label": label})
                index = list(parent).index(elem)
                parent.remove(elem)
                wrap.append(elem)
                wrap.tail, elem.tail = elem.tail, None
                parent.insert(index, wrap)
        # Each language's pages link the terms of that language's glossary.
        terms = (self.ctx.glossary_terms if page.lang == "en"
                 else self.ctx.glossary_by_lang.get(page.lang, {}))
        if terms and page.name != GLOSSARY:
            link_glossary_terms(root, terms, "" if page.lang == "en" else f"{page.lang}/")
        if page.name == GLOSSARY:
            # Terms: definition-list terms, or the deepest level of headings (### under ## groups).
            levels = [int(e.tag[1]) for e in root.iter() if e.tag in ("h2", "h3", "h4")]
            term_tags = {"dt"} | ({f"h{max(levels)}"} if levels else set())
            for elem in root.iter():
                # {#re .nolink}: a term too common a word to link by itself ("re", "tre")
                if elem.tag in term_tags and elem.get("id") and "nolink" not in (elem.get("class") or ""):
                    text = _STASHED.sub("", "".join(elem.itertext())).strip()
                    if text:
                        page.terms[text] = elem.get("id", "")


# ---------------------------------------------------------------------------- glossary terms

_SKIP_TAGS = {"a", "code", "pre", "h1", "h2", "h3", "h4", "h5", "h6", "dt", "img", "script",
              "kbd", "samp", "summary"}


def link_glossary_terms(root: etree.Element, terms: dict[str, str], folder: str = "") -> None:
    """Link the first mention of each glossary term on the page to its definition (in
    ``folder``'s glossary: ``it/`` for the Italian pages)."""
    if not terms:
        return
    # Longest first, so "alla furlana" wins over "furlana".
    ordered = sorted(terms, key=len, reverse=True)
    # Case matters: "briscola" (the trump suit) is a term, "Briscola" (the game) is not.
    pattern = re.compile(r"(?<![\w-])(" + "|".join(re.escape(t) for t in ordered) + r")(?![\w-])")
    lower = dict(terms)
    done: set[str] = set()

    def split(text: str) -> tuple[str, list[etree.Element]] | None:
        """The text before the first mention of a term, and each first mention as an <a>
        whose tail is the text up to the next one; None when the text mentions no new term."""
        head, last = "", 0
        links: list[etree.Element] = []
        for m in pattern.finditer(text):
            anchor = lower.get(m.group(1))
            if anchor is None or anchor in done:
                continue
            done.add(anchor)
            a = etree.Element("a", {"href": f"{folder}{GLOSSARY}.html#{anchor}", "class": "term"})
            a.text = m.group(1)
            if links:
                links[-1].tail = text[last: m.start()]
            else:
                head = text[last: m.start()]
            links.append(a)
            last = m.end()
        if not links:
            return None
        links[-1].tail = text[last:]
        return head, links

    def insert(elem: etree.Element, index: int, links: list[etree.Element]) -> None:
        """Insert the <a> elements as children from ``index``."""
        for i, a in enumerate(links):
            elem.insert(index + i, a)

    def walk(elem: etree.Element) -> None:
        if elem.tag in _SKIP_TAGS or "component" in (elem.get("class") or ""):
            return
        if elem.text and (found := split(elem.text)) is not None:
            elem.text, links = found
            insert(elem, 0, links)
        for child in list(elem):
            walk(child)
            if child.tail and (found := split(child.tail)) is not None:
                child.tail, links = found
                insert(elem, list(elem).index(child) + 1, links)

    walk(root)


# ---------------------------------------------------------------------------- link checks

def check_links(pages: list[Page], diagnostics: Diagnostics) -> list[tuple[Page, Link]]:
    """Check links to pages and anchors; return links to other site files (checked later)."""
    by_lang: dict[str, dict[str, Page]] = {}
    for page in pages:
        by_lang.setdefault(page.lang, {})[page.name] = page
    files: list[tuple[Page, Link]] = []
    for page in pages:
        # An Italian page's link names its twin when there is one, the English page otherwise.
        by_name = {**by_lang.get("en", {}), **by_lang.get(page.lang, {})}
        for link in page.links:
            href = link.href
            if SCHEME.match(href) or not href:
                continue
            path, _, fragment = href.partition("#")
            if page.lang != "en" and path.startswith("../") and "/" not in path[3:]:
                path, by_name = path[3:], by_lang.get("en", {})   # the English page, on purpose
            if path.endswith((".md", ".html")) and "/" not in path:
                name = path.rsplit(".", 1)[0]
                target = by_name.get(name)
                if target is None:
                    hint = _did_you_mean(name, by_name, ".md")
                    diagnostics.error(page.path, link.line,
                                      f"link to a missing page '{path}'{hint}")
                    continue
            elif path:
                files.append((page, link))
                continue
            else:
                target = page
            if fragment and fragment not in target.anchors:
                hint = _did_you_mean(fragment, target.anchors, "", prefix="#")
                where = f"'{target.path.name}'" if target is not page else "this page"
                diagnostics.error(page.path, link.line,
                                  f"{where} has no anchor '#{fragment}'{hint}")
    return files


def _did_you_mean(word: str, choices: Any, suffix: str, prefix: str = "") -> str:
    match = difflib.get_close_matches(word, list(choices), 1, cutoff=0.75)
    return f" (did you mean '{prefix}{match[0]}{suffix}'?)" if match else ""
