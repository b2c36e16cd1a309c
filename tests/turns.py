"""Walking a game turn by turn in tests: the seat to act and its view at each turn.

    for seat, view in turns(g, 120):
        ...                                  # look at the position
        g.apply(some_legal_action)           # the caller plays each turn's move
"""

from __future__ import annotations


def turns(g, most: int):
    """The seat to act and its view, for up to ``most`` turns of ``g`` (fewer if the match ends);
    the caller plays a move before asking for the next turn."""
    for _ in range(most):
        if g.over:
            return
        seat = g.to_act
        yield seat, g.view(seat)
