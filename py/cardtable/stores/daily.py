"""The deals of the day played on this device, kept under ``cardtable/v1/daily`` (pure Python).

One entry per kind and date (``"seep4:2026-11-28"``): the saved game of the attempt (``id``), then
once its first hand is over the ``score``, the ``hints`` and ``undos`` used, and the ``par`` when it is
worked out.  One attempt counts a day: an entry is made when the deal is first opened, and its score
is written once.  A value this version cannot read counts as nothing played (it is never raised)::

    >>> from cardtable.stores.saves import DictStore
    >>> s = DictStore()
    >>> start(s, "seep4", "2026-11-27", "g1"); finish(s, "seep4", "2026-11-27", 46, hints=1)
    True
    >>> set_par(s, "seep4", "2026-11-27", 31); finish(s, "seep4", "2026-11-27", 90)   # counted once
    False
    >>> entry(s, "seep4", "2026-11-27")["score"], summary(s, "2026-11-28")
    (46, {'played': 1, 'streak': 1, 'vs_par': 15.0})
    >>> load(DictStore({KEY: "[[[["}))
    {}
"""

from __future__ import annotations

import datetime
import json
from typing import Any, Optional

from ..record import load_json

KEY = "cardtable/v1/daily"
MAX_BYTES = 200_000
KEEP = 400
"""The most days kept (the oldest are dropped)."""


def load(store: Any) -> dict:
    """Every entry, by ``kind:date``; what cannot be read is left out."""
    try:
        data = load_json(store.getItem(KEY) or "{}", max_bytes=MAX_BYTES, what="the deals of the day")
    except Exception:
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, dict)}


def _write(store: Any, data: dict) -> None:
    keys = sorted(data, key=lambda k: k.partition(":")[2])[-KEEP:]
    try:
        store.setItem(KEY, json.dumps({k: data[k] for k in keys}, separators=(",", ":")))
    except Exception:   # storage full: the deal is still played, only not remembered
        pass


def entry(store: Any, kind: str, date: str) -> Optional[dict]:
    return load(store).get(f"{kind}:{date}")


def _number(value: Any) -> Optional[int]:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _update(store: Any, kind: str, date: str, **fields) -> None:
    data = load(store)
    key = f"{kind}:{date}"
    data[key] = {**data.get(key, {}), **fields}
    _write(store, data)


def start(store: Any, kind: str, date: str, game_id: str) -> None:
    """The attempt of a day begins with this saved game (an attempt already begun is kept)."""
    if entry(store, kind, date) is None:
        _update(store, kind, date, id=game_id)


def finish(store: Any, kind: str, date: str, score: int, hints: int = 0) -> bool:
    """The first hand's score of the day's attempt (written once); True when written now."""
    old = entry(store, kind, date) or {}
    if _number(old.get("score")) is not None:
        return False
    _update(store, kind, date, score=score, hints=hints)
    return True


def undone(store: Any, kind: str, date: str) -> None:
    """An undo in the day's attempt before its score is written."""
    old = entry(store, kind, date) or {}
    if _number(old.get("score")) is None:
        _update(store, kind, date, undos=(_number(old.get("undos")) or 0) + 1)


def set_par(store: Any, kind: str, date: str, par: int) -> None:
    _update(store, kind, date, par=par)


def history(store: Any) -> list:
    """The days played to the end of their first hand, newest first: ``(kind, date, entry)``."""
    out = []
    for key, e in load(store).items():
        kind, _sep, date = key.partition(":")
        if _number(e.get("score")) is not None:
            out.append((kind, date, e))
    return sorted(out, key=lambda t: (t[1], t[0]), reverse=True)


def summary(store: Any, today: str) -> dict:
    """``played`` (days with a result), ``streak`` (days in a row up to today, or up to yesterday
    when today is not played yet) and ``vs_par`` (the mean of score minus par, None without par)."""
    done = history(store)
    days = {d for _k, d, _e in done}
    try:
        day = datetime.date.fromisoformat(today)
    except ValueError:
        day = None
    streak = 0
    if day is not None and today not in days:
        day -= datetime.timedelta(days=1)
    while day is not None and day.isoformat() in days:
        streak += 1
        day -= datetime.timedelta(days=1)
    diffs = [e["score"] - e["par"] for _k, _d, e in done if _number(e.get("par")) is not None]
    return {"played": len(done), "streak": streak, "vs_par": round(sum(diffs) / len(diffs), 1) if diffs else None}
