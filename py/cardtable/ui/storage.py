"""Saved games, kept in a localStorage-like store under versioned keys.

Each game is saved as its record (the engine's ``cardtable/1`` format) under
``cardtable/v1/game/<id>``, with a small note of its own under ``cardtable/v1/meta/<id>`` (when it
was last played, and which seats are people or computer players).  ``cardtable/v1/last`` names the
game to continue.  Nothing here touches the browser: the store is anything with ``getItem``,
``setItem``, ``removeItem``, ``key`` and ``length`` (``window.localStorage`` in the page, a dict in
tests), so the rules for corrupt saves and a full quota are tested in CPython.

A save that cannot be read -- not JSON, an unknown format, a record that no longer replays, a key
written by a newer version -- is listed with its reason and is never deleted without asking.
"""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import dataclass, field
from typing import Any, Optional

from ..game import RecordError
from ..record import ReplayError, dumps, replay

VERSION = "v1"
PREFIX = "cardtable/"
GAME_KEY = PREFIX + VERSION + "/game/"
META_KEY = PREFIX + VERSION + "/meta/"
LAST_KEY = PREFIX + VERSION + "/last"


class StorageFull(Exception):
    """The browser refused to store more (quota exceeded); the game goes on unsaved."""


@dataclass
class SavedGame:
    """One entry of the saved-games list."""

    id: str
    game: Optional[str] = None
    players: list[str] = field(default_factory=list)
    totals: str = ""
    updated: float = 0.0
    over: bool = False
    error: Optional[str] = None  # why it cannot be opened, if it cannot
    controllers: dict[str, str] = field(default_factory=dict)


class DictStore:
    """A localStorage stand-in for tests (and for CPython tools)."""

    def __init__(self, quota: Optional[int] = None):
        self.data: dict[str, str] = {}
        self.quota = quota

    @property
    def length(self) -> int:
        return len(self.data)

    def key(self, i: int) -> Optional[str]:
        keys = list(self.data)
        return keys[i] if 0 <= i < len(keys) else None

    def getItem(self, k: str) -> Optional[str]:  # noqa: N802 (the Web Storage names)
        return self.data.get(k)

    def setItem(self, k: str, v: str) -> None:  # noqa: N802
        if self.quota is not None:
            size = sum(len(a) + len(b) for a, b in self.data.items() if a != k) + len(k) + len(v)
            if size > self.quota:
                raise QuotaError("QuotaExceededError: the quota has been exceeded")
        self.data[k] = v

    def removeItem(self, k: str) -> None:  # noqa: N802
        self.data.pop(k, None)


class QuotaError(Exception):
    """What DictStore raises when full, like the browser's QuotaExceededError."""


def _is_quota_error(err: BaseException) -> bool:
    text = f"{type(err).__name__} {err}".lower()
    return "quota" in text or "exceeded" in text


