"""A table across two devices in real Chromium (issue #28): two browser contexts on loopback, each
the built app.  The host starts a two-player Seep game from the new-game form with the second seat
on *Another device*, shows its code; the guest opens the join link, shows its answer; the host
pastes it; both play a whole hand by touch, each on its own table.

After every move, no page holds or has drawn since the last move a card its seat may not see (the
cards of every redraw are collected in the page, ``WIRE``; what a seat may not see is read from
the host's saved record, replayed in CPython).  Six moves in, the guest reloads, and six moves
later the host: each comes back through the other's door with no code (the seat proved by its kept
secret), at the same position, and the hand goes on to its end; the reloaded guest's first texts
are a resume for another seat and one with a wrong secret, both refused.  Between two moves the guest's page sends the
host hostile texts over its real data channel (too big, too deep, garbage, wrong seat, wrong
secret, replayed, stale, illegal): each is refused to the guest, and the host's record, its page
and the game are as before.

The helpers here (``device``, ``connect``, ``reload_guest``, ``check_privacy``...) are shared by the
other tests of tables across devices (``test_browser_remote_*.py``) and by ``bench/bench_remote.py``.
"""

from __future__ import annotations

import json

import pytest

from cardtable.net.fair import deal_of
from cardtable.record import replay
from conftest import BOOT_TIMEOUT_MS, LAST_RECORD_JS, answer_later, audit_context, current_record, dom_cards, \
    screen_shot, seep_visible, store_get, store_wait, wait_ready, webrtc_browser  # noqa: F401 (a fixture, imported by the other files too)
from test_browser_seep import FAST, take_turn

pytestmark = pytest.mark.browser
WAIT_MS = 15000

# What a page's data channels carried and what each redraw drew, for the tests and the latency
# bench: every channel the app opens is watched (``__wire.channels``), each text received or sent
# kept with its time (``__wire.got``/``sent``: ``{t, text}``, ``t`` in ms since the epoch, the
# machine's clock the pages share), and after each redraw of the app (web/morph.js's test hook,
# which the screen audit also uses) its time (``__wire.draws``), the time of the animation frame
# after it (``__wire.frames``: the frame it is painted in) and every card then in the page
# (``__wire.seen``, until the test reads it).
WIRE = """(() => {
  const now = () => performance.timeOrigin + performance.now();
  const wire = window.__wire = { got: [], sent: [], lost: [], channels: [], pcs: [], draws: [], frames: [], seen: new Set() };
  const watch = (channel) => {
    if (channel.label === "cardtable-door") return;   // the doors' codes (web/net.js), not the game's texts
    wire.channels.push(channel);
    channel.addEventListener("message", (e) => wire.got.push({ t: now(), text: String(e.data) }));
    const send = channel.send.bind(channel);
    channel.send = (data) => {
      if (window.__loseFirstJoin && String(data).includes('"type":"join"')) {   // lost on the way (LOSE_JOIN)
        window.__loseFirstJoin = false;
        wire.lost.push(String(data));
        return undefined;
      }
      wire.sent.push({ t: now(), text: String(data) });
      return send(data);
    };
  };
  const Native = window.RTCPeerConnection;
  if (Native) {
    window.RTCPeerConnection = class extends Native {
      constructor(...args) { super(...args); wire.pcs.push(this); this.addEventListener("datachannel", (e) => watch(e.channel)); }
      createDataChannel(...args) { const channel = super.createDataChannel(...args); watch(channel); return channel; }
    };
  }
  const audit = window.__cardtableAudit;
  window.__cardtableAudit = (root) => {
    queueMicrotask(() => {
      wire.draws.push(now());
      requestAnimationFrame(() => wire.frames.push(now()));
      for (const el of document.querySelectorAll("#app [data-card]")) wire.seen.add(el.dataset.card);
    });
    if (audit) audit(root);
  };
})();"""
# a device whose first join is lost on the way (seen once on a loaded machine as the channel opened)
LOSE_JOIN = "window.__loseFirstJoin = true;"
CHANNELS = ("() => [__wire.channels.map(c => c.label + ':' + c.readyState + ':' + c.bufferedAmount + ':' + c.id), "
            "__wire.pcs.map(p => [p.connectionState, p.iceConnectionState, p.signalingState, p.sctp && p.sctp.state])]")
