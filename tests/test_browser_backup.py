"""Export all my data and Restore, in real Chromium (issue #24): the Settings screen's *Your data*
group says how much is kept, exports one file with everything, and merges it back; a bad file
changes nothing and says why.  Screenshot: test-artifacts/settings-data-phone.png."""

from __future__ import annotations

import json

import pytest

from conftest import PageWatch, screenshot, store_remove, store_set, wait_ready
from csp import wait_until
from test_browser_data import played, storage
from cardtable.record import dumps

pytestmark = pytest.mark.browser


def test_export_all_then_restore_merges_and_a_bad_file_changes_nothing(browser, site, tmp_path):
    context = browser.new_context(viewport={"width": 360, "height": 740}, accept_downloads=True)
    page = context.new_page()
    page.watch = PageWatch(page, site.origin)
    page.goto(site.url + "web/manifest.webmanifest")
    short, long = played("dummy-spades", 4, 6, players=["Ana", "Ben", "Chloé"]), \
        played("dummy-spades", 4, 30, players=["Ana", "Ben", "Chloé"])
    page.evaluate("""([a, b]) => { localStorage.setItem('cardtable/v1/game/g1', a);
                                   localStorage.setItem('cardtable/v1/game/g2', b);
                                   localStorage.setItem('cardtable/v1/settings', '{"speed": "fast"}'); }""",
                  [dumps(long), dumps(short)])
    page.goto(site.url + "#settings")
    wait_ready(page)
    page.wait_for_selector("#set-data", state="attached")
    assert "Saved in this browser" in page.inner_text(".data-setting")
    wait_until(page, "document.querySelector('.data-setting').textContent.includes('The browser reports')")
    page.locator(".data-setting").scroll_into_view_if_needed()
    screenshot(page, "settings-data-phone")
    with page.expect_download() as dl:
        page.click('[data-act="backup:export"]')
    path = tmp_path / "backup.json"
    dl.value.save_as(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "cardtable-backup/1"
    assert data["entries"] == {k: v for k, v in storage(page).items() if k.startswith("cardtable/")}

    # here, g1 lost and g2 played further: the restore brings g1 back and keeps the longer g2
    store_remove(page, "cardtable/v1/game/g1")
    store_set(page, "cardtable/v1/game/g2", dumps(long))
    page.set_input_files("#backup-file", files=[{"name": "backup.json", "mimeType": "application/json",
                                                 "buffer": path.read_bytes()}])
    page.wait_for_selector(".data-setting .notice", state="attached")
    assert "Restored from backup.json. Saved games added or brought up to date: 1; kept as they were here: 1" in page.inner_text(".data-setting .notice")
    after = storage(page)
    assert after["cardtable/v1/game/g1"] == dumps(long) and after["cardtable/v1/game/g2"] == dumps(long)

    before = storage(page)
    page.set_input_files("#backup-file", files=[{"name": "bad.json", "mimeType": "application/json",
                                                 "buffer": b"[" * 20_000 + b"]" * 20_000}])
    wait_until(page, "document.querySelector('.data-setting .notice').textContent.includes('bad.json')")
    assert "bad.json was not restored" in page.inner_text(".data-setting .notice")
    assert storage(page) == before
    # the home screen's Import given a backup restores it (merged, nothing opened as a game); the
    # home screen first writes the notes the saves lack (derived from them), then nothing changes
    page.click('[data-act="nav:settings-done"]')
    page.wait_for_selector("html[data-screen=home]", state="attached")
    before = storage(page)
    assert {k for k in before if k.startswith("cardtable/v1/meta/")} == {"cardtable/v1/meta/g1", "cardtable/v1/meta/g2"}
    page.set_input_files("#import-file", files=[{"name": "backup.json", "mimeType": "application/json",
                                                 "buffer": path.read_bytes()}])
    page.wait_for_selector("html[data-screen=home] .notice", state="attached")
    assert "Restored from backup.json" in page.inner_text(".notice")
    assert storage(page) == before
    assert page.watch.page_errors == []
    context.close()
