"""Issue #17's options started from the new-game form, in real Chromium, on a phone (360×740).

One page per test: a whole hand of Mirror Dummy Spades (with the 110 bag penalty) and then a whole
hand of Suicide with the browser's text at 200% (issue #25: a phone with very large text), each by
one person against two computers, started from the form with the option
chosen; the saved record holds the option, the hand ends with its summary naming the rules, and the
exported record replays with ``python -m cardtable replay``.  In Mirror no bid panel ever shows; in
Suicide the bid panel enables only the legal bids (no side bid under 4, confirm only with one nil).
A second test starts two-player Seep from the form.  Screenshots go to test-artifacts/.

The pace is "fast" (stored settings); a finished trick held on the table is collected by a tap, and
Playwright's click waits for a hand-off button's guard time, so nothing here depends on timing.
"""

from __future__ import annotations

import pytest

from conftest import take_device, current_record, export_and_replay, screenshot, wait_ready
from test_browser_phone import LAYOUT
from test_browser_screens import text_size

pytestmark = pytest.mark.browser
pytest.importorskip("cardtable.games.dummy_spades")

FAST = "localStorage.setItem('cardtable/v1/settings', JSON.stringify({speed: 'fast'}));"
ANY_STATE = """() => { const s = document.documentElement.dataset.screen;
    return s === 'summary' || s === 'handoff' || !!document.querySelector('.table.collecting')
        || !!document.querySelector('.bid-panel, .action-panel button.card.playable, .my-hand.turn button.card.playable'); }"""


def open_form(page, url, game: str) -> None:
    page.goto(url)
    wait_ready(page)
    page.click(f'[data-act="new:{game}"]')
    page.wait_for_selector("#new-game")


def start_spades(page, url, seed: int, selects: dict) -> None:
    """The new-game form with two computer seats and the options in ``selects``."""
    open_form(page, url, "dummy-spades")
    page.select_option("#ng-kind-1", "casual")
    page.select_option("#ng-kind-2", "casual")
    for selector, value in selects.items():
        page.select_option(selector, value)
    page.fill("#ng-seed", str(seed))
    screenshot(page, f"variants-form-{selects['#ng-bidding']}")
    assert page.evaluate("document.documentElement.scrollWidth - innerWidth") <= 0
    page.click('[data-act="start"]')


def fits(page) -> None:
    """A person's turn on the phone: the whole hand and every control to act are in view."""
    lay = page.evaluate(LAYOUT)
    assert lay["overflow"] <= 0 and lay["hand"] == [] and lay["panel"] == [], lay


def suicide_bid(page) -> None:
    """Only the legal bids are enabled: no side bid under 4, confirm only once one nil is named."""
    panel = page.locator(".bid-panel")
    assert "one nil, side bid 4 or more" in panel.inner_text()
    for n in range(14):
        assert page.locator(f'[data-act="ui:bid:{n}"]').is_disabled() == (n < 4)
    assert page.locator('[data-act="ui:confirm-bid"]').is_disabled()
    page.click('[data-act="ui:bid:4"]')
    assert page.locator('[data-act="ui:confirm-bid"]').is_disabled()   # no nil yet
    page.click('[data-act="ui:nil:dummy"]')
    page.click('[data-act="ui:nil:p0"]')                               # one nil: it replaces the dummy's
    assert page.locator('.switch[aria-checked="true"]').count() == 1
    screenshot(page, "variants-suicide-bid")
    fits(page)
    page.click('[data-act="ui:confirm-bid"]')


def play_hand(page, bidding: str) -> dict:
    """Play until the end-of-hand summary; the person plays the first playable card."""
    seen = {"bid": 0, "play": 0}
    for _ in range(200):
        page.wait_for_function(ANY_STATE, timeout=60_000)
        screen = page.get_attribute("html", "data-screen")
        if screen == "summary":
            return seen
        if screen == "handoff":
            take_device(page)
            continue
        if page.locator(".table.collecting").count():
            page.evaluate("() => { const t = document.querySelector('.table.collecting .trick'); if (t) t.click(); }")
            continue
        if page.locator(".bid-panel").count():
            assert bidding == "suicide", "a bid panel in Mirror"
            seen["bid"] += 1
            suicide_bid(page)
            continue
        if seen["play"] == 0:
            screenshot(page, f"variants-{bidding}-table")
            fits(page)
            if bidding == "mirror":   # deal 12: Ana leads before the dummy is turned up; Chloé declares
                assert "♠" in page.locator(".my-info").inner_text()   # the automatic bid: spades held
                assert page.locator(".mirror-note").inner_text() == ("Mirror: on the chips, 3♠ is the spades a player holds "
                                                                     "and the contract his side's spades together. Chloé declares.")
                assert "contract ?" in page.locator('[data-key="seat:p2"]').inner_text()   # waits for the dummy
        seen["play"] += 1
        page.locator(".action-panel button.card.playable, .my-hand.turn button.card.playable").first.click()
    raise AssertionError("the hand did not end")


