"""The dispatcher: one JSON request in, one JSON answer out, through the registry.

:meth:`Bridge.handle` reads the request with :mod:`engine.validate` (a typed dataclass per
op), calls the op's one handler (engine/service/registry.py), names the answer's cards in the
request's deck, and turns every error into data (engine/service/errors.py). The handlers live
by job: engine/service/sessions.py, tables.py, coach.py and startup.py.
"""

from __future__ import annotations

import json
from typing import Any

from .. import validate as v
from ..cards import naming
from . import registry
from .coach import Coach
from .errors import error_data
from .startup import Startup
from .tables import Tables

registry.check(v.REQUESTS)  # every op the validator reads has its one handler, and no more


class Bridge(Tables, Coach, Startup):
    """Games by handle, and the request dispatcher."""

    # ---- the one entry point ----------------------------------------------------------------

    def handle(self, request_json: Any) -> str:
        """Answer one request (a JSON string) with an answer (a JSON string). Never raises."""
        request_id: v.RequestId = None
        try:
            data = v.parse_json(request_json)
            request_id = v.request_id(data)
            request = v.read_request(data)
            with naming(v.request_deck(data)):   # every card named in the answer, in the deck's words
                response = {"id": request_id, "ok": True,
                            "result": registry.HANDLERS[request.op](self, request)}
            return json.dumps(response, separators=(",", ":"), allow_nan=False)
        except Exception as err:  # errors are data across the boundary
            response = {"id": request_id, "ok": False, "error": error_data(err)}
            return json.dumps(response, separators=(",", ":"), default=str)


_DEFAULT = Bridge()


def handle(request_json: str) -> str:
    """The module-level entry point the worker calls: one shared :class:`Bridge`."""
    return _DEFAULT.handle(request_json)
