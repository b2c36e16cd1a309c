"""Seep computer players (see ``cardtable.bots``).

Everything here starts from ``view`` (``Seep.view(seat)``) and nothing else.

A *determinization* is a full engine state built from the view: our hand, the floor (loose cards
and houses with their owners and cement), the teams' captured counts and sweeps, whose turn it
is, plus a guess at the other hands: the unseen cards (52 minus our hand, the floor and every
card named in this hand's public log) dealt in the counts the view shows, each house owner
first receiving a card of his house's value (he must hold one).  Before the bidder's first play
the rest of the deal is guessed the same way.

* Bid (both levels): the highest card of 9..13 we may name when we can already capture or build
  with it, else the value we hold most of.
* Casual: every legal move is applied to one determinization (the floor after a move does not
  depend on the hidden hands) and scored by rule: points and cards taken, sweeps, houses built
  for us (worth more when we hold a second card of the value), cementing our houses, the cost
  of throwing a point card, and a penalty when the floor left behind is small enough for the
  next player to sweep.
* Strong: determinized Monte Carlo over the casual player's best candidates (all of them when
  there are few).  Each candidate is played on fresh samples and the hand is finished by random
  play-outs (the engine's ``playout``); the hand's score difference (our team minus theirs,
  sweeps and majority included) is averaged.  Samples run until the deadline.
"""

from __future__ import annotations

import random
import time
from typing import Optional

from ..games.seep import (BUILD, CAPTURE, CEMENT, HALF, HALF_PLAYS, PLAYS_PER_HAND, POINTS,
                          RAISE, SEATS, THROW, VAL, Seep, _canon, _Deal)
from .common import idx, run_steps

_SI = {s: i for i, s in enumerate(SEATS)}
_FILLER = idx("2H")  # a card worth no points, stands for already captured cards


def choose_bid(view: dict) -> str:
    legal = view["legal"]
    bids = [a for a in legal if a.startswith("bid ")]
    if not bids:
        return legal[0]
    hand = [VAL[idx(c)] for c in view["hand"]]
    floor = [VAL[idx(c)] for c in (view.get("floor") or {}).get("loose", [])]

    def score(a: str) -> float:
        v = int(a.split()[1])
        s = v * 0.1 + hand.count(v) * 2
        # a build of v from a hand card and a floor card, or a capture of v, is playable
        if v in floor or any(v - x in floor for x in hand if x < v):
            s += 3
        return s

    return max(bids, key=score)


