"""Dummy Spades on three devices in real Chromium (issue #28): the host and two guests, each page
the built app in a browser context of its own on loopback, joined by links and answers as in
``test_browser_remote.py`` (the second guest's first join is lost on the way: it asks again); a
whole hand is played by touch on the three pages, to the end-of-hand summary, the same on the
three.  After every move, no page holds or has drawn since the last move a card of another
person's hand.  A file of its own so that it runs beside the two-device Seep hand
(``--dist loadfile``)."""

from __future__ import annotations

import pytest

from cardtable.record import replay
from conftest import current_record, screen_shot, spades_visible
from test_browser_remote import LOSE_JOIN, WAIT_MS, Privacy, connect, device, start_table, summary_scores, to_table, \
    wait_saved, webrtc_browser  # noqa: F401 (a fixture)
from test_browser_spades import STATE as SPADES_STATE

pytestmark = pytest.mark.browser
TABLE = ".spades.table"


def collect(page) -> None:
    """A finished trick still shown on a page is collected (tapped)."""
    page.evaluate("() => { const t = document.querySelector('.table.collecting .trick'); if (t) t.click(); }")


def test_a_dummy_spades_hand_on_three_devices(webrtc_browser, site):
    """The host plays seat 1, two guests seats 2 and 3 (each by its own link and answer); the bids
    and the thirteen tricks are played by touch on the three pages, the trick held on each."""
    host = device(webrtc_browser, site)
    start_table(host, "dummy-spades", ("Ana", "Ben", "Cy"), {1: "remote", 2: "remote"}, 7)
    pages = {"p0": host}
    for seat in ("p1", "p2"):
        # the second guest's first join is lost on the way: it asks again and takes its seat
        pages[seat] = device(webrtc_browser, site, init=LOSE_JOIN if seat == "p2" else "")
        connect(host, pages[seat], site, seat, TABLE)
    assert [len(pages[s].evaluate("() => __wire.lost")) for s in ("p1", "p2")] == [0, 1]
    sent = pages["p2"].evaluate("() => __wire.sent.map(m => JSON.parse(m.text).type)")
    assert sent.count("join") >= 1 and host.errors == []   # (once more for each 3 s with no answer)
    to_table(host, TABLE)
    privacy = Privacy(host, {page: (seat,) for seat, page in pages.items()}, visible=spades_visible)
    moves, first = 0, replay(current_record(host)).hand_number
    for _ in range(400):
        game = privacy.check()
        if game.hand_number != first or game.over:
            break
        page = pages[game.to_act]
        page.wait_for_function(SPADES_STATE, timeout=WAIT_MS)
        state = page.evaluate(SPADES_STATE)
        n = game.action_count
        if state == "bid":
            page.click('[data-act="ui:bid:3"]')
            page.click('[data-act="ui:confirm-bid"]')
        elif state == "play":
            page.locator("button.card.playable").first.click()
        else:
            collect(page)
            continue
        moves += 1
        wait_saved(host, n)
        if moves == 20:
            screen_shot(pages["p2"], "remote-spades-guest-360x740")
    else:
        raise AssertionError(f"the hand did not end ({moves} moves)")
    # every page shows the end of the hand, with the same scores (its sentences say "you" to each)
    for page in pages.values():
        collect(page)
    texts = {seat: summary_scores(page) for seat, page in pages.items()}
    assert texts["p0"] == texts["p1"] == texts["p2"], texts
    assert "Ana" in texts["p0"] and "Totals" in texts["p0"]
    screen_shot(pages["p1"], "remote-spades-guest-summary-360x740")
    assert moves >= 3 + 52 and privacy.checks > moves
    assert all(len(cards) > 13 for cards in privacy.drawn.values())
    assert all(page.errors == [] for page in pages.values())
