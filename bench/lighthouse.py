"""Lighthouse on the Madrasso page: performance, accessibility, best practices, SEO.

    python bench/lighthouse.py [--site DIR] [--page madrasso.html] [--json FILE]

Builds the site (unless --site), serves it with gzip under a sub-path (bench/gzip_server.py),
runs the pinned npm lighthouse (12.2.3, the version that works with Node 20 here) with
Debian's chromium (CHROME_PATH), once, with its default mobile settings, and prints the four
category scores (0-100) and the audits that cost points. tests/e2e/test_lighthouse.py uses
:func:`lighthouse` and fails below 95.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import gzip_server  # noqa: E402

CLI = ROOT / "node_modules" / "lighthouse" / "cli" / "index.js"
CHROMIUM = gzip_server.CHROMIUM
FLAGS = ["--headless=new", *gzip_server.CHROMIUM_ARGS]
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")


def lighthouse(url: str, timeout: float = 300) -> dict:
    """Run Lighthouse once on ``url``; its JSON report (raises on failure)."""
    if not CLI.is_file():
        raise FileNotFoundError(f"{CLI} is missing: run npm ci")
    with tempfile.TemporaryDirectory(prefix="lighthouse-") as tmp:
        out = Path(tmp) / "report.json"
        env = {**os.environ, "CHROME_PATH": CHROMIUM}
        flags = " ".join(f'"{f}"' if " " in f else f for f in FLAGS)
        done = subprocess.run(
            ["node", str(CLI), url, f"--chrome-flags={flags}", "--output=json", f"--output-path={out}",
             "--quiet", "--only-categories=" + ",".join(CATEGORIES), "--max-wait-for-load=60000"],
            env=env, capture_output=True, text=True, timeout=timeout, cwd=tmp)
        if done.returncode != 0 or not out.is_file():
            raise RuntimeError(f"lighthouse failed ({done.returncode}):\n{done.stderr[-2000:]}")
        return json.loads(out.read_text())


def scores(report: dict) -> dict[str, int]:
    return {name: round(100 * (report["categories"][name]["score"] or 0)) for name in CATEGORIES}


def lost_points(report: dict) -> list[str]:
    """The audits below full marks that count towards a category, worst first."""
    weights = {}
    for name in CATEGORIES:
        for ref in report["categories"][name]["auditRefs"]:
            if ref.get("weight"):
                weights[ref["id"]] = (name, ref["weight"])
    lost = []
    for audit_id, (category, weight) in weights.items():
        audit = report["audits"].get(audit_id, {})
        score = audit.get("score")
        if score is not None and score < 1:
            lost.append((weight * (1 - score), f"{category}: {audit_id} ({audit.get('displayValue') or score})"))
    return [text for _, text in sorted(lost, reverse=True)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path)
    parser.add_argument("--page", default="madrasso.html")
    parser.add_argument("--json", type=Path, help="also write the whole report here")
    args = parser.parse_args(argv)
    if (served := gzip_server.serve(args.site, "lighthouse-site-")) is None:
        return 1
    server, base = served
    url = f"{base}/sub/{args.page}"
    try:
        report = lighthouse(url)
    finally:
        server.shutdown()
    if args.json:
        args.json.write_text(json.dumps(report))
    print(f"Lighthouse {report.get('lighthouseVersion')} on {args.page} (mobile, simulated throttling):")
    for name, score in scores(report).items():
        print(f"  {name:<15} {score:>3}")
    lost = lost_points(report)
    if lost:
        print("  points lost: " + "; ".join(lost[:8]))
    metrics = report["audits"]
    for metric in ("first-contentful-paint", "largest-contentful-paint", "total-blocking-time",
                   "cumulative-layout-shift", "speed-index"):
        if metric in metrics:
            print(f"  {metric}: {metrics[metric].get('displayValue')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
