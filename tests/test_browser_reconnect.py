"""Coming back to a table across devices with no server (issue #28), in real Chromium: two browser
contexts on loopback, each the built app, a two-player Seep game with the second seat on another
device.  After the first join (the host's code, the guest's answer), each side keeps the other's
*door* (web/remote.js): the guest reloads and takes its seat back with no code at all; the host
reloads and the guest comes back with no code; then both go (the guest's page closed, the host
reloaded) and the guest scans the host's new code only: the host needs no answer, it knows the
guest's identity.  The last guest also sets a STUN server in Settings (a UDP socket of this test on
loopback: nothing else is contacted) and the page's RTCPeerConnection gets it.  A move or two
between each, to see the game go on; after each return the guest's hand is its seat's hand in the
host's saved record."""

from __future__ import annotations

import socket

import pytest

from cardtable.record import replay
from conftest import BOOT_TIMEOUT_MS, LAST_RECORD_JS, current_record, store_wait, wait_ready
from test_browser_remote import device, webrtc_browser  # noqa: F401 (the fixture)
from test_browser_seep import take_turn

pytestmark = pytest.mark.browser
WAIT_MS = 45000
SEAT = '.remote-seat[data-seat="p1"] .remote-status'
NEW_GAME = {"#ng-seats": "2", "#ng-kind-1": "remote", "#ng-seed": "11"}   # Seep for two, the second seat away
# every RTCPeerConnection the page makes, kept to read its configuration
KEEP_PCS = """(() => { const Real = window.RTCPeerConnection; window.pcs = [];
  window.RTCPeerConnection = class extends Real { constructor(c) { super(c); window.pcs.push(this); } }; })();"""


def hand_matches(host, guest):
    guest.wait_for_selector(".seep.table", timeout=WAIT_MS)
    hand = replay(current_record(host)).view("p1")["hand"]
    guest.wait_for_function("n => document.querySelectorAll('.hand-cards [data-card]').length === n",
                            arg=len(hand), timeout=WAIT_MS)
    assert sorted(guest.eval_on_selector_all(".hand-cards [data-card]", "els => els.map(e => e.dataset.card)")) \
        == sorted(hand)


def play(host, guest, moves):
    """``moves`` moves, each by whoever is to act, each seen in the host's saved record."""
    for _ in range(moves):
        record = current_record(host)
        page = {"p0": host, "p1": guest}[replay(record).to_act]
        page.wait_for_selector(".seep.table.my-turn", timeout=WAIT_MS)
        take_turn(page)
        store_wait(host, f"async n => (await ({LAST_RECORD_JS})()).actions.length > n", len(record["actions"]),
                   timeout_ms=WAIT_MS)


def connected(host, guest=None):
    try:
        host.wait_for_selector(f'{SEAT}[data-status="connected"]', timeout=WAIT_MS)
    except Exception:
        for name, page in (("HOST", host), ("GUEST", guest)):
            if page is not None:
                print(name, page.url, page.locator("#app").inner_text()[:500])
                print(name, "LOG", "\n".join(getattr(page, "log", [])[-40:]))
        raise


def logged(page):
    page.log = []
    page.on("console", lambda m: page.log.append(f"{m.type}: {m.text}"))
    return page


def test_guest_and_host_reloads_need_no_code_and_both_gone_one_scan(webrtc_browser, site):
    host = logged(device(webrtc_browser, site))
    host.click('[data-act="new:seep"]')
    for field, value in NEW_GAME.items():
        (host.fill if field == "#ng-seed" else host.select_option)(field, value)
    host.click('[data-act="start"]')
    host.wait_for_selector(f'{SEAT}[data-status="shown"]', timeout=WAIT_MS)
    assert host.locator(".remote-host").inner_text().count("was here before") == 0   # a guest not known yet
    guest = logged(device(webrtc_browser, site))
    # the first join: the host's code, the guest's answer pasted on the host
    guest.goto(host.input_value("#remote-link-p1"))
    guest.wait_for_selector('.remote-status[data-status="answered"]', timeout=BOOT_TIMEOUT_MS)
    host.fill("#remote-answer-p1", guest.input_value("#join-answer"))
    host.click('[data-act="remote-accept:p1"]')
    connected(host)
    host.click('[data-act="remote-table"]')
    hand_matches(host, guest)
    play(host, guest, 2)

    # the guest reloads: back through the host's door, no code
    guest.reload()
    wait_ready(guest)
    hand_matches(host, guest)
    host.wait_for_selector(".seep.table", timeout=WAIT_MS)
    host.wait_for_function("() => !document.querySelector('.remote-bar')", timeout=WAIT_MS)
    play(host, guest, 1)

    # the host reloads: it reaches the guest's door, no code
    before = current_record(host)
    host.reload()
    wait_ready(host)
    assert current_record(host) == before
    connected(host, guest)
    host.click('[data-act="remote-table"]')
    hand_matches(host, guest)
    play(host, guest, 1)

    # both go: the guest's page is closed, the host reloads; the guest scans the new code, no answer back
    context = guest.context
    guest.close()
    host.reload()
    wait_ready(host)
    host.wait_for_selector(f'{SEAT}[data-status="shown"]', timeout=WAIT_MS)
    assert "was here before" in host.locator(".remote-host").inner_text()   # its code needs no answer
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as stun:
        stun.bind(("127.0.0.1", 0))
        url = f"stun:127.0.0.1:{stun.getsockname()[1]}"
        context.add_init_script(KEEP_PCS)
        guest = context.new_page()
        guest.errors = []
        guest.on("pageerror", lambda e: guest.errors.append(str(e)))
        guest.on("console", lambda m: m.type == "error" and guest.errors.append(m.text))
        guest.goto(site.url + "#settings")
        wait_ready(guest)
        guest.fill("#ice-stun", "http://127.0.0.1")
        guest.click('[data-act="ice"]')
        guest.wait_for_selector("#ice-stun[aria-invalid=true]")
        guest.fill("#ice-stun", url)
        guest.click('[data-act="ice"]')
        guest.wait_for_selector(".ice-setting .notice")
        link = host.input_value("#remote-link-p1")
        guest.evaluate("(hash) => { location.hash = hash; }", link[link.index("#"):])   # no reload: settings kept
        connected(host)   # nothing pasted on the host
        assert guest.evaluate("pcs.map((pc) => pc.getConfiguration().iceServers.map((s) => s.urls).flat())")[0] \
            == [url]
        stun.settimeout(WAIT_MS / 1000)
        assert stun.recvfrom(2048)[0][:2] == b"\x00\x01"   # a STUN binding request came to the address set
    hand_matches(host, guest)
    host.click('[data-act="remote-table"]')
    play(host, guest, 1)
    assert host.errors == [] and guest.errors == []


