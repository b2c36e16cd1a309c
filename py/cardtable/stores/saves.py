"""Saved games, kept in a localStorage-like store under versioned keys.

Each game is saved as its record (the engine's ``cardtable/1`` format) under
``cardtable/v1/game/<id>``, with a small note of its own under ``cardtable/v1/meta/<id>`` (when it
was last played, and which seats are people or computer players).  ``cardtable/v1/last`` names the
game to continue.  Nothing here touches the browser: the store is anything with ``getItem``,
``setItem``, ``removeItem``, ``key`` and ``length`` (web/store.js's IndexedDB store in the page, a
dict in tests), so the rules for corrupt saves and a full quota are tested in CPython.

A save that cannot be read -- not JSON, an unknown format, a record that no longer replays, a key
written by a newer version, a note (meta entry) of the wrong shape or with no game -- is listed
with its reason and is never deleted without asking.  Nothing stored can stop the listing: every
value read is checked for its type, and a bug reading one entry is that entry's reason.

Two windows of the app share the store.  Each save carries a revision (``rev`` in the note) and
the number of actions (``n``); ``save(..., base_rev=r)`` writes only if the store still holds
revision ``r`` and never replaces a longer game with a shorter one, else it raises ``SaveConflict``
and the window reloads the newer game instead of overwriting it.
"""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import dataclass, field
from typing import Any, Optional

from ..game import RecordError
from ..record import NAME_MAX, ReplayError, dumps, load_json, replay

VERSION = "v1"
PREFIX = "cardtable/"
GAME_KEY = PREFIX + VERSION + "/game/"
META_KEY = PREFIX + VERSION + "/meta/"
LAST_KEY = PREFIX + VERSION + "/last"


class StorageFull(Exception):
    """The browser refused to store more (quota exceeded); the game goes on unsaved."""


class SaveConflict(Exception):
    """The store holds a newer (or longer) version of the game than the one this window loaded."""

    def __init__(self, stored_rev: int):
        self.stored_rev = stored_rev
        super().__init__(f"the saved game is at revision {stored_rev}")


@dataclass
class SavedGame:
    """One entry of the saved-games list."""

    id: str
    game: Optional[str] = None
    players: list[str] = field(default_factory=list)
    totals: str = ""
    updated: float = 0.0
    over: bool = False
    error: Optional[tuple[str, dict]] = None  # why it cannot be opened, if it cannot (``SaveStore.list``)
    controllers: dict[str, str] = field(default_factory=dict)


class DictStore:
    """A localStorage stand-in for tests (and for CPython tools)."""

    def __init__(self, quota: Optional[int] = None):
        self.data: dict[str, str] = {}
        self.quota = quota
        self._keys: Optional[list[str]] = None

    @property
    def length(self) -> int:
        return len(self.data)

    def key(self, i: int) -> Optional[str]:
        if self._keys is None or len(self._keys) != len(self.data):
            self._keys = list(self.data)
        keys = self._keys
        return keys[i] if 0 <= i < len(keys) else None

    def getItem(self, k: str) -> Optional[str]:  # noqa: N802 (the Web Storage names)
        return self.data.get(k)

    def setItem(self, k: str, v: str) -> None:  # noqa: N802
        if self.quota is not None:
            size = sum(len(a) + len(b) for a, b in self.data.items() if a != k) + len(k) + len(v)
            if size > self.quota:
                raise QuotaError("QuotaExceededError: the quota has been exceeded")
        if k not in self.data:
            self._keys = None
        self.data[k] = v

    def removeItem(self, k: str) -> None:  # noqa: N802
        if self.data.pop(k, None) is not None:
            self._keys = None


