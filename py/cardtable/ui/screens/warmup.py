"""Warming up, while the home screen waits, the modules that opening a game needs.

The games' rules (``cardtable.games``: both engines), their tables' screens, the table screen
(with the screens it opens: files, review, settings, statistics) and the bots are imported only
when first used (``ui/app.py``'s ``PARTS``), so that start-up stays light.  Importing the engines and tables took about 150 ms of
CPU (Pyodide), all in the task that opened the first long file after a reload, making it the
longest task of the opening (issue #24).  ``Warmup`` imports them earlier, one module per task,
a while after start-up and only when ``idle()`` says nothing else is going on (the home screen,
no game being opened); it looks again later otherwise.  A module imported already costs nothing,
and one that fails to import is left for the real opening to report.

No browser import: the app hands in its ``Tasks`` (``shell.tasks``), so CPython tests drive it
with the fake browser of tests/test_ui_tasks.py.
"""

from __future__ import annotations

import importlib
import sys
from typing import Callable

WARM_MODULES = ("cardtable.games", "cardtable.ui.table.seep", "cardtable.ui.table.spades", "cardtable.ui.table.screen",
                "cardtable.bots")
"""What opening a game imports that start-up does not, the costliest first."""
FIRST_MS = 1000   # after start-up: the first screen is drawn and the person looks at it
NEXT_MS = 100     # between two modules: the page answers taps in between
AGAIN_MS = 3000   # not idle (a game is open, one is being opened): look again this much later


class Warmup:
    """Imports ``modules`` one per task while ``idle()`` is true (see the module docstring)."""

    def __init__(self, tasks, idle: Callable[[], bool], modules: tuple = WARM_MODULES,
                 load: Callable[[str], object] = importlib.import_module) -> None:
        self.tasks, self.idle, self.load = tasks, idle, load
        self.left = [m for m in modules if m not in sys.modules]
        self.token = None

    def start(self) -> "Warmup":
        if self.left:
            self.token = self.tasks.later(self._step, FIRST_MS)
        return self

    def _step(self) -> None:
        self.token = None
        if not self.left:
            return
        if not self.idle():
            self.token = self.tasks.later(self._step, AGAIN_MS)
            return
        name = self.left.pop(0)
        if name not in sys.modules:
            try:
                self.load(name)
            except Exception:   # the opening that needs it imports it again and says why it fails
                pass
        if self.left:
            self.token = self.tasks.later(self._step, NEXT_MS)
