"""The statistics kept in the browser's store: one key per game, so that they only grow.

Pure Python over a Web-Storage-like store (``getItem``/``setItem``/``removeItem``/``key``/
``length``: web/store.js's store over IndexedDB in the page, ``storage.DictStore`` in tests).  The
figures themselves are ``cardtable.stats``'s; this module decides where they live.

Keys
    ``cardtable/v1/stats/<game key>``
        one game's entry (``stats.dump_entry``, about 2 KB): counting a finished hand reads and
        writes this key only, so there is no wall at the 2 MB a single value may hold, and two
        windows counting different games never write the same value;
    ``cardtable/v1/stats``
        the single ``cardtable-stats/1`` store of earlier versions: the first time it is read
        (``migrate``) its games are moved, a batch at a time, to the keys above, the old value
        shrinking as they go, and it is removed once all are moved -- nothing is lost if storage
        fills up on the way (what is not moved yet stays where it was, and is still counted);
    ``cardtable/v1/aside/<id>`` and ``cardtable/v1/aside-why/<id>``
        a value that could not be read, exactly as it was, and why
        (``{"key": <where it was>, "reason": ..., "when": <seconds>}``).

Nothing unreadable is ever overwritten: a game's entry or an old store that cannot be read is set
aside with its reason before its key is written again, and when even that cannot be written
(storage full) nothing is written.  The Statistics screen names what was set aside; *Export all my
data* keeps it.  A store written by a later version (``cardtable-stats/2``...) is left as it is.
"""

from __future__ import annotations

import copy
import json
import time
from typing import Any, Optional

from .. import stats
from ..game import RecordError
from ..record import format_kind, load_json
from . import stats_sum

ENTRY_KEY = "cardtable/v1/stats/"
OLD_KEY = stats.STATS_KEY
ASIDE_KEY = "cardtable/v1/aside/"
ASIDE_WHY_KEY = "cardtable/v1/aside-why/"
STATS_ASIDE = "v1-stats"
"""How the id of statistics set aside begins (``set_aside`` names it after the key it comes from)."""
BATCH = 200
"""Games moved from the old store between two rewrites of what is left of it."""


UNCOUNTED_KEY = "cardtable/v1/uncounted"
"""The games whose latest hands could not be counted (the store was full), a JSON list of game
keys: kept until they are counted, across reloads (in the page, in localStorage: web/store.js)."""


class StoreFull(Exception):
    """The store refused a write (quota); what was written before stays (``done``: the games
    ``write_entries`` had written or found complete before it)."""

    def __init__(self, why: str = "", done: Optional[list] = None, total: int = 0):
        super().__init__(why)
        self.done = done or []
        self.total = total   # how many games there were to write


# ---- reading ------------------------------------------------------------------------------------

def _keys(store: Any) -> list[str]:
    return stats_sum.keys(store)


def _get(store: Any, key: str) -> Optional[str]:
    v = store.getItem(key)
    return None if v is None else str(v)


def entry_keys(store: Any) -> list[str]:
    """The game keys that have an entry in ``store``."""
    return [k[len(ENTRY_KEY):] for k in _keys(store) if k.startswith(ENTRY_KEY)]


def load(store: Any, now: Optional[float] = None) -> tuple[dict, list[tuple[str, dict]]]:
    """Every readable game's entry (a ``cardtable-stats/1`` store in memory) and the problems met
    (``[]`` when none): ``migrate``'s, ``damaged`` (games left out) and ``unreadable`` (nothing
    could be read), these two with their reason in English as ``cardtable.stats`` gives its own
    (``why``).  Moves an old single store first (``migrate``).  Never raises."""
    problems = []
    try:
        moved = migrate(store, now)
        if moved:
            problems.append(moved)
        data = stats.new_stats()
        bad = []
        for key in entry_keys(store):
            entry, why = stats.read_entry(key, _get(store, ENTRY_KEY + key))
            if entry is not None:
                data["games"][key] = entry
            elif why:
                bad.append(f"{key[:24]}: {why}")
        old = _get(store, OLD_KEY)
        if old is not None:   # not moved yet (storage full) or a later version's: still counted if readable
            stats.merge_stats(data, stats.parse_stats(old)[0])
        if bad:
            problems.append(("damaged", {"why": f"{len(bad)} damaged game{'s' if len(bad) != 1 else ''} left out ("
                                                + "; ".join(bad[:3]) + ("…" if len(bad) > 3 else "") + ")"}))
    except Exception as err:  # storage disabled by the browser, or a bug: statistics never stop the app
        why = f"the statistics could not be read ({type(err).__name__}: {str(err)[:120]})"
        return stats.new_stats(), [("unreadable", {"why": why})]
    return data, problems


