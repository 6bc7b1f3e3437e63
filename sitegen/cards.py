"""Card images: the SVGs drawn by :mod:`sitegen.card_art`, for site/cards/ (the usual
two-colour suits) and site/cards4/ (the four-colour variant), one file per card ("KC.svg")
plus "back.svg"; their size, for the pages' ``<img>`` tags. Also the cards' accessible names,
from the engine ("king of clubs")."""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass, field
from pathlib import Path

from .diagnostics import Diagnostics

SETS = (("cards", False), ("cards4", True))
DEFAULT_SIZE = (60, 90)
_VIEWBOX = re.compile(r"""viewBox\s*=\s*["']\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)""")


@dataclass
class CardImages:
    files: dict[str, bytes] = field(default_factory=dict)   # "cards/KC.svg" -> the SVG
    size: tuple[int, int] = DEFAULT_SIZE   # width, height of a card (from the SVG viewBox)

    @property
    def count(self) -> int:
        return len(self.files)


def card_name(code: str) -> str:
    """The accessible name of a card: "KC" -> "king of clubs"."""
    from engine.cards import Card
    return Card.parse(code).name


def draw_cards(diagnostics: Diagnostics, module: str = "sitegen.card_art") -> CardImages:
    images = CardImages()
    try:
        art = importlib.import_module(module)
    except ImportError as err:
        diagnostics.error(Path(module.replace(".", "/") + ".py"), None,
                          f"the card art module cannot be imported: {err}")
        return images
    for folder, four_colour in SETS:
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
        if (m := _VIEWBOX.search(back)) is not None:
            images.size = (round(float(m.group(1))), round(float(m.group(2))))
    return images
