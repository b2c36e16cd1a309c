"""What the person does on the page, turned into the app's acts: every listener the app sets.

* a click on a ``[data-act]`` element (web/morph.js hands over its act) runs its act
  (``app.dispatch``); a card that cannot be played now (``aria-disabled``) says why instead, and an
  act that fails says so on the screen, which stays alive; a click or a field changed on a screen
  shown no more is dropped (``stale``);
* a key the page hands over (web/morph.js presses the buttons of the shortcuts and closes a modal
  itself): Escape closes a table's panel or a question that is safe to close; the arrows step a
  review;
* a form field changed (its id and value, from web/morph.js): the new-game form's selects, or a
  file chosen, read by the page, then handed to the screen part that takes it (``FILE_FIELDS``);
* Back and Forward (the route they came to, from web/morph.js, for ``app.history``) and another
  window's change to the store (the page's ``storage`` event, and web/store.js's ``onchange``, one
  per burst of writes, for ``app.on_storage``), and a write the browser refused after all
  (web/store.js's ``onrefused``, for ``files.on_refused``).

Every one comes as plain values through ``page.on`` (a worker would get them as messages).
"""

from __future__ import annotations

from pyodide.ffi import create_proxy

from . import page
from ..text.i18n import _
from .browser import idb_store

# a file field's id -> the part and method that take the file chosen
FILE_FIELDS = {"review-file": ("review_settings", "open_file"), "import-file": ("files", "import_text"),
               "stats-file": ("statistics", "import_file"), "backup-file": ("your_data", "restore_file")}


class PageInput:
    """The app's listeners on the page (see the module docstring)."""

    def __init__(self, app) -> None:
        self.app = app
        page.on("cardtableTap", self.on_tap)   # (web/morph.js's listeners on #app call them)
        page.on("cardtableField", self.on_field)
        page.on("cardtableKey", self.on_key)
        page.on("cardtableRoute", app.history.on_route)   # (Back and Forward, from web/morph.js)
        page.on("cardtableChanged", app.on_storage)
        kv = idb_store()
        if kv is not None:   # web/store.js (in Python's scope): another window's writes, once per burst; a write refused
            self._proxies = (create_proxy(lambda event: app.on_storage(list(event.keys))),
                             create_proxy(lambda keys, why: app.files.on_refused(list(keys), str(why))))
            kv.onchange(self._proxies[0])
            kv.onrefused(self._proxies[1])

    def on_tap(self, act: str, refused: str, shown: int, fields=None) -> None:
        """A tap on a ``[data-act]`` (web/morph.js): its act run (with the fields of the form it is
        in, ``fields``), or, on a card that cannot be played now, why not said; dropped when made on
        a screen since replaced (``stale``)."""
        app = self.app
        if self.stale(shown):
            return
        if refused:
            if refused == "card" and app.screen == "table":
                app.table_screen.explain_refusal(act)   # a card that cannot be played now: say why
            return
        try:
            app.dispatch(act, fields)
        except Exception as err:  # never leave the page dead: say what happened
            app.error = _("Something went wrong: {error}").format(error=f"{type(err).__name__}: {err}")
            page.here.console.error(f"cardtable: {act}: {err!r}")
            app.render()

    def stale(self, shown: int) -> bool:
        """A tap or a field changed on a screen shown no more (``shown``: the count of screens
        Python had drawn when the page took it, ``app.shown``): answered after the screen changed
        (a task later, or from a worker), it was not meant for this one."""
        return shown < self.app.shown

    def on_key(self, key: str) -> None:
        """Escape (no modal said how to close it) closes a table's panel or a question that is safe
        to close; the arrows step a review (web/morph.js)."""
        app = self.app
        if key != "Escape":
            if app.screen == "review":
                app.review_settings.on_key(key)
        elif app.screen == "table" and app.table is not None and getattr(app.table, "panel", None):
            app.table.panel = None
            app.render()
        elif app.dialog and app.dialog[0] in ("delete", "stats-reset"):
            app.dialog = None
            app.render()

    def on_field(self, field_id: str, value: str, shown: int, file) -> None:
        """A form field changed (web/morph.js): the new-game form's selects, home's filter by
        name, or a file chosen (``file``: its text and name, read by the page), handed to the
        screen part that takes it."""
        if self.stale(shown):
            return
        if field_id in ("ng-preset", "ng-seats"):
            self.app.new_game.changed(field_id, value)
            return
        if field_id == "saves-name":   # (Enter, or leaving the field: home's filter by a player's name)
            self.app.saved_games.find(value)
            return
        owner, method = FILE_FIELDS.get(field_id, (None, None))
        if owner is not None and file:
            getattr(getattr(self.app, owner), method)(file["text"], file["name"])
