"""The game session: one open game's play loop, apart from the browser (``GameSession``), and who
controls each seat (``seats``).  Pure Python: the page's shell drives it with its own tasks and
store, tests drive it with a fake clock and an in-memory store."""

from .game_session import GameSession, Note, SessionEvents, clean_hints, stored_analyses, stored_hints
from .seats import PERSON, REMOTE, SeatController, controller

__all__ = ["GameSession", "Note", "SessionEvents", "clean_hints", "stored_analyses", "stored_hints", "PERSON", "REMOTE", "SeatController",
           "controller"]
