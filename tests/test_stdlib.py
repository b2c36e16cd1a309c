"""The app runs on a standard library trimmed to what it uses (dist/runtime/pyodide/app_stdlib.zip,
written by tools/build.py's write_stdlib): it holds every standard-library module the app's sources
import, Pyodide's whole library is not shipped, and every screen and both games work on it, in
both languages."""

from __future__ import annotations

import json
import random
import zipfile

import pytest

from cardtable.record import new_game
from conftest import ROOT, PageWatch, run_python, wait_ready

STDLIB = "runtime/pyodide/app_stdlib.zip"


def _index(path) -> dict[str, str]:
    from build import stdlib_index

    with zipfile.ZipFile(path) as z:
        return stdlib_index(z)


def test_the_shipped_library_holds_what_the_app_imports_and_little_else(dist):
    from build import app_imports

    full = _index(ROOT / "node_modules" / "pyodide" / "python_stdlib.zip")
    shipped = _index(dist / STDLIB)
    assert set(shipped) <= set(full)
    assert len(shipped) < len(full) / 3, (len(shipped), len(full))
    needed = {m for m in app_imports() if m in full}
    assert {"json", "random", "html"} <= needed
    assert needed - set(shipped) == set()
    assert not (dist / "runtime" / "pyodide" / "python_stdlib.zip").exists(), "the whole library is not shipped"
    loader = (dist / "web" / "pyodide-snapshot.js").read_text(encoding="utf-8")
    assert 'new URL("../runtime/pyodide/app_stdlib.zip",import.meta.url)' in loader  # (minified)


# The files of the standard-library archive that the app's Python has loaded modules from (the
# modules frozen into the interpreter, os or abc say, name their file there but are not read from it).
LOADED = """import sys, json
zip = next(p for p in sys.path if p.endswith(".zip")) + "/"
json.dumps(sorted({m.__file__[len(zip):] for m in list(sys.modules.values())
                   if (getattr(m, "__file__", None) or "").startswith(zip)
                   and getattr(m.__spec__, "origin", None) != "frozen"}))"""


def _go_home(page) -> None:
    if page.locator('.hand-summary [data-act="next-hand"]').count():
        page.click('.hand-summary [data-act="next-hand"]')
    page.locator('[data-act="nav:home"]').first.click()
    page.wait_for_selector("html[data-screen=home]", state="attached")


def _every_screen(page) -> None:
    """Settings, statistics and each game's rules, and back home."""
    page.locator('[data-act="nav:settings"]').first.click()
    page.wait_for_selector("html[data-screen=settings]", state="attached")
    _go_home(page)
    for act, screen in [('[data-act="stats"]', "stats"), ('[data-act^="rules:"]', "rules")]:
        assert page.locator(act).count() >= 1, act
        for i in range(page.locator(act).count()):
            page.locator(act).nth(i).click()
            page.wait_for_selector(f"html[data-screen={screen}]", state="attached")
            _go_home(page)


def _near_the_end(game: str) -> dict:
    """A saved game of one person (the first seat) against strong computers, at the person's turn
    near the end of its first hand (Dummy Spades: two tricks left; Seep: the last four cards), from
    random legal moves of seed 5."""
    players = ["Ana", "Ben", "Cy"] + (["Di"] if game == "seep" else [])
    rec = {"format": "cardtable/1", "game": game, "players": players, "seed": 5, "actions": []}
    g = new_game(rec)
    rng = random.Random(5)

    def near(v: dict) -> bool:
        if v["to_act"] != "p0" or v["phase"] != "play":
            return False
        if game == "seep":
            return sum(v["hand_counts"].values()) <= 4
        return len(v["hand"]) == 2 and not (v["trick"] or {}).get("plays")

    while not near(g.view("p0")):
        g.apply(rng.choice(g.legal_actions()))
    return {**g.to_record(), "controllers": {"p0": "human", **{f"p{i}": "strong" for i in range(1, len(players))}}}


@pytest.mark.browser
@pytest.mark.parametrize("locale, game", [("en-GB", "dummy-spades"), ("fr-FR", "seep")])
def test_every_screen_and_a_hand_on_the_trimmed_library(browser, site, dist, locale, game):
    """A first visit in each language: every screen, a saved game against strong computers opened
    from a file and played to its hand's end (the scores, the summary, the export), and the next
    hand's bids and first moves; no module missing (the page's errors are watched) and every module
    the page loaded from the library's archive is one the build shipped."""
    from test_browser_bots import FAST, person_acts
    from test_browser_seep import PERSON_OR_SUMMARY, take_turn
    from test_browser_table_words import open_record

    context = browser.new_context(locale=locale)
    page = context.new_page()
    watch = PageWatch(page, site.origin)
    page.add_init_script(FAST)
    page.goto(site.url)
    wait_ready(page)
    assert page.evaluate("document.documentElement.lang") == locale[:2]
    _every_screen(page)
    open_record(page, _near_the_end(game))

    def act() -> str:
        if game == "dummy-spades":
            return person_acts(page)
        page.wait_for_function(PERSON_OR_SUMMARY, timeout=60_000)
        return "over" if page.locator(".hand-summary").count() else take_turn(page)

    for _ in range(12):
        if act() == "over":
            break
    assert page.locator(".hand-summary").count() == 1, "the hand did not end"
    with page.expect_download():
        page.click('.hand-summary [data-act="export"]')
    page.click('.hand-summary [data-act="next-hand"]')
    moves = []   # the next hand: the computers bid and play, and the person's first decisions
    for _ in range(12):
        moves.append(act())
        if moves.count("play") == 2:
            break
    assert moves.count("play") == 2, moves
    _go_home(page)
    _every_screen(page)
    loaded = set(json.loads(run_python(page, LOADED)))
    shipped = set(_index(dist / STDLIB).values())
    # (the rules pages are drawn by the build, web/rules-<lang>.json.gz: no book is read in the page)
    assert {"json/__init__.pyc", "random.pyc"} <= loaded
    assert loaded <= shipped, sorted(loaded - shipped)
    watch.assert_clean()
    context.close()
