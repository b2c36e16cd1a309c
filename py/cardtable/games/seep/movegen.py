"""Move generation: every legal move as a tuple, fast, and random play for search players.

:class:`MoveGen` is a mixin of :class:`~cardtable.games.seep.Seep`; it reads the state the
``Seep`` class keeps (``_hands``, ``_hcnt``, ``_loose``, ``_lcnt``, ``_houses``, ``_turn``...).
"""

from __future__ import annotations

import random
from typing import Optional

from ...game import IllegalAction
from .combos import _expand, build_unions, capture_unions
from .tables import (_HIGH, _PH_BID, _PH_OVER, _PH_PLAY, BID, BUILD, CAPTURE, CEMENT, RAISE,
                     REDEAL, THROW, VAL, _canon)


_SWEEP_CACHE: dict = {}


def sweep_values_of(counts, house_values) -> tuple:
    """``Seep.sweep_values`` for a floor given as loose counts per value (``counts[v]``, v in
    1..13) and the values of its houses (any iterable of ints): the values of a card that would
    take it all.  Cached (floors repeat across a search)."""
    hv = tuple(house_values)
    key = (tuple(counts), hv)
    res = _SWEEP_CACHE.get(key)
    if res is not None:
        return res
    res = _sweep_values(key[0], hv)
    if len(_SWEEP_CACHE) > 100_000:
        _SWEEP_CACHE.clear()
    _SWEEP_CACHE[key] = res
    return res


def _sweep_values(lc: tuple, houses: tuple) -> tuple:
    if len(houses) > 1:
        return ()
    n = total = top = 0
    for v in range(1, 14):
        k = lc[v]
        if k:
            n += k
            total += k * v
            top = v
    if houses:
        values = (houses[0],) if houses[0] >= top else ()
    elif n:
        values = range(top, 14)
    else:
        return ()
    out = []
    for v in values:
        if total % v:
            continue
        if not n or any(sum(k for _, k in u) == n for u in capture_unions(v, lc[:v + 1])):
            out.append(v)
    return tuple(out)


