"""The invitation's QR code (templates/static/js/qr.mjs) is the standard's, module for module.

Node runs the encoder for texts of every length its ten versions hold, under every one of the
eight masks, and each matrix must equal the one the Python encoder segno makes for the same text,
version, mask and error correction level (M, byte mode). The mask it picks by itself is one of
the eight, and the smallest version that holds the text is the one chosen.

segno 1.6.6 adds a byte of zero bits after the terminator when the stream already ends on a
byte (ISO/IEC 18004 7.4.10 pads only "if the bit stream ... does not end at a codeword
boundary"); decoders stop at the terminator either way. The comparison gives segno the
standard's padding.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

segno = pytest.importorskip("segno")

ROOT = Path(__file__).resolve().parents[2]
QR = ROOT / "templates" / "static" / "js" / "qr.mjs"
LINK = "https://friends.example.org/madrasso/friends.html#t=Xy3_kP0aQ9z-LmN2bV7cWd"
LONG = LINK * 3
TEXTS = [LONG[:n] for n in (1, 14, 20, 40, 60, 80, 100, 120, 150, 175, 210)] + [LINK + "é" * 30]


def encode(cases: list[dict]) -> list[dict]:
    script = (f"import {{ qrCode }} from {json.dumps(QR.as_uri())};\n"
              "const cases = JSON.parse(process.argv[1]);\n"
              "console.log(JSON.stringify(cases.map((c) => qrCode(c.text, c))));")
    done = subprocess.run(["node", "--input-type=module", "-e", script, json.dumps(cases)],
                          capture_output=True, text=True, check=True, timeout=60)
    return json.loads(done.stdout)


@pytest.fixture(autouse=True)
def standard_padding(monkeypatch):
    def pad(buff, version, length):
        buff.extend([0] * ((8 - length % 8) % 8))
    monkeypatch.setattr(segno.encoder, "write_padding_bits", pad)


def segno_matrix(text: str, version: int, mask: int) -> list[list[bool]]:
    code = segno.make(text, error="m", mode="byte", boost_error=False, micro=False, encoding="utf-8",
                      version=version, mask=mask)
    return [[bool(m) for m in row] for row in code.matrix]


def test_every_version_and_mask_matches_the_reference_encoder():
    chosen = encode([{"text": text} for text in TEXTS])
    versions = sorted({c["version"] for c in chosen})
    assert versions == list(range(1, 11)), versions
    cases = [{"text": text, "version": c["version"], "mask": mask}
             for text, c in zip(TEXTS, chosen) for mask in range(8)]
    for case, code in zip(cases, encode(cases)):
        assert code["dark"] == segno_matrix(case["text"], case["version"], case["mask"]), case


def test_the_smallest_version_is_chosen_and_too_long_a_text_is_refused():
    for text, code in zip(TEXTS, encode([{"text": text} for text in TEXTS])):
        assert code["version"] == segno.make(text, error="m", mode="byte", boost_error=False, encoding="utf-8",
                                             micro=False).version
        assert 0 <= code["mask"] <= 7
    with pytest.raises(subprocess.CalledProcessError) as failed:
        encode([{"text": "x" * 300}])
    assert "too many for a QR code" in failed.value.stderr
