"""Value-level combinatorics, cached: which loose cards a card may capture or build with.

A floor is seen as counts of loose cards per value; the answers (which value multisets a card
may take or build with) are expanded to actual cards by :func:`_expand`.
"""

from __future__ import annotations

from itertools import combinations
from typing import Iterable, Optional

from .tables import VAL


def _partitions(n: int, largest: int):
    if n == 0:
        yield []
        return
    for p in range(min(n, largest), 0, -1):
        for rest in _partitions(n - p, p):
            yield [p] + rest


def _as_counts(parts: list[int]) -> tuple[tuple[int, int], ...]:
    return tuple(sorted((v, parts.count(v)) for v in set(parts)))


PARTS = [()] + [tuple(_as_counts(p) for p in _partitions(n, n)) for n in range(1, 14)]
"""``PARTS[n]``: every way to make n from card values, as ((value, count), ...)."""
MPARTS = [()] + [tuple(p for p in PARTS[n] if p != ((n, 1),)) for n in range(1, 14)]
"""``MPARTS[n]``: the ways to make n from two cards or more."""


def _mask(part) -> int:
    m = 0
    for a, _b in part:
        m |= 1 << a
    return m


_PMASKS = [tuple((_mask(p), p) for p in ps) for ps in PARTS]
_MPMASKS = [tuple((_mask(p), p) for p in ps) for ps in MPARTS]


_USING: dict = {}
"""``(id(table), present)`` -> the partitions of that table (one of ``_PMASKS``, ``_MPMASKS``, which
live as long as the module) made only of the values in bit mask ``present``."""


def _candidates(table, counts) -> list:
    """The partitions of ``table`` that fit into ``counts`` (filtered by value bit masks first)."""
    present = 0
    for i, n in enumerate(counts):
        if n:
            present |= 1 << i
    key = (id(table), present)
    using = _USING.get(key)
    if using is None:
        if len(_USING) > _CACHE_LIMIT:
            _USING.clear()
        using = _USING[key] = [p for m, p in table if not m & ~present]
    out = []
    for p in using:
        for a, b in p:
            if counts[a] < b:
                break
        else:
            out.append(p)
    return out


def _descend(stack: list, seen: set, parts: list, leaves: Optional[list]) -> None:
    """Depth-first walk of the value multisets reachable by removing ``parts`` repeatedly."""
    while stack:
        st = stack.pop()
        moved = False
        for p in parts:
            for a, b in p:
                if st[a] < b:
                    break
            else:
                moved = True
                lst = list(st)
                for a, b in p:
                    lst[a] -= b
                t = tuple(lst)
                if t not in seen:
                    seen.add(t)
                    stack.append(t)
        if not moved and leaves is not None:
            leaves.append(st)


_CAP_CACHE: dict = {}
_BUILD_CACHE: dict = {}
_CACHE_LIMIT = 200_000


def _fits(state, part) -> bool:
    for a, b in part:
        if state[a] < b:
            return False
    return True


def _take(state, part) -> tuple:
    lst = list(state)
    for a, b in part:
        lst[a] -= b
    return tuple(lst)


def _unions(start, reached) -> list:
    out = []
    for st in reached:
        out.append(tuple((i, start[i] - st[i]) for i in range(1, len(start)) if start[i] != st[i]))
    out.sort()
    return out


def capture_unions(v: int, counts: tuple) -> list:
    """The value multisets a card worth ``v`` may take from loose cards with ``counts``.

    ``counts[i]`` is the number of loose cards worth i, for i in 0..v (index 0 unused).  Each
    answer is a maximal union of disjoint sets worth ``v``: nothing worth v is left.  For J over
    loose 2, 3, 5, 6 the answers are {2, 3, 6} and {5, 6}::

        >>> capture_unions(11, (0, 0, 1, 1, 0, 1, 1, 0, 0, 0, 0, 0))
        [((2, 1), (3, 1), (6, 1)), ((5, 1), (6, 1))]
    """
    key = (v, counts)
    res = _CAP_CACHE.get(key)
    if res is not None:
        return res
    leaves: list = []
    _descend([counts], {counts}, _candidates(_PMASKS[v], counts), leaves)
    res = _unions(counts, leaves)
    if len(_CAP_CACHE) > _CACHE_LIMIT:
        _CAP_CACHE.clear()
    _CAP_CACHE[key] = res
    return res


def build_unions(v: int, target: int, counts: tuple) -> list:
    """The value multisets of loose cards (each worth less than ``target``) that a card worth
    ``v`` may build or cement with into a ``target`` house.

    ``counts`` covers values 0..target-1.  The card's own group needs loose cards worth
    ``target - v`` (none when v == target); more groups worth ``target`` may be added at will.
    Loose singles worth ``target`` are not counted here: they join a new house by themselves.
    """
    key = (v, target, counts)
    res = _BUILD_CACHE.get(key)
    if res is not None:
        return res
    if v < target:
        first = {_take(counts, p) for p in _candidates(_PMASKS[target - v], counts)}
    else:
        first = {counts}
    seen = set(first)
    _descend(list(first), seen, _candidates(_MPMASKS[target], counts), None)
    res = _unions(counts, seen)
    if len(_BUILD_CACHE) > _CACHE_LIMIT:
        _BUILD_CACHE.clear()
    _BUILD_CACHE[key] = res
    return res


def _splits(counts: tuple, target: int) -> bool:
    """Can the value multiset ``counts`` (length 14) be split into groups worth ``target``?"""
    if not any(counts):
        return True
    for p in PARTS[target]:
        if _fits(counts, p) and _splits(_take(counts, p), target):
            return True
    return False


def _groups_with(v: int, target: int, counts: tuple) -> bool:
    """Can a card worth v plus loose cards ``counts`` be split into groups worth ``target``?"""
    if v > target:
        return False
    if v == target:
        return _splits(counts, target)
    return any(_fits(counts, p) and _splits(_take(counts, p), target) for p in PARTS[target - v])


def _counts14(cards: Iterable[int]) -> tuple:
    c = [0] * 14
    for x in cards:
        c[VAL[x]] += 1
    return tuple(c)


def _expand(union, byv) -> list:
    """Every tuple of actual loose cards matching a value multiset, in canonical order."""
    out = [()]
    for val, cnt in union:
        avail = byv[val]
        if cnt == len(avail):
            t = tuple(avail)
            out = [o + t for o in out]
        else:
            combos = list(combinations(avail, cnt))
            out = [o + cm for o in out for cm in combos]
    return out