class MoveGen:
    """The legal moves of the position (``legal_moves``) and random moves and play-outs."""

    # ---- legal moves (fast path) --------------------------------------------------------------
    def legal_moves(self) -> list[tuple]:
        """Every legal move as an internal tuple (see the module doc).  Do not mutate the list."""
        m = self._legal
        if m is None:
            if self._phase == _PH_PLAY:
                if self._plays == 0 and self._seed_first:
                    m = self._gen_seed_first()
                else:
                    m = self._gen_play()
            elif self._phase == _PH_BID:
                hc = self._hcnt[self._turn]
                m = [(BID, -1, v, ()) for v in range(9, 14) if hc[v]] or [(REDEAL, -1, 0, ())]
            else:
                m = []
            self._legal = m
        return m

    def sweep_values(self) -> tuple:
        """The card values (1..13) one card of which would take everything on the floor now --
        every loose card and every house -- by the capture rules of ``legal_moves`` (singles and
        disjoint groups worth the card, its own house along): the values that would sweep.

        Empty when the floor is empty or no single card clears it (two houses, say).  It does not
        ask who holds such a card, whose turn it is, nor whether a sweep would score (option
        ``sweeps``, the hand's last play); a search player asks it of the floor a move leaves
        (``sweep_values_of`` answers for a floor given as counts).
        """
        return sweep_values_of(self._lcnt, self._houses)

    def floor_state(self) -> tuple:
        """The floor for a search player's fast reading: ``(loose, counts, houses)``, where
        ``loose`` is the loose cards (card indices, in the order they came), ``counts[v]`` is the number of loose cards worth ``v`` (a list of 14, index 0 unused) and
        ``houses`` maps each house's value to ``[cards, cemented, owners bit mask]`` (bit ``s``:
        seat index ``s`` owns it).  All are the game's own: read them, never change them."""
        return self._loose, self._lcnt, self._houses

    def _loose_by_value(self, box: Optional[list] = None) -> list[list[int]]:
        byv: list[list[int]] = [[] for _ in range(14)]
        for c in sorted(self._loose):
            byv[VAL[c]].append(c)
        if box is not None:
            box[0] = byv
        return byv

    def _context(self, kind: Optional[int] = None) -> tuple:
        """What the move generator needs once per position: subset sums of the loose cards
        (bit n set when some loose cards add up to n), the houses the mover owns, the houses he
        may raise, and a box for the loose cards by value (filled when first needed).  For the
        uses of one ``kind`` only (``_templates``), a capture or a throw needs no houses listed."""
        s = self._turn
        houses = self._houses
        sums = 1
        for c in self._loose:
            sums |= sums << VAL[c]
        if houses and kind != CAPTURE and kind != THROW:
            bit = 1 << s
            owned = [h for h, rec in houses.items() if rec[2] & bit]
            raisable = [h for h, rec in houses.items()
                        if not rec[1] and h < 13 and (self._raise_own or not rec[2] & bit)]
        else:
            owned = raisable = ()
        return sums & 0x3FFF, owned, raisable, [None]

    def _templates(self, v: int, ctx: tuple, kind: Optional[int] = None, value: int = 0) -> list[tuple]:
        """The legal uses of a hand card worth ``v``: a list of ``(kind, value, loose)``.

        With ``kind`` and ``value``, only the uses of that kind and value (the same entries, the
        others not generated): checking one action of a record needs no more.
        """
        sums, owned, raisable, box = ctx
        hc = self._hcnt[self._turn]
        lc = self._lcnt
        houses = self._houses
        first = self._plays == 0
        bid = self._bid
        out: list[tuple] = []
        add = out.append
        # capture or throw (the first play: only with a card of the bid value)
        if (kind is None or kind == CAPTURE or kind == THROW) and (not first or v == bid):
            if (sums >> v) & 1 or v in houses:
                for u in capture_unions(v, tuple(lc[:v + 1])):
                    if u:
                        byv = box[0] or self._loose_by_value(box)
                        for L in _expand(u, byv):
                            add((CAPTURE, v, L))
                    else:
                        add((CAPTURE, v, ()))
            else:
                add((THROW, v, ()))
        # build (new house) or cement (existing house) worth T
        last_owned = hc[v] == 1 and v in owned
        if kind is None:
            targets = _HIGH if not first else (bid,)
        elif kind == BUILD or kind == CEMENT:
            targets = (value,) if not first or value == bid else ()
        else:
            targets = ()
        for T in targets:
            if T < v or not hc[T] or (T == v and hc[T] < 2) or (last_owned and T != v):
                continue
            exists = T in houses
            if v < T:
                if not (sums >> (T - v)) & 1:
                    continue
            elif not exists and not (sums >> T) & 1:
                continue
            un = build_unions(v, T, tuple(lc[:T]))
            byv = box[0] or self._loose_by_value(box)
            if exists:
                for u in un:
                    if u:
                        for L in _expand(u, byv):
                            add((CEMENT, T, L))
                    else:
                        add((CEMENT, T, ()))
            else:
                singles = tuple(byv[T])
                for u in un:
                    if u:
                        for L in _expand(u, byv):
                            add((BUILD, T, L + singles))
                    elif singles:
                        add((BUILD, T, singles))
        # raise someone else's uncemented house
        for h in raisable if kind is None else (value,) if kind == RAISE and value in raisable else ():
            if h + v <= 13 and hc[h + v]:
                add((RAISE, h, ()))
        return out

    def _gen_play(self) -> list[tuple]:
        ctx = self._context()
        moves: list[tuple] = []
        add = moves.append
        prev = 0
        tm: list[tuple] = []
        for c in self._hands[self._turn]:        # kept in canonical order
            v = VAL[c]
            if v != prev:
                tm = self._templates(v, ctx)
                prev = v
            for k, t, L in tm:
                add((k, c, t, L))
        return moves

    def _gen_seed_first(self) -> list[tuple]:
        """The seed's literal first play: build the bid on one floor card, else throw any card."""
        bid = self._bid
        hand = self._hands[self._turn]
        byv = self._loose_by_value()
        singles = tuple(byv[bid])
        moves = []
        if self._hcnt[self._turn][bid]:
            for c in _canon(hand):
                need = bid - VAL[c]
                if need >= 1:
                    for x in byv[need]:
                        moves.append((BUILD, c, bid, (x,) + singles))
        if not moves:
            moves = [(THROW, c, VAL[c], ()) for c in _canon(hand)]
        return moves


    # ---- random play (fast path) ----------------------------------------------------------------
    def random_move(self, rng: random.Random) -> tuple:
        """A legal move drawn uniformly from ``legal_moves()``."""
        moves = self.legal_moves()
        if not moves:
            raise IllegalAction("the game is over", "game_over")
        return moves[int(rng.random() * len(moves))]

    def random_card_move(self, rng: random.Random) -> tuple:
        """A legal move drawn card first: a random hand card, then one of its legal uses.

        Every hand card has a legal use after the bidder's first play (a card that can capture
        captures, one that cannot is thrown), so this only has to generate one card's moves:
        the cheap policy for random playouts.  Bids and the first play are drawn uniformly.
        """
        if self._phase != _PH_PLAY or self._plays == 0:
            return self.random_move(rng)
        hand = self._hands[self._turn]
        c = hand[int(rng.random() * len(hand))]
        tm = self._templates(VAL[c], self._context())
        k, t, L = tm[int(rng.random() * len(tm))]
        return (k, c, t, L)

    def playout(self, rng: random.Random, hands: int = 1, uniform: bool = False) -> int:
        """Play random legal moves until ``hands`` more hands are complete or the game is over.

        Moves are drawn card first (``random_card_move``), or uniformly among all legal moves
        with ``uniform=True``.  Returns the number of moves played.  This is the fast path a
        search player runs on a ``copy()``.
        """
        goal = len(self._history) + hands
        n = 0
        rnd = rng.random
        apply_move = self.apply_move
        while self._phase != _PH_OVER and len(self._history) < goal:
            if uniform or self._phase != _PH_PLAY or self._plays == 0:
                moves = self.legal_moves()
                apply_move(moves[int(rnd() * len(moves))])
            else:
                hand = self._hands[self._turn]
                c = hand[int(rnd() * len(hand))]
                tm = self._templates(VAL[c], self._context())
                k, t, L = tm[int(rnd() * len(tm))]
                apply_move((k, c, t, L))
            n += 1
        return n
