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
   committed left before it revealed, or the values came after the deal was made; ``"from": j``
   then says it was dealt from deal ``j``'s checked seed, at its own index, ``cards.chained_seed``,
   and deal ``j``'s values are told only once no deal from them is in play).

The first deal waits for them (``"deal": 0``): the host's table shows *Waiting for players* and
nobody is dealt a card until every device playing a seat has committed and revealed; the game then
starts from ``seed(values)`` as its seed, so a deal thrown in before the next values come is dealt
from that checked seed too.

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

    def __init__(self, deal, seats):
        self.deal, self.asked = deal, set(seats)
        self.value = new_value()
        self.hashes, self.values = {}, {}
        self.seed = None                  # once every value came
        self.used = False                 # the game dealt from it
        self.wait_for = set()             # the first deal: the seats whose device must take part

    @property
    def revealing(self):
        return bool(self.asked) and self.asked == set(self.hashes) and self.wait_for <= self.asked

    def _say(self, kind, key, what):
        return {"type": "deal_" + kind, "v": VERSION, "deal": self.deal, key: what}

    def ask(self):
        return self._say("ask", "hash", commitment(self.value))

    def commits(self):
        return self._say("commits", "hashes", {**self.hashes, HOST: commitment(self.value)})

    def reveal(self, base=None):
        """The values told (``base``: the deal whose seed dealt this one when not its own values)."""
        return {**self._say("reveal", "values", {**self.values, HOST: self.value} if self.used else None),
                "from": None if self.used else base}

    def commit(self, seat, hash_):
        """A guest's commitment (``ValueError``: not asked now); whether all are in now."""
        if not is_hex(hash_):
            raise ValueError("bad_shape")
        if self.revealing or seat not in self.asked or seat in self.hashes:
            raise ValueError("fair_unasked")
        self.hashes[seat] = hash_
        return self.revealing

    def take(self, seat, value):
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

    def gone(self, seat):
        """A guest left: before it committed, the round goes on without it (whether all are in
        now); after, its value can never be given by another, so the deal will not be checked."""
        if seat in self.hashes or self.revealing:
            return False
        self.asked.discard(seat)
        return self.revealing


PLAYS = ("play", "capture", "throw", "build", "cement", "raise")


class GuestFair:
    """A guest's side: its values and commitments, what it saw of each deal, the checks."""

    def __init__(self, seat):
        self.seat = seat
        self.rounds, self.seen = {}, {}     # deal -> {"cards": {card: place}, "dealer": seat}
        self.checks = []        # {"deal", "ok", "problem" ("" when ok), "card", "seed" (when ok)}

    def dump(self):
        """What a reload must keep to check the deals under way: the rounds, what was seen, the
        checked seeds (JSON; ``load`` reads it back)."""
        return {"rounds": self.rounds, "seen": self.seen, "checks": self.checks[-8:]}

    @classmethod
    def load(cls, seat, kept):
        """A ``dump`` read back (anything malformed: what it held is left out, never an error)."""
        fair = cls(seat)
        try:
            fair.rounds, fair.seen = ({int(k): v for k, v in kept[key].items() if isinstance(v, dict)}
                                      for key in ("rounds", "seen"))
            fair.checks = [c for c in kept["checks"] if type(c.get("deal")) is int]
        except (KeyError, TypeError, ValueError, AttributeError):
            pass
        return fair

    def saw(self, view, actor=None, action="", before=None):
        """A view received (and the move that led to it, with the view before it): the cards of
        its hand, and the card played (every card is played by a deal's end)."""
        try:
            words = action.split()
            if before is not None and words and words[0] in PLAYS:
                card = next(w for w in words[1:] if not w.isdigit())
                self._put(before, card, before.get("acting_hand") or actor)
            for card in (view or {}).get("hand") or ():
                self._put(view, card, self.seat)
        except (CardError, KeyError, TypeError, AttributeError, StopIteration):
            pass   # a view this check cannot read: the cards it would have given are not checked

    def _put(self, view, card, place):
        seen = self.seen.setdefault(deal_of(view), {"cards": {}, "dealer": view.get("dealer"),
                                                    "game": view["game"], "seats": len(view.get("seats") or ())})
        seen["cards"].setdefault(str(Card.parse(card)), place)

    def receive(self, message):
        """A deal message from the host: what to send back (``("commit" | "reveal", deal, text)``)
        or None; a reveal checks the deal (``checks``)."""
        kind, k = message.get("type"), message.get("deal")
        round_ = self.rounds.get(k)
        if message.get("v") != VERSION or type(k) is not int:
            return None
        if kind == "deal_ask" and is_hex(message.get("hash")):
            if round_ and round_["host"] != message["hash"]:   # a host reloaded, or one drawing again
                if round_["hashes"] is not None:   # (this value given already: never a second one)
                    return self._done(k, "unchecked")
                round_ = None
            if round_ is None:
                round_ = self.rounds[k] = {"host": message["hash"], "value": new_value(), "hashes": None}
            # (asked again after a lost connection: the same commitment)
            return ("commit", k, commitment(round_["value"])) if round_["hashes"] is None else None
        if kind == "deal_commits" and round_ and round_["hashes"] is None:
            hashes = message.get("hashes")
            if not isinstance(hashes, dict) or hashes.get(self.seat) != commitment(round_["value"]) \
                    or hashes.get(HOST) != round_["host"]:
                return self._done(k, "mismatch")   # (the host changed its commitment, or this one)
            round_["hashes"] = hashes
            return ("reveal", k, round_["value"])
        if kind == "deal_reveal" and round_:
            self._check(k, round_, message.get("values"), message.get("from"))
        return None

    def _check(self, k, round_, values, base=None):
        hashes, seen, card, problem = round_["hashes"], self.seen.get(k), "", ""
        seeds = {c["deal"]: c["seed"] for c in self.checks if c.get("seed") and c["deal"] < k}
        if values is None and base in seeds:   # dealt from a checked seed
            used = seeds[base]
        elif values is None or hashes is None:
            problem = "unchecked"
        elif not isinstance(values, dict) or not all(map(is_hex, values.values())) or values.get(self.seat) != \
                round_["value"] or set(values) != set(hashes) or any(commitment(v) != hashes[s] for s, v in values.items()):
            problem = "mismatch"
        else:
            used = seed(values)
        if not (problem or seen):
            problem = "unchecked"
        if not problem:
            places = dealt(seen["game"], used, k, seen["dealer"], seen["seats"])
            card = next((c for c, place in seen["cards"].items() if places.get(c) != place), "")
            problem = card and "cards"
        self._done(k, problem, card, **({} if problem else {"seed": used}))

    def _done(self, k, problem, card="", **seed):
        self.checks = self.checks[-20:] + [{"deal": k, "ok": not problem, "problem": problem, "card": card, **seed}]
        self.rounds.pop(k, None)
        self.seen.pop(k, None)

    @property
    def result(self):
        """The last check, or None."""
        return self.checks[-1] if self.checks else None
