"""``cardtable.ui.screens.warmup``: the modules an opening needs are imported while the home screen
waits -- one per task, only when idle, never twice, a failure left for the opening to report.
Driven by the fake browser of tests/test_ui_tasks.py, one task at a time."""

from __future__ import annotations

from cardtable.ui.screens import warmup
from cardtable.ui.screens.warmup import Warmup
from test_ui_tasks import make


def _warmup(idle, modules=("m.one", "m.two", "m.three"), fail=()):
    browser, tasks, _ = make()
    loaded: list[str] = []

    def load(name):
        loaded.append(name)
        if name in fail:
            raise ImportError(name)
    return browser, Warmup(tasks, idle, modules, load).start(), loaded


def test_the_modules_are_imported_one_per_task_after_start_up_when_idle():
    browser, _w, loaded = _warmup(lambda: True)
    assert loaded == []                          # nothing in the task that started the app
    assert browser.step() and loaded == ["m.one"]
    assert browser.now == warmup.FIRST_MS
    assert browser.step() and loaded == ["m.one", "m.two"]
    assert browser.step() and loaded == ["m.one", "m.two", "m.three"]
    assert not browser.step()                    # done: nothing more is scheduled


def test_nothing_is_imported_while_busy_and_it_goes_on_once_idle():
    busy = [True]
    browser, _w, loaded = _warmup(lambda: not busy[0])
    for _ in range(3):                           # a game is open: it looks again later, imports nothing
        assert browser.step()
    assert loaded == []
    busy[0] = False
    while browser.step():
        pass
    assert loaded == ["m.one", "m.two", "m.three"]


def test_a_module_that_fails_to_import_does_not_stop_the_others():
    browser, _w, loaded = _warmup(lambda: True, fail=("m.two",))
    while browser.step():
        pass
    assert loaded == ["m.one", "m.two", "m.three"]


def test_modules_imported_already_are_left_out():
    import cardtable.record  # noqa: F401  (imported: nothing to warm)
    browser, w, loaded = _warmup(lambda: True, modules=("cardtable.record", "m.one"))
    assert w.left == ["m.one"]
    while browser.step():
        pass
    assert loaded == ["m.one"]
    browser, w, loaded = _warmup(lambda: True, modules=("cardtable.record",))
    assert not browser.step() and loaded == []   # all imported: nothing is scheduled


def test_the_default_list_names_modules_that_exist():
    import importlib.util
    for name in warmup.WARM_MODULES:
        assert importlib.util.find_spec(name) is not None, name
