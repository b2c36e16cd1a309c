"""The home screen as the app draws it for a store and settings: one function, used by the app in
the page (``App.screen_html``) and by the build, which draws a first visit's home in each language
into the page (tools/first_paint.py), so that the first paint is the real home.

    >>> from cardtable.stores.saves import DictStore, SaveStore
    >>> from cardtable.stores.settings import parse_settings
    >>> html = home_screen(SaveStore(DictStore()), parse_settings(None), "en")
    >>> 'data-act="quick:seep"' in html and "lesson-offer" in html   # a first visit: the lessons offered
    True
"""

from __future__ import annotations

import time
from typing import Optional

from . import home
from .lesson_offer import with_offer


def home_screen(saves, settings: dict, lang: str, notice: str = "", table_host: Optional[str] = None,
                bots: bool = True, now: Optional[float] = None, listing_owner=None) -> str:
    """Home for ``saves`` (a ``SaveStore``) and ``settings``: the saved games, the last one to
    continue, the lessons offered on a first visit (``table_host``: this device has a seat at that
    host's table, ``home.seat_host``; ``bots``: the computer players are shipped;
    ``listing_owner``: the part that keeps what the list shows, ``saved_games.SavedGames``)."""
    items = saves.list(quick=True)   # (from the notes: the rows drawn are checked, ``saves.row``)
    last_id = saves.last_id()
    last = next((s for s in items if s.id == last_id), None)
    html = home.home_html(items, last, time.time() if now is None else now, notice, speed=settings["speed"],
                          bots=bots, lang=lang, table_host=table_host, level=settings.get("level", "casual"),
                          daily=saves.store, listing=getattr(listing_owner, "listing", None),
                          check=lambda s: saves.row(s.id) if s.error is None else s)
    return html if table_host is not None else with_offer(saves, html)   # the lessons offered on a first visit
