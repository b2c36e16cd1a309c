"""A game just opened from a file, saved in a browser task of its own after the one that shows it.

Saving writes the whole record: for a 20,000-action Seep game, 470 KB of JSON, its summary and
its hash.  Done in the task that shows the game, the two made one task of more than 200 ms.
``SaveSoon.soon()`` leaves the save to the next task (``Tasks.soon``).  Anything the person does
before that task runs saves first: ``flush()`` is called where an opening is cancelled (every act,
Back and Forward, another opening), so nothing is lost or saved out of order.  A save left pending
for a game that is no longer the open one is dropped.

No browser import: the host is anything with ``tasks``, ``game``, ``game_id``, ``banner``,
``autosave()`` and ``render()``, so CPython tests drive it with fakes (tests/test_save_soon.py).
The files screen (``screens/files.py``) owns one.
"""

from __future__ import annotations

from typing import Any


class SaveSoon:
    """The pending save of a game just opened from a file (at most one)."""

    def __init__(self, host: Any) -> None:
        self.host = host
        self.pending = None   # (task handle, game id, game) while a save waits for its task

    def soon(self) -> None:
        """Save the open game in a task of its own, soon (a save still pending is done first)."""
        self.flush()
        host = self.host
        self.pending = (host.tasks.soon(self._save), host.game_id, host.game)

    def flush(self) -> None:
        """Do a pending save now (the person acts before its task has run)."""
        if self.pending is not None:
            self.host.tasks.cancel(self.pending[0])
            self._save()

    def _save(self) -> None:
        pending, self.pending = self.pending, None
        host = self.host
        if pending is None or host.game is not pending[2] or host.game_id != pending[1]:
            return
        banner = host.banner
        host.autosave()
        if host.banner != banner:   # "storage is full": said over the table at once
            host.render()
