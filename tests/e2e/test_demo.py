"""The demo deal in real Chromium: the engine worker loads Pyodide from the site itself and
replays the recorded deal; every move shows its one text (the author's note and the engine's
facts, merged at build time) and the table."""

from __future__ import annotations

import re
from urllib.parse import urljoin

from playwright.sync_api import Page, expect

READY = 90_000  # ms: Pyodide's first start on a busy machine


def open_demo(page: Page, site_url: str) -> None:
    page.goto(site_url + "madrasso.html")
    page.locator(".demo").scroll_into_view_if_needed()


def demo_data(page: Page) -> dict:
    src = page.locator(".demo-data").get_attribute("data-src")
    return page.request.get(urljoin(page.url, src)).json()


def position(page: Page, index: int, timeout: int = 15_000) -> None:
    expect(page.locator(".demo [data-position]")).to_have_text(f"Move {index} of 41", timeout=timeout)


def step(page: Page, index: int) -> None:
    page.locator('.demo [data-action="forward"]').click()
    position(page, index, READY if index == 1 else 15_000)


def score(page: Page, team: int) -> tuple[str, str]:
    row = page.locator(f'.demo [data-scores] [data-team="{team}"]')
    return row.locator("[data-tricks]").inner_text(), row.locator("[data-points]").inner_text()


def table_snapshot(page: Page) -> str:
    """The table and the words as they stand (cards still in flight, and the mark of a card
    that travelled in, left out: they are the motion, not the table)."""
    table = page.locator(".demo [data-table]").evaluate("""t => {
      const copy = t.cloneNode(true);
      for (const node of copy.querySelectorAll('.is-leaving')) node.remove();
      for (const node of copy.querySelectorAll('[data-travel]')) node.removeAttribute('data-travel');
      return copy.innerHTML;
    }""")
    return table + page.locator(".demo [data-commentary]").inner_html()


def test_step_through_the_whole_deal(site_page: Page, site_url: str):
    page = site_page
    open_demo(page, site_url)
    data = demo_data(page)
    # Before the engine: the deal as dealt, the turned-up king in front of the dealer (West).
    expect(page.locator('.demo .seat-west [data-turned] img')).to_have_attribute("alt", "king of hearts")
    expect(page.locator(".demo [data-trump]")).to_contain_text("hearts")
    seen_trump_on_other_suit = False
    for index in range(1, 42):
        step(page, index)
        move = data["moves"][index - 1]
        text_words = re.sub(r"<[^>]+>", "", move["text_html"]).split()[0:4]
        expect(page.locator(".demo [data-text]")).to_contain_text(" ".join(text_words).replace("&rsquo;", "’"))
        shown = page.locator(".demo [data-text]").inner_text()
        assert "Seat " not in shown  # seats by name, not number
        if index == 2:
            expect(page.locator(".demo [data-text]")).to_contain_text("East holds the seven of trumps")
            expect(page.locator('.demo .seat-west [data-turned] img')).to_have_attribute("alt", "seven of hearts")
            expect(page.locator('.demo .seat-west [data-turned]')).not_to_contain_text("swapped")
            expect(page.locator('.demo .seat-east [data-hand] img[alt="king of hearts"]')).to_have_count(1)
            expect(page.locator(".demo [data-text] a")).to_have_attribute("href", "#the-seven-of-trumps")
        if index == 3:
            expect(page.locator(".demo [data-text]")).to_contain_text("East has no choice at all")
        if index == 7:
            expect(page.locator(".demo [data-text]")).to_contain_text("East trumps with the four of hearts")
            seen_trump_on_other_suit = True
        if index == 9:  # East's four of hearts took South's three of diamonds
            # The trick's result is said once, by the table's caption (issue 27: the note, the
            # engine's facts and the caption said its 12 points three times).
            expect(page.locator(".demo [data-centre-words]")).to_have_text(
                "East wins the trick: 10 + 0 + 0 + 2 = 12 points to East and West.")
            expect(page.locator(".demo [data-text]")).not_to_contain_text("12 points")
            expect(page.locator(".demo [data-text]")).not_to_contain_text("wins the trick")
            expect(page.locator(".demo .trick-card.is-winner img")).to_have_attribute("alt", "four of hearts")
            assert score(page, 1) == ("1", "12")
    assert seen_trump_on_other_suit
    # The last trick's ten, and the deal's count: 69 + 61 = 130.
    expect(page.locator(".demo [data-centre-words]")).to_contain_text(
        "points to North and South, and 10 more for the last trick.")
    assert score(page, 0) == ("6", "69 (+10 last trick)")
    assert score(page, 1) == ("4", "61")
    expect(page.locator(".demo [data-next]")).to_have_text(
        "The deal is over. North and South 69, East and West 61 (the last trick’s 10 to North "
        "and South): 69 + 61 = 130. Tricks: 6 to 4.")
    expect(page.locator(".demo [data-narration]")).to_contain_text("69 + 61 = 130")
    expect(page.locator('.demo [data-action="forward"]')).to_have_attribute("aria-disabled", "true")


