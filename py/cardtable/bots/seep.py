"""Seep computer players (see ``cardtable.bots``).

Everything here starts from ``view`` (``Seep.view(seat)``) and nothing else.

A *determinization* is a full engine state built from the view (``Seep.from_view``, then
``deal_hidden`` on a copy per guess): our hand, the floor (loose cards
and houses with their owners and cement), the teams' captured counts and sweeps, whose turn it
is, plus a guess at the other hands: the unseen cards (52 minus our hand, the floor and every
card named in this hand's public log) dealt in the counts the view shows.  The guess respects
what the table has shown: each house owner holds a card of his house's value, and a player who
let a sweep go (the floor he faced could be taken whole by one card of some value, and he did
not take it) is taken to lack that value, until new cards are dealt (``Knowledge.lacks``).
Before the bidder's first play the rest of the deal is guessed the same way.

* Bid (every level): the highest card of 9..13 we may name when we can already capture or build
  with it, else the value we hold most of.
* Casual ("quick"): every legal move is applied to one determinization (the floor after a move
  does not depend on the hidden hands) and rated in points (``rate``): the points and cards
  taken, a sweep, the houses built, cemented or raised (worth their cards when the capture card
  is unlikely to be held by the other side -- the chance is counted from the cards of that
  value still unseen -- and a loss when it is likely), an opponent's house taken or raised out
  of his reach, the point cards thrown or left loose.  Above all, the floor left behind: when
  one card of a value the next player may hold (``Seep.sweep_values``, the engine's own capture
  rules, houses included) would take it all, the move is *exposed*; an exposed move is only
  played when every legal move is exposed, and then the one with the least expected loss (the
  chance that the next player holds such a card, from the unseen cards of those values, times
  the sweep and the floor).  With two players, once it holds ``QUICK_SWEEPS`` cards or fewer
  in the second half (every card known), it plays the best rated of the moves that concede no
  sweep it could avoid to the hand's end (``sweep_safe_steps``).
* Strong: determinized Monte Carlo over every legal move, pruned by the quick rating (moves
  rated more than ``PRUNE`` points below the best are dropped, and exposed moves when a safe one
  exists; no fixed top-N).  Each candidate is played on the same samples (with the inference
  above), then ``HORIZON`` more moves are played by every seat with the quick rating from what
  that seat can see (``quick_playout``: the players a search expects to meet), plus a sweep
  when the player to act then has one; the position is then evaluated (``evaluate``: points,
  sweeps and cards captured so far, the houses worth ``HOUSE_SHARE`` of their cards to their
  owners' side; the hand's score when it ended).  Short play-outs are far less noisy than whole
  hands: the paired difference of two moves has about a tenth of the standard error.  The
  mean of our side's lead wins; a candidate whose paired difference to the leader is clearly
  negative (``DROP_Z`` standard errors) is dropped as samples come in.  Samples run until the
  deadline, or exactly ``samples`` of them.  In two players' second half every card is known
  (the unseen cards are the opponent's hand): one sample is drawn, and each candidate's play-out
  runs to the hand's end with our next choice searched too (``tree_steps``, ``TREE_DEPTH``,
  ``TREE_HORIZON``), every candidate first with one choice fewer searched, then the best first
  with all (``deepening_steps``), a step per play-out, so a deadline anywhere leaves an answer.
* Expert: the strong search with a larger budget (see ``cardtable.bots.EXPERT_FACTOR``); in
  two players' second half its play-outs value the last five cards exactly (``EXPERT_ENDGAME``;
  the strong level's, its last four: ``STRONG_EXACT``).  With two players both play their own
  last four cards exactly (``SEARCH_ENDGAME``).  Each exact end is asked only whether it beats
  the best found so far (``tree_steps``'s ``floor``), and searched in steps
  (``_solve_steps``).
"""

from __future__ import annotations

import math
import random
import time
from typing import Optional

from ..games.seep import (BUILD, CAPTURE, CEMENT, HALF, HALF_PLAYS, PLAYS_PER_HAND, POINTS,
                          RAISE, SEATS, THROW, VAL, Seep, sweep_values_of)
from .common import idx, run_steps
from .seep_infer import replay

_SI = {s: i for i, s in enumerate(SEATS)}
_FILLER = idx("2H")  # a card worth no points, stands for already captured cards

