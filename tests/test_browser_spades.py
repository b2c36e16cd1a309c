"""Dummy Spades played in real Chromium through the UI, as people around one device would."""

import json

import pytest

from cardtable.record import replay
from conftest import (take_device, export_and_replay, current_record, dom_cards, reload_and_resume, saved_records, screenshot,
                      settle, snapshot, store_ask, store_get, spades_visible, start_from_form, wait_ready)
from csp import csp_violations, watch_csp

pytestmark = pytest.mark.browser
pytest.importorskip("cardtable.games.dummy_spades")





def check_privacy(page) -> str:
    """At a hand-off and at the end-of-hand summary no card at all; at a turn only what the engine
    lets that seat see (read in one snapshot: a finished trick's timer may change the screen)."""
    snap = snapshot(page)
    if snap["screen"] in ("handoff", "summary"):
        assert snap["cards"] == []
        assert "of spades" not in page.locator("#app").inner_html() or snapshot(page)["screen"] != snap["screen"]
        return snap["screen"]
    viewer = snap["viewer"]
    view = replay(current_record(page)).view(viewer)
    visible = spades_visible(view)
    shown = set(snap["cards"])
    assert shown <= visible, shown - visible
    if snap["hand_over"]:  # the last trick of a hand, before the summary: none of the next hand
        assert snap["hand"] == []
        return viewer
    assert set(view["hand"]) <= shown  # the seat's own hand is there
    return viewer


def start_game(page, url, seed, names=("Ana", "Ben", "Chloé"), variant=None):
    start_from_form(page, url, "dummy-spades", seed, names, {"#ng-variant": variant})


STATE = """() => {
    if (document.documentElement.dataset.screen === 'handoff') return 'handoff';
    if (document.documentElement.dataset.screen === 'summary') return 'summary';
    if (document.querySelector('.table.collecting')) return 'collect';
    if (document.querySelector('.bid-panel')) return 'bid';
    if (document.querySelector('button.card.playable')) return 'play';
    return '';
}"""


# a finished trick as it stays once its cards have gone to the winner (hidden there until it is
# collected; the move taken to its end at once): the screen audit on the table then
GATHERED = """() => {
    for (const c of document.querySelectorAll('#app .trick .card.played')) for (const a of c.getAnimations()) a.finish();
    window.__auditNow();
}"""


def take_turn(page, bid=None):
    """Whoever is shown acts: tap through a hand-off, collect a trick, bid, or play the first legal card."""
    page.wait_for_function(STATE, timeout=30_000)
    state = page.evaluate(STATE)
    if state == "handoff":
        take_device(page)
    elif state == "collect":
        page.evaluate(GATHERED)
        settle(page)
    elif state == "bid":
        page.click(f'[data-act="ui:bid:{bid if bid is not None else 3}"]')
        page.click('[data-act="ui:confirm-bid"]')
    elif state == "play":
        page.locator("button.card.playable").first.click()
    return state


def test_a_whole_hand_of_three_people_matches_replay_of_the_export(watched_page, site, tmp_path):
    """...played under the page's Content-Security-Policy, which must see no violation."""
    page = watched_page
    watch_csp(page)
    start_game(page, site.url, seed=2024)
    seen = set()
    handoffs = 0
    for _ in range(400):
        if page.locator(".hand-summary").count():
            break
        who = check_privacy(page)
        handoffs += who == "handoff"
        seen.add(who)
        take_turn(page, bid={0: 4, 1: 6, 2: 3}[len([1 for a in current_record(page)["actions"] if a.startswith("bid")]) % 3])
    assert page.locator(".hand-summary").count() == 1
    assert {"p0", "p1", "p2", "handoff"} <= seen and handoffs >= 3
    screenshot(page, "spades-hand-summary")
    shown = {}
    for row in page.locator(".hand-summary table.summary tbody tr").all():
        name = row.locator("th").inner_text().split()[0]
        shown[name] = int(row.locator("td.pts").inner_text())
    record, result = export_and_replay(page, tmp_path)
    assert len(result["hands"]) == 1
    players = record["players"]
    assert shown == {players[i]: result["hands"][0]["score"][f"p{i}"] for i in range(3)}
    totals = page.locator(".hand-summary .totals-line").inner_text()
    for i, name in enumerate(players):
        assert f"{name} {result['totals'][f'p{i}']}" in totals
    page.watch.assert_clean()
    assert csp_violations(page) == []


def test_reload_mid_hand_resumes_the_same_position(watched_page, site):
    page = watched_page
    start_game(page, site.url, seed=77)
    for _ in range(14):  # a hand-off or two, the bids and a few cards
        take_turn(page)
    while take_turn(page) in ("handoff", "collect"):  # on to a seat's turn (take_turn acts once more)
        pass
    page.wait_for_function(STATE)
    while page.evaluate(STATE) in ("handoff", "collect"):
        take_turn(page)
        page.wait_for_function(STATE)
    reload_and_resume(page)
    check_privacy(page)
    page.watch.assert_clean()


