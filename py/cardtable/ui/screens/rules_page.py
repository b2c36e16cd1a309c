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
from ..text.markdown import to_html
from ..text.markup import button, esc
from ..text.i18n import N_, _

# (keys, what they do), for the rules pages and docs/playing.md
SHORTCUTS = [
    (N_("Tab, Shift+Tab"), N_("Move between the parts of the screen: your hand is one stop, the bid numbers another.")),
    (N_("← → ↑ ↓, Home, End"), N_("Move between the cards of your hand (or the dummy, the floor, the bid numbers).")),
    (N_("Enter or Space"), N_("Press the button that has the focus: play the card, choose the bid.")),
    (N_("0 to 9"), N_("Dummy Spades: choose that bid. Seep: bid 9, or 10 to 13 by their last digit (0 to 3); "
                     "while you compose a move, choose the first to ninth move listed.")),
    (N_("L"), N_("Open or close the game log.")),
    (N_("S"), N_("Open or close the score sheet.")),
    (N_("T"), N_("Dummy Spades: open or close the last trick.")),
    (N_("C"), N_("Collect a finished trick.")),
    (N_("Escape"), N_("Close a sheet or a question (the end-of-hand scores stay until you go on).")),
]


def rules_html(game: str, lang: str = "en") -> str:
    """The rules screen of ``game`` in ``lang`` (the language in use must be ``lang``)."""
    return ('<section class="rules-page"><nav class="crumbs">' + button("⌂", "nav:home", cls="btn ghost small icon", key="back", aria_label=_("Home"), title=_("Home"))
            + f'</nav><article class="rules">{to_html(rules.text(game, lang))}</article>{shortcuts_html()}</section>')


def shortcuts_html() -> str:
    """The shortcut list as a definition list (for the rules pages)."""
    rows = "".join(f"<dt><kbd>{esc(_(keys))}</kbd></dt><dd>{esc(_(what))}</dd>" for keys, what in SHORTCUTS)
    return (f'<section class="shortcuts" aria-labelledby="shortcuts-title"><h2 id="shortcuts-title">{esc(_("Keyboard"))}</h2>'
            f'<dl class="shortcut-list">{rows}</dl></section>')
