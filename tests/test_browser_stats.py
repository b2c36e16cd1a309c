"""The Statistics screen in real Chromium, at phone size, on one page (issue #16).

A hand finished by a tap is counted; finished records imported are counted once (a second copy
of the same game adds only what is new); the screen shows the figures and the charts; deleting
a saved game keeps the statistics; export, reset (after a confirmation) and import of the
exported file; the screen and the figures survive a reload.  Screenshots:
test-artifacts/stats-phone.png, stats-reset.png.
"""

from __future__ import annotations

import json

import pytest

from cardtable import stats
from cardtable.record import replay
from cardtable.stores import stats_sum
from cardtable.stores.saves import DictStore
from conftest import KEPT_KEYS_JS, SharedPage, take_device, PageWatch, screenshot, settle, store_entries, store_get, \
    store_wait, wait_ready
from test_stats import prefix, seep_record, spades_record

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}


@pytest.fixture(scope="module")
def page(browser, site):
    page = SharedPage(browser, site, viewport=PHONE)
    yield page
    page.close()


def import_file(page, text: str, selector: str = "#import-file", name: str = "game.json") -> None:
    page.set_input_files(selector, files=[{"name": name, "mimeType": "application/json",
                                           "buffer": text.encode("utf-8")}])


STORED_GAMES = f"""async () => Object.fromEntries(await Promise.all((await ({KEPT_KEYS_JS})())
    .filter(k => k.startsWith("cardtable/v1/stats/")).map(async k => [k.slice(19), JSON.parse(await cardtableStoreAsk('getItem', k))])))"""
"""Each game's statistics, kept under a key of its own (cardtable/v1/stats/<game key>)."""


def stored_stats(page) -> dict:
    return {"format": stats.FORMAT, "games": page.evaluate(STORED_GAMES)}


def hands_counted(page) -> list[int]:
    return sorted(len(e["hands"]) for e in stored_stats(page).get("games", {}).values())


def wait_for_counts(page, expected: list[int]) -> None:
    if page.watch.console_errors:
        raise AssertionError(page.watch.console_errors)
    store_wait(page, f"""async () => {{ const games = await ({STORED_GAMES})();
                   const g = Object.values(games).map(e => e.hands.length).sort((a, b) => a - b);
                   return JSON.stringify(g) === {json.dumps(json.dumps(sorted(expected), separators=(",", ":")))}; }}""",
               timeout_ms=30_000)
    assert hands_counted(page) == sorted(expected), page.watch.console_errors


def figures(page, game: str, player: str) -> dict:
    """The figures of a player's card, term -> text."""
    return page.evaluate("""([game, player]) => {
        const card = document.querySelector(`#stats-${game}`).closest('section')
                             .querySelector(`article[data-player="${player}"]`);
        if (!card) return null;
        const dts = [...card.querySelectorAll('dt')], dds = [...card.querySelectorAll('dd')];
        return Object.fromEntries(dts.map((dt, i) => [dt.textContent, dds[i].textContent]));
    }""", [game, player])


def go_home(page) -> None:
    """Home from a game: past an end-of-hand summary (it has no Home button), then Home."""
    if page.locator('.hand-summary [data-act="next-hand"]').count():
        page.click('.hand-summary [data-act="next-hand"]')
    page.locator('[data-act="nav:home"]').first.click()
    page.wait_for_selector("html[data-screen=home]", state="attached")


