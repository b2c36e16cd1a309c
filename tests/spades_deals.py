"""Explicit Dummy Spades deals for rule scenarios, shared by the test files.

    from spades_deals import HANDS, make_deal

    deal = make_deal(p0="AS KS QS", dummy="2H 3H")   # the rest filled in card order
"""

from __future__ import annotations

from cardtable.cards import CARDS, Card

HANDS = ("p0", "p1", "p2", "dummy")
ALL_SPADES = " ".join(r + "S" for r in "23456789TJQKA")


def make_deal(dealer: str | None = "p2", **given: str) -> dict:
    """A deal for a record: the hands named (space-separated cards) as given, the others filled
    with the remaining cards in card order (2S..AS, 2H..AH, 2D..AD, 2C..AC), p0 first.
    ``dealer=None`` leaves the dealer out of the deal."""
    hands = {h: [str(Card.parse(t)) for t in given.get(h, "").split()] for h in HANDS}
    used = {c for cs in hands.values() for c in cs}
    rest = [str(c) for c in CARDS if str(c) not in used]
    for h in HANDS:
        while len(hands[h]) < 13:
            hands[h].append(rest.pop(0))
    deal = {"hands": hands}
    if dealer is not None:
        deal["dealer"] = dealer
    return deal
