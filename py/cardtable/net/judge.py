"""The host's judge: every guest message is checked before anything reaches the game.

The judge knows connections only by an id the transport gives (any hashable value); it answers
each message with the texts to send, as ``(connection, text)`` pairs::

    judge = Judge(game, {"p1": secret1, "p2": secret2}, table="Ab3_x9Qz")
    out = judge.receive(conn, text)       # a guest's message: checked, applied or refused
    action = judge.apply("bid 4")         # the host's own seat or a computer: the same path,
    out = judge.moved(actor, action, hand)    # then sent to every guest with its own view
    judge.dropped(conn)                   # the transport lost a connection

Checks, in order: size, strict JSON through ``record.load_json`` (one level deep at most), the
exact shape (``messages.read_guest``); then, for a join, the table, the seat (one the host gave a
code for), its secret, and that this connection holds no seat and the seat has no other
connection (a resume takes over from one); for an action, that the connection has joined, the
sequence number is new, the seat is the one to act, the position is the current one, and the
engine's own ``legal actions -> apply`` takes it.  A refused message changes nothing (game, seats,
sequence numbers) and is answered with a ``refused`` message to its sender only.  A move, by a
guest or by the host, goes to every connected guest with that guest's own view, never another's.
"""

from __future__ import annotations

from typing import Any, Callable, Hashable, Optional

from ..game import Game, IllegalAction
from .fair import HostRound, deal_of, is_hex
from .messages import Refused, encode, read_guest, same_secret

Outgoing = list[tuple[Hashable, str]]


