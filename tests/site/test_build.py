"""The site generator on small fixture sites: what it writes, and what it says about bad content."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import zipfile
from html.parser import HTMLParser
from pathlib import Path

import pytest

import build

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parent / "fixtures"
from sitegen.components import COMPONENTS, Directive, Site, section_placeholder
from sitegen.content import Page, outline
from sitegen.diagnostics import Diagnostics
from sitegen.index import SiteIndex
from sitegen.markup import MarkdownFactory
from sitegen.config import load_config
from sitegen.render import CSP, environment
from sitegen.render import csp as csp_for


def messages(result) -> list[str]:
    """Diagnostics as 'file.md:line: level: message', the file's path shortened to its name."""
    return [f"{Path(d.path).name}:{d.line}: {d.level}: {d.message}" for d in result.diagnostics.sorted()]


class Collect(HTMLParser):
    """Every URL an HTML page refers to, and its meta tags."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []
        self.meta: list[dict[str, str]] = []
        self.scripts: list[dict[str, str]] = []
        self.inline_scripts = 0
        self.import_maps: list[str] = []   # the text of each <script type="importmap">
        self.styles = 0
        self._in_script = False
        self._in_import_map = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for key in ("href", "src"):
            if attrs.get(key) is not None:
                self.urls.append(attrs[key])
        if tag == "meta":
            self.meta.append(attrs)
        if tag == "script":
            self.scripts.append(attrs)
            if attrs.get("type") == "importmap":
                self._in_import_map = True
                self.import_maps.append("")
            elif "src" not in attrs:
                self.inline_scripts += 1
        if tag == "style" or "style" in attrs:
            self.styles += 1

    def handle_data(self, data):
        if self._in_import_map:
            self.import_maps[-1] += data

    def handle_endtag(self, tag):
        if tag == "script":
            self._in_import_map = False


def parse(path: Path) -> Collect:
    collect = Collect()
    collect.feed(path.read_text(encoding="utf-8"))
    return collect


# ---------------------------------------------------------------------------- a good site

def test_good_fixture_writes_every_page_and_the_404(good_site):
    pages = sorted(p.name for p in good_site.glob("*.html"))
    assert pages == ["404.html", "glossary.html", "hidden.html", "index.html", "rules.html"]


def test_navigation_follows_order_and_leaves_out_nav_false(good_site):
    html = (good_site / "rules.html").read_text()
    nav = re.search(r'<nav class="site-nav".*?</nav>', html, re.S).group(0)
    labels = re.findall(r'<a href="([^"]+)"[^>]*>([^<]+)</a>', nav)
    # "Home" is the label site.toml gives index; the others are titles, by their order.
    assert labels == [("index.html", "Home"), ("rules.html", "The rules"), ("glossary.html", "Glossary")]
    assert 'href="rules.html" aria-current="page"' in nav


def test_links_between_pages_point_at_html_and_anchors(good_site):
    index = (good_site / "index.html").read_text()
    assert 'href="rules.html#the-seven-of-trumps"' in index
    assert 'href="rules.md' not in index
    rules = (good_site / "rules.html").read_text()
    assert 'href="glossary.html#cappotto"' in rules
    assert '<h2 id="the-seven-of-trumps">The seven of trumps</h2>' in rules


def test_first_mention_of_a_glossary_term_links_to_it_once(good_site):
    rules = (good_site / "rules.html").read_text()
    assert rules.count('href="glossary.html#carichi"') == 1
    assert 'about <a class="term" href="glossary.html#carichi">carichi</a> and the seven' in rules
    assert "Also carichi again." in rules


def test_every_url_is_relative_and_resolves_to_a_built_file(good_site):
    for page in good_site.glob("*.html"):
        for url in parse(page).urls:
            assert not re.match(r"^[a-z]+:|^/", url), f"{page.name}: {url} is not relative"
            target = url.split("#")[0]
            if target:
                assert (good_site / target).is_file(), f"{page.name}: {url} is missing"


def test_every_page_carries_the_csp_and_no_inline_script_or_style(good_site):
    relays = load_config(ROOT / "site.toml", Diagnostics()).relays
    for page in good_site.glob("*.html"):
        found = parse(page)
        csp = [m["content"] for m in found.meta if m.get("http-equiv") == "Content-Security-Policy"]
        # Only the friends' table may connect off the site, and only to site.toml's relays;
        # the one inline script is the build's import map, allowed by its hash alone.
        assert len(found.import_maps) <= 1, page.name
        assert csp == [str(csp_for(relays if page.name == "friends.html" else (), found.import_maps))], page.name
        assert found.inline_scripts == 0 and found.styles == 0, page.name
    assert "'unsafe-eval'" not in CSP and "'unsafe-inline'" not in CSP
    assert "script-src 'self' 'wasm-unsafe-eval'" in CSP
    assert "default-src 'self'" in CSP


def test_assets_have_content_hashes_and_pages_use_them(good_site):
    manifest = json.loads((good_site / "assets.json").read_text())
    css = manifest["css/style.css"]
    assert re.fullmatch(r"css/style\.[0-9a-f]{8}\.css", css)
    assert (good_site / css).is_file()
    assert not (good_site / "css" / "style.css").exists()
    assert f'href="{css}"' in (good_site / "index.html").read_text()


def test_asset_references_are_rewritten_to_hashed_names(tmp_path):
    from sitegen.assets import copy_assets
    static = tmp_path / "static"
    (static / "js").mkdir(parents=True)
    (static / "css").mkdir()
    (static / "js" / "worker.mjs").write_text('import "../pyodide/pyodide.mjs";\n')
    (static / "js" / "app.mjs").write_text('new Worker(new URL("./worker.mjs", import.meta.url));\n')
    (static / "css" / "a.css").write_text('@import "./b.css";\n.x { background: url(../logo.svg); }\n')
    (static / "css" / "b.css").write_text("p { color: red }\n")
    (static / "logo.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>")
    out = tmp_path / "out"
    out.mkdir()
    diagnostics = Diagnostics()
    assets = copy_assets(static, out, diagnostics)
    assert not diagnostics.items
    app = (out / assets.url("js/app.mjs")).read_text()
    worker = assets.url("js/worker.mjs")
    assert f'new URL("./{worker.split("/")[1]}"' in app
    css = (out / assets.url("css/a.css")).read_text()
    assert assets.url("css/b.css").split("/")[1] in css and assets.url("logo.svg") in css
    # A change in the worker changes the name of the module that starts it.
    (static / "js" / "worker.mjs").write_text('import "../pyodide/pyodide.mjs"; // v2\n')
    again = copy_assets(static, tmp_path / "out2", Diagnostics())
    assert again.url("js/app.mjs") != assets.url("js/app.mjs")
    assert again.url("css/a.css") == assets.url("css/a.css")


def test_gallery_shows_forty_named_cards(good_site):
    html = (good_site / "rules.html").read_text()
    gallery = re.search(r'<section class="component card-gallery".*?</section>', html, re.S).group(0)
    alts = re.findall(r'<img [^>]*alt="([^"]+)"', gallery)
    assert len(alts) == 40
    assert alts[0] == "ace of clubs" and "king of clubs" in alts and alts[-1] == "king of spades"
    assert (good_site / "cards" / "KC.svg").is_file() and (good_site / "cards4" / "KC.svg").is_file()
    assert (good_site / "cards" / "back.svg").is_file()


def test_inline_card_is_an_image_named_like_the_card(good_site):
    found = Collect()
    found.feed((good_site / "index.html").read_text())
    assert "cards/KC.svg" in found.urls
    html = (good_site / "index.html").read_text()
    img = re.search(r'<img [^>]*class="card-inline"[^>]*>', html).group(0)
    assert 'alt="king of clubs"' in img and 'src="cards/KC.svg"' in img


def test_an_inline_card_is_the_same_in_a_component_text_as_on_a_page(good_site):
    """One Markdown factory: a practice question's :KC: is the page's :KC:, at the art's size."""
    from sitegen.cards import card_name, draw_cards
    page_img = re.search(r'<img [^>]*class="card-inline"[^>]*>', (good_site / "index.html").read_text()).group(0)
    factory = MarkdownFactory(card_name, draw_cards(Diagnostics()).size)
    assert page_img in factory.fragment("The :KC: takes it; see [the glossary](glossary.md#carichi).")
    assert 'href="glossary.html#carichi"' in factory.fragment("[the glossary](glossary.md#carichi)")