def test_a_corrupt_save_is_reported_and_another_save_still_opens(watched_page, site):
    page = watched_page
    start_game(page, site.url, seed=9)
    take_turn(page)
    take_turn(page)
    good = store_get(page, "cardtable/v1/last")
    page.evaluate("""() => {
        localStorage.setItem('cardtable/v1/game/broken', '{"format": "cardtable/1", "game": "dummy-spades", "seed": 1, "actions": ["bid 99"]}');
        localStorage.setItem('cardtable/v1/game/garbage', 'this is not json');
        localStorage.setItem('cardtable/v9/game/future', '{}');
    }""")
    page.reload()
    wait_ready(page)
    page.click('[data-act="nav:home"]')  # a reload comes back to the game: go home from there
    broken = page.locator('.save.broken')
    assert broken.count() == 3
    text = page.locator(".saves").inner_text()
    assert 'action 0 "bid 99"' in text and "not JSON" in text and "another version" in text
    screenshot(page, "spades-home-corrupt-save")
    page.click(f'[data-act="open:{good}"]')
    assert page.locator("html[data-screen=handoff], .table").count() >= 1
    # deleting asks first, and only the chosen entry goes
    page.click('[data-act="nav:home"]')
    page.click('[data-act="delete:garbage"]')
    assert page.get_by_role("dialog").is_visible()
    page.click('[data-act="cancel"]')
    assert "garbage" in saved_records(page)
    page.click('[data-act="delete:garbage"]')
    page.click('[data-act="confirm-delete:garbage"]')
    records = saved_records(page)
    assert "garbage" not in records and "broken" in records and good in records
    page.watch.assert_clean()


@pytest.mark.parametrize("size", [{"width": 360, "height": 740}, {"width": 1280, "height": 800}],
                         ids=["phone", "desktop"])
def test_table_screenshots_and_keyboard_play(page, site, size):
    page.set_viewport_size(size)
    start_game(page, site.url, seed=31)
    page.wait_for_selector('[data-act="ready"]:not([disabled])')  # it ignores taps for a moment
    page.wait_for_function("() => document.activeElement && document.activeElement.dataset.act === 'ready'")
    page.keyboard.press("Enter")  # the hand-off button has the focus
    assert page.locator(".table").count() == 1
    # cards are buttons with names like "Queen of spades"
    first = page.locator(".hand-cards button.card").first
    assert " of " in first.get_attribute("aria-label")
    # bid with the keyboard alone: Tab to a bid chip, Enter, then the confirm button
    page.focus('[data-act="ui:bid:5"]')
    page.keyboard.press("Enter")
    page.focus('[data-act="ui:confirm-bid"]')
    page.keyboard.press("Enter")
    assert "bid 5" in current_record(page)["actions"][0]
    name = "phone" if size["width"] < 500 else "desktop"
    screenshot(page, f"spades-table-{name}")
    for _ in range(40):  # on to a trick in progress, with the dummy face up
        take_turn(page)
        if page.locator(".table.phase-play .spot:not(.empty)").count() >= 2:
            break
    # the dummy face up: on its chip, or full size in the panel when the declarer plays from it
    assert page.locator(".seat.dummy .suit-rows, .dummy-panel .dummy-cards").count() == 1
    screenshot(page, f"spades-play-{name}")


def test_a_full_storage_quota_shows_a_message_and_the_game_goes_on(watched_page, site):
    page = watched_page
    start_game(page, site.url, seed=5)
    take_turn(page)  # the hand-off
    take_turn(page)  # a bid, saved
    saved = current_record(page)
    store_ask(page, "room", 0)   # the store has no room left: a write that grows it throws
    for _ in range(3):
        take_turn(page)
        if page.locator(".banner").count():
            break
    assert "Storage is full" in page.locator(".banner").inner_text()
    # the game went on: later moves still appear, and the last good save is intact
    take_turn(page)
    assert current_record(page) == saved
    assert page.locator(".table, html[data-screen=handoff]").count() >= 1
    page.watch.assert_clean()


def record_one_move_before_the_end() -> tuple[dict, str]:
    """A record (made in CPython with random legal play) whose next action ends the game."""
    import random

    from cardtable.record import new_game

    rng = random.Random(3)
    rec = {"format": "cardtable/1", "game": "dummy-spades", "players": ["Ana", "Ben", "Chloé"], "seed": 11,
           "options": {"target": 300, "variant": "no-peeky", "losing_limit": -200}}
    game = new_game(rec)
    while True:
        action = rng.choice(game.legal_actions())
        probe = replay({**rec, "actions": game.actions + [action]})
        if probe.over:
            return {**rec, "actions": list(game.actions)}, action
        game.apply(action)


