"""The statistics' summaries, kept as games are counted, so the Statistics screen reads a few
values instead of every game's entry (10,000 games: one 22 s task before).

Pure Python over the same Web-Storage-like store as ``stores.stats``.  The summary of a game
kind is the sum of each entry's part (``part``): so counting a hand takes a game's old part away
and adds its new one, and dropping a game takes its part away.  What depends on the order of the
games (a player's name as last spelt, the wins after each finished game, the latest game) is
worked out when drawn from a small digest of each game kept in an index.

Keys
    ``cardtable/v1/stats-sum``: ``{"v": VERSION}`` -- the summaries below are complete.  Without
    it (an older store, a restore, a write refused half way) they are built again once from every
    entry (``rebuild``), and not kept up meanwhile;
    ``cardtable/v1/stats-sum/<game>``: per player key ``{"c": {figure: n}, "a": {level: [games,
    won, hands, hands won]}}``;
    ``cardtable/v1/stats-idx/<0-f>``: a sixteenth of the games (by their key's last character),
    ``{key: [game, updated, [[player key, name, won (1, 0, or None before the end)], ...]]}``.

    >>> from cardtable.stores.saves import DictStore
    >>> from cardtable.stores import stats as stats_store
    >>> store = DictStore()
    >>> rebuild(store), valid(store)
    (0, True)
    >>> entry = {"game": "seep", "players": ["Ana", "Ben"], "controllers": {"p0": "human", "p1": "casual"},
    ...          "sides": {"p0": "p0", "p1": "p1"}, "over": True, "winner": "p0", "hints": {}, "updated": 5.0,
    ...          "hands": [{"score": {"p0": 60, "p1": 40}, "sweeps": {"p0": 1, "p1": 0}, "built": {"p0": 0, "p1": 1},
    ...                     "captured": {"p0": 0, "p1": 0}, "baazi": "p0"}]}
    >>> stats_store.write_entries(store, {"k1": entry})
    (['k1'], 1)
    >>> ana = run(summarize_steps(store))[0]["seep"]["ana"]
    >>> ana.hands, ana.won, ana.sweeps, ana.win_history
    (1, 1, 1, [True])
"""

from __future__ import annotations

import json
import os
from dataclasses import fields
from typing import Any, Optional

from .. import stats
from ..game import RecordError
from ..record import load_json

ENTRY_KEY = "cardtable/v1/stats/"
"""Where each game's entry is (``stores.stats.ENTRY_KEY``)."""
SUM_KEY = "cardtable/v1/stats-sum"
KIND_KEY = SUM_KEY + "/"
INDEX_KEY = "cardtable/v1/stats-idx/"
OLDEST_KEY = INDEX_KEY + "oldest"
"""``{"n": games in the index, "min": {bucket: [updated, key] of its least recently played}}``, so
forgetting the oldest game past ``stats.MAX_GAMES`` reads one index value, not sixteen."""
VERSION = 1
FIGURES = [f.name for f in fields(stats.PlayerStats) if f.type in ("int", int)]


def derived(key: str) -> bool:
    """Whether a stored key is a summary (worked out from the entries, never restored from a file)."""
    return key == SUM_KEY or key.startswith((KIND_KEY, INDEX_KEY))


def keys(store: Any) -> list[str]:
    """The app's keys in the store: in one call when the store can (web/store.js's, 12,000 keys)."""
    bulk = getattr(store, "keys", None)
    if callable(bulk):
        return bulk("cardtable/")
    return [str(k) for k in map(store.key, range(int(store.length))) if k is not None and str(k).startswith("cardtable/")]


def bucket(key: str) -> str:
    return "0123456789abcdef"[ord(key[-1]) % 16] if key else "0"


_PARSED: dict = {}
"""The index values last read for the screen, by key: (text, value), so reopening Statistics parses
only what changed (never handed to ``Summaries``, which changes what it reads)."""


