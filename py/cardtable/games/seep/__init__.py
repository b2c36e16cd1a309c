"""Seep (Sweep): the whole rules of the fishing game, four or two players, no browser import.

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

Two players and house rules
---------------------------
``seats: 2`` (the default is 4) is the two-player game: seats ``p0`` and ``p1``, each his own
side, so every per-side dict (``cards``, ``points``, ``sweeps``, ``score``, ``totals``,
``baazis``) is keyed ``p0`` / ``p1`` and ``lead`` is p0 minus p1.  ``game.seats`` and
``game.sides`` say which.  A deal gives each hand 24 cards, first half first; from a seed the
physical order is a packet of 4 to the bidder, 4 to the dealer, 4 to the floor, then packets
of 4 alternately, bidder first.  After the first play each hand is completed to its first 12;
after play 24 (both hands empty) the second 12 arrive, the floor stays as it is, and the
bidder plays on.  Under ``sweep-seed`` the deal alternates; under ``seep-pagat`` the dealer
deals again while behind or level, and a baazi's loser deals next::

    >>> two = Seep.new(seed=5, seats=2)
    >>> two.seats, two.sides, two.view(two.bidder)["hand_counts"]
    (('p0', 'p1'), ('p0', 'p1'), {'p0': 4, 'p1': 4})

House rules: ``majority_tie`` (``"none"``, or ``"split"``: 2 to each side on 26-26, under
``sweep-seed`` only) and ``first_sweep`` (25, or 50: the first play's sweep counts in full).
``seats``, ``majority_tie`` and ``first_sweep`` are written in records, views and ``replay``
only when they are not the default, so older records read and print exactly as before.

Views and the UI
----------------
``view(seat)`` is all one seat may see: its own hand, the others' hand counts, the floor, the
captured counts and sweeps, the bid, the public log of this hand's actions (a thrown-in hand
is shown to all in its ``redeal`` entry, and in the hand's ``thrown_in`` history; a raise that
draws loose cards into the house names them in its entry's ``merged``), scores and history;
``legal`` only for the seat to act.  ``resample_from_infostate(seat, rng)`` imagines the rest: a
new game with the same view for that seat, the cards it has not seen dealt at random (module
``resample``).  To compose a move, a UI picks a hand card, then
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
``uniform=True``.  ``sweep_values()`` names the card values that would take the whole floor
in one capture (``sweep_values_of(counts, house_values)`` for a floor given as counts), and
``floor_state()`` gives the floor as loose cards, loose counts per value and houses, for a fast reading
(read-only).  A search player builds its state from one seat's view, never from the engine's
fields: ``Seep.from_view(view)`` once a move (the floor, houses, captured counts, sweeps, bid,
turn and plays of that view; nobody holds a card yet), then for each guess of the unseen cards
``copy()`` and ``deal_hidden(hands, deal)`` (module ``search``); ``value_counts(seat)``,
``running_score()`` and ``history`` read the rest.  The private fields (``_hands``, ``_loose``,
``_houses`` ...) are the package's own business.

Where things live
-----------------
The package splits the rules by what they answer: :mod:`.tables` (seats, move kinds, card
values and points), :mod:`.combos` (which loose cards a card may take or build with),
:mod:`.deals` (options and deals), :mod:`.movegen` (the legal moves and random play),
:mod:`.notation` (actions as text, and why a move is refused) and :mod:`.state` (the
``Seep`` class: the state, applying moves, scoring, views).  Every public name is importable
from ``cardtable.games.seep``.
"""

from __future__ import annotations

from .combos import MPARTS, PARTS, build_unions, capture_unions
from .deals import DEFAULT_OPTIONS, check_options, deal_from_deck
from .movegen import sweep_values_of
from .state import Seep
from .tables import (HALF, HALF_PLAYS, SIDES, BID, BUILD, CAPTURE, CEMENT, KINDS, MAJORITY_BONUS,
                     PHASES, PLAYS_PER_HAND, POINTS, PRESETS, RAISE, REDEAL, SEATS, SORT_KEY, TEAMS,
                     THROW, TXT, VAL, value_name)

__all__ = [
    "Seep", "SEATS", "TEAMS", "PRESETS", "PHASES", "KINDS", "BID", "REDEAL", "THROW", "CAPTURE",
    "BUILD", "CEMENT", "RAISE", "PLAYS_PER_HAND", "VAL", "TXT", "SORT_KEY", "POINTS",
    "MAJORITY_BONUS", "DEFAULT_OPTIONS", "PARTS", "MPARTS", "value_name", "capture_unions",
    "build_unions", "check_options", "deal_from_deck", "SIDES", "HALF", "HALF_PLAYS",
    "sweep_values_of",
]
