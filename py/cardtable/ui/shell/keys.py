"""Keyboard shortcuts: which button a key press stands for (pure Python; listed on the rules pages,
``rules_page.SHORTCUTS``).

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

# letter -> the data-key of the button it presses, on a table
LETTERS = {"l": "log", "s": "sheet", "t": "last", "c": "collect"}
TYPING = ("INPUT", "SELECT", "TEXTAREA")


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

