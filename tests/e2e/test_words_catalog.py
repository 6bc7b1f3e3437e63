"""The page scripts' words in the page's language, and only that language's (js/words.mjs).

words.mjs imports the Italian catalog (words-it.mjs) statically; an English page's import map
(sitegen/render.py: import_map, allowed by its hash in the page's CSP) gives it the empty
words-en.mjs in its place. So an English visitor never downloads the Italian words, and an
Italian one reads the scripts' words in Italian. Read from the browser's own list of what the
page fetched (the Resource Timing entries), once the practice script has written its words.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

WRITTEN = {  # the practice's count of positions done, written by practice.mjs in the page's words
    "briscola.html": re.compile(r"^0 of \d+ done\.$"),
    "it/briscola.html": re.compile(r"^Fatte 0 su \d+\.$"),
}


def fetched(page) -> list[str]:
    return page.evaluate("performance.getEntriesByType('resource').map((e) => e.name)")


def catalogs(urls: list[str]) -> set[str]:
    return {m.group(1) for url in urls if (m := re.search(r"/js/(words-\w+)\.[0-9a-f]+\.mjs$", url))}


def test_an_english_page_never_downloads_the_italian_words(site_page, site_url):
    site_page.goto(site_url + "briscola.html")
    expect(site_page.locator(".practice-progress")).to_have_text(WRITTEN["briscola.html"])
    urls = fetched(site_page)
    assert any(re.search(r"/js/words\.[0-9a-f]+\.mjs$", url) for url in urls)  # the scripts' words did load
    assert catalogs(urls) == {"words-en"}


def test_an_italian_page_downloads_its_words_and_speaks_italian(site_page, site_url):
    site_page.goto(site_url + "it/briscola.html")
    expect(site_page.locator(".practice-progress")).to_have_text(WRITTEN["it/briscola.html"])
    expect(site_page.locator(".practice-prompt:visible")).to_have_text(re.compile(r"tavolo"))
    assert catalogs(fetched(site_page)) == {"words-it"}
    assert site_page.locator('script[type="importmap"]').count() == 0
    # the words a button says while the page starts (js/early.mjs), in Italian too
    assert site_page.locator("script[data-getting-ready]").get_attribute("data-getting-ready") == "In preparazione…"


def test_the_import_map_comes_before_every_module_and_is_allowed_by_its_hash(built_site):
    """A module script before the map would make the browser ignore it (and download
    words-it.mjs); an inline script the policy does not name would be refused."""
    import base64
    import hashlib
    html = (built_site / "briscola.html").read_text(encoding="utf-8")
    found = re.search(r'<script type="importmap">(.*?)</script>', html, re.S)
    assert found
    first_module = html.index('<script type="module"')
    assert found.start() < first_module
    digest = base64.b64encode(hashlib.sha256(found.group(1).encode()).digest()).decode()
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', html)
    assert policy and f"'sha256-{digest}'" in policy.group(1)
    assert html.index("Content-Security-Policy") < found.start()
