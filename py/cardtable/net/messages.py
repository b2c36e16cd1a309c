"""The messages of a table played across devices: their shapes, their JSON text, and seat secrets.

One device, the *host*, holds the game; each *guest* device plays one seat over a data channel.
Every message is one JSON object, sent as text.

Guest to host (at most ``MAX_GUEST_BYTES``, flat: nothing nested)::

    {"type": "join", "table": T, "seat": "p1", "secret": S}     a seat's first connection
    {"type": "resume", "table": T, "seat": "p1", "secret": S}   the same seat again after a reload or
                                                                a lost connection: replaces the old one
    {"type": "act", "seq": 7, "at": 41, "action": "play QS"}    an action in the engine's notation,
                                                                chosen when the game was at action 41
    {"type": "ping", "seq": 8}
    {"type": "undo", "seq": 9, "at": 42}                        take back the seat's own last move (the
                                                                last of the game): refused otherwise
    {"type": "commit", "seq": 10, "deal": 3, "hash": H}         a deal's commitment, then its value
    {"type": "reveal", "seq": 11, "deal": 3, "value": V}        (``net.fair``: deals no one can rig)

``seq`` numbers each guest's messages after it joined: each must be higher than the last one the
host accepted from that seat (a message seen again is refused).  ``at`` is the number of actions
applied when the guest chose (``game.action_count``): an action chosen on an older position is
refused, so a double tap or a message delayed across a reconnection never plays twice.

Host to guest (never anything the seat's view does not show)::

    {"type": "welcome", "table": T, "seat": "p1", "seq": 6, "at": 41, "view": {...}}
    {"type": "move", "at": 42, "seat": "p0", "action": "play QS", "view": {...}}
    {"type": "refused", "seq": 7, "code": "not_your_turn", "reason": "...", "values": {...}}
    {"type": "pong", "seq": 8, "at": 42}
    {"type": "closed", "code": "replaced", "reason": "..."}
    {"type": "lent", "by": "computer", "host": "Hana"}         after each welcome, and when the host lends
                                                                the seat or gives it back: who plays it on
                                                                the host for now ("computer", "person";
                                                                null: its own device), the host's name
    {"type": "deal_ask" | "deal_commits" | "deal_reveal", "v": 1, "deal": 3, ...}   ``net.fair``

``welcome`` answers a join or resume: the last ``seq`` the host accepted from that seat, the
position, and the seat's view (``game.view(seat)``, what the UI renders); a welcome sent after an
undo on the host also has ``"took_back": {"seat": "p0", "action": "play TD"}`` (who took back
which move: a move every guest was told already).  ``move`` is a move
applied (who acted and what: public) with the seat's view after it; its view leaves out the
finished hands' ``history`` unless a hand has just ended (the guest keeps the one it has).
``refused`` gives a stable ``code`` (the engine's refusal code for an illegal action, or one of
``REFUSALS``), the reason in English and the engine's ``values``; ``seq`` is null when the message
could not be read.
"""

from __future__ import annotations

import base64
import hmac
import json
import os
from typing import Any

from ..game import RecordError
from ..record import load_json

MAX_GUEST_BYTES = 1024
"""The most a guest message may hold (the longest is an action: a few dozen bytes)."""
MAX_HOST_BYTES = 256 * 1024
"""The most a host message may hold: Chromium's data channels take messages up to 256 KiB."""
MAX_SEQ = 2 ** 53
"""Sequence numbers and positions stay below this (exact in JavaScript)."""

GUEST_FIELDS: dict[str, dict[str, type]] = {
    "join": {"table": str, "seat": str, "secret": str},
    "resume": {"table": str, "seat": str, "secret": str},
    "act": {"seq": int, "at": int, "action": str},
    "ping": {"seq": int},
    "undo": {"seq": int, "at": int},
    "commit": {"seq": int, "deal": int, "hash": str},
    "reveal": {"seq": int, "deal": int, "value": str},
}
"""Every guest message's keys and their types: exactly these, no more."""
HOST_TYPES = {"welcome", "move", "refused", "pong", "closed", "lent", "deal_ask", "deal_commits", "deal_reveal"}
MAX_TEXT = 64
"""The longest string field of a guest message (``bid 13 nil p0,p1,p2,dummy`` is 26 characters)."""

