"""The player's words in French and English (issue #15), in CPython.

* the catalog: every message the UI and the page's scripts say is in the French catalog, translated
  and not fuzzy, with no field the English does not give;
* French plurals ("1 pli", "3 plis");
* refusals: every code an engine can refuse with has words in ``ui.refusals`` -- read from the
  engines' source, and walked by trying many action texts from random positions of both games;
* French tables rendered in CPython show no word of the English catalog.
"""

from __future__ import annotations

import ast
import random
import re
import sys
from pathlib import Path

import pytest

babel = pytest.importorskip("babel")
from babel.messages.extract import extract_from_dir  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402

from cardtable.game import IllegalAction  # noqa: E402
from cardtable.record import new_game  # noqa: E402
from cardtable.ui.text import i18n, refusals  # noqa: E402
from cardtable.ui.text.i18n import _, ngettext, use_language  # noqa: E402
from cardtable.ui.text.markup import plain_name  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "py" / "cardtable" / "locale"
FIELD = re.compile(r"\{(\w*)\}")
TAG = re.compile(r"<[^>]+>")


@pytest.fixture()
def french():
    use_language("fr")
    yield
    use_language("en")


def french_catalog():
    with (LOCALE / "fr" / "LC_MESSAGES" / "cardtable.po").open("rb") as f:
        return read_po(f, locale="fr")


def source_messages() -> set:
    """Every message the code says, extracted as `make messages` extracts it (babel.cfg)."""
    sys.path.insert(0, str(ROOT))
    method_map = [("py/cardtable/ui/**.py", "tools.babel_extract:extract"), ("web/**.js", "javascript")]
    keywords = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
    out = set()
    for _file, _line, message, _comments, context in extract_from_dir(str(ROOT), method_map, keywords=keywords):
        out.add((context, message if isinstance(message, str) else tuple(message)))
    return out


def test_every_message_of_the_code_has_a_french_translation():
    catalog = french_catalog()
    have = {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)): m for m in catalog if m.id}
    wanted = source_messages()
    assert len(wanted) > 400
    missing = sorted(str(k) for k in wanted if k not in have)
    assert missing == [], "run `make messages` and translate: " + "; ".join(missing[:10])
    fuzzy = [str(k) for k, m in have.items() if m.fuzzy]
    empty = [str(k) for k, m in have.items() if not (m.string if isinstance(m.string, str) else all(m.string))]
    assert fuzzy == [] and empty == []


def test_translations_keep_the_fields_and_the_markup():
    for m in french_catalog():
        if not m.id:
            continue
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        strings = [m.string] if isinstance(m.string, str) else list(m.string)
        given = set().union(*(set(FIELD.findall(i)) for i in ids))
        for s in strings:
            assert set(FIELD.findall(s)) <= given, (m.id, s)          # no field the code does not fill
            assert TAG.findall(s) == TAG.findall(ids[0]), (m.id, s)   # the same markup, in order


def test_french_plurals(french):
    assert ngettext("{n} trick", "{n} tricks", 1).format(n=1) == "1 pli"
    assert ngettext("{n} trick", "{n} tricks", 3).format(n=3) == "3 plis"
    assert ngettext("{n} trick", "{n} tricks", 0).format(n=0) == "0 pli"    # French: 0 is singular
    assert ngettext("{n} bag", "{n} bags", 2).format(n=2) == "2 sacs"
    assert _("Scores") == "Scores" and _("Game log") == "Journal de la partie"


