"""The size budget: every file the site ships, its size, and a limit it may not outgrow.

``size-budget.json`` (at the top of the repository) records each shipped file's size in bytes,
by its logical name (``js/demo.mjs``, not ``js/demo.1a2b3c4d.mjs``), and the total. The build
prints every file's size (and its gzip size, what a visitor downloads) and fails when a file,
or the total, is more than 5% over its recorded budget. Growth that is wanted is recorded on
purpose, in the same commit: ``python build.py --update-budget``. A file with no budget yet
(a new page) is listed as new; the total still bounds it.
"""

from __future__ import annotations

import json
import re
import zlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from .diagnostics import Diagnostics

BUDGET_FILE = "size-budget.json"
TOLERANCE = 0.05
TOTAL = "(total)"
NOT_SHIPPED = {"assets.json"}
"""Files written into the site for the build's own use that a visitor never asks for."""


@dataclass
class Line:
    name: str
    size: int
    gzip: int
    budget: int | None
    over: bool = False


@dataclass(frozen=True)
class Budget:
    """What size-budget.json records: each file's limit in bytes, the total's, the growth allowed."""

    files: Mapping[str, int]
    total: int | None = None
    tolerance: float = TOLERANCE

    def as_json(self) -> str:
        return json.dumps({"tolerance": self.tolerance, "total": self.total, "files": dict(self.files)},
                          indent=1) + "\n"


@dataclass
class BudgetReport:
    lines: list[Line] = field(default_factory=list)
    total: Line | None = None

    @property
    def over(self) -> list[Line]:
        return [line for line in [*self.lines, self.total] if line and line.over]


def logical_names(out_dir: Path) -> dict[str, str]:
    """Site path -> logical name (hashed assets back to their source name)."""
    assets_json = out_dir / "assets.json"
    hashed = json.loads(assets_json.read_text(encoding="utf-8")) if assets_json.is_file() else {}
    return {site: logical for logical, site in hashed.items()}


def _gzip_size(data: bytes) -> int:
    compressor = zlib.compressobj(6, zlib.DEFLATED, 31)   # what a static host's gzip sends
    return len(compressor.compress(data) + compressor.flush())


_DATA_HASH = re.compile(r"^(data/[^/]+)\.[0-9a-f]{10}(?=\.json$)")   # components' data files


def measure(out_dir: Path) -> dict[str, tuple[int, int]]:
    names = logical_names(out_dir)
    sizes: dict[str, tuple[int, int]] = {}
    for path in sorted(out_dir.rglob("*")):
        relative = path.relative_to(out_dir).as_posix()
        if not path.is_file() or relative in NOT_SHIPPED:
            continue
        data = path.read_bytes()
        sizes[names.get(relative, _DATA_HASH.sub(r"\1", relative))] = (len(data), _gzip_size(data))
    return sizes


def load_budget(root: Path) -> Budget:
    path = root / BUDGET_FILE
    if not path.is_file():
        return Budget(files={})
    data = json.loads(path.read_text(encoding="utf-8"))
    total = data.get("total")
    return Budget(files={str(name): int(size) for name, size in data.get("files", {}).items()},
                  total=int(total) if total is not None else None,
                  tolerance=float(data.get("tolerance", TOLERANCE)))


def check(root: Path, out_dir: Path, diagnostics: Diagnostics) -> BudgetReport:
    budget = load_budget(root)
    tolerance, files = budget.tolerance, budget.files
    path = root / BUDGET_FILE
    text = path.read_text(encoding="utf-8") if path.is_file() else ""
    report = BudgetReport()
    total = total_gzip = 0
    for name, (size, gz) in measure(out_dir).items():
        limit = files.get(name)
        line = Line(name, size, gz, limit)
        report.lines.append(line)
        total += size
        total_gzip += gz
        if limit is not None and size > limit * (1 + tolerance):
            line.over = True
            diagnostics.error(path, _line_of(text, f'"{name}"'),
                              f"{name} is {size:,} bytes, {100 * (size / limit - 1):.1f}% over its budget "
                              f"of {limit:,} (at most {100 * tolerance:.0f}% allowed): make it smaller, "
                              f"or record the growth with python build.py --update-budget")
    limit = budget.total
    report.total = Line(TOTAL, total, total_gzip, limit)
    if limit and total > limit * (1 + tolerance):
        report.total.over = True
        diagnostics.error(path, _line_of(text, '"total"'),
                          f"the site is {total:,} bytes, {100 * (total / limit - 1):.1f}% over its budget of "
                          f"{limit:,}: make it smaller, or python build.py --update-budget")
    return report


def update(root: Path, out_dir: Path) -> Budget:
    sizes = measure(out_dir)
    budget = Budget(total=sum(s for s, _ in sizes.values()),
                    files={name: size for name, (size, _) in sorted(sizes.items())})
    (root / BUDGET_FILE).write_text(budget.as_json(), encoding="utf-8")
    return budget


def print_report(report: BudgetReport, stream: TextIO) -> None:
    """Every shipped file, largest first: bytes, gzip bytes, budget and state."""
    width = max((len(line.name) for line in report.lines), default=10)
    print(f"{'file':<{width}} {'bytes':>11} {'gzip':>11} {'budget':>11}", file=stream)
    for line in sorted(report.lines, key=lambda l: (-l.size, l.name)):
        print(_format(line, width), file=stream)
    if report.total:
        print(_format(report.total, width), file=stream)


def _format(line: Line, width: int) -> str:
    budget = f"{line.budget:,}" if line.budget is not None else "new"
    state = "  OVER BUDGET" if line.over else ""
    return f"{line.name:<{width}} {line.size:>11,} {line.gzip:>11,} {budget:>11}{state}"


def _line_of(text: str, needle: str) -> int | None:
    for number, line in enumerate(text.splitlines(), 1):
        if needle in line:
            return number
    return None


def run(root: Path, out_dir: Path, *, update_budget: bool, stream: TextIO) -> bool:
    """The build's budget step: print the sizes; False when a file is over its budget."""
    if update_budget:
        budget = update(root, out_dir)
        print(f"recorded the size of {len(budget.files)} files ({budget.total:,} bytes) "
              f"in {BUDGET_FILE}", file=stream)
        return True
    diagnostics = Diagnostics()
    report = check(root, out_dir, diagnostics)
    print_report(report, stream)
    for diagnostic in diagnostics.sorted():
        print(diagnostic, file=stream)
    if diagnostics.errors:
        print(f"size budget: {len(diagnostics.errors)} over", file=stream)
        return False
    return True


__all__ = ["BUDGET_FILE", "Budget", "BudgetReport", "check", "measure", "print_report", "run", "update"]
