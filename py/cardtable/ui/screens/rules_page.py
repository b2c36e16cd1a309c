"""The rules pages, drawn by the build, not in the page: tools/first_paint.py runs ``rules_html`` in
CPython for every language and game and writes them into ``web/rules-<lang>.json.gz``; the page
fetches its language's file once (web/first-paint.js, ``cardtableRules``), shows a page at once
before Python has started, and the app shows that same markup (ui/shell/rules_pages.py).  So the
rules are carried once, as HTML: the Markdown books, this module and the Markdown reader stay out
of the app's archive and packs (tools/build.py, BUILD_ONLY).

    >>> html = rules_html("seep")
    >>> html.startswith('<section class="rules-page">') and "<h1>Seep</h1>" in html
    True
"""

from __future__ import annotations

from ... import rules
from ..shell import keys
from ..text.markdown import to_html
from ..text.markup import button
from ..text.i18n import _


def rules_html(game: str, lang: str = "en") -> str:
    """The rules screen of ``game`` in ``lang`` (the language in use must be ``lang``)."""
    return ('<section class="rules-page"><nav class="crumbs">' + button("⌂", "nav:home", cls="btn ghost small icon", key="back", aria_label=_("Home"), title=_("Home"))
            + f'</nav><article class="rules">{to_html(rules.text(game, lang))}</article>{keys.shortcuts_html()}</section>')
