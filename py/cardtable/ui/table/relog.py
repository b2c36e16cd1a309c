"""The open game's log described again in another language, in slices, so switching the language in
a long game is not one long task.

``Relog(host, replay_steps).start(failed)`` replays the open game's record through
``replay_steps`` (the one replay that builds a log, ``Files.replay_steps``) in slices between
browser tasks (``tasks.Sliced``).  A short game is done at once, before the switch's own redraw; a
long one shows its new log when it is done.  Lines the log gained meanwhile (moves made while it
ran, already in the new language) are kept after it.  The result is dropped if another game is open
by then; a new switch stops the one under way.

No browser import: the host is anything with ``tasks``, ``game``, ``controllers``, ``log`` and
``render``, so CPython tests drive it with fakes (tests/test_relog.py).  The app owns one.
"""

from __future__ import annotations

from typing import Any, Callable

from ...record import parse_record
from ..shell.tasks import Sliced

SLICE_S = 0.04
"""The longest stretch of describing before Python's thread is free again (as opening)."""


class Relog:
    """Describing the open game's log again; at most one job under way."""

    def __init__(self, host: Any, replay_steps: Callable) -> None:
        self.host = host
        self.replay_steps = replay_steps
        self.job = None

    def start(self, failed: Callable[[Exception], None]) -> None:
        """Describe the open game's log again (in the language now in use); ``failed(err)`` if not."""
        if self.job is not None:
            self.job.cancel()
        self.job = None
        host = self.host
        game = host.game
        if game is None:
            return
        kept = len(host.log)
        at_once = [True]

        def done(result) -> None:
            if host.game is not game:
                return
            host.log = list(result[1]) + host.log[kept:]
            if not at_once[0]:
                host.render()

        try:
            steps = self.replay_steps(parse_record(game.to_record()), host.controllers)
        except Exception as err:   # the log is words only: never lose the game over it
            return failed(err)
        job = Sliced(host.tasks, steps, done, failed, SLICE_S).start()
        at_once[0] = False
        self.job = job if job.active else None
