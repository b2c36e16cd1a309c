"""The home screen's saved games: deleting one, after a question that names it.

Acts: ``delete:<id>`` (ask), ``confirm-delete:<id>`` (an id, or a damaged entry's storage key
``cardtable/...``).  Its dialog is ``("delete", id, what)`` over the home screen.
"""

from __future__ import annotations

from ..text.i18n import _
from ..text.markup import button, dialog, esc
from . import home


class SavedGames:
    """Deleting saved games from the home screen (see the module docstring)."""

    def __init__(self, app) -> None:
        self.app = app

    def acts(self) -> dict:
        return {"delete": self.ask, "confirm-delete": self.delete}

    def ask(self, game_id: str) -> None:
        app = self.app
        entry = next((s for s in app.saves.list() if s.id == game_id), None)
        what = f"{home.game_title(entry.game) if entry.game else _('Game')} — {home.players_text(entry)}" if entry else game_id
        app.dialog = ("delete", game_id, what)
        app.render()

    def delete(self, key: str) -> None:
        app = self.app
        if key.startswith("cardtable/"):
            app.saves.delete_key(key)
        else:
            app.saves.delete(key)
        app.dialog = None
        app.notice = _("The saved game was deleted.")
        app.render()

    def dialog_html(self) -> str:
        _kind, gid, what = self.app.dialog
        return dialog(esc(_("Delete this saved game?")), f"<p>{esc(what)}</p><p>{esc(_('This cannot be undone.'))}</p>",
                      button(esc(_("Delete")), f"confirm-delete:{gid}", cls="btn danger", key="confirm")
                      .replace("<button ", "<button data-autofocus ", 1)
                      + button(esc(_("Keep it")), "cancel", cls="btn ghost", key="cancel"), escape="cancel")
