"""User Timing entries the page leaves for the benches (``cardtable:bot-slice`` and the like).

No browser import: the page hands in its ``performance`` object, so CPython tests can use a fake.
"""

from __future__ import annotations

KEPT = 5000
"""Entries of one name kept in the browser's buffer (a computer's hand makes about 1,800 slices):
past that, that name's entries are cleared, so a long session does not grow the buffer for ever."""


class Measures:
    """Adds ``performance.measure`` entries, clearing a name's entries once it has ``kept`` of them."""

    def __init__(self, kept: int = KEPT):
        self.kept = kept
        self.counts: dict[str, int] = {}

    def add(self, performance, name: str, options) -> None:
        n = self.counts.get(name, 0) + 1
        if n > self.kept:
            performance.clearMeasures(name)
            n = 1
        self.counts[name] = n
        performance.measure(name, options)
