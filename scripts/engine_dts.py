"""The TypeScript side of the engine's requests, written from engine/validate.py.

Every request a page sends passes engine/validate.py first: ``REQUESTS`` maps each op to a
frozen dataclass whose fields are the arguments the op takes, a field without a default being
required. This script writes templates/static/js/engine-ops.d.ts from those dataclasses, one
entry per op in ``EngineRequests`` (the arguments several ops share, as the dataclasses'
bases share them, once: ``OnGameArgs``, ``MovingArgs``...), so the ops and their arguments are
declared once, in Python; engine.d.ts pairs each op with its answer's type (``EngineAnswers``, written by hand:
the handlers answer plain dicts) and engine-client.mjs's ``request`` takes its types from both.
tests/site/test_engine_dts.py fails when the committed file is not what this script writes, or
when an op has no answer declared (or an answer no op).

    python scripts/engine_dts.py           # rewrite templates/static/js/engine-ops.d.ts
    python scripts/engine_dts.py --check   # exit 1 if it is out of date

The translation of a field's annotation: ``int`` is ``number``, ``str`` ``string``, ``bool``
``boolean``, ``None`` ``null``, ``tuple[T, ...]`` and ``list[T]`` ``T[]``, ``dict[str, Any]``
``Record<string, unknown>``, ``X | Y`` a union; a field with a default is optional (``name?:``).
Anything else is an error, so a new kind of argument gets a translation before it ships.
"""

from __future__ import annotations

import dataclasses
import re
import sys
import types
import typing
from pathlib import Path
from typing import Any

from dts import ROOT, jsdoc, write_or_check

sys.path.insert(0, str(ROOT))

from engine import validate  # noqa: E402

TARGET = ROOT / "templates" / "static" / "js" / "engine-ops.d.ts"
SIMPLE: dict[Any, str] = {int: "number", str: "string", bool: "boolean", type(None): "null",
                          Any: "unknown"}
HEADER = """\
// The engine's ops and the arguments each request takes, for the page scripts' JSDoc types
// (engine.d.ts, engine-client.mjs's `request`), written by scripts/engine_dts.py from
// engine/validate.py's REQUESTS (the validator every request passes): edit the Python and run
// the script, not this file (tests/site/test_engine_dts.py checks they agree). Types only.
"""


class SchemaError(ValueError):
    pass


def ts_type(annotation: Any, where: str) -> str:
    """A request field's annotation in TypeScript's words."""
    if annotation in SIMPLE:
        return SIMPLE[annotation]
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin in (types.UnionType, typing.Union):
        return " | ".join(ts_type(arg, where) for arg in args)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis or origin is list and len(args) == 1:
        inner = ts_type(args[0], where)
        return f"({inner})[]" if "|" in inner else f"{inner}[]"
    if origin is dict and len(args) == 2 and args[0] is str:
        return f"Record<string, {ts_type(args[1], where)}>"
    raise SchemaError(f"{where}: no TypeScript for {annotation!r}: teach scripts/engine_dts.py it")


def _doc(text: str | None, indent: str) -> list[str]:
    """A docstring as JSDoc, its ``code`` in Markdown's `code`."""
    return jsdoc(re.sub(r"``([^`]+)``", r"`\1`", text or ""), indent)


def _generated_doc(cls: type) -> bool:
    """Whether the class's docstring is the one dataclass writes for a class without one."""
    return str(cls.__dict__.get("__doc__") or "").startswith(cls.__name__ + "(")


def fields(cls: type[validate.Request]) -> list[tuple[str, str, bool]]:
    """An op's arguments: (name, TypeScript type, required), in the dataclass's order."""
    hints = typing.get_type_hints(cls)
    return [(f.name, ts_type(hints[f.name], f"{cls.__name__}.{f.name}"),
             f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING)
            for f in dataclasses.fields(cls)]


def _own(cls: type[validate.Request]) -> list[tuple[str, str, bool]]:
    """The arguments ``cls`` adds to its base's (or declares anew, with another type or
    requirement), in the dataclass's order."""
    base = cls.__bases__[0]
    inherited = set(fields(base)) if base is not validate.Request else set()
    return [f for f in fields(cls) if f not in inherited]


def _members(args: list[tuple[str, str, bool]], indent: str) -> list[str]:
    return [f"{indent}{name}{'' if required else '?'}: {kind};" for name, kind, required in args]


def render(requests: dict[str, type[validate.Request]]) -> str:
    """The .d.ts text for the validator's requests, by op.

    The requests' dataclasses inherit the arguments several ops share (a handle, the summary
    flag, the table's names); so do the types: a base that is no op becomes an interface
    ``<Base>Args`` (``extends`` its own base), and an op whose base is another op takes that
    op's arguments (``EngineRequests["apply"] & {...}``)."""
    ops = {cls: op for op, cls in requests.items()}
    bases: list[type[validate.Request]] = []

    def parent(cls: type[validate.Request]) -> str | None:
        """The TypeScript for the arguments ``cls`` inherits (None: none)."""
        base = cls.__bases__[0]
        if base is validate.Request:
            return None
        if base in ops:
            return f'EngineRequests["{ops[base]}"]'
        if base not in bases:
            parent(base)
            bases.append(base)
        return f"{base.__name__}Args"

    entries: list[str] = []
    for op, cls in requests.items():
        entries += _doc(cls.__dict__.get("__doc__") if not _generated_doc(cls) else None, "  ")
        inherited, args = parent(cls), _own(cls)
        if not args:
            entries.append(f"  {op}: {inherited or '{}'};")
            continue
        entries.append(f"  {op}: {inherited + ' & ' if inherited else ''}{{")
        entries += _members(args, "    ") + ["  };"]

    common = ", ".join(f"`{name}`" for name in sorted(validate.COMMON))
    out = [HEADER.rstrip("\n")]
    for base in bases:
        extends = parent(base)
        out += ["", *_doc(base.__dict__.get("__doc__"), ""),
                f"export interface {base.__name__}Args{f' extends {extends}' if extends else ''} {{",
                *_members(_own(base), "  "), "}"]
    out += ["", *_doc("Every op the engine answers, and the arguments its request takes: an argument\n"
                      f"without `?` is required. Every request may also carry {common} (engine-client.mjs\n"
                      "adds them).", "")]
    out += ["export interface EngineRequests {", *entries, "}"]
    return "\n".join(out) + "\n"


def main(argv: list[str]) -> int:
    return write_or_check(TARGET, render(validate.REQUESTS), "scripts/engine_dts.py", argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
