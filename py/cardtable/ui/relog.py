"""The open game's log described again in another language, in slices, so switching the language in
a long game is not one long task.

``start(app, failed)`` replays the open game's record through ``app.replay_steps`` (the one replay
that builds a log) in slices between browser tasks (``tasks.Sliced``).  A short game is done at
once, before the switch's own redraw; a long one shows its new log when it is done.  Lines the log
gained meanwhile (moves made while it ran, already in the new language) are kept after it.  The
result is dropped if another game is open by then; a new switch stops the one under way.

No browser import: ``app`` is anything with ``tasks``, ``game``, ``controllers``, ``log``,
``replay_steps`` and ``render``, so CPython tests drive it with fakes (tests/test_relog.py).
"""

from __future__ import annotations

from typing import Any, Callable

from ..record import parse_record
from .tasks import Sliced

SLICE_S = 0.04
"""The longest stretch of describing before the browser gets the main thread back (as opening)."""


def start(app: Any, failed: Callable[[Exception], None]) -> None:
    """Describe the open game's log again (in the language now in use); ``failed(err)`` if not."""
    job = getattr(app, "relog", None)
    if job is not None:
        job.cancel()
    app.relog = None
    game = app.game
    if game is None:
        return
    kept = len(app.log)
    at_once = [True]

    def done(result) -> None:
        if app.game is not game:
            return
        app.log = list(result[1]) + app.log[kept:]
        if not at_once[0]:
            app.render()

    try:
        steps = app.replay_steps(parse_record(game.to_record()), app.controllers)
    except Exception as err:   # the log is words only: never lose the game over it
        return failed(err)
    job = Sliced(app.tasks, steps, done, failed, SLICE_S).start()
    at_once[0] = False
    app.relog = job if job.active else None
