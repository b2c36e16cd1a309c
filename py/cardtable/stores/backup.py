"""Back up everything, restore without losing anything: *Export all my data* and *Restore*.

Pure Python over a Web-Storage-like store (as ``storage``): the Settings screen offers both.

The backup file (``cardtable-backup/1``)::

    {"format": "cardtable-backup/1", "written": 1764000000.0,
     "entries": {"cardtable/v1/game/<id>": "<the stored text>", "cardtable/v1/meta/<id>": "...",
                 "cardtable/v1/settings": "...", "cardtable/v1/stats/<game key>": "...", ...}}

``entries`` is every stored value under ``cardtable/`` exactly as stored (saves and their notes,
settings and language, statistics, values set aside, entries of other versions), so nothing the
app cannot read yet is left out.  The boot screen's rescue file (web/rescue.js: the same entries
as a bare object) is read too.

Restoring merges, entry by entry, and never loses what is here:

* a key this browser does not have is written as it is in the file;
* a saved game this browser has too (``merge_game``) is replaced only by a copy that goes on from
  it (its actions and deals first), with its note; a copy that split from it (as after an Undo,
  whichever was played last) is kept beside it under an id of its own (``beside_id``), so
  nothing played on either side is lost;
* statistics are merged game by game (``stats.merge_entry``: hands only ever added);
* settings, the game to continue and anything else already here stay as they are.

A file that is not a backup changes nothing and says why.  A restore never fails whole: a game
(with its note) or a game's statistics that storage has no room for is not written, and counted
(``Restored.not_fitted``); everything that fits is.
"""

from __future__ import annotations

import hashlib
import json
import re
import time
from dataclasses import dataclass, field
from typing import Any, Optional

from .. import stats
from ..game import RecordError
from ..record import format_kind, load_json
from . import stats as stats_store, stats_sum
from .saves import GAME_KEY, META_KEY, PREFIX

FORMAT = "cardtable-backup/1"
MAX_BACKUP_BYTES = 100_000_000
"""The largest backup read: far more than a browser lets a site keep in localStorage."""


class BackupError(ValueError):
    """A backup that cannot be restored; ``str(err)`` says why in a player's words."""


@dataclass
class Restored:
    """What a restore did, counted."""

    games_added: int = 0
    games_longer: int = 0      # the copy here replaced by the backup's, which goes on from it
    games_kept: int = 0        # here already, with everything the backup's copy holds
    games_beside: int = 0      # split from the copy here (as after an Undo): kept beside it
    stats_games: int = 0       # statistics of games new or longer
    other: int = 0             # settings, notes, values set aside ... that were not here
    not_fitted: dict = field(default_factory=dict)   # what storage had no room for: games, stats, other
    games_in_file: int = 0


def _keys(store: Any) -> list[str]:
    return stats_sum.keys(store)   # (every key under PREFIX)


def export_all(store: Any, now: Optional[float] = None) -> str:
    """Every stored value under ``cardtable/`` as a backup file's text (but the statistics'
    summaries, worked out again from the entries)."""
    entries = {}
    for k in _keys(store):
        v = store.getItem(k)
        if v is not None and not stats_sum.derived(k):
            entries[k] = str(v)
    return json.dumps({"format": FORMAT, "written": time.time() if now is None else now, "entries": entries},
                      ensure_ascii=False, indent=0)


def looks_like_backup(text: str) -> bool:
    """Whether a file's text claims to be a backup (the home screen's import passes it to Restore)."""
    return re.search(r'"format"\s*:\s*"cardtable-backup/', text[:400]) is not None


