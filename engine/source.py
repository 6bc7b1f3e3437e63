"""Record and content files with line numbers: read them safely, and say where a field is written.

Authors write TOML by hand and the browser sends JSON. Both are read here, for the engine's
records and the site's content alike, so that a bad file is one :class:`SourceError` that knows
its path and line, never a crash:

- the bytes must be UTF-8 (the error gives the line of the first bad byte);
- nesting is bounded (:data:`MAX_DEPTH` arrays, inline tables or dotted key parts) before the
  parser recurses, and so is a number's length (:data:`MAX_DIGITS`), well before Python's own
  4,300-digit limit;
- a TOML error "at end of document" gets the last written line.

A :class:`Source` maps a field path, ``"moves[3].note"`` or ``("practice", "steps", 0,
"feedback", "4S")``, to the line where it is written; a field that is not written gets the line
of the nearest enclosing table or array that is (so "missing" points at the table to add it to).

    >>> source = parse('game = "madrasso"\\nactions = [\\n  "KC",\\n  "7C",\\n]\\n')
    >>> source.line("actions[1]"), source.line("dealer")
    (4, 1)

Standard library only, and it knows nothing of the site: the engine ships alone in the browser.
"""

from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Union

MAX_DEPTH = 32
"""Arrays and inline tables inside one another, or parts of one dotted key: more is an error."""
MAX_DIGITS = 100
"""The digits of one number: more is an error (a seed needs twenty at most)."""

Part = Union[str, int]
FieldPath = Union[str, tuple[Part, ...]]
"""``"practice.steps[0].feedback.4S"`` or the same as a tuple of keys and indices."""
Token = tuple[str, str, int]
"""(kind, text, line): kind is ``str``, ``bare`` (names, numbers, dates) or ``punct``."""

_TOML_TOKEN = re.compile(r'''(?P<skip>[ \t\r\n]+|\#[^\n]*)
    |(?P<str>"""[\s\S]*?(?:"""|\Z)|'\'\'[\s\S]*?(?:\'\'\'|\Z)|"(?:\\.|[^"\\\n])*"?|'[^'\n]*'?)
    |(?P<bare>[\w+:-]+)|(?P<punct>.)''', re.X)
_JSON_TOKEN = re.compile(r'(?P<skip>[ \t\r\n]+)|(?P<str>"(?:\\.|[^"\\\n])*"?)|(?P<bare>[\w+.-]+)'
                         r'|(?P<punct>.)')
_TOML_AT = re.compile(r"\s*\((?:at line (\d+), column \d+|at end of document)\)$")


class SourceError(ValueError):
    """A file that cannot be read. ``str()`` is ``path:line: error: message``."""

    def __init__(self, message: str, path: str | None = None, line: int | None = None):
        self.message, self.path, self.line = message, path, line
        super().__init__(self.diagnostic())

    def diagnostic(self) -> str:
        where = (self.path or "<source>") + (f":{self.line}" if self.line is not None else "")
        return f"{where}: error: {self.message}"


@dataclass
class Source:
    """A parsed TOML or JSON text, and where each of its fields is written."""

    text: str
    data: Any
    format: str = "toml"
    path: str | None = None
    first_line: int = 1
    """The file line of the text's first line (front matter starts on a page's second line)."""
    root_line: int | None = None
    """The line for a field nothing of which is written (default ``first_line``)."""
    tokens: list[Token] = field(default_factory=list, repr=False)
    _lines: dict[tuple[Part, ...], int] | None = field(default=None, repr=False)

    def line(self, where: FieldPath = ()) -> int:
        """The file line of ``where``, else of its nearest written ancestor, else the root's."""
        parts = split_path(where) if isinstance(where, str) else tuple(where)
        if self._lines is None:
            self._lines = _Map(self.tokens, self.format).lines
        while parts:
            if parts in self._lines:
                return self._lines[parts]
            parts = parts[:-1]
        return self.root_line or self.first_line

    def error(self, message: str, where: FieldPath = ()) -> SourceError:
        return SourceError(message, self.path, self.line(where))