SAVED_ACTIONS = f"async () => (await ({LAST_RECORD_JS})()).actions.length"   # (for store_wait)


def device(browser, site, path="", width=360, height=740, audit=True, init=""):
    """A device: a page of the built app in a browser context of its own (the screen audit after
    every redraw, ``WIRE`` watching its channels and redraws, fast play, and ``init``, a script of
    the test's); ``page.errors`` collects its page and console errors."""
    context = browser.new_context(viewport={"width": width, "height": height})
    if audit:
        audit_context(context)
    else:
        answer_later(context)
    context.add_init_script(FAST)
    context.add_init_script(WIRE)
    if init:
        context.add_init_script(init)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    page.errors = errors
    page.goto(site.url + path)
    wait_ready(page)
    return page


def start_table(host, game, names, kinds, seed, seats=None, selects=None):
    """The host's new-game form: names, who plays each seat (``kinds``: seat index -> "remote", a
    computer level...), the seed and the options in ``selects`` (selector -> value); started, it
    shows the codes screen."""
    host.click(f'[data-act="new:{game}"]')
    if seats:
        host.select_option("#ng-seats", str(seats))
    for selector, value in (selects or {}).items():
        host.select_option(selector, value)
    for i, name in enumerate(names):
        host.fill(f"#ng-name-{i}", name)
    for i, kind in kinds.items():
        host.select_option(f"#ng-kind-{i}", kind)
    host.fill("#ng-seed", str(seed))
    host.click('[data-act="start"]')
    host.wait_for_selector("html[data-screen=remote-host]")


def connect(host, guest, site, seat="p1", table=".seep.table"):
    """The host's code for a seat opened on the guest as a link; the guest's answer pasted on the host."""
    host.wait_for_selector(f'.remote-seat[data-seat="{seat}"] .remote-status[data-status="shown"]', timeout=WAIT_MS)
    link = host.input_value(f"#remote-link-{seat}")
    assert link.startswith(site.url) and "#join=" in link and len(link) < 300
    assert host.locator(f'.remote-seat[data-seat="{seat}"] .qr-box svg.qr').count() == 1
    guest.goto(link)
    guest.wait_for_selector('.remote-status[data-status="answered"]', timeout=BOOT_TIMEOUT_MS)
    assert guest.locator(".qr-box svg.qr").count() == 1
    answer(host, guest, seat, table)


def answer(host, guest, seat, table):
    """The guest's answer pasted on the host: both connected, the guest at its table."""
    host.fill(f"#remote-answer-{seat}", guest.input_value("#join-answer"))
    host.click(f'[data-act="remote-accept:{seat}"]')
    try:
        host.wait_for_selector(f'.remote-seat[data-seat="{seat}"] .remote-status[data-status="connected"]',
                               timeout=WAIT_MS)
        guest.wait_for_selector(table, timeout=WAIT_MS)
    except Exception as err:   # what each side saw, to tell why
        raise AssertionError(f"{seat} did not connect: host {host.inner_text('#app')[:600]!r}; "
                             f"guest {guest.inner_text('#app')[:400]!r}; guest got "
                             f"{[m['text'][:80] for m in guest.evaluate('() => __wire.got')][:6]}; guest sent "
                             f"{[m['text'][:80] for m in guest.evaluate('() => __wire.sent')][:6]}; host got "
                             f"{[m['text'][:80] for m in host.evaluate('() => __wire.got')][:6]}; host channels "
                             f"{host.evaluate(CHANNELS)}; "
                             f"guest channels "
                             f"{guest.evaluate(CHANNELS)}; "
                             f"errors {host.errors + guest.errors}") from err


def lend_away_seat(host, guest, how: str, seat: str = "p1", timeout: int = WAIT_MS):
    """The guest's page goes; on the host's Devices screen its seat is played by a computer
    (``how`` "computer") or by a person here ("here"), back to the table, the bar offering it
    back.  The guest's context (for a page that comes back)."""
    context = guest.context
    guest.close()
    host.wait_for_selector('.remote-bar [data-act="remote-devices"]', timeout=timeout)
    host.click('[data-act="remote-devices"]')
    host.click(f'[data-act="remote-{how}:{seat}"]')
    host.click('[data-act="remote-table"]')
    host.wait_for_selector(f'.remote-bar [data-act="remote-back:{seat}"]', timeout=timeout)
    return context


