"""The decisions before the card play, valued from the seat's view: Dummy Spades peeks and flips,
Seep bids (``cardtable.coach.analysis`` asks here; Dummy Spades bids are the strong bid search's).

Each sample deals the cards the seat has not seen at random (its own cards and the dummy slots it
knows stay put), and every candidate is played on that deal, the same deal and random stream for
each (so their difference is what the choice changed):

* **Dummy Spades, a peek or a flip.**  The rest of the round is played on the engine from each
  seat's own view: later peeks and flips as the computer players choose them (at random), every
  bid by the quick level's rule (which counts the dummy cards the bidder has seen), then the hand
  finished by the strong player's play-out policy and scored as the bots score: the seat's points
  minus the best other's.  Dummy slots are face down and alike, so two choices whose slots were
  peeked at by the same people (``slot_class``) are the same choice: one of each kind is valued,
  and in a Flip game every choice is one kind (none is better than another; the analysis says so).
* **Seep, the bid.**  The bidder has seen only its first four cards: the floor, the other hands
  and the rest of the deal are all dealt at random.  Each legal bid is made, then the first play
  and ``HORIZON`` more moves by the quick level's rating, and the position scored as a Seep move's.

A generator, like the rest of the analysis: it yields after each play-out.
"""

from __future__ import annotations

import random

from ..cards import CARDS

__all__ = ["spades_round_steps", "seep_bid_steps", "slot_class", "BID_SAMPLES"]

BID_SAMPLES = 4
"""A Seep bid is valued on this many times the samples of a move: its few play-outs are cheap
(a bid has two to four choices), and a bid's results vary more (the floor is unseen)."""


def slot_class(action: str, view: dict) -> tuple:
    """What tells a peek or flip apart from the seat's view: for each slot chosen, the other
    people who peeked at it (the face-down cards themselves are alike)."""
    peeks = view.get("peeks") or {}
    seat = view["seat"]
    return tuple(sorted(tuple(s for s in sorted(peeks) if s != seat and int(i) in (peeks[s] or ()))
                        for i in action.split()[1:]))


def spades_round_steps(view: dict, samples: int, rng: random.Random, played: str):
    """``({action: [result per sample]}, False)`` for a peek or flip (the one ``played`` and one of
    each other kind), a generator yielding after each play-out."""
    from ..bots import spades as sp
    from ..games.dummy_spades import HANDS, NEXT_HAND, NIL_APPLIES, SEATS, DummySpades, score_hand

    cands: dict = {slot_class(played, view): played}
    for a in view["legal"]:
        cands.setdefault(slot_class(a, view), a)
    util = sp.bid_utility(SEATS.index(view["seat"]))
    slots = list(view.get("dummy_slots") or [None] * 13)
    pool = sorted(set(map(str, CARDS)) - set(view["hand"]) - {c for c in slots if c})
    order = view["bidding_order"]
    before = [f"{v[:-1]} " + " ".join(map(str, view[v][s])) for s in order[:order.index(view["seat"])]
              for v in ("peeks", "flips") if (view.get(v) or {}).get(s)]     # the round so far
    bags = [(view.get("bags") or {}).get(s, 0) for s in SEATS]
    opts = view.get("options") or {}
    values: dict = {a: [] for a in cands.values()}
    base = rng.getrandbits(48)
    for n in range(samples):
        rng.shuffle(pool)
        hands, i = {}, 0
        for h in HANDS[:3]:
            hands[h] = view["hand"] if h == view["seat"] else pool[i:i + 13]
            i += 0 if h == view["seat"] else 13
        rest = iter(pool[i:])
        hands["dummy"] = [c or next(rest) for c in slots]
        g0 = DummySpades(options=opts, deals=[{"dealer": view["dealer"], "hands": hands}])
        for a in before:
            g0.apply(a)
        for a in values:
            g = g0.clone()
            g.apply(a)
            r = random.Random(base + n)
            while g.phase in ("peek", "flip", "bid"):
                v = g.view(g.to_act, history=False)
                g.apply(sp.choose_bid(v) if g.phase == "bid" else v["legal"][int(r.random() * len(v["legal"]))])
            decl = SEATS.index(g.declarer)
            ap = NIL_APPLIES[decl]
            applied = (g.nils[0] & ap[0]) | (g.nils[1] & ap[1]) | (g.nils[2] & ap[2])
            tw = sp.policy_cards(list(g.hands), [0, 0, 0, 0], NEXT_HAND[decl], g.cur, 0, 0, -1, 0,
                                 False, 0, decl, applied, r.random, sp.EPS)
            values[a].append(util(score_hand(decl, g.bids, g.nils, tw, bags, opts.get("bag_penalty", 100))[0]))
            yield
    return values, False


def seep_bid_steps(view: dict, samples: int, rng: random.Random):
    """``({bid: [result per sample]}, False)`` for each legal bid of a Seep bidder, a generator
    yielding after each play-out."""
    from ..bots import seep as sb
    from ..games.seep import SEATS, Seep

    bids = view["legal"]
    seats = list(view.get("seats") or SEATS)
    n = len(seats)
    per = 48 // n
    opts = view.get("options") or {}
    me = view["seat"]
    pool = sorted(set(map(str, CARDS)) - set(view["hand"]))
    values: dict = {a: [] for a in bids}
    for _ in range(samples * BID_SAMPLES):
        rng.shuffle(pool)
        hands, i = {}, 0
        for s in seats:
            take = per - (4 if s == me else 0)
            hands[s] = (view["hand"] if s == me else []) + pool[i:i + take]
            i += take
        g0 = Seep.new(seed=0, deals=[{"dealer": view["dealer"], "hands": hands, "floor": pool[i:i + 4]}], **opts)
        for a in bids:
            g = g0.copy()
            g.apply(a)
            k = sb.Knowledge(g.view(me, history=False))
            sb.quick_playout(g, k, k.public[:], sb.HORIZON[n] + 1)
            values[a].append(sb.evaluate(g, k, 0))
            yield
    return values, False
