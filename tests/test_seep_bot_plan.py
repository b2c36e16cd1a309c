"""The Seep search's planning terms: the second half's play-outs that search our own later
choices, and the search's shortcuts (candidates dropped, moves that differ only by suits, the
play-outs' bounded choice).

Positions come from seeded random legal play.
"""

from __future__ import annotations

import random

import pytest

import cardtable.bots.seep as bs
from cardtable.bots import choose_action, think
from cardtable.bots.common import EXPERT_FACTOR, run_steps
from cardtable.games.seep import HALF_PLAYS, Seep
from test_bot_slices import FakeClock, drive as _drive


def _at(seed: int, plays: int) -> Seep:
    """A two-player game after ``plays`` random legal card plays (and the bid)."""
    rng = random.Random(seed)
    g = Seep.new(seed=seed, seats=2)
    while g.phase != "play" or g.plays < plays:
        g.apply(rng.choice(g.legal_actions()))
    return g


def test_the_second_half_search_is_never_worse_than_the_quick_line():
    """With every card known, trying each of our moves at our next turn can only find a line at
    least as good as the quick level's own move there (that move is among those tried)."""
    checked = 0
    for seed in range(24):
        g = _at(seed, HALF_PLAYS + 1 + seed % 12)
        if g.hands_completed or g.plays >= 46:
            continue
        view = g.view(g.to_act)
        k = bs.Knowledge(view)
        sample = k.sample(random.Random(seed), infer=True)
        for m in sample.legal_moves()[:3]:
            quick = sample.copy()
            quick.apply_move(m)
            tree = quick.copy()
            public = k.public[:]
            public[bs.VAL[m[1]]] += 1
            bs.quick_playout(quick, k, public[:], 6)
            line = bs.evaluate(quick, k, 0)
            assert run_steps(bs.tree_steps(tree, k, public[:], 6, 1, 0)) >= line - 1e-9
            checked += 1
    assert checked >= 30


def test_the_second_half_search_draws_one_sample():
    """Every sample of a two-player second half is the same deal: the search draws one (and a
    first-half search draws all it is given)."""
    searched = 0
    for seed in range(8):
        g = _at(seed, HALF_PLAYS - 6 + seed * 2)
        if g.hands_completed:
            continue
        bs.last_search["samples"] = -1
        choose_action("seep", g.view(g.to_act), "strong", budget=0.0, seed=3, samples=4)
        if bs.last_search["samples"] >= 0:           # not a forced or obvious move
            assert bs.last_search["samples"] == (1 if g.plays >= HALF_PLAYS else 4)
            searched += 1
    assert searched >= 3


def _second_half_views(count: int, after: int = 1) -> list:
    """Views of two-player second halves (from ``after`` plays into it) where the search has
    several candidates (those it would try, quick order first: ``_pruned`` of the rated moves)
    -- with those candidates."""
    out = []
    for seed in range(40):
        g = _at(100 + seed, HALF_PLAYS + after + seed % (15 - after))
        if g.hands_completed or g.plays >= 44:
            continue
        view = g.view(g.to_act)
        _, _, rated = bs.rated_moves(view, random.Random(0))
        cands = bs._pruned([(r, t) for r, t, _ in rated])
        if len(cands) >= 3:
            out.append((view, cands))
        if len(out) == count:
            break
    return out


@pytest.mark.slow
def test_the_expert_second_half_is_deterministic_and_yields_inside_its_trees():
    """The expert's second half (our next ``TREE_DEPTH`` choices searched): the same answer
    for a seed and a sample count, run in one go or in steps, and a step at least before every
    play-out of the trees (a candidate's whole tree is never one step)."""
    deep = 0
    for view, cands in _second_half_views(3, after=6):
        one_go = choose_action("seep", view, "expert", budget=0.0, seed=5, samples=2)
        answer, steps = _drive(think("seep", view, "expert", budget=0.0, seed=5, samples=2))
        assert answer == one_go and answer in cands
        playouts = bs.last_search["playouts"]
        assert bs.last_search["samples"] == 1
        assert steps >= playouts >= len(cands)
        deep += playouts > 2 * len(cands)
    assert deep >= 2


def _tree_values(view, depth: int, exact: int = 0) -> tuple:
    """Per candidate (quick order): the value of its tree and its play-outs, searched apart
    (``exact``: the last cards valued exactly, as the expert does)."""
    k = bs.Knowledge(view)
    g = k.sample(random.Random(0), infer=True)
    _, _, rated = bs.rated_moves(view, random.Random(0))
    cands = bs._pruned([(r, t) for r, t, _ in rated])
    moves = bs._text_moves(g, cands)
    values, leaves = [], []
    for c in cands:
        sim = g.copy()
        sim.apply_move(moves[c])
        public = k.public[:]
        public[bs.VAL[moves[c][1]]] += 1
        bs.last_search["playouts"] = 0
        values.append(run_steps(bs.tree_steps(sim, k, public, bs.TREE_HORIZON, depth, 0, exact)))
        leaves.append(bs.last_search["playouts"])
    return cands, values, leaves


