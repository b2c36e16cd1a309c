"""Undo (``cardtable.coach.undo``): back to a person's earlier decision, exactly as it was.

Against computers the person goes back to any own decision of the current hand, one at a time;
in pass and play only the own last move.  The game after an undo is the replay of the record's
prefix -- the same state, view and record as when the person first stood there -- and nothing
seen since (a new deal, the dummy turned up, Seep's floor) can be taken back over.
"""

from __future__ import annotations

import random

import pytest

from cardtable.bots import choose_action
from cardtable.coach.undo import decisions, rewind, undo_target
from cardtable.games.dummy_spades import DummySpades
from cardtable.games.seep import Seep
from cardtable.record import replay


def play_against_computers(game, person: str, moves: int, rng: random.Random):
    """Play ``moves`` actions, the person at random, the others as casual computers; snapshot
    (record, views) before each of the person's decisions."""
    snaps = {}
    for _ in range(moves):
        if game.over:
            break
        seat = game.to_act
        if seat == person:
            snaps[len(game.actions)] = (game.to_record(), game.view(person), game.summary())
            game.apply(rng.choice(game.legal_actions()))
        else:
            game.apply(choose_action(game.name, game.view(seat), "casual"))
    return snaps


@pytest.mark.parametrize("make", [lambda s: DummySpades(seed=s), lambda s: Seep.new(seed=s),
                                  lambda s: Seep.new(seed=s, seats=2)],
                         ids=["dummy-spades", "seep", "seep-2"])
def test_undo_against_computers_restores_the_exact_earlier_state_and_record(make):
    checked = 0
    for seed in range(3):
        rng = random.Random(seed)
        g = make(seed)
        person = "p0"
        snaps = play_against_computers(g, person, 40 + 13 * seed, rng)
        record = g.to_record()
        while True:
            k = undo_target(record, person, against_computers=True)
            if k is None:
                break
            assert k < len(record["actions"])
            back = rewind(record, k)
            prefix = dict(record, actions=record["actions"][:k])
            # the record after undo is the record of the prefix, and the state is the one the
            # person had in front of them then
            assert back.to_record() == replay(prefix).to_record() == snaps[k][0]
            assert back.view(person) == snaps[k][1]
            assert back.summary() == snaps[k][2]
            assert back.to_act == person
            record = back.to_record()
            checked += 1
    assert checked >= 6


def test_undo_walks_back_own_decisions_of_the_current_hand_only():
    rng = random.Random(4)
    g = DummySpades(seed=4)
    play_against_computers(g, "p1", 200, rng)   # a few hands in
    rec = g.to_record()
    points = decisions(rec, "p1")
    assert points, "p1 has decisions in the current hand"
    hand = g.hand_number
    for k in points:
        back = rewind(rec, k)
        assert back.hand_number == hand and back.to_act == "p1"
        assert back.dummy_exposed   # the play of this hand: never back before the dummy turned up
    # and each undo goes to the latest one, the next to the one before
    assert undo_target(rec, "p1", True) == points[-1]
    rec2 = rewind(rec, points[-1]).to_record()
    assert undo_target(rec2, "p1", True) == (points[-2] if len(points) > 1 else None)


def test_no_undo_over_the_dummy_turned_up_or_a_new_deal():
    # p0 bid (action 1), then the opening lead turned up the dummy: the bid cannot be retaken
    g = replay({"format": "cardtable/1", "game": "dummy-spades", "seed": 42,
                "actions": ["bid 4 nil p2", "bid 7", "bid 5"]})
    assert undo_target(g.to_record(), "p0", True) == 1     # before the lead, it can
    g.apply("play JH")
    assert undo_target(g.to_record(), "p0", True) is None
    assert undo_target(g.to_record(), "p2", True) is None  # the lead itself showed the dummy
    g.apply("play " + g.legal_actions()[0].split()[1])     # p0 follows: that may be taken back
    assert undo_target(g.to_record(), "p0", True) == 4
    # the last card of a hand deals the next: nothing of the hand before can be taken back
    while g.hand_number == 0:
        g.apply(g.legal_actions()[0])
    for seat in ("p0", "p1", "p2"):
        assert undo_target(g.to_record(), seat, True) is None


def test_no_undo_of_the_seep_bid_once_the_floor_is_dealt():
    g = Seep.new(seed=31)
    bidder = g.to_act
    g.apply(g.legal_actions()[0])
    assert g.floor()["loose"]     # the bid turned the floor up
    assert undo_target(g.to_record(), bidder, True) is None


def test_pass_and_play_takes_back_only_the_own_last_move():
    rng = random.Random(2)
    g = DummySpades(seed=9)
    while g.phase != "play" or not g.dummy_exposed:
        g.apply(rng.choice(g.legal_actions()))
    seat = g.to_act
    before = g.to_record()
    g.apply(g.legal_actions()[-1])
    rec = g.to_record()
    assert undo_target(rec, seat, against_computers=False) == len(rec["actions"]) - 1
    assert rewind(rec, len(rec["actions"]) - 1).to_record() == before
    nxt = g.to_act
    assert nxt != seat
    assert undo_target(rec, nxt, against_computers=False) is None   # not someone else's move
    g.apply(g.legal_actions()[0])
    # somebody moved since: the move is no longer the last one
    assert undo_target(g.to_record(), seat, against_computers=False) is None


def test_rewind_refuses_a_position_outside_the_record():
    rec = DummySpades(seed=1).to_record()
    with pytest.raises(ValueError):
        rewind(rec, 1)


def test_decisions_followed_move_by_move_agree_with_a_fresh_reading():
    from cardtable.coach.undo import Decisions

    rng = random.Random(5)
    for g in (DummySpades(seed=5), Seep.new(seed=5)):
        tracker = Decisions(g.to_record(), "p1")
        for _ in range(70):
            if g.over:
                break
            g.apply(rng.choice(g.legal_actions()))
            rec = g.to_record()
            assert tracker.follow(rec) == decisions(rec, "p1")
        # a record that does not continue the one followed (an undo) is read afresh
        back = rewind(rec, len(rec["actions"]) - 3).to_record()
        assert tracker.follow(back) == decisions(back, "p1")