PRUNE = 15.0
"""Strong level: moves rated this many points below the quick level's best are not searched."""
DROP_Z = 2.5
"""Strong level: a candidate is dropped when its mean paired difference to the leader is below
zero by this many standard errors (checked once every candidate has ``DROP_MIN`` samples)."""
DROP_MIN = 6
DROP_4 = (4, 2.0)
"""Four players: ``(DROP_MIN, DROP_Z)``.  Candidates clearly behind are dropped sooner, so the
time goes to the others: at 8 samples the same moves for a third less CPU, and 16 samples cost
about what 8 did with ``(6, 2.5)`` (1.05-1.3x).  Against quick, 200 mirrored hands: 16 samples
so 66.5% of hands won, 8 samples before 57.0% (paired lead +7.1 +- 5.5 a hand); 16 with
``(6, 2.5)`` 64.5% at 1.4x the CPU.  At a time budget (the page) an early drop also ends the
search once one candidate is left, so the gain there is smaller: +5.9 +- 10.0 a hand over 80
hands at 0.06 s in CPython, not shown (report four4)."""
HORIZON = {2: 6, 4: 8}
"""Strong level: plies each play-out looks ahead (by the number of players) before it is
evaluated (``evaluate``); ``None`` plays the hand out.  Short play-outs are much less noisy."""
HOUSE_SHARE = 0.6
"""What a house on the floor is worth to its owners' side at the play-out's end (they hold the
capture card, but the other side may take or raise it first)."""
SWEEP = 50
"""A sweep's bonus in mid-hand (the first play's is the option ``first_sweep``, the last play's 0)."""
TREE_DEPTH = 1
"""Two players' second half (every card known: the unseen cards are the opponent's hand): the
search plays one sample and, the next ``TREE_DEPTH`` times we have a choice in the play-out,
tries each of our moves (``tree_steps``) instead of playing the quick level's."""
TREE_HORIZON = 24
"""The plies of those play-outs (``tree_steps``): 24 is to the hand's end (scored exactly).
Against quick, 200 mirrored hands at 8 samples (``bench/bench_bots_hands.py``): 89.0% of hands
won with 24, 82.0% with 12, 75.5% with 6, 72.5% with the plain search (report bots3)."""
QUICK_SWEEPS = 5
"""Two players' second half, the quick level holding at most this many cards: of its moves that
leave no sweep on the next play (when there are any), it plays the best rated of those that keep
the best sweep balance to the hand's end (``sweep_safe_steps``: the sweeps each side can force when both
play for sweeps alone, every card being known), so it concedes no sweep it could avoid however far
ahead, while it still judges points by its rating (it may misjudge values; it does not hand out
sweeps); 0: never.  Against the strong level, 400 mirrored hands
(``bench/bench_bots_hands.py strong casual 2 0 200 N``): sweeps conceded a hand 0.45 at 8 samples,
0.47 at 32, 0.49 at 64, and the strong level wins 77.8%, 79.5% and 78.0% of hands (at 8 samples
before: 0.71 and 85.0%); over 2,000 (deals 0-999), 80.2% and 0.45 at 8, 81.3% and 0.47 at 64.  A
quick move costs 1.2 ms on average instead of 0.5, up to about 0.1 s at five cards (CPython), in
steps of at most 2.5 ms (``SWEEP_STEP_HELD``).  Searches that see further force their sweeps a
card earlier, before this filter looks (README)."""
EXPERT_ENDGAME = 5
"""Two players' second half, the expert level: its search's play-outs end, once the player to
act holds this many cards or fewer, with the value of the rest of the hand under perfect play
by both sides (``_solve``) -- as the strong and expert levels play their own last four cards
(``SEARCH_ENDGAME``), and careful players do -- instead of
the quick rating's play; 0: never.  Expert (32 samples) vs strong (8), 200 mirrored hands
(``bench/bench_bots_hands.py``), before the strong level played its own end exactly: from 3
cards, 65.5% of hands won, lead +14.9 a hand, against 55.5% and +4.2 without (report quick4).
Against the strong level valuing its last three exactly (``STRONG_EXACT`` 3), 4 gave 63.0% of
the same 200 hands, lead +15.5 +- 6.7 (3: 54.5% of the first 123).  Against the strong level
valuing its last four, as it now does, 4 gives the expert no more than the first half's larger
search (40 of the first 77 hands), and 5: 60.5% of 400 mirrored hands, lead +11.2 +- 4.6 a hand,
as the two levels before on the same hands (60.2%); 58.0% with both levels' second halves cut by
the page's deadlines at Pyodide's speed (report NOTE14).  A second-half move then cost 326 ms
CPU on average, 1.2 s at most (CPython), and in Pyodide the page's 1 s searched 70% of its
play-outs; since the engine keeps its piles' points and ``_solve`` tables positions from two
cards (``_TABLED``), 262 ms and 0.9 s, and 86%, in steps of at most 20 ms (``_solve_steps``):
cut as in the page, 60.0% of the same 400 hands, lead +11.0 +- 4.5 (report NOTE15).  Not
kept: a whole search valuing four cards first, its answer played when the deadline cuts the one
valuing five (+0.6 +- 4.1 points of hands won over 347 hands cut as in the page)."""
STRONG_EXACT = 4
"""Two players' second half, the strong level: as ``EXPERT_ENDGAME`` for the expert (0: never).
Strong vs quick, 200 mirrored hands at 8 samples, both with ``SEARCH_ENDGAME``: 74.5% of hands
won without; 78.5% with 3 (paired +4.0 +- 4.1 points of hands won, lead +8.2 +- 3.6 a hand);
86.5% with 4 (paired with 3: +8.0 +- 4.5, lead +12.4 +- 3.7; over 400 hands 85.0%), 84.5% with
the second half cut by the page's deadline (0.145 s in CPython: the page's 0.25 s at Pyodide's
speed).  With 4 the strong level modelled the quick level's last four cards as they were then
played (exactly), and the sweeps the quick level concedes grow (0.585 -> 0.71 a hand; by its
rule, only where each of its moves left a sweep).  4 cost 3.4 times 3 (185 against 54 ms CPU a
second-half move); since each exact end is only asked whether it beats the best so far
(``tree_steps``'s ``floor``), 80 ms (CPython), 74 ms since ``_TABLED``: in Pyodide the page's
0.25 s searches 83% of its play-outs (79% before) and gives the whole search's answer in 37 of
40 moves."""
SEARCH_ENDGAME = 4
"""Two players' second half, the strong and expert levels: from this many cards or fewer in our
hand, our move is the exact best for the hand's score (``endgame_steps``, among every legal move),
as the quick level's last four once were; 0: never (the search plays on as before, its
play-outs taking the quick level for a player of its rating to the last card).  Strong vs quick,
the same 200 mirrored hands at 8 samples: 74.5% of hands won instead of 70.0%, paired +4.5 +- 2.9
points of hands won, lead +4.1 +- 1.5 a hand, and less CPU (175 s for the 200 hands instead of
210: the exact end is cheaper than the search it replaces)."""
last_search = {"samples": 0, "candidates": 0, "playouts": 0}
"""What the last search did (samples drawn, candidates searched, play-outs finished: one per
candidate and sample, or one per leaf of the second half's trees): for ``bench/bench_bots.py``."""


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


_P_HOLDS: dict = {}


def p_holds(pool: int, hand: int, wanted: int) -> float:
    """The chance that a hand of ``hand`` cards drawn from ``pool`` unseen cards holds at least
    one of ``wanted`` given cards among them (hypergeometric).  Remembered: the arguments are
    small counts, and every play-out move asks for dozens."""
    key = (pool, hand, wanted)
    p = _P_HOLDS.get(key)
    if p is None:
        p = _P_HOLDS[key] = _p_holds(pool, hand, wanted)
    return p


def _p_holds(pool: int, hand: int, wanted: int) -> float:
    if wanted <= 0 or hand <= 0:
        return 0.0
    if hand > pool - wanted:
        return 1.0
    miss = 1.0
    for i in range(hand):
        miss *= (pool - wanted - i) / (pool - i)
    return 1.0 - miss


def _words_of(entry: dict) -> list:
    return entry["action"].split()


