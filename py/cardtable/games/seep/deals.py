"""Seep's options (checked, defaults filled in) and deals (from a deck, or read from a record)."""

from __future__ import annotations

from typing import Any, Optional, Sequence

from ...cards import Card, CardError
from ...game import RecordError
from .tables import (_PRESET_ONLY, _SEAT_INDEX, _WRITTEN_IF_SET, DEFAULT_OPTIONS, HALF, PRESETS,
                     SEAT_COUNTS, SEATS, TXT)


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
    for k, allowed in (("seats", SEAT_COUNTS), ("first_sweep", (25, 50))):
        n = out[k]
        if isinstance(n, bool) or n not in allowed:
            raise RecordError(f"option {k} must be {' or '.join(map(str, allowed))}, not {n!r}")
    if out["majority_tie"] not in ("none", "split"):
        raise RecordError("option majority_tie must be 'none' or 'split', "
                          f"not {out['majority_tie']!r}")
    return out


def _record_options(opts: dict) -> dict:
    """The options a record writes: every option that applies to the preset, except that
    ``seats``, ``majority_tie`` and ``first_sweep`` are written only when not the default."""
    return {k: v for k, v in opts.items()
            if _PRESET_ONLY.get(k, opts["preset"]) == opts["preset"]
            and (k not in _WRITTEN_IF_SET or v != DEFAULT_OPTIONS[k])}


class _Deal:
    """One deal: dealer seat (or None), the hands as dealt, 4 floor cards.

    With four players each hand holds 12 card indices; with two, 24 (the first half's 12, then
    the second half's 12, each in the order dealt).
    """

    __slots__ = ("dealer", "hands", "floor")

    def __init__(self, dealer: Optional[int], hands: list[list[int]], floor: list[int]):
        self.dealer = dealer
        self.hands = hands
        self.floor = floor

    def to_json(self) -> dict:
        out: dict[str, Any] = {}
        if self.dealer is not None:
            out["dealer"] = SEATS[self.dealer]
        out["hands"] = {SEATS[s]: [TXT[c] for c in self.hands[s]] for s in range(len(self.hands))}
        out["floor"] = [TXT[c] for c in self.floor]
        return out


def deal_from_deck(deck: Sequence, dealer: int, seats: int = 4) -> _Deal:
    """Deal 52 shuffled cards (``Card`` objects or indices) in this module's physical order.

    Four players: packets of 4 go to the bidder, the next two players and the dealer
    (deck[0:16]), then 4 to the floor (deck[16:20]), then two more rounds of packets in the
    same order (deck[20:52]).  Two players: a packet to the bidder (deck[0:4]), one to the
    dealer (deck[4:8]), 4 to the floor (deck[8:12]), then five more rounds of packets, bidder
    first (deck[12:52]): two complete the first half, three make the second half's 12 each.
    """
    idx = [c.index if isinstance(c, Card) else int(c) for c in deck]
    n = seats
    hands: list[list[int]] = [[] for _ in range(n)]
    order = [(dealer + 1 + i) % n for i in range(n)]
    for i, s in enumerate(order):
        hands[s].extend(idx[4 * i:4 * i + 4])
    floor = idx[4 * n:4 * n + 4]
    pos = 4 * n + 4
    for _round in range((52 - pos) // (4 * n)):
        for s in order:
            hands[s].extend(idx[pos:pos + 4])
            pos += 4
    return _Deal(dealer, hands, floor)


def _parse_deal(i: int, d: dict, n: int = 4) -> _Deal:
    """Read deal ``i`` of a record for ``n`` seats (``RecordError`` on anything unusable)."""
    where = f"deal {i}"
    seats = SEATS[:n]
    per_hand = HALF * 4 // n
    if not isinstance(d, dict):
        raise RecordError(f"{where}: a deal is an object")
    dealer = d.get("dealer")
    if dealer is not None:
        if dealer not in seats:
            raise RecordError(f"{where}: dealer must be one of {', '.join(seats)}, not {dealer!r}")
        dealer = _SEAT_INDEX[dealer]
    hands_in = d.get("hands")
    if not isinstance(hands_in, dict) or set(hands_in) != set(seats):
        who = "p0, p1, p2, p3" if n == 4 else "p0 and p1"
        raise RecordError(f'{where}: "hands" must give {per_hand} cards for each of {who}')
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

    hands = [read(hands_in[s], f"{s}'s hand", per_hand) for s in seats]
    floor = read(d.get("floor"), "the floor", 4)
    return _Deal(dealer, hands, floor)

