"""Playing across devices in the app: the host's codes for its remote seats and the guest's joining,
between Python's table (``session.remote``: ``RemoteHost``, ``GuestTable``) and the page's WebRTC
links (``web/remote.js``, loaded the first time it is needed), reached through ``ui.shell.page``
with plain values only (its calls, and its events: ``cardtableRemoteEvent``).  The markup is
``remote_html``; the fields read come with the tap, in its form (``app.form``).

Acts: ``remote-devices`` (the host's codes), ``remote-code:<seat>`` (a new code for a seat),
``remote-accept:<seat>`` (the pasted answer), ``remote-computer:<seat>`` / ``remote-here:<seat>`` / ``remote-back:<seat>``
(a computer or a person here plays an away seat on the host, then gives it back), ``remote-table``, ``join`` (home: *Join a table*),
``remote-join-read`` (the pasted code), ``remote-join-again``, ``remote-scan:<join|seat>`` (the camera
reads the host's code, or a seat's answer: ``web/scan.js``) and ``remote-scan-stop``.

What is kept: on the host, a table's id, seat secrets, the seats lent to the host and each seat's
door (below) beside its saved game (``KEY_HOST``: ``session.remote.HostedSeats``), so a reloaded
host gives the same seats back; on a guest, its seat (table, seat, secret), the host's door and the
view it last saw (``KEY_GUEST``), and nothing of the game it did not see.

Coming back with no server (``web/remote.js``): while connected, each side sends the other the
code of a *door*, a link waiting for it, kept with the rest.  A guest reloaded or cut off reaches
the host's door, and a reloaded host each guest's: no new code.  If both went, the host's new code
alone does it (the host takes the part of a guest it knows).  The seat is still proved by its
secret: a door is taken from a connection only once it holds the seat, and a link through a door
only joins (or resumes) like any other.
"""

from __future__ import annotations

import json
from typing import Optional

from ...net.guest import Guest
from ...stores.ice import ice_servers
from ...record import load_json
from ...session.remote import GuestTable, HostedSeats, RemoteHost, door_code
from ...session.seats import PERSON, REMOTE
from ..shell import page
from ..shell.browser import local_get, local_set
from ..table.coach import took_back_words
from ..text.i18n import _
from . import remote_html
from .home import DEFAULT_LEVEL

KEY_HOST = "cardtable:remote:"
KEY_GUEST = "cardtable:guest"
SCRIPT = "web/remote.js"
STYLESHEET = "web/remote.css"
GUEST_KEY = "guest"
# a guest that heard no answer to its join asks again, after ASK_AGAIN_MS, ASK_AGAIN times at most
# (seen once in some dozens of joins on a loaded machine: the first text lost as the channel opened)
ASK_AGAIN_MS, ASK_AGAIN = 3000, 3
HOST_ONLY = {"export", "play-again", "hint", "undo", "playout", "open-review"}
"""Acts a guest's table cannot do: the game is on the host."""


def _text(value) -> str:
    return "" if value is None else str(value)


