"""The friends' table's wire (templates/static/js/friends-net.mjs), run in Node: what the host
reads from a guest and a guest from the host, by shape, size and rate; names and chat cleaned;
the host's proof holding only for the table's own key, this connection and this nonce.

The browsers' side of the same (a whole table over WebRTC) is tests/e2e/test_friends.py; these
are the limits a modified page could try, one by one, without a network.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NET = ROOT / "templates" / "static" / "js" / "friends-net.mjs"


def node(body: str) -> dict:
    """Run ``body`` (an async function's body returning JSON) with friends-net.mjs imported."""
    script = (f"import * as net from {json.dumps(NET.as_uri())};\n"
              f"const run = async () => {{ {body} }};\n"
              "console.log(JSON.stringify(await run()));")
    done = subprocess.run(["node", "--input-type=module", "-e", script],
                          capture_output=True, text=True, check=True, timeout=60)
    return json.loads(done.stdout)


WIRES = """
const wire = (role) => {
  const w = new net.Wire({ tableId: "x".repeat(22), relays: [], stun: [], role });
  w.read = [];
  w.on("message", (m, peer) => w.read.push([m.k, peer]));
  return w;
};
"""


def test_the_host_reads_only_a_guests_kinds_in_their_shapes():
    found = node(WIRES + """
      const host = wire("host");
      const nonce = net.randomId();
      const sent = [
        { k: "hello", nonce }, { k: "hello", nonce: "short" }, { k: "hello", nonce, token: "not a token" },
        { k: "sit", seat: 1, name: "Anna" }, { k: "sit", seat: 9, name: "Anna" }, { k: "sit", seat: 1, name: " \\u0007 " },
        { k: "move", action: "7c", at: 3 }, { k: "move", action: "x".repeat(65), at: 3 }, { k: "move", action: "7c", at: -1 },
        { k: "chat", text: "ciao" }, { k: "chat", text: "x".repeat(281) },
        { k: "state", state: {} }, { k: "__proto__" }, "a string", null, [1, 2],
        { k: "voice", on: "yes" }, { k: "next", at: 4 },
      ];
      for (const m of sent) host.receive(m, "peer-a");
      return { read: host.read.map(([k]) => k), dropped: host.dropped };
    """)
    assert found["read"] == ["hello", "sit", "move", "chat", "next"]
    assert found["dropped"] == 13


def test_a_message_too_large_for_its_side_is_dropped():
    found = node(WIRES + """
      const host = wire("host");
      const guest = wire("guest");
      const big = { k: "chat", text: "ciao", pad: "x".repeat(2_100) };   // a guest's limit: 2,048 bytes
      host.receive(big, "peer-a");
      host.receive({ k: "chat", text: "ciao" }, "peer-a");
      const state = { k: "state", state: { observation: { pad: "x".repeat(20_000) }, legal: [], index: 0 } };
      guest.receive(state, "host");                                         // a seat's state may be large
      guest.receive({ ...state, state: { ...state.state, observation: { pad: "x".repeat(270_000) } } }, "host");
      return { host: host.read.map(([k]) => k), guest: guest.read.map(([k]) => k), limits: net.LIMITS };
    """)
    assert found["host"] == ["chat"]
    assert found["guest"] == ["state"]
    assert found["limits"]["toHost"] == 2048 and found["limits"]["toGuest"] == 262144


def test_a_guest_flooding_the_host_is_held_to_its_rate():
    found = node(WIRES + """
      const host = wire("host");
      for (let i = 0; i < 100; i += 1) host.receive({ k: "next", at: i }, "flooder");
      host.receive({ k: "next", at: 0 }, "calm");           // another peer has a bucket of its own
      const early = host.read.length;
      await new Promise((r) => setTimeout(r, 400));         // 8 a second: three more by now
      for (let i = 0; i < 10; i += 1) host.receive({ k: "next", at: i }, "flooder");
      return { early, later: host.read.length - early, calm: host.read.filter(([, p]) => p === "calm").length };
    """)
    assert found["early"] == 31 and found["calm"] == 1     # a burst of 30, then nothing
    assert 2 <= found["later"] <= 4


def test_names_and_chat_are_cleaned_of_control_characters_and_held_to_their_length():
    found = node("""
      return {
        names: [net.cleanName("  Anna\\u0000  Maria\\n"), net.cleanName(""), net.cleanName("x".repeat(25)),
                net.cleanName("x".repeat(24)), net.cleanName(42), net.cleanName("\\u2028")],
        chat: [net.cleanChat("a\\u001bb <i>c</i>"), net.cleanChat("x".repeat(281)), net.cleanChat("   ")],
        ids: [net.randomId(), net.randomId()].map((id) => net.ID.test(id)),
      };
    """)
    assert found["names"] == ["Anna Maria", None, None, "x" * 24, None, None]
    assert found["chat"] == ["a b <i>c</i>", None, None]
    assert found["ids"] == [True, True]


def test_only_the_key_the_table_id_names_proves_the_host_for_this_connection_and_nonce():
    found = node("""
      const key = await net.hostKey();
      const other = await net.hostKey();
      const again = await net.hostKey(key.jwk);          // the key kept in the host's storage
      const nonce = net.randomId();
      const proof = await net.proveHost(key, "guest", "host", nonce);
      const check = (p, id = key.tableId, guest = "guest", host = "host", n = nonce) => net.checkHost(id, p, guest, host, n);
      return {
        id: net.ID.test(key.tableId), same: again.tableId === key.tableId,
        good: await check(proof),
        otherNonce: await check(proof, key.tableId, "guest", "host", net.randomId()),
        otherGuest: await check(proof, key.tableId, "someone else"),
        otherHost: await check(proof, key.tableId, "guest", "a guest posing as host"),
        otherKey: await check(await net.proveHost(other, "guest", "host", nonce)),
        keySwapped: await check({ key: other.raw, sig: proof.sig }),
        garbage: await check({ key: "A".repeat(88), sig: "B".repeat(86) }),
      };
    """)
    assert found == {"id": True, "same": True, "good": True, "otherNonce": False, "otherGuest": False,
                     "otherHost": False, "otherKey": False, "keySwapped": False, "garbage": False}
