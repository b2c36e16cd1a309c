"""Home's saved list with many saves, in real Chromium (issue #44): a page of each group, *Show
more* by keyboard, the filter by game and by player, *Delete finished games* after one question,
and a write followed at once by leaving the page is kept.  The saves are made by the app's own
modules in CPython and put straight into its IndexedDB store, as bench/bench_store.py does."""

from __future__ import annotations

import functools

import pytest

from conftest import FILL, store_get, store_keys, wait_ready
from test_browser_a11y import Axe
from test_browser_data import played
from cardtable.record import dumps, replay
from cardtable.stores.saves import DictStore, GAME_KEY, SaveStore
from cardtable.ui.screens.lesson_offer import OFFER_KEY

pytestmark = pytest.mark.browser

ROWS = "document.querySelectorAll('#app li.save').length"


@functools.cache
def many_saves() -> dict:
    """45 games in play (Dummy Spades by Ana, Ben, Chloé; Seep for two by Dev and Ana) and 25 finished."""
    store = DictStore()
    saves = SaveStore(store, clock=lambda: 1_765_000_000.0)
    spades = played("dummy-spades", 3, 30, players=["Ana", "Ben", "Chloé"])
    seep = played("seep", 4, 20, players=["Dev", "Ana"], options={"seats": 2})
    over = played("seep", 5, players=["Dev", "Ana"], options={"seats": 2}, until_over=True)
    for i in range(70):
        rec = over if i >= 45 else spades if i % 3 else seep
        saves.save(f"g{i:02d}", rec, game=replay(dumps(rec)))
    return dict(store.data)


def test_many_saves_are_paged_filtered_and_the_finished_deleted_at_once(page, site):
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(site.url + "web/manifest.webmanifest")
    page.evaluate(FILL, list(many_saves().items()))
    page.evaluate("k => localStorage.setItem(k, 'shown')", OFFER_KEY)
    page.goto(site.url)
    wait_ready(page)
    page.wait_for_selector("#app li.save", state="attached")
    assert page.evaluate(ROWS) == 40                                   # 20 in play, 20 finished
    axe = Axe(page)
    axe("home with 70 saves")
    import_y = page.locator('label[for="import-file"]').bounding_box()["y"]
    assert import_y < page.locator("#app li.save").first.bounding_box()["y"]   # above the list
    more = page.locator('[data-act="saves:more:playing"]')
    assert more.inner_text() == "Show 20 more (25 not shown)"
    more.focus()
    page.keyboard.press("Enter")                                       # by keyboard
    page.wait_for_function("() => document.querySelectorAll('#app ul.save-list:not(.finished) li').length === 40")
    assert page.evaluate("document.activeElement.dataset.act") == "saves:more:playing"   # focus kept on it
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelectorAll('#app ul.save-list:not(.finished) li').length === 45")
    assert page.locator('[data-act="saves:more:playing"]').count() == 0

    page.click('[data-act="saves:game:dummy-spades"]')                 # a game's chip
    page.wait_for_function("() => document.querySelectorAll('#app li.save').length === 20")
    assert page.locator('[data-act="saves:game:dummy-spades"]').get_attribute("aria-pressed") == "true"
    page.click('[data-act="saves:game:all"]')
    page.fill("#saves-name", "chlo")                                   # a player's name, then Enter
    page.press("#saves-name", "Enter")
    page.wait_for_function("() => document.querySelectorAll('#app li.save').length === 20")
    assert "Chloé" in page.locator("#app li.save").first.inner_text()
    assert page.locator("#app ul.finished").count() == 0             # no finished game of Chloé's
    page.fill("#saves-name", "")
    page.click('[data-act="saves:find"]')
    page.wait_for_function("() => document.querySelectorAll('#app li.save').length === 40")

    page.click('[data-act="delete:*finished"]')                        # one question for all
    dialog = page.locator('[role="dialog"], [role="alertdialog"]').first
    assert "Delete 25 finished games?" in dialog.inner_text()
    axe("delete finished games")
    assert axe.problems == [], axe.problems
    page.click('[data-act="confirm-delete:*finished"]')
    page.wait_for_function("() => !document.querySelector('#app ul.finished')")
    assert "25 finished games were deleted." in page.inner_text("#app")
    keys = store_keys(page)
    assert sorted(k for k in keys if k.startswith(GAME_KEY)) == [f"{GAME_KEY}g{i:02d}" for i in range(45)]


def test_a_write_followed_at_once_by_leaving_the_page_is_kept(page, site):
    page.goto(site.url)
    wait_ready(page)
    with page.expect_navigation():   # (the new page's start is waited for, not the old one's mark)
        page.evaluate("async () => { await cardtableStoreAsk('setItem', 'cardtable/v1/probe', 'kept'); location.reload(); }")
    wait_ready(page)
    assert store_get(page, "cardtable/v1/probe") == "kept"
