"""The table's coach: Hint, Undo and Play out the rest, as controls and in words.

The decisions live in ``cardtable.coach`` (pure Python); this module puts them on the table:

* ``strip(app, game, seat, my_turn)`` -- the row of controls under the status line (Hint, Undo,
  Play out the rest) and, once a hint is ready, its sentence.  The table modules call it; it is
  pure (the tests render it in CPython).
* ``hinted(app, game)`` -- the action the current hint suggests, so a table can mark its card,
  bid or Seep move (None when there is no hint for the position on the table).
* ``dispatch(app, verb)`` -- the acts ``hint``, ``undo`` and ``playout`` (``app.dispatch`` hands
  them here).  Only this part touches the browser, through the app's own timers and saving.

What the coach remembers (the hint shown or being thought, the hints used, its caches, the undo
decisions it follows) is a ``Coach`` object the table screen owns (``app.table_screen.coach``).

Hints used are kept in the saved game, as the optional record field ``"hints"``: for each seat,
the record positions (numbers of actions played) at which it was shown a hint, e.g. ``{"p0":
[4, 17]}``; a statistics screen counts them per seat (``len``), per hand if it likes.  ``replay``
ignores the field; a hint given on a move later taken back still counts.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Optional

from ...cards import Card
from ...session import Note, clean_hints, stored_hints
from ..text.cardnames import a_house
from ..text.i18n import N_, _, ngettext, of_seat
from ..text.markup import button, esc

HINT_SLICE_S = 0.012
"""Longest stretch of hint thinking before Python's thread is free again (for the page's taps)."""


@dataclass
class CoachState:
    """What the coach remembers about the open game (``state(app)``)."""

    game: object = None                 # the game object this state is about
    hint: Optional[tuple] = None        # (position key, Hint)
    thinking: Optional[tuple] = None    # the position key a hint is being thought for
    hints: dict = field(default_factory=dict)   # seat -> [positions], as in the record
    undo_cache: Optional[tuple] = None  # (key, target)
    playout_cache: Optional[tuple] = None   # (key, bool)


class Coach:
    """The coach's own state, held by the table screen (``app.table_screen.coach``): about the
    game object open now, and the undo decisions it follows."""

    def __init__(self) -> None:
        self.state: Optional[CoachState] = None
        self.decisions = None   # coach.undo.Decisions of the person it follows


def state(app) -> CoachState:
    """The coach's state for the app's open game (fresh when another game object is open: a
    new game, another saved one, an undo or the newer position from another window).  The hints
    used are the host's session's (``app.hints``, the very dict it saves), or else those saved."""
    mine = app.table_screen.coach
    st = mine.state
    if st is None or st.game is not app.game:
        hints = getattr(app, "hints", None)
        st = CoachState(game=app.game, hints=hints if hints is not None else _stored_hints(app))
        mine.state = st
    return st


def _stored_hints(app) -> dict:
    """The hints field of the game as saved (before this window saves over it)."""
    try:
        raw = app.saves.raw(app.game_id) if app.game_id else None
    except Exception:
        return {}
    return stored_hints(raw)


def adopt_hints(app, hints) -> None:
    """Take over the hints field of an imported file (checked as ``clean_hints`` does) as the open
    game's hints, so the new save and its statistics keep them."""
    mine = state(app).hints   # (in place: it is the session's dict)
    mine.clear()
    mine.update({s: v for s, v in clean_hints(hints).items() if s in app.game.seats})


# ---- what may be offered now ---------------------------------------------------------------------

def _key(game) -> tuple:
    return (id(game), len(game.actions))


def person(app) -> Optional[str]:
    """The seat of the person holding the device (None when nobody is shown the table yet)."""
    seat = app.viewer
    return seat if seat and app.controllers.get(seat) == "human" else None


def against_computers(app) -> bool:
    """One person here and every other seat a computer's: no person on another device either (a
    seat played there, or lent to this device while away), whose moves are never taken back."""
    elsewhere = getattr(getattr(app, "session", None), "people_elsewhere", None)
    return len(app.humans()) == 1 and not (elsewhere is not None and elsewhere())


