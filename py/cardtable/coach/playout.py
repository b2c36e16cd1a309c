"""Play out the rest (Dummy Spades): is the winner of every remaining trick already forced?

NeuralPlay calls it TRAM ("the rest are mine"); we offer it to anyone, but only when it is true:
whatever any hand plays from now on, each remaining trick is won by the same hand.  That is
decided from the *full deal* (every hand, hidden ones included), so the offer is the engine's
knowledge, never a seat's guess -- and the only thing it tells the table is that nothing is left
to decide::

    >>> from cardtable.games.dummy_spades import DummySpades
    >>> g = DummySpades(seed=42)
    >>> forced_winners(g) is None          # the bidding: nothing is forced
    True
    >>> finish_hand(g)                     # refused when not forced
    Traceback (most recent call last):
    ...
    ValueError: the rest of this hand is not forced

How it is decided (``forced_winners``): a depth-first walk over every legal play of every hand
to the end of the hand, on bit masks (the engine's fast representation), that stops at the first
pair of plays leading to different winners.  Two ideas keep it small:

* *Equivalent cards*: two cards of a suit in one hand with nothing between them but cards already
  gone (played in earlier tricks) win and lose exactly the same tricks, so only one of them is
  tried (a solver's classic; the strong computer player groups its candidates the same way).
* *Memory*: a position at the start of a trick is known by the four hands, the leader and
  whether spades are broken; each is solved once.

A walk that would visit more than ``NODE_BUDGET`` positions gives up and answers "not forced",
so the offer can be missed in a huge position, never made wrongly.  ``finish_hand`` then plays
the rest through the engine's ``apply`` (the lowest legal card each time: any legal sequence
scores the same, since every trick goes to the same hand).
"""

from __future__ import annotations

import random
from typing import Optional

from ..games.dummy_spades import BEATS, NEXT_HAND, SEATS, SPADES, SUIT_MASK, cards_of

NODE_BUDGET = 5_000
"""Most positions (plays) one ``forced_winners`` call visits before it answers "not forced"."""

QUICK_LINES = 12
"""Random lines of play tried before the exhaustive walk (most unforced positions end there)."""

MIN_TRICKS = 2
"""The offer is made only with at least this many tricks still to finish (one trick is always
forced: it is no news)."""

__all__ = ["forced_winners", "can_play_out", "finish_hand", "NODE_BUDGET", "MIN_TRICKS"]


class _OverBudget(Exception):
    pass


def forced_winners(game, budget: int = NODE_BUDGET) -> Optional[tuple[str, ...]]:
    """The hands (``"p0"``, ``"p1"``, ``"p2"``, ``"dummy"``) that win the remaining tricks of the
    hand in play, in order, when they are the same whatever anyone plays; None when they are not
    (or outside the card play, or when deciding would take more than ``budget`` positions).

    ``game`` is a ``DummySpades``; it is not changed.  The trick in progress counts as the first
    remaining trick.
    """
    if game.over or game.phase != "play" or game.declarer is None:
        return None
    nxt = NEXT_HAND[SEATS.index(game.declarer)]
    hands = tuple(game.hands)
    trick = list(game.trick)
    played_spade = any(c < 13 for _, cs, _ in game.completed for c in cs) or any(c < 13 for c in trick)
    leader = game.leader if trick else game.cur
    solver = _Solver(nxt, budget)
    # a few random lines of play first: two that disagree settle "not forced" at once
    rng = random.Random(len(game.actions))
    first = None
    for _ in range(QUICK_LINES):
        seq = solver.random_line(hands, game.cur, leader, trick, played_spade, rng)
        if first is None:
            first = seq
        elif seq != first:
            return None
    try:
        if trick:
            seq = solver.in_trick(hands, game.cur, leader, trick, played_spade)
        else:
            seq = solver.from_lead(hands, leader, played_spade)
    except _OverBudget:
        return None
    if seq is None:
        return None
    names = ("p0", "p1", "p2", "dummy")
    return tuple(names[w] for w in seq)


