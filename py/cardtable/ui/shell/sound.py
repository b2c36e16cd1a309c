"""Short sounds, synthesised by the page with the Web Audio API (no audio files).

A cue is a few notes of a sine tone with a quick fade, so it is soft and short:
``play`` (a card played), ``won`` (a trick or a capture won), ``turn`` (your turn).  Sound is off
by default (``settings["sound"]``); the browser allows audio only after a tap, and any failure
is silent -- a sound is never worth an error.

    >>> cue_for("play QS", held="trick"), cue_for("capture QC 5D 7H", None), cue_for("bid 4", None)
    ('won', 'won', None)
"""

from __future__ import annotations

from typing import Optional

#: each cue's notes: (frequency in Hz, start in s, length in s)
NOTES = {
    "play": [(520.0, 0.0, 0.07)],
    "won": [(660.0, 0.0, 0.09), (880.0, 0.09, 0.14)],
    "turn": [(784.0, 0.0, 0.08), (1047.0, 0.1, 0.12)],
}
VOLUME = 0.12


def cue_for(action: str, held: Optional[str]) -> Optional[str]:
    """The cue for a move just made: a trick finished or a capture is ``won``, other card plays
    ``play``; a bid or a peek makes no sound."""
    verb = action.split()[0] if action else ""
    if held == "trick" or verb == "capture":
        return "won"
    if verb in ("play", "throw", "build", "raise", "cement"):
        return "play"
    return None


def play(kind: Optional[str]) -> None:
    """Play the cue ``kind`` now (nothing for None or an unknown cue): the page plays its notes
    (``cardtableSound``, web/page.js)."""
    notes = NOTES.get(kind or "")
    if notes:
        from .page import call
        call("cardtableSound", notes, VOLUME)
