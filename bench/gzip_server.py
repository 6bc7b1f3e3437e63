"""A small static server with gzip, like a real static host, for the start-up benchmarks.

    python bench/gzip_server.py SITE [--port N]

- ``/sub/...``  the built site (served under a sub-path, as on a project page).
- ``/bare/...`` a bare page that only runs the default ``loadPyodide()`` in a module worker,
  from the same Pyodide version's default files (node_modules/pyodide: the full standard
  library and lock file), for the baseline; its button starts the worker on the same signs of
  intent as the site's engine (the pointer coming onto it, focus, a press).
- ``/__bytes``  the body bytes sent since the last ``/__bytes?reset=1`` (what went over the
  wire, gzip included), so a benchmark can count a page's transfer, its worker's included.
- ``/__shape?down=BYTES_PER_S&latency=MS`` shapes every later response like a slow link: each
  waits ``latency`` before its headers, and all bodies share ``down`` bytes a second (one
  link, as a phone has); ``/__shape`` alone turns it off. Chrome's own throttling (CDP
  ``Network.emulateNetworkConditions``) reached the engine's worker in only some runs, so the
  benchmarks shape the link here, where every request passes.

Compressible files are sent gzip-encoded (level 6) when the request accepts it. The benches
start the server with ``precompress=True``: every file of the site and of the bare page's
Pyodide is compressed before the first request, so no visit pays a compression the other side
does not (otherwise a file is compressed on its first request and kept in memory). Files are served with ``Cache-Control: no-cache`` and an ETag, so a
repeat visit revalidates (a 304 costs no body), as most static hosts do.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import http.server
import os
import threading
import time
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

ROOT = Path(__file__).resolve().parents[1]
PYODIDE = ROOT / "node_modules" / "pyodide"
# Debian's chromium for the browser benches, with the team's flags (no downloads, no lookups
# of outside hosts).
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-sync",
                 "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
TYPES = {".html": "text/html; charset=utf-8", ".mjs": "text/javascript", ".js": "text/javascript",
         ".css": "text/css", ".json": "application/json", ".svg": "image/svg+xml",
         ".wasm": "application/wasm", ".zip": "application/zip", ".whl": "application/zip",
         ".woff2": "font/woff2", ".png": "image/png", ".txt": "text/plain"}
COMPRESSIBLE = {".html", ".mjs", ".js", ".css", ".json", ".svg", ".wasm", ".zip", ".whl", ".txt"}

BARE_HTML = b"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Bare Pyodide</title></head>
<body><button type="button" id="start">Start Python</button><p id="state">idle</p>
<script type="module">
// Started on the first sign of intent, as the site's engine is (engine-client.mjs): the pointer
// coming onto the button, focus, or the press itself.
const state = document.getElementById("state");
const button = document.getElementById("start");
let worker = null;
const start = () => {
  if (worker) return;
  state.textContent = "loading";
  worker = new Worker(new URL("./bare-worker.mjs", import.meta.url), { type: "module" });
  worker.onmessage = (event) => { state.dataset.ms = event.data.ms; state.textContent = "ready"; };
};
for (const type of ["pointerenter", "focusin", "pointerdown", "click"]) button.addEventListener(type, start);
</script></body></html>
"""

BARE_WORKER = b"""import { loadPyodide } from "./pyodide/pyodide.mjs";
const started = performance.now();
const py = await loadPyodide({ indexURL: new URL("./pyodide/", import.meta.url).href });
py.runPython("1 + 1");
self.postMessage({ ms: performance.now() - started });
"""


class Sent:
    lock = threading.Lock()
    body_bytes = 0


class Link:
    """A shared downlink: ``down`` bytes a second for all responses together, plus latency."""

    lock = threading.Lock()
    down = 0.0          # bytes a second; 0: not shaped
    latency = 0.0       # seconds before each response
    free_at = 0.0       # when the link has sent everything queued so far (time.monotonic)
    CHUNK = 16 * 1024

    @classmethod
    def wait_latency(cls) -> None:
        if cls.down:
            time.sleep(cls.latency)

    @classmethod
    def write(cls, wfile, body: bytes) -> None:
        if not cls.down:
            wfile.write(body)
            return
        for start in range(0, len(body), cls.CHUNK):
            chunk = body[start:start + cls.CHUNK]
            with cls.lock:   # the chunk's turn on the link
                begin = max(time.monotonic(), cls.free_at)
                cls.free_at = begin + len(chunk) / cls.down
                done = cls.free_at
            time.sleep(max(0.0, done - time.monotonic()))
            wfile.write(chunk)


