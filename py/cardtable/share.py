"""A finished hand as a link: the record, compressed and encoded for a URL's fragment.

The fragment is ``#hand=1.<data>``: ``1`` is this encoding's version, ``<data>`` the record's JSON
compressed by zlib and written in URL-safe base64 without padding.  Only finished hands leave the
device: ``encode`` cuts the record after its last finished hand (None when no hand is finished),
and ``decode_steps`` refuses a link that holds more.  The receiver never trusts a score: it reads
the record with the one checked loader (size, depth, shape) and replays every move through the
engine, so the score it shows is the one the moves make::

    >>> from cardtable.record import new_game
    >>> g = new_game({"format": "cardtable/1", "game": "dummy-spades", "seed": 7})
    >>> encode(g.to_record()) is None                   # nothing finished: nothing to share
    True
    >>> decode("#hand=9.abc")
    Traceback (most recent call last):
    ...
    cardtable.share.LinkError: a link of a later version of the app
    >>> decode("#hand=1.%%%")
    Traceback (most recent call last):
    ...
    cardtable.share.LinkError: not a link to a hand (it is damaged or cut)
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from typing import Optional

from .coach import daily
from .game import RecordError
from .record import ReplayError, game_at_start, load_json, parse_record

PREFIX = "#hand="
VERSION = "1"
MAX_LINK_CHARS = 16_000
"""The longest fragment read or written (16 KB: a whole long game; one hand is a few hundred)."""
MAX_JSON_BYTES = 200_000
"""The most a link's data may inflate to: a bigger one is refused without being inflated further."""
KEPT = ("format", "game", "options", "players", "seed", "deals", "actions", "controllers", "hints")
"""The record's fields a link carries (not the analyses: the receiver may make their own)."""
READ_STEP = 32
_DATA = re.compile(r"[A-Za-z0-9_-]*")


class LinkError(ValueError):
    """A link that is not read: ``code`` says why (``later``, ``damaged``, ``size``, ``record``,
    ``moves``, ``unfinished``), ``str`` in English with the detail."""

    def __init__(self, message: str, code: str):
        super().__init__(message)
        self.code = code


def _replay_steps(parsed: dict):
    """Replay a parsed record, yielding every ``READ_STEP`` moves; returns the game and how many
    actions end its last finished hand (0: none is).  ``ReplayError`` for a move that is not legal."""
    from .stats import hands_finished

    game = game_at_start(parsed)
    cut, done = 0, hands_finished(game)
    for i, action in enumerate(parsed["actions"]):
        try:
            game.apply(action)
        except ValueError as err:   # IllegalAction, RecordError, a number too long for int()
            raise ReplayError(i, action, str(err)) from None
        if hands_finished(game) != done or game.over:
            cut, done = i + 1, hands_finished(game)
        if i % READ_STEP == READ_STEP - 1:
            yield
    return game, cut


def encode(record: dict) -> Optional[str]:
    """The fragment of ``record``'s finished hands (``#hand=1.…``), or None when none is finished or
    it would be longer than ``MAX_LINK_CHARS``."""
    from .bots.common import run_steps

    cut = run_steps(_replay_steps(parse_record(record)))[1]
    if cut == 0:
        return None
    kept = {k: record[k] for k in KEPT if record.get(k) not in (None, [], {})}
    kept = daily.without_deals(kept)   # (the seed deals them)
    kept["actions"] = list(record["actions"][:cut])
    if "hints" in kept:
        kept["hints"] = {s: [p for p in v if p < cut] for s, v in kept["hints"].items()}
    packed = zlib.compress(json.dumps(kept, ensure_ascii=False, separators=(",", ":")).encode("utf-8"), 9)
    text = PREFIX + VERSION + "." + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")
    return text if len(text) <= MAX_LINK_CHARS else None


def unpack(fragment: str) -> str:
    """A fragment's JSON text, checked for size as it is inflated; ``LinkError`` otherwise."""
    if len(fragment) > MAX_LINK_CHARS:
        raise LinkError(f"too long to be a link to a hand ({len(fragment):,} characters; the limit is "
                        f"{MAX_LINK_CHARS:,})", "size")
    body = fragment[len(PREFIX):] if fragment.startswith(PREFIX) else None
    version, dot, data = (body or "").partition(".")
    if body is not None and dot and version != VERSION and version.isdigit():
        raise LinkError("a link of a later version of the app", "later")
    if body is None or not dot or version != VERSION or not _DATA.fullmatch(data):
        raise LinkError("not a link to a hand (it is damaged or cut)", "damaged")
    try:
        packed = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, MAX_JSON_BYTES)
    except (binascii.Error, ValueError, zlib.error):
        raise LinkError("not a link to a hand (it is damaged or cut)", "damaged") from None
    if inflater.unconsumed_tail:
        raise LinkError(f"too big to be a hand (over {MAX_JSON_BYTES:,} bytes)", "size")
    if not inflater.eof or inflater.unused_data:
        raise LinkError("not a link to a hand (it is damaged or cut)", "damaged")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise LinkError("not a link to a hand (it is damaged or cut)", "damaged") from None


def decode_steps(fragment: str):
    """Read a link: a generator that yields every ``READ_STEP`` moves of the replay and returns
    ``(record, game)``, the parsed record and the game after its moves.  ``LinkError`` for anything
    else than finished hands of a valid record."""
    try:
        record = daily.without_deals(parse_record(load_json(unpack(fragment), max_bytes=MAX_JSON_BYTES,
                                                            what="a shared hand")))
        game, cut = yield from _replay_steps(record)
    except ReplayError as err:
        raise LinkError(str(err), "moves") from None
    except RecordError as err:
        raise LinkError(f"not a hand this app can read: {err}", "record") from None
    if cut == 0 or cut != len(record["actions"]):
        raise LinkError("holds a hand still in play: only finished hands are shared", "unfinished")
    return record, game


def decode(fragment: str):
    """``decode_steps`` run to the end."""
    from .bots.common import run_steps

    return run_steps(decode_steps(fragment))
