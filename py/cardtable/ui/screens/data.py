"""*Your data*, a group of Settings (``YourData``, held by the app as ``app.your_data``): the
backup's acts, the room the data takes, and the browser's persistent storage.  The Settings screen
draws the group (``section``), the app hands it a chosen file and the table each save; the backup
itself is the pure ``stores.backup`` module, the group's HTML ``settings.data_html``.

Acts: ``backup:export`` (download every stored value as a ``cardtable-backup/1`` file);
a file chosen in ``#backup-file`` is restored (``restore_file``).

Room: the characters kept under ``cardtable/`` are counted here (the app's store, web/store.js),
and the estimate and
``navigator.storage.persisted()`` are asked for when Settings opens.  Once the player has
something to lose -- the first game saved in a visit -- ``navigator.storage.persist()`` is asked
for, once (a browser that already granted or refused it is not asked again).
"""

from __future__ import annotations

import time

from ...record import file_kind
from ...stores import backup
from ..text.i18n import _, ngettext
from ..text.refusals import wrong_file
from .settings import data_html
from ...stores.stats import ASIDE_KEY, ASIDE_WHY_KEY, ENTRY_KEY, OLD_KEY
from ...stores.saves import GAME_KEY, META_KEY, PREFIX


def usage(store) -> dict:
    """Characters stored under ``cardtable/``: saved games (with their notes), statistics, the rest."""
    out = {"saves": 0, "stats": 0, "other": 0}
    for i in range(int(store.length)):
        k = store.key(i)
        if k is None or not str(k).startswith(PREFIX):
            continue
        k = str(k)
        v = store.getItem(k)
        n = len(k) + (len(v) if v is not None else 0)
        kind = ("saves" if k.startswith((GAME_KEY, META_KEY)) else
                "stats" if k == OLD_KEY or k.startswith((ENTRY_KEY, ASIDE_KEY, ASIDE_WHY_KEY)) else "other")
        out[kind] += n
    return out


class YourData:
    """What the *Your data* group remembers (the browser's answers, its notice, whether persistence
    was asked for) and its acts (see the module docstring)."""

    def __init__(self, app) -> None:
        self.app = app
        self.browser: dict = {}   # the browser's answers: used, quota, persisted
        self.notice = ""          # what the last backup or restore did
        self.asked = False        # persistent storage asked for in this visit

    def acts(self) -> dict:
        return {"backup": self.act}

    def section(self) -> str:
        """The *Your data* group of the Settings screen."""
        try:
            room = usage(self.app.saves.store)
        except Exception:   # storage disabled: the buttons still work on what can be read
            room = {}
        return data_html({**room, **self.browser}, self.notice)

    def opened(self) -> None:
        """Settings opened: ask the browser how much room the site uses, and whether it persists."""
        self.notice = ""
        if _without_saves():
            return
        from ..shell import page   # (browser only: the rest is tested in CPython)
        app = self.app

        def got(room) -> None:
            if room:   # (a browser that does not say: the line is left out)
                self.browser.update(used=int(room.get("used") or 0), quota=int(room.get("quota") or 0),
                                    persisted=bool(room.get("persisted")))
                if app.screen == "settings":
                    app.render()
        page.ask("cardtableRoom", False, then=got, failed=lambda _err: None)

    def after_save(self) -> None:
        """A game was saved: the player now has something to lose, so ask once for persistent storage."""
        if not self.asked and not _without_saves():
            from ..shell import page
            page.call("cardtableRoom", True)
        self.asked = True

    def act(self, arg: str) -> None:
        """``backup:export``: download every stored value."""
        if arg == "export":
            self.app.files.download(backup.export_all(self.app.saves.store),
                                    f"cardtable-backup-{time.strftime('%Y%m%d-%H%M')}.json")

    def restore_file(self, text: str, filename: str) -> None:
        """A file chosen with *Restore from a backup…*: merged, or refused with a reason (nothing changes)."""
        app = self.app
        message = restore_words(app.saves.store, text, filename)
        self.notice = message
        if app.screen != "settings":   # a backup given to the home screen's Import: said there
            app.notice = message
        app.render()


def _without_saves() -> bool:
    from ..shell.browser import without_saves
    return without_saves()


def restore_words(store, text: str, filename: str) -> str:
    """Merge a backup file into ``store`` (``backup.restore``) and say what happened; a game or a
    statistics file is refused in words that name the button that opens it."""
    name = " ".join(filename.split())[:60]
    kind = file_kind(text)
    if kind in ("game", "stats"):
        return wrong_file(kind, name)
    try:
        done = backup.restore(store, text)
    except backup.BackupError as err:
        return _("{file} was not restored: {reason}").format(file=name, reason=str(err)[:200])
    except Exception as err:   # a bug must not leave the page dead; nothing was written before the check
        return _("{file} was not restored ({why})").format(file=name, why=f"{type(err).__name__}: {str(err)[:120]}")
    words = [_("Restored from {file}. Saved games added or brought up to date: {games}; kept as they "
               "were here: {kept}; games added to the statistics: {stats}.").format(
                   file=name, games=done.games_added + done.games_longer, kept=done.games_kept,
                   stats=done.stats_games)]
    if done.games_beside:
        words.append(ngettext("{n} saved game of the backup had split from the copy here (as after an Undo): "
                              "both are kept.", "{n} saved games of the backup had split from the copies here "
                              "(as after an Undo): both copies are kept.", done.games_beside).format(n=done.games_beside))
    full = done.not_fitted
    if full:
        games, entries = full.get("games", 0), full.get("stats", 0) + full.get("other", 0)
        words.append(_("Storage is full: {games} of the {total} saved games of the backup and {entries} other values "
                       "were not restored. Make room and restore again: nothing is restored twice.").format(games=games, total=done.games_in_file,
                                                                           entries=entries))
    return " ".join(words)
