"""Requests made while the engine starts (templates/static/js/engine-client.mjs).

The page sends a request at once, even while its engine worker is still starting: the worker
keeps it and answers it right after its hello, so a press of Play before the engine is ready
costs no extra trip through the page. A request's time limit counts from the engine being
ready, so a slow start (a slow phone, a slow link) is never taken for a stuck engine."""

from __future__ import annotations

from playwright.sync_api import expect

READY = 120_000  # ms: a first start on a busy machine

# The worker's init message (runtime.json's contents) reaches it 4 s late, so the engine is
# ready only well after the requests below were sent, and after their time limit (2 s) if it
# counted from the sending.
SLOW_START = """(() => {
  const Original = window.Worker;
  window.Worker = class extends Original {
    postMessage(message, transfer) {
      if (message && message.type === "init") {
        setTimeout(() => super.postMessage(message, transfer), 4000);
        return;
      }
      return super.postMessage(message, transfer);
    }
  };
})();"""


def test_a_press_before_the_engine_is_ready_is_answered_once_it_is(browser, site_url, watch):
    context = browser.new_context(reduced_motion="reduce")
    context.add_init_script(SLOW_START)
    page = context.new_page()
    watch(page)
    try:
        page.goto(site_url + "madrasso.html")
        page.evaluate("document.documentElement.dataset.requestTimeout = '2000'")
        page.locator(".demo").scroll_into_view_if_needed()
        page.locator('.demo [data-action="forward"]').click()
        # The press started the engine and sent the demo's first request at once.
        expect(page.locator(".demo .engine-status")).to_have_attribute("data-state", "loading")
        expect(page.locator(".demo [data-position]")).to_have_text("Move 1 of 41", timeout=READY)
        assert page.evaluate("performance.getEntriesByName('engine-ready')[0].startTime"
                             " - performance.getEntriesByName('engine-start')[0].startTime") > 4000
        expect(page.locator(".demo .engine-status")).to_be_hidden()
        assert page.locator("html").get_attribute("data-engine") == "ready"
    finally:
        context.close()