class Knowledge:
    """What the view says, in engine terms, and a template game to copy per sample."""

    def __init__(self, view: dict):
        self.me = _SI[view["seat"]]
        self.solved: dict = {}      # position_key -> bounds of its value for us (``_solve``)
        self.team = self.me & 1
        self.opts = dict(view["options"])
        self.pagat = self.opts.get("preset") == "seep-pagat"
        self.points = POINTS[self.opts.get("preset", "sweep-seed")]
        self.sweeps_on = self.opts.get("sweeps", True)
        self.first_sweep = self.opts.get("first_sweep", 25)
        self.card_weight = 0.0 if self.pagat else 0.25   # the +4 for the majority, per card
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
            words = _words_of(e)
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
        uv = [0] * 14
        for c in self.unseen:
            uv[VAL[c]] += 1
        self.unseen_by_value = uv
        hv = [0] * 14
        for c in self.hand:
            hv[VAL[c]] += 1
        self.public = [0] + [4 - uv[v] - hv[v] for v in range(1, 14)]
        """Cards per value everybody has seen (floor, houses, this hand's plays)."""
        self.bidder = _SI[view["bidder"]]
        self._steps = replay(log, self.loose, self.houses)
        self.lacks = self._read_lacks()
        self.template = Seep.from_view(view)

    def _read_lacks(self) -> list:
        """Per seat, a bit mask of the values it let a sweep go with since it last received
        cards: it probably holds none of them (nobody declines 50 points lightly).  Read on the
        hand's floors replayed from the public log (``seep_infer.replay``)."""
        lacks = [0] * self.n
        if not self.sweeps_on:
            return lacks
        for p, (play, (loose, houses)) in enumerate(self._steps[:-1]):
            if p == 0 or (self.n == 2 and p == HALF_PLAYS):
                lacks = [0] * self.n       # new cards were dealt to everybody
            s, swept = play[0], play[5]
            if s != self.me and not swept and 0 < p < PLAYS_PER_HAND - 1:
                counts = [0] * 14
                for c in loose:
                    counts[VAL[c]] += 1
                for v in sweep_values_of(counts, sorted(houses)):
                    lacks[s] |= 1 << v
        return lacks

    def sample(self, rng: random.Random, infer: bool = False) -> Seep:
        """A full game consistent with the view (hidden hands guessed).  With ``infer``, the
        guess follows what the other seats have shown: the cards of the values a seat ``lacks``
        are kept out of its hand when the pool allows."""
        g = self.template.copy()
        g.deal_hidden(*self._guess(rng, infer))
        return g

    def _guess(self, rng: random.Random, infer: bool) -> tuple:
        """``(hands now, the rest of the deal or None)`` for ``deal_hidden``: one guess."""
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
        if infer and any(self.lacks):
            self._deal_lacking(pool, now, need)
        else:
            for s in range(n):
                if s == self.me:
                    continue
                have = now[s] or []
                take = min(need[s], len(pool))
                now[s] = have + pool[:take]
                del pool[:take]
        hands = [h or [] for h in now]        # deal_hidden puts them in canonical order
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
        return hands, deal_hands

    def _deal_lacking(self, pool: list, now: list, need: list) -> None:
        """Fill the hidden hands from the shuffled ``pool`` (cards taken from it), each seat
        taking first the cards of values it does not lack; what is left of the pool stays for
        the undealt places (the rest of the pack).  A seat that cannot be filled with cards it
        does not lack takes the others (the inference is a likelihood, not a rule)."""
        for s in range(self.n):
            if s == self.me:
                continue
            bad = self.lacks[s]
            have = now[s] or []
            want = need[s]
            if want <= 0:
                now[s] = have
                continue
            keep, rest = [], []
            for c in pool:
                if len(keep) < want and not bad >> VAL[c] & 1:
                    keep.append(c)
                else:
                    rest.append(c)
            if len(keep) < want:
                extra = rest[:want - len(keep)]
                keep += extra
                rest = rest[len(extra):]
            now[s] = have + keep
            pool[:] = rest


# ---- the quick level ------------------------------------------------------------------------------

