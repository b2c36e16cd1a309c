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
* a saved game this browser has too is replaced only by a longer one (more actions), with its
  note; a newer game is never replaced by an older one;
* statistics are merged game by game (``stats.merge_entry``: hands only ever added);
* settings, the game to continue and anything else already here stay as they are.

A file that is not a backup changes nothing and says why; a restore the storage has no room for
is undone (every value written is put back) and says so.
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass
from typing import Any, Optional

from .. import stats
from ..game import RecordError
from ..record import format_kind, load_json
from . import stats as stats_store
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
    games_longer: int = 0
    games_kept: int = 0        # here already, and as long or longer
    stats_games: int = 0       # statistics of games new or longer
    other: int = 0             # settings, notes, values set aside ... that were not here


def _keys(store: Any) -> list[str]:
    out = []
    for i in range(int(store.length)):
        k = store.key(i)
        if k is not None and str(k).startswith(PREFIX):
            out.append(str(k))
    return out


def export_all(store: Any, now: Optional[float] = None) -> str:
    """Every stored value under ``cardtable/`` as a backup file's text."""
    entries = {}
    for k in _keys(store):
        v = store.getItem(k)
        if v is not None:
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
    nothing for a bad file or a storage that has no room for it."""
    entries = read_backup(text)
    here = {k: store.getItem(k) for k in _keys(store)}
    here = {k: str(v) for k, v in here.items() if v is not None}
    done = Restored()
    writes: dict[str, str] = {}
    for key, value in entries.items():
        if key.startswith(GAME_KEY):
            gid = key[len(GAME_KEY):]
            if key not in here:
                writes[key] = value
                if META_KEY + gid in entries and META_KEY + gid not in here:
                    writes[META_KEY + gid] = entries[META_KEY + gid]
                done.games_added += 1
            elif value == here[key] or _actions(here[key]) < 0 or _actions(value) <= _actions(here[key]):
                done.games_kept += 1   # as long here, or here and unreadable: never written over
            else:   # the file's copy of this game goes further: it and its note replace the older one
                writes[key] = value
                writes[META_KEY + gid] = _bumped_note(entries.get(META_KEY + gid), here.get(META_KEY + gid))
                done.games_longer += 1
        elif key.startswith(stats_store.ENTRY_KEY) or key == stats.STATS_KEY:
            if key not in here and not _all_readable(key, value):
                writes[key] = value    # unreadable in the file too: kept as it is, never dropped
                done.other += 1
            continue   # readable statistics are merged below
        elif key.startswith(META_KEY):
            continue   # written with its game
        elif key not in here:
            writes[key] = value
            done.other += 1
    games = _stats_of(entries)
    for gkey, entry in games.items():
        skey = stats_store.ENTRY_KEY + gkey
        old, why = stats.read_entry(gkey, here.get(skey))
        if why:
            continue   # what is here cannot be read: it is kept, not overwritten
        data = {"games": {gkey: old} if old is not None else {}}
        if stats.merge_entry(data, gkey, entry):
            writes[skey] = stats.dump_entry(data["games"][gkey])
            done.stats_games += 1
    _write_all(store, writes, here)
    return done


def _all_readable(key: str, value: str) -> bool:
    """Whether a statistics value of a backup is read whole (else it is restored as it is too)."""
    if key == stats.STATS_KEY:
        return stats.parse_stats(value)[1] is None
    return stats.read_entry(key[len(stats_store.ENTRY_KEY):], value)[1] is None


def _actions(text: Optional[str]) -> int:
    """How many actions a stored record has (-1 when it cannot be read)."""
    try:
        data = load_json(text or "")
    except RecordError:
        return -1
    actions = data.get("actions") if isinstance(data, dict) else None
    return len(actions) if isinstance(actions, list) else -1


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


def _write_all(store: Any, writes: dict[str, str], here: dict[str, str]) -> None:
    """Write every value, or none: on a full storage, what was written is put back."""
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
        raise BackupError("storage is full: nothing was restored (delete old saved games, or use another browser)") from None
