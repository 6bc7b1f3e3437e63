"""Jinja2: the templates in templates/ turn a page's HTML into a whole document.

Templates get ``site`` (site.toml), ``page`` (title, description, content, toc, scripts,
styles...), ``nav`` (label, url, current), ``asset("css/style.css")`` (the hashed URL),
``csp`` (the Content-Security-Policy for the <meta> tag, with the hash of the page's import map)
and ``dev`` (true under ``build.py serve``, which adds the reload script). Autoescaping is on; undefined names are
errors. A template error is reported as ``templates/NAME.html:LINE: error: ...``.

:func:`environment` is the build's one Jinja environment: the page templates and the
components' (``templates/components/``, through :meth:`sitegen.components.Site.render`).
"""

from __future__ import annotations

import base64
import hashlib
import json
import posixpath
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup

from .assets import Assets
from .diagnostics import Diagnostics

def csp(connect: list[str] | tuple[str, ...] = (), inline: Iterable[str] = ()) -> Markup:
    """A page's Content-Security-Policy (a <meta> tag, so static hosts need no header set-up).
    No inline script or style, no eval; 'wasm-unsafe-eval' lets Pyodide compile its WebAssembly.
    ``connect``: the origins off the site its components connect to (the friends' table's
    relays); every other page connects to its own origin only. ``inline``: the exact text of
    the page's inline scripts the build wrote (its import map), allowed by their hash alone."""
    hashes = [f"'sha256-{base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()}'" for text in inline]
    return Markup("; ".join([
        "default-src 'self'",
        " ".join(["script-src 'self' 'wasm-unsafe-eval'", *hashes]),
        "worker-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        " ".join(["connect-src 'self'", *connect]),
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'none'",
    ]))


CSP = csp()
"""The policy of every page without a component that connects off the site."""

DEV_SCRIPT = "__dev/reload.js"


def import_map(page_url: str, lang: str, assets: Assets, catalogs: Iterable[str]) -> str | None:
    """The page's import map (the exact text of its ``<script type="importmap">``), or None.

    js/words.mjs imports every language's catalog of the page scripts' words statically
    (``catalogs``: words-it.mjs...), so every page script stays synchronous and runs in its
    order; a page in another language maps each of them to its own (an English page: the empty
    words-en.mjs), so it never downloads a catalog it does not read. A browser without import
    maps downloads them all and still reads the page's language. Written relative to the
    page's folder, as the import map's own URLs are resolved against the page."""
    own = f"js/words-{lang}.mjs"
    others = [f"js/words-{code}.mjs" for code in catalogs if code != lang]
    if own not in assets or not any(name in assets for name in others):
        return None
    folder = posixpath.dirname(page_url) or "."

    def url(name: str) -> str:
        relative = posixpath.relpath(assets.url(name), folder)
        return relative if relative.startswith("../") else "./" + relative
    return json.dumps({"imports": {url(name): url(own) for name in others if name in assets}},
                      separators=(",", ":"), sort_keys=True)


@dataclass
class NavItem:
    label: str
    url: str
    current: bool = False
    hreflang: str | None = None
    """The language of the page it links when not the page's own (a twin not written yet)."""


@dataclass
class PageView:
    """What a template sees as ``page``."""

    name: str
    url: str
    title: str
    description: str
    content: Markup
    toc: list[dict[str, Any]] = field(default_factory=list)
    scripts: list[str] = field(default_factory=list)   # hashed URLs
    styles: list[str] = field(default_factory=list)
    connect: list[str] = field(default_factory=list)   # connect-src origins off the site
    skip_links: list[tuple[str, str]] = field(default_factory=list)
    """(anchor, words) of the links the keyboard reaches first, after "Skip to the content"."""
    has_table: bool = False
    """A demo, practice or play table is on the page (sets its ``has-table`` class)."""
    lang: str = "en"
    alternates: list[tuple[str, str]] = field(default_factory=list)
    """(lang, URL) of the page in every language that has it (``hreflang`` alternates)."""
    switch: list[dict[str, Any]] = field(default_factory=list)
    """The language switch (sitegen/languages.py)."""
    offer: list[dict[str, str]] = field(default_factory=list)
    """The other languages' offers, in their own words (js/lang.mjs shows one)."""
    home_url: str = "index.html"
    importmap: str | None = None
    """The page's import map (:func:`import_map`), written inline; its hash goes in the CSP."""

    @property
    def is_home(self) -> bool:
        return self.name == "index"


class UnknownAsset(Exception):
    pass


def environment(templates_dir: Path) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(templates_dir.resolve()),
        extensions=["jinja2.ext.i18n"],   # {% trans %} and _(): the site's catalog (locale/)
        autoescape=jinja2.select_autoescape(["html", "xml"], default_for_string=True),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    from .markup import venetian_name
    env.globals["venetian_name"] = venetian_name   # a card's name in the Venetian pack's words
    import gettext
    env.install_gettext_translations(gettext.NullTranslations(), newstyle=True)  # type: ignore[attr-defined]
    return env


def render(env: jinja2.Environment, template: str, context: dict[str, Any], assets: Assets,
           diagnostics: Diagnostics, templates_dir: Path, for_path: Path | str) -> str | None:
    """The rendered document, or None after recording where the template failed."""
    def asset(name: str) -> str:
        if name not in assets:
            raise UnknownAsset(f"asset('{name}'): no such file in templates/static/")
        return assets.url(name)

    try:
        page = context.get("page")
        importmap = getattr(page, "importmap", None)
        inline = [importmap] if importmap else []
        return env.get_template(template).render(**context, asset=asset,
                                                 csp=csp(getattr(page, "connect", ()), inline),
                                                 dev_script=DEV_SCRIPT)
    except jinja2.TemplateSyntaxError as err:
        diagnostics.error(Path(err.filename or templates_dir / template), err.lineno,
                          f"template syntax: {err.message}")
    except jinja2.TemplateNotFound as err:
        diagnostics.error(for_path, None, f"template not found: {err.name}")
    except Exception as err:  # an undefined name, a bad filter...: point at the template line
        path, line = _template_frame(err, templates_dir)
        diagnostics.error(path or templates_dir / template, line,
                          f"rendering {for_path}: {type(err).__name__}: {err}")
    return None


def _template_frame(err: BaseException, templates_dir: Path) -> tuple[Path | None, int | None]:
    tb = err.__traceback__
    found: tuple[Path | None, int | None] = (None, None)
    root = str(templates_dir.resolve())
    while tb is not None:
        filename = tb.tb_frame.f_code.co_filename
        if filename.startswith(root) and filename.endswith(".html"):
            found = (Path(filename), tb.tb_lineno)
        tb = tb.tb_next
    return found
