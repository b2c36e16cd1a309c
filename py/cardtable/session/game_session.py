"""The play loop of one open game, apart from the browser: ``GameSession``.

It holds the game and its id, who controls each seat (``seats.controller``), whose eyes are on
the screen (``viewer``) and to whom the device must be handed (``handoff_to``), the *hold* (a
finished trick or a peek kept on the table before play goes on), the pending computer move, the
hints used, the log of moves in words, and undo.  Every move goes the one way every move goes:
``game.legal_actions() -> game.apply``.

Pure Python (no browser import): it runs in CPython with a fake clock and an in-memory store
(``tests/test_session.py``).  What it needs from its host, it is given:

* ``tasks`` -- ``soon(fn)``, ``later(fn, ms)``, ``cancel(token)`` (``ui.shell.tasks.Tasks`` in the page);
* ``saves`` -- ``save(game_id, record, controllers, game=, base_rev=)``, ``raw(game_id)``,
  ``revision(game_id)`` (``SaveStore`` over localStorage in the page, over a dict in tests);
* ``table`` -- the open game's table (``ui.table.spades`` or ``ui.table.seep``'s ``Table``): it
  words the moves (``describe``) and says what to hold after one (``hold_after``, ``release``,
  ``hands_done``, ``hand_entries``);
* ``settings`` -- the player's settings (``handoff``, ``speed``);
* ``events`` -- an object whose methods the session calls when something happened, for the host
  to draw and say it (``SessionEvents``: every method is optional).

* ``listeners`` (optional) -- objects told of every move (``moved(actor, action, before)``), of an
  undo (``rewound(taken)``: who took back which action, or None) and of the game's closing (``closed()``): the host's side of the seats played on other
  devices (``session.remote.RemoteHost``); ``forward`` (optional) -- on a guest device, where
  a person's move goes instead of being applied (``session.remote.GuestTable``).
* ``script`` (optional, set after ``open``) -- a scripted game such as a guided lesson
  (``ui.screens.lesson``): ``computer_action()`` gives the computers' moves instead of thinking
  (None: wait), ``moved(actor)`` hears of every move, and ``save()`` replaces saving the game
  (a lesson keeps its progress, not a saved game).

``dialog`` is what stands over the table and stops the game while it is up: ``("hand", entry)``
(the end-of-hand summary), ``("over",)`` (game over), or any dialog of the host.
"""

from __future__ import annotations

import time
from typing import Any, Callable, Optional

from ..game import IllegalAction
from ..record import ANALYSES_FIELD, HINTS_FIELD
from ..stores.saves import SaveConflict, StorageFull
from ..stores.settings import pace as pace_of
from .seats import PERSON, controller

BOT_BUDGET_S = 0.25     # thinking budget per computer move in the page
BOT_SLICE_S = 0.012     # longest stretch of thinking before the host's thread is free again


class Note(str):
    """A log line that is not an action (e.g. "Ana took back a move"): undo skips it when it
    drops the lines of the actions taken back."""


class SessionEvents:
    """What a session tells its host (all no-ops here; the host overrides what it needs)."""

    def changed(self) -> None:
        """Something on the screen changed: draw it."""

    def moved(self, action: str, actor: str, before: dict, after: dict, hold: Optional[str]) -> None:
        """A move was applied (a person's, a computer's)."""

    def refused(self, err: IllegalAction) -> None:
        """A person's move was refused (``err`` says why); nothing changed."""

    def advanced(self) -> None:
        """The session decided who sees the screen next (after a move, an undo, an opening)."""

    def handoff_changed(self) -> None:
        """A new hand-off is up (its guard time starts afresh)."""

    def hands_finished(self) -> None:
        """A hand was finished (the statistics count it)."""

    def saved(self) -> None:
        """The game was saved."""

    def storage_full(self) -> None:
        """The game could not be saved: the store is full (the last good save is kept)."""

    def save_conflict(self, game_id: str) -> None:
        """Another window saved this game since: this window's move is not saved."""

    def measure(self, name: str, began: float) -> None:
        """A timing mark from ``began`` (``now_ms``) to now."""

    def now_ms(self) -> float:
        return time.perf_counter() * 1000


