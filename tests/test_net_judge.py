"""The host's judge of a table played across devices (cardtable.net), in CPython: whole hands
played by guests through it, every hostile message refused with nothing changed, and no message
to a guest holding a card its seat may not see."""

from __future__ import annotations

import json
import random
import re

import pytest

from cardtable.cards import Card
from cardtable.games.dummy_spades import DummySpades
from cardtable.games.seep import Seep
from cardtable.net.guest import Guest
from cardtable.net.judge import Judge
from cardtable.net.messages import MAX_GUEST_BYTES, REFUSALS, encode, new_secret, new_table_id, read_host
from cardtable.record import replay

CARD = re.compile(r"\b(?:10|[2-9TJQKA])[SHDC]\b")
TABLE = "Tb1_x-9Q"


def apply_local(judge: Judge, action: str):
    """A move made on the host (its own seat, or a computer playing any seat), as the host's
    session makes one: applied through the engine (``IllegalAction`` as it raises it), then sent."""
    actor = judge.game.to_act
    hand = judge.game.view(actor, history=False)["hand_number"] if actor else None
    return judge.moved(actor, judge.apply(action), hand)


SAID = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9tjqka])[shdc♠♥♦♣](?![0-9A-Za-z])", re.I)


def cards_in(text: str) -> set[str]:
    return set(CARD.findall(text))


def cards_said(text: str) -> set[str]:
    """The cards a guest named in its own message, in any spelling the engine reads (``10♦``, ``ts``)."""
    try:
        text = json.loads(text)["action"]   # its action as the engine reads it (``\u2666`` is ♦)
    except (ValueError, KeyError, TypeError, RecursionError):
        pass
    return {str(Card.parse(t)) for t in SAID.findall(str(text))}


class Room:
    """A judge with guests on named connections; every text sent to a guest is checked: it holds
    no card beyond that seat's view at that moment (and whatever the guest itself wrote), and, in
    Dummy Spades while the first hand is played, none of another person's hand."""

    def __init__(self, game, guest_seats, table=TABLE):
        self.game = game
        secrets = {seat: new_secret() for seat in guest_seats}
        self.judge = Judge(game, secrets, table)
        self.guests = {seat: Guest(table, seat, secrets[seat]) for seat in guest_seats}
        self.conn = {seat: f"conn-{seat}" for seat in guest_seats}
        self.sent: dict[str, list[dict]] = {seat: [] for seat in guest_seats}
        self.first_hand = game.view(game.seats[0], history=False)["hand_number"]

    def deliver(self, out, said: str = ""):
        by_conn = {c: s for s, c in self.conn.items()}
        for conn, text in out:
            seat = by_conn[conn]
            self.check_private(seat, text, said)
            self.sent[seat].append(self.guests[seat].receive(text))
        return out

    def check_private(self, seat: str, text: str, said: str = "") -> None:
        assert len(text.encode()) < 256 * 1024
        message = read_host(text)
        if message["type"] == "move":
            assert message["action"] == self.game.actions[-1] and message["at"] == self.game.action_count
        # every action of both games is seen by all (a card played, a bid, slot numbers): a move's
        # action may name a card the view after it no longer shows (Seep's last throw of a hand)
        allowed = cards_in(encode(self.game.view(seat))) | cards_said(said) | cards_in(message.get("action", ""))
        if message["type"] == "refused":
            # the engine's reasons give "play QS" as an example; any other card in one is in its values
            assert cards_in(message["reason"]) <= cards_in(encode(message["values"])) | {"QS"}, message
            text = encode({**message, "reason": ""})
        assert cards_in(text) <= allowed, f"{seat} was sent {cards_in(text) - allowed}"
        first_hand = message.get("view", {"hand_number": self.first_hand})["hand_number"] == self.first_hand
        if self.game.name == "dummy-spades" and first_hand:
            # in Dummy Spades, within the first hand (the next deal holds cards played in this one),
            # no other person's card is ever in a message, but for one the guest named itself (in
            # Seep a redeal shows the bidder's cards to all, and they may be dealt to anyone)
            for other in self.game.seats:
                if other != seat:
                    hidden = set(self.game.view(other, history=False)["hand"]) - cards_said(said)
                    assert not cards_in(text) & hidden, f"{seat} was sent {other}'s cards"

    def send(self, seat: str, text: str):
        return self.deliver(self.judge.receive(self.conn[seat], text), said=text)

    def join_all(self):
        for seat, guest in self.guests.items():
            [(conn, text)] = self.send(seat, guest.join())
            assert read_host(text)["type"] == "welcome" and guest.view == self.game.view(seat)