def _read(store: Any, key: str, kept: bool = False) -> Any:
    text = store.getItem(key)
    if text is None:
        return None
    text = str(text)
    if kept and _PARSED.get(key, ("",))[0] == text:
        return _PARSED[key][1]
    try:
        value = load_json(text, max_bytes=64_000_000, what="statistics summaries")
    except (RecordError, RecursionError):
        return None
    if kept:
        _PARSED[key] = (text, value)
    return value


def complete(store: Any) -> Optional[dict]:
    """``SUM_KEY``'s value when the summaries are complete (it says this version), else None."""
    mark = _read(store, SUM_KEY)
    return mark if isinstance(mark, dict) and mark.get("v") == VERSION else None


def valid(store: Any) -> bool:
    """Whether the summaries are complete (``SUM_KEY`` says this version)."""
    return complete(store) is not None


_KNOWN: dict = {}
"""By store (its ``id``): the token of the summaries this window last wrote or heard of (``heard``)."""


def _marked(store: Any, mark: dict) -> None:
    """``SUM_KEY`` written with a new token, and what it was written after: a write of the
    summaries made without another window's latest is then told apart (``heard``).  (From
    ``os.urandom``: windows started from one memory snapshot share ``random``'s state.)"""
    token = os.urandom(6).hex()
    store.setItem(SUM_KEY, json.dumps({**mark, "t": token, "after": mark.get("t")}, separators=(",", ":")))
    _KNOWN[id(store)] = token


def heard(store: Any, keys: list) -> bool:
    """Another window's writes reached this window's store (``keys``).  When they hold summaries
    that window wrote after a version this window had moved past (both counted a hand at the same
    moment, and one of the two hands is missing from them), the summaries are marked to be built
    again, and True is returned."""
    if SUM_KEY not in keys:
        return False
    mark, known = complete(store), _KNOWN.pop(id(store), None)
    if mark is None:
        return False
    if known in (None, mark.get("t"), mark.get("after")):
        _KNOWN[id(store)] = mark.get("t")
        return False
    invalidate(store)
    return True


def damaged(store: Any) -> Optional[str]:
    """The damaged entries the last rebuild left out, in English as ``stores.stats.load`` says it."""
    bad = (_read(store, SUM_KEY) or {}).get("bad")
    if not (isinstance(bad, list) and len(bad) == 2 and isinstance(bad[0], int) and bad[0] > 0):
        return None
    n = bad[0]
    return f"{n} damaged game{'s' if n != 1 else ''} left out ({str(bad[1])[:300]}{'…' if n > 3 else ''})"


def invalidate(store: Any) -> None:
    """The summaries can no longer be trusted: built again next time (a removal never fails for room)."""
    store.removeItem(SUM_KEY)


# ---- one game's part ----------------------------------------------------------------------------

def part(entry: dict) -> tuple[dict, list]:
    """What one entry adds: ``({player key: (PlayerStats, name)}, digest players)``."""
    one = stats.summarize({"games": {"k": entry}}).get(entry["game"], {})
    digest = []
    for key, ps in one.items():
        digest.append([key, ps.name, (1 if ps.won else 0) if ps.finished else None])
    return one, digest


def _add(figures: dict, ps: stats.PlayerStats, sign: int) -> None:
    c = figures.setdefault("c", {})
    for name in FIGURES:
        v = c.get(name, 0) + sign * getattr(ps, name)
        if v:
            c[name] = v
        else:
            c.pop(name, None)
    a = figures.setdefault("a", {})
    for level, x in ps.against.items():
        old = a.get(level, [0, 0, 0, 0])
        new = [o + sign * n for o, n in zip(old, (x.games, x.won, x.hands, x.hands_won))]
        if any(new):
            a[level] = new
        else:
            a.pop(level, None)


