"""Saves and game files that cannot hurt, in real Chromium (issue #12, and import items of #11).

* whatever is stored under ``cardtable/``, the app starts and lists each damaged entry with why;
  an unknown computer level becomes a person, with a notice;
* two windows (two pages of one browser context) never lose each other's moves;
* names that look like HTML stay text on every screen that shows names;
* every bad import is a message, and nothing saved changes;
* an exported game against computers, imported, goes on against computers; importing a game that
  is already saved offers to open it.
"""

from __future__ import annotations

import json
import random

import pytest

from cardtable.record import games, replay
from cardtable.stores.saves import _sig
from cardtable.record import dumps
from conftest import SharedPage, take_device, PageWatch, kept_keys, screenshot, store_get, store_items, wait_ready

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def shared(browser, site):
    """One page for the whole file (booting Python is the slow part): each test starts from home."""
    page = SharedPage(browser, site)
    yield page
    page.close()


@pytest.fixture()
def home_page(shared):
    """The shared page on the home screen, with no notice left from an earlier test."""
    page = shared
    for _ in range(4):
        if page.locator("html[data-screen=home]").count() and not page.locator("#app .overlay").count():
            break
        if page.locator(".sheet-overlay").count():
            page.keyboard.press("Escape")
        for sel in ['#app .overlay [data-act="cancel"]', '#app .overlay [data-act="nav:home"]',
                    '#app .overlay [data-act="next-hand"]', '[data-act="nav:home"]']:
            if page.locator(sel).count():
                page.locator(sel).first.click()
                break
    page.evaluate("document.querySelector('.notice')?.remove()")
    assert page.locator("html[data-screen=home]").count() == 1
    return page

INJECTED = ["<u id=inj1>B</u>", "<b id=inj2 class=ov>x", "<a href=x id=inj3>a</a>", "<img id=inj4 src=x>"]
INJ_SELECTOR = "#inj1, #inj2, #inj3, #inj4"


def played(name: str, seed, n: int | None = None, players=None, options=None, until_over=False) -> dict:
    """A legal record: seeded random play of ``n`` actions (or to the end of the match)."""
    g = games()[name].from_record({"format": "cardtable/1", "game": name, "seed": seed, "options": options or {},
                                   "players": players, "deals": []})
    rnd = random.Random(seed)
    while not g.over and (until_over or len(g.actions) < n):
        g.apply(rnd.choice(g.legal_actions()))
    return g.to_record()


def import_file(page, text: str | bytes, name: str = "game.json") -> None:
    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    page.set_input_files("#import-file", files=[{"name": name, "mimeType": "application/json", "buffer": data}])


def storage(page) -> dict:
    return store_items(page)


def no_injection(page) -> None:
    assert page.locator(INJ_SELECTOR).count() == 0
    assert page.evaluate("document.querySelectorAll('#app b.ov, #app a[href=x], #app img').length") == 0


# ---- storage that always starts ------------------------------------------------------------------
def test_damaged_storage_never_stops_the_app_and_is_listed(home_page):
    page = home_page
    rec = played("dummy-spades", 5, 10, players=["Ana", "Ben", "Chloé"])
    text = dumps(rec)
    good_meta = {"updated": 1, "sig": _sig(text), "game": "dummy-spades", "players": ["Ana", "Ben", "Chloé"],
                 "over": False, "totals": "", "controllers": {"p0": "human", "p1": "grandmaster", "p2": "human"}}
    entries = {
        "cardtable/v1/game/g1": text,
        "cardtable/v1/meta/g1": json.dumps({**good_meta, "updated": "yesterday", "players": 5}),
        "cardtable/v1/game/g2": text,
        "cardtable/v1/meta/g2": json.dumps({**good_meta, "updated": 2}),
        "cardtable/v1/meta/orphan": "[[[",
        "cardtable/v1/game/bad": '{"format": "cardtable/1", "game": ["seep"]}',
        "cardtable/v1/game/deep": "[" * 100_000 + "]" * 100_000,
        "cardtable/v1/last": "{}",
        "cardtable/v9/game/future": "{}",
    }
    page.evaluate("e => { for (const [k, v] of Object.entries(e)) localStorage.setItem(k, v); }", entries)
    page.reload()
    wait_ready(page)
    assert page.locator("html[data-screen=home]").count() == 1
    broken = page.locator(".save.broken")
    texts = broken.all_inner_texts()
    assert any("updated is the text" in t and "players is a number" in t for t in texts), texts
    assert any("no longer here" in t for t in texts)
    assert any("unknown game" in t for t in texts)
    assert any("nested 100,000 deep" in t for t in texts)
    assert any("another version" in t for t in texts)
    assert page.locator('.save:not(.broken) [data-act="open:g1"]').count() == 1
    screenshot(page, "data-damaged-storage")
    # nothing was deleted by starting
    assert all(storage(page).get(k) == v for k, v in entries.items())
    # the game with an unknown computer level opens, that seat is a person, and the page says so
    page.click('[data-act="open:g2"]')
    page.wait_for_selector("html[data-screen=handoff], .table", state="attached")
    assert "not one this version knows" in page.inner_text("#app")
    assert "(computer)" not in page.inner_text("#app")
    assert page.watch.page_errors == []


