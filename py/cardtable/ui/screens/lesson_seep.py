"""The Seep lesson's count, line by line (``ui.screens.lesson`` shows it at the end of the hand).

The table's own end-of-hand summary gives each side one row (cards, points, +4, sweeps); the
lesson explains the count one line at a time, so it shows a table with one row per line of the
count (spades, the other aces, the 10♦, the majority of cards, sweeps, the hand's score), each
row ``data-count="<line>"`` for the tip to point at (a step's ``point`` ``count:<line>``).  The
figures are ``lessons.seep_count.count_lines``; they add up to the engine's score.
"""

from __future__ import annotations

from ...lessons.seep_count import LINES, count_lines
from ..text.i18n import N_, _
from ..text.markup import esc

GAME = "seep"
LINE_NAMES = {"spades": N_("Spades"), "aces": N_("Other aces"), "ten": N_("10♦"), "majority": N_("More cards"),
              "sweeps": N_("Sweeps"), "total": N_("The hand")}


def reading(point: str) -> str:
    """The selector of a line of the count (``count:spades``), or "" for any other point."""
    line = point[6:] if point.startswith("count:") else ""
    return f'[data-count="{line}"]' if line in LINES else ""


def count_html(table, game) -> str:
    """The count of the hand just played, one row per line, one column per side."""
    lines = count_lines(game.to_record())
    sides = table.sides
    head = "".join(f'<th scope="col">{table.team_head(s)}</th>' for s in sides)
    rows = "".join(
        f'<tr data-count="{line}" class="count-{line}"><th scope="row">{esc(_(LINE_NAMES[line]))}</th>'
        + "".join(f"<td>{lines[line][s]}</td>" for s in sides) + "</tr>"
        for line in LINES)
    return (f'<table class="summary lesson-count"><caption>{esc(_("The count"))}</caption>'
            f'<thead><tr><td></td>{head}</tr></thead><tbody>{rows}</tbody></table>')