def asides(store: Any) -> list[dict]:
    """What was set aside: ``[{"id", "key", "reason", "when", "size"}, ...]``, oldest first."""
    out = []
    for k in _keys(store):
        if not k.startswith(ASIDE_WHY_KEY):
            continue
        ident = k[len(ASIDE_WHY_KEY):]
        try:
            why = load_json(_get(store, k) or "", max_bytes=10_000, what="a note")
        except RecordError:
            why = {}
        why = why if isinstance(why, dict) else {}
        kept = _get(store, ASIDE_KEY + ident)
        when = why.get("when")
        out.append({"id": ident, "key": str(why.get("key", "?"))[:80], "reason": str(why.get("reason", "?"))[:300],
                    "when": when if isinstance(when, (int, float)) and not isinstance(when, bool) else 0.0,
                    "size": len(kept) if kept is not None else 0})
    return sorted(out, key=lambda a: a["when"])


# ---- writing ------------------------------------------------------------------------------------

def _set(store: Any, key: str, value: str) -> None:
    try:
        store.setItem(key, value)
    except Exception as err:  # the browser raises a JS DOMException (QuotaExceededError)
        raise StoreFull(str(err)[:120]) from None


def set_aside(store: Any, key: str, text: str, reason: str, now: Optional[float] = None) -> bool:
    """Move the value of ``key`` (``text``) under an aside key with ``reason``; False, changing
    nothing, when the store has no room for it."""
    when = time.time() if now is None else now
    ident = f"{key.removeprefix('cardtable/').replace('/', '-')[:60]}-{int(when * 1000):x}"
    try:
        _set(store, ASIDE_KEY + ident, text)
        _set(store, ASIDE_WHY_KEY + ident, json.dumps({"key": key, "reason": reason[:300], "when": when},
                                                      ensure_ascii=False))
    except StoreFull:
        store.removeItem(ASIDE_KEY + ident)
        return False
    store.removeItem(key)
    return True


def write_entries(store: Any, entries: dict, now: Optional[float] = None) -> tuple[list[str], int]:
    """Merge each game's entry into its key (``stats.merge_entry``: hands already counted stay,
    only new ones are added), and the summaries with them (``stats_sum``).  Returns the keys now
    holding their game (written or already holding all of it) and how many changed.  Raises
    ``StoreFull`` when the store is full (what was written before stays); an entry that cannot be
    set aside is passed over."""
    done, changed, added = [], 0, 0
    mark = stats_sum.complete(store)
    sums = stats_sum.Summaries(store, mark) if mark else None
    if sums is None:
        stats_sum.invalidate(store)   # (when being built in steps, not complete now: stats_sum.BUILDING)
    try:
        for key, entry in entries.items():
            text = _get(store, ENTRY_KEY + key)
            old, why = stats.read_entry(key, text)
            if why:
                if not set_aside(store, ENTRY_KEY + key, text or "", f"the statistics of a game could not be read ({why})", now):
                    continue   # never overwrite what cannot be read
                old = None
            before = copy.deepcopy(old) if sums is not None else None
            data = {"games": {key: old} if old is not None else {}}
            if stats.merge_entry(data, key, entry):
                try:
                    _set(store, ENTRY_KEY + key, stats.dump_entry(data["games"][key]))
                except StoreFull as err:
                    raise StoreFull(str(err), done) from None
                if sums is not None:
                    sums.change(key, before, data["games"][key])
                changed += 1
                added += old is None
            done.append(key)
        if added:
            _forget_oldest(store, sums)
    finally:
        if sums is not None:
            stats_sum.run(sums.save_steps())
    return done, changed


