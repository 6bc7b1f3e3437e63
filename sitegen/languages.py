"""Two sites in one build: English at the top of the site, each other language in its folder.

``content/NAME.md`` is the English page ``NAME.html``; its Italian twin is
``content/it/NAME.md``, built to ``it/NAME.html`` from the same templates, whose words come
from the site's catalog (``locale/it/LC_MESSAGES/site.po``, :mod:`sitegen.i18n`) through
Jinja2's i18n extension. Every page links its twin (the language switch in the header and
``<link rel="alternate" hreflang>``); a page whose twin is not written yet links the other
language's home page from its switch instead.

Pages are rendered with URLs relative to the top of the site (``css/style.1a2b.css``,
``it/briscola.html``, ``cards/KC.svg``), then :func:`relativize` makes every ``href`` and
``src`` relative to the page's own folder (``../css/style.1a2b.css``, ``briscola.html``), so
the site still works under any sub-path.

Twins: an Italian page must have its English original (an error otherwise). An English page
without its Italian twin is told as a note (``path:1: note: ...``, not fatal) while site.toml
says ``twins_complete = false``; once it says true, a missing twin is a warning, fatal under
``--strict``.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass, field
from typing import Any

from .i18n import translations

LANGUAGE_NAMES = {"en": "English", "it": "Italiano"}
"""Each language's name in its own words: the switch says them so."""
DEFAULT = "en"

_URL_ATTR = re.compile(r"""(\s(?:href|src|poster|action|data-src|data-runtime)=)(["'])([^"']*)\2""")
"""The attributes holding a URL: the HTML's, and the components' own (a data file, the runtime)."""
_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^//|^/|^#")


def N_(context: str, message: str) -> tuple[str, str]:  # noqa: N802 (gettext's name)
    """Mark a message of the site's catalog, translated where it is used."""
    return context, message


OFFER = {
    "text": N_("language offer", "This page is also in English."),
    "link": N_("language offer", "Read it in English"),
    "dismiss": N_("language offer", "No, thanks"),
    "switch": N_("language switch", "Language"),
}
"""The words of the offer a first visit gets (js/lang.mjs), written in the offered language:
an Italian page offers English in English, an English page offers Italian in Italian. The
English ids name English; Italian's translation names Italian ("Questa pagina c'è anche in
italiano.")."""


def page_url(name: str, lang: str) -> str:
    """A page's URL from the top of the site: ``madrasso.html``, ``it/madrasso.html``."""
    return f"{name}.html" if lang == DEFAULT else f"{lang}/{name}.html"


def relativize(html: str, page_url_: str) -> str:
    """Every relative ``href``/``src`` of a page (and a component's ``data-src``/``data-runtime``)
    written from the top of the site, made relative to the page's folder (nothing to do for a
    page at the top)."""
    folder = posixpath.dirname(page_url_)
    if not folder:
        return html

    def fix(m: re.Match[str]) -> str:
        value = m.group(3)
        if not value or _SCHEME.match(value):
            return m.group(0)
        path, rest = re.match(r"([^?#]*)(.*)", value, re.S).groups()  # type: ignore[union-attr]
        relative = posixpath.relpath(path, folder) if path else ""
        return f"{m.group(1)}{m.group(2)}{relative}{rest}{m.group(2)}"
    return _URL_ATTR.sub(fix, html)


@dataclass
class Languages:
    """The build's languages, their translations, and which pages each has."""

    codes: tuple[str, ...] = (DEFAULT,)
    catalogs: dict[tuple[str, str], Any] = field(default_factory=dict)   # (lang, domain) -> Catalog
    pages: dict[str, set[str]] = field(default_factory=dict)             # lang -> page names
    _translations: dict[str, Any] = field(default_factory=dict)

    def translations(self, lang: str) -> Any:
        if lang not in self._translations:
            catalog = None if lang == DEFAULT else self.catalogs.get((lang, "site"))
            self._translations[lang] = translations(catalog)
        return self._translations[lang]

    def gettext(self, lang: str, pair: tuple[str, str]) -> str:
        context, message = pair
        result: str = self.translations(lang).pgettext(context, message)
        return result

    def url(self, name: str, lang: str) -> str:
        """The page ``name`` in ``lang`` when that language has it, else the English page."""
        return page_url(name, lang if name in self.pages.get(lang, set()) else DEFAULT)

    def has(self, name: str, lang: str) -> bool:
        return name in self.pages.get(lang, set())

    def alternates(self, name: str) -> list[tuple[str, str]]:
        """(lang, URL from the top) of every language that has the page."""
        return [(code, page_url(name, code)) for code in self.codes if self.has(name, code)]

    def switch(self, name: str, lang: str) -> list[dict[str, Any]]:
        """The language switch: each language's page (its twin, or its home page when the
        twin is not written yet), the current one marked."""
        items = []
        for code in self.codes:
            twin = self.has(name, code)
            items.append({"lang": code, "label": LANGUAGE_NAMES.get(code, code),
                          "url": page_url(name if twin else "index", code),
                          "current": code == lang, "twin": twin})
        return items

    def offer(self, name: str, lang: str) -> list[dict[str, str]]:
        """The offer of each other language that has this page, in that language's words."""
        return [{"lang": code, "url": page_url(name, code),
                 **{key: self.gettext(code, pair) for key, pair in OFFER.items()}}
                for code in self.codes if code != lang and self.has(name, code)]
