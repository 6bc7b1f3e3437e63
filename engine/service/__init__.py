"""The engine as a service to the page: the bridge's jobs, one module each.

=================  ==========================================================================
``registry``       the one registry of handlers: each op's handler, declared once with its
                   request's type (:func:`registry.handles`), checked against every op of
                   engine/validate.py
``dispatch``       :class:`Bridge`: a request's text in, the handler called, the answer's text
                   out; the shared :func:`handle` the worker calls
``state``          what the service holds: sessions and tables by handle, reviews by number
``sessions``       a seat's session and an open session: ``new``, ``load``, ``apply``, ...
``tables``         the friends' table: the ``table_*`` ops (docs/friends.md)
``coach``          the coach's ops: ``hint``, ``review_start``, ``review_step`` (docs/coach.md)
``startup``        the protocol's version, ``hello`` and ``games``, and the runtime's start
                   (:func:`prepare` before a memory snapshot, :func:`after_restore` after)
``errors``         an exception as the data a page shows
=================  ==========================================================================

engine/bridge.py keeps the names the worker, the tests and bench/ import from it.
"""

from __future__ import annotations

from .dispatch import Bridge, handle
from .errors import error_data
from .startup import PROTOCOL_VERSION, after_restore, prepare
from .state import Session, Table

__all__ = ["Bridge", "PROTOCOL_VERSION", "Session", "Table", "after_restore", "error_data",
           "handle", "prepare"]