def test_import_a_record_and_finish_the_game(watched_page, site):
    page = watched_page
    rec, last = record_one_move_before_the_end()
    page.goto(site.url)
    wait_ready(page)
    page.set_input_files("#import-file", files=[{"name": "nearly-over.json", "mimeType": "application/json",
                                                  "buffer": json.dumps(rec).encode()}])
    page.wait_for_selector("html[data-screen=handoff]")
    take_device(page)
    page.click(f'[data-act="move:{last}"]')
    page.wait_for_selector(".hand-summary")
    page.click('.hand-summary [data-act="next-hand"]')
    over = page.locator(".game-over")
    winner = replay({**rec, "actions": rec["actions"] + [last]}).summary()["winner"]
    assert f"{rec['players'][int(winner[1])]} wins" in over.inner_text()
    screenshot(page, "spades-game-over")
    page.click('[data-act="play-again"]')
    page.wait_for_selector("html[data-screen=handoff]")
    fresh = current_record(page)
    assert fresh["actions"] == [] and fresh["players"] == rec["players"] and fresh["options"] == rec["options"]
    # a broken file is refused with its reason, and nothing saved is lost
    page.click('[data-act="nav:home"]')
    before = saved_records(page)
    page.set_input_files("#import-file", files=[{"name": "bad.json", "mimeType": "application/json",
                                                  "buffer": b'{"format": "cardtable/1", "game": "dummy-spades", "seed": 1, "actions": ["play ZZ"]}'}])
    page.wait_for_selector(".notice")
    assert 'bad.json is not a game Card Table can open: action 0 "play ZZ"' in page.locator(".notice").inner_text()
    assert saved_records(page) == before
    page.watch.assert_clean()


def test_peeked_dummy_cards_are_shown_only_to_the_peeker(watched_page, site):
    page = watched_page
    start_game(page, site.url, seed=8, variant="three-peeky")
    take_device(page)
    peeker = page.get_attribute(".table", "data-viewer")
    assert dom_cards(page) == replay(current_record(page)).view(peeker)["hand"] or set(dom_cards(page)) == set(
        replay(current_record(page)).view(peeker)["hand"])
    for slot in (1, 5, 9):
        page.click(f'[data-act="ui:slot:{slot}"]')
    page.click('[data-act="ui:confirm-peek"]')
    assert current_record(page)["actions"] == ["peek 1 5 9"]
    game = replay(current_record(page))
    seen = {c for c in game.view(peeker)["dummy_slots"] if c}
    assert len(seen) == 3
    # the peeker sees the peeked cards at once, then hides them before the hand-off
    assert seen <= set(page.eval_on_selector_all(".reveal-panel [data-card]", "els => els.map(e => e.dataset.card)"))
    page.click('[data-act="release"]')
    # the next player is handed the device and sees none of the peeked cards
    assert page.locator("html[data-screen=handoff]").count() == 1 and dom_cards(page) == []
    take_device(page)
    other = page.get_attribute(".table", "data-viewer")
    assert other != peeker
    assert not (set(dom_cards(page)) & seen - set(game.view(other)["hand"]))
    # which slots were picked is public: the other player is told
    assert "peeked by" in page.locator(".seat.dummy").inner_html()
    check_privacy(page)
    page.watch.assert_clean()


def test_flipped_dummy_cards_are_shown_to_everyone_and_the_rules_page(watched_page, site):
    page = watched_page
    start_game(page, site.url, seed=12, variant="flip-2")
    take_device(page)
    for slot in (2, 7):
        page.click(f'[data-act="ui:slot:{slot}"]')
    page.click('[data-act="ui:confirm-flip"]')
    flipped = {c for c in replay(current_record(page)).view("p0")["dummy_slots"] if c}
    assert len(flipped) == 2
    take_device(page)
    assert flipped <= set(dom_cards(page))
    assert "turns up dummy slots 2 and 7" in page.locator(".status").inner_text()
    check_privacy(page)
    page.click('[data-act="nav:home"]')
    page.click('[data-act="rules:dummy-spades"]')
    page.wait_for_selector(".rules")
    rules = page.locator(".rules")
    assert rules.locator("h2").count() >= 5 and "nil" in rules.inner_text().lower()
    page.click('[data-act="nav:home"]')
    page.click('[data-act="rules:seep"]')
    page.wait_for_selector(".rules h1 >> text=Seep")
    assert "house" in page.locator(".rules").inner_text()
    page.watch.assert_clean()
