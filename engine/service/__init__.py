"""The engine as a service to the page: the bridge's jobs, one module each (registry,
dispatch, state, sessions, tables, coach, startup; docs/worker-protocol.md lists what each
does). engine/bridge.py keeps the names the worker, the tests and bench/ import from it.
"""

from __future__ import annotations

from .dispatch import Bridge, error_data, handle
from .startup import PROTOCOL_VERSION, after_restore, prepare
from .state import Session, Table

__all__ = ["Bridge", "PROTOCOL_VERSION", "Session", "Table", "after_restore", "error_data",
           "handle", "prepare"]