def split_path(text: str) -> tuple[Part, ...]:
    """``"hands[0][2]"`` -> ``("hands", 0, 2)``; ``"feedback.7S x 7C"`` -> two keys."""
    return tuple(int(index) if index else key
                 for index, key in re.findall(r"\[(\d+)\]|([^.\[\]]+)", text))


def read_text(path: str | Path, what: str = "the file") -> str:
    """A file's text, decoded as UTF-8 (a byte-order mark some editors add is dropped)."""
    try:
        data = Path(path).read_bytes()
    except OSError as err:
        raise SourceError(f"cannot read {what}: {err.strerror}", str(path)) from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        line = data[:err.start].count(b"\n") + 1
        raise SourceError("the file is not UTF-8 text: save it as UTF-8", str(path), line) from None


def load(path: str | Path, what: str = "the file") -> Source:
    """Read and parse a ``.toml`` or ``.json`` file."""
    fmt = "json" if Path(path).suffix.lower() == ".json" else "toml"
    return parse(read_text(path, what), fmt, str(path))


def parse(text: str, fmt: str = "toml", path: str | None = None, first_line: int = 1,
          root_line: int | None = None, what: str = "") -> Source:
    """Parse TOML or JSON ``text``, bounded in depth and number size; errors have their line
    (``what``, such as "the front matter", names the text in a syntax error)."""
    what = f"{what} is " if what else ""
    tokens = _tokens(text, fmt, first_line)
    _check_bounds(tokens, path)
    try:
        data = tomllib.loads(text) if fmt == "toml" else json.loads(text)
    except tomllib.TOMLDecodeError as err:
        line, message = _toml_error(err, text)
        raise SourceError(f"{what}not valid TOML: {message}", path, first_line + line - 1) from None
    except json.JSONDecodeError as err:  # at the end: the last line written, not the one after
        line = min(err.lineno, text.rstrip().count("\n") + 1)
        raise SourceError(f"{what}not valid JSON: {err.msg}", path, first_line + line - 1) from None
    except (ValueError, RecursionError) as err:  # bounds the scan above did not see coming
        raise SourceError(f"{what}not valid {fmt.upper()}: {err}", path, first_line) from None
    return Source(text, data, fmt, path, first_line, root_line, tokens)


def _tokens(text: str, fmt: str, first_line: int) -> list[Token]:
    pattern = _TOML_TOKEN if fmt == "toml" else _JSON_TOKEN
    tokens, line = [], first_line
    for m in pattern.finditer(text):
        kind = m.lastgroup or "skip"
        if kind != "skip":
            tokens.append((kind, m.group(), line))
        line += m.group().count("\n")
    return tokens


def _check_bounds(tokens: list[Token], path: str | None) -> None:
    depth = dots = 0
    for kind, text, line in tokens:
        if kind == "bare" and text[0] in "0123456789+-" and sum(map(str.isdigit, text)) > MAX_DIGITS:
            raise SourceError(f"a number of more than {MAX_DIGITS} digits", path, line)
        if text in ("[", "{") and kind == "punct":
            depth += 1
        elif text in ("]", "}") and kind == "punct":
            depth = max(0, depth - 1)
        dots = dots + 1 if text == "." and kind == "punct" else dots if kind != "punct" else 0
        if depth > MAX_DEPTH or dots >= MAX_DEPTH:
            raise SourceError(f"nested more than {MAX_DEPTH} levels deep", path, line)


