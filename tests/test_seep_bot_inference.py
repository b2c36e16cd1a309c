"""The Seep strong level's guesses at hidden hands follow what the table has shown.

An explicit two-player deal (dealer p1, so p0 bids and plays first): p0 sweeps on the first
play, p1 must throw, p0 throws a 2 onto the ace, and p1, facing ace + 2 (a 3 would sweep both),
throws a 4.  A player who lets a sweep go very probably holds no card that sweeps: p0's guesses
at p1's hand then hardly ever give him a 3.  What the rules force stays certain: the owner of a
house keeps a card of its value, in every guess.  The hand's floors are replayed exactly from
the public log.
"""

from __future__ import annotations

import random

import pytest

from cardtable.bots.common import idx
from cardtable.bots.seep import Knowledge
from cardtable.bots.seep_infer import replay
from cardtable.cards import CARDS
from cardtable.games.seep import VAL, Seep
from cardtable.record import replay as replay_record

FLOOR_CARDS = "5D 6H 7H 8D".split()
P0 = "KS 9C 9D 2S  AC KC QC JC TC 8C 7C 6C".split()


def _deal(p1: list) -> dict:
    """The deal with p1's first 12 cards ``p1``; the second halves take the rest in order."""
    used = set(FLOOR_CARDS) | set(P0) | set(p1)
    rest = [str(c) for c in CARDS if str(c) not in used]
    assert len(rest) == 24
    return {"dealer": "p1", "floor": FLOOR_CARDS,
            "hands": {"p0": P0 + rest[:12], "p1": p1 + rest[12:]}}


def _game(p1: list, actions: list) -> Seep:
    rec = {"format": "cardtable/1", "game": "seep", "options": {"seats": 2},
           "deals": [_deal(p1)], "actions": ["bid 13", "capture KS 5D 6H 7H 8D", "throw AH",
                                             "throw 2S", "throw 4H"] + actions}
    return replay_record(rec)


NO_THREE = "AH 4H KH QH  JH TH 9H 8H 5H 6D 7S 9S".split()


def _share_with(g: Seep, seat: str, value: int, infer: bool, n: int = 120) -> float:
    """The share of ``n`` guesses (from p0's view) that give ``seat`` a card of ``value``."""
    k = Knowledge(g.view("p0"))
    rng = random.Random(5)
    hits = 0
    for _ in range(n):
        guess = k.sample(rng, infer=infer)
        hits += any(VAL[idx(c)] == value for c in guess.hand(seat))
    return hits / n


def test_a_sweep_let_go_makes_the_sweeping_value_unlikely():
    g = _game(NO_THREE, [])
    assert g.floor()["loose"] == ["AH", "2S", "4H"] and g.to_act == "p0"
    k = Knowledge(g.view("p0"))
    assert k.lacks == [0, 1 << 3]                      # a 3 would have swept ace + 2
    plain = _share_with(g, "p1", 3, infer=False)
    inferred = _share_with(g, "p1", 3, infer=True)
    assert plain > 0.5                                # four 3s among the unseen cards
    assert inferred < 0.1
    assert not any(VAL[idx(c)] == 3 for c in g.hand("p1"))
    assert Knowledge(g.view("p1")).lacks == [1 << 1, 0]   # p0 let the ace go; nothing on the reader


def test_house_owners_keep_their_value_in_every_guess():
    # p1 builds a 13 house on the 9 of diamonds thrown by p0 (KH stays in his hand): whatever
    # the inference says of 13s, every guess gives him one
    g = _game(NO_THREE, ["throw 9D"])
    legal = g.view("p1")["legal"]
    builds = [a for a in legal if a.startswith("build 13")]
    assert builds, legal
    g.apply(builds[0])
    k = Knowledge(g.view("p0"))
    rng = random.Random(1)
    for _ in range(60):
        guess = k.sample(rng, infer=True)
        assert any(VAL[idx(c)] == 13 for c in guess.hand("p1"))


@pytest.mark.parametrize("opts", [{"seats": 2}, {}, {"preset": "seep-pagat"}])
def test_the_replayed_floor_is_the_floor(opts):
    """The inference replays the hand on the public log: after the last play it must reach the
    floor the view shows (loose cards, houses and their owners), at every point of many hands."""
    from cardtable.bots import choose_action
    rng = random.Random(11)
    for seed in range(2):
        g = Seep.new(seed=seed, **opts)
        while g.hands_completed == 0:
            v = g.view(g.to_act)
            if v["phase"] == "play":
                k = Knowledge(v)
                last, (loose, houses) = replay(v["log"], k.loose, k.houses)[-1]
                assert last is None
                assert loose == set(k.loose)
                assert {h: set(x[0]) for h, x in houses.items()} == \
                    {h: set(x[0]) for h, x in k.houses.items()}
                assert {h: x[1:] for h, x in houses.items()} == \
                    {h: (x[2], x[1]) for h, x in k.houses.items()}     # owners, cement
            g.apply(choose_action("seep", v, "casual", seed=rng.randrange(1000)))