def undo_target(app) -> Optional[int]:
    """How many actions an undo would keep now, or None when there is nothing to take back."""
    game = app.game
    seat = person(app)
    if game is None or seat is None or game.over or app.dialog is not None:
        return None
    st = state(app)
    key = _key(game) + (seat, against_computers(app))
    if st.undo_cache and st.undo_cache[0] == key:
        return st.undo_cache[1]
    from ...coach.undo import Decisions, undo_target as target

    record = game.to_record()
    mine = app.table_screen.coach
    tracker = mine.decisions
    if tracker is None or tracker.seat != seat:
        tracker = mine.decisions = Decisions(record, seat)
    k = target(record, seat, against_computers(app), tracker)
    script = getattr(getattr(app, "session", None), "script", None)
    if k is not None and script is not None and k < script.undo_floor():
        k = None   # a lesson's part: the moves played before it opened are not the newcomer's to take back
    st.undo_cache = (key, k)
    return k


def can_play_out(app) -> bool:
    """Dummy Spades, a person to act, and every remaining trick's winner forced."""
    game = app.game
    if game is None or game.name != "dummy-spades" or game.phase != "play" or app.dialog is not None:
        return False
    st = state(app)
    key = _key(game)
    if st.playout_cache and st.playout_cache[0] == key:
        return st.playout_cache[1]
    from ...coach.playout import can_play_out as forced

    ok = forced(game)
    st.playout_cache = (key, ok)
    return ok


def current_hint(app, game):
    """The ``Hint`` for the position on the table, or None."""
    st = state(app)
    if st.hint and st.hint[0] == _key(game) + (game.to_act,):
        return st.hint[1]
    return None


def hinted(app, game) -> Optional[str]:
    """The action the current hint suggests (canonical notation), or None."""
    if getattr(game, "remote", False):   # a guest device's table (session.remote.ViewGame): no coach
        return None
    h = current_hint(app, game) if app is not None and getattr(app, "game", None) is game else None
    return h.action if h else None


# ---- the controls ----------------------------------------------------------------------------------

def strip(app, game, seat: str, my_turn: bool) -> str:
    """Hint, Undo and Play out the rest for the person at the table, and the hint's sentence."""
    if getattr(game, "remote", False) and getattr(game, "undoable", False):
        # a guest device's table: its own last move only, asked back from the host (``GuestTable``)
        return ('<div class="coach" data-key="coach">' + button(esc(_("Undo")), "undo", cls="btn ghost small coach-undo",
                                                                key="undo", title=_("Take back your last move")) + "</div>")
    if app is None or getattr(app, "game", None) is not game or not hasattr(app, "humans") \
            or getattr(game, "remote", False):   # (a guest device's table: the coach needs the game)
        return ""
    buttons = []
    st = state(app)
    if my_turn and _bots() and current_hint(app, game) is None:
        thinking = st.thinking == _key(game) + (game.to_act,)
        label = _("Thinking…") if thinking else _("Hint")
        buttons.append(button(esc(label), "hint", cls="btn ghost small coach-hint", key="hint",
                              disabled=thinking,
                              title=_("What would the strong computer player do?")))
    if undo_target(app) is not None:
        buttons.append(button(esc(_("Undo")), "undo", cls="btn ghost small coach-undo", key="undo",
                              title=_("Take back your last move")))
    if my_turn and can_play_out(app):
        buttons.append(button(esc(_("Play out the rest")), "playout", cls="btn small coach-playout",
                              key="playout", title=_("Every trick left is decided: finish the hand now")))
    line = ""
    h = current_hint(app, game) if my_turn else None
    if h is not None:
        move, why = hint_words(h, game.view(seat), app.table)
        line = (f'<p class="hint-line" role="status" data-key="hint-line"><b>{esc(move)}</b> '
                f'<span>{esc(why)}</span></p>')
    if not buttons and not line:
        return ""
    return f'<div class="coach" data-key="coach">{"".join(buttons)}{line}</div>'


def handoff_undo(app) -> str:
    """On the pass-the-device screen: the person who just moved may still take it back."""
    seat = person(app)
    if seat is None or undo_target(app) is None:
        return ""
    name = app.table.name_of(seat)
    return button(esc(_("{name}: take back your move").format(name=name)), "undo",
                  cls="btn ghost small coach-undo", key="undo")


def _bots() -> bool:
    try:
        import cardtable.bots  # noqa: F401
        return True
    except ImportError:
        return False


# ---- the hint in words -----------------------------------------------------------------------------

def _sym(text: str) -> str:
    return Card.parse(text).symbol