class Summaries:
    """The summaries read lazily, changed in memory, written at the end (``save``)."""

    def __init__(self, store: Any, mark: Optional[dict] = None) -> None:
        self.store = store
        self.mark = mark   # SUM_KEY's value when they are complete: written again with what changed
        self.kinds: dict[str, dict] = {}
        self.index: dict[str, dict] = {}
        self.dirty: set[str] = set()
        self.oldest: Any = False   # OLDEST_KEY's value: False (not read), None (not kept), or kept up
        self.touched: set[str] = set()   # buckets changed since their least recently played was found

    def _oldest(self) -> Optional[dict]:
        if self.oldest is False:
            got = _read(self.store, OLDEST_KEY)
            self.oldest = got if isinstance(got, dict) and isinstance(got.get("n"), int) and isinstance(got.get("min"), dict) else None
        return self.oldest

    def count(self) -> dict:
        """``OLDEST_KEY``'s value up to date (worked out from every index value when it was not kept)."""
        if self._oldest() is None:
            self.touched = set("0123456789abcdef")
            self.oldest = {"n": sum(len(self._bucket(b)) for b in self.touched), "min": {}}
        for b in self.touched:
            self.oldest["min"][b] = min(([v[1], k] for k, v in self._bucket(b).items()), default=None)
        self.touched = set()
        self.dirty.add(OLDEST_KEY)
        return self.oldest

    def forget(self, key: str, entry: Optional[dict]) -> None:
        """A game dropped (``entry``: its entry, None when it could not be read)."""
        if entry is not None:
            return self.change(key, entry, None)
        if self._bucket(bucket(key)).pop(key, None) is not None and self._oldest() is not None:
            self.oldest["n"] -= 1
        self.touched.add(bucket(key))
        self.dirty.add(INDEX_KEY + bucket(key))

    def _kind(self, game: str) -> dict:
        if game not in self.kinds:
            got = _read(self.store, KIND_KEY + game)
            self.kinds[game] = got if isinstance(got, dict) else {}
        return self.kinds[game]

    def _bucket(self, b: str) -> dict:
        if b not in self.index:
            got = _read(self.store, INDEX_KEY + b)
            self.index[b] = got if isinstance(got, dict) else {}
        return self.index[b]

    def change(self, key: str, old: Optional[dict], new: Optional[dict]) -> None:
        """A game's entry went from ``old`` to ``new`` (None: none)."""
        for entry, sign in ((old, -1), (new, 1)):
            if entry is None:
                continue
            players, digest = part(entry)
            kind = self._kind(entry["game"])
            for pkey, ps in players.items():
                figures = kind.setdefault(pkey, {})
                _add(figures, ps, sign)
                if not figures.get("c"):
                    del kind[pkey]
            idx = self._bucket(bucket(key))
            if self._oldest() is not None:   # (kept up as it goes: a bucket whose oldest went is found again)
                b, now = bucket(key), [entry.get("updated", 0.0), key]
                o, least = self.oldest, self.oldest["min"].get(bucket(key))
                o["n"] += (key not in idx) if sign > 0 else -(key in idx)
                if sign < 0 and least and least[1] == key:
                    self.touched.add(b)
                elif sign > 0 and b not in self.touched and (not least or now < least):
                    o["min"][b] = now
                self.dirty.add(OLDEST_KEY)
            if sign < 0:
                idx.pop(key, None)
            else:
                idx[key] = [entry["game"], entry.get("updated", 0.0), digest]
            self.dirty.update((KIND_KEY + entry["game"], INDEX_KEY + bucket(key)))

    def save_steps(self):
        """Write what changed, yielding after each value (an index value of 10,000 games is 50 KB);
        if the store refuses, the summaries are marked to be built again.  As ASCII JSON: Pyodide
        hands an ASCII string to JavaScript at once, other text a character at a time (a 126 KB
        value with accented names took 30 ms)."""
        if self.touched and self.oldest:
            self.count()   # (the least recently played of the buckets changed)
        try:
            for k in sorted(self.dirty):
                v = self.oldest if k == OLDEST_KEY else self.kinds[k[len(KIND_KEY):]] if k.startswith(KIND_KEY) \
                    else self.index[k[len(INDEX_KEY):]]
                self.store.setItem(k, json.dumps(v, separators=(",", ":")))
                yield
            if self.dirty and self.mark is not None:
                _marked(self.store, self.mark)
        except Exception:
            invalidate(self.store)
        self.dirty.clear()


# ---- building them again, and reading them --------------------------------------------------------

