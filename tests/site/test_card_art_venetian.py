"""The Venetian pack's faces and back: golden files, Venetian names, self-contained small SVG,
the pattern's suits and pip arrangements.

After a deliberate change to sitegen/card_art_venetian.py, regenerate the goldens with
``python scripts/update_card_goldens.py``, look at the cards, and commit both.
"""

from __future__ import annotations

import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.cards import CARDS, Card, Rank, Suit, naming  # noqa: E402
from sitegen.card_art_venetian import all_card_svgs, back_svg, card_svg  # noqa: E402

GOLDEN = ROOT / "tests" / "golden" / "cards"
SVG_NS = "{http://www.w3.org/2000/svg}"
VARIANTS = {"venetian": False, "venetian-four": True}
NAMES = [f"{card}.svg" for card in CARDS] + ["back.svg"]
BUDGET = 4 * 1024
REGENERATE = "run `python scripts/update_card_goldens.py` if the change is deliberate"


@pytest.fixture(scope="module")
def svgs() -> dict[str, dict[str, str]]:
    return {variant: all_card_svgs(four) for variant, four in VARIANTS.items()}


def test_forty_cards_and_a_back_each_with_its_golden_file(svgs):
    for variant, files in svgs.items():
        assert list(files) == NAMES
        on_disk = sorted(p.name for p in (GOLDEN / variant).glob("*.svg"))
        assert on_disk == sorted(NAMES), f"stale or missing goldens in {variant}: {REGENERATE}"
        for name, text in files.items():
            assert text.encode("utf-8") == (GOLDEN / variant / name).read_bytes(), (
                f"{variant}/{name} differs from its golden file: {REGENERATE}")


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_card_is_a_titled_self_contained_image_under_4_kb(svgs, variant):
    for name, text in svgs[variant].items():
        assert len(text.encode("utf-8")) < BUDGET, f"{variant}/{name} is {len(text.encode())} bytes"
        root = ET.fromstring(text)
        assert root.get("viewBox") == "0 0 240 360" and root.get("role") == "img"
        assert root.get("width") is None and root.get("height") is None
        title = root[0]
        assert title.tag == f"{SVG_NS}title"
        ids = [el.get("id") for el in root.iter() if el.get("id")]
        assert len(ids) == len(set(ids)), f"{name}: duplicate ids"
        for el in root.iter():
            for attr, value in el.attrib.items():
                if attr == "href" or attr.endswith("}href"):
                    assert value[1:] in ids, f"{name}: bad reference {value!r}"
                if "url(" in value:
                    assert re.fullmatch(r"url\(#[\w-]+\)", value) and value[5:-1] in ids
        for tag in ("image", "script", "foreignObject", "style", "text"):
            assert root.find(f".//{SVG_NS}{tag}") is None, f"{name}: unexpected <{tag}>"


@pytest.mark.parametrize(("code", "title"), [
    ("QH", "horse of cups"), ("7D", "seven of coins"), ("JC", "knave of batons"),
    ("KS", "king of swords"), ("AD", "ace of coins"),
])
def test_titles_name_the_cards_in_the_venetian_words(svgs, code, title):
    root = ET.fromstring(svgs["venetian"][f"{code}.svg"])
    assert root[0].text == title
    with naming("venetian"):
        assert Card.parse(code).name == title
    assert ET.fromstring(back_svg())[0].text == "card back"


def test_the_toscane_names_are_untouched_outside_the_venetian_naming():
    assert Card.parse("QH").name == "queen of hearts"
    with naming("venetian"):
        assert Card.parse("QH").name == "horse of cups"
    assert Card.parse("QH").name == "queen of hearts"


def _suit_symbol(text: str, code: str) -> ET.Element:
    root = ET.fromstring(text)
    symbol = root.find(f".//{SVG_NS}g[@id='{code}-s']")
    assert symbol is not None
    return symbol