def hint_words(h, view: dict, table) -> tuple[str, str]:
    """The hint as the table says it: the move ("Play Q♥") and why ("Wins the trick with your
    lowest winner.")."""
    if view["game"] == "dummy-spades":
        return _spades_move(h, table), _spades_why(h, view)
    return _("Hint: {move}").format(move=table.action_words(h.action)), _seep_why(h)


def _spades_move(h, table) -> str:
    v = h.values
    if h.reason in ("bid", "bid_nil"):
        if h.reason == "bid":
            return _("Hint: bid {tricks}").format(tricks=v["tricks"])
        names = ", ".join(table.name_of(x) for x in v["hands"])
        return _("Hint: bid {tricks} with a nil on {hands}").format(tricks=v["tricks"], hands=names)
    if h.reason in ("peek", "flip"):
        slots = ", ".join(str(x) for x in v["slots"])
        return (_("Hint: peek at slots {slots}") if h.reason == "peek"
                else _("Hint: turn up slots {slots}")).format(slots=slots)
    if v.get("hand") == "dummy":
        return _("Hint: play {card} from the dummy").format(card=_sym(v["card"]))
    return _("Hint: play {card}").format(card=_sym(v["card"]))


def _spades_why(h, view: dict) -> str:
    code, v = h.reason, h.values
    if code in ("lead_nil", "duck_nil"):
        dummy = v.get("hand") == "dummy"
        if code == "lead_nil":
            return _("A low lead keeps the dummy's nil safe.") if dummy else _("A low lead keeps your nil safe.")
        return _("Ducks: keeps the dummy's nil safe.") if dummy else _("Ducks: keeps your nil safe.")
    if code == "partner_wins":
        return _("Your side is already winning this trick with {card}.").format(card=_sym(v["winning"]))
    words = {
        "bid": _("About what your side can expect to take."),
        "bid_nil": _("A weak hand: the nil is worth more than a few tricks."),
        "peek": _("Any slots will do: nobody knows those cards yet."),
        "flip": _("Any slots will do: nobody knows those cards yet."),
        "lead_boss": _("It is the highest card left in its suit."),
        "lead_trump": _("Draws out the other spades."),
        "lead_low": _("Low from your longest suit."),
        "lead": _("The safest lead from this hand."),
        "cover_nil": _("Wins the trick over your partner's nil, keeping it safe."),
        "win_lowest": _("Wins the trick with your lowest winner."),
        "ruff": _("Trumps the trick."),
        "win": _("Takes the trick."),
        "discard": _("Throws away a card you will not need."),
        "duck": _("Plays low: keeps your high cards for later."),
    }
    return words.get(code, "")


def _seep_why(h) -> str:
    code, v = h.reason, h.values
    if code == "sweep":
        return ngettext("Sweeps the floor and takes {points} point.",
                        "Sweeps the floor and takes {points} points.", v["points"]).format(points=v["points"])
    if code == "capture":
        if v.get("keeps"):
            return ngettext("Takes {points} point and keeps your {house}-house.",
                            "Takes {points} points and keeps your {house}-house.",
                            v["points"]).format(points=v["points"], house=v["keeps"])
        return ngettext("Takes {points} point.", "Takes {points} points.", v["points"]).format(points=v["points"])
    if code == "build":
        return _("Builds {house} for you to take later.").format(house=a_house(v["value"]))
    if code == "cement":
        return _("Cements the {value}-house: nobody can raise it now.").format(value=v["value"])
    if code == "raise":
        return _("Raises the house to {value}.").format(value=v["value"])
    if code == "throw":
        return _("Gives the least away.")
    if code == "bid":
        return _("The house you are most likely to build.")
    if code == "redeal":
        return _("No card of 9 or more: the same dealer deals again.")
    return ""


# ---- the acts (browser) ------------------------------------------------------------------------------

def dispatch(app, verb: str) -> None:
    """``hint``, ``undo`` or ``playout`` tapped."""
    if app.game is None:
        return
    if verb == "hint":
        start_hint(app)
    elif verb == "undo":
        undo(app)
    elif verb == "playout":
        play_out(app)


def _my_turn(app) -> bool:
    game = app.game
    seat = person(app)
    return (seat is not None and game.to_act == seat and not app.handoff_to and not app.hold
            and app.dialog is None)


