"""What every content file may hold: each table's fields, declared once, read by one reader.

=====================  ==============================================================
``SITE``               site.toml
``FRONT_MATTER``       a page's front matter (:mod:`sitegen.content`)
``POSITION_ABOUT``     a practice position's ``[about]`` (:mod:`sitegen.practice`)
``PRACTICE``           its ``[practice]``
``VISITOR_STEP``       a ``[[practice.steps]]`` table the visitor plays
``SCRIPTED_STEP``      one another seat plays
``DEMO_ABOUT``         a demo deal's ``[about]`` (:mod:`sitegen.demo`)
``DEMO``               its ``[demo]``
``DEMO_MOVE``          one of its ``[[moves]]``
=====================  ==============================================================

The game record around them (``game``, the deal, ``actions`` or ``[[moves]]``) is the
engine's, read by :mod:`engine.record`. A :class:`Field` has a kind (what may be written),
whether it is required, a default and a check (a range, say); :meth:`Table.read` reports every
problem at the field's line (a missing field at its table's, a wrong item of a list at that
item's) and gives back the values, the defaults filled in. What depends on the rest of the site
(a seat of the game, a section of its rules page, a template) the readers check after, with the
engine and the site index::

    values = PRACTICE.read(data.get("practice"), report, at=("practice",))
    values["seats"]      # [0, 1]; a problem reported, the default is given instead
"""

from __future__ import annotations

import copy
import difflib
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from engine.record import Record, RecordError, load_record
from engine.source import Part

if TYPE_CHECKING:
    from pathlib import Path

    from .diagnostics import Diagnostics, FileReport


class Report(Protocol):
    """Where problems go: :class:`sitegen.diagnostics.FileReport` (one file, lines by field)."""

    def error(self, message: str, where: tuple[Part, ...] = ()) -> None: ...
    def warning(self, message: str, where: tuple[Part, ...] = ()) -> None: ...


@dataclass(frozen=True)
class Kind:
    words: str                          # "a whole number": what the messages ask for
    accepts: Callable[[Any], bool]
    item: Callable[[Any], bool] | None = None   # a list's items, when one may stand alone


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _text(value: Any) -> bool:
    return isinstance(value, str)


def _all(test: Callable[[Any], bool], kind: type[list[Any]] | type[dict[str, Any]]) -> Callable[[Any], bool]:
    def check(value: Any) -> bool:
        if not isinstance(value, kind):
            return False
        return all(map(test, value.values() if isinstance(value, dict) else value))
    return check


TEXT = Kind("text", _text)
WHOLE = Kind("a whole number", _whole)
FLAG = Kind("true or false", lambda value: isinstance(value, bool))
TEXTS = Kind("a list of texts", _all(_text, list), _text)
WHOLES = Kind("a list of whole numbers", _all(_whole, list), _whole)
TEXT_TABLE = Kind("a table of texts", _all(_text, dict), _text)
TABLES = Kind("a list of tables", _all(lambda item: isinstance(item, dict), list),
              lambda item: isinstance(item, dict))


@dataclass(frozen=True)
class Field:
    kind: Kind
    required: bool = False
    default: Any = None
    example: str = '"..."'          # how to write it, in "needs key = <example>"
    about: str = ""                 # what it is for, in the same message
    expect: str = ""                # what a wrong value must be instead (default: the kind's words)
    check: Callable[[Any], str | None] | None = None  # a problem's words, or None
    single: bool = False            # one item may be written alone: seats = 0


@dataclass(frozen=True)
class Table:
    name: str                       # "[practice]", "the front matter"; steps: "step {n}"
    fields: dict[str, Field]
    unknown: str = "error"          # an unknown key is an "error" or a "warning"
    top: bool = False               # a whole file's table: messages name the key alone

    def read(self, data: Mapping[str, Any] | None, report: Report, at: tuple[Part, ...] = (),
             name: str | None = None) -> dict[str, Any]:
        """Every field's value (or its default, after reporting why not)."""
        name = name or self.name
        data = data or {}
        for key in data:
            if key not in self.fields:
                close = difflib.get_close_matches(key, list(self.fields), 1)
                hint = f"did you mean '{close[0]}'?" if close else f"known: {', '.join(self.fields)}"
                report_at = report.warning if self.unknown == "warning" else report.error
                report_at(f"unknown key '{key}' in {name} ({hint})", at + (key,))
        return {key: self._value(key, spec, data, report, at, name)
                for key, spec in self.fields.items()}

    def _value(self, key: str, spec: Field, data: Mapping[str, Any], report: Report,
               at: tuple[Part, ...], name: str) -> Any:
        needs = (f"{name} needs {key}" + (f" = {spec.example}" if spec.example else "")
                 + (f" ({spec.about})" if spec.about else ""))
        where = at + (key,)
        if key not in data:
            if spec.required:
                report.error(needs, where)
            return copy.deepcopy(spec.default)
        value = data[key]
        if spec.single and spec.kind.item and spec.kind.item(value):
            value = [value]
        who = f"'{key}'" if self.top else f"{name}: {key}"
        if not spec.kind.accepts(value):
            problem = f"{who} must be {spec.expect or spec.kind.words}"
            where += _first_wrong(value, spec.kind)
        elif spec.required and not (value.strip() if isinstance(value, str) else value):
            problem = needs
        elif spec.check and (words := spec.check(value)):
            problem = f"{who} {words}"
        else:
            return value
        report.error(problem, where)
        return copy.deepcopy(spec.default)


