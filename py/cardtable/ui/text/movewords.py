"""A move applied with the mover's views around it, in time that does not grow with the match.

Putting a move in words (``Table.describe``) and saying what it showed read the mover's view
before and after it.  A full view holds the history of every finished hand, so taking two per move
made a long record quadratic to open or review.  ``apply_with_views`` takes the views without the
history (``view(seat, history=False)``) and adds back what describers read of it:

* a move that ends a hand (or several, or the game) gets the full history after it, and the
  history before is the same list less the new entries;
* any other move leaves the history as it was, so both views get the same empty list: "no new
  entry", which is all a describer asks of it then.

    >>> from cardtable.record import new_game
    >>> g = new_game({"format": "cardtable/1", "game": "seep", "seed": 31, "actions": []})
    >>> canonical, actor, before, after = apply_with_views(g, "bid 11")
    >>> canonical, actor, before["history"], after["history"], "hand" in after
    ('bid 11', 'p1', [], [], True)
"""

from __future__ import annotations

from ...stats import hands_finished


def apply_with_views(game, action: str) -> tuple[str, str, dict, dict]:
    """Apply ``action`` (raises like ``game.apply``); return its canonical text, the seat that
    moved, and that seat's views before and after (their ``history`` as the module says)."""
    actor = game.to_act
    done = hands_finished(game)
    before = game.view(actor, history=False) if actor is not None else {}
    canonical = game.apply(action)
    new = hands_finished(game) - done
    after = game.view(actor, history=bool(new))
    before["history"] = after["history"][:-new] if new else []
    after.setdefault("history", [])
    return canonical, actor, before, after
