"""The soak: whole matches of every game, every computer level in every seat, through the
engine's boundary, counting what went wrong (it must be nothing).

    .venv/bin/python bench/soak.py                      # 200 matches per table (about 10 min)
    .venv/bin/python bench/soak.py --quick              # 3 matches per table, in seconds
    .venv/bin/python bench/soak.py --matches 50 --tables madrasso scopa3 --jobs 2

Tables: Madrasso (four seats, a whole match to 777), Briscola, Scopa at two, three and four
players (matches to 11). Match ``m`` seats level ``LEVELS[(m + seat) % 3]`` at each seat, so
every level plays every seat, and it is one seat's session (seat ``m % players``, as the play
table makes it) in the bridge (engine/bridge.py): every move is the computer's (``bot`` with
``play``), the seat's own included; on the way the seat's ``record`` (the redealt game) is
asked every ten moves, ``deal_record`` and ``summary`` at every deal's end, and now and then
the seat takes a move back (``undo``; refused, rightly, when the seat has not moved in the
deal since an earlier take-back: counted apart). Counted: Python exceptions out of the bridge (there
should be none: errors are answers), ``internal`` answers (a traceback), any other error
answer, and matches that do not end within 5,000 moves. The expert searches ``--samples``
sampled deals a move with no clock (6 by default: the soak looks for crashes, not strength).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.bots import LEVELS  # noqa: E402
from engine.bridge import Bridge  # noqa: E402

TABLES = {
    "madrasso": ("madrasso", {}, 4),
    "briscola": ("briscola", {}, 2),
    "scopa2": ("scopa", {"players": 2}, 2),
    "scopa3": ("scopa", {"players": 3}, 3),
    "scopa4": ("scopa", {"players": 4}, 4),
}
MAX_MOVES = 5_000


def play_match(table: str, match: int, samples: int) -> dict:
    """One whole match through the bridge; what happened, counted."""
    game, options, players = TABLES[table]
    bridge = Bridge(bot_options={"samples": samples, "time_budget": None})
    rng = random.Random(f"soak/{table}/{match}")
    seat = match % players
    levels = [LEVELS[(match + s) % len(LEVELS)] for s in range(players)]
    counts: Counter = Counter()
    problems: list[str] = []

    def ask(op: str, refusable: str = "", **args) -> dict | None:
        """The answer's result, or None; an error answer is counted, unless it is the
        refusal ``refusable`` names (a part of its message), which is a right answer."""
        request = {"id": counts["requests"], "op": op, **args}
        counts["requests"] += 1
        try:
            answer = json.loads(bridge.handle(json.dumps(request)))
        except Exception as err:  # the bridge must never raise
            counts["exceptions"] += 1
            problems.append(f"{op}: {type(err).__name__}: {err}")
            return None
        if answer["ok"]:
            return answer["result"]
        kind = answer["error"]["kind"]
        if refusable and kind == "request" and refusable in answer["error"]["message"]:
            counts["refused"] += 1
            return None
        counts["internal" if kind == "internal" else "errors"] += 1
        problems.append(f"{op} {args.get('action', '')}: {kind}: {answer['error']['message']}")
        return None

    started = ask("new", game=game, seat=seat, seed=match, options=options)
    if started is None:
        return {"counts": counts, "problems": problems, "moves": 0, "deals": 0}
    handle, state = started["handle"], started["state"]
    moves = 0
    deal = state["observation"].get("deal", 1)
    while not state["over"] and moves < MAX_MOVES:
        mover = state["to_play"]
        if mover == seat and state["index"] and rng.random() < 0.02:
            # Refused when the seat has not moved yet in this deal (after an earlier undo, the
            # game starts at this deal): a right answer, not a fault.
            state = ask("undo", refusable="no move to take back", handle=handle) or state
        answer = ask("bot", handle=handle, level=levels[mover], play=True)
        if answer is None:
            break
        state = answer["state"]
        moves += 1
        if moves % 10 == 0 and not state["over"]:
            ask("record", handle=handle)
        number = state["observation"].get("deal", 1)
        if number > deal:
            ask("deal_record", handle=handle)
            ask("summary", handle=handle)
        deal = number
    if state["over"]:
        ask("deal_record", handle=handle)
        ask("record", handle=handle)
    else:
        counts["unfinished"] += 1
        problems.append(f"no end after {moves} moves")
    ask("drop", handle=handle)
    return {"counts": counts, "problems": problems, "moves": moves, "deals": deal}


def _job(args: tuple[str, int, int]) -> tuple[str, dict, float]:
    table, match, samples = args
    start = time.perf_counter()
    result = play_match(table, match, samples)
    return table, result, time.perf_counter() - start


def run(matches: int, tables: list[str], samples: int, jobs: int = 1,
        out=sys.stdout) -> dict[str, dict]:
    """Play ``matches`` matches of each table; a report per table (and print it)."""
    work = [(table, m, samples) for table in tables for m in range(matches)]
    report = {t: {"matches": 0, "moves": 0, "deals": 0, "seconds": 0.0, "counts": Counter(),
                  "problems": []} for t in tables}
    if jobs > 1:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            results = pool.imap_unordered(_job, work)
            for table, result, seconds in results:
                _add(report[table], result, seconds)
    else:
        for item in work:
            table, result, seconds = _job(item)
            _add(report[table], result, seconds)
    print(f"{'table':<10} {'matches':>7} {'moves':>8} {'deals':>6} {'requests':>9} "
          f"{'exceptions':>10} {'internal':>8} {'errors':>6} {'unfinished':>10} {'refused':>7} "
          f"{'seconds':>8}", file=out)
    for table, row in report.items():
        c = row["counts"]
        print(f"{table:<10} {row['matches']:>7} {row['moves']:>8,} {row['deals']:>6,} "
              f"{c['requests']:>9,} {c['exceptions']:>10} {c['internal']:>8} {c['errors']:>6} "
              f"{c['unfinished']:>10} {c['refused']:>7} {row['seconds']:>8.1f}", file=out)
        for problem in row["problems"][:5]:
            print(f"    {problem}", file=out)
    total = sum(row["counts"][k] for row in report.values()
                for k in ("exceptions", "internal", "errors", "unfinished"))
    print(f"exceptions and errors in all: {total}", file=out)
    return report


def _add(row: dict, result: dict, seconds: float) -> None:
    row["matches"] += 1
    row["moves"] += result["moves"]
    row["deals"] += result["deals"]
    row["seconds"] += seconds
    row["counts"].update(result["counts"])
    row["problems"].extend(result["problems"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=200, help="matches per table (200)")
    parser.add_argument("--quick", action="store_true", help="3 matches per table")
    parser.add_argument("--tables", nargs="+", choices=list(TABLES), default=list(TABLES))
    parser.add_argument("--samples", type=int, default=6, help="the expert's sampled deals a move")
    parser.add_argument("--jobs", type=int, default=1, help="processes (the machine is shared)")
    args = parser.parse_args(argv)
    matches = 3 if args.quick else args.matches
    report = run(matches, args.tables, args.samples, args.jobs)
    bad = sum(row["counts"][k] for row in report.values()
              for k in ("exceptions", "internal", "errors", "unfinished"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