def test_the_shipped_catalog_says_what_the_mo_says(monkeypatch, tmp_path):
    """The app ships each catalog as JSON (tools/compile_catalogs.py's lean_catalog, read by
    i18n.LeanTranslations): every message, context and plural form reads as from the ``.mo``."""
    import doctest
    import gettext
    import io

    from babel.messages.mofile import write_mo

    sys.path.insert(0, str(ROOT / "tools"))
    import compile_catalogs

    mo = io.BytesIO()
    write_mo(mo, french_catalog(), use_fuzzy=False)
    gnu = gettext.GNUTranslations(io.BytesIO(mo.getvalue()))
    lean = i18n.LeanTranslations(io.BytesIO(compile_catalogs.lean_catalog(mo.getvalue())))
    keys = [k for k in gnu._catalog if k]
    assert len(keys) > 900 and any(isinstance(k, tuple) for k in keys)
    assert any("\x04" in k for k in keys if isinstance(k, str))
    plurals = {m.id[0]: m.id[1] for m in french_catalog() if isinstance(m.id, tuple)}
    for key in keys:
        if isinstance(key, tuple):
            for n in range(4):
                assert lean.ngettext(key[0], plurals[key[0]], n) == gnu.ngettext(key[0], plurals[key[0]], n), (key, n)
        elif "\x04" in key:
            context, message = key.split("\x04")
            assert lean.pgettext(context, message) == gnu.pgettext(context, message) != message, key
        else:
            assert lean.gettext(key) == gnu.gettext(key), key
    assert lean.gettext("no such message") == "no such message" and lean.gettext("") == ""
    assert lean.ngettext("{n} thing", "{n} things", 0) == gnu.ngettext("{n} thing", "{n} things", 0)
    # what the build writes is what the page loads: use_language reads it in place of the .mo
    (tmp_path / "fr" / "LC_MESSAGES").mkdir(parents=True)
    data = compile_catalogs.compile_all()["cardtable/locale/fr/LC_MESSAGES/cardtable.json"]
    (tmp_path / "fr" / "LC_MESSAGES" / "cardtable.json").write_bytes(data)
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    try:
        assert use_language("fr") == "fr" and isinstance(i18n._translations, i18n.LeanTranslations)
        assert _("Game log") == "Journal de la partie" and ngettext("{n} trick", "{n} tricks", 3) == "{n} plis"
    finally:
        use_language("en")
    assert doctest.testmod(i18n).failed == 0 and doctest.testmod(compile_catalogs).failed == 0


def test_language_choice_and_fallback():
    assert i18n.best_language(["fr-CA", "en"]) == "fr"
    assert i18n.best_language(["de", "en-GB"]) == "en"
    assert i18n.best_language(["pt"]) == "en"
    assert use_language("fr") == "fr" and i18n.language == "fr"
    assert use_language("xx") == "en" and _("Game log") == "Game log"


def test_card_names_follow_the_language(french):
    from cardtable.cards import Card
    from cardtable.ui.text.cardnames import card_name
    from cardtable.ui.text.markup import card_face
    assert card_name(Card.parse("QS")) == "Dame de pique"
    assert card_name(Card.parse("TD")) == "Dix de carreau"
    assert 'aria-label="As de cœur"' in card_face(Card.parse("AH"), act="x", playable=True)
    use_language("en")
    assert card_name(Card.parse("QS")) == "Queen of spades" == Card.parse("QS").name


# ---- refusals ------------------------------------------------------------------------------------
ENGINE_SOURCES = [ROOT / "py" / "cardtable" / "games" / "dummy_spades.py",
                  *sorted((ROOT / "py" / "cardtable" / "games" / "seep").glob("*.py"))]


def codes_in_source() -> set[str]:
    """Every code an engine names when it refuses: the second argument of ``IllegalAction(...)``
    (or of ``why(...)``, Seep's alias), with both branches of a conditional and Seep's
    ``f"{verb}_not_allowed"`` for its two verbs."""
    out: set[str] = set()

    def strings(node) -> set[str]:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return {node.value}
        if isinstance(node, ast.IfExp):
            return strings(node.body) | strings(node.orelse)
        if isinstance(node, ast.JoinedStr):
            text = "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
            return {text.format(verb) for verb in ("build", "cement")}
        raise AssertionError(f"a refusal code that is not a plain string: {ast.dump(node)}")

    for path in ENGINE_SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("IllegalAction", "why"):
                assert len(node.args) >= 2 or any(k.arg == "code" for k in node.keywords), \
                    f"{path.name}:{node.lineno}: a refusal without a code"
                code = node.args[1] if len(node.args) >= 2 else next(k.value for k in node.keywords if k.arg == "code")
                out |= strings(code)
    return out


def test_every_refusal_code_in_the_engines_has_words():
    codes = codes_in_source()
    assert len(codes) > 60
    assert sorted(codes - set(refusals.MESSAGES)) == []


