"""The home screen's saved games: what the list shows (pages, filter), deleting one after a
question that names it, and deleting every finished game after one question that counts them.

Acts: ``delete:<id>`` (ask), ``confirm-delete:<id>`` (an id, or a damaged entry's storage key
``cardtable/...``, or ``saves_list.ALL_FINISHED``); ``saves:more:<group>`` (``playing`` or
``finished``: ``PAGE`` rows more), ``saves:game:<game or all>``, ``saves:find`` (the player's
name in the field ``#saves-name``; also on its change), ``saves:clear``.  Its dialog is
``("delete", id, what)`` over the home screen.
"""

from __future__ import annotations

from ..text.i18n import _, ngettext
from ..text.markup import button, dialog, esc
from . import home
from .saves_list import ALL_FINISHED, PAGE, Listing, delete_finished_dialog, finished


class SavedGames:
    """Home's saved games (see the module docstring); ``listing``: what the list shows."""

    def __init__(self, app) -> None:
        self.app = app
        self.listing = Listing()

    def acts(self) -> dict:
        return {"delete": self.ask, "confirm-delete": self.delete, "saves": self.act}

    def act(self, arg: str) -> None:
        verb, _sep, what = arg.partition(":")
        listing = self.listing
        if verb == "more" and what in listing.shown:
            listing.shown[what] += PAGE
        elif verb == "game":
            listing.game = "" if what == "all" else what
            listing.shown = Listing().shown
        elif verb == "find":
            # (the field's change, sent as it lost the focus to Find, set the name already)
            return self.find(self.app.form.get("saves-name", self.listing.name))
        elif verb == "clear":
            self.listing = Listing()
        self.app.render()

    def find(self, name: str) -> None:
        """Show the games of players whose name holds ``name``."""
        self.listing.name = name.strip()[:40]
        self.listing.shown = Listing().shown
        self.app.render()

    def ask(self, game_id: str) -> None:
        app = self.app
        if game_id == ALL_FINISHED:
            n = len(finished(app.saves.list(quick=True)))
            app.dialog = ("delete", game_id, n)
            return app.render()
        if game_id.startswith("cardtable/"):
            entry = next((s for s in app.saves.list(quick=True) if s.id == game_id), None)
        else:
            entry = app.saves.row(game_id) if app.saves.raw(game_id) is not None else None
        what = f"{home.game_title(entry.game) if entry.game else _('Game')} — {home.players_text(entry)}" if entry else game_id
        app.dialog = ("delete", game_id, what)
        app.render()

    def delete(self, key: str) -> None:
        app = self.app
        if key == ALL_FINISHED:
            gone = finished(app.saves.list(quick=True))
            for s in gone:
                app.saves.delete(s.id)
            app.notice = ngettext("{n} finished game was deleted.", "{n} finished games were deleted.",
                                  len(gone)).format(n=len(gone))
            self.listing.shown["finished"] = PAGE
        elif key.startswith("cardtable/"):
            app.saves.delete_key(key)
            app.notice = _("The saved game was deleted.")
        else:
            app.saves.delete(key)
            app.notice = _("The saved game was deleted.")
        app.dialog = None
        app.render()

    def dialog_html(self) -> str:
        _kind, gid, what = self.app.dialog
        if gid == ALL_FINISHED:
            title, body, yes = delete_finished_dialog(what)
            body = f"<p>{esc(body)}</p><p>{esc(_('This cannot be undone.'))}</p>"
            no = _("Keep them")
        else:
            title, yes, no = _("Delete this saved game?"), _("Delete"), _("Keep it")
            body = f"<p>{esc(what)}</p><p>{esc(_('This cannot be undone.'))}</p>"
        return dialog(esc(title), body,
                      button(esc(yes), f"confirm-delete:{gid}", cls="btn danger", key="confirm")
                      .replace("<button ", "<button data-autofocus ", 1)
                      + button(esc(no), "cancel", cls="btn ghost", key="cancel"), escape="cancel")
