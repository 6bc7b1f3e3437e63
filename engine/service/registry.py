"""The one registry of handlers: each op's handler, declared once with its request's type.

A handler is a method of the service (:class:`engine.service.dispatch.Bridge`) that takes one
request dataclass of :mod:`engine.validate` and answers a JSON-ready value; :func:`handles`
registers it under that request's ``op``:

>>> from engine import validate as v
>>> sorted(HANDLERS) == sorted(v.REQUESTS)       # once every handler module is imported
True
>>> handles(v.Hello)(lambda service, request: {})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
engine.service.registry.RegistryError: op 'hello' has two handlers: ... and <lambda>

The type checker holds each handler to its request's type (``@handles(v.Apply)`` on a method
whose request is a ``v.Bot`` does not pass mypy), and :func:`check` that every op the
validator reads has a handler and every handler an op.
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
