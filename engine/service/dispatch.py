"""The dispatcher: one JSON request in, one JSON answer out, through the registry.

:meth:`Bridge.handle` reads the request with :mod:`engine.validate` (a typed dataclass per
op), calls the op's one handler (engine/service/registry.py), names the answer's cards in the
request's deck, and turns every error into data (:func:`error_data`: errors are data across the
boundary, never exceptions). The handlers live by job: sessions.py, tables.py, coach.py and
startup.py.
"""

from __future__ import annotations

import json
import re
import traceback
from typing import Any

from .. import validate as v
from ..cards import naming
from ..i18n import Lang, speaking
from ..protocol import ActionSyntaxError, EngineError, IllegalAction, SetupError
from ..record import RecordError
from ..validate import RequestError
from . import registry
from .coach import Coach
from .startup import Startup
from .tables import Tables

registry.check(v.REQUESTS)  # every op the validator reads has its one handler, and no more


class Bridge(Tables, Coach, Startup):
    """Games by handle, and the request dispatcher."""

    # ---- the one entry point ----------------------------------------------------------------

    def handle(self, request_json: Any) -> str:
        """Answer one request (a JSON string) with an answer (a JSON string). Never raises."""
        request_id: v.RequestId = None
        # a request that cannot be read is answered in the language it asks for, when it says
        with speaking(_lang_asked(request_json)):
            try:
                data = v.parse_json(request_json)
                request_id = v.request_id(data)
                lang = v.request_lang(data)
                with speaking(lang):
                    request = v.read_request(data)
                # every card named in the answer in the deck's words, every sentence in the language
                with naming(v.request_deck(data), lang):
                    response = {"id": request_id, "ok": True,
                                "result": registry.HANDLERS[request.op](self, request)}
                return json.dumps(response, separators=(",", ":"), allow_nan=False)
            except Exception as err:  # errors are data across the boundary
                response = {"id": request_id, "ok": False, "error": error_data(err)}
                return json.dumps(response, separators=(",", ":"), default=str)


_LANG_ASKED = re.compile(r'"lang"\s*:\s*"(it)"')


def _lang_asked(request_json: Any) -> Lang:
    """The language a request asks for, read from its text before it is parsed (a text that is
    not JSON, or too long, still says ``"lang": "it"``): English unless it says Italian."""
    if isinstance(request_json, str) and _LANG_ASKED.search(request_json[:200_000]):
        return "it"
    return "en"


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


_DEFAULT = Bridge()


def handle(request_json: str) -> str:
    """The module-level entry point the worker calls: one shared :class:`Bridge`."""
    return _DEFAULT.handle(request_json)
