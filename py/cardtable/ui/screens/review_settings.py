"""The Review and Settings screens (``ReviewSettings``, held by the app as ``app.review_settings``):
their state, routes, acts and keys, and the settings' hooks at the table (confirm-before-play,
sound).  The screens' HTML is the pure ``review.review_html`` and ``settings.settings_html``.

Routes: ``#settings``; ``#review/<id>`` (a finished saved game) and ``#review`` (a file opened
for review, kept in memory only: a reload of it comes home).  Acts: ``nav:settings``,
``nav:settings-done`` (``places()``, looked up by the app's ``nav``), ``set:<key>:<value>``,
``open-review:<id>``, ``review:<step>`` with ``back``, ``forward``, ``hand-back``,
``hand-forward``, ``first``, ``last``.

A saved game is reviewed only once it is over (``review.NotFinished`` otherwise): a review shows
every hand, which a game still in play must never do.
"""

from __future__ import annotations

from typing import Optional

from ...game import RecordError
from ...record import ReplayError, file_kind, parse_record
from . import home
from ..shell import sound
from ..text.i18n import _
from ..text.markup import button, cut, esc, kept_name
from ..text.refusals import wrong_file
from .review import NotFinished, Review, review_html
from ...stores.ice import FIELDS as ICE_FIELDS, problems as ice_problems
from ...stores.settings import changed
from .settings import ice_html, settings_html

STEPS = {"back": Review.back, "forward": Review.forward, "hand-back": Review.hand_back,
         "hand-forward": Review.hand_forward, "first": lambda r: r.go(0), "last": lambda r: r.go(r.last)}
KEYS = {"ArrowLeft": "back", "ArrowRight": "forward", "PageUp": "hand-back", "PageDown": "hand-forward",
        "Home": "first", "End": "last"}


