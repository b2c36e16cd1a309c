"""The first paint is the real home (web/first-paint.js, the home the build drew with the app's own
renderer), tappable before Python has started: a tap is taken, says "Starting…" with the progress
bar, and is carried out once Python is ready; and nothing moves when Python takes over the page.

Python's start is held (the app's entry module is not answered) until the test lets it go: nothing
here depends on how long anything takes.  Each start is a first visit (no service worker)."""

from __future__ import annotations

import json

import pytest

from conftest import wait_ready

pytestmark = [pytest.mark.browser, pytest.mark.first_visit]

# every element of the home with a data-key: its box in the page, rounded to the pixel
BOXES = """() => Object.fromEntries([...document.querySelectorAll("#app [data-key]")].map((e) => {
  const r = e.getBoundingClientRect();
  return [e.dataset.key, [r.x + scrollX, r.y + scrollY, r.width, r.height].map(Math.round)];
}))"""


# the page never learns of its first paint, nor of its 3 s: the first visit's downloads begin when
# Pyodide asks for one (web/snapshot-early.js, through web/progress.js's fetch)
NO_PAINT_SEEN = """{ const Plain = PerformanceObserver;
  window.PerformanceObserver = class extends Plain {
    observe(options) { if (options.type !== "paint") super.observe(options); } };
  const later = setTimeout;
  window.setTimeout = (f, ms, ...rest) => (ms === 3000 ? 0 : later(f, ms, ...rest)); }"""


def assert_each_big_file_once(page) -> None:
    """Each big runtime file was downloaded once, as its packed copy (web/snapshot-early.js)."""
    names = page.evaluate("performance.getEntriesByType('resource').map((e) => e.name)")
    for file in ("runtime/pyodide/pyodide.asm.wasm", "runtime/pyodide/app_stdlib.zip", "app/cardtable.tar"):
        assert [n.split("/", 3)[3] for n in names if file in n] == [file + ".xz"], file


def held_start(browser, site, locale: str, init: str = ""):
    """A first visit with Python held back: (page, release), once the home the build drew shows."""
    context = browser.new_context(locale=locale, service_workers="block", viewport={"width": 360, "height": 740})
    page = context.new_page()
    if init:
        page.add_init_script(init)
    held = []
    page.route("**/app/cardtable.tar.xz", lambda route: held.append(route))   # (the app's Python files)
    with page.expect_request("**/app/cardtable.tar.xz"):
        page.goto(site.url)
    page.wait_for_selector("html[data-first=home]", state="attached")

    def release() -> None:
        page.evaluate("1")   # (the route's handler has run by now)
        assert held, "the app's archive was not requested"
        for route in held:
            route.continue_()
        wait_ready(page)
    return page, release


def test_the_home_is_drawn_before_python_and_nothing_moves_when_python_takes_over(browser, site):
    page, release = held_start(browser, site, "en-GB")
    assert page.locator("html[data-ready]").count() == 0
    assert page.get_by_role("button", name="Play against the computer").first.is_visible()
    assert not page.locator("#boot").is_visible()   # no loading screen over the home
    before = page.evaluate(BOXES)
    assert len(before) > 15
    page.mouse.wheel(0, 300)   # a person reading down the home while Python starts
    page.wait_for_function("() => scrollY > 0")
    scrolled = page.evaluate("scrollY")
    release()
    page.wait_for_selector("html[data-screen=home]", state="attached")
    assert page.evaluate(BOXES) == before
    assert page.evaluate("scrollY") == scrolled   # Python's first render kept the page where it was
    # the packed downloads were decoded in a worker, off the page's main thread (web/xz-worker.js)
    assert page.evaluate("performance.getEntriesByName(new URL('web/xz-worker.js', location.href).href).length") == 1
    assert page.evaluate("performance.getEntriesByName('cardtable:unpacked pyodide.asm.wasm').length") == 1
    assert_each_big_file_once(page)
    page.context.close()


def test_a_tap_before_python_is_ready_is_carried_out_once_it_is(browser, site):
    # French from the stored setting (the browser speaks English): the French home the build drew
    settings = json.dumps({"lang": "fr"})
    page, release = held_start(browser, site, "en-GB",
                               f"localStorage.setItem('cardtable/v1/settings', {json.dumps(settings)});" + NO_PAINT_SEEN)
    assert page.evaluate("document.documentElement.lang") == "fr"
    before = page.evaluate(BOXES)
    page.click('[data-act="quick:seep"]')
    boot = page.locator("#boot")
    assert boot.is_visible() and "Démarrage…" in boot.inner_text()
    assert page.locator("#boot-bar[role=progressbar]").is_visible()
    assert page.evaluate(BOXES) == before   # the home stays where it was under the bar
    assert page.locator("html[data-ready]").count() == 0
    release()
    page.wait_for_selector("html[data-screen=table]", state="attached")   # the game against the computer
    assert page.locator("#boot").count() == 0
    assert page.evaluate("window.cardtableEarlyTaps.length") == 0
    assert_each_big_file_once(page)   # (begun when Pyodide asked: the paint was never seen)
    page.context.close()


def test_the_big_files_are_downloaded_once_even_when_the_pages_modules_come_late(browser, site):
    """web/boot.js starts Python's worker whatever the progress bar's module is doing: when
    web/progress.js (imported on the side) arrives late, Pyodide asks for its files first, and each
    still gets its packed download (web/snapshot-early.js hands them to the first fetch of each,
    from the page's first script) instead of a second, plain download.  (When progress.js did that,
    a second late was enough, on a loaded machine: the first-visit test of tests/test_offline.py
    saw both downloads.)  Here progress.js is answered only once Python is up, and the page never
    learns of its first paint: the downloads begin when Pyodide asks for the first of them."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.add_init_script(NO_PAINT_SEEN)
    held = []
    page.route("**/web/progress.js", lambda route: held.append(route))
    page.goto(site.url, wait_until="commit")
    wait_ready(page)   # (Python is up without it)
    assert held, "web/progress.js was not requested"
    for route in held:
        route.continue_()
    assert_each_big_file_once(page)
    context.close()
