"""The guided first hand on the real table ("Learn to play", issue #30): the app's side of a lesson.

The lessons themselves are data (``cardtable.lessons``, pure Python); this screen plays one on the
app's table: the newcomer's seat is a person, the others are computers whose moves are the script's
(the game session asks its ``script``, this screen's ``Script``, instead of thinking), every move goes
through the engine as always (``GameSession.apply``), and after each of the newcomer's moves the run
checks it against the step.  Over the table a tip (``tip_html``) says the step in the player's
language, next to a highlight ring on the thing to do; the page places the tip (web/lesson.js, after
every redraw) above, below or beside its target, never over it, inside the viewport, keeping clear
what ``KEEP_CLEAR`` names.  A different legal move gets the step's explanation and *Take it back*;
an illegal one gets the engine's reason, as at any table.

Progress (the step and the script's actions played) is kept in the browser under
``cardtable/v1/lesson/<game>``: Home leaves at any step, *Learn to play* resumes there.  A lesson
may go on in a next part (``Lesson.then``: Dummy Spades' peek, then its flip): the last step's
*Next* (``lesson:then``) opens it, and *Learn to play* resumes the latest part left unfinished.  No
tip shows while the table holds a finished trick: the step comes once it is collected.  What a step
points at on the Dummy Spades table is ``lesson_spades``'s.  The first visit (no saved game, no
lesson offered yet) shows an offer of every game's lesson on the home screen, once.

The app owns one ``Lesson`` and asks it: ``acts()`` (``learn:<game>``, ``lesson:next``,
``lesson:back``, ``lesson:then``, ``lesson:finish``, ``lesson:no-offer``), ``active()``, ``route()``/``go_to()``
(``#lesson/<game>``), and ``screen_html()``; the first visit's offer is ``lesson_offer``'s.
"""

from __future__ import annotations

import json
from typing import Optional

from ...game import RecordError
from ...lessons import lessons, step_numbers
from ...lessons.run import LessonRun
from ...record import load_json
from ..text.i18n import _
from ..text.markup import button, esc
from . import lesson_seep, lesson_spades
from .lesson_offer import OFFER_KEY, keep, stored

ID_PREFIX = "lesson:"
STYLESHEET = "web/lesson.css"
SCRIPT = "web/lesson.js"   # places the tip (the page measures it, not Python)
COMPUTERS = "casual"   # the level named for the scripted seats (their moves are the script's)
SEAT_NAMES = ("Ben", "Ana", "Dev")


def _key(game: str) -> str:
    return f"cardtable/v1/lesson/{game}"


class Script:
    """What the game session asks of a lesson (``GameSession.script``): the computers' moves, each
    move heard, and the lesson's progress kept in place of a saved game."""

    def __init__(self, lesson: "Lesson", run: LessonRun) -> None:
        self.lesson = lesson
        self.run = run

    def computer_action(self) -> Optional[str]:
        return self.run.computer_action()

    def moved(self, actor: str) -> None:
        if actor == self.run.lesson.seat:
            self.run.moved()

    def save(self) -> None:
        self.lesson.keep(self.run)

    def undo_floor(self) -> int:
        """How many actions an Undo must keep: those the part opened with (a second part opens
        on moves the lesson played for the newcomer)."""
        return self.run.first