def test_tables_have_no_inline_style_and_scroll_in_their_own_box(good_site):
    html = (good_site / "rules.html").read_text()
    assert re.search(r'<div [^>]*class="table-wrap"[^>]*><table>', html)
    assert "style=" not in html
    assert '<td class="align-right">11</td>' in html


def test_runtime_ships_pinned_pyodide_and_the_engine_wheel(good_site):
    runtime = json.loads((good_site / "runtime.json").read_text())
    pinned = json.loads((ROOT / "package.json").read_text())["dependencies"]["pyodide"]
    assert runtime["pyodide"]["version"] == pinned
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json"):
        assert (good_site / "pyodide" / name).is_file()
    assert sorted(p.name for p in (good_site / "pyodide").iterdir()) == sorted(runtime["pyodide"]["files"])
    wheel = good_site / runtime["engine"]["wheel"]
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
    assert "engine/cards.py" in names and "engine/__init__.py" in names
    assert any(n.endswith(".dist-info/WHEEL") for n in names)
    assert not any("__pycache__" in n for n in names)


def test_engine_wheel_is_byte_identical_between_builds(tmp_path):
    from sitegen.runtime import build_wheel
    first = build_wheel(ROOT, tmp_path / "a", Diagnostics())
    second = build_wheel(ROOT, tmp_path / "b", Diagnostics())
    assert first == second and first[1]


