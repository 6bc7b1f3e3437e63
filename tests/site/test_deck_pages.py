"""The Venetian pack in the built site: its 41 pictures in cardsv/ (and cardsv4/), each the
golden image; its deck page listing the forty by their Venetian names; the Toscane page
linking to it; and the rules pages' card marks carrying the engine's Venetian name for when
the visitor plays with that pack (js/cards.mjs swaps it in)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from engine.cards import CARDS, naming  # noqa: E402

GOLDEN = ROOT / "tests" / "golden" / "cards"
NAMES = [f"{card}.svg" for card in CARDS] + ["back.svg"]


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("decks") / "site"
    result = build.build(build.Paths(out=out), strict=True, runtime=False)
    assert result.ok, "\n".join(map(str, result.diagnostics.sorted()))
    return out


@pytest.mark.parametrize(("folder", "golden"), [("cardsv", "venetian"), ("cardsv4", "venetian-four")])
def test_the_build_draws_41_venetian_cards_each_its_golden_image(site, folder, golden):
    drawn = sorted(p.name for p in (site / folder).iterdir())
    assert drawn == sorted(NAMES)
    for name in NAMES:
        assert (site / folder / name).read_bytes() == (GOLDEN / golden / name).read_bytes(), name


def _gallery(html: str) -> str:
    found = re.search(r'<section class="component card-gallery".*?</section>', html, re.S)
    assert found is not None
    return found.group(0)


def test_the_venetian_page_lists_the_forty_cards_by_their_venetian_names(site):
    gallery = _gallery((site / "venetian.html").read_text(encoding="utf-8"))
    assert 'aria-label="The 40 cards of the Venetian pack"' in gallery
    images = re.findall(r'<img [^>]*src="cardsv/(\w\w)\.svg"[^>]*alt="([^"]+)"[^>]*data-deck="venetian"', gallery)
    with naming("venetian"):
        assert images == [(str(card), card.name) for card in CARDS]
    assert ("QH", "horse of cups") in images and ("7D", "seven of coins") in images
    headings = re.findall(r"<h3 [^>]*>(\w+)</h3>", gallery)
    assert headings == ["Batons", "Coins", "Cups", "Swords"]
    labels = re.findall(r'<span class="card-label"[^>]*>(\w+)</span>', gallery)
    assert labels[7:10] == ["knave", "horse", "king"]
    assert "data-four-colour-toggle" in gallery   # the deck choice and the colours, with JS


@pytest.mark.parametrize(("page", "deck"), [("toscane", "toscane"), ("venetian", "venetian")])
def test_the_italian_galleries_name_the_cards_in_the_engines_italian_words(site, page, deck):
    """On it/toscane.html and it/venetian.html every card, suit and rank is named by the engine
    (naming(deck, "it")): "sette di denari", "Denari", "cavallo"; the sections' ids stay the
    English page's."""
    gallery = _gallery((site / "it" / f"{page}.html").read_text(encoding="utf-8"))
    images = re.findall(r'<img [^>]*alt="([^"]+)"[^>]*data-card="(\w\w)"', gallery)
    with naming(deck, "it"):
        assert images == [(card.name, str(card)) for card in CARDS]
        assert [h for h in re.findall(r"<h3 [^>]*>(\w+)</h3>", gallery)] == \
            [CARDS[i].suit.noun.capitalize() for i in (0, 10, 20, 30)]
    labels = re.findall(r'<span class="card-label"[^>]*>(\w+)</span>', gallery)
    if deck == "venetian":
        assert ("sette di denari", "7D") in images and ("cavallo di coppe", "QH") in images
        assert 'aria-label="Le 40 carte del mazzo trevisano"' in gallery
        assert labels[:10] == ["asso", "due", "tre", "quattro", "cinque", "sei", "sette",
                               "fante", "cavallo", "re"]
        assert '<h3 id="gallery-batons">Bastoni</h3>' in gallery
    else:
        assert ("sette di quadri", "7D") in images and ("regina di picche", "QS") in images
        assert '<h3 id="gallery-clubs">Fiori</h3>' in gallery
    assert not any(" of " in alt for alt, _ in images)


def test_the_toscane_gallery_keeps_its_pack_and_links_to_the_venetian(site):
    html = (site / "toscane.html").read_text(encoding="utf-8")
    images = re.findall(r'<img [^>]*src="cards/(\w\w)\.svg"[^>]*data-deck="toscane"', _gallery(html))
    assert len(images) == 40
    assert 'href="venetian.html"' in html


@pytest.mark.parametrize("page", ["madrasso.html", "briscola.html", "scopa.html"])
def test_rules_card_marks_carry_the_engines_venetian_name(site, page):
    html = (site / page).read_text(encoding="utf-8")
    marks = [img for img in re.findall(r"<img [^>]*data-card=[^>]*>", html) if "data-deck=" not in img]
    assert marks, f"{page} shows no card"
    for img in marks:
        code = re.search(r'data-card="(\w\w)"', img).group(1)
        with naming("venetian"):
            name = next(c.name for c in CARDS if str(c) == code)
        assert f'data-alt-venetian="{name}"' in img, img


def test_an_inline_card_mark_carries_its_venetian_name_too():
    from sitegen.cards import card_name
    from sitegen.markup import MarkdownFactory

    mark = MarkdownFactory(card_name).inline_card("QH")
    assert mark.get("alt") == "queen of hearts" and mark.get("data-alt-venetian") == "horse of cups"
