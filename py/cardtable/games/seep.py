"""Seep (Sweep): the whole rules of the four-player fishing game, one module, no browser import.

The rule book is ``shared/rules/seep.md``; this module follows its "Final product decisions".
Four players in two partnerships (``p0p2`` against ``p1p3``) capture cards from a shared
*floor* with a card from hand.  Spades count their capture value, the other aces 1, the ten of
diamonds 2 (``sweep-seed``) or 6 (``seep-pagat``).  Emptying the floor is a *sweep*, worth 50.

Quick tour
----------
A game is built from a game record (``cardtable.record``) or with :meth:`Seep.new`; every move
is a text action, always made by ``game.to_act``::

    >>> g = Seep.new(seed=31, players=["Ana", "Ben", "Chloé", "Dev"])
    >>> g.phase, g.dealer, g.bidder, g.to_act
    ('bid', 'p0', 'p1', 'p1')
    >>> g.legal_actions()                      # the bidder names the value of a card he holds
    ['bid 11']
    >>> g.apply("BID 11")                      # case-insensitive; returns the canonical form
    'bid 11'
    >>> g.floor()["loose"]                     # four cards are now face up
    ['2D', '4C', 'TC', '5H']
    >>> g.hand("p1")                           # (a tool's look; players only see view(seat))
    ['6H', '7D', '8S', 'JH']
    >>> g.apply("throw 8S")
    Traceback (most recent call last):
    ...
    cardtable.game.IllegalAction: your first play must build an 11-house, capture with a Jack or throw a Jack
    >>> g.check("throw JH")                    # why a move is refused, without raising
    'a Jack that can capture cannot be thrown'
    >>> g.legal_actions()
    ['build 11 6H 5H', 'build 11 7D 4C', 'capture JH 2D 4C 5H']
    >>> g.apply("build 11 6h 5h")             # 6H on the loose 5H: an 11-house, p1 owns it
    'build 11 6H 5H'
    >>> g.floor()["houses"]
    [{'value': 11, 'cards': ['6H', '5H'], 'cemented': False, 'owners': ['p1']}]
    >>> g.to_act, g.check("throw JH")          # p2 is to act now, and holds no JH
    ('p2', 'you do not hold JH')
    >>> g.actions_using("2H", [11])            # the UI: 2H with the 11-house selected
    ['raise 11 2H']

The moves
---------
* ``bid N`` -- the bidder (the seat after the dealer) names 9..13, the value of a card among his
  first four.  ``redeal`` is his only move when he holds no card of 9 or more: the same dealer
  deals again (the thrown-in cards are shown to everyone in the hand's log).
* ``throw C`` -- put C loose on the floor.  Not allowed when C could capture.
* ``capture C X Y ...`` -- C takes the loose cards X, Y...: single cards worth C and disjoint sets
  worth C.  The house of C's value is always taken along (``capture QC`` alone takes the
  12-house).  A capture is maximal: nothing worth C may be left loose.
* ``build V C X Y ...`` -- C and the loose X, Y... become a house worth V (9..13); the cards must
  split into groups of V, C in one of them (two groups or more: the house is cemented).  Loose
  single cards worth V join the house by themselves (they may be listed or not).
* ``raise V C`` -- put one hand card on the uncemented V-house that you do not own.
* ``cement V C [X Y ...]`` -- add C (and loose cards) making V, or more groups of V, to the
  V-house.  ``build V ...`` onto an existing V-house is the same move and is written ``cement``.

Whoever builds, raises or cements owns the house and must keep a card of its value in hand until
the house is taken (or, if ordinary, raised by someone else).

Canonical notation
------------------
Cards are written as in :mod:`cardtable.cards` (``QS``, ``TD``); the listed loose cards are
sorted by capture value, then suit in the order S, H, D, C (``capture JC 5D 6S``).  A build
lists every loose card that goes into the house, the auto-merged singles included.  Two moves
are different actions only when they move different cards.  ``legal_actions()`` lists canonical
forms, grouped by hand card in value order.

The deal
--------
A deal is ``{"dealer": "p3", "hands": {"p0": [12 cards], ...}, "floor": [4 cards]}``; each hand
lists its 12 cards in the order dealt, the first four being the first packet.  From a seed,
deal *k* (every deal counts, thrown-in ones too) shuffles ``cards.shuffled_deck`` with
``cards.hand_rng(seed, k)`` and deals it in this physical order, for both presets: a packet of
4 to the bidder, to the next two players and to the dealer (cards 0-15), 4 to the floor
(16-19), then two more rounds of packets of 4 in the same order (20-35, 36-51).  The first
dealer is ``random.Random(f"cardtable:{seed}:first-dealer").randrange(4)`` unless ``deals[0]``
names one.  Under ``sweep-seed`` all four players hold their first packet during the bid;
under ``seep-pagat`` only the bidder does, the others get all their cards after the first play.
A record with deals but no seed deals its later hands from a seed derived from the cards of
``deals[0]`` (``"deals:"`` and 16 hex digits of a SHA-256), so its replays agree.

Scoring and the end of the game
-------------------------------
After the 48th play (the dealer's), the cards left on the floor go to the team that captured
last (not a sweep; to nobody if nobody captured).  A team scores its card points, plus 4 under
``sweep-seed`` for more cards than the other team (nobody on 26-26), plus its sweeps: 50, 25 on
the bidder's first play, 0 on the last play (``sweeps: false`` turns them off).

* ``sweep-seed``: scores add up; once a team has ``target`` (500) or more after a hand, the
  higher total wins (equal totals play on).  The deal passes to the right (the bidder deals
  next).
* ``seep-pagat``: only the lead (p0p2 minus p1p3) carries over.  A lead of 100 wins a baazi;
  a team scoring under 9 in a hand loses a baazi at once; either way the lead goes back to 0.
  ``baazis`` baazis win the game.  The dealer deals again while his team is behind or level
  and passes the deal to the right when it is ahead (after a baazi: ahead = won it); after a
  baazi the deal goes to the partner of the one who would have dealt.

Each completed hand adds an entry to ``summary()["hands"]`` (``dealer``, ``bidder``, ``bid``,
``cards``, ``points``, ``sweeps``, ``score``, ``leftover``, ``thrown_in``, ``next_dealer``, and
``totals`` or ``lead``, ``baazi``, ``baazis``).  The next deal is made at once;
``hand_over`` is true until the next action so that a UI can show the hand's score.

Views and the UI
----------------
``view(seat)`` is all one seat may see: its own hand, the others' hand counts, the floor, the
captured counts and sweeps, the bid, the public log of this hand's actions (a thrown-in hand
is shown to all in its ``redeal`` entry, and in the hand's ``thrown_in`` history), scores and
history; ``legal`` only for the seat to act.  To compose a move, a UI picks a hand card, then
loose cards and/or a house, and asks ``actions_using(card, selection)``; ``check(action)``
says why an action is refused (``None`` when legal).

Fast internals
--------------
A move is a plain tuple ``(kind, card, value, loose)``: ``kind`` one of :data:`BID`,
:data:`REDEAL`, :data:`THROW`, :data:`CAPTURE`, :data:`BUILD`, :data:`CEMENT`, :data:`RAISE`;
``card`` a card index (0..51, -1 for bids); ``value`` the bid, the captured value, the house
value built or cemented, or the house value raised; ``loose`` a tuple of loose card indices in
canonical order.  ``legal_moves()``, ``apply_move(move)``, ``copy()`` and ``playout(rng)`` let a
search player clone the game and play random continuations without any text::

    >>> import random
    >>> sim = g.copy()
    >>> sim.playout(random.Random(1)) > 0 and sim.hands_completed == 1
    True
    >>> g.hands_completed, len(g.actions)      # the original is untouched
    (0, 2)

``random_card_move(rng)`` draws a random hand card, then one of its legal uses (every card has
one after the first play), generating only that card's moves; ``playout`` uses it unless
``uniform=True``.  The state a search player may read (and, with care, set up) lives in these
attributes: ``_hands`` (4 lists of card indices, canonical order), ``_hcnt`` (per seat, cards
held per value 0..13), ``_loose`` and ``_lcnt`` (the loose cards, and per value), ``_houses``
(value -> ``[cards, cemented, owners bit mask]``), ``_piles`` (captured cards per team),
``_sweeps``, ``_last_cap`` (seat index or -1), ``_turn``, ``_plays``, ``_bid``, ``_dealer``,
``_bidder``, ``_phase`` (0 bid, 1 play, 2 over) and ``_legal`` (the cached legal moves: set it
to None after changing anything).
"""

