"""The strong players' search in slices (``cardtable.bots.think``): it yields between batches of
samples, time spent away does not count against the budget, and driven in slices it makes the same
decision as ``choose_action`` does in one go (same samples, same answer)."""

from __future__ import annotations

import random

import pytest

import cardtable.bots as bots
import cardtable.bots.seep as seep_bot
import cardtable.bots.spades as spades_bot
from cardtable.bots import choose_action, think
from cardtable.games.dummy_spades import DummySpades
from cardtable.games.seep import Seep


class FakeClock:
    """``time`` for the bots: every reading moves on by ``tick`` seconds (so a search takes a fixed
    number of samples whatever the machine), and ``away(s)`` jumps the clock as if the browser
    had run other work for ``s`` seconds."""

    def __init__(self, tick: float = 2 ** -10):
        # binary fractions: sums of ticks and pauses are exact, so a pause changes no comparison
        self.now = 0.0
        self.tick = tick

    def perf_counter(self) -> float:
        self.now += self.tick
        return self.now

    def away(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture(autouse=True)
def strict():
    bots.STRICT = True
    yield
    bots.STRICT = False


def _positions(game_cls, name: str, count: int, seed: int):
    """Views of the seat to act at varied points of seeded games (moves chosen at random)."""
    rng = random.Random(seed)
    out = []
    g = game_cls(seed=seed)  # a class or a factory
    while len(out) < count and not g.over:
        view = g.view(g.to_act)
        if len(view["legal"]) > 1 and view.get("phase") not in ("peek", "flip"):
            out.append(view)
        g.apply(rng.choice(view["legal"]))
    return out


def _decide(monkeypatch, name, view, pause: float | None) -> tuple[str, int]:
    clock = FakeClock()
    monkeypatch.setattr(spades_bot, "time", clock)
    monkeypatch.setattr(seep_bot, "time", clock)
    if pause is None:
        return choose_action(name, view, "strong", budget=0.02, seed=7), 0
    return drive(think(name, view, "strong", budget=0.02, seed=7), clock, pause)


def drive(steps, clock=None, pause: float = 1.0) -> tuple:
    """Run a ``think`` generator to its answer: (answer, steps taken); with ``clock``, ``pause``
    seconds pass away from it between two steps (the browser runs other tasks between slices)."""
    n = 0
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value, n
        n += 1
        if clock is not None:
            clock.away(pause)


@pytest.mark.parametrize("name,game_cls", [("dummy-spades", DummySpades), ("seep", Seep.new)])
def test_sliced_search_decides_as_the_search_in_one_go(monkeypatch, name, game_cls):
    views = _positions(game_cls, name, 12, seed=3)
    assert len(views) == 12
    sliced_at_all = 0
    for view in views:
        whole, _ = _decide(monkeypatch, name, view, None)
        sliced, yields = _decide(monkeypatch, name, view, pause=0.5)  # pauses far beyond the budget
        assert sliced == whole
        assert sliced in view["legal"]
        sliced_at_all += yields > 0
    assert sliced_at_all >= 6, "the strong search should yield between its samples"


def test_the_slices_are_short_and_the_deadline_holds(monkeypatch):
    """Each step does at most one sample's work, and the search ends at its (thinking) deadline."""
    view = _positions(DummySpades, "dummy-spades", 8, seed=5)[-1]
    clock = FakeClock(tick=2 ** -11)
    monkeypatch.setattr(spades_bot, "time", clock)
    steps = think("dummy-spades", view, "strong", budget=0.05, seed=1)
    spent = []
    while True:
        before = clock.now
        try:
            next(steps)
        except StopIteration as done:
            action = done.value
            break
        spent.append(clock.now - before)
        clock.away(1.0)
    assert action in view["legal"]
    assert len(spent) >= 3
    # thinking time (clock readings inside the generator) stays within the budget, pauses excluded
    # (give or take the last sample, and the one reading per pause that the fake clock charges)
    assert 0.05 <= sum(spent) <= 0.05 + max(spent) + len(spent) * clock.tick
