"""The rules pages are drawn by the build (issue #49): tools/first_paint.py runs the app's rules
renderer (ui/screens/rules_page.py) in CPython for every language and writes each language's pages
into ``web/rules-<lang>.json.gz``; the page shows that file before Python has started
(web/first-paint.js) and the app shows the same markup after (ui/shell/rules_pages.py).  So the
rules are carried once: not as Markdown in the archive or the packs too."""

from __future__ import annotations

import gzip
import json
import tarfile

from conftest import ROOT

from cardtable import rules
from cardtable.locale import LANGUAGES
from cardtable.ui.screens.rules_page import rules_html
from cardtable.ui.text.i18n import use_language
from cardtable.ui.text.markup import isolate_names


def drawn_by_python(game: str, lang: str) -> str:
    """What the app's render puts into #app for the rules of ``game`` in ``lang`` (App.render: the
    screen's HTML with its names isolated)."""
    try:
        use_language(lang)
        return isolate_names(rules_html(game, lang))
    finally:
        use_language("en")


def built_pages(dist, lang: str) -> dict:
    return json.loads(gzip.decompress((dist / "web" / f"rules-{lang}.json.gz").read_bytes()).decode("utf-8"))


def test_the_built_rules_are_what_python_draws_in_each_language(dist):
    assert {"en", "fr"} <= set(LANGUAGES)
    for lang in LANGUAGES:
        pages = built_pages(dist, lang)
        assert set(pages) == set(rules.TITLES), lang
        for game in rules.TITLES:
            assert pages[game] == drawn_by_python(game, lang), (lang, game)
    en, fr = built_pages(dist, "en"), built_pages(dist, "fr")
    assert en["seep"].startswith('<section class="rules-page"><nav class="crumbs">') and "<h1>Seep</h1>" in en["seep"]
    assert 'data-act="nav:home"' in fr["seep"] and 'aria-label="Accueil"' in fr["seep"]
    assert "Clavier" in fr["dummy-spades"] and "Keyboard" in en["dummy-spades"]
    assert en["seep"] != fr["seep"] and en["seep"] != en["dummy-spades"]


def test_the_rules_are_carried_once(dist):
    """Neither the app's archive nor a language's pack holds a rules book, the Markdown reader or
    the rules renderer: the page has the build's HTML only."""
    with tarfile.open(dist / "app" / "cardtable.tar") as tar:
        names = tar.getnames()
    assert "cardtable/rules/__init__.py" in names   # (its TITLES)
    assert not [n for n in names if n.endswith(".md")]
    assert "cardtable/ui/text/markdown.py" not in names and "cardtable/ui/screens/rules_page.py" not in names
    for pack in (dist / "lang").glob("*.pack"):
        assert "rules" not in json.loads(gzip.decompress(pack.read_bytes())), pack.name


def test_the_app_shows_the_rules_the_build_drew():
    app = (ROOT / "py" / "cardtable" / "ui" / "app.py").read_text(encoding="utf-8")
    assert "html = rules_page(self.screen[6:], self.lang, self.render)" in app
    assert "rules_html" not in app
    shell = (ROOT / "py" / "cardtable" / "ui" / "shell" / "rules_pages.py").read_text(encoding="utf-8")
    assert "cardtableRules" in shell and "markdown" not in shell
    script = (ROOT / "web" / "first-paint.js").read_text(encoding="utf-8")
    assert "web/rules-${code}.json.gz" in script
