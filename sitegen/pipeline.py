"""The whole build, top to bottom, in MkDocs' order: load, index, render, write.

1. **Load** site.toml and every page's front matter (:mod:`sitegen.config`,
   :mod:`sitegen.content`).
2. **Index** the whole site (:mod:`sitegen.index`): every page's sections, every demo deal and
   practice position read and replayed with the engine once.
3. **Render** every page's Markdown, components asking the index for what they need, with the
   build's one Markdown factory (:mod:`sitegen.markup`) and one Jinja environment
   (:mod:`sitegen.render`); then check the links between pages.
4. **Write** card images, static assets, the pages through their templates, the engine's
   runtime and the service worker into a temporary folder beside the output
   (:mod:`sitegen.output`), swapped in only at the end.

Content problems never raise: each step records ``path:line: error: message`` diagnostics,
and the build stops at the next check point with site/ as it was.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from markupsafe import Markup

from engine.i18n import speaking

from . import cards as card_images
from .assets import Assets, copy_assets
from .components import COMPONENTS, Component, Directive, Site
from .config import SiteConfig, load_config
from .content import GLOSSARY, Link, Page, RenderContext, check_links, load_pages, render_page
from .diagnostics import Diagnostics
from .fast_runtime import write_fast_runtime, write_service_worker
from .i18n import LANGS, LANGUAGE_NAMES, check_catalogs, write_engine_catalogs, write_scripts_catalogs
from .index import build_index
from .languages import N_, Languages, relativize
from .markup import MarkdownFactory
from .output import Output
from .practice import Position
from .render import NavItem, PageView, environment, import_map, render
from .runtime import Runtime, write_runtime
from .vendor import bundle_vendor

ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Paths:
    root: Path = ROOT
    content: Path = ROOT / "content"
    templates: Path = ROOT / "templates"
    config: Path = ROOT / "site.toml"
    out: Path = ROOT / "site"

    @property
    def static(self) -> Path:
        return self.templates / "static"


@dataclass
class BuildResult:
    ok: bool
    diagnostics: Diagnostics
    out: Path
    seconds: float = 0.0
    pages: list[str] = field(default_factory=list)
    cards: int = 0
    assets: dict[str, str] = field(default_factory=dict)
    runtime: Runtime | None = None


def build(paths: Paths = Paths(), *, strict: bool = False, dev: bool = False,
          runtime: bool = True) -> BuildResult:
    """Build the whole site into ``paths.out``; the result says whether it worked and why not."""
    started = time.perf_counter()
    diagnostics = Diagnostics()
    result = BuildResult(ok=False, diagnostics=diagnostics, out=paths.out)
    try:
        # 1. Load.
        config = load_config(paths.config, diagnostics)
        english = load_pages(paths.content, paths.templates, diagnostics)
        # The other languages: content/it/*.md, each page the twin of an English one, and
        # the message catalogs (locale/, sitegen/i18n.py) complete for them.
        catalogs = check_catalogs(paths.root, diagnostics, paths.config) if config.languages else {}
        languages = Languages(("en", *config.languages), catalogs)
        pages = list(english)
        for lang in config.languages:
            pages += load_pages(paths.content / lang, paths.templates, diagnostics, lang=lang)
        for page in pages:
            languages.pages.setdefault(page.lang, set()).add(page.name)
        _check_twins(config, english, pages, languages, diagnostics)
        if diagnostics.failed(strict):
            return result
        # 2. Index (the English pages: the components' sections and the demos they show).
        index = build_index(paths.content, english, diagnostics,
                            [p for p in pages if p.lang != "en"], tuple(config.languages),
                            config.twins_complete)
        # 3. Render: the glossary first, so other pages can link its terms.
        cards = card_images.draw_cards(diagnostics)  # pages show them at the art's size
        markdown = MarkdownFactory(card_images.card_name, cards.size)
        site = Site(index, markdown, environment(paths.templates), diagnostics, config,
                    words=languages.gettext)
        context = RenderContext(diagnostics, markdown, _directive_renderer(site),
                                pages_by_lang=languages.pages, words=languages.gettext)
        for page in sorted(pages, key=lambda p: (p.lang != "en", p.name != GLOSSARY)):
            # The page's words: the templates' (Jinja2's i18n), the cards' names (the engine's)
            site.templates.install_gettext_translations(  # type: ignore[attr-defined]
                languages.translations(page.lang), newstyle=True)
            with speaking(page.lang):  # type: ignore[arg-type]
                render_page(page, context)
            if page.name == GLOSSARY and page.lang == "en":
                context.glossary_terms = dict(page.terms)
            elif page.name == GLOSSARY:
                context.glossary_by_lang[page.lang] = dict(page.terms)
        file_links = check_links(pages, diagnostics)
        _check_nav_labels(config, english, diagnostics)
        if diagnostics.failed(strict):
            return result
        # 4. Write.
        if config.languages:
            write_engine_catalogs(paths.root, languages.catalogs, diagnostics)
            write_scripts_catalogs(paths.root, languages.catalogs, diagnostics)
        _write(paths, result, config, pages, site, cards, file_links, languages, strict=strict,
               dev=dev, runtime=runtime)
        return result
    finally:
        result.seconds = time.perf_counter() - started


def _write(paths: Paths, result: BuildResult, config: SiteConfig, pages: list[Page], site: Site,
           cards: card_images.CardImages, file_links: list[tuple[Page, Link]],
           languages: Languages, *, strict: bool, dev: bool, runtime: bool) -> None:
    diagnostics = result.diagnostics
    output = Output(paths.out)
    try:
        for relative, data in cards.files.items():
            output.write(relative, data, by="sitegen/card_art.py", diagnostics=diagnostics)
        result.cards = cards.count

        # Static assets with hashed names; then every page through its template.
        assets = copy_assets(paths.static, output.dir, diagnostics, minify_code=not dev,
                             extra=bundle_vendor(paths.root, diagnostics))
        result.assets = assets.urls
        english = [p for p in pages if p.lang == "en"]
        # The progress block's games per language (kinds and positions named in its words).
        progress = {lang: _progress_games(site, english, languages, lang)
                    for lang in {p.lang for p in pages}}
        for page in pages:
            nav = _navigation(config, english, languages, page.lang)
            view = _page_view(page, assets, diagnostics, languages)
            site.templates.install_gettext_translations(  # type: ignore[attr-defined]
                languages.translations(page.lang), newstyle=True)
            html = render(site.templates, page.template, {"site": config, "page": view,
                          "nav": _current(nav, page.url), "dev": dev,
                          "progress_games": progress[page.lang]}, assets, diagnostics,
                          paths.templates, page.path)
            if html is not None:
                # written from the top of the site; an Italian page's URLs from it/
                output.write(page.url, relativize(html, page.url), by=str(page.path),
                             diagnostics=diagnostics)
            for relative, data in page.files.items():
                # a twin showing the same data shares its file (Output.write)
                output.write(relative, data, by=str(page.path), diagnostics=diagnostics)
            result.pages.append(page.url)
        if "404" not in {p.name for p in pages}:
            site.templates.install_gettext_translations(  # type: ignore[attr-defined]
                languages.translations("en"), newstyle=True)
            nav = _navigation(config, english, languages, "en")
            view = PageView("404", "404.html", "Page not found", config.description, Markup(""))
            others = [{"lang": code, "url": languages.url("index", code),
                       **{key: languages.gettext(code, pair) for key, pair in NOT_FOUND.items()}}
                      for code in languages.codes if code != "en"]
            html = render(site.templates, "404.html", {"site": config, "page": view, "nav": nav,
                          "dev": dev, "other_languages": others}, assets, diagnostics,
                          paths.templates, "404.html")
            if html is not None:
                output.write("404.html", html, by="templates/404.html", diagnostics=diagnostics)
        output.write(".nojekyll", "", by="build.py", diagnostics=diagnostics)

        # The engine's runtime: pinned Pyodide files, the engine wheel, runtime.json.
        if runtime:
            result.runtime = write_runtime(paths.root, output.dir, diagnostics)
            write_fast_runtime(paths.root, output.dir, result.runtime, diagnostics)

        # Links to files of the site (images, downloads) now that everything is written.
        for page, link in file_links:
            target = link.href.split("#")[0].split("?")[0]
            if not (output.dir / target).is_file():
                diagnostics.error(page.path, link.line, f"link to '{target}', which the site does not have")

        # Offline: the service worker's list of files to keep (sitegen/fast_runtime.py).
        write_service_worker(output.dir, result.runtime.pyodide_version if result.runtime else "", diagnostics)

        if not diagnostics.failed(strict):
            output.commit()
            result.ok = True
    finally:
        if not result.ok:
            output.discard()


def _directive_renderer(site: Site) -> Callable[[Page, str, str, int], str]:
    """``[[name: argument]]`` -> the component's HTML; its scripts/styles/files go on the page."""
    def render_directive(page: Page, name: str, argument: str, line: int) -> str:
        renderer = COMPONENTS.get(name)
        if renderer is None:
            site.diagnostics.error(page.path, line, f"unknown directive '{name}' "
                                   f"(known: {', '.join(sorted(COMPONENTS))})")
            return ""
        try:
            component = renderer(Directive(name, argument, page, line, site))
        except Exception as err:  # a renderer's bug must still point at the content line
            site.diagnostics.error(page.path, line, f"[[{name}]] failed: {type(err).__name__}: {err}")
            return ""
        if not isinstance(component, Component):
            site.diagnostics.error(page.path, line,
                                   f"[[{name}]] renderer returned {type(component).__name__}")
            return ""
        page.scripts += [(s, line) for s in component.scripts]
        page.styles += [(s, line) for s in component.styles]
        page.connect += [c for c in component.connect if c not in page.connect]
        page.has_table = page.has_table or component.table
        for relative, data in component.files.items():
            page.files[relative] = data.encode("utf-8") if isinstance(data, str) else data
        return component.html
    return render_directive


