"""Guided first hands ("Learn to play", issue #30): lessons as data, no browser import.

A lesson is a fixed deal played by the real engine: a record (options, players, an explicit deal)
that ``cardtable.record.new_game`` accepts, the whole ``script`` of actions in the engine's notation
(the newcomer's and the scripted computers'), and the ``steps`` a newcomer is walked through.  Each
step is shown when ``at`` actions of the script have been played; an action step waits for
``expect`` (the script's action at that point), a reading step (``expect`` None) for "Next".
``point`` says what the step highlights: for an action step the action itself (the UI points at
each control of it in turn: the hand card, the floor cards or house, the button that confirms), for
a reading step a part of the table (``"hand"``, ``"house:12"``, ``"piles"``, ``"summary"``); the UI
turns it into a selector of attributes the table renders.  The texts are catalog messages (``N_``), worded by
the UI in the player's language; ``ideas`` names the ideas of the game each step shows, so a test can
check that a lesson covers all of them.

``LessonRun`` (``run.py``) follows a lesson over a live game; ``lessons()`` lists them by name (a
game's, or for a later part of a lesson ``then``, the game's and the part's: ``dummy-spades-peek``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional


def N_(message: str) -> str:  # noqa: N802 (marks a catalog message; the UI translates it)
    return message


@dataclass(frozen=True)
class Step:
    """One step: shown when ``at`` actions are played; waits for ``expect`` (None: a reading step)."""

    at: int
    text: str
    point: str
    expect: Optional[str] = None
    other: str = N_("That works too, but here we want to show something else. Take it back and try the highlighted move.")
    ideas: tuple[str, ...] = ()


@dataclass(frozen=True)
class Lesson:
    """A guided hand: the record to start from, the whole scripted play, the steps."""

    game: str
    seat: str
    record: dict
    script: tuple[str, ...]
    steps: tuple[Step, ...]
    ideas: tuple[str, ...] = field(default=())
    title: str = ""
    then: str = ""   # the lesson that follows this one (a part of the same game's), "" for none


GAMES = ("seep", "dummy-spades")   # the games that have a lesson (the home screen offers "Learn to play" for them)


def lessons() -> dict[str, Lesson]:
    """Every lesson, by game name (imported on demand: the app loads a lesson only when asked)."""
    from . import seep, spades
    return {lesson.game: lesson for lesson in (*seep.LESSONS, *spades.LESSONS)}


def step_numbers(game: str) -> tuple[int, int]:
    """Where the steps of the lesson ``game`` fall among those of all its parts, chained by ``then``:
    (steps of the parts before it, steps of every part), so its steps are counted on from the
    part before ("Step 36 of 41", not "Step 1 of 3")."""
    every = lessons()
    before = {lesson.then: key for key, lesson in every.items() if lesson.then}
    head = game
    while head in before:
        head = before[head]
    offset = total = 0
    key = head
    while key in every:
        if key == game:
            offset = total
        total += len(every[key].steps)
        key = every[key].then
    return offset, total
