"""Game records: the one saved, exported and replayed form of a game.

A record is a JSON object::

    {"format": "cardtable/1", "game": "dummy-spades",
     "options": {...}, "players": ["Ana", "Ben", "Chloé"], "seed": 42,
     "deals": [...], "actions": ["bid 4 nil p1", "bid 8", "bid 3", "play 4H"]}

``format`` and ``game`` are required; ``options``, ``players``, ``seed``, ``deals`` and ``actions``
are optional (a hand with no given deal is dealt from the seed).  Loading a record is replaying it:
every action goes through the game's ``apply``, exactly as a click or a computer player's move does.
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any

from .game import Game, IllegalAction, RecordError

FORMAT = "cardtable/1"
"""The record format this version writes and reads.  A later version extends, never bends."""

MAX_RECORD_BYTES = 2_000_000
"""The largest record read (2 MB, about 170,000 actions): a bigger file is refused before parsing."""

MAX_DEPTH = 32
"""The deepest nesting of arrays and objects a record may have (a real one has 5 levels).  Checked
before the JSON is parsed, so a file nested 100,000 deep is refused instead of exhausting the stack
(in Pyodide a deep recursion is a fatal error of the whole page, not a Python exception)."""

MAX_ACTION_CHARS = 200
"""The longest action text accepted; the longest legal action of either game is under 60."""

NAME_MAX = 24
"""The longest player name kept: the app trims longer names (on the form and on import)."""

CONTROLLERS_FIELD = "controllers"
"""Optional record field: who plays each seat, ``{"p0": "human", "p1": "casual", ...}``.