def _search_model(view, depth: int, exact: int) -> tuple:
    """The second half's search written out plainly: ``(cands, steps)``, ``steps`` the trees it
    searches in their order, ``(candidate, value, play-outs)``: for each depth, shallow first,
    every candidate, the first pass in the quick order, each next in the order of the values
    before (best first).  A tree is searched against the best of its pass so far (``floor``: to
    beat it, be above it, or equal and first in the quick order): its value is exact above the
    floor, at most the floor below it."""
    k = bs.Knowledge(view)
    g = k.sample(random.Random(0), infer=True)
    _, _, rated = bs.rated_moves(view, random.Random(0))
    cands = bs._pruned([(r, t) for r, t, _ in rated])
    moves = bs._text_moves(g, cands)
    order, steps, bound = list(range(len(cands))), [], [None] * len(cands)
    for d in range(max(0, depth - 1), depth + 1):
        lead = None
        for i in order:
            floor = -1e9 if lead is None else bound[lead] - (1e-9 if i < lead else 0.0)
            sim = g.copy()
            sim.apply_move(moves[cands[i]])
            public = k.public[:]
            public[bs.VAL[moves[cands[i]][1]]] += 1
            bs.last_search["playouts"] = 0
            bound[i] = run_steps(bs.tree_steps(sim, k, public, bs.TREE_HORIZON, d, 0, exact, floor))
            steps.append((i, bound[i], bs.last_search["playouts"]))
            if bound[i] > floor:
                lead = i
        order.sort(key=lambda i: (-bound[i], i))
    return cands, steps


def _expected(cands: list, steps: list, ran: int) -> tuple:
    """What the second half's search answers when the deadline lets ``ran`` play-outs finish
    (``steps``: ``_search_model``'s; a tree is finished with its last play-out).  The answer is
    the best of the deepest values finished (ties to the quick order), and whether any tree was
    finished."""
    bound = [None] * len(cands)
    left = ran
    for i, value, leaves in steps:
        if leaves > left:
            break
        left -= leaves
        bound[i] = value
    done = [i for i in range(len(cands)) if bound[i] is not None]
    if not done:
        return cands[0], False
    return cands[max(done, key=lambda i: (bound[i], -i))], True


@pytest.mark.slow
@pytest.mark.parametrize("level,depth", [("strong", bs.TREE_DEPTH), ("expert", bs.TREE_DEPTH)])
def test_a_deadline_anywhere_in_the_second_half_search_gives_the_best_value_searched(
        monkeypatch, level, depth):
    """The second half's search deepens (our next ``depth - 1`` choices searched for every
    candidate, then ``depth``, best first): cut by the deadline at many points (a fake clock),
    its answer is the best of the deepest values each candidate finished (a deeper value is never
    below a shallower: the quick level's move is among those tried), ties to the quick order;
    the quick level's choice when not one tree was finished; the deepest search's when not cut.
    Each tree is searched against the best of its pass so far (``_search_model``); not cut, the
    answer is the best of the exact values of every candidate's deepest tree."""
    clock = FakeClock(2 ** -12)
    monkeypatch.setattr(bs, "time", clock)
    cuts = set()
    exact = bs.EXPERT_ENDGAME if level == "expert" else bs.STRONG_EXACT
    for view, _ in _second_half_views(3, after=8 if level == "expert" else 4):
        passes = []
        for d in range(max(0, depth - 1), depth + 1):
            cands, values, leaves = _tree_values(view, d, exact)
            if passes:
                assert all(v >= w - 1e-9 for v, w in zip(values, passes[-1]))
            passes.append(values)
        best = max(range(len(cands)), key=lambda i: (passes[-1][i], -i))
        cands, steps = _search_model(view, depth, exact)
        assert _expected(cands, steps, 10 ** 9)[0] == cands[best]
        total = sum(leaves for _, _, leaves in steps)
        for budget_ticks in (1, 3, 8, 20, 40, 80, 160, 400, 800, 10 ** 6):
            budget = budget_ticks * clock.tick / (EXPERT_FACTOR if level == "expert" else 1)
            answer, _ = _drive(think("seep", view, level, budget=budget, seed=1), clock)
            ran = bs.last_search["playouts"]
            want, finished = _expected(cands, steps, ran)
            assert answer == want, (budget_ticks, ran, total, steps)
            cuts.add((finished, ran == total))
    assert cuts == {(False, False), (True, False), (True, True)}   # cut in the first tree, on
    # the way, and not at all