def test_step_back_restores_the_previous_table_exactly(site_page: Page, site_url: str):
    page = site_page
    open_demo(page, site_url)
    for index in range(1, 8):
        step(page, index)
    before = table_snapshot(page)
    step(page, 8)
    assert table_snapshot(page) != before
    page.locator('.demo [data-action="back"]').click()
    position(page, 7)
    assert table_snapshot(page) == before
    page.locator('.demo [data-action="restart"]').click()
    position(page, 0)
    expect(page.locator(".demo [data-trick] img")).to_have_count(0)
    assert score(page, 0) == ("0", "0")


def test_play_pause_and_speed(site_page: Page, site_url: str):
    page = site_page
    open_demo(page, site_url)
    page.locator('.demo [data-control="speed"]').select_option("2")
    step(page, 1)  # past the first question (it stops the demo: test_what_would_you_play_*)
    step(page, 2)
    play = page.locator('.demo [data-action="play"]')
    play.click()
    position(page, 3, 10_000)
    expect(play).to_have_text("Pause")
    play.click()
    expect(play).to_have_text("Play")
    text = page.locator(".demo [data-position]").inner_text()
    page.wait_for_timeout(2000)
    assert page.locator(".demo [data-position]").inner_text() == text


def test_the_keyboard_drives_the_demo(site_page: Page, site_url: str):
    page = site_page
    open_demo(page, site_url)
    table = page.locator(".demo [data-table]")
    table.focus()
    expect(table).to_be_focused()
    page.keyboard.press("ArrowRight")
    position(page, 1, READY)
    page.keyboard.press("ArrowRight")
    position(page, 2)
    page.keyboard.press("ArrowLeft")
    position(page, 1)
    page.keyboard.press("End")
    position(page, 41)
    page.keyboard.press("Home")
    position(page, 0)
    page.keyboard.press("ArrowRight")
    position(page, 1)
    page.keyboard.press("ArrowRight")  # past the first question, which would stop the demo
    position(page, 2)
    page.keyboard.press("Space")
    expect(page.locator('.demo [data-action="play"]')).to_have_text("Pause")
    position(page, 3)
    page.keyboard.press("Space")
    expect(page.locator('.demo [data-action="play"]')).to_have_text(re.compile("Play"))
    # Tab reaches the controls, and focus is visible on them.
    page.locator('.demo [data-action="play"]').focus()
    outline = page.locator('.demo [data-action="play"]').evaluate("e => getComputedStyle(e).outlineStyle")
    assert outline != "none"


def test_one_seat_view_hides_the_other_hands(site_page: Page, site_url: str):
    page = site_page
    open_demo(page, site_url)
    step(page, 1)
    page.locator('.demo [data-control="one-seat"]').check()
    expect(page.locator('.demo .seat-north [data-hand] img[alt="a card, face down"]')).to_have_count(10)
    expect(page.locator('.demo .seat-south [data-hand] img[alt="a card, face down"]')).to_have_count(0)
    expect(page.locator(".demo .seat-south [data-hand] img")).to_have_count(9)
    expect(page.locator(".demo [data-next]")).to_have_text("East to play.")
    page.locator('.demo [data-control="one-seat"]').uncheck()
    expect(page.locator('.demo .seat-north [data-hand] img[alt="a card, face down"]')).to_have_count(0)


def test_a_press_before_the_deal_has_arrived_is_kept(page: Page, site_url: str, watch):
    # On a slow network the demo's buttons are on the page before the deal's data is: a press
    # then starts the engine and is carried out once the deal is there.
    watch(page)
    held = []
    page.route("**/data/demo-*.json", lambda route: held.append(route))   # held until released
    page.goto(site_url + "madrasso.html")
    while not held:
        page.wait_for_timeout(50)
    page.locator('.demo [data-action="forward"]').click()
    page.wait_for_timeout(500)
    position(page, 0)
    held[0].continue_()
    position(page, 1, READY)
    expect(page.locator(".demo [data-text]")).not_to_contain_text("Press Play")


def test_the_worker_failure_shows_a_message_and_a_retry(page: Page, site_url: str, watch):
    w = watch(page)
    w.allow(r"pyodide\.asm\.wasm")
    w.allow(r"console error: .*(wasm|WebAssembly|abort|Failed to fetch|Pyodide)")
    page.route("**/pyodide.asm.wasm", lambda route: route.abort())
    open_demo(page, site_url)
    page.locator('.demo [data-action="play"]').click()
    status = page.locator(".demo .engine-status")
    expect(status).to_contain_text("The game engine could not load", timeout=READY)
    retry = status.locator(".engine-retry")
    expect(retry).to_be_visible()
    # The rules stay readable, and so does the deal in writing.
    expect(page.locator("#the-seven-of-trumps")).to_be_visible()
    expect(page.locator(".demo-transcript")).to_be_visible()
    # Unblock and retry: the engine starts and the demo plays.
    page.unroute("**/pyodide.asm.wasm")
    retry.click()
    expect(status).to_be_hidden(timeout=READY)
    step(page, 1)