class Rater:
    """The quick level's rating of moves in one position (``rate``): precomputed chances that
    the next player, and the other side, hold a card of each value."""

    def __init__(self, k: Knowledge, g: Seep, me: Optional[int] = None,
                 counts: Optional[list] = None, unseen: Optional[list] = None):
        """``k``: the rules and, by default, the seat's knowledge; a play-out rates the moves of
        whoever is to act in ``g`` by giving his seat index ``me``, every seat's hand size
        ``counts`` and the cards he has not seen per value ``unseen``."""
        self.k = k
        self.g = g
        n = k.n
        if me is None:
            me, counts, unseen = k.me, k.counts, k.unseen_by_value
        plays = g.plays
        nxt = (me + 1) % n
        self.nxt = nxt
        pool = sum(unseen)
        self.pool = pool
        self.unseen = unseen
        after = plays + 1                   # plays done once our move is made
        nh = counts[nxt]
        if plays == 0 or (n == 2 and after == HALF_PLAYS):
            nh = HALF                       # the next player's hand is dealt (again) meanwhile
        self.next_hand = nh
        opp = [s for s in range(n) if (s & 1) != (me & 1)]
        oh = sum(HALF if plays == 0 else counts[s] for s in opp)
        if n == 2 and after == HALF_PLAYS:
            oh = HALF
        self.opp_mask = sum(1 << s for s in opp)
        self.p_next = [p_holds(pool, nh, unseen[v]) for v in range(14)]
        self.p_opp = [p_holds(pool, oh, unseen[v]) for v in range(14)]
        self.last = plays == PLAYS_PER_HAND - 1
        # the sweep our move would make, and the one the next player could make after it
        self.sweep_now = 0 if not k.sweeps_on or self.last else (
            k.first_sweep if plays == 0 else SWEEP)
        self.sweep_next = SWEEP if k.sweeps_on and after < PLAYS_PER_HAND - 1 else 0

    def theirs(self, house: list) -> bool:
        """Is ``house`` (``[cards, cemented, owners]``) owned by the other side only?"""
        return bool(house[2] & self.opp_mask) and not house[2] & ~self.opp_mask

    def value(self, cards) -> float:
        pts = self.k.points
        return sum(pts[x] for x in cards) + self.k.card_weight * len(cards)

    def exposure(self, sim: Seep) -> tuple:
        """``(exposed, chance)``: can the next player sweep the floor ``sim`` leaves with one
        card he may hold, and how likely he holds one (certain when he owns that house)."""
        if not self.sweep_next:
            return False, 0.0
        values = sim.sweep_values()
        if not values:
            return False, 0.0
        _, _, houses = sim.floor_state()
        uv = self.unseen
        wanted = 0
        bit = 1 << self.nxt
        for v in values:
            h = houses.get(v)
            if h is not None and h[2] & bit:
                return True, 1.0
            wanted += uv[v]
        if not wanted:
            return False, 0.0
        return True, p_holds(self.pool, self.next_hand, wanted)

    def rate(self, move: tuple) -> tuple:
        """``(not exposed, points)`` of a move: higher is better (see the module docstring)."""
        k = self.k
        g = self.g
        kind, c, t, L = move
        pts = k.points
        _, _, houses = g.floor_state()
        sim = g.copy()
        sim.apply_move(move)
        ended = sim.hands_completed > g.hands_completed
        loose, lc, hs = sim.floor_state()
        s = 0.0
        if kind == CAPTURE:
            taken = [c, *L]
            h = houses.get(t)
            if h is not None:
                taken += h[0]
                if self.theirs(h):
                    s += 0.8 * self.value(h[0])          # they would have taken it
            s += self.value(taken) + 0.5
            if not ended and not loose and not hs:
                s += self.sweep_now
        elif kind == THROW:
            s -= 0.5 * pts[c] + 0.5 * k.card_weight + 0.05 * VAL[c]
        elif kind in (BUILD, CEMENT):
            h = None if ended else hs.get(t)
            if h is not None:
                s += self.value(h[0]) * (1 - 2 * self.p_opp[t]) + (0.5 if kind == CEMENT else 0.0)
                old = houses.get(t)
                if old is not None and self.theirs(old):
                    s += 0.8 * self.value(old[0])       # cemented onto theirs: now ours too
        elif kind == RAISE:
            old = houses.get(t)
            nv = t + VAL[c]
            h = None if ended else hs.get(nv)
            if h is not None:
                s += self.value(h[0]) * (1 - 2 * self.p_opp[nv])
            if old is not None:
                if self.theirs(old):
                    s += 0.8 * self.value(old[0])       # denied: they would have taken it
                else:
                    s -= self.value(old[0]) * (1 - 2 * self.p_opp[t])
        if self.last or ended:
            return True, s
        exposed, chance = self.exposure(sim)
        if exposed:
            floor = loose + [x for h in hs.values() for x in h[0]]
            s -= chance * (self.sweep_next + self.value(floor))
        for x in loose:    # point cards left loose may be taken by the next player
            if pts[x]:
                s -= 0.3 * pts[x] * self.p_next[VAL[x]]
        return not exposed, s


def _text_moves(g: Seep, legal: list) -> dict:
    out = {}
    want = set(legal)
    for m in g.legal_moves():
        t = Seep.move_text(m)
        if t in want:
            out.setdefault(t, m)
    return out


# ---- the play-outs --------------------------------------------------------------------------------

def quick_playout(g: Seep, k: Knowledge, public: list, plies: int, exact: int = 0) -> None:
    """Play ``plies`` moves on in ``g`` (a search copy; fewer at the hand's end), every seat
    choosing by the quick level's rating from what it can see (its hand, and ``public``: the
    cards per value everybody has seen, updated here), then one more while the player to act
    can sweep.  The model of the players a search expects to meet."""
    goal = g.hands_completed + 1
    left = plies
    while not g.over and g.hands_completed < goal:
        if exact and _held(g) <= exact:
            return
        moves = g.legal_moves()
        if left <= 0:
            _, lc, houses = g.floor_state()
            nloose = sum(lc)
            if not (nloose or houses) or not any(
                    m[0] == CAPTURE and len(m[3]) == nloose and len(houses) <= (m[2] in houses)
                    for m in moves):
                return
        left -= 1
        if len(moves) == 1:
            m = moves[0]
        else:
            m = _best_bounded(moves, _rater_to_act(g, k, public))
        g.apply_move(m)
        public[VAL[m[1]]] += 1


def _best_bounded(moves: list, r: "Rater") -> tuple:
    """``max(moves, key=r.rate)`` (the first of the best), rating fewer moves: the moves are
    taken by their bound (``_upper``) best first, and once the best so far is safe, a move whose
    bound is below its points cannot beat it.  The same choices, for about 40% less CPU a
    search (report four5)."""
    if r.last:
        return max(moves, key=r.rate)
    bounds = [_upper(r, m) for m in moves]
    best, at = None, -1
    for i in sorted(range(len(moves)), key=bounds.__getitem__, reverse=True):
        if at >= 0 and best[0] and bounds[i] < best[1] - 1e-9:
            break
        x = r.rate(moves[i])
        if at < 0 or x > best or (x == best and i < at):
            best, at = x, i
    return moves[at]


def _upper(r: "Rater", move: tuple) -> float:
    """At least the points ``r.rate(move)`` gives, before the hand's last play: its points before
    it takes off the chance of a sweep after the move and the point cards left loose (both never
    negative; a raise is not bounded).  ``tests/test_seep_bot_plan.py`` checks it holds."""
    kind, c, t, L = move
    if kind == RAISE:
        return math.inf
    if kind == THROW:
        k = r.k
        return -(0.5 * k.points[c] + 0.5 * k.card_weight + 0.05 * VAL[c])
    _, lc, houses = r.g.floor_state()
    h = houses.get(t)
    s = 0.0
    if kind == CAPTURE:
        taken = [c, *L]
        if h is not None:
            taken += h[0]
            if r.theirs(h):
                s += 0.8 * r.value(h[0])
        s += r.value(taken) + 0.5
        if len(L) == sum(lc) and (not houses or (h is not None and len(houses) == 1)):
            s += r.sweep_now
        return s
    cards = [c, *L] if h is None else h[0] + [c, *L]        # BUILD, CEMENT: the house after
    s += r.value(cards) * (1 - 2 * r.p_opp[t]) + (0.5 if kind == CEMENT else 0.0)
    if h is not None and r.theirs(h):
        s += 0.8 * r.value(h[0])
    return s


