"""Dummy Spades: three-player "Dummy Hand" Spades, the whole rules in one module.

The rule book is ``rules/dummy-spades.md``; this module follows it and its "Final product decisions".
A short tour, from the outside in::

    >>> g = DummySpades(seed=42)
    >>> g.phase, g.dealer, g.to_act            # the first dealer is drawn from the seed
    ('bid', 'p1', 'p2')
    >>> len(g.legal_actions())                 # 14 team bids x 16 sets of nil hands
    224
    >>> g.apply("BID 4 nil P2")                # case-insensitive; returns the canonical form
    'bid 4 nil p2'
    >>> g.apply("bid 7"), g.apply("bid 5")
    ('bid 7', 'bid 5')
    >>> g.declarer, g.phase, g.to_act          # p0 bid highest; p2 (left of the dealer) leads
    ('p0', 'play', 'p2')
    >>> g.view("p2")["hand"][:5]
    ['KS', 'QS', '9S', '6S', 'JH']
    >>> g.apply("play KS")
    Traceback (most recent call last):
    ...
    cardtable.game.IllegalAction: spades are not broken
    >>> g.apply("play jh"), g.to_act, g.acting_hand   # play order: p0, p1, dummy, p2
    ('play JH', 'p0', 'p0')

Seats and hands
    Three people sit at ``p0``, ``p1``, ``p2`` in clockwise order ("left" of p0 is p1).  A fourth
    hand, ``dummy``, is dealt but has no person: after the bidding it belongs to the declarer, who
    chooses its cards.  So the *seat to act* (``to_act``, a person) and the *hand it plays from*
    (``acting_hand``) are kept apart: when the dummy plays, ``to_act`` is the declarer and
    ``acting_hand`` is ``"dummy"``.

Phases of a hand (``phase``)
    ``"peek"`` (three-peeky / four-peeky variants) or ``"flip"`` (flip-N variants), then ``"bid"``,
    then ``"play"``; ``"over"`` once the match has a winner.  In Mirror (option ``bidding``) there
    is no ``"bid"`` phase: each person's bid is the number of spades he holds, and the play starts
    as soon as the bidding would have (``_start_bidding``).  The bidding order is the three people
    clockwise from the dealer's left; the peek and flip rounds use the same order.  When the 13th
    trick of a hand is taken the hand is scored at once and, unless the match is over, the next hand
    is dealt at once: there is no "hand over" pause in the state.  ``history`` (and the view's
    ``history`` and ``previous_tricks``) say how the last hand went.

Notation (the actor is never named: it is always ``to_act``)
    ``bid 4``, ``bid 4 nil p1,dummy``  team bid 0-13 and nil declarations on hands.  A player names
                                      his own seat for a nil on his own hand.  Canonical nil order
                                      p0, p1, p2, dummy, comma-separated.  In Suicide every bid
                                      names exactly one nil and bids at least 4 (``bid 5 nil
                                      dummy``); in Mirror there are no bid actions at all.
    ``peek 1 5 9``                    the dummy slots (1-13) a player looks at; ascending.
    ``flip 2 7``                      the dummy slots a player turns face up; ascending.
    ``play TD``                       a card (``10D``, ``t♦`` accepted); a dummy card is played by
                                      naming it when the dummy is to play.

Records
    ``{"format": "cardtable/1", "game": "dummy-spades", "options": {"target": 300, "variant":
    "no-peeky", "losing_limit": null}, "players": [...], "seed": 42, "deals": [...], "actions": [...]}``.
    The later options ``bidding`` (``"standard"``, ``"mirror"``, ``"suicide"``) and
    ``bag_penalty`` (100 or 110) are written only when they are not the default, so records
    made before them are unchanged.
    Hand ``k`` (counting from 0) is ``deals[k]`` when the record gives it, else it is dealt from the
    seed: the deck is ``cards.shuffled_deck(cards.hand_rng(seed, k))``; p0 gets ``deck[0:13]``, p1
    ``deck[13:26]``, p2 ``deck[26:39]`` and the dummy ``deck[39:52]``, which are its face-down slots
    1 to 13 in that order.  The first dealer is ``deals[0]["dealer"]`` when given, else
    ``random.Random(f"cardtable:{seed}:first-dealer").randrange(3)``; then the deal passes clockwise.

Two APIs over one state
    The *string API* (``legal_actions``, ``apply``, ``view``, ``summary``, ``to_record``) is what the
    UI, the records and the command line use; it explains every refusal.  The *fast API* is for
    computer players that search: hands are 52-bit masks (bit ``i`` is ``cards.card(i)``), moves are
    small ints (a card index for a play; see ``move_to_action``), and::

        g2 = g.clone()                          # cheap copy for search
        ms = g2.legal_moves()                   # ints
        g2.apply_move(ms[0])                    # checked, no reasons, no parsing
        g2.random_playout(rng)                  # random moves to the end of the hand (scored)
        tricks, points = g.rollout(rng)         # same, without touching g (optional fake hands)

    The string API is a thin wrapper: ``apply(text)`` is ``parse_action(text)`` then the same
    internal step as ``apply_move``.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from typing import Any, Optional, Sequence

from ..cards import CARDS, Card, CardError, chained_seed, hand_rng
from ..game import Game, IllegalAction, RecordError
from . import register

# ---- seats, hands, phases --------------------------------------------------------------------

SEATS: tuple[str, ...] = ("p0", "p1", "p2")
"""The three people, clockwise."""
HANDS: tuple[str, ...] = ("p0", "p1", "p2", "dummy")
"""The four hands; index 3 is the dummy.  Hand ``i < 3`` belongs to seat ``i``."""
DUMMY = 3
_HAND_INDEX = {h: i for i, h in enumerate(HANDS)}

PEEK, FLIP, BID, PLAY, OVER = range(5)
PHASES: tuple[str, ...] = ("peek", "flip", "bid", "play", "over")
_PHASE_VERB = ("peek at the dummy", "flip dummy cards", "bid", "play a card", "")
_VERB_PHASE = {"peek": PEEK, "flip": FLIP, "bid": BID, "play": PLAY}

VARIANTS: dict[str, tuple[int, int]] = {
    "no-peeky": (0, 0),
    "three-peeky": (3, 0),
    "four-peeky": (4, 0),
    "flip-1": (0, 1),
    "flip-2": (0, 2),
    "flip-3": (0, 3),
    "flip-4": (0, 4),
}
"""Variant name -> (cards each player peeks at, cards each player flips)."""
TARGETS = (300, 500)
LOSING_LIMITS = (None, -200)
BIDDINGS = ("standard", "mirror", "suicide")
"""Option ``bidding``: free bids (standard), automatic bids = spades held (mirror), every bid
with exactly one nil and a side bid of at least 4 (suicide).  Rule book 1.8."""
BAG_PENALTIES = (100, 110)
"""House rule ``bag_penalty``: points lost per ten bags (110: the ten bags are lost too)."""
SUICIDE_MIN = 4
"""In Suicide the side bid is at least this."""
_NEW_OPTIONS = {"bidding": "standard", "bag_penalty": 100}
# Options added after the first records were written: a record states them only when they are
# not the default, so the record of a game without them is what it always was.

# ---- card tables (card index = suit * 13 + rank - 2, suits S H D C, so spades are 0..12) ------

CARD_TEXT: tuple[str, ...] = tuple(str(c) for c in CARDS)
SUIT_WORDS = ("spades", "hearts", "diamonds", "clubs")
SUIT_MASK: tuple[int, ...] = tuple(0x1FFF << (13 * s) for s in range(4))
ALL_CARDS = (1 << 52) - 1
SPADES = SUIT_MASK[0]
NON_SPADES = ALL_CARDS & ~SPADES


def _beats(c: int) -> int:
    # The cards that beat card c when c is winning a trick.  A winning card is always of the suit
    # led or a spade, so this does not depend on the suit led: higher cards of c's suit, plus every
    # spade when c is not a spade.
    above = SUIT_MASK[c // 13] & ~((1 << (c + 1)) - 1)
    return above if c < 13 else above | SPADES


BEATS: tuple[int, ...] = tuple(_beats(c) for c in range(52))


def cards_of(mask: int) -> list[int]:
    """The card indices in a mask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_of(cards: Sequence[int]) -> int:
    """The mask of some card indices."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def display_order(cards: Sequence[int]) -> list[int]:
    """Cards as a hand is shown: spades, hearts, diamonds, clubs, each suit high to low."""
    return sorted(cards, key=lambda c: (c // 13, -c))


# ---- moves as ints ---------------------------------------------------------------------------
#   0..51                      play that card
#   BID_BASE + 16*n + nils     bid n; nils has bit h set for a nil on hand h (p0, p1, p2, dummy)
#   PEEK_BASE + slots          peek; slots has bit i-1 set for dummy slot i
#   FLIP_BASE + slots          flip

BID_BASE = 64
PEEK_BASE = 1 << 14
FLIP_BASE = 1 << 15
ALL_BID_MOVES: tuple[int, ...] = tuple(BID_BASE + 16 * n + nm for n in range(14) for nm in range(16))
SUICIDE_BID_MOVES: tuple[int, ...] = tuple(BID_BASE + 16 * n + (1 << h)
                                           for n in range(SUICIDE_MIN, 14) for h in range(4))
"""The legal bids in Suicide: a side bid of 4 to 13 with a nil on exactly one hand."""
_SLOT_COMBOS: dict[int, tuple[int, ...]] = {
    n: tuple(sum(1 << i for i in combo) for combo in itertools.combinations(range(13), n))
    for n in range(1, 5)
}


def _nil_names(mask: int) -> list[str]:
    return [HANDS[h] for h in range(4) if mask >> h & 1]


def _slot_numbers(mask: int) -> list[int]:
    return [i + 1 for i in range(13) if mask >> i & 1]


def move_to_action(m: int) -> str:
    """The canonical text of an int move: ``12 -> "play AS"``, ``BID_BASE + 16*4 + 0b1010 ->
    "bid 4 nil p1,dummy"``, ``PEEK_BASE + 0b100010001 -> "peek 1 5 9"``."""
    if 0 <= m < 52:
        return "play " + CARD_TEXT[m]
    if BID_BASE <= m < BID_BASE + 14 * 16:
        n, nils = divmod(m - BID_BASE, 16)
        return f"bid {n} nil {','.join(_nil_names(nils))}" if nils else f"bid {n}"
    if PEEK_BASE < m < PEEK_BASE + (1 << 13):
        return "peek " + " ".join(map(str, _slot_numbers(m - PEEK_BASE)))
    if FLIP_BASE < m < FLIP_BASE + (1 << 13):
        return "flip " + " ".join(map(str, _slot_numbers(m - FLIP_BASE)))
    raise ValueError(f"not a move: {m!r}")


# ---- sides, play order, nil rules, scoring ----------------------------------------------------


def _next_hand(declarer: int) -> tuple[int, ...]:
    # Play order for the whole hand: declarer -> left defender -> dummy -> right defender.
    ld, rd = (declarer + 1) % 3, (declarer + 2) % 3
    nxt = [0, 0, 0, 0]
    nxt[declarer], nxt[ld], nxt[DUMMY], nxt[rd] = ld, DUMMY, rd, declarer
    return tuple(nxt)


NEXT_HAND: tuple[tuple[int, ...], ...] = tuple(_next_hand(d) for d in range(3))
"""``NEXT_HAND[declarer][hand]`` is the hand that plays after ``hand``."""


def _nil_applies(declarer: int, bidder: int) -> int:
    # The hands on which a nil declared by ``bidder`` counts (rule book 1.3.5): his own hand
    # always; the dummy only if he is declarer; another person's hand only if both are defenders.
    m = 1 << bidder
    if bidder == declarer:
        m |= 1 << DUMMY
    else:
        m |= 1 << (3 - declarer - bidder)  # the other defender
    return m


NIL_APPLIES: tuple[tuple[int, ...], ...] = tuple(
    tuple(_nil_applies(d, b) for b in range(3)) for d in range(3)
)
"""``NIL_APPLIES[declarer][bidder]``: mask of the hands where that bidder's nils count."""


