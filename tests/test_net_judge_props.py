"""Property test of the host's judge (cardtable.net.judge): random legal games played by guests,
with random hostile messages between the moves (arbitrary text and bytes, an old message sent
again, an action from a guest whose turn it is not, on an old position, or not legal).  Every
hostile message is refused to its sender alone and changes nothing; every legal move reaches every
guest with its own view; no message holds a card beyond the receiver's view."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from cardtable.games.dummy_spades import DummySpades
from cardtable.game import IllegalAction
from cardtable.games.seep import Seep
from cardtable.net.messages import read_host
from cardtable.record import replay
from test_net_judge import Room, apply_local, snapshot

HOSTILE = st.one_of(
    st.tuples(st.just("text"), st.text(max_size=80)),
    st.tuples(st.just("bytes"), st.binary(max_size=80)),
    st.tuples(st.just("replay"), st.integers(0, 10 ** 6)),
    st.tuples(st.just("not_your_turn"), st.integers(0, 10 ** 6)),
    st.tuples(st.just("stale"), st.integers(1, 5)),
    st.tuples(st.just("illegal"), st.sampled_from(["play 2C", "play AS", "bid 14", "capture 5D", "build 12 QC",
                                                   "throw KH", "peek 1 2 3", "redeal", "", "play", "PLAY 10♦"])),
    st.tuples(st.just("illegal"), st.text(max_size=30)),
)
STEP = st.one_of(st.tuples(st.just("move"), st.integers(0, 10 ** 6)), HOSTILE)


def hostile(room: Room, kind: str, arg, sent: list[tuple[str, str]]):
    """(seat whose connection sends, text) for a hostile step, or None when it does not apply."""
    game = room.game
    to_act = game.to_act
    others = [s for s in room.guests if s != to_act]
    if kind in ("text", "bytes"):
        return others[0] if others else to_act, arg
    if kind == "replay":
        return sent[arg % len(sent)] if sent else None
    if kind == "not_your_turn":
        if not others:
            return None
        seat = others[arg % len(others)]
        return seat, room.guests[seat].act(game.legal_actions()[arg % len(game.legal_actions())])
    if to_act not in room.guests:
        return None
    guest = room.guests[to_act]
    if kind == "stale":
        text = guest.act(game.legal_actions()[0])
        return (to_act, json.dumps({**json.loads(text), "at": guest.at - arg})) if guest.at >= arg else None
    try:
        replay(game.to_record()).apply(arg)    # on a copy: a legal spelling of a move is no attack
        return None
    except IllegalAction:
        pass
    return to_act, guest.act(arg)


# no shrinking: on a loaded machine it ran for five minutes; a failure shows its whole example
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow], phases=[Phase.explicit, Phase.reuse, Phase.generate])
@given(game_kind=st.sampled_from(["dummy-spades", "seep-2", "seep-4"]), seed=st.integers(0, 10 ** 6),
       steps=st.lists(STEP, min_size=10, max_size=50))
def test_hostile_messages_between_random_legal_moves_change_nothing(game_kind, seed, steps):
    if game_kind == "dummy-spades":
        game, seats = DummySpades(seed=seed), ["p0", "p1", "p2"]
    else:
        game = Seep.new(seed=seed, seats=int(game_kind[-1]))
        seats = ["p1"] if game_kind == "seep-2" else ["p0", "p1", "p3"]
    room = Room(game, seats)
    room.join_all()
    sent: list[tuple[str, str]] = []      # (seat, text) of every accepted guest message
    for kind, arg in steps:
        if game.over:
            break
        if kind == "move":
            seat = game.to_act
            legal = game.legal_actions()
            if seat in room.guests:
                text = room.guests[seat].act(legal[arg % len(legal)])
                room.send(seat, text)
                sent.append((seat, text))
            else:
                room.deliver(apply_local(room.judge, legal[arg % len(legal)]))
            for other in room.guests:   # every guest saw the move
                assert [m["action"] for m in room.sent[other] if m["type"] == "move"][-1:] == game.actions[-1:]
            continue
        attack = hostile(room, kind, arg, sent)
        if attack is None:
            continue
        seat, text = attack
        before = snapshot(room)
        out = room.judge.receive(room.conn[seat], text)
        assert len(out) == 1 and out[0][0] == room.conn[seat]
        assert read_host(out[0][1])["type"] == "refused"
        room.check_private(seat, out[0][1], said=text if isinstance(text, str) else "")
        assert snapshot(room) == before
    for seat, guest in room.guests.items():
        assert guest.view == game.view(seat)