from __future__ import annotations

import copy
import hashlib
import json
import random
from itertools import combinations
from typing import Any, Iterable, Optional, Sequence

from ..cards import CARDS, Card, CardError, hand_rng, shuffled_deck
from ..game import Game, IllegalAction, RecordError
from . import register

# --------------------------------------------------------------------------------------------
# Tables
# --------------------------------------------------------------------------------------------

SEATS = ("p0", "p1", "p2", "p3")
"""Seats in the order of play: p1 plays after p0.  Partners sit opposite (p0/p2, p1/p3)."""
TEAMS = ("p0p2", "p1p3")
"""Team names; seat ``s`` plays for team ``s % 2``."""
PRESETS = ("sweep-seed", "seep-pagat")
PHASES = ("bid", "play", "over")

BID, REDEAL, THROW, CAPTURE, BUILD, CEMENT, RAISE = range(7)
KINDS = ("bid", "redeal", "throw", "capture", "build", "cement", "raise")
_PH_BID, _PH_PLAY, _PH_OVER = 0, 1, 2
PLAYS_PER_HAND = 48

VAL = tuple(c.value for c in CARDS)
"""Capture value of each card index: A = 1, 2..10, J = 11, Q = 12, K = 13."""
TXT = tuple(str(c) for c in CARDS)
SORT_KEY = tuple(c.value * 4 + "SHDC".index(c.suit) for c in CARDS)
"""Canonical order of cards in an action: by capture value, then suit S, H, D, C."""
_SEAT_INDEX = {s: i for i, s in enumerate(SEATS)}


def _point_table(ten_of_diamonds: int) -> tuple[int, ...]:
    pts = []
    for c in CARDS:
        if c.suit == "S":
            pts.append(c.value)
        elif c.rank == 14:
            pts.append(1)
        elif c.suit == "D" and c.rank == 10:
            pts.append(ten_of_diamonds)
        else:
            pts.append(0)
    return tuple(pts)


POINTS = {"sweep-seed": _point_table(2), "seep-pagat": _point_table(6)}
"""Card points per preset: spades their capture value (91), the other aces 1, 10D 2 or 6."""
MAJORITY_BONUS = 4  # sweep-seed only: to the team with more cards (nobody on 26-26)

DEFAULT_OPTIONS: dict[str, Any] = {
    "preset": "sweep-seed", "target": 500, "baazis": 1,
    "first_play": "pagat", "sweeps": True, "raise_own": False,
}
_PRESET_ONLY = {"target": "sweep-seed", "baazis": "seep-pagat"}

_HIGH = (9, 10, 11, 12, 13)
_WORDS = {1: "Ace", 11: "Jack", 12: "Queen", 13: "King"}


def value_name(v: int) -> str:
    """A card value in words with its article: ``an Ace``, ``a 7``, ``an 8``, ``a Queen``."""
    word = _WORDS.get(v, str(v))
    return ("an " if v in (1, 8) else "a ") + word


def _a_house(v: int) -> str:
    """``an 11-house``, ``a 12-house``."""
    return f"{'an' if v in (8, 11) else 'a'} {v}-house"


def _cards_text(cards: Iterable[int]) -> str:
    return " ".join(TXT[c] for c in cards)


def _canon(cards: Iterable[int]) -> list[int]:
    return sorted(cards, key=SORT_KEY.__getitem__)


# --------------------------------------------------------------------------------------------
# Value-level combinatorics, cached.  A floor is seen as counts of loose cards per value; the
# answers (which value multisets a card may take or build with) are expanded to actual cards.
# --------------------------------------------------------------------------------------------

def _partitions(n: int, largest: int):
    if n == 0:
        yield []
        return
    for p in range(min(n, largest), 0, -1):
        for rest in _partitions(n - p, p):
            yield [p] + rest


def _as_counts(parts: list[int]) -> tuple[tuple[int, int], ...]:
    return tuple(sorted((v, parts.count(v)) for v in set(parts)))


PARTS = [()] + [tuple(_as_counts(p) for p in _partitions(n, n)) for n in range(1, 14)]
"""``PARTS[n]``: every way to make n from card values, as ((value, count), ...)."""
MPARTS = [()] + [tuple(p for p in PARTS[n] if p != ((n, 1),)) for n in range(1, 14)]
"""``MPARTS[n]``: the ways to make n from two cards or more."""


def _mask(part) -> int:
    m = 0
    for a, _b in part:
        m |= 1 << a
    return m


_PMASKS = [tuple((_mask(p), p) for p in ps) for ps in PARTS]
_MPMASKS = [tuple((_mask(p), p) for p in ps) for ps in MPARTS]


def _candidates(table, counts) -> list:
    """The partitions of ``table`` that fit into ``counts`` (filtered by value bit masks first)."""
    present = 0
    for i, n in enumerate(counts):
        if n:
            present |= 1 << i
    out = []
    for m, p in table:
        if not m & ~present:
            for a, b in p:
                if counts[a] < b:
                    break
            else:
                out.append(p)
    return out


def _descend(stack: list, seen: set, parts: list, leaves: Optional[list]) -> None:
    """Depth-first walk of the value multisets reachable by removing ``parts`` repeatedly."""
    while stack:
        st = stack.pop()
        moved = False
        for p in parts:
            for a, b in p:
                if st[a] < b:
                    break
            else:
                moved = True
                lst = list(st)
                for a, b in p:
                    lst[a] -= b
                t = tuple(lst)
                if t not in seen:
                    seen.add(t)
                    stack.append(t)
        if not moved and leaves is not None:
            leaves.append(st)


_CAP_CACHE: dict = {}
_BUILD_CACHE: dict = {}
_CACHE_LIMIT = 200_000


