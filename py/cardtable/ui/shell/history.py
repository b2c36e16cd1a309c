"""The browser's history for the app: one entry per screen, home at the bottom.

Home is the bottom entry and any other screen the one entry above it, so Back from any screen
lands on home and never leaves the app; Back and Forward (``popstate``) show the screen their
location hash names (``app.route()`` gives the hash of the screen shown, ``app.go_to_route`` shows
one).
"""

from __future__ import annotations

from pyscript import window
from pyodide.ffi import to_js

from .browser import js_object


class History:
    """Keeps the location hash in step with the app's screen (see the module docstring)."""

    def __init__(self, app) -> None:
        self.app = app
        self.route_now = ""   # the location hash the last render left

    def sync(self) -> None:
        """After a render: push, replace or go back to the entry of the screen shown."""
        route = self.app.route()
        if route == self.route_now:
            return
        if route == str(window.location.hash):
            self.route_now = route
            return
        state = to_js({"cardtable": route}, dict_converter=js_object)
        if route == "#home":
            window.history.back()   # to the home entry under this one; popstate finds home drawn
        elif self.route_now in ("", "#home"):
            window.history.pushState(state, "", route)
        else:
            window.history.replaceState(state, "", route)
        self.route_now = route

    def on_popstate(self, event) -> None:
        route = str(window.location.hash)
        self.route_now = route
        if route == self.app.route():
            return
        self.app.go_to_route(route)

    def start(self) -> None:
        """The first screen: home at the bottom of the history, and a reload's screen over it."""
        app = self.app
        route = str(window.location.hash)
        state = window.history.state
        if route not in ("", "#", "#home") and getattr(state, "under", None) == "#home":
            self.route_now = route   # (put over a home entry already: the rules opened before Python, web/first-paint.js)
            return app.go_to_route(route)
        window.history.replaceState(to_js({"cardtable": "#home"}, dict_converter=js_object), "", "#home")
        self.route_now = "#home"
        if route not in ("", "#", "#home"):
            app.go_to_route(route)   # a reload on another screen: home is under it, so Back still lands in the app
        else:
            app.render()
