"""A simulated internet for the friends' table tests and bench, made from network namespaces
(as root) and taken down after: nothing the browsers send leaves the machine.

- "The internet": a namespace with a bridge, 203.0.113.1/24 (TEST-NET-3), holding the site's
  server (https), the tracker (wss, tests/e2e/relay.mjs) and coturn (Debian's ``turnserver``:
  STUN and TURN on 3478 with a static test user; a second, STUN-only, on 3479 for the NAT check).
  A dead-end default route (a veth whose peer stays down): without one coturn's sends toward a
  private address fail at once and a relayed connection drops after a few seconds.
- Per browser, a home: a router namespace (WAN 203.0.113.(10+n) on the bridge, LAN 10.n.0.1/24)
  doing NAT with iptables, and a client namespace (10.n.0.2, default route via the router) where
  the browser runs (``nsenter`` as its executable). Routers do not route between LANs, so a
  private host candidate is unreachable from any other home.
- Like a home router, a router drops what arrives unasked (``INPUT -i wan --ctstate NEW``): a
  packet that reached it before its own client's first packet to that peer would otherwise
  hold the conntrack tuple, and the client's packet would leave from another port (measured:
  both sides' first checks cross, and a "cone" then maps like a symmetric NAT).
- NAT kinds (:meth:`Home.nat`, changeable between tests): ``cone`` (MASQUERADE: one public port
  per socket, whoever it talks to), ``symmetric`` (``--random-fully``: a new public port per
  destination, as carrier-grade NAT on mobile data does), ``udp-blocked`` (a cone whose router
  drops every forwarded UDP packet, as many office networks do: only TURN over TCP gets out).
- :meth:`Home.mapped_ports` asks one UDP socket's public port of the two STUN servers: a cone
  maps both to one port, a symmetric NAT to two.

IPv6 is off everywhere, so every candidate is one the test planned. ../shared/notes/nat.md has
the measurements behind these choices.
"""

from __future__ import annotations

import os
import shutil
import ssl
import stat
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
INTERNET = "203.0.113.1"
TURN_USER, TURN_PASSWORD = "table", "simulated-secret"
NAT_KINDS = ("cone", "symmetric", "udp-blocked")


class Unavailable(Exception):
    """No namespaces, iptables or coturn here (not root, or not installed): the caller skips."""


def _run(*command: str) -> str:
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(f"{' '.join(command)}: {done.stderr.strip() or done.stdout.strip()}")
    return done.stdout