def _fits(state, part) -> bool:
    for a, b in part:
        if state[a] < b:
            return False
    return True


def _take(state, part) -> tuple:
    lst = list(state)
    for a, b in part:
        lst[a] -= b
    return tuple(lst)


def _unions(start, reached) -> list:
    out = []
    for st in reached:
        out.append(tuple((i, start[i] - st[i]) for i in range(1, len(start)) if start[i] != st[i]))
    out.sort()
    return out


def capture_unions(v: int, counts: tuple) -> list:
    """The value multisets a card worth ``v`` may take from loose cards with ``counts``.

    ``counts[i]`` is the number of loose cards worth i, for i in 0..v (index 0 unused).  Each
    answer is a maximal union of disjoint sets worth ``v``: nothing worth v is left.  For J over
    loose 2, 3, 5, 6 the answers are {2, 3, 6} and {5, 6}::

        >>> capture_unions(11, (0, 0, 1, 1, 0, 1, 1, 0, 0, 0, 0, 0))
        [((2, 1), (3, 1), (6, 1)), ((5, 1), (6, 1))]
    """
    key = (v, counts)
    res = _CAP_CACHE.get(key)
    if res is not None:
        return res
    leaves: list = []
    _descend([counts], {counts}, _candidates(_PMASKS[v], counts), leaves)
    res = _unions(counts, leaves)
    if len(_CAP_CACHE) > _CACHE_LIMIT:
        _CAP_CACHE.clear()
    _CAP_CACHE[key] = res
    return res


def build_unions(v: int, target: int, counts: tuple) -> list:
    """The value multisets of loose cards (each worth less than ``target``) that a card worth
    ``v`` may build or cement with into a ``target`` house.

    ``counts`` covers values 0..target-1.  The card's own group needs loose cards worth
    ``target - v`` (none when v == target); more groups worth ``target`` may be added at will.
    Loose singles worth ``target`` are not counted here: they join a new house by themselves.
    """
    key = (v, target, counts)
    res = _BUILD_CACHE.get(key)
    if res is not None:
        return res
    if v < target:
        first = {_take(counts, p) for p in _candidates(_PMASKS[target - v], counts)}
    else:
        first = {counts}
    seen = set(first)
    _descend(list(first), seen, _candidates(_MPMASKS[target], counts), None)
    res = _unions(counts, seen)
    if len(_BUILD_CACHE) > _CACHE_LIMIT:
        _BUILD_CACHE.clear()
    _BUILD_CACHE[key] = res
    return res


def _splits(counts: tuple, target: int) -> bool:
    """Can the value multiset ``counts`` (length 14) be split into groups worth ``target``?"""
    if not any(counts):
        return True
    for p in PARTS[target]:
        if _fits(counts, p) and _splits(_take(counts, p), target):
            return True
    return False


def _groups_with(v: int, target: int, counts: tuple) -> bool:
    """Can a card worth v plus loose cards ``counts`` be split into groups worth ``target``?"""
    if v > target:
        return False
    if v == target:
        return _splits(counts, target)
    return any(_fits(counts, p) and _splits(_take(counts, p), target) for p in PARTS[target - v])


def _counts14(cards: Iterable[int]) -> tuple:
    c = [0] * 14
    for x in cards:
        c[VAL[x]] += 1
    return tuple(c)


def _expand(union, byv) -> list:
    """Every tuple of actual loose cards matching a value multiset, in canonical order."""
    out = [()]
    for val, cnt in union:
        avail = byv[val]
        if cnt == len(avail):
            t = tuple(avail)
            out = [o + t for o in out]
        else:
            combos = list(combinations(avail, cnt))
            out = [o + cm for o in out for cm in combos]
    return out


# --------------------------------------------------------------------------------------------
# Options and deals
# --------------------------------------------------------------------------------------------

def check_options(options: dict) -> dict:
    """The full options for a record's ``options`` (defaults filled in); ``RecordError`` if bad."""
    if not isinstance(options, dict):
        raise RecordError('"options" must be an object')
    for k in options:
        if k not in DEFAULT_OPTIONS:
            raise RecordError(f"unknown option {k!r} (known: {', '.join(DEFAULT_OPTIONS)})")
    preset = options.get("preset", "sweep-seed")
    if preset not in PRESETS:
        raise RecordError(f"option preset must be one of {', '.join(PRESETS)}, not {preset!r}")
    for k, p in _PRESET_ONLY.items():
        if k in options and preset != p:
            raise RecordError(f"option {k} applies to the {p} preset only")
    out = dict(DEFAULT_OPTIONS)
    out.update(options)
    for k in ("target", "baazis"):
        n = out[k]
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise RecordError(f"option {k} must be a positive integer, not {n!r}")
    if out["first_play"] not in ("pagat", "seed"):
        raise RecordError(f"option first_play must be 'pagat' or 'seed', not {out['first_play']!r}")
    for k in ("sweeps", "raise_own"):
        if not isinstance(out[k], bool):
            raise RecordError(f"option {k} must be true or false, not {out[k]!r}")
    return out


def _record_options(opts: dict) -> dict:
    """The options a record writes: every option that applies to the preset."""
    return {k: v for k, v in opts.items() if _PRESET_ONLY.get(k, opts["preset"]) == opts["preset"]}


class _Deal:
    """One deal: dealer seat (or None), four hands of 12 card indices as dealt, 4 floor cards."""

    __slots__ = ("dealer", "hands", "floor")

    def __init__(self, dealer: Optional[int], hands: list[list[int]], floor: list[int]):
        self.dealer = dealer
        self.hands = hands
        self.floor = floor

    def to_json(self) -> dict:
        out: dict[str, Any] = {}
        if self.dealer is not None:
            out["dealer"] = SEATS[self.dealer]
        out["hands"] = {SEATS[s]: [TXT[c] for c in self.hands[s]] for s in range(4)}
        out["floor"] = [TXT[c] for c in self.floor]
        return out


def deal_from_deck(deck: Sequence, dealer: int) -> _Deal:
    """Deal 52 shuffled cards (``Card`` objects or indices) in this module's physical order.

    Packets of 4 go to the bidder, the next two players and the dealer (deck[0:16]), then 4 to
    the floor (deck[16:20]), then two more rounds of packets in the same order (deck[20:52]).
    """
    idx = [c.index if isinstance(c, Card) else int(c) for c in deck]
    hands: list[list[int]] = [[], [], [], []]
    order = [(dealer + 1 + i) % 4 for i in range(4)]
    for i, s in enumerate(order):
        hands[s].extend(idx[4 * i:4 * i + 4])
    floor = idx[16:20]
    pos = 20
    for _round in range(2):
        for s in order:
            hands[s].extend(idx[pos:pos + 4])
            pos += 4
    return _Deal(dealer, hands, floor)


