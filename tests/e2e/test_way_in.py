"""The way in: from the home page, one click on a game's Play lands on its table with New game
on screen, on a wide screen and on a phone, although the components above it change height as
they start (templates/static/js/anchor.mjs)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["wide", "phone"])
@pytest.mark.parametrize("game", ["madrasso", "scopa"])
def test_play_on_the_home_page_lands_on_the_table(browser, site_url, watch, size, game):
    width, height = size
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    watch(page)
    page.goto(site_url + "index.html")
    page.locator(f'a.start-way[href="{game}.html#play"]').click()
    new_game = page.locator('.play [data-action="new"]')
    expect(new_game).to_be_visible()
    expect(new_game).to_be_in_viewport()
    # Still there once every component above has started (the practice list folds, the demo's
    # table appears): nothing pushed it away.
    page.wait_for_timeout(1500)
    expect(new_game).to_be_in_viewport()
    context.close()
