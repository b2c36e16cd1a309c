"""The app in the page: it draws the screen shown, keeps the history, and routes every act.

Screens are pure functions from state to HTML (``screens/``, ``table/``); this module puts that
HTML into ``#app`` and runs acts, which ``shell.page_input`` makes of the page's clicks on
``[data-act]`` elements, its keys and its form fields.  An act is ``verb:arg``: the verb's owner,
one of the parts of the app that own their acts (a screen part or ``app_acts.AppActs``), is looked
up in ``ACT_OWNERS`` (``App.acts_of``).  Each screen part is imported and built on its first use
(``PARTS``): a first visit's home screen compiles only what it draws (tests/test_lazy_home.py).  The
open game's play loop is ``self.session`` (``cardtable.session.GameSession``): every move goes
through the engine's ``legal_actions -> apply``.

Redraws morph ``#app`` to the new markup (``window.cardtablePaint``, web/morph.js) so elements,
focus and transitions survive (without that script the app does not start: ``main.py``).
Each screen is a history entry (``#home``, ``#new/<game>``, ``#rules/<game>``, ``#game/<id>``,
``#review/<id>``, ``#stats``, ``#settings``; ``shell.history``): Back from a game comes home,
and a reload reopens the same screen (a game on its hand-off).
"""

from __future__ import annotations

import importlib
import time
from typing import Optional

from pyodide.ffi import create_proxy

from .text import announce
from .screens import home
from .text.i18n import N_, _, best_language, use_language
from .shell import page
from .shell.browser import browser_languages, take_pack, local_get, local_set, say_aloud, store, without_saves
from .text.markup import isolate_names
from .shell.history import History
from .shell.early import take_early_taps
from .shell.rules_pages import fetch_ahead, rules_page
from .shell.page_input import PageInput
from .shell.tasks import Tasks
from ..stores.settings import SETTINGS_KEY, dump_settings, html_classes, parse_settings
from .app_acts import AppActs
from .screens.home_screen import home_screen
from .screens.new_game import bots_available
from .screens.warmup import Warmup
from .table.events import TableEvents
from .table.relog import Relog
from ..session import GameSession, stored_analyses, stored_hints
from ..stores.saves import SaveStore

PARTS = {
    "files": (".screens.files", "Files"),                    # opening, importing, exporting games
    "new_game": (".screens.new_game", "NewGame"),            # the new-game form
    "table_screen": (".table.screen", "TableScreen"),        # the open game's table, hand-off and summaries
    "saved_games": (".screens.saved_games", "SavedGames"),   # deleting saved games from the home screen
    "lesson": (".screens.lesson", "Lesson"),                 # the guided first hands ("Learn to play")
    "review_settings": (".screens.review_settings", "ReviewSettings"),   # the Review and Settings screens
    "your_data": (".screens.data", "YourData"),              # Settings' *Your data* group (backup, room, persistence)
    "statistics": (".screens.stats", "StatsScreen"),         # the Statistics screen
    "remote": (".screens.remote", "Remote"),                 # seats on other devices: the host's codes, a guest's joining
    "daily": (".screens.daily", "Daily"),                    # the deal of the day, its par, hands shared as links
}
"""The app's screen parts: attribute -> (module, class).  Each is imported and built on its first
use (``App.__getattr__``), so that the home screen of a first visit compiles only what it draws."""

ACT_OWNERS = {
    **dict.fromkeys(("open", "export", "data"), "files"),
    **dict.fromkeys(("new", "quick", "start", "play-again"), "new_game"),
    **dict.fromkeys(("ready", "release", "next-hand", "move", "hint", "undo", "playout", "ui", "analyse"),
                    "table_screen"),
    **dict.fromkeys(("delete", "confirm-delete", "saves"), "saved_games"),
    **dict.fromkeys(("learn", "lesson"), "lesson"),
    **dict.fromkeys(("set", "open-review", "review", "ice"), "review_settings"),
    "stats": "statistics", "backup": "your_data", "daily": "daily", "share": "daily",
    **dict.fromkeys(("remote-devices", "remote-code", "remote-accept", "remote-table", "join", "remote-join-read",
                     "remote-join-again", "remote-computer", "remote-here", "remote-back", "remote-scan", "remote-scan-stop",
                     "remote-copy", "remote-share"),
                    "remote"),
    **dict.fromkeys(("nav", "rules", "cancel", "lang", "speed", "level"), "app_acts"),
}
"""Every act's verb -> the part that owns it (its ``acts()`` names the verb; tests/test_lazy_home.py
checks the two agree)."""