class Judge:
    """The host's side of a table: which connection plays which seat, and what it may do."""

    def __init__(self, game: Game, secrets: dict[str, str], table: str,
                 apply: Optional[Callable[[str], str]] = None, tell_moves: bool = True,
                 take_back: Optional[Callable[[str], None]] = None, fair: bool = False,
                 first_deal: Optional[Callable[[Optional[str]], None]] = None) -> None:
        """``apply``: how a move is made (default ``game.apply``; the app's session, which also saves
        and logs it); it must raise ``IllegalAction`` and change nothing on a refusal.
        ``tell_moves=False``: a guest's accepted move is not answered with the ``move`` texts (the
        host's session tells every move itself, through ``moved``).  ``fair``: each deal after the
        guests joined is dealt from a seed of every device's value (``net.fair``).  ``first_deal``:
        a game not begun waits for its first deal's values (``waiting``; a joined guest is asked
        for them, welcomed once they are in); then ``first_deal(seed)`` starts it again from that
        seed (None: no device to wait for, the game starts as it is)."""
        unknown = set(secrets) - set(game.seats)
        if unknown:
            raise ValueError(f"no such seat in {game.name}: {', '.join(sorted(unknown))}")
        self.game = game
        self.apply = apply or game.apply
        self.tell_moves = tell_moves
        self.take_back = take_back   # a seat's undo (``Refused`` when not its to take back); none: refused
        self.table = table
        self.secrets = dict(secrets)
        self.connection: dict[str, Hashable] = {}     # seat -> its live connection
        self.seat_of: dict[Hashable, str] = {}        # connection -> seat
        self.last_seq = {seat: 0 for seat in secrets}
        self.rounds: dict[int, HostRound] = {}        # deal -> its values (``net.fair``)
        self.fair = fair
        self.first_deal = first_deal
        self.waiting = bool(fair and first_deal and game.action_count == 0 and hasattr(game, "seed_deal")
                            and not is_hex(game.to_record().get("seed")))
        if self.waiting:
            self.rounds[0] = HostRound(0, ())

    # ---- what the transport calls ----------------------------------------------------------------
    def receive(self, conn: Hashable, text: str | bytes) -> Outgoing:
        """Judge one message from ``conn``: the texts to send (to it, or to every guest after a move)."""
        seq = None
        try:
            message = read_guest(text)
            seq = message.get("seq")
            if message["type"] in ("join", "resume"):
                return self._join(conn, message)
            seat = self.seat_of.get(conn)
            if seat is None:
                raise Refused("not_joined")
            if seq <= self.last_seq[seat]:
                raise Refused("replayed", last=self.last_seq[seat])
            if message["type"] == "ping":
                self.last_seq[seat] = seq
                return [(conn, encode({"type": "pong", "seq": seq, "at": self.game.action_count}))]
            if message["type"] == "undo":
                return self._undo(seat, message)
            if message["type"] in ("commit", "reveal"):
                return self._fair(seat, message)
            return self._act(seat, message)
        except Refused as err:
            return [(conn, self._refusal(seq, err.code, str(err), err.values))]
        except IllegalAction as err:
            return [(conn, self._refusal(seq, err.code, str(err), err.values))]

    def dropped(self, conn: Hashable) -> Outgoing:
        """The transport lost ``conn``: its seat is free for a resume (or a join); a deal's values
        asked of it go on without it if it had not committed yet (the texts to send then)."""
        seat = self.seat_of.pop(conn, None)
        if seat is not None and self.connection.get(seat) == conn:
            del self.connection[seat]
            return [out for r in self.rounds.values() if r.gone(seat) for out in self._tell(r.commits(), r.hashes)]
        return []

    @property
    def present(self) -> set[str]:
        """The seats whose guest is connected now."""
        return set(self.connection)

    # ---- the checks ------------------------------------------------------------------------------
    def _join(self, conn: Hashable, message: dict) -> Outgoing:
        seat = message["seat"]
        if conn in self.seat_of:
            if self.seat_of[conn] == seat and message["table"] == self.table \
                    and same_secret(message["secret"], self.secrets[seat]):
                # the same seat asked for again on its own connection (a guest that heard no answer
                # asks again): welcomed again, as it stands now
                return self.deal_turn(seat) if self.waiting else [(conn, self._welcome(seat))]
            raise Refused("already_joined", seat=self.seat_of[conn])
        if message["table"] != self.table:
            raise Refused("wrong_table")
        if seat not in self.secrets:
            raise Refused("wrong_seat", seat=seat)
        if not same_secret(message["secret"], self.secrets[seat]):
            raise Refused("bad_secret", seat=seat)
        out: Outgoing = []
        old = self.connection.get(seat)
        if old is not None:
            if message["type"] == "join":
                raise Refused("seat_taken", seat=seat)
            out.append((old, encode({"type": "closed", "code": "replaced",
                                     "reason": "this seat was taken up again on another connection"})))
            del self.seat_of[old]
        self.connection[seat] = conn
        self.seat_of[conn] = seat
        if not self.waiting:   # (the first deal's values first: then every guest is welcomed)
            out.append((conn, self._welcome(seat)))
        return out + self.deal_turn(seat)

    def _act(self, seat: str, message: dict) -> Outgoing:
        game = self.game
        if game.to_act != seat:
            raise Refused("not_your_turn", to_act=game.to_act)
        if message["at"] != game.action_count:
            raise Refused("stale", at=game.action_count)
        hand = game.view(seat, history=False)["hand_number"]
        canonical = self.apply(message["action"])   # IllegalAction: refused, the game unchanged
        self.last_seq[seat] = message["seq"]
        return self.moved(seat, canonical, hand) if self.tell_moves else []

    def _undo(self, seat: str, message: dict) -> Outgoing:
        """A seat takes back its own last move: ``take_back`` judges and makes it (every guest is
        then welcomed again, through ``welcome_again``)."""
        if self.take_back is None:
            raise Refused("cannot_undo")
        if message["at"] != self.game.action_count:
            raise Refused("stale", at=self.game.action_count)
        self.take_back(seat)
        self.last_seq[seat] = message["seq"]
        return []

    # ---- deals no one can rig (``net.fair``) ------------------------------------------------------
    def _fair(self, seat: str, message: dict) -> Outgoing:
        round_ = self.rounds.get(message["deal"])
        try:
            if round_ is None:
                raise ValueError("fair_unasked")
            done = message["type"] == "commit" and round_.commit(seat, message["hash"])
            if message["type"] == "reveal" and round_.take(seat, message["value"]):
                self._seed(round_)
        except ValueError as err:
            raise Refused(str(err), deal=message["deal"]) from None
        self.last_seq[seat] = message["seq"]
        return self._tell(round_.commits(), round_.hashes) if done else []

    def expect(self, seats) -> Outgoing:
        """The seats whose device must take part in the first deal (played on their device now);
        with none connected or expected, the game starts as it is."""
        round_ = self.rounds.get(0) if self.waiting else None
        if round_ is None:
            return []
        round_.wait_for = set(seats)
        if not (seats or round_.asked):
            self.waiting = False
            del self.rounds[0]
            self.first_deal(None)
        return self._tell(round_.commits(), round_.hashes) if round_.revealing and not round_.values else []

    def _seed(self, round_: HostRound) -> None:
        if self.waiting and round_.deal == 0:   # the first deal: the game starts from the seed
            self.waiting, round_.used = False, True
            self.first_deal(round_.seed)
            return
        try:
            self.game.seed_deal(round_.deal, round_.seed)
            round_.used = True
        except ValueError:   # the deal was made before every value came: told as not from them
            round_.used = False

    def _tell(self, message: dict, seats) -> Outgoing:
        text = encode(message)
        return [(conn, text) for seat, conn in self.connection.items() if seat in seats]

    def deal_turn(self, joined: Optional[str] = None) -> Outgoing:
        """After a move or a join: each finished deal's values told, the next deal's asked for (of
        a seat that ``joined`` again too, if it had not committed: a reloaded page holds no value)."""
        game = self.game
        if not self.fair or not hasattr(game, "seed_deal"):
            return []
        now, out = deal_of(game.view(game.seats[0], history=False)), []
        if self.waiting:
            now -= 1   # (the first deal's values asked)
        # a deal not from its own values came from the last values used (``cards.chained_seed``):
        # those are told once no deal from them is in play, and the deals from them with them
        used = sorted(k for k, r in self.rounds.items() if r.used and k <= now)
        for k in sorted(k for k in self.rounds if k < (now + 1 if game.over else used[-1] if used else now)):
            out += self._tell(self.rounds.pop(k).reveal(max((j for j in used if j < k), default=None)),
                              self.connection)
        if game.over or not self.connection:
            return out
        round_ = self.rounds.get(now + 1) or self.rounds.setdefault(now + 1, HostRound(now + 1, ()))
        if round_.revealing:   # (a seat back that committed and kept its value: told the commitments again)
            return out + (self._tell(round_.commits(), (joined,)) if joined in set(round_.hashes) - set(round_.values)
                          else [])
        for seat in (set(self.connection) - round_.asked) | ({joined} & round_.asked - set(round_.hashes)):
            round_.asked.add(seat)   # (no commitment complete yet: a seat may come in)
            out += self._tell(round_.ask(), (seat,))
        return out

    def welcome_again(self, game: Optional[Game] = None, taken: Optional[tuple] = None) -> Outgoing:
        """A ``welcome`` for every connected guest: its view of the position now (after an undo
        on the host, which took the game back; ``game`` is the game now played; ``taken``: the
        seat and the action taken back, public moves every guest saw, told as ``took_back``)."""
        if game is not None:
            self.game = game
            for round_ in self.rounds.values():   # the game taken back is a new one: its deals seeded again
                if round_.used and round_.deal:   # (the first deal's seed is the game's)
                    self._seed(round_)
        extra = {"took_back": {"seat": taken[0], "action": taken[1]}} if taken else {}
        return [(conn, self._welcome(seat, extra)) for seat, conn in self.connection.items()]

    def _welcome(self, seat: str, extra: Optional[dict] = None) -> str:
        return encode({"type": "welcome", "table": self.table, "seat": seat, "seq": self.last_seq[seat],
                       "at": self.game.action_count, "view": self.game.view(seat), **(extra or {})})

    def moved(self, actor: str | None, action: str, hand_before: Any) -> Outgoing:
        """The move for every connected guest, each with its own view (with the finished hands'
        history only when the move ended a hand, or the game)."""
        game = self.game
        out: Outgoing = []
        for seat, conn in self.connection.items():
            view = game.view(seat, history=False)
            if view.get("hand_number") != hand_before or view.get("over"):   # a hand ended
                view = game.view(seat)
            out.append((conn, encode({"type": "move", "at": game.action_count, "seat": actor, "action": action,
                                      "view": view})))
        return out + self.deal_turn()

    def _refusal(self, seq: Any, code: str, reason: str, values: dict) -> str:
        return encode({"type": "refused", "seq": seq, "code": code, "reason": reason, "values": values})