def _forget_oldest(store: Any, sums: Optional[stats_sum.Summaries] = None) -> None:
    """Keep at most ``stats.MAX_GAMES`` games: the least recently played go first (found from the
    summaries' count and each index value's oldest game when they are kept, else by reading every
    entry)."""
    if sums is not None:
        while (o := sums.count())["n"] > stats.MAX_GAMES and any(o["min"].values()):
            key = min(v for v in o["min"].values() if v)[1]
            entry, _why = stats.read_entry(key, _get(store, ENTRY_KEY + key))
            sums.forget(key, entry)
            store.removeItem(ENTRY_KEY + key)
        return
    keys = entry_keys(store)
    if len(keys) <= stats.MAX_GAMES:
        return
    updated = {}
    for key in keys:
        entry, _why = stats.read_entry(key, _get(store, ENTRY_KEY + key))
        if entry is not None:      # a damaged entry is not forgotten by counting
            updated[key] = entry["updated"]
    excess = len(keys) - stats.MAX_GAMES
    for key in sorted(updated, key=lambda k: (updated[k], k))[:excess]:
        store.removeItem(ENTRY_KEY + key)


def migrate(store: Any, now: Optional[float] = None) -> Optional[tuple[str, dict]]:
    """Move the single store of earlier versions to one key per game, losing nothing; returns a
    problem to tell the player, a code and its values (None when all went well or there was
    nothing to move): ``later`` (a later version's store, kept as it is: its ``format``),
    ``not-moved`` (storage full on the way: what is not moved yet stays, and is counted) or
    ``kept-full`` (it could not be read, nor set aside for lack of room: the ``reason``)."""
    text = _get(store, OLD_KEY)
    if text is None:
        return None
    if _KEPT.get("store") is store and _KEPT.get("text") == text:   # left where it is (a later version's, or no room): not parsed again
        return _KEPT["problem"]
    return _migrate(store, text, now)


_KEPT: dict = {}
"""A later version's store that ``migrate`` left in place, and why (not parsed again while unchanged)."""


def _migrate(store: Any, text: str, now: Optional[float]) -> Optional[tuple[str, dict]]:
    try:
        raw = load_json(text, max_bytes=stats.MAX_FILE_BYTES, what="statistics")
    except (RecordError, RecursionError) as err:
        return _aside_old(store, text, f"the statistics could not be read ({err})", now)
    kind = format_kind(raw.get("format") if isinstance(raw, dict) else None, stats.FORMAT)
    if kind == "later":
        problem = ("later", {"format": raw["format"][:40]})
        _KEPT.update(store=store, text=text, problem=problem)
        return problem
    if kind == "other" or not isinstance(raw.get("games"), dict):
        return _aside_old(store, text, f'not statistics of Card Table (format is not "{stats.FORMAT}")', now)
    games = raw["games"]
    bad: dict[str, str] = {}
    entries = {}
    for key in list(games):
        entry, why = stats.check_entry(key, games[key])
        if entry is None:
            bad[str(key)[:24]] = why or "damaged"
        else:
            entries[key] = entry
    todo = list(entries)
    while todo:
        try:
            done, _changed = write_entries(store, {k: entries[k] for k in todo[:BATCH]}, now)
        except StoreFull as err:   # storage full: keep what was moved, give its room back, try again
            done = err.done
        for key in done:
            del games[key]
        todo = [k for k in todo if k in games]
        if todo and done:
            try:   # what is left of the old store, smaller: the moved games' room is given back
                _set(store, OLD_KEY, json.dumps(raw, ensure_ascii=False, separators=(",", ":")))
            except StoreFull:
                done = []
        if not done:
            return ("not-moved", {})
    if not games:
        store.removeItem(OLD_KEY)
        return None
    reason = (f"{len(bad)} damaged game{'s' if len(bad) != 1 else ''} of the statistics of an earlier version ("
              + "; ".join(f"{k}: {v}" for k, v in list(bad.items())[:3]) + ("…" if len(bad) > 3 else "") + ")")
    return _aside_old(store, json.dumps(raw, ensure_ascii=False, separators=(",", ":")), reason, now)


