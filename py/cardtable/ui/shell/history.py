"""The browser's history for the app: one entry per screen, home at the bottom.

Home is the bottom entry and any other screen the one entry above it, so Back from any screen
lands on home and never leaves the app.  The page keeps the entries (web/morph.js: each redraw
gives the route of the screen it shows, ``app.route()``); Back and Forward hand Python the route
they came to, and ``app.go_to_route`` shows it.
"""

from __future__ import annotations

from . import page


class History:
    """The app's side of the history (see the module docstring)."""

    def __init__(self, app) -> None:
        self.app = app

    def on_route(self, route: str) -> None:
        """Back or Forward came to ``route`` (web/morph.js): its screen shown, unless it is already."""
        if route != self.app.route():
            self.app.go_to_route(route)

    def start(self, then) -> None:
        """The first screen: home at the bottom of the history, and a reload's screen over it; then
        ``then()`` (once it is drawn: the page's answer comes from the page, a message later)."""
        page.ask("cardtableFirstRoute", then=lambda route: (self.first(route), then()))

    def first(self, route: str) -> None:
        if route == "#home":
            self.app.render()
        else:
            self.app.go_to_route(route)   # (home is under it, so Back still lands in the app)
