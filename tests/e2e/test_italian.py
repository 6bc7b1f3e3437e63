"""The Italian site (it/, sitegen/languages.py) in Chromium: every Italian page passes axe and
the Nu checker, speaks Italian (no English sentence outside an element marked lang="en"),
links its English twin and back with the right lang and hreflang; the language switch works
without JavaScript; a first visit is offered the browser's language, never redirected, and
the visitor's choice is remembered; the Madrasso page's demo, practice and play controls are
Italian at a phone's size and a laptop's."""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
TWINS = sorted(p.stem + ".html" for p in (ROOT / "content" / "it").glob("*.md"))
TRANSLATED = TWINS
"""Every Italian page: each must be Italian throughout (its text, its components' words and
the engine's words the build writes into it)."""
_spec = importlib.util.spec_from_file_location("english", ROOT / "tests" / "engine" / "english.py")
assert _spec is not None and _spec.loader is not None
_english = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_english)
ENGLISH = _english.ENGLISH
"""The one word list of the Italian checks (tests/engine/english.py)."""


class _Words(HTMLParser):
    """The text a reader meets (and the alt, aria-label and title texts), outside elements
    marked as another language, <script> and <style>."""

    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
            "track", "wbr"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool]] = []
        self.texts: list[str] = []

    def skipping(self) -> bool:
        return any(skip for _tag, skip in self.stack)

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        skip = tag in ("script", "style") or attributes.get("lang", "it") != "it"
        if not (skip or self.skipping()):
            self.texts += [v for k, v in attrs if k in ("alt", "aria-label", "title") and v]
        if tag not in self.VOID:
            self.stack.append((tag, skip))

    def handle_endtag(self, tag):
        while self.stack:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data):
        if not self.skipping() and data.strip():
            self.texts.append(data.strip())


def english_in(html: str) -> list[str]:
    parser = _Words()
    parser.feed(html)
    return [text for text in parser.texts if ENGLISH.search(text)]


def test_the_word_list_catches_an_english_sentence():
    assert english_in('<p>Gioca il sette.</p><p lang="en">This page is also in English.</p>') == []
    assert english_in("<p>The king of clubs wins the trick.</p>") == ["The king of clubs wins the trick."]
    assert english_in('<img alt="king of clubs" src="x.svg">') == ["king of clubs"]


@pytest.mark.parametrize("name", TRANSLATED)
def test_translated_pages_have_no_english_sentence(built_site, name):
    html = (built_site / "it" / name).read_text(encoding="utf-8")
    assert english_in(html) == []


def test_every_page_has_its_twin_linked_both_ways(built_site):
    assert TWINS == sorted(p.stem + ".html" for p in (ROOT / "content").glob("*.md"))
    for name in TWINS:
        italian = (built_site / "it" / name).read_text(encoding="utf-8")
        english = (built_site / name).read_text(encoding="utf-8")
        assert '<html lang="it">' in italian and '<html lang="en">' in english
        for html, here in ((italian, "it"), (english, "en")):
            # site.toml names no public url: no <link rel="alternate"> (search engines take only
            # absolute ones: tests/site/test_languages.py builds them with a url)
            assert '<link rel="alternate"' not in html, (here, name)
        # the switch: a plain link to the twin, in the twin's language
        assert f'<a href="../{name}" hreflang="en" lang="en" data-lang-choice="en" title="English">' in italian
        assert f'<a href="it/{name}" hreflang="it" lang="it" data-lang-choice="it" title="Italiano">' in english


def test_pages_without_a_twin_yet_link_the_italian_home(built_site):
    untranslated = sorted({p.stem + ".html" for p in (ROOT / "content").glob("*.md")} - set(TWINS))
    for name in untranslated:
        html = (built_site / name).read_text(encoding="utf-8")
        assert 'hreflang="it"' in html and '<a href="it/index.html" hreflang="it"' in html, name
        assert '<link rel="alternate" hreflang="it"' not in html, name


def test_the_one_404_page_says_it_in_italian_too(built_site):
    """Static hosts serve the top 404.html for every missing path, it/... too: its Italian part
    is marked lang="it", Italian throughout, and links the Italian home page."""
    html = (built_site / "404.html").read_text(encoding="utf-8")
    part = re.search(r'<section class="not-found-other" lang="it".*?</section>', html, re.S)
    assert part is not None, html
    assert "Pagina non trovata" in part.group(0)
    assert '<a href="it/index.html" hreflang="it">Vai alla pagina iniziale in italiano</a>' in part.group(0)
    assert english_in(part.group(0).replace(' lang="it"', "", 1)) == []


def test_the_service_worker_keeps_the_italian_pages(built_site):
    sw = (built_site / "sw.js").read_text(encoding="utf-8")
    for name in TWINS:
        assert f'"it/{name}"' in sw, name


