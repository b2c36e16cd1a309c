"""The app's side of Review and Settings: their routes, acts and keys, and the settings' hooks
at the table (confirm-before-play, sound).  Browser code like ``app.py``, which calls it through
small hooks (``hooks.dispatch``, ``hooks.route`` ...); the screens themselves are the pure
``review.review_html`` and ``settings_screen.settings_html``.

Routes: ``#settings``; ``#review/<id>`` (a finished saved game) and ``#review`` (a file opened
for review, kept in memory only: a reload of it comes home).  Acts: ``nav:settings``,
``nav:settings-done``, ``set:<key>:<value>``, ``open-review:<id>``, ``review:<step>`` with
``back``, ``forward``, ``hand-back``, ``hand-forward``, ``first``, ``last``.

A saved game is reviewed only once it is over (``review.NotFinished`` otherwise): a review shows
every hand, which a game still in play must never do.
"""

from __future__ import annotations

from typing import Optional

from ...game import RecordError
from ...record import NAME_MAX, ReplayError, parse_record
from . import data as app_data, home
from ..shell import sound
from ..text.i18n import _
from ..text.markup import button, cut, kept_name
from .review import NotFinished, Review, review_html
from ..stores.settings import changed
from .settings import settings_html

STEPS = {"back": Review.back, "forward": Review.forward, "hand-back": Review.hand_back,
         "hand-forward": Review.hand_forward, "first": lambda r: r.go(0), "last": lambda r: r.go(r.last)}
KEYS = {"ArrowLeft": "back", "ArrowRight": "forward", "PageUp": "hand-back", "PageDown": "hand-forward",
        "Home": "first", "End": "last"}


class State(dict):
    """The state of the Review and Settings screens (the review open, where Settings returns to,
    the "your turn" cue): the app holds one (``app.review_settings``)."""

    def __init__(self) -> None:
        super().__init__(review=None, review_id=None, back_to="home", cue_turn=False)


def _state(app) -> State:
    return app.review_settings


def route(app) -> str:
    if app.screen == "settings":
        return "#settings"
    rid = _state(app)["review_id"]
    return f"#review/{rid}" if rid else "#review"


def go_to(app, kind: str, arg: str) -> None:
    """A reload or Back/Forward on ``#settings`` or ``#review/...``."""
    if kind == "settings":
        _state(app)["back_to"] = "home"
        app_data.opened(app)
        app.screen = "settings"
        app.render()
    elif kind == "review" and arg and app.saves.raw(arg):
        open_saved(app, arg)
    else:
        app.screen = "home"
        app.render()


def screen_html(app) -> str:
    st = _state(app)
    if app.screen == "settings":
        return settings_html(app.settings, in_game=st["back_to"] == "table" and app.game is not None,
                             data=app_data.section(app))
    r = st["review"]
    if r is None:
        return ""
    return review_html(r, _(home.GAME_TITLES.get(r.name, r.name)))


def game_over_button(app) -> str:
    if app.game is None or not app.game.over or not app.game_id:
        return ""
    return button(_("Review the game"), f"open-review:{app.game_id}", cls="btn ghost", key="review-over")


def dispatch(app, verb: str, arg: str) -> bool:
    """Handle the acts of this module; False for any other act (``app.dispatch`` goes on)."""
    st = _state(app)
    if verb == "nav" and arg == "settings":
        st["back_to"] = "table" if app.screen == "table" and app.game is not None else (
            "review" if app.screen == "review" and st["review"] else "home")
        if st["back_to"] == "table":
            app.cancel_bot()   # the game waits while the settings are open
        app_data.opened(app)
        app.screen = "settings"
        app.render()
        return True
    if verb == "nav" and arg == "settings-done":
        back = st["back_to"]
        if back == "table" and app.game is not None:
            app.screen = "table"
            if app.hold:
                app.render()
            else:
                app.advance()
            return True
        app.screen = "review" if back == "review" and st["review"] else "home"
        app.render()
        return True
    if verb == "nav" and arg == "home":
        st["review"] = st["review_id"] = None
        return False
    if verb == "backup":
        return app_data.dispatch(app, arg)
    if verb == "set":
        key, _sep, value = arg.partition(":")
        app.settings = changed(app.settings, key, value)
        app.keep_settings()
        if key == "confirm" and app.table is not None:
            app.table.armed = None
        app.render()
        return True
    if verb == "open-review":
        game = app.game
        if game is not None and app.game_id == arg and game.over:
            controllers = dict(app.controllers)
            _show(app, lambda: Review.in_steps(game.to_record(), controllers=controllers), arg)
        else:
            open_saved(app, arg)
        return True
    if verb == "review" and st["review"] is not None and arg in STEPS:
        STEPS[arg](st["review"])
        app.render()
        return True
    return False


