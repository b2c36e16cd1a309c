"""The ``Seep`` class: the state of a match, applying moves, scoring, and what players see."""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any, Iterable, Optional

from ...cards import chained_seed, hand_rng, shuffled_deck
from ...game import Game, RecordError
from .. import register
from .deals import _Deal, _parse_deal, _record_options, check_options, deal_from_deck
from .movegen import MoveGen
from .notation import Notation
from .resample import Resample
from .search import SearchState
from .tables import (_PH_BID, _PH_OVER, _PH_PLAY, _SEAT_INDEX, BID, BUILD, CAPTURE, CEMENT,
                     DEFAULT_OPTIONS, HALF, HALF_PLAYS, MAJORITY_BONUS, PHASES, PLAYS_PER_HAND, POINTS, RAISE, REDEAL,
                     SEATS, SIDES, SORT_KEY, THROW, TXT, VAL, _canon)


@register
class Seep(Notation, MoveGen, Resample, SearchState, Game):
    """A whole match of Seep, four players in two teams or two players (option ``seats``):
    hands are played until a side wins.

    ``game.seats`` is the instance's own seats (``("p0", "p1")`` with ``seats=2``) and
    ``game.sides`` its sides (``("p0p2", "p1p3")``, or ``("p0", "p1")``): the keys of every
    per-side dict in ``view``, ``summary`` and the hands' history.

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
        n = opts["seats"]
        players = record.get("players")
        if players is not None:
            if not isinstance(players, list) or len(players) != n or not all(
                    isinstance(p, str) for p in players):
                raise RecordError('"players" must list 4 names, for p0, p1, p2 and p3' if n == 4
                                  else '"players" must list 2 names, for p0 and p1')
        seed = record.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, str))):
            raise RecordError('"seed" must be an integer or a string')
        deals_in = record.get("deals") or []
        if not isinstance(deals_in, list):
            raise RecordError('"deals" must be a list of objects')
        deals = [_parse_deal(i, d, n) for i, d in enumerate(deals_in)]
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
        self._n = n = opts["seats"]
        self.seats = SEATS[:n]            # the instance's seats shadow the class's four
        self._sides = SIDES[n]
        self._first_sweep = opts["first_sweep"]
        self._tie_split = opts["majority_tie"] == "split"
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
            dealer = random.Random(f"cardtable:{self._deal_seed}:first-dealer").randrange(n)
        self._dealer = dealer
        self._start_hand()
        self._start_deal()

    def _start_hand(self) -> None:
        self._hand_log: list[tuple] = []  # (seat, move, extra) of this hand, redeals included
        self._thrown = []

    def seed_deal(self, k: int, seed: str) -> None:
        """Deal ``k``, not made yet, is shuffled from ``seed`` as deal ``k`` of that seed
        (``net.fair``: a seed no device chose alone); the record gives it, as every deal made."""
        if k <= self._deal_idx or k < len(self._given):
            raise ValueError(f"deal {k} is made already")
        self._seeds = {**getattr(self, "_seeds", {}), k: seed}

    def _start_deal(self) -> None:
        k = self._deal_idx
        if k < len(self._given):
            deal = self._given[k]
            if deal.dealer is not None and deal.dealer != self._dealer:
                raise RecordError(f"deal {k} names dealer {SEATS[deal.dealer]}, "
                                  f"but the rules make {SEATS[self._dealer]} deal")
        else:
            seed = chained_seed(getattr(self, "_seeds", {}), k, self._deal_seed)
            deal = deal_from_deck(shuffled_deck(hand_rng(seed, k)), self._dealer,
                                  self._n)
        if deal.dealer is None:
            deal = _Deal(self._dealer, deal.hands, deal.floor)
        self._dealt.append(deal)
        d = self._dealer
        self._bidder = (d + 1) % self._n
        self._bid = 0
        self._phase = _PH_BID
        self._turn = self._bidder
        self._plays = 0
        hands = []
        for s in range(self._n):
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
        self._ppts = [0, 0]     # the card points in each pile (kept as the piles grow)
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

    def _seat_index(self, seat: str) -> int:
        """The index of one of this game's seats (``ValueError`` for any other name)."""
        i = _SEAT_INDEX.get(seat) if isinstance(seat, str) else None
        if i is None or i >= self._n:
            raise ValueError(f"no seat {seat!r} (seats: {', '.join(self.seats)})")
        return i

    def copy(self, whole: bool = True) -> "Seep":
        """An independent copy of the game (cheap: a search player's clone).

        ``whole=False`` leaves out what only grows with the match -- the moves, the finished
        hands, the deals before this one -- for a scratch copy that tries one move (``apply``).
        """
        g = Seep.__new__(Seep)
        d = self.__dict__.copy()
        d["_hands"] = [h[:] for h in self._hands]
        d["_hcnt"] = [h[:] for h in self._hcnt]
        d["_loose"] = self._loose[:]
        d["_lcnt"] = self._lcnt[:]
        d["_houses"] = {v: [h[0][:], h[1], h[2]] for v, h in self._houses.items()}
        d["_piles"] = [self._piles[0][:], self._piles[1][:]]
        d["_ppts"] = self._ppts[:]
        d["_sweeps"] = [self._sweeps[0][:], self._sweeps[1][:]]
        d["_unclaimed"] = self._unclaimed[:]
        d["_moves"] = self._moves[:] if whole else []
        d["_hand_log"] = self._hand_log[:]
        d["_history"] = self._history[:] if whole else []
        d["_totals"] = self._totals[:]
        d["_baazis"] = self._baazis[:]
        d["_dealt"] = self._dealt[:] if whole else self._dealt[-1:]
        if not whole:
            d["_texts"] = ()
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
        return list(self._players) if self._players else list(self.seats)

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
        return None if self._winner is None else self._sides[self._winner]

    @property
    def sides(self) -> tuple:
        """The sides that score: ``("p0p2", "p1p3")`` with four players, ``("p0", "p1")`` with
        two (seat ``s`` plays for side ``s % 2``)."""
        return self._sides

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
    def history(self) -> list:
        """The completed hands' entries, as in ``summary()["hands"]`` (the game's own list, not a
        copy: a search player or the arena reads it after every move; never change it)."""
        return self._history

    def value_counts(self, s: int) -> list:
        """How many cards of each value (index 1..13 of a list of 14) seat index ``s`` holds: the
        game's own list, for a search player's play-out policy (read it, never change it)."""
        return self._hcnt[s]

    def running_score(self) -> tuple:
        """This hand so far, per side index (0, 1): ``(points, cards, sweeps)`` -- the card points
        and the number of cards captured, and the sum of the sweep bonuses (the majority bonus is
        only known at the hand's end).  Cheap: a search player evaluates positions with it."""
        return (self._ppts[:], [len(p) for p in self._piles],
                [sum(x) for x in self._sweeps])

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

    _texts: tuple = ()
    """The canonical texts of the first moves, written once (``actions``); a tuple, never changed
    in place, so a copy may share it."""

    @property
    def actions(self) -> list[str]:
        texts, moves = self._texts, self._moves
        k = len(texts)
        if k != len(moves):   # the moves since it was last asked (a long game is saved every move)
            if k > len(moves):
                k, texts = 0, ()
            texts = self._texts = texts + tuple(map(self.move_text, moves[k:]))
        return list(texts)

    @property
    def action_count(self) -> int:
        """``len(actions)``, without writing every action out."""
        return len(self._moves)

    def hand(self, seat: str) -> list[str]:
        """The cards ``seat`` holds, in canonical order (for tests and tools, not for players)."""
        return [TXT[c] for c in _canon(self._hands[self._seat_index(seat)])]

    def floor(self) -> dict:
        """The floor: ``{"loose": [cards in the order they came], "houses": [...]}``.

        Each house is ``{"value", "cards", "cemented", "owners"}``, houses by value.
        """
        return {"loose": [TXT[c] for c in self._loose],
                "houses": [{"value": v, "cards": [TXT[c] for c in h[0]], "cemented": h[1],
                            "owners": [SEATS[s] for s in range(self._n) if h[2] >> s & 1]}
                           for v, h in sorted(self._houses.items())]}


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
                pts = self._points
                gain = pts[c]
                pile.append(c)
                for x in L:
                    loose.remove(x)
                    lc[VAL[x]] -= 1
                    gain += pts[x]
                pile.extend(L)
                h = self._houses.pop(t, None)
                if h is not None:
                    pile.extend(h[0])
                    for x in h[0]:
                        gain += pts[x]
                self._ppts[team] += gain
                self._last_cap = s
                if not loose and not self._houses and self._sweeps_on:
                    p = self._plays
                    extra = (self._first_sweep if p == 0 else
                             (0 if p == PLAYS_PER_HAND - 1 else 50))
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
                    extra = tuple(singles)   # named in the log: the raise does not name them
                houses[nv] = [cards, cem, own]
            self._hand_log.append((s, move, extra))
            self._plays += 1
            if self._plays == 1:
                self._deal_rest()
            elif self._plays == HALF_PLAYS and self._n == 2:
                self._deal_second_half()
            if self._plays == PLAYS_PER_HAND:
                self._end_hand()
            else:
                self._turn = (s + 1) % self._n
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
        for s in range(self._n):
            have = 4 if (s == self._bidder or not self._pagat) else 0
            self._give(s, deal.hands[s][have:HALF])

    def _give(self, s: int, cards: list[int]) -> None:
        """Deal ``cards`` into seat ``s``'s hand (kept sorted, with its count of each value)."""
        h = self._hands[s]
        h.extend(cards)
        h.sort(key=SORT_KEY.__getitem__)
        hc = self._hcnt[s]
        for x in cards:
            hc[VAL[x]] += 1

    def _deal_second_half(self) -> None:
        """Two players, both hands empty after 24 plays: the second 12 cards of each hand (no
        new floor cards); the floor, the houses and their owners carry over."""
        deal = self._dealt[-1]
        for s in range(self._n):
            self._give(s, deal.hands[s][HALF:])

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
                self._ppts[left_team] += sum(map(self._points.__getitem__, leftover))
            else:
                self._unclaimed.extend(leftover)
        n = [len(self._piles[0]), len(self._piles[1])]
        points = self._ppts[:]
        if not self._pagat:
            if n[0] > n[1]:
                points[0] += MAJORITY_BONUS
            elif n[1] > n[0]:
                points[1] += MAJORITY_BONUS
            elif self._tie_split:         # house rule majority_tie: "split", +2 each on 26-26
                points[0] += MAJORITY_BONUS // 2
                points[1] += MAJORITY_BONUS // 2
        score = [points[t] + sum(self._sweeps[t]) for t in (0, 1)]
        a, b = self._sides
        entry: dict[str, Any] = {
            "hand": self._hand_idx, "dealer": SEATS[self._dealer], "bidder": SEATS[self._bidder],
            "bid": self._bid,
            "cards": {a: n[0], b: n[1]},
            "points": {a: points[0], b: points[1]},
            "sweeps": {a: list(self._sweeps[0]), b: list(self._sweeps[1])},
            "score": {a: score[0], b: score[1]},
            "leftover": {"team": None if left_team is None else self._sides[left_team],
                         "cards": len(leftover)},
            "thrown_in": list(self._thrown),
        }
        d = self._dealer
        if not self._pagat:
            self._totals[0] += score[0]
            self._totals[1] += score[1]
            entry["totals"] = {self._sides[t]: self._totals[t] for t in (0, 1)}
            tot = self._totals
            if max(tot) >= self._opts["target"] and tot[0] != tot[1]:
                self._winner = 0 if tot[0] > tot[1] else 1
            next_dealer = (d + 1) % self._n
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
            would = (d + 1) % self._n if ahead else d
            if baazi is not None:
                self._baazis[baazi[0]] += 1
                self._lead = 0
                next_dealer = (would + 2) % 4 if self._n == 4 else would   # the loser
                if self._baazis[baazi[0]] >= self._opts["baazis"]:
                    self._winner = baazi[0]
            else:
                next_dealer = would
            entry["lead"] = self._lead
            entry["baazi"] = None if baazi is None else {"team": self._sides[baazi[0]],
                                                         "reason": baazi[1]}
            entry["baazis"] = {self._sides[t]: self._baazis[t] for t in (0, 1)}
        entry["next_dealer"] = None if self._winner is not None else SEATS[next_dealer]
        self._history.append(entry)
        self._just_ended = True
        if self._winner is not None or self._one_hand:
            self._phase = _PH_OVER
            self._legal = None
            return
        self._hand_idx += 1
        self._deal_idx += 1
        self._dealer = next_dealer
        self._start_hand()
        self._start_deal()


    # ---- what players see ------------------------------------------------------------------------
    def _scores(self) -> dict:
        if self._pagat:
            return {"lead": self._lead, "baazis": {self._sides[t]: self._baazis[t] for t in (0, 1)},
                    "baazis_to_win": self._opts["baazis"]}
        return {"totals": {self._sides[t]: self._totals[t] for t in (0, 1)},
                "target": self._opts["target"]}

    def _log_json(self) -> list[dict]:
        out = []
        for s, m, extra in self._hand_log:
            e: dict[str, Any] = {"seat": SEATS[s], "action": self.move_text(m)}
            if m[0] == REDEAL:
                e["shown"] = [TXT[x] for x in extra]
            elif m[0] == RAISE:
                if extra:
                    e["merged"] = [TXT[x] for x in extra]
            elif extra is not None:
                e["sweep"] = extra
            out.append(e)
        return out

    def view(self, seat: str, history: bool = True) -> dict:
        """What ``seat`` may see now, as a JSON-ready dict (never another player's hand).

        Keys: ``game``, ``seat``, ``team`` (the seat's side), ``seats`` and ``sides`` (this
        game's: ``p0``..``p3`` and ``p0p2``/``p1p3``, or ``p0``/``p1`` and ``p0``/``p1`` with two
        players), ``players``, ``options`` (a non-default ``seats``, ``majority_tie`` or
        ``first_sweep`` included), ``hand_number``,
        ``deal_index``, ``phase``, ``to_act``, ``dealer``, ``bidder``, ``bid``, ``hand`` (own
        cards, canonical order), ``hand_counts`` (cards held per seat), ``floor`` (loose cards in
        the order they came, houses with value, cards, cemented, owners), ``captured`` (cards
        per team this hand), ``sweeps`` (bonuses per team this hand), ``last_capturer``,
        ``log`` (this hand's public actions: ``{"seat", "action"}``, plus ``"sweep"`` on a
        sweep, ``"shown"`` on a redeal, the thrown-in hand shown to all, and ``"merged"`` on a
        raise that drew loose cards of the new value into the house, which its text does not
        name), ``legal`` (empty
        unless ``seat`` is to act), ``scores`` (sweep-seed: ``totals``, ``target``; seep-pagat:
        ``lead``, ``baazis``, ``baazis_to_win``), ``history`` (the summary's hand entries),
        ``hand_over``, ``over``, ``winner``.

        ``history=False`` leaves out ``history`` (the key is absent): it grows with the match, so
        a caller taking a view per move (a review) asks for it only when it reads it.
        """
        si = self._seat_index(seat)
        over = self._phase == _PH_OVER
        out = {
            "game": self.name,
            "seat": seat,
            "team": self._sides[si & 1],
            "seats": list(self.seats),
            "sides": list(self._sides),
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
            "hand_counts": {SEATS[s]: len(self._hands[s]) for s in range(self._n)},
            "floor": self.floor(),
            "captured": {self._sides[t]: len(self._piles[t]) for t in (0, 1)},
            "sweeps": {self._sides[t]: list(self._sweeps[t]) for t in (0, 1)},
            "last_capturer": None if self._last_cap < 0 else SEATS[self._last_cap],
            "log": self._log_json(),
            "legal": self.legal_actions() if (not over and si == self._turn) else [],
            "scores": self._scores(),
            "hand_over": self._just_ended,
            "over": over,
            "winner": self.winner,
        }
        if history:
            out["history"] = _json_copy(self._history)
        return out

    def summary(self) -> dict:
        """What ``python -m cardtable replay`` prints: hands, totals or lead and baazis, etc."""
        out: dict[str, Any] = {"game": self.name, "options": _record_options(self._opts),
                               "hands": _json_copy(self._history)}
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


def _json_copy(x: Any) -> Any:
    """A deep copy of JSON data (dicts, lists, text, numbers, None): what ``copy.deepcopy`` gives
    for it, several times faster (the hands' history is copied into every view)."""
    if type(x) is dict:
        return {k: _json_copy(v) for k, v in x.items()}
    if type(x) is list:
        return [_json_copy(v) for v in x]
    return x
