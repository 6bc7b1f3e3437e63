"""An exception as the data a page shows (the answer's ``error``): errors are data across the
boundary, never exceptions (docs/worker-protocol.md, "Errors")."""

from __future__ import annotations

import traceback
from typing import Any

from ..protocol import ActionSyntaxError, EngineError, IllegalAction, SetupError
from ..record import RecordError
from ..validate import RequestError


def error_data(err: BaseException) -> dict[str, Any]:
    """An exception as the data the page shows: kind, message and what the kind knows."""
    if isinstance(err, IllegalAction):
        data = {"kind": "illegal", "message": err.rule, "rule": err.rule, "anchor": err.anchor,
                "action": err.action, "seat": err.seat}
        if err.sentence is not None:
            data["sentence"] = err.sentence
        if err.index is not None:
            data["index"] = err.index
        return data
    if isinstance(err, ActionSyntaxError):
        return {"kind": "syntax", "message": str(err)}
    if isinstance(err, RecordError):
        return {"kind": "record", "message": err.message, "line": err.line, "field": err.field}
    if isinstance(err, SetupError):
        return {"kind": "setup", "message": err.message, "field": err.field}
    if isinstance(err, RequestError):
        return {"kind": "request", "message": str(err)}
    if isinstance(err, EngineError):
        return {"kind": "engine", "message": str(err)}
    return {"kind": "internal", "message": f"{type(err).__name__}: {err}",
            "traceback": traceback.format_exc(limit=6)}
