"""The one strict check at the engine's boundary: a request, or a record from a link or the
browser's storage, turned into typed values before anything acts on it.

Everything the page sends passes here first (engine/service/dispatch.py), so nothing further
in can meet a value it does not expect:

* the text: at most :data:`MAX_REQUEST_CHARS`, nested at most :data:`MAX_DEPTH` deep (counted
  before ``json.loads``, whose recursion a deep enough text would exhaust), integers of at
  most :data:`MAX_INT_DIGITS` digits, no ``NaN`` or ``Infinity``;
* the request: an object with a JSON-safe ``id`` (a number or a short string, echoed in the
  answer), a known ``op`` (a string), only the arguments that op takes, each of its type:
  integers exact (``2.0`` and ``true`` are not integers), seats and indices in range, names
  short lists of short strings;
* a record: an object whose every value is a string, an exact integer, a bool or a list or
  object of those (no float anywhere: no record field is one), lists and strings bounded.

The result is a frozen dataclass per op (:data:`REQUESTS`), e.g. ``Apply(handle=1,
action="KC")``. Whether a seat or a handle fits the game is the bridge's to check, since it
knows the game.

>>> request_id, request = parse_request('{"id": 4, "op": "apply", "handle": 1, "action": "KC"}')
>>> request_id, request
(4, Apply(handle=1, with_summary=False, action='KC'))
>>> parse_request('{"id": 5, "op": "new", "game": "scopa", "seat": 0, "options": {"players": 2.0}}')
Traceback (most recent call last):
...
engine.validate.RequestError: options.players must be a whole number, not 2.0
"""

from __future__ import annotations

import json
import re
from dataclasses import MISSING, dataclass, field, fields
from typing import Any, Callable, ClassVar, TypeVar

from .cards import DECKS, Deck
from .i18n import LANGS, N_, Lang, _, current_lang, pgettext
from .protocol import EngineError

MAX_REQUEST_CHARS = 512 * 1024
"""A long match record is about 10 KB of JSON; a demo with notes about 30 KB."""
MAX_DEPTH = 12
"""A request holding a demo record with notes nests five deep."""
MAX_INT_DIGITS = 20
"""Enough for any 64-bit seed; far below Python's 4,300-digit limit for reading integers."""
MAX_TEXT = 20_000
"""The longest string anywhere (a demo move's note in Markdown)."""
MAX_ITEMS = 5_000
"""The longest list anywhere (a record's actions: a long Scopa match has a few hundred)."""
MAX_NAME = 60
MAX_SEATS = 8
MAX_ID_TEXT = 200
MAX_ACTION = 64
MAX_SEED = 2 ** 64
"""A new game's seed (``new``, and a record's): any 64-bit one, as the engine's own are."""
MAX_HANDLE = 2 ** 31
MAX_INDEX = 100_000
SAFE_INTEGER = 2 ** 53
"""The largest integer a JavaScript number holds exactly (an ``id`` must come back intact,
and so must a table's seed: the host's page keeps the table's record)."""
MAX_REVIEW_SAMPLES = 1000
"""A review's sampled deals a move, at most: the engine's own largest (Briscola's 1000,
engine/coach/values.py REVIEW_SAMPLES). The pages send none; a test sends fewer. 5,000 made a
review step take 3 to 8 seconds of a phone's CPU, for nothing a page shows."""


class RequestError(EngineError):
    """A request the bridge cannot answer: not JSON, unknown op, a missing or mistyped
    argument, an unknown handle, a seat the session may not see as."""


# ---- the text ---------------------------------------------------------------------------------

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKET = re.compile(r'[^\[\]{}]+')