def test_pages_without_interactive_parts_never_load_pyodide(site_page: Page, site_url: str):
    page = site_page
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(site_url + "glossary.html")
    page.wait_for_timeout(1500)
    assert not [u for u in requests if "pyodide" in u or "worker" in u]


SAVE_DATA = """Object.defineProperty(Navigator.prototype, "connection", {
  configurable: true, get: () => ({ saveData: true, effectiveType: "4g" }),
});"""


def test_under_save_data_the_engine_waits_for_a_press(site_page: Page, site_url: str):
    page = site_page
    page.add_init_script(SAVE_DATA)
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    open_demo(page, site_url)
    page.locator('.demo [data-action="play"]').hover()  # intent, but no press: not enough here
    page.wait_for_timeout(2000)
    assert not [u for u in requests if "pyodide" in u or "/engine/" in u]
    expect(page.locator(".demo .transcript-move")).to_have_count(41)  # the deal is readable meanwhile
    step(page, 1)  # a press starts the engine and plays
    assert [u for u in requests if u.endswith("pyodide.asm.wasm")]


def test_phone_layout_and_reduced_motion(site_page: Page, site_url: str):
    page = site_page
    page.set_viewport_size({"width": 360, "height": 740})
    page.emulate_media(reduced_motion="reduce")
    open_demo(page, site_url)
    for index in range(1, 4):
        step(page, index)
    # Nothing sticks out sideways on a phone: the page does not scroll horizontally.
    widths = page.locator("html").evaluate("e => [e.scrollWidth, e.clientWidth]")
    assert widths[0] <= widths[1], widths
    table = page.locator(".demo [data-table]").bounding_box()
    assert table["x"] >= 0 and table["x"] + table["width"] <= 360
    # Cards land on the table without travelling when the visitor asks for less motion.
    card = page.locator(".demo .trick-card").last
    expect(card).to_have_attribute("data-travel", "from-hand")
    assert card.evaluate("e => e.getAnimations().length") == 0


def test_a_missing_engine_wheel_is_a_failure_with_a_retry_too(page: Page, site_url: str, watch):
    w = watch(page)
    w.allow(r"\.whl")
    w.allow(r"console error: (The following error occurred while loading engine|Failed to fetch)")
    page.route("**/*.whl", lambda route: route.abort())
    open_demo(page, site_url)
    page.locator('.demo [data-action="forward"]').click()
    status = page.locator(".demo .engine-status")
    expect(status).to_contain_text("The game engine could not load", timeout=READY)
    expect(status.locator(".engine-retry")).to_be_visible()
    expect(page.locator(".demo [data-position]")).to_have_text("Move 0 of 41")


def test_an_unreadable_runtime_json_is_a_failure_with_a_retry(page: Page, site_url: str, watch):
    # The page reads runtime.json for the worker; when it cannot, the worker tries itself and
    # says what went wrong.
    w = watch(page)
    w.allow(r"runtime\.json")
    page.route("**/runtime.json", lambda route: route.fulfill(status=404, body="not found"))
    open_demo(page, site_url)
    page.locator('.demo [data-action="forward"]').click()
    status = page.locator(".demo .engine-status")
    expect(status).to_contain_text("The game engine could not load", timeout=READY)
    expect(status).to_contain_text("runtime.json: HTTP 404")
    page.unroute("**/runtime.json")
    status.locator(".engine-retry").click()
    expect(status).to_be_hidden(timeout=READY)
    step(page, 1)


def test_a_stalled_download_offers_retry_and_recovers(page: Page, site_url: str, watch):
    w = watch(page)
    w.allow(r"pyodide\.asm\.wasm")
    held = []
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))  # never answered
    open_demo(page, site_url)
    page.locator('.demo [data-action="forward"]').click()
    status = page.locator(".demo .engine-status")
    expect(status).to_contain_text("taking longer than usual", timeout=60_000)
    expect(status.locator("progress")).to_be_visible()
    page.unroute("**/pyodide.asm.wasm")
    status.locator(".engine-retry").click()
    expect(status).to_be_hidden(timeout=READY)
    step(page, 1)


# ---- "what would you play?" ----------------------------------------------------------------------

ASK = ".demo [data-ask]:not([hidden])"


def asked_moves(data: dict) -> list[int]:
    return [i for i, move in enumerate(data["moves"]) if "ask" in move]