class Handler(http.server.BaseHTTPRequestHandler):
    site: Path
    cache: dict[tuple[str, bool], tuple[bytes, str]] = {}
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):  # noqa: N802 (http.server's name)
        url = urlsplit(self.path)
        if url.path == "/__bytes":
            with Sent.lock:
                value = Sent.body_bytes
                if "reset" in parse_qs(url.query):
                    Sent.body_bytes = 0
            return self._send(200, str(value).encode(), "text/plain", count=False, shaped=False)
        if url.path == "/__shape":
            query = parse_qs(url.query)
            with Link.lock:
                Link.down = float(query.get("down", ["0"])[0])
                Link.latency = float(query.get("latency", ["0"])[0]) / 1000
                Link.free_at = 0.0
            return self._send(200, b"ok", "text/plain", count=False, shaped=False)
        data = self._file(url.path)
        if data is None:
            return self._send(404, b"not found", "text/plain")
        body, suffix = data
        etag = self.etag(body)
        if self.headers.get("If-None-Match") == etag:
            return self._send(304, b"", None, etag=etag)
        gz = suffix in COMPRESSIBLE and "gzip" in (self.headers.get("Accept-Encoding") or "")
        if gz:
            body = self.cache_compressed(body, etag)
        self._send(200, body, TYPES.get(suffix, "application/octet-stream"), etag=etag, gz=gz)

    @classmethod
    def precompress(cls) -> int:
        """Compress every compressible file both sides can ask for, at once; their count."""
        count = 0
        for base in (cls.site, PYODIDE):
            for target in base.rglob("*"):
                if target.is_file() and target.suffix in COMPRESSIBLE:
                    body = target.read_bytes()
                    cls.cache_compressed(body, cls.etag(body))
                    count += 1
        return count

    @staticmethod
    def etag(body: bytes) -> str:
        return '"' + hashlib.sha1(body).hexdigest()[:16] + '"'

    @classmethod
    def cache_compressed(cls, body: bytes, etag: str) -> bytes:
        key = (etag, True)
        if key not in cls.cache:
            cls.cache[key] = (gzip.compress(body, 6, mtime=0), etag)
        return cls.cache[key][0]

    def _file(self, path: str):
        if path.startswith("/bare/"):
            rest = path[len("/bare/"):]
            if rest in ("", "index.html"):
                return BARE_HTML, ".html"
            if rest == "bare-worker.mjs":
                return BARE_WORKER, ".mjs"
            if rest.startswith("pyodide/"):
                return self._read(PYODIDE, rest[len("pyodide/"):])
            return None
        if path.startswith("/sub/"):
            rest = path[len("/sub/"):] or "index.html"
            if rest.endswith("/"):
                rest += "index.html"
            return self._read(self.site, rest)
        return None

    @staticmethod
    def _read(base: Path, rest: str):
        target = (base / rest).resolve()
        if base.resolve() not in target.parents or not target.is_file():
            return None
        return target.read_bytes(), target.suffix

    def _send(self, status, body, kind, etag=None, gz=False, count=True, shaped=True):
        if shaped:
            Link.wait_latency()
        self.send_response(status)
        if kind:
            self.send_header("Content-Type", kind)
        if etag:
            self.send_header("ETag", etag)
            self.send_header("Cache-Control", "no-cache")
        if gz:
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if status != 304:
            if shaped:
                Link.write(self.wfile, body)
            else:
                self.wfile.write(body)
        if count:
            with Sent.lock:
                Sent.body_bytes += len(body)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        pass  # a browser hanging up is normal


def site_or_build(site: Path | None, prefix: str) -> Path | None:
    """The given built site, or a fresh build of this checkout in a temporary folder
    (None, after printing the diagnostics, if the build fails)."""
    if site:
        return site.resolve()
    import tempfile

    import build

    out = Path(tempfile.mkdtemp(prefix=prefix)) / "site"
    result = build.build(build.Paths(out=out))
    if not result.ok:
        build.report(result)
        return None
    return out


def serve(site: Path | None, prefix: str) -> tuple[Server, str] | None:
    """The benches' start: ``site`` (or a fresh build) served with gzip, every file compressed
    before the first request, and its base URL ``http://127.0.0.1:PORT`` (the site is under
    ``/sub/``); None if the build failed."""
    folder = site_or_build(site, prefix)
    if folder is None:
        return None
    server = start(folder, precompress=True)
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def start(site: Path, port: int = 0, precompress: bool = False) -> Server:
    handler = type("SiteHandler", (Handler,), {"site": site, "cache": {}})
    if precompress:
        handler.precompress()
    server = Server(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path)
    parser.add_argument("--port", type=int, default=8765)
    args = parser.parse_args()
    server = start(args.site.resolve(), args.port, precompress=True)
    print(f"serving {args.site} at http://127.0.0.1:{server.server_address[1]}/sub/ "
          f"(bare Pyodide at /bare/)")
    threading.Event().wait()


if __name__ == "__main__":
    main()
