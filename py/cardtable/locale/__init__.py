"""The languages the app speaks: one translators' catalog each in this folder
(``<lang>/LC_MESSAGES/cardtable.po``; English is the messages themselves).

The text layer (``ui.text.i18n``) loads the catalogs; the settings store (``stores.settings``) keeps
the one a player chose, so the list lives here, below both.  A language is spoken when its catalog
exists: in a checkout, its ``.po``; in the app, the build's ``languages.json`` (the languages it
packed, each named in itself).  The page gets each other language as a pack of its own
(``lang/<code>.pack``: its catalog and the page scripts' words, see
``tools/build.py``), handed over by ``add_pack`` before the first render in that language.
"""

from __future__ import annotations

from pathlib import Path

from ..record import load_json

HERE = Path(__file__).resolve().parent
#: each language named in itself, for a checkout without Babel (the build names them with Babel's data)
NAMES = {"en": "English", "fr": "Français", "hi": "हिन्दी", "pa": "ਪੰਜਾਬੀ"}


def _found() -> dict:
    built = HERE / "languages.json"
    if built.is_file():
        return {"en": "English", **load_json(built.read_bytes(), max_bytes=10_000, what="the list of languages")}
    codes = sorted(p.parts[-3] for p in HERE.glob("*/LC_MESSAGES/cardtable.po"))
    return {"en": "English", **{c: NAMES.get(c, c) for c in codes}}


#: each language named in itself (the switch shows these, untranslated), in the switch's order
LANGUAGE_NAMES = _found()
#: the languages the app speaks, in the order the switch offers them (``web/i18n.js`` gets them too)
LANGUAGES = tuple(LANGUAGE_NAMES)
#: the packs handed over so far: {code: {"catalog": lean catalog, "page": ...}}
PACKS: dict = {}


def add_pack(code: str, text: str) -> bool:
    """Keep the pack of ``code`` (its JSON text); False when it is not one."""
    try:
        pack = load_json(text, max_bytes=2_000_000, what="a language pack")
    except ValueError:   # (RecordError is one)
        return False
    if code not in LANGUAGES or not isinstance(pack, dict) or not isinstance(pack.get("catalog"), dict):
        return False
    PACKS[code] = pack
    return True
