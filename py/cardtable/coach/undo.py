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

__all__ = ["undo_target", "rewind", "decisions", "Decisions", "revealed", "news"]


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


def news(before: dict, after: dict, action: str) -> set[str]:
    """The cards a move brought into a seat's view (its views before and after), other than the
    cards it moved: something taking the move back would let the seat decide again knowing."""
    return revealed(after) - revealed(before) - _named(action)


def decisions(record: dict, seat: str) -> list[int]:
    """The record positions (numbers of actions already played) at which ``seat`` decided and
    which it may still go back to: its own turns since the last moment new cards came into its
    view (see the module docstring), in order.  The present position is not included."""
    return Decisions(record, seat).points


class Decisions:
    """``decisions`` kept up to date as a game goes on: ``follow(record)`` reads only the actions
    added since the last call (a view or two per move), and starts afresh when the record is not
    a continuation of the one it followed (an undo, another game)."""

    def __init__(self, record: dict, seat: str) -> None:
        self.seat = seat
        actions = list(record.get("actions") or [])
        self.base = {k: v for k, v in record.items() if k != "actions"}
        # moves only (cheap), keeping a copy of the game where the current hand (or deal) began
        g = new_game(dict(record, actions=[]))
        start, at_start, key = 0, g.copy(), _hand_key(g)
        for i, a in enumerate(actions):
            g.apply(a)
            if _hand_key(g) != key:
                start, at_start, key = i + 1, g.copy(), _hand_key(g)
        # then the seat's views over the current hand only
        self.game = at_start
        self.actions = actions[:start]
        self.points: list[int] = []
        self.seen = revealed(self.game.view(seat))
        for a in actions[start:]:
            self._step(a)

    def _step(self, action: str) -> None:
        g = self.game
        mine = g.to_act == self.seat
        g.apply(action)
        after = revealed(g.view(self.seat))
        if after - self.seen - _named(action):   # (``news``, with the view before kept)
            self.points = []   # something new came into view: nothing before it may be taken back
        elif mine:
            self.points.append(len(self.actions))
        self.actions.append(action)
        self.seen = after

    def follow(self, record: dict) -> list[int]:
        """``decisions(record, seat)``, reading only what was added since the last call."""
        actions = record.get("actions") or []
        n = len(self.actions)
        if (len(actions) < n or actions[:n] != self.actions
                or {k: v for k, v in record.items() if k != "actions"} != self.base):
            self.__init__(record, self.seat)
            return self.points
        for a in actions[n:]:
            self._step(a)
        return self.points


def _hand_key(game: Game) -> tuple:
    return (getattr(game, "hand_number", 0), getattr(game, "deal_index", 0))


def undo_target(record: dict, seat: str, against_computers: bool,
                tracker: Optional[Decisions] = None) -> Optional[int]:
    """How many actions to keep so that ``seat`` is back at its latest earlier decision it may
    take back (see the module docstring), or None when there is none.

    ``against_computers``: every seat but ``seat`` is a computer.  Otherwise (pass and play) only
    ``seat``'s own move that is the last of the record can be taken back.  ``tracker`` (a
    ``Decisions`` for ``seat``) makes repeated calls on a growing record cheap.
    """
    actions = record.get("actions") or []
    if not actions:
        return None
    points = (tracker.follow(record) if tracker is not None and tracker.seat == seat
              else decisions(record, seat))
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
