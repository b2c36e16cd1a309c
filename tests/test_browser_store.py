"""Saves and statistics in IndexedDB, in real Chromium (issue #44): today's localStorage layout is
moved once and survives a reload in the middle of the move; a big backup restored into a profile
that holds a game keeps both, and a diverged older copy survives beside the newer one; a write the
quota refuses is said in words true for the case.  The data is made by the app's own modules (in
CPython, as today's code writes it), not through the UI."""

from __future__ import annotations

import json
import random

import pytest
from playwright.sync_api import Error

from conftest import BOOT_TIMEOUT_MS, app_worker, store_ask, store_entries, store_flush, store_get, store_keys, store_remove, \
    store_set, store_wait, wait_ready
from csp import wait_until
from test_browser_data import played
from cardtable.record import games
from cardtable.record import dumps, replay
from cardtable.stores import backup, stats as stats_store
from cardtable.stores.saves import DictStore, GAME_KEY, SaveStore
from cardtable.stores.settings import SETTINGS_KEY
from cardtable.ui.screens.lesson_offer import OFFER_KEY

pytestmark = pytest.mark.browser

# The store object itself, for the tests of what the tests' asks do not reach (its onchange, and
# writes made in one task) and of the asks; the others ask through cardtableStoreAsk (conftest.py)
KV = "cardtableStore.kv"   # (in the app's worker: app_worker)
IDB_KEYS = """() => new Promise((ok, no) => { const r = indexedDB.open('cardtable');
    r.onsuccess = () => { const q = r.result.transaction('kv').objectStore('kv').getAllKeys();
                          q.onsuccess = () => { r.result.close(); ok(q.result); }; q.onerror = no; }; })"""


def diverged(rec: dict, at: int, n: int, seed: int) -> dict:
    """``rec``'s first ``at`` actions, then ``n`` more of another seeded play (as after an Undo)."""
    g = replay(dumps({**rec, "actions": rec["actions"][:at]}))
    rnd = random.Random(seed)
    while not g.over and len(g.actions) < at + n:
        g.apply(rnd.choice(g.legal_actions()))
    return g.to_record()


def todays_layout() -> dict:
    """What today's code (the stores over localStorage) writes: saves with their notes, the game to
    continue, settings, statistics of a game, a lesson's progress, a value set aside."""
    store = DictStore()
    saves = SaveStore(store, clock=lambda: 1_765_000_000.0)
    for i, n in enumerate((5, 40, 80)):
        rec = played("dummy-spades", 100 + i, n, players=["Ana", "Ben", "Chloé"])
        saves.save(f"g{i}", rec, game=games()["dummy-spades"].from_record(rec))
    store.setItem(SETTINGS_KEY, '{"speed": "fast"}')
    assert stats_store.record_game(store, played("dummy-spades", 7, 120, players=["Ana", "Ben", "Chloé"]), now=1.0)
    store.setItem("cardtable/v1/lesson/seep", '{"step": 3}')
    stats_store.set_aside(store, "cardtable/v1/stats/x", "{broken", "could not be read", now=5.0)
    return dict(store.data)


def test_todays_local_storage_is_moved_and_a_reload_in_the_middle_loses_nothing(page, site):
    data = todays_layout()
    page.goto(site.url + "web/manifest.webmanifest")
    page.evaluate("d => { for (const [k, v] of Object.entries(d)) localStorage.setItem(k, v); "
                  "sessionStorage.setItem('cut', '1'); }", data)
    # the page stops after two keys are taken out of localStorage (after IndexedDB's commit)
    page.add_init_script("""if (sessionStorage.getItem('cut') === '1') { sessionStorage.setItem('cut', '0');
        let n = 0; const rm = Storage.prototype.removeItem;
        Storage.prototype.removeItem = function (k) { if (this === localStorage && ++n > 2) throw new Error('cut'); return rm.call(this, k); }; }""")
    page.goto(site.url)
    wait_ready(page)
    left = page.evaluate(f"Object.keys(localStorage).filter(k => k.startsWith('cardtable/') && k !== '{OFFER_KEY}')")
    assert len(left) == len(data) - 2                       # interrupted: most still in localStorage ...
    assert set(data) - {SETTINGS_KEY} <= set(page.evaluate(IDB_KEYS))   # ... and all in IndexedDB
    page.wait_for_selector('[data-act="open:g2"]', state="attached")
    page.reload()
    wait_ready(page)
    # (what the first paint reads stays: the settings, and whether the lessons were offered)
    assert sorted(page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('cardtable/'))")) == [OFFER_KEY, SETTINGS_KEY]
    for k, v in data.items():
        assert store_get(page, k) == v, k
    assert set(data) - {SETTINGS_KEY} <= set(page.evaluate(IDB_KEYS))
    for gid in ("g0", "g1", "g2"):
        page.wait_for_selector(f'[data-act="open:{gid}"]', state="attached")


