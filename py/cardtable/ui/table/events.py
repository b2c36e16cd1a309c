"""What the game session tells the app (``TableEvents``): draw, say, sound, count the hands,
follow another window.  Kept apart from ``screen`` so that the app can start its session without
importing the table screen (which it imports on the first game opened).  Browser code.
"""

from __future__ import annotations

from ..shell.page import here

from ...session import SessionEvents
from ..shell.browser import measure
from ..text import announce, refusals
from ..text.full import FULL_WORDS, full_words
from ..text.i18n import _


class TableEvents(SessionEvents):
    """What the game session tells the app: draw, say, sound, count, follow another window."""

    def __init__(self, app) -> None:
        self.app = app

    def changed(self) -> None:
        self.app.render()

    def moved(self, action, actor, before, after, hold) -> None:
        app = self.app
        humans = app.humans()
        app.said += announce.after_move(app.game.name, app.table, action, actor, before, after,
                                        you=humans[0] if len(humans) == 1 else None)
        app.review_settings.after_move(action, actor, hold)

    def refused(self, err) -> None:
        app = self.app
        app.error = refusals.word(err, app.table.names)
        app.said.append(announce.refused(app.error))
        app.render()

    def advanced(self) -> None:
        self.app.review_settings.after_advance()

    def handoff_changed(self) -> None:
        self.app.cancel_arm()   # a new hand-off starts its guard time afresh

    def hands_finished(self) -> None:
        self.app.table_screen.count_hands()

    def saved(self) -> None:
        app = self.app
        if app.banner in map(_, FULL_WORDS.values()):
            app.banner = ""
        app.your_data.after_save()   # something to lose now: ask the browser to keep it

    def storage_full(self) -> None:
        self.app.banner = full_words(self.app.saves, self.app.game_id)

    def save_conflict(self, game_id: str) -> None:
        # this window's move is not saved; after the current event, show the newer game instead
        self.app.tasks.soon(lambda: self.app.files.follow_other_window(game_id))

    def measure(self, name: str, began: float) -> None:
        measure(name, began)

    def now_ms(self) -> float:
        return here.performance.now()