def parse_json(text: Any) -> Any:
    """JSON text as data, within the bounds above; RequestError otherwise."""
    if not isinstance(text, str):
        raise RequestError(_("a request is JSON text"))
    if len(text) > MAX_REQUEST_CHARS:
        raise RequestError(_("the request is {n} characters long: at most {most} are read").format(
            n=f"{len(text):,}", most=f"{MAX_REQUEST_CHARS:,}"))
    _check_depth(text)
    try:
        return json.loads(text, parse_int=_read_int, parse_constant=_refuse_constant)
    except ValueError as err:  # json.JSONDecodeError, or a float too large to read
        where = (str(err) if current_lang() == "en" else   # json's own words are English
                 _("line {line}, column {column}").format(line=getattr(err, "lineno", 1),
                                                          column=getattr(err, "colno", 1)))
        raise RequestError(_("the request is not JSON: {error}").format(error=where)) from None


def _check_depth(text: str) -> None:
    depth = 0
    for bracket in _NOT_BRACKET.sub("", _STRING.sub("", text)):
        if bracket in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise RequestError(_("the request nests deeper than {n} levels").format(n=MAX_DEPTH))
        else:
            depth -= 1


def _read_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_INT_DIGITS:
        raise RequestError(_("a number of {n} digits: at most {most} are read").format(
            n=len(digits.lstrip("-")), most=MAX_INT_DIGITS))
    return int(digits)


def _refuse_constant(name: str) -> Any:
    raise RequestError(_("the request is not JSON: {name} is not a number JSON knows").format(
        name=name))


# ---- values -----------------------------------------------------------------------------------

Check = Callable[[Any, str], Any]


def whole(low: int, high: int, why: tuple[str, str] | None = None) -> Check:
    """An exact integer with low <= value < high (``why``: the bound's reason, in words)."""
    def check(value: Any, name: str) -> int:
        if type(value) is not int:
            raise RequestError(_("{name} must be a whole number, not {value}").format(
                name=name, value=_shown(value)))
        if not low <= value < high:
            raise RequestError(_("{name} must be from {low} to {high}, not {value}").format(
                name=name, low=low, high=high - 1, value=value)
                               + (f": {pgettext(*why)}" if why else ""))
        return value
    return check


def text(longest: int) -> Check:
    def check(value: Any, name: str) -> str:
        if not isinstance(value, str):
            raise RequestError(_("{name} must be text, not {value}").format(
                name=name, value=_shown(value)))
        if len(value) > longest:
            raise RequestError(_("{name} is {n} characters long: at most {most}").format(
                name=name, n=len(value), most=longest))
        return value
    return check


def flag(value: Any, name: str) -> bool:
    if not isinstance(value, bool):
        raise RequestError(_("{name} must be true or false, not {value}").format(
            name=name, value=_shown(value)))
    return value


def optional(check: Check) -> Check:
    """None (JSON null) or what ``check`` accepts."""
    def check_optional(value: Any, name: str) -> Any:
        return None if value is None else check(value, name)
    return check_optional


def one_of(*choices: str) -> Check:
    def check(value: Any, name: str) -> str:
        if not isinstance(value, str) or value not in choices:
            raise RequestError(_("{name} must be one of {choices}, not {value}").format(
                name=name, choices=", ".join(choices), value=_shown(value)))
        return value
    return check


def index_or_end(value: Any, name: str) -> int | str:
    if value == "end" and isinstance(value, str):
        return "end"
    index: int = whole(0, MAX_INDEX)(value, name)
    return index


def names(value: Any, name: str) -> tuple[str, ...] | None:
    """seat_names or side_names: a short list of short strings (their count is the game's)."""
    if value is None:
        return None
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_SEATS:
        raise RequestError(_("{name} must be a list of names, one per seat or side").format(name=name))
    return tuple(text(MAX_NAME)(v, f"{name}[{i}]") for i, v in enumerate(value))


