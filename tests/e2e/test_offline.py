"""Offline after one visit (templates/static/root/sw.js, js/offline.mjs), in real Chromium.

One visit to the Madrasso page with the demo started; then the network goes away and the
visitor reloads: the demo, the practice and each of the three games still play (a card, and
the computer players' answers), and every page opens. A
second test serves a copy of the site, changes it, and checks an update replaces the old
cache without reloading the page."""

from __future__ import annotations

import http.server
import json
import re
import shutil
import threading
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect

READY = 120_000   # ms: Pyodide's first start on a busy machine
KEPT = 120_000    # ms: the service worker keeping the runtime
MOVE = 30_000     # ms: an answer of the engine once it runs
SUB = "/sub/"


def shell_pages(site: Path) -> list[str]:
    text = (site / "sw.js").read_text()
    manifest = json.loads(re.search(r"const MANIFEST = (\{.*?\});\n", text).group(1))
    return [name for name in manifest["shell"] if name.endswith(".html")]


def first_visit(page: Page, site_url: str) -> None:
    page.goto(site_url + "madrasso.html")
    page.locator(".demo").scroll_into_view_if_needed()
    page.locator('.demo [data-action="forward"]').click()
    expect(page.locator(".demo [data-position]")).to_have_text("Move 1 of 41", timeout=READY)
    expect(page.locator("html")).to_have_attribute("data-offline", "ready", timeout=KEPT)


def play_a_card_offline(page: Page, site_url: str, game: str) -> None:
    live = '.play .seat-south button.card-button[aria-disabled="false"]'
    page.goto(f"{site_url}{game}.html?seed=4&level=random#play")
    page.evaluate(f"localStorage.removeItem('play.{game}')")
    page.reload()
    page.locator(".play").scroll_into_view_if_needed()
    page.locator('.play [data-action="new"]').click()
    page.locator(live).first.wait_for(timeout=READY)
    card = page.locator(live).first
    code = card.get_attribute("data-card")
    card.click()
    choice = page.locator(".play [data-choices]:not([hidden]) button.choice")
    if choice.count():
        choice.first.click()
    expect(page.locator(f'.play .seat-south button.card-button[data-card="{code}"]')).to_have_count(0, timeout=MOVE)
    # Then the computer players answer until it is the visitor's turn again, each move told.
    page.locator(live).first.wait_for(timeout=READY)
    expect(page.locator(".play [data-last]")).not_to_be_empty()


def test_after_one_visit_the_site_plays_offline(browser, site_url, built_site, watch):
    context = browser.new_context(reduced_motion="reduce")
    page = context.new_page()
    w = watch(page)
    first_visit(page, site_url)

    context.set_offline(True)
    # The service worker tries the network first for pages; offline that attempt fails by design.
    w.allow(r"ERR_INTERNET_DISCONNECTED")
    page.reload()
    expect(page.locator("h1")).to_be_visible()
    # The demo: the runtime and the engine come from the cache.
    page.locator(".demo").scroll_into_view_if_needed()
    page.locator('.demo [data-action="forward"]').click()
    expect(page.locator(".demo [data-position]")).to_have_text("Move 1 of 41", timeout=READY)
    page.locator('.demo [data-action="forward"]').click()
    expect(page.locator(".demo [data-position]")).to_have_text("Move 2 of 41", timeout=MOVE)

    # Practice (a page not visited before): a position opens and waits for the visitor.
    page.goto(site_url + "scopa.html#practice")
    practice = page.locator("#practice-scopa")
    practice.scroll_into_view_if_needed()
    practice.locator(".practice-go").first.click()
    expect(page.locator(".practice-prompt:visible").first).to_contain_text("Your turn", timeout=READY)

    # Each game against the computer: a new game deals the visitor a playable hand, and the
    # computer players answer the visitor's card (pages not visited before, the engine offline).
    for game in ("briscola", "madrasso", "scopa"):
        play_a_card_offline(page, site_url, game)

    # Every page of the site opens, with its styles.
    for name in shell_pages(built_site):
        response = page.goto(site_url + name)
        assert response is not None and response.ok, name
        expect(page.locator("main")).to_be_visible()
        # The site's stylesheet applied (from the cache): its body has no margin (a browser's
        # own is 8 px) and the page's background colour (a browser's own is transparent).
        style = page.evaluate("(() => { const s = getComputedStyle(document.body); "
                              "return { margin: s.margin, background: s.backgroundColor }; })()")
        assert style["margin"] == "0px" and style["background"] != "rgba(0, 0, 0, 0)", (name, style)
    response = page.goto(site_url)   # the folder itself: index.html
    assert response is not None and response.ok
    expect(page.locator("main")).to_be_visible()
    context.close()


