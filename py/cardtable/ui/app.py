"""The app in the page: screens, pass-and-play hand-offs, autosave, computer turns.

This is the only module that touches the browser (``pyscript``/``js``).  Screens are pure
functions from state to HTML (``home``, ``table_*``); this module puts that HTML into ``#app``,
listens for clicks on ``[data-act]`` elements, and sends every move through the engine's
``legal_actions -> apply``.  A game's table module is imported only when a game of that kind is
opened, to keep start-up light.

Acts (``data-act`` values): ``nav:home``, ``new:<game>``, ``quick:<game>`` (you against the
computer), ``rules:<game>``, ``start``, ``open:<id>``, ``delete:<id>``, ``confirm-delete:<id>``,
``cancel``, ``export``, ``ready`` (the hand-off tap), ``release`` (collect a finished trick, end a
peek), ``next-hand``, ``play-again``, ``speed:<slow|normal|fast>``, ``move:<action>`` (an engine
action), and ``ui:<anything>`` (handled by the table module: selections, sheets).

Redraws morph ``#app`` to the new markup (``window.cardtableMorph``, web/morph.js) so elements,
focus and transitions survive; ``innerHTML`` is the fallback when that script did not load.

Pass and play cannot leak: a hand-off screen holds no card and its button stays disabled for
``HANDOFF_GUARD_MS`` (a double tap on the last card cannot press it), and the end-of-hand summary
is drawn on its own, without the table (the next hand is already dealt behind it).  A move after
which the table has something to show (a finished trick, cards just peeked at) *holds* the
screen -- for the pace's ``collect_ms`` or until a tap -- before the next hand-off or computer move.

Each screen is a history entry (``#home``, ``#new/<game>``, ``#rules/<game>``, ``#game/<id>``):
Back from a game comes home, and a reload reopens the same screen (a game on its hand-off).
"""

from __future__ import annotations

import importlib
import json
import random
import time
from typing import Optional

from pyscript import document, window
from pyodide.ffi import create_once_callable, create_proxy, to_js

from ..game import IllegalAction, RecordError
from ..record import CONTROLLERS_FIELD, HINTS_FIELD, ReplayError, new_game, parse_record
from . import announce, home, keys, lesson, refusals, stats_screen
from .i18n import LANGUAGES, N_, _, best_language, ngettext, use_language
from .markup import button, dialog, esc, isolate_names, isolated, kept_name, plain_name
from .movewords import apply_with_views
from .tasks import Sliced, Tasks
from .timing import Measures
from .settings import SETTINGS_KEY, dump_settings, html_classes, pace, parse_settings
from . import app_review_settings as hooks
from .storage import DictStore, SaveConflict, SaveStore, StorageFull

TABLE_MODULES = {"dummy-spades": "cardtable.ui.table_spades", "seep": "cardtable.ui.table_seep"}
BOT_PAUSE_MS = 700      # people should be able to follow a computer's play (the normal pace)
BOT_BUDGET_S = 0.25     # thinking budget per computer move in the page
BOT_SLICE_S = 0.012     # longest stretch of thinking before the browser gets the main thread back
LOG_DESCRIBED = 80      # opening a game describes in full its last 80 actions (what the log panel shows)
OPEN_SLICE_S = 0.04     # opening or counting a long game: longest stretch before the browser gets the main thread back
OPEN_STEP = 32          # ... the time is looked at every so many actions
OTHER_WINDOW = N_("This game went on in another window — here is the latest position.")
WITHOUT_SAVES = N_("Started without your saved games, as you asked: nothing is saved during this visit. "
                   "They are still stored; reload the app normally to see them.")
STORAGE_FULL = N_("Storage is full: the last good save of this game is kept, but the moves from now on are not saved. "
                  "Export it to keep it, or delete old saved games.")
HANDOFF_GUARD_MS = 700  # a hand-off's button ignores taps this long after it appears
OPENING = N_("Opening the game…")


def _present(x) -> bool:
    """False for None and for JavaScript's null (Pyodide gives ``null`` as a ``JsNull`` object)."""
    return x is not None and type(x).__name__ != "JsNull"


class BrowserStore:
    """``window.localStorage`` with JavaScript's null turned into None, for ``SaveStore``."""

    def __init__(self, storage) -> None:
        self.storage = storage

    @property
    def length(self) -> int:
        return int(self.storage.length)

    def key(self, i: int):
        k = self.storage.key(i)
        return str(k) if _present(k) else None

    def getItem(self, k: str):  # noqa: N802 (Web Storage names)
        v = self.storage.getItem(k)
        return str(v) if _present(v) else None

    def setItem(self, k: str, v: str) -> None:  # noqa: N802
        self.storage.setItem(k, v)

    def removeItem(self, k: str) -> None:  # noqa: N802
        self.storage.removeItem(k)


def bots_available() -> bool:
    try:
        importlib.import_module("cardtable.bots")
        return True
    except ImportError:
        return False


def new_id() -> str:
    return f"{int(time.time() * 1000):x}-{random.SystemRandom().randrange(16 ** 4):04x}"