def start_hint(app) -> None:
    """Think about a hint in slices (the page stays responsive), then show and count it."""
    from ...coach.hint import hint_steps

    if not _my_turn(app):
        return
    game = app.game
    seat = game.to_act
    st = state(app)
    key = _key(game) + (seat,)
    if st.thinking == key or (st.hint and st.hint[0] == key):
        return
    st.thinking = key
    steps = hint_steps(game.view(seat))

    def run_slice() -> None:
        if st.thinking != key or app.game is not game or _key(game) + (game.to_act,) != key:
            if st.thinking == key:
                st.thinking = None
            return
        stop = time.perf_counter() + HINT_SLICE_S
        while True:
            try:
                next(steps)
            except StopIteration as done:
                st.thinking = None
                show_hint(app, key, done.value)
                return
            if time.perf_counter() >= stop:
                app.tasks.soon(run_slice)
                return

    app.tasks.soon(run_slice)
    app.render()


def show_hint(app, key: tuple, h) -> None:
    """A hint is ready: count it, mark it on the table (pre-select its bid or Seep move)."""
    st = state(app)
    st.hint = (key, h)
    seat = key[2]
    used = st.hints.setdefault(seat, [])
    if key[1] not in used:
        used.append(key[1])
    _preselect(app.table, app.game, h.action)
    app.autosave()   # the count is part of the saved game
    app.render()


def _preselect(table, game, action: str) -> None:
    """Set the table's composing state to the hinted move, where the table composes one."""
    words = action.split()
    verb = words[0]
    if game.name == "dummy-spades":
        if verb == "bid":
            table.bid = int(words[1])
            table.nils = set(words[3].split(",")) if len(words) > 3 else set()
        elif verb in ("peek", "flip"):
            table.slots = {int(x) for x in words[1:]}
        return
    if verb in ("throw", "capture"):
        table.card, table.loose, table.houses = words[1], [], []
        if verb == "capture":
            table.loose = words[2:]
    elif verb == "build":
        table.card, table.loose, table.houses = words[2], words[3:], []
    elif verb in ("raise", "cement"):
        table.card, table.loose, table.houses = words[2], words[3:], [int(words[1])]


def undo(app) -> None:
    """Take back to the person's latest decision that may be taken back (see ``coach.undo``),
    through the game session (``GameSession.undo``)."""
    keep = undo_target(app)
    seat = person(app)
    if keep is None or seat is None:
        return
    session = app.session
    if session.changed_elsewhere():
        app.files.follow_other_window(app.game_id)   # another window moved on: show that, take nothing back
        return
    # Pass and play, from the pass-the-device screen: the device may be in the next person's
    # hands already, so the position goes back behind a hand-off to the one who moved, never
    # straight to that person's cards.
    behind_handoff = app.handoff_to is not None and not against_computers(app)
    app.cancel_arm()
    note = took_back_words(app.table, seat, app.game.actions[keep])
    if not session.undo(keep, note, behind_handoff, seat):
        app.banner = _("This game could not be saved after the undo: export it to keep it.")
    daily = getattr(app, "daily", None)   # a deal of the day counts its undos (ui.screens.daily)
    if daily is not None:
        daily.undone()
    app.said.append(note)
    app.advance()


def took_back_words(table, seat: str, action: str) -> str:
    """The log line of an undo, naming the card or bid taken back ("Hana took back 10♦."): said on
    the host and on every guest's device (``session.remote.GuestTable``)."""
    words = action.split()
    verb = words[0]
    if verb == "bid":
        return of_seat(table, seat, N_("{name} took back the bid."), N_("You took back the bid."))
    at = 2 if verb in ("build", "raise", "cement") else 1
    if verb in ("play", "throw", "capture", "build", "raise", "cement") and len(words) > at:
        return of_seat(table, seat, N_("{name} took back {card}."), N_("You took back {card}."), card=_sym(words[at]))
    return of_seat(table, seat, N_("{name} took back a move."), N_("You took back a move."))


def play_out(app) -> None:
    """Finish the hand at once: the rest through the engine's apply, one log line each."""
    from ...coach.playout import forced_winners

    if not _my_turn(app) or not can_play_out(app):
        return
    if forced_winners(app.game) is None:
        return
    app.session.play_out(Note(of_seat(app.table, app.game.to_act, N_("{name} played out the rest of the hand."),
                                      N_("You played out the rest of the hand."))))