SKIP_TO_DEMO = N_("skip link", "Skip to the demo")
NOT_FOUND = {
    "title": N_("page not found", "Page not found"),
    "text": N_("page not found", "There is no page at this address."),
    "link": N_("page not found", "Go to the home page in English"),
}
"""The 404's words in each other language (one 404.html serves every missing path, /it/...
too): the English ids name English, each language's translation names itself ("Vai alla
pagina iniziale in italiano")."""


def _page_view(page: Page, assets: Assets, diagnostics: Diagnostics,
               languages: Languages | None = None) -> PageView:
    def urls(names: list[tuple[str, int]]) -> list[str]:
        found = []
        for name, line in names:
            if name not in assets:
                diagnostics.error(page.path, line, f"'{name}' is not a file in templates/static/")
            elif assets.url(name) not in found:
                found.append(assets.url(name))
        return found
    # The demo is far down the Tab order (after the menu and the page's list of sections).
    languages = languages or Languages()
    skip = languages.gettext(page.lang, SKIP_TO_DEMO)
    skips = [("demo", skip)] if any(s.anchor == "demo" for s in page.sections) else []
    return PageView(page.name, page.url, page.title, page.description, Markup(page.html),
                    [t for t in page.toc if t["level"] == 2], urls(page.scripts), urls(page.styles),
                    list(page.connect), skips, page.has_table, lang=page.lang,
                    alternates=languages.alternates(page.name),
                    switch=languages.switch(page.name, page.lang),
                    offer=languages.offer(page.name, page.lang),
                    home_url=languages.url("index", page.lang),
                    importmap=import_map(page.url, page.lang, assets, LANGS))