WITHOUT_SAVES = N_("Started without your saved games, as you asked: nothing is saved during this visit. "
                   "They are still stored; reload the app normally to see them.")


SESSION_FIELDS = ("game", "game_id", "table", "controllers", "viewer", "handoff_to", "log", "dialog", "error", "hold",
                  "settings", "hints")
"""App attributes that are the session's (``app.game`` is ``app.session.game``; each is described
in ``session.GameSession``): the table modules and the coach read them of the app."""


def _session_field(name: str) -> property:
    return property(lambda self: getattr(self.session, name), lambda self, v: setattr(self.session, name, v))


class App:
    def __init__(self) -> None:
        self.saves = SaveStore(store())
        self.screen = "home"          # home | new:<game> | rules:<game> | table
        self.tasks = Tasks(page.here, create_proxy)   # tasks of their own: soon, or after a delay
        # the open game and its play loop (game, table, seats, viewer, hand-off, holds, log ...)
        # (the pause before a computer's move: shorter in the browser tests, window.__cardtableComputerMs, never longer)
        short = page.started("computerMs")
        short = short if isinstance(short, (int, float)) and not isinstance(short, bool) and short >= 0 else None
        self.session = GameSession(self.tasks, self.saves, parse_settings(local_get(SETTINGS_KEY)), TableEvents(self),
                                   computer_ms_cap=short)
        self.notice = ""              # a message on the home screen
        self.shown = 0                # how many screens were shown (a tap made on an earlier one is dropped)
        self.painted = "home"         # the screen drawn last (the build drew home before Python started)
        self.starting = False         # the next screen drawn is the first: it says the app is ready (start)
        self.form: dict = {}          # the fields of the form the act being run was tapped in (id -> value)
        self.banner = ""              # a message over the table (e.g. storage full)
        self.parts: dict = {}         # the screen parts built so far (``PARTS``: each on first use)
        self.relog = Relog(self, lambda *args, **kw: self.files.replay_steps(*args, **kw))   # the log described again in slices (language switch)
        self.app_acts = AppActs(self, lambda: self.review_settings.places())
        self.set_language(self.settings.get("lang") or best_language(browser_languages()))
        self.history = History(self)      # one history entry per screen
        self.said: list[str] = []         # sentences for the live region, said at the next render
        self.input = PageInput(self)      # every listener on the page: clicks, fields, keys, Back, storage
        self.notice = _(WITHOUT_SAVES) if without_saves() else ""
        self.warmup = Warmup(self.tasks, self.idle).start()   # what an opening needs, imported while home waits

    def __getattr__(self, name: str):
        """A screen part (``PARTS``), imported and built on its first use."""
        where, parts = PARTS.get(name), self.__dict__.get("parts")
        if where is None or parts is None:
            raise AttributeError(name)
        module, cls = where
        part = parts[name] = getattr(importlib.import_module(module, __package__), cls)(self)
        setattr(self, name, part)   # found as an attribute from now on
        return part

    def built(self, name: str):
        """The screen part ``name`` if it was built already, else None (it holds nothing yet)."""
        return self.parts.get(name)

    def acts_of(self, verb: str):
        """The act a verb names (its owner built on first use), or None for an unknown verb."""
        owner = ACT_OWNERS.get(verb)
        return None if owner is None else getattr(self, owner).acts().get(verb)

    def dispatch(self, act: str, fields: Optional[dict] = None) -> None:
        """Run the act a ``data-act`` names (``verb:arg``): its verb's owner answers it (``fields``:
        those of the form it was tapped in, kept as ``self.form`` for the act)."""
        self.form = fields or {}
        verb, _sep, arg = act.partition(":")
        self.cancel_opening()   # a game still being opened is not wanted any more
        if self.built("remote") and self.remote.refuses(verb):   # a guest device's table: the game is on the host
            return
        act = self.acts_of(verb)
        if act is not None:
            act(arg)   # the part that owns the act draws what it changed; an unknown verb is ignored

    def idle(self) -> bool:
        """Nothing under way: the home screen, no dialog, no game being opened."""
        files = self.built("files")
        return self.screen == "home" and not self.dialog and (files is None or files.opening is None)

    def lesson_active(self) -> bool:
        """A lesson is being played on the table (none before the lesson part is built)."""
        return self.built("lesson") is not None and self.lesson.active()

    def on_storage(self, keys: list) -> None:
        """Another window changed the store's ``keys`` (the files part follows it)."""
        self.files.on_storage(keys)

    # ---- rendering ------------------------------------------------------------------------------
    def render(self) -> None:
        """Draw the screen shown and give it its history entry (``window.cardtablePaint``,
        web/morph.js: one call into the page, which also keeps the focus where a person expects
        it), then say what is to be said."""
        html = isolate_names(self.screen_html())   # every isolated name a <bdi> (markup.isolated)
        name = self.screen_name()
        attrs = html_classes(self.settings)   # paces the CSS animations; deck colours, card size
        if name != self.painted:
            self.painted, self.shown = name, self.shown + 1   # (a tap made before this was on another screen)
        if self.starting:   # the first screen: drawn and shown in one call (#app shown, the boot screen gone)
            attrs, self.starting = {**attrs, "ready": "true"}, False
        page.call("cardtablePaint", html, name, attrs, self.route(), self.shown)
        table_screen = self.built("table_screen")   # (built with the first game opened)
        if table_screen is not None:
            table_screen.after_render(name)
        if table_screen is not None:
            table_screen.announce_pending()
        else:
            say_aloud(self.said)
            self.said = []

    def set_language(self, code: str) -> None:
        """Speak ``code`` from now on: the catalog, ``<html lang>``, and the open game's log
        (described again in the new language; the game and its position stay as they are)."""
        take_pack(code)   # (the pack web/i18n.js loaded for it)
        lang = self.lang = use_language(code)
        page.call("cardtableHtml", {"lang": lang})
        fetch_ahead(lang)   # (its rules pages: Rules then opens at once)
        self.relog.start(lambda err: page.here.console.error(f"cardtable: log in {lang}: {err!r}"))   # in slices

    def keep_settings(self) -> None:
        """Store the settings (when storage fails, they last for this visit)."""
        local_set(SETTINGS_KEY, dump_settings(self.settings))

    def screen_name(self) -> str:
        if self.screen == "table" and self.handoff_to:
            return "handoff"
        if self.screen == "table" and self.dialog and self.dialog[0] in ("hand", "over"):
            return "summary"
        return self.screen.split(":")[0]

    # ---- history: one entry per screen --------------------------------------------------------
    def route(self) -> str:
        """The location hash of the screen shown now."""
        remote = self.built("remote") and self.remote.route()
        if remote:
            return remote
        if self.screen in ("review", "settings"):
            return self.review_settings.route()
        if self.screen == "table" and self.lesson_active():
            return self.lesson.route()
        if self.screen == "table" and self.game_id:
            return f"#game/{self.game_id}"
        if self.screen.startswith("new:"):
            return f"#new/{self.screen[4:]}"
        if self.screen.startswith("rules:"):
            return f"#rules/{self.screen[6:]}"
        if self.screen == "stats":
            return "#stats"
        return "#home"

    def go_to_route(self, route: str) -> None:
        """Show the screen a location hash names (Back, Forward, a reload)."""
        self.cancel_opening()   # a game still being opened must not pull the person back to it
        if route.startswith("#join") and self.remote.go_to(route):   # joining a table on another device (#join, #join=<code>)
            return
        if route.startswith("#hand="):   # a finished hand shared as a link
            return self.daily.open_link(route)
        if self.game is not None:
            self.close_game()   # every move is saved already
        kind, _sep, arg = route.lstrip("#").partition("/")
        if kind in ("review", "settings"):
            self.review_settings.go_to(kind, arg)
            return
        if kind == "lesson":
            return self.lesson.go_to(arg)
        if kind == "game" and arg and self.saves.raw(arg):
            self.files.open_saved(arg)
            if self.game is not None and not self.game.over and self.dialog is None:
                self.table_screen.handoff_armed = False
                self.session.resume()   # nobody has been handed the device yet: never show a hand unasked
                self.render()
            return
        if kind == "stats":
            self.screen = "stats"
        elif kind in ("new", "rules") and arg in home.GAME_TITLES:
            self.screen = f"{kind}:{arg}"
        else:
            self.screen = "home"
        self.render()

    def screen_html(self) -> str:
        now = time.time()
        if self.screen == "home":   # (the same function draws a first visit's home into the built page)
            html = home_screen(self.saves, self.settings, self.lang, self.notice,
                               home.seat_host(local_get(home.GUEST_KEY)), bots_available(), now, self.parts.get("saved_games"))
        elif self.screen.startswith("new:"):
            html = home.new_game_html(self.screen[4:], bots_available(), preset=self.new_game.preset,
                                      seats=self.new_game.seats, errors=self.new_game.errors)
        elif self.screen.startswith("rules:"):
            html = rules_page(self.screen[6:], self.lang, self.render)   # (the build drew it)
        elif self.screen == "table" and self.lesson_active():
            return self.lesson.screen_html()
        elif self.screen == "table":
            bar, html = self.remote.bar(), self.table_screen.table_html()
            html = f'<div class="with-bar">{bar}{html}</div>' if bar else html   # (the table shares the screen)
        elif self.screen in ("join", "remote-host"):
            html = self.remote.html()
        elif self.screen == "stats":
            html = self.statistics.html()
        elif self.screen in ("review", "settings"):
            html = self.review_settings.html()
        else:
            html = self.daily.html() if self.screen == "daily" else ""
        if self.dialog:
            html += self.dialog_html()
        return html

    def dialog_html(self) -> str:
        kind = self.dialog[0]
        if kind == "delete":
            return self.saved_games.dialog_html()
        if kind == "import-dup":
            return self.files.import_dup_html()
        if kind == "stats-reset":
            return self.statistics.dialog_html()
        if kind in ("hand", "over"):
            return self.table_screen.dialog_html(kind)
        return ""

    # ---- games ------------------------------------------------------------------------------------
    def open_game(self, game, game_id: str, controllers: dict, log: list[str], script=None) -> None:
        """Open a game on the table (``script``: a lesson's, see ``GameSession``)."""
        table = self.table_screen.table_for(game)
        if not bots_available():
            controllers = {}   # every seat a person
        raw = self.saves.raw(game_id)
        self.session.open(game, game_id, table, controllers, log, hints=stored_hints(raw), script=script,
                          analyses=stored_analyses(raw))
        table.you = announce.the_one_person(self.controllers, table.seats)
        self.banner = ""
        self.screen = "table"
        from ..stats import hands_finished   # (the statistics, imported with the first game opened)

        if hands_finished(game):
            self.table_screen.count_hands()   # a game opened or imported with finished hands (counted once)
        self.remote.opened(game_id)   # seats on other devices: this device hosts them, their codes shown

    def cancel_opening(self) -> None:
        """Stop a game being opened in slices (none can be before the files part is built)."""
        files = self.built("files")
        if files is not None:
            files.cancel_opening()

    def close_game(self) -> None:
        if self.built("remote") is not None:   # (before, no seat on another device was ever shown)
            self.remote.closed()
        self.session.close()
        self.cancel_arm()
        self.notice = ""

    def humans(self) -> list[str]:
        return self.session.humans()

    def advance(self) -> None:
        """After a move: decide who sees the screen next, and start a computer's turn (and draw)."""
        self.session.advance()

    def release_hold(self) -> None:
        """The trick is collected (time or a tap), the peeker is done: the game goes on."""
        self.session.release_hold()

    def cancel_arm(self) -> None:
        """A new hand-off starts its guard time afresh."""
        table_screen = self.built("table_screen")
        if table_screen is not None:
            table_screen.cancel_arm()

    def autosave(self) -> None:
        """Save the game, unless another window saved a newer version: then follow that one."""
        self.session.save()

    def cancel_bot(self) -> None:
        """Stop a computer's turn (the game waits, e.g. while Settings are open)."""
        self.session.cancel_bot()


for _name in SESSION_FIELDS:
    setattr(App, _name, _session_field(_name))


APP: Optional[App] = None


def start() -> None:
    global APP
    # Python runs: from here a failure is the saved data's (web/boot.js offers the rescue)
    page.call("cardtableHtml", {"data-boot-phase": "data"})
    APP = App()
    APP.starting = True   # (its first screen says the app is ready: render)
    APP.history.start(then=lambda: take_early_taps(APP))   # (morphs the home the build drew: nothing moves)