def test_statistics_from_play_and_files(page, tmp_path):
    rec = spades_record()   # two forced hands; Ana (p0) wins 300 / 203 / -30
    cut = next(n for n in range(len(rec["actions"])) if stats.read_game(prefix(rec, n))[1] is not None)
    last = rec["actions"][cut - 1]   # the last card of hand 1
    hinter = replay(prefix(rec, cut - 1)).to_act   # the seat that plays it, after a hint

    # 1. a hand finished by a tap is counted (pass and play: every seat a person)
    import_file(page, json.dumps(prefix(rec, cut - 1)))
    page.wait_for_selector("html[data-screen=handoff]", state="attached")
    page.wait_for_selector('[data-act="ready"]:not([disabled])')
    take_device(page)
    # the last card played after a hint: the statistics count it (issue #46: they always said 0)
    page.click('[data-act="hint"]')
    page.wait_for_selector("button.card.hinted", timeout=30_000)
    page.click(f'[data-act="move:{last}"]')
    settle(page)
    page.wait_for_selector(".hand-summary", state="attached")
    wait_for_counts(page, [1])
    assert [e["hints"] for e in stored_stats(page)["games"].values()] == [{hinter: 1}]

    # 2. the whole game imported as a separate copy adds only its second hand
    go_home(page)
    import_file(page, json.dumps(rec), name="again.json")
    page.wait_for_selector(".import-dup", state="attached")
    page.click('[data-act="data:import-copy"]')
    page.wait_for_selector(".game-over", state="attached")
    wait_for_counts(page, [2])
    go_home(page)

    # 3. a finished Seep game against computers, imported
    seep = seep_record()
    seep["controllers"] = {"p0": "human", "p1": "strong", "p2": "human", "p3": "casual"}
    seep["players"] = ["ana", "<b>Ben</b>", "Chloé", "Dev"]   # 'ana' is Ana; names are text
    import_file(page, json.dumps(seep), name="seep.json")
    page.wait_for_selector(".game-over", state="attached")
    wait_for_counts(page, [2, len(stats.read_game(seep)[1]["hands"])])
    go_home(page)

    # 4. the screen
    page.click('[data-act="stats"]')
    page.wait_for_selector("html[data-screen=stats]", state="attached")
    assert page.evaluate("location.hash") == "#stats"
    assert page.locator("h1").count() == 1 and page.inner_text("h1") == "Statistics"
    ana = figures(page, "dummy-spades", "ana")
    assert ana["Games"] == "1 won of 1 (1 finished)"
    assert ana["Hands"] == "1 won of 2 (50%)"
    assert ana["Points per hand"] == "150.0" and ana["Bids made"] == "50%" and ana["Nils"] == "made 2 of 2"
    ben = figures(page, "dummy-spades", "ben")
    hinted = figures(page, "dummy-spades", rec["players"][int(hinter[1])].casefold())
    assert hinted["Hints used"] == "1"
    assert ben["Bags per hand"] == "1.5" and ben["As declarer"] == "made 1 of 1"
    seep_ana = figures(page, "seep", "ana")
    assert seep_ana["Games"] == "1 won of 1 (1 finished)"
    assert seep_ana["Against the strong computer"].startswith("won 1 of 1 game")
    assert figures(page, "seep", "<b>ben</b>") is None    # a computer seat is nobody's statistics
    assert page.locator("#app b").count() == 0
    assert "<b>Ben</b> & Dev" in page.inner_text("#chart-score-seep .chart-legend")
    assert page.locator("svg.chart-svg[role=img]").count() == 4
    assert page.locator("#chart-score-dummy-spades-title").text_content() == "Points after each hand of the latest game"
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    screenshot(page, "stats-phone")
    page.locator("#chart-score-dummy-spades").scroll_into_view_if_needed()
    screenshot(page, "stats-phone-charts")

    # 5. it survives a reload, and deleting a saved game keeps it
    page.reload()
    wait_ready(page)
    page.wait_for_selector("html[data-screen=stats]", state="attached")
    assert figures(page, "dummy-spades", "ana")["Points per hand"] == "150.0"
    go_home(page)
    ids = page.eval_on_selector_all("[data-save]", "els => els.map(e => e.dataset.save)")
    for gid in ids:
        page.click(f'[data-act="delete:{gid}"]')
        page.click('[data-act="confirm-delete:' + gid + '"]')
    assert page.locator("[data-save]").count() == 0
    page.click('[data-act="stats"]')
    assert figures(page, "dummy-spades", "ana")["Games"] == "1 won of 1 (1 finished)"

    # 6. export, then reset after a confirmation
    with page.expect_download() as dl:
        page.click('[data-act="stats:export"]')
    path = tmp_path / "stats.json"
    dl.value.save_as(path)
    exported = json.loads(path.read_text())
    assert exported["format"] == stats.FORMAT and exported == stored_stats(page)
    page.click('[data-act="stats:reset"]')
    page.wait_for_selector('.stats-reset [role="dialog"]', state="attached")
    screenshot(page, "stats-reset")
    page.keyboard.press("Escape")    # Escape keeps them
    assert page.locator(".stats-reset").count() == 0 and stored_stats(page)
    page.click('[data-act="stats:reset"]')
    page.click('[data-act="stats:confirm-reset"]')
    page.wait_for_selector("text=No finished hands yet", state="attached")
    assert stored_stats(page)["games"] == {}
    page.reload()
    wait_ready(page)
    page.wait_for_selector("text=No finished hands yet", state="attached")

    # 7. a damaged file is refused with a reason; the exported one comes back
    import_file(page, '{"format": "cardtable-stats/1", "games": {"x": {"game": "chess"}}}', "#stats-file", "bad.json")
    page.wait_for_selector(".notice", state="attached")
    assert "bad.json was not imported" in page.inner_text(".notice") and stored_stats(page)["games"] == {}
    import_file(page, path.read_text(), "#stats-file", "stats.json")
    page.wait_for_selector("text=Statistics imported", state="attached")
    assert figures(page, "dummy-spades", "ana")["Points per hand"] == "150.0"
    assert stored_stats(page) == exported
    page.watch.assert_clean()


