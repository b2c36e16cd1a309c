"""Seep's fixed tables: seats and teams, move kinds, card values, points, and card wording."""

from __future__ import annotations

from typing import Any, Iterable

from ...cards import CARDS

SEATS = ("p0", "p1", "p2", "p3")
"""Seats in the order of play: p1 plays after p0.  Partners sit opposite (p0/p2, p1/p3)."""
TEAMS = ("p0p2", "p1p3")
"""Team names; seat ``s`` plays for team ``s % 2``."""
PRESETS = ("sweep-seed", "seep-pagat")
PHASES = ("bid", "play", "over")

BID, REDEAL, THROW, CAPTURE, BUILD, CEMENT, RAISE = range(7)
KINDS = ("bid", "redeal", "throw", "capture", "build", "cement", "raise")
_PH_BID, _PH_PLAY, _PH_OVER = 0, 1, 2
PLAYS_PER_HAND = 48

VAL = tuple(c.value for c in CARDS)
"""Capture value of each card index: A = 1, 2..10, J = 11, Q = 12, K = 13."""
TXT = tuple(str(c) for c in CARDS)
SORT_KEY = tuple(c.value * 4 + "SHDC".index(c.suit) for c in CARDS)
"""Canonical order of cards in an action: by capture value, then suit S, H, D, C."""
_SEAT_INDEX = {s: i for i, s in enumerate(SEATS)}


def _point_table(ten_of_diamonds: int) -> tuple[int, ...]:
    pts = []
    for c in CARDS:
        if c.suit == "S":
            pts.append(c.value)
        elif c.rank == 14:
            pts.append(1)
        elif c.suit == "D" and c.rank == 10:
            pts.append(ten_of_diamonds)
        else:
            pts.append(0)
    return tuple(pts)


POINTS = {"sweep-seed": _point_table(2), "seep-pagat": _point_table(6)}
"""Card points per preset: spades their capture value (91), the other aces 1, 10D 2 or 6."""
MAJORITY_BONUS = 4  # sweep-seed only: to the team with more cards (nobody on 26-26)

DEFAULT_OPTIONS: dict[str, Any] = {
    "preset": "sweep-seed", "target": 500, "baazis": 1,
    "first_play": "pagat", "sweeps": True, "raise_own": False,
}
_PRESET_ONLY = {"target": "sweep-seed", "baazis": "seep-pagat"}

_HIGH = (9, 10, 11, 12, 13)
_WORDS = {1: "Ace", 11: "Jack", 12: "Queen", 13: "King"}


def value_name(v: int) -> str:
    """A card value in words with its article: ``an Ace``, ``a 7``, ``an 8``, ``a Queen``."""
    word = _WORDS.get(v, str(v))
    return ("an " if v in (1, 8) else "a ") + word


def _a_house(v: int) -> str:
    """``an 11-house``, ``a 12-house``."""
    return f"{'an' if v in (8, 11) else 'a'} {v}-house"


def _cards_text(cards: Iterable[int]) -> str:
    return " ".join(TXT[c] for c in cards)


def _canon(cards: Iterable[int]) -> list[int]:
    return sorted(cards, key=SORT_KEY.__getitem__)

