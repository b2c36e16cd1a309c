"""Undo at a table across devices (issue #45), in real Chromium on two browser contexts: the host
follows the pass-and-play rule.  Right after its own move, before the guest acts, the host's Undo
takes it back and the guest's device is redrawn at the same position and told ("Ana took back
5♥."), and so does the guest's own Undo of its move (judged on the host); once the guest has
moved, the host is offered no Undo, and an undo asked for all the same
(a tap on an ``undo`` act put in the page) changes nothing in the record.  Then the guest's page
goes, the host lends its seat to a computer, and the guest comes back through the host's door:
its phone says a computer plays for it (no live card, a tap refused in words), the host's bar
offers *Give back to Ben*, one tap, and the guest plays again.  The link, the code and the answer
are passed with Copy and Share.  A Seep hand for two, a few moves only."""

from __future__ import annotations

import pytest

from cardtable.record import replay
from conftest import current_record, screen_shot, store_wait, wait_ready
from test_browser_remote import SAVED_ACTIONS as SAVED, WAIT_MS, answer, device, lend_away_seat, received, \
    start_table, to_table, wait_saved, webrtc_browser  # noqa: F401 (a fixture)
from test_browser_seep import take_turn

pytestmark = pytest.mark.browser
# the device shares (as a phone's browser does; Chromium on Linux has no Web Share): what is shared is kept
SHARE = "navigator.share = (data) => { (window.__shared = window.__shared || []).push(data); return Promise.resolve(); };"
FRENCH = """(() => { const k = 'cardtable/v1/settings'; const s = JSON.parse(localStorage.getItem(k) || '{}');
  s.lang = 'fr'; localStorage.setItem(k, JSON.stringify(s)); })();"""   # (after the fast-play settings; before web/store.js)
UNDO = '[data-act="undo"]'
FORCE_UNDO = """() => { const b = document.createElement("button"); b.dataset.act = "undo"; b.id = "forced-undo";
                        document.querySelector("#app").appendChild(b); b.click(); b.remove(); }"""


def copied(page, field):
    """*Copy* pressed beside a field: what the clipboard then holds, and what the page says."""
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.click(f'[data-act="remote-copy:{field}"]')
    row = page.locator(f'.copy-row:has([data-act="remote-copy:{field}"]) .muted')
    row.wait_for(timeout=WAIT_MS)
    return page.evaluate("() => navigator.clipboard.readText()"), row.inner_text()


def pass_codes(host, guest):
    """The host shares the link and copies the code; the guest, opened by the link, copies and
    shares its answer (Web Share stubbed: ``SHARE``)."""
    host.wait_for_selector('.remote-seat[data-seat="p1"] .remote-status[data-status="shown"]', timeout=WAIT_MS)
    link, code = host.input_value("#remote-link-p1"), host.input_value("#remote-code-p1")
    host.click('[data-act="remote-share:remote-link-p1"]')
    assert host.evaluate("() => window.__shared") == [{"title": "Card Table", "url": link}]
    assert copied(host, "remote-code-p1") == (code, "Copied: now paste it in a message to them.")
    guest.goto(link)
    guest.wait_for_selector('.remote-status[data-status="answered"]', timeout=WAIT_MS)
    answer_text = guest.input_value("#join-answer")
    assert copied(guest, "join-answer")[0] == answer_text
    guest.click('[data-act="remote-share:join-answer"]')
    assert guest.evaluate("() => window.__shared") == [{"title": "Card Table", "text": answer_text}]


