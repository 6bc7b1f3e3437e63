"""Two languages in one build (sitegen/languages.py, sitegen/i18n.py): the catalogs complete
and compiled into the engine's wheel, a missing translation reported at its line, twins and
their links, URLs relative to an Italian page's folder."""

from __future__ import annotations

import shutil
import zipfile
from pathlib import Path

from sitegen.diagnostics import Diagnostics
from sitegen.i18n import check_catalogs, compile_mo, mo_path, po_path, read_catalog
from sitegen.languages import relativize
from sitegen.runtime import build_wheel

ROOT = Path(__file__).resolve().parents[2]


def test_the_catalogs_are_complete():
    """Extraction finds no message without its Italian translation, and the .po nothing unused."""
    diagnostics = Diagnostics()
    catalogs = check_catalogs(ROOT, diagnostics)
    assert not diagnostics.items, "\n".join(map(str, diagnostics.sorted()))
    assert {("it", "engine"), ("it", "site")} <= set(catalogs)


def test_the_compiled_engine_catalog_is_the_po_compiled():
    """The engine runs from its sources without a build: its .mo must say what the .po says."""
    compiled = compile_mo(read_catalog(po_path(ROOT, "it", "engine"), "it"))
    assert mo_path(ROOT, "it").read_bytes() == compiled, \
        "engine/locale/it/LC_MESSAGES/engine.mo is stale: run python build.py"


def test_the_engine_wheel_ships_the_catalog(tmp_path):
    name, data = build_wheel(ROOT, tmp_path, Diagnostics())
    names = zipfile.ZipFile(tmp_path / name).namelist()
    assert "engine/locale/it/LC_MESSAGES/engine.mo" in names
    assert "engine/i18n.py" in names


def _small_root(tmp_path: Path, template: str) -> Path:
    root = tmp_path / "root"
    (root / "templates").mkdir(parents=True)
    (root / "engine").mkdir()
    (root / "sitegen").mkdir()
    (root / "templates" / "base.html").write_text(template, encoding="utf-8")
    (root / "site.toml").write_text('title = "T"\ndescription = "D"\n', encoding="utf-8")
    for domain in ("engine", "site"):
        target = po_path(root, "it", domain)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n'
                          '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
                          'msgctxt "site.toml title"\nmsgid "T"\nmsgstr "T"\n\n'
                          'msgctxt "site.toml description"\nmsgid "D"\nmsgstr "D"\n\n'
                          '#: templates/base.html:1\nmsgid "Kept words"\nmsgstr "Parole tenute"\n\n'
                          'msgid "Gone words"\nmsgstr "Parole andate"\n'
                          if domain == "site" else 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n',
                          encoding="utf-8")
    return root


def test_a_missing_translation_is_reported_at_the_line_that_writes_it(tmp_path):
    root = _small_root(tmp_path, '<p>{{ _("Kept words") }}</p>\n\n<p>{% trans %}New words{% endtrans %}</p>\n')
    diagnostics = Diagnostics()
    check_catalogs(root, diagnostics)
    shown = [str(d) for d in diagnostics.sorted()]
    assert any(s.endswith("templates/base.html:3: warning: no Italian translation for 'New words' in "
                          "locale/it/LC_MESSAGES/site.po (missing; python -m sitegen.i18n adds it)")
               for s in shown), shown
    assert any("site.po:" in s and "'Gone words' is no longer written anywhere" in s for s in shown), shown
    assert diagnostics.failed(strict=True) and not diagnostics.failed(strict=False)


def test_a_translation_naming_a_placeholder_the_message_lacks_is_an_error(tmp_path):
    root = _small_root(tmp_path, '<p>{{ _("Kept words") }}</p>\n')
    po = po_path(root, "it", "site")
    po.write_text(po.read_text(encoding="utf-8").replace('"Parole tenute"', '"Parole {wrong}"'),
                  encoding="utf-8")
    diagnostics = Diagnostics()
    check_catalogs(root, diagnostics)
    assert any("names ['wrong']" in str(d) and d.level == "error" for d in diagnostics.items)


