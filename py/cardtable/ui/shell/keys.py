"""Keyboard shortcuts: which button a key press stands for (pure Python, listed on the rules pages).

A shortcut presses a button that is on the screen anyway -- the app finds it by the CSS selector
returned here and clicks it only when it is there, enabled and not behind an open dialog -- so a
key can never do what a tap could not.  Keys typed into a form field, or with Ctrl, Alt or Cmd,
are the browser's.

    >>> shortcut_target("l", "table", False, "BUTTON")
    '[data-key="log"]'
    >>> shortcut_target("4", "table", False, "BUTTON")
    '[data-shortcut="4"]'
    >>> shortcut_target("4", "new", False, "INPUT") is None
    True
"""

from __future__ import annotations

from typing import Optional

from ..text.i18n import N_, _

# letter -> the data-key of the button it presses, on a table
LETTERS = {"l": "log", "s": "sheet", "t": "last", "c": "collect"}
TYPING = ("INPUT", "SELECT", "TEXTAREA")

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


def shortcut_target(key: str, screen: str, modified: bool, tag: str) -> Optional[str]:
    """The CSS selector of the button ``key`` presses on ``screen``, or None."""
    if modified or tag.upper() in TYPING or screen != "table" or len(key) != 1:
        return None
    k = key.lower()
    if k in LETTERS:
        return f'[data-key="{LETTERS[k]}"]'
    if k.isdigit():
        return f'[data-shortcut="{k}"]'
    return None


def shortcuts_html() -> str:
    """The shortcut list as a definition list (for the rules pages)."""
    from ..text.markup import esc

    rows = "".join(f"<dt><kbd>{esc(_(keys))}</kbd></dt><dd>{esc(_(what))}</dd>" for keys, what in SHORTCUTS)
    return (f'<section class="shortcuts" aria-labelledby="shortcuts-title"><h2 id="shortcuts-title">{esc(_("Keyboard"))}</h2>'
            f'<dl class="shortcut-list">{rows}</dl></section>')
