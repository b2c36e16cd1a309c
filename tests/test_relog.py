"""``cardtable.ui.table.relog``: switching the language describes the open game's log again in slices --
a short game at once, a long one over several tasks with taps between; lines added meanwhile kept;
dropped when another game is open by then; a second switch stops the first.  Driven by the fake
browser of tests/test_ui_tasks.py with a real Seep game and a fake replay that costs clock time."""

from __future__ import annotations

import random

from cardtable.record import new_game
from cardtable.ui.table import relog
from test_ui_tasks import Clock, make


class FakeApp:
    def __init__(self, tasks, game, clock, lang="en"):
        self.tasks, self.game, self.clock, self.lang = tasks, game, clock, lang
        self.controllers = {}
        self.log = [f"old {a}" for a in game.actions]
        self.renders = 0

    def replay_steps(self, record, controllers):
        """One line per action in the language now in use; each action costs a millisecond."""
        log = []
        for i, action in enumerate(record["actions"]):
            self.clock.t += 0.001
            log.append(f"{self.lang} {action}")
            if i % 8 == 7:
                yield
        return None, log

    def render(self):
        self.renders += 1


def played(n: int):
    g = new_game({"format": "cardtable/1", "game": "seep", "seed": 2, "options": {"target": 1000}})
    rng = random.Random(n)
    for _ in range(n):
        g.apply(rng.choice(g.legal_actions()))
    return g


def run(monkeypatch, n: int):
    """A fake browser and an app holding a Seep game of ``n`` actions whose log is in "old" words;
    the slices are timed by the fake clock that the replay moves on."""
    browser, tasks, _ = make()
    clock = Clock()
    real = relog.Sliced
    monkeypatch.setattr(relog, "Sliced", lambda *args, **kw: real(*args, clock=clock, **kw))
    return browser, FakeApp(tasks, played(n), clock, lang="fr"), clock


def _start(app, errors):
    if not hasattr(app, "relogger"):
        app.relogger = relog.Relog(app, app.replay_steps)
    app.relogger.start(errors.append)


def test_a_short_game_is_described_again_at_once(monkeypatch):
    browser, app, clock = run(monkeypatch, 20)
    errors = []
    _start(app, errors)
    assert app.log == [f"fr {a}" for a in app.game.actions] and app.renders == 0 and errors == []
    assert not browser.step()


def test_a_long_game_is_described_again_in_slices_keeping_lines_added_meanwhile(monkeypatch):
    browser, app, clock = run(monkeypatch, 400)
    errors = []
    _start(app, errors)
    assert app.log[0].startswith("old ")                 # not yet: the first slice only
    browser.step()
    app.log.append("fr a move made meanwhile")
    while browser.step():
        pass
    assert app.log == [f"fr {a}" for a in app.game.actions] + ["fr a move made meanwhile"]
    assert app.renders == 1 and errors == []


def test_another_game_open_by_then_keeps_its_log_and_a_second_switch_stops_the_first(monkeypatch):
    browser, app, clock = run(monkeypatch, 400)
    errors = []
    _start(app, errors)
    first = app.relogger.job
    app.lang = "en"
    _start(app, errors)
    assert not first.active
    while browser.step():
        pass
    assert app.log == [f"en {a}" for a in app.game.actions]
    _start(app, errors)
    app.game, app.log = played(10), ["another game"]
    while browser.step():
        pass
    assert app.log == ["another game"] and errors == []