class Knowledge:
    """What the view says, in engine terms, and a template game to copy per sample."""

    def __init__(self, view: dict):
        self.view = view
        self.me = _SI[view["seat"]]
        self.team = self.me & 1
        self.opts = dict(view["options"])
        self.pagat = self.opts.get("preset") == "seep-pagat"
        self.points = POINTS[self.opts.get("preset", "sweep-seed")]
        self.hand = [idx(c) for c in view["hand"]]
        fl = view["floor"]
        self.loose = [idx(c) for c in fl["loose"]]
        self.houses = {h["value"]: [[idx(c) for c in h["cards"]], bool(h["cemented"]),
                                    sum(1 << _SI[o] for o in h["owners"])] for h in fl["houses"]}
        self.seats = tuple(view.get("seats") or SEATS)    # ("p0", "p1") in two-player Seep
        self.n = len(self.seats)
        self.sides = tuple(view.get("sides") or ("p0p2", "p1p3"))
        self.counts = [view["hand_counts"][s] for s in self.seats]
        log = view.get("log") or []
        seen = 0
        plays = 0
        for e in log:
            words = e["action"].split()
            if words[0] in ("bid", "redeal"):
                continue
            plays += 1
            for w in words[1:] + e.get("merged", []):   # a raise's merged loose cards
                if not w.isdigit():
                    seen |= 1 << idx(w)
        self.plays = plays
        for c in self.hand + self.loose:
            seen |= 1 << c
        for h in self.houses.values():
            for c in h[0]:
                seen |= 1 << c
        self.unseen = [c for c in range(52) if not seen >> c & 1]
        self.bid = view.get("bid") or 0
        self.bidder = _SI[view["bidder"]]
        self.dealer = _SI[view["dealer"]]
        lc = view.get("last_capturer")
        self.last_cap = _SI[lc] if lc else -1
        cap = view.get("captured") or {}
        self.captured = [cap.get(self.sides[0], 0), cap.get(self.sides[1], 0)]
        sw = view.get("sweeps") or {}
        self.sweeps = [list(sw.get(self.sides[0], [])), list(sw.get(self.sides[1], []))]
        self.template = self._template()

    def _template(self) -> Seep:
        kw = {k: v for k, v in self.opts.items()}
        if not self.pagat:
            kw["target"] = 1 << 30  # one hand is all a search looks at
        else:
            kw["baazis"] = 1 << 30
        g = Seep.new(seed=0, **kw)
        g._dealer = self.dealer
        g._bidder = self.bidder
        g._bid = self.bid
        g._phase = 1
        g._turn = self.me
        g._plays = self.plays
        g._loose = self.loose[:]
        g._lcnt = Seep._count(self.loose)
        g._houses = {v: [h[0][:], h[1], h[2]] for v, h in self.houses.items()}
        g._piles = [[_FILLER] * self.captured[0], [_FILLER] * self.captured[1]]
        g._sweeps = [self.sweeps[0][:], self.sweeps[1][:]]
        g._last_cap = self.last_cap
        g._history = []
        g._moves = []
        g._hand_log = []
        g._legal = None
        return g

    def sample(self, rng: random.Random) -> Seep:
        """A full game consistent with the view (hidden hands guessed)."""
        g = self.template.copy()
        pool = self.unseen[:]
        rng.shuffle(pool)
        first = self.plays == 0
        # the cards each seat holds now (ours known) and, before the first play, the rest
        n = self.n
        now: list = [None] * n
        now[self.me] = self.hand[:]
        need = [0 if s == self.me else self.counts[s] for s in range(n)]
        # house owners must hold a card of the house's value
        for v, h in self.houses.items():
            for s in range(n):
                if s != self.me and h[2] >> s & 1 and need[s] > 0:
                    for j, c in enumerate(pool):
                        if VAL[c] == v:
                            now[s] = (now[s] or []) + [pool.pop(j)]
                            need[s] -= 1
                            break
        for s in range(n):
            if s == self.me:
                continue
            have = now[s] or []
            take = min(need[s], len(pool))
            now[s] = have + pool[:take]
            del pool[:take]
        hands = [_canon(h) for h in now]
        g._hands = hands
        g._hcnt = [Seep._count(h) for h in hands]
        deal_hands = None
        if first:
            deal_hands = []
            for s in range(n):
                cur = hands[s]
                extra = 12 - len(cur)
                rest = pool[:extra]
                del pool[:extra]
                have = 4 if (s == self.bidder or not self.pagat) else 0
                # the engine deals deal.hands[s][have:] after the first play
                deal_hands.append(list(cur[:have]) + list(cur[have:]) + rest
                                  if have else list(cur) + rest)
        if n == 2 and self.plays < HALF_PLAYS:
            # two players: the second half's 12 each are still in the pack (the engine deals
            # deal.hands[s][12:24] after play 24; the first 12 are only read before play 1)
            if deal_hands is None:
                deal_hands = [[_FILLER] * HALF for _ in range(n)]
            for s in range(n):
                deal_hands[s] = deal_hands[s][:HALF] + pool[:HALF]
                del pool[:HALF]
        if deal_hands is not None:
            g._dealt = [_Deal(self.dealer, deal_hands, [])]
        return g


def _floor_after(g: Seep) -> tuple:
    return g._loose, g._houses


def _heuristic(k: Knowledge, g: Seep, move: tuple) -> float:
    """The casual player's score of a move (higher is better)."""
    kind, c, t, L = move
    pts = k.points
    me = k.me
    hand = k.hand
    s = 0.0
    sim = g.copy()
    last_play = sim._plays == PLAYS_PER_HAND - 1
    sim.apply_move(move)
    if kind == CAPTURE:
        taken = [c, *L]
        h = g._houses.get(t)
        if h is not None:
            taken += h[0]
        s += 3.0 * sum(pts[x] for x in taken) + 1.0 * len(taken) + 5
        if not sim._loose and not sim._houses and not last_play and k.opts.get("sweeps", True):
            s += 60
        if h is not None and h[2] & (1 << (me ^ 2) | 1 << me):
            s -= 4 if h[2] & (1 << (me ^ 1) | 1 << (me ^ 3)) == 0 and False else 0
    elif kind == THROW:
        s -= 3.0 * pts[c] + 0.2 * VAL[c]
    elif kind in (BUILD, CEMENT):
        cards = [c, *L]
        value = sum(pts[x] for x in cards)
        spare = sum(1 for x in hand if VAL[x] == t and x != c)
        s += 1.2 * value + (4 if spare >= 2 else 1) + (3 if kind == CEMENT else 0)
        h = g._houses.get(t)
        if h is not None:
            s += 1.0 * sum(pts[x] for x in h[0])
    elif kind == RAISE:
        h = g._houses.get(t)
        s += 0.8 * sum(pts[x] for x in (h[0] if h else [])) + 0.5 * pts[c] - 1
    # the floor we leave: can the next player sweep it with one card?
    if not last_play and sim._plays < PLAYS_PER_HAND and k.opts.get("sweeps", True):
        loose, houses = sim._loose, sim._houses
        if loose and not houses:
            tot = sum(VAL[x] for x in loose)
            if tot <= 13 and len(loose) <= 3:
                s -= 25 if len(loose) == 1 else 12
        elif not loose and len(houses) == 1:
            (hv, h), = houses.items()
            if not h[2] & (1 << me | 1 << (me ^ 2)):
                pass
            else:
                s -= 6
    return s


