"""Dummy Spades on three devices in real Chromium (issues #28, #45): the host and two guests, each
page the built app in French in a browser context of its own on loopback, the guests on 320×640
phones, joined by links and answers as in ``test_browser_remote.py`` (the second guest's first
join is lost on the way: it asks again); a whole hand of Three Peeky is played by touch on the
three pages (each bidder peeks at dummy slots on its own phone, the declarer plays from the dummy),
to the end-of-hand summary, the same on the three.  After every move, no page holds or has drawn
since the last move a card its seat may not see (a peeked card only on the peeker's).  A file of
its own so that it runs beside the two-device Seep hand (``--dist loadfile``)."""

from __future__ import annotations

import pytest

from cardtable.record import replay
from conftest import current_record, screen_shot, spades_visible
from test_browser_remote import LOSE_JOIN, WAIT_MS, Privacy, connect, device, start_table, summary_scores, to_table, \
    wait_saved, webrtc_browser  # noqa: F401 (a fixture)
from test_browser_remote_undo import FRENCH
from test_browser_screens import PEEKS, STATE as SPADES_STATE

pytestmark = pytest.mark.browser
TABLE = ".spades.table"


def collect(page) -> None:
    """A finished trick still shown on a page is collected (tapped)."""
    page.evaluate("() => { const t = document.querySelector('.table.collecting .trick'); if (t) t.click(); }")


def test_a_three_peeky_hand_on_three_devices_in_french_on_small_phones(webrtc_browser, site):
    """The host plays seat 1, two guests seats 2 and 3 (each by its own link and answer, on a
    320×640 phone); the bids, the peeks and the thirteen tricks are played by touch on the three
    pages, the trick held on each."""
    host = device(webrtc_browser, site, init=FRENCH)
    start_table(host, "dummy-spades", ("Ana", "Ben", "Cy"), {1: "remote", 2: "remote"}, 7,
                selects={"#ng-variant": "three-peeky"})
    pages = {"p0": host}
    for seat in ("p1", "p2"):
        # the second guest's first join is lost on the way: it asks again and takes its seat
        pages[seat] = device(webrtc_browser, site, width=320, height=640,
                             init=FRENCH + (LOSE_JOIN if seat == "p2" else ""))
        # (the first guest waits for the second: the first deal is made from both devices' values)
        connect(host, pages[seat], site, seat, TABLE if seat == "p2" else '.remote-status[data-status="waiting"]')
    assert [len(pages[s].evaluate("() => __wire.lost")) for s in ("p1", "p2")] == [0, 1]
    sent = pages["p2"].evaluate("() => __wire.sent.map(m => JSON.parse(m.text).type)")
    assert sent.count("join") >= 1 and host.errors == []   # (once more for each 3 s with no answer)
    to_table(host, TABLE)
    assert {page.evaluate("document.documentElement.lang") for page in pages.values()} == {"fr"}
    privacy = Privacy(host, {page: (seat,) for seat, page in pages.items()}, visible=spades_visible)
    moves, peeks, dummy, first = 0, 0, 0, replay(current_record(host)).hand_number
    for _ in range(400):
        game = privacy.check()
        if game.hand_number != first or game.over:
            break
        page = pages[game.to_act]
        page.wait_for_function(f"() => ({SPADES_STATE})() !== ''", timeout=WAIT_MS)
        state = page.evaluate(SPADES_STATE)
        n = game.action_count
        if state == "bid":
            page.click('[data-act="ui:bid:3"]')
            page.click('[data-act="ui:confirm-bid"]')
        elif state == "slots":   # each peek on the peeker's own phone
            for slot in PEEKS[peeks]:
                page.click(f'[data-act="ui:slot:{slot}"]')
            page.click('[data-act="ui:confirm-peek"]')
            peeks += 1
            if peeks == 2:
                screen_shot(page, "remote-spades-peek-fr-320x640")
        elif state == "reveal":
            page.click('[data-key="reveal-done"]')
            continue
        elif state == "dummy":
            page.locator(".dummy-panel button.card.playable").first.click()
            dummy += 1
        elif state == "play":
            page.locator(".my-hand.turn button.card.playable").first.click()
        else:
            collect(page)
            continue
        moves += 1
        wait_saved(host, n)
        if moves == 20:
            screen_shot(pages["p2"], "remote-spades-guest-fr-320x640")
    else:
        raise AssertionError(f"the hand did not end ({moves} moves)")
    # every page shows the end of the hand, with the same scores (its sentences say "you" to each)
    for page in pages.values():
        collect(page)
    texts = {seat: summary_scores(page) for seat, page in pages.items()}
    assert texts["p0"] == texts["p1"] == texts["p2"], texts
    assert "Ana" in texts["p0"] and "Totaux" in texts["p0"]
    screen_shot(pages["p1"], "remote-spades-guest-summary-fr-320x640")
    assert peeks == 3 and dummy >= 1 and moves >= 3 + 3 + 52 and privacy.checks > moves
    assert all(len(cards) > 13 for cards in privacy.drawn.values())
    assert all(page.errors == [] for page in pages.values())