def attempts_spades(game, rng) -> list[str]:
    v = game.view(game.to_act)
    cards = [r + s for s in "SHDC" for r in "23456789TJQKA"]
    texts = [f"play {c}" for c in rng.sample(cards, 12)] + [f"play {c}" for c in v["hand"]]
    texts += ["", "   ", "dance", "play", "play QS KS", "play ZZ", "bid", "bid 14", "bid x", "bid 4 x",
              "bid 4 nil", "bid 4 nil zz", "bid 4 nil p1,p1", "bid 4 nil p0", "bid 2 nil dummy", "bid 5",
              "peek", "peek 1 2 3", "peek 1 1 2", "peek 0 2 3", "peek 1 2 3 4", "flip 1", "flip 14", "flip 1 1",
              "flip 1 2"]
    texts += [f"flip {i}" for i in range(1, 14)] + [f"flip {i} {i % 13 + 1}" for i in range(1, 14)]
    if v["dummy"]:
        texts += [f"play {c}" for c in v["dummy"]]
    return texts


def attempts_seep(game, rng) -> list[str]:
    from cardtable.ui.table.seep import candidate_actions
    v = game.view(game.to_act)
    floor = v["floor"]["loose"]
    houses = [h["value"] for h in v["floor"]["houses"]]
    texts = ["", "dance", "redeal", "redeal now", "bid", "bid 8", "bid x"] + [f"bid {n}" for n in range(9, 14)]
    texts += ["build", "build x", "build 8 AS", "raise 12", "cement 12 QS", "capture ZZ", "throw"]
    cards = [r + s for s in "SHDC" for r in "A23456789TJQK"]
    texts += [f"throw {c}" for c in rng.sample(cards, 6)]
    for c in v["hand"]:
        texts += [f"throw {c} {c}", f"raise 9 {c}", f"raise 13 {c}", f"cement 9 {c}"]
        if floor:
            texts.append(f"throw {c} {floor[0]}")
            texts.append(f"capture {c} {floor[0]} {floor[0]}")
        for h in v["floor"]["houses"]:
            texts.append(f"capture {c} {h['cards'][0]}")
            texts.append(f"raise {h['value']} {c} {floor[0]}" if floor else f"raise {h['value']} {c}")
        for k in range(0, min(3, len(floor)) + 1):
            loose = rng.sample(floor, k)
            for hs in ([], *[[h] for h in houses]):
                texts += candidate_actions(c, loose, hs)
            texts += [f"build {t} {c} {' '.join(loose)}".strip() for t in range(9, 14)]
            texts += [f"cement {t} {c} {' '.join(loose)}".strip() for t in houses]
    return texts


def walk(game, attempts, rng, moves: int, seen: dict) -> None:
    """Play ``moves`` random legal moves; before each, try every attempt text and word its refusal."""
    for _i in range(moves):
        if game.over:
            return
        for text in [None, *attempts(game, rng)]:
            try:
                game.copy().apply(text)
            except IllegalAction as err:
                seen.setdefault(err.code, err)
        game.apply(rng.choice(game.legal_actions()))


SPADES_OPTIONS = [{}, {"variant": "three-peeky"}, {"variant": "flip-2"}, {"bidding": "suicide"}, {"bidding": "mirror"}]
SEEP_OPTIONS = [{}, {"first_play": "seed"}, {"seats": 2}, {"preset": "seep-pagat"}]


def test_a_walk_through_both_games_meets_the_refusals_and_words_each_one():
    rng = random.Random(15)
    seen: dict[str, IllegalAction] = {}
    for i, options in enumerate(SPADES_OPTIONS):
        game = new_game({"format": "cardtable/1", "game": "dummy-spades", "options": options, "seed": 100 + i,
                         "actions": []})
        walk(game, attempts_spades, rng, 45, seen)
    for i, options in enumerate(SEEP_OPTIONS):
        for seed in range(3):
            game = new_game({"format": "cardtable/1", "game": "seep", "options": options, "seed": 200 + 7 * i + seed,
                             "actions": []})
            walk(game, attempts_seep, rng, 30, seen)
    # every refusal met has words, in both languages, with every field filled
    assert sorted(set(seen) - set(refusals.MESSAGES)) == []
    for lang in ("en", "fr"):
        use_language(lang)
        try:
            for code, err in seen.items():
                text = refusals.word(err, {"p0": "Ana", "p1": "Ben", "p2": "Chloé", "p3": "Dev"})
                assert text and "{" not in text, (lang, code, text)
        finally:
            use_language("en")
    # the walk meets every refusal but these: a record without a deal, the internal int-move and
    # rollout API, a finished game (the engine tests play to the end), and Seep's last-resort
    # reasons, which the rules above them leave with nothing to catch (they still have words)
    unmet = {"no_deal", "illegal_move", "rollout_phase", "game_over", "cannot_bid", "cannot_redeal",
             "throw_not_allowed", "raise_not_allowed", "build_not_allowed", "cement_not_allowed"}
    assert sorted(codes_in_source() - set(seen) - unmet) == []


