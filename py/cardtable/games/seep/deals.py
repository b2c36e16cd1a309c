"""Seep's options (checked, defaults filled in) and deals (from a deck, or read from a record)."""

from __future__ import annotations

from typing import Any, Optional, Sequence

from ...cards import Card, CardError
from ...game import RecordError
from .tables import _PRESET_ONLY, _SEAT_INDEX, DEFAULT_OPTIONS, PRESETS, SEATS, TXT

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