def can_play_out(game, budget: int = NODE_BUDGET) -> bool:
    """Whether to offer "Play out the rest": in the card play, at least ``MIN_TRICKS`` tricks to
    finish, and every one of their winners forced (``forced_winners``)."""
    if game.over or game.phase != "play":
        return False
    left = 13 - len(game.completed)
    if left < MIN_TRICKS:
        return False
    return forced_winners(game, budget) is not None


def finish_hand(game, budget: int = NODE_BUDGET) -> list[str]:
    """Play the rest of the hand through ``game.apply`` (the lowest legal card each time) and
    return the actions applied.  Raises ``ValueError`` when the rest is not forced."""
    if forced_winners(game, budget) is None:
        raise ValueError("the rest of this hand is not forced")
    hand = game.hand_number
    done: list[str] = []
    while not game.over and game.hand_number == hand and game.phase == "play":
        done.append(game.apply(game.legal_actions()[0]))
    return done


class _Solver:
    """The walk of ``forced_winners``: each method returns the tuple of winner hand indices of
    the remaining tricks, or None as soon as two lines of play disagree."""

    def __init__(self, nxt: tuple, budget: int) -> None:
        self.nxt = nxt
        self.budget = budget
        self.nodes = 0
        self.memo: dict = {}

    def from_lead(self, hands: tuple, leader: int, broken: bool):
        if not hands[leader]:
            return ()
        key = (hands, leader, broken)
        if key in self.memo:
            return self.memo[key]
        seq = self.in_trick(hands, leader, leader, [], broken)
        self.memo[key] = seq
        return seq

    def in_trick(self, hands: tuple, cur: int, leader: int, trick: list, broken: bool):
        self.nodes += 1
        if self.nodes > self.budget:
            raise _OverBudget
        h = hands[cur]
        if trick:
            legal = h & SUIT_MASK[trick[0] // 13] or h
        else:
            legal = (h & ~SPADES if not broken else h) or h
        trick_mask = 0
        for c in trick:
            trick_mask |= 1 << c
        held = hands[0] | hands[1] | hands[2] | hands[3]
        gone = ~(held | trick_mask)
        result = None
        prev = -1
        for c in cards_of(legal):
            if prev >= 0 and c // 13 == prev // 13 and not ((1 << c) - (2 << prev)) & ~gone:
                prev = c
                continue  # the same card as prev for every trick to come
            prev = c
            nh = list(hands)
            nh[cur] = h & ~(1 << c)
            nh = tuple(nh)
            t2 = trick + [c]
            b2 = broken or c < 13
            if len(t2) < 4:
                seq = self.in_trick(nh, self.nxt[cur], leader, t2, b2)
            else:
                w = self._winner(leader, t2)
                rest = self.from_lead(nh, w, b2)
                seq = None if rest is None else (w,) + rest
            if seq is None:
                return None
            if result is None:
                result = seq
            elif seq != result:
                return None
        return result

    def random_line(self, hands: tuple, cur: int, leader: int, trick: list, broken: bool, rng):
        """The winners of one random legal line of play to the end of the hand."""
        hands = list(hands)
        trick = list(trick)
        out = []
        while hands[cur] or trick:
            h = hands[cur]
            if trick:
                legal = h & SUIT_MASK[trick[0] // 13] or h
            else:
                leader = cur
                legal = (h & ~SPADES if not broken else h) or h
            cs = cards_of(legal)
            c = cs[int(rng.random() * len(cs))]
            hands[cur] = h & ~(1 << c)
            trick.append(c)
            broken = broken or c < 13
            if len(trick) < 4:
                cur = self.nxt[cur]
                continue
            cur = self._winner(leader, trick)
            out.append(cur)
            trick = []
        return tuple(out)

    def _winner(self, leader: int, cards: list) -> int:
        win_c, win_h, h = cards[0], leader, leader
        for c in cards[1:]:
            h = self.nxt[h]
            if BEATS[win_c] >> c & 1:
                win_c, win_h = c, h
        return win_h