def test_the_nu_checker_passes_the_italian_pages(built_site):
    java = shutil.which("java")
    vnu = ROOT / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"
    assert java and vnu.is_file(), "the Nu HTML checker needs Java and node_modules/vnu-jar"
    done = subprocess.run([java, "-jar", str(vnu), "--errors-only", "--skip-non-html", str(built_site / "it")],
                          capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr + done.stdout


@pytest.mark.parametrize("name", TWINS)
def test_italian_pages_pass_axe(site_page, site_url, name):
    site_page.goto(site_url + "it/" + name, wait_until="load")
    expect(site_page.locator("h1")).to_have_count(1)
    results = Axe().run(site_page)
    assert results.violations_count == 0, results.generate_report()


def test_the_switch_works_without_javascript(browser, site_url):
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(site_url + "madrasso.html")
        page.get_by_role("navigation", name="Language").get_by_role("link", name="Italiano").click()
        expect(page).to_have_url(site_url + "it/madrasso.html")
        expect(page.locator("h1")).to_have_text("Come si gioca a Madrasso")
        expect(page.locator("html")).to_have_attribute("lang", "it")
        page.get_by_role("navigation", name="Lingua").get_by_role("link", name="English").click()
        expect(page).to_have_url(site_url + "madrasso.html")
    finally:
        context.close()


def test_a_first_visit_is_offered_the_browsers_language_and_the_choice_is_kept(browser, site_url, watch):
    context = browser.new_context(locale="it-IT")
    try:
        page = context.new_page()
        watch(page)
        page.goto(site_url + "briscola.html", wait_until="load")
        offer = page.locator('[data-lang-offer="it"]')
        expect(offer).to_be_visible()
        expect(offer).to_contain_text("Questa pagina c'è anche in italiano.")
        expect(page).to_have_url(site_url + "briscola.html")       # offered, not redirected
        offer.get_by_role("link", name="Leggila in italiano").click()
        expect(page).to_have_url(site_url + "it/briscola.html")
        expect(page.locator('[data-lang-offer="en"]')).to_be_hidden()   # Italian was the choice
        page.goto(site_url + "scopa.html", wait_until="load")
        expect(page.locator('[data-lang-offer="it"]')).to_be_visible()  # remembered
        assert page.evaluate("localStorage.getItem('site.lang')") == "it"
    finally:
        context.close()


def test_no_thanks_keeps_the_page_language(browser, site_url, watch):
    context = browser.new_context(locale="en-GB")
    try:
        page = context.new_page()
        watch(page)
        page.goto(site_url + "it/index.html", wait_until="load")
        offer = page.locator('[data-lang-offer="en"]')
        expect(offer).to_be_visible()
        expect(offer).to_have_attribute("lang", "en")
        offer.get_by_role("button", name="No, thanks").click()
        expect(offer).to_be_hidden()
        page.goto(site_url + "it/scopa.html", wait_until="load")
        page.wait_for_timeout(200)
        expect(page.locator('[data-lang-offer="en"]')).to_be_hidden()
        page.goto(site_url + "index.html", wait_until="load")
        expect(page.locator('[data-lang-offer="it"]')).to_be_visible()  # the choice was Italian
    finally:
        context.close()


# ---- the components on the Italian Madrasso page ---------------------------------------------
# A visitor scrolls to the demo's Avvia, the practice's Gioca questa posizione and the play
# table's Nuova partita and presses them, at a phone's size and a laptop's: every control,
# label, status and verdict word the components and the page scripts write is Italian
# (js/words.mjs, the site's catalog), and axe passes. What the engine writes (the table's words,
# a move's sentence) and the demos' and positions' texts (content/demos, content/practice) are
# left out: the pages' check above and the engine's answers check cover them.

READY = 120_000  # ms: Pyodide's first start on a busy machine
SHOTS = os.environ.get("ITALIAN_SHOTS")
"""A folder for the screenshots of the demo started at each size (none: not taken)."""
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}

CONTENT = [
    "[data-table]", "[data-text]", "[data-next]", ".demo-description", ".demo-transcript",
    "[data-scores]", ".play-scores", "[data-narration]", ".demo-ask", ".practice-position > h3", ".practice-question",
    ".practice-static", ".practice-list", ".practice-feedback", ".practice-log > li", "[data-prompt]",
    "[data-last]", ".practice-prompt", ".practice-rules", "[data-progress]", "[data-choices]", ".practice-closing",
    ".play-deal-end", ".play-end", ".demo-view",
]
"""What the engine or the texts of content/ write inside the components (not this check's):
the table's words, a demo's notes, a position's texts, and the demo's seat names ("Only
South's cards": content/demos names the seats; its words are checked apart)."""


def chrome(page: Page, selector: str) -> str:
    """The component's HTML without what the engine and the content write."""
    return page.locator(selector).first.evaluate(
        """(root, content) => {
          const copy = root.cloneNode(true);
          copy.removeAttribute("aria-label"); // the demo's title (content/demos)
          for (const node of copy.querySelectorAll(content.join(","))) node.remove();
          return copy.outerHTML;
        }""", CONTENT)


