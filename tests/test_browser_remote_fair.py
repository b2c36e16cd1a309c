"""Deals no one can rig (issue #48), in real Chromium on two browser contexts: a Dummy Spades table
(Mirror bidding: the bids make themselves) whose host seats are computers and whose second seat is
a guest's device (in French).  While the first deal is played, the two devices commit to and reveal their
values for the second; once it is played out, the guest's page says « Donne vérifiée » (deal checked) above its
table, from the values it was told, and the host's record gives that deal as the seed of those
values deals it (recomputed here in CPython)."""

from __future__ import annotations

import json

import pytest

from cardtable.net.fair import dealt, seed
from conftest import current_record, screen_shot
from test_browser_remote import WAIT_MS, connect, device, start_table, to_table, webrtc_browser  # noqa: F401
from test_browser_remote_undo import FRENCH
from test_browser_screens import STATE

pytestmark = pytest.mark.browser
TABLE = ".spades.table"
# one step of whoever waits on a page: the next hand, a held trick, or the guest's own card
STEP = """() => {
  const next = document.querySelector('[data-act="next-hand"]');
  if (next) { next.click(); return 'next'; }
  const t = document.querySelector('#app .table.collecting .trick');
  if (t) { t.click(); return 'collect'; }
  const state = (%s)();
  const card = state === 'dummy' ? document.querySelector('.dummy-panel button.card.playable')
    : state === 'play' ? document.querySelector('.my-hand.turn button.card.playable') : null;
  if (card) { card.click(); return 'play'; }
  return '';
}""" % STATE
CHECKED = "() => [...document.querySelectorAll('.remote-bar')].map(b => b.textContent).join(' ')"


def test_a_guest_sees_deal_checked_once_a_deal_made_from_both_devices_values_is_played(webrtc_browser, site):
    host = device(webrtc_browser, site)
    start_table(host, "dummy-spades", ("Ana", "Ben", "Cy"), {0: "casual", 1: "remote", 2: "casual"}, 7,
                selects={"#ng-bidding": "mirror"})
    guest = device(webrtc_browser, site, init=FRENCH)
    connect(host, guest, site, "p1", TABLE)
    to_table(host, TABLE)
    for _ in range(400):
        try:   # the guest has something to do, or the check came
            guest.wait_for_function(f"() => ({STEP.replace('.click()', '')})() !== '' || "
                                    f"({CHECKED})().includes('Donne vérifiée')", timeout=WAIT_MS)
        except Exception:   # (the host waits for its own tap: a held trick, the next hand)
            assert host.evaluate(STEP), "nobody moves"
            continue
        if "Donne vérifiée" in guest.evaluate(CHECKED):
            break
        if guest.locator('[data-act="next-hand"]').count():   # the hand's end: the next on both devices
            host.wait_for_selector('[data-act="next-hand"]', timeout=WAIT_MS)
            host.click('[data-act="next-hand"]')
        guest.evaluate(STEP)
    bar = guest.locator(".remote-bar")
    assert bar.get_attribute("role") == "status"
    assert bar.inner_text() == "Donne vérifiée\u202f: aucun appareil n'a choisi ces cartes."
    for width, height in ((360, 740), (740, 360), (320, 640), (1280, 800)):
        guest.set_viewport_size({"width": width, "height": height})
        screen_shot(guest, f"remote-fair-checked-fr-{width}x{height}")
    # what the guest's device sent and was told: its commitment, then its value; every value after the deal
    sent = [json.loads(m["text"]) for m in guest.evaluate("() => __wire.sent")]
    got = [json.loads(m["text"]) for m in guest.evaluate("() => __wire.got")]
    assert [m["type"] for m in sent if m["type"] in ("commit", "reveal")][:2] == ["commit", "reveal"]
    reveal = next(m for m in got if m["type"] == "deal_reveal" and m["deal"] == 1)
    assert set(reveal["values"]) == {"p1", "host"}
    # the host's record gives deal 1 as the seed of both values deals it
    where = dealt("dummy-spades", seed(reveal["values"]), 1, None, 3)
    deal = current_record(host)["deals"][1]["hands"]
    assert all(where[c] == hand for hand, cards in deal.items() for c in cards)
    assert host.errors == [] and guest.errors == []