def test_missing_pyodide_says_run_make_setup(tmp_path):
    from sitegen.runtime import pinned_pyodide
    (tmp_path / "package.json").write_text('{"dependencies": {"pyodide": "314.0.7"}}')
    diagnostics = Diagnostics()
    assert pinned_pyodide(tmp_path, diagnostics) is None
    assert "Pyodide is missing: run make setup" in str(diagnostics.items[0])


def test_pyodide_version_mismatch_is_an_error(tmp_path):
    from sitegen.runtime import pinned_pyodide
    (tmp_path / "package.json").write_text('{\n  "dependencies": {\n    "pyodide": "314.0.8"\n  }\n}')
    (tmp_path / "node_modules" / "pyodide").mkdir(parents=True)
    (tmp_path / "node_modules" / "pyodide" / "package.json").write_text('{"version": "314.0.7"}')
    diagnostics = Diagnostics()
    assert pinned_pyodide(tmp_path, diagnostics) is None
    assert str(diagnostics.items[0]).endswith(
        "package.json:3: error: package.json pins pyodide 314.0.8 but node_modules has 314.0.7: run make setup")


# ---------------------------------------------------------------------------- bad content

def test_bad_front_matter(build_fixture):
    result = build_fixture("bad_front_matter")
    assert not result.ok
    assert messages(result) == [
        "index.md:4: error: 'order' must be a whole number",
        "syntax.md:4: error: the front matter is not valid TOML: expected newline or end of document after a statement",
        "unclosed.md:1: error: the front matter is not closed: add a '+++' line after it",
        "untitled.md:1: error: the front matter needs title = \"...\" (the page's <title> and <h1>)",
    ]


def test_link_to_a_missing_page(build_fixture):
    result = build_fixture("missing_page")
    assert messages(result) == ["index.md:8: error: link to a missing page 'rulez.md'",
                                "index.md:10: error: link to a missing page 'rulez.md'"]


def test_link_to_a_missing_anchor(build_fixture):
    result = build_fixture("missing_anchor")
    assert messages(result) == [
        "index.md:10: error: 'other.md' has no anchor '#the-pak' (did you mean '#the-pack'?)",
        "index.md:12: error: this page has no anchor '#nowhere'",
    ]


def test_two_sections_with_one_anchor_fail_the_build(build_fixture):
    # A link to #the-deal could land on either section: the build names the anchor and fails.
    result = build_fixture("duplicate_anchor")
    assert not result.ok
    found = messages(result)
    assert len(found) == 1, found
    where, message = found[0].split(": ", 1)
    assert where in ("index.md:6", "index.md:10"), found   # a line where the anchor is set
    assert message == "error: duplicate anchor '#the-deal': ids must be unique on a page"


def test_unknown_template(build_fixture):
    result = build_fixture("unknown_template")
    assert messages(result) == [
        "index.md:5: error: unknown template 'fancy.html' (templates: 404.html, home.html, page.html)",
    ]


def test_unknown_and_malformed_directives(build_fixture):
    result = build_fixture("unknown_directive")
    assert messages(result) == [
        f"index.md:8: error: unknown directive 'quiz' (known: {', '.join(sorted(COMPONENTS))})",
        "index.md:10: error: unknown pack 'tarocchi' for the gallery (known: toscane, venetian)",
        "index.md:12: error: malformed directive: write '[[name: argument]]' alone on its line",
    ]


def test_warnings_pass_unless_strict(build_fixture, tmp_path):
    relaxed = build_fixture("warning_alt", out=tmp_path / "relaxed")
    assert relaxed.ok
    assert messages(relaxed) == [
        "index.md:4: warning: unknown key 'colour' in the front matter (known: title, description, "
        "order, nav, nav_title, template, scripts, styles)",
        "index.md:7: warning: image 'cards/KC.svg' has no alt text: describe it in ![...]",
    ]
    strict = build_fixture("warning_alt", strict=True, out=tmp_path / "strict")
    assert not strict.ok and not (tmp_path / "strict").exists()


@pytest.mark.parametrize("fixture", ["bad_front_matter", "missing_page", "missing_anchor",
                                     "unknown_template", "unknown_directive"])
