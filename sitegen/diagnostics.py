"""Diagnostics: content problems are data, collected and printed together.

Every message carries its location, ``path:line: error: message`` or
``path:line: warning: message`` (Sphinx's and compilers' shape), so an author can fix the
content from the message alone. Code deep in the pipeline never raises on bad content: it
calls :meth:`Diagnostics.error` or :meth:`Diagnostics.warning` and carries on, so one build
reports every problem at once.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.source import FieldPath, Source, SourceError


@dataclass(frozen=True)
class Diagnostic:
    path: str
    line: int | None
    level: str  # "error", "warning" or "note" (told, never fatal)
    message: str

    def __str__(self) -> str:
        where = self.path if self.line is None else f"{self.path}:{self.line}"
        return f"{where}: {self.level}: {self.message}"


def display_path(path: str | os.PathLike[str]) -> str:
    """The path as the author should see it: relative to the working folder when inside it."""
    p = Path(path)
    try:
        return os.path.relpath(p) if p.is_absolute() and Path.cwd() in p.parents else str(p)
    except ValueError:  # another drive on Windows
        return str(p)


@dataclass
class Diagnostics:
    items: list[Diagnostic] = field(default_factory=list)

    def error(self, path: str | os.PathLike[str], line: int | None, message: str) -> None:
        self.items.append(Diagnostic(display_path(path), line, "error", message))

    def warning(self, path: str | os.PathLike[str], line: int | None, message: str) -> None:
        self.items.append(Diagnostic(display_path(path), line, "warning", message))

    def note(self, path: str | os.PathLike[str], line: int | None, message: str) -> None:
        """Work still to do that does not stop a build, even under ``--strict``."""
        self.items.append(Diagnostic(display_path(path), line, "note", message))

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.items if d.level == "error"]

    @property
    def warnings(self) -> list[Diagnostic]:
        return [d for d in self.items if d.level == "warning"]

    def failed(self, strict: bool = False) -> bool:
        """True when the build must stop: any error, or any warning under ``--strict``."""
        return bool(self.errors or (strict and self.warnings))

    def sorted(self) -> list[Diagnostic]:
        return sorted(self.items, key=lambda d: (d.path, d.line or 0))

    def source_error(self, err: "SourceError") -> None:
        """A file that could not be read (:mod:`engine.source`): its own path and line."""
        self.error(err.path or "", err.line, err.message)


@dataclass
class FileReport:
    """Diagnostics about one file, each at the line of the field it is about (its source map
    gives the line; a field not written gets its table's line)."""

    diagnostics: Diagnostics
    path: str | os.PathLike[str]
    source: "Source | None" = None
    count: int = 0

    def line(self, where: "FieldPath" = ()) -> int | None:
        return self.source.line(where) if self.source is not None else None

    def error(self, message: str, where: "FieldPath" = ()) -> None:
        self.count += 1
        self.diagnostics.error(self.path, self.line(where), message)

    def warning(self, message: str, where: "FieldPath" = ()) -> None:
        self.diagnostics.warning(self.path, self.line(where), message)
