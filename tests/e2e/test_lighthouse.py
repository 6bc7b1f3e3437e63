"""Lighthouse on the Madrasso page (bench/lighthouse.py): performance, accessibility, best
practices and SEO each at least 95. One run, served with gzip under a sub-path like a static
host; skipped when the pinned npm lighthouse is not installed."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))

import gzip_server  # noqa: E402
import lighthouse as lh  # noqa: E402

MINIMUM = 95
# Its performance score is timing: make test runs it on its own, after the parallel run.
pytestmark = pytest.mark.serial


@pytest.mark.skipif(not lh.CLI.is_file(), reason="npm lighthouse is not installed (npm ci)")
def test_lighthouse_scores_the_madrasso_page_at_least_95(built_site):
    server = gzip_server.start(built_site)
    try:
        report = lh.lighthouse(f"http://127.0.0.1:{server.server_address[1]}/sub/madrasso.html", timeout=300)
    finally:
        server.shutdown()
        server.server_close()
    scores = lh.scores(report)
    low = {name: score for name, score in scores.items() if score < MINIMUM}
    assert not low, f"Lighthouse below {MINIMUM}: {low}; points lost: " + "; ".join(lh.lost_points(report)[:8])
