"""The lesson offered on the home screen of a first visit (no saved game, not offered before),
and the lessons' stored keys read and written safely.  Kept apart from ``lesson`` (the lessons'
screen and its runs), which the app imports only when a lesson starts: the home screen needs
only this."""

from __future__ import annotations

from typing import Optional

from ...lessons import GAMES, lessons
from ..text.i18n import _
from ..text.markup import button, esc

OFFER_KEY = "cardtable/v1/lesson-offer"


def stored(store, key: str) -> Optional[str]:
    """A lesson's stored value (None when missing or when storage cannot be read)."""
    try:
        return store.getItem(key)
    except Exception:
        return None


def keep(store, key: str, value: Optional[str]) -> None:
    """Store (or, for None, remove) a lesson's value; full or disabled storage is ignored (the
    lesson goes on, without resuming later)."""
    try:
        if value is None:
            store.removeItem(key)
        else:
            store.setItem(key, value)
    except Exception:
        pass


def with_offer(saves, html: str) -> str:
    """The home screen ``html``, with the lesson offered on a first visit (``saves``: the app's
    ``SaveStore``; no saved game and not offered before)."""
    if stored(saves.store, OFFER_KEY):
        return html
    if saves.list(quick=True):   # not a first visit: never offered (and the saved games not listed again for it)
        keep(saves.store, OFFER_KEY, "not first visit")
        return html
    every = lessons()
    learn = "".join(button(esc(_(every[g].title)), f"learn:{g}", cls="btn",
                           key="offer-learn" if g == "seep" else f"offer-learn:{g}") for g in GAMES)
    offer = ('<div class="lesson-offer" role="region" aria-label="' + esc(_("New here?")) + '">'
             f'<p>{esc(_("New here? Learn a game in about three minutes, with a guided hand on the real table."))}</p>'
             + learn + button(esc(_("Not now")), "lesson:no-offer", cls="btn ghost", key="offer-no") + "</div>")
    head_end = html.find("</header>")
    return html[:head_end + 9] + offer + html[head_end + 9:] if head_end >= 0 else offer + html
