"""The card faces and back: golden files, accessible names, self-contained valid SVG.

After a deliberate change to sitegen/card_art.py, regenerate the goldens with
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

from engine.cards import CARDS, Card, Rank, Suit  # noqa: E402
from sitegen.card_art import all_card_svgs, back_svg, card_svg  # noqa: E402

GOLDEN = ROOT / "tests" / "golden" / "cards"
SVG_NS = "{http://www.w3.org/2000/svg}"
VARIANTS = {"normal": False, "four": True}
NAMES = [f"{card}.svg" for card in CARDS] + ["back.svg"]
PIP_BUDGET = 6 * 1024
COURT_BUDGET = 14 * 1024
REGENERATE = "run `python scripts/update_card_goldens.py` if the change is deliberate"


def _title_for(name: str) -> str:
    return "card back" if name == "back.svg" else Card.parse(name[:2]).name


@pytest.fixture(scope="module")
def svgs() -> dict[str, dict[str, str]]:
    return {variant: all_card_svgs(four) for variant, four in VARIANTS.items()}


def test_all_card_svgs_names_every_card_and_the_back(svgs):
    for files in svgs.values():
        assert list(files) == NAMES


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("name", NAMES)
def test_matches_golden_file(svgs, variant, name):
    path = GOLDEN / variant / name
    assert path.exists(), f"missing golden {path.relative_to(ROOT)}: {REGENERATE}"
    assert svgs[variant][name].encode("utf-8") == path.read_bytes(), (
        f"{variant}/{name} differs from its golden file: {REGENERATE}"
    )


@pytest.mark.parametrize("variant", VARIANTS)
def test_no_stale_golden_files(variant):
    on_disk = sorted(p.name for p in (GOLDEN / variant).glob("*.svg"))
    assert on_disk == sorted(NAMES)


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("name", NAMES)
def test_is_a_titled_self_contained_card_image(svgs, variant, name):
    text = svgs[variant][name]
    root = ET.fromstring(text)
    assert root.tag == f"{SVG_NS}svg"
    assert root.get("viewBox") == "0 0 240 360"
    assert root.get("role") == "img"
    # CSS sizes the card: no fixed width or height on the root.
    assert root.get("width") is None and root.get("height") is None
    title = root.find(f"{SVG_NS}title")
    assert title is not None and title.text == _title_for(name)
    assert root[0] is title, "the <title> must be the first child to name the image"

    ids = [el.get("id") for el in root.iter() if el.get("id")]
    assert len(ids) == len(set(ids)), "duplicate ids"
    for el in root.iter():
        for attr, value in el.attrib.items():
            if attr == "href" or attr.endswith("}href"):
                assert value.startswith("#") and value[1:] in ids, f"bad reference {value!r}"
            if "url(" in value:
                assert re.fullmatch(r"url\(#[\w-]+\)", value) and value[5:-1] in ids
    for tag in ("image", "script", "foreignObject", "style", "text"):
        assert root.find(f".//{SVG_NS}{tag}") is None, f"unexpected <{tag}>"
    assert "http" not in text.replace('xmlns="http://www.w3.org/2000/svg"', "")


@pytest.mark.parametrize("variant", VARIANTS)
def test_sizes_stay_compact(svgs, variant):
    for name, text in svgs[variant].items():
        size = len(text.encode("utf-8"))
        court = name[0] in "JQK"
        assert size < (COURT_BUDGET if court else PIP_BUDGET), f"{variant}/{name} is {size} bytes"


def test_output_is_deterministic(svgs):
    again = {variant: all_card_svgs(four) for variant, four in VARIANTS.items()}
    assert again == svgs
    assert card_svg(Card.parse("KC")) == svgs["normal"]["KC.svg"]
    assert card_svg(Card.parse("KC"), four_colour=True) == svgs["four"]["KC.svg"]
    assert back_svg() == svgs["normal"]["back.svg"]


def test_four_colour_changes_only_clubs_and_diamonds(svgs):
    for name in NAMES:
        same = svgs["normal"][name] == svgs["four"][name]
        recoloured = name != "back.svg" and name[1] in "CD"
        assert same != recoloured, name


@pytest.mark.parametrize(
    ("suit", "normal", "four"),
    [
        (Suit.CLUBS, "#1c1c1c", "#1b7a3a"),
        (Suit.DIAMONDS, "#c8202e", "#1f5bb8"),
        (Suit.HEARTS, "#c8202e", "#c8202e"),
        (Suit.SPADES, "#1c1c1c", "#1c1c1c"),
    ],
)
def test_suit_symbols_are_inked_in_the_suit_colour(svgs, suit, normal, four):
    for card in CARDS:
        if card.suit is not suit:
            continue
        for variant, colour in (("normal", normal), ("four", four)):
            root = ET.fromstring(svgs[variant][f"{card}.svg"])
            symbol = root.find(f".//{SVG_NS}path[@id='{card}-s']")
            assert symbol is not None and symbol.get("fill") == colour


@pytest.mark.parametrize("card", [c for c in CARDS if c.rank.value in "234567"], ids=str)
def test_pip_cards_show_as_many_pips_as_their_rank(svgs, card):
    # Each pip is a <use> of the suit symbol; the corner index holds one more, drawn twice.
    uses = svgs["normal"][f"{card}.svg"].count(f'href="#{card}-s"')
    assert uses == int(card.rank.value) + 1


@pytest.mark.parametrize("card", [c for c in CARDS if c.rank in (Rank.JACK, Rank.QUEEN, Rank.KING)], ids=str)
def test_court_cards_are_single_standing_figures_not_mirrored(svgs, card):
    # A double-headed court would reuse its half figure upside down; ours draws one figure,
    # and only the corner index is turned.
    text = svgs["normal"][f"{card}.svg"]
    assert text.count("rotate(180") == 1
    assert 'transform="rotate(180 120 180)"' in text