def store_version(store: Any) -> Optional[int]:
    """The store's count of changes, when it keeps one (web/store.js's, through
    ``ui.shell.browser.BrowserStore``): while it is the same, nothing in the store changed, so what
    was worked out from it may be kept.  None for a store that keeps none (localStorage, ``DictStore``)."""
    return getattr(store, "version", None)


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
        #: list rows worked out by replaying a game, by id: (signature of its record, row)
        self._rows: dict[str, tuple[str, SavedGame]] = {}
        #: notes read for the list, by id: (their text, ``_clean_meta`` of it), so a redraw parses none again
        self._notes: dict[str, tuple[str, tuple[dict, Optional[str]]]] = {}
        #: the quick list as last worked out, and the store's version then (``store_version``)
        self._listed: tuple[Optional[int], list[SavedGame]] = (None, [])
        self._notes_seen: Optional[int] = None   # the store's version when the notes were last read
        self._quick: dict[str, tuple[dict, SavedGame]] = {}   # rows taken from their notes alone, by id: (the note read, row)

    # ---- writing ------------------------------------------------------------------------------
    def save(self, game_id: str, record: dict, controllers: Optional[dict] = None, game=None,
             base_rev: Optional[int] = None) -> int:
        """Save a game's record and return its new revision.

        Raises ``StorageFull`` (nothing else is lost) when over quota.  With ``base_rev`` (the
        revision this window loaded or last saved), raises ``SaveConflict`` instead of writing when
        another window saved since, or when the stored game has more actions than ``record``.
        With ``game`` (the live game the record comes from) the list entry is noted in the meta
        entry, with a signature of the record, so listing saves need not replay them.
        """
        stored = self.revision(game_id)
        if base_rev is not None and self.raw(game_id) is not None:
            if stored != base_rev or self.action_count(game_id) > len(record.get("actions") or []):
                raise SaveConflict(stored)
        rev = max(stored, base_rev or 0) + 1
        text = dumps(record)
        meta: dict[str, Any] = {"updated": self.clock(), "controllers": controllers or {}, "rev": rev,
                                "n": len(record.get("actions") or [])}
        if game is not None:
            s = game.summary()
            players = list(record.get("players") or [])
            meta.update(sig=_sig(text), game=game.name, players=players, over=bool(s.get("over")),
                        totals=totals_text(s, players))
        before = {k: self.store.getItem(k) for k in (GAME_KEY + game_id, META_KEY + game_id)}
        try:
            self.store.setItem(GAME_KEY + game_id, text)
            self.store.setItem(META_KEY + game_id, json.dumps(meta))
        except Exception as err:  # the browser raises a JS DOMException
            self._put_back(before)   # the game and its note stay the last good save, together
            if _is_quota_error(err):
                raise StorageFull(str(err)) from None
            raise
        try:
            self.store.setItem(LAST_KEY, game_id)
        except Exception as err:  # the game is saved; only "continue" may point elsewhere
            if not _is_quota_error(err):
                raise
        return rev

    def _put_back(self, before: dict) -> None:
        """Put stored values back as they were (None: there was none)."""
        for k, v in before.items():
            try:
                if v is None:
                    self.store.removeItem(k)
                else:
                    self.store.setItem(k, v)
            except Exception:  # cannot happen for a value that was stored a moment ago
                pass

    def revision(self, game_id: str) -> int:
        """The stored game's revision (0 when it has none or its note is unreadable)."""
        rev = self.meta(game_id).get("rev")
        return rev if _is_int(rev) and rev >= 0 else 0

    def action_count(self, game_id: str) -> int:
        """How many actions the stored game has, from its note (0 if the note does not say)."""
        n = self.meta(game_id).get("n")
        return n if _is_int(n) and n >= 0 else 0

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
        bulk = getattr(self.store, "keys", None)
        if callable(bulk):   # (web/store.js's, through ui.shell.browser: every key in one call)
            return bulk(PREFIX)
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
        """The game's note with only the fields of the right type (a damaged field is left out)."""
        return _clean_meta(self._meta_json(game_id))[0]

    def controllers(self, game_id: str) -> dict[str, str]:
        """Who plays each seat, as noted (``{}`` when unknown)."""
        return dict(self.meta(game_id).get("controllers") or {})

    def _meta_json(self, game_id: str) -> Any:
        v = self.store.getItem(META_KEY + game_id)
        if v is None:
            return {}
        try:
            return load_json(str(v))
        except (RecordError, RecursionError):
            return _NOT_JSON

    def load(self, game_id: str):
        """The game replayed from its save; raises ``RecordError``/``ReplayError`` with the reason."""
        text = self.raw(game_id)
        if text is None:
            raise RecordError("this saved game no longer exists")
        return replay(text)

    def row(self, game_id: str) -> SavedGame:
        """One saved game's row, its note checked against its record (replayed if need be)."""
        return self._entry(game_id)

    def list(self, quick: bool = False) -> list[SavedGame]:
        """Every saved game, newest first, including the ones that cannot be opened (with why).

        ``quick``: a row whose note was written with its summary is taken from the note alone,
        its record not read (home draws a page of rows and checks those, ``row``).

        Also listed, as entries that cannot be opened: keys of another version, and notes that are
        damaged or belong to no game (their ``id`` is the full key, for ``delete_key``).

        An entry's ``error`` is a code and the values its words name (the UI words it,
        ``ui.screens.home.cannot_open``): ``record`` (``why``: the record's own reason, from
        ``replay``), ``no-game`` (a note whose game is gone), ``damaged-note`` (``id``, ``why``),
        ``other-version`` (``version``), ``unreadable`` and ``unopenable`` (``why``: a bug met
        listing or replaying it).

        A quick list is kept until a saved game, a note or a key of another version changes (a
        store that counts its changes, ``store_version``): home drawn again reads nothing (2,000
        notes took 60-70 ms in the page), and after a change only the notes changed are read.
        """
        stamp = store_version(self.store) if quick else None
        if stamp is not None and self._listed[0] is not None and self._unchanged_since(self._listed[0]):
            self._listed = (stamp, self._listed[1])
            return list(self._listed[1])
        entries: list[SavedGame] = []
        bulk = getattr(self.store, "keys", None)
        if stamp is not None and callable(bulk):   # (web/store.js's: not the 10,000 keys of the statistics)
            keys = bulk(GAME_KEY) + bulk(META_KEY) + bulk(PREFIX, PREFIX + VERSION + "/")
        else:
            keys = self.keys()
        games = {k[len(GAME_KEY):] for k in keys if k.startswith(GAME_KEY)}
        notes = self._read_notes([k[len(META_KEY):] for k in keys if k.startswith(META_KEY)])
        rows, self._quick = self._quick, {}
        for k in keys:
            try:
                if k.startswith(GAME_KEY):
                    gid = k[len(GAME_KEY):]
                    meta = notes.get(gid, ({}, None))[0]
                    row = rows.get(gid)
                    if not (quick and row is not None and row[0] is meta):   # (a row from its note: kept while it is the same)
                        row = (meta, self._entry(gid, quick, meta))
                    if quick and meta.get("sig") and "game" in meta:
                        self._quick[gid] = row
                    entries.append(row[1])
                elif k.startswith(META_KEY):
                    gid = k[len(META_KEY):]
                    if gid not in games:
                        entries.append(SavedGame(id=k, error=("no-game", {})))
                    elif notes[gid][1]:
                        entries.append(SavedGame(id=k, error=("damaged-note", {"id": gid, "why": notes[gid][1]})))
                elif k.startswith(PREFIX) and not k.startswith(PREFIX + VERSION + "/"):
                    entries.append(SavedGame(id=k, error=("other-version", {"version": k.split('/')[1]})))
            except Exception as err:  # a bug must not hide the other saves
                entries.append(SavedGame(id=k, error=("unreadable", {"why": f"{type(err).__name__}: {str(err)[:120]}"})))
        entries.sort(key=lambda e: -e.updated)
        if stamp is not None:   # (a note written again meanwhile changed the version: worked out again next time)
            self._listed = (stamp, list(entries))
        return entries

    def _unchanged_since(self, since: int) -> bool:
        """No saved game, note or key of another version changed after the store's version was
        ``since`` (a store that cannot tell: only when it is still that version)."""
        if store_version(self.store) == since:
            return True
        probe = getattr(self.store, "changed_since", None)
        return callable(probe) and not (probe(since, GAME_KEY) or probe(since, META_KEY)
                                        or probe(since, PREFIX, PREFIX + VERSION + "/"))

    def _read_notes(self, ids: list[str]) -> dict[str, tuple[dict, Optional[str]]]:
        """The notes of ``ids``, checked (``_clean_meta``): each parsed once while its text is the
        same, and the new ones parsed together, as one JSON array (one parse for 2,000 notes).
        From web/store.js's store, every note in one call, or only those changed since the last
        call when it counts its changes (``store_version``)."""
        bulk = getattr(self.store, "values", None)
        stamp = store_version(self.store) if callable(bulk) else None
        since = self._notes_seen if stamp is not None else None
        texts = (bulk(META_KEY) if since is None else bulk(META_KEY, since)) if callable(bulk) else {}
        self._notes_seen = stamp
        texts = {gid: texts[META_KEY + gid] if META_KEY + gid in texts
                 else self._notes[gid][0] if since is not None and gid in self._notes
                 else self.store.getItem(META_KEY + gid) for gid in ids}
        new = [gid for gid in ids if gid not in self._notes or self._notes[gid][0] != texts[gid]]
        try:   # (one bad note: each is parsed on its own below)
            parsed = load_json("[" + ",".join(str(texts[gid]) for gid in new) + "]", max_bytes=1 << 28, what="notes")
            assert len(parsed) == len(new)
        except (RecordError, RecursionError, AssertionError):
            parsed = [self._meta_json(gid) for gid in new]
        for gid, obj in zip(new, parsed):
            self._notes[gid] = (texts[gid], _clean_meta(obj))
        return {gid: self._notes[gid][1] for gid in ids if texts[gid] is not None}

    def _entry(self, game_id: str, quick: bool = False, meta: Optional[dict] = None) -> SavedGame:
        meta = self.meta(game_id) if meta is None else meta
        e = SavedGame(id=game_id, updated=meta.get("updated", 0.0), controllers=dict(meta.get("controllers") or {}))
        quick = quick and bool(meta.get("sig")) and "game" in meta
        raw = "" if quick else self.raw(game_id) or ""
        sig = meta["sig"] if quick else _sig(raw)
        if meta.get("sig") and meta["sig"] == sig and "game" in meta:
            # written by this app with its summary: no need to replay it just to list it
            e.game, e.players = meta.get("game"), [p[:NAME_MAX] for p in meta.get("players") or []]
            e.over, e.totals = bool(meta.get("over")), str(meta.get("totals") or "")
            return e
        # A note missing, damaged or of another record: the game is replayed once, and the row
        # kept (and, when the note can be rewritten, noted), so a redraw never replays it again.
        kept = self._rows.get(game_id)
        if kept is not None and kept[0] == sig:
            row = kept[1]
            return SavedGame(id=game_id, game=row.game, players=list(row.players), totals=row.totals,
                             updated=e.updated, controllers=e.controllers, error=row.error, over=row.over)
        e, n = self._replayed_entry(game_id, raw, e)
        self._rows[game_id] = (sig, e)
        if e.error is None:
            self._renote(game_id, raw, sig, e, n)
        return e

    def _renote(self, game_id: str, raw: str, sig: str, e: SavedGame, n: int) -> None:
        """Write a missing or outdated note again from a replayed row: only the fields derived from
        the record change, every other field is kept as written.  A damaged note is left as it is
        (listed, for the person to delete); so is one that another window changed meanwhile.  A
        full store only means the row is worked out again next time."""
        note = self.store.getItem(META_KEY + game_id)
        obj = self._meta_json(game_id)
        if _clean_meta(obj)[1] or self.raw(game_id) != raw:
            return
        fields = dict(obj)   # every field kept as written (one a later version added too)
        fields.update(sig=sig, game=e.game, players=list(e.players), over=e.over, totals=e.totals, n=n)
        try:
            if self.store.getItem(META_KEY + game_id) == note:
                self.store.setItem(META_KEY + game_id, json.dumps(fields))
        except Exception:  # full, or storage refused: nothing is lost, the row is still shown
            pass

    def _replayed_entry(self, game_id: str, raw: str, e: SavedGame) -> tuple[SavedGame, int]:
        """The row of a game, from replaying its record (or why it cannot be opened), and the
        number of its actions."""
        try:
            game = self.load(game_id)
        except (RecordError, ReplayError) as err:
            e.error = ("record", {"why": str(err)[:300]})
            try:
                data = load_json(raw)
                g = data.get("game") if isinstance(data, dict) else None
                e.game = g if isinstance(g, str) else None
            except (RecordError, RecursionError):
                pass
            return e, 0
        except Exception as err:  # a bug must not hide the other saves
            e.error = ("unopenable", {"why": f"{type(err).__name__}: {str(err)[:120]}"})
            return e, 0
        e.game = game.name
        rec = game.to_record()
        e.players = [p[:NAME_MAX] for p in rec.get("players") or []]  # the list shows names, not essays
        s = game.summary()
        e.over = bool(s.get("over"))
        e.totals = totals_text(s, e.players)
        return e, len(rec.get("actions") or [])


