"""Dummy Spades on three devices in real Chromium (issue #28): the host and two guests, each page
the built app in a browser context of its own on loopback, joined by links and answers as in
``test_browser_remote.py``; the bids and the first tricks are played by touch on the three pages.
A file of its own so that it runs beside the two-device Seep hand (``--dist loadfile``)."""

from __future__ import annotations

import pytest

from cardtable.record import replay
from conftest import current_record, dom_cards, screen_shot
from test_browser_remote import WAIT_MS, connect, device, webrtc_browser  # noqa: F401 (a fixture)
from test_browser_spades import STATE as SPADES_STATE

pytestmark = pytest.mark.browser



def recorded_moves(host) -> int:
    return len(current_record(host)["actions"])


def test_dummy_spades_on_three_devices_bids_and_first_tricks(webrtc_browser, site):
    """The host plays seat 1, two guests seats 2 and 3 (each by its own link and answer); the bids
    and the first two tricks are played by touch on the three pages, the trick held on each.  After
    every move no page holds a card of another person's hand."""
    host = device(webrtc_browser, site)
    host.click('[data-act="new:dummy-spades"]')
    for i, name in enumerate(("Ana", "Ben", "Cy")):
        host.fill(f"#ng-name-{i}", name)
    host.select_option("#ng-kind-1", "remote")
    host.select_option("#ng-kind-2", "remote")
    host.fill("#ng-seed", "7")
    host.click('[data-act="start"]')
    pages = {"p0": host}
    for seat in ("p1", "p2"):
        pages[seat] = device(webrtc_browser, site)
        connect(host, pages[seat], site, seat, ".spades.table")
    host.click('[data-act="remote-table"]')
    host.wait_for_selector(".spades.table")
    for _ in range(60):
        game = replay(current_record(host))
        for seat, page in pages.items():
            hidden = set().union(*(game.view(o)["hand"] for o in pages if o != seat)) - set(game.view(seat)["dummy"])
            assert not set(dom_cards(page)) & hidden, f"{seat}'s page holds another person's cards"
        if len(game.view("p0")["previous_tricks"] or game.view("p0")["tricks"]) >= 2 and game.phase == "play":
            break
        page = pages[game.to_act]
        page.wait_for_function(SPADES_STATE, timeout=WAIT_MS)
        state = page.evaluate(SPADES_STATE)
        n = recorded_moves(host)
        if state == "bid":
            page.click('[data-act="ui:bid:3"]')
            page.click('[data-act="ui:confirm-bid"]')
        elif state == "play":
            page.locator("button.card.playable").first.click()
        else:
            page.evaluate("() => { const t = document.querySelector('.table.collecting .trick'); if (t) t.click(); }")
            continue
        host.wait_for_function("n => JSON.parse(localStorage.getItem('cardtable/v1/game/' + "
                               "localStorage.getItem('cardtable/v1/last'))).actions.length > n",
                               arg=n, timeout=WAIT_MS)
    else:
        raise AssertionError("two tricks were not played")
    screen_shot(pages["p2"], "remote-spades-guest-360x740")
    assert all(page.errors == [] for page in pages.values())
