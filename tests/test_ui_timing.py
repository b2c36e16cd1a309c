"""The page's User Timing entries stay bounded (``cardtable.ui.timing``)."""

from __future__ import annotations

from cardtable.ui.shell.timing import KEPT, Measures


class FakePerformance:
    def __init__(self):
        self.entries: list[str] = []

    def measure(self, name, options):
        self.entries.append(name)

    def clearMeasures(self, name):  # noqa: N802 (the browser's name)
        self.entries = [e for e in self.entries if e != name]


def test_a_names_entries_are_cleared_once_it_has_kept_its_share():
    perf, m = FakePerformance(), Measures(kept=3)
    for _ in range(3):
        m.add(perf, "cardtable:bot-slice", {})
    m.add(perf, "cardtable:bot-apply", {})
    assert perf.entries.count("cardtable:bot-slice") == 3
    m.add(perf, "cardtable:bot-slice", {})      # the fourth: the name's three are cleared first
    assert perf.entries.count("cardtable:bot-slice") == 1
    assert perf.entries.count("cardtable:bot-apply") == 1   # other names untouched
    for _ in range(10):
        m.add(perf, "cardtable:bot-slice", {})
    assert 1 <= perf.entries.count("cardtable:bot-slice") <= 3


def test_a_hand_of_slices_is_kept_whole_for_the_bench():
    assert KEPT >= 2 * 1800   # bench_longtask reads a whole hand's slices (about 1,800) at its end
