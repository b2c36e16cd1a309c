"""Undo: which earlier decision a person may go back to, and the game as it was there.

A game is its record, so taking moves back is keeping a prefix of the record's actions: the
game after an undo *is* ``record.replay`` of that prefix, and the saved record holds the game as
played from there on (``rewind``)::

    >>> from cardtable.record import replay
    >>> g = replay({"format": "cardtable/1", "game": "dummy-spades", "seed": 42,
    ...             "actions": ["bid 4 nil p2", "bid 7", "bid 5", "play JH"]})
    >>> undo_target(g.to_record(), "p0", against_computers=True)   # p0's bid: but see below
    >>> undo_target(g.to_record(), "p2", against_computers=True)   # the lead turned up the dummy
    >>> rewind(g.to_record(), 2).actions
    ['bid 4 nil p2', 'bid 7']

Who may take back what (``undo_target``):

* **Against computers** (every other seat a computer): back to any of the person's own earlier
  decisions in the current hand; the computers' replies go with it.  Each call gives the latest
  such decision before the present one, so repeated undos walk further back.
* **Pass and play**: only the person's own last move, while it is still the last move of the
  game (nobody else has acted since) -- the app also asks that the device has not been handed
  on yet.

**Undo is never a way to peek.**  A decision cannot be taken back once something the person had
not seen came into view after it, other than the cards that moves put on the table: a new deal
(so never across hands), the dummy turned up by the opening lead, dummy cards peeked at or
flipped, Seep's floor dealt after the bid or a hand's second twelve cards.  Going back over
such a moment would let the person decide again knowing those cards.  ``revealed`` says what
each game shows a seat; the check compares it before and after every move.
"""

from __future__ import annotations

from typing import Optional

from ..cards import Card
from ..game import Game
from ..record import new_game, replay

__all__ = ["undo_target", "rewind", "decisions", "revealed"]


def revealed(view: dict) -> set[str]:
    """The cards (text) a seat's view shows that are not on the table from a play: its hand, the
    dummy cards it sees (Dummy Spades) and the floor (Seep)."""
    out = set(view.get("hand") or ())
    out.update(view.get("dummy") or ())
    out.update(c for c in (view.get("dummy_slots") or ()) if c)
    floor = view.get("floor")
    if isinstance(floor, dict):
        out.update(floor.get("loose") or ())
        for house in floor.get("houses") or ():
            out.update(house.get("cards") or ())
    return out


def _named(action: str) -> set[str]:
    """The cards an action names (they moved on the table; the person saw them move)."""
    out = set()
    for word in action.split()[1:]:
        try:
            out.add(str(Card.parse(word)))
        except ValueError:
            continue
    return out


def decisions(record: dict, seat: str) -> list[int]:
    """The record positions (numbers of actions already played) at which ``seat`` decided and
    which it may still go back to: its own turns since the last moment new cards came into its
    view (see the module docstring), in order.  The present position is not included."""
    actions = list(record.get("actions") or [])
    base = dict(record, actions=[])
    # first pass, moves only (cheap): where the current hand (or Seep deal) began
    g = new_game(base)
    keys = []
    for a in actions:
        keys.append(_hand_key(g))
        g.apply(a)
    now = _hand_key(g)
    start = len(actions)
    while start > 0 and keys[start - 1] == now:
        start -= 1
    # second pass: views from the start of the current hand only
    g = new_game(base)
    for a in actions[:start]:
        g.apply(a)
    out: list[int] = []
    seen = revealed(g.view(seat))
    for i in range(start, len(actions)):
        mine = g.to_act == seat
        g.apply(actions[i])
        after = revealed(g.view(seat))
        if after - seen - _named(actions[i]):
            out = []          # something new came into view: nothing before it may be taken back
        elif mine:
            out.append(i)
        seen = after
    return out


def _hand_key(game: Game) -> tuple:
    return (getattr(game, "hand_number", 0), getattr(game, "deal_index", 0))


def undo_target(record: dict, seat: str, against_computers: bool) -> Optional[int]:
    """How many actions to keep so that ``seat`` is back at its latest earlier decision it may
    take back (see the module docstring), or None when there is none.

    ``against_computers``: every seat but ``seat`` is a computer.  Otherwise (pass and play) only
    ``seat``'s own move that is the last of the record can be taken back.
    """
    actions = record.get("actions") or []
    if not actions:
        return None
    points = decisions(record, seat)
    if not points:
        return None
    if against_computers:
        return points[-1]
    return points[-1] if points[-1] == len(actions) - 1 else None


def rewind(record: dict, keep: int) -> Game:
    """The game as it was after the first ``keep`` actions of ``record`` (replayed from its
    start: exactly the state and the record of that prefix)."""
    actions = list(record.get("actions") or [])
    if not 0 <= keep <= len(actions):
        raise ValueError(f"cannot keep {keep} of {len(actions)} actions")
    return replay(dict(record, actions=actions[:keep]))
