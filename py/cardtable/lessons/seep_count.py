"""The count of a Seep hand, line by line, for the lesson that explains it (issue #30).

The engine scores a hand as one number per side (``history`` entries: ``points``, ``sweeps``,
``score``); a newcomer learns it line by line: the spades (each its value), the other aces (1 each),
the 10♦ (2, or 6 under ``seep-pagat``), the majority of cards (4, ``sweep-seed`` only) and the
sweeps.  ``count_lines`` works those lines out from a game's record by replaying it through the
engine's public API (``floor``, ``to_act``, ``apply``): the cards each capture takes, and the cards
left on the floor at the end going to the side that captured last.  ``tests/test_lessons.py``
checks that the lines add up to the engine's score.  Pure Python, no browser import.
"""

from __future__ import annotations

from ..cards import Card
from ..record import new_game

LINES = ("spades", "aces", "ten", "majority", "sweeps", "total")   # the lines, in the order explained


def _side(sides: tuple, seat: str) -> str:
    return next(s for s in sides if seat in s)


def count_lines(record: dict) -> dict[str, dict[str, int]]:
    """``{line: {side: points}}`` for the first hand of ``record`` (played to its end), one line per
    name of ``LINES``; ``total`` is the hand's score, as the engine counts it."""
    game = new_game({**record, "actions": []})
    sides = tuple(game.sides)
    piles: dict[str, list[str]] = {s: [] for s in sides}
    last = None
    for action in record["actions"]:
        seat, floor, words = game.to_act, game.floor(), action.split()
        game.apply(action)
        if words[0] == "capture":
            value = Card.parse(words[1]).value
            house = [c for h in floor["houses"] if h["value"] == value for c in h["cards"]]
            last = _side(sides, seat)
            piles[last] += [words[1], *words[2:], *house]
        if game.hands_completed:   # the hand is over: what was left on the floor goes to the last capturer
            taken = set(words[1:]) if words[0] == "capture" else set()
            left = [c for c in floor["loose"] if c not in taken]
            left += [c for h in floor["houses"] if words[0] != "capture" or h["value"] != Card.parse(words[1]).value
                     for c in h["cards"]]
            if words[0] == "throw":
                left.append(words[1])
            if last is not None:
                piles[last] += left
            break
    entry = game.history[0]
    options = game.options
    pagat = options.get("preset") == "seep-pagat"
    cards = {s: len(piles[s]) for s in sides}
    out = {line: {} for line in LINES}
    for s in sides:
        parsed = [Card.parse(c) for c in piles[s]]
        out["spades"][s] = sum(c.value for c in parsed if c.suit == "S")
        out["aces"][s] = sum(1 for c in parsed if c.value == 1 and c.suit != "S")
        out["ten"][s] = (6 if pagat else 2) * sum(1 for c in parsed if c.value == 10 and c.suit == "D")
        other = next(o for o in sides if o != s)
        out["majority"][s] = 4 if not pagat and cards[s] > cards[other] else 0
        out["sweeps"][s] = sum(entry["sweeps"][s])
        out["total"][s] = entry["score"][s]
    return out
