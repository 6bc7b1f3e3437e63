"""What scripts/engine_dts.py and scripts/shapes_dts.py share: a docstring as a JSDoc comment,
and the command line that writes a generated .d.ts or (``--check``) says it is out of date."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def jsdoc(text: str | None, indent: str) -> list[str]:
    """A docstring as a JSDoc comment at ``indent``: one line, or a block (none for no text)."""
    if not text or not text.strip():
        return []
    lines = [line.strip().replace("*/", "*\\/") for line in text.strip().splitlines()]
    if len(lines) == 1:
        return [f"{indent}/** {lines[0]} */"]
    return [f"{indent}/**", *[f"{indent} * {line}".rstrip() for line in lines], f"{indent} */"]


def write_or_check(target: Path, text: str, script: str, argv: list[str]) -> int:
    """Write ``text`` to ``target``; with ``--check`` in ``argv`` write nothing and answer 1
    (naming ``script``, the generator to run) when the file is not ``text``."""
    name = target.relative_to(ROOT)
    if "--check" in argv:
        if not target.is_file() or target.read_text(encoding="utf-8") != text:
            print(f"{name} is out of date: run python {script}", file=sys.stderr)
            return 1
        return 0
    target.write_text(text, encoding="utf-8")
    print(f"wrote {name}")
    return 0
