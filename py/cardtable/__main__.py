"""Command line: ``python -m cardtable --help``.

``replay FILE``  replays a game record (``-`` reads standard input) and prints one JSON object.
``deal SEED``    prints a shuffled deck for a seed (a quick check of the seeded shuffle).
``analyse FILE`` values every decision of a person in a record (``cardtable.coach.analysis``):
                 the move played, the best move, the points lost and a label, per hand an accuracy.

Whatever the input, the command never prints a traceback: a bad record or file exits with status 2
and ONE line on standard error of at most ``MAX_ERROR_CHARS`` characters (long values are cut with
"…"); a closed output pipe (``replay game.json | head -c 10``) ends the command quietly.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys

from . import __version__
from .cards import format_cards, shuffled_deck
from .game import RecordError
from .record import MAX_RECORD_BYTES, UTF16_BOMS, ReplayError, replay

MAX_ERROR_CHARS = 200
"""The longest error line the commands print."""

_LONG_RUN = re.compile(r"\S{61,}")


def one_line(message: str, limit: int = MAX_ERROR_CHARS) -> str:
    """``message`` as one line of at most ``limit`` characters: line breaks become spaces, any run of
    over 60 non-space characters (an echoed value) is cut to 40 with "…", then the whole is cut."""
    text = " ".join(str(message).split())
    text = _LONG_RUN.sub(lambda m: m.group()[:40] + "…", text)
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _fail(message: str) -> int:
    print(one_line(message), file=sys.stderr)
    return 2


def _fail_record(err: Exception) -> int:
    """A record that cannot be replayed, in one line (``replay`` and ``analyse`` alike)."""
    if isinstance(err, ReplayError):
        return _fail(str(err))
    if isinstance(err, RecordError):
        return _fail(f"record: {err}")
    return _fail(f"record: too large or too deeply nested to replay ({type(err).__name__})")


BAD_RECORD = (ReplayError, RecordError, RecursionError, MemoryError)


def _read(path: str) -> bytes:
    """The file's bytes, at most one more than the record size limit (the parser says it is too
    big); twice that for UTF-16 (a byte-order mark first), two bytes a character."""
    f = sys.stdin.buffer if path == "-" else open(path, "rb")
    try:
        head = f.read(2)
        limit = 2 * MAX_RECORD_BYTES + 3 if head in UTF16_BOMS else MAX_RECORD_BYTES + 1
        return head + f.read(limit - len(head))
    finally:
        if f is not sys.stdin.buffer:
            f.close()


def cmd_replay(args: argparse.Namespace) -> int:
    try:
        data = _read(args.file)
    except OSError as err:
        return _fail(f"cannot read {args.file}: {err.strerror or err}")
    try:
        game = replay(data)
        text = json.dumps(game.summary(), ensure_ascii=False, indent=args.indent)
    except BAD_RECORD as err:
        return _fail_record(err)
    except Exception as err:  # a bug of ours: still one line, and named as ours
        return _fail(f"internal error while replaying ({type(err).__name__}: {err}); please report it")
    sys.stdout.write(text + "\n")
    sys.stdout.flush()
    return 0


def cmd_deal(args: argparse.Namespace) -> int:
    text = args.seed
    if len(text) > 1000:
        return _fail(f"deal: a seed is at most 1000 characters, not {len(text):,}")
    try:
        seed: int | str = int(text) if text.lstrip("-").isascii() and text.lstrip("-").isdigit() else text
        text.encode("utf-8")
    except (ValueError, UnicodeEncodeError):
        return _fail(f"deal: not a usable seed: {text!a}")
    print(" ".join(format_cards(shuffled_deck(seed))))
    return 0


def cmd_analyse(args: argparse.Namespace) -> int:
    from .coach.analysis import analyse

    try:
        data = _read(args.file)
    except OSError as err:
        return _fail(f"cannot read {args.file}: {err.strerror or err}")
    if args.samples is not None and not 1 <= args.samples <= 10_000:
        return _fail(f"analyse: --samples is 1 to 10000, not {args.samples}")
    try:
        game = replay(data)     # the record is checked whole before any search
        seats = args.seat or None
        for s in seats or ():
            if s not in game.seats:
                return _fail(f"analyse: no seat {s} in this game (seats: {', '.join(game.seats)})")
        result = analyse(data, seats=seats, samples=args.samples, seed=args.seed)
    except BAD_RECORD as err:
        return _fail_record(err)
    if args.json:
        text = json.dumps(result.to_json(), ensure_ascii=False, indent=args.indent)
    else:
        text = analysis_text(result)
    sys.stdout.write(text + "\n")
    sys.stdout.flush()
    return 0


def analysis_text(result) -> str:
    """The analysis as lines for a person: per hand and seat a heading with the accuracy, then one
    line per decision (action number, move played, label, points lost and the best move)."""
    lines = [f"{result.game}: {len(result.decisions)} decisions, {result.samples} samples, "
             f"seed {result.seed}"]
    by_hand = {(h["hand"], h["seat"]): h for h in result.hands()}
    shown = None
    for d in result.decisions:
        if (d.hand, d.seat) != shown:
            shown = (d.hand, d.seat)
            h = by_hand[shown]
            acc = "-" if h["accuracy"] is None else f"{h['accuracy']:.1f}"
            lines.append(f"hand {d.hand} {d.seat}: accuracy {acc}, points lost {h['lost']:g}")
        if d.label is None:
            lines.append(f"  {d.index:4d}  {d.played:<24} not valued")
            continue
        how = "exact" if d.exact else f"+-{d.noise:g}"
        tail = "" if d.best == d.played else f"  best {d.best}"
        lines.append(f"  {d.index:4d}  {d.played:<24} {d.label:<10} lost {d.lost:6.2f} ({how}){tail}")
    return "\n".join(lines)


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

    a = sub.add_parser("analyse", help="value every decision of a person in a game record",
                       description="For each decision of the seats asked for (default: the seats the "
                       "record's controllers give to a person, else every seat), value the move "
                       "played and every legal alternative from that seat's view at that moment, "
                       "on sampled deals of the unseen cards (a fixed seed), in the hand's points. "
                       "Prints the move played, its label (best, good, inaccuracy, mistake, blunder), "
                       "the points lost and the best move, and an accuracy per hand.")
    a.add_argument("file", help="the record file, or - for standard input")
    a.add_argument("--seat", action="append", help="a seat to analyse (repeatable), such as p0")
    a.add_argument("--samples", type=int, default=None,
                   help="deals of the unseen cards per decision (default: 24 Dummy Spades, 16 Seep)")
    a.add_argument("--seed", type=int, default=0, help="the samples' seed (default 0)")
    a.add_argument("--json", action="store_true", help="print one JSON object")
    a.add_argument("--indent", type=int, default=None, help="with --json: pretty-print")
    a.set_defaults(func=cmd_analyse)

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
    try:
        return args.func(args)
    except BrokenPipeError:
        _quiet_stdout()
        return 0
    except KeyboardInterrupt:
        return 130
    except Exception as err:  # a bug of ours: still one line, and named as ours
        return _fail(f"internal error in {args.command} ({type(err).__name__}: {err}); please report it")


def _quiet_stdout() -> None:
    """The reader of our output went away (``| head``): point stdout at devnull so the interpreter's
    final flush does not print a BrokenPipeError, as the Python docs recommend."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # not a real file (e.g. captured in tests)
        pass


if __name__ == "__main__":
    sys.exit(main())
