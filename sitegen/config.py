"""The site configuration, ``site.toml`` at the project root.

::

    title = "Madrasso"                  # the site's name, in every page title and the header
    description = "..."                 # the home page's and the default meta description
    lang = "en"                         # <html lang>
    footer = "..."                      # optional, one line of plain text in the footer

    [nav]                               # short labels for the navigation (optional)
    index = "Home"                      # page name = label; a page not listed uses its title
    toscane = "Toscane deck"

Which pages appear in the navigation, and in which order, comes from the pages' own front
matter (``nav`` and ``order``), see :mod:`sitegen.content`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .diagnostics import Diagnostics
from .tomlfile import key_line, parse_toml

KEYS = {"title": str, "description": str, "lang": str, "footer": str, "nav": dict}
REQUIRED = ("title", "description")


@dataclass
class SiteConfig:
    path: Path
    title: str = "Untitled"
    description: str = ""
    lang: str = "en"
    footer: str = ""
    nav_labels: dict[str, str] = field(default_factory=dict)
    nav_lines: dict[str, int] = field(default_factory=dict)


def load_config(path: Path, diagnostics: Diagnostics) -> SiteConfig:
    config = SiteConfig(path=path)
    if not path.is_file():
        diagnostics.error(path, None, "the site configuration is missing")
        return config
    text = path.read_text(encoding="utf-8")
    data = parse_toml(text, path, 1, diagnostics, what="site.toml")
    if data is None:
        return config
    for key in REQUIRED:
        if key not in data:
            diagnostics.error(path, 1, f"'{key}' is required")
    for key, value in data.items():
        expected = KEYS.get(key)
        line = key_line(text, key, 1)
        if expected is None:
            diagnostics.warning(path, line, f"unknown key '{key}' (known: {', '.join(KEYS)})")
        elif not isinstance(value, expected):
            diagnostics.error(path, line, f"'{key}' must be {_type_word(expected)}")
        elif key == "nav":
            _read_nav(config, value, text, path, diagnostics)
        else:
            setattr(config, key, value)
    return config


def _read_nav(config: SiteConfig, nav: dict, text: str, path: Path, diagnostics: Diagnostics) -> None:
    lines = text.splitlines()
    start = next((i for i, l in enumerate(lines) if l.strip() == "[nav]"), 0)
    for name, label in nav.items():
        line = key_line("\n".join(lines[start + 1:]), name, start + 2)
        if not isinstance(label, str):
            diagnostics.error(path, line, f"the navigation label of '{name}' must be text")
            continue
        config.nav_labels[name] = label
        config.nav_lines[name] = line


def _type_word(kind: type) -> str:
    return {str: "text", dict: "a table", int: "a whole number", bool: "true or false",
            list: "a list"}[kind]
