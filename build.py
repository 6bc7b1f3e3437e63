#!/usr/bin/env python3
"""Build the site: content/ (Markdown) + templates/ (Jinja2) -> site/ (static files).

    python build.py                  build into site/
    python build.py --strict         warnings are errors too
    python build.py --out DIR        build into DIR instead
    python build.py serve [--port N] build, serve on 127.0.0.1:8000, rebuild and reload on change

:func:`build` is the whole pipeline, top to bottom. Content problems never raise: each step
records ``path:line: error: message`` diagnostics, and the build stops at the next check
point, prints them all, exits 1, and leaves the previous site/ untouched (it builds in a
temporary folder beside it and swaps it in only at the end).
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from markupsafe import Markup  # noqa: E402

from sitegen import cards as card_images  # noqa: E402
from sitegen.assets import Assets, copy_assets  # noqa: E402
from sitegen.components import COMPONENTS, Component, Directive  # noqa: E402
from sitegen.config import SiteConfig, load_config  # noqa: E402
from sitegen.content import GLOSSARY, Page, RenderContext, check_links, load_pages, render_page  # noqa: E402
from sitegen.diagnostics import Diagnostics  # noqa: E402
from sitegen.output import Output  # noqa: E402
from sitegen.render import NavItem, PageView, environment, render  # noqa: E402
from sitegen.runtime import Runtime, write_runtime  # noqa: E402
from sitegen.fast_runtime import write_fast_runtime, write_service_worker  # noqa: E402


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

    # 1. Configuration and content: read and check every page before writing anything.
    config = load_config(paths.config, diagnostics)
    pages = load_pages(paths.content, paths.templates, diagnostics)
    if diagnostics.failed(strict):
        return result

    output = Output(paths.out)
    try:
        # 2. Card images, first: pages show them at the size the art is drawn.
        images = card_images.write_cards(output.dir, diagnostics)
        result.cards = images.count

        # 3. Markdown -> HTML, the glossary first so other pages can link its terms.
        context = RenderContext(diagnostics, _directive_renderer(paths, diagnostics, images.size),
                                card_images.card_name, images.size)
        for page in sorted(pages, key=lambda p: p.name != GLOSSARY):
            render_page(page, context)
            if page.name == GLOSSARY:
                context.glossary_terms = {t: a for t, a in page.terms.items()}
        file_links = check_links(pages, diagnostics)
        _check_nav_labels(config, pages, diagnostics)
        if diagnostics.failed(strict):
            return result

        # 4. Static assets with hashed names; then every page through its template.
        assets = copy_assets(paths.static, output.dir, diagnostics, minify_code=not dev)
        result.assets = assets.urls
        env = environment(paths.templates)
        nav = _navigation(config, pages)
        for page in pages:
            view = _page_view(page, assets, diagnostics)
            html = render(env, page.template, {"site": config, "page": view, "nav": _current(nav, page.url),
                                               "dev": dev}, assets, diagnostics, paths.templates, page.path)
            if html is not None:
                output.write(page.url, html, by=str(page.path), diagnostics=diagnostics)
            for relative, data in page.files.items():
                output.write(relative, data, by=str(page.path), diagnostics=diagnostics)
            result.pages.append(page.url)
        if "404" not in {p.name for p in pages}:
            view = PageView("404", "404.html", "Page not found", config.description, Markup(""))
            html = render(env, "404.html", {"site": config, "page": view, "nav": nav, "dev": dev},
                          assets, diagnostics, paths.templates, "404.html")
            if html is not None:
                output.write("404.html", html, by="templates/404.html", diagnostics=diagnostics)
        output.write(".nojekyll", "", by="build.py", diagnostics=diagnostics)

        # 5. The engine's runtime: pinned Pyodide files, the engine wheel, runtime.json.
        if runtime:
            result.runtime = write_runtime(paths.root, output.dir, diagnostics)
            write_fast_runtime(paths.root, output.dir, result.runtime, diagnostics)

        # 6. Links to files of the site (images, downloads) now that everything is written.
        for page, link in file_links:
            target = link.href.split("#")[0].split("?")[0]
            if not (output.dir / target).is_file():
                diagnostics.error(page.path, link.line, f"link to '{target}', which the site does not have")

        # 7. Offline: the service worker's list of files to keep (sitegen/fast_runtime.py).
        write_service_worker(output.dir, result.runtime.pyodide_version if result.runtime else "", diagnostics)

        if diagnostics.failed(strict):
            return result
        output.commit()
        result.ok = True
        return result
    finally:
        if not result.ok:
            output.discard()
        result.seconds = time.perf_counter() - started


def _directive_renderer(paths: Paths, diagnostics: Diagnostics, card_size: tuple[int, int]):
    """``[[name: argument]]`` -> the component's HTML; its scripts/styles/files go on the page."""
    def render_directive(page: Page, name: str, argument: str, line: int) -> str:
        renderer = COMPONENTS.get(name)
        if renderer is None:
            diagnostics.error(page.path, line, f"unknown directive '{name}' "
                              f"(known: {', '.join(sorted(COMPONENTS))})")
            return ""
        directive = Directive(name, argument, page, line, paths.root, diagnostics,
                              card_images.card_name, card_size)
        try:
            component = renderer(directive)
        except Exception as err:  # a renderer's bug must still point at the content line
            diagnostics.error(page.path, line, f"[[{name}]] failed: {type(err).__name__}: {err}")
            return ""
        if not isinstance(component, Component):
            diagnostics.error(page.path, line, f"[[{name}]] renderer returned {type(component).__name__}")
            return ""
        page.scripts += [(s, line) for s in component.scripts]
        page.styles += [(s, line) for s in component.styles]
        for relative, data in component.files.items():
            page.files[relative] = data.encode("utf-8") if isinstance(data, str) else data
        return component.html
    return render_directive