def test_mirror_and_suicide_hands_from_the_form(watched_page, site, tmp_path):
    page = watched_page
    page.set_viewport_size({"width": 360, "height": 740})
    page.add_init_script(FAST)
    cases = {"mirror": ({"#ng-bidding": "mirror", "#ng-bag-penalty": "110"}, {"bidding": "mirror", "bag_penalty": 110},
                        "Mirror bidding · Bags: 110 per ten, bags lost"),
             "suicide": ({"#ng-bidding": "suicide"}, {"bidding": "suicide"}, "Suicide bidding")}
    for bidding, (selects, options, words) in cases.items():
        if bidding == "suicide":
            text_size(page, 200)   # the browser's text size at 200%: the second hand on a phone with very large text
        start_spades(page, site.url, 12, selects)
        page.wait_for_selector(".table")
        record = current_record(page)
        assert {k: record["options"].get(k) for k in options} == options
        assert "bag_penalty" in record["options"] or "bag_penalty" not in options
        seen = play_hand(page, bidding)
        assert seen["play"] >= 10 and seen["bid"] == (1 if bidding == "suicide" else 0)
        summary = page.locator(".hand-summary")
        assert summary.is_visible() and words in summary.inner_text()
        screenshot(page, f"variants-{bidding}-summary")
        exported, replayed = export_and_replay(page, tmp_path)
        assert {k: exported["options"].get(k) for k in options} == options
        assert len(replayed["hands"]) == 1
        entry = replayed["hands"][0]
        if bidding == "suicide":   # every bid names exactly one nil, the side bid at least 4
            bids = [a for a in exported["actions"] if a.startswith("bid ")]
            assert len(bids) == 3 and all(int(a.split()[1]) >= 4 and "," not in a.split()[3] for a in bids)
        else:                      # no bid actions: the bids are the spades each one held
            assert not any(a.startswith("bid ") for a in exported["actions"])
        assert set(entry["bids"]) == {"p0", "p1", "p2"}
    page.watch.assert_clean()


def test_two_player_seep_from_the_form(watched_page, site):
    page = watched_page
    page.set_viewport_size({"width": 360, "height": 740})
    page.add_init_script(FAST)
    open_form(page, site.url, "seep")
    page.fill("#ng-name-0", "Zoé")
    page.select_option("#ng-seats", "2")
    assert page.locator('[id^="ng-name-"]').count() == 2
    assert page.input_value("#ng-name-0") == "Zoé"        # a typed name survives the redraw
    page.select_option("#ng-first-sweep", "50")
    page.select_option("#ng-majority-tie", "split")
    page.fill("#ng-seed", "11")
    screenshot(page, "variants-form-seep-two")
    page.locator("#ng-first-sweep").scroll_into_view_if_needed()
    screenshot(page, "variants-form-seep-two-house-rules")
    assert page.evaluate("document.documentElement.scrollWidth - innerWidth") <= 0
    page.click('[data-act="start"]')
    page.wait_for_selector("html[data-screen=handoff], .seep.table")
    record = current_record(page)
    assert record["players"] == ["Zoé", "Ben"]
    assert {k: record["options"].get(k) for k in ("seats", "first_sweep", "majority_tie")} == \
        {"seats": 2, "first_sweep": 50, "majority_tie": "split"}
    if page.locator("html[data-screen=handoff]").count():
        take_device(page)
    page.wait_for_selector(".seep.table")
    assert page.locator(".seep-seats .seat").count() == 1   # the one other seat: two seats in all
    screenshot(page, "variants-seep-two-table")
    page.watch.assert_clean()
