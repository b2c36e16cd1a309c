"""Dummy Spades computer players (see ``cardtable.bots``).

Everything here starts from ``view`` (``DummySpades.view(seat)``) and nothing else.

* Bidding, casual (rule-based): the own hand's tricks are estimated (aces, guarded kings,
  spade length, ruffs); the partner hand (the dummy if we declare, the other defender if not) is
  expected to bring its share of what is left, plus what a peek or flip showed of the dummy.  A
  seat that cannot outbid the bids already made bids as a defender: against at most what the
  declarer leaves.  A hand with no honour, few and low spades declares nil on itself.
* Bidding, strong (``strong_bid_steps``): every bid 0-13 (and a nil on our own hand when the hand is
  weak) is tried on deals of the unseen cards (redrawn, up to ``BID_TRIES`` times, until the
  people who bid before us hold hands that make their bids under the rule above); the people
  still to bid are assumed to bid by that rule, which fixes the declarer; the hand is played out with the policy below and scored;
  the bid with the best mean of *our points minus the best other's* wins.
* Suicide (option ``bidding``): the same two bidders over the legal Suicide bids only; the
  rule-based one (``suicide_bid_rule``, ``suicide_nil``) bids at least 4 and names its nil on its
  own hand when the hand is nil-like, else on a hand where the nil will not count (the dummy when
  it defends, another person when it may declare).  Mirror has no bids: the card-play samples
  give every person exactly the spades his automatic bid says (``Position.sample_mirror``).
* Card play, casual: nil hands duck (highest card that loses), their partner covers, bust
  opponents' nils by ducking under them; otherwise win cheaply, cash boss cards, lead low from
  long suits, discard low from short suits.
* Card play, strong: determinized Monte Carlo.  Each sample deals the unseen cards (52 minus
  our hand, the visible dummy and every card played) to the hidden hands in the counts the view
  shows, honouring every void revealed by a failure to follow suit, and redrawn (up to
  ``BID_TRIES`` times, else the closest deal is kept) until each other person's original hand
  (cards held plus cards played) makes the bid, nil included, it made under the rule-based bid
  (exact against the casual level when no dummy card was seen).  Every legal card is played
  on each sample and the hand is finished with a cheap rule-based play-out policy on bit masks
  (``policy_cards``: nils duck, cash boss cards, lead low from long suits, second hand low, third
  hand and ruffs win cheaply; 10% random cards); the result is scored with ``score_hand`` and the
  move with the best mean of *our points minus the mean of the two others'* (so a defender
  weighs setting the declarer against helping the other defender), blended half and half
  (``LEAD_WEIGHT``) with our match lead after the hand (our total minus the best other total),
  wins; ties go to the casual card.  Bags are in ``score_hand``'s points (-100 at ten).
  Samples are drawn until the deadline.
* Expert: the strong search with four times the samples, which reads the other people's bids
  as a searching bidder's rather than by the rule (``bid_miss``): the strong level bids about a
  trick under the rule-based bid, and nil on any weak hand, so the expert's deals (in its bid
  search and in its play) take each bid to be the rule's with the team a trick lower, give or
  take one (``EXPERT_SHIFT``, ``EXPERT_SLACK``), and the people still to bid to bid so.  And it
  plays for the match, not only the hand: in its bid and card searches a hand that ends the
  match is worth ``EXPERT_MATCH`` points more when it wins the match, that many less when
  another does (``match_end``).
"""

from __future__ import annotations

import random
import time
from typing import Optional

from ..games.dummy_spades import (ALL_CARDS, BEATS, DUMMY, HANDS, NEXT_HAND, NIL_APPLIES,
                                  NON_SPADES, SEATS, SPADES, SUICIDE_MIN, SUIT_MASK, cards_of,
                                  mask_of, score_hand)
from .common import SEARCH_LEVELS, idx, mask_of_texts

_HI = {h: i for i, h in enumerate(HANDS)}


# ---- bidding ------------------------------------------------------------------------------------

def estimate_tricks(mask: int) -> float:
    """A rough count of the tricks a 13-card hand takes with spades trump."""
    est = 0.0
    sp = [c for c in cards_of(mask & SPADES)]
    ls = len(sp)
    ranks = {c % 13 + 2 for c in sp}
    top = 0
    if 14 in ranks:
        est += 1.0
        top += 1
    if 13 in ranks:
        est += 0.9 if ls >= 2 else 0.5
        top += 1
    if 12 in ranks:
        est += 0.6 if ls >= 3 else 0.2
        top += 1
    est += max(0, ls - 3) * 0.8
    spare = max(0, ls - top - max(0, ls - 3))
    for s in (1, 2, 3):
        cs = cards_of(mask & SUIT_MASK[s])
        n = len(cs)
        r = {c % 13 + 2 for c in cs}
        if 14 in r:
            est += 1.0 if n <= 6 else 0.7
        if 13 in r:
            est += 0.8 if n >= 2 else 0.3
        if 12 in r and n >= 3:
            est += 0.4
        if n <= 1 and spare > 0:
            est += 0.7 if n == 0 else 0.4
            spare -= 1
    return est


def _is_nil_hand(mask: int) -> bool:
    sp = cards_of(mask & SPADES)
    if len(sp) > 3 or any(c % 13 + 2 >= 11 for c in sp):
        return False
    for s in (1, 2, 3):
        cs = cards_of(mask & SUIT_MASK[s])
        if any(c % 13 + 2 >= 13 for c in cs):
            return False
        if len(cs) <= 3 and any(c % 13 + 2 >= 11 for c in cs):
            return False
    return estimate_tricks(mask) < 0.7


