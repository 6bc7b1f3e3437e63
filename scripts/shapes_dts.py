"""The TypeScript side of the engine's JSON shapes, written from engine/shapes.pyi.

engine/shapes.pyi declares every JSON shape the engine answers in (TypedDicts); the page
scripts (templates/static/js/*.mjs) read the same shapes through JSDoc types checked by tsc
(tsconfig.json). This script writes templates/static/js/shapes.d.ts from the stub, so the two
sides are one declaration and cannot drift: tests/site/test_shapes_dts.py fails when the
committed file is not what this script writes.

    python scripts/shapes_dts.py           # rewrite templates/static/js/shapes.d.ts
    python scripts/shapes_dts.py --check   # exit 1 if it is out of date

The translation: a TypedDict becomes an ``interface`` (its bases ``extends``); a key of a
``total=False`` class or one marked ``NotRequired`` becomes optional (``key?:``); ``int`` and
``float`` are ``number``, ``str`` ``string``, ``bool`` ``boolean``, ``None`` ``null``,
``list[T]`` ``T[]``, ``dict[str, T]`` ``Record<string, T>``, ``Any`` ``unknown``, ``Literal``
a union of literals; a module-level alias becomes a ``type``. Docstrings become JSDoc comments.
Anything else in the stub is an error, so a new construct gets a translation before it ships.
"""

from __future__ import annotations

import ast
import sys

from dts import ROOT, jsdoc, write_or_check
STUB = ROOT / "engine" / "shapes.pyi"
TARGET = ROOT / "templates" / "static" / "js" / "shapes.d.ts"

SIMPLE = {"int": "number", "float": "number", "str": "string", "bool": "boolean", "Any": "unknown"}
HEADER = """\
// The engine's JSON shapes for the page scripts' JSDoc types (tsconfig.json), written by
// scripts/shapes_dts.py from engine/shapes.pyi: edit the stub and run the script, not this
// file (tests/site/test_shapes_dts.py checks they agree). Types only: the site does not ship it.
"""


class StubError(ValueError):
    pass


def _type(node: ast.expr | None) -> str:
    """A Python annotation in TypeScript's words."""
    if node is None:
        raise StubError("missing annotation")
    if isinstance(node, ast.Constant):
        if node.value is None:
            return "null"
        if isinstance(node.value, str):   # a forward reference written as a string
            return _type(ast.parse(node.value, mode="eval").body)
    if isinstance(node, ast.Name):
        return SIMPLE.get(node.id, node.id)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return f"{_type(node.left)} | {_type(node.right)}"
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
        args = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        name = node.value.id
        if name == "list" and len(args) == 1:
            inner = _type(args[0])
            return f"({inner})[]" if "|" in inner else f"{inner}[]"
        if name == "dict" and len(args) == 2:
            return f"Record<{_type(args[0])}, {_type(args[1])}>"
        if name == "Literal":
            values = []
            for arg in args:
                if not isinstance(arg, ast.Constant) or arg.value is None:
                    raise StubError(f"line {node.lineno}: a Literal of plain values only")
                values.append("true" if arg.value is True else "false" if arg.value is False
                              else repr(arg.value).replace("'", '"'))
            return " | ".join(values)
    raise StubError(f"line {node.lineno}: no TypeScript for {ast.unparse(node)}")


def _docstring(node: ast.stmt | None) -> str | None:
    if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) \
            and isinstance(node.value.value, str):
        return node.value.value
    return None


def _interface(node: ast.ClassDef, typed: set[str]) -> list[str]:
    bases = [b.id for b in node.bases if isinstance(b, ast.Name)]
    if len(bases) != len(node.bases) or not all(b == "TypedDict" or b in typed for b in bases):
        raise StubError(f"line {node.lineno}: {node.name}: a TypedDict or a subclass of one only")
    total = True
    for keyword in node.keywords:
        if keyword.arg != "total" or not isinstance(keyword.value, ast.Constant):
            raise StubError(f"line {node.lineno}: {node.name}: only total= is understood")
        total = bool(keyword.value.value)
    parents = [b for b in bases if b != "TypedDict"]
    out: list[str] = []
    body = list(node.body)
    doc = _docstring(body[0]) if body else None
    if doc is not None:
        out += jsdoc(doc, "")
        body = body[1:]
    out.append(f"export interface {node.name}" + (f" extends {', '.join(parents)}" if parents else "") + " {")
    for i, item in enumerate(body):
        if _docstring(item) is not None:
            continue
        if not isinstance(item, ast.AnnAssign) or not isinstance(item.target, ast.Name) or item.value is not None:
            raise StubError(f"line {item.lineno}: {node.name}: keys with annotations only")
        annotation = item.annotation
        optional = not total
        if isinstance(annotation, ast.Subscript) and isinstance(annotation.value, ast.Name) \
                and annotation.value.id in ("NotRequired", "Required"):
            optional = annotation.value.id == "NotRequired"
            annotation = annotation.slice
        after = _docstring(body[i + 1]) if i + 1 < len(body) else None
        if after is not None:
            out += jsdoc(after, "  ")
        out.append(f"  {item.target.id}{'?' if optional else ''}: {_type(annotation)};")
    out.append("}")
    return out


def render(stub: str) -> str:
    """The .d.ts text for the stub's text."""
    tree = ast.parse(stub)
    out = [HEADER.rstrip("\n")]
    typed: set[str] = set()
    body = tree.body[1:] if _docstring(tree.body[0]) is not None else tree.body
    for i, node in enumerate(body):
        if isinstance(node, (ast.ImportFrom, ast.Import)) or _docstring(node) is not None:
            continue
        out.append("")
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            after = _docstring(body[i + 1]) if i + 1 < len(body) else None
            if after is not None:
                out += jsdoc(after, "")
            out.append(f"export type {node.targets[0].id} = {_type(node.value)};")
        elif isinstance(node, ast.ClassDef):
            out += _interface(node, typed)
            typed.add(node.name)
        else:
            raise StubError(f"line {node.lineno}: no TypeScript for {ast.unparse(node)[:60]}")
    return "\n".join(out) + "\n"


def main(argv: list[str]) -> int:
    return write_or_check(TARGET, render(STUB.read_text(encoding="utf-8")), "scripts/shapes_dts.py", argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