REFUSALS = {
    "too_big": "the message is too big",
    "unreadable": "the message is not JSON text",
    "bad_shape": "the message is not one the table knows",
    "wrong_table": "this code is for another table",
    "wrong_seat": "no guest plays that seat at this table",
    "bad_secret": "this code is not the one of that seat",
    "already_joined": "this connection has already joined a seat",
    "seat_taken": "another device plays that seat now",
    "not_joined": "join a seat first",
    "replayed": "this message was already received",
    "not_your_turn": "it is not your turn",
    "stale": "the game has moved on since this action was chosen",
    "played_on_host": "this seat is played on the host now",
    "cannot_undo": "only your own last move can be taken back, before anyone else plays",
    "fair_unasked": "no value is asked of this seat for that deal now",
    "fair_mismatch": "this value is not the one committed to",
}
"""The host's own refusal codes, with the reason in English (engine refusals keep the engine's)."""


class Refused(ValueError):
    """A guest message the host does not take: ``code`` (see ``REFUSALS``), the reason in
    ``str(err)``, and ``values`` (what it is about, for the guest's own words)."""

    def __init__(self, code: str, reason: str = "", **values: Any) -> None:
        super().__init__(reason or REFUSALS[code])
        self.code = code
        self.values = values


def new_secret() -> str:
    """A seat secret: 12 random bytes as base64url, 16 characters (the join code carries it)."""
    return base64.urlsafe_b64encode(os.urandom(12)).decode("ascii")


def new_table_id() -> str:
    """A table's id: 6 random bytes as base64url, 8 characters."""
    return base64.urlsafe_b64encode(os.urandom(6)).decode("ascii")


def same_secret(given: str, kept: str) -> bool:
    """True when a guest's secret is the seat's, compared in constant time."""
    return hmac.compare_digest(given.encode("utf-8"), kept.encode("utf-8"))


def encode(message: dict) -> str:
    """A message as the JSON text sent: compact, ASCII (no character can break the channel)."""
    return json.dumps(message, separators=(",", ":"), allow_nan=False)


def read_guest(text: str | bytes) -> dict:
    """A guest message read and checked, or ``Refused``: size first, then the one checked JSON
    loader (nested more than one level deep is refused before parsing), then the exact shape."""
    if len(text) > MAX_GUEST_BYTES or (isinstance(text, str) and len(text.encode("utf-8", "surrogatepass"))
                                       > MAX_GUEST_BYTES):
        raise Refused("too_big", limit=MAX_GUEST_BYTES)
    try:
        message = load_json(text, max_bytes=MAX_GUEST_BYTES, what="a guest message", max_depth=1)
    except RecordError as err:
        raise Refused("unreadable", str(err)) from None
    if not isinstance(message, dict) or message.get("type") not in GUEST_FIELDS:
        raise Refused("bad_shape")
    fields = GUEST_FIELDS[message["type"]]
    if set(message) != {"type", *fields}:
        raise Refused("bad_shape", "the message's fields are not " + ", ".join(["type", *fields]))
    for key, kind in fields.items():
        value = message[key]
        if kind is int and not (type(value) is int and 0 <= value < MAX_SEQ):
            raise Refused("bad_shape", f"{key} is not a whole number from 0")
        if kind is str and not (type(value) is str and 0 < len(value) <= MAX_TEXT and value.isprintable()):
            raise Refused("bad_shape", f"{key} is not a short line of text")
    return message


def read_host(text: str | bytes) -> dict:
    """A host message read on a guest device (the same checked loader; ``RecordError`` when it is
    not one)."""
    message = load_json(text, max_bytes=MAX_HOST_BYTES, what="a message from the host")
    if not isinstance(message, dict) or message.get("type") not in HOST_TYPES:
        raise RecordError("not a message from the host")
    return message