class Lesson:
    """The lesson screen: the run under way (if any), its acts, its tip over the table."""

    def __init__(self, app) -> None:
        self.app = app
        self.run: Optional[LessonRun] = None

    def acts(self) -> dict:
        return {"learn": self.start, "lesson": self.act}

    # ---- the run under way --------------------------------------------------------------------
    def current(self) -> Optional[LessonRun]:
        """The lesson being played on the app's table, or None (the table holds an ordinary game)."""
        app, run = self.app, self.run
        if run is None or app.game is None or not str(app.game_id or "").startswith(ID_PREFIX):
            return None
        run.follow(app.game)   # the app's game is the lesson's (Undo may have replaced it)
        return run

    def active(self) -> bool:
        return self.current() is not None

    # ---- storage ---------------------------------------------------------------------------------
    def _get(self, key: str) -> Optional[str]:
        return stored(self.app.saves.store, key)

    def _set(self, key: str, value: Optional[str]) -> None:
        keep(self.app.saves.store, key, value)

    def keep(self, run: LessonRun) -> None:
        """Keep the run's progress (the step, the script's actions played)."""
        self._set(_key(run.lesson.game), json.dumps(run.progress()))

    # ---- starting, leaving -----------------------------------------------------------------------
    def start(self, game: str) -> None:
        lesson = lessons().get(game)
        app = self.app
        if lesson is None:
            app.render()
            return
        self._set(OFFER_KEY, "seen")
        game = self._part_in_progress(game)   # a later part of this lesson, left unfinished
        lesson = lessons()[game]
        names = [_("You"), *SEAT_NAMES][:len(lesson.record["players"])]
        run = LessonRun(lesson, players=names)
        raw = self._get(_key(game))
        if raw:
            try:
                run.resume(load_json(raw, max_bytes=1000, what="a lesson's progress"))
            except RecordError:
                pass   # a damaged entry: the lesson starts afresh
        controllers = {s: ("human" if s == lesson.seat else COMPUTERS) for s in run.game.seats}
        game_obj, log = app.files.replay_with_log(run.game.to_record(), controllers)
        app.close_game()
        run.follow(game_obj)
        self.run = run
        app.open_game(game_obj, ID_PREFIX + game, controllers, log, script=Script(self, run))
        self.keep(run)   # kept from the start: a later part resumes even before its first move
        from ..shell import page   # the lesson's stylesheet, and the page's script that places its tip (once each)
        page.call("cardtableStyle", STYLESHEET)
        page.ask("cardtableScript", SCRIPT, then=lambda _ok: page.call("cardtableLesson", KEEP_CLEAR))
        app.advance()

    def _part_in_progress(self, game: str) -> str:
        """The part of the lesson ``game`` to open: the latest of its parts (``Lesson.then``) left
        unfinished, else ``game`` itself."""
        found, name, every = game, lessons()[game].then, lessons()
        while name in every:
            if self._get(_key(name)):
                found = name
            name = every[name].then
        return found

    def route(self) -> str:
        return f"#lesson/{self.current().lesson.game}"

    def go_to(self, arg: str) -> None:
        """A reload, Back or Forward on ``#lesson/<game>``: the lesson where it was left."""
        if arg in lessons():
            self.start(arg)
        else:
            self.app.screen = "home"
            self.app.render()

    def act(self, arg: str) -> None:
        """``lesson:next``, ``lesson:back``, ``lesson:then``, ``lesson:finish``, ``lesson:no-offer``."""
        app = self.app
        if arg == "no-offer":
            self._set(OFFER_KEY, "seen")
            app.render()
            return
        run = self.current()
        if run is None:
            app.render()
            return
        if arg == "next" and run.next():
            self.keep(run)
            app.advance()
        elif arg == "back" and run.off_script():
            n = run.on_script()
            run.take_back()
            app.game = run.game
            app.log = app.log[:n]
            app.error = ""
            app.table.clear()
            app.advance()
        elif arg == "then" and run.done and run.lesson.then in lessons():   # on to the next part
            self._set(_key(run.lesson.game), None)
            self.start(run.lesson.then)
        elif arg == "finish":
            self._set(_key(run.lesson.game), None)
            self.run = None
            app.close_game()
            app.screen = "home"
            app.render()
        else:
            app.render()

    # ---- what is drawn ----------------------------------------------------------------------------
    def screen_html(self) -> str:
        """The lesson's table with its tip, or at the end of the hand the count, explained."""
        app, run = self.app, self.current()
        game = app.game
        if app.table.hands_done(game) >= 1:
            app.dialog = None   # the lesson shows the count itself, with its steps
            entry = app.table.hand_entries(game)[-1]
            body = app.table.hand_summary_html(game, entry)
            if run.lesson.record["game"] == lesson_seep.GAME:   # Seep's count, line by line, over the summary
                body = lesson_seep.count_html(app.table, game) + body
            return (f'<section class="lesson-end" aria-labelledby="lesson-end-title">'
                    f'<h1 id="lesson-end-title">{esc(_("End of the hand"))}</h1>'
                    f'<div class="lesson-summary">{body}</div></section>' + self.tip_html(run))
        seat = app.viewer or run.lesson.seat
        return app.table.render(game, seat, app) + self.tip_html(run)

    def tip_html(self, run: LessonRun) -> str:
        steps = run.lesson.steps
        if getattr(self.app, "hold", None):   # a finished trick is on the table: the step comes after it
            return ""
        if run.off_script():
            off = lesson_spades.OFF_POINT if run.lesson.record["game"] == lesson_spades.GAME else ".seep-board .floor"
            text, point, key = _(run.step.other), off, f"off-{run.index}"
            buttons = button(esc(_("Take it back")), "lesson:back", cls="btn small", key="lesson-back")
        elif run.showing():
            step = run.step
            text, point, key = _(step.text), self.target(run), f"step-{run.index}"
            if step.expect is None:
                last = run.index + 1 >= len(steps)
                buttons = (button(esc(_("Finish")), "lesson:finish", cls="btn small", key="lesson-finish") if last
                           else button(esc(_("Next")), "lesson:next", cls="btn small", key="lesson-next"))
                if last and run.lesson.then:   # the lesson goes on in its next part
                    buttons = button(esc(_("Next")), "lesson:then", cls="btn small", key="lesson-then")
            else:
                buttons = ""
        else:
            return ""
        before, total = step_numbers(run.lesson.game)   # counted over every part of the lesson
        count = _("Step {n} of {m}").format(n=before + run.index + 1, m=total)
        return (f'<aside class="lesson-tip" role="note" aria-label="{esc(_("Lesson"))}" data-lesson-point="{esc(point)}" '
                f'data-lesson-say="{esc(key)}"><p class="lesson-count muted small">{esc(count)}</p>'
                f'<p class="lesson-text">{esc(text)}</p>'
                + (f'<div class="lesson-buttons">{buttons}</div>' if buttons else "")
                + '</aside><div class="lesson-ring" aria-hidden="true"></div>')

    def target(self, run: LessonRun) -> str:
        """The selector of the thing to do now: a part of the table for a reading step; for an action,
        its hand card, then each floor card or house it uses, then the button that confirms it."""
        step = run.step
        if run.lesson.record["game"] == lesson_spades.GAME:
            return (lesson_spades.reading(step.point) if step.expect is None
                    else lesson_spades.target(self.app.table, step.expect))
        if step.expect is None:
            if step.point.startswith("house:"):
                return f'[data-house="{step.point[6:]}"]'
            return READING.get(step.point) or lesson_seep.reading(step.point) or ".table"
        words = step.expect.split()
        if words[0] == "bid":
            return f'[data-key="{step.expect}"]'
        table, game = self.app.table, self.app.game
        card = words[1] if words[0] in ("throw", "capture") else words[2]
        if table.card != card:
            return f'[data-act="ui:hand:{card}"]'
        if step.expect in table.current_offers(game, run.lesson.seat):
            return f'[data-key="do:{step.expect}"]'
        loose, houses = _uses(step.expect, game.floor())
        extra = [c for c in table.loose if c not in loose] or [h for h in table.houses if h not in houses]
        if extra:
            return '[data-key="clear"]'
        for h in houses:
            if h not in table.houses:
                return f'[data-act="ui:house:{h}"]'
        for c in loose:
            if c not in table.loose:
                return f'[data-act="ui:floor:{c}"]'
        return f'[data-key="do:{step.expect}"]'


