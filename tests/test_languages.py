"""Every language the app speaks, in CPython (issue #50): whatever catalog is found in
py/cardtable/locale (French, Hindi, Punjabi, and any added later) is checked the same way.

* the catalog: every message of the code translated, none fuzzy, every placeholder and tag kept;
* no entry left in English by accident: a translation equal to its English source is either
  nothing but placeholders, digits and symbols, or on the allow-list (ALLOWED);
* the plural rule is Babel's for the language, numbers follow its decimal separator;
* typography: French's is tested in test_i18n.py; Hindi and Punjabi end sentences with the danda
  (।), never use « », and keep to their own script (TYPOGRAPHY);
* the players' words (py/cardtable/locale/glossary.md) are used for the game's terms (GLOSSARY);
* the language packs the build writes (tools/compile_catalogs.py's packs): short keys unique, the
  pack's catalog reads as the .mo does; the catalog is used from a pack handed over as the page does
  it (locale.add_pack); the rules pages are the build's, not the pack's (test_rules_first_paint.py).
"""

from __future__ import annotations

import gettext
import io
import json
import re
import sys
from pathlib import Path

import pytest

babel = pytest.importorskip("babel")
from babel import Locale  # noqa: E402
from babel.messages.mofile import write_mo  # noqa: E402
from babel.messages.plurals import get_plural  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402

from cardtable import locale as cardtable_locale, rules  # noqa: E402
from cardtable.ui.text import i18n  # noqa: E402
from test_i18n import source_messages  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "py" / "cardtable" / "locale"
CODES = sorted(p.parts[-3] for p in LOCALE.glob("*/LC_MESSAGES/cardtable.po"))
FIELD = re.compile(r"\{(\w*)\}")
TAG = re.compile(r"<[^>]+>")

# Messages whose translation may be the English words themselves: in every language (the app's
# name, key names, units), and per language (words the language shares with English).
ALLOWED_EVERYWHERE = {"Card Table", "Card Table · {game} · {scores}", "C", "L", "N", "S", "T", "Escape", "Tab, Shift+Tab", "← → ↑ ↓, Home, End",
                      "{n} KB", "{n} MB", "{n} GB"}
ALLOWED = {
    "fr": {"25 (standard)", "300 points", "500 points", "Baazis", "Expert", "Nils", "Options", "Points", "Scores",
           "Scores (S)", "Seep", "Seep (pagat) — baazis", "Six", "Standard", "Suicide", "Total", "baazi {side}",
           "baazis", "exact", "nil {hands}", "points", "pts", "{n} pts"},
}
# Each language's script (a letter of it must be in every translation that has letters, but the
# allowed ones), and the other scripts it must not contain.
SCRIPTS = {"hi": ("\u0900", "\u097f"), "pa": ("\u0a00", "\u0a7f")}
# The glossary's words, checked in the catalog: a message with the English term (a whole word) has
# the language's word in its translation.
GLOSSARY = {
    "hi": {"house": "घर", "houses": "घर", "floor": "फ़र्श", "baazi": "बाज़ी", "baazis": "बाज़ि", "trick": "सर",
           "tricks": "सर", "cement": "पक्का", "cemented": "पक्का", "dummy": "डमी", "spades": "हुकुम",
           "hearts": "पान", "diamonds": "ईंट", "clubs": "चिड़ी", "bag": "बैग", "bags": "बैग", "nil": "निल"},
}


def catalog(code: str):
    with (LOCALE / code / "LC_MESSAGES" / "cardtable.po").open("rb") as f:
        return read_po(f, locale=code)


def pairs(message):
    """(English, translation) of each form of a message."""
    ids = [message.id] if isinstance(message.id, str) else list(message.id)
    strings = [message.string] if isinstance(message.string, str) else list(message.string)
    return [(ids[min(i, len(ids) - 1)], s) for i, s in enumerate(strings)]


def only_symbols(text: str) -> bool:
    """Nothing but placeholders, digits, spaces, punctuation and symbols: no word to translate."""
    return not re.search(r"[^\W\d_]", re.sub(r"%\w", "", FIELD.sub("", text)))