def nil_counts(declarer: str, bidder: str, hand: str) -> bool:
    """Whether a nil ``bidder`` declared on ``hand`` counts once ``declarer`` is known (seats and
    hands by name): his own hand always, the dummy only for the declarer, another person's hand
    only when both defend.  A hand summary marks the nils that did not count with it::

        >>> nil_counts("p0", "p1", "p2"), nil_counts("p0", "p1", "dummy"), nil_counts("p0", "p0", "dummy")
        (True, False, True)
    """
    return bool(NIL_APPLIES[SEATS.index(declarer)][SEATS.index(bidder)] >> HANDS.index(hand) & 1)


def score_hand(
    declarer: int,
    bids: Sequence[int],
    nils: Sequence[int],
    tricks: Sequence[int],
    bags_before: Sequence[int],
    penalty: int = 100,
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Score one hand for each person; returns ``(points, bags_taken, bags_after)``.

    ``tricks`` are the tricks won by p0, p1, p2, dummy.  A side's tricks are both of its hands,
    a hand that failed a nil included.  Worked example of the rule book (p0 declares 7, p1 and p2
    defend with 5 and 6; the defenders take 5)::

        >>> score_hand(0, [7, 5, 6], [0, 0, 0], [4, 3, 2, 4], [0, 0, 0])
        ((71, 50, -60), (1, 0, 0), (1, 0, 0))

    ``points`` include the bag penalty: -``penalty`` (100, or 110 under that house rule) each
    time a person's bags reach 10 (several times in one hand if need be); ``bags_after`` are what
    is left.
    """
    decl_side = tricks[declarer] + tricks[DUMMY]
    def_side = tricks[(declarer + 1) % 3] + tricks[(declarer + 2) % 3]
    points, taken, after = [], [], []
    applies = NIL_APPLIES[declarer]
    for i in range(3):
        t = decl_side if i == declarer else def_side
        b = bids[i]
        if t >= b:
            pts, bags = 10 * b + (t - b), t - b
        else:
            pts, bags = -10 * b, 0
        nil = nils[i] & applies[i]
        for h in range(4):
            if nil >> h & 1:
                pts += 100 if tricks[h] == 0 else -100
        total_bags = bags_before[i] + bags
        while total_bags >= 10:
            pts -= penalty
            total_bags -= 10
        points.append(pts)
        taken.append(bags)
        after.append(total_bags)
    return tuple(points), tuple(taken), tuple(after)


# ---- the random play-out loop (random_playout, rollout, computer players' searches) -----------
# The loop works on single-bit masks rather than card indices: the suit of a played bit and the
# cards that beat it come from two dicts keyed by the bit, and a card index is computed only when
# the caller wants a record of the play.

_BIT = tuple(1 << c for c in range(52))
_SUIT_OF_BIT = {1 << c: SUIT_MASK[c // 13] for c in range(52)}
_BEATS_OF_BIT = {1 << c: BEATS[c] for c in range(52)}
_CARD_OF_BIT = {1 << c: c for c in range(52)}
_SPADE_LIMIT = 1 << 13   # a single bit below this is a spade


def random_cards(hands, tricks_won, nxt, cur, trick, win_card, win_hand, lead_suit, broken, done,
                 rnd, played, winners):
    """Play uniformly random legal cards from the given position to the end of the hand.

    Mutates ``hands`` and ``tricks_won`` (lists).  ``trick`` holds the cards of the trick in
    progress (``cur`` is the hand to play next), ``done`` counts the tricks already completed.
    Each card played is appended to ``played`` as a one-bit mask, each trick's winning hand to
    ``winners``.  Returns whether spades are broken at the end.  One flat function with locals
    only, a trick at a time: this is the hot path of every search.
    """
    suit_of = _SUIT_OF_BIT
    beats_of = _BEATS_OF_BIT
    non_spades = NON_SPADES
    limit = _SPADE_LIMIT
    play = played.append
    won = winners.append
    if trick:
        # Finish the trick in progress first.
        lead_mask = SUIT_MASK[lead_suit]
        beats = BEATS[win_card]
        wbit = 1 << win_card
        win = win_hand
        for _ in range(4 - len(trick)):
            hm = hands[cur]
            m = hm & lead_mask or hm
            if m & (m - 1):
                r = int(rnd() * m.bit_count())
                while r:
                    m &= m - 1
                    r -= 1
                m &= -m
            hands[cur] = hm ^ m
            play(m)
            if beats & m:
                beats = beats_of[m]
                win = cur
                wbit = m
            cur = nxt[cur]
        if wbit < limit:
            broken = True
        tricks_won[win] += 1
        won(win)
        cur = win
        done += 1
    for _ in range(13 - done):
        # The lead: no spade until broken, unless the hand holds only spades.
        hm = hands[cur]
        m = hm if broken else (hm & non_spades or hm)
        if m & (m - 1):
            r = int(rnd() * m.bit_count())
            while r:
                m &= m - 1
                r -= 1
            m &= -m
        hands[cur] = hm ^ m
        play(m)
        lead_mask = suit_of[m]
        beats = beats_of[m]
        win = cur
        wbit = m
        # Three more cards, following suit when possible.
        for _ in (1, 2, 3):
            cur = nxt[cur]
            hm = hands[cur]
            m = hm & lead_mask or hm
            if m & (m - 1):
                r = int(rnd() * m.bit_count())
                while r:
                    m &= m - 1
                    r -= 1
                m &= -m
            hands[cur] = hm ^ m
            play(m)
            if beats & m:
                beats = beats_of[m]
                win = cur
                wbit = m
        if wbit < limit:
            broken = True   # a trick won by a spade holds a spade
        tricks_won[win] += 1
        won(win)
        cur = win
    return broken


# ---- options, players, deals ------------------------------------------------------------------


def _check_options(options: Optional[dict]) -> dict:
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise RecordError('"options" must be an object')
    known = DummySpades.default_options
    for k in options:
        if k not in known:
            raise RecordError(f'unknown option "{k}" (dummy-spades has {", ".join(known)})')
    out = dict(known)
    out.update(options)
    t = out["target"]
    if isinstance(t, bool) or t not in TARGETS:
        raise RecordError(f'option "target" must be 300 or 500, not {t!r}')
    if out["variant"] not in VARIANTS:
        raise RecordError(f'option "variant" must be one of {", ".join(VARIANTS)}, not {out["variant"]!r}')
    ll = out["losing_limit"]
    if isinstance(ll, bool) or ll not in LOSING_LIMITS:
        raise RecordError(f'option "losing_limit" must be null or -200, not {ll!r}')
    b = out["bidding"]
    if not isinstance(b, str) or b not in BIDDINGS:
        raise RecordError(f'option "bidding" must be one of {", ".join(BIDDINGS)}, not {b!r}')
    bp = out["bag_penalty"]
    if isinstance(bp, bool) or bp not in BAG_PENALTIES:
        raise RecordError(f'option "bag_penalty" must be 100 or 110, not {bp!r}')
    return out


def _check_players(players) -> Optional[list[str]]:
    if players is None:
        return None
    if not isinstance(players, (list, tuple)) or len(players) != 3 or not all(
        isinstance(p, str) for p in players
    ):
        raise RecordError('"players" must be a list of 3 names (p0, p1, p2)')
    return list(players)


def _check_deals(deals) -> list[tuple[Optional[int], tuple[int, ...], tuple[int, ...]]]:
    """Normalize a record's deals to (dealer or None, (mask p0, p1, p2, dummy), dummy slots)."""
    out = []
    for k, d in enumerate(deals or []):
        if not isinstance(d, dict):
            raise RecordError(f"deal {k}: a deal is an object")
        for key in d:
            if key not in ("dealer", "hands"):
                raise RecordError(f'deal {k}: unknown field "{key}" (a deal has dealer and hands)')
        dealer = d.get("dealer")
        if dealer is not None:
            if dealer not in SEATS:
                raise RecordError(f'deal {k}: the dealer must be p0, p1 or p2, not {dealer!r}')
            dealer = SEATS.index(dealer)
        hands = d.get("hands")
        if not isinstance(hands, dict) or sorted(hands) != sorted(HANDS):
            raise RecordError(f'deal {k}: "hands" must give p0, p1, p2 and dummy')
        seen: dict[int, str] = {}
        masks = []
        slots: tuple[int, ...] = ()
        for h in HANDS:
            cards = hands[h]
            if not isinstance(cards, list):
                raise RecordError(f"deal {k}: {h} must be a list of cards")
            if len(cards) != 13:
                raise RecordError(f"deal {k}: {h} has {len(cards)} cards, not 13")
            idx = []
            for t in cards:
                try:
                    c = Card.parse(t).index
                except CardError:
                    raise RecordError(f"deal {k}: {h}: not a card: {t!r}") from None
                if c in seen:
                    raise RecordError(f"deal {k}: {CARD_TEXT[c]} is dealt twice ({seen[c]} and {h})")
                seen[c] = h
                idx.append(c)
            masks.append(mask_of(idx))
            if h == "dummy":
                slots = tuple(idx)
        out.append((dealer, tuple(masks), slots))
    return out


def deal_from_seed(seed: int | str, k: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Hand ``k``'s seeded deal: ((mask p0, p1, p2, dummy), dummy slots 1..13 as card indices).

    The deck is ``cards.shuffled_deck(cards.hand_rng(seed, k))``; shuffling the indices 0..51
    with the same generator gives the same order, and is cheaper.
    """
    deck = list(range(52))
    hand_rng(seed, k).shuffle(deck)
    bits = [_BIT[c] for c in deck]
    return (sum(bits[0:13]), sum(bits[13:26]), sum(bits[26:39]), sum(bits[39:52])), tuple(deck[39:52])


# ---- dealing the hidden cards again (``DummySpades.resample_from_infostate``) -------------------

def _deal_hidden(pool: list[int], sizes: list[int], allowed: list[int],
                 spades: Optional[list[int]], rng: random.Random) -> list[list[int]]:
    """Deal ``pool`` into places of ``sizes`` cards, place ``p`` taking only suits in the bit
    mask ``allowed[p]`` and, when ``spades`` is given, exactly ``spades[p]`` spades; uniform
    among all such deals.  Tries plain shuffles first, then deals suit by suit from exact counts
    of the completions (``_ways``)."""
    parts: list[list[int]] = [[] for _ in sizes]
    caps = list(sizes)
    by_suit = [[c for c in pool if c // 13 == s] for s in range(4)]
    first = 0
    if spades is not None:               # the spades' split is known exactly: deal it first
        sp = by_suit[0][:]
        rng.shuffle(sp)
        i = 0
        for p, k in enumerate(spades):
            parts[p].extend(sp[i:i + k])
            caps[p] -= k
            i += k
        first = 1
    # the other suits are independent of the spades' split: plain shuffles, then exact counts
    cards = [c for s in range(first, 4) for c in by_suit[s]]
    for _ in range(8):
        rng.shuffle(cards)
        rest, i = [], 0
        for p, k in enumerate(caps):
            rest.append(cards[i:i + k])
            i += k
        if all(all(allowed[p] >> (c // 13) & 1 for c in part) for p, part in enumerate(rest)):
            return [a + b for a, b in zip(parts, rest)]
    counts = tuple(len(x) for x in by_suit)
    al = tuple(allowed)
    for s in range(first, 4):
        options = []
        for split in _splits(counts[s], tuple(caps), al, s):
            rest = tuple(c - x for c, x in zip(caps, split))
            w = _multinomial(counts[s], split) * _ways(s + 1, rest, counts, al)
            if w:
                options.append((w, split))
        r = rng.random() * sum(w for w, _ in options)
        for w, split in options:
            r -= w
            if r < 0:
                break
        cs = by_suit[s][:]
        rng.shuffle(cs)
        i = 0
        for p, k in enumerate(split):
            parts[p].extend(cs[i:i + k])
            caps[p] -= k
            i += k
    return parts


def _splits(n: int, caps: tuple, allowed: tuple, suit: int):
    """Every way to share ``n`` cards of ``suit`` among the places (within caps and suits)."""
    if len(caps) == 1:
        if n <= caps[0] and (n == 0 or allowed[0] >> suit & 1):
            yield (n,)
        return
    top = min(n, caps[0]) if allowed[0] >> suit & 1 else 0
    for x in range(top + 1):
        for rest in _splits(n - x, caps[1:], allowed[1:], suit):
            yield (x,) + rest


@functools.lru_cache(maxsize=4096)
def _ways(suit: int, caps: tuple, counts: tuple, allowed: tuple) -> int:
    """How many deals of the suits from ``suit`` on fill ``caps`` exactly (cards distinct)."""
    if suit == 4:
        return 1 if not any(caps) else 0
    total = 0
    for split in _splits(counts[suit], caps, allowed, suit):
        rest = tuple(c - x for c, x in zip(caps, split))
        total += _multinomial(counts[suit], split) * _ways(suit + 1, rest, counts, allowed)
    return total


def _multinomial(n: int, parts: tuple) -> int:
    out = 1
    for k in parts:
        out *= math.comb(n, k)
        n -= k
    return out


# ---- the game -----------------------------------------------------------------------------------


@register
class DummySpades(Game):
    """One match of Dummy Spades, from the first deal to a winner.

    Build one with ``DummySpades(seed=42)``, ``DummySpades(seed=7, options={"variant":
    "flip-2"}, players=["Ana", "Ben", "Chloé"])``, or from a record (``record.replay``).

    Public state (strings): ``phase``, ``dealer``, ``declarer``, ``to_act``, ``acting_hand``,
    ``over``, ``winner``, ``scores``, ``bags_total``, ``hand_number``, ``actions``, ``options``,
    ``players``, ``seed``.  Fast state (ints, for search; treat as read-only): ``hands`` (4 masks:
    p0, p1, p2, dummy), ``cur`` (hand to play, 3 = dummy), ``actor`` (seat index to act or -1),
    ``tricks_won`` (4 ints), ``bids`` (3 ints, -1 before bidding), ``nils`` (3 masks).
    """

    name = "dummy-spades"
    seats = SEATS
    default_options = {"target": 300, "variant": "no-peeky", "losing_limit": None,
                       "bidding": "standard", "bag_penalty": 100}

    # ---- construction -------------------------------------------------------------------------
    def __init__(self, seed: int | str | None = None, options: Optional[dict] = None,
                 players: Optional[Sequence[str]] = None, deals: Optional[list] = None):
        """A new match.  With neither a seed nor deals, a random seed is drawn (and recorded).

        Raises ``RecordError`` for bad options, players or deals.
        """
        if seed is None and not deals:
            seed = random.SystemRandom().randrange(1 << 31)
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, str))):
            raise RecordError('"seed" must be an integer or a string')
        self.seed = seed
        self.options = _check_options(options)
        self.players = _check_players(players)
        self._deals = _check_deals(deals)
        self._peek_n, self._flip_n = VARIANTS[self.options["variant"]]
        self._mirror = self.options["bidding"] == "mirror"
        self._suicide = self.options["bidding"] == "suicide"
        self._penalty = self.options["bag_penalty"]
        first = self._deals[0][0] if self._deals else None
        if first is None:
            if seed is None:
                raise RecordError('deal 0 needs a "dealer" when the record has no seed')
            first = random.Random(f"cardtable:{seed}:first-dealer").randrange(3)
        self._first_dealer = first
        for k, (d, _, _) in enumerate(self._deals):
            if d is not None and d != (first + k) % 3:
                raise RecordError(f"deal {k}: the dealer is {SEATS[(first + k) % 3]} by rotation, "
                                  f"not {SEATS[d]}")
        self.totals = [0, 0, 0]
        self.bags = [0, 0, 0]
        self.history: list[tuple] = []   # raw per-hand entries, see _entry()
        self.moves: list[int] = []       # every move applied, as ints
        self._over = False
        self._winner = -1
        self.hand_number = 0
        self._prev: Optional[tuple[int, list]] = None   # (declarer, completed tricks) of hand k-1
        self._start_hand(0)

    @classmethod
    def from_record(cls, record: dict) -> "DummySpades":
        """The game at the start of a (parsed) record; its actions are applied by ``replay``."""
        return cls(seed=record.get("seed"), options=record.get("options"),
                   players=record.get("players"), deals=record.get("deals"))

    def _can_deal(self, k: int) -> bool:
        return k < len(self._deals) or self.seed is not None

    def seed_deal(self, k: int, seed: str) -> None:
        """Hand ``k``, not dealt yet, is dealt from ``seed`` as hand ``k`` of that seed
        (``net.fair``: a seed no device chose alone); the record then gives it as a deal."""
        if k <= self.hand_number or k < len(self._deals):
            raise ValueError(f"hand {k} is dealt already")
        self._seeds = {**getattr(self, "_seeds", {}), k: seed}

    def _start_hand(self, k: int) -> None:
        seeds = getattr(self, "_seeds", {})
        if chained_seed(seeds, k, None) is not None and k >= len(self._deals):
            self._deals = self._deals + [(None,) + deal_from_seed(chained_seed(seeds, j, self.seed), j)
                                         for j in range(len(self._deals), k + 1)]
        if k < len(self._deals):
            _, masks, slots = self._deals[k]
        elif self.seed is not None:
            masks, slots = deal_from_seed(self.seed, k)
        else:
            raise IllegalAction(f"hand {k} has no deal and the record has no seed", "no_deal", hand=k)
        self.hand_number = k
        self._dealer = (self._first_dealer + k) % 3
        self.hands = list(masks)
        self.slots = slots                  # dummy card of slot i+1
        self.step = 0                       # 0, 1, 2: who acts in the peek/flip/bid round
        self.peeks = [0, 0, 0]              # slot masks
        self.flips = [0, 0, 0]
        self.faceup = 0                     # slot mask of flipped cards
        self.bids = [-1, -1, -1]            # contracts as they count for scoring
        self.nils = [0, 0, 0]
        self.mirror_bids: Optional[tuple[int, ...]] = None   # Mirror: spades held by p0, p1, p2
        self._declarer = -1
        self._next = NEXT_HAND[0]
        self.cur = self.leader = (self._dealer + 1) % 3
        self.trick: list[int] = []
        self.win_card = self.win_hand = self.lead_suit = -1
        self.broken = False
        self.tricks_won = [0, 0, 0, 0]
        self.completed: list[tuple[int, tuple[int, ...], int]] = []   # (leader, cards, winner)
        self.phase_id = PEEK if self._peek_n else FLIP if self._flip_n else BID
        if self.phase_id == BID:
            self._start_bidding()

    def _start_bidding(self) -> None:
        # Standard and Suicide: the bid round starts.  Mirror: the bids make themselves (rule
        # book 1.8) and the play starts at once.
        self.phase_id = BID
        if not self._mirror:
            return
        hands = self.hands
        spades = [(hands[i] & SPADES).bit_count() for i in range(4)]
        order = self.bidding_order
        top = max(spades[:3])
        decl = next(s for s in order if spades[s] == top)
        ld, rd = (decl + 1) % 3, (decl + 2) % 3
        bids = [0, 0, 0]
        bids[decl] = spades[decl] + spades[DUMMY]
        bids[ld] = bids[rd] = spades[ld] + spades[rd]
        nils = [(1 << i) if spades[i] == 0 else 0 for i in range(3)]
        if spades[DUMMY] == 0:
            nils[decl] |= 1 << DUMMY     # a spadeless dummy: an automatic nil for the declarer
        self.mirror_bids = tuple(spades[:3])
        self.bids, self.nils = bids, nils
        self._begin_play(decl)

    def _begin_play(self, decl: int) -> None:
        self._declarer = decl
        self._next = NEXT_HAND[decl]
        self.phase_id = PLAY
        self.cur = self.leader = self.bidding_order[0]   # the first bidder makes the opening lead

    # ---- imagining the hidden cards ------------------------------------------------------------
    def resample_from_infostate(self, seat: str, rng: random.Random) -> "DummySpades":
        """A new, independent game whose ``view(seat)`` equals this game's, with the cards
        ``seat`` has not seen dealt at random among the places hidden from it (OpenSpiel's name).

        The hidden places are the other two people's hands and, until the dummy is turned up,
        the dummy's face-down slots that ``seat`` has not seen (slots flipped by anyone or peeked
        by ``seat`` keep their cards).  What the rules made public is kept: a hand that failed to
        follow a suit this hand holds none of it, and in Mirror, once the automatic bids are
        shown, each hand holds exactly the spades they tell (the dummy: the rest of the 13).
        Each sample is uniform among the deals that agree: a few plain shuffles are tried, and
        when voids make them miss, the deal is built suit by suit from exact counts.

        The sample plays on like any game and its ``to_record()`` replays to it: the hands
        already played become explicit deals, the current hand's deal is the sampled one and
        later hands come from a fresh seed drawn from ``rng`` (the real future stays unknown).
        """
        if seat not in SEATS:
            raise ValueError(f"unknown seat {seat!r} (seats are p0, p1, p2)")
        me = SEATS.index(seat)
        g = self.clone()
        g._deals = [self._deals[k] if k < len(self._deals) else
                    (None,) + deal_from_seed(self.seed, k) for k in range(self.hand_number)]
        g.seed, g._seeds = rng.getrandbits(48), {}   # (the fair seeds too: the future stays unknown)
        if self._over:
            return g
        # which hand played what this hand, and the voids it showed
        played = [0, 0, 0, 0]
        void = [0, 0, 0, 0]                      # suit bits
        tricks = [(ld, cs) for ld, cs, _ in self.completed]
        if self.trick:
            tricks.append((self.leader, tuple(self.trick)))
        for ld, cs in tricks:
            h, suit = ld, cs[0] // 13
            for c in cs:
                played[h] |= 1 << c
                if c // 13 != suit:
                    void[h] |= 1 << suit
                h = self._next[h]
        places = [i for i in range(3) if i != me]
        fixed_dummy = 0
        if not self.dummy_exposed:
            known = self.faceup | self.peeks[me]
            fixed_dummy = mask_of(c for i, c in enumerate(self.slots) if known >> i & 1)
            places.append(DUMMY)
        pool = 0
        for h in places:
            pool |= self.hands[h]
        pool &= ~fixed_dummy
        sizes = [(self.hands[h] & ~fixed_dummy).bit_count() if h == DUMMY
                 else self.hands[h].bit_count() for h in places]
        spades = None
        if self.mirror_bids is not None:
            held = list(self.mirror_bids) + [13 - sum(self.mirror_bids)]
            spades = [held[h] - (played[h] & SPADES).bit_count()
                      - ((fixed_dummy & SPADES).bit_count() if h == DUMMY else 0) for h in places]
        allowed = [0xF & ~void[h] for h in places]
        parts = _deal_hidden(cards_of(pool), sizes, allowed, spades, rng)
        for h, part in zip(places, parts):
            g.hands[h] = mask_of(part) | (fixed_dummy if h == DUMMY else 0)
        if not self.dummy_exposed:
            free = [c for c in parts[-1]]
            rng.shuffle(free)
            it = iter(free)
            known = self.faceup | self.peeks[me]
            g.slots = tuple(c if known >> i & 1 else next(it) for i, c in enumerate(self.slots))
        dealt = tuple(g.hands[i] | played[i] for i in range(4))
        g._deals.append((self._dealer, dealt, g.slots))
        return g

    # ---- copying --------------------------------------------------------------------------
    def clone(self) -> "DummySpades":
        """An independent copy, cheap enough for search (lists copied, immutables shared)."""
        g = object.__new__(DummySpades)
        d = self.__dict__.copy()
        for k in ("hands", "peeks", "flips", "bids", "nils", "trick", "tricks_won", "completed",
                  "totals", "bags", "history", "moves"):
            d[k] = d[k][:]
        g.__dict__ = d
        return g

    copy = clone
    __copy__ = clone

    # ---- simple state -------------------------------------------------------------------------
    @property
    def actor(self) -> int:
        """The seat index (0-2) to act, or -1 when the match is over."""
        if self._over:
            return -1
        if self.phase_id == PLAY:
            return self._declarer if self.cur == DUMMY else self.cur
        return (self._dealer + 1 + self.step) % 3

    @property
    def to_act(self) -> Optional[str]:
        """The seat (person) to act: the declarer when the dummy plays.  None when over."""
        a = self.actor
        return SEATS[a] if a >= 0 else None

    @property
    def acting_hand(self) -> Optional[str]:
        """The hand the next card comes from in the play (``"dummy"`` for the dummy); in the
        other phases the seat to act; None when over."""
        if self._over:
            return None
        return HANDS[self.cur] if self.phase_id == PLAY else self.to_act

    @property
    def phase(self) -> str:
        """``"peek"``, ``"flip"``, ``"bid"``, ``"play"`` or ``"over"`` (``phase_id`` is the int)."""
        return PHASES[self.phase_id]

    @property
    def over(self) -> bool:
        return self._over

    @property
    def hand_over(self) -> bool:
        """Whether the current hand's 13 tricks are played (only at the end of the match: the
        next hand is dealt as soon as a hand is scored)."""
        return len(self.completed) == 13

    @property
    def winner(self) -> Optional[str]:
        return SEATS[self._winner] if self._winner >= 0 else None

    @property
    def dealer(self) -> str:
        return SEATS[self._dealer]

    @property
    def declarer(self) -> Optional[str]:
        return SEATS[self._declarer] if self._declarer >= 0 else None

    @property
    def scores(self) -> dict[str, int]:
        """Cumulative points by seat."""
        return dict(zip(SEATS, self.totals))

    @property
    def bags_total(self) -> dict[str, int]:
        """Cumulative bags by seat, after penalties."""
        return dict(zip(SEATS, self.bags))

    @property
    def dummy_exposed(self) -> bool:
        """The dummy is face up once the opening lead has been played."""
        return self.phase_id >= PLAY and bool(self.completed or self.trick)

    @property
    def bidding_order(self) -> list[int]:
        return [(self._dealer + 1 + i) % 3 for i in range(3)]

    @property
    def actions(self) -> list[str]:
        """Every action applied so far, canonical."""
        return [move_to_action(m) for m in self.moves]

    @property
    def action_count(self) -> int:
        """``len(actions)``, without writing every action out."""
        return len(self.moves)

    def __repr__(self) -> str:
        if self._over:
            return f"<DummySpades over, winner {self.winner}, totals {self.totals}>"
        return (f"<DummySpades hand {self.hand_number} {PHASES[self.phase_id]}: {self.to_act} "
                f"to act ({self.acting_hand})>")

    # ---- fast move API ------------------------------------------------------------------------
    def legal_mask(self) -> int:
        """In the play: the mask of the cards the acting hand may play (0 in other phases).

        Follow the suit led if you can; otherwise anything.  On a lead, no spade until spades
        are broken, unless the leading hand holds only spades.
        """
        if self.phase_id != PLAY:
            return 0
        h = self.hands[self.cur]
        if self.trick:
            return h & SUIT_MASK[self.lead_suit] or h
        if self.broken:
            return h
        return h & NON_SPADES or h

    def legal_moves(self) -> list[int]:
        """Every legal move now as ints (see ``move_to_action``); empty only when over."""
        ph = self.phase_id
        if self._over:
            return []
        if ph == PLAY:
            return cards_of(self.legal_mask())
        if ph == BID:
            return list(SUICIDE_BID_MOVES if self._suicide else ALL_BID_MOVES)
        if ph == PEEK:
            return [PEEK_BASE + s for s in _SLOT_COMBOS[self._peek_n]]
        down = [i for i in range(13) if not self.faceup >> i & 1]
        return [FLIP_BASE + sum(1 << i for i in combo)
                for combo in itertools.combinations(down, self._flip_n)]

    def is_legal_move(self, m: int) -> bool:
        """Whether the int move ``m`` is legal now (cheap: no list is built)."""
        if self._over or not isinstance(m, int):
            return False
        ph = self.phase_id
        if ph == PLAY:
            return 0 <= m < 52 and bool(self.legal_mask() >> m & 1)
        if ph == BID:
            if self._suicide:
                nils = (m - BID_BASE) & 15
                return BID_BASE + 16 * SUICIDE_MIN <= m < BID_BASE + 224 and nils & (nils - 1) == 0 \
                    and nils != 0
            return BID_BASE <= m < BID_BASE + 224
        if ph == PEEK:
            s = m - PEEK_BASE
            return 0 < s < (1 << 13) and s.bit_count() == self._peek_n
        s = m - FLIP_BASE
        return 0 < s < (1 << 13) and s.bit_count() == self._flip_n and not s & self.faceup

    def apply_move(self, m: int) -> None:
        """Apply an int move; raises ``IllegalAction`` (without a detailed reason) if illegal."""
        if not self.is_legal_move(m):
            raise IllegalAction(f"illegal move {m!r}", "illegal_move")
        self._commit(m)

    def _commit(self, m: int) -> None:
        # The last card of a hand deals the next hand, which fails (IllegalAction) when a record
        # without a seed runs out of deals: do that step on a copy so a failure changes nothing.
        if (self.phase_id == PLAY and len(self.completed) == 12 and len(self.trick) == 3
                and not self._can_deal(self.hand_number + 1)):
            g = self.clone()
            g._do(m)
            self.__dict__ = g.__dict__
        else:
            self._do(m)

    def _do(self, m: int) -> None:
        ph = self.phase_id
        if ph == PLAY:
            self._play(m)
            return
        self.moves.append(m)
        seat = (self._dealer + 1 + self.step) % 3
        if ph == BID:
            n, nils = divmod(m - BID_BASE, 16)
            self.bids[seat] = n
            self.nils[seat] = nils
        elif ph == PEEK:
            self.peeks[seat] = m - PEEK_BASE
        else:
            self.flips[seat] = m - FLIP_BASE
            self.faceup |= m - FLIP_BASE
        self.step += 1
        if self.step < 3:
            return
        self.step = 0
        if ph != BID:
            self._start_bidding()
            return
        # The bidding is over: the highest bid declares, the first to make it on ties.
        top = max(self.bids)
        self._begin_play(next(s for s in self.bidding_order if self.bids[s] == top))

    def _play(self, c: int) -> None:
        h = self.cur
        bit = 1 << c
        self.hands[h] ^= bit
        self.moves.append(c)
        if self.trick:
            self.trick.append(c)
            if BEATS[self.win_card] & bit:
                self.win_card, self.win_hand = c, h
        else:
            self.trick = [c]
            self.leader = self.win_hand = h
            self.win_card = c
            self.lead_suit = c // 13
        if c < 13:
            self.broken = True
        if len(self.trick) < 4:
            self.cur = self._next[h]
            return
        w = self.win_hand
        self.tricks_won[w] += 1
        self.completed.append((self.leader, tuple(self.trick), w))
        self.trick = []
        self.cur = self.leader = w          # the winning hand leads, the dummy included
        if len(self.completed) == 13:
            self._end_hand()

    def _end_hand(self) -> None:
        decl = self._declarer
        points, taken, after = score_hand(decl, self.bids, self.nils, self.tricks_won, self.bags,
                                          self._penalty)
        self.history.append((self._dealer, decl, tuple(self.bids), tuple(self.nils),
                             tuple(self.tricks_won), points, taken))
        for i in range(3):
            self.totals[i] += points[i]
        self.bags = list(after)
        top = max(self.totals)
        limit = self.options["losing_limit"]
        ended = top >= self.options["target"] or (limit is not None and min(self.totals) <= limit)
        if ended and self.totals.count(top) == 1:
            self._over = True
            self._winner = self.totals.index(top)
            self.phase_id = OVER
            return
        self._prev = (decl, self.completed)
        self._start_hand(self.hand_number + 1)

    # ---- random play ----------------------------------------------------------------------
    def random_playout(self, rng: Optional[random.Random] = None) -> None:
        """Play uniformly random legal moves to the end of the current hand.

        The hand is scored like any other and the next one is dealt (unless the match ends).
        Peeks, flips and bids are random too when the hand has not reached the play.
        """
        if self._over:
            return
        if not self._can_deal(self.hand_number + 1):
            g = self.clone()
            g.random_playout(rng)
            self.__dict__ = g.__dict__
            return
        rnd = (rng or random).random
        while self.phase_id != PLAY:
            if self.phase_id == BID:
                bid_moves = SUICIDE_BID_MOVES if self._suicide else ALL_BID_MOVES
                self._do(bid_moves[int(rnd() * len(bid_moves))])
            else:
                ms = self.legal_moves()
                self._do(ms[int(rnd() * len(ms))])
        played: list[int] = []
        winners: list[int] = []
        first = len(self.moves) - len(self.trick)   # where the trick in progress starts
        leader = self.leader
        self.broken = random_cards(self.hands, self.tricks_won, self._next, self.cur, self.trick,
                               self.win_card, self.win_hand, self.lead_suit, self.broken,
                               len(self.completed), rnd, played, winners)
        self.moves.extend(map(_CARD_OF_BIT.__getitem__, played))
        moves, completed = self.moves, self.completed
        for w in winners:
            completed.append((leader, tuple(moves[first:first + 4]), w))
            first += 4
            leader = w
        self.trick = []
        self._end_hand()

    def rollout(self, rng: Optional[random.Random] = None,
                hands: Optional[Sequence[int]] = None) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Finish the hand in play with random legal cards *without changing this game*.

        ``hands`` (4 masks) may replace the real hands, e.g. a guess at the hidden cards by a
        computer player; each must hold as many cards as the real one.  Returns the hand's
        ``(tricks won by p0, p1, p2, dummy; points of p0, p1, p2)``, points as ``score_hand``.
        """
        if self.phase_id != PLAY:
            raise IllegalAction("a rollout starts in the play", "rollout_phase")
        hs = list(hands) if hands is not None else self.hands[:]
        tw = self.tricks_won[:]
        random_cards(hs, tw, self._next, self.cur, self.trick, self.win_card, self.win_hand,
                     self.lead_suit, self.broken, len(self.completed), (rng or random).random, [], [])
        points, _, _ = score_hand(self._declarer, self.bids, self.nils, tw, self.bags, self._penalty)
        return tuple(tw), points

    # ---- string API ---------------------------------------------------------------------------
    def legal_actions(self) -> list[str]:
        """Every legal action now, canonical: plays in card order (2S..AS, 2H.., 2D.., 2C..)."""
        return [move_to_action(m) for m in self.legal_moves()]

    def apply(self, action: str) -> str:
        """Apply one action in notation; return its canonical form.

        Raises ``IllegalAction`` with a reason (``spades are not broken``, ``you must follow
        hearts`` ...) and changes nothing when the action is malformed or not allowed.
        """
        m = self.parse_action(action)
        self._commit(m)
        return move_to_action(m)

    def parse_action(self, action: str) -> int:
        """The int move for an action text, checked against the rules now."""
        if not isinstance(action, str):
            raise IllegalAction('an action is text, such as "play QS"', "not_text")
        words = action.replace(",", " ").split()
        if not words:
            raise IllegalAction("the action is empty", "empty")
        if self._over:
            raise IllegalAction("the game is over", "game_over")
        verb = words[0].lower()
        if verb not in _VERB_PHASE:
            raise IllegalAction(f'unknown action "{action.strip()}" (actions are bid, peek, flip, play)',
                                 "unknown_action", action=action.strip())
        if _VERB_PHASE[verb] != self.phase_id:
            raise IllegalAction(f"you cannot {verb} now: it is time to {_PHASE_VERB[self.phase_id]}",
                                 "wrong_phase", verb=verb, phase=PHASES[self.phase_id])
        args = words[1:]
        if verb == "play":
            return self._parse_play(args)
        if verb == "bid":
            return self._parse_bid(args)
        return self._parse_slots(verb, args)

    def _parse_play(self, args: list[str]) -> int:
        if len(args) != 1:
            raise IllegalAction('play one card, e.g. "play QS"', "play_one_card")
        try:
            c = Card.parse(args[0]).index
        except CardError:
            raise IllegalAction(f'not a card: "{args[0]}"', "not_a_card", text=args[0]) from None
        h = self.cur
        hm = self.hands[h]
        text = CARD_TEXT[c]
        if not hm >> c & 1:
            if h == DUMMY:
                raise IllegalAction(f"the dummy plays now and does not hold {text}", "dummy_lacks_card", card=text)
            if h == self._declarer and self.dummy_exposed and self.hands[DUMMY] >> c & 1:
                raise IllegalAction(f"{text} is in the dummy: you play from your own hand now", "card_in_dummy",
                                    card=text)
            raise IllegalAction(f"you do not hold {text}", "not_held", card=text)
        who = "the dummy" if h == DUMMY else "you"
        if self.trick:
            ls = self.lead_suit
            if c // 13 != ls and hm & SUIT_MASK[ls]:
                raise IllegalAction(f"{who} must follow {SUIT_WORDS[ls]}",
                                    "dummy_must_follow" if h == DUMMY else "must_follow", suit="SHDC"[ls])
        elif c < 13 and not self.broken and hm & NON_SPADES:
            raise IllegalAction("spades are not broken", "spades_not_broken")
        return c

    def _parse_bid(self, args: list[str]) -> int:
        if not args:
            raise IllegalAction('say how many tricks your side will take, e.g. "bid 4"', "bid_missing")
        a = args[0]
        if not (a.isascii() and a.isdigit()) or int(a) > 13:
            raise IllegalAction(f'a bid is a number from 0 to 13, not "{a}"', "bid_not_number", text=a)
        n = int(a)
        nils = 0
        rest = args[1:]
        if rest:
            if rest[0].lower() != "nil":
                raise IllegalAction('write nils as "bid 4 nil p1,dummy"', "nil_syntax")
            if len(rest) == 1:
                raise IllegalAction('name the hands you bid nil on, e.g. "bid 4 nil p1" '
                                    '(your own seat for your own hand)', "nil_no_hands")
            for name in rest[1:]:
                h = _HAND_INDEX.get(name.lower())
                if h is None:
                    raise IllegalAction(f'no hand "{name}": nil names p0, p1, p2 or dummy', "nil_unknown_hand",
                                        name=name)
                if nils >> h & 1:
                    raise IllegalAction(f"{HANDS[h]} is named twice", "nil_twice", hand=HANDS[h])
                nils |= 1 << h
        if self._suicide:
            if nils.bit_count() != 1:
                raise IllegalAction("in Suicide every bid names exactly one nil", "suicide_one_nil")
            if n < SUICIDE_MIN:
                raise IllegalAction(f"in Suicide the side bid is at least {SUICIDE_MIN}", "suicide_min",
                                    min=SUICIDE_MIN)
        return BID_BASE + 16 * n + nils

    def _parse_slots(self, verb: str, args: list[str]) -> int:
        n = self._peek_n if verb == "peek" else self._flip_n
        example = " ".join(str(i) for i in (1, 5, 9, 12)[:n])
        if len(args) != n:
            plural = "slot" if n == 1 else "slots"
            raise IllegalAction(f'pick {n} dummy {plural}, e.g. "{verb} {example}"', "slot_count", n=n,
                                verb=verb)
        mask = 0
        for a in args:
            if not (a.isascii() and a.isdigit()) or not 1 <= int(a) <= 13:
                raise IllegalAction(f'dummy slots are numbered 1 to 13, not "{a}"', "slot_range", text=a)
            bit = 1 << (int(a) - 1)
            if mask & bit:
                raise IllegalAction(f"pick {n} different slots", "slots_different", n=n)
            if verb == "flip" and self.faceup & bit:
                raise IllegalAction(f"slot {a} is already face up", "slot_face_up", slot=int(a))
            mask |= bit
        return (PEEK_BASE if verb == "peek" else FLIP_BASE) + mask

    # ---- views --------------------------------------------------------------------------------
    def _entry(self, raw: tuple) -> dict:
        dealer, decl, bids, nils, tricks, points, taken = raw
        return {
            "dealer": SEATS[dealer],
            "declarer": SEATS[decl],
            "bids": dict(zip(SEATS, bids)),
            "nils": {SEATS[i]: _nil_names(nils[i]) for i in range(3)},
            "tricks": dict(zip(HANDS, tricks)),
            "score": dict(zip(SEATS, points)),
            "bags": dict(zip(SEATS, taken)),
        }

    @staticmethod
    def _trick_json(leader: int, cards: Sequence[int], winner: Optional[int],
                    nxt: Sequence[int]) -> dict:
        plays, h = [], leader
        for c in cards:
            plays.append({"hand": HANDS[h], "card": CARD_TEXT[c]})
            h = nxt[h]
        return {"leader": HANDS[leader], "plays": plays,
                "winner": HANDS[winner] if winner is not None else None}

    def visible_dummy(self, seat: int) -> int:
        """Mask of the dummy cards still in the dummy that ``seat`` may see now."""
        if self.dummy_exposed:
            return self.hands[DUMMY]
        known = self.faceup | self.peeks[seat]
        return mask_of(c for i, c in enumerate(self.slots) if known >> i & 1) & self.hands[DUMMY]

    def view(self, seat: str, history: bool = True) -> dict:
        """All that ``seat`` may see now, JSON-ready; enough to draw the whole table.

        Never holds a card hidden from that seat: its own hand; the dummy only once exposed
        (after the opening lead), else the slots flipped (everyone) or peeked by this seat; every
        card played (public).  Keys:

        ``game seat hand_number players options phase dealer bidding_order declarer defenders
        play_order to_act acting_hand legal hand hand_counts dummy_exposed dummy dummy_slots
        peeks flips mirror_bids bids nils nil_applies trick last_trick tricks previous_tricks
        tricks_won spades_broken totals bags history over winner``.

        ``options`` holds every option, defaults included (``bidding``, ``bag_penalty`` ...).
        ``bids`` are the contracts as they count for scoring (None: not made, or not shown yet).
        In Mirror (``options["bidding"] == "mirror"``) nobody bids: ``mirror_bids`` (None in the
        other biddings) are the automatic bids, the spades each person held, public from the
        start of the play; ``bids`` are the contracts they make (declarer: his spades plus the
        dummy's; each defender: both defenders' spades) and ``nils`` the automatic nils; the
        declarer's contract and a spadeless dummy's nil stay None / unlisted until the dummy is
        turned up, since they tell how many spades it holds.
        """
        if seat not in SEATS:
            raise ValueError(f"unknown seat {seat!r} (seats are p0, p1, p2)")
        s = SEATS.index(seat)
        ph = self.phase_id
        decl = self._declarer
        exposed = self.dummy_exposed
        if exposed:
            slots_view = None
        else:
            known = self.faceup | self.peeks[s]
            slots_view = [CARD_TEXT[c] if known >> i & 1 else None for i, c in enumerate(self.slots)]
        bid_done = [i for i in range(3) if self.bids[i] >= 0]
        nils = self.nils[:]
        if self._mirror and decl >= 0 and not exposed:
            # The declarer's contract and a dummy nil tell the dummy's spades: hidden until the
            # dummy is turned up.
            bid_done.remove(decl)
            nils[decl] &= ~(1 << DUMMY)
        if decl >= 0:
            ld, rd = (decl + 1) % 3, (decl + 2) % 3
            defenders = [SEATS[ld], SEATS[rd]]
            play_order = [HANDS[decl], HANDS[ld], "dummy", HANDS[rd]]
            nil_applies = {SEATS[i]: (_nil_names(nils[i] & NIL_APPLIES[decl][i])
                                      if i in bid_done else None) for i in range(3)}
        else:
            defenders = play_order = nil_applies = None
        trick = None
        if ph == PLAY:
            trick = self._trick_json(self.leader, self.trick, None, self._next)
            trick["winning"] = HANDS[self.win_hand] if self.trick else None
        tricks = [self._trick_json(ld_, cs, w, self._next) for ld_, cs, w in self.completed]
        prev = []
        if self._prev is not None:
            pnext = NEXT_HAND[self._prev[0]]
            prev = [self._trick_json(ld_, cs, w, pnext) for ld_, cs, w in self._prev[1]]
        names = self.players or list(SEATS)
        out = {
            "game": self.name,
            "seat": seat,
            "hand_number": self.hand_number,
            "players": dict(zip(SEATS, names)),
            "options": dict(self.options),
            "phase": PHASES[ph],
            "dealer": SEATS[self._dealer],
            "bidding_order": [SEATS[i] for i in self.bidding_order],
            "declarer": SEATS[decl] if decl >= 0 else None,
            "defenders": defenders,
            "play_order": play_order,
            "to_act": self.to_act,
            "acting_hand": self.acting_hand,
            "legal": self.legal_actions() if self.actor == s else [],
            "hand": [CARD_TEXT[c] for c in display_order(cards_of(self.hands[s]))],
            "hand_counts": {h: self.hands[i].bit_count() for i, h in enumerate(HANDS)},
            "dummy_exposed": exposed,
            "dummy": [CARD_TEXT[c] for c in display_order(cards_of(self.visible_dummy(s)))],
            "dummy_slots": slots_view,
            "peeks": {SEATS[i]: (_slot_numbers(self.peeks[i]) if self.peeks[i] else None)
                      for i in range(3)},
            "flips": {SEATS[i]: (_slot_numbers(self.flips[i]) if self.flips[i] else None)
                      for i in range(3)},
            "mirror_bids": (dict(zip(SEATS, self.mirror_bids)) if self.mirror_bids is not None
                            else None),
            "bids": {SEATS[i]: (self.bids[i] if i in bid_done else None) for i in range(3)},
            "nils": {SEATS[i]: (_nil_names(nils[i]) if i in bid_done else None)
                     for i in range(3)},
            "nil_applies": nil_applies,
            "trick": trick,
            "last_trick": tricks[-1] if tricks else None,
            "tricks": tricks,
            "previous_tricks": prev,
            "tricks_won": dict(zip(HANDS, self.tricks_won)),
            "spades_broken": self.broken,
            "totals": self.scores,
            "bags": self.bags_total,
            "over": self._over,
            "winner": self.winner,
        }
        if history:
            out["history"] = [self._entry(r) for r in self.history]
        return out

    def summary(self) -> dict:
        """What ``python -m cardtable replay`` prints.

        ``hands`` has one entry per completed hand: ``dealer``, ``declarer``, ``bids``, ``nils``
        (the declarations as made, every seat listed, ``[]`` for none), ``tricks`` (p0, p1, p2,
        dummy), ``score`` (the hand's points, bag penalties included), ``bags`` (bags taken in the
        hand).  Then ``totals``, ``bags`` (cumulative, after penalties), ``over``, ``winner``,
        ``to_act`` and ``legal``.
        """
        return {
            "game": self.name,
            "hands": [self._entry(r) for r in self.history],
            "totals": self.scores,
            "bags": self.bags_total,
            "over": self._over,
            "winner": self.winner,
            "to_act": self.to_act,
            "legal": self.legal_actions(),
        }

    def to_record(self) -> dict:
        """The game record; ``record.replay(g.to_record())`` rebuilds this very state."""
        options = {k: v for k, v in self.options.items()
                   if k not in _NEW_OPTIONS or v != _NEW_OPTIONS[k]}
        rec: dict[str, Any] = {"format": "cardtable/1", "game": self.name, "options": options}
        if self.players is not None:
            rec["players"] = list(self.players)
        rec["seed"] = self.seed
        if self._deals:
            rec["deals"] = [
                {"dealer": SEATS[(self._first_dealer + k) % 3],
                 "hands": {h: [CARD_TEXT[c] for c in (display_order(cards_of(masks[i]))
                                                        if i < 3 else slots)]
                           for i, h in enumerate(HANDS)}}
                for k, (_, masks, slots) in enumerate(self._deals)
            ]
        rec["actions"] = self.actions
        return rec