def json_value(value: Any, name: str, depth: int = 0) -> Any:
    """A record's kind of value: text, exact integers, bools, null, and lists and objects of
    them, bounded; never a float (no record field is one, and ``2.0`` must not pass for 2)."""
    if value is None or isinstance(value, (bool, int)):
        return value
    if isinstance(value, str):
        return text(MAX_TEXT)(value, name)
    if isinstance(value, float):
        raise RequestError(_("{name} must be a whole number, not {value}").format(
            name=name, value=_shown(value)))
    if depth >= MAX_DEPTH:
        raise RequestError(_("{name} nests deeper than {n} levels").format(name=name, n=MAX_DEPTH))
    if isinstance(value, list):
        if len(value) > MAX_ITEMS:
            raise RequestError(_("{name} has {n} items: at most {most}").format(
                name=name, n=f"{len(value):,}", most=f"{MAX_ITEMS:,}"))
        return [json_value(v, f"{name}[{i}]", depth + 1) for i, v in enumerate(value)]
    if isinstance(value, dict):
        if len(value) > MAX_ITEMS:
            raise RequestError(_("{name} has {n} fields: at most {most}").format(
                name=name, n=f"{len(value):,}", most=f"{MAX_ITEMS:,}"))
        return {k: json_value(v, f"{name}.{k}", depth + 1) for k, v in value.items()}
    raise RequestError(_("{name} is not a JSON value").format(name=name))


def record(value: Any, name: str = "record") -> dict[str, Any]:
    """A record as JSON data (the engine's JSON record form): an object naming its game, its
    seed (when it has one) one a new game could have (:data:`SEED`)."""
    data: dict[str, Any] = seeded_record(SEED)(value, name)
    return data


def seeded_record(seed: Check) -> Check:
    """:func:`record`, its seed (when it has one) what ``seed`` accepts."""
    def check(value: Any, name: str = "record") -> dict[str, Any]:
        if not isinstance(value, dict):
            raise RequestError(_("{name} must be an object with a game, its deal and its "
                                 "actions").format(name=name))
        data: dict[str, Any] = json_value(value, name)
        if not isinstance(data.get("game"), str):
            raise RequestError(_('{name} must name its game ("game": "madrasso")').format(name=name))
        if data.get("seed") is not None:
            seed(data["seed"], f"{name}.seed")
        return data
    return check


SETUP_OPTIONS = ("players", "dealer", "one_deal", "deal", "totals", "leader")
"""Setup fields a new game may be given besides its seed (never the cards or the seed)."""


def options(value: Any, name: str) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise RequestError(_("{name} must be an object of setup fields").format(name=name))
    unknown = sorted(set(value) - set(SETUP_OPTIONS))
    if unknown:
        raise RequestError(_("{name} is not an option of a new game (options are {options})").format(
            name=f"{name}.{unknown[0]}", options=", ".join(SETUP_OPTIONS)))
    return {k: json_value(v, f"{name}.{k}") for k, v in value.items()}


def _shown(value: Any) -> str:
    """A value as the error names it, cut short."""
    shown = json.dumps(value) if isinstance(value, (bool, type(None))) else repr(value)
    return shown if len(shown) <= 40 else shown[:37] + "..."


# ---- requests ---------------------------------------------------------------------------------


def arg(check: Check, default: Any = MISSING) -> Any:
    """A request argument: its check, and its default (none: the argument is required)."""
    return field(default=default, metadata={"check": check})


SEAT = whole(0, MAX_SEATS)
HANDLE = whole(1, MAX_HANDLE)
SEED = whole(0, MAX_SEED)
TABLE_SEED = whole(0, SAFE_INTEGER, N_("request", "a table's record lives in the host's page, "
                                         "whose numbers hold 53 bits exactly"))
"""A table's seed (table_new's, and table_load's record's): the engine deals a table from a
53-bit one, and the host's page must keep it exactly."""
LEVELS = ("random", "greedy", "expert")
UNSET: Any = object()
"""An argument left out (where null means something: the spectator)."""


@dataclass(frozen=True, kw_only=True)
class Request:
    """Every request's dataclass: its arguments are its fields; its ``op`` (the name the page
    sends) a class attribute, given by :func:`request`, one for each op."""
    op: ClassVar[str]


_R = TypeVar("_R", bound=Request)


