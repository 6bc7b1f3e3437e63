"""Command line: ``python -m engine replay FILE`` prints the replayed game as JSON.

    python -m engine replay FILE                 # the summary: tricks, points, the match
    python -m engine replay FILE --stop 5        # after the first five actions only
    python -m engine replay FILE --seat 2        # seat 2's observation instead of the summary
    python -m engine replay FILE --seat all      # the open-hands observation (every hand)
    python -m engine replay FILE --explain       # the engine's explanation of every action

Exit status 0 when the record replays; 2 with a ``path:line: error: message`` on stderr when
the file cannot be read (not UTF-8, not TOML or JSON, nested too deep, a number too long: see
:mod:`engine.source`), a field is wrong or an action is illegal (``action N ('5H', seat 2):
<the rule broken>``); 2 with argparse's usage message for a bad option (``--stop -3``).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from typing import Any

from .record import RecordError, load_record, replay, start_game


def _whole(text: str) -> int | None:
    """``"12"`` -> 12; None for anything else (a sign, "1e3", "٣", a thousand digits)."""
    return int(text) if re.fullmatch(r"[0-9]{1,9}", text) else None


def _count(text: str) -> int:
    if (count := _whole(text)) is None:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of actions (0 or more)")
    return count


def _seat(text: str) -> int | None:
    if text == "all":
        return None
    if (seat := _whole(text)) is None:
        raise argparse.ArgumentTypeError(f"{text!r} is not a seat number or 'all'")
    return seat


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    replay_cmd = commands.add_parser("replay", help="replay a TOML or JSON record, print JSON")
    replay_cmd.add_argument("file")
    replay_cmd.add_argument("--stop", type=_count, metavar="N", help="apply only the first N actions")
    replay_cmd.add_argument("--seat", type=_seat, default=False, metavar="SEAT",
                            help="print this seat's observation ('all' for every hand)")
    replay_cmd.add_argument("--explain", action="store_true",
                            help="print the engine's explanation of every action applied")
    args = parser.parse_args(argv)
    if args.command == "replay":
        try:
            record = load_record(args.file)
            game = replay(record, stop=args.stop)
            if args.explain:
                explained: list[Any] = []
                step = start_game(record)
                for action in game.history():
                    explained.append(step.explain(action))
                    step.apply(action)
                output: Any = explained
            elif args.seat is not False:
                if args.seat is not None and not 0 <= args.seat < game.num_players:
                    print(f"{args.file}: error: --seat must be 0 to {game.num_players - 1} or all",
                          file=sys.stderr)
                    return 2
                output = game.observation(args.seat)
            else:
                output = game.summary()
        except RecordError as err:
            print(err.diagnostic(), file=sys.stderr)
            return 2
        json.dump(output, sys.stdout, indent=2)
        sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