def _parse_deal(i: int, d: dict) -> _Deal:
    where = f"deal {i}"
    if not isinstance(d, dict):
        raise RecordError(f"{where}: a deal is an object")
    dealer = d.get("dealer")
    if dealer is not None:
        if dealer not in _SEAT_INDEX:
            raise RecordError(f"{where}: dealer must be one of {', '.join(SEATS)}, not {dealer!r}")
        dealer = _SEAT_INDEX[dealer]
    hands_in = d.get("hands")
    if not isinstance(hands_in, dict) or set(hands_in) != set(SEATS):
        raise RecordError(f'{where}: "hands" must give 12 cards for each of p0, p1, p2, p3')
    seen: dict[int, str] = {}

    def read(lst, who, n):
        if not isinstance(lst, list) or len(lst) != n:
            raise RecordError(f"{where}: {who} must be a list of {n} cards")
        out = []
        for t in lst:
            try:
                c = Card.parse(t).index
            except CardError as err:
                raise RecordError(f"{where}: {who}: {err}") from None
            if c in seen:
                raise RecordError(f"{where}: {TXT[c]} is dealt twice ({seen[c]} and {who})")
            seen[c] = who
            out.append(c)
        return out

    hands = [read(hands_in[s], f"{s}'s hand", 12) for s in SEATS]
    floor = read(d.get("floor"), "the floor", 4)
    return _Deal(dealer, hands, floor)


# --------------------------------------------------------------------------------------------
# The game
# --------------------------------------------------------------------------------------------

