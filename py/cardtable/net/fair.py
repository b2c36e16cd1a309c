"""Deals no one can rig at a table across devices: commit, reveal, a seed from every value.

Deal ``k + 1``'s values are gathered while deal ``k`` is played (the game never waits):

1. the host draws a random 32-byte value and asks the guests, with its commitment (SHA-256 of the
   value, hex): ``{"type": "deal_ask", "v": 1, "deal": k, "hash": H}``;
2. each guest draws its own and answers with its commitment: ``{"type": "commit", "seq": n,
   "deal": k, "hash": h}``; once every guest asked has committed (a guest gone before it did is left
   out), the host tells all the commitments, its own as ``host``: ``{"type": "deal_commits", "v": 1,
   "deal": k, "hashes": {"p1": h, "host": H}}``;
3. each guest then sends its value, to the host only: ``{"type": "reveal", "seq": n, "deal": k,
   "value": v}`` (refused unless it matches the commitment); with every value the host has the
   seed, ``seed(values)``, and the game deals deal ``k`` from it (``game.seed_deal``);
4. once deal ``k`` is over, the host tells every value: ``{"type": "deal_reveal", "v": 1,
   "deal": k, "values": {...}}`` (``null``: the deal did not come from the values -- a guest that
   committed left before it revealed, or the values came after the deal was made).

No device can choose the seed: each committed before seeing any other value, and no guest sees
another's value before the deal is over.  A guest checks (``GuestFair``) that the values match the
commitments and that every card it saw (its hand, the dummy's, the cards played) is where the seed
deals it.  What this does not prevent: the host device holds every hand while the deal is played.
"""

from __future__ import annotations

import hashlib
import json
import os
from typing import Any, Optional

from ..cards import CARDS, Card, CardError, hand_rng, shuffled_deck

VERSION = 1
HOST = "host"


def new_value() -> str:
    """A random 32-byte value, hex."""
    return os.urandom(32).hex()


def is_hex(text: Any) -> bool:
    return isinstance(text, str) and len(text) == 64 and all(c in "0123456789abcdef" for c in text)


def commitment(value: str) -> str:
    return hashlib.sha256(bytes.fromhex(value)).hexdigest()


def seed(values: dict[str, str]) -> str:
    """The deal's seed: SHA-256 of the sorted (seat, value) pairs."""
    return hashlib.sha256(json.dumps(sorted(values.items())).encode()).hexdigest()


def deal_of(view: dict) -> int:
    """The deal a view shows (Seep counts thrown-in deals; a Dummy Spades hand is one deal)."""
    return view["deal_index"] if "deal_index" in view else view["hand_number"]


def dealt(game: str, seed_text: str, k: int, dealer: Optional[str], seats: int) -> dict[str, str]:
    """Where deal ``k`` from ``seed_text`` puts each card (card text -> seat, ``dummy`` or ``floor``):
    the games' own seeded dealing, as the host's engine does it."""
    if game == "dummy-spades":
        from ..games.dummy_spades import HANDS, deal_from_seed

        masks, _ = deal_from_seed(seed_text, k)
        return {str(CARDS[c]): HANDS[i] for i, m in enumerate(masks) for c in range(52) if m >> c & 1}
    from ..games.seep.deals import deal_from_deck

    deal = deal_from_deck(shuffled_deck(hand_rng(seed_text, k)), int(dealer[1:]), seats)
    out = {str(CARDS[c]): "floor" for c in deal.floor}
    out.update({str(CARDS[c]): f"p{s}" for s, h in enumerate(deal.hands) for c in h})
    return out


class HostRound:
    """The host's side of one deal's values."""

    def __init__(self, deal: int, seats) -> None:
        self.deal, self.asked = deal, set(seats)
        self.value = new_value()
        self.hashes: dict[str, str] = {}
        self.values: dict[str, str] = {}
        self.seed: Optional[str] = None   # once every value came
        self.used = False                 # the game dealt from it

    @property
    def revealing(self) -> bool:
        return bool(self.asked) and self.asked == set(self.hashes)

    def ask(self) -> dict:
        return {"type": "deal_ask", "v": VERSION, "deal": self.deal, "hash": commitment(self.value)}

    def commits(self) -> dict:
        return {"type": "deal_commits", "v": VERSION, "deal": self.deal,
                "hashes": {**self.hashes, HOST: commitment(self.value)}}

    def reveal(self) -> dict:
        values = {**self.values, HOST: self.value} if self.used else None
        return {"type": "deal_reveal", "v": VERSION, "deal": self.deal, "values": values}

    def commit(self, seat: str, hash_: str) -> bool:
        """A guest's commitment (``ValueError``: not asked now); whether all are in now."""
        if self.revealing or seat not in self.asked or seat in self.hashes or not is_hex(hash_):
            raise ValueError("fair_unasked")
        self.hashes[seat] = hash_
        return self.revealing

    def take(self, seat: str, value: str) -> Optional[str]:
        """A guest's value (``ValueError``: not one asked, or not its commitment's); the seed once
        every value is in."""
        if not self.revealing or seat in self.values or seat not in self.hashes:
            raise ValueError("fair_unasked")
        if not is_hex(value) or commitment(value) != self.hashes[seat]:
            raise ValueError("fair_mismatch")
        self.values[seat] = value
        if set(self.values) == self.asked:
            self.seed = seed({**self.values, HOST: self.value})
        return self.seed

    def gone(self, seat: str) -> bool:
        """A guest left: before it committed, the round goes on without it (whether all are in
        now); after, its value can never be given by another, so the deal will not be checked."""
        if seat in self.hashes or self.revealing:
            return False
        self.asked.discard(seat)
        return self.revealing


