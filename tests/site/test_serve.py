"""The development server's handler: serves the site, long-polls rebuilds, shows build errors."""

from __future__ import annotations

import http.server
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from sitegen.serve import State, make_handler, snapshot


@pytest.fixture
def server(tmp_path: Path):
    out = tmp_path / "site"
    (out / "js").mkdir(parents=True)
    (out / "pyodide").mkdir()
    (out / "index.html").write_text("<!doctype html><title>home</title>")
    (out / "js" / "app.1234abcd.mjs").write_text("export {};")
    (out / "pyodide" / "pyodide.asm.wasm").write_bytes(b"\0asm")
    state = State()
    state.finished(None)
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), make_handler(out, state))
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/", state
    httpd.shutdown()
    httpd.server_close()


def get(url: str) -> tuple[int, str, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.headers["Content-Type"], response.read()
    except urllib.error.HTTPError as err:
        return err.code, err.headers["Content-Type"], err.read()


def test_serves_modules_and_wasm_with_the_types_browsers_require(server):
    base, _ = server
    assert get(base + "index.html")[:2] == (200, "text/html")
    assert get(base + "js/app.1234abcd.mjs")[1] == "text/javascript"
    assert get(base + "pyodide/pyodide.asm.wasm")[1] == "application/wasm"
    status, kind, body = get(base + "__dev/reload.js")
    assert status == 200 and kind == "text/javascript" and b"location.reload()" in body


def test_wait_answers_when_a_rebuild_finishes(server):
    base, state = server
    generation = int(get(base + "__dev/wait")[2])
    threading.Timer(0.3, state.finished, args=(None,)).start()
    started = time.monotonic()
    assert int(get(base + f"__dev/wait?generation={generation}")[2]) == generation + 1
    assert 0.2 < time.monotonic() - started < 5


def test_a_failed_build_shows_its_diagnostics_instead_of_a_stale_page(server):
    base, state = server
    state.finished("content/madrasso.md:12: error: link to a missing page 'rulez.md'")
    status, kind, body = get(base + "index.html")
    assert status == 500 and kind.startswith("text/html")
    assert b"content/madrasso.md:12: error: link to a missing page &#x27;rulez.md&#x27;" in body
    assert b'src="/__dev/reload.js"' in body
    assert get(base + "js/app.1234abcd.mjs")[0] == 200  # assets still load
    state.finished(None)
    assert get(base + "index.html")[0] == 200


def test_snapshot_sees_a_changed_file(tmp_path):
    (tmp_path / "content").mkdir()
    page = tmp_path / "content" / "index.md"
    page.write_text("a")
    before = snapshot(tmp_path)
    time.sleep(0.01)
    page.write_text("b")
    import os
    os.utime(page, (before[str(page)] + 5, before[str(page)] + 5))
    assert snapshot(tmp_path) != before


def test_text_is_sent_compressed_when_the_browser_accepts_it(server):
    import gzip
    base, _ = server
    request = urllib.request.Request(base + "js/app.1234abcd.mjs", headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.headers["Content-Encoding"] == "gzip"
        assert response.headers["Content-Type"] == "text/javascript"
        assert gzip.decompress(response.read()) == b"export {};"


def test_the_offline_service_worker_is_replaced_by_one_that_unregisters(server):
    base, _ = server
    status, kind, body = get(base + "sw.js")
    assert status == 200 and kind == "text/javascript"
    assert b"registration.unregister()" in body and b"caches.delete" in body
