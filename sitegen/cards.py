"""Card images: the SVGs drawn by :mod:`sitegen.card_art`, for site/cards/ (the usual
two-colour suits) and site/cards4/ (the four-colour variant), one file per card ("KC.svg")
plus "back.svg"; the Venetian pack's from :mod:`sitegen.card_art_venetian`, in site/cardsv/
and site/cardsv4/ under the same names (the engine's notation: "QH" is the horse of cups);
their size, for the pages' ``<img>`` tags. Also the cards' accessible names, from the engine
("king of clubs"; in the Venetian words, "horse of cups")."""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass, field
from pathlib import Path

from engine.cards import Card, Deck, naming

from .diagnostics import Diagnostics

SETS = (("cards", False), ("cards4", True))
"""Each deck's folders: the usual colours, the four colours."""
DECK_ART = {"toscane": ("sitegen.card_art", ""), "venetian": ("sitegen.card_art_venetian", "v")}
"""Each deck's drawing module and its folders' suffix (site/cardsv/, site/cardsv4/)."""
DEFAULT_SIZE = (60, 90)
_VIEWBOX = re.compile(r"""viewBox\s*=\s*["']\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)""")


@dataclass
class CardImages:
    files: dict[str, bytes] = field(default_factory=dict)   # "cards/KC.svg" -> the SVG
    size: tuple[int, int] = DEFAULT_SIZE   # width, height of a card (from the SVG viewBox)

    @property
    def count(self) -> int:
        return len(self.files)


def card_name(code: str, deck: Deck = "toscane") -> str:
    """The accessible name of a card: "KC" -> "king of clubs" (in the Venetian deck,
    "king of batons")."""
    with naming(deck):
        return Card.parse(code).name


def draw_cards(diagnostics: Diagnostics, module: str | None = None) -> CardImages:
    """Every deck's images (``module``: one drawing module alone, in site/cards/ and cards4/)."""
    images = CardImages()
    decks = [("cards", module)] if module else [("cards" + sfx, name) for name, sfx in DECK_ART.values()]
    for prefix, art_module in decks:
        _draw(diagnostics, images, art_module, prefix)
    return images


def _draw(diagnostics: Diagnostics, images: CardImages, module: str, prefix: str) -> None:
    try:
        art = importlib.import_module(module)
    except ImportError as err:
        diagnostics.error(Path(module.replace(".", "/") + ".py"), None,
                          f"the card art module cannot be imported: {err}")
        return
    for folder, four_colour in SETS:
        folder = prefix + folder[len("cards"):]
        try:
            svgs = art.all_card_svgs(four_colour=four_colour)
        except Exception as err:  # another helper's code: report, do not crash the build
            diagnostics.error(Path(art.__file__ or module), None,
                              f"all_card_svgs(four_colour={four_colour}) failed: {err!r}")
            continue
        expected = {r + s + ".svg" for s in "CDHS" for r in "A234567JQK"} | {"back.svg"}
        missing = sorted(expected - set(svgs))
        if missing:
            diagnostics.error(Path(art.__file__ or module), None,
                              f"all_card_svgs(four_colour={four_colour}) has no {', '.join(missing[:5])}")
        for name, svg in sorted(svgs.items()):
            images.files[f"{folder}/{name}"] = svg.encode("utf-8")
        back = svgs.get("back.svg") or next(iter(svgs.values()), "")
        if prefix == "cards" and (m := _VIEWBOX.search(back)) is not None:
            images.size = (round(float(m.group(1))), round(float(m.group(2))))
