"""What the person does on the page, turned into the app's acts: every listener the app sets.

* a click on a ``[data-act]`` element (web/morph.js hands over its act) runs its act
  (``app.dispatch``); a card that cannot be played now (``aria-disabled``) says why instead, and an
  act that fails says so on the screen, which stays alive; a click or a field changed on a screen
  shown no more is dropped (``stale``);
* a key: letters and digits are the shortcuts of ``keys`` (they press the button they name, when it
  is there and enabled), Escape closes a sheet or a question that is safe to close, arrows step a
  review;
* a form field changed (its id and value, from web/morph.js): the new-game form's selects, or a
  file chosen, read by the page, then handed to the screen part that takes it (``FILE_FIELDS``);
* Back and Forward (the route they came to, from web/morph.js, for ``app.history``) and another
  window's change to the store (``storage``, and web/store.js's ``onchange``, one per burst of
  writes, for ``app.on_storage``), and a write the browser refused after all (web/store.js's
  ``onrefused``, for ``files.on_refused``).
"""

from __future__ import annotations

from pyscript import document, window
from pyodide.ffi import create_proxy

from . import keys
from ..text.i18n import _
from .browser import idb_store, present

# a file field's id -> the part and method that take the file chosen
FILE_FIELDS = {"review-file": ("review_settings", "open_file"), "import-file": ("files", "import_text"),
               "stats-file": ("statistics", "import_file"), "backup-file": ("your_data", "restore_file")}


class PageInput:
    """The app's listeners on the page (see the module docstring)."""

    def __init__(self, app) -> None:
        self.app = app
        self._proxies = {   # kept: a listener lasts as long as its proxy
            "tap": create_proxy(self.on_tap),
            "field": create_proxy(self.on_field),
            "keydown": create_proxy(self.on_key),
            "route": create_proxy(app.history.on_route),
            "storage": create_proxy(app.on_storage),
        }
        window.cardtableTap = self._proxies["tap"]   # (web/morph.js's listeners on #app call them)
        window.cardtableField = self._proxies["field"]
        window.cardtableRoute = self._proxies["route"]   # (Back and Forward, from web/morph.js)
        document.addEventListener("keydown", self._proxies["keydown"])
        window.addEventListener("storage", self._proxies["storage"])
        kv = idb_store()
        if kv is not None:   # web/store.js: another window's writes, once per burst; a write refused
            self._proxies["refused"] = create_proxy(lambda keys, why: app.files.on_refused(list(keys), str(why)))
            kv.onchange(self._proxies["storage"])
            kv.onrefused(self._proxies["refused"])

    def on_tap(self, act: str, refused: str, at: float, fields=None) -> None:
        """A tap on a ``[data-act]`` (web/morph.js): its act run (with the fields of the form it is
        in, ``fields``), or, on a card that cannot be played now, why not said; dropped when made on
        a screen since replaced (``stale``)."""
        app = self.app
        act = str(act)
        if self.stale(at):
            return
        if refused:
            if refused == "card" and app.screen == "table":
                app.table_screen.explain_refusal(act)   # a card that cannot be played now: say why
            return
        try:
            app.dispatch(act, fields.to_py() if present(fields) else None)
        except Exception as err:  # never leave the page dead: say what happened
            app.error = _("Something went wrong: {error}").format(error=f"{type(err).__name__}: {err}")
            window.console.error(f"cardtable: {act}: {err!r}")
            app.render()

    def stale(self, at: float) -> bool:
        """A tap or a field changed (at ``at``, the page's clock) on a screen shown no more:
        answered after the screen changed (a task later, or from a worker), it was not meant for
        this one."""
        return float(at) < self.app.shown_since

    def on_key(self, event) -> None:
        """Escape closes a sheet or a question that is safe to close; letters and digits are the
        shortcuts of ``keys.py`` (they press the button they name, when it is there and enabled);
        arrows step a review."""
        app = self.app
        if app.screen == "review" and app.review_settings.on_key(event):
            return
        if str(event.key) != "Escape":
            target = keys.shortcut_target(str(event.key), app.screen_name(), bool(event.ctrlKey or event.altKey or event.metaKey),
                                          str(getattr(event.target, "tagName", "") or ""))
            if target:
                el = document.querySelector(f"#app {target}")
                if present(el) and not el.hasAttribute("disabled") and el.getAttribute("aria-disabled") != "true" \
                        and not present(el.closest("[inert]")):
                    event.preventDefault()
                    el.focus()
                    el.click()
            return
        modal = document.querySelector('#app [aria-modal="true"][data-escape]')
        if present(modal):
            event.preventDefault()
            app.dispatch(str(modal.dataset.escape))
            return
        if app.screen == "table" and app.table is not None and getattr(app.table, "panel", None):
            app.table.panel = None
            app.render()
        elif app.dialog and app.dialog[0] in ("delete", "stats-reset"):
            app.dialog = None
            app.render()

    def on_field(self, field_id: str, value: str, at: float, file) -> None:
        """A form field changed (web/morph.js): the new-game form's selects, home's filter by
        name, or a file chosen (``file``: its text and name, read by the page), handed to the
        screen part that takes it."""
        field_id, value = str(field_id), str(value)
        if self.stale(at):
            return
        if field_id in ("ng-preset", "ng-seats"):
            self.app.new_game.changed(field_id, value)
            return
        if field_id == "saves-name":   # (Enter, or leaving the field: home's filter by a player's name)
            self.app.saved_games.find(value)
            return
        owner, method = FILE_FIELDS.get(field_id, (None, None))
        if owner is not None and present(file):
            getattr(getattr(self.app, owner), method)(str(file.text), str(file.name))
