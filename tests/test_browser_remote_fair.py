"""Deals no one can rig (issue #48), in real Chromium on two browser contexts: a Dummy Spades table
(Mirror bidding: the bids make themselves) whose host seats are computers and whose second seat is
a guest's device (in French).  The host's table waits (*Waiting for players…*, no card) until the
guest has joined and both devices have committed to and revealed their values; the game starts from
their seed; once the first hand is played out, the guest's page says « Donne vérifiée » (deal checked)
above its table, from the values it was told, and the host's record has the seed of those values
(recomputed here in CPython)."""

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
    # the host's table before the guest joined: waiting, no card, a way to the codes
    host.click('[data-act="remote-table"]')
    host.wait_for_selector("#app h1:has-text('Waiting for players…')")
    assert host.locator("#app .card").count() == 0 and host.locator('[data-act="remote-computer:p1"]').count() == 1
    for width, height in ((360, 740), (1280, 800)):
        host.set_viewport_size({"width": width, "height": height})
        screen_shot(host, f"remote-fair-waiting-en-{width}x{height}")
    host.set_viewport_size({"width": 360, "height": 740})
    host.click('[data-act="remote-devices"]')
    host.wait_for_selector("html[data-screen=remote-host]")
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
    assert not any(m["type"] == "welcome" for m in got[:[m["type"] for m in got].index("deal_commits")])
    reveal = next(m for m in got if m["type"] == "deal_reveal" and m["deal"] == 0)
    assert set(reveal["values"]) == {"p1", "host"}
    # the host's game started from the seed of both values: the first hand is that seed's
    assert current_record(host)["seed"] == seed(reveal["values"])
    where = dealt("dummy-spades", seed(reveal["values"]), 0, None, 3)
    hand = [c for c in guest.evaluate("() => __wire.got.map(m => JSON.parse(m.text)).find(m => m.type === 'welcome')"
                                      ".view.hand")]
    assert hand and all(where[c] == "p1" for c in hand)
    assert host.errors == [] and guest.errors == []