def test_a_big_restore_into_a_profile_with_games_keeps_both_and_a_diverged_older_copy(page, site):
    """2,500 games in the backup; here, a game of our own and a game whose older copy in the backup
    split from it after action 90 (issue #44, cases 2 and 5)."""
    base = played("dummy-spades", 11, 100, players=["Ana", "Ben", "Chloé"])
    theirs = diverged(base, 90, 20, seed=5)
    assert theirs["actions"][:90] == base["actions"][:90] and theirs["actions"][:100] != base["actions"]
    there = DictStore()
    saves = SaveStore(there, clock=lambda: 1_765_000_000.0)      # 2025-12-06
    small = played("seep", 3, 12)
    for i in range(2_499):
        there.setItem(GAME_KEY + f"b{i}", dumps({**small, "seed": i}))
    saves.save("split", theirs)
    text = backup.export_all(there)
    here = DictStore()
    SaveStore(here, clock=lambda: 1_770_000_000.0).save("split", base)   # 2026-02-02: later
    SaveStore(here, clock=lambda: 1_770_000_000.0).save("mine", played("seep", 9, 3))
    page.goto(site.url + "web/manifest.webmanifest")
    page.evaluate("d => { for (const [k, v] of Object.entries(d)) localStorage.setItem(k, v); }", here.data)
    page.goto(site.url + "#settings")
    wait_ready(page)
    page.wait_for_selector("#backup-file", state="attached")
    page.set_input_files("#backup-file", files=[{"name": "big.json", "mimeType": "application/json",
                                                 "buffer": text.encode()}])
    page.wait_for_selector(".data-setting .notice", state="attached", timeout=120_000)
    notice = page.inner_text(".data-setting .notice")
    assert "Saved games added or brought up to date: 2499; kept as they were here: 0" in notice, notice
    assert "1 saved game of the backup had split from the copy here" in notice
    kv = {k: store_get(page, k) for k in (GAME_KEY + "mine", GAME_KEY + "split")}
    assert kv[GAME_KEY + "mine"] == here.getItem(GAME_KEY + "mine")
    assert json.loads(kv[GAME_KEY + "split"])["actions"] == base["actions"]
    beside = backup.beside_id("split", there.getItem(GAME_KEY + "split"))
    assert json.loads(store_get(page, GAME_KEY + beside))["actions"] == theirs["actions"]
    store_flush(page)
    page.reload()
    wait_ready(page)
    n = sum(k.startswith(GAME_KEY) for k in store_keys(page))
    assert n == 2_499 + 3


def test_a_write_the_quota_refuses_is_said_in_true_words(page, site):
    """Room for nothing more: an imported game that was never saved, with no other saved game, is
    told it is not saved (not that "the last good save is kept" nor to "delete old saved games"),
    and the statistics it could not count stay listed as not counted yet after a reload."""
    page.goto(site.url)
    wait_ready(page)
    store_ask(page, "room", 0)
    rec = played("dummy-spades", 21, 60, players=["Ana", "Ben", "Chloé"])
    page.set_input_files("#import-file", files=[{"name": "g.json", "mimeType": "application/json",
                                                 "buffer": dumps(rec).encode()}])
    page.wait_for_selector(".banner", state="attached")
    banner = page.inner_text(".banner")
    assert "Storage is full: this game is not saved. Export it to keep it." in banner, banner
    assert "delete old saved games" not in banner and "last good save" not in banner


