"""Imagining the hidden cards: a Seep state that agrees with all one seat has seen.

:class:`Resample` is a mixin of :class:`~cardtable.games.seep.Seep` giving
``resample_from_infostate(seat, rng)`` (OpenSpiel's name).  The *hidden places* of a seat are:

* the other seats' hands now (their counts are public);
* the part of the current deal not yet handed out: before the bidder's first play, every
  seat's rest of the first half (the seat's own included: nobody has seen it), and with two
  players, before play 24, the second half's 12 cards each;
* during the bidding, the four floor cards (turned up when the bid is made).

Every other card of the deal is seen by everybody (the floor, the cards played, the houses and
the captured piles were all face up), so the unseen cards are exactly the cards in the hidden
places.  They are dealt again at random in the same counts, keeping what the rules make public:

* every owner of a house holds a card of the house's value (he may not let go of his last one);
* a seat that bid ``v``, or built, cemented or raised a house to ``v``, held another card of
  ``v`` then, and still holds one unless it has played a card of ``v`` since.

A plain shuffle meets these almost always, so a few shuffles are tried first (each accepted
deal is then uniform among the deals that meet them); when they all fail, the required cards
are handed out first and the rest shuffled (constructive, close to uniform).
"""

from __future__ import annotations

import random

from .deals import _Deal
from .tables import (_PH_BID, _PH_OVER, BID, BUILD, CAPTURE, CEMENT, THROW, HALF, HALF_PLAYS, RAISE, REDEAL, VAL,
                     _canon)

_TRIES = 24


