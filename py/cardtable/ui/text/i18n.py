"""The player's language: every word the UI shows goes through ``_`` or ``ngettext``.

    >>> _("Scores")
    'Scores'
    >>> ngettext("{n} trick", "{n} tricks", 3).format(n=3)
    '3 tricks'

Write each message whole, with named ``{fields}`` filled in by ``.format`` after translation, so a
translator can reorder them; never build a sentence from translated pieces.  ``N_`` marks a message
for extraction where it is defined (a table of labels) and is translated later with ``_``.

The catalogs are gettext's: ``py/cardtable/locale/cardtable.pot`` (extracted by Babel from the UI,
``pybabel extract -F babel.cfg``), one ``<lang>/LC_MESSAGES/cardtable.po`` per language (the
translators' source, in the repository) and the ``.mo`` compiled from it by ``tools/build.py``,
which ships it in the app's archive as a leaner JSON catalog (``cardtable.json``, read by
``LeanTranslations``).  ``use_language`` switches every message at once:

    >>> use_language("fr")
    'fr'
    >>> _("Scores"), ngettext("{n} trick", "{n} tricks", 1).format(n=1)
    ('Scores', '1 pli')
    >>> ngettext("{n} trick", "{n} tricks", 3).format(n=3)
    '3 plis'
    >>> use_language("klingon")     # unknown: English
    'en'

Until a catalog is loaded every message is its English self.  Where no compiled catalog is present
(a checkout that was never built) the ``.po`` is compiled in memory with Babel when Babel is installed.
"""

from __future__ import annotations

import gettext as _gettext
import io
import json
from pathlib import Path
from typing import Iterable, Optional

from ...record import load_json
from ...locale import LANGUAGES   # the languages the app speaks, in the order the switch offers them
#: each language named in itself (the switch shows these, untranslated)
LANGUAGE_NAMES = {"en": "English", "fr": "Français"}
DOMAIN = "cardtable"
LOCALE_DIR = Path(__file__).resolve().parents[2] / "locale"

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


def decimal(x: float, places: int = 1) -> str:
    """``x`` with ``places`` decimals, written as the player's language writes numbers: its decimal
    separator (French: a comma) and the minus sign, not a hyphen.

    >>> decimal(-2.25), decimal(30)
    ('−2.2', '30.0')
    """
    text = f"{x:.{places}f}".replace("-", "−")
    return text.replace(".", pgettext("decimal separator", ".")) if places else text


def of_seat(table, seat: str, theirs: str, yours: str, **fields) -> str:
    """A sentence whose subject is ``seat``, agreeing with it: ``yours`` (the second person, "You
    took back a move") when the seat is the one person playing against computers (``table.you``,
    whose name is "You"), else ``theirs`` with its ``{name}``.  Both are msgids (marked ``N_``)."""
    if seat == getattr(table, "you", None):
        return _(yours).format(**fields)
    return _(theirs).format(name=table.name_of(seat), **fields)


def as_object(table, seat: str) -> str:
    """``seat``'s name after a preposition ("played by you", « jouée par vous »): the pronoun for the
    one person against computers (``table.you``, whose name, "You", starts a sentence), else the name."""
    if seat == getattr(table, "you", None):
        return pgettext("after a preposition: played by you", "you")
    return table.name_of(seat)


def N_(message: str) -> str:  # noqa: N802 (the gettext convention)
    """Mark ``message`` for extraction without translating it now."""
    return message


def best_language(preferred: Iterable[Optional[str]]) -> str:
    """The first of the browser's ``preferred`` languages (``navigator.languages``) that the app
    speaks, by primary subtag; English when none is.

    >>> best_language(["de-DE", "fr-CA", "en"]), best_language([]), best_language([None, "xx"])
    ('fr', 'en', 'en')
    """
    for tag in preferred:
        code = str(tag or "").strip().lower().replace("_", "-").split("-")[0]
        if code in LANGUAGES:
            return code
    return "en"


class LeanTranslations(_gettext.GNUTranslations):
    r"""A catalog as the app ships it: a ``.mo``'s messages as JSON, without its tables of offsets
    (``tools/compile_catalogs.py``'s ``lean_catalog``), looked up by gettext's own methods.

    >>> lean = {"plural": "(n > 1)", "messages": {"Scores": "Points", "game\x04Seep": "Sip"},
    ...         "plurals": {"{n} trick": ["{n} pli", "{n} plis"]}}
    >>> t = LeanTranslations(io.BytesIO(json.dumps(lean).encode()))
    >>> t.gettext("Scores"), t.pgettext("game", "Seep"), t.ngettext("{n} trick", "{n} tricks", 2)
    ('Points', 'Sip', '{n} plis')
    >>> t.gettext("Seep"), t.ngettext("{n} card", "{n} cards", 1)
    ('Seep', '{n} card')
    """

    def _parse(self, fp) -> None:  # (gettext's hook for a catalog in another format)
        lean = load_json(fp.read(), max_bytes=1_000_000, what="a translation catalog")
        self.plural = _gettext.c2py(lean["plural"])
        self._catalog = dict(lean["messages"])
        for msgid, forms in lean["plurals"].items():
            self._catalog.update(((msgid, i), form) for i, form in enumerate(forms))


def _catalog(code: str) -> Optional[_gettext.NullTranslations]:
    """The compiled catalog of ``code``: as the app ships it (JSON), its ``.mo``, or its ``.po``
    compiled in memory."""
    base = LOCALE_DIR / code / "LC_MESSAGES"
    lean = base / f"{DOMAIN}.json"
    if lean.is_file():
        with lean.open("rb") as f:
            return LeanTranslations(f)
    mo = base / f"{DOMAIN}.mo"
    if mo.is_file():
        with mo.open("rb") as f:
            return _gettext.GNUTranslations(f)
    po = base / f"{DOMAIN}.po"
    if not po.is_file():
        return None
    try:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po
    except ImportError:
        return None
    with po.open("rb") as f:
        catalog = read_po(f, locale=code)
    buf = io.BytesIO()
    write_mo(buf, catalog)
    buf.seek(0)
    return _gettext.GNUTranslations(buf)


def use_language(code: Optional[str]) -> str:
    """Speak ``code`` from now on (an unknown code or a missing catalog: English); returns the
    language in use."""
    global _translations, language
    code = str(code or "").lower()
    found = _catalog(code) if code in LANGUAGES and code != "en" else None
    _translations = found or _gettext.NullTranslations()
    language = code if found else "en"
    return language