class _Handler(http.server.SimpleHTTPRequestHandler):
    site: Path
    requested: list[str]   # the paths asked for, under SUB

    def __init__(self, *args, **kwargs):
        super().__init__(*args, directory=str(self.site), **kwargs)

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".wasm": "application/wasm", ".whl": "application/zip"}

    def translate_path(self, path):
        url_path = urlsplit(path).path
        self.requested.append(url_path[len(SUB):])
        if not url_path.startswith(SUB):
            return str(self.site / "__outside__")
        return super().translate_path("/" + url_path[len(SUB):])

    def log_message(self, *args):
        pass


@pytest.fixture
def copy_served(built_site, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(built_site, site)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), type("H", (_Handler,), {"site": site, "requested": []}))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield site, f"http://127.0.0.1:{server.server_address[1]}{SUB}", server.RequestHandlerClass.requested
    server.shutdown()
    server.server_close()


def cache_names(page: Page) -> list[str]:
    """The service worker's caches (the engine's memory snapshot has its own: test_snapshot.py)."""
    return [name for name in page.evaluate("caches.keys()") if name.startswith("offline:")]


def test_an_update_replaces_the_old_cache_without_reloading(browser, copy_served, watch):
    site, url, requested = copy_served
    context = browser.new_context(reduced_motion="reduce")
    page = context.new_page()
    watch(page)
    first_visit(page, url)
    before = cache_names(page)
    assert len(before) == 1 and before[0].startswith("offline:/sub/:")

    # A new version of the site: a page changes, so does the worker's manifest.
    glossary = site / "glossary.html"
    glossary.write_text(glossary.read_text().replace("</main>", "<p>A new term.</p></main>"))
    sw = site / "sw.js"
    text = sw.read_text()
    old = re.search(r'"version":"([0-9a-f]+)"', text).group(1)
    sw.write_text(text.replace(f'"version":"{old}"', '"version":"0000000000000000"')
                  .replace('"glossary.html":"', '"glossary.html":"0'))

    loads = []
    page.on("load", lambda: loads.append(page.url))
    requested.clear()
    page.reload()   # the browser checks sw.js, finds the new one, installs it; it takes over
    new_cache = before[0].rsplit(":", 1)[0] + ":0000000000000000"
    expect(page.locator("html")).to_have_attribute("data-offline-version", new_cache, timeout=KEPT)
    expect(page.locator("html")).to_have_attribute("data-offline", "ready", timeout=KEPT)
    page.wait_for_timeout(1500)    # time for any (wrong) reload to happen
    assert len(loads) == 1, loads  # no reload loop
    assert cache_names(page) == [new_cache]   # the old cache is gone
    # Only what changed was downloaded again: the rest moved over from the old cache.
    assert "glossary.html" in requested and "sw.js" in requested, requested
    assert not {"pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", "index.html"} & set(requested), requested

    context.set_offline(True)
    page.goto(url + "glossary.html")
    expect(page.locator("main")).to_contain_text("A new term.")
    page.goto(url + "madrasso.html")
    page.locator('.demo [data-action="forward"]').click()
    expect(page.locator(".demo [data-position]")).to_have_text("Move 1 of 41", timeout=READY)
    context.close()
