"""Who controls each seat of a game: a person at this device, or a computer player at a level.

A game's controllers are saved with it as plain strings (``"human"``, or a computer level such as
``"casual"``); ``controller(value)`` turns one into a ``SeatController`` that says how the session
treats the seat:

* ``here`` -- a person at this device: the session hands the device to them (a hand-off screen in
  pass and play) and waits for their move;
* ``computer`` -- the session thinks the seat's move itself (``cardtable.bots``).

A seat that is neither (the next kind, a person on another device, issue #28) is waited for: the
session neither hands the device over nor thinks for it; its moves come in through
``GameSession.apply`` like any other.  A new kind is one more class here and one more entry in
``KINDS``.
"""

from __future__ import annotations

from dataclasses import dataclass

PERSON = "human"
"""The saved value of a seat played by a person at this device."""


@dataclass(frozen=True)
class SeatController:
    """How the session treats a seat (see the module docstring)."""

    value: str           # as saved in the game's controllers
    here: bool = False       # a person at this device
    computer: bool = False   # the session thinks for this seat

    @property
    def level(self) -> str:
        """The computer level (the saved value), for a computer seat."""
        return self.value


def person_here() -> SeatController:
    return SeatController(PERSON, here=True)


def computer(level: str) -> SeatController:
    return SeatController(level, computer=True)


KINDS = {PERSON: person_here}
"""Saved values that are not a computer level, and the controller each stands for."""


def controller(value: str) -> SeatController:
    """The controller a saved value stands for: a kind of ``KINDS``, else a computer level."""
    make = KINDS.get(value)
    return make() if make else computer(value)
