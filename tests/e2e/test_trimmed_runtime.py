"""The trimmed, precompiled runtime (sitegen/fast_runtime.py) runs the engine in real Chromium.

The site ships a standard library cut down to what the engine imports, as .pyc compiled by
Pyodide's own Python, and the engine as a compiled wheel the worker imports from its zip. These tests
prove a browser boots that runtime, plays the demo and every game through the engine worker,
and fetches nothing it should not (no source wheel, no full standard library)."""

from __future__ import annotations

import json
import zipfile

from playwright.sync_api import Page, expect

READY = 90_000  # ms: a first start on a busy machine


def test_the_demo_plays_on_the_trimmed_runtime(site_page: Page, site_url: str, built_site):
    runtime = json.loads((built_site / "runtime.json").read_text())
    assert runtime["engine"]["compiled"].endswith("-cp314-none-any.whl")
    with zipfile.ZipFile(built_site / "pyodide" / "python_stdlib.zip") as zf:
        names = zf.namelist()
    assert "json/__init__.pyc" in names and not any(n.endswith(".py") for n in names)
    assert "unittest/__init__.pyc" not in names  # trimmed: the engine never imports unittest

    fetched: list[str] = []
    site_page.on("request", lambda request: fetched.append(request.url))
    site_page.goto(site_url + "madrasso.html")
    site_page.locator(".demo").scroll_into_view_if_needed()
    site_page.locator('.demo [data-action="forward"]').click()
    expect(site_page.locator(".demo [data-position]")).to_have_text("Move 1 of 41", timeout=READY)
    expect(site_page.locator(".demo [data-text]")).to_contain_text("West dealt")
    wheel = runtime["pyodide"]["files"][-1]
    assert wheel.endswith("-cp314-none-any.whl")
    assert any(url.endswith("pyodide/" + wheel) for url in fetched), fetched
    assert not any(url.endswith("-py3-none-any.whl") for url in fetched)  # the source wheel stays home


SELF_CHECK = """
async (clientURL) => {
  const { getEngine } = await import(clientURL);
  const engine = getEngine(document.querySelector(".demo"));
  const hello = await engine.start();
  const games = {};
  for (const name of hello.games) {
    // South's game (protocol 2): South's own moves may be explained and given reasons.
    let { handle, state } = await engine.request("new", { game: name, seat: 0, seed: 3 });
    let explain = null, first = null;
    let moves = 0;
    while (!state.over && moves < 500) {
      const mine = state.to_play === 0;
      if (mine && !explain) {
        first = { action: state.legal[0], seat: state.to_play };
        explain = await engine.request("explain", { handle, action: state.legal[0] });
      }
      const move = await engine.request("bot", { handle, level: "greedy", reasons: mine, play: true });
      state = move.state;
      moves += 1;
    }
    let illegal = null;
    try { await engine.request("apply", { handle, action: "nonsense" }); } catch (err) { illegal = err.kind; }
    games[name] = { over: state.over, moves, illegal, first, explain, summary: await engine.request("summary", { handle }) };
  }
  return { hello, games };
}
"""


def test_every_game_plays_to_the_end_on_the_trimmed_runtime(site_page: Page, site_url: str, built_site):
    assets = json.loads((built_site / "assets.json").read_text())
    site_page.goto(site_url + "madrasso.html")
    client = site_url + assets["js/engine-client.mjs"]
    result = site_page.evaluate(SELF_CHECK, client)
    assert result["hello"]["python"].startswith("3.14")
    assert sorted(result["games"]) == ["briscola", "madrasso", "scopa"]
    for name, game in result["games"].items():
        assert game["over"], (name, game)
        assert game["moves"] > 10, (name, game)
        # The engine explained the first legal move for the seat to play, by the rule (its
        # rules-page anchor: an explanation names the rule by anchor, a refusal in words).
        explain, first = game["explain"], game["first"]
        assert explain["legal"] is True and explain["action"] == first["action"], (name, explain)
        assert explain["seat"] == first["seat"] and explain["anchor"], (name, explain)
        assert game["illegal"] in ("syntax", "illegal", "request"), (name, game)