class App:
    def __init__(self) -> None:
        self.root = document.getElementById("app")
        self.saves = SaveStore(_store())
        self.screen = "home"          # home | new:<game> | rules:<game> | table
        self.game = None
        self.game_id: Optional[str] = None
        self.controllers: dict[str, str] = {}
        self.table = None             # the open game's table module's Table
        self.viewer: Optional[str] = None   # the seat whose person last saw the screen
        self.handoff_to: Optional[str] = None
        self.log: list[str] = []
        self.notice = ""              # a message on the home screen
        self.banner = ""              # a message over the table (e.g. storage full)
        self.error = ""               # why the last attempted move was refused
        self.dialog: Optional[tuple] = None
        self.pending_hand: Optional[dict] = None
        self.tasks = Tasks(window, create_proxy)   # tasks of their own: soon, or after a delay
        self.bot_timer = None             # the Tasks token of a computer's turn: its pause or next slice
        self.opening: Optional[Sliced] = None   # a game being opened in slices (in_slices)
        self.bot_thinking = False
        self.hold: Optional[str] = None   # "trick" | "reveal": the table shows what just happened
        self.hold_timer = None
        self.hold_hands_before = 0
        self.handoff_armed = False        # the hand-off button takes taps (after HANDOFF_GUARD_MS)
        self.arm_timer = None
        self.form_preset: Optional[str] = None   # the Seep scoring chosen on the new-game form
        self.form_seats: Optional[int] = None    # ... and its number of players (4 or 2)
        self.settings = parse_settings(_local_get(SETTINGS_KEY))
        self.set_language(self.settings.get("lang") or best_language(_browser_languages()))
        self.route_now = ""               # the location hash the last render left
        self.stats_notice = ""            # a message on the Statistics screen
        self.said: list[str] = []         # sentences for the live region, said at the next render
        self.turn_said = None             # the turn last announced (game id, actions, seat)
        self._proxies = {
            "click": create_proxy(self.on_click),
            "change": create_proxy(self.on_change),
            "keydown": create_proxy(self.on_key),
            "popstate": create_proxy(self.on_popstate),
        }
        self.root.addEventListener("click", self._proxies["click"])
        self.root.addEventListener("change", self._proxies["change"])
        document.addEventListener("keydown", self._proxies["keydown"])
        window.addEventListener("popstate", self._proxies["popstate"])
        window.addEventListener("storage", self._proxies.setdefault("storage", create_proxy(self.on_storage)))
        self.notice = _(WITHOUT_SAVES) if _without_saves() else ""

    # ---- rendering ------------------------------------------------------------------------------
    def render(self) -> None:
        focused = document.activeElement
        key = focused.getAttribute("data-key") if _present(focused) and focused.getAttribute else None
        was = document.documentElement.getAttribute("data-screen")
        was = str(was) if _present(was) else ""
        html = isolate_names(self.screen_html())   # every isolated name a <bdi> (markup.isolated)
        morph = getattr(window, "cardtableMorph", None)
        if _present(morph):
            morph(self.root, html)
        else:
            self.root.innerHTML = html
        name = self.screen_name()
        document.documentElement.dataset.screen = name
        for k, v in html_classes(self.settings).items():  # paces the CSS animations; deck colours, card size
            document.documentElement.setAttribute(f"data-{k}", v)
        self.sync_history()
        if name == "handoff" and not self.handoff_armed and self.arm_timer is None:
            self.arm_timer = self.tasks.later(self.arm_handoff, HANDOFF_GUARD_MS)
        if name != was:
            window.scrollTo(0, 0)
        self.announce_pending()
        active = document.activeElement
        if _present(active) and active != document.body and self.root.contains(active) and not active.hasAttribute("disabled"):
            return  # morphing kept the focused element: leave the focus where it is
        target = None
        if _present(key):
            target = self.root.querySelector(f'[data-key="{_css_escape(str(key))}"]')
        if not _present(target) or target.hasAttribute("disabled"):
            target = self.root.querySelector("[data-autofocus]")
        if _present(target) and not target.hasAttribute("disabled"):
            target.focus(to_js({"preventScroll": True}, dict_converter=_js_object))

    def announce_pending(self) -> None:
        """Say in the live region what happened since the last render, then whose turn it is."""
        say = getattr(window, "cardtableAnnounce", None)
        lines, self.said = self.said, []
        if self.screen == "table" and self.game is not None and self.viewer and not self.handoff_to \
                and not self.dialog and not self.hold and self.controllers.get(self.viewer) == "human":
            mark = (self.game_id, self.game.action_count, self.viewer)
            if self.game.to_act == self.viewer and mark != self.turn_said:
                self.turn_said = mark
                lines.append(announce.turn(self.game.name, self.game.view(self.viewer)))
        if _present(say):
            for line in lines:
                if line:
                    say(plain_name(line))   # spoken, not laid out: no isolate marks (markup.isolated)

    def set_language(self, code: str) -> None:
        """Speak ``code`` from now on: the catalog, ``<html lang>``, and the open game's log
        (described again in the new language; the game and its position stay as they are)."""
        lang = self.lang = use_language(code)
        document.documentElement.lang = lang
        if self.game is not None:
            try:
                _game, self.log = self.replay_with_log(self.game.to_record(), self.controllers)
            except Exception as err:  # the log is words only: never lose the game over it
                window.console.error(f"cardtable: log in {lang}: {err!r}")

    def arm_handoff(self) -> None:
        """The hand-off's guard time is over: its button takes taps from now on."""
        self.arm_timer = None
        if self.handoff_to:
            self.handoff_armed = True
            self.render()

    def screen_name(self) -> str:
        if self.screen == "table" and self.handoff_to:
            return "handoff"
        if self.screen == "table" and self.dialog and self.dialog[0] in ("hand", "over"):
            return "summary"
        return self.screen.split(":")[0]

    # ---- history: one entry per screen --------------------------------------------------------
    def route(self) -> str:
        """The location hash of the screen shown now."""
        if self.screen in ("review", "settings"):
            return hooks.route(self)
        if self.screen == "table" and lesson.active(self):   # lesson (#30)
            return lesson.route(self)
        if self.screen == "table" and self.game_id:
            return f"#game/{self.game_id}"
        if self.screen.startswith("new:"):
            return f"#new/{self.screen[4:]}"
        if self.screen.startswith("rules:"):
            return f"#rules/{self.screen[6:]}"
        if self.screen == "stats":
            return "#stats"
        return "#home"

    def sync_history(self) -> None:
        """Home is the bottom entry and any other screen the one entry above it, so Back from any
        screen lands on home and never leaves the app."""
        route = self.route()
        if route == self.route_now:
            return
        if route == str(window.location.hash):
            self.route_now = route
            return
        state = to_js({"cardtable": route}, dict_converter=_js_object)
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
        if route == self.route():
            return
        self.go_to_route(route)

    def go_to_route(self, route: str) -> None:
        """Show the screen a location hash names (Back, Forward, a reload)."""
        self.cancel_opening()   # a game still being opened must not pull the person back to it
        if self.game is not None:
            self.close_game()   # every move is saved already
        kind, _sep, arg = route.lstrip("#").partition("/")
        if kind in ("review", "settings"):
            hooks.go_to(self, kind, arg)
            return
        if kind == "lesson":   # lesson (#30)
            return lesson.go_to(self, arg)
        if kind == "game" and arg and self.saves.raw(arg):
            self.open_saved(arg)
            if self.game is not None and not self.game.over and self.dialog is None:
                self.cancel_bot()
                # nobody has been handed the device yet: never show a hand unasked
                seat = self.game.to_act
                humans = self.humans()
                self.viewer = None
                self.handoff_to = seat if self.controllers.get(seat) == "human" else (humans[0] if humans else None)
                self.handoff_armed = False
                # the setting: no hand-off screen, the hand shows at once; nor when one person plays
                if not self.settings["handoff"] or len(humans) == 1:
                    self.viewer, self.handoff_to = self.handoff_to, None
                self.advance_bots_only()
                self.render()
            return
        if kind == "stats":
            self.screen = "stats"
        elif kind in ("new", "rules") and arg in home.GAME_TITLES:
            self.screen = f"{kind}:{arg}"
        else:
            self.screen = "home"
        self.render()

    def advance_bots_only(self) -> None:
        if self.game is not None and self.game.to_act and self.controllers.get(self.game.to_act, "human") != "human":
            self.schedule_bot()

    def screen_html(self) -> str:
        now = time.time()
        if self.screen == "home":
            saves = self.saves.list()
            last_id = self.saves.last_id()
            last = next((s for s in saves if s.id == last_id), None)
            html = home.home_html(saves, last, now, self.notice, speed=self.settings["speed"],
                                  bots=bots_available(), lang=self.lang)
            html = lesson.with_offer(self, html)   # lesson (#30): offered on a first visit
        elif self.screen.startswith("new:"):
            html = home.new_game_html(self.screen[4:], bots_available(), preset=self.form_preset,
                                      seats=self.form_seats)
        elif self.screen.startswith("rules:"):
            html = home.rules_html(self.screen[6:], self.lang)
        elif self.screen == "table" and lesson.active(self):   # lesson (#30)
            return lesson.screen_html(self)
        elif self.screen == "table":
            html = self.table_html()
        elif self.screen == "stats":
            html = stats_screen.html_for(self)
        elif self.screen in ("review", "settings"):
            html = hooks.screen_html(self)
        else:
            html = ""
        if self.dialog:
            html += self.dialog_html()
        return html

    def table_html(self) -> str:
        if self.dialog and self.dialog[0] in ("hand", "over"):
            # the summary stands alone: the next hand is dealt already, and none of it may show
            return (f'<section class="summary-screen" aria-label="{esc(self.game_title())}">'
                    f'<h1 class="visually-hidden">{esc(self.game_title())}</h1></section>')
        if self.handoff_to:
            from . import coach
            name = self.table.name_of(self.handoff_to)
            banner = f'<p class="banner" role="alert">{esc(self.banner)}</p>' if self.banner else ""
            ready = button(esc(_("I am {name} — show my cards").format(name=name)), "ready", cls="btn big", key="ready",
                           disabled=not self.handoff_armed)
            # the button sits high on the screen, far from where the last player's cards were
            return ('<section class="handoff" aria-live="polite"><div class="handoff-card">'
                    f'<h1>{esc(_("Pass the device to {name}").format(name=name))}</h1>'
                    + ready.replace("<button ", "<button data-autofocus ", 1)
                    + f'<p>{esc(_("Only {name} should look at the screen now.").format(name=name))}</p>' + banner
                    + coach.handoff_undo(self)   # the one who just moved may take it back until then
                    + '<div class="handoff-fan" aria-hidden="true"><span class="card back"></span><span class="card back"></span></div>'
                    + f'<p class="muted small">{esc(self.game_title())}</p>'
                    + "</div>"
                    + button("⌂ " + esc(_("Home")), "nav:home", cls="btn ghost small handoff-home", key="home", aria_label=_("Home"))
                    + "</section>")
        seat = self.viewer or self.game.to_act or self.table.seats[0]
        return self.table.render(self.game, seat, self)

    def game_title(self) -> str:
        return home.game_title(self.game.name) if self.game else ""

    def dialog_html(self) -> str:
        kind = self.dialog[0]
        if kind == "delete":
            gid = self.dialog[1]
            return dialog(esc(_("Delete this saved game?")), f"<p>{esc(self.dialog[2])}</p><p>{esc(_('This cannot be undone.'))}</p>",
                          button(esc(_("Delete")), f"confirm-delete:{gid}", cls="btn danger", key="confirm")
                          .replace("<button ", "<button data-autofocus ", 1)
                          + button(esc(_("Keep it")), "cancel", cls="btn ghost", key="cancel"), escape="cancel")
        if kind == "hand":
            entry = self.dialog[1]
            body = self.table.hand_summary_html(self.game, entry)
            over = self.game.over
            label, act = (_("See the result"), "next-hand") if over else (_("Next hand"), "next-hand")
            return dialog(esc(_("End of the hand")), body,
                          button(esc(label), act, cls="btn", key="next").replace("<button ", "<button data-autofocus ", 1)
                          + button(esc(_("Export game")), "export", cls="btn ghost", key="export-hand"),
                          cls="hand-summary")
        if kind == "import-dup":
            return self.import_dup_html()
        if kind == "stats-reset":
            return stats_screen.reset_dialog()
        if kind == "over":
            body = self.table.game_over_html(self.game)
            return dialog(esc(_("Game over")), body,
                          button(esc(_("Play again")), "play-again", cls="btn", key="again").replace("<button ", "<button data-autofocus ", 1)
                          + button(esc(_("Export game")), "export", cls="btn ghost", key="export-over")
                          + hooks.game_over_button(self)
                          + button(esc(_("Home")), "nav:home", cls="btn ghost", key="home"), cls="game-over")
        return ""

    # ---- events -----------------------------------------------------------------------------------
    def on_click(self, event) -> None:
        el = event.target.closest("[data-act]") if _present(event.target) else None
        if not _present(el) or el.hasAttribute("disabled"):
            return
        act = str(el.dataset.act)
        if el.getAttribute("aria-disabled") == "true":
            if el.matches("button.card") and self.screen == "table":
                self.explain_refusal(act)   # a card that cannot be played now: say why
            return
        try:
            self.dispatch(act)
        except Exception as err:  # never leave the page dead: say what happened
            self.error = _("Something went wrong: {error}").format(error=f"{type(err).__name__}: {err}")
            window.console.error(f"cardtable: {act}: {err!r}")
            self.render()

    def on_key(self, event) -> None:
        """Escape closes a sheet or a question that is safe to close; letters and digits are the
        shortcuts of ``keys.py`` (they press the button they name, when it is there and enabled);
        arrows step a review."""
        if self.screen == "review" and hooks.on_key(self, event):
            return
        if str(event.key) != "Escape":
            target = keys.shortcut_target(str(event.key), self.screen_name(), bool(event.ctrlKey or event.altKey or event.metaKey),
                                          str(getattr(event.target, "tagName", "") or ""))
            if target:
                el = document.querySelector(f"#app {target}")
                if _present(el) and not el.hasAttribute("disabled") and el.getAttribute("aria-disabled") != "true" \
                        and not _present(el.closest("[inert]")):
                    event.preventDefault()
                    el.focus()
                    el.click()
            return
        modal = document.querySelector('#app [aria-modal="true"][data-escape]')
        if _present(modal):
            event.preventDefault()
            self.dispatch(str(modal.dataset.escape))
            return
        if self.screen == "table" and self.table is not None and getattr(self.table, "panel", None):
            self.table.panel = None
            self.render()
        elif self.dialog and self.dialog[0] in ("delete", "stats-reset"):
            self.dialog = None
            self.render()

    def dispatch(self, act: str) -> None:
        verb, _sep, arg = act.partition(":")
        self.cancel_opening()   # a game still being opened is not wanted any more
        if hooks.dispatch(self, verb, arg):
            return
        if lesson.dispatch(self, verb, arg):   # lesson (#30)
            return
        if verb == "nav" and arg == "home":
            self.close_game()
            self.screen = "home"
        elif verb == "new":
            self.form_preset = None
            self.form_seats = None
            self.screen = f"new:{arg}"
        elif verb == "quick":
            self.start_against_computer(arg)
            return
        elif verb == "lang" and arg in LANGUAGES:
            self.settings["lang"] = arg
            _local_set(SETTINGS_KEY, dump_settings(self.settings))
            self.set_language(arg)
        elif verb == "speed" and arg in ("slow", "normal", "fast"):
            self.settings["speed"] = arg
            _local_set(SETTINGS_KEY, dump_settings(self.settings))
        elif verb == "release":
            self.release_hold()
            return
        elif verb == "rules":
            self.screen = f"rules:{arg}"
        elif verb == "start":
            if not self.start_from_form():
                return
        elif verb == "open":
            self.open_saved(arg)
            return
        elif verb == "delete":
            entry = next((s for s in self.saves.list() if s.id == arg), None)
            what = f"{home.game_title(entry.game) if entry.game else _('Game')} — {home.players_text(entry)}" if entry else arg
            self.dialog = ("delete", arg, what)
        elif verb == "confirm-delete":
            if arg.startswith("cardtable/"):
                self.saves.delete_key(arg)
            else:
                self.saves.delete(arg)
            self.dialog = None
            self.notice = _("The saved game was deleted.")
        elif verb == "cancel":
            self.dialog = None
        elif verb == "export":
            self.export()
            return
        elif verb == "ready":
            if not self.handoff_armed or not self.handoff_to:
                return
            self.viewer = self.handoff_to
            self.handoff_to = None
            self.handoff_armed = False
        elif verb == "next-hand":
            self.dialog = ("over",) if self.game.over else None
            if len(self.humans()) > 1:
                self.viewer = None  # the next hand's first player is handed the device
            self.advance()
            return
        elif verb == "play-again":
            self.play_again()
            return
        elif verb == "move":
            self.human_move(arg)
            return
        elif verb == "data":
            self.data_act(arg)
            return
        elif verb in ("hint", "undo", "playout"):
            from . import coach
            coach.dispatch(self, verb)   # Hint, Undo, Play out the rest (cardtable.ui.coach)
            return
        elif verb == "stats":
            stats_screen.dispatch(self, arg)
            return
        elif verb == "ui":
            action = self.table.handle(arg, self.game, self.viewer, self)
            if action:
                self.human_move(action)
                return
        self.render()

    def on_change(self, event) -> None:
        target = event.target
        if target.id == "ng-preset":
            self.form_preset = str(target.value)
            self.render()
            return
        if target.id == "ng-seats":
            self.form_seats = _int(target.value, 4)
            self.render()
            return
        if target.id == "review-file" and target.files.length:
            file = target.files.item(0)
            file.text().then(create_once_callable(lambda text: hooks.open_file(self, str(text), str(file.name))))
            return
        if target.id == "import-file" and target.files.length:
            file = target.files.item(0)
            file.text().then(create_once_callable(lambda text: self.import_text(str(text), str(file.name))))
        if target.id == "stats-file" and target.files.length:
            file = target.files.item(0)
            file.text().then(create_once_callable(lambda text: stats_screen.import_file(self, str(text), str(file.name))))
        if target.id == "backup-file" and target.files.length:
            from .app_data import restore_file
            file = target.files.item(0)
            file.text().then(create_once_callable(lambda text: restore_file(self, str(text), str(file.name))))

    # ---- games ------------------------------------------------------------------------------------
    def table_for(self, game):
        """The table screen of the game's kind, imported only now (keeps start-up light)."""
        module = importlib.import_module(TABLE_MODULES[game.name])
        sheet = getattr(module.Table, "stylesheet", None)
        if sheet and not _present(document.querySelector(f'link[href="{sheet}"]')):
            link = document.createElement("link")
            link.rel = "stylesheet"
            link.href = sheet
            # no frame of the table is seen unstyled (#25)
            document.documentElement.setAttribute("data-styling", "")
            link.onload = link.onerror = create_once_callable(lambda _event: self.styled())
            document.head.appendChild(link)
        return module.Table(game)

    def styled(self) -> None:
        """A game's stylesheet has loaded (or failed to): show the table, drawn again with it."""
        document.documentElement.removeAttribute("data-styling")
        self.render()

    def read_form(self) -> tuple[dict, dict]:
        form = document.getElementById("new-game")
        game = str(form.dataset.game)
        values = {str(el.id): str(el.value) for el in form.querySelectorAll("select, input") if el.id}
        n = 2 if game == "seep" and values.get("ng-seats") == "2" else home.SEATS[game]
        names, kinds = [], {}
        for i in range(n):
            names.append(kept_name(str(document.getElementById(f"ng-name-{i}").value)) or home.DEFAULT_NAMES[i])
            kinds[f"p{i}"] = str(document.getElementById(f"ng-kind-{i}").value)
        limit = game == "dummy-spades" and bool(document.getElementById("ng-limit").checked)
        options = home.form_options(game, values, limit)
        seed_text = str(document.getElementById("ng-seed").value).strip()
        seed = int(seed_text) if seed_text.lstrip("-").isdigit() else (seed_text or random.SystemRandom().randrange(1, 2 ** 31))
        record = {"format": "cardtable/1", "game": game, "options": options, "players": names, "seed": seed,
                  "actions": []}
        return record, kinds

    def start_from_form(self) -> bool:
        form = document.getElementById("new-game")
        values = {el.id: str(el.value) for el in form.querySelectorAll("input[type=number]")}
        errors = home.form_errors(values)
        for field_id in values:
            note = document.getElementById(f"{field_id}-error")
            if _present(note):
                note.textContent = errors.get(field_id, "")
        if errors:
            document.getElementById("ng-error").textContent = _("Check the numbers marked above.")
            first = document.getElementById(next(iter(errors)))
            if _present(first):
                first.focus()
            return False
        record, kinds = self.read_form()
        if len(set(n.casefold() for n in record["players"])) < len(record["players"]):
            document.getElementById("ng-error").textContent = _("Give every player a different name.")
            return False
        try:
            game = new_game(record)
        except RecordError as err:
            document.getElementById("ng-error").textContent = _("These options cannot be used: {why}").format(why=err)
            return False
        self.open_game(game, new_id(), kinds, log=[])
        self.autosave()
        self.advance()
        return False  # advance() rendered

    def open_saved(self, game_id: str) -> None:
        """Open a saved game, replayed in slices (``in_slices``): a long game never freezes the page."""
        def failed(err: Exception) -> None:
            if isinstance(err, (RecordError, ReplayError)):
                self.notice = _("That saved game cannot be opened: {why}").format(why=_cut(str(err)))
            else:  # a bug must not leave the page dead
                self.notice = _("That saved game cannot be opened ({why})").format(why=f"{type(err).__name__}: {_cut(str(err))}")
            self.screen = "home"
            self.render()

        # the text replayed and its revision, read together: another window may save while the
        # slices run, and the game shown must keep the revision of the text it came from
        raw = self.saves.raw(game_id) or ""
        rev = self.saves.revision(game_id)

        def opened(result) -> None:
            game, log = result
            controllers, note = self.checked_controllers(self.saves.controllers(game_id), game)
            self.open_game(game, game_id, controllers, log)
            self._revs()[game_id] = rev
            self.banner = note
            self.advance()
            if (self.saves.raw(game_id) or "") != raw:   # saved by another window meanwhile: follow it
                self.follow_other_window(game_id)

        try:
            record = parse_record(raw)
        except Exception as err:
            return failed(err)
        self.in_slices(self.replay_steps(record, self.saves.controllers(game_id)), opened, failed)

    def replay_with_log(self, text, controllers=None):
        """Replay a record (JSON text or a parsed dict) and build its log, in one go (see
        ``replay_steps``; opening a game from a file or the saved list uses ``open_in_slices``)."""
        steps = self.replay_steps(parse_record(text), controllers)
        while True:
            try:
                next(steps)
            except StopIteration as done:
                return done.value

    def replay_steps(self, record: dict, controllers=None):
        """Replay a parsed record and build its log, in time linear in its length: a generator
        that yields every ``OPEN_STEP`` actions and returns ``(game, log)``.

        The last ``LOG_DESCRIBED`` actions (what the log panel shows) are described in full,
        from views without the hands' history (``movewords``); earlier ones get a plain line:
        who, and the action in notation.  ``controllers`` (who plays each seat) tells the one
        person against computers, whose moves read "You play".  Raises ``ReplayError`` for an
        action that cannot be applied.
        """
        game = new_game(record)
        table = self.table_for(game)
        table.you = announce.the_one_person(controllers, table.seats)
        log: list[str] = []
        actions = record["actions"]
        first_described = max(0, len(actions) - LOG_DESCRIBED)
        for i, action in enumerate(actions):
            if i % OPEN_STEP == OPEN_STEP - 1:
                yield
            actor = game.to_act
            try:
                if i >= first_described and actor is not None:
                    canonical, actor, before, after = apply_with_views(game, action)
                    log.append(table.describe(canonical, actor, before, after, game))
                else:
                    canonical = game.apply(action)
                    log.append(f"{table.name_of(actor) if actor else ''}: {canonical}")
            except (IllegalAction, RecordError) as err:
                raise ReplayError(i, action, str(err)) from None
            except ValueError:
                raise ReplayError(i, action, "not an action of this game") from None
        return game, log

    def in_slices(self, steps, then, failed) -> None:
        """Open a game in slices (``tasks.Sliced``): ``steps`` replays it, ``then(result)`` shows
        it, ``failed(err)`` says why not.  A new opening, or any act (``cancel_opening``), stops the
        one under way; one that takes more than a slice says "Opening the game…" on the screen."""
        self.cancel_opening()
        began = [window.performance.now()]

        def after_slice(finished: bool) -> None:
            _measure("cardtable:open-slice", began[0])
            began[0] = window.performance.now()
            if finished:
                self.opening = None
                if self.notice == _(OPENING):
                    self.notice = ""
            elif self.screen == "home" and not self.notice:
                self.notice = _(OPENING)
                self.render()

        self.opening = Sliced(self.tasks, steps, then, failed, OPEN_SLICE_S, after_slice)
        self.opening.start()

    def cancel_opening(self) -> None:
        """Stop a game being opened in slices (the person did something else meanwhile)."""
        job = getattr(self, "opening", None)
        if job is not None:
            job.cancel()
            self.opening = None
            if self.notice == _(OPENING):
                self.notice = ""

    def open_game(self, game, game_id: str, controllers: dict, log: list[str]) -> None:
        self.game = game
        self.game_id = game_id
        self.table = self.table_for(game)
        self.controllers = {s: controllers.get(s, "human") for s in self.table.seats}
        if not bots_available():
            self.controllers = {s: "human" for s in self.table.seats}
        self.table.you = announce.the_one_person(self.controllers, self.table.seats)
        self.log = log
        self.viewer = None
        self.handoff_to = None
        self.banner = self.error = ""
        self.dialog = ("over",) if game.over else None
        self.screen = "table"
        if stats_screen.stats.hands_finished(game):
            self.count_hands()   # a game opened or imported with finished hands (counted once)

    def start_against_computer(self, game_name: str) -> None:
        """One tap from home: you in the first seat, computers at the default level elsewhere."""
        if game_name not in home.SEATS:
            return
        n = home.SEATS[game_name]
        names = [_("You")] + home.DEFAULT_NAMES[1:n]
        kinds = {f"p{i}": ("human" if i == 0 else home.DEFAULT_LEVEL) for i in range(n)}
        record = {"format": "cardtable/1", "game": game_name, "options": {}, "players": names,
                  "seed": random.SystemRandom().randrange(1, 2 ** 31), "actions": []}
        self.open_game(new_game(record), new_id(), kinds, log=[])
        self.autosave()
        self.advance()

    def close_game(self) -> None:
        self.cancel_bot()
        self.cancel_hold()
        self.cancel_arm()
        self.game = None
        self.table = None
        self.dialog = None
        self.handoff_to = None
        self.viewer = None
        self.notice = ""

    def humans(self) -> list[str]:
        return [s for s in self.table.seats if self.controllers.get(s) == "human"]

    def advance(self) -> None:
        """After a move: decide who sees the screen next, and start a computer's turn."""
        self.cancel_bot()
        game = self.game
        if game is None:
            self.render()
            return
        humans = self.humans()
        if self.viewer is None and len(humans) == 1:
            self.viewer = humans[0]
        before = self.handoff_to
        seat = game.to_act
        if self.dialog is None and seat is not None:
            if self.controllers.get(seat) == "human":
                if seat != self.viewer and not self.settings["handoff"]:
                    self.viewer = seat   # the setting: no hand-off screen between people
                elif seat != self.viewer:  # (with one person, the viewer is always that person)
                    self.handoff_to = seat
            else:
                if self.viewer is None and humans:
                    # several people and nobody holds the device yet: it goes to the first of them
                    self.handoff_to = humans[0]
                    if not self.settings["handoff"]:
                        self.viewer, self.handoff_to = humans[0], None
                self.schedule_bot()
        if self.handoff_to != before:
            self.cancel_arm()   # a new hand-off starts its guard time afresh
        hooks.after_advance(self)
        self.render()

    def human_move(self, action: str) -> None:
        seat = self.game.to_act
        if seat is None or self.controllers.get(seat) != "human" or seat != self.viewer or self.handoff_to:
            return
        # confirm-before-play picks a legal card only: an illegal one is refused at the first tap
        if action in self.game.legal_actions() and hooks.needs_second_tap(self, action):
            self.render()
            return
        self.apply(action)

    def explain_refusal(self, act: str) -> None:
        """A tap (or Enter) on a card that cannot be played now says why, on the table and in the
        live region.  On the person's turn the card's move goes the one way every move goes: the
        engine refuses it and gives the reason, worded from the refusal catalog (``refusals``);
        a Seep hand card in the bidding is asked as the throw it would be (``Table.tried_action``).
        While a computer or another person is to play, it says whose turn it is."""
        game, table = self.game, self.table
        if game is None or table is None or self.handoff_to or self.dialog or self.hold or self.viewer is None:
            return
        seat = game.to_act
        if seat is None:
            return
        if seat != self.viewer or self.controllers.get(seat) != "human":
            self.error = _("Not your turn: {name} plays now.").format(name=table.name_of(seat))
            self.said.append(self.error)
            self.render()
            return
        verb, _sep, arg = act.partition(":")
        tried = getattr(table, "tried_action", None)
        action = arg if verb == "move" else (tried(arg) if tried and verb == "ui" else None)
        if action:
            self.human_move(action)

    def apply(self, action: str) -> bool:
        game = self.game
        actor = game.to_act
        hands_before = self.table.hands_done(game)
        before = game.view(actor)
        keep = getattr(self.table, "before_move", None)
        if keep is not None:
            keep(game, before, self.viewer if not self.handoff_to else None)
        try:
            canonical = game.apply(action)
        except IllegalAction as err:
            self.error = refusals.word(err, self.table.names)
            self.said.append(announce.refused(self.error))
            self.render()
            return False
        self.error = ""
        self.table.after_move(game)
        after = game.view(actor)
        self.log.append(self.table.describe(canonical, actor, before, after, game))
        humans = self.humans()
        self.said += announce.after_move(game.name, self.table, canonical, actor, before, after,
                                         you=humans[0] if len(humans) == 1 else None)
        lesson.after_move(self, actor)   # lesson (#30)
        self.autosave()
        hold = self.hold_for(canonical, actor, before)
        hooks.after_move(self, canonical, actor, hold)
        if hold:
            self.hold = hold
            self.hold_hands_before = hands_before
            self.render()
            if hold == "trick":
                ms = pace(self.settings["speed"]).collect_ms
                self.hold_timer = self.tasks.later(self.release_hold, ms)
            return True
        self.finish_move(hands_before)
        return True

    def finish_move(self, hands_before: int) -> None:
        """After a move (and after its hold): the end-of-hand summary, or on to the next turn."""
        hands = self.table.hand_entries(self.game)
        if len(hands) > hands_before:
            self.dialog = ("hand", hands[-1])
            self.count_hands()
        elif self.game.over:
            self.dialog = ("over",)
        self.advance()

    def hold_for(self, action: str, actor: str, before: dict) -> Optional[str]:
        """Whether the table keeps showing what this move did before the game goes on.

        Only when someone is watching (a seat holds the device, no hand-off is up).  A peek is held
        only when the device is about to pass to another person: the peeker sees the cards first."""
        ask = getattr(self.table, "hold_after", None)
        if ask is None or self.viewer is None or self.handoff_to:
            return None
        kind = ask(action, actor, before, self.game)
        if kind == "reveal":
            nxt = self.game.to_act
            if nxt is None or self.controllers.get(nxt) != "human" or nxt == self.viewer:
                self.table.release()
                return None
        return kind

    def release_hold(self) -> None:
        """The trick is collected (time or a tap), the peeker is done: the game goes on."""
        if self.hold_timer is not None:
            self.tasks.cancel(self.hold_timer)
            self.hold_timer = None
        if not self.hold or self.game is None:
            return
        self.hold = None
        self.table.release()
        self.finish_move(self.hold_hands_before)

    def cancel_hold(self) -> None:
        if self.hold_timer is not None:
            self.tasks.cancel(self.hold_timer)
            self.hold_timer = None
        if self.hold and self.table is not None:
            self.table.release()
        self.hold = None

    def cancel_arm(self) -> None:
        if self.arm_timer is not None:
            self.tasks.cancel(self.arm_timer)
            self.arm_timer = None
        self.handoff_armed = False

    def autosave(self) -> None:
        """Save the game, unless another window saved a newer version: then follow that one."""
        if lesson.autosave(self):   # lesson (#30): not a saved game
            return
        revs = self._revs()
        try:
            from .coach import saved_record   # the record, with the hints used
            revs[self.game_id] = self.saves.save(self.game_id, saved_record(self), self.controllers,
                                                 game=self.game, base_rev=revs.get(self.game_id))
            if self.banner == _(STORAGE_FULL):
                self.banner = ""
            from .app_data import after_save
            after_save(self)   # something to lose now: ask the browser to keep it
        except StorageFull:
            self.banner = _(STORAGE_FULL)
        except SaveConflict:
            # this window's move is not saved; after the current event, show the newer game instead
            gid = self.game_id
            self.tasks.soon(lambda: self.follow_other_window(gid))

    def play_again(self) -> None:
        record = self.game.to_record()
        fresh = {"format": record["format"], "game": record["game"], "options": record.get("options", {}),
                 "players": record.get("players"), "seed": random.SystemRandom().randrange(1, 2 ** 31), "actions": []}
        controllers = dict(self.controllers)
        self.close_game()
        self.open_game(new_game(fresh), new_id(), controllers, [])
        self.autosave()
        self.advance()

    # ---- computer players -------------------------------------------------------------------------
    def schedule_bot(self) -> None:
        ms = pace(self.settings["speed"]).computer_ms
        self.bot_timer = self.tasks.later(self.bot_move, ms)

    def cancel_bot(self) -> None:
        """Stop a computer's turn: the pause before it, or its search between two slices."""
        if self.bot_timer is not None:
            self.tasks.cancel(self.bot_timer)
            self.bot_timer = None

    def bot_move(self) -> None:
        """A computer's turn, thought in slices of at most BOT_SLICE_S between browser tasks.

        The search (``cardtable.bots.think``) yields every few milliseconds; each slice runs it
        until BOT_SLICE_S have passed, then hands the main thread back to the browser and goes on
        in a new task (``Tasks.soon``; ``cancel_bot`` cancels it), so taps are answered while a
        computer thinks.
        A decision is applied only if the game is still the one it was made for.
        """
        self.bot_timer = None
        game = self.game
        if game is None or game.to_act is None or self.dialog is not None or self.hold:
            return
        seat = game.to_act
        level = self.controllers.get(seat, "human")
        if level == "human" or lesson.bot_move(self):   # lesson (#30): the script's move
            return
        from ..bots import prepare, think

        if prepare():  # the first time only (search modules loaded, the start-up heap frozen)...
            self.bot_timer = self.tasks.soon(self.bot_move)
            return  # ...and the turn itself in a task of its own
        began = window.performance.now()
        moves_before = game.action_count
        steps = think(game.name, game.view(seat), level, budget=BOT_BUDGET_S, seed=moves_before)
        _measure("cardtable:bot-view", began)

        def still_current() -> bool:
            return (self.game is game and game.action_count == moves_before and game.to_act == seat
                    and self.controllers.get(seat) == level and self.dialog is None)

        def apply_if_current(action: str) -> None:
            self.bot_timer = None
            if still_current():
                began = window.performance.now()
                self.apply(action)
                _measure("cardtable:bot-apply", began)

        def run_slice() -> None:
            self.bot_timer = None
            if not still_current():
                return
            began = window.performance.now()
            stop = time.perf_counter() + BOT_SLICE_S
            while True:
                try:
                    next(steps)
                except StopIteration as done:
                    action = done.value
                    # apply (and draw) in a task of its own, not on top of a slice of thinking
                    self.bot_timer = self.tasks.soon(lambda: apply_if_current(action))
                    break
                if time.perf_counter() >= stop:
                    self.bot_timer = self.tasks.soon(run_slice)
                    break
            # a User Timing entry per slice, so bench/bench_longtask.py can tell thinking from drawing
            _measure("cardtable:bot-slice", began)

        # the seat's view was computed in this task: the thinking starts in a task of its own
        self.bot_timer = self.tasks.soon(run_slice)

    def count_hands(self) -> None:
        """Count the open game's finished hands in the statistics, in a task of its own."""
        if lesson.active(self):   # lesson (#30): not counted
            return
        game, controllers = self.game, dict(self.controllers)
        record, hands = game.to_record(), stats_screen.stats.hands_finished(game)

        def failed(err: Exception) -> None:  # statistics must never stop a game
            window.console.error(f"cardtable: statistics: {err!r}")

        def counted(read) -> None:
            began = window.performance.now()
            try:
                stats_screen.record_game(self.saves.store, record, controllers, read=read)
            except Exception as err:
                failed(err)
            _measure("cardtable:stats", began)

        def run() -> None:
            # a long game is replayed for its statistics in slices, as it was opened
            began = window.performance.now()
            try:
                if stats_screen.counted_already(self.saves.store, record, hands):
                    return
            except Exception as err:
                return failed(err)
            steps = stats_screen.stats.read_game_steps(record, controllers, time.time())
            mark = [began]

            def after_slice(_finished: bool) -> None:
                _measure("cardtable:stats-slice", mark[0])
                mark[0] = window.performance.now()
            Sliced(self.tasks, steps, counted, failed, OPEN_SLICE_S, after_slice).start()
        self.tasks.soon(run)

    # ---- files ------------------------------------------------------------------------------------
    def download(self, text: str, filename: str) -> None:
        """Offer ``text`` as a JSON file download."""
        blob = window.Blob.new(to_js([text]), to_js({"type": "application/json"}, dict_converter=_js_object))
        url = window.URL.createObjectURL(blob)
        a = document.createElement("a")
        a.href = url
        a.download = filename
        document.body.appendChild(a)
        a.click()
        a.remove()
        self.tasks.later(lambda: window.URL.revokeObjectURL(url), 1000)

    def export(self) -> None:
        from .coach import saved_record
        record = saved_record(self)   # the record, with the hints used
        record[CONTROLLERS_FIELD] = dict(self.controllers)  # who plays each seat; replay ignores it
        text = json.dumps(record, ensure_ascii=False, indent=1)
        self.download(text, f"cardtable-{self.game.name}-{time.strftime('%Y%m%d-%H%M')}.json")

    def import_text(self, text: str, filename: str) -> None:
        """Open a game file: any problem is a message on the home screen and nothing saved changes.

        Names are trimmed to ``NAME_MAX`` characters; the seats' players come from the record's
        ``controllers`` (unknown levels become people, with a notice); a game that is already
        saved is offered to be opened instead of being copied.
        """
        name = _cut(str(filename), 60)
        if stats_screen.looks_like_stats(text):
            return stats_screen.import_file(self, text, name)
        from . import app_data
        if app_data.backup.looks_like_backup(text):   # a backup: restored (merged), never opened as a game
            return app_data.restore_file(self, text, name)

        def failed(err: Exception) -> None:
            if isinstance(err, (RecordError, ReplayError)):
                self.import_refused(_("{file} is not a game Card Table can open: {why}").format(file=name, why=_cut(str(err))))
            else:  # anything else is still a message, never a dead page
                self.import_refused(_("{file} could not be opened ({why})").format(file=name, why=f"{type(err).__name__}: {_cut(str(err))}"))

        try:
            record = parse_record(text)
            if isinstance(record.get("players"), list):
                record["players"] = [kept_name(p) for p in record["players"]]
        except Exception as err:
            return failed(err)
        self.in_slices(self.replay_steps(record, record.get(CONTROLLERS_FIELD)),
                       lambda result: self.imported(record, *result), failed)

    def imported(self, record: dict, game, log: list[str]) -> None:
        """An imported file, replayed: offer the saved copy if there is one, else open it."""
        controllers, note = self.checked_controllers(record.get(CONTROLLERS_FIELD) or {}, game)
        same = self.saved_copy_of(record)
        if same is not None:
            self.pending_import = (game, log, controllers, note, same, record.get(HINTS_FIELD))
            self.dialog = ("import-dup", same)
            self.screen = "home"
            self.render()
            return
        self.open_imported(game, log, controllers, note, hints=record.get(HINTS_FIELD))


    # ---- safe data: imports, other windows, unknown players (issue #12) -------------------------
    def _revs(self) -> dict:
        """The revision of each game this window loaded or saved last (see ``SaveStore.save``)."""
        return self.__dict__.setdefault("revs", {})

    def import_refused(self, message: str) -> None:
        self.notice = message
        self.dialog = None
        self.screen = "home"
        self.render()

    def open_imported(self, game, log, controllers, note, game_id: Optional[str] = None, hints=None) -> None:
        self.open_game(game, game_id or new_id(), controllers, log)
        if hints:   # the file's hints used go on in the new save (and its statistics)
            from .coach import adopt_hints
            adopt_hints(self, hints)
        self.autosave()
        self.banner = note
        self.advance()

    def checked_controllers(self, controllers, game) -> tuple[dict, str]:
        """Who plays each seat, with any value this version does not know turned into a person.

        Returns the controllers and a notice naming the seats that changed ("" when none did).
        """
        try:
            from ..bots import LEVELS
            known = {"human", *LEVELS} if bots_available() else {"human"}
        except ImportError:
            known = {"human"}
        names = list(game.players or [])
        out, changed = {}, []
        items = controllers.items() if isinstance(controllers, dict) else []
        for seat, kind in items:
            if seat not in game.seats:
                continue
            if isinstance(kind, str) and kind in known:
                out[seat] = kind
            else:
                out[seat] = "human"
                i = game.seats.index(seat)
                changed.append(isolated(names[i]) if i < len(names) else seat)
        note = ""
        if changed:
            who = ", ".join(changed)
            note = _cut(ngettext("{who}: the computer player named in the saved data is not one this version knows, "
                                 "so a person plays that seat.",
                                 "{who}: the computer players named in the saved data are not ones this version knows, "
                                 "so a person plays those seats.", len(changed)).format(who=who), 300)
        return out, note

    def saved_copy_of(self, record: dict) -> Optional[str]:
        """The id of a saved game that is this record (the same deal and moves, or one of them
        further on), or None."""
        same_fields = ("game", "options", "players", "seed", "deals")
        want = [record.get(k) for k in same_fields]
        acts = list(record.get("actions") or [])
        mine = None   # built only if a saved game of this kind is there to compare with
        for entry in self.saves.list():
            if entry.error or entry.game != record.get("game"):
                continue
            if mine is None:
                mine = new_game(record).to_record()
            try:
                saved = parse_record(self.saves.raw(entry.id) or "")
                game = new_game(saved)
                norm = game.to_record()
            except Exception:
                continue
            if [norm.get(k) for k in same_fields] != [mine.get(k) for k in same_fields]:
                continue
            theirs = list(saved.get("actions") or [])
            n = min(len(theirs), len(acts))
            if [a.lower() for a in theirs[:n]] == [a.lower() for a in acts[:n]]:
                return entry.id
        return None

    def import_dup_html(self) -> str:
        gid = self.dialog[1]
        game, log = self.pending_import[0], self.pending_import[1]
        saved_n = self.saves.action_count(gid)
        body = ("<p>" + esc(_("This file is a game you already have saved ({saved} moves saved, {file} in the file).").format(
                    saved=saved_n, file=len(log))) + "</p>"
                "<p>" + esc(_("Open the saved game, or import the file as a separate game?")) + "</p>")
        return dialog(esc(_("Already saved")), body,
                      button(esc(_("Open the saved game")), f"open:{gid}", cls="btn", key="open-saved")
                      .replace("<button ", "<button data-autofocus ", 1)
                      + button(esc(_("Import as a new game")), "data:import-copy", cls="btn ghost", key="import-copy")
                      + button(esc(_("Cancel")), "cancel", cls="btn ghost", key="cancel"), cls="import-dup", escape="cancel")

    def data_act(self, arg: str) -> None:
        if arg == "import-copy" and getattr(self, "pending_import", None):
            game, log, controllers, note, _, hints = self.pending_import
            self.pending_import = None
            self.dialog = None
            self.open_imported(game, log, controllers, note, hints=hints)
            return
        self.render()

    def follow_other_window(self, game_id: str) -> None:
        """Show the newest saved version of the open game (another window saved moves)."""
        if self.game is None or self.game_id != game_id or self.saves.raw(game_id) is None:
            return
        try:
            game, log = self.replay_with_log(self.saves.raw(game_id) or "", self.saves.controllers(game_id))
        except Exception as err:
            self.banner = _cut(_("This game was changed in another window and cannot be opened here: {why}").format(why=err), 300)
            self.render()
            return
        controllers, note = self.checked_controllers(self.saves.controllers(game_id), game)
        self.open_game(game, game_id, controllers, log)
        self._revs()[game_id] = self.saves.revision(game_id)
        self.banner = _(OTHER_WINDOW) + (" " + note if note else "")
        self.advance()

    def on_storage(self, event) -> None:
        """Another window changed the store: follow the open game, or refresh the home screen."""
        try:
            key = str(event.key) if _present(event.key) else None
            gid = self.game_id
            if self.screen == "table" and self.game is not None and gid:
                if key is None or key.endswith("/" + gid):
                    if self.saves.raw(gid) is not None and self.saves.revision(gid) != self._revs().get(gid):
                        self.follow_other_window(gid)
            elif self.screen in ("home", "stats") and not self.dialog:
                self.render()
        except Exception as err:  # never let an event from another window break this one
            window.console.error(f"cardtable: storage event: {err!r}")

