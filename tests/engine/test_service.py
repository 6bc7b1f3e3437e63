"""engine/service/: one handler for each op the validator reads, declared once with its
request's type, and none without an op."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

from engine import validate as v
from engine.bridge import Bridge
from engine.service import registry

SERVICE = Path(__file__).resolve().parents[2] / "engine" / "service"


def declared_handlers() -> list[tuple[str, str]]:
    """(request class, method) for every ``@handles(v.X)`` written in engine/service/."""
    found = []
    for path in sorted(SERVICE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef):
                for dec in node.decorator_list:
                    if isinstance(dec, ast.Call) and getattr(dec.func, "id", None) == "handles":
                        arg = dec.args[0]
                        assert isinstance(arg, ast.Attribute), ast.unparse(dec)
                        found.append((arg.attr, node.name))
    return found


def test_every_op_has_exactly_one_handler_and_every_handler_an_op():
    ops = [cls.op for cls in v.REQUESTS.values()]
    assert sorted(ops) == sorted(v.REQUESTS) and len(set(ops)) == len(ops)  # one class an op
    declared = [getattr(v, name).op for name, _ in declared_handlers()]
    assert sorted(declared) == sorted(v.REQUESTS)       # each op declared once, none extra
    assert sorted(registry.HANDLERS) == sorted(v.REQUESTS)


def test_each_handler_takes_its_ops_request():
    for op, handler in registry.HANDLERS.items():
        request = list(inspect.signature(handler).parameters)[1]     # (self, request)
        annotation = handler.__annotations__[request]                 # text: annotations are lazy
        assert eval(annotation, {"v": v}) is v.REQUESTS[op], (op, handler.__qualname__)
        assert callable(getattr(Bridge, handler.__name__)), op


def test_a_second_handler_for_an_op_is_refused():
    with pytest.raises(registry.RegistryError, match="op 'apply' has two handlers"):
        registry.handles(v.Apply)(lambda service, request: {})
    assert registry.HANDLERS["apply"].__qualname__ == "Sessions.op_apply"


def test_an_op_without_a_handler_is_named():
    with pytest.raises(registry.RegistryError, match=r"ops without a handler: \['shuffle'\]"):
        registry.check([*v.REQUESTS, "shuffle"])
