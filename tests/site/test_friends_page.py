"""The friends' table page as the build writes it: its relays from site.toml, only in its own
Content-Security-Policy and named on the page before anything contacts them; the bundled
peer-to-peer module shipped from the site itself; its TURN relays named and given to the script;
bad relay settings reported at their line."""

from __future__ import annotations

import json
import re
from pathlib import Path

from sitegen.render import csp

RELAYS = ["wss://relay.example.org", "wss://other.example.net:7073/announce"]


def import_maps(html: str) -> list[str]:
    """The page's import map (the one inline script, allowed by its hash: sitegen/render.py)."""
    return re.findall(r'<script type="importmap">(.*?)</script>', html, re.S)
TURN_URLS = ["turn:turn.example.org:3478?transport=udp", "turns:turn.example.org:5349?transport=tcp"]


def test_only_the_friends_page_may_connect_to_the_relays(build_fixture, tmp_path):
    result = build_fixture("friends", strict=True)
    assert result.ok, [str(d) for d in result.diagnostics.sorted()]
    site = tmp_path / "site"
    friends = (site / "friends.html").read_text(encoding="utf-8")
    assert f'content="{csp(RELAYS, import_maps(friends))}"' in friends
    assert "connect-src 'self' wss://relay.example.org wss://other.example.net:7073/announce;" in friends
    index = (site / "index.html").read_text(encoding="utf-8")
    assert f'content="{csp((), import_maps(index))}"' in index
    # The page names every relay and STUN server before its visitor presses a button.
    consent = re.search(r'<div class="friends-consent" data-consent>(.*?)</div>', friends, re.S).group(1)
    for server in [*RELAYS, "stun:stun.example.org:3478", *TURN_URLS]:
        assert f"<code>{server}</code>" in consent
    assert "a-shared-password" not in consent   # named by address; its password is in the data file
    data_src = re.search(r'class="friends-data" data-src="([^"]+)"', friends).group(1)
    data = json.loads((site / data_src).read_text(encoding="utf-8"))
    assert data["relays"] == RELAYS and data["stun"] == ["stun:stun.example.org:3478"]
    assert data["turn"] == [{"urls": TURN_URLS, "username": "table", "credential": "a-shared-password"}]
    assert set(data["rules"]) == {"madrasso", "briscola", "scopa"}


def test_the_peer_to_peer_module_is_bundled_into_the_site(build_fixture, tmp_path):
    assert build_fixture("friends", strict=True).ok
    site = tmp_path / "site"
    assets = json.loads((site / "assets.json").read_text())
    bundle = site / assets["js/vendor/trystero-torrent.mjs"]
    text = bundle.read_text(encoding="utf-8")
    assert "joinRoom" in text and "import " not in text.split("export")[0][:200]   # one module, no imports
    net = (site / assets["js/friends-net.mjs"]).read_text(encoding="utf-8")
    assert Path(assets["js/vendor/trystero-torrent.mjs"]).name in net
    assert not re.search(r"https?://(?!www\.w3\.org)", text), "the bundle names no server of its own"
    # The invitation's QR encoder (npm qr) too, loaded by the friends' page from the site itself.
    qr = (site / assets["js/vendor/qr.mjs"]).read_text(encoding="utf-8")
    assert re.search(r"export\s*\{[^}]*as default", qr) and "import " not in qr
    assert not re.search(r"https?://(?!www\.w3\.org)", qr), "the QR bundle names no server of its own"
    assert Path(assets["js/vendor/qr.mjs"]).name in (site / assets["js/friends.mjs"]).read_text(encoding="utf-8")


def test_bad_relay_settings_are_reported_at_their_line(build_fixture):
    result = build_fixture("friends_no_relays")
    found = [f"{Path(d.path).name}:{d.line}: {d.message}" for d in result.diagnostics.sorted()]
    assert any(m.startswith("site.toml:5: [friends]: relays must be wss:// addresses") for m in found), found
    assert any(m.startswith("site.toml:6: [friends]: stun must be stun:HOST:PORT") for m in found), found
    # [[friends.turn]]: a wrong address at its item's line, a missing password at its table's,
    # a transport WebRTC has not, a password that is not text.
    assert any(m.startswith("site.toml:9: [[friends.turn]] 1: urls must be turn:HOST:PORT") for m in found), found
    assert any(m.startswith("site.toml:8: [[friends.turn]] 1 needs credential") for m in found), found
    assert any(m.startswith("site.toml:13: [[friends.turn]] 2: urls must be turn:HOST:PORT") for m in found), found
    assert any(m.startswith("site.toml:15: [[friends.turn]] 2: credential must be text") for m in found), found
    assert not result.ok
    result = build_fixture("friends_unconfigured")   # no [friends] in site.toml at all
    found = [f"{Path(d.path).name}:{d.line}: {d.message}" for d in result.diagnostics.sorted()]
    assert any(m.startswith("friends.md:8: [[friends]] needs relays") for m in found), found
    assert not result.ok
