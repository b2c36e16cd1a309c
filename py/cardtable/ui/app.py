"""The app in the page: screens, pass-and-play hand-offs, autosave, computer turns.

This is the only module that touches the browser (``pyscript``/``js``).  Screens are pure
functions from state to HTML (``home``, ``table_*``); this module puts that HTML into ``#app``,
listens for clicks on ``[data-act]`` elements, and sends every move through the engine's
``legal_actions -> apply``.  A game's table module is imported only when a game of that kind is
opened, to keep start-up light.

Acts (``data-act`` values): ``nav:home``, ``new:<game>``, ``rules:<game>``, ``start``,
``open:<id>``, ``delete:<id>``, ``confirm-delete:<id>``, ``cancel``, ``export``, ``ready`` (the
hand-off tap), ``next-hand``, ``play-again``, ``move:<action>`` (an engine action), and
``ui:<anything>`` (handled by the table module: selections, score sheet, last trick).
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
from ..record import ReplayError, new_game, parse_record
from . import home
from .markup import button, dialog, esc
from .storage import SaveStore, StorageFull

TABLE_MODULES = {"dummy-spades": "cardtable.ui.table_spades", "seep": "cardtable.ui.table_seep"}
BOT_PAUSE_MS = 700      # people should be able to follow a computer's play
BOT_BUDGET_S = 0.25     # thinking budget per computer move in the page
BOT_SLICE_S = 0.012     # longest stretch of thinking before the browser gets the main thread back


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
        self.saves = SaveStore(BrowserStore(window.localStorage))
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
        self.bot_timer = None
        self.bot_thinking = False
        self._proxies = {
            "click": create_proxy(self.on_click),
            "change": create_proxy(self.on_change),
        }
        for ev, fn in self._proxies.items():
            self.root.addEventListener(ev, fn)

    # ---- rendering ------------------------------------------------------------------------------
    def render(self) -> None:
        focused = document.activeElement
        key = focused.getAttribute("data-key") if _present(focused) and focused.getAttribute else None
        self.root.innerHTML = self.screen_html()
        document.documentElement.dataset.screen = self.screen_name()
        target = None
        if _present(key):
            target = self.root.querySelector(f'[data-key="{_css_escape(str(key))}"]')
        if not _present(target) or target.disabled:
            target = self.root.querySelector("[data-autofocus]")
        if _present(target):
            target.focus(to_js({"preventScroll": True}, dict_converter=_js_object))

    def screen_name(self) -> str:
        if self.screen == "table" and self.handoff_to:
            return "handoff"
        return self.screen.split(":")[0]

    def screen_html(self) -> str:
        now = time.time()
        if self.screen == "home":
            saves = self.saves.list()
            last_id = self.saves.last_id()
            last = next((s for s in saves if s.id == last_id), None)
            html = home.home_html(saves, last, now, self.notice)
        elif self.screen.startswith("new:"):
            html = home.new_game_html(self.screen[4:], bots_available())
        elif self.screen.startswith("rules:"):
            html = home.rules_html(self.screen[6:])
        elif self.screen == "table":
            html = self.table_html()
        else:
            html = ""
        if self.dialog:
            html += self.dialog_html()
        return html

    def table_html(self) -> str:
        if self.handoff_to:
            name = self.table.name_of(self.handoff_to)
            banner = f'<p class="banner" role="alert">{esc(self.banner)}</p>' if self.banner else ""
            return ('<section class="handoff" aria-live="polite"><div class="handoff-card">' + banner +
                    '<div class="handoff-fan" aria-hidden="true"><span class="card back"></span><span class="card back"></span></div>'
                    f'<h1>Pass the device to {esc(name)}</h1>'
                    f'<p>Only {esc(name)} should look at the screen now.</p>'
                    + button(f"I am {esc(name)} — show my cards", "ready", cls="btn big", key="ready").replace(
                        "<button ", "<button data-autofocus ", 1)
                    + f'<p class="muted small">{esc(self.game_title())}</p>'
                    + button("Home", "nav:home", cls="btn ghost small", key="home") + "</div></section>")
        seat = self.viewer or self.game.to_act or self.table.seats[0]
        return self.table.render(self.game, seat, self)

    def game_title(self) -> str:
        return home.GAME_TITLES.get(self.game.name, self.game.name) if self.game else ""

    def dialog_html(self) -> str:
        kind = self.dialog[0]
        if kind == "delete":
            gid = self.dialog[1]
            return dialog("Delete this saved game?", f"<p>{esc(self.dialog[2])}</p><p>This cannot be undone.</p>",
                          button("Delete", f"confirm-delete:{gid}", cls="btn danger", key="confirm")
                          .replace("<button ", "<button data-autofocus ", 1)
                          + button("Keep it", "cancel", cls="btn ghost", key="cancel"))
        if kind == "hand":
            entry = self.dialog[1]
            body = self.table.hand_summary_html(self.game, entry)
            over = self.game.over
            label, act = ("See the result", "next-hand") if over else ("Next hand", "next-hand")
            return dialog("End of the hand", body,
                          button(label, act, cls="btn", key="next").replace("<button ", "<button data-autofocus ", 1)
                          + button("Export game", "export", cls="btn ghost", key="export-hand"),
                          cls="hand-summary")
        if kind == "over":
            body = self.table.game_over_html(self.game)
            return dialog("Game over", body,
                          button("Play again", "play-again", cls="btn", key="again").replace("<button ", "<button data-autofocus ", 1)
                          + button("Export game", "export", cls="btn ghost", key="export-over")
                          + button("Home", "nav:home", cls="btn ghost", key="home"), cls="game-over")
        return ""

    # ---- events -----------------------------------------------------------------------------------
    def on_click(self, event) -> None:
        el = event.target.closest("[data-act]") if _present(event.target) else None
        if not _present(el) or el.disabled:
            return
        act = str(el.dataset.act)
        try:
            self.dispatch(act)
        except Exception as err:  # never leave the page dead: say what happened
            self.error = f"Something went wrong: {type(err).__name__}: {err}"
            window.console.error(f"cardtable: {act}: {err!r}")
            self.render()

    def dispatch(self, act: str) -> None:
        verb, _, arg = act.partition(":")
        if verb == "nav" and arg == "home":
            self.close_game()
            self.screen = "home"
        elif verb == "new":
            self.screen = f"new:{arg}"
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
            what = f"{home.GAME_TITLES.get(entry.game or '', 'Game')} — {', '.join(entry.players)}" if entry else arg
            self.dialog = ("delete", arg, what)
        elif verb == "confirm-delete":
            if arg.startswith("cardtable/"):
                self.saves.delete_key(arg)
            else:
                self.saves.delete(arg)
            self.dialog = None
            self.notice = "The saved game was deleted."
        elif verb == "cancel":
            self.dialog = None
        elif verb == "export":
            self.export()
            return
        elif verb == "ready":
            self.viewer = self.handoff_to
            self.handoff_to = None
        elif verb == "next-hand":
            self.dialog = ("over",) if self.game.over else None
            self.advance()
            return
        elif verb == "play-again":
            self.play_again()
            return
        elif verb == "move":
            self.human_move(arg)
            return
        elif verb == "ui":
            action = self.table.handle(arg, self.game, self.viewer, self)
            if action:
                self.human_move(action)
                return
        self.render()

    def on_change(self, event) -> None:
        target = event.target
        if target.id == "import-file" and target.files.length:
            file = target.files.item(0)
            file.text().then(create_once_callable(lambda text: self.import_text(str(text), str(file.name))))

    # ---- games ------------------------------------------------------------------------------------
    def table_for(self, game):
        """The table screen of the game's kind, imported only now (keeps start-up light)."""
        module = importlib.import_module(TABLE_MODULES[game.name])
        sheet = getattr(module.Table, "stylesheet", None)
        if sheet and not _present(document.querySelector(f'link[href="{sheet}"]')):
            link = document.createElement("link")
            link.rel = "stylesheet"
            link.href = sheet
            document.head.appendChild(link)
        return module.Table(game)

    def read_form(self) -> tuple[dict, dict]:
        form = document.getElementById("new-game")
        game = str(form.dataset.game)
        n = home.SEATS[game]
        names, kinds = [], {}
        for i in range(n):
            name = str(document.getElementById(f"ng-name-{i}").value).strip() or home.DEFAULT_NAMES[i]
            names.append(name[:20])
            kinds[f"p{i}"] = str(document.getElementById(f"ng-kind-{i}").value)
        if game == "dummy-spades":
            options = {"target": int(document.getElementById("ng-target").value),
                       "variant": str(document.getElementById("ng-variant").value),
                       "losing_limit": -200 if document.getElementById("ng-limit").checked else None}
        else:
            preset = str(document.getElementById("ng-preset").value)
            options = {"preset": preset, "first_play": str(document.getElementById("ng-firstplay").value)}
            if preset == "sweep-seed":
                options["target"] = _int(document.getElementById("ng-target").value, 500)
            else:
                options["baazis"] = _int(document.getElementById("ng-baazis").value, 1)
        seed_text = str(document.getElementById("ng-seed").value).strip()
        seed = int(seed_text) if seed_text.lstrip("-").isdigit() else (seed_text or random.SystemRandom().randrange(1, 2 ** 31))
        record = {"format": "cardtable/1", "game": game, "options": options, "players": names, "seed": seed,
                  "actions": []}
        return record, kinds

    def start_from_form(self) -> bool:
        record, kinds = self.read_form()
        if len(set(n.casefold() for n in record["players"])) < len(record["players"]):
            document.getElementById("ng-error").textContent = "Give every player a different name."
            return False
        try:
            game = new_game(record)
        except RecordError as err:
            document.getElementById("ng-error").textContent = str(err)
            return False
        self.open_game(game, new_id(), kinds, log=[])
        self.autosave()
        self.advance()
        return False  # advance() rendered

    def open_saved(self, game_id: str) -> None:
        try:
            game, log = self.replay_with_log(self.saves.raw(game_id) or "")
        except (RecordError, ReplayError) as err:
            self.notice = f"That saved game cannot be opened: {err}"
            self.screen = "home"
            self.render()
            return
        meta = self.saves.meta(game_id)
        self.open_game(game, game_id, meta.get("controllers") or {}, log)
        self.advance()

    def replay_with_log(self, text: str):
        record = parse_record(text)
        game = new_game(record)
        table = self.table_for(game)
        log: list[str] = []
        for i, action in enumerate(record["actions"]):
            actor = game.to_act
            before = game.view(actor) if actor else None
            try:
                canonical = game.apply(action)
            except IllegalAction as err:
                raise ReplayError(i, action, str(err)) from None
            log.append(table.describe(canonical, actor, before, game.view(actor), game))
        return game, log

    def open_game(self, game, game_id: str, controllers: dict, log: list[str]) -> None:
        self.game = game
        self.game_id = game_id
        self.table = self.table_for(game)
        self.controllers = {s: controllers.get(s, "human") for s in self.table.seats}
        if not bots_available():
            self.controllers = {s: "human" for s in self.table.seats}
        self.log = log
        self.viewer = None
        self.handoff_to = None
        self.banner = self.error = ""
        self.dialog = ("over",) if game.over else None
        self.screen = "table"

    def close_game(self) -> None:
        self.cancel_bot()
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
        seat = game.to_act
        if self.dialog is None and seat is not None:
            if self.controllers.get(seat) == "human":
                if seat != self.viewer:  # (with one person, the viewer is always that person)
                    self.handoff_to = seat
            else:
                if self.viewer is None and humans:
                    # several people and nobody holds the device yet: it goes to the first of them
                    self.handoff_to = humans[0]
                self.schedule_bot()
        self.render()

    def human_move(self, action: str) -> None:
        seat = self.game.to_act
        if seat is None or self.controllers.get(seat) != "human" or seat != self.viewer or self.handoff_to:
            return
        self.apply(action)

    def apply(self, action: str) -> bool:
        game = self.game
        actor = game.to_act
        hands_before = self.table.hands_done(game)
        before = game.view(actor)
        try:
            canonical = game.apply(action)
        except IllegalAction as err:
            self.error = str(err)
            self.render()
            return False
        self.error = ""
        self.table.after_move(game)
        self.log.append(self.table.describe(canonical, actor, before, game.view(actor), game))
        self.autosave()
        hands = self.table.hand_entries(game)
        if len(hands) > hands_before:
            self.dialog = ("hand", hands[-1])
        elif game.over:
            self.dialog = ("over",)
        self.advance()
        return True

    def autosave(self) -> None:
        try:
            self.saves.save(self.game_id, self.game.to_record(), self.controllers, game=self.game)
            if self.banner.startswith("Storage is full"):
                self.banner = ""
        except StorageFull:
            self.banner = ("Storage is full: this game is not being saved any more. "
                           "Export it to keep it, or delete old saved games.")

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
        self.bot_timer = window.setTimeout(create_once_callable(self.bot_move), BOT_PAUSE_MS)

    def cancel_bot(self) -> None:
        """Stop a computer's turn: the pause before it, or its search between two slices."""
        if self.bot_timer is not None:
            window.clearTimeout(self.bot_timer)
            self.bot_timer = None

    def bot_move(self) -> None:
        """A computer's turn, thought in slices of at most BOT_SLICE_S between browser tasks.

        The search (``cardtable.bots.think``) yields every few milliseconds; each slice runs it
        until BOT_SLICE_S have passed, then hands the main thread back to the browser with a
        ``setTimeout(0)`` (``cancel_bot`` clears it), so taps are answered while a computer thinks.
        A decision is applied only if the game is still the one it was made for.
        """
        self.bot_timer = None
        game = self.game
        if game is None or game.to_act is None or self.dialog is not None:
            return
        seat = game.to_act
        level = self.controllers.get(seat, "human")
        if level == "human":
            return
        from ..bots import think

        moves_before = len(game.actions)
        steps = think(game.name, game.view(seat), level, budget=BOT_BUDGET_S, seed=moves_before)

        def still_current() -> bool:
            return (self.game is game and len(game.actions) == moves_before and game.to_act == seat
                    and self.controllers.get(seat) == level and self.dialog is None)

        def apply_if_current(action: str) -> None:
            self.bot_timer = None
            if still_current():
                began = window.performance.now()
                self.apply(action)
                window.performance.measure("cardtable:bot-apply", to_js({"start": began}, dict_converter=_js_object))

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
                    self.bot_timer = window.setTimeout(create_once_callable(lambda: apply_if_current(action)), 0)
                    break
                if time.perf_counter() >= stop:
                    self.bot_timer = window.setTimeout(create_once_callable(run_slice), 0)
                    break
            # a User Timing entry per slice, so bench/bench_longtask.py can tell thinking from drawing
            window.performance.measure("cardtable:bot-slice", to_js({"start": began}, dict_converter=_js_object))

        run_slice()

    # ---- files ------------------------------------------------------------------------------------
    def export(self) -> None:
        text = json.dumps(self.game.to_record(), ensure_ascii=False, indent=1)
        blob = window.Blob.new(to_js([text]), to_js({"type": "application/json"}, dict_converter=_js_object))
        url = window.URL.createObjectURL(blob)
        a = document.createElement("a")
        a.href = url
        a.download = f"cardtable-{self.game.name}-{time.strftime('%Y%m%d-%H%M')}.json"
        document.body.appendChild(a)
        a.click()
        a.remove()
        window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 1000)

    def import_text(self, text: str, filename: str) -> None:
        try:
            game, log = self.replay_with_log(text)
        except (RecordError, ReplayError) as err:
            self.notice = f"{filename} is not a game Card Table can open: {err}"
            self.screen = "home"
            self.render()
            return
        game_id = new_id()
        self.open_game(game, game_id, {}, log)
        self.autosave()
        self.advance()


def _int(value, default: int) -> int:
    try:
        return int(str(value))
    except ValueError:
        return default


def _js_object(entries):
    return window.Object.fromEntries(entries)


def _css_escape(s: str) -> str:
    return s.replace("\\", "\\\\").replace('"', '\\"')


APP: Optional[App] = None


def start() -> None:
    global APP
    APP = App()
    APP.render()
    APP.root.hidden = False
    boot = document.getElementById("boot")
    if _present(boot):
        boot.remove()
    document.documentElement.dataset.ready = "true"