def test_suits_are_drawn_in_the_venetian_style(svgs):
    files = svgs["venetian"]
    coin = _suit_symbol(files["5D.svg"], "5D")      # a gold disc
    assert coin[0].tag == f"{SVG_NS}circle" and coin[0].get("fill") == "#e6b73e"
    cup = _suit_symbol(files["5H.svg"], "5H")        # a goblet: bowl, band, knop
    assert cup.find(f".//{SVG_NS}ellipse") is not None
    sword = _suit_symbol(files["5S.svg"], "5S")      # a curved blade: a quadratic curve
    assert "Q" in sword[0].get("d", "")
    baton = _suit_symbol(files["5C.svg"], "5C")      # a club with knots
    assert baton[0].get("d", "").count("Z") == 3


@pytest.mark.parametrize("card", [c for c in CARDS if c.rank.value in "234567"], ids=str)
def test_pip_cards_show_their_number_in_the_traditional_arrangement(svgs, card):
    text = svgs["venetian"][f"{card}.svg"]
    count = int(card.rank.value)
    if card.suit is Suit.SPADES:
        # swords: curved pairs meeting at hilt and tip, a straight one upright when odd
        blades = re.findall(r'<path d="(M[^"]*Q[^"]*)"/><use href="#\w\w-h"', text)
        straight = [b for b in blades if b.startswith("M115.5,312Q")]
        assert len(blades) - 1 == count   # the corner mark's sword is one more
        assert len(straight) == count % 2
    else:
        # one use per pip, one in the corner mark
        uses = text.count(f'href="#{card}-s"')
        assert uses == count + 1
        if card.suit is Suit.CLUBS:   # crossed like an X: as many leaning each way
            assert text.count("rotate(-27)") == text.count("rotate(27)") == count // 2


@pytest.mark.parametrize("card", [c for c in CARDS if c.rank is Rank.QUEEN], ids=str)
def test_the_horse_carries_a_rider_and_the_courts_stand_full_length(svgs, card):
    text = svgs["venetian"][f"{card}.svg"]
    assert text.count("rotate(180") == 1   # only the corner index is turned: single figures
    assert text.count("<ellipse") >= 1      # the rider's face
    for rank in (Rank.JACK, Rank.KING):
        other = svgs["venetian"][f"{rank.value}{card.suit.value}.svg"]
        assert other.count("rotate(180") == 1


def test_corner_numbers_and_four_colours(svgs):
    # The index is the number printed on Venetian cards: 1 for the ace, 8 9 10 for the courts;
    # four colours ink it as the Toscane card at the same place.
    one = svgs["venetian"]["AH.svg"]
    assert 'd="M5,6L12,0V32"' in one
    ten = svgs["venetian"]["KD.svg"]
    assert 'd="M5,6L12,0V32"' in ten and "translate(20 12)" in ten
    for name in NAMES:
        normal, four = svgs["venetian"][name], svgs["venetian-four"][name]
        recoloured = name != "back.svg" and name[1] in "CDH"
        assert (normal != four) == recoloured, name
    assert 'stroke="#1b7a3a"' in svgs["venetian-four"]["2C.svg"]   # batons green
    assert 'stroke="#1f5bb8"' in svgs["venetian-four"]["2D.svg"]   # coins blue
    assert 'stroke="#c8202e"' in svgs["venetian-four"]["2H.svg"]   # cups red


def test_output_is_deterministic(svgs):
    assert {v: all_card_svgs(f) for v, f in VARIANTS.items()} == svgs
    assert card_svg(Card.parse("QH")) == svgs["venetian"]["QH.svg"]


def _luminance(hex_colour: str) -> float:
    channels = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


@pytest.mark.parametrize("variant", VARIANTS)
def test_corner_numbers_read_at_4_5_to_1_on_the_white_card(svgs, variant):
    # The corner number is the mark a fanned hand shows: WCAG's text contrast against the card.
    for name in NAMES[:-1]:
        ink = re.search(r'<g fill="none" stroke="(#[0-9a-f]{6})"', svgs[variant][name]).group(1)
        ratio = (1 + 0.05) / (_luminance(ink) + 0.05)
        assert ratio >= 4.5, f"{variant}/{name}: {ink} on white is {ratio:.2f}:1"