class Namespace:
    """A network namespace held open by a sleeping process (it goes when that process dies)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.holder = subprocess.Popen(["unshare", "-n", "sh", "-c", "echo ready; exec sleep 100000"],
                                       stdout=subprocess.PIPE, text=True)
        assert self.holder.stdout and self.holder.stdout.readline().strip() == "ready"
        self.pid = self.holder.pid
        self.path = f"/proc/{self.pid}/ns/net"
        self.run("ip link set lo up")
        self.run("sysctl -qw net.ipv6.conf.all.disable_ipv6=1 net.ipv6.conf.default.disable_ipv6=1")

    def command(self, *command: str) -> list[str]:
        return ["nsenter", f"--net={self.path}", *command]

    def run(self, script: str) -> str:
        """Shell lines run inside, each checked."""
        out = []
        for line in script.strip().splitlines():
            if line.strip():
                out.append(_run(*self.command("sh", "-c", line.strip())))
        return "".join(out)

    def close(self) -> None:
        self.holder.kill()
        self.holder.wait()


class Home:
    """A browser's home network: its router (NAT of a kind) and the client behind it."""

    def __init__(self, internet: SimulatedInternet, n: int, kind: str) -> None:
        self.n = n
        self.wan = f"203.0.113.{10 + n}"
        self.address = f"10.{n}.0.2"
        self.router = Namespace(f"router{n}")
        self.client = Namespace(f"client{n}")
        internet.ns.run(f"""
            ip link add i{n} type veth peer name wan netns {self.router.pid}
            ip link set i{n} master br0
            ip link set i{n} up""")
        self.router.run(f"""
            ip addr add {self.wan}/24 dev wan
            ip link set wan up
            ip link add lan type veth peer name eth0 netns {self.client.pid}
            ip addr add 10.{n}.0.1/24 dev lan
            ip link set lan up
            sysctl -qw net.ipv4.ip_forward=1""")
        self.client.run(f"""
            ip addr add {self.address}/24 dev eth0
            ip link set eth0 up
            ip route add default via 10.{n}.0.1""")
        self.kind = ""
        self.nat(kind)

    def nat(self, kind: str) -> None:
        """Make the router a NAT of ``kind`` (its earlier mappings forgotten)."""
        assert kind in NAT_KINDS, kind
        masquerade = "MASQUERADE --random-fully" if kind == "symmetric" else "MASQUERADE"
        self.router.run(f"""
            iptables -t nat -F
            iptables -F FORWARD
            iptables -F INPUT
            iptables -t nat -A POSTROUTING -o wan -j {masquerade}
            iptables -A FORWARD -m conntrack --ctstate INVALID -j DROP
            iptables -A INPUT -i wan -m conntrack --ctstate NEW,INVALID -j DROP""")
        if kind == "udp-blocked":
            self.router.run("iptables -A FORWARD -p udp -j DROP")
        if shutil.which("conntrack"):
            subprocess.run(self.router.command("conntrack", "-F"), capture_output=True)
        self.kind = kind

    def move(self, kind: str) -> None:
        """The client moves to another network (a phone from Wi-Fi to mobile data): its router
        gets a new public address (the kernel forgets the NAT's mappings of the old one) and
        becomes a NAT of ``kind``."""
        self.moves = getattr(self, "moves", 0) + 1
        self.wan = f"203.0.113.{100 + 20 * self.moves + self.n}"
        self.router.run(f"""
            ip addr flush dev wan
            ip addr add {self.wan}/24 dev wan""")
        self.nat(kind)

    def link(self, up: bool) -> None:
        """Take the client's link down (the Wi-Fi gone, the phone asleep) or bring it back."""
        self.router.run(f"ip link set lan {'up' if up else 'down'}")

    def mapped_ports(self) -> list[int]:
        """The public port one UDP socket of the client is seen from by the two STUN servers
        (coturn on 3478, the STUN-only one on 3479)."""
        probe = ("import socket, struct, os, sys\n"
                 "s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.settimeout(3); s.bind(('0.0.0.0', 0))\n"
                 "for port in (3478, 3479):\n"
                 "    tid = os.urandom(12)\n"
                 "    s.sendto(struct.pack('!HHI', 1, 0, 0x2112A442) + tid, (sys.argv[1], port))\n"
                 "    data = s.recv(2048)\n"
                 "    i = 20\n"
                 "    while i < len(data):\n"
                 "        kind, size = struct.unpack('!HH', data[i:i + 4])\n"
                 "        if kind == 0x0020:\n"
                 "            print(struct.unpack('!H', data[i + 6:i + 8])[0] ^ 0x2112)\n"
                 "        i += 4 + size + (-size % 4)\n")
        out = _run(*self.client.command("python3", "-c", probe, INTERNET))
        return [int(line) for line in out.split()]

    def executable(self, folder: Path, program: str) -> str:
        """An executable that starts ``program`` in the client namespace (a browser's path)."""
        wrapper = folder / f"{Path(program).name}-in-home-{self.n}"
        wrapper.write_text(f'#!/bin/sh\nexec nsenter --net={self.client.path} {program} "$@"\n')
        wrapper.chmod(wrapper.stat().st_mode | stat.S_IXUSR)
        return str(wrapper)

    def close(self) -> None:
        self.client.close()
        self.router.close()