def read_backup(text: str) -> dict[str, str]:
    """The entries of a backup file (or of the boot screen's rescue file), checked; raises
    ``BackupError`` saying why."""
    try:
        raw = load_json(text, max_bytes=MAX_BACKUP_BYTES, what="a backup")
    except RecordError as err:
        raise BackupError(f"not a backup of Card Table: {err}") from None
    if not isinstance(raw, dict):
        raise BackupError("not a backup of Card Table (a backup is a JSON object)")
    if "format" in raw:
        kind = format_kind(raw["format"], FORMAT)
        if kind == "later":
            raise BackupError(f"a backup of another version of Card Table ({raw['format'][:40]})")
        if kind == "other":
            raise BackupError(f'not a backup of Card Table (format is not "{FORMAT}")')
        entries = raw.get("entries")
    else:
        entries = raw    # the rescue file: the stored entries themselves
    if not isinstance(entries, dict) or not entries:
        raise BackupError("not a backup of Card Table (it holds no saved data)")
    for k, v in entries.items():
        if not k.startswith(PREFIX) or not isinstance(v, str):
            raise BackupError(f"not a backup of Card Table (the entry {k[:40]!r} is not one of its saved values)")
    return entries


def restore(store: Any, text: str) -> Restored:
    """Merge a backup into ``store`` (see the module's rules); raises ``BackupError`` and changes
    nothing for a bad file.  What the storage has no room for is counted, not written; the rest is."""
    entries = read_backup(text)
    here = {k: store.getItem(k) for k in _keys(store)}
    here = {k: str(v) for k, v in here.items() if v is not None}
    done = Restored(games_in_file=sum(k.startswith(GAME_KEY) for k in entries))
    groups: list[tuple[str, dict[str, str]]] = []   # (kind, values written together or not at all)
    for key, value in entries.items():
        if key.startswith(GAME_KEY):
            gid = key[len(GAME_KEY):]
            note = entries.get(META_KEY + gid)
            how = merge_game(here.get(key), value)
            if how == "beside":
                gid = beside_id(gid, value)
                if here.get(GAME_KEY + gid) == value:
                    how = "keep"
            if how == "keep":
                done.games_kept += 1
                continue
            writes = {GAME_KEY + gid: value}
            if how == "replace":
                writes[META_KEY + gid] = _bumped_note(note, here.get(META_KEY + gid))
            elif note is not None:
                writes[META_KEY + gid] = note
            groups.append((how, writes))
        elif key.startswith(stats_store.ENTRY_KEY) or key == stats.STATS_KEY:
            if key not in here and not _all_readable(key, value):
                groups.append(("other", {key: value}))   # unreadable in the file too: kept as it is, never dropped
        elif not key.startswith(META_KEY) and key not in here and not stats_sum.derived(key):   # (a note is written with its game; summaries are worked out here)
            groups.append(("other", {key: value}))
    for gkey, entry in _stats_of(entries).items():
        skey = stats_store.ENTRY_KEY + gkey
        old, why = stats.read_entry(gkey, here.get(skey))
        if why:
            continue   # what is here cannot be read: it is kept, not overwritten
        data = {"games": {gkey: old} if old is not None else {}}
        if stats.merge_entry(data, gkey, entry):
            groups.append(("stats", {skey: stats.dump_entry(data["games"][gkey])}))
    if any(how == "stats" for how, _w in groups):
        stats_sum.invalidate(store)   # entries written apart from the summaries: built again once
    for how, writes in groups:
        fitted = _write_group(store, writes, here)
        attr = {"add": "games_added", "replace": "games_longer", "beside": "games_beside",
                "stats": "stats_games", "other": "other"}[how]
        if fitted:
            setattr(done, attr, getattr(done, attr) + 1)
        else:
            kind = "stats" if how == "stats" else "other" if how == "other" else "games"
            done.not_fitted[kind] = done.not_fitted.get(kind, 0) + 1
    return done