def test_the_hosts_undo_takes_back_its_own_move_only_and_every_device_is_told(webrtc_browser, site):
    host = device(webrtc_browser, site, init=SHARE)
    start_table(host, "seep", ("Ana", "Ben"), {1: "remote"}, "5eed" * 16, seats=2)   # (a fixed first deal)
    guest = device(webrtc_browser, site, init=SHARE)
    pass_codes(host, guest)
    answer(host, guest, "p1", ".seep.table")
    to_table(host)
    pages = {"p0": host, "p1": guest}
    undone = refused = guest_undone = False
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
            store_wait(host, f"async n => await ({SAVED})() === n", len(record["actions"]), timeout_ms=WAIT_MS)
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
            guest.wait_for_selector(".seep.table:not(.my-turn)", timeout=WAIT_MS)   # its move came back from the host
            if not guest_undone and guest.locator(UNDO).count():
                # the guest takes back its own move (the host judges it): both devices go back
                guest.click(UNDO)
                store_wait(host, f"async n => await ({SAVED})() === n", len(record["actions"]), timeout_ms=WAIT_MS)
                guest.wait_for_function("() => [...document.querySelectorAll('.last-log')]"
                                        ".some(e => e.textContent.includes('You took back'))", timeout=WAIT_MS)   # (its own: "you")
                host.wait_for_function("() => [...document.querySelectorAll('.last-log')]"
                                       ".some(e => e.textContent.includes('Ben took back'))", timeout=WAIT_MS)
                guest.wait_for_selector(".seep.table.my-turn", timeout=WAIT_MS)
                take_turn(guest)
                wait_saved(host, len(record["actions"]))
                guest_undone = True
            # the guest has moved since: nothing of it is the host's to take back
            host.wait_for_selector(".seep.table", timeout=WAIT_MS)
            assert host.locator(UNDO).count() == 0
            before = current_record(host)
            host.evaluate(FORCE_UNDO)
            assert current_record(host) == before
            refused = True
            if guest_undone:
                break
    assert undone and refused and guest_undone

    # the guest's page goes: its seat is lent to a computer on the host
    context = lend_away_seat(host, guest, "computer")
    assert "Ben: a computer plays for now" in host.inner_text(".remote-bar").replace("\u2068", "").replace("\u2069", "")
    # upright at 360 px, the bar is one row (its words beside its buttons): the table keeps the rest
    assert host.evaluate("""() => { const bar = document.querySelector('.remote-bar').getBoundingClientRect();
        return [...document.querySelectorAll('.remote-bar .btn')].every(b => b.getBoundingClientRect().height * 2 > bar.height); }""")
    # the guest comes back (through the host's door): told, with no live card
    guest = context.new_page()
    guest.errors = []
    guest.on("pageerror", lambda e: guest.errors.append(str(e)))
    guest.goto(site.url + "#join")
    wait_ready(guest)
    guest.wait_for_selector(".remote-bar.lent", timeout=WAIT_MS)
    assert "A computer is playing for you — ask Ana to give your seat back." in \
        guest.inner_text(".remote-bar").replace("\u2068", "").replace("\u2069", "")
    assert guest.locator("button.card.playable, .seep.table.my-turn").count() == 0
    host.wait_for_selector('.remote-bar button.btn.small:not(.ghost)[data-act="remote-back:p1"]', timeout=WAIT_MS)
    assert "Give back to Ben" in host.inner_text(".remote-bar")
    host.click('[data-act="remote-back:p1"]')
    guest.wait_for_function("() => !document.querySelector('.remote-bar')", timeout=WAIT_MS)
    host.wait_for_function("() => !document.querySelector('.remote-bar')", timeout=WAIT_MS)
    # the guest plays its seat again
    for _ in range(6):
        record = current_record(host)
        if replay(record).to_act == "p1":
            guest.wait_for_selector(".seep.table.my-turn", timeout=WAIT_MS)
            take_turn(guest)
            wait_saved(host, len(record["actions"]))
            break
        host.wait_for_selector(".seep.table.my-turn", timeout=WAIT_MS)
        take_turn(host)
        wait_saved(host, len(record["actions"]))
    else:
        raise AssertionError("the guest never played again")
    # the guest's home: the way back to Ana's table first, no first-visit offer
    guest.goto(site.url + "#home")
    guest.wait_for_selector('[data-key="back-to-table"]', timeout=WAIT_MS)
    assert "Back to Ana’s table" in guest.inner_text('[data-key="back-to-table"]').replace("\u2068", "").replace(
        "\u2069", "")
    assert guest.locator(".lesson-offer").count() == 0
    assert host.errors == [] and guest.errors == []


@pytest.mark.parametrize("size,lang,text", [((740, 360), "en", 100), ((320, 640), "fr", 100), ((360, 740), "en", 200)],
                         ids=["740x360", "320x640-fr", "360x740-text200"])
def test_the_devices_bar_and_the_codes_screen_fit_with_the_screen_audit(webrtc_browser, site, size, lang, text):
    """The host sideways, on a small phone in French, or on a phone with the text at 200%, with Ben's
    device not connected: the codes screen, the table waiting for Ben's device (started with a computer
    for Ben, his seat given back at once), then the table with the bar up, through the host's bid
    and a card (the screen audit after every redraw: nothing cut, nothing under another); the status
    line says Ben's device is awaited."""
    from test_browser_screens import text_size
    from test_browser_spades import STATE, take_turn as spades_turn

    host = device(webrtc_browser, site, width=size[0], height=size[1], init=FRENCH if lang == "fr" else "")
    if text != 100:
        text_size(host, text)
    start_table(host, "dummy-spades", ("Ana", "Ben", "Cy"), {1: "remote", 2: "casual"}, 3)
    host.wait_for_selector('.remote-seat[data-seat="p1"] .remote-status[data-status="shown"]', timeout=WAIT_MS)
    screen_shot(host, f"remote-codes-{size[0]}x{size[1]}")
    # the table waits for Ben's device (no card); the host starts with a computer for Ben, then gives
    # the seat back to his device (still away)
    to_table(host, ".with-bar > .remote-bar + .remote-join [data-act='remote-computer:p1']")
    screen_shot(host, f"remote-waiting-{size[0]}x{size[1]}")
    assert host.locator("#app .card").count() == 0
    host.click("[data-act='remote-computer:p1']")
    host.click("[data-act='remote-back:p1']")
    host.wait_for_selector(".with-bar > .remote-bar + .spades.table", timeout=WAIT_MS)
    acted = set()
    for _ in range(10):
        record = current_record(host)
        game = replay(record)
        if game.to_act == "p1" or game.phase == "play" and "play" in acted:
            break   # Ben's turn (his device is away), or the host has played a card
        if game.to_act == "p0":
            acted.add(host.evaluate(STATE) or "wait")
            screen_shot(host, f"remote-bar-{size[0]}x{size[1]}-{len(acted)}")
            spades_turn(host)
        wait_saved(host, len(record["actions"]) - (game.to_act == "p0" and host.evaluate(STATE) == "collect"))
    assert "bid" in acted and host.locator(".remote-bar").count() == 1
    bar = host.inner_text(".remote-bar").replace("\u2068", "").replace("\u2069", "")
    assert ("Ben\u202f: non connecté" if lang == "fr" else "Ben: not connected") in bar
    if replay(current_record(host)).to_act == "p1":
        awaited = "En attente de la connexion de l'appareil de Ben" if lang == "fr" else "Waiting for Ben’s device"
        assert awaited in host.inner_text(".status").replace("\u2068", "").replace("\u2069", "")
    assert host.errors == []