def test_a_failed_build_leaves_the_previous_site_untouched(build_fixture, tmp_path, fixture):
    out = tmp_path / "site"
    assert build_fixture("good", out=out).ok
    before = {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert not build_fixture(fixture, out=out).ok
    after = {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert after == before
    assert [p.name for p in tmp_path.iterdir()] == ["site"], "the temporary build folder was left behind"


def test_the_command_prints_path_line_messages_and_exits_1(tmp_path):
    folder = FIXTURES / "missing_page"
    done = subprocess.run(
        [sys.executable, str(ROOT / "build.py"), "--content", str(folder / "content"),
         "--config", str(FIXTURES / "site.toml"), "--out", str(tmp_path / "site")],
        cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 1
    assert done.stderr.splitlines()[0] == (
        "tests/site/fixtures/missing_page/content/index.md:8: error: link to a missing page 'rulez.md'")
    assert "build failed: 2 errors" in done.stderr
    assert not (tmp_path / "site").exists()


def test_strict_flag_on_the_command_line(tmp_path):
    folder = FIXTURES / "warning_alt"
    command = [sys.executable, str(ROOT / "build.py"), "--content", str(folder / "content"),
               "--config", str(FIXTURES / "site.toml"), "--out", str(tmp_path / "site")]
    relaxed = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    assert relaxed.returncode == 0 and ": warning: " in relaxed.stderr
    strict = subprocess.run([*command, "--strict"], cwd=ROOT, capture_output=True, text=True)
    assert strict.returncode == 1 and "(--strict)" in strict.stderr


def test_placeholder_sections_carry_their_anchor_and_a_no_javascript_message():
    def directive(name: str, body: str, line: int = 3) -> Directive:
        page = Page(name="p", path=Path("content/p.md"), source="", body=body,
                    sections=outline(body))
        site = Site(SiteIndex(ROOT / "content"), MarkdownFactory(lambda c: c), environment(ROOT / "templates"),
                    diagnostics)
        return Directive(name, "madrasso", page, line, site)

    diagnostics = Diagnostics()
    for name in ("demo", "practice", "play"):
        html = section_placeholder(directive(name, "Text.\n")).html
        assert f'id="{name}"' in html and "JavaScript; the rules on this page" in html
    # When the page's heading already has the id, the section points at it instead.
    d = directive("demo", "## Watch a deal {#demo}\n\n[[demo: madrasso]]\n")
    assert 'aria-labelledby="demo"' in section_placeholder(d).html
    assert 'id="demo"' not in section_placeholder(d).html
    bad = directive("play", "Text.\n", line=7)
    bad.argument = "tarocco"
    section_placeholder(bad)
    assert str(diagnostics.items[-1]) == (
        "content/p.md:7: error: unknown game 'tarocco' for [[play]] (known: madrasso, briscola, scopa)")


def test_a_template_error_points_at_the_template_line(tmp_path):
    import shutil
    templates = tmp_path / "templates"
    shutil.copytree(ROOT / "templates", templates)
    (templates / "broken.html").write_text(
        '{% extends "base.html" %}\n{% block main %}\n<p>{{ page.subtitle }}</p>\n{% endblock %}\n')
    content = tmp_path / "content"
    content.mkdir()
    (content / "index.md").write_text(
        '+++\ntitle = "Home"\ndescription = "d"\ntemplate = "broken.html"\n+++\n\nText.\n')
    paths = build.Paths(root=ROOT, content=content, templates=templates,
                        config=FIXTURES / "site.toml", out=tmp_path / "site")
    result = build.build(paths, runtime=False)
    assert not result.ok and not (tmp_path / "site").exists()
    [error] = result.diagnostics.errors
    assert (Path(error.path).name, error.line) == ("broken.html", 3)
    assert "subtitle" in error.message


def test_an_image_from_another_site_is_an_error(tmp_path):
    content = tmp_path / "content"
    content.mkdir()
    (content / "index.md").write_text('+++\ntitle = "Home"\ndescription = "d"\n+++\n\n'
                                      '![A deck](https://example.com/deck.png)\n')
    paths = build.Paths(root=ROOT, content=content, config=FIXTURES / "site.toml", out=tmp_path / "site")
    result = build.build(paths, runtime=False)
    assert messages(result) == [
        "index.md:6: error: image 'https://example.com/deck.png' is not a file of the site: "
        "pages load nothing from elsewhere (copy it into the site)"]


def test_a_byte_order_mark_is_ignored_and_other_encodings_are_reported(tmp_path):
    content = tmp_path / "content"
    content.mkdir()
    (content / "index.md").write_bytes(b'\xef\xbb\xbf+++\ntitle = "Home"\ndescription = "d"\n+++\n\nText.\n')
    (content / "latin.md").write_bytes(b'+++\ntitle = "Caf\xe9"\ndescription = "d"\n+++\n')
    paths = build.Paths(root=ROOT, content=content, config=FIXTURES / "site.toml", out=tmp_path / "site")
    result = build.build(paths, runtime=False)
    assert messages(result) == ["latin.md:2: error: the file is not UTF-8 text: save it as UTF-8"]