class SaveStore:
    """Saved games over a Web-Storage-like ``store``."""

    def __init__(self, store: Any, clock=time.time):
        self.store = store
        self.clock = clock

    # ---- writing ------------------------------------------------------------------------------
    def save(self, game_id: str, record: dict, controllers: Optional[dict] = None, game=None) -> None:
        """Save a game's record; raises ``StorageFull`` (nothing else is lost) when over quota.

        With ``game`` (the live game the record comes from) the list entry is noted in the meta
        entry, with a signature of the record, so listing saves need not replay them.
        """
        text = dumps(record)
        meta: dict[str, Any] = {"updated": self.clock(), "controllers": controllers or {}}
        if game is not None:
            s = game.summary()
            players = list(record.get("players") or [])
            meta.update(sig=_sig(text), game=game.name, players=players, over=bool(s.get("over")),
                        totals=totals_text(s, players))
        try:
            self.store.setItem(GAME_KEY + game_id, text)
            self.store.setItem(META_KEY + game_id, json.dumps(meta))
            self.store.setItem(LAST_KEY, game_id)
        except Exception as err:  # the browser raises a JS DOMException
            if _is_quota_error(err):
                raise StorageFull(str(err)) from None
            raise

    def delete(self, game_id: str) -> None:
        self.store.removeItem(GAME_KEY + game_id)
        self.store.removeItem(META_KEY + game_id)
        if self.store.getItem(LAST_KEY) == game_id:
            self.store.removeItem(LAST_KEY)

    def delete_key(self, key: str) -> None:
        """Remove an entry of another version (listed by its full key), after the person agreed."""
        if key.startswith(PREFIX):
            self.store.removeItem(key)

    # ---- reading ------------------------------------------------------------------------------
    def keys(self) -> list[str]:
        out = []
        for i in range(int(self.store.length)):
            k = self.store.key(i)
            if k is not None:
                out.append(str(k))
        return out

    def last_id(self) -> Optional[str]:
        v = self.store.getItem(LAST_KEY)
        if v is None:
            return None
        v = str(v)
        return v if self.store.getItem(GAME_KEY + v) is not None else None

    def raw(self, game_id: str) -> Optional[str]:
        v = self.store.getItem(GAME_KEY + game_id)
        return None if v is None else str(v)

    def meta(self, game_id: str) -> dict:
        v = self.store.getItem(META_KEY + game_id)
        try:
            m = json.loads(str(v)) if v is not None else {}
            return m if isinstance(m, dict) else {}
        except ValueError:
            return {}

    def load(self, game_id: str):
        """The game replayed from its save; raises ``RecordError``/``ReplayError`` with the reason."""
        text = self.raw(game_id)
        if text is None:
            raise RecordError("this saved game no longer exists")
        return replay(text)

    def list(self) -> list[SavedGame]:
        """Every saved game, newest first, including the ones that cannot be opened (with why)."""
        entries: list[SavedGame] = []
        for k in self.keys():
            if k.startswith(GAME_KEY):
                entries.append(self._entry(k[len(GAME_KEY):]))
            elif k.startswith(PREFIX) and not k.startswith(PREFIX + VERSION + "/"):
                entries.append(SavedGame(id=k, error=f"saved by another version of Card Table ({k.split('/')[1]}); "
                                         "this version cannot open it"))
        entries.sort(key=lambda e: -e.updated)
        return entries

    def _entry(self, game_id: str) -> SavedGame:
        meta = self.meta(game_id)
        e = SavedGame(id=game_id, updated=float(meta.get("updated") or 0),
                      controllers=dict(meta.get("controllers") or {}))
        raw = self.raw(game_id) or ""
        if meta.get("sig") and meta["sig"] == _sig(raw):
            # written by this app with its summary: no need to replay it just to list it
            e.game, e.players = meta.get("game"), list(meta.get("players") or [])
            e.over, e.totals = bool(meta.get("over")), str(meta.get("totals") or "")
            return e
        try:
            game = self.load(game_id)
        except (RecordError, ReplayError) as err:
            e.error = str(err)
            try:
                data = json.loads(self.raw(game_id) or "")
                e.game = data.get("game") if isinstance(data, dict) else None
            except ValueError:
                pass
            return e
        except Exception as err:  # a bug must not hide the other saves
            e.error = f"cannot be opened ({type(err).__name__}: {err})"
            return e
        e.game = game.name
        rec = game.to_record()
        e.players = list(rec.get("players") or [])
        s = game.summary()
        e.over = bool(s.get("over"))
        e.totals = totals_text(s, e.players)
        return e


def _sig(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def totals_text(summary: dict, players: list[str]) -> str:
    """A one-line score for the saved-games list: ``Ana 120 · Ben 80 · Chloé -40``."""
    if "totals" in summary and isinstance(summary["totals"], dict):
        parts = []
        for key, value in summary["totals"].items():
            parts.append(f"{_label(key, players)} {value}")
        return " · ".join(parts)
    if "lead" in summary:
        b = summary.get("baazis", {})
        return f"lead {summary['lead']:+d} · baazis " + " / ".join(f"{_label(k, players)} {v}" for k, v in b.items())
    return ""


def _label(key: str, players: list[str]) -> str:
    if key.startswith("p") and key[1:].isdigit() and len(key) == 2:
        i = int(key[1:])
        return players[i] if i < len(players) else key
    if len(key) == 4 and key.startswith("p"):  # a team such as p0p2
        a, b = int(key[1]), int(key[3])
        if max(a, b) < len(players):
            return f"{players[a]} & {players[b]}"
    return key