def _progress_games(site: Site, pages: list[Page], languages: Languages,
                    lang: str = "en") -> list[dict[str, object]]:
    """What templates/components/progress.html shows per game (a rules page of the site):
    its title, its page and its practice positions' ids, in their order; and its kinds of
    mistake (engine/coach/kinds.py), each with the first position that teaches it. In
    another language the kinds are the engine's words in it, a position's title its text
    twin's, and the pages the twins (URLs from the top of the site, made relative later);
    the ids stay the same, so progress kept on a page of one language shows on the other."""
    from engine.coach.kinds import kinds_of
    from engine.games import INFO

    names = {p.name: (p.url if lang == "en" else languages.url(p.name, lang)) for p in pages}
    translated = site.index.translations.get(lang) if lang != "en" else None

    def title(position: Position) -> str:
        twin = translated.positions.get(position.id) if translated else None
        return twin.title if twin else position.title

    def kinds(game: str) -> list[dict[str, object]]:
        positions = site.index.positions.get(game, [])
        out: list[dict[str, object]] = []
        for k in kinds_of(game):
            teacher = next((p for p in positions if k.id in p.teaches), None)
            with speaking(lang):  # type: ignore[arg-type]
                words = k.to_json()
            out.append({**words, "practice": teacher.id if teacher else None,
                        "practice_title": title(teacher) if teacher else None})
        return out

    return [{"game": g, "title": info.title, "url": names[g],
             "positions": [p.id for p in site.index.positions.get(g, [])], "kinds": kinds(g)}
            for g, info in INFO.items() if g in names]


