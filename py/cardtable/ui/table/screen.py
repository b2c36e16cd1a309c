"""The table screen in the app: the open game's table (drawn by its game's module, ``spades`` or
``seep``), the pass-the-device hand-off and its guard time, the end-of-hand and game-over
dialogs, and a person's moves and the words for a refused one (what the game session tells the
app is ``events.TableEvents``).

Acts: ``ready`` (the hand-off tap), ``release`` (collect a finished trick, end a peek),
``next-hand``, ``move:<action>`` (an engine action), ``ui:<anything>`` (the game's table module:
selections, sheets), the coach's ``hint``, ``undo``, ``playout``, and ``analyse:start`` and
``analyse:stop`` (*Analyse my play*, ``analysis_panel``).  Browser code.

Pass and play cannot leak: a hand-off screen holds no card and its button stays disabled for
``HANDOFF_GUARD_MS`` (a double tap on the last card cannot press it), and the end-of-hand summary
is drawn on its own, without the table (the next hand is already dealt behind it).
"""

from __future__ import annotations

import importlib
import time

from ..shell import page
from ..shell.page import here

from ..screens import home, review_settings, stats as stats_screen
from ..screens.files import OPEN_SLICE_S
from ..shell.browser import measure, say_aloud
from ..shell.tasks import Sliced
from ..text import announce
from ..text.i18n import _
from ..text.markup import button, dialog, esc
from . import analysis_panel, coach, ending

TABLE_MODULES = {"dummy-spades": "cardtable.ui.table.spades", "seep": "cardtable.ui.table.seep"}
HANDOFF_GUARD_MS = 700  # a hand-off's button ignores taps this long after it appears


def handoff_guard_ms() -> float:
    """``HANDOFF_GUARD_MS``, or a shorter guard the browser tests set (``window.__cardtableHandoffGuardMs``,
    tests only, like web/morph.js's audit hook: they pass the device some hundreds of times, and
    a double tap's second tap comes within tens of milliseconds).  Never longer, never stored."""
    short = page.started("handoffGuardMs")
    if isinstance(short, (int, float)) and not isinstance(short, bool) and 0 <= short < HANDOFF_GUARD_MS:
        return short
    return HANDOFF_GUARD_MS


