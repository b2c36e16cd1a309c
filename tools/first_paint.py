"""The home screen of a first visit, drawn by the app's own renderer (py/cardtable/ui/screens/
home_screen.py) in CPython, for every language the app speaks: tools/build.py writes the English one
into index.html's ``#app`` (the first paint is the real home, tappable) and each other one as a small
gzipped file, ``web/home-<lang>.html.gz``, which web/first-paint.js puts in its place when the player's
language is another (the inline cost stays one language's home).  Python then morphs that same
markup when it starts (ui/app.py), so nothing moves.

The rules pages likewise (``rules``, py/cardtable/ui/screens/rules_page.py): each language's
``web/rules-<lang>.json.gz``, {game: the rules screen's HTML}, fetched by the page when *Rules* is
first tapped (before Python or after) and shown as it is by the app (ui/shell/rules_pages.py).

    python3 tools/first_paint.py      # prints {"homes": {lang: HTML}, "rules": {lang: {game: HTML}}} (Babel needed)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
INLINE = "en"   # the language drawn into index.html itself


def homes() -> dict[str, str]:
    """{language: the first visit's home, as the app's first render puts it into #app}."""
    sys.path.insert(0, str(ROOT / "py"))
    from cardtable.locale import LANGUAGES
    from cardtable.stores.saves import DictStore, SaveStore
    from cardtable.stores.settings import parse_settings
    from cardtable.ui.screens.home_screen import home_screen
    from cardtable.ui.text.i18n import use_language
    from cardtable.ui.text.markup import isolate_names

    out = {}
    for lang in LANGUAGES:
        use_language(lang)   # (App.render: isolate_names of what the screen draws)
        out[lang] = isolate_names(home_screen(SaveStore(DictStore()), parse_settings(None), lang, now=0))
    use_language("en")
    return out


def rules() -> dict[str, dict[str, str]]:
    """{language: {game: its rules screen, as the app puts it into #app}}."""
    sys.path.insert(0, str(ROOT / "py"))
    from cardtable.locale import LANGUAGES
    from cardtable.rules import TITLES
    from cardtable.ui.screens.rules_page import rules_html
    from cardtable.ui.text.i18n import use_language
    from cardtable.ui.text.markup import isolate_names

    out = {}
    for lang in LANGUAGES:
        use_language(lang)
        out[lang] = {game: isolate_names(rules_html(game, lang)) for game in TITLES}
    use_language("en")
    return out


if __name__ == "__main__":
    json.dump({"homes": homes(), "rules": rules()}, sys.stdout, ensure_ascii=False)
