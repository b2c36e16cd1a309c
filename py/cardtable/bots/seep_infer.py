"""What the play so far says about the cards the other Seep seats hold: the inference behind
the strong level's guesses at the hidden hands (``cardtable.bots.seep.Knowledge.sample``).

``replay`` rebuilds the hand's floors from the public log, play by play (loose cards, houses with
their owners and cement), on which ``Knowledge`` reads what the rules force (a house owner keeps
a card of its value) and a sweep let go (the player very probably lacks the value).
"""

from __future__ import annotations

from ..games.seep import SEATS, VAL
from .common import idx

_SI = {s: i for i, s in enumerate(SEATS)}


def replay(log: list, loose_now: list, houses_now: dict) -> list:
    """The hand's floors, replayed on the public ``log`` (a view's): one
    ``(play, floor before it)`` per card played, then ``(None, the floor after the last)``.  A
    play is ``(seat index, kind, value, cards, merged, swept, index in log)`` (``cards``: the
    hand card first, then the floor cards its text names; ``merged``: a raise's loose cards
    drawn in); a floor is ``(loose cards, {value: (house cards, owners mask, cemented)})``.
    The first floor is the cards named in the log or on the floor now (``loose_now``;
    ``houses_now``: value -> [cards, ...]), less the cards played from the hands."""
    played, named = set(), set(loose_now)
    for h in houses_now.values():
        named.update(h[0])
    entries = []
    for i, e in enumerate(log):
        words = e["action"].split()
        if words[0] in ("bid", "redeal"):
            continue
        cards = [idx(w) for w in words[1:] if not w.isdigit()]
        merged = [idx(w) for w in e.get("merged", [])]
        played.add(cards[0])
        named.update(cards[1:])
        named.update(merged)
        entries.append((_SI[e["seat"]], words[0], int(words[1]) if words[1].isdigit() else 0,
                        cards, merged, "sweep" in e, i))
    loose = named - played
    houses: dict = {}
    out = []
    for play in entries:
        out.append((play, (frozenset(loose), dict(houses))))
        s, kind, value, cards, merged = play[:5]
        c = cards[0]
        loose.difference_update(cards[1:])
        loose.difference_update(merged)
        if kind == "throw":
            loose.add(c)
        elif kind == "capture":
            houses.pop(VAL[c], None)
        elif kind == "build":
            houses[value] = (tuple(cards), 1 << s, sum(VAL[x] for x in cards) > value)
        elif kind == "cement":
            old = houses[value]
            houses[value] = (old[0] + tuple(cards), old[1] | 1 << s, True)
        elif kind == "raise":
            old = houses.pop(value)
            into = houses.get(value + VAL[c])     # a house of the new value joins
            cards = old[0] + tuple(cards) + tuple(merged)
            if into:
                houses[value + VAL[c]] = (into[0] + cards, into[1] | 1 << s, True)
            else:
                houses[value + VAL[c]] = (cards, 1 << s, bool(merged))
    out.append((None, (frozenset(loose), dict(houses))))
    return out