def test_p_holds_is_the_hypergeometric_chance_every_time_asked():
    """The chance that a hand holds one of the wanted cards (remembered after the first
    answer) is 1 - C(pool - wanted, hand) / C(pool, hand), on the first asking and the second."""
    from math import comb, isclose
    for _ in range(2):
        for pool in range(0, 41, 3):
            for hand in range(0, min(pool, 24) + 1):
                for wanted in range(0, pool + 1):
                    exact = 1 - comb(pool - wanted, hand) / comb(pool, hand)
                    assert isclose(bs.p_holds(pool, hand, wanted), exact, abs_tol=1e-12), \
                        (pool, hand, wanted)


def test_four_players_drop_a_clearly_worse_candidate_after_four_samples():
    """After 4 shared samples a candidate far behind the leader is no longer searched with four
    players (``DROP_4``); with two it is kept until ``DROP_MIN`` samples; a close one is kept."""
    lead = [10.0, 12.0, 9.0, 11.0]
    behind = [-30.0, -25.0, -28.0, -27.0]
    close = [9.0, 12.5, 8.0, 11.0]
    results = [lead, behind, close]
    assert bs._drop_behind([0, 1, 2], results, 4, *bs.DROP_4) == [0, 2]
    assert bs._drop_behind([0, 1, 2], results, 4) == [0, 1, 2]


def test_four_players_search_one_of_moves_that_differ_only_by_suits(monkeypatch):
    """Cards of one value worth the same points are interchangeable in Seep: the four-player
    search tries the first of such moves only (``_distinct``), and over a hand against quick
    players it chooses the same moves as when it searches them all."""
    from cardtable.games.seep import POINTS
    cands = ["throw 4H", "throw 4D", "throw 4S", "capture AH AD", "capture AC AD",
             "build 13 TS 3C", "build 13 TS 3D", "build 13 TS 3S"]
    assert bs._distinct(cands, POINTS["sweep-seed"]) == [
        "throw 4H", "throw 4S", "capture AH AD", "build 13 TS 3C", "build 13 TS 3S"]
    assert bs._distinct(["throw TD", "throw TH"], POINTS["seep-pagat"]) == ["throw TD", "throw TH"]

    distinct = bs._distinct

    def strong_moves(same: bool) -> tuple:
        monkeypatch.setattr(bs, "_distinct", distinct if same else lambda cands, points: cands)
        g = Seep.new(seed=10_003, seats=4)
        chosen, candidates = [], 0
        n = 0
        while g.hands_completed == 0:
            s = g.to_act
            level = "strong" if s in ("p0", "p2") else "casual"
            bs.last_search["candidates"] = 0
            act = choose_action("seep", g.view(s), level, 1.0, seed=n, samples=4)
            if level == "strong":
                chosen.append(act)
                candidates += bs.last_search["candidates"]
            g.apply(act)
            n += 1
        return chosen, candidates

    all_moves, searched_all = strong_moves(False)
    one_each, searched_fewer = strong_moves(True)
    assert one_each == all_moves
    assert searched_fewer < searched_all


@pytest.mark.parametrize("opts", [{}, {"preset": "seep-pagat"}, {"seats": 2}])
def test_play_outs_rate_fewer_moves_for_the_same_choice(opts):
    """The play-outs (four players and two) skip the moves whose bound (``_upper``) is below a safe best
    (``_best_bounded``): the bound is never below the quick rating's points, and the choice is the
    quick rating's own (the first of the best) in every position of random legal hands."""
    rng = random.Random(3)
    positions = skipped = 0
    for seed in range(3):
        g = Seep.new(seed=seed, **opts)
        while g.hands_completed == 0:
            v = g.view(g.to_act)
            if v["phase"] == "play" and len(v["legal"]) > 1:
                k = bs.Knowledge(v)
                r = bs.Rater(k, k.sample(rng))
                moves = r.g.legal_moves()
                rates = [r.rate(m) for m in moves]
                if not r.last:
                    for m, x in zip(moves, rates):
                        assert bs._upper(r, m) >= x[1] - 1e-9, (v["floor"], Seep.move_text(m))
                calls = []
                rate = r.rate
                r.rate = lambda m: calls.append(m) or rate(m)
                assert bs._best_bounded(moves, r) == moves[rates.index(max(rates))]
                skipped += len(moves) - len(calls)
                positions += 1
            g.apply(rng.choice(g.legal_actions()))
    assert positions > 100 and skipped > positions
