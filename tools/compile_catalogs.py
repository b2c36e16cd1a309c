"""Compile the translators' catalogs (``py/cardtable/locale/<lang>/LC_MESSAGES/cardtable.po``) with
Babel, for the app's archive (``tools/build.py``): each into a gettext ``.mo``, shipped as the lean
JSON catalog ``cardtable.json`` beside it (lean_catalog; ``cardtable.ui.text.i18n`` reads it).

    python tools/compile_catalogs.py OUT_DIR     # writes OUT_DIR/cardtable/locale/<lang>/LC_MESSAGES/cardtable.json

A fuzzy or empty entry is left out of the ``.mo`` (the player then reads that message in English;
``tests/test_i18n.py`` fails on it first).  Babel is a dependency of the venv (``pyproject.toml``);
``build.py`` runs this script with the venv's Python when its own Python has no Babel.
"""

from __future__ import annotations

import gettext
import io
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = ROOT / "py"
LOCALE = PY / "cardtable" / "locale"


def compile_all() -> dict[str, bytes]:
    """{path inside the app's archive: lean catalog (JSON) bytes} for every language's .po."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    out = {}
    for po in sorted(LOCALE.glob("*/LC_MESSAGES/*.po")):
        with po.open("rb") as f:
            catalog = read_po(f, locale=po.parts[-3])
        buf = io.BytesIO()
        write_mo(buf, catalog, use_fuzzy=False)
        out[po.with_suffix(".json").relative_to(PY).as_posix()] = lean_catalog(buf.getvalue())
    return out


def lean_catalog(mo: bytes) -> bytes:
    r"""A ``.mo`` as the app ships it: the messages Python's gettext reads from it, as JSON, without
    its tables of lengths and offsets (in the app's archive: 7.7 KB less than the ``.mo``).

    ``{"plural": the Plural-Forms rule, "messages": {msgid: msgstr}, "plurals": {msgid: [forms]}}``;
    a message with a context is keyed ``context + "\x04" + msgid``, as gettext keys it; the header
    (msgid "") is left out.  ``i18n.LeanTranslations`` turns it back into the same lookups.

    >>> from babel.messages.catalog import Catalog
    >>> from babel.messages.mofile import write_mo
    >>> c = Catalog(locale="de")
    >>> for message, text, context in [("Scores", "Punkte", None), (("{n} trick", "{n} tricks"),
    ...         ("{n} Stich", "{n} Stiche"), None), ("Seep", "Sip", "game"), ("Untranslated", "", None)]:
    ...     _ = c.add(message, text, context=context)
    >>> mo = io.BytesIO(); write_mo(mo, c)
    >>> print(lean_catalog(mo.getvalue()).decode())
    {"messages":{"Scores":"Punkte","game\u0004Seep":"Sip"},"plural":"(n != 1)","plurals":{"{n} trick":["{n} Stich","{n} Stiche"]}}
    """
    read = gettext.GNUTranslations(io.BytesIO(mo))
    forms = read.info().get("plural-forms", "")
    plural = forms.split("plural=", 1)[1].rstrip().rstrip(";") if "plural=" in forms else "n != 1"
    messages, plurals = {}, {}
    for key, text in read._catalog.items():  # (gettext's own reading of the .mo)
        if isinstance(key, tuple):
            plurals.setdefault(key[0], {})[key[1]] = text
        elif key:
            messages[key] = text
    plurals = {k: [v[i] for i in range(len(v))] for k, v in plurals.items()}
    lean = {"plural": plural, "messages": messages, "plurals": plurals}
    return json.dumps(lean, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode("utf-8")


def js_catalogs() -> dict[str, dict[str, str]]:
    """{language: {message: translation}} for the messages of the page's own scripts (``web/*.js``,
    what ``web/i18n.js`` shows before Python starts); untranslated and fuzzy entries left out."""
    from babel.messages.pofile import read_po

    out = {}
    for po in sorted(LOCALE.glob("*/LC_MESSAGES/*.po")):
        with po.open("rb") as f:
            catalog = read_po(f, locale=po.parts[-3])
        out[po.parts[-3]] = {m.id: m.string for m in catalog
                             if m.id and isinstance(m.id, str) and m.string and not m.fuzzy
                             and any(path.startswith("web/") for path, _line in m.locations)}
    return out


def short_keyed(lean: dict, code: str = "") -> dict:
    """A lean catalog keyed by ``i18n.short_key`` of each message rather than its English words
    (``"keys": "short"``): a pack 18% smaller (French: 29.2 KB gzipped, 24.0 KB so).  Raises
    ValueError when two messages share a key (reword one of them, or lengthen the key)."""
    sys.path.insert(0, str(PY))
    from cardtable.ui.text.i18n import short_key

    out = {"plural": lean["plural"], "keys": "short"}
    for part in ("messages", "plurals"):
        keyed = {short_key(k): v for k, v in lean[part].items()}
        if len(keyed) != len(lean[part]):
            raise ValueError(f"two messages of the {code} catalog share a short key: lengthen i18n.short_key")
        out[part] = keyed
    return out


def name_of(code: str) -> str:
    """A language's name in itself, from Babel's data (its first letter a capital, as a menu writes
    it: "Français", "हिन्दी", "ਪੰਜਾਬੀ")."""
    from babel import Locale

    name = Locale.parse(code).get_display_name(code) or code
    return name[:1].upper() + name[1:]


def packs() -> dict:
    """Each language's pack for the page (``tools/build.py``, write_packs): {code: {"catalog": its
    lean catalog, "page": the page scripts' messages (js_catalogs)}}, and "names": {code: name_of(code)}.
    (The rules pages are drawn by the build apart: tools/first_paint.py.)"""
    page = js_catalogs()
    out: dict = {"names": {}}
    for rel, data in compile_all().items():
        code = rel.split("/")[2]
        out[code] = {"catalog": short_keyed(json.loads(data), code), "page": page.get(code, {})}
        out["names"][code] = name_of(code)
    return out


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__.strip().splitlines()[3].strip(), file=sys.stderr)
        return 2
    for rel, data in compile_all().items():
        dest = Path(argv[0]) / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_bytes(data)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
