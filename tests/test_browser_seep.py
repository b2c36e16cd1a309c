"""Seep played in real Chromium through the UI by four people around one device."""

import pytest

from cardtable.record import replay
from conftest import (export_and_replay, current_record, dom_cards, reload_and_resume, screenshot, seep_visible,
                      start_from_form)
from csp import csp_violations, watch_csp

pytestmark = pytest.mark.browser
pytest.importorskip("cardtable.games.seep")

NAMES = ("Ana", "Ben", "Chloé", "Dev")




def check_privacy(page) -> str:
    """At a hand-off no card at all; at a turn only what the engine lets that seat see."""
    if page.locator("html[data-screen=handoff]").count():
        assert dom_cards(page) == []
        assert " of spades" not in page.locator("#app").inner_html()
        return "handoff"
    viewer = page.get_attribute(".table", "data-viewer")
    view = replay(current_record(page)).view(viewer)
    shown = set(dom_cards(page))
    assert shown <= seep_visible(view), shown - seep_visible(view)
    assert set(view["hand"]) <= shown
    return viewer


def start_game(page, url, seed, preset=None):
    start_from_form(page, url, "seep", seed, NAMES, {"#ng-preset": preset})


def take_turn(page) -> str:
    """Whoever is shown acts: tap through a hand-off, bid, or pick cards until a move is offered."""
    if page.locator("html[data-screen=handoff]").count():
        page.click('[data-act="ready"]')
        return "ready"
    if page.locator(".bid-panel").count():
        page.locator('.bid-panel [data-act^="move:"]').first.click()
        return "bid"
    n = page.locator(".hand-cards button.card").count()
    for i in range(n):
        page.locator(".hand-cards button.card").nth(i).click()
        if page.locator(".move-panel .btn.offer").count():
            page.locator(".move-panel .btn.offer").first.click()
            return "play"
    raise AssertionError("no card of the hand was offered a move")


def ready(page):
    if page.locator("html[data-screen=handoff]").count():
        page.click('[data-act="ready"]')


def do_move(page, action: str) -> None:
    """Compose ``action`` by touch: the hand card, then its floor cards or house, then the offer."""
    ready(page)
    w = action.split()
    if w[0] in ("build", "cement", "raise"):
        card, house, loose = w[2], (int(w[1]) if w[0] != "build" else None), w[3:]
    else:
        card, house, loose = w[1], None, w[2:]
    page.click(f'.hand-cards [data-card="{card}"]')
    if house is not None:
        page.click(f'.floor [data-act="ui:house:{house}"]')
    for c in loose:
        page.click(f'.floor .loose-cards [data-card="{c}"]')
    page.click(f'.move-panel [data-key="do:{action}"]')
    assert current_record(page)["actions"][-1] == action


def test_a_whole_hand_of_four_people_matches_replay_of_the_export(watched_page, site, tmp_path):
    """...played under the page's Content-Security-Policy, which must see no violation."""
    page = watched_page
    watch_csp(page)
    start_game(page, site.url, seed=2024)
    seen, handoffs = set(), 0
    for _ in range(300):
        if page.locator(".hand-summary").count():
            break
        who = check_privacy(page)
        handoffs += who == "handoff"
        seen.add(who)
        take_turn(page)
    assert page.locator(".hand-summary").count() == 1
    assert {"p0", "p1", "p2", "p3", "handoff"} <= seen and handoffs >= 40
    screenshot(page, "seep-hand-summary")
    shown = {row.get_attribute("data-team"): int(row.locator("td.pts").inner_text())
             for row in page.locator(".hand-summary table.summary tbody tr").all()}
    record, result = export_and_replay(page, tmp_path)
    assert len(result["hands"]) == 1
    assert shown == result["hands"][0]["score"]
    totals = page.locator(".hand-summary .totals-line").inner_text()
    assert f"Team A {result['totals']['p0p2']}" in totals and f"Team B {result['totals']['p1p3']}" in totals
    left = result["hands"][0]["leftover"]
    if left["cards"]:
        assert "went to Team " + {"p0p2": "A", "p1p3": "B"}[left["team"]] in page.locator(".hand-summary").inner_text()
    page.click('.hand-summary [data-act="next-hand"]')
    assert page.locator(".hand-summary").count() == 0
    # the log tells the hand in words
    ready(page)
    page.click('[data-act="ui:panel:log"]')
    log = page.locator(".panel.log").inner_text()
    assert "bids" in log and "Hand over: Team A" in log
    page.watch.assert_clean()
    assert csp_violations(page) == []