class Remote:
    """The app's part for tables across devices (see the module docstring)."""

    def __init__(self, app) -> None:
        self.app = app
        self.host: Optional[RemoteHost] = None
        self.hosted = HostedSeats()           # what the host keeps beside the open game (KEY_HOST + its id)
        self.hosted_key = ""
        self.offers: dict[str, dict] = {}     # remote seat -> its code, QR code, answer, status, error
        self.guest: Optional[GuestTable] = None
        self.join: dict = {}                  # the guest's state: status, code, svg, error, text
        self.count = 0                        # connection keys are "<seat>#<n>"
        self.loaded = False                   # web/remote.js has run
        self.pending: dict[str, str] = {}     # connection -> a door sent before the seat was proved
        self.given: set[str] = set()          # connections whose door was taken
        self.scan: Optional[dict] = None      # the scanner's view: what it scans for ("join" or a seat), its status
        self.said: tuple = ("", "")           # the last Copy or Share: (field id, what became of it)
        self.can_share = False                # the device has its own sharing (Web Share)
        page.ask("cardtableCanShare", then=lambda yes: setattr(self, "can_share", bool(yes)))
        # what web/remote.js tells: ("message", key, text) runs self.on_message(key, text), and so on
        page.on("cardtableRemoteEvent", lambda kind, *args: getattr(self, "on_" + kind)(*args))

    def acts(self) -> dict:
        return {"remote-devices": lambda _arg: self.show_host(), "remote-code": self.new_code,
                "remote-accept": self.accept, "remote-table": lambda _arg: self.to_table(),
                "join": lambda _arg: self.show_join(), "remote-join-read": lambda _arg: self.read_code(),
                "remote-join-again": lambda _arg: self.show_join(), "remote-computer": self.computer_plays,
                "remote-here": self.person_plays, "remote-back": self.back_to_device, "remote-scan": self.start_scan,
                "remote-scan-stop": lambda _arg: self.stop_scan(), "remote-copy": self.copy,
                "remote-share": lambda field_id: self.copy(field_id, share=True)}

    def refuses(self, verb: str) -> bool:
        """On a guest device, what only the host can do (the game is not here): said, not done."""
        if verb == "undo" and self.guest_playing():   # the guest's own last move, asked back from the host
            self.guest.take_back()
            self.app.render()
            return True
        if verb in HOST_ONLY and self.guest_playing():
            self.app.error = _(remote_html.GUEST_NOT_HERE)
            self.app.render()
            return True
        return False

    def computer_plays(self, seat: str) -> None:
        """A seat whose device is away is played by a computer on the host until it is given back."""
        self.lend(seat, DEFAULT_LEVEL)

    def person_plays(self, seat: str) -> None:
        """...or by a person here, passed the device in turn like the host's other people."""
        self.lend(seat, PERSON)

    def lend(self, seat: str, value: str) -> None:
        if self.host is not None and seat in self.offers and self.app.session.seat(seat).remote:
            self.hosted.lend(seat)   # kept first: after a reload the seat is still offered to its device
            self.keep_hosted()
            self.app.session.hand_seat(seat, value)
            self.host.seat_handed(seat)

    def back_to_device(self, seat: str) -> None:
        if self.host is not None and seat in self.offers:
            self.app.session.hand_seat(seat, REMOTE)
            self.hosted.give_back(seat)
            self.keep_hosted()
            self.host.seat_handed(seat)

    def keep_hosted(self) -> None:
        if self.hosted_key:
            local_set(self.hosted_key, self.hosted.dump())

    # ---- the page's module ---------------------------------------------------------------------
    def with_module(self, then) -> None:
        """Run ``then()`` once ``web/remote.js`` has loaded (it is loaded the first time only)."""
        if self.loaded:
            then()
            return
        page.call("cardtableStyle", STYLESHEET)

        def loaded(ok) -> None:
            if not ok:
                page.here.console.error("cardtable: web/remote.js did not load")
                return
            self.loaded = True
            then()
        page.ask("cardtableScript", SCRIPT, then=loaded)

    def ice(self) -> list:
        """The ICE servers the player set in Settings (none by default: nothing is contacted)."""
        return ice_servers(self.app.settings)

    def next_key(self, seat: str) -> str:
        self.count += 1
        return f"{seat}#{self.count}"

    # ---- the host -------------------------------------------------------------------------------
    def opened(self, game_id: Optional[str]) -> None:
        """A game was opened on this device: with seats on other devices (or lent from them to a
        computer for now), this device hosts them (their secrets kept from an earlier visit), and
        their codes are shown."""
        self.close_host()
        if not game_id or self.app.session.table is None:
            return
        hosted = HostedSeats.open(self.app.session, local_get(KEY_HOST + game_id))
        if not hosted.secrets:
            return
        self.hosted, self.hosted_key = hosted, KEY_HOST + game_id
        self.keep_hosted()
        self.host = RemoteHost(self.app.session, hosted.secrets, hosted.table, self.send, took_back=took_back_words)
        self.offers = {s: {"status": "making"} for s in hosted.secrets}
        self.app.screen = "remote-host"
        for seat in hosted.secrets:
            self.make_offer(seat)
            if seat in hosted.doors:   # a guest still open comes back through its door, with no code
                key = self.next_key(seat)
                self.offers[seat].setdefault("keys", []).append(key)
                host, door = self.host, hosted.doors[seat]
                self.with_module(lambda key=key, seat=seat, door=door: page.call(
                    "cardtableRemote.reach", key, door, host.table_id, seat, self.ice()))

    def close_host(self) -> None:
        for offer in self.offers.values():
            for key in {offer.get("key"), *offer.get("keys", ())} - {None}:
                self.close_link(key)
        self.host = None
        self.offers, self.pending, self.given = {}, {}, set()
        self.hosted, self.hosted_key = HostedSeats(), ""

    def names(self) -> dict[str, str]:
        table = self.app.table
        return {s: table.name_of(s) for s in table.seats} if table is not None else {}

    def make_offer(self, seat: str) -> None:
        key = self.next_key(seat)
        offer = self.offers[seat] = {"status": "making", "key": key, "code_key": key,
                                     "keys": [*self.offers[seat].get("keys", ()), key]}
        host = self.host
        label = _("Join code for {name}").format(name=self.names().get(seat, seat))

        def shown(result) -> None:
            if self.host is host and self.offers.get(seat) is offer:
                # (a door may have brought the guest back while the code was made: not shown over it)
                offer.update(status=offer["status"] if offer["status"] in ("connecting", "connected") else "shown",
                             code=_text(result["code"]), link=_text(result["link"]), svg=_text(result["svg"]),
                             known=bool(result["known"]))
                self.app.render()

        def failed(err) -> None:
            if offer["status"] not in ("connecting", "connected"):
                offer["status"] = "away"
            offer.update(error=_("The code could not be made: {why}").format(why=_text(err)))
            self.app.render()

        self.with_module(lambda: page.ask("cardtableRemote.offer", key, host.table_id, seat, host.judge.secrets[seat],
                                          label, self.ice(), self.hosted.doors.get(seat), then=shown, failed=failed))

    def new_code(self, seat: str) -> None:
        if self.host is not None and seat in self.offers:
            self.make_offer(seat)
            self.app.render()

    def accept(self, seat: str, text: Optional[str] = None) -> None:
        """*Connect*: the seat's answer (its field's, or ``text``, read by the scanner)."""
        offer = self.offers.get(seat)
        text = self.app.form.get(f"remote-answer-{seat}") if text is None else text
        if offer is None or self.host is None or text is None:
            return
        text = text.strip()
        offer["answer"] = text

        def done(_r) -> None:
            if offer.get("status") == "shown":
                offer["status"] = "connecting"
            offer["error"] = ""
            self.app.render()

        def failed(_err) -> None:
            offer["error"] = _(remote_html.NOT_AN_ANSWER)
            self.app.render()

        self.with_module(lambda: page.ask("cardtableRemote.accept", offer.get("code_key", offer["key"]), text,
                                          self.host.table_id, seat, then=done, failed=failed))

    def show_host(self) -> None:
        if self.host is not None:
            self.stop_scan_quietly()
            self.app.screen = "remote-host"
            self.app.render()

    def to_table(self) -> None:
        self.stop_scan_quietly()
        self.app.screen = "table"
        self.app.render()

    def send(self, conn, text: str) -> None:
        page.call("cardtableRemote.send", str(conn), text)

    # ---- what the links say ---------------------------------------------------------------------
    def on_message(self, key, text) -> None:
        key, text = str(key), str(text)
        try:
            if key == GUEST_KEY:
                self.guest_message(text)
            elif self.host is not None:
                self.host.receive(key, text)
                seat = key.split("#")[0]
                offer = self.offers.get(seat)
                if offer is not None and self.host.seat_on(key) == seat:   # the seat's link now, whichever opened
                    offer.update(status="connected", key=key)
                if key in self.pending and self.host.seat_on(key) == seat:
                    self.on_door(key, self.pending.pop(key))
                self.app.render()
        except Exception as err:   # a guest can never stop the host
            page.here.console.error(f"cardtable: remote message: {err!r}")

    def on_opened(self, key) -> None:
        key = str(key)
        if key == GUEST_KEY and self.guest is not None:
            self.join.update(status="connected", reached=False)
            self.guest.start(resume=self.join.get("resume", False) or self.guest.joined)
            self.ask_again_later(self.guest, ASK_AGAIN)
            self.app.render()
        elif self.host is not None:   # a code's link, or a door's: the seat's link now (once it joins)
            offer = self.offers.get(key.split("#")[0])
            if offer is not None and offer.get("status") != "connected":
                offer.update(status="connecting", key=key)
                self.app.render()

    def ask_again_later(self, table: GuestTable, tries: int) -> None:
        """The seat asked for again if the host has not answered in ``ASK_AGAIN_MS`` (``tries`` times
        at most, while this table's link is the one open)."""
        def again() -> None:
            if self.guest is table and self.join.get("status") == "connected" and table.ask_again() and tries > 1:
                self.ask_again_later(table, tries - 1)
        self.app.tasks.later(again, ASK_AGAIN_MS)

    def on_door(self, key, code) -> None:
        """The other side's door: kept (a guest's only once its connection holds the seat), and on
        the host answered by a door of its own for that guest."""
        key, code = str(key), str(code)
        if key == GUEST_KEY:
            if self.guest is not None:
                self.join["door"] = code
                self.keep_guest(self.guest)
            return
        seat = key.split("#")[0]
        if self.host is None or seat not in self.offers:
            return
        if self.host.seat_on(key) != seat:   # not (yet) proved by the seat's secret
            self.pending[key] = code
            return
        if key in self.given:   # one door a connection (a guest sends one when its link opens)
            return
        self.given.add(key)
        self.hosted.doors[seat] = code
        self.keep_hosted()
        offer, door = self.offers[seat], self.next_key(seat)
        for old in offer.get("doors", ()):
            if old != offer.get("key"):
                self.close_link(old)
        offer["doors"] = [door]
        offer.setdefault("keys", []).append(door)
        host = self.host
        self.with_module(lambda: page.call("cardtableRemote.door", door, key, code, host.table_id, seat, self.ice()))

    def close_link(self, key: str) -> None:
        page.call("cardtableRemote.close", key)

    def on_closed(self, key) -> None:
        key = str(key)
        if key == GUEST_KEY:
            if self.join.get("status") not in (None, "replaced"):
                self.join["status"] = "lost"
                if not self.join.get("reached") and self.guest is not None and self.join.get("door"):
                    self.reach_host()   # once: through the host's door (a host reloaded comes to ours)
                self.app.render()
            return
        if self.host is not None:
            self.host.dropped(key)
            seat = key.split("#")[0]
            offer = self.offers.get(seat)
            if offer is not None and offer.get("key") == key:
                offer.update(status="back" if seat in self.hosted.doors else "away", code="")
            self.app.render()

    # ---- the guest ------------------------------------------------------------------------------
    def show_join(self, text: str = "") -> None:
        if self.app.game is not None:
            self.app.close_game()
        self.join = {"text": text}
        self.stop_scan_quietly()
        self.app.screen = "join"
        self.with_module(lambda: None)   # (its stylesheet, and what the page tells: loaded now)
        self.app.render()
        kept = self.kept_guest()
        if text:
            self.read_code(text)
        elif kept.get("door") and kept.get("secret"):   # a reload: back through the host's door
            self.guest_table(kept["table"], kept["seat"], kept["secret"], kept, lambda _t: None)
            self.join["door"] = kept["door"]
            self.reach_host()

    def guest_table(self, table: str, seat: str, secret: str, kept: dict, send) -> bool:
        """The guest's table for a seat (resumed when it is the kept seat): whether it resumes."""
        resume = kept.get("table") == table and kept.get("seat") == seat
        guest = Guest(table, seat, secret, seq=kept.get("seq", 0) if resume else 0)
        self.guest = GuestTable(self.app.session, guest, send, self.app.table_screen.table_for, keep=self.keep_guest,
                                 took_back=took_back_words, fair=kept.get("fair") if resume else None)
        self.join.update(error="", resume=resume, door=kept.get("door") if resume else None)
        return resume

    def reach_host(self) -> None:
        """A guest reloaded or cut off: a link through the host's door (it opens if the host still is)."""
        guest = self.guest.guest
        self.join.update(status="reconnecting", reached=True, resume=True)

        def failed(err) -> None:   # a kept door that is not one (malformed): the code is the way back
            page.here.console.warn(f"cardtable: the host's door not used: {err}")
            self.join.update(status="lost", door=None)
            self.app.render()

        def go() -> None:
            self.guest.send = lambda t: self.send(GUEST_KEY, t)
            page.ask("cardtableRemote.reach", GUEST_KEY, self.join["door"], guest.table, guest.seat, self.ice(),
                     then=lambda _r: None, failed=failed)
        self.with_module(go)
        self.app.render()

    def read_code(self, text: Optional[str] = None) -> None:
        text = self.join["text"] = self.app.form.get("join-code", "") if text is None else text

        def refused(_err) -> None:
            self.join.update(error=_(remote_html.NOT_A_CODE), status=None)
            self.app.render()

        def read(offer: dict) -> None:
            self.guest_table(offer["table"], offer["seat"], offer["secret"], self.kept_guest(),
                             lambda t: self.send(GUEST_KEY, t))
            table, seat = self.guest.guest.table, self.guest.seat
            self.join["status"] = "answering"
            self.app.render()
            label = _("Your answer to the host")

            def answered(result) -> None:
                self.join.update(status="answered", code=_text(result["code"]), svg=_text(result["svg"]))
                self.app.render()

            def failed(err) -> None:
                self.join.update(status=None, error=_("The answer could not be made: {why}").format(why=_text(err)))
                self.app.render()

            page.ask("cardtableRemote.answer", GUEST_KEY, offer["sdp"], table, seat, label, self.ice(),
                     then=answered, failed=failed)
        self.with_module(lambda: page.ask("cardtableRemote.read", text, then=read, failed=refused))

    def guest_message(self, text: str) -> None:
        guest = self.guest
        if guest is None:
            return
        was = guest.joined
        message = guest.receive(text)
        if message is None:
            return
        if message["type"] == "closed":
            self.join["status"] = "replaced"
        if message["type"] == "deal_ask" and not guest.joined:   # seated: the first deal waits for everyone
            self.join["status"] = "waiting"
            self.app.render()
        if message["type"] == "lent":
            self.keep_guest(guest)   # (the host's name, for home's way back to this table)
            self.app.render()
        if message["type"] == "welcome" and was and "took_back" in message and self.app.session.log:
            self.app.said.append(str(self.app.session.log[-1]))   # "Hana took back 10♦.", said here too
            self.app.render()
        if message["type"] == "refused" and not guest.joined:
            code = message.get("code")
            self.join.update(status=None, error=_(remote_html.SEAT_REFUSED.get(code, remote_html.SEAT_REFUSED["other"])))
            self.app.render()
        if guest.joined and not was:
            self.join["status"] = "playing"
            self.app.table.you = guest.seat
            self.app.banner = ""
            self.app.screen = "table"
            self.app.render()
        elif message["type"] == "closed":
            self.app.render()

    def kept_guest(self) -> dict:
        try:
            kept = load_json(local_get(KEY_GUEST) or "{}", max_bytes=1 << 20, what="a guest's seat")
        except Exception:
            return {}
        if not isinstance(kept, dict):
            return {}
        seq, table, seat, secret = kept.get("seq"), kept.get("table"), kept.get("seat"), kept.get("secret")
        if not (isinstance(table, str) and isinstance(seat, str) and isinstance(secret, str)):
            return {}
        return {"table": table, "seat": seat, "secret": secret, "seq": seq if type(seq) is int and seq >= 0 else 0,
                "door": kept["door"] if door_code(kept.get("door")) else None,
                "fair": kept["fair"] if isinstance(kept.get("fair"), dict) else None}

    def keep_guest(self, table: GuestTable) -> None:
        """A guest keeps its seat and what it saw (the seat's view), nothing else."""
        guest = table.guest
        local_set(KEY_GUEST, json.dumps({"table": guest.table, "seat": guest.seat, "secret": guest.secret,
                                         "seq": guest.seq, "at": guest.at, "view": guest.view,
                                         "door": self.join.get("door"), "host": table.host_name,
                                         "fair": table.fair.dump()}))

    def guest_playing(self) -> bool:
        return self.guest is not None and self.guest.joined and self.app.session.game is not None \
            and getattr(self.app.session.game, "remote", False)

    # ---- passing a code: Copy, Share ------------------------------------------------------------
    def passing(self) -> dict:
        return {"share": self.can_share, "said": self.said}

    def copy(self, field_id: str, share: bool = False) -> None:
        """*Copy*: the field's text to the clipboard (or, with no clipboard, selected to copy by hand);
        *Share* (``share``): through the device's own sharing (Web Share), a link as a link."""
        text = self.app.form.get(field_id)
        if text is None:
            return
        data = {"title": "Card Table", "url" if text.startswith(("http://", "https://")) else "text": text}

        def done(how) -> None:   # (shared, or cancelled: nothing to say)
            if how in ("copied", "select"):
                self.said = (field_id, _("Copied: now paste it in a message to them.") if how == "copied"
                             else _(remote_html.COPY_BY_HAND))
                self.app.render()
        page.ask("cardtableSend", field_id, text, data if share else None, then=done)

    # ---- the scanner ----------------------------------------------------------------------------
    def start_scan(self, target: str) -> None:
        """Scan: the camera (asked for now) reads the host's code on the join screen (``join``), or a
        seat's answer on the host's screen; its view shows over the screen until a code is read."""
        if not (target == "join" and self.app.screen == "join") and not (
                self.app.screen == "remote-host" and self.answering(target)):
            return
        self.scan = {"for": target, "status": "starting"}
        self.app.render()
        self.with_module(lambda: page.call("cardtableRemote.scan", "scan-video", f"remote-answer-{target}"))

    def stop_scan(self) -> None:
        """Cancel, Escape or leaving the screen: the camera stops, the view closes."""
        page.call("cardtableRemote.stopScan")
        if self.scan is not None:
            self.scan = None
            self.app.render()

    def on_scan_state(self, word) -> None:
        word = str(word)
        if self.scan is not None and word in remote_html.SCAN_STATUS:
            self.scan["status"] = word
            self.app.render()

    def on_scan_found(self, text) -> None:
        """A code was read (the camera is off now): joined with, or taken as the seat's answer."""
        scan, self.scan = self.scan, None
        text = str(text).strip()
        if scan is None:
            return
        if scan["for"] == "join" and self.app.screen == "join":
            self.read_code(text)
            return
        seat = scan["for"]   # (web/remote.js put the text in the seat's field)
        if self.app.screen == "remote-host" and self.answering(seat):
            self.accept(seat, text)
        self.app.render()

    def answering(self, seat: str) -> bool:
        """The host's screen shows the seat's code and the field for its answer."""
        offer = self.offers.get(seat, {})
        return offer.get("status") in ("shown", "connecting") and bool(offer.get("code"))

    def scanning(self) -> bool:
        """The scanner's view is up (on the screen it was opened from)."""
        wanted = "join" if self.scan is not None and self.scan["for"] == "join" else "remote-host"
        return self.scan is not None and self.app.screen == wanted

    # ---- the app's hooks ------------------------------------------------------------------------
    def html(self) -> str:
        if self.scan is not None and not self.scanning():
            self.stop_scan_quietly()
        if self.app.screen == "join":
            return remote_html.join_html(self.join, self.passing()) + (
                remote_html.scan_html(self.scan) if self.scanning() else "")
        session = self.app.session
        on_host = frozenset(s for s in self.offers if session.table is not None and not session.seat(s).remote)
        here = frozenset(s for s in on_host if session.seat(s).here)
        scanner = remote_html.scan_html(self.scan, self.names().get(self.scan["for"], "")) if self.scanning() else ""
        return remote_html.host_html(self.names(), self.offers, on_host, here, self.passing()) + scanner

    def stop_scan_quietly(self) -> None:
        """The scanner's screen was left: its camera stops (no redraw: one is under way)."""
        self.scan = None
        page.call("cardtableRemote.stopScan")

    def bar(self) -> str:
        """Over the table: the host's devices while one is not connected, or a guest's lost connection."""
        if self.app.screen != "table":
            return ""
        if self.guest_playing():
            return remote_html.guest_bar(self.join.get("status"), self.guest.lent, self.guest.checked)
        session = self.app.session
        lent = {s: "person" if session.seat(s).here else "computer" for s in self.offers
                if session.table is not None and not session.seat(s).remote}
        if self.host is not None and self.app.game is not None and (set(self.offers) - self.host.present or lent):
            # only while a device is away or its seat lent: the table keeps the whole screen otherwise
            return remote_html.table_bar(self.names(), self.host.present, list(self.offers), lent)
        return ""

    def route(self) -> Optional[str]:
        """The location hash of a remote screen (None: not one)."""
        if self.app.screen == "join" or (self.app.screen == "table" and self.guest_playing()):
            return "#join"
        if self.app.screen == "remote-host" and self.app.game_id:
            return f"#game/{self.app.game_id}"
        return None

    def go_to(self, route: str) -> bool:
        """Show a remote screen a location hash names (``#join``, ``#join=<code>``): True if it was one."""
        if not route.startswith("#join"):
            return False
        if self.guest_playing() and route == "#join":
            self.app.screen = "table"
            self.app.render()
            return True
        self.show_join(route[len("#join="):] if route.startswith("#join=") else "")
        return True

    def closed(self) -> None:
        """The open game was closed on this device."""
        self.stop_scan_quietly()
        self.close_host()
        if self.guest is not None:
            self.close_link(GUEST_KEY)
            self.guest = None
            self.join = {}