# ---- names are text ------------------------------------------------------------------------------
@pytest.mark.parametrize("game, seats, options", [("seep", 4, {"target": 60}),
                                                  ("dummy-spades", 3, {"losing_limit": -200})])
def test_html_looking_names_stay_text_on_every_screen(home_page, game, seats, options):
    page = home_page
    names = INJECTED[:seats]
    long_name = "W" * 200_000
    # a finished match: table, game-over dialog, score sheet, log, saved-games list
    over = played(game, 11, players=names[:-1] + [long_name], options=options, until_over=True)
    import_file(page, json.dumps(over))
    page.wait_for_selector(".game-over", state="attached")
    no_injection(page)
    body = page.inner_text("#app")
    assert names[0] in body
    assert "W" * 24 in body and "W" * 25 not in body     # names trimmed to 24 characters on import
    screenshot(page, f"data-names-{game}-over")
    page.click('.game-over [data-act="nav:home"]')
    page.wait_for_selector("html[data-screen=home]", state="attached")
    no_injection(page)
    assert names[0] in page.inner_text(".saves")
    # a game one move before the end of its first hand: hand-off, table, log, score sheet, summary
    g = games()[game].from_record({"format": "cardtable/1", "game": game, "seed": 12, "options": options,
                                   "players": names, "deals": []})
    rnd = random.Random(12)
    while True:
        legal = g.legal_actions()
        probe = replay({**g.to_record(), "actions": g.actions + [legal[0]]})
        if len(probe.summary()["hands"]) > 0:
            break
        g.apply(rnd.choice(legal))
    import_file(page, json.dumps(g.to_record()), name="mid.json")
    page.wait_for_selector("html[data-screen=handoff]", state="attached")
    no_injection(page)
    take_device(page)
    no_injection(page)
    for panel in ("log", "sheet"):
        page.click(f'[data-act="ui:panel:{panel}"] >> nth=0')
        no_injection(page)
        assert names[1] in page.inner_text("#app")
        page.keyboard.press("Escape")   # sheets open over the table and close with Escape
        page.wait_for_selector(".sheet-overlay", state="detached")
    screenshot(page, f"data-names-{game}-table")
    # the last move of the hand: pick from the legal moves the page offers
    if game == "seep":
        assert legal == ["throw 6H"]  # (deal 12) the hand's last move, made as a player would
        page.click('[data-act="ui:hand:6H"]')
        page.click('[data-key="do:throw 6H"]')
    else:
        page.locator("button.card.playable").first.click()
    page.wait_for_selector(".hand-summary", state="attached")
    no_injection(page)
    screenshot(page, f"data-names-{game}-summary")
    assert page.watch.page_errors == []


# ---- every bad import is a message ---------------------------------------------------------------
BAD_FILES = [
    ("not json", b"{nope", "not JSON"),
    ("a list as the game", b'{"format": "cardtable/1", "game": ["seep"], "seed": 1}', "unknown game"),
    ("a list as the variant", b'{"format": "cardtable/1", "game": "dummy-spades", "seed": 1, '
                              b'"options": {"variant": ["x"]}}', 'option "variant"'),
    ("a 5,000-digit bid", json.dumps({"format": "cardtable/1", "game": "dummy-spades", "seed": 1,
                                      "actions": ["bid " + "1" * 5000]}).encode(), "too long to be an action"),
    ("100,000 deep", b"[" * 100_000 + b"]" * 100_000, "nested 100,000 deep"),
    ("over 2 MB", b'{"format": "cardtable/1", "players": ["' + b"x" * 2_100_000 + b'"]}', "too big"),
    ("a 0xff byte", b'{"format": "cardtable/1"\xff}', "not JSON"),  # the browser reads it as U+FFFD
    ("a lone surrogate", b'{"format": "cardtable/1", "game": "seep", "seed": "\\udc80"}', "lone surrogate"),
    ("an illegal move", json.dumps({"format": "cardtable/1", "game": "dummy-spades", "seed": 1,
                                    "actions": ["play AS"]}).encode(), "action 0"),
]


