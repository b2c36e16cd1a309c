"""The deal of the day and a hand shared as a link, in real Chromium.

Today's Dummy Spades deal is stored as a saved attempt one card before its end (as the app saves
it); the tile reopens it, the last cards are played, the summary sets the result beside par
(worked out in the page: the same number as CPython's), Statistics count the day.  *Share* gives a
link; a fresh context (another device) opens it: the offer to play the deal first, then Review with
the score its moves make (the same record and score).  A changed, a garbage and another format's
link are refused with a message, and nothing stored changes.  English at 360x740, French at
1280x800; axe clean (the screen audit runs after every redraw)."""

from __future__ import annotations

import datetime
import json

import pytest

from cardtable import bots, share
from cardtable.coach import daily
from cardtable.record import new_game, replay
from cardtable.stores import daily as daily_store
from cardtable.stores.saves import DictStore, SaveStore
from conftest import current_record, open_page, screen_shot, store_items, wait_ready
from test_browser_a11y import Axe, phone_at_home

pytestmark = pytest.mark.browser

TODAY_JS = ("() => { const d = new Date(); return d.getFullYear() + '-' + String(d.getMonth() + 1).padStart(2, '0')"
            " + '-' + String(d.getDate()).padStart(2, '0'); }")
PLAYABLE = ".table button.card.playable"


def near_the_end(date: str) -> dict:
    """The localStorage items of today's Dummy Spades attempt, the person (p0) to play their last card."""
    day = datetime.date.fromisoformat(date)
    game = new_game(daily.record_of("spades", day, ["You", "Ben", "Chloé"]))
    n = 0
    while not (game.to_act == "p0" and len(game.view("p0")["hand"]) == 1):
        game.apply(bots.choose_action("dummy-spades", game.view(game.to_act), "casual", seed=n))
        n += 1
    store = DictStore()
    SaveStore(store).save("daily-1", game.to_record(), {"p0": "human", "p1": "strong", "p2": "strong"}, game=game)
    daily_store.start(store, "spades", date, "daily-1")
    return dict(store.data)


def stored(page) -> dict:
    """Everything the app keeps (its store over IndexedDB, #44; localStorage where there is none)."""
    return store_items(page)