READING = {"hand": ".seep-dock .hand-cards", "piles": ".pile:not(.mine)", "summary": ".lesson-summary table"}


def _uses(action: str, floor: dict) -> tuple[list[str], list[int]]:
    """The loose cards and houses an action takes or plays onto."""
    w = action.split()
    values = {h["value"] for h in floor["houses"]}
    if w[0] == "capture":
        from ...cards import Card
        v = Card.parse(w[1]).value
        return w[2:], [v] if v in values else []
    if w[0] == "build":
        return w[3:], []
    if w[0] in ("raise", "cement"):
        return w[3:], [int(w[1])]
    return [], []


CARDS = 1e6
"""The weight of a card or the status line under the tip (web/lesson.js weighs the places it may
go): the tip never covers the hand, the trick, the floor, the dummy's cards, the status line or the
line that says what just happened (their words, not the empty width of their boxes) while any place
avoids them (only its own target, 1e9, weighs more), at every size; the rest is kept clear as far as
it can."""
KEEP_CLEAR = ((".table .card:not(.back), .floor-body .house, .seep-dock .status, .table > .status, .last-play .last-log", CARDS),
              (".seep-dock .panel button, .coach button, .lesson-summary", 3.0),
              (".move-error", 1.0),
              (".topbar, .seep-seats .seat, .pile", 0.3))
KEEP_CLEAR += tuple(zip(lesson_spades.KEEP_CLEAR, (CARDS, 3.0, 1.0, 0.3)))   # the Dummy Spades table's
