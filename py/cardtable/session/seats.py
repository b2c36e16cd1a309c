"""Who controls each seat of a game: a person at this device, a person on another device, or a
computer player at a level.

A game's controllers are saved with it as plain strings (``"human"``, or a computer level such as
``"casual"``); ``controller(value)`` turns one into a ``SeatController`` that says how the session
treats the seat:

* ``here`` -- a person at this device: the session hands the device to them (a hand-off screen in
  pass and play) and waits for their move;
* ``computer`` -- the session thinks the seat's move itself (``cardtable.bots``);
* ``remote`` -- a person on another device (``"remote"``): the session neither hands the device
  over nor thinks for it; it waits, and the seat's moves come in through the host's judge
  (``session.remote.RemoteHost``) and ``GameSession.move`` like any other.

A new kind is one more class here and one more entry in ``KINDS``.
"""

from __future__ import annotations

from dataclasses import dataclass

PERSON = "human"
"""The saved value of a seat played by a person at this device."""
REMOTE = "remote"
"""The saved value of a seat played by a person on another device."""


@dataclass(frozen=True)
class SeatController:
    """How the session treats a seat (see the module docstring)."""

    value: str           # as saved in the game's controllers
    here: bool = False       # a person at this device
    computer: bool = False   # the session thinks for this seat
    remote: bool = False     # a person on another device: the session waits for the move

    @property
    def level(self) -> str:
        """The computer level (the saved value), for a computer seat."""
        return self.value


def person_here() -> SeatController:
    return SeatController(PERSON, here=True)


def remote_device() -> SeatController:
    return SeatController(REMOTE, remote=True)


def computer(level: str) -> SeatController:
    return SeatController(level, computer=True)


KINDS = {PERSON: person_here, REMOTE: remote_device}
"""Saved values that are not a computer level, and the controller each stands for."""


def controller(value: str) -> SeatController:
    """The controller a saved value stands for: a kind of ``KINDS``, else a computer level."""
    make = KINDS.get(value)
    return make() if make else computer(value)