def request(op: str) -> Callable[[type[_R]], type[_R]]:
    """A request's dataclass (frozen, its arguments by keyword), answering the ``op``."""
    def make(cls: type[_R]) -> type[_R]:
        cls.op = op
        return dataclass(frozen=True, kw_only=True)(cls)
    return make


@request("hello")
class Hello(Request):
    """The protocol's version, Python's, the games and whether computer players are here."""


@request("games")
class Games(Request):
    """Each game's name and number of players."""


@dataclass(frozen=True, kw_only=True)
class Opening(Request):
    """What both ways of opening a game take: the table's names, and the summary flag."""
    seat_names: tuple[str, ...] | None = arg(names, None)
    side_names: tuple[str, ...] | None = arg(names, None)
    with_summary: bool = arg(flag, False)


@dataclass(frozen=True, kw_only=True)
class Dealing(Opening):
    """What a new game takes: the game, its setup options, and ``seed`` (a test hook)."""
    game: str = arg(text(40))
    seed: int | None = arg(optional(SEED), None)
    options: dict[str, Any] | None = arg(options, None)


@request("new")
class New(Dealing):
    """A new game for one seat, shuffled from a secret seed (or ``seed``: a test hook)."""
    seat: int = arg(SEAT)


@request("load")
class Load(Opening):
    """A record: for one ``seat`` (its session), or open (``view``) when it is public."""
    record: dict[str, Any] = arg(record)
    seat: int | None = arg(optional(SEAT), None)
    view: int | None = arg(optional(SEAT), None)
    bottom: int | None = arg(optional(SEAT), None)
    """An open record: the seat placed at the bottom (layout only; null: the view's)."""
    at: int | str | None = arg(optional(index_or_end), None)


@dataclass(frozen=True, kw_only=True)
class OnGame(Request):
    """A request about the game behind ``handle``."""
    handle: int = arg(HANDLE)


@dataclass(frozen=True, kw_only=True)
class Moving(OnGame):
    """A request that answers the game's state (``with_summary``: its summary too)."""
    with_summary: bool = arg(flag, False)


@request("state")
class State(Moving):
    """The table now (``view``: an open session seen from another seat or all; ``bottom``:
    laid out with another seat at the bottom; ``next_deal``: between two deals, the next
    deal's table as it is dealt, not the finished deal's last move)."""
    view: int | None = arg(optional(SEAT), UNSET)
    bottom: int | None = arg(optional(SEAT), UNSET)
    # The page has shown a finished deal and moved on: the table is the next deal's, as dealt.
    next_deal: bool = arg(flag, False)


@request("legal")
class Legal(OnGame):
    """The seat to play and, on the session's own turn, its legal actions."""


@request("apply")
class Apply(Moving):
    """Play ``action`` now; answers its explanation and the new state."""
    action: str = arg(text(MAX_ACTION))


@request("observation")
class Observation(OnGame):
    """The game's observation for ``seat`` (the session's own by default)."""
    seat: int | None = arg(optional(SEAT), UNSET)


@request("explain")
class Explain(OnGame):
    """Facts about ``action`` now (default: the line's next action)."""
    action: str | None = arg(optional(text(MAX_ACTION)), None)


@request("step_to")
class StepTo(Moving):
    """Stand after ``index`` actions of an open session's line (or at its "end")."""
    index: int | str = arg(index_or_end)


@request("record")
class RecordOf(OnGame):
    """The game so far as a record (``line``: all of an open session's line)."""
    line: bool = arg(flag, False)


@request("deal_record")
class DealRecord(OnGame):
    """A finished deal's public record (``deal``: its number; default the last)."""
    deal: int | None = arg(optional(whole(1, 1000)), None)


@request("summary")
class Summary(OnGame):
    """The tricks or plays, points and result the table has shown."""


@dataclass(frozen=True, kw_only=True)
class Computer(Moving):
    """A computer player's move, at its ``level``."""
    level: str = arg(one_of(*LEVELS), "greedy")


@request("bot")
class Bot(Computer):
    """The computer player's move at ``level`` (``play``: applied too)."""
    seed: int | None = arg(optional(SEED), None)
    reasons: bool = arg(flag, False)
    play: bool = arg(flag, False)


