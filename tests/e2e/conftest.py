"""Browser tests against the real built site, served under a sub-path on 127.0.0.1.

Fixtures for every e2e test module:

- ``built_site``: the site built once per session (``build.py --strict``) into a temp folder.
- ``site_url``: its base URL, ending in ``/``, e.g. ``http://127.0.0.1:41234/sub/`` (so a page
  that used an absolute URL would break here, as it would on a static host's sub-path).
- ``watch``: ``watch(page)`` records console errors, uncaught page errors, failed requests
  (HTTP >= 400, and network failures other than the browser's own cancellations) and any request or WebSocket that leaves 127.0.0.1 (``websockets``: the URLs of those opened), and fails the test
  at teardown if there were any. ``w.allow(r"pyodide\\.asm\\.wasm")`` excuses problems whose
  text matches (e.g. a test that blocks the wasm on purpose); ``w.check()`` asserts mid-test.
- ``site_page``: pytest-playwright's ``page``, already watched.
- ``own_server``: ``own_server()`` -> (url, stop), a server of the built site for one test,
  which ``stop()`` shuts (a true offline test).
- ``open_with_storage``: ``open_with_storage(page, url, items={...}, clear=True)`` sets the site's
  localStorage, then opens ``url`` (see :func:`open_with_storage`).
- ``browser_type_launch_args``: Debian's chromium with the team's flags (no downloads, no
  lookups of outside hosts).

Every test here is marked ``e2e`` (``pytest -m "not e2e"`` skips them).
"""

from __future__ import annotations

import http.server
import os
import re
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from sitegen.serve import MIME_TYPES  # noqa: E402

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-sync",
                 "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
SUB_PATH = "/sub/"


def pytest_collection_modifyitems(items):
    here = Path(__file__).resolve().parent
    for item in items:
        if here in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM,
            "args": [*browser_type_launch_args.get("args", []), *CHROMIUM_ARGS]}


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    """The real site, built once for the whole session."""
    out = tmp_path_factory.mktemp("e2e") / "site"
    result = build.build(build.Paths(out=out), strict=True)
    assert result.ok, "the site does not build:\n" + "\n".join(map(str, result.diagnostics.sorted()))
    return out


class _SubPathHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the built site at SUB_PATH only, like a static host serving a project page."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    site: Path

    def __init__(self, *args, **kwargs):
        super().__init__(*args, directory=str(self.site), **kwargs)

    def translate_path(self, path: str) -> str:
        url_path = urlsplit(path).path
        if not url_path.startswith(SUB_PATH):
            return str(self.site / "__not_under_the_sub_path__")
        return super().translate_path("/" + path[len(SUB_PATH):])

    def log_message(self, format, *args):  # noqa: A002 (http.server's name)
        pass


class _QuietServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)  # a browser hanging up is normal


def start_server(site: Path) -> _QuietServer:
    """Serve ``site`` at SUB_PATH on a free port of 127.0.0.1, in a thread, until shut down."""
    handler = type("Handler", (_SubPathHandler,), {"site": site})
    server = _QuietServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def stop_server(server: _QuietServer) -> None:
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def site_server(built_site):
    server = start_server(built_site)
    yield server
    stop_server(server)


@pytest.fixture
def own_server(built_site):
    """A server of the built site for one test, which may stop it to go truly offline:
    ``url, stop = own_server()``; ``stop()`` shuts it (and teardown does, if the test did not)."""
    started: list[_QuietServer] = []

    def start() -> tuple[str, Callable[[], None]]:
        server = start_server(built_site)
        started.append(server)
        host, port = server.server_address[:2]
        return f"http://{host}:{port}{SUB_PATH}", lambda: stop_server(server)

    yield start
    for server in started:
        if server.socket.fileno() != -1:
            stop_server(server)


@pytest.fixture(scope="session")
def site_url(site_server) -> str:
    host, port = site_server.server_address[:2]
    return f"http://{host}:{port}{SUB_PATH}"


@dataclass
class PageWatch:
    """What went wrong on a page, as the visitor's browser saw it."""

    problems: list[str] = field(default_factory=list)
    allowed: list[re.Pattern[str]] = field(default_factory=list)
    websockets: list[str] = field(default_factory=list)

    def allow(self, pattern: str) -> None:
        self.allowed.append(re.compile(pattern))

    def report(self) -> list[str]:
        return [p for p in self.problems if not any(a.search(p) for a in self.allowed)]

    def check(self) -> None:
        found = self.report()
        assert not found, "problems on the page:\n" + "\n".join(found)

    def attach(self, page) -> "PageWatch":
        def on_request(request):
            url = urlsplit(request.url)
            if url.scheme not in ("data", "blob", "about") and url.hostname != "127.0.0.1":
                self.problems.append(f"off-origin request: {request.url}")

        def on_response(response):
            if response.status >= 400:
                self.problems.append(f"HTTP {response.status}: {response.url}")

        def on_console(message):
            if message.type == "error":
                self.problems.append(f"console error: {message.text} ({message.location.get('url', '')})")

        def on_websocket(socket):
            # Only the friends' table opens one, to its relays (the tests': on 127.0.0.1).
            if urlsplit(socket.url).hostname != "127.0.0.1":
                self.problems.append(f"off-origin WebSocket: {socket.url}")
            self.websockets.append(socket.url)

        page.on("request", on_request)
        page.on("websocket", on_websocket)
        page.on("response", on_response)
        def on_failed(request):
            # ERR_ABORTED is the browser cancelling a request itself (the page navigated away, an
            # image's src changed): not a failure the visitor sees. Refused, blocked, unreachable are.
            if "ERR_ABORTED" not in (request.failure or ""):
                self.problems.append(f"failed request: {request.url} ({request.failure})")

        page.on("requestfailed", on_failed)
        page.on("console", on_console)
        page.on("pageerror", lambda error: self.problems.append(f"page error: {error}"))
        return self


@pytest.fixture
def watch():
    """``watch(page)`` -> PageWatch; the test fails at teardown on any unexcused problem."""
    watches: list[PageWatch] = []

    def start(page) -> PageWatch:
        w = PageWatch().attach(page)
        watches.append(w)
        return w

    yield start
    for w in watches:
        w.check()


# A page of the site with no table on it (its one script registers the service worker): the
# storage is written from there. (A JSON file would do, but the browser then asks for
# /favicon.ico, outside the sub-path.)
QUIET_DOCUMENT = "404.html"


def open_with_storage(page, url: str, items: dict[str, str] | None = None, clear: bool = False) -> None:
    """Set the site's localStorage (``clear`` it first, then ``items``), then open ``url``.

    The storage is written from a page of the site with no table, never from the page
    under test followed by a reload: a play table on that page resumes the game saved before
    and saves it again after each computer move, so it could write its own game over the one
    just set (seen once in CI: a resumed old match instead of the last deal set for the test)."""
    base = url[:url.index(SUB_PATH) + len(SUB_PATH)]
    page.goto(base + QUIET_DOCUMENT)
    page.evaluate("([clear, items]) => { if (clear) localStorage.clear();"
                  " for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value); }",
                  [clear, items or {}])
    page.goto(url)


@pytest.fixture(name="open_with_storage")
def open_with_storage_fixture():
    """:func:`open_with_storage`, for a test."""
    return open_with_storage


@pytest.fixture
def site_page(page, watch):
    """pytest-playwright's page, watched for console errors and stray requests."""
    watch(page)
    return page
