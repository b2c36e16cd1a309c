"""The app runs on a standard library trimmed to what it uses (dist/runtime/pyodide/app_stdlib.zip,
written by tools/build.py's write_stdlib): it holds every standard-library module the app's sources
import, Pyodide's whole library is not shipped, and every screen and both games work on it, in
both languages."""

from __future__ import annotations

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
    assert {"json", "random", "html", "zipfile"} <= needed
    assert needed - set(shipped) == set()
    assert not (dist / "runtime" / "pyodide" / "python_stdlib.zip").exists(), "the whole library is not shipped"
    loader = (dist / "web" / "pyodide-snapshot.js").read_text(encoding="utf-8")
    assert 'new URL("../runtime/pyodide/app_stdlib.zip", import.meta.url)' in loader


# The standard-library modules the page's Python has loaded (read through the interpreter wrapper,
# whose loadPyodide() hands back the page's own interpreter).
LOADED = """async () => {
  const { loadPyodide } = await import(new URL("web/pyodide-snapshot.js", document.baseURI).href);
  const py = await loadPyodide();
  return py.runPython(`import sys, json
json.dumps(sorted(n for n, m in list(sys.modules.items())
                  if (getattr(m, "__file__", None) or "").startswith(sys.prefix + "/lib/python")))`);
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
    for act in ['[data-act="stats"]', '[data-act^="rules:"]']:
        for i in range(page.locator(act).count()):
            page.locator(act).nth(i).click()
            page.wait_for_selector("html:not([data-screen=home])", state="attached")
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
    loaded = set(page.evaluate(LOADED).strip('[]"').replace('"', "").split(", "))
    shipped = _index(dist / STDLIB)
    assert {"json", "random"} <= loaded
    assert loaded <= set(shipped) | {""}, sorted(loaded - set(shipped))
    watch.assert_clean()
    context.close()