_NOT_JSON = object()


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _clean_meta(m: Any) -> tuple[dict, Optional[str]]:
    """A note's fields that have the right type, and the first problem found (None if none)."""
    if m is _NOT_JSON:
        return {}, "not JSON"
    if not isinstance(m, dict):
        return {}, "not an object"
    out: dict[str, Any] = {}
    problems = []
    checks = {
        "updated": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool) and v == v and abs(v) < 1e13,
        "controllers": lambda v: isinstance(v, dict) and all(isinstance(x, str) for x in v.values()),
        "rev": _is_int, "n": _is_int, "sig": lambda v: isinstance(v, str),
        "game": lambda v: isinstance(v, str), "over": lambda v: isinstance(v, bool),
        "totals": lambda v: isinstance(v, str),
        "players": lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v),
    }
    for k, ok in checks.items():
        if k in m:
            if ok(m[k]):
                out[k] = m[k]
            else:
                problems.append(f"{k} is {_kind(m[k])}")
    if "updated" in out:
        out["updated"] = float(out["updated"])
    if problems and "sig" in out:
        del out["sig"]  # the summary fields cannot be trusted: list the game by replaying it
    return out, ("; ".join(problems) if problems else None)


def _kind(v: Any) -> str:
    if v is None:
        return "null"
    if isinstance(v, str):
        return "the text " + (json.dumps(v[:20], ensure_ascii=False) + ("…" if len(v) > 20 else ""))
    return {bool: "true/false", int: "a number", float: "a number", list: "a list", dict: "an object"}.get(
        type(v), type(v).__name__)


def _sig(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def totals_text(summary: dict, players: list[str]) -> str:
    """A one-line score for the saved-games list: ``hand 3 · Ana 120 · Ben 80 · Chloé -40``
    (the hand being played, or how many were played once the game is over)."""
    hands = summary.get("hands")
    n = len(hands) if isinstance(hands, list) else 0
    where = (f"{n} hand{'s' if n != 1 else ''}" if summary.get("over") else f"hand {n + 1}") + " · "
    if "totals" in summary and isinstance(summary["totals"], dict):
        parts = []
        for key, value in summary["totals"].items():
            parts.append(f"{_label(key, players)} {value}")
        return where + " · ".join(parts)
    if "lead" in summary:
        b = summary.get("baazis", {})
        return where + f"lead {summary['lead']:+d} · baazis " + " / ".join(f"{_label(k, players)} {v}" for k, v in b.items())
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
