"""What a Seep seat may be shown, for the privacy checks of the Seep table's tests (CPython and browser).

The table shows the floor and the viewer's hand (``conftest.seep_visible``) and also marks the last
play: the card played and, for a capture, the cards it took off the floor (public a moment ago:
loose cards named by the action, or the cards of the captured house in the position before it).
"""

from __future__ import annotations

from typing import Optional

from cardtable.cards import Card
from conftest import seep_visible

PLAYS = ("throw", "capture", "build", "raise", "cement")


def seep_shown(view: dict, before: Optional[dict] = None) -> set[str]:
    """Cards the Seep table may put in the page for this view; ``before``: any seat's view of the
    position before the last action (needed to allow a captured house's cards)."""
    vis = seep_visible(view)
    if view["log"]:
        w = view["log"][-1]["action"].split()
        if w[0] in PLAYS:
            vis |= {x for x in w[1:] if not x.isdigit()}
            if w[0] == "capture" and before is not None:
                value = Card.parse(w[1]).value
                for h in before["floor"]["houses"]:
                    if h["value"] == value:
                        vis |= set(h["cards"])
    return vis