@register
class Seep(Game):
    """A whole match of four-player Seep: hands are played until a team wins.

    Read the state through the properties (``to_act``, ``phase``, ``dealer``, ``bidder``,
    ``bid``, ``over``, ``winner``...), ``floor()``, ``view(seat)`` and ``summary()``; move with
    ``apply(text)`` (or ``apply_move(move)`` on the fast path).
    """

    name = "seep"
    seats = SEATS
    default_options = DEFAULT_OPTIONS

    # ---- construction -------------------------------------------------------------------------
    @classmethod
    def from_record(cls, record: dict) -> "Seep":
        """A game at the start of ``record`` (its actions are not applied; see ``record.replay``).

        Checks the options, players and deals, and raises ``RecordError`` on anything unusable.
        """
        opts = check_options(record.get("options") or {})
        players = record.get("players")
        if players is not None:
            if not isinstance(players, list) or len(players) != 4 or not all(
                    isinstance(p, str) for p in players):
                raise RecordError('"players" must list 4 names, for p0, p1, p2 and p3')
        seed = record.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, str))):
            raise RecordError('"seed" must be an integer or a string')
        deals_in = record.get("deals") or []
        if not isinstance(deals_in, list):
            raise RecordError('"deals" must be a list of objects')
        deals = [_parse_deal(i, d) for i, d in enumerate(deals_in)]
        if seed is None and not deals:
            raise RecordError('a record needs a "seed" or "deals"')
        g = cls.__new__(cls)
        g._init(opts, players, seed, deals)
        return g

    @classmethod
    def new(cls, seed: Any = None, players: Optional[list[str]] = None,
            deals: Optional[list[dict]] = None, **options: Any) -> "Seep":
        """A new game from a seed and/or explicit deals (record form), with options as keywords.

        >>> Seep.new(seed=1, preset="seep-pagat").options["preset"]
        'seep-pagat'
        """
        rec = {"format": "cardtable/1", "game": cls.name, "options": options,
               "players": players, "seed": seed, "deals": deals or [], "actions": []}
        return cls.from_record(rec)

    def _init(self, opts: dict, players, seed, deals: list[_Deal]) -> None:
        self._opts = opts
        self._preset = opts["preset"]
        self._pagat = opts["preset"] == "seep-pagat"
        self._seed_first = opts["first_play"] == "seed"
        self._sweeps_on = opts["sweeps"]
        self._raise_own = opts["raise_own"]
        self._points = POINTS[self._preset]
        self._players = players
        self._seed = seed
        self._given = deals
        if seed is not None:
            self._deal_seed = seed
        else:
            first = deals[0]
            blob = json.dumps([first.hands, first.floor]).encode()   # the cards, not the dealer
            self._deal_seed = "deals:" + hashlib.sha256(blob).hexdigest()[:16]
        self._dealt: list[_Deal] = []     # every deal started so far (index = deal index)
        self._moves: list[tuple] = []     # every move applied, in order
        self._history: list[dict] = []    # one summary entry per completed hand
        self._totals = [0, 0]             # sweep-seed
        self._lead = 0                    # seep-pagat: p0p2 minus p1p3
        self._baazis = [0, 0]
        self._winner: Optional[int] = None
        self._hand_idx = 0
        self._deal_idx = 0
        self._just_ended = False
        self._thrown: list[dict] = []     # this hand's thrown-in deals, shown to all
        if deals and deals[0].dealer is not None:
            dealer = deals[0].dealer
        else:
            dealer = random.Random(f"cardtable:{self._deal_seed}:first-dealer").randrange(4)
        self._dealer = dealer
        self._start_hand()
        self._start_deal()

    def _start_hand(self) -> None:
        self._hand_log: list[tuple] = []  # (seat, move, extra) of this hand, redeals included
        self._thrown = []

    def _start_deal(self) -> None:
        k = self._deal_idx
        if k < len(self._given):
            deal = self._given[k]
            if deal.dealer is not None and deal.dealer != self._dealer:
                raise RecordError(f"deal {k} names dealer {SEATS[deal.dealer]}, "
                                  f"but the rules make {SEATS[self._dealer]} deal")
        else:
            deal = deal_from_deck(shuffled_deck(hand_rng(self._deal_seed, k)), self._dealer)
        if deal.dealer is None:
            deal = _Deal(self._dealer, deal.hands, deal.floor)
        self._dealt.append(deal)
        d = self._dealer
        self._bidder = (d + 1) % 4
        self._bid = 0
        self._phase = _PH_BID
        self._turn = self._bidder
        self._plays = 0
        hands = []
        for s in range(4):
            if s == self._bidder or not self._pagat:
                hands.append(_canon(deal.hands[s][:4]))
            else:
                hands.append([])
        self._hands = hands
        self._hcnt = [self._count(h) for h in hands]
        self._loose: list[int] = []
        self._lcnt = [0] * 14
        self._houses: dict[int, list] = {}   # value -> [cards, cemented, owners bitmask]
        self._piles: list[list[int]] = [[], []]
        self._sweeps: list[list[int]] = [[], []]
        self._last_cap = -1
        self._unclaimed: list[int] = []
        self._legal: Optional[list] = None

    @staticmethod
    def _count(cards: Iterable[int]) -> list[int]:
        c = [0] * 14
        for x in cards:
            c[VAL[x]] += 1
        return c

    def copy(self) -> "Seep":
        """An independent copy of the game (cheap: a search player's clone)."""
        g = Seep.__new__(Seep)
        d = self.__dict__.copy()
        d["_hands"] = [h[:] for h in self._hands]
        d["_hcnt"] = [h[:] for h in self._hcnt]
        d["_loose"] = self._loose[:]
        d["_lcnt"] = self._lcnt[:]
        d["_houses"] = {v: [h[0][:], h[1], h[2]] for v, h in self._houses.items()}
        d["_piles"] = [self._piles[0][:], self._piles[1][:]]
        d["_sweeps"] = [self._sweeps[0][:], self._sweeps[1][:]]
        d["_unclaimed"] = self._unclaimed[:]
        d["_moves"] = self._moves[:]
        d["_hand_log"] = self._hand_log[:]
        d["_history"] = self._history[:]
        d["_totals"] = self._totals[:]
        d["_baazis"] = self._baazis[:]
        d["_dealt"] = self._dealt[:]
        d["_thrown"] = self._thrown[:]
        g.__dict__ = d
        return g

    clone = copy

    # ---- state --------------------------------------------------------------------------------
    @property
    def options(self) -> dict:
        """The options in force (all of them, defaults filled in)."""
        return dict(self._opts)

    @property
    def players(self) -> list[str]:
        """Players' names for p0..p3 (the seat names when the record gives none)."""
        return list(self._players) if self._players else list(SEATS)

    @property
    def to_act(self) -> Optional[str]:
        return None if self._phase == _PH_OVER else SEATS[self._turn]

    @property
    def phase(self) -> str:
        """``"bid"`` (the bidder bids or asks for a redeal), ``"play"`` or ``"over"``."""
        return PHASES[self._phase]

    @property
    def over(self) -> bool:
        return self._phase == _PH_OVER

    @property
    def hand_over(self) -> bool:
        """True right after the action that completed a hand (the next deal is already made).

        The UI uses it to show the hand's score (``summary()["hands"][-1]``) before going on.
        """
        return self._just_ended

    @property
    def winner(self) -> Optional[str]:
        """The winning team, ``"p0p2"`` or ``"p1p3"``, once the game is over."""
        return None if self._winner is None else TEAMS[self._winner]

    @property
    def dealer(self) -> str:
        return SEATS[self._dealer]

    @property
    def bidder(self) -> str:
        """The seat after the dealer in play order; he bids and plays first."""
        return SEATS[self._bidder]

    @property
    def bid(self) -> Optional[int]:
        """The bid of this hand (9..13), None before it is made."""
        return self._bid or None

    @property
    def hands_completed(self) -> int:
        return len(self._history)

    @property
    def hand_number(self) -> int:
        """The current hand, counting from 1 (thrown-in deals do not count)."""
        return self._hand_idx + 1

    @property
    def deal_index(self) -> int:
        """The current deal's index in the record's ``deals`` (thrown-in deals count)."""
        return self._deal_idx

    @property
    def plays(self) -> int:
        """Cards played so far this hand (0..48)."""
        return self._plays

    @property
    def actions(self) -> list[str]:
        return [self.move_text(m) for m in self._moves]

    def hand(self, seat: str) -> list[str]:
        """The cards ``seat`` holds, in canonical order (for tests and tools, not for players)."""
        return [TXT[c] for c in _canon(self._hands[_SEAT_INDEX[seat]])]

    def floor(self) -> dict:
        """The floor: ``{"loose": [cards in the order they came], "houses": [...]}``.

        Each house is ``{"value", "cards", "cemented", "owners"}``, houses by value.
        """
        return {"loose": [TXT[c] for c in self._loose],
                "houses": [{"value": v, "cards": [TXT[c] for c in h[0]], "cemented": h[1],
                            "owners": [SEATS[s] for s in range(4) if h[2] >> s & 1]}
                           for v, h in sorted(self._houses.items())]}

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

    def _loose_by_value(self, box: Optional[list] = None) -> list[list[int]]:
        byv: list[list[int]] = [[] for _ in range(14)]
        for c in sorted(self._loose):
            byv[VAL[c]].append(c)
        if box is not None:
            box[0] = byv
        return byv

    def _context(self) -> tuple:
        """What the move generator needs once per position: subset sums of the loose cards
        (bit n set when some loose cards add up to n), the houses the mover owns, the houses he
        may raise, and a box for the loose cards by value (filled when first needed)."""
        s = self._turn
        houses = self._houses
        sums = 1
        for c in self._loose:
            sums |= sums << VAL[c]
        if houses:
            bit = 1 << s
            owned = [h for h, rec in houses.items() if rec[2] & bit]
            raisable = [h for h, rec in houses.items()
                        if not rec[1] and h < 13 and (self._raise_own or not rec[2] & bit)]
        else:
            owned = raisable = ()
        return sums & 0x3FFF, owned, raisable, [None]

    def _templates(self, v: int, ctx: tuple) -> list[tuple]:
        """The legal uses of a hand card worth ``v``: a list of ``(kind, value, loose)``."""
        sums, owned, raisable, box = ctx
        hc = self._hcnt[self._turn]
        lc = self._lcnt
        houses = self._houses
        first = self._plays == 0
        bid = self._bid
        out: list[tuple] = []
        add = out.append
        # capture or throw (the first play: only with a card of the bid value)
        if not first or v == bid:
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
        for T in (_HIGH if not first else (bid,)):
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
        for h in raisable:
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

    # ---- applying a move (fast path) ----------------------------------------------------------
    def apply_move(self, move: tuple) -> None:
        """Apply a move taken from ``legal_moves()``; it is NOT checked (use ``apply`` for text)."""
        kind, c, t, L = move
        s = self._turn
        self._just_ended = False
        self._moves.append(move)
        self._legal = None
        if kind >= THROW:
            self._hands[s].remove(c)
            hcs = self._hcnt[s]
            v = VAL[c]
            hcs[v] -= 1
            loose = self._loose
            lc = self._lcnt
            extra = None
            if kind == CAPTURE:
                team = s & 1
                pile = self._piles[team]
                pile.append(c)
                for x in L:
                    loose.remove(x)
                    lc[VAL[x]] -= 1
                pile.extend(L)
                h = self._houses.pop(t, None)
                if h is not None:
                    pile.extend(h[0])
                self._last_cap = s
                if not loose and not self._houses and self._sweeps_on:
                    p = self._plays
                    extra = 25 if p == 0 else (0 if p == PLAYS_PER_HAND - 1 else 50)
                    self._sweeps[team].append(extra)
            elif kind == THROW:
                loose.append(c)
                lc[v] += 1
            elif kind == BUILD or kind == CEMENT:
                total = v
                for x in L:
                    loose.remove(x)
                    xv = VAL[x]
                    lc[xv] -= 1
                    total += xv
                if kind == BUILD:
                    self._houses[t] = [[c, *L], total > t, 1 << s]
                else:
                    h = self._houses[t]
                    h[0].append(c)
                    h[0].extend(L)
                    h[1] = True
                    h[2] |= 1 << s
            else:  # RAISE
                houses = self._houses
                h = houses.pop(t)
                nv = t + v
                cards = h[0] + [c]
                cem = False
                own = 1 << s
                other = houses.get(nv)
                if other is not None:
                    cards = other[0] + cards
                    own |= other[2]
                    cem = True
                if lc[nv]:
                    singles = [x for x in loose if VAL[x] == nv]
                    for x in singles:
                        loose.remove(x)
                    lc[nv] = 0
                    cards.extend(singles)
                    cem = True
                houses[nv] = [cards, cem, own]
            self._hand_log.append((s, move, extra))
            self._plays += 1
            if self._plays == 1:
                self._deal_rest()
            if self._plays == PLAYS_PER_HAND:
                self._end_hand()
            else:
                self._turn = (s + 1) % 4
        elif kind == BID:
            self._bid = t
            self._hand_log.append((s, move, None))
            deal = self._dealt[-1]
            self._loose = list(deal.floor)
            self._lcnt = self._count(deal.floor)
            self._phase = _PH_PLAY
        else:  # REDEAL
            shown = tuple(_canon(self._hands[s]))
            self._hand_log.append((s, move, shown))
            self._thrown.append({"dealer": SEATS[self._dealer], "bidder": SEATS[s],
                                 "cards": [TXT[x] for x in shown]})
            self._deal_idx += 1
            self._start_deal()

    def _deal_rest(self) -> None:
        deal = self._dealt[-1]
        for s in range(4):
            have = 4 if (s == self._bidder or not self._pagat) else 0
            rest = deal.hands[s][have:]
            h = self._hands[s]
            h.extend(rest)
            h.sort(key=SORT_KEY.__getitem__)
            hc = self._hcnt[s]
            for x in rest:
                hc[VAL[x]] += 1

    # ---- end of a hand: scoring, game end, next dealer -------------------------------------------
    def _end_hand(self) -> None:
        leftover = list(self._loose)
        for h in self._houses.values():   # never happens: owners must take their houses
            leftover.extend(h[0])
        self._loose = []
        self._lcnt = [0] * 14
        self._houses = {}
        left_team = None
        if leftover:
            if self._last_cap >= 0:
                left_team = self._last_cap & 1
                self._piles[left_team].extend(leftover)
            else:
                self._unclaimed.extend(leftover)
        pts = self._points
        n = [len(self._piles[0]), len(self._piles[1])]
        points = [sum(pts[c] for c in self._piles[0]), sum(pts[c] for c in self._piles[1])]
        if not self._pagat:
            if n[0] > n[1]:
                points[0] += MAJORITY_BONUS
            elif n[1] > n[0]:
                points[1] += MAJORITY_BONUS
        score = [points[t] + sum(self._sweeps[t]) for t in (0, 1)]
        entry: dict[str, Any] = {
            "hand": self._hand_idx, "dealer": SEATS[self._dealer], "bidder": SEATS[self._bidder],
            "bid": self._bid,
            "cards": {TEAMS[t]: n[t] for t in (0, 1)},
            "points": {TEAMS[t]: points[t] for t in (0, 1)},
            "sweeps": {TEAMS[t]: list(self._sweeps[t]) for t in (0, 1)},
            "score": {TEAMS[t]: score[t] for t in (0, 1)},
            "leftover": {"team": None if left_team is None else TEAMS[left_team],
                         "cards": len(leftover)},
            "thrown_in": list(self._thrown),
        }
        d = self._dealer
        if not self._pagat:
            self._totals[0] += score[0]
            self._totals[1] += score[1]
            entry["totals"] = {TEAMS[t]: self._totals[t] for t in (0, 1)}
            tot = self._totals
            if max(tot) >= self._opts["target"] and tot[0] != tot[1]:
                self._winner = 0 if tot[0] > tot[1] else 1
            next_dealer = (d + 1) % 4
        else:
            baazi = None
            if min(score) < 9:
                baazi = (1 if score[0] < 9 else 0, "under 9")
            else:
                self._lead += score[0] - score[1]
                if abs(self._lead) >= 100:
                    baazi = (0 if self._lead > 0 else 1, "lead")
            dt = d & 1
            if baazi is not None:
                ahead = baazi[0] == dt
            else:
                ahead = (self._lead if dt == 0 else -self._lead) > 0
            would = (d + 1) % 4 if ahead else d
            if baazi is not None:
                self._baazis[baazi[0]] += 1
                self._lead = 0
                next_dealer = (would + 2) % 4
                if self._baazis[baazi[0]] >= self._opts["baazis"]:
                    self._winner = baazi[0]
            else:
                next_dealer = would
            entry["lead"] = self._lead
            entry["baazi"] = None if baazi is None else {"team": TEAMS[baazi[0]],
                                                         "reason": baazi[1]}
            entry["baazis"] = {TEAMS[t]: self._baazis[t] for t in (0, 1)}
        entry["next_dealer"] = None if self._winner is not None else SEATS[next_dealer]
        self._history.append(entry)
        self._just_ended = True
        if self._winner is not None:
            self._phase = _PH_OVER
            self._legal = None
            return
        self._hand_idx += 1
        self._deal_idx += 1
        self._dealer = next_dealer
        self._start_hand()
        self._start_deal()

    # ---- text: notation in and out -------------------------------------------------------------
    @staticmethod
    def move_text(move: tuple) -> str:
        """The canonical text of an internal move: ``(CAPTURE, QC, 12, (5D, 7H))`` -> ..."""
        kind, c, t, L = move
        if kind == CAPTURE:
            return f"capture {TXT[c]} {_cards_text(L)}" if L else f"capture {TXT[c]}"
        if kind == THROW:
            return f"throw {TXT[c]}"
        if kind == BUILD or kind == CEMENT:
            s = f"{KINDS[kind]} {t} {TXT[c]}"
            return f"{s} {_cards_text(L)}" if L else s
        if kind == RAISE:
            return f"raise {t} {TXT[c]}"
        if kind == BID:
            return f"bid {t}"
        return "redeal"

    def legal_actions(self) -> list[str]:
        return [self.move_text(m) for m in self.legal_moves()]

    def _parse(self, action: str) -> tuple:
        """Read an action into a canonical move tuple (which may still be illegal)."""
        if not isinstance(action, str):
            raise IllegalAction(f"an action is text, not {action!r}")
        words = action.split()
        if not words:
            raise IllegalAction("an empty action")
        verb = words[0].lower()
        args = words[1:]
        if self._phase == _PH_OVER:
            raise IllegalAction("the game is over")
        if verb not in KINDS:
            raise IllegalAction(f"unknown action {words[0]!r} (bid, redeal, throw, capture, "
                                "build, raise or cement)")
        s = self._turn
        if self._phase == _PH_BID and verb not in ("bid", "redeal"):
            raise IllegalAction(f"{SEATS[s]} must bid first (bid 9 to 13, or redeal)")
        if self._phase == _PH_PLAY and verb in ("bid", "redeal"):
            raise IllegalAction(f"the bid is made: {SEATS[s]} plays a card")
        if verb == "redeal":
            if args:
                raise IllegalAction("write just: redeal")
            return (REDEAL, -1, 0, ())
        if verb == "bid":
            if len(args) != 1 or not args[0].isdigit():
                raise IllegalAction("write: bid N (N from 9 to 13)")
            return (BID, -1, int(args[0]), ())
        num = None
        if verb in ("build", "raise", "cement"):
            if not args or not args[0].isdigit():
                raise IllegalAction(f"write: {verb} V C ... (V, the house value, comes first)")
            num = int(args[0])
            args = args[1:]
            if not 9 <= num <= 13:
                raise IllegalAction(f"houses are worth 9 to 13, not {num}")
        if not args:
            raise IllegalAction(f"{verb}: which card from your hand?")
        cards = []
        for a in args:
            try:
                cards.append(Card.parse(a).index)
            except CardError as err:
                raise IllegalAction(str(err)) from None
        c, rest = cards[0], cards[1:]
        if c not in self._hands[s]:
            raise IllegalAction(f"you do not hold {TXT[c]}")
        if len(set(rest)) != len(rest):
            dup = next(x for x in rest if rest.count(x) > 1)
            raise IllegalAction(f"{TXT[dup]} is listed twice")
        for x in rest:
            if x not in self._loose:
                where = next((v for v, h in self._houses.items() if x in h[0]), None)
                if where is not None:
                    raise IllegalAction(f"{TXT[x]} is in the {where}-house, which moves whole: "
                                        "list loose cards only")
                raise IllegalAction(f"{TXT[x]} is not a loose card on the floor")
        L = tuple(_canon(rest))
        v = VAL[c]
        if verb == "throw":
            if rest:
                raise IllegalAction("a throw puts down one card: write throw C")
            return (THROW, c, v, ())
        if verb == "capture":
            return (CAPTURE, c, v, L)
        if verb == "raise":
            if rest:
                raise IllegalAction("a raise adds one card from hand and no floor cards: "
                                    "write raise V C")
            if num not in self._houses:
                raise IllegalAction(f"there is no {num}-house to raise")
            return (RAISE, c, num, ())
        if verb == "cement":
            if num not in self._houses:
                raise IllegalAction(f"there is no {num}-house to cement")
            return (CEMENT, c, num, L)
        # build
        if num in self._houses:
            return (CEMENT, c, num, L)
        singles = [x for x in self._loose if VAL[x] == num and x not in L]
        return (BUILD, c, num, tuple(_canon(L + tuple(singles))) if singles else L)

    def _resolve(self, action: str) -> tuple:
        """The legal move an action names, or ``IllegalAction`` with the rule that forbids it."""
        move = self._parse(action)
        if move in self.legal_moves():
            return move
        raise IllegalAction(self._why(move))

    def _why(self, move: tuple) -> str:
        """The rule a (parsed, canonical) move breaks, in a player's words."""
        kind, c, t, L = move
        s = self._turn
        hc = self._hcnt[s]
        if kind == BID:
            if not 9 <= t <= 13:
                return f"the bid is 9 to 13, not {t}"
            if not hc[t]:
                return f"you hold no {_WORDS.get(t, str(t))} to bid {t}"
            return "you cannot bid now"
        if kind == REDEAL:
            high = [v for v in range(9, 14) if hc[v]]
            if high:
                return (f"you hold {value_name(high[-1])}: bid it (a redeal only when you "
                        "hold no card of 9 or more)")
            return "you cannot ask for a redeal now"
        v = VAL[c]
        lcounts = _counts14(L)
        bid = self._bid
        if self._plays == 0:
            if self._seed_first:
                builds = [m for m in self.legal_moves() if m[0] == BUILD]
                if kind == THROW and builds:
                    return f"you can build {bid} on one floor card, so your first play must"
                if kind != THROW and not (kind == BUILD and t == bid and len(L) >= 1):
                    return (f"your first play must build {bid} on one floor card "
                            "(or, if you cannot, throw a card)")
                if kind == BUILD:
                    return (f"your first play builds {bid} from your card and one floor "
                            "card worth the difference")
            else:
                ok = (kind == BUILD and t == bid) or (kind in (CAPTURE, THROW) and v == bid)
                if not ok:
                    return (f"your first play must build {_a_house(bid)}, capture with "
                            f"{value_name(bid)} or throw {value_name(bid)}")
        can_capture = v in self._houses or self._sums_to(v)
        if kind == THROW:
            if can_capture:
                return f"{value_name(v)} that can capture cannot be thrown"
            return "that throw is not allowed now"
        if kind == CAPTURE:
            if not can_capture:
                return f"there is nothing worth {v} for {value_name(v)} to capture"
            if not _splits(lcounts, v):
                return f"{_cards_text(L)} cannot be split into sets worth {v}"
            return f"a capture must take every loose card or set worth {v}"
        owned = [h for h, rec in self._houses.items() if rec[2] >> s & 1]
        if kind == RAISE:
            h = self._houses[t]
            if h[1]:
                return f"the {t}-house is cemented and cannot be raised"
            if t == 13:
                return "the 13-house cannot be raised"
            if t + v > 13:
                return f"{value_name(v)} would raise the {t}-house to {t + v}: houses go up to 13"
            if h[2] >> s & 1 and not self._raise_own:
                return "you cannot raise your own house"
            if not hc[t + v]:
                return f"to raise to {t + v} you must keep {value_name(t + v)}"
            return "that raise is not allowed now"
        # BUILD / CEMENT
        verb = "build" if kind == BUILD else "cement"
        if v > t:
            return f"{TXT[c]} is worth more than {t}"
        listed = tuple(x for x in L if VAL[x] != t)     # without the singles that join anyway
        if not listed and v < t:
            if kind == BUILD:
                return f"a build puts your card on loose cards worth {t - v}"
            return (f"to cement the {t}-house, play a card worth {t} or add loose cards "
                    f"worth {t - v} to yours")
        if kind == BUILD and not L:
            return f"a build puts your card on loose cards worth {t}"
        if not _groups_with(v, t, _counts14(listed)):
            return f"{_cards_text((c,) + listed)} cannot be split into groups worth {t}"
        if hc[t] - (v == t) < 1:
            if kind == BUILD:
                return f"to build {_a_house(t)} you must keep {value_name(t)}"
            return (f"to cement the {t}-house you must keep "
                    f"{'another ' + _WORDS.get(t, str(t)) if v == t else value_name(t)}")
        if hc[v] == 1 and v in owned and v != t:
            return f"you must keep {value_name(v)} while you own the {v}-house"
        return f"that {verb} is not allowed now"

    def _sums_to(self, v: int) -> bool:
        sums = 1
        for c in self._loose:
            sums |= sums << VAL[c]
        return bool(sums >> v & 1)

    # ---- the text API -------------------------------------------------------------------------
    def apply(self, action: str) -> str:
        """Apply one action (text, case-insensitive, card lists in any order); return it canonical.

        Raises ``IllegalAction`` naming the rule that forbids it, and then changes nothing.
        """
        move = self._resolve(action)
        ends = move[0] == REDEAL or (self._phase == _PH_PLAY and self._plays == PLAYS_PER_HAND - 1)
        if ends and self._deal_idx + 1 < len(self._given):
            self.copy().apply_move(move)   # a RecordError (wrong dealer in a deal) changes nothing
        self.apply_move(move)
        return self.move_text(move)

    def check(self, action: str) -> Optional[str]:
        """None if ``action`` is legal now, else the reason it is not (the IllegalAction text)."""
        try:
            self._resolve(action)
        except IllegalAction as err:
            return str(err)
        return None

    def to_move(self, action: str) -> tuple:
        """The internal move for a legal text action (raises ``IllegalAction`` otherwise)."""
        return self._resolve(action)

    def actions_using(self, card: str, selection: Iterable[Any] = ()) -> list[str]:
        """The legal actions that play ``card`` with exactly the selected floor items.

        The UI composes a move by picking a hand card, then loose cards and/or houses; this lists
        the legal actions matching that selection (often one; several when the same cards can
        build different values).  A selection item is a loose card (``"5D"``, ``"5♦"``) or a
        house, given by its value (``12``, ``"12"``, ``"house 12"``).  The house a capture
        takes anyway may be selected or not; a build's auto-merged singles may be too::

            >>> g = Seep.new(seed=31); _ = g.apply("bid 11")
            >>> g.actions_using("6H", ["5H"]), g.actions_using("JH", ["2D", "4C", "5H"])
            (['build 11 6H 5H'], ['capture JH 2D 4C 5H'])
            >>> g.actions_using("JH", ["4C", "5H"])    # 4 + 5 is not 11: no legal action
            []
        """
        try:
            c = Card.parse(card).index
        except CardError:
            return []
        sel_loose: set[int] = set()
        sel_houses: set[int] = set()
        for item in selection:
            if isinstance(item, int) and not isinstance(item, bool):
                sel_houses.add(item)
                continue
            text = str(item).strip().lower()
            if text.startswith("house"):
                text = text[5:].strip()
            if text.isdigit():
                sel_houses.add(int(text))
                continue
            try:
                sel_loose.add(Card.parse(text).index)
            except CardError:
                return []
        out = []
        for m in self.legal_moves():
            kind, mc, t, L = m
            if mc != c:
                continue
            Ls = set(L)
            if kind == CAPTURE:
                ok = Ls == sel_loose and sel_houses <= {t}
            elif kind == THROW:
                ok = not sel_loose and not sel_houses
            elif kind == RAISE:
                ok = not sel_loose and sel_houses == {t}
            elif kind == CEMENT:
                ok = Ls == sel_loose and sel_houses <= {t} and (bool(sel_loose) or bool(sel_houses))
            elif kind == BUILD:
                auto = {x for x in L if VAL[x] == t}
                ok = (not sel_houses and bool(sel_loose) and sel_loose <= Ls
                      and Ls - sel_loose <= auto)
            else:
                ok = False
            if ok:
                out.append(self.move_text(m))
        return out

    # ---- random play (fast path) ----------------------------------------------------------------
    def random_move(self, rng: random.Random) -> tuple:
        """A legal move drawn uniformly from ``legal_moves()``."""
        moves = self.legal_moves()
        if not moves:
            raise IllegalAction("the game is over")
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

    # ---- what players see ------------------------------------------------------------------------
    def _scores(self) -> dict:
        if self._pagat:
            return {"lead": self._lead, "baazis": {TEAMS[t]: self._baazis[t] for t in (0, 1)},
                    "baazis_to_win": self._opts["baazis"]}
        return {"totals": {TEAMS[t]: self._totals[t] for t in (0, 1)},
                "target": self._opts["target"]}

    def _log_json(self) -> list[dict]:
        out = []
        for s, m, extra in self._hand_log:
            e: dict[str, Any] = {"seat": SEATS[s], "action": self.move_text(m)}
            if m[0] == REDEAL:
                e["shown"] = [TXT[x] for x in extra]
            elif extra is not None:
                e["sweep"] = extra
            out.append(e)
        return out

    def view(self, seat: str) -> dict:
        """What ``seat`` may see now, as a JSON-ready dict (never another player's hand).

        Keys: ``game``, ``seat``, ``team``, ``players``, ``options``, ``hand_number``,
        ``deal_index``, ``phase``, ``to_act``, ``dealer``, ``bidder``, ``bid``, ``hand`` (own
        cards, canonical order), ``hand_counts`` (cards held per seat), ``floor`` (loose cards in
        the order they came, houses with value, cards, cemented, owners), ``captured`` (cards
        per team this hand), ``sweeps`` (bonuses per team this hand), ``last_capturer``,
        ``log`` (this hand's public actions: ``{"seat", "action"}``, plus ``"sweep"`` on a
        sweep and ``"shown"`` on a redeal, the thrown-in hand shown to all), ``legal`` (empty
        unless ``seat`` is to act), ``scores`` (sweep-seed: ``totals``, ``target``; seep-pagat:
        ``lead``, ``baazis``, ``baazis_to_win``), ``history`` (the summary's hand entries),
        ``hand_over``, ``over``, ``winner``.
        """
        if seat not in _SEAT_INDEX:
            raise ValueError(f"no seat {seat!r} (seats: {', '.join(SEATS)})")
        si = _SEAT_INDEX[seat]
        over = self._phase == _PH_OVER
        return {
            "game": self.name,
            "seat": seat,
            "team": TEAMS[si & 1],
            "players": self.players,
            "options": _record_options(self._opts),
            "hand_number": self.hand_number,
            "deal_index": self._deal_idx,
            "phase": PHASES[self._phase],
            "to_act": self.to_act,
            "dealer": SEATS[self._dealer],
            "bidder": SEATS[self._bidder],
            "bid": self._bid or None,
            "hand": [TXT[c] for c in _canon(self._hands[si])],
            "hand_counts": {SEATS[s]: len(self._hands[s]) for s in range(4)},
            "floor": self.floor(),
            "captured": {TEAMS[t]: len(self._piles[t]) for t in (0, 1)},
            "sweeps": {TEAMS[t]: list(self._sweeps[t]) for t in (0, 1)},
            "last_capturer": None if self._last_cap < 0 else SEATS[self._last_cap],
            "log": self._log_json(),
            "legal": self.legal_actions() if (not over and si == self._turn) else [],
            "scores": self._scores(),
            "history": copy.deepcopy(self._history),
            "hand_over": self._just_ended,
            "over": over,
            "winner": self.winner,
        }

    def summary(self) -> dict:
        """What ``python -m cardtable replay`` prints: hands, totals or lead and baazis, etc."""
        out: dict[str, Any] = {"game": self.name, "options": _record_options(self._opts),
                               "hands": copy.deepcopy(self._history)}
        sc = self._scores()
        if self._pagat:
            out["lead"] = sc["lead"]
            out["baazis"] = sc["baazis"]
        else:
            out["totals"] = sc["totals"]
        out.update({
            "over": self.over, "winner": self.winner, "to_act": self.to_act,
            "phase": self.phase, "hand_number": self.hand_number, "dealer": self.dealer,
            "bidder": self.bidder, "bid": self.bid,
            "floor": self.floor(), "legal": self.legal_actions(),
        })
        return out

    def to_record(self) -> dict:
        """The game record: the deals made so far (and any later ones given), the actions."""
        deals = [d.to_json() for d in self._dealt]
        deals += [d.to_json() for d in self._given[len(self._dealt):]]
        rec: dict[str, Any] = {"format": "cardtable/1", "game": self.name,
                               "options": _record_options(self._opts)}
        if self._players is not None:
            rec["players"] = list(self._players)
        rec["seed"] = self._seed
        rec["deals"] = deals
        rec["actions"] = self.actions
        return rec
