"""A private network for the friends' table tests and bench: nothing the browsers send leaves it.

WebRTC in Chromium needs an address that is not loopback (it takes its address from the
default route, and with only ``lo`` it gathers no candidate), and a real network card would
let its mDNS and STUN packets out. So the browsers run in a network namespace of their own
(``unshare -n``, as root): loopback, a veth pair with 10.77.0.1 on one end, and a default route
to a gateway that does not exist. The signalling relay (``relay.mjs``: npm bittorrent-tracker)
and the site's server listen inside it on 127.0.0.1; Chromium starts inside it through
``nsenter``, and Playwright drives it over its pipe as usual. ../shared/notes (toolchain.md,
peer to peer) has the measurements behind this; docs/friends.md says how the tests use it.
"""

from __future__ import annotations

import ctypes
import os
import shutil
import stat
import subprocess
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CLONE_NEWNET = 0x40000000
SETUP = """
ip link set lo up
ip link add v0 type veth peer name v1
ip addr add 10.77.0.1/24 dev v0
ip link set v1 up
ip link set v0 up
ip route add default via 10.77.0.254 dev v0
echo ready
exec sleep 3600
"""
WEBRTC_ARGS = ["--disable-features=WebRtcHideLocalIpsWithMdns",  # host candidates as addresses
               "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream",
               "--autoplay-policy=no-user-gesture-required"]


class Unavailable(Exception):
    """No private network here (not root, or no unshare): the caller skips."""


class PrivateNetwork:
    def __init__(self) -> None:
        if os.geteuid() != 0 or not shutil.which("unshare") or not shutil.which("nsenter"):
            raise Unavailable("the friends' table tests need root and util-linux (unshare, nsenter)")
        self.holder = subprocess.Popen(["unshare", "-n", "sh", "-c", SETUP], stdout=subprocess.PIPE,
                                       stderr=subprocess.PIPE, text=True)
        line = self.holder.stdout.readline().strip()
        if line != "ready":
            self.holder.kill()
            raise Unavailable(f"could not make a network namespace: {self.holder.stderr.read().strip()}")
        self.path = f"/proc/{self.holder.pid}/ns/net"
        self.children: list[subprocess.Popen] = []

    def nsenter(self, *command: str) -> list[str]:
        return ["nsenter", f"--net={self.path}", *command]

    def relay(self) -> str:
        """Start the signalling relay inside; its ws:// URL."""
        process = subprocess.Popen(self.nsenter("node", str(ROOT / "tests" / "e2e" / "relay.mjs")),
                                   stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT)
        self.children.append(process)
        line = process.stdout.readline().strip()
        if not line.startswith("relay ws://"):
            raise RuntimeError(f"the relay did not start: {line!r}")
        return line.split()[1]

    def listen(self, make_server):
        """``make_server()`` called on a thread inside the namespace: its listening socket is
        made there (sockets belong to the namespace they were made in), and it serves there."""
        return listen_in(self.path, make_server)

    def chromium(self, folder: Path, chromium: str) -> str:
        """An executable that starts ``chromium`` inside the namespace (for Playwright's
        ``executable_path``)."""
        wrapper = folder / "chromium-in-private-network"
        wrapper.write_text(f'#!/bin/sh\nexec nsenter --net={self.path} {chromium} "$@"\n')
        wrapper.chmod(wrapper.stat().st_mode | stat.S_IXUSR)
        return str(wrapper)

    def close(self) -> None:
        for process in self.children:
            if process.stdin:
                process.stdin.close()
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                process.kill()
        self.holder.kill()
        self.holder.wait()


def build_site(relay: str, folder: Path) -> Path:
    """The site built as site.toml says, but with ``relay`` as its only relay and no STUN server
    (the private network has no internet); its folder."""
    import build  # the project's build (ROOT on sys.path)

    text = (ROOT / "site.toml").read_text(encoding="utf-8")
    config = folder / "site.toml"
    config.write_text(text[:text.index("[friends]")] + f'[friends]\nrelays = ["{relay}"]\nstun = []\n',
                      encoding="utf-8")
    result = build.build(build.Paths(config=config, out=folder / "site"), strict=True)
    assert result.ok, "\n".join(map(str, result.diagnostics.sorted()))
    return folder / "site"


def listen_in(path: str, make_server):
    """``make_server()`` called on a thread inside the namespace at ``path`` (its listening
    socket made there), then serving on a daemon thread; the server."""
    libc = ctypes.CDLL(None, use_errno=True)
    made = {}

    def inside():
        own = os.open("/proc/thread-self/ns/net", os.O_RDONLY)
        target = os.open(path, os.O_RDONLY)
        try:
            if libc.setns(target, CLONE_NEWNET) != 0:
                raise OSError(ctypes.get_errno(), "setns")
            made["server"] = make_server()
        except BaseException as err:  # reported to the caller below
            made["error"] = err
        finally:
            libc.setns(own, CLONE_NEWNET)
            os.close(own)
            os.close(target)

    thread = threading.Thread(target=inside)
    thread.start()
    thread.join()
    if "error" in made:
        raise made["error"]
    server = made["server"]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server

