"""bench/soak.py in its quick mode: whole matches of every game with every level in every seat,
through the bridge, and nothing goes wrong (no exception, no error answer, every match ends).
The full soak (200 matches a table) is a bench run; its figure is in bench/README.md."""

from __future__ import annotations

import importlib.util
import io
import sys
from pathlib import Path

SOAK = Path(__file__).resolve().parents[2] / "bench" / "soak.py"


def test_the_quick_soak_counts_no_exception_and_no_error():
    spec = importlib.util.spec_from_file_location("soak", SOAK)
    soak = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(soak)
    matches = 1 if sys.platform == "emscripten" else 3
    out = io.StringIO()
    report = soak.run(matches, list(soak.TABLES), samples=4, out=out)
    assert set(report) == {"madrasso", "briscola", "scopa2", "scopa3", "scopa4"}
    for table, row in report.items():
        counts = row["counts"]
        assert row["matches"] == matches, table
        assert not (counts["exceptions"] or counts["internal"] or counts["errors"]
                    or counts["unfinished"]), (table, row["problems"][:3])
        assert row["moves"] >= matches * 36, table  # whole matches, not one deal
    assert out.getvalue().rstrip().endswith("exceptions and errors in all: 0")