def _without_saves() -> bool:
    """True when the boot screen's rescue asked to start without the saved data (``?without-saves``)."""
    try:
        return "without-saves" in str(window.location.search)
    except Exception:
        return False


def _cut(text: str, limit: int = 200) -> str:
    """One line of at most ``limit`` characters (messages echo values from files)."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _browser_languages() -> list[str]:
    """``navigator.languages`` (or ``navigator.language``) as a list of tags; [] when unknown."""
    try:
        langs = window.navigator.languages
        if _present(langs) and int(langs.length):
            return [str(langs[i]) for i in range(int(langs.length))]
        one = window.navigator.language
        return [str(one)] if _present(one) else []
    except Exception:
        return []


_STORES: dict = {}


def _store():
    """The store of everything kept (saves, notes, statistics, settings, language): the browser's
    localStorage, or -- on a visit ``?without-saves`` -- an in-memory store that reads and writes
    no stored key at all."""
    if "store" not in _STORES:
        _STORES["store"] = DictStore() if _without_saves() else BrowserStore(window.localStorage)
    return _STORES["store"]


def _local_get(key: str) -> Optional[str]:
    """A stored value as text (None when missing or when storage cannot be read)."""
    try:
        return _store().getItem(key)
    except Exception:  # storage disabled by the browser
        return None


def _local_set(key: str, value: str) -> None:
    try:
        _store().setItem(key, value)
    except Exception:  # full or disabled: the setting lasts for this visit only
        pass


def _int(value, default: int) -> int:
    try:
        return int(str(value))
    except ValueError:
        return default


def _js_object(entries):
    return window.Object.fromEntries(entries)


_MEASURES = Measures()


def _measure(name: str, began: float) -> None:
    """A User Timing entry from ``began`` to now (bench/bench_longtask.py reads them)."""
    _MEASURES.add(window.performance, name, to_js({"start": began}, dict_converter=_js_object))


def _css_escape(s: str) -> str:
    return s.replace("\\", "\\\\").replace('"', '\\"')


APP: Optional[App] = None


def start() -> None:
    global APP
    # Python runs: from here a failure is the saved data's (web/boot.js offers the rescue)
    document.documentElement.dataset.bootPhase = "data"
    APP = App()
    route = str(window.location.hash)
    if route not in ("", "#", "#home"):
        # a reload on another screen: put home under it, so Back still lands in the app
        window.history.replaceState(to_js({"cardtable": "#home"}, dict_converter=_js_object), "", "#home")
        APP.route_now = "#home"
        APP.go_to_route(route)
    else:
        window.history.replaceState(to_js({"cardtable": "#home"}, dict_converter=_js_object), "", "#home")
        APP.route_now = "#home"
        APP.render()
    APP.root.hidden = False
    boot = document.getElementById("boot")
    if _present(boot):
        boot.remove()
    document.documentElement.dataset.ready = "true"
