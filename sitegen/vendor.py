"""npm modules the site ships, bundled at build time by the pinned esbuild (package.json).

The friends' table (docs/friends.md) talks peer to peer through trystero's BitTorrent-tracker
strategy: ``node_modules/trystero/src/torrent.js`` and the few modules it imports, bundled
into one ES module, ``js/vendor/trystero-torrent.mjs``, which the build then hashes and serves
like any file of templates/static/ (the site's own scripts import it as
``./vendor/trystero-torrent.mjs``). The invitation's QR code is drawn by npm ``qr`` (Paul Miller's
encoder, no dependencies): ``node_modules/qr/index.js`` becomes ``js/vendor/qr.mjs``, which the
friends' page loads when it shows the invitation. Nothing is fetched from a CDN; each bundle is
made in ``.cache/vendor/`` and its text depends only on the pinned versions.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from .assets import ESBUILD
from .diagnostics import Diagnostics

BUNDLES = {"js/vendor/trystero-torrent.mjs": ("trystero", "src/torrent.js"),
           "js/vendor/qr.mjs": ("qr", "index.js")}
"""Logical asset name -> (npm package, its module to bundle)."""


def bundle_vendor(root: Path, diagnostics: Diagnostics) -> dict[str, Path]:
    """Every bundle, made (when missing or older than its package) in .cache/vendor/; the
    logical name -> file map :func:`sitegen.assets.copy_assets` takes as ``extra``."""
    made: dict[str, Path] = {}
    for name, (package, module) in BUNDLES.items():
        source = root / "node_modules" / package / module
        manifest = root / "node_modules" / package / "package.json"
        if not source.is_file() or not ESBUILD.is_file():
            diagnostics.error(root / "package.json", None, f"{package} or esbuild is missing from "
                              "node_modules: run make setup")
            continue
        version = json.loads(manifest.read_text(encoding="utf-8")).get("version", "")
        target = root / ".cache" / "vendor" / version / name
        if not target.is_file() or target.stat().st_mtime < source.stat().st_mtime:
            target.parent.mkdir(parents=True, exist_ok=True)
            done = subprocess.run([str(ESBUILD), str(source), "--bundle", "--format=esm",
                                   "--platform=browser", "--target=es2022", "--minify",
                                   "--legal-comments=none", "--log-level=error",
                                   f"--outfile={target}"], capture_output=True, text=True)
            if done.returncode != 0:
                diagnostics.error(source, None, "esbuild could not bundle it: " + done.stderr.strip()[:500])
                continue
        made[name] = target
    return made
