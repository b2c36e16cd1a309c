"""Long records stay cheap: the engines' shortcuts for them give the same answers as the long way.

* Seep resolves an action in the play from the legal uses of its one card (``_templates``), not
  from every legal move: accepted and refused exactly as ``legal_actions()`` says, with the same
  reason, in random positions of both seatings;
* ``view(seat, history=False)`` is the view less its ``history`` key; ``action_count`` is
  ``len(actions)``.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from cardtable.record import new_game, replay


def candidates(g) -> list[str]:
    """Actions worth trying now: every legal one and many near misses with the mover's cards."""
    out = set(g.legal_actions())
    v = g.view(g.to_act, history=False)
    if v["phase"] != "play":
        return sorted(out | {f"bid {n}" for n in range(8, 15)} | {"redeal"})
    loose = v["floor"]["loose"]
    houses = [h["value"] for h in v["floor"]["houses"]]
    subsets = [()] + [c for k in (1, 2) for c in combinations(loose, k)]
    for card in v["hand"]:
        out.add(f"throw {card}")
        for sub in subsets:
            out.add(" ".join(("capture", card) + sub))
            for t in range(9, 14):
                out.add(" ".join(("build", str(t), card) + sub))
        for h in houses:
            out.add(f"raise {h} {card}")
            out.add(f"cement {h} {card}")
    return sorted(out)


@pytest.mark.parametrize("seats", [4, 2])
def test_seep_accepts_and_refuses_exactly_the_legal_actions_with_the_same_reasons(seats):
    rng = random.Random(seats)
    g = new_game({"format": "cardtable/1", "game": "seep", "seed": 5, "options": {"seats": seats, "target": 100},
                  "actions": []})
    checked = 0
    while not g.over and g.action_count < 400:
        if rng.random() < 0.3:
            base = g.copy()                      # taken before anything lists the legal moves
            legal = set(g.legal_actions())
            slow = g.copy()
            slow.legal_moves()                   # the long way: every legal move listed first
            for a in candidates(g):
                fresh = base.copy()              # the short way: nothing listed yet
                why = fresh.check(a)
                assert why == slow.check(a), a
                if why is None:
                    assert g.copy().apply(a) in legal, a
                else:
                    assert a not in legal, a
                checked += 1
        g.apply(rng.choice(g.legal_actions()))
    assert checked > 1000


@pytest.mark.parametrize("name", ["dummy-spades", "seep"])
def test_a_view_without_history_is_the_view_less_its_history(name):
    record = {"format": "cardtable/1", "game": name, "seed": 3, "actions": []}
    g = new_game(record)
    rng = random.Random(1)
    for _ in range(300):
        if g.over:
            break
        for seat in g.seats:
            full = g.view(seat)
            light = g.view(seat, history=False)
            assert "history" not in light
            full.pop("history")
            assert light == full
        assert g.action_count == len(g.actions)
        g.apply(rng.choice(g.legal_actions()))
    assert g.action_count == len(replay(g.to_record()).actions) > 100


def test_a_views_history_is_its_own_copy():
    g = new_game({"format": "cardtable/1", "game": "seep", "seed": 3, "actions": []})
    rng = random.Random(2)
    while g.hands_completed < 2:
        g.apply(rng.choice(g.legal_actions()))
    v = g.view("p0")
    kept = g.view("p0")["history"]
    v["history"][0]["score"].clear()
    v["history"][0]["sweeps"][next(iter(v["history"][0]["sweeps"]))].append(99)
    v["history"].pop()
    assert g.view("p0")["history"] == kept == g.summary()["hands"] and len(kept) == 2