def test_another_window_hears_a_burst_of_writes_once(page, site):
    """Issue #44, case 7: 400 values written in one task reach another window as one change (one
    redraw), not one per value.  (The store itself, not through cardtableStoreAsk: its onchange,
    and 400 writes in one task of the store's own, are what is tested.)"""
    page.goto(site.url)
    wait_ready(page)
    other = page.context.new_page()
    other.goto(site.url)
    wait_ready(other)
    there, here = app_worker(other), app_worker(page)   # (the store runs in each window's worker)
    there.evaluate(f"self.heard = []; {KV}.onchange((e) => heard.push(e.keys.length))")
    here.evaluate(f"() => {{ for (let i = 0; i < 400; i++) {KV}.setItem('cardtable/v1/aside/x' + i, 'v' + i); }}")
    wait_until(there, "self.heard.length > 0")
    here.evaluate(f"{KV}.flush()")
    assert there.evaluate(f"{KV}.getItem('cardtable/v1/aside/x399')") == "v399"
    heard = there.evaluate("self.heard")
    assert max(heard) >= 400 and len(heard) < 5, heard     # (the app's own writes may make another)
    other.close()


def test_a_write_another_window_commits_while_this_one_reads_the_store_is_kept(page, site):
    """A window that is reading the store when another commits a write (here held between its read
    and its start, in ``navigator.storage.estimate``) has that write in memory once it starts: a
    write of its own to the same summary would otherwise lose the other window's."""
    page.goto(site.url)
    wait_ready(page)
    other = page.context.new_page()
    # The store runs in the app's worker, which opens it once the page has sent what it reads, the
    # language's pack among it: the pack is held until the worker's own estimate holds the store.
    other.add_init_script("localStorage.setItem('cardtable/v1/settings', JSON.stringify({lang: 'fr'}))")
    held = []
    other.route("**/lang/fr.pack", lambda route: held.append(route))
    with other.expect_request("**/lang/fr.pack"), \
            other.expect_event("worker", lambda w: w.url.endswith("/web/py-worker.js")) as worker:
        other.goto(site.url)
    there = worker.value
    there.evaluate("""() => { navigator.storage.estimate = () => new Promise((ok) => {
        self.__release = () => ok({ quota: 1e9, usage: 0 }); });
      new BroadcastChannel('cardtable-store').onmessage = () => { self.__got = (self.__got || 0) + 1; }; }""")
    other.evaluate("1")   # (the route's handler has run by now)
    for route in held:
        route.continue_()
    wait_until(there, "typeof self.__release === 'function'")   # read, not started
    store_set(page, "cardtable/v1/aside/early", "kept")
    store_flush(page)
    wait_until(there, "self.__got >= 1")
    there.evaluate("new Promise((ok) => setTimeout(ok, 0))")   # (the store's own copy of the message: the next task)
    there.evaluate("self.__release()")
    wait_ready(other)
    assert store_get(other, "cardtable/v1/aside/early") == "kept"
    other.close()


def test_summaries_another_window_wrote_without_this_ones_are_built_again(page, site):
    """The summaries' mark written by another window after a version this window had moved past
    (both counted a hand at once) reaches the app, which builds them again: Statistics, open,
    counts from every game and writes a mark of its own."""
    sum_key = "cardtable/v1/stats-sum"
    mark = f"(async () => {{ const v = await cardtableStoreAsk('getItem', '{sum_key}'); return v && JSON.parse(v); }})()"
    page.goto(site.url)
    wait_ready(page)
    page.click('[data-act="stats"]')
    store_wait(page, f"async () => {{ const m = await {mark}; return m && m.v === 1 && m.t; }}",
               timeout_ms=BOOT_TIMEOUT_MS)   # (built for the empty store: a mark of its own)
    other = page.context.new_page()
    other.goto(site.url)
    wait_ready(other)
    store_set(other, sum_key, json.dumps({"v": 1, "t": "other", "after": "older"}, separators=(",", ":")))
    store_flush(other)
    store_wait(page, f"async () => {{ const m = await {mark}; return m && m.v === 1 && m.t !== 'other'; }}",
               timeout_ms=BOOT_TIMEOUT_MS)
    assert json.loads(store_get(page, sum_key)).get("after") is None   # (built again: a mark that follows none)
    other.close()