def test_urls_become_relative_to_the_page_folder():
    html = ('<a href="it/briscola.html#drawing"><img src="cards/KC.svg" alt=""><a href="#main">'
            '<a href="https://www.pagat.com/"><link href="css/style.1.css"><a href="index.html?x">'
            '<div data-src="data/demo-madrasso.1.json" data-runtime="runtime.json">')
    assert relativize(html, "it/index.html") == (
        '<a href="briscola.html#drawing"><img src="../cards/KC.svg" alt=""><a href="#main">'
        '<a href="https://www.pagat.com/"><link href="../css/style.1.css"><a href="../index.html?x">'
        '<div data-src="../data/demo-madrasso.1.json" data-runtime="../runtime.json">')
    assert relativize(html, "index.html") == html


def test_twins_are_checked(tmp_path, build_fixture):
    """A translated page needs its English original (an error); an English page without its
    twin is a note, never fatal, while twins_complete is false."""
    from tests.site.conftest import FIXTURES
    content = tmp_path / "content"
    shutil.copytree(FIXTURES / "good" / "content", content)
    (content / "it").mkdir()
    first = sorted(content.glob("*.md"))[0]
    (content / "it" / first.name).write_text(first.read_text(encoding="utf-8"), encoding="utf-8")
    (content / "it" / "orphan.md").write_text('+++\ntitle = "Orfana"\ndescription = "d"\n+++\n\nTesto.\n',
                                              encoding="utf-8")
    config = tmp_path / "site.toml"
    config.write_text('languages = ["it"]\n' + (FIXTURES / "site.toml").read_text(encoding="utf-8"),
                      encoding="utf-8")
    import build
    result = build.build(build.Paths(root=ROOT, content=content, templates=ROOT / "templates",
                                     config=config, out=tmp_path / "site"), strict=True, runtime=False)
    shown = [str(d) for d in result.diagnostics.sorted()]
    assert any("orphan.md:1: error: 'orphan.md' has no English original" in s for s in shown), shown
    notes = [d for d in result.diagnostics.items if d.level == "note"]
    assert notes and all("no Italian twin yet" in d.message for d in notes), shown


def test_alternates_are_absolute_and_only_with_the_sites_url(tmp_path):
    """Search engines (and Lighthouse's hreflang audit) take a twin's address only absolute:
    with site.toml's url each page names its twins' full addresses; without it, none (the
    language switch's links still carry hreflang); a url that is not an address is an error."""
    from tests.site.conftest import FIXTURES
    import build
    content = tmp_path / "content"
    shutil.copytree(FIXTURES / "good" / "content", content)
    (content / "it").mkdir()
    first = sorted(content.glob("*.md"))[0]
    (content / "it" / first.name).write_text(first.read_text(encoding="utf-8"), encoding="utf-8")
    page = first.stem + ".html"
    fixture = (FIXTURES / "site.toml").read_text(encoding="utf-8")

    def built(url_line: str, name: str):
        config = tmp_path / f"{name}.toml"
        config.write_text('languages = ["it"]\n' + url_line + fixture, encoding="utf-8")
        return build.build(build.Paths(root=ROOT, content=content, templates=ROOT / "templates",
                                       config=config, out=tmp_path / name), strict=False, runtime=False)

    result = built('url = "https://games.example.org/madrasso/"\n', "with")
    assert result.ok, [str(d) for d in result.diagnostics.sorted()]
    for where in (tmp_path / "with" / page, tmp_path / "with" / "it" / page):
        html = where.read_text(encoding="utf-8")
        assert f'<link rel="alternate" hreflang="en" href="https://games.example.org/madrasso/{page}">' in html
        assert f'<link rel="alternate" hreflang="it" href="https://games.example.org/madrasso/it/{page}">' in html
        assert f'<link rel="alternate" hreflang="x-default" href="https://games.example.org/madrasso/{page}">' in html
    result = built("", "without")
    assert result.ok
    html = (tmp_path / "without" / page).read_text(encoding="utf-8")
    assert '<link rel="alternate"' not in html and f'href="it/{page}" hreflang="it"' in html
    result = built('url = "games.example.org"\n', "bad")
    shown = [str(d) for d in result.diagnostics.sorted()]
    assert any("bad.toml:2: error:" in s and "url" in s and "ending in /" in s for s in shown), shown