def test_the_languages_are_the_catalogs_found_each_named_in_itself():
    assert cardtable_locale.LANGUAGES == ("en", *CODES) and {"fr", "hi"} <= set(CODES)
    names = cardtable_locale.LANGUAGE_NAMES
    assert names["hi"] == "हिन्दी" and names["fr"] == "Français"
    assert all(names[c] != c for c in CODES)
    sys.path.insert(0, str(ROOT / "tools"))
    import compile_catalogs
    for code in CODES:   # the build names each with Babel's data, as the checkout does
        assert compile_catalogs.name_of(code) == names[code], code
    assert compile_catalogs.name_of("pa") == "ਪੰਜਾਬੀ"
    assert i18n.best_language(["hi-IN", "en"]) == "hi" and i18n.best_language(["pa-Guru-IN"]) in ("pa", "en")


def test_the_language_switch_names_each_language_in_itself_with_its_lang():
    from cardtable.ui.text.markup import language_switch
    html = language_switch("hi")
    for code in CODES:
        assert f'lang="{code}"' in html and cardtable_locale.LANGUAGE_NAMES[code] in html
    assert re.search(r'<button lang="hi"[^>]*aria-pressed="true"', html)


@pytest.mark.parametrize("code", CODES)
def test_every_message_is_translated_keeping_its_placeholders_and_tags(code):
    have = {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)): m for m in catalog(code) if m.id}
    missing = sorted(str(k) for k in source_messages() if k not in have)
    assert missing == [], "run `make messages` and translate: " + "; ".join(missing[:10])
    assert [k for k, m in have.items() if m.fuzzy] == []
    assert [k for k, m in have.items() if not all(s for _e, s in pairs(m))] == []
    for m in have.values():
        for english, text in pairs(m):
            assert set(FIELD.findall(text)) <= set().union(*(FIELD.findall(e) for e, _ in pairs(m))), (code, m.id, text)
            # every field of the English is kept (but a plural's count, which a language may leave to its words)
            assert set(FIELD.findall(english)) - {"n"} <= set(FIELD.findall(text)), (code, m.id, text)
            assert TAG.findall(text) == TAG.findall(english), (code, m.id, text)


@pytest.mark.parametrize("code", CODES)
def test_no_message_is_left_in_english_but_the_allowed_ones(code):
    same = sorted({english for m in catalog(code) if m.id for english, text in pairs(m)
                   if text == english and not only_symbols(english)})
    allowed = ALLOWED_EVERYWHERE | ALLOWED.get(code, set())
    assert [s for s in same if s not in allowed] == [], f"left in English in {code} (translate, or allow in ALLOWED)"
    if code in SCRIPTS:
        lo, hi = SCRIPTS[code]
        english_only = [text for m in catalog(code) if m.id for english, text in pairs(m)
                        if not only_symbols(text) and english not in allowed
                        and not any(lo <= ch <= hi for ch in text)]
        assert english_only == []


@pytest.mark.parametrize("code", CODES)
def test_plural_forms_and_numbers_follow_babels_data(code):
    po = catalog(code)
    ours = gettext.c2py(po.plural_expr)
    babels = gettext.c2py(get_plural(code).plural_expr)
    # the first form exactly where Babel's rule picks its first form (French: 0 and 1; Hindi, Punjabi: 0 and 1)
    assert [ours(n) == 0 for n in range(2000)] == [babels(n) == 0 for n in range(2000)]
    i18n.use_language(code)
    try:
        separator = Locale.parse(code).number_symbols["latn"]["decimal"]
        assert i18n.decimal(2.25, 2) == f"2{separator}25" and i18n.decimal(-1.5) == f"−1{separator}5"
        one, many = i18n.ngettext("{n} trick", "{n} tricks", 1), i18n.ngettext("{n} trick", "{n} tricks", 3)
        assert one != "{n} trick" and many != "{n} tricks"
    finally:
        i18n.use_language("en")


def test_hindi_plurals_and_words():
    i18n.use_language("hi")
    try:
        assert i18n.ngettext("{n} hand", "{n} hands", 1).format(n=1) == "1 पारी"
        assert i18n.ngettext("{n} hand", "{n} hands", 0).format(n=0) == "0 पारी"    # Hindi: 0 is singular
        assert i18n.ngettext("{n} hand", "{n} hands", 4).format(n=4) == "4 पारियाँ"
        assert i18n._("Game log") == "खेल का लॉग" and i18n.pgettext("suit", "spades") == "हुकुम"
    finally:
        i18n.use_language("en")


