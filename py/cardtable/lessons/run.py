"""Following a lesson over a live game: which step shows, what the computers play next, whether the
newcomer's move was the one asked for, and how to take a different one back.

Pure Python (no browser import).  The state is the game itself plus the index of the step shown:
the game's actions are compared with the lesson's script, so a move off the script is seen from the
record (``off_script``) and taking it back is replaying the script's prefix (``rewound``).  Progress
is two numbers (``progress``/``resume``) that the UI stores, so a newcomer can leave at any step and
come back to it.
"""

from __future__ import annotations

import copy
from typing import Optional

from ..record import new_game
from . import Lesson, Step


class LessonRun:
    """A lesson being played: ``game`` (the engine's), ``index`` (the step shown)."""

    def __init__(self, lesson: Lesson, players: Optional[list[str]] = None) -> None:
        self.lesson = lesson
        self.players = players
        self.index = 0
        self.game = self.fresh(self.first)   # a later part may open mid-hand: the script up to its first step

    # ---- the game ------------------------------------------------------------------------------
    @property
    def first(self) -> int:
        """The script's actions played before the lesson opens (those before its first step)."""
        return self.lesson.steps[0].at

    def fresh(self, n: int):
        """A new game with the first ``n`` actions of the script applied."""
        record = copy.deepcopy(self.lesson.record)
        if self.players:
            record["players"] = list(self.players)
        game = new_game(record)
        for action in self.lesson.script[:n]:
            game.apply(action)
        return game

    def played(self) -> list[str]:
        return list(self.game.to_record()["actions"])

    def on_script(self) -> int:
        """How many actions of the game follow the script (all of them unless ``off_script``)."""
        acts, script = self.played(), self.lesson.script
        n = 0
        while n < len(acts) and n < len(script) and acts[n].lower() == script[n].lower():
            n += 1
        return n

    def off_script(self) -> bool:
        """True when the last move is not the script's (a different legal move, to take back)."""
        return self.on_script() < self.game.action_count

    def follow(self, game) -> None:
        """Follow the game the table holds (the same one, or the one an Undo went back to): when it
        is back before the step shown, at a move of the newcomer's, the step of that move shows."""
        self.game = game
        n = self.on_script()
        if n < self.step.at and game.to_act == self.lesson.seat:
            for i, s in enumerate(self.lesson.steps):
                if s.at == n and s.expect is not None:
                    self.index = i
                    break

    # ---- steps -----------------------------------------------------------------------------------
    @property
    def step(self) -> Step:
        return self.lesson.steps[self.index]

    @property
    def done(self) -> bool:
        return self.index >= len(self.lesson.steps) - 1 and self.game.action_count >= self.step.at \
            and self.step.expect is None

    def waiting_for_computer(self) -> bool:
        """True when the script's next action is a computer's, to be played before the step shows."""
        return not self.off_script() and self.game.action_count < self.step.at

    def computer_action(self) -> Optional[str]:
        """The script's next action, when a computer plays it now (None otherwise)."""
        if not self.waiting_for_computer():
            return None
        n = self.game.action_count
        if self.game.to_act == self.lesson.seat:
            return None
        return self.lesson.script[n]

    def showing(self) -> bool:
        """True when the current step is shown (the computers have played up to it)."""
        return not self.off_script() and self.game.action_count == self.step.at

    def next(self) -> bool:
        """"Next" on a reading step; False when the step shown is not one."""
        if not self.showing() or self.step.expect is not None or self.index + 1 >= len(self.lesson.steps):
            return False
        self.index += 1
        return True

    def moved(self) -> str:
        """After a move of the newcomer's (already applied to ``game``): "expected" (the step is
        passed), "other" (a different legal move: explained, to take back), or "none"."""
        step = self.step
        if step.expect is None or self.game.action_count != step.at + 1:
            return "none"
        if self.off_script():
            return "other"
        self.index += 1
        return "expected"

    def take_back(self) -> None:
        """Undo a move off the script: the game goes back to the script's last position."""
        self.game = self.fresh(self.on_script())

    # ---- leave and resume --------------------------------------------------------------------------
    def progress(self) -> dict:
        """What to store to resume: the step shown and the actions of the script played."""
        return {"step": self.index, "actions": self.on_script()}

    def resume(self, saved) -> bool:
        """Go back to a stored ``progress``; False (and a fresh start) when it does not fit this lesson."""
        try:
            i, n = int(saved["step"]), int(saved["actions"])
        except (TypeError, KeyError, ValueError):
            return False
        steps = self.lesson.steps
        if not (0 <= i < len(steps) and self.first <= n <= steps[i].at and (i == 0 or steps[i - 1].at <= n)):
            return False
        self.index = i
        self.game = self.fresh(n)
        return True
