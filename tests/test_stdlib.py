"""The app runs on a standard library trimmed to what it uses (dist/runtime/pyodide/app_stdlib.zip,
written by tools/build.py's write_stdlib): it holds every standard-library module the app's sources
import, Pyodide's whole library is not shipped, and every screen and both games work on it, in
both languages."""

from __future__ import annotations

import json
import zipfile

import pytest

from conftest import ROOT, PageWatch, wait_ready

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


# The files of the standard-library archive that the page's Python has loaded modules from (read
# through the interpreter wrapper, whose loadPyodide() hands back the page's own interpreter; the
# modules frozen into the interpreter, os or abc say, name their file there but are not read from it).
LOADED = """async () => {
  const { loadPyodide } = await import(new URL("web/pyodide-snapshot.js", document.baseURI).href);
  const py = await loadPyodide();
  return py.runPython(`import sys, json
zip = next(p for p in sys.path if p.endswith(".zip")) + "/"
json.dumps(sorted({m.__file__[len(zip):] for m in list(sys.modules.values())
                   if (getattr(m, "__file__", None) or "").startswith(zip)
                   and getattr(m.__spec__, "origin", None) != "frozen"}))`);
}"""


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


@pytest.mark.browser
@pytest.mark.parametrize("locale, game", [("en-GB", "dummy-spades"), ("fr-FR", "seep")])
def test_every_screen_and_a_whole_hand_on_the_trimmed_library(browser, site, dist, locale, game):
    from test_browser_bots import FAST, person_acts
    from test_browser_seep import PERSON_OR_SUMMARY, take_turn

    context = browser.new_context(locale=locale)
    page = context.new_page()
    watch = PageWatch(page, site.origin)
    page.add_init_script(FAST)
    page.goto(site.url)
    wait_ready(page)
    assert page.evaluate("document.documentElement.lang") == locale[:2]
    _every_screen(page)
    page.click(f'[data-act="new:{game}"]')
    for seat in range(1, 4 if game == "seep" else 3):
        page.select_option(f"#ng-kind-{seat}", "strong")
    page.fill("#ng-seed", "5")
    page.click('[data-act="start"]')
    if game == "dummy-spades":
        for _ in range(80):
            if person_acts(page) == "over":
                break
    else:
        for _ in range(60):
            page.wait_for_function(PERSON_OR_SUMMARY, timeout=60_000)
            if page.locator(".hand-summary").count():
                break
            take_turn(page)
    assert page.locator(".hand-summary").count() == 1, "the hand did not end"
    with page.expect_download():
        page.click('.hand-summary [data-act="export"]')
    _go_home(page)
    _every_screen(page)
    loaded = set(json.loads(page.evaluate(LOADED)))
    shipped = set(_index(dist / STDLIB).values())
    # (the last: the rules pages read their files through it, imported lazily)
    assert {"json/__init__.pyc", "random.pyc", "importlib/readers.pyc"} <= loaded
    assert loaded <= shipped, sorted(loaded - shipped)
    watch.assert_clean()
    context.close()
