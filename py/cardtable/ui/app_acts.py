"""The app's own acts, the ones no single screen owns: ``nav:<place>`` (``home``, and the places
other screens list in their ``places()``), ``rules:<game>``, ``cancel`` (close the dialog),
``lang:<code>``, ``speed:<pace>`` and ``level:<level>``.  ``AppActs.acts()`` is registered in ``App.acts`` like every
screen's table of acts; each act draws what it changed.
"""

from __future__ import annotations

from ..stores.settings import LEVELS
from .text.i18n import LANGUAGES

PACES = ("slow", "normal", "fast")


class AppActs:
    """The app-wide acts (see the module docstring); ``places()`` maps ``nav:<place>`` to its handler
    for the places other than home."""

    def __init__(self, app, places) -> None:
        self.app = app
        self.more_places = places   # () -> the other screens' places (asked on the first nav elsewhere than home)

    def acts(self) -> dict:
        return {"nav": self.nav, "rules": self.rules, "cancel": self.cancel, "lang": self.lang, "speed": self.speed,
                "level": self.level}

    def nav(self, place: str) -> None:
        go = self.home if place == "home" else self.more_places().get(place)
        if go is not None:
            go(place)

    def home(self, _arg: str = "") -> None:
        app = self.app
        if app.built("review_settings") is not None:   # (before, no review was ever open)
            app.review_settings.forget_review()
        app.close_game()
        app.screen = "home"
        app.render()

    def rules(self, game: str) -> None:
        self.app.screen = f"rules:{game}"
        self.app.render()

    def cancel(self, _arg: str = "") -> None:
        self.app.dialog = None
        self.app.render()

    def lang(self, code: str) -> None:
        if code in LANGUAGES:
            from .shell.browser import load_pack   # (the browser's: imported when a language is chosen)
            load_pack(code, lambda: self._speak(code))   # (its pack fetched first, once)

    def _speak(self, code: str) -> None:
        app = self.app
        app.settings["lang"] = code
        app.keep_settings()
        app.set_language(code)
        app.render()

    def level(self, level: str) -> None:
        """The computers' level of *Play against the computer*, kept in the settings."""
        if level in LEVELS:
            self.app.settings["level"] = level
            self.app.keep_settings()
            self.app.render()

    def speed(self, pace: str) -> None:
        if pace in PACES:
            self.app.settings["speed"] = pace
            self.app.keep_settings()
            self.app.render()
