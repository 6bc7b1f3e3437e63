"""The reading site in Chromium: pages load cleanly, read without JavaScript, navigate by
mouse and keyboard, and pass axe and the Nu HTML checker."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
# Every page the content has (new pages are covered without editing this file), and the 404.
PAGES = sorted(p.stem + ".html" for p in (ROOT / "content").glob("*.md")) + ["404.html"]
NAV = [("Home", "index.html"), ("Madrasso", "madrasso.html"), ("Briscola", "briscola.html"),
       ("Scopa", "scopa.html"), ("Toscane deck", "toscane.html"), ("Glossary", "glossary.html"),
       ("Credits", "credits.html")]
# The anchors other parts of the product link to (TEAM.md); they must exist on the pages.
ANCHORS = {
    "madrasso.html": ["players-and-teams", "the-pack", "card-points", "the-deal-and-the-trump-card",
                      "the-seven-of-trumps", "playing-a-trick", "scoring-a-deal", "winning-the-match",
                      "which-rules-we-use", "briscola-and-scopa-compared", "habits-worth-having",
                      "demo", "practice"],
    "briscola.html": ["players-and-cards", "the-deal", "playing-a-trick", "drawing", "card-points",
                      "scoring-and-ending", "practice"],
    "scopa.html": ["players-and-cards", "the-deal", "capture-values", "capturing", "scopa-sweeps",
                   "end-of-the-deal", "scoring-a-deal", "primiera", "winning-the-match", "practice"],
    "glossary.html": ["carichi", "cappotto", "alla-furlana", "settebello", "primiera"],
}
RULES_PAGES = ["madrasso.html", "briscola.html", "scopa.html"]


@pytest.mark.parametrize("name", PAGES)
def test_page_loads_with_no_console_error_or_stray_request(site_page, site_url, name):
    site_page.goto(site_url + name, wait_until="load")
    expect(site_page.locator("h1")).to_have_count(1)
    expect(site_page.locator("h1")).to_be_visible()
    expect(site_page.locator("main")).to_be_visible()
    site_page.wait_for_timeout(300)  # let late module scripts run and report


@pytest.mark.parametrize("name", PAGES)
def test_page_passes_axe(site_page, site_url, name):
    site_page.goto(site_url + name, wait_until="load")
    results = Axe().run(site_page)
    assert results.violations_count == 0, results.generate_report()


def test_nu_html_checker_finds_no_error(built_site):
    java = shutil.which("java")
    vnu = ROOT / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"
    assert java, "the Nu HTML checker needs Java: apt-get install default-jre-headless"
    assert vnu.is_file(), "node_modules/vnu-jar is missing: run make setup"
    done = subprocess.run([java, "-jar", str(vnu), "--errors-only", "--skip-non-html", str(built_site)],
                          capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr + done.stdout


@pytest.mark.parametrize("name", RULES_PAGES)
def test_rules_read_with_javascript_disabled(browser, site_url, name):
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(site_url + name)
        article = page.locator("article.prose")
        expect(article).to_be_visible()
        words = len(article.inner_text().split())
        assert words > 600, f"{name} shows only {words} words without JavaScript"
        for anchor in ANCHORS[name]:
            expect(page.locator(f"#{anchor}")).to_be_attached()
        # The rule sections are plain text, all visible: nothing waits for a script.
        for heading in page.locator("article.prose h2").all():
            expect(heading).to_be_visible()
        # The demo's transcript and the practice positions are folded, so the rules start
        # near the top: the second section begins within the first two screens.
        second = page.locator("article.prose h2").nth(1).evaluate("h => h.getBoundingClientRect().top + scrollY")
        assert second < 2 * page.viewport_size["height"], f"{name}: the second section starts at {second} px"
        assert page.locator(".practice-fold[open], .demo-transcript[open]").count() == 0
    finally:
        context.close()


@pytest.mark.parametrize("name", sorted(ANCHORS))
def test_every_anchor_the_product_links_to_exists(site_page, site_url, name):
    site_page.goto(site_url + name)
    for anchor in ANCHORS[name]:
        expect(site_page.locator(f"[id='{anchor}']")).to_have_count(1)


def test_a_link_to_a_rule_lands_on_its_section(site_page, site_url):
    site_page.goto(site_url + "madrasso.html#the-seven-of-trumps")
    expect(site_page.locator("#the-seven-of-trumps")).to_be_in_viewport()
    expect(site_page.locator("#the-seven-of-trumps")).to_contain_text("seven")


def test_on_this_page_links_scroll_to_their_sections(site_page, site_url):
    site_page.goto(site_url + "scopa.html")
    site_page.locator(".page-toc").get_by_role("link", name="Primiera").click()
    expect(site_page).to_have_url(re.compile(r"scopa\.html#primiera$"))
    expect(site_page.locator("#primiera")).to_be_in_viewport()


def test_navigation_reaches_every_page(site_page, site_url):
    site_page.goto(site_url + "index.html")
    for label, url in NAV:
        site_page.get_by_role("navigation", name="Main").get_by_role("link", name=label, exact=True).click()
        expect(site_page).to_have_url(site_url + url)
        current = site_page.get_by_role("navigation", name="Main").locator("[aria-current='page']")
        expect(current).to_have_text(label)


def test_links_between_pages_work(site_page, site_url):
    site_page.goto(site_url + "madrasso.html")
    glossary_links = site_page.locator("article a[href^='glossary.html#']")
    assert glossary_links.count() > 0, "the Madrasso page links no glossary term"
    href = glossary_links.first.get_attribute("href")
    glossary_links.first.click()
    expect(site_page).to_have_url(site_url + href)
    expect(site_page.locator("#" + href.split("#")[1])).to_be_in_viewport()


def test_a_skip_link_reaches_the_demo_in_two_key_presses(site_page, site_url):
    site_page.goto(site_url + "madrasso.html")
    site_page.keyboard.press("Tab")
    site_page.keyboard.press("Tab")
    skip = site_page.get_by_role("link", name="Skip to the demo")
    expect(skip).to_be_focused()
    expect(skip).to_be_in_viewport()
    site_page.keyboard.press("Enter")
    expect(site_page.locator("#demo")).to_be_in_viewport()
    # From there the demo's controls are a few Tab presses away, not 25: past its four settings
    # (speed, one seat's cards, the deck, four colours), the Play button.
    for presses in range(1, 7):
        site_page.keyboard.press("Tab")
        if site_page.evaluate("!!document.activeElement.closest('.demo-controls')"):
            break
    else:
        raise AssertionError("the demo's controls are not within six Tab presses of the skip link")


def test_keyboard_skip_link_then_navigation(site_page, site_url):
    site_page.goto(site_url + "index.html")
    site_page.keyboard.press("Tab")
    skip = site_page.get_by_role("link", name="Skip to the content")
    expect(skip).to_be_focused()
    expect(skip).to_be_in_viewport()
    outline = skip.evaluate("el => getComputedStyle(el).outlineStyle")
    assert outline != "none", "focus is not visible on the skip link"
    site_page.keyboard.press("Enter")
    expect(site_page.locator("main")).to_be_focused()
    # From the top again: the title, then the menu; Enter follows a menu link.
    site_page.goto(site_url + "index.html")
    for _ in range(4):  # skip link, site title, Home, Madrasso
        site_page.keyboard.press("Tab")
    madrasso = site_page.get_by_role("navigation", name="Main").get_by_role("link", name="Madrasso")
    expect(madrasso).to_be_focused()
    site_page.keyboard.press("Enter")
    expect(site_page).to_have_url(site_url + "madrasso.html")


def test_phone_width_has_no_sideways_scroll(browser, site_url, watch):
    context = browser.new_context(viewport={"width": 360, "height": 740}, device_scale_factor=2,
                                  is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        watch(page)
        for name in PAGES:
            page.goto(site_url + name)
            width = page.evaluate("() => document.documentElement.scrollWidth")
            assert width <= 360, f"{name} is {width}px wide on a 360px phone"
            expect(page.get_by_role("navigation", name="Main")).to_be_visible()
    finally:
        context.close()


def test_print_shows_the_rules_without_the_menu(site_page, site_url):
    site_page.goto(site_url + "madrasso.html")
    site_page.emulate_media(media="print")
    expect(site_page.get_by_role("navigation", name="Main")).to_be_hidden()
    expect(site_page.locator("#the-seven-of-trumps")).to_be_visible()


def test_toscane_gallery_names_all_forty_cards(site_page, site_url):
    site_page.goto(site_url + "toscane.html")
    gallery = site_page.locator(".card-gallery")
    expect(gallery.locator("img")).to_have_count(40)
    expect(gallery.get_by_role("img", name="king of clubs")).to_be_visible()
    expect(gallery.get_by_role("img", name="seven of diamonds")).to_be_attached()


def test_four_colour_toggle_switches_the_card_images(site_page, site_url):
    site_page.goto(site_url + "toscane.html")
    toggle = site_page.get_by_role("checkbox", name="Four-colour suits")
    king = site_page.get_by_role("img", name="king of clubs")
    expect(king).to_have_attribute("src", "cards/KC.svg")
    toggle.check()
    expect(king).to_have_attribute("src", "cards4/KC.svg")
    site_page.reload()
    expect(site_page.get_by_role("checkbox", name="Four-colour suits")).to_be_checked()
    expect(site_page.get_by_role("img", name="king of clubs")).to_have_attribute("src", "cards4/KC.svg")


@pytest.mark.parametrize("name", PAGES)
def test_dark_scheme_passes_axe(browser, site_url, watch, name):
    context = browser.new_context(color_scheme="dark")
    try:
        page = context.new_page()
        watch(page)
        page.goto(site_url + name, wait_until="load")
        background = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
        assert background == "rgb(23, 21, 18)", "the dark scheme is not applied"
        results = Axe().run(page)
        assert results.violations_count == 0, results.generate_report()
    finally:
        context.close()


def test_on_a_phone_the_section_list_opens_and_leads_to_a_section(browser, site_url, watch):
    context = browser.new_context(viewport={"width": 375, "height": 740}, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        watch(page)
        page.goto(site_url + "madrasso.html")
        toc = page.get_by_role("navigation", name="On this page")
        expect(toc).to_be_hidden()  # closed: the page starts with its text
        page.locator("summary", has_text="On this page").click()
        expect(toc).to_be_visible()
        toc.get_by_role("link", name="Scoring a deal").click()
        expect(page).to_have_url(re.compile(r"madrasso\.html#scoring-a-deal$"))
        expect(page.locator("#scoring-a-deal")).to_be_in_viewport()
    finally:
        context.close()


def test_every_page_is_relative_and_carries_the_policy(built_site):
    """No absolute URL (the site must work under any sub-path) and no inline script, style or
    event handler (the Content-Security-Policy would block them) in any page or stylesheet:
    the one inline script is the build's import map, allowed by its hash alone."""
    from sitegen.config import load_config
    from sitegen.diagnostics import Diagnostics
    from sitegen.render import csp
    relays = load_config(ROOT / "site.toml", Diagnostics()).relays
    for page in sorted(built_site.glob("*.html")):
        html = page.read_text(encoding="utf-8")
        maps = re.findall(r'<script type="importmap">(.*?)</script>', html, re.S)
        html = re.sub(r'<script type="importmap">.*?</script>', "", html, flags=re.S)
        policy = csp(relays if page.name == "friends.html" else (), maps)   # its relays, nothing else
        assert f'<meta http-equiv="Content-Security-Policy" content="{policy}">' in html, page.name
        for tag, url in re.findall(r'<([a-z]+)\s[^>]*?\b(?:href|src|action|poster|data)="([^"]*)"', html):
            assert not url.startswith("/"), f"{page.name}: <{tag}> {url} is absolute"
            if tag != "a":  # links to other sites are fine; loading from them is not
                assert not re.match(r"^[a-z][a-z0-9+.-]*:", url) or url.startswith("data:"), \
                    f"{page.name}: <{tag}> loads {url}"
        assert not re.search(r"<script(?![^>]*\b(src|type=\"application/json\"))[^>]*>", html), page.name
        assert not re.search(r"\sstyle=|<style|\son[a-z]+=", html), page.name
    for css in built_site.rglob("*.css"):
        for url in re.findall(r"url\(\s*['\"]?([^)'\"]+)", css.read_text(encoding="utf-8")):
            assert not url.startswith("/") and "://" not in url, f"{css.name}: {url}"