PLAYS = ("play", "capture", "throw", "build", "cement", "raise")
PROBLEMS = ("mismatch", "changed", "left_out", "cards", "unchecked", "unreadable")


class GuestFair:
    """A guest's side: its values and commitments, what it saw of each deal, the checks."""

    def __init__(self, seat: str) -> None:
        self.seat = seat
        self.rounds: dict[int, dict] = {}
        self.seen: dict[int, dict] = {}     # deal -> {"cards": {card: place}, "dealer": seat}
        self.checks: list[dict] = []        # each check: {"deal", "ok", "seed"} or {"deal", "ok", "problem", "card"}

    # ---- what it saw -----------------------------------------------------------------------------
    def saw(self, view: Optional[dict], actor: Optional[str] = None, action: str = "", before=None) -> None:
        """A view received (and the move that led to it, with the view before it)."""
        try:
            words = action.split()
            if before is not None and words and words[0] in PLAYS:
                card = next(w for w in words[1:] if not w.isdigit())
                self._put(deal_of(before), before, Card.parse(card), before.get("acting_hand") or actor)
            if view is None:
                return
            k = deal_of(view)
            for c in view.get("hand") or ():
                self._put(k, view, Card.parse(c), self.seat)
            if view.get("dummy_exposed") and view.get("game") == "dummy-spades":
                for c in view.get("dummy") or ():
                    self._put(k, view, Card.parse(c), "dummy")
        except (CardError, KeyError, TypeError, AttributeError, ValueError, StopIteration):
            pass   # a view this check cannot read: the cards it would have given are not checked

    def _put(self, k: int, view: dict, card: Card, place: str) -> None:
        seen = self.seen.setdefault(k, {"cards": {}, "dealer": view.get("dealer"),
                                        "game": view.get("game"), "seats": len(view.get("seats") or ())})
        seen["cards"].setdefault(str(card), place)

    # ---- the host's messages -----------------------------------------------------------------------
    def receive(self, message: dict) -> Optional[tuple[str, int, str]]:
        """A fair message from the host: what to send back (``("commit" | "reveal", deal, text)``)
        or None; a reveal checks the deal (``checks``)."""
        kind, k = message.get("type"), message.get("deal")
        if message.get("v") != VERSION or type(k) is not int:
            return None
        round_ = self.rounds.get(k)
        if kind == "deal_ask" and round_ is None and is_hex(message.get("hash")):
            value = new_value()
            self.rounds[k] = {"host": message["hash"], "value": value, "hashes": None}
            for old in [d for d in self.rounds if d < k - 2]:
                del self.rounds[old]
            return ("commit", k, commitment(value))
        if kind == "deal_commits" and round_ is not None and round_["hashes"] is None:
            hashes = message.get("hashes")
            if not isinstance(hashes, dict) or not all(is_hex(h) for h in hashes.values()):
                return self._done(k, "unreadable")
            if hashes.get(self.seat) != commitment(round_["value"]) or hashes.get(HOST) != round_["host"]:
                return self._done(k, "changed")
            round_["hashes"] = dict(hashes)
            return ("reveal", k, round_["value"])
        if kind == "deal_reveal" and round_ is not None:
            self._check(k, round_, message.get("values"))
        return None

    def _check(self, k: int, round_: dict, values: Any) -> None:
        if values is None:
            return self._done(k, "unchecked")
        hashes = round_["hashes"]
        if hashes is None:
            return self._done(k, "unchecked")
        if not isinstance(values, dict) or not all(is_hex(v) for v in values.values()):
            return self._done(k, "unreadable")
        if values.get(self.seat) != round_["value"]:
            return self._done(k, "left_out")
        if set(values) != set(hashes) or any(commitment(values[s]) != hashes[s] for s in values):
            return self._done(k, "mismatch")
        seen = self.seen.get(k, {"cards": {}})
        if not seen["cards"]:
            return self._done(k, "unchecked")
        places = dealt(seen["game"], seed(values), k, seen["dealer"], seen["seats"])
        wrong = next((c for c, place in seen["cards"].items() if places.get(c) != place), None)
        if wrong is not None:
            return self._done(k, "cards", wrong)
        self._done(k, "", seed=seed(values))

    def _done(self, k: int, problem: str, card: str = "", **seed) -> None:
        self.checks = self.checks[-20:] + [{"deal": k, "ok": not problem, "problem": problem, "card": card, **seed}]
        self.rounds.pop(k, None)
        self.seen.pop(k, None)

    @property
    def result(self) -> Optional[dict]:
        """The last check, or None."""
        return self.checks[-1] if self.checks else None