def test_every_bad_import_is_a_message_and_nothing_saved_changes(home_page):
    page = home_page
    import_file(page, json.dumps(played("seep", 3, 8)), name="good.json")
    page.wait_for_selector("html[data-screen=handoff]", state="attached")
    page.click('[data-act="nav:home"]')
    before = storage(page)
    for label, data, words in BAD_FILES:
        page.evaluate("document.querySelector('.notice')?.remove()")
        import_file(page, data, name=f"{label}.json")
        page.wait_for_selector(".notice", state="attached", timeout=30_000)
        notice = page.inner_text(".notice")
        assert words in notice and "not a game Card Table can open" in notice, (label, notice)
        assert len(notice) < 320, label
        assert storage(page) == before, label
    screenshot(page, "data-bad-import")
    assert page.watch.page_errors == []
    assert not [e for e in page.watch.console_errors if "fatal" in e.lower()]


# ---- import keeps who plays each seat; a saved game is offered, not copied --------------------------
def test_an_imported_game_against_computers_goes_on_against_computers(home_page):
    pytest.importorskip("cardtable.bots")
    page = home_page
    count_before = len([k for k in storage(page) if k.startswith("cardtable/v1/game/")])
    rec = played("dummy-spades", 21, 0, players=["Ana", "Ben", "Chloé"])
    rec["controllers"] = {"p0": "casual", "p1": "human", "p2": "casual"}
    rec["hints"] = {"p1": [0]}   # a hint Ben used, in the friend's file
    import_file(page, json.dumps(rec))
    # the computers bid without anyone touching the page, until it is Ben's turn
    page.wait_for_selector(".bid-panel", state="attached", timeout=60_000)
    saved = storage(page)
    last = saved["cardtable/v1/last"]
    assert json.loads(saved[f"cardtable/v1/meta/{last}"])["controllers"] == rec["controllers"]
    n = len(json.loads(saved[f"cardtable/v1/game/{last}"])["actions"])
    assert n >= 1
    assert json.loads(saved[f"cardtable/v1/game/{last}"])["hints"] == {"p1": [0]}   # kept in the new save
    # importing the same file again offers the saved game instead of a copy
    page.click('[data-act="nav:home"]')
    import_file(page, json.dumps(rec), name="again.json")
    page.wait_for_selector(".import-dup", state="attached")
    assert "already have saved" in page.inner_text(".import-dup")
    page.click(f'.import-dup [data-act="open:{last}"]')
    page.wait_for_selector(".bid-panel", state="attached", timeout=60_000)
    games_saved = [k for k in storage(page) if k.startswith("cardtable/v1/game/")]
    assert f"cardtable/v1/game/{last}" in games_saved and len(games_saved) == count_before + 1
    # ...and "Import as a new game" makes a copy that keeps the file's hints too
    page.click('[data-act="nav:home"]')
    import_file(page, json.dumps(rec), name="copy.json")
    page.click('.import-dup [data-act="data:import-copy"]')
    page.wait_for_selector(".bid-panel", state="attached", timeout=60_000)
    saved = storage(page)
    copy = saved["cardtable/v1/last"]
    assert copy != last and json.loads(saved[f"cardtable/v1/game/{copy}"])["hints"] == {"p1": [0]}
    page.click('[data-act="nav:home"]')
    assert page.watch.page_errors == []