def test_the_deal_of_the_day_its_par_and_its_link(watched_page, site, browser):
    page = watched_page
    axe = phone_at_home(page, site)
    date = page.evaluate(TODAY_JS)
    page.evaluate("items => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }",
                  near_the_end(date))
    page.reload()
    wait_ready(page)
    tile = page.locator('[data-act="daily:spades"]')
    assert "in play" in tile.inner_text()
    axe("home with the tile")
    screen_shot(page, "daily-tile-en")
    tile.click()
    while not page.locator(".hand-summary").count():   # the last cards: the person's (and the dummy's)
        page.wait_for_selector(f"{PLAYABLE}, .hand-summary", timeout=30_000)
        if page.locator(".hand-summary").count():
            break
        page.locator(PLAYABLE).first.click()
    page.wait_for_selector(".daily-result:has-text('against par')", timeout=120_000)
    result = page.inner_text(".daily-result")
    record = current_record(page)
    game = replay(record)
    score, par = daily.hand_score(game), daily.par("spades", datetime.date.fromisoformat(date))
    assert f"You: {score:+d} · par: {par:+d}".replace("-", "\u2212") in result.replace("+0", "0")
    kept = daily_store.load(type("S", (), {"getItem": lambda self, k: stored(page).get(k)})())
    assert kept[f"spades:{date}"]["score"] == score and kept[f"spades:{date}"]["par"] == par
    axe("the summary with the day's result")
    screen_shot(page, "daily-result-en")

    page.focus('.hand-summary [data-act="share:open"]')   # by keyboard: Enter, the focus stays, Tab goes on
    page.keyboard.press("Enter")
    page.wait_for_selector("#share-link")
    assert page.evaluate("document.activeElement.dataset.act") == "share:open"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "share-link"
    page.wait_for_selector(".share-qr svg", timeout=30_000)   # a short link: its QR code
    link = page.input_value("#share-link")
    fragment = "#" + link.split("#", 1)[1]
    assert share.decode(fragment)[0]["actions"] == record["actions"][:len(share.decode(fragment)[0]["actions"])]
    assert "deal of the day" in page.inner_text(".share-panel")
    axe("the share panel")
    screen_shot(page, "daily-share-en")

    # another device: the deal is not played there, so it is offered first; then the friend's hand
    other = open_page(browser, site, fragment)
    try:
        other.wait_for_selector('[data-act="daily:show"]', timeout=30_000)
        Axe(other)("the offer")
        other.wait_for_function("() => document.activeElement && document.activeElement.dataset.act === 'daily:play'")
        other.keyboard.press("Tab")
        other.keyboard.press("Enter")   # See their hand now
        other.wait_for_selector(".shared-note", timeout=30_000)
        note = other.inner_text(".shared-note")
        assert "replayed from its moves" in note and f"{score:+d}".replace("-", "\u2212").replace("+0", "0") in note
        before = stored(other)
        acts = share.decode(fragment)[0]["actions"]
        for bad in ("#hand=1.AAAA" + fragment[12:],                 # damaged
                    share.PREFIX + "1." + "A" * 300,                 # garbage
                    "#hand=7.abc"):                                  # a later version's
            other.evaluate("h => { location.hash = h; }", bad)
            other.wait_for_selector(".notice:has-text('cannot be opened')", timeout=30_000)
            assert stored(other) == before
        changed = dict(share.decode(fragment)[0], actions=acts[:3] + [acts[4], acts[3]] + acts[5:])
        import base64
        import zlib
        forged = "#hand=1." + base64.urlsafe_b64encode(zlib.compress(json.dumps(changed).encode())).decode().rstrip("=")
        other.evaluate("h => { location.hash = '#home'; location.hash = h; }", forged)
        other.wait_for_selector(".notice:has-text('not the moves of a game')", timeout=30_000)
        assert stored(other) == before
        other.click('[data-act="daily:spades"]')   # then this device plays the deal: its own attempt
        other.wait_for_selector(".table", timeout=30_000)
        assert f"spades:{date}" in json.loads(stored(other)["cardtable/v1/daily"])
    finally:
        other.context.close()

    page.click('.hand-summary [data-act="share:close"]')
    page.click('.hand-summary [data-act="next-hand"]')
    page.evaluate("location.hash = '#stats'")
    page.wait_for_selector("#stats-daily")
    assert "Days played: 1 · streak: 1" in page.inner_text(".stats-page")

    # in French, on a big screen: home's tile, Statistics
    page.set_viewport_size({"width": 1280, "height": 800})
    page.evaluate("location.hash = '#home'")
    page.click('[data-act="lang:fr"]')
    page.wait_for_selector(".tile-daily:has-text('Donne du jour')")
    assert "jouée\u202f:" in page.inner_text('[data-act="daily:spades"]')
    axe("home in French")
    screen_shot(page, "daily-tile-fr")
    assert not axe.problems, axe.problems


def test_a_friends_deal_of_the_day_is_played_first_then_their_hand_shown(browser, site):
    """A friend's link to today's deal, opened on a device whose own attempt is one card from the end
    of the hand: *Play it first* reopens the attempt, the last cards are played, the summary offers
    *See your friend's hand*, which opens the friend's hand in Review with the score its moves make,
    the friend named "Your friend" (their record says "You")."""
    page = open_page(browser, site, "", viewport={"width": 360, "height": 740})
    try:
        date = page.evaluate(TODAY_JS)
        friend = new_game(daily.record_of("spades", datetime.date.fromisoformat(date), ["You", "Ben", "Chloé"]))
        n = 0
        while friend.view("p0", history=False)["hand_number"] == 0:
            friend.apply(bots.choose_action("dummy-spades", friend.view(friend.to_act), "strong" if n % 2 else "casual",
                                            seed=n))
            n += 1
        fragment = share.encode(friend.to_record())
        page.evaluate("items => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }",
                      near_the_end(date))
        page.reload()
        wait_ready(page)
        page.evaluate("h => { location.hash = h; }", fragment)
        page.click('[data-act="daily:play"]')
        while not page.locator(".hand-summary").count():   # the last cards of this device's attempt
            page.wait_for_selector(f"{PLAYABLE}, .hand-summary", timeout=30_000)
            if page.locator(".hand-summary").count():
                break
            page.locator(PLAYABLE).first.click()
        page.click('[data-act="daily:friend"]')
        page.wait_for_selector(".shared-note", timeout=30_000)
        note = page.inner_text(".shared-note")
        score = f"{daily.hand_score(share.decode(fragment)[1]):+d}".replace("-", "\u2212").replace("+0", "0")
        assert "replayed from its moves" in note and "Your friend" in note and score in note and "You " not in note
        screen_shot(page, "daily-friend-after-play-en")
        assert page.watch.console_errors == [] and page.watch.page_errors == []
    finally:
        page.context.close()
