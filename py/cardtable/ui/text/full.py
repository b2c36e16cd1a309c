"""The storage-full banner, true for the case (no browser import): whether a save of the game is
kept, and whether deleting other saved games could make room."""

from __future__ import annotations

from .i18n import N_, _
from ...stores.saves import GAME_KEY

STORAGE_FULL = N_("Storage is full: the last good save of this game is kept, but the moves from now on are not saved. "
                  "Export it to keep it, or delete old saved games.")
FULL_WORDS = {   # (a save of this game is kept, other saved games exist): what is true, and what to do
    (True, True): STORAGE_FULL,
    (True, False): N_("Storage is full: the last good save of this game is kept, but the moves from now on are "
                      "not saved. Export it to keep it."),
    (False, True): N_("Storage is full: this game is not saved. Export it to keep it, or delete old saved games."),
    (False, False): N_("Storage is full: this game is not saved. Export it to keep it."),
}


def full_words(saves, game_id) -> str:
    """The storage-full banner true for this game: whether a save of it is kept, and whether
    deleting other saved games could make room."""
    others = any(k.startswith(GAME_KEY) and k != GAME_KEY + str(game_id) for k in saves.keys())
    return _(FULL_WORDS[(saves.raw(game_id) is not None if game_id else False, others)])