def _toml_error(err: tomllib.TOMLDecodeError, text: str) -> tuple[int, str]:
    """tomllib's "Invalid value (at line 3, column 5)" as (3, "invalid value")."""
    message = str(err)
    line = getattr(err, "lineno", None)  # Python 3.14; before, only in the message
    if (m := _TOML_AT.search(message)) is not None:
        message = message[:m.start()]
        line = line or int(m.group(1) or 1)
    last = text.rstrip().count("\n") + 1  # "at end of document": the last line written
    line = last if m is not None and m.group(1) is None else min(line or 1, last)
    return line, message[:1].lower() + message[1:]


class _Map:
    """Path -> line of every field of a valid document, from its tokens (a parser's skeleton:
    keys, tables, arrays of tables, arrays and inline tables; values are skipped)."""

    def __init__(self, tokens: list[Token], fmt: str):
        self.tokens, self.at = tokens, 0
        self.lines: dict[tuple[Part, ...], int] = {}
        self.arrays: dict[tuple[Part, ...], int] = {}  # array of tables -> its last index
        if fmt == "toml":
            self.toml()
        elif tokens:
            self.value((), json=True)

    def next(self) -> Token:
        token = self.tokens[self.at] if self.at < len(self.tokens) else ("end", "", 0)
        self.at += 1
        return token

    def peek(self, ahead: int = 0) -> Token:
        at = self.at + ahead
        return self.tokens[at] if at < len(self.tokens) else ("end", "", 0)

    def mark(self, path: tuple[Part, ...], line: int, explicit: bool = False) -> None:
        for i in range(1, len(path) + 1):
            self.lines.setdefault(path[:i], line)
        if explicit:
            self.lines[path] = line

    def key(self, stop: str) -> tuple[Part, ...]:
        """A (dotted) key up to ``stop``, which is consumed."""
        parts: list[Part] = []
        while (token := self.next())[0] != "end" and token[1] != stop:
            if token[1] != ".":
                parts.append(_name(token))
        return tuple(parts)

    def resolve(self, parts: tuple[Part, ...]) -> tuple[Part, ...]:
        """A header's key with each array of tables in it at its last element."""
        path: tuple[Part, ...] = ()
        for part in parts:
            path += (part,)
            if path in self.arrays:
                path += (self.arrays[path],)
        return path

    def toml(self) -> None:
        table: tuple[Part, ...] = ()
        while (token := self.peek())[0] != "end":
            if token[1] == "[" and self.peek(1)[1] == "[" and self.peek(1)[2] == token[2]:
                self.at += 2
                parts = self.key("]")
                self.next()
                array = self.resolve(parts[:-1]) + parts[-1:]
                self.arrays[array] = self.arrays.get(array, -1) + 1
                table = array + (self.arrays[array],)
                self.mark(table, token[2], explicit=True)
            elif token[1] == "[":
                self.at += 1
                table = self.resolve(self.key("]"))
                self.mark(table, token[2], explicit=True)
            else:
                path = table + self.key("=")
                self.mark(path, token[2])
                self.value(path)

    def value(self, path: tuple[Part, ...], json: bool = False) -> None:
        token = self.next()
        close = {"[": "]", "{": "}"}.get(token[1]) if token[0] == "punct" else None
        index = 0
        while close is not None and (item := self.peek())[0] != "end":
            if item[1] in (close, ","):
                self.at += 1
                if item[1] == close:
                    return
            elif close == "]":
                self.mark(path + (index,), item[2])
                self.value(path + (index,), json)
                index += 1
            else:
                key = self.key(":") if json else self.key("=")
                self.mark(path + key, item[2])
                self.value(path + key, json)
        # A scalar: the rest of a date-time or a float ("3", ".", "14") on the same line.
        while close is None and not json and (item := self.peek())[0] != "end" \
                and item[2] == token[2] and item[1] not in (",", "]", "}"):
            self.at += 1


def _name(token: Token) -> str:
    kind, text, _ = token
    if kind == "str" and text.startswith('"'):
        try:
            return str(json.loads(text))
        except ValueError:
            return text.strip('"')
    return text.strip("'") if kind == "str" else text
