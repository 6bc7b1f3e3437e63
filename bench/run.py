"""Every benchmark in one go (`make bench`): each prints its figures beside its baseline.

The machine is noisy (2 cores), so each script measures ratios within one run; run this on
an otherwise idle machine. Each step is a separate process, so one failing does not hide the
others; the exit status is non-zero if any failed.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent

STEPS = [
    ("Site: build time, bytes per page, Pyodide payload", ["site.py"]),
    ("Engine: random deals per second, CPython and Pyodide", ["engine_speed.py", "--compare"]),
    ("Start-up and offline beside bare Pyodide (the fair bench)", ["fast_start.py", "--visits", "20"]),
    ("Lighthouse on the Madrasso page", ["lighthouse.py"]),
    ("Computer players: time per move, CPython and Pyodide", ["bot_speed.py", "--compare", "--capped"]),
    ("Computer players: Briscola expert vs greedy", ["strength.py", "briscola", "expert", "greedy"]),
    ("Computer players: Scopa expert vs greedy", ["strength.py", "scopa", "expert", "greedy"]),
    ("Computer players: Madrasso expert vs greedy", ["strength.py", "madrasso", "expert", "greedy"]),
    ("The tables' capped expert: Briscola", ["strength.py", "briscola", "expert", "greedy", "--as-played"]),
    ("The tables' capped expert: Scopa", ["strength.py", "scopa", "expert", "greedy", "--as-played"]),
    ("The tables' capped expert: Madrasso", ["strength.py", "madrasso", "expert", "greedy", "--as-played"]),
    ("A table with friends: a move host to guests, an invitation to a seat", ["friends.py", "--deals", "2"]),
]


def main() -> int:
    failed = []
    for title, args in STEPS:
        print(f"\n=== {title}: bench/{' '.join(args)}", flush=True)
        started = time.monotonic()
        code = subprocess.call([sys.executable, str(BENCH / args[0]), *args[1:]])
        print(f"=== ({time.monotonic() - started:.0f} s, exit {code})", flush=True)
        if code:
            failed.append(args[0])
    if failed:
        print("failed: " + ", ".join(failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
