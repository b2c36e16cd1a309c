"""The deal of the day: one deal a day per game, the same on every device, and its par.

A deal of the day is an ordinary game record whose seed names the kind of game and the date, so
the cards are a pure function of the date (``random.Random`` seeded by that text, in CPython as in
the page).  You play the first hand of it in seat ``p0`` against the strong computers; *par* is
what the strong computer scores in that seat on the same cards, found by playing the hand with the
strong computer in every seat and a fixed number of samples (so it does not depend on the
device's speed)::

    >>> import datetime
    >>> day = datetime.date(2026, 11, 28)
    >>> rec = record_of("seep4", day, ["You", "Ben", "Chloé", "Dev"])
    >>> rec["seed"], rec["options"]
    ('daily:seep4:2026-11-28', {})
    >>> of_record(rec)
    ('seep4', '2026-11-28')
    >>> of_record({**rec, "options": {"seats": 2}}) is None     # the seed names four players
    True
    >>> from cardtable.record import new_game
    >>> new_game(rec).view("p0")["hand"] == new_game(rec).view("p0")["hand"]
    True

``par_steps(kind, date)`` is a generator (it yields between the computers' search steps) so the page
runs it in slices; ``hand_score(game)`` is a seat's score of the first hand, or None before its end.
"""

from __future__ import annotations

import datetime
import re
from typing import Optional

KINDS = {"spades": ("dummy-spades", {}), "seep4": ("seep", {}), "seep2": ("seep", {"seats": 2})}
"""The deals of the day: kind -> (game, options)."""

SEAT = "p0"
"""The seat of the person who plays the deal of the day."""

PAR_SAMPLES = {"dummy-spades": 24, "seep": 8}
"""Samples of the hidden cards per decision of the par's strong computers: a fixed number, so par is
the same on every device (for an app version).  Seep's is lower: a Seep hand has more decisions."""

_SEED = re.compile(r"daily:(spades|seep4|seep2):(\d{4}-\d\d-\d\d)")


def seed_of(kind: str, day: datetime.date) -> str:
    """The seed of a kind's deal on a day."""
    if kind not in KINDS:
        raise ValueError(f"no deal of the day for {kind!r}")
    return f"daily:{kind}:{day.isoformat()}"


def record_of(kind: str, day: datetime.date, players: Optional[list] = None) -> dict:
    """The record of a kind's deal of the day, before any move."""
    game, options = KINDS[kind]
    return {"format": "cardtable/1", "game": game, "options": dict(options), "players": players,
            "seed": seed_of(kind, day), "actions": []}


def of_record(record: dict) -> Optional[tuple]:
    """``(kind, date text)`` when ``record`` is a deal of the day (its seed, game and options all
    say so), else None.  Its ``deals`` are not looked at: a deal of the day is read without them
    (``without_deals``), so its cards are the seed's whatever a record says."""
    m = _SEED.fullmatch(str(record.get("seed", "")))
    if not m:
        return None
    game, options = KINDS[m[1]]
    try:
        datetime.date.fromisoformat(m[2])
    except ValueError:
        return None
    given = {k: v for k, v in (record.get("options") or {}).items() if v is not None}
    return (m[1], m[2]) if record.get("game") == game and given in (options, _written(m[1])) else None


_WRITTEN: dict = {}


def _written(kind: str) -> dict:
    """A kind's options as its game's record writes them (every option, defaults filled in)."""
    if kind not in _WRITTEN:
        from ..record import new_game

        opts = new_game(record_of(kind, datetime.date(2000, 1, 1))).to_record().get("options") or {}
        _WRITTEN[kind] = {k: v for k, v in opts.items() if v is not None}
    return _WRITTEN[kind]


def without_deals(record: dict) -> dict:
    """A deal of the day's record dealt from its seed alone (any other record as it is)."""
    return {k: v for k, v in record.items() if k != "deals"} if of_record(record) else record


def side_of(score: dict, seat: str = SEAT):
    """The entry of ``score`` (a hand's scores: by seat, or by Seep side such as ``p0p2``) that is
    ``seat``'s."""
    return next((v for k, v in score.items() if re.fullmatch(r"(p\d)+", k) and seat in re.findall(r"p\d", k)), None)


def hand_score(game, seat: str = SEAT) -> Optional[int]:
    """``seat``'s score in the first hand of ``game`` (a live game), or None before it ends."""
    from ..stats import hands_finished

    if hands_finished(game) < 1:
        return None
    return side_of(game.summary()["hands"][0]["score"], seat)


def par_steps(kind: str, day: datetime.date, progress=None):
    """The par of a kind's deal on a day: the first hand played by the strong computer in every
    seat; yields between search steps, returns the score in ``SEAT``.  ``progress(moves)`` is
    called after each move."""
    from .. import bots
    from ..record import new_game

    game_name = KINDS[kind][0]
    game = new_game(record_of(kind, day))
    samples = PAR_SAMPLES[game_name]
    moves = 0
    while (score := hand_score(game)) is None:
        view = game.view(game.to_act)
        action = yield from bots.think(game_name, view, "strong", seed=moves, samples=samples)
        game.apply(action)
        moves += 1
        if progress:
            progress(moves)
        yield
    return score


def par(kind: str, day: datetime.date) -> int:
    """``par_steps`` run to the end."""
    from ..bots.common import run_steps

    return run_steps(par_steps(kind, day))