@pytest.mark.parametrize("size", SIZES)
def test_the_italian_madrasso_components_speak_italian(browser, site_url, watch, size):
    context = browser.new_context(viewport=SIZES[size], locale="it-IT", reduced_motion="reduce")
    try:
        page = context.new_page()
        watch(page)
        page.goto(site_url + "it/madrasso.html")
        demo = page.locator(".demo")
        # Before any press: the controls the build wrote, in Italian.
        expect(demo.locator('[data-action="play"]')).to_have_text("Avvia")
        expect(demo.locator("[data-position]")).to_have_text("Mossa 0 di 41")
        expect(page.locator("[data-four-colour-toggle]").first).to_contain_text("Carte toscane")

        # The demo: the visitor scrolls to Avvia and presses it; it plays, then Pausa stops it.
        play = demo.locator('[data-action="play"]')
        play.scroll_into_view_if_needed()
        play.click()
        expect(demo.locator("[data-position]")).to_have_text("Mossa 1 di 41", timeout=READY)
        expect(play).to_have_text("Pausa")
        play.click()
        expect(play).to_have_text("Avvia")
        expect(demo.locator(".demo-view")).to_contain_text("Solo le carte di ")
        assert english_in(chrome(page, ".demo")) == []
        if SHOTS:
            Path(SHOTS).mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(Path(SHOTS) / f"madrasso-demo-{size}.png"))

        # The practice table: the first position chosen from its menu (the engine runs already:
        # it sets the table up at once), then a card pressed gets a verdict in words.
        practice = page.locator("#practice-madrasso")
        first = practice.locator(".practice-go").first
        first.scroll_into_view_if_needed()
        first.click()
        live = practice.locator(".practice-live:not([hidden])").first
        card = live.locator(".hand-card.is-playable .card-button").first
        expect(card).to_be_visible(timeout=READY)
        expect(live.locator(".practice-reset")).to_have_text("Ricomincia questa posizione")
        card.click()
        expect(live.locator(".practice-feedback .verdict")).to_contain_text(
            re.compile("Giusto|Non questa|Contro le regole"))
        assert english_in(chrome(page, ".practice")) == []

        # The play table: Nuova partita deals; the controls and the moves' buttons are Italian.
        new = page.locator('.component-play [data-action="new"]')
        new.scroll_into_view_if_needed()
        expect(new).to_have_text("Nuova partita")
        new.click()
        table = page.locator(".component-play [data-table]")
        expect(table.locator(".card-button").first).to_be_attached(timeout=READY)
        expect(page.locator('.component-play [data-control="level"] option:checked')).to_have_text(
            "Giocatore da circolo (abitudini sensate)")
        expect(page.locator('.component-play [data-action="hint"]')).to_have_text("Suggerimento")
        assert english_in(chrome(page, ".component-play")) == []

        results = Axe().run(page)
        assert results.violations_count == 0, results.generate_report()
    finally:
        context.close()


def test_the_italian_home_page_shows_progress_in_italian(browser, site_url, watch):
    """Progress is one per game, kept in the browser for both languages: a position done and
    reviewed deals kept (as practice.mjs and the play table write them) show on the Italian
    home page in Italian, and the most frequent kind's practice link goes to the Italian
    position that teaches it."""
    context = browser.new_context(viewport=SIZES["phone"], locale="it-IT", reduced_motion="reduce")
    try:
        page = context.new_page()
        watch(page)
        page.goto(site_url + "it/index.html")
        expect(page.locator("[data-learner-progress]")).to_be_hidden()   # nothing kept yet
        page.evaluate("""() => {
          localStorage.setItem("practice:v1:madrasso-01-the-trick", "done");
          localStorage.setItem("progress:v1", JSON.stringify({games: {}, kinds: {}, reviews: {madrasso: [
            {at: 1, lost: 20, unit: "punti carta", moves: 10, mistakes: 1, kinds: {"last-ten": 2, "trump-wasted": 1}}]}}));
        }""")
        page.reload()
        section = page.locator("[data-learner-progress]")
        expect(section).to_be_visible()
        expect(section.locator("#progress-title")).to_have_text("I tuoi progressi")
        row = section.locator('[data-progress-game="madrasso"]')
        expect(row.locator(".progress-words")).to_have_text(re.compile(r"Posizioni di esercizio fatte: 1 su \d+\."))
        expect(row.locator(".progress-kind-lead")).to_contain_text("«I dieci dell'ultima presa regalati»")
        link = row.locator(".progress-kind-link:not([hidden])")
        expect(link).to_have_count(1)
        assert link.evaluate("a => new URL(a.href).pathname").endswith("/it/madrasso.html")
        assert link.get_attribute("href").endswith("#practice-madrasso-10-the-last-trick")
        assert english_in(section.evaluate("s => s.outerHTML")) == []
        results = Axe().run(page, context="[data-learner-progress]")
        assert results.violations_count == 0, results.generate_report()
    finally:
        context.close()
