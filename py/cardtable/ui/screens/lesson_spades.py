"""What a Dummy Spades lesson's tip points at (``ui.screens.lesson`` asks it for that table).

Pure Python: from a step's expected action and what the table is composing (``Table.bid``,
``Table.nils``, ``Table.slots``), the selector of the next control to press, in the attributes
``ui.table.spades`` renders: a card ``[data-act="move:play AH"]`` (in the hand, or the dummy's
panel when the declarer plays from it); for a bid the number chip, then each nil switch to turn on
(or off), then *Bid*; for a peek or a flip each slot, then the confirming button.  A reading step's
``point`` names a part of the table or of the end-of-hand score (``row:2`` is its second line).

>>> from types import SimpleNamespace as T
>>> target(T(bid=None, nils=set(), slots=set()), "bid 7 nil dummy")
'[data-key="bid:7"]'
>>> target(T(bid=7, nils={"p1"}, slots=set()), "bid 7 nil dummy")
'[data-key="nil:dummy"]'
>>> target(T(bid=7, nils={"dummy"}, slots=set()), "bid 7 nil dummy")
'[data-key="confirm-bid"]'
>>> target(T(bid=None, nils=set(), slots={3, 5}), "peek 3 4 9")
'[data-key="slot:4"]'
>>> reading("row:2")
'.lesson-summary tbody tr:nth-child(2)'
"""

from __future__ import annotations

GAME = "dummy-spades"
OFF_POINT = ".trick"   # what the tip points at after a move off the script (the trick it went to)
READING = {
    "dummy": '[data-key="seat:dummy"]',
    "switches": ".bid-panel .switches",
    "slots": ".slot-panel .slot-picks",
    "hand": ".my-hand .hand-cards",
    "bags": ".lesson-summary tbody tr:nth-child(1) td:last-child",
}
# what the tip should not cover on this table, with the weights of ``lesson.KEEP_CLEAR``
KEEP_CLEAR = (".table .card:not(.back), .trick .spot, .spades .status", ".action-panel button",
              ".opponents .seat.turn", ".opponents .seat")


def reading(point: str) -> str:
    """The selector of the part of the table a reading step points at."""
    if point.startswith("seat:"):
        return f'[data-key="{point}"]'
    if point.startswith("row:"):
        return f".lesson-summary tbody tr:nth-child({int(point[4:])})"
    return READING.get(point, ".table")


def target(table, action: str) -> str:
    """The selector of the next control to press for ``action``, given what the table composes."""
    words = action.split()
    if words[0] == "bid":
        n = int(words[1])
        nils = set(words[3].split(",")) if len(words) > 3 else set()
        if table.bid != n:
            return f'[data-key="bid:{n}"]'
        for h in sorted(set(table.nils) ^ nils):   # a nil to turn on, or one turned on by mistake
            return f'[data-key="nil:{h}"]'
        return '[data-key="confirm-bid"]'
    if words[0] in ("peek", "flip"):
        for i in sorted(set(table.slots) ^ {int(w) for w in words[1:]}):
            return f'[data-key="slot:{i}"]'
        return '[data-key="confirm-slots"]'
    return f'[data-act="move:play {words[1]}"]'
