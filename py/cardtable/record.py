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
from typing import Any

from .game import Game, IllegalAction, RecordError

FORMAT = "cardtable/1"
"""The record format this version writes and reads.  A later version extends, never bends."""

_KNOWN_FIELDS = {"format", "game", "options", "players", "seed", "deals", "actions"}


class ReplayError(ValueError):
    """An action of a record that could not be applied; names its index, text and reason."""

    def __init__(self, index: int, action: Any, reason: str):
        self.index = index
        self.action = action
        self.reason = reason
        super().__init__(f"action {index} {json.dumps(action, ensure_ascii=False)}: {reason}")


def games() -> dict[str, type[Game]]:
    """The games this version knows, by record name."""
    from .games import REGISTRY

    return REGISTRY


def parse_record(data: str | bytes | dict) -> dict:
    """Check a record (JSON text or an already-decoded dict) and return it as a normalized dict.

    Raises ``RecordError`` with a clear reason for anything malformed.  Unknown extra fields are
    kept (a later version may add some) but not used.
    """
    if isinstance(data, (str, bytes)):
        try:
            data = json.loads(data)
        except (ValueError, UnicodeDecodeError) as err:
            raise RecordError(f"not JSON: {err}") from None
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object")
    fmt = data.get("format")
    if fmt is None:
        raise RecordError('missing "format" (expected "cardtable/1")')
    if fmt != FORMAT:
        raise RecordError(f"unknown format {fmt!r} (this version reads {FORMAT!r})")
    game = data.get("game")
    if game not in games():
        known = ", ".join(sorted(games()))
        raise RecordError(f"unknown game {game!r} (known: {known})")
    options = data.get("options", {})
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise RecordError('"options" must be an object')
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
    actions = data.get("actions", [])
    if actions is None:
        actions = []
    if not isinstance(actions, list):
        raise RecordError('"actions" must be a list of strings')
    for i, a in enumerate(actions):
        if not isinstance(a, str):
            raise RecordError(f"action {i} {json.dumps(a)}: an action is a string")
    if seed is None and not deals:
        raise RecordError('a record needs a "seed" or "deals"')
    out = dict(data)
    out.update(options=options, players=players, seed=seed, deals=deals, actions=actions)
    return out


def new_game(record: dict) -> Game:
    """The game a (parsed) record starts with, before any of its actions."""
    record = parse_record(record)
    return games()[record["game"]].from_record(record)


def replay(data: str | bytes | dict) -> Game:
    """Load a record and apply all its actions; raises ``RecordError`` or ``ReplayError``.

    The index in a ``ReplayError`` is the action's position in the record's ``actions`` list,
    counting from 0.
    """
    record = parse_record(data)
    game = games()[record["game"]].from_record(record)
    for i, action in enumerate(record["actions"]):
        try:
            game.apply(action)
        except (IllegalAction, RecordError) as err:  # RecordError: e.g. a later deal that does not fit
            raise ReplayError(i, action, str(err)) from None
    return game


def dumps(record: dict) -> str:
    """A record as compact, stable JSON text (key order as given, UTF-8 names kept)."""
    return json.dumps(record, ensure_ascii=False, separators=(", ", ": "))
