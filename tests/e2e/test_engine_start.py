"""Requests made while the engine starts (templates/static/js/engine-client.mjs).

The page sends a request at once, even while its engine worker is still starting: the worker
keeps it and answers it right after its hello, so a press of Play before the engine is ready
costs no extra trip through the page. A request's time limit counts from the engine being
ready, so a slow start (a slow phone, a slow link) is never taken for a stuck engine."""

from __future__ import annotations

import contextlib

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


@contextlib.contextmanager
def madrasso_page(browser, site_url, watch, *scripts):
    """The Madrasso page (its demo, practice and game on one engine) in a context of its own,
    with `scripts` run before the page's own."""
    context = browser.new_context(reduced_motion="reduce")
    for script in scripts:
        context.add_init_script(script)
    page = context.new_page()
    watch(page)
    try:
        page.goto(site_url + "madrasso.html")
        yield page
    finally:
        context.close()


def test_a_press_before_the_engine_is_ready_is_answered_once_it_is(browser, site_url, watch):
    with madrasso_page(browser, site_url, watch, SLOW_START) as page:
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


# Every request the page sends its engine worker, and every answer, in the order the page saw
# them (after SLOW_START, so the press below comes well before the engine is ready).
RECORD_TRAFFIC = """(() => {
  const traffic = window.__engineTraffic = [];
  const Original = window.Worker;
  window.Worker = class extends Original {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => {
        const m = event.data || {};
        if ("id" in m) traffic.push({ kind: "answer", id: m.id, ok: m.ok });
      });
    }
    postMessage(message, transfer) {
      if (message && message.op) traffic.push({ kind: "request", id: message.id, op: message.op, at: message.at });
      return super.postMessage(message, transfer);
    }
  };
})();"""


def test_a_press_of_play_while_the_engine_starts_is_answered_first_and_in_one_request(
        browser, site_url, watch):
    """The Madrasso page has the demo and the practice on one worker: Play pressed while the
    engine starts asks for move 1 in the record's opening (`load` standing at 1), and the
    practice's first position waits until that answer is in."""
    with madrasso_page(browser, site_url, watch, SLOW_START, RECORD_TRAFFIC) as page:
        page.locator('.demo [data-action="play"]').click()
        expect(page.locator(".demo [data-position]")).to_have_text("Move 1 of 41", timeout=READY)
        shown = page.locator(".practice .practice-position:not([hidden]) .practice-prompt")
        expect(shown).to_contain_text("Your turn", timeout=READY)
        traffic = page.evaluate("window.__engineTraffic")
        requests = [t for t in traffic if t["kind"] == "request"]
        demo = requests[0]
        assert (demo["op"], demo["at"]) == ("load", 1), traffic
        practice = next(t for t in requests if t["op"] == "load" and t["at"] == "end")
        answered = next(i for i, t in enumerate(traffic) if t["kind"] == "answer" and t["id"] == demo["id"])
        assert answered < traffic.index(practice), traffic
        # Move 1 came with the opening: no step was asked for before it was shown.
        assert not any(t["op"] == "step_to" for t in traffic[:answered]), traffic


# The engine's own timings (worker.mjs's ready message), read from the page's engine client.
ENGINE_TIMINGS = """async () => {
  const client = performance.getEntriesByType("resource").map((r) => r.name).find((n) => n.includes("/engine-client."));
  return (await import(client)).getEngine(document.querySelector(".demo")).timings;
}"""


def a_cold_start(browser, site_url, watch, route=None) -> tuple[dict, list[str]]:
    """A first visit's press of Play, up to move 1: the engine's timings, and every request for
    the wasm (the worker's too). `route` handles those requests first, when given."""
    context = browser.new_context(reduced_motion="reduce")
    try:
        page = context.new_page()
        w = watch(page)
        if route:
            w.allow(r"console error: .*(wasm|WebAssembly)")
            context.route("**/pyodide.asm.wasm", route)
        seen: list[str] = []
        context.on("request", lambda r: seen.append(r.url) if r.url.endswith("/pyodide.asm.wasm") else None)
        page.goto(site_url + "madrasso.html")
        page.locator('.demo [data-action="play"]').click()
        expect(page.locator(".demo [data-position]")).to_have_text("Move 1 of 41", timeout=READY)
        return page.evaluate(ENGINE_TIMINGS), seen
    finally:
        context.close()


def test_a_cold_start_fetches_the_wasm_once_and_compiles_it_early(browser, site_url, watch):
    """A cold start (no snapshot kept) compiles Pyodide's wasm as soon as the worker knows no
    snapshot will be restored, and Pyodide's own fetch of it gets a stand-in: one request for
    the 9.6 MB, and the module compiled early is the one Python runs on."""
    timings, seen = a_cold_start(browser, site_url, watch)
    assert timings["wasm"] == "compiled early", timings
    assert timings["wasmCompiled"] <= timings["python"], timings
    assert len(seen) == 1, seen


def test_a_failed_early_compile_falls_back_to_pyodide_s_own_fetch(browser, site_url, watch):
    """When the worker's early compile fails (here its response is not wasm), Pyodide's own
    fetch and compile run as they would without it, and the engine starts."""
    spoiled: list[str] = []

    def spoil_the_first(route):
        if spoiled:
            route.continue_()
            return
        spoiled.append(route.request.url)
        route.fulfill(status=200, body=b"not wasm at all", headers={"content-type": "application/wasm"})

    timings, seen = a_cold_start(browser, site_url, watch, spoil_the_first)
    assert timings["wasm"] == "fetched again", timings
    assert "wasmCompiled" not in timings, timings
    assert len(spoiled) == 1 and len(seen) == 2, (spoiled, seen)