@request("drop")
class Drop(OnGame):
    """Forget the game behind ``handle``."""


@request("undo")
class Undo(Moving):
    """Take back a seat's last action (in a seat's session, its own)."""
    seat: int | None = arg(optional(SEAT), None)


# ---- a table of several seats (the friends' table: engine/service/tables.py, docs/friends.md) ---


@request("table_new")
class TableNew(Dealing):
    """A new game for a table: every seat's answer from one game, shuffled in secret."""
    seed: int | None = arg(optional(TABLE_SEED), None)


@request("table_load")
class TableLoad(Opening):
    """The table's own record (``table_record``), to go on after the host's page reloads."""
    record: dict[str, Any] = arg(seeded_record(TABLE_SEED))


@request("table_state")
class TableState(Moving):
    """Every seat's state and the spectators' (``next_deal``: between two deals, each seat's
    table is the next deal's as dealt, as ``state``'s ``next_deal``)."""
    next_deal: bool = arg(flag, False)


@request("table_apply")
class TableApply(Apply):
    """``seat``'s move: the seat whose player sent it (the host knows which)."""
    seat: int = arg(SEAT)


@request("table_bot")
class TableBot(Computer):
    """The computer's move for the seat to play (a chair nobody sits in)."""


@request("table_record")
class TableRecord(OnGame):
    """The whole game as it stands, its secret seed included (for the host's storage)."""


@request("table_deal_record")
class TableDealRecord(DealRecord):
    """A finished deal's public record, as ``deal_record``."""


TABLE_REQUESTS = (TableNew, TableLoad, TableState, TableApply, TableBot, TableRecord,
                  TableDealRecord)

REQUESTS: dict[str, type[Request]] = {cls.op: cls for cls in (
    Hello, Games, New, Load, State, Legal, Apply, Observation, Explain, StepTo, RecordOf,
    DealRecord, Summary, Bot, Undo, Drop, *TABLE_REQUESTS)}
"""Every op, by name, and the dataclass its request becomes."""


# ---- the coach's requests (issue 17: engine/coach) ---------------------------------------------

REVIEW_SAMPLES = whole(1, MAX_REVIEW_SAMPLES + 1,
                       N_("request", "no more than the engine's own review samples"))
"""A review's sampled deals a move (a test hook; the engine's own number otherwise)."""

NOTE_BUDGET = whole(1, 10_001, N_("request", "the milliseconds one note may run"))
"""How long one ``review_note`` may run, in ms (none: until its move is valued); the next note
goes on where it stopped."""


def deal_or_all(value: Any, name: str) -> int | str:
    """A deal's number, or "all" (every deal played out: a match)."""
    if value == "all" and isinstance(value, str):
        return "all"
    number: int = whole(1, 1000)(value, name)
    return number


@request("hint")
class Hint(OnGame):
    """The expert's move for a seat's own turn, with its reasons in words."""


@request("review_start")
class ReviewStart(OnGame):
    """Start reviewing a finished deal (or "all" of them) for a seat, one move a step."""
    deal: int | str | None = arg(optional(deal_or_all), None)
    seat: int | None = arg(optional(SEAT), None)
    seed: int | None = arg(optional(SEED), None)
    samples: int | None = arg(optional(REVIEW_SAMPLES), None)


@request("review_step")
class ReviewStep(Request):
    """Review the next move of a review begun with review_start."""
    review: int = arg(HANDLE)


@request("review_note")
class ReviewNote(OnGame):
    """Value the seat's moves made so far (one a request) for the review to come."""
    seed: int | None = arg(optional(SEED), None)
    samples: int | None = arg(optional(REVIEW_SAMPLES), None)
    budget: int | None = arg(optional(NOTE_BUDGET), None)


@request("guide")
class Guide(OnGame):
    """A guided game's words for the seat: its playable cards, the coach's card and why,
    the computer's cards explained as they landed, the ideas met for the first time."""