def on_key(app, event) -> bool:
    """Arrow keys step the review (not while typing in a field); True when the key was used."""
    step = KEYS.get(str(event.key))
    st = _state(app)
    target = event.target
    tag = str(getattr(target, "tagName", "") or "").lower()
    if step is None or st["review"] is None or tag in ("input", "select", "textarea") or app.dialog:
        return False
    if event.altKey or event.ctrlKey or event.metaKey:
        return False
    event.preventDefault()
    STEPS[step](st["review"])
    app.render()
    return True


def open_saved(app, game_id: str) -> None:
    _show(app, lambda: Review.in_steps(app.saves.raw(game_id) or "", controllers=app.saves.controllers(game_id)), game_id)


def open_file(app, text: str, filename: str) -> None:
    """"Open a file for review": any game file, finished or not, never saved."""
    def build():
        record = parse_record(text)
        if isinstance(record.get("players"), list):
            record["players"] = [kept_name(p) for p in record["players"]]
        return Review.in_steps(record, finished_only=False)
    _show(app, build, None, filename)


def _show(app, build, game_id: Optional[str], filename: str = "") -> None:
    """Build the review (``build`` gives ``Review.in_steps``) in slices, as a game is opened
    (``app.files.in_slices``), then show it; or say why it cannot be reviewed."""
    def failed(err: Exception) -> None:
        if isinstance(err, NotFinished):
            return _refused(app, str(err))
        if isinstance(err, (RecordError, ReplayError)):
            what = cut(filename, 60) if filename else _("That game")
            return _refused(app, _("{what} cannot be reviewed: {why}").format(what=what, why=cut(str(err))))
        # a bug must not leave the page dead
        return _refused(app, _("That game cannot be reviewed ({why})").format(why=cut(f"{type(err).__name__}: {err}")))

    try:
        steps = build()
    except Exception as err:
        return failed(err)
    app.files.in_slices(steps, lambda review: _shown(app, review, game_id), failed)


def _shown(app, review: Review, game_id: Optional[str]) -> None:
    if app.game is not None:
        app.close_game()
    st = _state(app)
    st["review"], st["review_id"] = review, game_id
    app.dialog = None
    app.notice = ""
    app.screen = "review"
    app.render()


def _refused(app, message: str) -> None:
    if app.game is not None:
        app.close_game()
    app.notice = message
    app.dialog = None
    app.screen = "home"
    app.render()


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


def after_move(app, action: str, actor: str, hold: Optional[str]) -> None:
    """After any move (a person's or a computer's): forget a picked card; the move's sound."""
    if app.table is not None:
        app.table.armed = None
    _state(app)["cue_turn"] = app.game is not None and app.game.to_act != actor
    if app.settings.get("sound"):
        sound.play(sound.cue_for(action, hold))


def after_advance(app) -> None:
    """The "your turn" sound, once, when a person's turn comes on the screen after another's move."""
    st = _state(app)
    game = app.game
    if not st["cue_turn"] or game is None or app.dialog is not None or app.handoff_to or app.hold:
        return
    seat = game.to_act
    if seat is not None and seat == app.viewer and app.controllers.get(seat) == "human":
        st["cue_turn"] = False
        if app.settings.get("sound"):
            sound.play("turn")