def test_an_away_seat_played_on_the_host_then_given_back_and_join_again_after_a_lost_host(webrtc_browser, site):
    """Issue #45's moments: the guest's device goes, the host picks *Play it on this device* and
    plays that seat itself (passed the device in turn, as pass-and-play); the guest comes back, is
    told its seat is played on the host, and is given it back with one tap.  Then the host's page
    goes: the guest's bar says so and its *Join again* opens *Join a table*."""
    from test_browser_remote import connect, lend_away_seat, start_table, to_table, wait_saved

    host = device(webrtc_browser, site)
    # a deal number of 64 hex digits: the first deal is that one, not the devices' values' (random
    # each run), so every run meets the same moments (the fair deal has tests of its own)
    start_table(host, "seep", ("Ana", "Ben"), {1: "remote"}, "5eed" * 16, seats=2)
    guest = device(webrtc_browser, site)
    connect(host, guest, site, "p1", ".seep.table")
    to_table(host)
    pages = {"p0": host, "p1": guest}
    for _ in range(4):   # the bid and the first plays, the guest's among them (each side keeps the other's door)
        record = current_record(host)
        page = pages[replay(record).to_act]
        page.wait_for_selector(".seep.table.my-turn", timeout=WAIT_MS)
        take_turn(page)
        wait_saved(host, len(record["actions"]))
    context = lend_away_seat(host, guest, "here", timeout=WAIT_MS)
    # the host plays both seats, the device passed in turn, until Ben's seat has moved here
    start = len(current_record(host)["actions"])
    for _ in range(8):
        record = current_record(host)
        if any(replay({**record, "actions": record["actions"][:i]}).to_act == "p1"
               for i in range(start, len(record["actions"]))):
            break
        n = len(record["actions"])
        host.wait_for_selector(".seep.table.my-turn, html[data-screen=handoff]", state="attached", timeout=WAIT_MS)
        if take_turn(host) != "ready":
            wait_saved(host, n)
    else:
        raise AssertionError("Ben's seat never moved on the host")
    # the guest comes back through the host's door: told where its seat is, no live card
    guest = context.new_page()
    guest.goto(site.url + "#join")
    wait_ready(guest)
    guest.wait_for_selector(".remote-bar.lent", timeout=WAIT_MS)
    told = guest.inner_text(".remote-bar").replace("\u2068", "").replace("\u2069", "")
    assert "Your seat is played on Ana’s device for now — ask Ana to give it back." in told, told
    assert guest.locator("button.card.playable, .seep.table.my-turn").count() == 0
    host.wait_for_selector('.remote-bar button.btn.small:not(.ghost)[data-act="remote-back:p1"]', timeout=WAIT_MS)
    host.click('[data-act="remote-back:p1"]')
    guest.wait_for_function("() => !document.querySelector('.remote-bar')", timeout=WAIT_MS)
    hand_matches(host, guest)
    # the host's page goes: the guest is told, and Join again opens Join a table
    host.close()
    guest.wait_for_selector('.remote-bar [data-act="remote-join-again"]', timeout=WAIT_MS)
    guest.click('[data-act="remote-join-again"]')
    guest.wait_for_selector("html[data-screen=join] #join-code", state="attached", timeout=WAIT_MS)
