"""The site configuration, ``site.toml`` at the project root.

::

    title = "Madrasso"                  # the site's name, in every page title and the header
    description = "..."                 # the home page's and the default meta description
    lang = "en"                         # <html lang>
    footer = "..."                      # optional, one line of plain text in the footer
    url = "https://HOST/PATH/"          # optional, the site's public address: with it, each
                                        # page names its twins' absolute addresses in
                                        # <link rel="alternate" hreflang> (search engines need them
                                        # absolute); without it the language switch's links alone

    [nav]                               # short labels for the navigation (optional)
    index = "Home"                      # page name = label; a page not listed uses its title
    toscane = "Toscane deck"

    [friends]                           # the table with friends (docs/friends.md)
    relays = ["wss://..."]              # signalling relays (WebSocket BitTorrent trackers)
    stun = ["stun:HOST:PORT"]           # STUN servers the browsers ask for their address
    [[friends.turn]]                    # a TURN relay, for networks that block direct connections
    urls = ["turn:HOST:3478?transport=udp", "turns:HOST:5349?transport=tcp"]
    username = "..."                    # readable by anyone who opens the page (docs/friends.md)
    credential = "..."

The fields are declared in :data:`sitegen.schema.SITE` (``[friends]``: ``FRIENDS``). Which pages appear in the navigation, and in which order, comes from the pages' own front
matter (``nav`` and ``order``), see :mod:`sitegen.content`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.source import Source, SourceError, load

from .diagnostics import Diagnostics, FileReport
from .schema import FRIENDS, FRIENDS_TURN, SITE


@dataclass
class SiteConfig:
    path: Path
    title: str = "Untitled"
    description: str = ""
    lang: str = "en"
    languages: list[str] = field(default_factory=list)
    """The languages besides English, each a folder of twins (content/it/) and catalogs."""
    twins_complete: bool = False
    """Every English page has its twins: a missing one is then a warning (sitegen/languages.py)."""
    footer: str = ""
    url: str = ""
    """The site's public address (ends in /), or "": the pages' alternates are written only with it."""
    nav_labels: dict[str, str] = field(default_factory=dict)
    relays: list[str] = field(default_factory=list)
    """[friends] relays: contacted only when a visitor opens or joins a table."""
    stun: list[str] = field(default_factory=list)
    turn: list[dict[str, Any]] = field(default_factory=list)
    """[[friends.turn]] relays: {"urls": [...], "username": ..., "credential": ...} each."""
    source: Source | None = None

    def nav_line(self, name: str) -> int | None:
        """The line of a page's navigation label."""
        return self.source.line(("nav", name)) if self.source else None


def load_config(path: Path, diagnostics: Diagnostics) -> SiteConfig:
    config = SiteConfig(path=path)
    if not path.is_file():
        diagnostics.error(path, None, "the site configuration is missing")
        return config
    try:
        config.source = load(path)
    except SourceError as err:
        diagnostics.source_error(err)
        return config
    values = SITE.read(config.source.data, FileReport(diagnostics, path, config.source))
    config.title = values["title"] or config.title
    config.description = values["description"] or ""
    config.lang, config.footer, config.nav_labels = values["lang"], values["footer"], values["nav"]
    config.languages, config.twins_complete = values["languages"], values["twins_complete"]
    config.url = values["url"]
    if values["friends"]:
        friends = FRIENDS.read(values["friends"], FileReport(diagnostics, path, config.source),
                               at=("friends",))
        config.relays, config.stun = friends["relays"], friends["stun"]
        report = FileReport(diagnostics, path, config.source)
        for i, item in enumerate(friends["turn"]):
            before = report.count
            turn = FRIENDS_TURN.read(item, report, ("friends", "turn", i),
                                     FRIENDS_TURN.name.format(n=i + 1))
            if report.count == before:
                config.turn.append(turn)
    return config