class GameSession:
    """One open game and its play loop (see the module docstring)."""

    def __init__(self, tasks, saves, settings: dict, events: Optional[SessionEvents] = None,
                 bot_budget_s: float = BOT_BUDGET_S, perf_counter: Callable[[], float] = time.perf_counter,
                 computer_ms_cap: Optional[float] = None) -> None:
        self.tasks = tasks
        self.computer_ms_cap = computer_ms_cap   # a shorter pause before a computer's move (the browser tests')
        self.saves = saves
        self.settings = settings
        self.events = events or SessionEvents()
        self.bot_budget_s = bot_budget_s
        self.perf_counter = perf_counter
        self.game = None
        self.game_id: Optional[str] = None
        self.table = None
        self.controllers: dict[str, str] = {}
        self.viewer: Optional[str] = None       # the seat whose person last saw the screen
        self.handoff_to: Optional[str] = None   # the device goes to this seat's person next
        self.log: list[str] = []
        self.dialog: Optional[tuple] = None
        self.error = ""                         # why the last attempted move was refused (words)
        self.hold: Optional[str] = None         # "trick" | "reveal": the table shows what just happened
        self.hold_timer = None
        self.hold_hands_before = 0
        self.bot_timer = None                   # the tasks token of a computer's turn
        self.hints: dict[str, list[int]] = {}   # seat -> record positions where it was shown a hint
        self.analyses: list = []                # analyses of a person's hand, as the record keeps them
        self.revs: dict[str, int] = {}          # the revision of each game this session loaded or saved
        self.script = None                      # a scripted game (a lesson): see the module docstring
        self.listeners: list = []               # told of every move (``moved``) and undo (``rewound``)
        self.forward: Optional[Callable[[str], bool]] = None   # a guest device: sends the person's move

    # ---- opening and closing ------------------------------------------------------------------
    def open(self, game, game_id: str, table, controllers: dict, log: list[str], hints=None, script=None,
             analyses=None) -> None:
        """Open ``game`` (its table given by the host); seats not named are people here; ``script``:
        a scripted game's (a lesson), see the module docstring."""
        self.game = game
        self.game_id = game_id
        self.table = table
        self.controllers = {s: controllers.get(s, PERSON) for s in table.seats}
        self.log = log
        self.viewer = None
        self.handoff_to = None
        self.error = ""
        self.hints = dict(hints or {})
        self.analyses = list(analyses or [])
        self.dialog = ("over",) if game.over else None
        self.script = script

    def close(self) -> None:
        for listener in list(self.listeners):
            listener.closed()
        self.listeners = []
        self.forward = None
        self.cancel_bot()
        self.script = None
        self.cancel_hold()
        self.game = None
        self.table = None
        self.dialog = None
        self.handoff_to = None
        self.viewer = None

    def seat(self, seat: str):
        """The ``SeatController`` of a seat."""
        return controller(self.controllers.get(seat, PERSON))

    def hand_seat(self, seat: str, value: str) -> None:
        """Give a seat to another controller (a seat whose device is away, to a computer or to a
        person here; and back to ``"remote"``): saved, and the game goes on."""
        self.cancel_bot()
        self.controllers[seat] = value
        self.save()
        self.advance()

    def humans(self) -> list[str]:
        """The seats of the people at this device."""
        return [s for s in self.table.seats if self.seat(s).here]

    def people_elsewhere(self) -> bool:
        """Whether people on other devices sit at this table: a seat played there, or hosted and lent
        to this device while its device is away (a listener's ``hosted`` seats).  Undo then follows
        the pass-and-play rule: nobody here takes back another person's move."""
        return any(self.seat(s).remote for s in self.table.seats) or \
            any(getattr(listener, "hosted", None) for listener in self.listeners)

    def away(self, seat: str) -> bool:
        """A seat played on another device whose device is not connected now (a listener's ``present``)."""
        return self.seat(seat).remote and any(seat not in getattr(listener, "present", (seat,))
                                              for listener in self.listeners)

    def person_to_act(self) -> Optional[str]:
        """The seat of the person holding the device when it is theirs to move, else None."""
        seat = self.game.to_act if self.game is not None else None
        if seat is None or not self.seat(seat).here or seat != self.viewer or self.handoff_to:
            return None
        return seat

    # ---- who sees the screen next ---------------------------------------------------------------
    def advance(self) -> None:
        """After a move: decide who sees the screen next, and start a computer's turn."""
        self.cancel_bot()
        game = self.game
        if game is None:
            self.events.changed()
            return
        humans = self.humans()
        if self.viewer is None and len(humans) == 1:
            self.viewer = humans[0]
        before = self.handoff_to
        seat = game.to_act
        if self.dialog is None and seat is not None:
            who = self.seat(seat)
            if who.here:
                if seat != self.viewer and not self.settings["handoff"]:
                    self.viewer = seat   # the setting: no hand-off screen between people
                elif seat != self.viewer:  # (with one person, the viewer is always that person)
                    self.handoff_to = seat
            else:   # a computer, or a person on another device
                if self.viewer is None and humans:
                    # several people and nobody holds the device yet: it goes to the first of them
                    self.handoff_to = humans[0]
                    if not self.settings["handoff"]:
                        self.viewer, self.handoff_to = humans[0], None
                if who.computer:
                    self.schedule_bot()
        if self.handoff_to != before:
            self.events.handoff_changed()
        self.events.advanced()
        self.events.changed()

    def resume(self) -> None:
        """A game shown again (a reload, Back): nobody has been handed the device yet, so never
        show a hand unasked; then a computer to move moves."""
        if self.game is None or self.game.over or self.dialog is not None:
            return
        self.cancel_bot()
        seat = self.game.to_act
        humans = self.humans()
        self.viewer = None
        self.handoff_to = seat if self.seat(seat).here else (humans[0] if humans else None)
        self.events.handoff_changed()
        # the setting: no hand-off screen, the hand shows at once; nor when one person plays
        if not self.settings["handoff"] or len(humans) == 1:
            self.viewer, self.handoff_to = self.handoff_to, None
        if self.game.to_act and self.seat(self.game.to_act).computer:
            self.schedule_bot()

    def ready(self) -> bool:
        """The person handed the device says so: their table shows."""
        if not self.handoff_to:
            return False
        self.viewer, self.handoff_to = self.handoff_to, None
        return True

    def next_hand(self) -> None:
        """The end-of-hand summary is closed: on to the next hand (or the game-over dialog)."""
        self.dialog = ("over",) if self.game.over else None
        if len(self.humans()) > 1:
            self.viewer = None  # the next hand's first player is handed the device
        self.advance()

    # ---- moves -------------------------------------------------------------------------------------
    def apply(self, action: str) -> bool:
        """Apply a move of the seat to act; a refused one changes nothing (``events.refused``).
        On a guest device (``forward`` set) the person's move is sent to the host instead: it is
        applied here when the host says so (``session.remote.GuestTable``)."""
        if self.forward is not None:
            return self.forward(action)
        try:
            self.move(action)
        except IllegalAction as err:
            self.events.refused(err)
            return False
        return True

    def move(self, action: str) -> str:
        """Apply a move of the seat to act and go on (log, save, hold, next turn): the canonical
        action, or ``IllegalAction`` with nothing changed.  ``listeners`` hear of it (the host's
        judge sends it to the other devices)."""
        game, table = self.game, self.table
        actor = game.to_act
        hands_before = table.hands_done(game)
        before = game.view(actor)
        keep = getattr(table, "before_move", None)
        if keep is not None:
            keep(game, before, self.viewer if not self.handoff_to else None)
        canonical = game.apply(action)
        self.error = ""
        table.after_move(game)
        after = game.view(actor)
        self.log.append(table.describe(canonical, actor, before, after, game))
        if self.script is not None:
            self.script.moved(actor)
        self.save()
        for listener in list(self.listeners):
            listener.moved(actor, canonical, before)
        hold = self.hold_for(canonical, actor, before)
        self.events.moved(canonical, actor, before, after, hold)
        if hold:
            self.hold = hold
            self.hold_hands_before = hands_before
            self.events.changed()
            if hold == "trick":
                self.hold_timer = self.tasks.later(self.release_hold, self.pace().collect_ms)
            return canonical
        self.finish_move(hands_before)
        return canonical

    def pace(self):
        return pace_of(self.settings["speed"])

    def finish_move(self, hands_before: int) -> None:
        """After a move (and after its hold): the end-of-hand summary, or on to the next turn."""
        hands = self.table.hand_entries(self.game)
        if len(hands) > hands_before:
            self.dialog = ("hand", hands[-1])
            self.events.hands_finished()
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
            if nxt is None or not self.seat(nxt).here or nxt == self.viewer:
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

    def play_out(self, note: str) -> None:
        """Finish the hand at once with the engine's first legal action each turn (the coach's
        "Play out the rest", when every trick's winner is forced); ``note`` ends the log."""
        game, table = self.game, self.table
        hands_before = table.hands_done(game)
        hand = game.hand_number
        while not game.over and game.hand_number == hand and game.phase == "play":
            actor = game.to_act
            before = game.view(actor)
            canonical = game.apply(game.legal_actions()[0])
            self.log.append(table.describe(canonical, actor, before, game.view(actor), game))
            for listener in list(self.listeners):
                listener.moved(actor, canonical, before)
        self.log.append(note)
        table.after_move(game)
        self.error = ""
        self.save()
        self.finish_move(hands_before)

    def rewind(self, game, dropped: int, note: Optional[str], behind_handoff: bool,
               taken: Optional[tuple] = None) -> None:
        """Undo: ``game`` is the position taken back to, ``dropped`` the actions taken back (their
        log lines go; lines that are ``Note``s stay), ``note`` the log line that says so (None: none).  In pass
        and play from a hand-off (``behind_handoff``), the position goes back behind a hand-off.
        ``taken``: (seat, action), the decision taken back, told to the listeners (``rewound``)."""
        self.cancel_bot()
        self.cancel_hold()
        self.game = game
        log = list(self.log)
        while dropped > 0 and log:
            if not isinstance(log.pop(), Note):
                dropped -= 1
        self.log = log + [Note(note)] * (note is not None)
        release = getattr(self.table, "release", None)   # (only tables that hold have it)
        if release is not None:
            release()
        self.table.after_move(game)
        self.handoff_to = None
        if behind_handoff:
            self.viewer = None   # advance() puts up the hand-off to the person to act
        self.error = ""
        self.dialog = None
        for listener in list(self.listeners):
            listener.rewound(taken)

    def undo(self, keep: int, note: str, behind_handoff: bool, seat: Optional[str] = None) -> bool:
        """Take the game back to its first ``keep`` actions (``coach.undo`` decides how many), save
        it over what is stored; False when that save failed (the undo stands).  The host then
        calls ``advance``.  ``seat``: the person taking back their decision (told to the listeners
        with the action at ``keep``)."""
        from ..coach.undo import rewind

        record = self.game.to_record()
        taken = (seat, record["actions"][keep]) if seat is not None and keep < len(record["actions"]) else None
        self.rewind(rewind(record, keep), len(record["actions"]) - keep, note, behind_handoff, taken)
        gid = self.game_id
        try:
            self.revs[gid] = self.saves.save(gid, self.record(), self.controllers, game=self.game)
            ok = True
        except Exception:
            ok = False
        return ok

    # ---- saving ------------------------------------------------------------------------------------
    def record(self) -> dict:
        """The game's record as saved and exported: ``to_record()`` plus the hints used and the
        analyses made."""
        record = self.game.to_record()
        hints = {s: v for s, v in self.hints.items() if v}
        if hints:
            record[HINTS_FIELD] = hints
        if self.analyses:
            record[ANALYSES_FIELD] = list(self.analyses)
        return record

    def keep_analysis(self, entry: dict) -> None:
        """Keep an analysis of one seat's hand with the game (it replaces an older one of the same
        seat and hand) and save the game."""
        self.analyses = [a for a in self.analyses
                         if (a.get("seat"), a.get("hand")) != (entry["seat"], entry["hand"])] + [entry]
        self.save()

    def adopt_analyses(self, found: Any) -> None:
        """Take over the analyses of an imported file (well-formed entries only) with the game."""
        self.analyses = clean_analyses(found)

    def analysis_of(self, seat: str, hand: int) -> Optional[dict]:
        """The kept analysis of ``seat``'s hand ``hand``, if any."""
        return next((a for a in self.analyses if (a.get("seat"), a.get("hand")) == (seat, hand)), None)

    def save(self) -> None:
        """Save the game, unless another window saved a newer version (``events.save_conflict``)."""
        if self.script is not None:   # a lesson keeps its progress, not a saved game
            self.script.save()
            return
        gid = self.game_id
        try:
            self.revs[gid] = self.saves.save(gid, self.record(), self.controllers, game=self.game,
                                             base_rev=self.revs.get(gid))
        except StorageFull:
            self.events.storage_full()
            return
        except SaveConflict:
            self.events.save_conflict(gid)
            return
        self.events.saved()

    def changed_elsewhere(self) -> bool:
        """Another window saved this game since this session last loaded or saved it."""
        gid = self.game_id
        return bool(gid) and self.saves.raw(gid) is not None and self.saves.revision(gid) != self.revs.get(gid)

    # ---- computer players --------------------------------------------------------------------------
    def schedule_bot(self) -> None:
        ms = self.pace().computer_ms
        if self.computer_ms_cap is not None:
            ms = min(ms, self.computer_ms_cap)
        self.bot_timer = self.tasks.later(self.bot_move, ms)

    def cancel_bot(self) -> None:
        """Stop a computer's turn: the pause before it, or its search between two slices."""
        if self.bot_timer is not None:
            self.tasks.cancel(self.bot_timer)
            self.bot_timer = None

    def bot_move(self) -> None:
        """A computer's turn, thought in slices of at most BOT_SLICE_S between host tasks.

        The search (``cardtable.bots.think``) yields every few milliseconds; each slice runs it
        until BOT_SLICE_S have passed, then hands its thread back and goes on in a new task
        (``tasks.soon``; ``cancel_bot`` cancels it), so taps are answered while a computer thinks.
        A decision is applied only if the game is still the one it was made for.
        """
        self.bot_timer = None
        game = self.game
        if game is None or game.to_act is None or self.dialog is not None or self.hold:
            return
        seat = game.to_act
        who = self.seat(seat)
        if not who.computer:
            return
        if self.script is not None:   # a lesson: the script's move, or nothing while a step waits
            action = self.script.computer_action()
            if action is not None:
                self.apply(action)
            return
        level = who.level
        from ..bots import prepare, think

        if prepare():  # the first time only (search modules loaded, the start-up heap frozen)...
            self.bot_timer = self.tasks.soon(self.bot_move)
            return  # ...and the turn itself in a task of its own
        events = self.events
        began = events.now_ms()
        moves_before = game.action_count
        steps = think(game.name, game.view(seat), level, budget=self.bot_budget_s, seed=moves_before)
        events.measure("cardtable:bot-view", began)

        def still_current() -> bool:
            return (self.game is game and game.action_count == moves_before and game.to_act == seat
                    and self.controllers.get(seat) == level and self.dialog is None)

        def apply_if_current(action: str) -> None:
            self.bot_timer = None
            if still_current():
                began = events.now_ms()
                self.apply(action)
                events.measure("cardtable:bot-apply", began)

        def run_slice() -> None:
            self.bot_timer = None
            if not still_current():
                return
            began = events.now_ms()
            stop = self.perf_counter() + BOT_SLICE_S
            while True:
                try:
                    next(steps)
                except StopIteration as done:
                    action = done.value
                    # apply (and draw) in a task of its own, not on top of a slice of thinking
                    self.bot_timer = self.tasks.soon(lambda: apply_if_current(action))
                    break
                if self.perf_counter() >= stop:
                    self.bot_timer = self.tasks.soon(run_slice)
                    break
            # a timing entry per slice, so bench/bench_longtask.py can tell thinking from drawing
            events.measure("cardtable:bot-slice", began)

        # the seat's view was computed in this task: the thinking starts in a task of its own
        self.bot_timer = self.tasks.soon(run_slice)


