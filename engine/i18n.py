"""The engine's languages: every sentence it writes comes from a gettext message catalog.

English is the source language (the message ids are English sentences); Italian is read from
``engine/locale/it/LC_MESSAGES/engine.mo``, compiled by the build (Babel) from
``locale/it/LC_MESSAGES/engine.po`` and shipped inside the engine's wheel. The catalog is read
with the standard library's :mod:`gettext`, through the package's own loader, so it works from
the sources, from a wheel on disk and from the wheel Pyodide imports as a zip.

The language is a context, like the deck the cards are named in (:func:`engine.cards.naming`):
the bridge wraps each request in ``speaking(lang)`` and every message below reads it.

>>> with speaking("it"):
...     points(1), ngettext("{n} point", "{n} points", 2).format(n=2)
('1 punto', '2 punti')
>>> with speaking("it"):
...     pgettext("seat", "South"), with_preposition("of", "il re di fiori")
('Sud', 'del re di fiori')
>>> with_preposition("of", "the king of clubs")
'of the king of clubs'

Mark a message where it is written, so extraction (``python -m sitegen.i18n``) finds it:
``_("text")``, ``ngettext(singular, plural, n)``, ``pgettext(context, text)``; a message kept in
a table to translate later is marked ``N_(context, text)`` (it returns the pair unchanged).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Literal, Protocol, get_args

Lang = Literal["en", "it"]
"""The languages the engine speaks: English (the message ids) and Italian."""
LANGS: tuple[Lang, ...] = get_args(Lang)
DOMAIN = "engine"

_LANG: ContextVar[Lang] = ContextVar("lang", default="en")


class Translations(Protocol):
    """What the engine asks of a catalog: gettext's own methods."""

    def gettext(self, message: str, /) -> str: ...
    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...
    def pgettext(self, context: str, message: str, /) -> str: ...


class _English:
    """The source language: the message ids are its words (no catalog to read, so the
    engine's start in English imports nothing more)."""

    def gettext(self, message: str, /) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        return singular if n == 1 else plural

    def pgettext(self, context: str, message: str, /) -> str:
        return message


_CATALOGS: dict[str, Translations] = {"en": _English()}


class CatalogError(LookupError):
    """A language's compiled catalog is missing from the engine's package."""


def catalog_path(lang: str) -> str:
    """Where a language's compiled catalog sits inside the package (a file, or a zip member)."""
    return os.path.join(os.path.dirname(__file__), "locale", lang, "LC_MESSAGES", DOMAIN + ".mo")


def catalog(lang: str) -> Translations:
    """The language's translations (English: none, the ids are English), read once with the
    standard library's gettext."""
    found = _CATALOGS.get(lang)
    if found is not None:
        return found
    if lang not in LANGS:
        raise ValueError(f"{lang!r} is not a language: it must be one of {', '.join(LANGS)}")
    path = catalog_path(lang)
    loader = __spec__.loader if __spec__ is not None else None
    try:   # the loader reads a member of a zip (Pyodide's wheel) as well as a file
        data = loader.get_data(path) if loader is not None and hasattr(loader, "get_data") else None
    except OSError:
        data = None
    if data is None:
        raise CatalogError(f"no {lang} catalog at {path}: build the site (python build.py) "
                           "to compile locale/*.po")
    import gettext   # noqa: PLC0415 (only a page in another language pays for it)
    import io        # noqa: PLC0415
    found = gettext.GNUTranslations(io.BytesIO(data))
    _CATALOGS[lang] = found
    return found


@contextmanager
def speaking(lang: Lang) -> Iterator[None]:
    """Write the engine's sentences in ``lang`` inside the block."""
    if lang not in LANGS:
        raise ValueError(f"{lang!r} is not a language: it must be one of {', '.join(LANGS)}")
    catalog(lang)   # a missing catalog is an error here, not half-way through an answer
    token = _LANG.set(lang)
    try:
        yield
    finally:
        _LANG.reset(token)


def current_lang() -> Lang:
    """The language the engine writes in now ('en' unless inside :func:`speaking`)."""
    return _LANG.get()


def _(message: str) -> str:
    """``message`` in the current language."""
    return catalog(_LANG.get()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or a plural form for ``n``, by the language's plural rule
    (Italian like English: "1 punto", "0 punti", "2 punti")."""
    return catalog(_LANG.get()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, told apart from the same English words elsewhere
    by ``context`` ("seat": "South" the seat, not the direction)."""
    return catalog(_LANG.get()).pgettext(context, message)


def N_(context: str, message: str) -> tuple[str, str]:  # noqa: N802 (gettext's name)
    """Mark a message for extraction where it is kept, to be translated where it is used
    (``pgettext(*pair)``)."""
    return context, message


def points(n: int) -> str:
    """"1 point", "2 points"; "1 punto", "2 punti"."""
    return ngettext("{n} point", "{n} points", n).format(n=n)


SEATS = (N_("seat", "South"), N_("seat", "East"), N_("seat", "North"), N_("seat", "West"))
"""The table's seat names, in the engine's order for four players (Sud, Est, Nord, Ovest)."""


def seat_name(name: str) -> str:
    """A seat's name in the current language ("North" -> "Nord"); a name the visitor gave
    (a friend's) is theirs and stays as written."""
    if any(name == english for _context, english in SEATS):
        return pgettext("seat", name)
    return name


# ---- prepositions with articles ---------------------------------------------------------------

Preposition = Literal["of", "to", "from", "in", "on", "with"]
PREPOSITIONS: tuple[Preposition, ...] = get_args(Preposition)

_ITALIAN_PREPOSITION = {"of": "di", "to": "a", "from": "da", "in": "in", "on": "su", "with": "con"}
_ITALIAN_STEM = {"di": "de", "a": "a", "da": "da", "in": "ne", "su": "su"}
_ITALIAN_ARTICLES = ("il", "lo", "la", "i", "gli", "le")


def italian_articulated(preposition: str, phrase: str) -> str:
    """An Italian preposition joined to the phrase's definite article, as Italian writes it:
    di + il re = "del re", a + l'asso = "all'asso", su + la regina = "sulla regina",
    di + lo stesso seme = "dello stesso seme", da + gli assi = "dagli assi"; con keeps the
    article apart ("con il sette"); a phrase without an article takes the bare preposition
    ("di fiori")."""
    stem = _ITALIAN_STEM.get(preposition)
    if phrase.startswith(("l'", "l\u2019")):   # l'asso: dell'asso, all'asso, con l'asso
        return f"{preposition} {phrase}" if stem is None else f"{_joined(stem, 'l')}'{phrase[2:]}"
    article, _space, rest = phrase.partition(" ")
    if stem is None or article not in _ITALIAN_ARTICLES or not rest:
        return f"{preposition} {phrase}"
    if article == "il":
        return f"{stem}l {rest}"
    if article == "i":
        return f"{stem}i {rest}"
    return f"{_joined(stem, article)} {rest}"


def _joined(stem: str, article: str) -> str:
    """de + la = della, a + gli = agli, ne + lo = nello: the article's l doubles after a vowel."""
    if article.startswith("l"):
        return f"{stem}l{article}"
    return f"{stem}{article}"


def with_preposition(preposition: Preposition, phrase: str) -> str:
    """``phrase`` (with its definite article) after a preposition, in the current language:
    "of the king of clubs"; in Italian "del re di fiori", "dell'asso di cuori"."""
    if _LANG.get() == "it":
        return italian_articulated(_ITALIAN_PREPOSITION[preposition], phrase)
    return f"{preposition} {phrase}"
