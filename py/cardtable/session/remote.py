"""Seats played on other devices, in the game session: the host's side (``RemoteHost``) and a
guest device's (``GuestTable``, drawing from ``ViewGame``).

Pure Python (no browser import); the transport is given as functions (a WebRTC data channel in
the page, ``ui.screens.remote``; a fake in ``tests/test_session_remote.py``).

On the host, ``RemoteHost`` puts the judge (``net.judge.Judge``) between the guests and the
session: a guest's message is judged, and an action it lets through is made by
``GameSession.move`` -- the one path of every move (engine's legal actions -> apply, log, save,
holds, next turn).  Every move made at the table (a guest's, the host's person's, a computer's)
reaches every guest with that guest's own view, through the session's ``listeners``::

    host = RemoteHost(session, {"p1": secret}, table_id, send)   # send(conn, text)
    host.receive(conn, text)     # a guest's message
    host.dropped(conn)           # the transport lost it

Beside a saved game it hosts, the host keeps ``HostedSeats`` (the table's id, each hosted seat's
secret, the seats lent to a computer while their device is away, each seat's guest's door), so
that a reloaded host offers the same seats -- a lent one too -- with the same secrets, and reaches
each guest that is still open through its door.

On a guest device, ``GuestTable`` opens a ``GameSession`` on a ``ViewGame``, a stand-in for the
game holding only the views the host sent.  A move the host tells is made on it through
``GameSession.move`` too (holds, words, summaries as on the host); the person's own move goes to
the host (``GameSession.forward``) and is drawn when the host's ``move`` comes back.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable, Hashable, Optional

from ..cards import Card
from ..coach.undo import news, undo_target
from ..game import IllegalAction, RecordError
from ..net.fair import GuestFair, deal_of
from ..net.guest import Guest
from ..net.judge import Judge
from ..net.messages import REFUSALS, Refused, encode, new_secret, new_table_id
from ..record import load_json
from .seats import PERSON, REMOTE

Send = Callable[[Hashable, str], None]


LENT = "casual"
"""The controller a guest's table shows for its own seat while a computer plays it on the host
(the guest's session never thinks: its script has no move)."""
HOSTED_MAX_BYTES = 16384
"""The most a kept ``HostedSeats`` entry may hold (a few ids, and a door's code per seat)."""
MAX_DOOR = 1024
"""The longest door code kept (a join code of a few candidates is about 150 characters)."""


def door_code(value: Any) -> bool:
    """Whether a kept value can be a door's code: base64url text (``web/remote.js`` decodes it, or
    refuses it), the join code of a link waiting for the other side (``ui.screens.remote``).

    >>> door_code("EdLz-_9"), door_code(""), door_code("<b>"), door_code(7), door_code("é")
    (True, False, False, False, False)
    """
    return isinstance(value, str) and 0 < len(value) <= MAX_DOOR and value.isascii() and \
        all(c.isalnum() or c in "-_" for c in value)


@dataclass
class HostedSeats:
    """What a host keeps beside a saved game with seats on other devices (the page keeps it as
    JSON in ``localStorage["cardtable:remote:<game id>"]``): the table's id, each hosted seat's
    secret, and ``lent``, the hosted seats given to a computer or a person here while their device
    is away.  The game's saved controller of a lent seat is then the computer's, so ``lent`` is
    what says after a reload that the seat is still another device's, to be offered again and
    given back.  ``lent`` came after the first entries: an entry without it lends none.  ``doors``:
    each seat's guest's door (``door_code``), the way back to a guest still open; later still."""

    table: str = ""
    secrets: dict[str, str] = field(default_factory=dict)
    lent: list[str] = field(default_factory=list)
    doors: dict[str, str] = field(default_factory=dict)

    @classmethod
    def read(cls, text: Optional[str]) -> "HostedSeats":
        """A kept entry (none: an empty one; anything malformed is left out, never an error)."""
        try:
            kept = load_json(text or "{}", max_bytes=HOSTED_MAX_BYTES, what="a table's seats")
        except RecordError:
            return cls()
        if not isinstance(kept, dict):
            return cls()
        secrets, lent, doors = kept.get("secrets"), kept.get("lent"), kept.get("doors")
        return cls(table=kept["table"] if isinstance(kept.get("table"), str) else "",
                   secrets={s: v for s, v in secrets.items() if isinstance(v, str)} if isinstance(secrets, dict) else {},
                   lent=[s for s in lent if isinstance(s, str)] if isinstance(lent, list) else [],
                   doors={s: v for s, v in doors.items() if door_code(v)} if isinstance(doors, dict) else {})

    @classmethod
    def open(cls, session, text: Optional[str]) -> "HostedSeats":
        """The seats this device hosts for the game open in ``session``: those played on another
        device, and those of them lent for now (``text``: the kept entry, or None); their kept
        secrets and table id, or new ones.  No hosted seat: empty ``secrets``."""
        kept = cls.read(text)
        lent = [s for s in session.table.seats if s in kept.lent and not session.seat(s).remote]
        seats = [s for s in session.table.seats if session.seat(s).remote or s in lent]
        return cls(table=kept.table or new_table_id(), secrets={s: kept.secrets.get(s) or new_secret() for s in seats},
                   lent=lent, doors={s: d for s, d in kept.doors.items() if s in seats})

    def lend(self, seat: str) -> None:
        if seat in self.secrets and seat not in self.lent:
            self.lent.append(seat)

    def give_back(self, seat: str) -> None:
        if seat in self.lent:
            self.lent.remove(seat)

    def dump(self) -> str:
        return json.dumps({"table": self.table, "secrets": self.secrets, "lent": self.lent, "doors": self.doors})


class RemoteHost:
    """The host's side of the seats played on other devices (see the module docstring)."""

    def __init__(self, session, secrets: dict[str, str], table_id: str, send: Send,
                 took_back: Optional[Callable[[Any, str, str], str]] = None) -> None:
        """``took_back(table, seat, action)``: the log line of a guest's undo, in words.  A game not
        begun waits for its first deal's values (``waiting``: the session's dialog: no card shows,
        no computer moves)."""
        self.session = session
        self.send = send
        self.took_back = took_back or (lambda table, seat, action: f"{table.name_of(seat)} took back a move.")
        self.judge = Judge(session.game, secrets, table_id, apply=self._apply, tell_moves=False,
                           take_back=self._take_back, fair=True, first_deal=self._first_deal)
        session.listeners.append(self)
        if self.judge.waiting:
            session.cancel_bot()
            session.dialog = ("waiting",)
            self.expect()

    def expect(self) -> None:
        """The seats whose device the first deal waits for: those played on their device now."""
        self._send_all(self.judge.expect([s for s in self.judge.secrets if self.session.seat(s).remote]))

    def _first_deal(self, seed: Optional[str]) -> None:
        """The first deal's values are in (``seed``; None: no device to wait for): the game starts
        from that seed, every guest is welcomed."""
        session = self.session
        session.dialog = None
        if seed is not None:
            record = session.game.to_record()
            record.update(seed=seed, deals=[])
            session.rewind(type(session.game).from_record(record), 0, None, False)
            session.save()
        else:
            self._send_all(self.judge.welcome_again())
        for seat, conn in self.judge.connection.items():
            self.send(conn, self.lent_text(seat))
        self._send_all(self.judge.deal_turn())
        session.advance()

    @property
    def table_id(self) -> str:
        return self.judge.table

    @property
    def present(self) -> set[str]:
        """The seats whose device is connected now."""
        return self.judge.present

    @property
    def hosted(self) -> set[str]:
        """The seats this host plays for other devices (lent to a computer or a person here too)."""
        return set(self.judge.secrets)

    def receive(self, conn: Hashable, text: str | bytes) -> None:
        """A guest's message: judged, then answered (a move is told to every guest); a seat welcomed
        is told who plays it (``lent``: the host's name, and whether the host plays it for now)."""
        out = self.judge.receive(conn, text)
        self._send_all(out)
        seat = self.seat_on(conn)
        if seat is not None and any(c == conn and '"type":"welcome"' in t for c, t in out):
            self.send(conn, self.lent_text(seat))

    def lent_text(self, seat: str) -> str:
        """The ``lent`` message for a seat: who plays it on the host now (None: its own device)."""
        who = self.session.seat(seat)
        humans, session = self.session.humans(), self.session
        names = dict(zip(session.table.seats, session.game.players or ()))
        return encode({"type": "lent", "by": None if who.remote else ("computer" if who.computer else "person"),
                       "host": names.get(humans[0], "") if humans else ""})

    def seat_handed(self, seat: str) -> None:
        """The host lent a seat or gave it back: its device, if connected, is told."""
        conn = self.judge.connection.get(seat)
        if conn is not None and not self.judge.waiting:
            self.send(conn, self.lent_text(seat))
        self.expect()

    def seat_on(self, conn: Hashable) -> Optional[str]:
        """The seat a connection holds (proved by its secret), or None."""
        return self.judge.seat_of.get(conn)

    def dropped(self, conn: Hashable) -> None:
        self._send_all(self.judge.dropped(conn))
        self.session.events.changed()

    def _apply(self, action: str) -> str:
        session = self.session
        if not session.seat(session.game.to_act).remote:
            # the host gave the seat to a computer or a person here while its guest was away
            raise IllegalAction(REFUSALS["played_on_host"], "played_on_host")
        if session.hold:
            session.release_hold()   # a trick still shown on the host: collected now
        return session.move(action)

    def _take_back(self, seat: str) -> None:
        """A guest takes back its own last move: only while it is the last of the game and nothing
        new came into the seat's view since (``coach.undo``, the pass-and-play rule)."""
        session = self.session
        record = session.game.to_record()
        keep = undo_target(record, seat, against_computers=False)
        if keep is None or not session.seat(seat).remote or session.dialog is not None:
            raise Refused("cannot_undo")
        session.undo(keep, self.took_back(session.table, seat, record["actions"][keep]), False, seat)
        session.advance()

    # ---- the session's listener -----------------------------------------------------------------
    def moved(self, actor: Optional[str], action: str, before: dict) -> None:
        self._send_all(self.judge.moved(actor, action, before.get("hand_number")))

    def rewound(self, taken: Optional[tuple] = None) -> None:
        """An undo on the host: every guest is welcomed again at the position now, told who took
        back which (public) action."""
        self._send_all(self.judge.welcome_again(self.session.game, taken))

    def closed(self) -> None:
        """The host closed the game: nothing is judged any more."""

    def _send_all(self, out) -> None:
        for conn, text in out:
            self.send(conn, text)


class ViewGame:
    """A guest device's stand-in for the game: what the table screens read of a game, from the
    seat's views the host sent (``view(any seat)`` is the seat's own view: the only one it has).

    ``apply`` makes the move the host told (``expect`` gave its view first); the guest never
    decides what a move does.  Seep's move composition (``actions_using``, ``refusal``) is
    answered on an engine built from the view (``Seep.from_view``) holding the seat's own cards."""

    remote = True

    def __init__(self, view: dict, at: int, seat: str) -> None:
        self.undoable = False   # the seat's own move is the last, and showed it nothing new (``GuestTable``)
        self.seat = seat
        self.name = view["game"]
        self.actions: list[Optional[str]] = [None] * at   # the public actions seen (None: before joining)
        self._view = view
        self._next: Optional[tuple[dict, int]] = None
        self._engine = None

    def reset(self, view: dict, at: int) -> None:
        """The host's position now (a welcome): replaces what was held."""
        self._view, self._next, self._engine = view, None, None
        del self.actions[at:]
        self.actions.extend([None] * (at - len(self.actions)))

    def expect(self, view: dict, at: int) -> None:
        """The view the next ``apply`` brings (the host's ``move`` message)."""
        self._next = (view, at)

    def apply(self, action: str) -> str:
        if self._next is None:
            raise IllegalAction("the host makes the moves", "illegal")
        view, at = self._next
        self._view, self._next, self._engine = view, None, None
        self.actions.append(action)   # (``at`` is one more than before: the guest checked it)
        return action

    # ---- what the table screens read ------------------------------------------------------------
    def view(self, seat: Optional[str] = None, history: bool = True) -> dict:
        if history or "history" not in self._view:
            return self._view
        return {k: v for k, v in self._view.items() if k != "history"}

    @property
    def seats(self) -> list[str]:
        v = self._view
        return list(v["seats"]) if "seats" in v else list(v["players"])

    @property
    def sides(self) -> list[str]:
        return list(self._view.get("sides") or self.seats)

    @property
    def players(self) -> list[str]:
        names = self._view["players"]
        return [names[s] for s in self.seats] if isinstance(names, dict) else list(names)

    @property
    def options(self) -> dict:
        return self._view["options"]

    @property
    def to_act(self) -> Optional[str]:
        return self._view["to_act"]

    @property
    def over(self) -> bool:
        return bool(self._view["over"])

    @property
    def phase(self) -> str:
        return self._view["phase"]

    @property
    def hand_number(self) -> int:
        return self._view["hand_number"]

    @property
    def history(self) -> list:
        return self._view.get("history") or []

    @property
    def action_count(self) -> int:
        return len(self.actions)

    def legal_actions(self) -> list[str]:
        return list(self._view["legal"]) if self.to_act == self.seat else []

    # ---- Seep's move composition ---------------------------------------------------------------
    def _seep(self):
        """A Seep engine of the card play, with this seat's cards only (None when not Seep's play)."""
        v = self._view
        if self.name != "seep" or v["phase"] != "play" or v["to_act"] != self.seat:
            return None
        if self._engine is None:
            from ..games.seep import Seep

            engine = Seep.from_view(v)
            engine.deal_hidden([[Card.parse(c).index for c in v["hand"]] if s == self.seat else []
                                for s in self.seats])
            self._engine = engine
        return self._engine

    def actions_using(self, card: str, selection=()) -> list[str]:
        engine = self._seep()
        if engine is None:
            return []
        legal = set(self._view["legal"])
        return [a for a in engine.actions_using(card, selection) if a in legal]

    def refusal(self, action: str) -> Optional[IllegalAction]:
        if action in self._view["legal"]:
            return None
        engine = self._seep()
        err = engine.refusal(action) if engine is not None else None
        return err or IllegalAction("that move is not allowed now", "illegal")


class GuestScript:
    """A guest's session is scripted: no computer thinks here, and what is kept is the guest's own
    copy (``keep``: what it saw), never a game record."""

    def __init__(self, keep: Callable[[], None]) -> None:
        self.keep = keep

    def computer_action(self) -> None:
        return None

    def moved(self, actor: str) -> None:
        pass

    def save(self) -> None:
        self.keep()


class GuestTable:
    """A guest device's table (see the module docstring)."""

    def __init__(self, session, guest: Guest, send: Callable[[str], None], make_table: Callable[[Any], Any],
                 keep: Optional[Callable[["GuestTable"], None]] = None,
                 took_back: Optional[Callable[[Any, str, str], str]] = None, fair: Optional[dict] = None) -> None:
        """``took_back(table, seat, action)``: the log line of an undo on the host, in words;
        ``fair``: the deals' values kept before a reload (``GuestFair.dump``)."""
        self.session = session
        self.took_back = took_back or (lambda table, seat, action: f"{table.name_of(seat)} took back a move.")
        self.guest = guest
        self.send = send
        self.make_table = make_table
        self.keep = keep
        self.replaced = False       # the host took this seat up again on another connection
        self.waiting = False        # the person's move is on its way to the host
        self.refusal: Optional[dict] = None   # the host's last refusal
        self.asked: Optional[str] = None      # the seat asked for and no answer yet: the text sent
        self.lent: Optional[dict] = None      # the host plays this seat for now: {"by": ..., "host": name}
        self.host_name = ""                   # the host's name (told with each welcome)
        self.fair = GuestFair.load(guest.seat, fair)   # the deals' values, what it saw, the checks (``net.fair``)

    @property
    def seat(self) -> str:
        return self.guest.seat

    @property
    def joined(self) -> bool:
        return self.session.game is not None and getattr(self.session.game, "remote", False)

    @property
    def checked(self) -> Optional[dict]:
        """The last deal's check (``net.fair``) while the deal after it is played, else None."""
        check = self.fair.result
        return check if check and self.joined and deal_of(self.session.game.view()) <= check["deal"] + 1 else None

    def start(self, resume: bool = False) -> None:
        """Ask for the seat (``resume``: again, after a reload or a lost connection)."""
        self.replaced = False
        self.asked = self.guest.join(resume=resume)
        self.send(self.asked)

    def ask_again(self) -> bool:
        """Ask for the seat once more if the host has not answered (a welcome, a refusal) since
        ``start``: whether it asked.  A channel's first text has been seen lost as it opened, the
        guest then waiting for ever; the host welcomes a seat asked for again on its connection."""
        if self.asked is None:
            return False
        self.send(self.asked)
        return True

    def receive(self, text: str | bytes) -> Optional[dict]:
        """A host's message: the table follows it (a message that is not one is ignored: None)."""
        try:
            message = self.guest.receive(text)
        except RecordError:
            return None
        kind = message["type"]
        if kind in ("welcome", "refused", "closed"):
            self.asked = None
        if kind == "welcome":
            self._welcome(message.get("took_back"))
        elif kind == "move":
            self._move(message)
        elif kind == "refused":
            self.waiting = False
            self.refusal = message
            if not self.joined or str(message.get("code")).startswith("fair_"):
                return message   # the seat was refused (the joining screen says why), or a deal's value
            values = message.get("values") if isinstance(message.get("values"), dict) else {}
            self.session.events.refused(IllegalAction(str(message.get("reason", "")), str(message.get("code")),
                                                      **values))
        elif kind == "closed":
            self.replaced = True
            self.session.events.changed()
        elif kind == "lent" and self.joined:
            self._lent(message)
        elif kind.startswith("deal_"):
            answer = self.fair.receive(message)
            if answer:
                self.send(self.guest.fair(*answer))
                if self.keep:   # (its value kept before the host may see it: a reload can still check)
                    self.keep(self)
            if kind == "deal_reveal":
                self.session.events.changed()
        return message

    def _lent(self, message: dict) -> None:
        """The host plays this seat for now (a computer or a person there), or gave it back: the
        seat is shown played elsewhere meanwhile, with no live cards."""
        by, host = message.get("by"), message.get("host")
        self.host_name = host[:40] if isinstance(host, str) else ""
        self.lent = {"by": by, "host": self.host_name} if by in ("computer", "person") else None
        session = self.session
        session.controllers[self.seat] = PERSON if self.lent is None else (LENT if by == "computer" else REMOTE)
        session.events.changed()

    def take_back(self) -> bool:
        """The person's own last move, asked back from the host (who judges it): whether asked."""
        game = self.session.game
        if not self.joined or self.waiting or self.lent is not None or not game.undoable:
            return False
        self.waiting = True
        self.send(self.guest.undo())
        return True

    def act(self, action: str) -> bool:
        """The person's move: sent to the host (one at a time), drawn when the host tells it."""
        game = self.session.game
        if not self.joined or self.waiting or game.to_act != self.seat:
            return False
        if self.lent is not None:
            self.session.events.refused(IllegalAction(REFUSALS["played_on_host"], "played_on_host"))
            return False
        if action not in game.legal_actions():
            err = game.refusal(action) if game.name == "seep" else None
            self.session.events.refused(err or IllegalAction("that move is not allowed now", "illegal"))
            return False
        self.waiting = True
        self.send(self.guest.act(action))
        return True

    def _welcome(self, taken: Any = None) -> None:
        """The host's position (``taken``: a welcome after an undo on the host says who took back
        which move: the table goes back, its log says so)."""
        session, view, at = self.session, self.guest.view, self.guest.at
        self.waiting = False
        self.fair.saw(view)
        if not self.joined:
            game = ViewGame(view, at, self.seat)
            controllers = {s: (PERSON if s == self.seat else REMOTE) for s in game.seats}
            self.lent = None
            session.open(game, None, self.make_table(game), controllers, log=[],
                         script=GuestScript(lambda: self.keep and self.keep(self)))
            session.forward = self.act
            session.advance()
            return
        session.cancel_hold()
        session.game.undoable = False
        dropped = session.game.action_count - at
        session.game.reset(view, at)
        if isinstance(taken, dict) and taken.get("seat") in session.game.seats \
                and isinstance(taken.get("action"), str) and dropped > 0:
            session.rewind(session.game, dropped, self.took_back(session.table, taken["seat"], taken["action"]),
                           False)
        else:
            session.table.after_move(session.game)
        session.dialog = ("over",) if session.game.over else None
        session.advance()

    def _move(self, message: dict) -> None:
        session, game = self.session, self.session.game
        if not self.joined:
            return
        if message["at"] != game.action_count + 1 or message["seat"] != game.to_act:
            self._welcome()   # a move missed (cannot happen on an ordered channel): take the position as told
            return
        if message["seat"] == self.seat:
            self.waiting = False
        self.fair.saw(self.guest.view, message["seat"], message["action"], game.view())
        if session.hold:
            session.release_hold()
        # (known before the move is drawn)
        game.undoable = message["seat"] == self.seat and not news(game.view(), self.guest.view, message["action"])
        game.expect(self.guest.view, message["at"])
        session.move(message["action"])