def test_build_raise_cement_capture_by_touch_and_an_illegal_attempt(watched_page, site):
    page = watched_page
    start_game(page, site.url, seed=5)
    ready(page)
    # the bid: only values the bidder holds are offered
    bids = page.eval_on_selector_all('.bid-panel [data-act^="move:bid"]', "els => els.map(e => e.dataset.act)")
    view = replay(current_record(page)).view(page.get_attribute(".table", "data-viewer"))
    assert sorted(bids) == sorted(f"move:{a}" for a in view["legal"])
    page.click('[data-act="move:bid 10"]')
    # the first play: 2C alone may build (offered), but may not be thrown (refused, with the rule)
    page.click('.hand-cards [data-card="2C"]')
    assert page.locator('.move-panel [data-key="do:build 10 2C AS 7C"]').count() == 1
    assert page.locator('.move-panel [data-key="do:throw 2C"]').count() == 0
    assert ("your first play must build a 10-house, capture with a 10 or throw a 10"
            in page.locator(".move-panel .refused").inner_text())
    page.click('[data-act="ui:clear"]')
    do_move(page, "build 10 2C AS 7C")
    ready(page)
    house = page.locator('.floor .house[data-house="10"]')
    assert "10" in house.locator(".house-value").inner_text() and "ordinary" in house.inner_text().lower()
    assert "Ben" in house.locator(".house-owners").inner_text()
    do_move(page, "raise 10 2D")
    ready(page)
    house = page.locator('.floor .house[data-house="12"]')
    assert house.count() == 1 and page.locator('.floor .house[data-house="10"]').count() == 0
    assert house.locator(".house-owners").inner_text() == "Chloé"
    do_move(page, "cement 12 AH 5S 6C")
    ready(page)
    house = page.locator('.floor .house[data-house="12"]')
    assert "cemented" in house.locator(".house-kind").inner_text().lower()
    assert house.locator(".house-owners").inner_text() == "Chloé and Dev"
    assert set(house.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)")) == {
        "2C", "AS", "7C", "2D", "AH", "5S", "6C"}
    screenshot(page, "seep-cemented-house")
    # a cemented house cannot be raised: said in the rules' words
    viewer = page.get_attribute(".table", "data-viewer")
    game = replay(current_record(page))
    small = next((c for c in game.view(viewer)["hand"] if game.check(f"raise 12 {c}")), None)
    if small:
        page.click(f'.hand-cards [data-card="{small}"]')
        page.click('.floor [data-act="ui:house:12"]')
        assert game.check(f"raise 12 {small}") in page.locator(".move-panel .refused").inner_text()
        page.click('[data-act="ui:clear"]')
    do_move(page, "capture QD")
    ready(page)
    assert page.locator(".floor .house").count() == 0
    assert "captures the 12-house with Q♦" in page.locator(".status .last-log").inner_text()
    # the illegal throw of a card that can capture, wherever it first comes up
    for _ in range(60):
        ready(page)
        viewer = page.get_attribute(".table", "data-viewer")
        game = replay(current_record(page))
        bad = next((c for c in game.view(viewer)["hand"] if "cannot be thrown" in (game.check(f"throw {c}") or "")), None)
        if bad:
            page.click(f'.hand-cards [data-card="{bad}"]')
            why = page.locator(".move-panel .refused").inner_text()
            assert "that can capture cannot be thrown" in why
            assert page.locator(f'.move-panel [data-key="do:throw {bad}"]').count() == 0
            screenshot(page, "seep-illegal-throw")
            break
        take_turn(page)
    else:
        pytest.fail("no chance to try an illegal throw")
    # reload mid-hand: the same position comes back, behind a hand-off
    page.click('[data-act="ui:clear"]')
    reload_and_resume(page)
    check_privacy(page)
    page.watch.assert_clean()


def test_table_screenshots_and_keyboard_play(page, site):
    page.set_viewport_size({"width": 360, "height": 740})
    start_game(page, site.url, seed=5)
    page.wait_for_selector('[data-act="ready"]:not([disabled])')  # it ignores taps for a moment
    page.wait_for_function("document.activeElement && document.activeElement.dataset.act === 'ready'")
    page.keyboard.press("Enter")  # the hand-off button has the focus
    first = page.locator(".hand-cards button.card").first
    assert " of " in first.get_attribute("aria-label")
    page.focus('[data-act="move:bid 10"]')
    page.keyboard.press("Enter")
    assert current_record(page)["actions"] == ["bid 10"]
    # compose the first play with the keyboard alone
    page.focus('.hand-cards [data-card="2C"]')
    page.keyboard.press("Enter")
    page.focus('.floor [data-card="AS"]')
    page.keyboard.press("Enter")
    page.focus('.floor [data-card="7C"]')
    page.keyboard.press("Enter")
    for name, size in (("phone", {"width": 360, "height": 740}), ("desktop", {"width": 1280, "height": 800})):
        page.set_viewport_size(size)
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
        screenshot(page, f"seep-compose-{name}")
    page.focus('.move-panel [data-key="do:build 10 2C AS 7C"]')
    page.keyboard.press("Enter")
    assert current_record(page)["actions"][-1] == "build 10 2C AS 7C"
    for action in ("raise 10 2D", "cement 12 AH 5S 6C"):
        do_move(page, action)
    ready(page)
    for name, size in (("phone", {"width": 360, "height": 740}), ("desktop", {"width": 1280, "height": 800})):
        page.set_viewport_size(size)
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
        screenshot(page, f"seep-table-{name}")
    page.click('[data-act="ui:panel:sheet"]')
    page.locator(".panel.sheet").scroll_into_view_if_needed()
    screenshot(page, "seep-sheet-desktop")
    page.set_viewport_size({"width": 360, "height": 740})
    page.locator(".panel.sheet").scroll_into_view_if_needed()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    screenshot(page, "seep-sheet-phone")
