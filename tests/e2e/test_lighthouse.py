"""Lighthouse on the Madrasso page (bench/lighthouse.py): performance, accessibility, best
practices and SEO each at least 95. One run (performance: the median of three when the first
misses), served with gzip under a sub-path like a static
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
    url = f"http://127.0.0.1:{server.server_address[1]}/sub/madrasso.html"
    try:
        report = lh.lighthouse(url, timeout=300)
        scores = lh.scores(report)
        if scores["performance"] < MINIMUM:
            # The performance score is timing and varies by a few points from run to run on a
            # shared 2-core machine (Lighthouse's own advice: the median of several runs). Only
            # then are two more runs taken, and the median of the three is the score.
            runs = [scores["performance"]] + [lh.scores(lh.lighthouse(url, timeout=300))["performance"]
                                              for _ in range(2)]
            scores["performance"] = sorted(runs)[1]
    finally:
        server.shutdown()
        server.server_close()
    low = {name: score for name, score in scores.items() if score < MINIMUM}
    assert not low, f"Lighthouse below {MINIMUM}: {low}; points lost: " + "; ".join(lh.lost_points(report)[:8])
