"""The one registry of handlers: each op's handler, declared once with its request's type.

A handler is a method of the service (engine/service/dispatch.py's ``Bridge``) that takes one
request dataclass of :mod:`engine.validate`; ``@handles(v.Apply)`` registers it under that
request's op, and mypy holds the method to that type. :func:`check` (at the dispatcher's
import; tests/engine/test_service.py too): every op has its handler, every handler an op.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Callable, TypeVar

from .. import validate as v

Handler = Callable[[Any, Any], Any]
"""A handler as the dispatcher calls it: ``handler(service, request) -> answer``."""

HANDLERS: dict[str, Handler] = {}
"""Every op's handler, by the op's name."""

_S = TypeVar("_S")
_R = TypeVar("_R", bound=v.Request)
_A = TypeVar("_A")


class RegistryError(Exception):
    """An op with two handlers, or the handlers and the requests out of step."""


def handles(kind: type[_R]) -> Callable[[Callable[[_S, _R], _A]], Callable[[_S, _R], _A]]:
    """Register the decorated method as the handler of ``kind``'s op (once)."""
    def register(handler: Callable[[_S, _R], _A]) -> Callable[[_S, _R], _A]:
        known = HANDLERS.get(kind.op)
        if known is not None:
            raise RegistryError(f"op {kind.op!r} has two handlers: {known.__qualname__} and "
                                f"{handler.__qualname__}")
        HANDLERS[kind.op] = handler
        return handler
    return register


def check(ops: Iterable[str]) -> None:
    """Every op in ``ops`` has a handler, and every handler is one of ``ops``."""
    ops = set(ops)
    missing, extra = sorted(ops - set(HANDLERS)), sorted(set(HANDLERS) - ops)
    if missing or extra:
        raise RegistryError(f"ops without a handler: {missing}; handlers without an op: {extra}")