def to_table(host, table=".seep.table"):
    host.click('[data-act="remote-table"]')
    host.wait_for_selector(table)


def reload_guest(host, guest, seat="p1", table=".seep.table", before_join=None):
    """The guest reloads mid-hand: it comes back to its seat by itself, through the door the host
    gave it (web/remote.js: no code, no answer), at the same position, the game going on from there.
    ``before_join(guest)`` runs before the reload (an init script for the new page)."""
    if before_join:
        before_join(guest)
    guest.reload()
    wait_ready(guest)
    back_at_table(host, guest, seat, table)
    host.wait_for_function("() => !document.querySelector('.remote-bar')", timeout=WAIT_MS)


def reload_host(host, guest, seat="p1", table=".seep.table"):
    """The host reloads mid-hand: the game reopens from its save, the seat's secret kept, and the
    host reaches the guest's door: connected again with no code on either side."""
    before = current_record(host)
    host.reload()
    wait_ready(host)
    host.wait_for_selector(f'.remote-seat[data-seat="{seat}"] .remote-status[data-status="connected"]',
                           timeout=WAIT_MS)
    assert current_record(host) == before
    to_table(host, table)
    back_at_table(host, guest, seat, table)


def back_at_table(host, guest, seat, table):
    """The guest's table shows its own hand of the game as the host holds it."""
    guest.wait_for_selector(table, timeout=WAIT_MS)
    hand = sorted(replay(current_record(host)).view(seat)["hand"])
    guest.wait_for_function("n => document.querySelectorAll('.hand-cards [data-card], .my-hand [data-card]').length"
                            " === n", arg=len(hand), timeout=WAIT_MS)
    assert sorted(guest.eval_on_selector_all(".hand-cards [data-card], .my-hand [data-card]",
                                             "els => els.map(e => e.dataset.card)")) == hand


def wait_saved(host, n) -> None:
    """The host's saved record holds more than ``n`` actions (a guest's move went through its judge)."""
    store_wait(host, f"async n => await ({SAVED_ACTIONS})() > n", n, timeout_ms=WAIT_MS)


def summary_scores(page) -> str:
    """The end-of-hand summary's scores table and totals line (its sentences say "you" to each seat)."""
    page.wait_for_selector(".hand-summary", timeout=WAIT_MS)
    summary = page.locator(".hand-summary")
    return summary.locator("table").inner_text() + "\n" + summary.locator(".totals-line").inner_text()


# ---- privacy: no page holds, or has drawn, a card its seat may not see ---------------------------
def drawn_since(page) -> set[str]:
    """The cards of every redraw since the last call, and those in the page now."""
    seen = page.evaluate("() => { const s = [...__wire.seen]; __wire.seen.clear(); return s; }")
    return set(seen) | set(dom_cards(page))


def hidden_from(game, seats, visible=seep_visible) -> set[str]:
    """The cards in the hands of the seats not in ``seats`` that none of ``seats`` is shown."""
    others = [s for s in game.seats if s != "dummy" and s not in seats]
    hidden = set().union(*(game.view(o)["hand"] for o in others))
    return hidden - set().union(*(visible(game.view(s)) for s in seats))


class Privacy:
    """What each device may see, checked after every move: ``devices`` maps a page to the seats
    played on it; ``visible(view)`` is what a seat's view shows of other hands (Seep's shown hands,
    the dummy).  A card in a hand of a seat not on the page, and not shown to one of its seats, is
    never drawn there: neither in a redraw since the last check nor now.  The host's record is read
    before and after the pages (a computer may move meanwhile): only cards hidden at both count.
    Not over the end of a hand, nor over a deal thrown in: every card was played in it, or the cards
    were dealt again (the end-of-hand summary holds no card: the screen audit's check)."""

    def __init__(self, host, devices: dict, visible=seep_visible):
        self.host = host
        self.devices = devices
        self.visible = visible
        self.last: dict = {}
        self.checks = 0
        self.drawn = {page: set() for page in devices}   # every card each page drew (the check's own check)

    def check(self):
        """Every page checked; the game as the host holds it now."""
        before = replay(current_record(self.host))
        drawn = {page: drawn_since(page) for page in self.devices}
        game = replay(current_record(self.host))
        for page, seats in self.devices.items():
            hidden = hidden_from(before, seats, self.visible) & hidden_from(game, seats, self.visible)
            deal = (game.hand_number, deal_of(game.view(game.seats[0], history=False)))
            if self.last.get(page, deal) != deal:
                hidden = set()   # every card was played in the hand that ended, or thrown in: any may be drawn now
            self.last[page] = deal
            self.drawn[page] |= drawn[page]
            assert not drawn[page] & hidden, f"the page of {'/'.join(seats)} drew {sorted(drawn[page] & hidden)}"
        self.checks += 1
        return game


