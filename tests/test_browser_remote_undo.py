"""Undo at a table across devices (issue #45), in real Chromium on two browser contexts: the host
follows the pass-and-play rule.  Right after its own move, before the guest acts, the host's Undo
takes it back and the guest's device is redrawn at the same position and told ("Ana took back
5♥."); once the guest has moved, the host is offered no Undo, and an undo asked for all the same
(a tap on an ``undo`` act put in the page) changes nothing in the record.  A Seep hand for two, a
few moves only."""

from __future__ import annotations

import pytest

from cardtable.record import replay
from conftest import current_record
from test_browser_remote import WAIT_MS, connect, device, received, start_table, to_table, wait_saved, \
    webrtc_browser  # noqa: F401 (a fixture)
from test_browser_seep import take_turn

pytestmark = pytest.mark.browser
UNDO = '[data-act="undo"]'
FORCE_UNDO = """() => { const b = document.createElement("button"); b.dataset.act = "undo"; b.id = "forced-undo";
                        document.querySelector("#app").appendChild(b); b.click(); b.remove(); }"""


def test_the_hosts_undo_takes_back_its_own_move_only_and_every_device_is_told(webrtc_browser, site):
    host = device(webrtc_browser, site)
    start_table(host, "seep", ("Ana", "Ben"), {1: "remote"}, 11, seats=2)
    guest = device(webrtc_browser, site)
    connect(host, guest, site)
    to_table(host)
    pages = {"p0": host, "p1": guest}
    undone = refused = False
    for _ in range(40):
        record = current_record(host)
        game = replay(record)
        page = pages[game.to_act]
        page.wait_for_selector(".seep.table.my-turn", timeout=WAIT_MS)
        take_turn(page)
        wait_saved(host, len(record["actions"]))
        if page is host and not undone and host.locator(UNDO).count():
            # the host's own move, nobody else's since: taken back on every device
            host.click(UNDO)
            host.wait_for_function("n => JSON.parse(localStorage.getItem('cardtable/v1/game/' + "
                                   "localStorage.getItem('cardtable/v1/last'))).actions.length === n",
                                   arg=len(record["actions"]), timeout=WAIT_MS)
            assert current_record(host)["actions"] == record["actions"]
            guest.wait_for_function("() => [...document.querySelectorAll('.last-log')]"
                                    ".some(e => e.textContent.includes('took back'))", timeout=WAIT_MS)
            told = [m for m in received(guest) if m["type"] == "welcome" and "took_back" in m]
            assert len(told) == 1 and told[0]["took_back"]["seat"] == "p0" and told[0]["at"] == len(record["actions"])
            mine = sorted(replay(record).view("p1")["hand"])
            assert sorted(guest.eval_on_selector_all(".hand-cards [data-card]", "els => els.map(e => e.dataset.card)")) \
                == mine
            assert "took back" in host.inner_text(".last-log")
            undone = True
        elif page is guest and undone:
            # the guest has moved since: nothing of it is the host's to take back
            host.wait_for_selector(".seep.table", timeout=WAIT_MS)
            assert host.locator(UNDO).count() == 0
            before = current_record(host)
            host.evaluate(FORCE_UNDO)
            assert current_record(host) == before
            refused = True
            break
    assert undone and refused
    assert host.errors == [] and guest.errors == []