def _rater_to_act(g: Seep, k: Knowledge, public: list) -> "Rater":
    """The quick rating of the player to act in ``g`` (a search copy), from what he can see:
    his hand and ``public``, the cards per value everybody has seen."""
    s = _SI[g.to_act]
    hc = g.value_counts(s)
    unseen = [0] + [4 - public[v] - hc[v] for v in range(1, 14)]
    return Rater(k, g, s, [sum(g.value_counts(x)) for x in range(k.n)], unseen)


def _pruned(rated: list) -> list:
    """Of ``[(rating, move)...]`` best first, the moves the search tries: those rated within
    ``PRUNE`` points of the best, safe ones only when the best is safe."""
    best = rated[0][0]
    return [m for (safe, pts), m in rated
            if (safe, pts) == best or (safe >= best[0] and pts >= best[1] - PRUNE)
            or (not best[0] and pts >= best[1] - PRUNE)]


def _held(g: Seep) -> int:
    """How many cards the player to act in ``g`` holds."""
    return sum(g.value_counts(_SI[g.to_act]))


def tree_steps(g: Seep, k: Knowledge, public: list, plies: int, depth: int,
               hands_before: int, exact: int = 0, floor: float = -1e9):
    """``evaluate`` after ``plies`` more moves in ``g`` (a search copy) where the others play by
    the quick rating and we, the next ``depth`` times we have a choice, try every move the
    search would (``_pruned``) and keep the best for our side; then ``quick_playout``.
    For positions where every card is known (two players' second half): there one sample is
    all the samples, and the budget goes into our later choices instead.  A generator that
    yields before each play-out (each leaf of the tree), so a step is about one play-out and the
    page's slices stay short; it returns the value (``run_steps`` runs it in one go), the
    same however it is driven.  ``exact``: once the player to act holds that many cards or
    fewer, the rest of the hand is valued under perfect play by both sides (``_solve``;
    ``EXPERT_ENDGAME``), not played out by the quick rating.  ``floor``: a value the caller
    already has; the value returned is exact when it is above ``floor``, else some value at
    most ``floor`` (the exact ends then only have to show that they are no better: a narrower
    window for ``_solve``, and our choices searched against the best found so far)."""
    goal = g.hands_completed + 1
    while (depth > 0 and plies > 0 and not g.over and g.hands_completed < goal
           and not (exact and _held(g) <= exact)):
        moves = g.legal_moves()
        r = _rater_to_act(g, k, public) if len(moves) > 1 else None
        if r is not None and _SI[g.to_act] == k.me:
            rated = sorted(((r.rate(m), i) for i, m in enumerate(moves)), reverse=True)
            best = -1e9
            for i in _pruned(rated):
                sim = g.copy()
                sim.apply_move(moves[i])
                pub = public[:]
                pub[VAL[moves[i][1]]] += 1
                best = max(best, (yield from tree_steps(sim, k, pub, plies - 1, depth - 1,
                                                        hands_before, exact, max(floor, best))))
            return best
        m = moves[0] if r is None else max(moves, key=r.rate)
        g.apply_move(m)
        public[VAL[m[1]]] += 1
        plies -= 1
    yield   # each play-out starts a step: the tree's last one ends with its value
    quick_playout(g, k, public, plies, exact=exact)
    if exact and not g.over and g.hands_completed < goal:
        value = yield from _solve_steps(g, k.me, g.hands_completed, floor, 1e9, k.solved)
    else:
        value = evaluate(g, k, hands_before)
    last_search["playouts"] += 1    # counted when finished (a deadline may cut its exact end)
    return value


def endgame_steps(g: Seep, me: int, moves: list):
    """Of ``moves`` (``[(text, move)...]``, best first by the quick rating), the one with the best
    hand's score for seat index ``me``'s side when both players play on perfectly in ``g`` (a
    game where every card is known: two players' second half); the first of equals.  A
    generator (see ``cardtable.bots.think``) that yields after each move searched."""
    hb = g.hands_completed
    best, choice = -1e9, moves[0][0]
    table: dict = {}
    for text, m in moves:
        sim = g.copy(whole=False)
        sim.apply_move(m)
        v = _solve(sim, me, hb, best, 1e9, table)
        if v > best:
            best, choice = v, text
        yield
    return choice


def known_values_steps(g: Seep, k: Knowledge, legal: list, played: Optional[str] = None):
    """``{text: [value]}``: the moves of ``legal`` (texts) valued as the expert values its
    candidates where every card is known (``g``: two players' second half): ``tree_steps`` with
    ``TREE_DEPTH`` and ``EXPERT_ENDGAME``.  ``played`` first, in full; then the moves the search
    would try (``_pruned``; every move from ``EXPERT_ENDGAME`` cards, where the values are exact;
    one of those alike, ``_distinct``), best rated first, each asked only whether it beats the best
    so far: only those that do are kept, with their full value.  A generator, a step per play-out
    (the analysis, ``cardtable.coach.analysis``)."""
    moves = _text_moves(g, legal)
    r = Rater(k, g)
    rated = sorted(((r.rate(m), t) for t, m in moves.items()), reverse=True)
    values: dict = {}
    best = -1e9
    tried = _pruned(rated) if len(k.hand) > EXPERT_ENDGAME else [t for _, t in rated]
    for t in _distinct(([played] if played in moves else []) + tried, k.points):
        m = moves[t]
        sim = g.copy()
        sim.apply_move(m)
        public = k.public[:]
        public[VAL[m[1]]] += 1
        v = yield from tree_steps(sim, k, public, TREE_HORIZON, TREE_DEPTH, 0, EXPERT_ENDGAME, best)
        if v > best or t == played:     # above the floor: its full value
            values[t], best = [v], max(best, v)
    return values


def emptied_steps(table: dict, chunk: int = 2000):
    """Empty ``table`` (``Knowledge.solved``) a slice at a time, a yield after each: freeing its
    tens of thousands of solved positions at once took up to 95 ms of CPU in CPython (a long task
    in the page, where a search's tables were freed with it: ``bench/bench_analysis.py page``)."""
    while table:
        for _ in range(min(chunk, len(table))):
            table.popitem()
        yield


def exact_values(g: Seep, me: int, moves: list) -> list:
    """The hand's score difference for seat index ``me``'s side after each of ``moves``
    (``[move...]``) when both players play on perfectly in ``g`` (every card known: two players'
    second half), one table of solved positions shared (the analysis's exact values,
    ``cardtable.coach.analysis``)."""
    hb = g.hands_completed
    table: dict = {}
    out = []
    for m in moves:
        sim = g.copy(whole=False)
        sim.apply_move(m)
        out.append(_solve(sim, me, hb, -1e9, 1e9, table))
    return out