REQUESTS.update({cls.op: cls for cls in (Hint, ReviewStart, ReviewStep, ReviewNote, Guide)})

# ---- end of the coach's requests ---------------------------------------------------------------

RequestId = int | str | None


def request_id(data: Any) -> RequestId:
    """The ``id`` to echo: a number JavaScript holds exactly, a short string, or null; a
    request without a usable one is answered with ``id: null``."""
    if not isinstance(data, dict):
        return None
    value = data.get("id")
    if type(value) is int and -SAFE_INTEGER <= value <= SAFE_INTEGER:
        return value
    if isinstance(value, str) and len(value) <= MAX_ID_TEXT:
        return value
    return None


COMMON = frozenset({"id", "op", "deck", "lang"})
"""What every request may carry besides its own arguments: its ``id``, its ``op``, the
``deck`` its answer names the cards in (:func:`request_deck`) and the ``lang`` its answer is
written in (:func:`request_lang`)."""


_C = TypeVar("_C", bound=str)


def _one_of_common(data: Any, key: str, choices: tuple[_C, ...], default: _C) -> _C:
    """The request's ``key`` (one of :data:`COMMON`), one of ``choices``; ``default`` when absent."""
    value = data.get(key) if isinstance(data, dict) else None
    if value is None:
        return default
    for choice in choices:
        if value == choice:
            return choice
    raise RequestError(_("{name} must be one of {choices}, not {value}").format(
        name=key, choices=", ".join(choices), value=_shown(value)))


def request_deck(data: Any) -> Deck:
    """The deck a request's answer names the cards in: ``"toscane"`` (the default: "the queen
    of hearts") or ``"venetian"`` ("the horse of cups"); like the table's seat names, words
    only: the notation ("QH") stays the same."""
    return _one_of_common(data, "deck", DECKS, "toscane")


def request_lang(data: Any) -> Lang:
    """The language a request's answer is written in: ``"en"`` (the default) or ``"it"``
    (the page's ``<html lang>``: the Italian pages ask for "il re di fiori", "Nord");
    like the deck, words only: the notation and every number stay the same.

    >>> request_lang({"op": "state", "lang": "it"}), request_lang({"op": "state"})
    ('it', 'en')
    >>> request_lang({"lang": "fr"})
    Traceback (most recent call last):
    ...
    engine.validate.RequestError: lang must be one of en, it, not 'fr'
    """
    return _one_of_common(data, "lang", LANGS, "en")


def read_request(data: Any) -> Request:
    """A parsed request as its op's dataclass; RequestError naming what is wrong."""
    if not isinstance(data, dict):
        raise RequestError(_("a request must be a JSON object with an op"))
    if "id" in data and data["id"] is not None and request_id(data) is None:
        raise RequestError(_("the id must be a whole number (at most 2**53) or a short text"))
    op = data.get("op")
    if not isinstance(op, str) or op not in REQUESTS:
        shown = _shown(op) if "op" in data else _("missing")
        raise RequestError(_("unknown op {op}: expected one of {ops}").format(
            op=shown, ops=", ".join(sorted(REQUESTS))))
    cls = REQUESTS[op]
    args = fields(cls)
    unknown = sorted(set(data) - {f.name for f in args} - COMMON)
    if unknown:
        raise RequestError(_("{op} takes no argument {name} (it takes {names})").format(
            op=op, name=repr(unknown[0]), names=", ".join(f.name for f in args) or _("none")))
    values = {}
    for f in args:
        if f.name in data:
            values[f.name] = f.metadata["check"](data[f.name], f.name)
        elif f.default is MISSING:
            raise RequestError(_("{op} needs {name}").format(op=op, name=repr(f.name)))
    return cls(**values)


def parse_request(text: Any) -> tuple[RequestId, Request]:
    """JSON text to (the id to echo, the typed request). Raises RequestError; the id is
    then :func:`request_id` of whatever could be parsed (the bridge echoes it)."""
    data = parse_json(text)
    return request_id(data), read_request(data)
