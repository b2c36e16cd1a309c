"""The rules pages the build drew (ui/screens/rules_page.py, in CPython): web/first-paint.js fetches a
language's ``web/rules-<lang>.json.gz`` once (``cardtableRules``; before Python has started when
*Rules* is tapped then) and the app shows that same markup, so nothing moves when it takes over."""

from __future__ import annotations

from pyscript import window
from pyodide.ffi import create_once_callable

from ..text.i18n import _
from ..text.markup import esc
from .browser import present


def fetch_ahead(lang: str) -> None:
    """Fetch the rules pages of ``lang`` now (the language spoken), so that *Rules* opens at once."""
    loader = getattr(window, "cardtableRules", None)
    if present(loader):
        loader(lang)


def rules_page(game: str, lang: str, redraw) -> str:
    """The rules screen of ``game`` in ``lang``; while its file is fetched, an empty page, and
    ``redraw()`` once it is here."""
    loader = getattr(window, "cardtableRules", None)
    got = getattr(loader.got, lang, None) if present(loader) else False
    if present(got) and got is not False:
        page = getattr(got, game, None)
        return str(page) if present(page) else ""
    if got is False:
        return f'<section class="rules-page"><p class="notice" role="alert">{esc(_("The rules could not be loaded."))}</p></section>'
    loader(lang).then(create_once_callable(lambda _pages: redraw()))
    return '<section class="rules-page" aria-busy="true"></section>'