def _first_wrong(value: Any, kind: Kind) -> tuple[Part, ...]:
    """Where in a list or table the first item of the wrong kind is (to report its line)."""
    items = value.items() if isinstance(value, dict) else enumerate(value) \
        if isinstance(value, list) else ()
    return next(((where,) for where, item in items if kind.item and not kind.item(item)), ())


def _between(low: int, high: int, unit: str) -> Callable[[int], str | None]:
    return lambda value: None if low <= value <= high else f"must be {unit} from {low} to {high}"


# ---------------------------------------------------------------------------- the site

SITE = Table("site.toml", {
    "title": Field(TEXT, required=True, about="the site's name, in every page title"),
    "description": Field(TEXT, required=True, about="the home page's meta description"),
    "lang": Field(TEXT, default="en"),
    "languages": Field(TEXTS, default=[], expect="a list of language codes besides English: [\"it\"]"),
    "twins_complete": Field(FLAG, default=False),
    "footer": Field(TEXT, default=""),
    "url": Field(TEXT, default="", example='"https://games.example.org/madrasso/"',
                 about="the site's public address, for the pages' language alternates",
                 check=lambda url: None if not url or re.fullmatch(r"https?://[^\s?#]+/", url)
                 else "an http(s) address ending in /"),
    "nav": Field(TEXT_TABLE, default={}, expect="a table of page name = label"),
    "friends": Field(Kind("a table", lambda value: isinstance(value, dict)), default={},
                     expect="a table with relays = [...], stun = [...] and [[friends.turn]] relays"),
}, unknown="warning", top=True)


def _every(check: Callable[[str], bool], words: str) -> Callable[[list[str]], str | None]:
    def problem(values: list[str]) -> str | None:
        wrong = [v for v in values if not check(v)]
        return f"must be {words}, not {wrong[0]!r}" if wrong else None
    return problem


def _relay(url: str) -> bool:
    """A secure WebSocket, or a plain one on this machine (the tests' own relay)."""
    return bool(re.fullmatch(r"wss://[\w.-]+(:\d+)?(/[\w./-]*)?", url)
                or re.fullmatch(r"ws://(127\.0\.0\.1|localhost)(:\d+)?(/[\w./-]*)?", url))


FRIENDS = Table("[friends]", {
    "relays": Field(TEXTS, required=True, example='["wss://tracker.example.org"]',
                    about="the WebSocket BitTorrent trackers that introduce the browsers at a "
                          "table with friends",
                    check=_every(_relay, "wss:// addresses (ws:// only for 127.0.0.1)")),
    "stun": Field(TEXTS, default=[], check=_every(
        lambda url: bool(re.fullmatch(r"stuns?:[\w.-]+(:\d+)?", url)), "stun:HOST:PORT addresses")),
    "turn": Field(TABLES, default=[], expect="[[friends.turn]] tables, each with urls, username "
                  "and credential"),
})
"""site.toml's ``[friends]``: who the friends' table page contacts, and only once its visitor
opens or joins a table (docs/friends.md)."""


def _turn_url(url: str) -> bool:
    """turn:HOST[:PORT] or turns:HOST[:PORT], with ?transport=udp or tcp if wanted."""
    return bool(re.fullmatch(r"turns?:[\w.-]+(:\d+)?(\?transport=(udp|tcp))?", url))


FRIENDS_TURN = Table("[[friends.turn]] {n}", {
    "urls": Field(TEXTS, required=True, single=True, example='["turn:turn.example.org:3478"]',
                  about="the relay's addresses",
                  check=_every(_turn_url, "turn:HOST:PORT or turns:HOST:PORT addresses "
                                          "(?transport=udp or ?transport=tcp may follow)")),
    "username": Field(TEXT, required=True, example='"table"',
                      about="the relay's user: anyone who opens the page can read it"),
    "credential": Field(TEXT, required=True, example='"..."',
                        about="its password: anyone who opens the page can read it too"),
})
"""One TURN relay of ``[friends]``: for browsers whose networks block a direct connection. A
static page gives everybody its user and password (docs/friends.md: limit the relay's quota,
rotate the password)."""

