"""The end-to-end smoke in Firefox ESR too (tests/e2e/firefox_smoke.mjs, puppeteer-core over
WebDriver BiDi driving Debian's firefox-esr): the demo's first move, a Briscola game to its end
screen, and the demo again after the server is stopped (the service worker's offline copy)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path


FIREFOX = os.environ.get("FIREFOX_PATH", "/usr/bin/firefox-esr")
SMOKE = Path(__file__).with_name("firefox_smoke.mjs")
LIMIT = 600  # s: the whole smoke, Pyodide's first start included, on a busy machine


def test_firefox_plays_the_demo_a_briscola_game_and_offline(own_server):
    assert Path(FIREFOX).exists(), f"{FIREFOX} is missing: `make test` installs firefox-esr as root"
    url, stop_server = own_server()
    node = shutil.which("node")
    assert node, "node is needed to drive Firefox"
    smoke = subprocess.Popen([node, str(SMOKE), url], cwd=SMOKE.parents[2], text=True, stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             env={**os.environ, "FIREFOX_PATH": FIREFOX})
    steps: dict[str, dict] = {}
    try:
        assert smoke.stdout and smoke.stdin
        for line in smoke.stdout:
            record = json.loads(line)
            steps[record["step"]] = record
            if record["step"] == "stop the server":
                stop_server()                # no server at all: the true offline test
                smoke.stdin.write("stopped\n")
                smoke.stdin.flush()
        smoke.wait(timeout=LIMIT)
    finally:
        if smoke.poll() is None:
            smoke.kill()
    failure = next((r for r in steps.values() if "error" in r), None)
    assert smoke.returncode == 0 and failure is None, \
        f"{failure}\n{smoke.stderr.read() if smoke.stderr else ''}"

    assert steps["demo"]["position"].startswith("Move 1 of ") and steps["demo"]["words"] > 20
    briscola = steps["briscola"]
    assert sum(briscola["points"]) == 120, "the two players' card points share the pack's 120"
    assert any(w in briscola["end"] for w in ("You win", "North wins", "A draw"))
    assert steps["offline"]["position"].startswith("Move 1 of ")
    assert steps["offline"]["heading"] == "How to play Madrasso"
    assert "done" in steps
