"""TOML with line numbers: parse a TOML text that starts at a given line of a file.

``tomllib`` reports errors as "... (at line 3, column 5)" relative to the text it parsed;
front matter starts on the second line of a page, so the line is shifted back to the file's.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

from .diagnostics import Diagnostics

_AT_LINE = re.compile(r"\s*\(at line (\d+), column \d+\)$")
_AT_END = re.compile(r"\s*\(at end of document\)$")


def parse_toml(text: str, path: Path, first_line: int, diagnostics: Diagnostics,
               what: str = "TOML") -> dict[str, Any] | None:
    """The parsed table, or None after recording a ``path:line: error:`` diagnostic."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        message = str(err)
        lineno = getattr(err, "lineno", None)
        if (m := _AT_LINE.search(message)) is not None:
            lineno = lineno or int(m.group(1))
            message = message[: m.start()]
        elif (m := _AT_END.search(message)) is not None:
            lineno = lineno or max(1, text.count("\n") + (0 if text.endswith("\n") else 1))
            message = message[: m.start()]
        line = first_line + (lineno - 1 if lineno else 0)
        diagnostics.error(path, line, f"{what} is not valid TOML: {message[:1].lower()}{message[1:]}")
        return None


def key_line(text: str, key: str, first_line: int) -> int:
    """The file line where a top-level ``key = ...`` is written (``first_line`` if not found)."""
    pattern = re.compile(rf"""^\s*(?:{re.escape(key)}|"{re.escape(key)}"|'{re.escape(key)}')\s*=""")
    for number, line in enumerate(text.splitlines()):
        if line.lstrip().startswith("["):
            break  # past the top-level keys
        if pattern.match(line):
            return first_line + number
    return first_line