def test_what_would_you_play_stops_the_demo_takes_a_card_and_goes_on(site_page: Page, site_url: str):
    page = site_page
    open_demo(page, site_url)
    data = demo_data(page)
    first, second = asked_moves(data)[:2]
    assert len(asked_moves(data)) >= 5
    step(page, 1)
    for index in range(2, first + 1):
        step(page, index)
    # Played from just after the first question, the demo runs by itself and stops at the next.
    page.locator('.demo [data-control="speed"]').select_option("2")
    page.locator('.demo [data-action="forward"]').click()
    play = page.locator('.demo [data-action="play"]')
    play.click()
    position(page, second, 30_000)
    expect(play).to_have_text("Play")
    page.wait_for_timeout(1500)
    position(page, second)  # it waits for the visitor
    ask = data["moves"][second]["ask"]
    expect(page.locator(ASK)).to_contain_text("What would you play?")
    question = re.sub(r"<[^>]+>", "", ask["question_html"]).split()[:4]
    expect(page.locator(ASK)).to_contain_text(" ".join(question))
    # Every legal move is a choice; pick the one the expert rates worst.
    choices = page.locator(f"{ASK} button.demo-ask-choice")
    expect(choices).to_have_count(len(ask["choices"]))
    other = max(ask["choices"], key=lambda a: ask["choices"][a]["cost"])  # the costliest
    page.locator(f'{ASK} button[data-choice="{other}"]').click()
    feedback = page.locator(f"{ASK} .demo-ask-feedback")
    expect(feedback).to_contain_text(re.sub(r"<[^>]+>", "", ask["choices"][other]["html"])[:40])
    expect(feedback).to_contain_text("The expert expects it to cost about")
    position(page, second)  # a choice plays nothing
    # Then the deal goes on as written: the author's move, the choice and its feedback beside it.
    page.locator('.demo [data-action="ask-continue"]').click()
    position(page, second + 1)
    expect(page.locator(".demo [data-text]")).to_contain_text(
        re.sub(r"<[^>]+>", "", data["moves"][second]["text_html"]).split()[0])
    expect(page.locator(ASK)).to_contain_text(f"Your choice: {ask['choices'][other]['words']}")
    # Next without choosing plays the author's move as before.
    for index in range(second + 2, asked_moves(data)[2] + 1):
        step(page, index)
    expect(page.locator(ASK)).to_contain_text("What would you play?")
    step(page, asked_moves(data)[2] + 1)
    expect(page.locator(ASK)).to_have_count(0)


def test_what_would_you_play_in_the_briscola_and_scopa_demos(site_page: Page, site_url: str):
    page = site_page
    page.set_viewport_size({"width": 390, "height": 844})
    for game, moves in (("briscola", 40), ("scopa", 36)):
        page.goto(site_url + f"{game}.html#demo")
        page.locator(".demo").scroll_into_view_if_needed()
        data = demo_data(page)
        asked = asked_moves(data)
        assert len(asked) >= 3, game
        # The table is drawn by the play table's renderer: the seats, the hands, the middle.
        expect(page.locator(".demo [data-table] .seat")).to_have_count(2)
        expect(page.locator(".demo [data-table] .seat-south [data-hand] img")).to_have_count(3)
        # To the end and back to the question (the engine replays every move).
        page.locator('.demo [data-action="forward"]').click()
        expect(page.locator(".demo [data-position]")).to_have_text(f"Move 1 of {moves}", timeout=READY)
        page.keyboard.press("End")
        expect(page.locator(".demo [data-next]")).to_contain_text(data["final"][:30])
        page.locator('.demo [data-action="restart"]').click()
        for index in range(1, asked[0] + 1):
            page.locator('.demo [data-action="forward"]').click()
            expect(page.locator(".demo [data-position]")).to_have_text(f"Move {index} of {moves}")
        ask = data["moves"][asked[0]]["ask"]
        expect(page.locator(f"{ASK} button.demo-ask-choice")).to_have_count(len(ask["choices"]))
        # The mover's card on the table is a choice too (one move per card here, or the first
        # of its captures in Scopa, whose buttons name each one).
        answer = ask["answer"]
        page.locator(f'{ASK} button[data-choice="{answer}"]').click()
        expect(page.locator(f"{ASK} .demo-ask-feedback")).to_contain_text("That is the move played here")
        widths = page.locator("html").evaluate("e => [e.scrollWidth, e.clientWidth]")
        assert widths[0] <= widths[1], (game, widths)
        page.locator('.demo [data-action="ask-continue"]').click()
        expect(page.locator(".demo [data-position]")).to_have_text(f"Move {asked[0] + 1} of {moves}")
        expect(page.locator(ASK)).to_contain_text(f"Your choice: {ask['choices'][answer]['words']}")