def test_the_1000_game_store_of_the_issue_keeps_1001_games(browser, site, tmp_path):
    """Issue #24's repro: 1,000 valid games (over 2 MB) in the old single key, a reload, a finished
    hand imported: nothing is wiped, every game moves to a key of its own, the export has them all."""
    from test_stats_store import old_store
    context = browser.new_context(viewport=PHONE, accept_downloads=True)
    page = context.new_page()
    page.watch = PageWatch(page, site.origin)
    page.goto(site.url + "web/manifest.webmanifest")
    text = old_store(1000, hands=12)
    assert len(text) > 2_000_000
    page.evaluate("t => localStorage.setItem('cardtable/v1/stats', t)", text)
    page.goto(site.url)
    wait_ready(page)
    import_file(page, json.dumps(spades_record()))
    store_wait(page, f"""async () => (await ({KEPT_KEYS_JS})()).filter(k => k.startsWith("cardtable/v1/stats/")).length
                              === 1001""", timeout_ms=60_000)
    assert store_get(page, "cardtable/v1/stats") is None
    go_home(page)
    page.click('[data-act="stats"]')
    page.wait_for_selector("html[data-screen=stats]", state="attached")
    store_wait(page, "async () => /^[{]\"v\":/.test(await cardtableStoreAsk('getItem', 'cardtable/v1/stats-sum'))")   # built,
    with page.expect_download() as dl:   # read ten games a call (web/store.js's ``many``)
        page.click('[data-act="stats:export"]')
    path = tmp_path / "stats.json"
    dl.value.save_as(path)
    games = stats.read_stats_file(path.read_text(encoding="utf-8"))["games"]
    assert len(games) == 1001
    store = DictStore()   # the page's summaries, built reading ten games a call (web/store.js's
    for key, entry in games.items():   # ``many``), are the ones built here from the file's games
        store.setItem(stats_sum.ENTRY_KEY + key, stats.dump_entry(entry))
    stats_sum.rebuild(store)
    assert {k: json.loads(v) for k, v in store_entries(page)
            if k.startswith("cardtable/v1/stats-idx") or k.startswith("cardtable/v1/stats-sum/")} \
        == {k: json.loads(v) for k, v in store.data.items() if stats_sum.derived(k) and k != stats_sum.SUM_KEY}
    assert page.watch.page_errors == []
    context.close()
