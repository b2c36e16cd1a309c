"""``cardtable.ui.screens.save_soon``: a game opened from a file is saved in a task of its own, after the
task that shows it -- and before anything the person does first; never for a game closed meanwhile.
Driven by the fake browser of tests/test_ui_tasks.py, one task at a time."""

from __future__ import annotations

from cardtable.ui.screens.save_soon import SaveSoon
from test_ui_tasks import make


class FakeApp:
    """The part of the app that ``SaveSoon`` uses, writing down what happened in order."""

    def __init__(self, tasks, full: bool = False):
        self.tasks = tasks
        self.game, self.game_id = object(), "g1"
        self.banner = ""
        self.full = full
        self.events: list[str] = []
        self.saver = SaveSoon(self)

    def autosave(self) -> None:
        self.events.append(f"save {self.game_id}")
        if self.full:
            self.banner = "storage is full"

    def render(self) -> None:
        self.events.append("render")

    def show(self) -> None:
        """What the app does when a game opened from a file is shown: render, then save soon."""
        self.render()
        self.saver.soon()


def test_the_save_comes_in_the_next_task_after_the_one_that_shows_the_game():
    browser, tasks, _ = make()
    app = FakeApp(tasks)
    app.show()
    assert app.events == ["render"]        # the showing task ends without saving
    assert browser.step()
    assert app.events == ["render", "save g1"]
    assert not browser.step()              # saved once


def test_acting_first_saves_first_and_only_once():
    browser, tasks, _ = make()
    app = FakeApp(tasks)
    app.show()
    app.saver.flush()                   # a tap before the save's task ran
    app.events.append("the act")
    while browser.step():
        pass
    assert app.events == ["render", "save g1", "the act"]
    app.saver.flush()                   # nothing pending: nothing done
    assert app.events == ["render", "save g1", "the act"]


def test_a_game_no_longer_open_is_not_saved():
    browser, tasks, _ = make()
    app = FakeApp(tasks)
    app.show()
    app.game, app.game_id = None, None     # closed without an act (cannot happen through the app's acts)
    while browser.step():
        pass
    assert app.events == ["render"]


def test_another_game_opened_meanwhile_saves_the_first_before_it():
    browser, tasks, _ = make()
    app = FakeApp(tasks)
    app.show()
    app.saver.flush()                   # a new opening cancels the one under way: the app flushes there
    app.game, app.game_id = object(), "g2"
    app.events.append("opened g2")
    app.show()
    while browser.step():
        pass
    assert app.events == ["render", "save g1", "opened g2", "render", "save g2"]


def test_a_full_storage_is_said_at_once():
    browser, tasks, _ = make()
    app = FakeApp(tasks, full=True)
    app.show()
    browser.step()
    assert app.events == ["render", "save g1", "render"] and app.banner == "storage is full"