def test_writes_a_page_left_before_knowing_them_committed_are_written_at_the_next_start(page, site):
    """On pagehide the writes not yet known committed are kept in localStorage too, with the value
    each replaced (a browser may drop a transaction when its page goes: a reload right after a
    write came back without it, under load); the next start writes each whose key still holds that
    value, and none that another write changed since."""
    unsaved = "localStorage.getItem('cardtable-unsaved')"
    page.goto(site.url)
    wait_ready(page)
    store_set(page, "cardtable/v1/aside/old", "first")
    store_flush(page)
    # another window left first, with a write of its own kept (a browser closed with two windows)
    page.evaluate("localStorage.setItem('cardtable-unsaved', "
                  "JSON.stringify([['cardtable/v1/aside/other', [null, 'too']]]))")
    kept = page.evaluate(f"""async () => {{   // (in the task that leaves: both written, neither committed)
        await Promise.all([cardtableStoreAsk('setItem', 'cardtable/v1/aside/new', 'kept'),
                           cardtableStoreAsk('setItem', 'cardtable/v1/aside/old', 'second')]);
        dispatchEvent(new PageTransitionEvent('pagehide'));
        return {unsaved}; }}""")
    assert sorted(json.loads(kept)) == [["cardtable/v1/aside/new", [None, "kept"]],
                                        ["cardtable/v1/aside/old", ["first", "second"]],
                                        ["cardtable/v1/aside/other", [None, "too"]]]
    store_flush(page)
    # as if the browser had dropped that transaction; meanwhile another window changed one of the two
    page.evaluate(f"""() => new Promise((ok) => {{ const r = indexedDB.open('cardtable');
        r.onsuccess = () => {{ const tx = r.result.transaction('kv', 'readwrite'), os = tx.objectStore('kv');
                              os.delete('cardtable/v1/aside/new'); os.put('third', 'cardtable/v1/aside/old');
                              tx.oncomplete = () => {{ r.result.close(); ok(); }}; }}; }})""")
    page.reload()
    wait_ready(page)
    assert store_get(page, "cardtable/v1/aside/new") == "kept"
    assert store_get(page, "cardtable/v1/aside/old") == "third"   # (the later write wins)
    assert store_get(page, "cardtable/v1/aside/other") == "too"
    assert page.evaluate(unsaved) is None
    assert "cardtable/v1/aside/new" in page.evaluate(IDB_KEYS)


def test_the_tests_way_to_the_store_answers_as_the_store_does(page, site):
    """cardtableStoreAsk (web/store.js), the tests' one way to the store: each answer the store's
    own, a key it keeps in localStorage there, a question it does not know refused by name; without
    IndexedDB, localStorage answers."""
    page.goto(site.url)
    wait_ready(page)
    store_set(page, "cardtable/v1/aside/ask", "1")
    store_set(page, SETTINGS_KEY, '{"speed": "fast"}')
    assert store_get(page, "cardtable/v1/aside/ask") == app_worker(page).evaluate(f"{KV}.getItem('cardtable/v1/aside/ask')") == "1"
    assert store_get(page, SETTINGS_KEY) == page.evaluate(f"localStorage.getItem('{SETTINGS_KEY}')") == '{"speed": "fast"}'
    assert store_keys(page) == app_worker(page).evaluate(f"() => Array.from({{ length: {KV}.length }}, (_, i) => {KV}.key(i))")
    assert {"cardtable/v1/aside/ask", SETTINGS_KEY} <= set(store_keys(page))
    assert ["cardtable/v1/aside/ask", "1"] in store_entries(page)
    assert SETTINGS_KEY not in dict(store_entries(page))   # (IndexedDB's part only)
    assert store_flush(page) is True
    store_remove(page, "cardtable/v1/aside/ask")
    assert store_get(page, "cardtable/v1/aside/ask") is None
    with pytest.raises(Error, match="cardtableStoreAsk: no method length"):
        store_ask(page, "length")
    page.goto(site.url + "?without-saves")   # (the store gives null: the page's localStorage, of which
    wait_ready(page)                          # such a visit is given nothing)
    assert app_worker(page).evaluate(f"{KV}") is None
    assert store_get(page, SETTINGS_KEY) is None and store_keys(page) == []
    assert store_entries(page) == [] and store_flush(page) is True
    assert page.evaluate(f"localStorage.getItem('{SETTINGS_KEY}')") == '{"speed": "fast"}'   # (kept)
