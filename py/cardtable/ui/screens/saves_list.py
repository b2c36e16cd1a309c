"""Home's list of saved games, in pages (pure HTML): games in play first, then the finished ones,
each group ``PAGE`` rows at a time with a *Show more* button; a filter by game and by player's
name; *Delete finished games…* for all of them at once.  2,000 saves drew 2,000 rows before.

The rows come from each game's note (``SaveStore.list(quick=True)``: no record read); only the
rows drawn are checked against their record (``check``, ``SaveStore.row``).  The state -- how many
rows of each group are shown, the filter -- is a ``Listing``, kept by ``saved_games.SavedGames``.

    >>> from cardtable.stores.saves import SavedGame
    >>> saves = [SavedGame(id=f"g{i}", game="seep", players=["Ana", "Ben"], over=i % 2 == 0) for i in range(50)]
    >>> row = lambda s, now: f'<li data-save="{s.id}"></li>'
    >>> html = section(saves, Listing(), 0.0, row, [("seep", "Seep")])
    >>> html.count("data-save="), 'data-act="saves:more:playing"' in html, "Delete finished games" in html
    (40, True, True)
    >>> section(saves, Listing(name="zoé"), 0.0, row, []).count("data-save=")
    0
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Optional

from ...stores.saves import SavedGame
from ..text.i18n import _, ngettext
from ..text.markup import attrs, button, esc, plain_name

PAGE = 20
"""Rows of each group drawn at first, and added by each *Show more*."""
FILTER_FROM = 7
"""The filter is offered from this many saved games on (or while it is set)."""
ALL_FINISHED = "*finished"
"""The id ``delete:`` and ``confirm-delete:`` take for every finished game at once."""


@dataclass
class Listing:
    """What home's list shows: rows of each group (``playing``, ``finished``), the filter."""

    shown: dict = field(default_factory=lambda: {"playing": PAGE, "finished": PAGE})
    game: str = ""     # "" (every game) or a game's key
    name: str = ""     # part of a player's name ("" for any)

    def matches(self, s: SavedGame) -> bool:
        if self.game and s.game != self.game:
            return False
        want = " ".join(self.name.split()).casefold()
        return not want or any(want in " ".join(plain_name(p).split()).casefold() for p in s.players)


def finished(saves: list[SavedGame]) -> list[SavedGame]:
    """The finished games that can be opened (what *Delete finished games* deletes)."""
    return [s for s in saves if s.over and not s.error]


def section(saves: list[SavedGame], listing: Listing, now: float, row: Callable[[SavedGame, float], str],
            games: list[tuple[str, str]], check: Optional[Callable[[SavedGame], SavedGame]] = None) -> str:
    """The list under home's *Saved games* heading and its import buttons (``row``: a row's HTML,
    ``home.save_row``; ``games``: each game's key and name, for the filter; ``check``: a row as
    drawn, its record checked)."""
    check = check or (lambda s: s)
    parts = []
    if not saves:
        return f'<p class="muted">{esc(_("No saved games yet. Every move is saved as you play."))}</p>'
    if len(saves) >= FILTER_FROM or listing.game or listing.name:
        parts.append(filter_html(listing, games))
    shown = [s for s in saves if listing.matches(s)]
    if not shown:
        parts.append(f'<p class="muted" role="status">{esc(_("No saved game matches."))} '
                     + button(esc(_("Show all")), "saves:clear", cls="btn ghost small", key="saves-clear") + "</p>")
    playing = [s for s in shown if not s.over]
    over = [s for s in shown if s.over]
    if playing:
        parts.append(_group(playing, "playing", listing, lambda s: row(check(s), now)))
    if over:   # games over, apart from the games in play
        n = len(finished(saves))
        delete = button(esc(_("Delete finished games…")), f"delete:{ALL_FINISHED}", cls="btn ghost small",
                        key="delete-finished") if n else ""
        parts.append(f'<div class="finished-head"><h3 class="finished-title">{esc(_("Finished games"))}</h3>{delete}</div>'
                     + _group(over, "finished", listing, lambda s: row(check(s), now)))
    return "".join(parts)


def _group(rows: list[SavedGame], group: str, listing: Listing, row) -> str:
    n = listing.shown.get(group, PAGE)
    out = f'<ul class="save-list{" finished" if group == "finished" else ""}">' + "".join(map(row, rows[:n])) + "</ul>"
    left = len(rows) - n
    if left > 0:
        more = min(PAGE, left)
        words = ngettext("Show {n} more ({left} not shown)", "Show {n} more ({left} not shown)", left).format(
            n=more, left=left)
        out += '<p class="more">' + button(esc(words), f"saves:more:{group}", cls="btn ghost", key=f"more:{group}") + "</p>"
    return out


def filter_html(listing: Listing, games: list[tuple[str, str]]) -> str:
    """The filter: a chip for each game, and a player's name."""
    chips = "".join(button(esc(title), f"saves:game:{g or 'all'}", cls="btn ghost small", key=f"saves-game:{g or 'all'}",
                           pressed=listing.game == g)
                    for g, title in [("", _("All games"))] + games)
    label = esc(_("Player"))
    field = (f'<label class="saves-name" for="saves-name"><span>{label}</span></label>'
             f'<input{attrs(type="search", id="saves-name", value=listing.name, maxlength="40", autocomplete="off", data_keep=True)}>'
             + button(esc(_("Find")), "saves:find", cls="btn ghost small", key="saves-find"))
    return (f'<div class="saves-filter" role="group" aria-label="{esc(_("Filter the saved games"))}">'
            f'<div class="saves-chips">{chips}</div><div class="find">{field}</div></div>')


def delete_finished_dialog(n: int) -> tuple[str, str, str]:
    """The question before deleting every finished game: title, body, confirm button's words."""
    return (ngettext("Delete {n} finished game?", "Delete {n} finished games?", n).format(n=n),
            _("They are deleted from this browser; the statistics keep their hands."),
            ngettext("Delete {n} game", "Delete {n} games", n).format(n=n))
