"""*Rules* opens at once on the first paint, before Python has started (issue #49): web/first-paint.js
shows the rules pages the build drew (web/rules-<lang>.json.gz, the app's own renderer run in
CPython), over a home entry of the history; Python then takes over with the same markup (nothing
moves) and the same history (Back lands on home).  Python's start is held as in
test_browser_first_paint.py: nothing here depends on how long anything takes."""

from __future__ import annotations

import json

import pytest

from test_browser_first_paint import BOXES, held_start

pytestmark = [pytest.mark.browser, pytest.mark.first_visit]

APP_HTML = "() => document.getElementById('app').innerHTML"


def test_rules_open_before_python_and_python_takes_over_without_a_jump(browser, site):
    settings = json.dumps({"lang": "fr"})
    page, release = held_start(browser, site, "en-GB", f"localStorage.setItem('cardtable/v1/settings', {json.dumps(settings)});")
    home, entries = page.evaluate(BOXES), page.evaluate("history.length")
    page.click('[data-act="rules:seep"]')
    page.wait_for_selector("html[data-screen=rules] .rules-page", state="attached")
    assert page.locator("html[data-ready]").count() == 0 and not page.locator("#boot").is_visible()
    assert page.get_by_role("heading", name="Seep", exact=True).is_visible()
    assert page.get_by_role("heading", name="Clavier").is_visible()   # (the French pages)
    assert page.evaluate("location.hash") == "#rules/seep"
    page.click('[data-act="nav:home"]')   # home again, before Python: Back, as the app does it
    page.wait_for_selector("html[data-screen=home]", state="attached")
    assert page.evaluate("location.hash") == "#home" and page.evaluate(BOXES) == home
    assert page.evaluate("window.cardtableEarlyTaps.length") == 0   # (nothing left for Python to do)
    page.click('[data-act="rules:dummy-spades"]')
    page.wait_for_selector("html[data-screen=rules] .rules-page", state="attached")
    page.mouse.wheel(0, 400)   # a person reading down the rules while Python starts
    page.wait_for_function("() => scrollY > 0")
    drawn, boxes, scrolled = page.evaluate(APP_HTML), page.evaluate(BOXES), page.evaluate("scrollY")
    release()
    page.wait_for_selector("html[data-screen=rules]", state="attached")
    assert page.evaluate(APP_HTML) == drawn   # Python shows the very markup the first paint showed
    assert page.evaluate(BOXES) == boxes and page.evaluate("scrollY") == scrolled
    page.click('[data-act="nav:home"]')   # Python's Back: the home entry under the rules
    page.wait_for_selector("html[data-screen=home]", state="attached")
    assert page.evaluate("location.hash") == "#home" and page.evaluate("history.length") == entries + 1   # (home, the rules over it: no entry twice)
    page.context.close()


def test_rules_open_at_first_paint_in_english_and_on_a_reload_there(browser, site):
    page, _release = held_start(browser, site, "en-GB")
    page.click('[data-act="rules:dummy-spades"]')
    page.wait_for_selector("html[data-screen=rules] .rules-page", state="attached")
    assert page.get_by_role("heading", name="Dummy Spades", exact=True).is_visible()
    assert page.get_by_role("heading", name="Keyboard").is_visible()
    page.reload()   # a reload there: the rules again, before Python, no loading screen
    page.wait_for_selector("html[data-screen=rules] .rules-page", state="attached")
    assert page.evaluate("document.documentElement.dataset.first") == "home" and not page.locator("#boot").is_visible()
    assert page.get_by_role("heading", name="Dummy Spades", exact=True).is_visible()
    page.context.close()