def _values_key(g: Seep) -> tuple:
    """What decides the sweeps of the rest of the hand in ``g`` (every card dealt): the values
    each seat holds, the floor's loose values and houses (value, cemented, owners), whose turn
    and how many plays -- not the suits, nor what was captured (``_sweep_balance_steps``'s table)."""
    _, counts, houses = g.floor_state()
    return (g.plays, g.to_act, tuple(g.value_counts(0)), tuple(g.value_counts(1)), tuple(counts),
            tuple(sorted((v, h[1], h[2]) for v, h in houses.items())))


def _by_values(moves: list) -> list:
    """One of each set of ``moves`` that differ only by the suits of the cards (the same sweeps
    follow from each)."""
    seen = {}
    for m in moves:
        kind, c, t, L = m
        seen.setdefault((kind, VAL[c], t, tuple(sorted(VAL[x] for x in L))), m)
    return list(seen.values())


def _swept(before: list, sim: Seep, me: int, hb: int) -> float:
    """The sweep bonuses the move that led to ``sim`` scored for seat index ``me``'s side less
    the other's (``before``: ``running_score()[2]`` before it); 0 for the hand's last play."""
    if sim.hands_completed > hb:
        return 0.0
    after = sim.running_score()[2]
    return (after[me] - before[me]) - (after[1 - me] - before[1 - me])


SWEEP_STEP_HELD = 3
"""``_sweep_balance_steps``: a step ends after each move tried in positions where the player to
act holds more cards than this."""


def _sweep_balance_steps(g: Seep, me: int, hb: int, alpha: float, beta: float, table: dict):
    """The sweep bonuses seat index ``me``'s side scores less the other side's over the rest of
    the hand in ``g`` (two players, every card known) when both sides play for sweeps alone
    (alpha-beta; ``table`` by ``_values_key``): the sweeps a player can force or avoid.  A
    generator (see ``cardtable.bots.think``) that yields after each move tried where the player
    to act holds more than ``SWEEP_STEP_HELD`` cards, so the page never waits on it for long."""
    if g.hands_completed > hb:
        return 0.0
    key = _values_key(g)
    known, alpha, beta = _looked_up(table, key, alpha, beta)
    if known is not None:
        return known
    a0, b0 = alpha, beta
    ours = _SI[g.to_act] == me
    step = _held(g) > SWEEP_STEP_HELD
    before = g.running_score()[2]
    for m in sorted(_by_values(g.legal_moves()), key=_capture_first):
        sim = g.copy(whole=False)
        sim.apply_move(m)
        v = _swept(before, sim, me, hb)
        v += yield from _sweep_balance_steps(sim, me, hb, alpha - v, beta - v, table)
        if step:
            yield
        if ours:
            alpha = max(alpha, v)
        else:
            beta = min(beta, v)
        if alpha >= beta:
            break
    v = alpha if ours else beta
    _store(table, key, v, a0, b0)
    return v


def sweep_safe_steps(g: Seep, me: int, moves: list):
    """Of ``moves`` (``[(text, move)...]``) for seat index ``me`` to act in ``g`` (two players,
    every card known), those that keep the best sweep balance to the hand's end
    (``_sweep_balance_steps``): no sweep conceded that another move avoids, however the opponent
    plays -- the quick level's filter before its rating (``QUICK_SWEEPS``).  A generator (see
    ``cardtable.bots.think``) that returns that list."""
    if len(moves) < 2:
        return moves
    hb = g.hands_completed
    table: dict = {}
    before = g.running_score()[2]
    top, vals = -1e9, []
    for _, m in moves:
        sim = g.copy(whole=False)
        sim.apply_move(m)
        v = _swept(before, sim, me, hb)
        # only whether it reaches the best so far: a fail-low window (the bonuses are 25s)
        v += yield from _sweep_balance_steps(sim, me, hb, top - 1 - v, 1e9, table)
        top = max(top, v)
        vals.append(v)
        yield
    return [tm for tm, v in zip(moves, vals) if v == top]


def _capture_first(m: tuple) -> int:
    """Search order: the captures taking most first (alpha-beta cuts sooner)."""
    return -len(m[3]) - 2 if m[0] == CAPTURE else 0


def _solve(g: Seep, me: int, hb: int, alpha: float, beta: float,
           table: Optional[dict] = None) -> float:
    """The hand's score difference for ``me``'s side in ``g`` under perfect play (alpha-beta).
    ``table``: bounds already proved, by ``position_key`` (one table per decision: ``me`` and
    ``hb`` the same throughout), for the positions up to ``_TABLED`` plays into the hand -- the
    same position is often reached by other orders of the same plays.  ``g`` is used up: the
    last move searched is played in it (one copy fewer a position), and so are the forced moves
    after ``_TABLED``."""
    while True:
        if g.hands_completed > hb:
            sc, sides = g.history[-1]["score"], g.sides     # a scratch copy keeps no older hand
            return sc[sides[me]] - sc[sides[1 - me]]
        moves = g.legal_moves()
        if len(moves) > 1 or g.plays <= _TABLED:
            break
        g.apply_move(moves[0])      # a forced move, at the hand's end: no copy, no search
    key = None
    if table is not None and g.plays <= _TABLED:
        key = g.position_key()
        known, alpha, beta = _looked_up(table, key, alpha, beta)
        if known is not None:
            return known
    a0, b0 = alpha, beta
    ours = _SI[g.to_act] == me
    if len(moves) > 1:
        moves = sorted(moves, key=_capture_first)
    last = len(moves) - 1
    for j, m in enumerate(moves):
        sim = g if j == last else g.copy(whole=False)     # the last move tried: in ``g`` itself
        sim.apply_move(m)
        v = _solve(sim, me, hb, alpha, beta, table)
        if ours:
            alpha = max(alpha, v)
        else:
            beta = min(beta, v)
        if alpha >= beta:
            break
    v = alpha if ours else beta
    if key is not None:
        _store(table, key, v, a0, b0)
    return v