def stored_hints(raw: Optional[str]) -> dict:
    """The hints field of a saved game's text (``{}`` when absent or malformed)."""
    if not raw or f'"{HINTS_FIELD}"' not in raw:
        return {}
    try:
        from ..record import load_json

        return clean_hints(load_json(raw).get(HINTS_FIELD))
    except Exception:
        return {}


def stored_analyses(raw: Optional[str]) -> list:
    """The analyses field of a saved game's text (``[]`` when absent or malformed)."""
    if not raw or f'"{ANALYSES_FIELD}"' not in raw:
        return []
    try:
        from ..record import load_json

        found = load_json(raw).get(ANALYSES_FIELD)
    except Exception:
        return []
    return clean_analyses(found)


def clean_analyses(found: Any) -> list:
    """The analyses field as read from a file or storage, keeping only well-formed entries."""
    if not isinstance(found, list):
        return []
    return [a for a in found if isinstance(a, dict) and isinstance(a.get("seat"), str)
            and isinstance(a.get("hand"), int) and isinstance(a.get("decisions"), list)]


def clean_hints(hints: Any) -> dict:
    """The hints field as read from a file or storage, keeping only well-formed entries."""
    if not isinstance(hints, dict):
        return {}
    return {str(s): [int(x) for x in v if isinstance(x, int) and not isinstance(x, bool) and x >= 0]
            for s, v in hints.items() if isinstance(v, list)}
