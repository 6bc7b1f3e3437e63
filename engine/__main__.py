"""Command line: ``python -m engine replay FILE`` prints the replayed game as JSON.

Exit status 0 when the record replays; 2 with a ``path:line: error: message`` on stderr when
it is malformed or an action is illegal.
"""

from __future__ import annotations

import argparse
import json
import sys

from .record import RecordError, load_record, replay


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    replay_cmd = commands.add_parser("replay", help="replay a TOML or JSON record, print JSON")
    replay_cmd.add_argument("file")
    args = parser.parse_args(argv)
    if args.command == "replay":
        try:
            game = replay(load_record(args.file))
        except RecordError as err:
            print(err.diagnostic(), file=sys.stderr)
            return 2
        json.dump(game.summary(), sys.stdout, indent=2)
        sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
