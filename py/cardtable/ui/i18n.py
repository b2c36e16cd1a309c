"""The player's language: every word the UI shows goes through ``_`` or ``ngettext``.

    >>> _("Scores")
    'Scores'
    >>> ngettext("{n} trick", "{n} tricks", 3).format(n=3)
    '3 tricks'

Write each message whole, with named ``{fields}`` filled in by ``.format`` after translation, so a
translator can reorder them; never build a sentence from translated pieces.  ``N_`` marks a message
for extraction where it is defined (a table of labels) and is translated later with ``_``.

This module is the stable interface; the catalogs behind it (gettext ``.mo`` files made with Babel)
are loaded by ``use_language``.  Until a catalog is loaded every message is its English self.
"""

from __future__ import annotations

import gettext as _gettext

_translations: _gettext.NullTranslations = _gettext.NullTranslations()
language = "en"


def _(message: str) -> str:
    """``message`` in the player's language."""
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form of a message for ``n``, in the player's language."""
    return _translations.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the player's language, told apart from the same English words by ``context``."""
    return _translations.pgettext(context, message)


def N_(message: str) -> str:  # noqa: N802 (the gettext convention)
    """Mark ``message`` for extraction without translating it now."""
    return message