def test_the_privacy_check_finds_another_seats_card():
    game = DummySpades(seed=3)
    room = Room(game, ["p0", "p1"])
    theirs = encode({"type": "welcome", "table": TABLE, "seat": "p0", "seq": 0, "at": 0, "view": game.view("p1")})
    with pytest.raises(AssertionError, match="p0 was sent"):
        room.check_private("p0", theirs)
    one = game.view("p1")["hand"][0]
    with pytest.raises(AssertionError, match="p0 was sent"):
        room.check_private("p0", encode({"type": "refused", "seq": 1, "code": "x", "reason": "", "values": {"card": one}}))
    with pytest.raises(AssertionError, match="p1 holds"):
        room.check_private("p0", encode({"type": "refused", "seq": 1, "code": "x", "reason": "p1 holds " + one,
                                         "values": {}}))


def play_hand(room: Room, rng: random.Random, local=None) -> int:
    """Plays until the first hand is over: each guest picks from its own view's legal actions,
    the host's seats through ``local`` (default: a random legal action).  Returns the moves."""
    game, moves = room.game, 0
    while game.view(game.seats[0], history=False)["hand_number"] == room.first_hand and not game.over:
        seat = game.to_act
        if seat in room.guests:
            guest = room.guests[seat]
            assert guest.view["to_act"] == seat and guest.at == game.action_count
            out = room.send(seat, guest.act(rng.choice(guest.view["legal"])))
            assert {read_host(t)["type"] for _, t in out} == {"move"}
        else:
            room.deliver(apply_local(room.judge, local(game) if local else rng.choice(game.legal_actions())))
        moves += 1
    return moves


@pytest.mark.parametrize("variant", ["no-peeky", "three-peeky", "flip-2"])
def test_a_whole_dummy_spades_hand_by_three_guests(variant):
    game = DummySpades(seed=11, options={"variant": variant})
    room = Room(game, ["p0", "p1", "p2"])
    room.join_all()
    moves = play_hand(room, random.Random(variant))
    assert moves == game.action_count >= 3 + 52
    for seat, guest in room.guests.items():
        assert guest.view == game.view(seat)            # history kept across moves without it
        got = [m for m in room.sent[seat] if m["type"] == "move"]
        assert [m["action"] for m in got] == game.actions  # every move seen, in order
        assert [m["at"] for m in got] == list(range(1, moves + 1))
    assert replay(game.to_record()).summary() == game.summary()   # the record is the game


def test_a_two_player_seep_hand_with_a_host_seat_and_a_guest():
    game = Seep.new(seed=5, seats=2)
    room = Room(game, ["p1"])
    room.join_all()
    moves = play_hand(room, random.Random(3))
    assert moves > 40 and room.guests["p1"].view == game.view("p1")
    assert [m["action"] for m in room.sent["p1"] if m["type"] == "move"] == game.actions
    assert {m["seat"] for m in room.sent["p1"] if m["type"] == "move"} == {"p0", "p1"}


def test_a_four_player_seep_hand_with_two_guests_the_host_and_a_computer():
    game = Seep.new(seed=8)
    room = Room(game, ["p1", "p3"])
    room.join_all()
    play_hand(room, random.Random(4))
    for seat in ("p1", "p3"):
        assert room.guests[seat].view == game.view(seat)


