"""Repeat visits start the engine from a memory snapshot (templates/static/js/worker.mjs).

The first start keeps a snapshot of the freshly started interpreter in Cache Storage; later
pages restore it instead of starting Python again, and they start it at once, without waiting
for the visitor. A snapshot that cannot be restored is thrown away and the engine starts the
usual way. Each test uses its own browser context (its own storage)."""

from __future__ import annotations

import time
from urllib.parse import urlsplit

from playwright.sync_api import Page, expect

READY = 120_000   # ms: a first start on a busy machine
KEPT = 60_000     # ms: the worker writing the snapshot to Cache Storage

SNAPSHOT_ENTRIES = """async () => {
  const found = [];
  for (const name of await caches.keys()) {
    if (!name.startsWith("python-snapshot:")) continue;
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const body = await (await cache.match(request)).arrayBuffer();
      found.push({ cache: name, url: request.url, bytes: body.byteLength });
    }
  }
  return found;
}"""

SPOIL_SNAPSHOTS = """async () => {
  for (const name of await caches.keys()) {
    if (!name.startsWith("python-snapshot:")) continue;
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const junk = new Uint8Array(1 << 20);
      junk.fill(7);
      await cache.put(request, new Response(junk));
    }
  }
}"""


def press_play_and_see_the_first_move(page: Page) -> None:
    page.locator(".demo").scroll_into_view_if_needed()
    page.locator('.demo [data-action="forward"]').click()
    expect(page.locator(".demo [data-position]")).to_have_text("Move 1 of 41", timeout=READY)


def first_visit(page: Page, site_url: str) -> None:
    page.goto(site_url + "madrasso.html")
    press_play_and_see_the_first_move(page)
    expect(page.locator("html")).to_have_attribute("data-engine-start", "cold")
    page.wait_for_function("() => Object.keys(localStorage).some((k) => k.startsWith('engine-snapshot:'))",
                           timeout=KEPT)


def test_a_second_page_restores_the_engine_and_plays(browser, site_url, watch):
    context = browser.new_context(reduced_motion="reduce")
    page = context.new_page()
    watch(page)
    first_visit(page, site_url)
    entries = page.evaluate(SNAPSHOT_ENTRIES)
    assert len(entries) == 1, entries
    assert entries[0]["url"].startswith(site_url + "python-snapshot/")
    assert entries[0]["cache"] == "python-snapshot:" + urlsplit(site_url).path   # one per site
    # The interpreter's memory (31 MB), without its all-zero pages.
    assert 5_000_000 < entries[0]["bytes"] < 25_000_000

    # Coming back: the engine is ready without a press, restored from the snapshot.
    page.goto(site_url + "madrasso.html")
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=READY)
    expect(page.locator("html")).to_have_attribute("data-engine-start", "snapshot")
    press_play_and_see_the_first_move(page)
    page.locator('.demo [data-action="forward"]').click()
    expect(page.locator(".demo [data-position]")).to_have_text("Move 2 of 41")

    # Another game, whose modules the snapshot never imported, against the computer.
    page.goto(site_url + "briscola.html?seed=4&level=greedy#play")
    expect(page.locator("html")).to_have_attribute("data-engine-start", "snapshot", timeout=READY)
    page.locator(".play").scroll_into_view_if_needed()
    page.locator('.play [data-action="new"]').click()
    live = page.locator('.play .seat-south button.card-button[aria-disabled="false"]')
    live.first.wait_for(timeout=READY)
    hand = page.locator(".play .seat-south img.card")
    before = hand.evaluate_all("els => els.map(e => e.alt)")
    played = live.first.locator("img").get_attribute("alt")
    live.first.click()
    # The card is played, the computer answers, both draw: South holds three cards again,
    # the played one no longer among them, and may play.
    page.wait_for_function("""(played) => {
      const alts = [...document.querySelectorAll(".play .seat-south img.card")].map((e) => e.alt);
      const live = document.querySelectorAll('.play .seat-south button.card-button[aria-disabled="false"]');
      return alts.length === 3 && !alts.includes(played) && live.length === 3;
    }""", arg=played, timeout=READY)
    assert played in before

    assert len(page.evaluate(SNAPSHOT_ENTRIES)) == 1   # restoring never adds another
    context.close()


def test_a_spoiled_snapshot_is_replaced_and_the_engine_still_starts(browser, site_url, watch):
    context = browser.new_context(reduced_motion="reduce")
    page = context.new_page()
    watch(page)
    first_visit(page, site_url)
    page.evaluate(SPOIL_SNAPSHOTS)

    page.goto(site_url + "madrasso.html")
    press_play_and_see_the_first_move(page)
    expect(page.locator("html")).to_have_attribute("data-engine-start", "cold")
    # The spoiled copy is gone and a good one takes its place.
    deadline = time.monotonic() + KEPT / 1000
    while True:
        sizes = [e["bytes"] for e in page.evaluate(SNAPSHOT_ENTRIES)]
        if sizes and all(size > 5_000_000 for size in sizes):
            break
        assert time.monotonic() < deadline, f"no new snapshot: {sizes}"
        page.wait_for_timeout(250)
    assert len(sizes) == 1

    page.goto(site_url + "madrasso.html")
    expect(page.locator("html")).to_have_attribute("data-engine-start", "snapshot", timeout=READY)
    press_play_and_see_the_first_move(page)
    context.close()
