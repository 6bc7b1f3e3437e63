"""Rewrite the card SVG golden files on purpose: python scripts/update_card_goldens.py

tests/site/test_card_art.py compares every generated card (both variants and the back) with
tests/golden/cards/{normal,four}/NAME.svg byte for byte. Run this after a deliberate change to
sitegen/card_art.py, look at the cards, and commit the new goldens with the change.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sitegen.card_art import all_card_svgs  # noqa: E402

GOLDEN = ROOT / "tests" / "golden" / "cards"


def main() -> int:
    changed = 0
    for variant, four_colour in (("normal", False), ("four", True)):
        folder = GOLDEN / variant
        folder.mkdir(parents=True, exist_ok=True)
        files = all_card_svgs(four_colour)
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