def merge_game(here: Optional[str], theirs: str) -> str:
    """How a backup's copy of a saved game joins the one stored under the same id: ``add`` (none
    here), ``keep`` (the same, or everything in it is here already), ``replace`` (the copy here is
    where the backup's was earlier: the backup's goes on from it), or ``beside`` (they split, as
    after an Undo, or one cannot be read: the backup's is kept beside, under an id of its own).
    Whichever was played last, a copy is only ever replaced by one that holds all of it, so an
    older copy never writes over a newer one, and length alone decides nothing."""
    if here is None:
        return "add"
    if theirs == here:
        return "keep"
    a, b = _parsed(here), _parsed(theirs)
    if a is None or b is None:
        return "beside"   # never written over, never dropped
    if _continues(b, a):
        return "keep"      # the backup's copy is where this one was earlier
    if _continues(a, b):
        return "replace"   # this copy is where the backup's was earlier: nothing here is lost
    return "beside"


def beside_id(gid: str, text: str) -> str:
    """The id a backup's copy that split from the stored game is kept under (the same each time the
    same backup is restored)."""
    return f"{gid[:80]}-{hashlib.sha256(text.encode('utf-8')).hexdigest()[:8]}"


def _parsed(text: str) -> Optional[dict]:
    try:
        data = load_json(text)
    except RecordError:
        return None
    ok = isinstance(data, dict) and isinstance(data.get("actions"), list)
    return data if ok and isinstance(data.get("deals", []), list) else None


def _continues(short: dict, long: dict) -> bool:
    """Whether ``long`` is ``short`` played further: the same game, with ``short``'s actions and
    deals first."""
    same = all(short.get(k) == long.get(k) for k in ("format", "game", "options", "players", "seed"))
    def starts(field: str) -> bool:
        a, b = short.get(field) or [], long.get(field) or []
        return len(a) <= len(b) and b[:len(a)] == a
    return same and starts("actions") and starts("deals")


def _all_readable(key: str, value: str) -> bool:
    """Whether a statistics value of a backup is read whole (else it is restored as it is too)."""
    if key == stats.STATS_KEY:
        return stats.parse_stats(value)[1] is None
    return stats.read_entry(key[len(stats_store.ENTRY_KEY):], value)[1] is None


def _bumped_note(theirs: Optional[str], ours: Optional[str]) -> str:
    """The file's note of a game, with a revision above this browser's (so a window that has the
    older copy open follows the restored one rather than writing over it)."""
    def rev(text: Optional[str]) -> int:
        try:
            v = load_json(text or "", max_bytes=100_000, what="a note").get("rev")
        except (RecordError, AttributeError):
            return 0
        return v if isinstance(v, int) and not isinstance(v, bool) else 0
    try:
        note = load_json(theirs or "", max_bytes=100_000, what="a note")
    except RecordError:
        note = None
    note = note if isinstance(note, dict) else {"updated": time.time()}
    note["rev"] = max(rev(theirs), rev(ours)) + 1
    return json.dumps(note)


def _stats_of(entries: dict[str, str]) -> dict[str, dict]:
    """Every readable game of statistics in a backup's entries (per-game keys, and the single
    store of earlier versions)."""
    out: dict[str, dict] = {}
    data = stats.new_stats()
    if stats.STATS_KEY in entries:
        data = stats.parse_stats(entries[stats.STATS_KEY])[0]
    for key, value in entries.items():
        if key.startswith(stats_store.ENTRY_KEY):
            gkey = key[len(stats_store.ENTRY_KEY):]
            entry, _why = stats.read_entry(gkey, value)
            if entry is not None:
                stats.merge_entry(data, gkey, entry)
    out.update(data["games"])
    return out


def _write_group(store: Any, writes: dict[str, str], here: dict[str, str]) -> bool:
    """Write values that go together (a game and its note), or none of them: on a full storage
    what was written is put back, and False."""
    written = []
    try:
        for key, value in writes.items():
            store.setItem(key, value)
            written.append(key)
    except Exception:
        for key in reversed(written):
            if key in here:
                store.setItem(key, here[key])
            else:
                store.removeItem(key)
        return False
    return True
