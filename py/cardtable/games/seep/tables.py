"""Seep's fixed tables: seats and teams, move kinds, card values, points, and card wording."""

from __future__ import annotations

from typing import Any, Iterable

from ...cards import CARDS

SEATS = ("p0", "p1", "p2", "p3")
"""Seats in the order of play: p1 plays after p0.  Partners sit opposite (p0/p2, p1/p3)."""
TEAMS = ("p0p2", "p1p3")
"""Team names; seat ``s`` plays for team ``s % 2``."""
SIDES = {4: TEAMS, 2: ("p0", "p1")}
"""The sides per seat count: two teams with four players, each player his own side with two
(seat ``s`` plays for side ``s % 2`` either way)."""
SEAT_COUNTS = (4, 2)
HALF = 12
"""Cards a player receives per deal: once with four players; twice (two halves) with two."""
PRESETS = ("sweep-seed", "seep-pagat")
PHASES = ("bid", "play", "over")

BID, REDEAL, THROW, CAPTURE, BUILD, CEMENT, RAISE = range(7)
KINDS = ("bid", "redeal", "throw", "capture", "build", "cement", "raise")
_PH_BID, _PH_PLAY, _PH_OVER = 0, 1, 2
PLAYS_PER_HAND = 48
"""Cards played in a hand: 4 x 12, or 2 x 24 with two players."""
HALF_PLAYS = 24
"""Two players: the plays after which both hands are empty and the second half is dealt."""

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
MAJORITY_BONUS = 4  # sweep-seed only: to the side with more cards (26-26: see majority_tie)

DEFAULT_OPTIONS: dict[str, Any] = {
    "preset": "sweep-seed", "target": 500, "baazis": 1,
    "first_play": "pagat", "sweeps": True, "raise_own": False,
    "seats": 4, "majority_tie": "none", "first_sweep": 25,
}
_PRESET_ONLY = {"target": "sweep-seed", "baazis": "seep-pagat", "majority_tie": "sweep-seed"}
_WRITTEN_IF_SET = ("seats", "majority_tie", "first_sweep")
"""Options a record (and ``replay``) writes only when they differ from the default, so the
records and ``replay`` output of games without them stay exactly as they were."""

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