def _navigation(config: SiteConfig, pages: list[Page], languages: Languages,
                lang: str = "en") -> list[NavItem]:
    """The menu, in the English pages' order; in another language each label is the
    catalog's (site.toml's [nav] labels are messages of the site's catalog) and each link
    goes to the twin, or to the English page (marked hreflang="en") while there is none."""
    listed = sorted((p for p in pages if p.nav), key=lambda p: (p.order, p.name))
    items = []
    for p in listed:
        label = config.nav_labels.get(p.name)
        if lang != "en":
            label = languages.gettext(lang, ("navigation", label)) if label else None
        url = languages.url(p.name, lang) if lang != "en" else p.url
        hreflang = None if lang == "en" or languages.has(p.name, lang) else "en"
        items.append(NavItem(label or p.nav_title or p.title, url, hreflang=hreflang))
    return items


def _current(nav: list[NavItem], url: str) -> list[NavItem]:
    return [NavItem(item.label, item.url, item.url == url, item.hreflang) for item in nav]


def _check_twins(config: SiteConfig, english: list[Page], pages: list[Page], languages: Languages,
                 diagnostics: Diagnostics) -> None:
    """Each page of another language is the twin of an English page; an English page without
    its twin is a note while site.toml's ``twins_complete`` is false, a warning (fatal under
    --strict) once it is true."""
    names = {p.name for p in english}
    for page in pages:
        if page.lang != "en" and page.name not in names:
            diagnostics.error(page.path, 1, f"'{page.path.name}' has no English original "
                              f"content/{page.path.name}: a translated page is the twin of one")
    for lang in config.languages:
        for page in english:
            if page.name == "404" or languages.has(page.name, lang):
                continue
            name = LANGUAGE_NAMES.get(lang, lang)
            message = (f"no {name} twin yet: write content/{lang}/{page.path.name} (its "
                       f"language switch links the {name} home page meanwhile)")
            if config.twins_complete:
                diagnostics.warning(page.path, 1, message)
            else:
                diagnostics.note(page.path, 1, message)


def _check_nav_labels(config: SiteConfig, pages: list[Page], diagnostics: Diagnostics) -> None:
    names = {p.name for p in pages}
    for name in config.nav_labels:
        if name not in names:
            diagnostics.error(config.path, config.nav_line(name),
                              f"navigation label for a missing page '{name}'")
