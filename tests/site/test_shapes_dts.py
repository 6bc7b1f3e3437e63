"""The engine's JSON shapes declared once: engine/shapes.pyi (TypedDicts) is the source, and
templates/static/js/shapes.d.ts, which the page scripts' JSDoc types read under tsc, is written
from it by scripts/shapes_dts.py. These tests fail when the two drift apart, and check the
translation itself against Python's own reading of the stub: the same shapes, the same keys,
the same keys optional."""

from __future__ import annotations

import re
import sys
import typing
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

import shapes_dts  # noqa: E402


def _stub_namespace() -> dict[str, object]:
    """engine/shapes.pyi run as Python (it is valid Python): its TypedDict classes, as Python
    itself reads their keys. A key's type naming a later class (a forward reference, which a
    stub may make) reads that name as Any here; only the keys are compared."""
    source = shapes_dts.STUB.read_text(encoding="utf-8")
    placeholders: dict[str, object] = {}
    while True:
        namespace: dict[str, object] = {"__name__": "shapes_stub", **placeholders}
        try:
            exec(compile(source, str(shapes_dts.STUB), "exec", dont_inherit=True), namespace)
        except NameError as err:
            assert err.name and err.name not in placeholders, err
            placeholders[err.name] = typing.Any
            continue
        return namespace


def _interfaces(text: str) -> dict[str, dict[str, bool]]:
    """Each interface of a .d.ts text: key -> optional, its bases' keys included."""
    found: dict[str, dict[str, bool]] = {}
    for m in re.finditer(r"^export interface (\w+)(?: extends ([\w, ]+))? \{\n(.*?)^\}", text, re.M | re.S):
        keys: dict[str, bool] = {}
        for base in filter(None, (m.group(2) or "").split(", ")):
            keys.update(found[base])
        for key, optional in re.findall(r"^  (\w+)(\??): ", m.group(3), re.M):
            keys[key] = bool(optional)
        found[m.group(1)] = keys
    return found


def test_the_committed_declarations_are_what_the_stub_says():
    assert shapes_dts.TARGET.read_text(encoding="utf-8") == shapes_dts.render(
        shapes_dts.STUB.read_text(encoding="utf-8")), \
        "templates/static/js/shapes.d.ts is out of date: run python scripts/shapes_dts.py"


def test_every_shape_has_the_same_keys_and_the_same_optional_keys_on_both_sides():
    python = {name: value for name, value in _stub_namespace().items() if typing.is_typeddict(value)}
    typescript = _interfaces(shapes_dts.TARGET.read_text(encoding="utf-8"))
    assert sorted(typescript) == sorted(python)
    for name, shape in python.items():
        expected = {key: key in shape.__optional_keys__ for key in shape.__annotations__}
        assert typescript[name] == expected, name
    assert len(python) > 30 and typescript["Explanation"]["card"] is True   # total=False
    assert typescript["Refusal"]["sentence"] is True and typescript["Refusal"]["rule"] is False


def test_a_construct_with_no_translation_is_refused_not_guessed():
    with pytest.raises(shapes_dts.StubError, match="no TypeScript for"):
        shapes_dts.render("from typing import TypedDict\n\nclass A(TypedDict):\n    x: tuple[int, int]\n")
    assert "  y?: number | null;" in shapes_dts.render(
        "from typing import NotRequired, TypedDict\n\nclass A(TypedDict):\n    y: NotRequired[int | None]\n")


def test_the_site_ships_no_declarations(tmp_path):
    from sitegen.assets import copy_assets
    from sitegen.diagnostics import Diagnostics
    static = tmp_path / "static"
    (static / "js").mkdir(parents=True)
    (static / "js" / "app.mjs").write_text('/** @typedef {import("./shapes").TableShape} T */\n')
    (static / "js" / "shapes.d.ts").write_text("export interface TableShape {}\n")
    out = tmp_path / "out"
    assets = copy_assets(static, out, Diagnostics())
    assert sorted(assets.urls) == ["js/app.mjs"]
    assert [p.name for p in out.rglob("*.ts")] == []
