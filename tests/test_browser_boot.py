"""The built site boots Python from its own files only, and says so plainly when it cannot."""

import urllib.request

import pytest

from conftest import BOOT_TIMEOUT_MS, PageWatch, screenshot, wait_ready

pytestmark = [pytest.mark.browser, pytest.mark.first_visit]


def test_loading_screen_is_in_the_first_paint(site):
    html = urllib.request.urlopen(site.url).read().decode()
    assert 'id="boot"' in html and "Card Table" in html
    assert "cdn." not in html and "https://" not in html


# every text the loading screen shows, recorded as it changes
RECORD_BOOT_WORDS = """window.__bootWords = [];
document.addEventListener("DOMContentLoaded", () => {
  const msg = document.getElementById("boot-msg");
  window.__bootWords.push(msg.textContent);
  new MutationObserver(() => window.__bootWords.push(msg.textContent))
    .observe(msg, { childList: true, characterData: true, subtree: true });
});"""


def test_boots_python_from_local_files_only(watched_page, site):
    page = watched_page
    page.add_init_script(RECORD_BOOT_WORDS)
    # (the standard library's packed copy cannot be had: the page falls back to the file itself;
    # every other browser test's first visit decodes the packed copies)
    page.route("**/app_stdlib.zip.xz", lambda route: route.fulfill(status=404, body="not here"))
    page.goto(site.url)
    wait_ready(page)
    words = page.evaluate("window.__bootWords")
    assert len(words) >= 2, words   # the loading screen said what it was doing
    assert not [w for w in words if "Pyodide" in w or "PyScript" in w], words  # in plain words
    assert page.locator("#boot").count() == 0
    assert page.locator("#app").is_visible()
    # (the missing copy's 404, which Chromium logs as "Failed to load resource", is the only console error)
    assert all("404" in e for e in page.watch.console_errors), page.watch.console_errors
    page.watch.console_errors.clear()
    page.watch.assert_clean()
    # Pyodide came from our own origin, and runs in the app's worker
    assert any(u.endswith(("/runtime/pyodide/pyodide.asm.wasm", "/runtime/pyodide/pyodide.asm.wasm.xz"))
               for u in page.watch.requests)
    assert any(u.endswith("/web/py-worker.js") for u in page.watch.requests)
    assert any(u.endswith("/runtime/pyodide/app_stdlib.zip") for u in page.watch.requests)
    # the app's archive was unpacked in JavaScript (web/tar.js), not by Pyodide's fallback
    assert any(u.endswith("/app/cardtable.tar.xz") for u in page.watch.requests)  # (its packed copy)
    assert page.evaluate("performance.getEntriesByName('cardtable:archive-written').length") == 1


def test_a_runtime_that_cannot_load_is_reported_in_plain_words(page, site):
    watch = PageWatch(page, site.origin)
    page.route("**/pyodide.asm.wasm*", lambda route: route.abort())  # (and its packed copy)
    page.goto(site.url)
    page.wait_for_selector("html[data-boot-failed]", state="attached", timeout=BOOT_TIMEOUT_MS)
    text = page.locator("#boot").inner_text()
    assert "could not start" in text
    assert page.get_by_role("button", name="Reload").is_visible()
    assert watch.foreign_requests() == []
    screenshot(page, "boot-failed")


def test_a_page_script_that_did_not_load_is_reported_in_plain_words(page, site):
    """Without web/morph.js, which draws every screen, Python does not take over the page: the boot
    screen names the file and offers Reload (nothing is read or written)."""
    page.route("**/web/morph.js", lambda route: route.abort())
    page.goto(site.url)
    page.wait_for_selector("html[data-boot-failed=python]", state="attached", timeout=BOOT_TIMEOUT_MS)
    assert "web/morph.js" in page.locator("#boot").inner_text()
    assert page.get_by_role("button", name="Reload").is_visible()
    assert page.locator("html[data-ready], html[data-boot-phase]").count() == 0

