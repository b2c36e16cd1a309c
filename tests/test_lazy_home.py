"""The home screen of a first visit imports only what it draws: the other screens, the engines,
the bots, the statistics and the lessons are imported on first use (``ui/app.py``'s ``PARTS``),
so that a first visit compiles less Python before its home screen.  Measured in CPython, in a
fresh interpreter, with the browser modules (``pyscript``, ``js``, ``pyodide.ffi``) stubbed and an
empty localStorage; and the table of act owners agrees with every part's ``acts()``."""

from __future__ import annotations

import json
import subprocess
import sys

from conftest import ROOT

# A fresh interpreter starts the app with stubbed browser modules, draws home, and prints the
# ``cardtable`` modules then imported (name -> source bytes); with "parts", it then builds every
# part and prints each part's verbs, and the app's table of their owners, instead.
START = r"""
import json, os, sys
from unittest import mock

class Storage:
    def __init__(self): self.items = {}
    @property
    def length(self): return len(self.items)
    def key(self, i): return list(self.items)[i] if i < len(self.items) else None
    def getItem(self, k): return self.items.get(k)
    def setItem(self, k, v): self.items[k] = str(v)
    def removeItem(self, k): self.items.pop(k, None)

window = mock.MagicMock()
window.localStorage = Storage()
window.location.hash = ""
window.location.search = ""
window.cardtableStart = lambda: {"search": "", "href": "http://127.0.0.1/"}   # (web/morph.js: what Python reads as it starts)
window.navigator.languages = None
window.navigator.language = "en-GB"
for name in ("pyscript", "js", "pyodide", "pyodide.ffi"):
    sys.modules[name] = mock.MagicMock(window=window, document=window.document)
sys.modules["js"] = window   # (Python's own scope: the page's, on the main thread)
sys.path.insert(0, sys.argv[1])
import cardtable.ui.app as app_module
app_module.start()
app = app_module.APP
assert app.screen == "home", app.screen
html = app.screen_html()
assert 'data-act="learn:seep"' in html, "the first visit's home offers the lessons"
if sys.argv[2] == "parts":
    print(json.dumps({"acts": {part: sorted(getattr(app, part).acts()) for part in (*app_module.PARTS, "app_acts")},
                      "owners": app_module.ACT_OWNERS}))
else:
    print(json.dumps({m: os.path.getsize(mod.__file__) for m, mod in sys.modules.items() if m.startswith("cardtable")}))
"""

HEAVY = ["cardtable.games", "cardtable.games.seep", "cardtable.games.dummy_spades", "cardtable.bots",
         "cardtable.stats", "cardtable.coach", "cardtable.net", "cardtable.lessons.run",
         "cardtable.ui.table.screen", "cardtable.ui.table.spades", "cardtable.ui.table.seep",
         "cardtable.ui.table.coach", "cardtable.ui.screens.files", "cardtable.ui.screens.lesson",
         "cardtable.ui.screens.review", "cardtable.ui.screens.review_settings", "cardtable.ui.screens.settings",
         "cardtable.ui.screens.stats", "cardtable.ui.screens.charts", "cardtable.ui.screens.data",
         "cardtable.ui.screens.remote", "cardtable.stores.stats", "cardtable.stores.backup"]


def _start(what: str) -> dict:
    out = subprocess.run([sys.executable, "-c", START, str(ROOT / "py"), what], capture_output=True, text=True,
                         check=True, cwd=ROOT)
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_the_first_visits_home_imports_no_other_screen_engine_or_bot():
    loaded = _start("modules")
    early = sorted(m for m in HEAVY if m in loaded)
    assert early == [], f"imported before home: {early}"
    assert "cardtable.ui.screens.home" in loaded and "cardtable.session" in loaded


def test_every_verb_is_owned_by_the_part_whose_acts_name_it():
    found = _start("parts")
    owners = {verb: part for part, verbs in found["acts"].items() for verb in verbs}
    assert len(owners) == sum(len(verbs) for verbs in found["acts"].values()), "a verb owned twice"
    assert found["owners"] == owners