# ---- no English on a French screen -----------------------------------------------------------------
WORD = re.compile(r"[^\W\d_]+")


def english_words() -> set[str]:
    """Words of the English catalog that French never uses (3 letters or more, lower case): seeing
    one of them on a French screen means a message escaped translation."""
    english, french = set(), set()
    for m in french_catalog():
        if not m.id:
            continue
        for text in ([m.id] if isinstance(m.id, str) else m.id):
            english |= {w.lower() for w in WORD.findall(TAG.sub(" ", FIELD.sub(" ", text))) if len(w) >= 3}
        for text in ([m.string] if isinstance(m.string, str) else m.string):
            french |= {w.lower() for w in WORD.findall(TAG.sub(" ", FIELD.sub(" ", text)))}
    return english - french


def english_in(text: str, words: set[str]) -> list[str]:
    return sorted({w for w in WORD.findall(text) if w.lower() in words})


def visible_and_names(html: str) -> str:
    """The text of some HTML and its accessible names (aria-label, title, placeholder)."""
    names = re.findall(r'(?:aria-label|title|placeholder)="([^"]*)"', html)
    return TAG.sub(" ", html) + " " + " ".join(names)


def test_french_screens_rendered_in_cpython_have_no_english_word(french):
    from conftest import FakeApp
    from cardtable.ui.screens import home
    from cardtable.ui.table.seep import Table as SeepTable
    from cardtable.ui.table.spades import Table as SpadesTable
    words = english_words()
    assert {"trick", "house", "dummy", "cement", "bid"} <= words
    from cardtable.stores.saves import SavedGame
    saves = [SavedGame(id="g1", game="seep", players=["Ana", "Ben"], controllers={"p1": "casual"}, updated=1000.0,
                       totals="hand 3 · Ana 12 · Ben 3"),
             SavedGame(id="g2", game="dummy-spades", players=["Ana", "Ben", "Chloé"], over=True, updated=10.0,
                       totals="4 hands · Ana 310 · Ben 120 · Chloé 80"),
             SavedGame(id="g3", game="seep", players=["Ana", "Ben"], updated=5.0,
                       totals="1 hand · lead +40 · baazis Ana 1 / Ben 0")]
    shown = [home.home_html(saves, saves[0], 5000.0, lang="fr"), home.new_game_html("dummy-spades", True),
             home.new_game_html("seep", True, preset="seep-pagat"), home.new_game_html("seep", True, seats=2)]
    rng = random.Random(4)
    spades = new_game({"format": "cardtable/1", "game": "dummy-spades", "options": {}, "seed": 8, "actions": []})
    table = SpadesTable(spades)
    app = FakeApp(table.seats)
    while not spades.over and len(spades.history) < 1:
        seat = spades.to_act
        for panel in (None, "sheet", "log", "last"):
            table.panel = panel
            shown.append(table.render(spades, seat, app))
        before = spades.view(seat)
        action = rng.choice(spades.legal_actions())
        spades.apply(action)
        app.log.append(table.describe(action, seat, before, spades.view(seat), spades))
    shown.append(table.hand_summary_html(spades, spades.view("p0")["history"][-1]))
    seep = new_game({"format": "cardtable/1", "game": "seep", "options": {}, "seed": 31, "actions": []})
    table = SeepTable(seep)
    app = FakeApp(table.seats)
    for _i in range(20):
        seat = seep.to_act
        view = seep.view(seat)
        if view["phase"] == "play":
            table.handle("hand:" + view["hand"][0], seep, seat, app)
            if view["floor"]["loose"]:
                table.handle("floor:" + view["floor"]["loose"][0], seep, seat, app)
        for panel in (None, "sheet", "log"):
            table.panel = panel
            shown.append(table.render(seep, seat, app))
        table.clear()
        before = seep.view(seat)
        action = rng.choice(seep.legal_actions())
        seep.apply(action)
        app.log.append(table.describe(action, seat, before, seep.view(seat), seep))
    found = {w for html in shown for w in english_in(visible_and_names(html), words)}
    assert found == set()
    assert "donne 3 · Ana 12" in plain_name(shown[0]) and "4 donnes" in shown[0] and "avance +40 · baazis" in shown[0]