class TableScreen:
    """The table of the open game in the app (see the module docstring)."""

    def __init__(self, app) -> None:
        self.app = app
        self.handoff_armed = False        # the hand-off button takes taps (after HANDOFF_GUARD_MS)
        self.arm_timer = None
        self.turn_said = None             # the turn last announced (game id, actions, seat)
        self.coach = coach.Coach()        # what the coach remembers of the open game (hints, undo)
        self.analysis = analysis_panel.AnalysisState()   # *Analyse my play* under way
        self.sheets: set = set()          # the games' stylesheets asked of the page

    def acts(self) -> dict:
        return {"ready": self.ready, "release": lambda _arg: self.app.release_hold(),
                "next-hand": lambda _arg: self.app.session.next_hand(), "move": self.human_move,
                "hint": lambda _arg: self.coach_act("hint"), "undo": lambda _arg: self.coach_act("undo"),
                "playout": lambda _arg: self.coach_act("playout"), "ui": self.ui_act,
                "analyse": lambda arg: analysis_panel.act(self.app, self.analysis, arg)}

    def ready(self, _arg: str = "") -> None:
        if not self.handoff_armed or not self.app.session.ready():
            return
        self.handoff_armed = False
        self.app.render()

    def coach_act(self, verb: str) -> None:
        coach.dispatch(self.app, verb)   # Hint, Undo, Play out the rest (cardtable.ui.table.coach)

    def ui_act(self, arg: str) -> None:
        app = self.app
        action = app.table.handle(arg, app.game, app.viewer, app)
        if action:
            self.human_move(action)
            return
        app.render()

    def after_render(self, name: str) -> None:
        """The hand-off's guard time starts when it is first drawn."""
        if name == "handoff" and not self.handoff_armed and self.arm_timer is None:
            self.arm_timer = self.app.tasks.later(self.arm_handoff, handoff_guard_ms())

    def cancel_arm(self) -> None:
        if self.arm_timer is not None:
            self.app.tasks.cancel(self.arm_timer)
            self.arm_timer = None
        self.handoff_armed = False

    def dialog_html(self, kind: str) -> str:
        if kind == "hand":
            entry = self.app.dialog[1]
            body = self.app.table.hand_summary_html(self.app.game, entry) + analysis_panel.html(
                self.app, self.analysis, lambda a: analysis_panel.move_words(self.app.game.name, self.app.table, a))
            body += "" if ending.on_guest(self.app.game) else self.app.daily.summary_html()   # the day's result, Share
            return dialog(esc(_("End of the hand")), body, ending.hand_buttons(self.app.game), cls="hand-summary")
        if kind == "over":
            body = self.app.table.game_over_html(self.app.game)
            body += "" if ending.on_guest(self.app.game) else self.app.daily.summary_html()
            return dialog(esc(_("Game over")), body,
                          ending.over_buttons(self.app.game, review_settings.game_over_button(self.app)), cls="game-over")
        return ""

    def table_for(self, game):
        """The table screen of the game's kind, imported only now (keeps start-up light)."""
        module = importlib.import_module(TABLE_MODULES[game.name])
        sheet = getattr(module.Table, "stylesheet", None)
        if sheet and sheet not in self.sheets:
            self.sheets.add(sheet)
            # no frame of the table is seen unstyled (#25)
            page.call("cardtableHtml", {"data-styling": ""})
            page.ask("cardtableStyle", sheet, then=self.styled)
        return module.Table(game)

    def styled(self, _loaded=None) -> None:
        """A game's stylesheet has loaded (or failed to): show the table, drawn again with it."""
        page.call("cardtableHtml", {"data-styling": None})
        self.app.render()

    def human_move(self, action: str) -> None:
        if self.app.session.person_to_act() is None:
            return
        # confirm-before-play picks a legal card only: an illegal one is refused at the first tap
        if action in self.app.game.legal_actions() and review_settings.needs_second_tap(self.app, action):
            self.app.render()
            return
        self.app.session.apply(action)

    def explain_refusal(self, act: str) -> None:
        """A tap (or Enter) on a card that cannot be played now says why, on the table and in the
        live region.  On the person's turn the card's move goes the one way every move goes: the
        engine refuses it and gives the reason, worded from the refusal catalog (``refusals``);
        a Seep hand card in the bidding is asked as the throw it would be (``Table.tried_action``).
        While a computer or another person is to play, it says whose turn it is."""
        game, table = self.app.game, self.app.table
        if game is None or table is None or self.app.handoff_to or self.app.dialog or self.app.hold or self.app.viewer is None:
            return
        seat = game.to_act
        if seat is None:
            return
        if seat != self.app.viewer or self.app.controllers.get(seat) != "human":
            self.app.error = _("Not your turn: {name} plays now.").format(name=table.name_of(seat))
            self.app.said.append(self.app.error)
            self.app.render()
            return
        verb, _sep, arg = act.partition(":")
        tried = getattr(table, "tried_action", None)
        action = arg if verb == "move" else (tried(arg) if tried and verb == "ui" else None)
        if action:
            self.human_move(action)

    def arm_handoff(self) -> None:
        """The hand-off's guard time is over: its button takes taps from now on."""
        self.arm_timer = None
        if self.app.handoff_to:
            self.handoff_armed = True
            self.app.render()

    def count_hands(self) -> None:
        """Count the open game's finished hands in the statistics, in a task of its own (not a
        lesson's: it is not a game the player played)."""
        if self.app.session.script is not None:
            return
        self.app.daily.hands_finished()   # a deal of the day's first hand: the day's result
        game, controllers = self.app.game, dict(self.app.controllers)
        # the record as saved (with the hints used), not the bare game's: statistics count hints
        record, hands = self.app.session.record(), stats_screen.stats.hands_finished(game)

        def failed(err: Exception) -> None:  # statistics must never stop a game
            here.console.error(f"cardtable: statistics: {err!r}")

        def counted(read) -> None:
            began = here.performance.now()
            try:
                stats_screen.record_game(self.app.saves.store, record, controllers, read=read)
            except Exception as err:
                failed(err)
            measure("cardtable:stats", began)

        def run() -> None:
            # a long game is replayed for its statistics in slices, as it was opened
            began = here.performance.now()
            try:
                if stats_screen.counted_already(self.app.saves.store, record, hands):
                    return
            except Exception as err:
                return failed(err)
            steps = stats_screen.stats.read_game_steps(record, controllers, time.time())
            mark = [began]

            def after_slice(_finished: bool) -> None:
                measure("cardtable:stats-slice", mark[0])
                mark[0] = here.performance.now()
            Sliced(self.app.tasks, steps, counted, failed, OPEN_SLICE_S, after_slice).start(soon=True)
        self.app.tasks.soon(run)

    def table_html(self) -> str:
        if self.app.dialog == ("waiting",):   # the first deal waits for every device's value (``net.fair``)
            from ..screens.remote_html import waiting_html
            table, session = self.app.table, self.app.session
            return waiting_html({s: table.name_of(s) for s in table.seats if session.away(s)})
        if self.app.dialog and self.app.dialog[0] in ("hand", "over"):
            # the summary stands alone: the next hand is dealt already, and none of it may show
            return (f'<section class="summary-screen" aria-label="{esc(self.game_title())}">'
                    f'<h1 class="visually-hidden">{esc(self.game_title())}</h1></section>')
        if self.app.handoff_to:
            name = self.app.table.name_of(self.app.handoff_to)
            banner = f'<p class="banner" role="alert">{esc(self.app.banner)}</p>' if self.app.banner else ""
            ready = button(esc(_("I am {name} — show my cards").format(name=name)), "ready", cls="btn big", key="ready",
                           disabled=not self.handoff_armed)
            # the button sits high on the screen, far from where the last player's cards were
            return ('<section class="handoff" aria-live="polite"><div class="handoff-card">'
                    f'<h1>{esc(_("Pass the device to {name}").format(name=name))}</h1>'
                    + ready.replace("<button ", "<button data-autofocus ", 1)
                    + f'<p>{esc(_("Only {name} should look at the screen now.").format(name=name))}</p>' + banner
                    + coach.handoff_undo(self.app)   # the one who just moved may take it back until then
                    + '<div class="handoff-fan" aria-hidden="true"><span class="card back"></span><span class="card back"></span></div>'
                    + f'<p class="muted small">{esc(self.game_title())}</p>'
                    + "</div>"
                    + button("⌂ " + esc(_("Home")), "nav:home", cls="btn ghost small handoff-home", key="home", aria_label=_("Home"))
                    + "</section>")
        seat = self.app.viewer or self.app.game.to_act or self.app.table.seats[0]
        return self.app.table.render(self.app.game, seat, self.app)

    def game_title(self) -> str:
        return home.game_title(self.app.game.name) if self.app.game else ""

    def announce_pending(self) -> None:
        """Say in the live region what happened since the last render, then whose turn it is."""
        lines, self.app.said = self.app.said, []
        if self.app.screen == "table" and self.app.game is not None and self.app.viewer and not self.app.handoff_to \
                and not self.app.dialog and not self.app.hold and self.app.controllers.get(self.app.viewer) == "human":
            mark = (self.app.game_id, self.app.game.action_count, self.app.viewer)
            if self.app.game.to_act == self.app.viewer and mark != self.turn_said:
                self.turn_said = mark
                lines.append(announce.turn(self.app.game.name, self.app.game.view(self.app.viewer)))
        say_aloud(lines)
