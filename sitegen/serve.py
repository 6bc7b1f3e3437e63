"""``python build.py serve``: build, serve on 127.0.0.1, rebuild on change, reload the browser.

- Every rebuild runs ``build.py --dev`` in a fresh process, so changes to sitegen/ and the
  engine take effect too, and a crash in the build cannot take the server down.
- The watcher polls content/, templates/, engine/, sitegen/, site.toml, build.py and
  package.json twice a second (no dependency, works on every file system).
- Pages built with ``--dev`` load ``__dev/reload.js`` (never present in a normal build). It
  long-polls ``__dev/wait?generation=N``; the server answers when a rebuild finishes, and the
  page reloads.
- Text files and the wasm are sent gzip-compressed when the browser accepts it, as a real
  static host would, so Lighthouse and byte counts measured against it are realistic.
- The site's service worker (offline copy) is replaced by one that clears its caches and
  unregisters itself: under development every rebuild must show, never a cached page.
- When a build fails, every page request gets the diagnostics instead of a stale page, and
  that page reloads itself once the content is fixed. The site on disk stays the last good one.
"""

from __future__ import annotations

import gzip
import html
import http.server
import socket
import socketserver
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

WATCHED = ("content", "templates", "engine", "sitegen", "site.toml", "build.py", "package.json")
POLL_SECONDS = 0.5
WAIT_SECONDS = 25

RELOAD_JS = """\
// Development only (build.py serve): reload the page when the site has been rebuilt.
(async () => {
  let generation = null;
  for (;;) {
    try {
      const query = generation === null ? "" : "?generation=" + generation;
      const response = await fetch("/__dev/wait" + query, { cache: "no-store" });
      const next = Number(await response.text());
      if (generation !== null && next !== generation) { location.reload(); return; }
      generation = next;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
})();
"""

DEV_SERVICE_WORKER = """\
// Development only (build.py serve): no offline cache, so every rebuild shows at once. This
// worker replaces the site's own sw.js, empties the caches and unregisters itself.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) await caches.delete(key);
    await self.registration.unregister();
  })());
});
"""

MIME_TYPES = {
    ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
    ".json": "application/json", ".svg": "image/svg+xml", ".css": "text/css",
    ".whl": "application/zip", ".zip": "application/zip", ".html": "text/html",
}


COMPRESSED = {".html", ".css", ".mjs", ".js", ".json", ".svg", ".wasm", ".map", ".txt"}


class State:
    """The latest build: its generation number and, if it failed, its diagnostics."""

    def __init__(self) -> None:
        self.generation = 0
        self.error: str | None = None
        self.changed = threading.Condition()

    def finished(self, error: str | None) -> None:
        with self.changed:
            self.generation += 1
            self.error = error
            self.changed.notify_all()

    def wait(self, generation: int, timeout: float) -> int:
        with self.changed:
            self.changed.wait_for(lambda: self.generation != generation, timeout)
            return self.generation


def snapshot(root: Path) -> dict[str, float]:
    stamps: dict[str, float] = {}
    for name in WATCHED:
        path = root / name
        files = [path] if path.is_file() else path.rglob("*") if path.is_dir() else []
        for file in files:
            if "__pycache__" in file.parts or file.name.startswith("."):
                continue
            try:
                stamps[str(file)] = file.stat().st_mtime
            except OSError:
                pass
    return stamps


def run_build(root: Path, out: Path, strict: bool) -> str | None:
    """Build in a new process; None if it worked, else everything it printed."""
    command = [sys.executable, str(root / "build.py"), "--out", str(out), "--dev"]
    if strict:
        command.append("--strict")
    started = time.perf_counter()
    done = subprocess.run(command, cwd=root, capture_output=True, text=True)
    took = time.perf_counter() - started
    if done.returncode == 0:
        if done.stderr:
            print(done.stderr, end="", file=sys.stderr)
        print(f"[serve] rebuilt in {took:.2f} s", flush=True)
        return None
    print(done.stderr or done.stdout, end="", file=sys.stderr, flush=True)
    return (done.stderr + done.stdout).strip() or f"build.py exited with {done.returncode}"


