"""The rules pages the build drew (ui/screens/rules_page.py, in CPython): web/first-paint.js fetches a
language's ``web/rules-<lang>.json.gz`` once (``cardtableRules``; before Python has started when
*Rules* is tapped then) and the app shows that same markup, so nothing moves when it takes over."""

from __future__ import annotations

from . import page
from ..text.i18n import _
from ..text.markup import esc

_GOT: dict = {}   # lang -> its pages ({game: HTML}), False when they could not be had, None while asked
_THEN: dict = {}  # lang -> what to do once they are here


def fetch_ahead(lang: str, then=None) -> None:
    """Fetch the rules pages of ``lang`` now (the language spoken), so that *Rules* opens at once;
    ``then()`` once they are here."""
    if then is not None:
        _THEN.setdefault(lang, []).append(then)
    if lang not in _GOT:
        _GOT[lang] = None

        def got(pages) -> None:
            _GOT[lang] = pages or False
            for fn in _THEN.pop(lang, []):
                fn()
        page.ask("cardtableRules", lang, then=got, failed=lambda _why: got(None))


def rules_page(game: str, lang: str, redraw) -> str:
    """The rules screen of ``game`` in ``lang``; while its file is fetched, an empty page, and
    ``redraw()`` once it is here."""
    pages = _GOT.get(lang)
    if pages:
        return pages.get(game, "")
    if pages is False:
        return f'<section class="rules-page"><p class="notice" role="alert">{esc(_("The rules could not be loaded."))}</p></section>'
    fetch_ahead(lang, redraw)
    return '<section class="rules-page" aria-busy="true"></section>'
