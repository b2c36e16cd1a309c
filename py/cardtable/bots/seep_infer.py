"""What the play so far says about the cards the other Seep seats hold: the inference behind
the strong level's guesses at the hidden hands (``cardtable.bots.seep.Knowledge.sample``).

``replay`` rebuilds the hand's floors from the public log, play by play (loose cards, houses with
their owners and cement).  ``Explainer`` checks a guess at the hidden hands against the other
seats' last plays: rebuilt at each of those plays (the floor then, the cards each seat held, what
the player had seen), would a player choosing like the quick level, with the guessed hand, have
made the play that was made?  The sampler keeps, of a few guesses, one that explains the most:
a model of the players the search meets, so a likelihood, never a rule.  What the rules force
(a house owner keeps a card of its value) and a sweep let go (the player very probably lacks the
value) are read in ``Knowledge`` itself.
"""

from __future__ import annotations

from ..games.seep import HALF_PLAYS, PLAYS_PER_HAND, SEATS, TXT, VAL, Seep
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


CHECKS = 6
"""The other seats' last plays (this deal) a guess is checked against (``Explainer``)."""
TRIES = 8
"""Guesses drawn per sample; the one that explains the most of those plays is kept."""


class Explainer:
    """Checks a guess at the hidden hands against the other seats' last plays: would a player
    choosing like the quick level, holding the guessed hand (plus the cards he has played
    since), have made the play that was made?  The strong level keeps, of ``TRIES`` guesses, one
    that explains the most (``score``): a model of the players it meets, so a likelihood, never
    a rule.  Built once a move from the view; only plays since the seats last received cards
    count (with two players, the second half's hands are known anyway)."""

    def __init__(self, k, view: dict, steps: list):
        self.k = k
        self.checks = []
        n = k.n
        plays = len(steps) - 1
        start = 1 if plays < HALF_PLAYS or n == 4 else plays   # nothing to check in 2p's 2nd half
        log = view.get("log") or []
        seat_names = k.seats
        picked = [p for p in range(max(start, 1), plays)
                  if steps[p][0][0] != k.me and p < PLAYS_PER_HAND - 1][-CHECKS:]
        for p in picked:
            play, (loose, houses) = steps[p]
            s, kind, value, cards, merged, swept, raw = play
            since = [[] for _ in range(n)]
            for q in range(p, plays):
                since[steps[q][0][0]].append(steps[q][0][3][0])
            counts = [k.counts[x] + len(since[x]) for x in range(n)]
            seen = set(loose)
            for h in houses.values():
                seen.update(h[0])
            for e in log[:raw]:
                for w in e["action"].split()[1:] + e.get("merged", []):
                    if not w.isdigit():
                        seen.add(idx(w))
            public = [0] * 14
            for c in seen:
                public[VAL[c]] += 1
            pv = dict(view)
            pv["seat"] = seat_names[s]
            pv["log"] = log[:raw]
            pv["floor"] = {"loose": [TXT[c] for c in sorted(loose)],
                           "houses": [{"value": v, "cards": [TXT[c] for c in h[0]],
                                       "cemented": h[2],
                                       "owners": [seat_names[o] for o in range(n) if h[1] >> o & 1]}
                                      for v, h in houses.items()]}
            self.checks.append((s, Seep.from_view(pv), counts, public, since,
                                log[raw]["action"]))

    def score(self, hands: list, beat: int = -1) -> int:
        """How many of the checked plays the guess ``hands`` (per seat index, now) explains; it
        stops early (with a lower count) once it cannot explain more than ``beat``."""
        from .seep import Rater      # the quick level's rating (seep.py imports this module)
        k = self.k
        got = 0
        left = len(self.checks)
        for s, template, counts, public, since, action in self.checks:
            if got + left <= beat:
                break
            left -= 1
            g = template.copy()
            g.deal_hidden([hands[x] + since[x] for x in range(k.n)])
            hc = g.value_counts(s)
            unseen = [0] + [4 - public[v] - hc[v] for v in range(1, 14)]
            r = Rater(k, g, s, counts, unseen)
            best = max(((r.rate(m), Seep.move_text(m)) for m in g.legal_moves()))
            got += best[1] == action
        return got