def _aside_old(store: Any, text: str, reason: str, now: Optional[float]) -> Optional[tuple[str, dict]]:
    """Set the old store aside; None when done (``asides`` tells the player), else why not."""
    if set_aside(store, OLD_KEY, text, reason, now):
        return None
    return ("kept-full", {"reason": reason})


def record_game(store: Any, record: dict, controllers: Optional[dict] = None,
                now: Optional[float] = None, hands_done: Optional[int] = None,
                read: Optional[tuple] = None) -> bool:
    """Count the finished hands of a game (idempotent); True when the store changed.

    Reads and writes the game's own key only.  With ``hands_done`` (the live game's finished
    hands), a game whose hands are all counted already is passed over after replaying its first
    hand only.  Never raises for a full or unreadable store: statistics are a bonus, the game goes on.
    """
    try:
        migrate(store, now)
    except Exception:   # storage disabled: counting below fails the same way, quietly
        pass
    if hands_done is not None and counted_already(store, record, hands_done):
        return False
    # ``read``: what stats.read_game gives for this record, already worked out (the app does it
    # in slices, stats.read_game_steps, so a long game is counted without a long task)
    key, entry = read or stats.read_game(record, controllers, time.time() if now is None else now)
    if entry is None:
        return False
    try:
        changed = write_entries(store, {key: entry}, now)[1] > 0
    except StoreFull:   # full: the statistics stay as they were, and the screen says so
        not_counted(store, [key])
        return False
    not_counted(store, [], counted=key)
    return changed


def uncounted(store: Any) -> list[str]:
    """The games whose latest hands are not counted yet (``UNCOUNTED_KEY``)."""
    try:
        keys = load_json(_get(store, UNCOUNTED_KEY) or "[]", max_bytes=1_000_000, what="a list")
    except (RecordError, RecursionError):
        return []
    return [k for k in keys if isinstance(k, str)] if isinstance(keys, list) else []


def not_counted(store: Any, keys: list[str], counted: Optional[str] = None) -> None:
    """Note ``keys`` as games with hands not counted yet, and ``counted`` as counted now."""
    old = uncounted(store)
    new = [k for k in dict.fromkeys(old + keys) if k != counted]
    if new == old:
        return
    try:
        if new:
            store.setItem(UNCOUNTED_KEY, json.dumps(new))
        else:
            store.removeItem(UNCOUNTED_KEY)
    except Exception:   # no room even for this: said in this visit only
        pass


def counted_already(store: Any, record: dict, hands_done: int) -> bool:
    """Whether ``hands_done`` hands of this game, and the hints its record lists, are counted
    already (reads its key only)."""
    key = stats.game_key(record)
    if key is None:
        return False
    known, _why = stats.read_entry(key, _get(store, ENTRY_KEY + key))
    if known is None or len(known["hands"]) < hands_done:
        return False
    counted = known.get("hints", {})
    return all(counted.get(s, 0) >= n for s, n in stats.hints_used(record).items())


def import_text(store: Any, text: str) -> tuple[int, int]:
    """Add a statistics file to the store: ``(games new or longer, games in the file)``.

    Raises ``stats.StatsError`` saying why for a file that is not statistics or is damaged
    (nothing of it is used then), ``StoreFull`` when storage filled up (the games written
    before stay: importing the file again goes on where it stopped)."""
    other = stats.read_stats_file(text)
    migrate(store)
    try:
        _done, changed = write_entries(store, other["games"])
    except StoreFull as err:
        raise StoreFull(str(err), err.done, len(other["games"])) from None
    return changed, len(other["games"])


def export_text(store: Any) -> str:
    """Every readable game as a statistics file's text (``cardtable-stats/1``)."""
    return stats.dump_stats(load(store)[0])


def reset(store: Any) -> None:
    """Forget every statistic, and the statistics set aside (the saved games stay)."""
    aside = (ASIDE_KEY + STATS_ASIDE, ASIDE_WHY_KEY + STATS_ASIDE)
    for k in _keys(store):
        if k in (OLD_KEY, UNCOUNTED_KEY) or k.startswith((ENTRY_KEY, *aside)) or stats_sum.derived(k):
            store.removeItem(k)
    stats_sum.rebuild(store)   # (no entries left: the empty summaries, marked valid)
