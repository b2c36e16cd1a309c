"""A search player's state: a ``Seep`` game built from one seat's view, hidden cards given later.

:class:`SearchState` is a mixin of :class:`~cardtable.games.seep.Seep`.  A computer player that
searches imagines the cards it has not seen many times a move; it builds the public part of the
state once from the view (``Seep.from_view``), then for each guess copies it (``copy()``) and
hands the hidden places their cards (``deal_hidden``).  Both write the engine's fields directly,
so a guess costs a copy and a few lists -- as fast as the search players' former private path.
"""

from __future__ import annotations

from typing import Optional

from ...cards import Card
from .deals import _Deal
from .tables import _PH_PLAY, _SEAT_INDEX, HALF_PLAYS, _canon

_FILLER = Card.parse("2H").index
"""A card worth no points: stands for the cards already captured (the view gives their count)."""


class SearchState:
    """``from_view`` and ``deal_hidden``: the state a search player plays its guesses on."""

    _one_hand = False
    """True for a search state: its game ends with its hand (see ``from_view``)."""

    @classmethod
    def from_view(cls, view: dict):
        """The card play of ``view`` (``Seep.view(seat)`` in the play phase, as JSON data) as a
        game to search on: the floor (loose cards, houses with their cement and owners), the
        number of cards each side has captured (as cards worth no points: their points are
        already in the score), the sweeps, bid, dealer, whose turn it is and the plays made.
        The game is over when this hand is (a search looks at one hand: no next deal is shuffled
        and dealt, its score stays the match's; ``winner`` is None); nobody holds a card yet:
        give the hands with ``deal_hidden`` (on a ``copy()`` for each guess).  ``history`` is
        empty, so the hand being searched is ``history[0]`` once it is over."""
        idx = _card_index
        opts = dict(view["options"])
        if opts.get("preset") == "seep-pagat":
            opts["baazis"] = 1 << 30
        else:
            opts["target"] = 1 << 30      # one hand is all a search looks at
        g = cls.new(seed=0, **opts)
        fl = view["floor"]
        sides = list(view.get("sides") or ("p0p2", "p1p3"))
        cap = view.get("captured") or {}
        sw = view.get("sweeps") or {}
        lc = view.get("last_capturer")
        g._dealer = _SEAT_INDEX[view["dealer"]]
        g._bidder = _SEAT_INDEX[view["bidder"]]
        g._bid = view.get("bid") or 0
        g._phase = _PH_PLAY
        g._turn = _SEAT_INDEX[view["seat"]]
        g._plays = sum(1 for e in view.get("log") or ()
                       if e["action"].split()[0] not in ("bid", "redeal"))
        g._loose = [idx(c) for c in fl["loose"]]
        g._lcnt = cls._count(g._loose)
        g._houses = {h["value"]: [[idx(c) for c in h["cards"]], bool(h["cemented"]),
                                  sum(1 << _SEAT_INDEX[o] for o in h["owners"])]
                     for h in fl["houses"]}
        g._piles = [[_FILLER] * cap.get(sides[0], 0), [_FILLER] * cap.get(sides[1], 0)]
        g._ppts = [sum(map(g._points.__getitem__, p)) for p in g._piles]
        g._sweeps = [list(sw.get(sides[0], [])), list(sw.get(sides[1], []))]
        g._last_cap = _SEAT_INDEX[lc] if lc else -1
        g._history = []
        g._moves = []
        g._hand_log = []
        g._hands = [[] for _ in range(g._n)]
        g._hcnt = [[0] * 14 for _ in range(g._n)]
        g._legal = None
        g._one_hand = True
        return g

    def deal_hidden(self, hands: list, deal: Optional[list] = None) -> None:
        """Give every seat its hand now: ``hands[s]``, card indices for seat index ``s`` (the
        searching seat's own included).  ``deal`` (or None when nothing is left to deal this
        hand) is, per seat, the cards the engine still deals from, laid out as a deal's hands:
        the first 12 (the engine hands out the part after the first packet at the bidder's first
        play, so before it the first ``4`` of a seat already holding them are not read) and,
        with two players, the second half's 12 (dealt after play 24)."""
        hs = [_canon(h) for h in hands]
        self._hands = hs
        self._hcnt = [self._count(h) for h in hs]
        if deal is not None:
            self._dealt = [_Deal(self._dealer, [list(d) for d in deal], [])]
        self._legal = None

    def position_key(self) -> tuple:
        """What decides the rest of this hand, as a hashable value: two states with equal keys
        end the hand with the same scores when the same moves are played from them (the cards
        held and still to be dealt -- none after the hand's last deal --, the floor, whose turn,
        the plays made, the cards, points and sweeps captured, the last capturer) -- for a
        search's table of positions it has solved."""
        return (self._phase, self._turn, self._plays, self._last_cap,
                tuple(map(tuple, self._hands)), tuple(sorted(self._loose)),
                tuple(sorted((v, tuple(h[0]), h[1], h[2]) for v, h in self._houses.items())),
                len(self._piles[0]), len(self._piles[1]), tuple(self._ppts),
                tuple(map(tuple, self._sweeps)),
                tuple(map(tuple, self._dealt[-1].hands))
                if self._dealt and self._plays < (HALF_PLAYS if self._n == 2 else 1) else ())


def _card_index(text: str) -> int:
    return Card.parse(text).index