# ---- two windows -------------------------------------------------------------------------------------
def test_two_windows_never_lose_each_others_moves(home_page, site):
    a, b = home_page, home_page.context.new_page()
    errors = []
    b.on("pageerror", lambda e: errors.append(str(e)))
    a.click('[data-act="new:dummy-spades"]')
    a.fill("#ng-seed", "4242")
    a.click('[data-act="start"]')
    take_device(a)          # the first person to act takes the device
    b.goto(site.url)
    wait_ready(b)
    b.click('[data-key="continue"]')
    take_device(b)

    def actions(page) -> list[str]:
        last = store_get(page, "cardtable/v1/last")
        return json.loads(store_get(page, f"cardtable/v1/game/{last}"))["actions"]

    # A bids: B follows at once (storage event) and says so
    a.click('[data-act="ui:bid:4"]')
    a.click('[data-act="ui:confirm-bid"]')
    b.wait_for_function("() => document.body.innerText.includes('went on in another window')", timeout=20_000)
    assert len(actions(b)) == 1
    # the stale-window case: the store moves on behind A's back (no event reaches A) ...
    newer = actions(a) + ["bid 5"]
    a.evaluate("""async acts => { const ask = cardtableStoreAsk, id = await ask('getItem', 'cardtable/v1/last');
        const r = JSON.parse(await ask('getItem', 'cardtable/v1/game/' + id)); r.actions = acts;
        const m = JSON.parse(await ask('getItem', 'cardtable/v1/meta/' + id)); m.rev += 1; m.n = acts.length; delete m.sig;
        await Promise.all([ask('setItem', 'cardtable/v1/game/' + id, JSON.stringify(r)),   // this window's own write: no event
                           ask('setItem', 'cardtable/v1/meta/' + id, JSON.stringify(m))]); }""", newer)
    # ... and A, still showing the old position, plays: its move does not overwrite the newer game
    if a.locator("html[data-screen=handoff]").count():
        take_device(a)
    a.wait_for_selector(".bid-panel", state="attached")
    a.click('[data-act="ui:bid:6"]')
    a.click('[data-act="ui:confirm-bid"]')
    a.wait_for_function("() => document.body.innerText.includes('went on in another window')", timeout=20_000)
    assert actions(a) == newer
    screenshot(a, "data-two-windows")
    assert errors == [] and a.watch.page_errors == []
    b.close()
    a.click('[data-act="nav:home"]')


# ---- if Python cannot start anyway: export the raw saved data, or start without it ----------------------
BREAK_GETITEM = """Storage.prototype.getItem = function () { throw new Error("storage is broken (test)"); };"""


def test_the_boot_screen_offers_the_saved_data_and_a_start_without_it(browser, site, tmp_path):
    context = browser.new_context(accept_downloads=True)
    page = context.new_page()
    page.goto(site.url + "web/manifest.webmanifest")        # same origin: seed the storage first
    page.evaluate("""() => { localStorage.setItem('cardtable/v1/game/x', '{"format": "cardtable/1"}');
                             localStorage.setItem('cardtable/v1/meta/x', '{"updated": "yesterday"}'); }""")
    page.add_init_script(BREAK_GETITEM)                    # Python's start-up now fails reading it
    page.goto(site.url)
    page.wait_for_selector("[data-rescue=download]", timeout=120_000)
    assert page.locator("html[data-ready]").count() == 0
    with page.expect_download() as dl:
        page.click("[data-rescue=download]")
    path = tmp_path / "saved.json"
    dl.value.save_as(path)
    assert json.loads(path.read_text()) == {"cardtable/v1/game/x": '{"format": "cardtable/1"}',
                                            "cardtable/v1/meta/x": '{"updated": "yesterday"}'}
    screenshot(page, "data-rescue")
    # Python started: the saved data is what stopped it, and the screen says so
    assert page.locator("html[data-boot-failed=data]").count() == 1
    assert "could not read your saved data" in page.inner_text("#boot-msg")
    page.click("[data-rescue=start-without]")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
    assert "Started without your saved games" in page.inner_text(".notice")
    # a visit without saves reads and writes no stored key: a setting changed stays in memory
    page.click('[data-act="nav:settings"]')
    page.click('[data-act="set:speed:fast"]')
    page.click('[data-act="nav:settings-done"]')
    assert sorted(k for k in kept_keys(page) if k.startswith("cardtable/")) == [
        "cardtable/v1/game/x", "cardtable/v1/meta/x"]
    context.close()