class Resample:
    """``resample_from_infostate``: one public way to imagine the hidden cards."""

    def resample_from_infostate(self, seat: str, rng: random.Random):
        """A new, independent game whose ``view(seat)`` equals this game's, with the cards
        ``seat`` has not seen dealt at random among the hidden places (see the module doc).

        The sample plays on like any game (``legal_actions``/``apply``); its current deal is
        rewritten (cards already played keep their places, the bid stays in the bidder's first
        packet), so its record replays to it.  Later deals come from a fresh seed drawn from
        ``rng``: the real game's future stays unknown.  ``rng`` is any ``random.Random``; the same ``rng`` state
        gives the same sample.
        """
        me = self._seat_index(seat)
        g = self.copy()
        g._seed = g._deal_seed = f"sample:{rng.getrandbits(64):016x}"
        g._seeds = {}   # (the fair seeds too: the future stays unknown)
        g._given = g._given[:len(g._dealt)]
        if self._phase == _PH_OVER:
            return g
        n = self._n
        deal = self._dealt[-1]
        hands = [list(h) for h in deal.hands]
        floor = list(deal.floor)
        # places: (size, setter); pool: the cards they hold now
        pool: list[int] = []
        places: list[tuple] = []       # (kind, seat, positions or None)
        for s in range(n):
            if s == me or not self._hands[s]:
                continue
            held = set(self._hands[s])
            pos = [i for i, c in enumerate(hands[s]) if c in held]
            pool.extend(hands[s][i] for i in pos)
            places.append(("hand", s, pos))
        if self._plays == 0:
            for s in range(n):
                have = 4 if (s == self._bidder or not self._pagat) else 0
                pos = list(range(have, HALF))
                pool.extend(hands[s][i] for i in pos)
                places.append(("deal", s, pos))
        if n == 2 and self._plays < HALF_PLAYS:
            for s in range(n):
                pos = list(range(HALF, 2 * HALF))
                pool.extend(hands[s][i] for i in pos)
                places.append(("deal", s, pos))
        if self._phase == _PH_BID:
            pool.extend(floor)
            places.append(("floor", -1, list(range(len(floor)))))
        # the values each hidden hand must hold
        need: dict[int, set] = {}
        for v, h in self._houses.items():
            for s in range(n):
                if h[2] >> s & 1 and s != me:
                    need.setdefault(s, set()).add(v)
        for s, vs in enumerate(self._kept_values()):
            if s != me and vs and self._hands[s]:
                need.setdefault(s, set()).update(vs)
        hand_place = {p[1]: i for i, p in enumerate(places) if p[0] == "hand"}
        sizes = [len(p[2]) for p in places]
        cards = pool[:]
        for _ in range(_TRIES):
            rng.shuffle(cards)
            parts = _split(cards, sizes)
            if all(all(any(VAL[c] == v for c in parts[hand_place[s]]) for v in vs)
                   for s, vs in need.items()):
                break
        else:
            parts = _constructive(pool, sizes, {hand_place[s]: vs for s, vs in need.items()}, rng)
        for (kind, s, pos), part in zip(places, parts):
            if kind == "floor":
                floor = part
                continue
            for i, c in zip(pos, part):
                hands[s][i] = c
            if kind == "hand":
                g._hands[s] = _canon(part)
                g._hcnt[s] = self._count(part)
        self._keep_bid_in_first_packet(hands, me)
        g._dealt[-1] = _Deal(deal.dealer, hands, floor)
        g._legal = None
        return g

    def _keep_bid_in_first_packet(self, hands: list[list[int]], me: int) -> None:
        """The bidder bid, and made his first play, from his first packet (``hands[b][:4]``):
        it held a card of the bid, besides the first card played when that was a build or not
        of the bid.  Which packet a card came from is the bidder's secret, so when the sampled
        cards miss this, a card of the bid from later in his first half trades places with one
        of the packet's (never the first card played), and the sample's record replays."""
        b, bid = self._bidder, self._bid
        if not bid or b == me or (self._n == 2 and self._plays >= HALF_PLAYS):
            return
        first = next((m for s, m, _x in self._hand_log if m[0] >= THROW), None)
        c1 = first[1] if first is not None else None
        if first is None:
            need = 1
        else:
            need = 1 if first[0] != CAPTURE and first[0] != THROW or VAL[c1] != bid else 0
        h = hands[b]
        if sum(1 for c in h[:4] if VAL[c] == bid and c != c1) >= need:
            return
        j = next((j for j in range(4, HALF) if VAL[h[j]] == bid), None)
        i = next((i for i in range(4) if h[i] != c1 and VAL[h[i]] != bid), None)
        if i is not None and j is not None:
            h[i], h[j] = h[j], h[i]

    def _kept_values(self) -> list[set]:
        """Per seat, the values the rules say it still holds, read from this hand's moves: a
        bid of ``v``, and a build, cement or raise making a ``v``-house, each need another card
        of ``v`` in hand; it stays there until that seat plays a card of ``v``.  (With two
        players only the current half counts: both hands were empty at play 24.)"""
        kept: list[set] = [set() for _ in range(self._n)]
        plays = 0
        for s, (kind, c, t, _L), _x in self._hand_log:
            if kind == REDEAL:
                kept = [set() for _ in range(self._n)]
                continue
            if kind == BID:
                kept[s].add(t)
                continue
            kept[s].discard(VAL[c])
            if kind in (BUILD, CEMENT):
                kept[s].add(t)
            elif kind == RAISE:
                kept[s].add(t + VAL[c])
            plays += 1
            if self._n == 2 and plays == HALF_PLAYS:
                kept = [set() for _ in range(self._n)]
        return kept


def _split(cards: list[int], sizes: list[int]) -> list[list[int]]:
    out, i = [], 0
    for k in sizes:
        out.append(cards[i:i + k])
        i += k
    return out


def _constructive(pool: list[int], sizes: list[int], need: dict[int, set],
                  rng: random.Random) -> list[list[int]]:
    """Hand each place its required values first (a random card of each), then shuffle the
    rest into the remaining room."""
    rest = pool[:]
    rng.shuffle(rest)
    fixed: list[list[int]] = [[] for _ in sizes]
    for p, vs in need.items():
        for v in sorted(vs):
            j = next(j for j, c in enumerate(rest) if VAL[c] == v)
            fixed[p].append(rest.pop(j))
    out, i = [], 0
    for p, k in enumerate(sizes):
        take = k - len(fixed[p])
        part = fixed[p] + rest[i:i + take]
        rng.shuffle(part)
        out.append(part)
        i += take
    return out