# ---- hostile messages ---------------------------------------------------------------------------
@pytest.fixture
def table():
    """Three guests joined; the bidding done; p2 (left of the dealer) to lead, p1 not to act."""
    game = DummySpades(seed=42)
    room = Room(game, ["p0", "p1", "p2"])
    room.join_all()
    for bid in ("bid 4 nil p2", "bid 7", "bid 5"):
        room.send(game.to_act, room.guests[game.to_act].act(bid))
    assert game.phase == "play" and game.to_act == "p2"
    return room


def snapshot(room: Room):
    j = room.judge
    return (json.dumps(room.game.to_record()), [room.game.view(s) for s in room.game.seats],
            dict(j.last_seq), dict(j.connection), dict(j.seat_of))


def refused(room: Room, conn: str, text, code: str):
    """Sends ``text`` on ``conn``: exactly one refusal, to the sender, with ``code``; nothing changed."""
    before = snapshot(room)
    out = room.judge.receive(conn, text)
    assert len(out) == 1 and out[0][0] == conn, out
    message = read_host(out[0][1])
    assert message["type"] == "refused" and message["code"] == code, message
    assert message["reason"]
    seat = room.judge.seat_of.get(conn)
    if seat:
        room.check_private(seat, out[0][1], said=text if isinstance(text, str) else "")
    assert snapshot(room) == before
    return message


def act(seq, at, action):
    return json.dumps({"type": "act", "seq": seq, "at": at, "action": action})


UNREADABLE = ["", "not json", "{'type': 'ping'}", b"\xff\xfe\x00garbage\x00", b"\x80\x81", '{"type": "ping", "seq": 1'] 
BAD_SHAPE = [
    "null", "[]", "42", '"act"', "{}", '{"type": "dance"}', '{"type": "act"}', '{"TYPE": "ping", "seq": 9}',
    '{"type": "ping", "seq": NaN}', '{"type": "ping", "seq": Infinity}', '{"type": "ping", "seq": true}',
    '{"type": "ping", "seq": 9.0}', '{"type": "ping", "seq": -1}', '{"type": "ping", "seq": 9007199254740993}',
    '{"type": "ping", "seq": "9"}',
    '{"type": "act", "seq": 9, "at": 4, "action": "play 2H", "seat": "p1"}',   # acting for a seat: no such field
    '{"type": "act", "seq": 9, "at": 4, "action": ""}', '{"type": "act", "seq": 9, "at": 4, "action": "play\\u00002H"}',
    '{"type": "act", "seq": 9, "at": 4, "action": "play \\udc80"}', '{"type": "act", "seq": 9, "at": 4, "action": "' + "x" * 65 + '"}',
]


@pytest.mark.parametrize("text, code", [(t, "unreadable") for t in UNREADABLE] + [(t, "bad_shape") for t in BAD_SHAPE])
def test_garbage_is_refused_and_changes_nothing(table, text, code):
    refused(table, "conn-p1", text, code)