class ReviewSettings:
    """The Review and Settings screens: their state (the review open and its saved id, where
    Settings returns to, the "your turn" cue), their acts, routes and keys.  The app holds one
    (``app.review_settings``); *Your data*, a group of Settings, is ``app.your_data``."""

    def __init__(self, app) -> None:
        self.app = app
        self.review: Optional[Review] = None   # the review shown (or last shown)
        self.review_id: Optional[str] = None   # its saved game's id; None for a file opened for review
        self.back_to = "home"                  # where Settings returns: home | table | review
        self.cue_turn = False                  # a person's turn should sound once it shows
        self.ice: dict = {}                    # the ICE servers' form: values, problems, saved
        self.note = self.next_note = ""        # over a shared hand: the score its moves make
        self.part = None                       # the analysis in Review (``review_analysis``), on first use
        self.table_dialog = None               # the open game's summary, while its review is shown

    def acts(self) -> dict:
        return {"set": self.set, "open-review": self.open_review, "review": self.step, "ice": self.set_ice}

    def places(self) -> dict:
        """The ``nav:<place>`` acts of these screens (the app's ``nav`` looks them up)."""
        return {"settings": self.open_settings, "settings-done": self.settings_done}

    def forget_review(self) -> None:
        """Home: the review is closed (Back no longer returns to it)."""
        self.review = self.review_id = None
        self.note = ""

    def route(self) -> str:
        if self.app.screen == "settings":
            return "#settings"
        return f"#review/{self.review_id}" if self.review_id else "#review"

    def go_to(self, kind: str, arg: str) -> None:
        """A reload or Back/Forward on ``#settings`` or ``#review/...``."""
        app = self.app
        if kind == "settings":
            self.back_to = "home"
            app.your_data.opened()
            app.screen = "settings"
            app.render()
        elif kind == "review" and arg and app.saves.raw(arg):
            self.open_saved(arg)
        else:
            app.screen = "home"
            app.render()

    def html(self) -> str:
        app = self.app
        if app.screen == "settings":
            ice = self.ice or {"values": app.settings}
            return settings_html(app.settings, in_game=self.back_to == "table" and app.game is not None,
                                 data=app.your_data.section(),
                                 ice=ice_html(ice["values"], ice.get("problems", {}), ice.get("saved", False)))
        r = self.review
        if r is None:
            return ""
        part = self.analysis
        if part.trying is not None:
            return part.try_screen(r)
        back = ""
        if app.game is not None and app.game_id == self.review_id:   # opened from the table's analysis
            back = button(_("Back to the game"), "review:to-table", cls="btn", key="back-to-game")
        elif self.review_id and not r.over and app.saves.raw(self.review_id):
            back = button(_("Back to the game"), f"open:{self.review_id}", cls="btn", key="back-to-game")
        note = f'<p class="notice shared-note" role="status">{esc(self.note)}</p>' if self.note else ""
        body, _end, _rest = review_html(r, _(home.GAME_TITLES.get(r.name, r.name)), part.mark(r), part.html(r),
                                        back).rpartition("</section>")
        return note + body + app.daily.share_html("review") + "</section>"   # Share in the review, over its step bar

    @property
    def analysis(self):
        """The analysis in Review (``review_analysis.ReviewAnalysis``), built on first use."""
        if self.part is None:
            from .review_analysis import ReviewAnalysis

            self.part = ReviewAnalysis(self)
        return self.part

    # ---- acts ------------------------------------------------------------------------------------
    def open_settings(self, _arg: str = "") -> None:
        app = self.app
        self.back_to = "table" if app.screen == "table" and app.game is not None else (
            "review" if app.screen == "review" and self.review else "home")
        if self.back_to == "table":
            app.cancel_bot()   # the game waits while the settings are open
        app.your_data.opened()
        self.ice = {}
        app.screen = "settings"
        app.render()

    def set_ice(self, _arg: str = "") -> None:
        """The STUN and TURN fields: kept when they are all valid, else each refusal said by its field."""
        app = self.app
        values = {k: app.form.get(f"ice-{k}", "").strip() for k in ICE_FIELDS}   # (the form's fields, with the tap)
        found = ice_problems(values)
        if not found:
            app.settings = {**app.settings, **values}
            app.keep_settings()
        self.ice = {"values": values, "problems": found, "saved": not found}
        app.render()

    def settings_done(self, _arg: str = "") -> None:
        app = self.app
        if self.back_to == "table" and app.game is not None:
            app.screen = "table"
            if app.hold:
                app.render()
            else:
                app.advance()
            return
        app.screen = "review" if self.back_to == "review" and self.review else "home"
        app.render()

    def set(self, arg: str) -> None:
        app = self.app
        key, _sep, value = arg.partition(":")
        app.settings = changed(app.settings, key, value)
        app.keep_settings()
        if key == "confirm" and app.table is not None:
            app.table.armed = None
        app.render()

    def open_review(self, game_id: str) -> None:
        app = self.app
        game = app.game
        if game is not None and app.game_id == game_id and game.over:
            controllers = dict(app.controllers)
            self._show(lambda: Review.in_steps(game.to_record(), controllers=controllers), game_id)
        else:
            self.open_saved(game_id)

    def step(self, arg: str) -> None:
        """A step, or the analysis's acts (``review_analysis``); ``at:<index>`` from the table's
        analysis opens the review of the open game's finished hands at that decision."""
        app = self.app
        if arg.startswith("at:") and app.screen == "table" and app.game is not None and arg[3:].isdigit():
            record, controllers = app.session.record(), dict(app.controllers)
            self._show(lambda: Review.in_steps(record, finished_only="hands", controllers=controllers),
                       app.game_id, at=int(arg[3:]))
        elif arg == "to-table" and app.game is not None:
            app.screen, app.dialog = "table", self.table_dialog
            app.render()
        elif self.review is not None and arg in STEPS:
            STEPS[arg](self.review)
            self.analysis.marked = None
            app.render()
        else:
            self.analysis.act(arg)

    def on_key(self, key: str) -> None:
        """Arrow keys, Page Up/Down, Home and End step the review (the page sends them while the
        review shows: ``data-arrows``, web/morph.js)."""
        step = KEYS.get(key)
        if step is None or self.review is None or self.app.dialog or self.analysis.trying is not None:
            return
        STEPS[step](self.review)
        self.analysis.marked = None
        self.app.render()

    # ---- opening a review ------------------------------------------------------------------------
    def open_saved(self, game_id: str) -> None:
        saves = self.app.saves
        self._show(lambda: Review.in_steps(saves.raw(game_id) or "", controllers=saves.controllers(game_id)), game_id)

    def open_file(self, text: str, filename: str) -> None:
        """"Open a file for review": any game file, finished or not, never saved."""
        kind = file_kind(text)
        if kind in ("backup", "stats"):
            return self._refused(wrong_file(kind, cut(filename, 60)))

        def build():
            record = parse_record(text)
            if isinstance(record.get("players"), list):
                record["players"] = [kept_name(p) for p in record["players"]]
            return Review.in_steps(record, finished_only="hands")
        self._show(build, None, filename, soon=True)

    def _show(self, build, game_id: Optional[str], filename: str = "", soon: bool = False,
              at: Optional[int] = None) -> None:
        """Build the review (``build`` gives ``Review.in_steps``) in slices, as a game is opened
        (``app.files.in_slices``), then show it; or say why it cannot be reviewed."""
        def failed(err: Exception) -> None:
            if isinstance(err, NotFinished):
                return self._refused(str(err))
            if isinstance(err, (RecordError, ReplayError)):
                what = cut(filename, 60) if filename else _("That game")
                return self._refused(_("{what} cannot be reviewed: {why}").format(what=what, why=cut(str(err))))
            # a bug must not leave the page dead
            return self._refused(_("That game cannot be reviewed ({why})").format(why=cut(f"{type(err).__name__}: {err}")))

        try:
            steps = build()
        except Exception as err:
            return failed(err)
        # ``soon``: a file's first slice in a task of its own (the task that read it parsed it)
        self.app.files.in_slices(steps, lambda review: self._shown(review, game_id, at), failed, soon=soon)

    def show_record(self, steps, note: str) -> None:
        """A record read elsewhere (a shared link): ``steps`` build its review, ``note`` is said over it."""
        self.next_note = note
        self._show(lambda: steps, None)

    def _shown(self, review: Review, game_id: Optional[str], at: Optional[int] = None) -> None:
        app = self.app
        self.note, self.next_note = self.next_note, ""
        # the table's review: the game stays open, its summary kept for "Back to the game"
        self.table_dialog = app.dialog if app.game is not None and at is not None and app.game_id == game_id else None
        if app.game is not None and self.table_dialog is None:
            app.close_game()
        app.dialog = None
        self.review, self.review_id = review, game_id
        self.analysis.opened(review, at)
        app.notice = ""
        app.screen = "review"
        app.render()

    def _refused(self, message: str) -> None:
        app = self.app
        if app.game is not None:
            app.close_game()
        app.notice = message
        app.dialog = None
        app.screen = "home"
        app.render()

    # ---- the sounds at the table -----------------------------------------------------------------
    def after_move(self, action: str, actor: str, hold: Optional[str]) -> None:
        """After any move (a person's or a computer's): forget a picked card; the move's sound."""
        app = self.app
        if app.table is not None:
            app.table.armed = None
        self.cue_turn = app.game is not None and app.game.to_act != actor
        if app.settings.get("sound"):
            sound.play(sound.cue_for(action, hold))

    def after_advance(self) -> None:
        """The "your turn" sound, once, when a person's turn comes on the screen after another's move."""
        app = self.app
        game = app.game
        if not self.cue_turn or game is None or app.dialog is not None or app.handoff_to or app.hold:
            return
        seat = game.to_act
        if seat is not None and seat == app.viewer and app.controllers.get(seat) == "human":
            self.cue_turn = False
            if app.settings.get("sound"):
                sound.play("turn")


def game_over_button(app) -> str:
    if app.game is None or not app.game.over or not app.game_id:
        return ""
    return button(_("Review the game"), f"open-review:{app.game_id}", cls="btn ghost", key="review-over")


# ---- hooks at the table ----------------------------------------------------------------------------
def needs_second_tap(app, action: str) -> bool:
    """Confirm-before-play: the first tap on a card picks it (the table says "Tap again to
    play"); True while the move must wait for the second tap on the same card."""
    if not app.settings.get("confirm") or not action.startswith("play ") or app.table is None:
        return False
    if getattr(app.table, "armed", None) == action:
        app.table.armed = None
        return False
    app.table.armed = action
    return True

