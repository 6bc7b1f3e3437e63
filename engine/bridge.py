"""The browser's door into the engine: one JSON request in, one JSON answer out.

The Web Worker (templates/static/js/worker.mjs) calls :func:`handle` with a request string
and posts the returned string back to the page. Nothing here imports ``js`` or touches the
filesystem, so the same code runs (and is tested) on CPython and inside Pyodide. The message
protocol is documented in docs/worker-protocol.md.

This module is the door only: the work is done by engine/service/, one module a job (the
registry of handlers, the dispatcher, the sessions, the friends' tables, the coach's ops, the
runtime's start; its docstring lists them). The names the worker, the tests and bench/ import
are here.

A request is ``{"id": number|string, "op": name, ...arguments}``; the answer is
``{"id": same, "ok": true, "result": {...}}`` or ``{"id": same, "ok": false, "error": {...}}``.
Every request is first checked by :mod:`engine.validate` (types, sizes, known arguments), and
errors are data, never exceptions across the boundary: an illegal move answers
``{"kind": "illegal", "rule": "...", "anchor": "playing-a-trick", "action": "KC", "seat": 2}``.

Each game lives behind an int *handle*, in one of two kinds of session:

* a **seat's session** (``new`` with a ``seat``, or ``load`` with a ``seat``): the game as one
  seat plays it. Its seat is fixed when it is made; every answer is built from that seat's
  :class:`engine.view.SeatView` and from explanations told to that seat
  (:meth:`Game.explain` with ``viewer``): legal moves only on its own turn, other seats'
  moves as the table shows them, the computer's moves only once played. It never names the
  seed (drawn in secret unless a test gives one), and its records are the game redealt for
  the seat (:meth:`Game.redeal_unseen`): a take-back, a saved game, a resumed one tell
  nothing about the cards the seat has not seen.
* an **open session** (``load`` without a ``seat``): a record public by design (its cards
  are all written in it, or its game is over: a demo, a practice position, a finished deal),
  shown as any ``view`` likes, the spectator's (every hand) included.

A session remembers its *line*: the actions since its record's start, so an open session's
``step_to`` can go back and forward along it and the table after a step back is exactly the
table that was shown before (it is replayed from the setup, not patched).

>>> import json
>>> bridge = Bridge()
>>> def ask(**request):
...     return json.loads(bridge.handle(json.dumps(request)))
>>> ask(id=1, op="nonsense")["error"]["kind"]
'request'
>>> state = ask(id=2, op="new", game="briscola", seat=0)["result"]["state"]
>>> state["scope"], state["observation"]["hands"][1]       # North's hand is not South's to see
('seat', None)
"""

from __future__ import annotations

from .service import PROTOCOL_VERSION, Bridge, Session, Table, after_restore, error_data
from .service import handle, prepare
from .validate import RequestError

__all__ = ["Bridge", "PROTOCOL_VERSION", "RequestError", "Session", "Table", "after_restore",
           "error_data", "handle", "prepare"]