_UNBOUNDED = (-1e9, 1e9)
_TABLED = PLAYS_PER_HAND - 4
"""``_solve``'s table keeps the positions up to this many plays into the hand (two players: both
hold two cards or more); after it, a move that is the only one is played in place, not searched.
From three cards only (43), as before, a second-half move costs the strong level 16% more CPU,
the expert 11% (the same answers; report NOTE15)."""


def _looked_up(table: dict, key: tuple, alpha: float, beta: float) -> tuple:
    """``(value, alpha, beta)``: the value of position ``key`` for the window when ``table``'s
    bounds already settle it (else None), and the window narrowed by those bounds."""
    lo, hi = table.get(key, _UNBOUNDED)
    if lo >= beta or lo == hi:
        return lo, alpha, beta
    if hi <= alpha:
        return hi, alpha, beta
    return None, max(alpha, lo), min(beta, hi)


def _store(table: dict, key: tuple, v: float, alpha: float, beta: float) -> None:
    """Keep in ``table`` what a search of position ``key`` in the window ``(alpha, beta)`` that
    returned ``v`` proved: its value, or a bound of it."""
    lo, hi = table.get(key, _UNBOUNDED)
    if v <= alpha:
        hi = min(hi, v)         # failed low: the value is at most v
    elif v >= beta:
        lo = max(lo, v)         # failed high: at least v
    else:
        lo = hi = v
    table[key] = (lo, hi)
STEP_HELD = 4
"""``_solve_steps``: positions where the player to act holds more cards than this are searched
in steps (a yield after each move tried), those with this many or fewer in one go (a solve
from four cards takes up to about 15 ms in the page's interpreter; from five, up to 166)."""


def _solve_steps(g: Seep, me: int, hb: int, alpha: float, beta: float, table: dict):
    """``_solve`` as a generator (see ``cardtable.bots.think``): the same search, the same
    table, the same value, with a yield after each move tried where the player to act holds
    more than ``STEP_HELD`` cards, so a deep exact end does not freeze the page."""
    if _held(g) <= STEP_HELD or g.hands_completed > hb:
        return _solve(g, me, hb, alpha, beta, table)
    key = g.position_key()
    known, alpha, beta = _looked_up(table, key, alpha, beta)
    if known is not None:
        return known
    a0, b0 = alpha, beta
    ours = _SI[g.to_act] == me
    for m in sorted(g.legal_moves(), key=_capture_first):
        sim = g.copy(whole=False)
        sim.apply_move(m)
        v = yield from _solve_steps(sim, me, hb, alpha, beta, table)
        yield
        if ours:
            alpha = max(alpha, v)
        else:
            beta = min(beta, v)
        if alpha >= beta:
            break
    v = alpha if ours else beta
    _store(table, key, v, a0, b0)
    return v


# ---- the decision ---------------------------------------------------------------------------------

def rated_moves(view: dict, rng: random.Random) -> tuple:
    """``(knowledge, sample, [(rating, text, move)...] best first)`` for the seat of ``view``."""
    k = Knowledge(view)
    g = k.sample(rng)
    moves = _text_moves(g, view["legal"])
    r = Rater(k, g)
    rated = sorted(((r.rate(m), t, m) for t, m in moves.items()), key=lambda x: (x[0], x[1]),
                   reverse=True)
    return k, g, rated


def choose_steps(view: dict, level: str, budget: float, rng: random.Random,
                 samples: Optional[int] = None):
    """The decision as a generator (see ``cardtable.bots.think``): returns the action text.
    ``samples``: a fixed number of samples instead of the time budget (see ``think``)."""
    legal = view["legal"]
    if view["phase"] == "bid":
        return choose_bid(view)
    clock = time.perf_counter
    start = clock()
    k, g, rated = rated_moves(view, rng)
    if not rated:
        return legal[0]
    if len(rated) == 1:
        return rated[0][1]
    if level == "casual":
        if (QUICK_SWEEPS and k.n == 2 and k.plays >= HALF_PLAYS
                and len(k.hand) <= QUICK_SWEEPS):
            safe = rated[0][0][0]   # no sweep given away on the next play that a move avoids
            keep = {t for t, _ in (yield from sweep_safe_steps(
                g, k.me, [(t, m) for r, t, m in rated if r[0] == safe]))}
            return next(t for _, t, _ in rated if t in keep)
        return rated[0][1]
    if k.n == 2 and k.plays >= HALF_PLAYS and len(k.hand) <= SEARCH_ENDGAME:
        return (yield from endgame_steps(g, k.me, [(t, m) for _, t, m in rated]))
    cands = _pruned([(r, t) for r, t, _ in rated])
    if len(cands) == 1:
        return cands[0]
    away = clock()
    yield  # the reading of the view and the rating of every move were a step of their own
    end = start + budget + (clock() - away)
    prior = {t: i for i, (_, t, _) in enumerate(rated)}
    return (yield from search_steps(k, cands, prior, end, rng, samples, TREE_DEPTH,
                                    EXPERT_ENDGAME if level == "expert" else STRONG_EXACT))


