"""A four-player Seep hand on two devices and a computer, in real Chromium (issue #28).

The host's device holds two people, Ana (seat 1, team A) and Dee (seat 4, team B), who pass it
between them as in any pass-and-play game, and a computer, Cy (seat 3, Ana's partner); Ben (seat 2,
team B) plays on a guest device, joined by link and answer as in ``test_browser_remote.py``.  A
whole hand is played by touch on the two pages.  After every move, the guest's page holds and has
drawn no card of another hand, the host's page none of Ben's or the computer's; on the host, a
hand-off shows no card and a table only what the seat holding the device may see.  Both pages end
on the same scores."""

from __future__ import annotations

import pytest

from cardtable.record import replay
from conftest import current_record, screen_shot, snapshot
from test_browser_remote import WAIT_MS, Privacy, connect, device, hidden_from, start_table, summary_scores, \
    to_table, wait_saved, webrtc_browser  # noqa: F401 (a fixture)
from test_browser_seep import take_turn

pytestmark = pytest.mark.browser
HOST_TURN = ("() => document.documentElement.dataset.screen === 'handoff' "
             "|| !!document.querySelector('.seep.table.my-turn')")


def viewer_sees_only_its_own(host) -> None:
    """The host's page now: at a hand-off no card; at a table none of another seat's hand (its
    viewer's view says what it may see; the record read before and after, as ``Privacy``)."""
    before = replay(current_record(host))
    snap = snapshot(host)
    game = replay(current_record(host))
    if snap["screen"] == "handoff":
        assert snap["cards"] == []
        return
    viewer = snap["viewer"]
    if viewer is None or before.hand_number != game.hand_number:   # (a hand ended: every card was played)
        return
    hidden = hidden_from(before, (viewer,)) & hidden_from(game, (viewer,))
    assert not set(snap["cards"]) & hidden, (viewer, sorted(set(snap["cards"]) & hidden))


def test_a_four_player_seep_hand_on_two_devices_and_a_computer(webrtc_browser, site):
    host = device(webrtc_browser, site)
    start_table(host, "seep", ("Ana", "Ben", "Cy", "Dee"), {1: "remote", 2: "casual"}, "5eed" * 16)   # (a fixed first deal)
    guest = device(webrtc_browser, site)
    connect(host, guest, site, "p1")
    to_table(host, "html[data-screen=handoff], .seep.table")
    privacy = Privacy(host, {host: ("p0", "p3"), guest: ("p1",)})
    moves, handoffs = 0, 0
    first = replay(current_record(host)).hand_number
    for _ in range(300):
        game = privacy.check()
        viewer_sees_only_its_own(host)
        if game.hand_number != first or game.over:
            break
        n = game.action_count
        if game.to_act == "p2":   # the computer, on the host
            wait_saved(host, n)
            continue
        page = guest if game.to_act == "p1" else host
        if page is guest:
            guest.wait_for_selector(".seep.table.my-turn", timeout=WAIT_MS)
        else:
            host.wait_for_function(HOST_TURN, timeout=WAIT_MS)
        if take_turn(page) == "ready":
            handoffs += 1
            continue
        moves += 1
        wait_saved(host, n)
        if moves == 10:
            screen_shot(guest, "remote-seep4-guest-360x740")
    else:
        raise AssertionError(f"the hand did not end ({moves} moves)")
    texts = [summary_scores(page) for page in (host, guest)]
    assert texts[0] == texts[1] and "Totals" in texts[0], texts
    assert len(current_record(host)["actions"]) >= 48 and moves >= 24 and handoffs >= 12
    assert all(len(cards) > 24 for cards in privacy.drawn.values())
    assert host.errors == [] and guest.errors == []