def run(steps) -> Any:
    """A generator that yields between parts of its work (``rebuild_steps``...) run to its end: its result."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def rebuild(store: Any) -> int:
    """Build the summaries again from every entry (once, for a store without them); returns how
    many games were counted.  Damaged entries are left out (the entries are not changed)."""
    return run(rebuild_steps(store))


BUILDING = '{"building": 1}'
"""``SUM_KEY`` while they are built in steps: an entry written meanwhile takes it away (``stats``
invalidates when the summaries are not valid), and they are then not marked complete."""


def rebuild_steps(store: Any):
    """``rebuild`` as a generator that yields every 10 entries (the page runs it in slices: 10,000
    games take seconds); returns how many games were counted, or None when an entry was written
    meanwhile (then they stay not valid, to be built again)."""
    try:
        store.setItem(SUM_KEY, BUILDING)
    except Exception:
        store.removeItem(SUM_KEY)   # (full: they are not marked complete either)
    got = keys(store)
    yield   # (14,000 keys)
    for k in got:
        if derived(k) and k != SUM_KEY:
            store.removeItem(k)
    sums = Summaries(store)
    for b in "0123456789abcdef":
        sums.index[b] = {}
    sums.oldest = {"n": 0, "min": {}}
    n, bad = 0, []
    got = [k for k in got if k.startswith(ENTRY_KEY)]
    for i, k in enumerate(got):
        if i % 10 == 0:   # (read ten at a time where the store can: ``BrowserStore.many``)
            yield
            raws = getattr(store, "many", lambda _: None)(got[i:i + 10])
        key = k[len(ENTRY_KEY):]
        entry, why = stats.read_entry(key, raws[i % 10] if raws else store.getItem(k))
        if entry is not None:
            sums.change(key, None, entry)
            n += 1
        elif why:
            bad.append(f"{key[:24]}: {why}")
    if store.getItem(SUM_KEY) != BUILDING:
        return None
    sums.dirty.update(INDEX_KEY + b for b in sums.index if sums.index[b])
    sums.dirty.update([KIND_KEY + g for g in sums.kinds if sums.kinds[g]] + [OLDEST_KEY])
    yield from sums.save_steps()
    if store.getItem(SUM_KEY) != BUILDING:   # (written meanwhile, or refused: built again next time)
        return None
    try:
        _marked(store, {"v": VERSION, "bad": [len(bad), "; ".join(bad[:3])]})
    except Exception:
        invalidate(store)
    return n


SUMMARIZE_STEP = 500
"""``summarize_steps`` yields after every so many games (10,000 took 60-70 ms in the page)."""


def summarize_steps(store: Any):
    """``stats.summarize`` of every entry, from the summaries: per game, per player key, the
    figures; the key of each game kind's latest game; how many games.  Valid summaries only.  A
    generator that yields between index values and every ``SUMMARIZE_STEP`` games (``run``)."""
    sums = Summaries(store)
    idx = {}
    for b in "0123456789abcdef":
        got = _read(store, INDEX_KEY + b, kept=True)
        idx.update(got if isinstance(got, dict) else {})
        yield
    order = sorted(idx, key=lambda k: (idx[k][1], k))
    out: dict[str, dict[str, stats.PlayerStats]] = {}
    latest: dict[str, str] = {}
    for i, key in enumerate(order):
        if i % SUMMARIZE_STEP == SUMMARIZE_STEP - 1:
            yield
        game, _updated, players = idx[key]
        latest[game] = key
        for pkey, name, won in players:
            kind = out.setdefault(game, {})
            ps = kind.get(pkey)
            if ps is None:
                ps = kind[pkey] = stats.PlayerStats(name=name, game=game)
            ps.name = name
            if won is not None:
                ps.win_history.append(bool(won))
    for game, kind in out.items():
        figures = sums._kind(game)
        for pkey, ps in kind.items():
            f = figures.get(pkey, {})
            for name, v in f.get("c", {}).items():
                if name in FIGURES:
                    setattr(ps, name, v)
            for level, (g, w, h, hw) in f.get("a", {}).items():
                ps.against[level] = stats.Against(g, w, h, hw)
    return out, latest, len(idx)
