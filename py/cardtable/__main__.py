"""Command line: ``python -m cardtable --help``.

``replay FILE``  replays a game record (``-`` reads standard input) and prints one JSON object.
``deal SEED``    prints a shuffled deck for a seed (a quick check of the seeded shuffle).
"""

from __future__ import annotations

import argparse
import json
import sys

from . import __version__
from .cards import format_cards, shuffled_deck
from .game import RecordError
from .record import ReplayError, replay


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8") as f:
        return f.read()


def cmd_replay(args: argparse.Namespace) -> int:
    try:
        text = _read(args.file)
    except OSError as err:
        print(f"cannot read {args.file}: {err.strerror or err}", file=sys.stderr)
        return 2
    try:
        game = replay(text)
    except ReplayError as err:
        print(str(err), file=sys.stderr)
        return 2
    except RecordError as err:
        print(f"record: {err}", file=sys.stderr)
        return 2
    json.dump(game.summary(), sys.stdout, ensure_ascii=False, indent=args.indent)
    sys.stdout.write("\n")
    return 0


def cmd_deal(args: argparse.Namespace) -> int:
    seed: int | str = int(args.seed) if args.seed.lstrip("-").isdigit() else args.seed
    print(" ".join(format_cards(shuffled_deck(seed))))
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m cardtable",
        description="Card Table: Dummy Spades and Seep, rules engines and tools.",
    )
    p.add_argument("--version", action="version", version=f"cardtable {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    r = sub.add_parser("replay", help="replay a game record and print its state as JSON",
                       description="Replay a game record (format cardtable/1) and print one JSON "
                       "object: hands, totals, whether it is over, the winner, who acts and the "
                       "legal actions. An illegal action or a malformed record exits with status 2 "
                       "and one line on standard error.")
    r.add_argument("file", help="the record file, or - for standard input")
    r.add_argument("--indent", type=int, default=None, help="pretty-print with this indent")
    r.set_defaults(func=cmd_replay)

    d = sub.add_parser("deal", help="print the deck shuffled by a seed")
    d.add_argument("seed", help="an integer or a string")
    d.set_defaults(func=cmd_deal)

    _add_optional_commands(sub)
    return p


def _add_optional_commands(sub) -> None:
    """Commands that live in their own modules (e.g. ``arena``) register here when present."""
    try:
        from .bots import arena  # noqa: F401  (added by the computer-player work)
    except ImportError:
        return
    arena.add_parser(sub)


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 0
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