@pytest.mark.parametrize("code", [c for c in CODES if c in SCRIPTS])
def test_typography_of_the_indic_languages(code):
    lo, hi = SCRIPTS[code]
    others = [r for c, r in SCRIPTS.items() if c != code]
    for m in catalog(code):
        if not m.id:
            continue
        for english, text in pairs(m):
            plain = TAG.sub("", text)
            # a sentence ends with the danda, not a full stop (a Latin word or a number before it may keep one)
            assert not re.search(rf"[{lo}-{hi}]\.(\s|$)", plain), (code, text)
            assert "«" not in plain and "»" not in plain and '"' not in plain, (code, text)
            assert not re.search(r"\s[:;,।]", plain.strip()), (code, text)   # no space before punctuation
            # one script (the danda and double danda, U+0964-5 in the Devanagari block, are Gurmukhi's too)
            assert not any(a <= ch <= b for a, b in others for ch in plain if ch not in "।॥"), (code, text)


@pytest.mark.parametrize("code", sorted(GLOSSARY))
def test_the_glossarys_words_are_used(code):
    glossary = (LOCALE / "glossary.md").read_text(encoding="utf-8")
    wrong = []
    for term, word in GLOSSARY[code].items():
        assert word.rstrip("ि") in glossary, word
        for m in catalog(code):
            if not m.id or m.context:
                continue
            for english, text in pairs(m):
                if re.search(rf"\b{term}\b", FIELD.sub("", english).replace("Dummy Spades", ""), re.I) and word not in text:
                    wrong.append((term, english, text))
    assert wrong == [], "\n".join(map(str, wrong))


def test_the_packs_hold_each_languages_catalog_and_page_words():
    sys.path.insert(0, str(ROOT / "tools"))
    import compile_catalogs

    packs = compile_catalogs.packs()
    assert set(packs) == {"names", *CODES}
    for code in CODES:
        pack = packs[code]
        assert "rules" not in pack, code   # (drawn by the build: web/rules-<lang>.json.gz)
        assert pack["page"]["Shuffling the deck…"] != "Shuffling the deck…"
        lean = i18n.LeanTranslations.of(pack["catalog"])
        mo = io.BytesIO()
        write_mo(mo, catalog(code), use_fuzzy=False)
        gnu = gettext.GNUTranslations(io.BytesIO(mo.getvalue()))
        assert len(pack["catalog"]["messages"]) + len(pack["catalog"]["plurals"]) > 900
        for key in gnu._catalog:
            if isinstance(key, tuple):
                assert lean.ngettext(key[0], key[0] + "s", 7) == gnu.ngettext(key[0], key[0] + "s", 7), key
            elif "\x04" in key:
                assert lean.pgettext(*key.split("\x04")) == gnu.pgettext(*key.split("\x04")), key
            elif key:
                assert lean.gettext(key) == gnu.gettext(key), key
        assert lean.gettext("no such message") == "no such message"
        # keys: six characters each, none shared (the build checks it too), smaller than the English words
        assert all(len(k) == 6 for k in pack["catalog"]["messages"])
        assert len(json.dumps(pack["catalog"], ensure_ascii=False).encode()) < len(compile_catalogs.compile_all()[
            f"cardtable/locale/{code}/LC_MESSAGES/cardtable.json"])


def test_a_pack_handed_over_is_what_the_app_speaks_and_reads(monkeypatch):
    sys.path.insert(0, str(ROOT / "tools"))
    import compile_catalogs

    text = json.dumps(compile_catalogs.packs()["hi"], ensure_ascii=False)
    monkeypatch.setattr(cardtable_locale, "PACKS", {})
    monkeypatch.setattr(i18n, "PACKS", cardtable_locale.PACKS)
    monkeypatch.setattr(i18n, "LOCALE_DIR", Path("/nonexistent"))   # (as in the page: no catalog on disk)
    assert cardtable_locale.add_pack("hi", "not json") is False and cardtable_locale.add_pack("xx", text) is False
    assert i18n.use_language("hi") == "en"   # no pack yet: English
    assert cardtable_locale.add_pack("hi", text)
    try:
        assert i18n.use_language("hi") == "hi" and i18n._("Game log") == "खेल का लॉग"
    finally:
        i18n.use_language("en")


def test_the_rules_pages_of_every_language_are_written_in_it():
    for code in CODES:
        for game in rules.TITLES:
            page = (ROOT / "py" / "cardtable" / "rules" / f"{game}.{code}.md").read_text(encoding="utf-8")
            assert page.startswith("# ") and page.count("\n## ") >= 4, (code, game)
            if code in SCRIPTS:
                lo, hi = SCRIPTS[code]
                letters = [ch for ch in page if ch.isalpha()]
                assert sum(lo <= ch <= hi for ch in letters) > 0.8 * len(letters), (code, game)
                assert not re.search(rf"[{lo}-{hi}]\.(\s|$)", page), (code, game)