class SimulatedInternet:
    """The internet namespace with its servers; homes added with :meth:`home`."""

    def __init__(self, folder: Path) -> None:
        if os.geteuid() != 0:
            raise Unavailable("the friends' network tests need root (network namespaces)")
        for tool, package in (("unshare", "util-linux"), ("nsenter", "util-linux"), ("iptables", "iptables"),
                              ("turnserver", "coturn"), ("openssl", "openssl")):
            if not shutil.which(tool):
                raise Unavailable(f"{tool} is missing: `make test` installs {package} as root")
        self.folder = folder
        self.homes: list[Home] = []
        self.children: list[subprocess.Popen] = []
        self.ns = Namespace("internet")
        self.ns.run(f"""
            ip link add br0 type bridge
            ip addr add {INTERNET}/24 dev br0
            ip link set br0 up
            ip link add dead0 type veth peer name dead1
            ip link set dead0 up
            ip route add default dev dead0""")
        self.cert, self.key = folder / "cert.pem", folder / "key.pem"
        _run("openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
             "-days", "2", "-subj", f"/CN={INTERNET}", "-addext", f"subjectAltName=IP:{INTERNET}",
             "-keyout", str(self.key), "-out", str(self.cert))
        self._coturn(3478, stun_only=False)
        self._coturn(3479, stun_only=True)
        self.tracker = self._tracker()

    # ---- the servers ------------------------------------------------------------------------------

    def _coturn(self, port: int, stun_only: bool) -> None:
        args = ["turnserver", "-n", "--listening-ip", INTERNET, "--relay-ip", INTERNET,
                "--listening-port", str(port), "--no-tls", "--no-dtls", "--no-cli", "--fingerprint",
                "--log-file", "stdout", "--simple-log", "--pidfile", str(self.folder / f"turn{port}.pid"),
                "--db", str(self.folder / f"turn{port}.db")]
        if stun_only:
            args += ["--stun-only"]
        else:
            args += ["--lt-cred-mech", "--user", f"{TURN_USER}:{TURN_PASSWORD}", "--realm", "simulated",
                     "--min-port", "49152", "--max-port", "49407"]
        log = (self.folder / f"turn{port}.log").open("w")
        process = subprocess.Popen(self.ns.command(*args), stdout=log, stderr=subprocess.STDOUT)
        self.children.append(process)
        end = time.monotonic() + 15
        while "Total General servers" not in (self.folder / f"turn{port}.log").read_text(errors="replace"):
            if process.poll() is not None or time.monotonic() > end:
                raise RuntimeError(f"coturn did not start: {(self.folder / f'turn{port}.log').read_text()[-2000:]}")
            time.sleep(0.05)

    def _tracker(self) -> str:
        env = {**os.environ, "RELAY_HOST": INTERNET, "RELAY_PORT": "8443",
               "RELAY_CERT": str(self.cert), "RELAY_KEY": str(self.key)}
        process = subprocess.Popen(self.ns.command("node", str(ROOT / "tests" / "e2e" / "relay.mjs")),
                                   stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT, env=env)
        self.children.append(process)
        assert process.stdout
        line = process.stdout.readline().strip()
        if not line.startswith("relay wss://"):
            raise RuntimeError(f"the tracker did not start: {line!r}")
        return line.split()[1]

    def serve(self, make_server, port: int):
        """``make_server((INTERNET, port))`` made inside the internet namespace, its socket
        wrapped in TLS with the run's certificate, serving on a thread."""
        import private_network  # the same setns helper as the private network's

        def made():
            server = make_server((INTERNET, port))
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.load_cert_chain(self.cert, self.key)
            # The handshake on the request's own thread, not in accept(): a client that goes
            # away mid-handshake (a link taken down) would hold the serving loop, and shutdown.
            server.socket = context.wrap_socket(server.socket, server_side=True, do_handshake_on_connect=False)
            return server

        return private_network.listen_in(self.ns.path, made)

    def turn(self, transport: str | None = None) -> dict:
        """The ``[[friends.turn]]`` entry for the simulated coturn."""
        urls = [f"turn:{INTERNET}:3478?transport={t}" for t in ((transport,) if transport else ("udp", "tcp"))]
        return {"urls": urls, "username": TURN_USER, "credential": TURN_PASSWORD}

    # ---- homes ------------------------------------------------------------------------------------

    def home(self, kind: str = "cone") -> Home:
        home = Home(self, len(self.homes) + 2, kind)
        self.homes.append(home)
        return home

    def close(self) -> None:
        for process in self.children:
            if process.stdin:
                process.stdin.close()
            process.terminate()
        for process in self.children:
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                process.kill()
        for home in self.homes:
            home.close()
        self.ns.close()


def build_site(folder: Path, relay: str, stun: list[str], turn: list[dict]) -> Path:
    """The site built as site.toml says, but with the simulated internet's tracker, STUN server
    and TURN relays; its folder."""
    import build  # the project's build (ROOT on sys.path)

    text = (ROOT / "site.toml").read_text(encoding="utf-8")
    lines = [f'[friends]\nrelays = ["{relay}"]\nstun = [{", ".join(f"{s!r}" for s in stun)}]\n'.replace("'", '"')]
    for entry in turn:
        urls = ", ".join(f'"{u}"' for u in entry["urls"])
        lines.append(f'[[friends.turn]]\nurls = [{urls}]\nusername = "{entry["username"]}"\n'
                     f'credential = "{entry["credential"]}"\n')
    folder.mkdir(parents=True, exist_ok=True)
    config = folder / "site.toml"
    config.write_text(text[:text.index("[friends]")] + "\n".join(lines), encoding="utf-8")
    result = build.build(build.Paths(config=config, out=folder / "site"), strict=True)
    assert result.ok, "\n".join(map(str, result.diagnostics.sorted()))
    return folder / "site"