Written by the app's Export so that an imported game goes on with the same computer players;
``replay`` checks only its shape (an object of seat -> text) and otherwise ignores it, so records
written before it existed stay valid.  Values other than ``human`` name a computer level; the app
treats a level it does not know as a person."""


HINTS_FIELD = "hints"
ANALYSES_FIELD = "analyses"
"""Optional: the analyses of a person's decisions saved with the game (``coach.analysis``): a list
of objects, each with ``seat``, ``hand`` (its number), ``decisions`` (a list of objects) and the
sample count, seed and accuracy.  ``replay`` checks its shape and otherwise ignores it."""
"""Optional record field: the hints each seat was shown, ``{"p0": [4, 17], ...}`` -- for each seat
the record positions (numbers of actions played) at which it asked for a hint (the app writes it;
statistics count it).  ``replay`` checks only its shape (an object of seat -> list of whole
numbers, at least 0) and otherwise ignores it."""


def short(value: Any, limit: int = 40) -> str:
    """``repr``-like text of a value for an error message, cut to about ``limit`` characters with "…".

    Error messages echo bad values; a 10 MB name must not become a 10 MB message.
    """
    if isinstance(value, str):
        text = json.dumps(value[: limit + 1], ensure_ascii=False)
        if len(value) > limit:
            text = text[: limit + 1] + '…"'
        return text
    if isinstance(value, (list, dict)):
        return "a list" if isinstance(value, list) else "an object"
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


class ReplayError(ValueError):
    """An action of a record that could not be applied; names its index, text and reason."""

    def __init__(self, index: int, action: Any, reason: str):
        self.index = index
        self.action = action
        self.reason = reason
        super().__init__(f"action {index} {short(action)}: {reason}")


def games() -> dict[str, type[Game]]:
    """The games this version knows, by record name."""
    from .games import REGISTRY

    return REGISTRY


def parse_record(data: str | bytes | dict) -> dict:
    """Check a record (JSON text or an already-decoded dict) and return it as a normalized dict.

    Raises ``RecordError`` with a clear reason for anything malformed.  Unknown extra fields are
    kept (a later version may add some) but not used.
    """
    if isinstance(data, (str, bytes, bytearray)):
        data = _decode(data)
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object")
    _check_text(data)
    fmt = data.get("format")
    if fmt is None:
        raise RecordError('missing "format" (expected "cardtable/1")')
    if fmt != FORMAT:
        raise RecordError(f"unknown format {short(fmt)} (this version reads {FORMAT!r})")
    game = data.get("game")
    if not isinstance(game, str) or game not in games():
        known = ", ".join(sorted(games()))
        raise RecordError(f"unknown game {short(game)} (known: {known})")
    options = data.get("options", {})
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise RecordError('"options" must be an object')
    for key, value in options.items():
        if isinstance(value, float):
            raise RecordError(f"option {short(key)} must be a whole number, not {short(value)}")
        if value is not None and not isinstance(value, (str, int, bool)):
            raise RecordError(f"option {short(key)} must be a number, text, true/false or null, not {short(value)}")
    players = data.get("players")
    if players is not None and (
        not isinstance(players, list) or not all(isinstance(p, str) for p in players)
    ):
        raise RecordError('"players" must be a list of names')
    seed = data.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, str))):
        raise RecordError('"seed" must be an integer or a string')
    deals = data.get("deals", [])
    if deals is None:
        deals = []
    if not isinstance(deals, list) or not all(isinstance(d, dict) for d in deals):
        raise RecordError('"deals" must be a list of objects')
    for k, d in enumerate(deals):
        dealer = d.get("dealer")
        if dealer is not None and not isinstance(dealer, str):
            raise RecordError(f"deal {k}: the dealer must be a seat such as \"p0\", not {short(dealer)}")
    actions = data.get("actions", [])
    if actions is None:
        actions = []
    if not isinstance(actions, list):
        raise RecordError('"actions" must be a list of strings')
    for i, a in enumerate(actions):
        if not isinstance(a, str):
            raise RecordError(f"action {i} {short(a)}: an action is a string")
        if len(a) > MAX_ACTION_CHARS:
            raise RecordError(f"action {i} {short(a)}: too long to be an action ({len(a):,} characters)")
    controllers = data.get(CONTROLLERS_FIELD)
    if controllers is not None and (
        not isinstance(controllers, dict) or not all(isinstance(v, str) for v in controllers.values())
    ):
        raise RecordError(f'"{CONTROLLERS_FIELD}" must be an object naming who plays each seat, '
                          'such as {"p0": "human", "p1": "casual"}')
    hints = data.get(HINTS_FIELD)
    if hints is not None and (
        not isinstance(hints, dict) or not all(
            isinstance(v, list) and all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in v)
            for v in hints.values())
    ):
        raise RecordError(f'"{HINTS_FIELD}" must be an object listing, for each seat, the positions of '
                          'the hints it was shown, such as {"p0": [4, 17]}')
    analyses = data.get(ANALYSES_FIELD)
    if analyses is not None and (not isinstance(analyses, list) or not all(
            isinstance(a, dict) and isinstance(a.get("seat"), str) and isinstance(a.get("hand"), int)
            and isinstance(a.get("decisions"), list) and all(isinstance(d, dict) for d in a["decisions"])
            for a in analyses)):
        raise RecordError(f'"{ANALYSES_FIELD}" must be a list of analyses, each an object with a "seat", '
                          'a "hand" number and a list of "decisions"')
    if seed is None and not deals:
        raise RecordError('a record needs a "seed" or "deals"')
    out = dict(data)
    out.update(options=options, players=players, seed=seed, deals=deals, actions=actions)
    return out


def new_game(record: dict) -> Game:
    """The game a (parsed) record starts with, before any of its actions."""
    return game_at_start(parse_record(record))


def game_at_start(parsed: dict) -> Game:
    """``new_game`` of a record that ``parse_record`` returned (its shape is not checked twice:
    a long record's 20,000 actions are looked at once).  The game's own checks of options,
    players and deals still run (``from_record``)."""
    return games()[parsed["game"]].from_record(parsed)


def replay(data: str | bytes | dict) -> Game:
    """Load a record and apply all its actions; raises ``RecordError`` or ``ReplayError``.

    The index in a ``ReplayError`` is the action's position in the record's ``actions`` list,
    counting from 0.
    """
    record = parse_record(data)
    game = game_at_start(record)
    for i, action in enumerate(record["actions"]):
        try:
            game.apply(action)
        except (IllegalAction, RecordError) as err:  # RecordError: e.g. a later deal that does not fit
            raise ReplayError(i, action, str(err)) from None
        except ValueError:  # e.g. a number too long for int(): malformed, so illegal
            raise ReplayError(i, action, "not an action of this game") from None
    return game


_FILE_FORMAT = re.compile(r'"format"\s*:\s*"cardtable(-backup|-stats)?/')


def file_kind(text: str) -> str | None:
    """What a file's text says it is by its ``format`` field: ``"game"``, ``"backup"``, ``"stats"``,
    or None (so a file given to the wrong button can be sent to the right one).

    >>> file_kind('{"format": "cardtable/1", "game": "seep"}'), file_kind('{"format":"cardtable-stats/1"}')
    ('game', 'stats')
    """
    m = _FILE_FORMAT.search(text[:2000])
    return None if m is None else {None: "game", "-backup": "backup", "-stats": "stats"}[m.group(1)]


def format_kind(fmt: Any, ours: str) -> str:
    """What a file's ``format`` field says of it: ``"ours"`` (exactly ``ours``), ``"later"`` (the
    same family, another version: ``cardtable-stats/2`` for ``cardtable-stats/1``) or ``"other"``.

    >>> format_kind("cardtable-backup/1", "cardtable-backup/1"), format_kind("cardtable-backup/7", "cardtable-backup/1")
    ('ours', 'later')
    >>> format_kind(["x"], "cardtable-stats/1")
    'other'
    """
    if fmt == ours:
        return "ours"
    family = ours.rsplit("/", 1)[0] + "/"
    return "later" if isinstance(fmt, str) and fmt.startswith(family) else "other"


def load_json(data: str | bytes | bytearray, *, max_bytes: int = MAX_RECORD_BYTES,
              what: str = "a game record", max_depth: int = MAX_DEPTH) -> Any:
    """JSON text (or UTF-8 bytes) to Python values, refusing what is too big or too deep first.

    The one JSON parser of the app: every text read from storage, a file or a message goes
    through it (tests/test_one_loader.py fails on any other ``json.loads``).  ``max_bytes`` and
    ``what`` (the kind of text, for the message: "a game record", "statistics", "a backup"...)
    depend on what is read.  Raises ``RecordError``: plain ``json.loads`` of text nested thousands
    deep is a fatal stack overflow in Pyodide, and a huge text must not be parsed at all.
    """
    return _decode(data, max_bytes, what, max_depth)


UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")
"""The byte-order marks of UTF-16 (little- and big-endian).  A file that starts with one is read
as UTF-16, as the browser's import reads it; any other bytes are UTF-8 (a UTF-8 byte-order mark
is allowed)."""


def _decode(data: str | bytes | bytearray, max_bytes: int = MAX_RECORD_BYTES, what: str = "a game record",
            max_depth: int = MAX_DEPTH) -> Any:
    """See ``load_json``."""
    utf16 = isinstance(data, (bytes, bytearray)) and bytes(data[:2]) in UTF16_BOMS
    if len(data) > (2 * max_bytes + 2 if utf16 else max_bytes):
        raise RecordError(f"too big to be {what} ({len(data):,} bytes; the limit is {max_bytes:,})")
    if utf16:
        try:
            data = bytes(data).decode("utf-16")   # the mark says which byte order
        except UnicodeDecodeError as err:
            raise RecordError(f"not UTF-16 text (bytes {err.start}-{err.end - 1} are not a character)") from None
    elif isinstance(data, (bytes, bytearray)):
        try:
            data = bytes(data).decode("utf-8")
        except UnicodeDecodeError as err:
            raise RecordError(f"not UTF-8 text (byte 0x{data[err.start]:02x} at position {err.start})") from None
    data = data.removeprefix("\ufeff")  # a byte-order mark some editors write
    if len(data) * 4 > max_bytes and len(data.encode("utf-8", "surrogatepass")) > max_bytes:
        raise RecordError(f"too big to be {what} (the limit is {max_bytes:,} bytes)")
    depth = nesting_depth(data)
    if depth > max_depth:
        raise RecordError(f"not {what}: arrays and objects nested {depth:,} deep (it has a few levels)")
    try:
        return json.loads(data)
    except RecursionError:  # cannot happen after the depth check; kept as a guard
        raise RecordError(f"not {what}: nested too deeply") from None
    except ValueError as err:
        raise RecordError(f"not JSON: {str(err)[:120]}") from None


_JSON_STRINGS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKETS = re.compile(r'[^\[\]{}]+')
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def nesting_depth(text: str) -> int:
    """How deeply arrays and objects nest in JSON ``text`` (brackets inside strings do not count).

    Linear in the text; used to refuse hostile files before ``json.loads`` recurses into them.
    The strings are taken out first, then everything but brackets, by regular expressions: what
    is left to walk one by one is the brackets (a few thousand in a long record).

    >>> nesting_depth('{"a": [1, {"b": "]]]"}], "c": "[[[[["}'), nesting_depth("[[[") , nesting_depth("1")
    (3, 3, 0)
    """
    brackets = _NOT_BRACKETS.sub("", _JSON_STRINGS.sub("", text))
    return max(0, max(accumulate(map(_STEP.__getitem__, brackets)), default=0))


def _check_text(data: dict) -> None:
    """Refuse strings that are not text: JSON may escape a lone surrogate (``"\\udc80"``), which
    cannot be written as UTF-8 and breaks seeding, printing and saving."""
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError as err:
        raise RecordError(f"holds a broken character (a lone surrogate, {err.object[err.start:err.end]!a}) "
                          "where text was expected") from None
    except (TypeError, ValueError) as err:  # e.g. NaN is fine to json; anything else is not a record
        raise RecordError(f"not a game record: {err}") from None


def dumps(record: dict) -> str:
    """A record as compact, stable JSON text (key order as given, UTF-8 names kept)."""
    return json.dumps(record, ensure_ascii=False, separators=(", ", ": "))
