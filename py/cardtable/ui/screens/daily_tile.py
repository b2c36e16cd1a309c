"""Home's tile of the deal of the day, and the words of a day's result (pure HTML; imported by home,
so it stays small: the rest is ``daily``)."""

from __future__ import annotations

import datetime
from typing import Optional

from ..text.i18n import N_, _
from ..text.markup import button, esc, signed

KIND_TITLES = {"spades": N_("Dummy Spades"), "seep4": N_("Seep, four players"), "seep2": N_("Seep, two players")}


def today() -> str:
    """Today's date on this device, as the deals of the day are named."""
    return datetime.date.today().isoformat()


def day_words(date: str) -> str:
    """A deal's date for people ("28 Nov 2026"; the French catalog gives its own order)."""
    try:
        day = datetime.date.fromisoformat(date)
    except ValueError:
        return date
    # TRANSLATORS: a date for strftime (%d day, %b month's short name, %m its number, %Y year)
    return day.strftime(_("%d %b %Y"))


def versus(score: int, par: Optional[int]) -> str:
    """``+46 vs par +31``."""
    if par is None:
        return signed(score, plus=True)
    return _("{score} vs par {par}").format(score=signed(score, plus=True), par=signed(par, plus=True))


def tile_html(kept, date: str) -> str:
    """Home's tile: today's deal of each kind (``kept``: ``stores.daily.load``'s entries)."""
    rows = []
    for kind, title in KIND_TITLES.items():
        e = kept.get(f"{kind}:{date}") or {}
        score = e.get("score") if isinstance(e.get("score"), int) else None
        if score is not None:
            state = _("played: {result}").format(result=versus(score, e.get("par") if isinstance(e.get("par"), int) else None))
        else:
            state = _("in play") if e.get("id") else _("not played yet")
        label = f'{esc(_(title))} <span class="sub">{esc(state)}</span>'
        rows.append(button(label, f"daily:{kind}", cls="btn ghost" if score is not None else "btn", key=f"daily:{kind}"))
    return (f'<article class="tile tile-daily"><h2>{esc(_("Deal of the day"))}</h2>'
            f'<p>{esc(_("One deal a day against the strong computers, the same everywhere: compare with par."))}</p>'
            f'<div class="tile-buttons">{"".join(rows)}</div></article>')
