"""A game just opened from a file, saved in a browser task of its own after the one that shows it.

Saving writes the whole record: for a 20,000-action Seep game, 470 KB of JSON, its summary and
its hash.  Done in the task that shows the game, the two made one task of more than 200 ms.
``soon(app)`` leaves the save to the next task (``Tasks.soon``).  Anything the person does before
that task runs saves first: ``flush(app)`` is called where an opening is cancelled (every act,
Back and Forward, another opening), so nothing is lost or saved out of order.  A save left
pending for a game that is no longer the open one is dropped.

No browser import: the app is anything with ``tasks``, ``game``, ``game_id``, ``banner``,
``autosave()`` and ``render()``, so CPython tests drive it with fakes (tests/test_save_soon.py).
"""

from __future__ import annotations

from typing import Any


def soon(app: Any) -> None:
    """Save the open game in a task of its own, soon (a save still pending is done first)."""
    flush(app)
    app.pending_save = (app.tasks.soon(lambda: _save(app)), app.game_id, app.game)


def flush(app: Any) -> None:
    """Do a pending save now (the person acts before its task has run)."""
    pending = getattr(app, "pending_save", None)
    if pending is not None:
        app.tasks.cancel(pending[0])
        _save(app)


def _save(app: Any) -> None:
    pending = getattr(app, "pending_save", None)
    app.pending_save = None
    if pending is None or app.game is not pending[2] or app.game_id != pending[1]:
        return
    banner = app.banner
    app.autosave()
    if app.banner != banner:   # "storage is full": said over the table at once
        app.render()