def search_steps(k: Knowledge, cands: list, prior: dict, end: float, rng: random.Random,
                 samples: Optional[int] = None, depth: int = TREE_DEPTH, exact: int = 0):
    """Play-outs of the live candidates on shared samples until the deadline (a generator that
    yields after each play-out; time away from it does not count: ``end`` moves on), or over
    exactly ``samples`` samples when that is given.  ``prior``: the quick order (rank by text),
    which breaks near-ties.  Candidates clearly behind the leader are dropped on the way.
    ``depth``: our later choices searched where every card is known (``TREE_DEPTH``), then by
    ``deepening_steps`` on the one sample, a step per play-out; ``exact``: see ``tree_steps``."""
    if k.n == 4:
        cands = _distinct(cands, k.points)
        if len(cands) == 1:
            return cands[0]
    n = len(cands)
    results: list = [[] for _ in range(n)]     # per candidate, per sample: our lead after the hand
    live = list(range(n))
    horizon = HORIZON.get(k.n)
    drop = DROP_4 if k.n == 4 else (DROP_MIN, DROP_Z)
    known = k.n == 2 and k.plays >= HALF_PLAYS and depth > 0   # every card known
    hands_before = 0
    clock = time.perf_counter
    out_of_time = False
    last_search["playouts"] = 0

    def timed(work):
        """``work``'s steps as ours, the deadline checked after each: its value, or None when
        the deadline cut it (``out_of_time``)."""
        nonlocal end, out_of_time
        while True:
            try:
                next(work)
            except StopIteration as fin:
                return fin.value
            if not samples and clock() >= end:
                out_of_time = True
                return None
            away = clock()
            yield
            end += clock() - away

    if known:
        last_search["samples"], last_search["candidates"] = 1, n
        bound: list = [None] * n
        yield from timed(deepening_steps(k.sample(rng, infer=True), k, cands, prior, depth,
                                         bound, exact))
        done = [i for i in range(n) if bound[i] is not None]
        if not done:
            return cands[0]
        return cands[max(done, key=lambda i: (bound[i], -prior[cands[i]]))]
    drawn = 0
    while not out_of_time and len(live) > 1:
        if samples and drawn >= samples:
            break
        drawn += 1
        g = k.sample(rng, infer=True)
        moves = _text_moves(g, [cands[i] for i in live])
        rng.random()    # no longer used; still drawn, so the samples (and the moves) stay the same
        done = []
        for i in live:
            m = moves.get(cands[i])
            if m is None:
                continue
            sim = g.copy()
            sim.apply_move(m)
            public = k.public[:]
            public[VAL[m[1]]] += 1
            quick_playout(sim, k, public, horizon)
            last_search["playouts"] += 1
            results[i].append(evaluate(sim, k, hands_before))
            done.append(i)
            if not samples and clock() >= end:
                out_of_time = True
                break
            away = clock()
            yield
            end += clock() - away
        if not out_of_time and len(done) == len(live):
            live = _drop_behind(live, results, drawn, *drop)
    last_search["samples"], last_search["candidates"] = drawn, n
    tried = [i for i in live if results[i]] or [i for i in range(n) if results[i]]
    if not tried:
        return cands[0]
    m = min(len(results[i]) for i in tried)
    return cands[max(tried, key=lambda i: (sum(results[i][:m]) / m, -prior[cands[i]]))]


def _distinct(cands: list, points: tuple) -> list:
    """``cands`` (action texts, best first) less the moves that are an earlier one with cards
    of other suits worth the same points: in Seep such cards are interchangeable (only values
    and points count), so their searches would only repeat each other.  Four players only (about
    one candidate in nine; the same moves for about 17% less CPU, report four5)."""
    seen = set()
    out = []
    for text in cands:
        words = text.split()
        cards = [idx(w) for w in words[1:] if not w.isdigit()]
        key = (words[0], words[1] if words[1].isdigit() else "", VAL[cards[0]], points[cards[0]],
               tuple(sorted((VAL[x], points[x]) for x in cards[1:])))
        if key not in seen:
            seen.add(key)
            out.append(text)
    return out


def deepening_steps(g: Seep, k: Knowledge, cands: list, prior: dict, depth: int, bound: list,
                    exact: int = 0):
    """The search where every card is known (``g``: the one sample): each candidate's
    ``tree_steps`` value with our next ``depth - 1`` choices searched, then with ``depth``,
    candidates in the order of the pass before (best first; the first pass in the quick order);
    ``bound[i]`` is candidate i's value in the deepest pass it finished.  A generator (a step per
    play-out), so a deadline may cut it anywhere: every candidate searched in full has a value
    then, and a deeper value is never below a shallower one (the quick level's move is among
    those tried: ``tests/test_seep_bot_plan.py``), so the best ``bound`` is a sound choice, and
    with no deadline it is the deepest search's."""
    moves = _text_moves(g, cands)
    order = [i for i in range(len(cands)) if cands[i] in moves]
    for d in range(max(0, depth - 1), depth + 1):
        lead = None     # the best of this pass so far: its value is exact
        for i in order:
            m = moves[cands[i]]
            sim = g.copy()
            sim.apply_move(m)
            public = k.public[:]
            public[VAL[m[1]]] += 1
            floor = -1e9
            if lead is not None:    # to beat it, be above it (or equal to it, and first by prior)
                floor = bound[lead] - (1e-9 if prior[cands[i]] < prior[cands[lead]] else 0.0)
            bound[i] = yield from tree_steps(sim, k, public, TREE_HORIZON, d, 0, exact, floor)
            if lead is None or bound[i] > floor:
                lead = i
        order.sort(key=lambda i: (-bound[i], prior[cands[i]]))


def evaluate(g: Seep, k: Knowledge, hands_before: int) -> float:
    """Our side's lead in ``g`` (a search copy after a play-out): the hand's score difference
    when the hand is over, else the points, sweeps and cards captured so far (cards weighed as
    the majority bonus's share) plus the houses on the floor, worth ``HOUSE_SHARE`` of their
    cards to the side that owns them."""
    team = k.team
    if g.hands_completed > hands_before:
        sc = g.history[hands_before]["score"]
        return sc[k.sides[team]] - sc[k.sides[1 - team]]
    pts, cards, sw = g.running_score()
    o = 1 - team
    v = pts[team] - pts[o] + sw[team] - sw[o] + k.card_weight * (cards[team] - cards[o])
    _, _, houses = g.floor_state()
    if houses:
        p = k.points
        ours = 0x5 if team == 0 else 0xA     # the seats of our side, as a bit mask
        for h in houses.values():
            own = h[2]
            if own & ours and own & ~ours:
                continue
            worth = HOUSE_SHARE * (sum(p[x] for x in h[0]) + k.card_weight * len(h[0]))
            v += worth if own & ours else -worth
    return v


def _drop_behind(live: list, results: list, drawn: int, least: int = DROP_MIN,
                 z: float = DROP_Z) -> list:
    """The live candidates less those whose mean paired difference to the leader is below zero
    by ``z`` standard errors (paired: every live candidate has played the same samples), once
    each has ``least`` samples."""
    if drawn < least:
        return live
    m = min(len(results[i]) for i in live)
    if m < least:
        return live
    lead = max(live, key=lambda i: sum(results[i][:m]))
    ref = results[lead]
    keep = []
    for i in live:
        if i == lead:
            keep.append(i)
            continue
        d = [a - b for a, b in zip(results[i][:m], ref[:m])]
        mean = sum(d) / m
        var = sum((x - mean) ** 2 for x in d) / (m - 1)
        if mean + z * math.sqrt(var / m + 1e-9) >= 0:
            keep.append(i)
    return keep