def _est_nil(mask: int) -> tuple:
    """``(estimate_tricks(mask), _is_nil_hand(mask))`` on bits, without card lists (the same
    floating-point sums in the same order, so the same results)."""
    sp = mask & 0x1FFF
    ls = sp.bit_count()
    est = 0.0
    top = 0
    if sp >> 12 & 1:
        est += 1.0
        top += 1
    if sp >> 11 & 1:
        est += 0.9 if ls >= 2 else 0.5
        top += 1
    if sp >> 10 & 1:
        est += 0.6 if ls >= 3 else 0.2
        top += 1
    est += max(0, ls - 3) * 0.8
    spare = max(0, ls - top - max(0, ls - 3))
    nilish = ls <= 3 and not sp >> 9
    for s in (13, 26, 39):
        x = mask >> s & 0x1FFF
        n = x.bit_count()
        if x >> 12 & 1:
            est += 1.0 if n <= 6 else 0.7
        if x >> 11 & 1:
            est += 0.8 if n >= 2 else 0.3
        if x >> 10 & 1 and n >= 3:
            est += 0.4
        if n <= 1 and spare > 0:
            est += 0.7 if n == 0 else 0.4
            spare -= 1
        if x >> 11 or (n <= 3 and x >> 9):
            nilish = False
    return est, nilish and est < 0.7


def bid_rule(est: float, nil: bool, dummy_est: float, top: int, shift: float = 0.0) -> int:
    """The rule-based team bid for a hand worth ``est`` tricks (``nil``: it declares nil on
    itself), ``dummy_est`` the worth of the dummy cards it can see, ``top`` the highest bid so far
    (-1 for none); ``shift``: the team is counted that many tricks lower (a model of a more
    careful bidder, see ``bid_miss``)."""
    # the partner hand brings a third of what our hand leaves, a little more with known honours
    partner = (13.0 - est) / 3.0 + 0.3 * dummy_est - shift
    team = (0.0 if nil else est) + partner
    want = int(round(team - 0.3))
    if want > top and not nil:
        return max(0, min(13, want))
    bid = max(0, min(int(round(team)), 13 - max(top, 0)) - 1)
    if top >= 0:
        bid = min(bid, top)  # a tie keeps the earlier bidder declarer
    return bid


def suicide_bid_rule(est: float, nil: bool, dummy_est: float, top: int,
                     shift: float = 0.0) -> int:
    """The rule-based side bid in Suicide (at least ``SUICIDE_MIN``), as ``bid_rule``: a seat
    that can outbid ``top`` (and is not nil) declares; the others defend with at most ``top``."""
    partner = (13.0 - est) / 3.0 + 0.3 * dummy_est - shift
    team = (0.0 if nil else est) + partner
    want = int(round(team - 0.3))
    if want > top and not nil:
        return max(SUICIDE_MIN, min(13, want))
    bid = max(SUICIDE_MIN, min(int(round(team)), 13 - max(top, 0)) - 1)
    if top >= SUICIDE_MIN:
        bid = min(bid, top)  # a tie keeps the earlier bidder declarer
    return bid


def bid_miss(rule, est: float, nil: bool, dummy_est: float, top: int, bid: int, said_nil: bool,
             shift: float = 0.0, slack: int = 0) -> int:
    """How far a person's ``bid`` (``said_nil``: with a nil on his own hand) is from what a
    hand worth ``est`` (``nil``: a nil hand by the rule) would bid by ``rule`` after ``top``.

    With no ``shift`` and no ``slack`` the model is the rule itself (the casual level, exactly):
    the bid difference, and 3 for a nil the rule would not have said or the other way round.
    Otherwise the model is a searching bidder (the strong level, as the expert takes it): about
    ``shift`` tricks under the rule, give or take ``slack``; a nil said on any hand worth fewer
    than ``NIL_EST`` tricks (its number then tells nothing), and always on a nil hand.
    """
    if not (shift or slack):
        d = rule(est, nil, dummy_est, top) - bid
        return (d if d > 0 else -d) + (3 if nil != said_nil else 0)
    if said_nil:
        return 0 if est < NIL_EST else 3
    d = rule(est, False, dummy_est, top, shift) - bid
    d = (d if d > 0 else -d) - slack
    return (d if d > 0 else 0) + (3 if nil else 0)


def suicide_nil(me: int, order: list, bid: int, top: int, nil: bool) -> int:
    """The hand a Suicide bid names nil on (every bid names exactly one).

    A nil hand names itself.  Otherwise the nil goes where it will not count (rule book 1.3.5):
    on the dummy when we defend (a bid not above ``top`` never declares), on another person
    when we may declare (a declarer's nil on a defender is ignored) -- the last of them in the
    bidding order, the likeliest to outbid us and so to declare himself.
    """
    if nil:
        return me
    if 0 <= top and bid <= top:
        return DUMMY
    return [x for x in order if x != me][-1]


def choose_bid(view: dict) -> str:
    legal = set(view["legal"])
    me = view["seat"]
    own = mask_of_texts(view["hand"])
    dummy_known = mask_of_texts(view.get("dummy") or [])
    prev = [b for b in (view.get("bids") or {}).values() if b is not None]
    top = max(prev) if prev else -1
    nil = _is_nil_hand(own)
    if (view.get("options") or {}).get("bidding") == "suicide":
        bid = suicide_bid_rule(estimate_tricks(own), nil, estimate_tricks(dummy_known), top)
        order = [SEATS.index(s) for s in view["bidding_order"]]
        h = suicide_nil(SEATS.index(me), order, bid, top, nil)
        action = f"bid {bid} nil {HANDS[h]}"
        return action if action in legal else sorted(legal)[0]
    bid = bid_rule(estimate_tricks(own), nil, estimate_tricks(dummy_known), top)
    action = f"bid {bid} nil {me}" if nil else f"bid {bid}"
    if action in legal:
        return action
    return f"bid {bid}" if f"bid {bid}" in legal else sorted(legal)[0]