# ---- hostile messages from a guest's page, over its real data channel ------------------------------
def received(page) -> list[dict]:
    return [json.loads(m["text"]) for m in page.evaluate("() => __wire.got")]


_TRAFFIC = ("move", "pong", "lent")
"""What the host sends a guest unasked (a move made at the table, a keep-alive's answer, who plays
the lent seats): it may cross a text the guest sent, so it is not that text's answer."""


def send_raw(guest, text=None, binary=None) -> dict:
    """A text (or bytes) sent from the guest's page over its open channel; the host's answer (the
    first text after it that is not the table's own traffic, ``_TRAFFIC``)."""
    n = len(received(guest))
    if binary is None:
        assert guest.evaluate("t => window.cardtableRemote.send('guest', t)", text)
    else:
        guest.evaluate("""b => __wire.channels.filter((c) => c.readyState === "open").at(-1)
                              .send(new Uint8Array(b))""", binary)
    guest.wait_for_function("([n, traffic]) => __wire.got.slice(n).some("
                            "(m) => !traffic.includes(JSON.parse(m.text).type))",
                            arg=[n, list(_TRAFFIC)], timeout=WAIT_MS)
    return next(m for m in received(guest)[n:] if m["type"] not in _TRAFFIC)


def guest_seq(guest) -> int:
    """The last sequence number the guest sent (kept with its seat)."""
    return json.loads(store_get(guest, "cardtable:guest"))["seq"]


def hostile(host, guest, seat, illegal: str) -> list[str]:
    """At the guest's turn, its page sends the host every hostile text: each is refused to the guest
    (its code checked), and the host's saved record is as before, its page with no error.  The refusal
    codes, in order."""
    record = current_record(host)
    game = replay(record)
    assert game.to_act == seat
    at, legal, seq = game.action_count, game.legal_actions()[0], guest_seq(guest)

    def act(**fields):
        return json.dumps({"type": "act", "seq": seq + 1, "at": at, "action": legal, **fields})
    texts = [
        ("too_big", act(action="x" * 2000)),                     # oversized (the host's limit is 1 KB)
        ("unreadable", "[" * 300 + "]" * 300),                  # nested 300 deep, in 600 bytes
        ("unreadable", act(action={"a": {"b": {"c": 1}}})),      # an object in a field
        ("unreadable", "\x00\x07 garbage \ufffd\ufffd {"),       # not JSON
        ("bad_shape", "42"),
        ("bad_shape", act(seat="p0")),                           # an extra field: acting for another seat
        ("already_joined", json.dumps({"type": "join", "table": "x", "seat": "p0", "secret": "y"})),
        ("replayed", act(seq=seq)),                              # a message already received
        ("stale", act(at=at - 1)),                               # chosen on an older position
        (None, act(action=illegal)),                             # the engine refuses it
    ]
    codes = []
    for code, text in texts:
        reply = send_raw(guest, text)
        assert reply["type"] == "refused" and reply["code"] == (code or reply["code"]), (text[:60], reply)
        codes.append(reply["code"])
    reply = send_raw(guest, binary=[0xff, 0x00, 0xc3, 0x28, 0xa0, 0xa1])   # bytes, not text
    assert reply["type"] == "refused" and reply["code"] == "unreadable", reply
    codes.append(reply["code"])
    assert codes[-2] not in ("too_big", "unreadable", "bad_shape", "replayed", "stale")   # the engine's own code
    assert guest.locator(".move-error").count() == 1   # the guest is told
    assert current_record(host) == record
    assert host.errors == [] and guest.errors == []
    return codes