def _page_view(page: Page, assets: Assets, diagnostics: Diagnostics) -> PageView:
    def urls(names: list[tuple[str, int]]) -> list[str]:
        found = []
        for name, line in names:
            if name not in assets:
                diagnostics.error(page.path, line, f"'{name}' is not a file in templates/static/")
            elif assets.url(name) not in found:
                found.append(assets.url(name))
        return found
    return PageView(page.name, page.url, page.title, page.description, Markup(page.html),
                    [t for t in page.toc if t["level"] == 2], urls(page.scripts), urls(page.styles))


def _navigation(config: SiteConfig, pages: list[Page]) -> list[NavItem]:
    listed = sorted((p for p in pages if p.nav), key=lambda p: (p.order, p.name))
    return [NavItem(config.nav_labels.get(p.name) or p.nav_title or p.title, p.url) for p in listed]


def _current(nav: list[NavItem], url: str) -> list[NavItem]:
    return [NavItem(item.label, item.url, item.url == url) for item in nav]


def _check_nav_labels(config: SiteConfig, pages: list[Page], diagnostics: Diagnostics) -> None:
    names = {p.name for p in pages}
    for name, line in config.nav_lines.items():
        if name not in names:
            diagnostics.error(config.path, line, f"navigation label for a missing page '{name}'")


def report(result: BuildResult, strict: bool = False, stream=sys.stderr) -> None:
    """Print every diagnostic, then one line saying what was built (or why not)."""
    for diagnostic in result.diagnostics.sorted():
        print(diagnostic, file=stream)
    errors, warnings = len(result.diagnostics.errors), len(result.diagnostics.warnings)
    if not result.ok:
        why = f"{errors} error{'s' * (errors != 1)}"
        if strict and warnings:
            why += f", {warnings} warning{'s' * (warnings != 1)} (--strict)"
        print(f"build failed: {why}; {result.out} is unchanged", file=stream)
        return
    parts = [f"{len(result.pages)} pages", f"{result.cards} card images", f"{len(result.assets)} assets"]
    if result.runtime and result.runtime.pyodide_version:
        parts.append(f"Pyodide {result.runtime.pyodide_version} "
                     f"({result.runtime.pyodide_bytes / 1e6:.1f} MB)")
        parts.append(f"engine wheel ({result.runtime.wheel_bytes / 1e3:.0f} KB)")
    if warnings:
        parts.append(f"{warnings} warning{'s' * (warnings != 1)}")
    print(f"built {', '.join(parts)} into {result.out} in {result.seconds:.2f} s", file=sys.stdout)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the site from content/ and templates/.")
    parser.add_argument("command", nargs="?", choices=["build", "serve"], default="build")
    parser.add_argument("--strict", action="store_true", help="treat warnings as errors")
    parser.add_argument("--out", type=Path, default=Paths.out, help="output folder (default: site/)")
    parser.add_argument("--content", type=Path, default=Paths.content, help=argparse.SUPPRESS)
    parser.add_argument("--config", type=Path, default=Paths.config, help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, default=8000, help="serve: the port (default 8000)")
    parser.add_argument("--dev", action="store_true", help=argparse.SUPPRESS)  # used by serve
    parser.add_argument("--update-budget", action="store_true",
                        help="record the shipped files' sizes in size-budget.json (wanted growth)")
    args = parser.parse_args(argv)
    paths = Paths(out=args.out.resolve(), content=args.content, config=args.config)
    if args.command == "serve":
        from sitegen.serve import serve
        return serve(paths.out, port=args.port, strict=args.strict, root=ROOT)
    result = build(paths, strict=args.strict, dev=args.dev)
    report(result, strict=args.strict)
    # Sizes of every shipped file, against size-budget.json: the budget is the real site's, so
    # a build of other content (test fixtures, --content) is not held to it.
    if result.ok and not args.dev and args.content.resolve() == Paths.content.resolve():
        from sitegen.budget import run as size_budget
        if not size_budget(ROOT, result.out, update_budget=args.update_budget, stream=sys.stdout):
            return 1
    return 0 if result.ok else 1


if __name__ == "__main__":
    sys.exit(main())
