"""The first paint is the real home screen: the build draws it with the app's own renderer
(tools/first_paint.py, ui/screens/home_screen.py) into the page in English, and into a small gzipped
file for each other language (web/first-paint.js puts it in place).  Python's first render morphs
that same markup, so the built page must hold exactly what Python draws for a first visit."""

from __future__ import annotations

import gzip
import re

from conftest import ROOT, built_value

from cardtable.locale import LANGUAGES
from cardtable.stores.saves import DictStore, SaveStore
from cardtable.stores.settings import parse_settings
from cardtable.ui.screens.home_screen import home_screen
from cardtable.ui.text.i18n import use_language
from cardtable.ui.text.markup import isolate_names


def drawn_by_python(lang: str) -> str:
    """What the app's render puts into #app on a first visit's home (App.render: the screen's HTML
    with its names isolated), in ``lang``."""
    try:
        use_language(lang)
        return isolate_names(home_screen(SaveStore(DictStore()), parse_settings(None), lang, now=0))
    finally:
        use_language("en")


def test_the_built_page_holds_the_home_python_draws_in_each_language(dist):
    page = (dist / "index.html").read_text(encoding="utf-8")
    inline = re.search(r'<main id="app">(.*?)</main>', page, re.S)[1]
    assert inline == drawn_by_python("en")
    homes = built_value((dist / "web" / "first-paint.js").read_text(encoding="utf-8"), '{"en":')
    assert set(homes) == set(LANGUAGES) and homes["en"] == ""
    for lang in set(LANGUAGES) - {"en"}:
        html = gzip.decompress((dist / homes[lang]).read_bytes()).decode("utf-8")
        assert html == drawn_by_python(lang) != inline, lang
    # the home of a first visit: every game's buttons are there to tap, and the lessons offered
    for game in ("dummy-spades", "seep"):
        for verb in ("quick", "new", "rules", "learn"):
            assert f'data-act="{verb}:{game}"' in inline
    assert "lesson-offer" in inline
    assert "Jouer contre l&#x27;ordinateur" in drawn_by_python("fr")


def test_the_app_draws_home_with_the_function_the_build_uses():
    source = (ROOT / "py" / "cardtable" / "ui" / "app.py").read_text(encoding="utf-8")
    assert "html = home_screen(self.saves, self.settings, self.lang" in source
    assert "take_early_taps(APP)" in source   # the taps made before Python was ready (web/first-paint.js)