# ---- the play-out policy (strong level) ---------------------------------------------------------
# A cheap rule-based card choice on bit masks, used to finish hands in the searches (random
# play-outs make every contract look like a coin toss).  Cards are single-bit masks here.

_RANK_B = {1 << c: c % 13 for c in range(52)}
_ABOVE_B = {1 << c: SUIT_MASK[c // 13] & ~((2 << c) - 1) for c in range(52)}
_BEATS_B = {1 << c: BEATS[c] for c in range(52)}
_SUIT_B = {1 << c: SUIT_MASK[c // 13] for c in range(52)}
_SIDE_SUITS = SUIT_MASK[1:]
_ORDER_SUITS = (SUIT_MASK[1], SUIT_MASK[2], SUIT_MASK[3], SUIT_MASK[0])   # spades last on ties
PARTNER = tuple(tuple((DUMMY if h == d else d if h == DUMMY else 3 - d - h) for h in range(4))
                for d in range(3))
"""``PARTNER[declarer][hand]``: the other hand of that hand's side."""


def _low_rank(m: int) -> int:
    """The lowest-ranked card of ``m`` (a bit), non-spades first on equal ranks."""
    best, br = 0, 99
    for sm in _ORDER_SUITS:
        x = m & sm
        if x:
            b = x & -x
            r = _RANK_B[b]
            if r < br:
                best, br = b, r
    return best


def _high_rank(m: int) -> int:
    best, br = 0, -1
    for sm in _ORDER_SUITS:
        x = m & sm
        if x:
            b = 1 << (x.bit_length() - 1)
            r = _RANK_B[b]
            if r > br:
                best, br = b, r
    return best


def _discard(hm: int, m: int) -> int:
    """A card to throw away: the lowest of a side suit, preferring short suits; spades last."""
    best, bk = 0, 99
    for sm in _SIDE_SUITS:
        x = m & sm
        if x:
            b = x & -x
            k = _RANK_B[b] + (hm & sm).bit_count()
            if k < bk:
                best, bk = b, k
    return best or (m & -m)


def _pick(h, hm, m, n, wbit, wh, lead, out, tw, nils, pard, decl):
    """The policy's card (a bit of ``m``, the legal cards of hand ``h`` holding ``hm``); ``n``
    cards are in the trick, ``wbit`` from hand ``wh`` winning it; ``out`` = cards not yet played."""
    side = h == decl or h == DUMMY
    p = pard[h]
    nil_me = nils >> h & 1 and not tw[h]
    nil_p = nils >> p & 1 and not tw[p]
    opp_nil = 0
    for x in (0, 1, 2, 3):
        if nils >> x & 1 and not tw[x] and (x == decl or x == DUMMY) != side:
            opp_nil |= 1 << x
    if not n:
        if nil_me or opp_nil:
            return _low_rank(m)
        # cash a boss card of a side suit (spades when they are out of the others' hands)
        others = out & ~hm
        for sm in _ORDER_SUITS:
            x = m & sm
            if x:
                b = 1 << (x.bit_length() - 1)
                if not _ABOVE_B[b] & others:
                    if sm != SPADES or others & SPADES:
                        return b
        # low from the longest side suit
        best, bl = 0, 0
        for sm in _SIDE_SUITS:
            x = m & sm
            if x:
                k = (hm & sm).bit_count()
                if k > bl:
                    best, bl = x & -x, k
        return best or (m & -m)
    beats = _BEATS_B[wbit]
    win = m & beats
    lose = m & ~beats
    follow = m & lead
    if nil_me:
        if lose:
            if follow:
                return 1 << (lose.bit_length() - 1)
            x = lose & NON_SPADES
            return _high_rank(x) if x else 1 << (lose.bit_length() - 1)
        return 1 << (m.bit_length() - 1) if follow else _high_rank(m)
    if nil_p:
        if wh == p:
            return win & -win if win else (_low_rank(m) if follow else _discard(hm, m))
        if n == 1 and win:   # the nil partner plays last: win it now, high
            return 1 << (win.bit_length() - 1) if follow else win & -win
    if opp_nil >> wh & 1 and lose:
        return 1 << (lose.bit_length() - 1) if follow else _discard(hm, lose)
    if wh == p:
        # the partner is winning: stay low
        return (m & -m) if follow else _discard(hm, m)
    if win:
        if n == 3:
            return win & -win
        others = out & ~hm
        x = win
        while x:
            b = x & -x
            if not _BEATS_B[b] & others:
                return b          # the lowest sure winner
            x ^= b
        if n == 2 or not follow:
            return win & -win     # third hand (or a ruff): cheapest winner
        return m & -m             # second hand low
    return (m & -m) if follow else _discard(hm, m)


def policy_cards(hands, tw, nxt, cur, n, wbit, wh, lead, broken, done, decl, nils, rnd, eps):
    """Finish the hand from a position with the policy (``eps``: share of random cards).

    ``n`` cards are already in the trick in progress (``wbit`` from hand ``wh`` winning it,
    ``lead`` the mask of the suit led).  Mutates ``hands`` and ``tw``.
    """
    pard = PARTNER[decl]
    out = hands[0] | hands[1] | hands[2] | hands[3]
    beats_of = _BEATS_B
    for _ in range(13 - done):
        while n < 4:
            hm = hands[cur]
            if n:
                m = hm & lead or hm
            else:
                m = hm if broken else (hm & NON_SPADES or hm)
            if not m & (m - 1):
                b = m
            elif rnd() < eps:
                r = int(rnd() * m.bit_count())
                b = m
                while r:
                    b &= b - 1
                    r -= 1
                b &= -b
            else:
                b = _pick(cur, hm, m, n, wbit, wh, lead, out, tw, nils, pard, decl)
            hands[cur] = hm ^ b
            out ^= b
            if n:
                if beats_of[wbit] & b:
                    wbit, wh = b, cur
            else:
                wbit, wh, lead = b, cur, _SUIT_B[b]
            if b < 8192:
                broken = True
            n += 1
            cur = nxt[cur]
        tw[wh] += 1
        cur = wh
        n = 0
    return tw


# ---- strong bidding -------------------------------------------------------------------------------

def bid_utility(me: int, end=None):
    """How good a hand's points are for seat ``me`` when bidding: ours minus the best of the two
    others'.  (A defender's partner scores on the same tricks, so only outscoring both wins.)
    ``end``: a ``match_end`` whose value is added (the expert's)."""
    o1, o2 = [x for x in range(3) if x != me]
    if end is None:
        return lambda p: p[me] - (p[o1] if p[o1] > p[o2] else p[o2])
    return lambda p: p[me] - (p[o1] if p[o1] > p[o2] else p[o2]) + end(p)


def match_end(me: int, view: dict, bonus: float):
    """What the match's end is worth to seat ``me`` after a hand scoring ``points``: a function
    of the hand's points giving ``+bonus`` when they end the match (a total reaches the target,
    or the losing limit, with one highest total) and ``me`` has the highest total, ``-bonus``
    when they end it with another ahead, 0 when the match goes on (a tie for the highest total
    plays another hand).  ``None`` when ``bonus`` is 0."""
    if not bonus:
        return None
    opts = view.get("options") or {}
    target = opts.get("target") or 300
    limit = opts.get("losing_limit")
    vt = view.get("totals") or {}
    t0, t1, t2 = (vt.get(s, 0) for s in SEATS)

    def end(points) -> float:
        a, b, c = t0 + points[0], t1 + points[1], t2 + points[2]
        top = a if a > b else b
        if c > top:
            top = c
        if top < target and (limit is None or min(a, b, c) > limit):
            return 0.0
        if (a == top) + (b == top) + (c == top) > 1:
            return 0.0
        return bonus if (a, b, c)[me] == top else -bonus
    return end


def strong_bid_steps(view: dict, budget: float, rng: random.Random, samples: Optional[int] = None,
                     level: str = "strong", values: Optional[dict] = None):
    """The bid with the best mean result over deals of the unseen cards (a generator that yields
    after each play-out and each sample; time away from it does not count against ``budget``).

    Each sample deals the cards we cannot see to the other two people and the dummy; the people
    still to bid answer with the rule-based bid (``bid_rule``) for their sampled hand; that fixes
    the declarer; the hand is played out with the policy once per (declarer, nils) case and every
    candidate bid is scored with ``score_hand`` (``bid_utility``: ours minus the best other's).
    With ``samples`` it stops after that many samples instead of at the deadline (a decision that
    depends only on the view and ``rng``: what a hint needs).
    ``values`` (the analysis, ``cardtable.coach.analysis``): a dict whose keys are the bids to
    value (action texts); the search tries those instead of its own candidates and appends each
    one's result on every sample to its list (ours minus the best other's, the hand's points).
    """
    end = time.perf_counter() + budget
    me = SEATS.index(view["seat"])
    order = [SEATS.index(s) for s in view["bidding_order"]]
    later = order[order.index(me) + 1:]
    vb = view.get("bids") or {}
    vn = view.get("nils") or {}
    bids0 = [vb.get(s) if vb.get(s) is not None else -1 for s in SEATS]
    nils0 = [sum(1 << _HI[h] for h in (vn.get(s) or [])) for s in SEATS]
    top0 = max(bids0)
    own = mask_of_texts(view["hand"])
    dknown = mask_of_texts(view.get("dummy") or [])
    # what the others surely see of the dummy: the flipped slots
    slots = view.get("dummy_slots") or []
    public = 0
    for s in SEATS:
        for i in (view.get("flips") or {}).get(s) or []:
            if 0 < i <= len(slots) and slots[i - 1]:
                public |= 1 << idx(slots[i - 1])
    pub_est = estimate_tricks(public)
    bags = [(view.get("bags") or {}).get(s, 0) for s in SEATS]
    est_own = estimate_tricks(own)
    suicide = (view.get("options") or {}).get("bidding") == "suicide"
    penalty = (view.get("options") or {}).get("bag_penalty", 100)
    rule = suicide_bid_rule if suicide else bid_rule
    shift, slack = (EXPERT_SHIFT, EXPERT_SLACK) if level == "expert" else (0.0, 0)
    if values is not None:
        cands = [parse_bid(a) for a in values]
    elif suicide:
        # every legal Suicide bid: a side bid of 4-13 with one nil (on a hand of ours or not)
        cands = [(b, 1 << h) for b in range(SUICIDE_MIN, 14) for h in range(4)]
    else:
        cands = [(b, 0) for b in range(14)]
        if est_own < NIL_EST:
            cands += [(b, 1 << me) for b in range(14)]
    pool = cards_of(ALL_CARDS & ~own & ~dknown)
    others = [x for x in range(3) if x != me]
    nd = 13 - dknown.bit_count()
    if len(pool) != 26 + nd:
        return choose_bid(view)
    totals = [0.0] * len(cands)
    rnd = rng.random
    leader = order[0]
    util = bid_utility(me, match_end(me, view, EXPERT_MATCH if level == "expert" else 0.0))
    # the people who bid before us: their hands should explain their bids under the rule
    checks = []
    top = -1
    drawn = 0
    for x in order:
        if bids0[x] < 0:
            break
        if x != me:
            checks.append((x, bids0[x], bool(nils0[x] >> x & 1), top))
        top = max(top, bids0[x])
    while True:
        for _ in range(BID_TRIES if checks else 1):
            rng.shuffle(pool)
            h0, h1 = mask_of(pool[:13]), mask_of(pool[13:26])
            miss = 0
            for x, bx, nl, tx in checks:
                est, nil = _est_nil(h0 if x == others[0] else h1)
                miss += bid_miss(rule, est, nil, pub_est, tx, bx, nl, shift, slack)
            if miss <= BID_TOL:
                break
        hands = [0, 0, 0, dknown]
        hands[me] = own
        hands[others[0]] = h0
        hands[others[1]] = h1
        hands[DUMMY] |= mask_of(pool[26:])
        model = {x: (estimate_tricks(hands[x]), _is_nil_hand(hands[x])) for x in later}
        plays = {}
        for i, (b, nm) in enumerate(cands):
            bids = bids0[:]
            nils = nils0[:]
            bids[me] = b
            nils[me] = nm
            top = max(top0, b)
            for x in later:
                e, nl = model[x]
                bx = rule(e, nl, pub_est, top, shift)
                bids[x] = bx
                if suicide:
                    nils[x] = 1 << suicide_nil(x, order, bx, top, nl)
                else:
                    nils[x] = (1 << x) if nl else 0
                if bx > top:
                    top = bx
            decl = next(x for x in order if bids[x] == top)
            ap = NIL_APPLIES[decl]
            applied = (nils[0] & ap[0]) | (nils[1] & ap[1]) | (nils[2] & ap[2])
            key = decl * 16 + applied
            tw = plays.get(key)
            if tw is None:
                tw = policy_cards(hands[:], [0, 0, 0, 0], NEXT_HAND[decl], leader, 0, 0, -1, 0,
                                  False, 0, decl, applied, rnd, EPS)
                plays[key] = tw
                away = time.perf_counter()
                yield  # after each play-out
                end += time.perf_counter() - away
            u = util(score_hand(decl, bids, nils, tw, bags, penalty)[0])
            totals[i] += u
            if values is not None:
                values[bid_text(b, nm)].append(u)
        drawn += 1
        if (drawn >= samples) if samples else time.perf_counter() >= end:
            break
        away = time.perf_counter()
        yield
        end += time.perf_counter() - away
    best = max(range(len(cands)), key=lambda i: totals[i])
    action = bid_text(*cands[best])
    return action if action in set(view["legal"]) else choose_bid(view)



def bid_text(b: int, nm: int) -> str:
    """The action text of bid ``b`` with nils on the hands of mask ``nm``."""
    return f"bid {b} nil {','.join(HANDS[h] for h in range(4) if nm >> h & 1)}" if nm else f"bid {b}"


def parse_bid(action: str) -> tuple:
    """``(tricks, nil mask)`` of a bid's action text (``bid_text``'s inverse)."""
    words = action.split()
    nm = sum(1 << _HI[h] for h in words[3].split(",")) if len(words) > 3 else 0
    return int(words[1]), nm


NIL_EST = 2.0
"""A nil on our own hand is a candidate bid only when the hand is worth fewer tricks."""
EXPERT_SHIFT = 1.0
"""The expert reads the other people's bids as a searching bidder's: this many tricks under the
rule-based bid (``bid_miss``).  Of 900 strong bids (300 deals) 42% are the rule's with the team
a trick lower, 20% the rule's own; 40 of its 46 nils were on hands the rule does not call nil.
Against two strong players, over the same 300 single hands (``bench/bench_spades_hands.py``),
this reading gains the expert +10.1 +- 7.8 points a hand (its points less the mean of the
others'), hands won 29.0% -> 33.7%, and it costs less CPU (deals are accepted sooner)."""
EXPERT_SLACK = 1
"""... give or take this many tricks (per person)."""
EXPERT_MATCH = 200.0
"""The expert plays for the match: a hand that ends it is worth this many points more to it when
it wins the match, and this many less when another does (``match_end``), in its bid and card
searches."""


# ---- the position, read from the view --------------------------------------------------------------

def _deal_avoiding(pool: list, need: list, voids: list, rng: random.Random) -> list:
    """Deal the cards of ``pool`` into four masks of ``need[h]`` cards, no card to a hand void
    in its suit when that can be done: uniform shuffles first, then card by card (the suits
    with the fewest hands able to take them first) in proportion to the room left, restarting
    when a card has nowhere to go; as a last resort a void is broken."""
    for _ in range(8):
        rng.shuffle(pool)
        out, i = [0, 0, 0, 0], 0
        for h in range(4):
            m = mask_of(pool[i:i + need[h]])
            i += need[h]
            if m & voids[h]:
                break
            out[h] = m
        else:
            return out
    takers = {c: sum(1 for h in range(4) if need[h] and not voids[h] >> c & 1) for c in pool}
    pool = sorted(pool, key=lambda c: takers[c])
    for attempt in range(30):
        out = [0, 0, 0, 0]
        left = need[:]
        for c in pool:
            bit = 1 << c
            ok = [h for h in range(4) if left[h] and not voids[h] & bit]
            if not ok:
                if attempt < 29:
                    break
                ok = [h for h in range(4) if left[h]]
            r = rng.random() * sum(left[h] for h in ok)
            for h in ok:
                r -= left[h]
                if r < 0:
                    break
            out[h] |= bit
            left[h] -= 1
        else:
            return out
    return out


class Position:
    """The play position as the seat to act sees it (masks, ints: the engine's fast types)."""

    def __init__(self, view: dict):
        self.me = SEATS.index(view["seat"])
        self.decl = SEATS.index(view["declarer"])
        self.nxt = NEXT_HAND[self.decl]
        self.cur = _HI[view["acting_hand"]]
        self.own = mask_of_texts(view["hand"])
        self.dummy = mask_of_texts(view.get("dummy") or [])
        self.exposed = bool(view.get("dummy_exposed"))
        counts = view["hand_counts"]
        self.counts = [counts[h] for h in HANDS]
        self.bids = [view["bids"][s] or 0 for s in SEATS]
        nils = view.get("nils") or {}
        self.nils = [sum(1 << _HI[h] for h in (nils.get(s) or [])) for s in SEATS]
        applies = view.get("nil_applies") or {}
        self.nil_hands = 0
        for s in SEATS:
            for h in applies.get(s) or []:
                self.nil_hands |= 1 << _HI[h]
        bags = view.get("bags") or {}
        self.bags = [bags.get(s, 0) for s in SEATS]
        totals = view.get("totals") or {}
        self.totals = [totals.get(s, 0) for s in SEATS]
        self.others = [x for x in range(3) if x != self.me]
        tw = view["tricks_won"]
        self.tricks_won = [tw[h] for h in HANDS]
        self.broken = bool(view.get("spades_broken"))
        played = 0
        voids = [0, 0, 0, 0]
        by_hand = [0, 0, 0, 0]
        done = 0
        for t in view.get("tricks") or []:
            played |= self._read_trick(t, voids, by_hand)
            done += 1
        self.done = done
        tr = view.get("trick") or {"plays": [], "leader": view["acting_hand"]}
        played |= self._read_trick(tr, voids, by_hand)
        # the bids the other people made, to be explained by their original hands (cards held
        # plus cards played) under the rule-based bid: (hand, played, bid, nil, top before it)
        self.bid_checks = []
        vb = view.get("bids") or {}
        vn = view.get("nils") or {}
        top = -1
        for s in view.get("bidding_order") or []:
            b = vb.get(s)
            if b is None:
                continue
            x = SEATS.index(s)
            if x != self.me:
                self.bid_checks.append((x, by_hand[x], b, s in (vn.get(s) or []), top))
            if b > top:
                top = b
        bidding = (view.get("options") or {}).get("bidding")
        self.penalty = (view.get("options") or {}).get("bag_penalty", 100)   # house rule: 100 or 110
        self.rule = suicide_bid_rule if bidding == "suicide" else bid_rule
        self.model = (0.0, 0)
        """(shift, slack) of ``bid_miss``: how the other people's bids are read (the expert's
        search sets its own)."""
        self.end = None
        """``match_end``'s function, added to ``utility`` (the expert's search sets it)."""
        # Mirror: the bids are the spades each person held (exact, public); the view's bids are
        # contracts, not rule-based bids, so they are not checked against the rule.
        mb = view.get("mirror_bids")
        self.mirror_spades = [mb[s] for s in SEATS] if bidding == "mirror" and mb else None
        self.decl_bid_hidden = False
        if self.mirror_spades is not None:
            self.bid_checks = []
            self.decl_bid_hidden = vb.get(SEATS[self.decl]) is None
        self.by_hand = by_hand
        self.trick = [idx(p["card"]) for p in tr["plays"]]
        self.leader = _HI[tr["leader"]] if tr.get("leader") else self.cur
        self.win_card = self.win_hand = self.lead_suit = -1
        if self.trick:
            self.lead_suit = self.trick[0] // 13
            h = self.leader
            w = self.trick[0]
            self.win_hand = h
            for c in self.trick[1:]:
                h = self.nxt[h]
                if BEATS[w] >> c & 1:
                    w = c
                    self.win_hand = h
            self.win_card = w
        self.played = played
        self.voids = voids
        # the hands we know: ours, and the dummy's visible part (all of it once exposed)
        known = [0, 0, 0, 0]
        known[self.me] = self.own
        known[DUMMY] |= self.dummy
        if self.me == self.decl and self.cur == DUMMY:
            pass
        self.known = known
        self.unseen = ALL_CARDS & ~played & ~self.own & ~self.dummy
        self.legal = [idx(a.split()[1]) for a in view["legal"]]

    def _read_trick(self, t: dict, voids: list, by_hand: list) -> int:
        m = 0
        plays = t["plays"]
        if not plays:
            return 0
        lead = idx(plays[0]["card"]) // 13
        for p in plays:
            c = idx(p["card"])
            m |= 1 << c
            h = _HI[p["hand"]]
            by_hand[h] |= 1 << c
            if c // 13 != lead:
                voids[h] |= SUIT_MASK[lead]
        return m

    def bid_misfit(self, hands: list) -> int:
        """How far the other people's bids are from what their sampled original hands would
        bid by the rule (0: every bid explained; a wrong nil counts 3)."""
        miss = 0
        for h, pm, b, nl, top in self.bid_checks:
            est, nil = _est_nil(hands[h] | pm)
            miss += bid_miss(self.rule, est, nil, 0.0, top, b, nl, *self.model)
        return miss

    def sample_bids(self, rng: random.Random, tries: int, tol: int) -> list:
        """A sample preferring deals whose hands explain the bids made (rejection sampling:
        the first of ``tries`` deals within ``tol``, else the best one seen)."""
        if self.mirror_spades is not None:
            return self.sample_mirror(rng)
        best, bm = None, 1 << 30
        for _ in range(tries):
            hs = self.sample_any(rng)
            if not self.bid_checks:
                return hs
            m = self.bid_misfit(hs)
            if m <= tol:
                return hs
            if m < bm:
                best, bm = hs, m
        return best

    def sample_mirror(self, rng: random.Random) -> list:
        """Mirror: a deal in which every person's original hand holds exactly the spades his
        automatic bid says (the dummy gets the spades left), voids honoured.

        Before the dummy is turned up the declarer's contract (his spades plus the dummy's) is
        not shown: it is set here from the sampled dummy, with a nil on a spadeless dummy.
        """
        known = self.known
        need = [self.counts[h] - known[h].bit_count() for h in range(4)]
        unseen_sp = self.unseen & SPADES
        sp_need = [0, 0, 0, 0]
        for h in range(3):
            if need[h] > 0:
                sp_need[h] = (self.mirror_spades[h] - (self.by_hand[h] & SPADES).bit_count()
                              - (known[h] & SPADES).bit_count())
        if need[DUMMY] > 0:
            sp_need[DUMMY] = unseen_sp.bit_count() - sum(sp_need[:3])
        if (sum(sp_need) != unseen_sp.bit_count()
                or any(not 0 <= sp_need[h] <= need[h] for h in range(4))):
            return self.sample_any(rng)   # inconsistent counts (should not happen)
        hands = known[:]
        sp = cards_of(unseen_sp)
        rng.shuffle(sp)
        i = 0
        for h in range(4):
            hands[h] |= mask_of(sp[i:i + sp_need[h]])
            i += sp_need[h]
        rest = [need[h] - sp_need[h] for h in range(4)]
        dealt = _deal_avoiding(cards_of(self.unseen & ~SPADES), rest, self.voids, rng)
        for h in range(4):
            hands[h] |= dealt[h]
        if self.decl_bid_hidden:
            d = self.decl
            dsp = (hands[DUMMY] | self.by_hand[DUMMY]) & SPADES
            self.bids[d] = self.mirror_spades[d] + dsp.bit_count()
            if dsp:
                self.nils[d] &= ~(1 << DUMMY)
                self.nil_hands &= ~(1 << DUMMY)
            else:
                self.nils[d] |= 1 << DUMMY
                self.nil_hands |= 1 << DUMMY
        return hands

    def sample(self, rng: random.Random) -> Optional[list]:
        """Four hand masks consistent with the view (None if the voids cannot be honoured)."""
        need = [self.counts[h] - self.known[h].bit_count() for h in range(4)]
        pool = cards_of(self.unseen)
        if sum(need) != len(pool) or min(need) < 0:
            return None
        rng.shuffle(pool)
        hands = self.known[:]
        hidden = [h for h in range(4) if need[h] > 0]
        voids = self.voids
        # fast path: deal the shuffled cards in slices; kept if no void is broken (uniform)
        i = 0
        for h in hidden:
            m = 0
            for c in pool[i:i + need[h]]:
                m |= 1 << c
            i += need[h]
            if m & voids[h]:
                break
            hands[h] |= m
        else:
            return hands
        hands = self.known[:]
        for c in pool:
            bit = 1 << c
            tot = 0
            for h in hidden:
                if need[h] and not voids[h] & bit:
                    tot += need[h]
            if not tot:
                return None
            r = rng.random() * tot
            for h in hidden:
                if need[h] and not voids[h] & bit:
                    r -= need[h]
                    if r < 0:
                        break
            hands[h] |= bit
            need[h] -= 1
        return hands

    def sample_any(self, rng: random.Random) -> list:
        for _ in range(12):
            hs = self.sample(rng)
            if hs is not None:
                return hs
        saved = self.voids
        self.voids = [0, 0, 0, 0]
        try:
            hs = self.sample(rng)
        finally:
            self.voids = saved
        if hs is None:  # counts disagree with the cards (should not happen): fill greedily
            hs = self.known[:]
            pool = cards_of(self.unseen)
            for h in range(4):
                while hs[h].bit_count() < self.counts[h] and pool:
                    hs[h] |= 1 << pool.pop()
        return hs

    def utility(self, points) -> float:
        me = self.me
        u = points[me] - 0.5 * (sum(points) - points[me])
        t = self.totals
        o1, o2 = self.others
        a, b = t[o1] + points[o1], t[o2] + points[o2]
        lead = t[me] + points[me] - (a if a > b else b)
        u = (1 - LEAD_WEIGHT) * u + LEAD_WEIGHT * lead
        if self.end is not None:
            u += self.end(points)
        return u

    def prollout(self, hands: list, c: int, rnd, eps: float) -> tuple:
        """Play card ``c`` from the acting hand, then the policy to the end; the hand's points."""
        hands = hands[:]
        tw = self.tricks_won[:]
        cur = self.cur
        bit = 1 << c
        hands[cur] ^= bit
        broken = self.broken or c < 13
        n = len(self.trick)
        if n:
            wbit, wh = 1 << self.win_card, self.win_hand
            if BEATS[self.win_card] & bit:
                wbit, wh = bit, cur
            lead = SUIT_MASK[self.lead_suit]
        else:
            wbit, wh, lead = bit, cur, SUIT_MASK[c // 13]
        n += 1
        done = self.done
        nxt = self.nxt
        if n == 4:
            tw[wh] += 1
            done += 1
            n = 0
            cur = wh
        else:
            cur = nxt[cur]
        if done < 13:
            policy_cards(hands, tw, nxt, cur, n, wbit, wh, lead, broken, done, self.decl,
                         self.nil_hands, rnd, eps)
        return score_hand(self.decl, self.bids, self.nils, tw, self.bags, self.penalty)[0]

    # ---- rule-based play ------------------------------------------------------------------------
    def side(self, h: int) -> int:
        return 0 if h == self.decl or h == DUMMY else 1

    def partner(self, h: int) -> int:
        if h == self.decl:
            return DUMMY
        if h == DUMMY:
            return self.decl
        return 3 - self.decl - h

    def casual(self) -> int:
        legal = self.legal
        h = self.cur
        my_mask = self.own if h == self.me else self.dummy
        if len(legal) == 1:
            return legal[0]
        rank = lambda c: c % 13  # noqa: E731
        pard = self.partner(h)
        nil_me = self.nil_hands >> h & 1
        nil_pard = self.nil_hands >> pard & 1
        opp_nils = [x for x in range(4) if self.nil_hands >> x & 1 and self.side(x) != self.side(h)]
        if not self.trick:
            # leading
            non_sp = [c for c in legal if c >= 13]
            pool = non_sp or legal
            if nil_me or opp_nils:
                return min(pool, key=rank)
            boss = [c for c in pool if self._boss(c, my_mask)]
            if boss:
                return max(boss, key=rank)
            # low from the longest suit
            by_len = max(pool, key=lambda c: ((my_mask & SUIT_MASK[c // 13]).bit_count(), -rank(c)))
            return min((c for c in pool if c // 13 == by_len // 13), key=rank)
        wc, wh = self.win_card, self.win_hand
        winners = [c for c in legal if BEATS[wc] >> c & 1]
        losers = [c for c in legal if not BEATS[wc] >> c & 1]
        last = len(self.trick) == 3
        if nil_me:
            if losers:
                return max(losers, key=lambda c: (c < 13 and 0 or 1, rank(c)))
            return max(winners, key=rank)
        if wh == pard and nil_pard and winners:
            return min(winners, key=rank)  # cover the partner's nil
        if wh in opp_nils:
            if losers:
                return max(losers, key=rank)  # leave the nil hand winning
        pard_wins = wh == pard and (last or self._boss(wc, my_mask))
        if winners and not pard_wins:
            if nil_pard and pard not in self._played_hands():
                return max(winners, key=rank)
            if last:
                return min(winners, key=lambda c: (c < 13, rank(c)))
            # second or third hand: win with a boss card if possible, else cheapest winner
            boss = [c for c in winners if self._boss(c, my_mask)]
            if boss:
                return min(boss, key=rank)
            if self.trick and len(self.trick) == 1:
                return min(winners, key=lambda c: (c < 13, rank(c)))
            return min(winners, key=lambda c: (c < 13, rank(c)))
        # lose cheaply: low card from the shortest non-spade suit
        pool = losers or legal
        non_sp = [c for c in pool if c >= 13] or pool
        return min(non_sp, key=lambda c: ((my_mask & SUIT_MASK[c // 13]).bit_count() if
                                          not self.trick or c // 13 != self.lead_suit else 0,
                                          rank(c)))

    def _played_hands(self) -> set:
        out, h = set(), self.leader
        for _ in self.trick:
            out.add(h)
            h = self.nxt[h]
        return out

    def _boss(self, c: int, my_mask: int) -> bool:
        higher = SUIT_MASK[c // 13] & ~((2 << c) - 1)
        return not (higher & ~self.played & ~my_mask)


# ---- entry point ------------------------------------------------------------------------------

def choose_steps(view: dict, level: str, budget: float, rng: random.Random,
                 samples: Optional[int] = None):
    """The decision as a generator (see ``cardtable.bots.think``): returns the action text.
    ``samples``: a fixed number of samples instead of the time budget (see ``think``)."""
    phase = view["phase"]
    legal = view["legal"]
    if phase == "bid":
        if level in SEARCH_LEVELS:
            return (yield from strong_bid_steps(view, budget, rng, samples, level))
        return choose_bid(view)
    if phase in ("peek", "flip"):
        return legal[int(rng.random() * len(legal))]
    pos = Position(view)
    if level == "expert":
        pos.model = (EXPERT_SHIFT, EXPERT_SLACK)
        pos.end = match_end(pos.me, view, EXPERT_MATCH)
    if level == "casual" or len(pos.legal) == 1:
        return "play " + view_text(pos.casual())
    return "play " + view_text((yield from search_steps(pos, budget, rng, samples)))


def view_text(c: int) -> str:
    from ..games.dummy_spades import CARD_TEXT
    return CARD_TEXT[c]


def search_steps(pos: Position, budget: float, rng: random.Random, samples: Optional[int] = None):
    """Flat determinized Monte Carlo over the legal cards until the deadline (a generator that
    yields after each play-out; time away from it does not count against ``budget``), or for
    exactly ``samples`` samples when that is given."""
    yield  # reading the position from the view was a step of its own
    end = time.perf_counter() + budget
    # cards of one suit with only played cards between them are the same card: try one of each
    cands = []
    group = {}
    prev = -1
    played = pos.played
    for c in sorted(pos.legal):
        if not (prev >= 0 and c // 13 == prev // 13 and not ((1 << c) - (2 << prev)) & ~played):
            cands.append(c)
        group[c] = len(cands) - 1
        prev = c
    n = len(cands)
    totals = [0.0] * n
    visits = 0
    rnd = rng.random
    util = pos.utility
    # always do at least one sample, whatever the budget
    while True:
        hands = pos.sample_bids(rng, BID_TRIES, BID_TOL)
        for i, c in enumerate(cands):
            totals[i] += util(pos.prollout(hands, c, rnd, EPS))
            away = time.perf_counter()
            yield  # after each play-out: early in a hand, one sample is a dozen of them
            end += time.perf_counter() - away
        visits += 1
        if (visits >= samples) if samples else time.perf_counter() >= end:
            break
    last_search["samples"], last_search["candidates"] = visits, n
    best = max(range(n), key=lambda i: totals[i])
    # keep the rule-based card unless the search finds a better one (by MARGIN points per sample)
    pref = pos.casual()
    if pref in group:
        if totals[best] - totals[group[pref]] <= MARGIN * visits:
            return pref
    return cands[best]


last_search = {"samples": 0, "candidates": 0}
"""What the last card-play search did (samples drawn, cards tried): read by ``bench/bench_bots.py``."""
MARGIN = 0.0
"""Points per sample by which the search must beat the rule-based card (0: the search decides)."""
LEAD_WEIGHT = 0.5
"""Weight of the match lead (our total minus the best other's, after this hand) in the card-play
utility; the rest is our points minus half the others' for this hand."""
BID_TRIES = 30
"""Deals tried per sample for one whose hands explain the other people's bids."""
BID_TOL = 0
"""Total bid difference (summed over the other people) a deal may have and still be accepted."""
EPS = 0.1
"""Share of random cards in the policy play-outs (keeps the samples from being too alike)."""