HOSTILE_JOINS = """seat => {
    // the reloaded page's first texts to the host, before its own resume, are a resume for a seat
    // played on the host and one with the wrong secret (both refused; the guest then takes its seat)
    let api;
    Object.defineProperty(window, "cardtableRemote", {configurable: true, get: () => api, set(value) {
        api = value;
        const send = api.send;
        api.send = (key, text) => {
            api.send = send;
            const kept = JSON.parse(localStorage.getItem("cardtable:guest"));   // (not a "cardtable/" key: the store keeps it there)
            const resume = (s, secret) => JSON.stringify({type: "resume", table: kept.table, seat: s, secret});
            send(key, resume("p0", kept.secret));
            send(key, resume(seat, kept.secret.split("").reverse().join("")));
            return send(key, text);
        };
    }});
}"""


def hostile_joins(seat: str):
    """For ``reload_guest``'s ``before_join``: see ``HOSTILE_JOINS`` (an init script of the guest's
    context, so it runs in the reloaded page before web/remote.js is loaded)."""
    def send_first(guest) -> None:
        guest.context.add_init_script(f"({HOSTILE_JOINS})({json.dumps(seat)})")
    return send_first


# ---- the two-player Seep hand ------------------------------------------------------------------------
def test_a_two_player_seep_hand_across_two_devices(webrtc_browser, site):
    host = device(webrtc_browser, site)
    start_table(host, "seep", ("Ana", "Ben"), {1: "remote"}, 11, seats=2)
    guest = device(webrtc_browser, site)
    assert guest.locator('[data-act="join"]').count() == 1   # home: Join a table
    connect(host, guest, site)
    screen_shot(guest, "remote-guest-table-360x740")
    to_table(host)
    assert host.locator(".remote-bar").count() == 0   # every device connected: the table has the whole screen
    privacy = Privacy(host, {host: ("p0",), guest: ("p1",)})

    moves, refused = 0, []
    for _ in range(200):
        game = privacy.check()
        record = current_record(host)
        if game.hand_number > 1 or game.over:
            break
        if moves >= 8 and not refused and game.to_act == "p1":
            host_card = game.view("p0")["hand"][0]
            refused = hostile(host, guest, "p1", "throw " + host_card)
            screen_shot(guest, "remote-guest-refused-360x740")
        page = {"p0": host, "p1": guest}[game.to_act]
        page.wait_for_selector(".seep.table.my-turn", timeout=WAIT_MS)
        if page is host and len(refused) == 11 and moves < 20:
            # a guest acting when it is not its turn
            reply = send_raw(guest, json.dumps({"type": "act", "seq": guest_seq(guest) + 1, "at": game.action_count,
                                                "action": game.legal_actions()[0]}))
            assert reply["code"] == "not_your_turn" and current_record(host) == record
            refused.append(reply["code"])
        take_turn(page)
        moves += 1
        # the move reaches the host's saved record (a guest's goes through the host's judge)
        wait_saved(host, len(record["actions"]))
        if moves == 6:
            reload_guest(host, guest, before_join=hostile_joins("p1"))
            # (the page reloaded: what its new channel received)
            assert [m["code"] for m in received(guest) if m["type"] == "refused"][:2] == ["wrong_seat", "bad_secret"]
        elif moves == 12:
            reload_host(host, guest)
    else:
        raise AssertionError("the hand did not end")
    # both devices show the end of the hand, with the same scores
    for page in (host, guest):
        page.wait_for_selector(".hand-summary", timeout=WAIT_MS)
    summary = '.hand-summary [role="dialog"] > :not(.dialog-buttons):not(.share-row)'   # (Share: the host's, who holds the record)
    assert host.locator(summary).all_inner_texts() == guest.locator(summary).all_inner_texts()
    assert guest.locator('.hand-summary [data-act="export"]').count() == 0   # the game is on the host
    screen_shot(guest, "remote-guest-summary-360x740")
    assert moves >= 48 and privacy.checks > moves
    assert all(len(cards) > 24 for cards in privacy.drawn.values())   # the redraws were watched
    assert len(refused) == 12, refused   # the hostile texts, and acting out of turn, refused
    assert host.errors == [] and guest.errors == []