@pytest.mark.parametrize("text", [
    '{"type": "ping", "seq": 1, "pad": "' + "x" * MAX_GUEST_BYTES + '"}',
    "♠" * (MAX_GUEST_BYTES // 2),            # few characters, too many bytes
    "[" * 100_000 + "]" * 100_000,
    b"{" * (MAX_GUEST_BYTES + 1),
])
def test_oversized_messages_are_refused_before_reading(table, text):
    refused(table, "conn-p1", text, "too_big")


@pytest.mark.parametrize("text", [
    "[" * 400 + "]" * 400,
    '{"type": "act", "seq": 9, "at": 4, "action": ["play 2H"]}',
    '{"type": "ping", "seq": {"n": 9}}',
])
def test_nested_messages_are_refused_before_parsing(table, text):
    assert "nested" in refused(table, "conn-p1", text, "unreadable")["reason"]


def test_a_guest_cannot_act_for_another_seat(table):
    game, p1 = table.game, table.guests["p1"]
    msg = refused(table, "conn-p1", p1.act("play 2C"), "not_your_turn")
    assert msg["values"] == {"to_act": "p2"} and msg["seq"] == p1.seq


def test_a_guest_cannot_join_another_seat_or_join_twice(table):
    p1, p2 = table.guests["p1"], table.guests["p2"]
    refused(table, "conn-p1", p2.join(), "already_joined")            # one connection, one seat
    refused(table, "conn-p1", Guest(TABLE, "p1", p2.secret).join(resume=True), "already_joined")
    refused(table, "conn-p1", Guest("elsewhere", "p1", p1.secret).join(), "already_joined")
    refused(table, "new", p2.join(), "seat_taken")                    # the code scanned again on a second device
    stolen = Guest(TABLE, "p2", p1.secret)
    refused(table, "new", stolen.join(), "bad_secret")
    refused(table, "new", stolen.join(resume=True), "bad_secret")
    refused(table, "new", Guest(TABLE, "dummy", p1.secret).join(), "wrong_seat")
    refused(table, "new", Guest("elsewhere", "p1", p1.secret).join(), "wrong_table")
    refused(table, "new", act(1, table.game.action_count, "play 2C"), "not_joined")


def test_a_seat_the_host_plays_cannot_be_joined():
    game = Seep.new(seed=5, seats=2)
    room = Room(game, ["p1"])
    refused(room, "c", Guest(TABLE, "p0", room.guests["p1"].secret).join(), "wrong_seat")


def test_a_replayed_or_stale_action_is_refused(table):
    game, p2 = table.game, table.guests["p2"]
    text = p2.act(p2.view["legal"][0])
    table.send("p2", text)
    assert game.action_count == 4
    refused(table, "conn-p2", text, "replayed")
    p0 = table.guests[game.to_act]
    first = p0.act(p0.view["legal"][0])
    refused(table, f"conn-{game.to_act}", act(p0.seq + 1, 3, p0.view["legal"][0]), "stale")
    refused(table, f"conn-{game.to_act}", act(0, 4, p0.view["legal"][0]), "replayed")
    table.send(game.to_act, first)
    assert game.action_count == 5


@pytest.mark.parametrize("action, code", [
    ("play KS", "spades_not_broken"), ("play ZZ", "not_a_card"), ("bid 4", None), ("dance", None), ("play", None),
])
def test_an_illegal_action_gets_the_engines_reason(table, action, code):
    message = refused(table, "conn-p2", table.guests["p2"].act(action), code or "illegal")  if code else None
    if code is None:   # whatever the engine's code, it is refused with a reason and nothing changes
        before = snapshot(table)
        [(conn, text)] = table.judge.receive("conn-p2", table.guests["p2"].act(action))
        message = read_host(text)
        assert conn == "conn-p2" and message["type"] == "refused" and message["reason"] and snapshot(table) == before
    assert message["seq"] == table.guests["p2"].seq


def test_a_card_not_held_is_refused_without_telling_who_holds_it(table):
    p2 = table.guests["p2"]
    card = next(c for c in ("2H", "3H", "4H", "5H", "6H", "7H") if c not in p2.view["hand"])
    message = refused(table, "conn-p2", p2.act("play " + card), "not_held")
    assert message["values"] == {"card": card}


def test_a_seat_asked_for_again_on_its_connection_is_welcomed_again_as_it_stands(table):
    """A guest that heard no answer to its join asks again (``GuestTable.ask_again``): the same
    seat on the same connection is welcomed again, nothing else changes."""
    game, judge, p1 = table.game, table.judge, table.guests["p1"]
    before = snapshot(table)
    for text in (p1.join(), p1.join(resume=True)):
        [(conn, welcome)] = table.send("p1", text)
        assert conn == "conn-p1" and read_host(welcome)["type"] == "welcome"
        assert p1.view == game.view("p1") and p1.at == game.action_count
        assert snapshot(table) == before


def test_a_resume_takes_the_seat_back_and_the_old_connection_is_told(table):
    game, judge, p1 = table.game, table.judge, table.guests["p1"]
    p1.seq += 1
    [(_, pong)] = table.send("p1", encode({"type": "ping", "seq": p1.seq}))
    assert read_host(pong) == {"type": "pong", "seq": p1.seq, "at": game.action_count}
    assert judge.last_seq["p1"] == p1.seq
    reloaded = Guest(TABLE, "p1", p1.secret)                 # a reload: only the join code was kept
    out = judge.receive("conn-p1-again", reloaded.join(resume=True))
    assert [c for c, _ in out] == ["conn-p1", "conn-p1-again"]
    assert read_host(out[0][1])["code"] == "replaced"
    reloaded.receive(out[1][1])
    assert reloaded.seq == p1.seq and reloaded.view == game.view("p1") and reloaded.at == game.action_count
    assert judge.seat_of == {"conn-p0": "p0", "conn-p2": "p2", "conn-p1-again": "p1"}
    refused(table, "conn-p1", act(99, game.action_count, "play 2C"), "not_joined")


def test_a_dropped_guest_misses_nothing_it_cannot_get_back(table):
    game, judge = table.game, table.judge
    judge.dropped("conn-p0")
    assert judge.present == {"p1", "p2"}
    p2 = table.guests["p2"]
    out = table.send("p2", p2.act(p2.view["legal"][0]))
    assert [c for c, _ in out] == ["conn-p1", "conn-p2"]     # nothing to the dropped connection
    back = Guest(TABLE, "p0", table.guests["p0"].secret)
    [(conn, text)] = judge.receive("conn-p0-back", back.join())   # a join is fine once the seat is free
    back.receive(text)
    assert back.view == game.view("p0")


def test_the_host_plays_a_seat_while_its_guest_is_away(table):
    game, judge = table.game, table.judge
    judge.dropped("conn-p2")
    out = apply_local(judge, game.legal_actions()[0])       # a computer takes p2's turn
    assert sorted(c for c, _ in out) == ["conn-p0", "conn-p1"]
    assert game.action_count == 4


def test_moves_go_through_the_apply_given():
    game = DummySpades(seed=42)
    made = []
    room = Room(game, ["p0", "p1", "p2"])
    room.judge = Judge(game, room.judge.secrets, TABLE, apply=lambda a: made.append(a) or game.apply(a))
    room.join_all()
    room.deliver(apply_local(room.judge, "bid 4"))              # a computer, for a guest away
    room.send(game.to_act, room.guests[game.to_act].act("BID 3"))
    assert made == ["bid 4", "BID 3"] and game.actions == ["bid 4", "bid 3"]


def test_secrets_and_table_ids():
    secrets = {new_secret() for _ in range(100)}
    assert len(secrets) == 100 and all(re.fullmatch(r"[A-Za-z0-9_-]{16}", s) for s in secrets)
    assert re.fullmatch(r"[A-Za-z0-9_-]{8}", new_table_id())
    with pytest.raises(ValueError, match="no such seat"):
        Judge(DummySpades(seed=1), {"dummy": "x"}, TABLE)


def test_an_undo_from_a_guest_is_judged_and_refused_when_the_host_takes_none():
    from cardtable.games.dummy_spades import DummySpades
    from cardtable.net.judge import Judge
    from cardtable.net.messages import Refused, encode as enc

    game = DummySpades(seed=3)
    secrets = {s: new_secret() for s in game.seats if s != "p0"}
    asked = []

    def take_back(seat):
        asked.append(seat)
        raise Refused("cannot_undo")

    for judge in (Judge(game, secrets, "T", take_back=take_back), Judge(game, secrets, "T")):
        seat = "p1"
        judge.receive("c", enc({"type": "join", "table": "T", "seat": seat, "secret": secrets[seat]}))
        at = game.action_count
        stale = read_host(judge.receive("c", enc({"type": "undo", "seq": 1, "at": at + 5}))[0][1])
        assert stale["code"] == ("stale" if judge.take_back else "cannot_undo")
        out = read_host(judge.receive("c", enc({"type": "undo", "seq": 1, "at": at}))[0][1])
        assert out["code"] == "cannot_undo" and judge.last_seq[seat] == 0 and game.action_count == at
    assert asked == ["p1"]
