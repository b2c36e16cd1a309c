"""What the play so far says about the cards each Seep seat holds: the inference behind the
strong level's guesses at the hidden hands (``cardtable.bots.seep.Knowledge.sample``).

The hand is replayed on the public log, floor by floor (loose cards with their points, houses
with their owners).  At every play of another seat we ask, for each card value v, what a card
of v would have taken there (the best capture by the rules: loose singles and disjoint groups
worth v, the house of v along, a sweep when nothing is left) and compare it with what the seat
did take.  A seat that let ``gap`` points go with v probably holds no v: the weight of v for
that seat is multiplied by ``exp(-BETA * gap)`` (never below ``FLOOR``); a sweep let go (50
points) makes it almost sure, a 2 of hearts left (a quarter of a point) hardly counts.  The
weights are a likelihood, not a rule: when the seat later plays a card of v, or builds to v, the
guess was wrong and v's weight goes back to 1.  New cards (the deal after the first play, the
second half with two players) start every seat afresh.

What the rules force is not here but in the sampler: the owner of a house keeps a card of its
value, so he is dealt one first.  The cards are then dealt by weight (``deal_weighted``).
"""

from __future__ import annotations

import math
import random

from ..games.seep import HALF_PLAYS, PLAYS_PER_HAND, SEATS, TXT, VAL, Seep, capture_unions
from .common import idx

_SI = {s: i for i, s in enumerate(SEATS)}

DECLINE = 0.65
"""The weight of a value that would have taken a little more than what the seat took."""
BETA = 0.04
"""How much more each point let go lowers it (per point)."""
FLOOR = 0.02
"""The smallest weight of a value: the inference never rules a card out."""
HOUSE_CREDIT = 0.6
"""A house built, cemented or raised counts as this share of its cards taken (its owner means
to take it later)."""
SWEEP = 50
MODE = 'min'


def _worth(cards, points, card_weight: float) -> float:
    return sum(points[x] for x in cards) + card_weight * len(cards)


def best_takes(loose: list, houses: dict, points, card_weight: float, sweep: float) -> list:
    """Per card value v (index 1..13), the most a card of v would take on this floor (points,
    the card-majority share per card, the sweep's bonus when the floor would be left empty, and
    a small bonus for any capture); ``None`` when a card of v takes nothing there.
    ``loose``: the loose cards (indices); ``houses``: value -> (cards, owners mask)."""
    counts = [0] * 14
    byv: list = [[] for _ in range(14)]
    for c in loose:
        counts[VAL[c]] += 1
        byv[VAL[c]].append(points[c])
    for lst in byv:
        lst.sort(reverse=True)
    nloose = len(loose)
    out: list = [None] * 14
    for v in range(1, 14):
        h = houses.get(v)
        best = None
        for u in capture_unions(v, tuple(counts[:v + 1])):
            n = 0
            pts = 0.0
            for val, k in u:
                n += k
                pts += sum(byv[val][:k])
            if not n and h is None:
                continue
            if h is not None:
                n += len(h[0])
                pts += sum(points[x] for x in h[0])
            took = pts + card_weight * n + 0.5
            if sweep and n == nloose + sum(len(x[0]) for x in houses.values()):
                took += sweep
            if best is None or took > best:
                best = took
        out[v] = best
    return out


def replay(log: list, loose_now: list, houses_now: dict) -> list:
    """The hand's floors, replayed on the public ``log`` (a view's): one
    ``(play, floor before it)`` per card played, then ``(None, the floor after the last)``.  A
    play is ``(seat index, kind, value, cards, merged, swept)`` (``cards``: the hand card first,
    then the floor cards its text names; ``merged``: a raise's loose cards drawn in); a floor is
    ``(loose cards, {value: (house cards, owners mask)})``.  The first floor is the cards named
    in the log or on the floor now (``loose_now``; ``houses_now``: value -> [cards, ...]), less
    the cards played from the hands."""
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


def read_weights(log: list, loose_now: list, houses_now: dict, me: int, n: int, points,
                 card_weight: float, sweeps_on: bool, trace=None) -> list:
    """Per seat index, a weight per card value (list of 14, index 0 unused): 1 when nothing is
    known, lower when the seat let points go that a card of that value would have taken (see
    the module docstring).  ``log``: the view's log; ``loose_now``, ``houses_now``: the floor
    now (card indices; value -> [cards, cemented, owners mask]); ``me``: the reading seat (its
    own weights stay 1).  ``trace`` (a list, for tools): gets ``(play, seat, value, gap)`` for
    every piece of evidence."""
    weights = [[1.0] * 14 for _ in range(n)]
    sweep = SWEEP if sweeps_on else 0
    for p, (play, (loose, houses)) in enumerate(replay(log, loose_now, houses_now)):
        if play is None:
            break
        s, kind, value, cards, merged, swept, _ = play
        if p == 0 or (n == 2 and p == HALF_PLAYS):
            weights = [[1.0] * 14 for _ in range(n)]      # new cards were dealt to everybody
        c = cards[0]
        w = weights[s]
        if s != me and 0 < p < PLAYS_PER_HAND - 1:
            best = best_takes(sorted(loose), houses, points, card_weight, sweep)
            if kind == "capture":
                took = cards[1:] + list(houses[VAL[c]][0] if VAL[c] in houses else ())
                chosen = _worth(took, points, card_weight) + 0.5 + (sweep if swept else 0)
            elif kind == "throw":
                chosen = 0.0
            else:
                old = houses.get(value)
                inside = cards + merged + list(old[0] if old else ())
                chosen = HOUSE_CREDIT * _worth(inside, points, card_weight)
            for v in range(1, 14):
                b = best[v]
                if b is None or b <= chosen or v == VAL[c]:
                    continue
                h = houses.get(v)
                if h is not None and h[1] >> s & 1:
                    continue          # he owns that house: he holds v by the rules
                gap = b - chosen
                if trace is not None:
                    trace.append((p, s, v, gap))
                f = FLOOR if gap >= SWEEP else DECLINE * math.exp(-BETA * gap)
                w[v] = min(w[v], f) if MODE == "min" else max(FLOOR, w[v] * f)
        w[VAL[c]] = 1.0               # he had one: what we thought he lacked, he did not
        if kind in ("build", "cement"):
            w[value] = 1.0            # and he holds the house's value
        elif kind == "raise":
            w[value + VAL[c]] = 1.0
    return weights


def deal_weighted(pool: list, count: int, weight: list, rng: random.Random) -> list:
    """``count`` cards drawn from ``pool`` (removed from it) without replacement, each with a
    chance in proportion to ``weight[value]`` (Efraimidis and Spirakis: the largest keys
    ``u ** (1 / w)``); the rest of ``pool`` keeps its order."""
    if count <= 0:
        return []
    if count >= len(pool):
        out = pool[:]
        del pool[:]
        return out
    if min(weight) == 1.0:
        out = pool[:count]
        del pool[:count]
        return out
    rnd = rng.random
    keyed = sorted(((rnd() ** (1.0 / weight[VAL[c]]), i) for i, c in enumerate(pool)),
                   reverse=True)
    chosen = sorted(i for _, i in keyed[:count])
    out = [pool[i] for i in chosen]
    for i in reversed(chosen):
        del pool[i]
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