FRONT_MATTER = Table("the front matter", {
    "title": Field(TEXT, required=True, about="the page's <title> and <h1>"),
    "description": Field(TEXT, required=True, about="its meta description"),
    "order": Field(WHOLE, default=100),
    "nav": Field(FLAG, default=True),
    "nav_title": Field(TEXT),
    "template": Field(TEXT, default="page.html"),
    "scripts": Field(TEXTS, default=[], expect="a list of file names"),
    "styles": Field(TEXTS, default=[], expect="a list of file names"),
}, unknown="warning", top=True)

# ---------------------------------------------------------------------------- practice positions

POSITION_ABOUT = Table("[about]", {
    "title": Field(TEXT, required=True, about="the position's name in the list"),
    "order": Field(WHOLE, required=True, example="N", about="its place in the list"),
    "description": Field(TEXT, default=""),
})

PRACTICE = Table("[practice]", {
    "seats": Field(WHOLES, required=True, single=True, example="[N, ...]",
                   about="the seat or seats the visitor plays"),
    "question": Field(TEXT, required=True, example='"""..."""', about="Markdown"),
    "rules": Field(TEXTS, required=True, default=[], single=True, example='["anchor", ...]',
                   about="the rules-page sections this position teaches",
                   expect="a list of section anchors of the rules page"),
    "closing": Field(TEXT, required=True, example='"""..."""', about="Markdown"),
    "steps": Field(TABLES, required=True, default=[], example="",
                   about="the scripted continuation, [[practice.steps]] tables: each either the "
                         "visitor's (answers) or another seat's (action)"),
    "open": Field(FLAG, default=False),
    "teaches": Field(TEXTS, default=[], single=True, example='["trump-wasted", ...]',
                     about="the kinds of mistake this position teaches (engine/coach/kinds.py): "
                           "the learner's progress links its most frequent kind here",
                     expect="a list of kinds of mistake"),
    "seat_names": Field(TEXTS),
    "team_names": Field(TEXTS),
})

_SEAT = Field(WHOLE)
VISITOR_STEP = Table("step {n}", {
    "seat": _SEAT,
    "answers": Field(TEXTS, required=True, default=[], single=True, example='["5H"]',
                     about="the accepted actions",
                     expect='the list of the accepted actions, e.g. answers = ["5H"]'),
    "correct": Field(TEXT, required=True, example='"""..."""',
                     about="what the visitor reads after an accepted answer"),
    "feedback": Field(TEXT_TABLE, default={}, expect="a table of texts, keyed by an answer, a "
                      "kind of answer or other"),
})
SCRIPTED_STEP = Table("step {n}", {
    "seat": _SEAT,
    "action": Field(TEXT, required=True, about="what this seat plays"),
    "note": Field(TEXT, expect="text (Markdown)"),
})

# ---------------------------------------------------------------------------- demo deals

DEMO_ABOUT = Table("[about]", {
    "title": Field(TEXT, default="A demo deal"),
    "description": Field(TEXT, default=""),
})

DEMO = Table("[demo]", {
    "you": Field(WHOLE, default=0, expect="a seat number"),
    "seat_names": Field(TEXTS),
    "team_names": Field(TEXTS),
    "speed": Field(WHOLE, default=1800, check=_between(200, 10000, "milliseconds a move")),
})


DEMO_MOVE = Table("move {n}", {
    "action": Field(TEXT, required=True, example='"KC"', about="the card played, or swap"),
    "note": Field(TEXT, expect="text (Markdown)"),
    "rules": Field(TEXTS, default=[], single=True, expect="a list of section anchors of the "
                   "rules page"),
    "ask": Field(TEXT, expect='text (Markdown): the question the demo asks before this move, '
                 'e.g. ask = "South to play: which card?"'),
})
"""A demo move's fields (``action``, ``note`` and ``rules`` are also read by engine.record);
``ask`` marks a "what would you play?" moment."""


def read_record(path: Path, diagnostics: Diagnostics) -> tuple[Record, FileReport] | None:
    """A demo's or a position's record, and the report that puts its problems at its lines;
    None once a record that cannot be read is reported."""
    from .diagnostics import FileReport

    try:
        record = load_record(path)
    except RecordError as err:
        diagnostics.error(path, err.line, err.message)
        return None
    return record, FileReport(diagnostics, path, record.origin)


def names(value: list[str] | None, count: int, default: list[str], key: str, report: Report,
          at: tuple[Part, ...], name: str) -> list[str]:
    """A list of ``count`` names (seats or teams): the one written, or ``default``."""
    if value is not None and len(value) != count:
        report.error(f"{name}: {key} must be {count} names", at + (key,))
        value = None
    return list(value if value is not None else default)