def _text_moves(g: Seep, legal: list) -> dict:
    out = {}
    want = set(legal)
    for m in g.legal_moves():
        t = Seep.move_text(m)
        if t in want:
            out.setdefault(t, m)
    return out


def choose(view: dict, level: str, budget: float, rng: random.Random) -> str:
    """``choose_steps`` run to the end."""
    return run_steps(choose_steps(view, level, budget, rng))


def choose_steps(view: dict, level: str, budget: float, rng: random.Random,
                 samples: Optional[int] = None):
    """The decision as a generator (see ``cardtable.bots.think``): returns the action text.
    ``samples``: a fixed number of samples instead of the time budget (see ``think``)."""
    legal = view["legal"]
    if view["phase"] == "bid":
        return choose_bid(view)
    end = time.perf_counter() + (budget if level == "strong" else max(budget, 0.05)) * \
        (0.5 if level == "strong" else 1.0)
    k = Knowledge(view)
    g = k.sample(rng)
    moves = _text_moves(g, legal)
    if not moves:
        return legal[0]
    clock = time.perf_counter
    away = clock()
    yield  # the reading of the view and the first deal were a step of their own
    end += clock() - away
    rated = []
    for t, m in moves.items():  # many loose cards can mean many moves: mind the deadline
        rated.append((_heuristic(k, g, m) if samples or clock() < end else -1e9, t))
    scored = sorted(rated, reverse=True)
    if level == "casual" or len(scored) == 1:
        return scored[0][1]
    cands = [t for _, t in scored[:8]]
    away = clock()
    yield  # and so was the rating of every move
    end += clock() - away
    return (yield from search_steps(k, cands, scored, end + budget * 0.5, rng, samples))


def search(k: Knowledge, cands: list, scored: list, end: float, rng: random.Random) -> str:
    """``search_steps`` run to the end."""
    return run_steps(search_steps(k, cands, scored, end, rng))


def search_steps(k: Knowledge, cands: list, scored: list, end: float, rng: random.Random,
                 samples: Optional[int] = None):
    """Round-robin play-outs of the candidates on shared samples until the deadline (a generator
    that yields after each play-out; time away from it does not count: ``end`` moves on), or over
    exactly ``samples`` samples when that is given."""
    n = len(cands)
    totals = [0.0] * n
    counts = [0] * n
    team = k.team
    mine_key, their_key = k.sides if team == 0 else k.sides[::-1]
    prior = {t: h for h, t in scored}
    clock = time.perf_counter
    out_of_time = False
    drawn = 0
    while not out_of_time:
        if samples and drawn >= samples:
            break
        drawn += 1
        g = k.sample(rng)
        moves = _text_moves(g, cands)
        for i, t in enumerate(cands):
            m = moves.get(t)
            if m is None:
                continue
            sim = g.copy()
            sim.apply_move(m)
            sim.playout(rng, hands=1)
            if sim._history:
                sc = sim._history[-1]["score"]
                totals[i] += sc[mine_key] - sc[their_key]
                counts[i] += 1
            if not samples and clock() >= end:
                out_of_time = True
                break
            away = clock()
            yield
            end += clock() - away
    # only candidates that were played out compete (the casual order breaks near-ties)
    tried = [i for i in range(n) if counts[i]]
    if not tried:
        return cands[0]
    return cands[max(tried, key=lambda i: totals[i] / counts[i] + 0.01 * prior[cands[i]])]