COUNT_READS = """window.__reads = 0; window.__writes = 0;
for (const name of ["getItem", "key"]) { const f = Storage.prototype[name];
  Storage.prototype[name] = function (...a) { window.__reads++; return f.apply(this, a); }; }
for (const name of ["setItem", "removeItem", "clear"]) { const f = Storage.prototype[name];
  Storage.prototype[name] = function (...a) { window.__writes++; return f.apply(this, a); }; }"""


def test_a_visit_without_saves_touches_no_stored_key(browser, site):
    """Saves, settings, statistics and the language: nothing is read or written, even by playing."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(site.url + "web/manifest.webmanifest")
    page.evaluate("""() => localStorage.setItem('cardtable/v1/settings', '{"speed": "slow", "lang": "fr"}')""")
    page.add_init_script(COUNT_READS)
    page.goto(site.url + "?without-saves")
    wait_ready(page)
    assert page.evaluate("document.documentElement.lang") == "en"       # the stored "fr" is not read
    page.click('[data-act="nav:settings"]')
    page.click('[data-act="set:deck:four"]')
    page.click('[data-act="nav:settings-done"]')
    assert page.evaluate("[window.__reads, window.__writes]") == [0, 0]
    assert page.evaluate("localStorage.getItem('cardtable/v1/settings')") == '{"speed": "slow", "lang": "fr"}'
    context.close()


def test_settings_nested_20000_deep_start_the_app(browser, site):
    context = browser.new_context()
    page = context.new_page()
    page.watch = PageWatch(page, site.origin)
    deep = "[" * 20_000 + "]" * 20_000
    page.goto(site.url + "web/manifest.webmanifest")
    page.evaluate("d => localStorage.setItem('cardtable/v1/settings', d)", deep)
    page.goto(site.url)
    wait_ready(page)
    assert page.locator("html[data-screen=home]").count() == 1
    assert store_get(page, "cardtable/v1/settings") == deep   # read, not rewritten
    assert page.watch.page_errors == []
    context.close()


def test_when_python_cannot_start_the_screen_says_so_and_keeps_the_saved_data(browser, site):
    context = browser.new_context()
    page = context.new_page()
    page.goto(site.url + "web/manifest.webmanifest")
    page.evaluate("() => localStorage.setItem('cardtable/v1/game/x', '{}')")
    page.route("**/pyodide.asm.wasm*", lambda route: route.abort())  # (and its packed copy)
    page.route("**/pyodide-snapshot.bin", lambda route: route.abort())
    page.goto(site.url)
    page.wait_for_selector("html[data-boot-failed]", state="attached", timeout=120_000)
    assert page.locator("html[data-boot-failed=python]").count() == 1
    assert "Python could not start" in page.inner_text("#boot-msg")
    page.wait_for_selector("[data-rescue=download]")
    assert page.locator("[data-rescue=start-without]").count() == 0   # the saved data is not the cause
    assert store_get(page, "cardtable/v1/game/x") == "{}"
    context.close()


def test_a_handful_of_damaged_stores_all_reach_the_home_screen(browser, site):
    """The store fuzz of tests/test_fuzz_stores.py, a few cases in the page: each reaches home, the
    statistics screen opens, and no stored value is deleted by starting."""
    from test_fuzz_stores import SEED, damage, good_store, note_rebuilt
    rnd = random.Random(SEED + 1)
    context = browser.new_context()
    page = context.new_page()
    page.watch = PageWatch(page, site.origin)
    page.goto(site.url + "web/manifest.webmanifest")
    for case in range(5):
        store = good_store(rnd)
        for _ in range(3):
            damage(store, rnd)
        page.evaluate("e => new Promise((ok) => { localStorage.clear(); for (const [k, v] of Object.entries(e)) "
                      "localStorage.setItem(k, v); const r = indexedDB.deleteDatabase('cardtable'); "
                      "r.onsuccess = r.onerror = () => ok(); })", store.data)
        page.goto(site.url)
        wait_ready(page)
        assert page.locator("html[data-screen=home]").count() == 1, case
        page.click('[data-act="stats"]')
        page.wait_for_selector("html[data-screen=stats]", state="attached")
        after = storage(page)
        aside = set(after.values())
        assert all(after.get(k) == v or v in aside or k.startswith("cardtable/v1/stats") or note_rebuilt(k, v, after)
                   for k, v in store.data.items()), case
        assert page.watch.page_errors == [], case
        page.goto(site.url + "web/manifest.webmanifest")
    context.close()
