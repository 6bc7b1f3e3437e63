"""The invitation's QR code as a phone's camera reads it, at 1280x800 and on a 390x844 phone.

A visitor opens a table on the friends' page; the code (drawn by npm ``qr``, bundled by
sitegen/vendor.py) is on screen, square and large enough to aim a camera at, and the pixels the
browser painted, decoded by npm ``qr``'s reader (a separate decoder: finder patterns, sampling,
Reed-Solomon), give back the invitation link shown beside it. The relays of the default site
are stood in for by Playwright (``route_web_socket``): nothing leaves the machine.
"""

from __future__ import annotations

import json
import re
import struct
import subprocess
import zlib
from pathlib import Path

import pytest
from playwright.sync_api import expect

ROOT = Path(__file__).resolve().parents[2]
DECODER = ROOT / "node_modules" / "qr" / "decode.js"
SIZES = [(1280, 800), (390, 844)]


def png_pixels(png: bytes) -> tuple[int, int, int, bytes]:
    """(width, height, bytes per pixel, pixels) of an 8-bit RGB or RGBA PNG (Chromium's screenshots)."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    at, idat, head = 8, b"", b""
    while at < len(png):
        length, kind = struct.unpack(">I4s", png[at:at + 8])
        body = png[at + 8:at + 8 + length]
        head, idat = (body, idat) if kind == b"IHDR" else (head, idat + body if kind == b"IDAT" else idat)
        at += 12 + length
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", head)
    assert depth == 8 and colour in (2, 6) and not interlace, (depth, colour, interlace)
    bpp = 3 if colour == 2 else 4
    raw, stride = zlib.decompress(idat), width * bpp
    out = bytearray(height * stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)]
        prev = out[(y - 1) * stride:y * stride] if y else bytearray(stride)
        row = bytearray(line)
        for x in range(stride):
            a = row[x - bpp] if x >= bpp else 0
            b, c = prev[x], (prev[x - bpp] if x >= bpp else 0)
            if kind == 1:
                row[x] = (row[x] + a) & 255
            elif kind == 2:
                row[x] = (row[x] + b) & 255
            elif kind == 3:
                row[x] = (row[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                row[x] = (row[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        out[y * stride:(y + 1) * stride] = row
    return width, height, bpp, bytes(out)


def read_code(png: bytes, folder: Path) -> str:
    """The text a QR reader finds in the screenshot."""
    width, height, bpp, pixels = png_pixels(png)
    raw = folder / "code.rgb"
    raw.write_bytes(pixels)
    script = (f"import decodeQR from {json.dumps(DECODER.as_uri())};\n"
              "import { readFileSync } from 'node:fs';\n"
              "const [file, width, height, format] = process.argv.slice(1);\n"
              "process.stdout.write(decodeQR({ width: +width, height: +height, data: readFileSync(file) }, { format }));")
    done = subprocess.run(["node", "--input-type=module", "-e", script, str(raw), str(width), str(height),
                           "RGB" if bpp == 3 else "RGBA"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize("size", SIZES, ids=["wide", "phone"])
def test_the_invitation_qr_code_reads_back_as_the_link(browser, watch, site_url, size, tmp_path):
    width, height = size
    phone = width < 500
    context = browser.new_context(viewport={"width": width, "height": height}, reduced_motion="reduce",
                                  has_touch=phone, is_mobile=phone)
    try:
        page = context.new_page()
        seen = watch(page)
        relays: list[str] = []
        page.route_web_socket(re.compile(r"^wss?://"), lambda socket: relays.append(socket.url))
        seen.allow(r"^off-origin WebSocket: wss?://")   # stood in for above: it reaches no network
        page.goto(site_url + "friends.html")
        page.fill('[data-control="name"]', "Anna")
        page.click('[data-action="open"]')
        code = page.locator("[data-qr] svg")
        expect(code).to_be_visible(timeout=30_000)
        expect(code).to_have_attribute("role", "img")
        expect(code).to_have_attribute("aria-label", "The invitation link as a QR code")
        link = page.input_value("[data-link]")
        assert re.search(r"/friends\.html#t=[\w-]+$", link), link
        code.scroll_into_view_if_needed()
        box = code.bounding_box()
        assert box and box["width"] >= 150 and abs(box["width"] - box["height"]) < 1, box
        assert 0 <= box["x"] and box["x"] + box["width"] <= width, (box, width)   # whole on the screen
        page.screenshot(path=str(tmp_path / f"invite-{width}x{height}.png"))
        assert read_code(code.screenshot(), tmp_path) == link
        assert relays, "opening the table contacted no relay"
    finally:
        context.close()