def error_page(diagnostics: str) -> bytes:
    return f"""<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Build failed</title><script src="/__dev/reload.js" defer></script></head>
<body>
<main>
<h1>The build failed</h1>
<p>Fix the problems below; this page reloads by itself when the site builds again.</p>
<pre>{html.escape(diagnostics)}</pre>
</main>
</body>
</html>
""".encode("utf-8")


def make_handler(out: Path, state: State) -> type[http.server.SimpleHTTPRequestHandler]:
    class Handler(http.server.SimpleHTTPRequestHandler):
        extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

        def __init__(self, request: socket.socket | tuple[bytes, socket.socket], client_address: tuple[str, int],
                     server: socketserver.BaseServer) -> None:
            super().__init__(request, client_address, server, directory=str(out))

        def end_headers(self) -> None:
            self.send_header("Cache-Control", "no-store")
            super().end_headers()

        def log_message(self, format: str, *args: object) -> None:  # noqa: A002 (http.server's name)
            if args and str(args[1] if len(args) > 1 else "").startswith(("4", "5")):
                super().log_message(format, *args)

        def send_body(self, status: int, content_type: str, body: bytes) -> None:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self) -> None:  # noqa: N802 (http.server's name)
            url = urlsplit(self.path)
            if url.path.endswith("/__dev/reload.js"):
                return self.send_body(200, "text/javascript", RELOAD_JS.encode())
            if url.path == "/sw.js":
                return self.send_body(200, "text/javascript", DEV_SERVICE_WORKER.encode())
            if url.path.endswith("/__dev/wait"):
                asked = parse_qs(url.query).get("generation")
                generation = state.generation if not asked else state.wait(int(asked[0]), WAIT_SECONDS)
                return self.send_body(200, "text/plain", str(generation).encode())
            if state.error is not None and (url.path.endswith((".html", "/")) or "." not in url.path):
                return self.send_body(500, "text/html; charset=utf-8", error_page(state.error))
            if "gzip" in self.headers.get("Accept-Encoding", "") and self.send_gzip(url.path):
                return None
            return super().do_GET()

        def send_gzip(self, url_path: str) -> bool:
            """Compress text and wasm like a real static host would (measurements stay honest)."""
            path = Path(self.translate_path(url_path))
            if path.is_dir():
                path = path / "index.html"
            if path.suffix not in COMPRESSED or not path.is_file():
                return False
            body = gzip.compress(path.read_bytes(), 6)
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(str(path)))
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Vary", "Accept-Encoding")
            self.end_headers()
            self.wfile.write(body)
            return True

    return Handler


def serve(out: Path, port: int = 8000, strict: bool = False, root: Path | None = None) -> int:
    root = root or Path(__file__).resolve().parent.parent
    state = State()
    try:
        server = http.server.ThreadingHTTPServer(("127.0.0.1", port), make_handler(out, state))
    except OSError as err:
        print(f"[serve] cannot listen on 127.0.0.1:{port} ({err.strerror}): another server is "
              f"running there? Try: python build.py serve --port {port + 1}", file=sys.stderr)
        return 1
    state.finished(run_build(root, out, strict))
    server.daemon_threads = True
    stop = threading.Event()

    def watch() -> None:
        seen = snapshot(root)
        while not stop.wait(POLL_SECONDS):
            now = snapshot(root)
            if now != seen:
                time.sleep(0.1)  # let an editor finish writing
                seen = snapshot(root)
                state.finished(run_build(root, out, strict))

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    print(f"[serve] http://127.0.0.1:{port}/  (Ctrl+C to stop; rebuilds when content, templates, "
          f"engine or sitegen change)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\n[serve] stopped")
    finally:
        stop.set()
        server.server_close()
    return 0
