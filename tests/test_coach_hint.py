"""Hints (``cardtable.coach.hint``): a legal move, from the seat's view alone, with a reason.

Two games that differ only in cards the seat cannot see (``resample_from_infostate``) get the
same hint; the reason's values never name a card the seat cannot see; each Seep reason agrees
with what the move then does in the engine.
"""

from __future__ import annotations

import random

import pytest

from cardtable.bots import choose_action
from cardtable.coach.hint import hint, reason_for, view_seed
from cardtable.games.dummy_spades import DummySpades
from cardtable.games.seep import Seep
from cardtable.record import replay
from turns import turns

GAMES = [("dummy-spades", lambda s: DummySpades(seed=s)),
         ("dummy-spades", lambda s: DummySpades(seed=s, options={"variant": "three-peeky"})),
         ("seep", lambda s: Seep.new(seed=s)),
         ("seep", lambda s: Seep.new(seed=s, seats=2))]


def visible_cards(view: dict) -> set:
    out = set(view.get("hand") or ()) | set(view.get("dummy") or ())
    for t in (view.get("tricks") or []) + ([view["trick"]] if view.get("trick") else []):
        out.update(p["card"] for p in t["plays"])
    floor = view.get("floor") or {}
    out.update(floor.get("loose") or ())
    for h in floor.get("houses") or ():
        out.update(h["cards"])
    return out


@pytest.mark.parametrize("name,make", GAMES, ids=["spades", "spades-peeky", "seep", "seep-2"])
def test_hint_is_legal_from_the_view_alone_and_names_only_visible_cards(name, make):
    rng = random.Random(7)
    g = make(7)
    compared = 0
    for step, (seat, view) in enumerate(turns(g, 36)):
        h = hint(view)
        assert h.action in g.legal_actions()
        assert isinstance(h.reason, str) and h.reason
        for v in h.values.values():
            if isinstance(v, str) and len(v) == 2 and v[0] in "23456789TJQKA":
                assert v in visible_cards(view)
        if step % 4 == 0:
            # another game with the same view but other hidden cards: the same hint
            other = g.resample_from_infostate(seat, random.Random(step))
            assert other.view(seat) == view
            assert other.to_record() != g.to_record() or step == 0 or g.phase == "over"
            assert hint(other.view(seat)) == h
            compared += 1
        g.apply(choose_action(name, view, "casual"))
    assert compared >= 5


def test_same_view_same_seed_other_view_other_seed():
    g = DummySpades(seed=3)
    v = g.view(g.to_act)
    assert view_seed(v) == view_seed(dict(reversed(list(v.items()))))
    g.apply(g.legal_actions()[0])
    assert view_seed(g.view(g.to_act)) != view_seed(v)


def test_spades_reasons_in_known_positions():
    # seed 42: p2 leads after the bids; the view tells what a card does
    g = replay({"format": "cardtable/1", "game": "dummy-spades", "seed": 42,
                "actions": ["bid 4 nil p2", "bid 7", "bid 5"]})
    v = g.view("p2")   # p2 declared a nil on its own hand: any lead keeps it safe as it can
    assert reason_for(v, "play JH")[0] == "lead_nil"
    g.apply("play JH")
    v = g.view("p0")
    legal = [a.split()[1] for a in v["legal"]]
    higher = [c for c in legal if c[1] == "H" and "23456789TJQKA".index(c[0]) > 9]
    lower = [c for c in legal if c[1] == "H" and "23456789TJQKA".index(c[0]) < 9]
    if higher:
        code, values = reason_for(v, "play " + min(higher, key=lambda c: "23456789TJQKA".index(c[0])))
        assert code == "cover_nil" and values["hand"] == "p0"
    if lower:
        assert reason_for(v, "play " + lower[0])[0] == "duck"
    assert reason_for(g.view("p0") | {"phase": "bid"}, "bid 3 nil p0") == \
        ("bid_nil", {"tricks": 3, "hands": ["p0"]})


def test_seep_capture_and_sweep_reasons_match_what_the_move_does():
    seen = set()
    for seed in range(6):
        g = Seep.new(seed=seed)
        rng = random.Random(seed)
        while not g.over and len(g.actions) < 48:
            seat = g.to_act
            view = g.view(seat)
            for a in view["legal"]:
                code, values = reason_for(view, a)
                seen.add(code)
                if code in ("capture", "sweep"):
                    after = g.copy()
                    before = sum(len(s) for s in view["sweeps"].values())
                    after.apply(a)
                    swept = sum(len(s) for s in after.view(seat)["sweeps"].values()) > before
                    if not after.view(seat)["hand_over"]:
                        assert swept == (code == "sweep"), (a, code)
                    assert values["points"] >= 0
            g.apply(rng.choice(view["legal"]))
    assert {"capture", "sweep", "throw", "build"} <= seen
