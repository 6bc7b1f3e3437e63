"""Rewrite the card SVG golden files on purpose: python scripts/update_card_goldens.py

tests/site/test_card_art.py compares every generated card (both variants and the back) with
tests/golden/cards/{normal,four}/NAME.svg byte for byte, and tests/site/test_card_art_venetian.py
the Venetian pack's with tests/golden/cards/{venetian,venetian-four}/NAME.svg. Run this after a
deliberate change to sitegen/card_art.py or card_art_venetian.py, look at the cards, and commit
the new goldens with the change.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sitegen import card_art, card_art_venetian  # noqa: E402

GOLDEN = ROOT / "tests" / "golden" / "cards"


def main() -> int:
    changed = 0
    for variant, art, four_colour in (("normal", card_art, False), ("four", card_art, True),
                                      ("venetian", card_art_venetian, False),
                                      ("venetian-four", card_art_venetian, True)):
        folder = GOLDEN / variant
        folder.mkdir(parents=True, exist_ok=True)
        files = art.all_card_svgs(four_colour)
        for stale in sorted(folder.glob("*.svg")):
            if stale.name not in files:
                stale.unlink()
                print(f"removed {stale.relative_to(ROOT)}")
                changed += 1
        for name, text in files.items():
            path = folder / name
            data = text.encode("utf-8")
            if not path.exists() or path.read_bytes() != data:
                path.write_bytes(data)
                print(f"wrote {path.relative_to(ROOT)}")
                changed += 1
    print(f"{changed} golden file(s) changed")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
