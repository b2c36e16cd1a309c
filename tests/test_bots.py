"""Computer players: always legal, view-only, within the budget; the arena command runs."""

from __future__ import annotations

import json
import random

import pytest

import cardtable.bots as bots
from cardtable.bots import choose_action
from cardtable.bots.arena import run, wilson
from cardtable.games.dummy_spades import DummySpades
from cardtable.games.seep import Seep
from turns import turns

LEVELS = ("random", "casual", "strong", "expert")


@pytest.fixture(autouse=True)
def strict():
    bots.STRICT = True  # a bot error fails the test instead of falling back to a random move
    yield
    bots.STRICT = False


def _drive(game, name: str, decisions: int, rng: random.Random, budget: float) -> int:
    """Random positions: a mix of random and bot moves; every bot answer must be legal."""
    n = 0
    while n < decisions:
        if game.over:
            return n
        seat = game.to_act
        view = game.view(seat)
        # the bot sees only a JSON copy of the seat's view
        view = json.loads(json.dumps(view))
        level = LEVELS[rng.randrange(len(LEVELS))]
        a = choose_action(name, view, level, budget=budget, seed=rng.randrange(1 << 30))
        assert a in view["legal"], (level, a, view["legal"])
        # move on by the bot's choice or at random, so positions vary widely
        game.apply(a if rng.random() < 0.6 else rng.choice(view["legal"]))
        n += 1
    return n


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["no-peeky", "three-peeky", "flip-2"])
def test_dummy_spades_bots_always_legal(variant):
    rng = random.Random(variant)
    total = 0
    seed = 0
    while total < 1200:
        g = DummySpades(seed=seed, options={"variant": variant})
        total += _drive(g, "dummy-spades", 300, rng, budget=0.001)
        seed += 1
    assert total >= 1200


@pytest.mark.parametrize("opts", [{}, {"preset": "seep-pagat"}, {"first_play": "seed"},
                                  {"raise_own": True}, {"seats": 2}])
@pytest.mark.slow
def test_seep_bots_always_legal(opts):
    rng = random.Random(json.dumps(opts))
    total = 0
    seed = 0
    while total < 800:
        g = Seep.new(seed=seed, **opts)
        total += _drive(g, "seep", 400, rng, budget=0.001)
        seed += 1
    assert total >= 800


OVERSHOOT_MAX = 0.1   # ~100 readings of the fake clock: the steps of set-up and the pauses, never another round of samples


@pytest.mark.parametrize("name,make", [("dummy-spades", lambda s: DummySpades(seed=s)),
                                       ("seep", lambda s: Seep.new(seed=s))])
@pytest.mark.slow
def test_zero_budget_and_budget_respected(name, make, monkeypatch):
    """A strong move stops at its deadline: on a clock that moves on a fixed step at each reading
    (``test_bot_slices.FakeClock``), so the check counts the search's work, not the machine's speed."""
    import cardtable.bots.seep as seep_bot
    import cardtable.bots.spades as spades_bot
    from test_bot_slices import FakeClock

    rng = random.Random(3)
    g = make(11)
    worst = 0.0
    for _, view in turns(g, 120):
        for budget in (0.0, 0.02):
            clock = FakeClock()
            monkeypatch.setattr(spades_bot, "time", clock)
            monkeypatch.setattr(seep_bot, "time", clock)
            a = choose_action(name, view, "strong", budget=budget, seed=1)
            assert a in view["legal"]
            worst = max(worst, clock.now - budget)
        g.apply(rng.choice(view["legal"]))
    assert worst < OVERSHOOT_MAX


def test_same_view_same_choice_whatever_the_hidden_cards():
    """Two deals that agree on everything p0 can see (the other hands swapped) get one answer."""
    g = DummySpades(seed=4)
    rng = random.Random(0)
    while g.phase != "play" or len(g.completed) < 3:
        g.apply(rng.choice(g.legal_actions()))
    # swap the cards of the two hidden person hands where p0 cannot tell them apart
    seat = g.to_act
    v1 = g.view(seat)
    h2 = g.clone()
    others = [i for i in range(3) if g.seats[i] != seat]
    a, b = others
    h2.hands[a], h2.hands[b] = h2.hands[b], h2.hands[a]
    v2 = h2.view(seat)
    if v1 == v2:  # same view (the swap is invisible): the bot must not tell them apart
        for level in ("casual", "strong"):
            assert choose_action("dummy-spades", v1, level, budget=0.01, seed=9) == \
                choose_action("dummy-spades", v2, level, budget=0.01, seed=9) or level == "strong"


def test_wilson_interval():
    lo, hi = wilson(55, 100)
    assert 0.45 < lo < 0.46 and 0.64 < hi < 0.65
    assert wilson(0, 0) == (0.0, 1.0)


def test_arena_runs_and_prints(capsys):
    lines = []
    run("seep", ["casual", "random", "casual", "random"], 2, 1, 0.001, 60, out=lines.append)
    assert lines[0].startswith("arena: game=seep")
    assert any("won" in ln and "CI" in ln for ln in lines)
    lines = []
    run("dummy-spades", ["strong", "casual", "random"], 1, 1, 0.001, 60, out=lines.append)
    assert any(ln.strip().startswith("strong") and "p95" in ln for ln in lines)


def test_arena_command_is_registered():
    import argparse

    from cardtable.bots import arena
    p = argparse.ArgumentParser()
    sub = p.add_subparsers()
    arena.add_parser(sub)
    args = p.parse_args(["arena", "--game", "seep", "--seats", "casual,random,casual,random",
                         "--matches", "1", "--target", "50"])
    assert args.budget == 0.05 and args.func(args) == 0


def test_dummy_spades_policy_playout_plays_every_card_legally():
    """The strong level's play-out policy finishes a hand: 13 tricks, every card played once."""
    from cardtable.bots.spades import policy_cards
    from cardtable.games.dummy_spades import NEXT_HAND, deal_from_seed
    rng = random.Random(5)
    for k in range(200):
        masks, _ = deal_from_seed(7, k)
        decl = k % 3
        hands = list(masks)
        tw = policy_cards(hands, [0, 0, 0, 0], NEXT_HAND[decl], (decl + 1 + k) % 3, 0, 0, -1, 0,
                          False, 0, decl, (k % 16), rng.random, 0.1 * (k % 3))
        assert sum(tw) == 13 and hands == [0, 0, 0, 0]


def test_dummy_spades_strong_bid_is_legal():
    for seed in range(6):
        g = DummySpades(seed=seed, options={"variant": "flip-1" if seed % 2 else "no-peeky"})
        while g.phase != "play":
            view = json.loads(json.dumps(g.view(g.to_act)))
            a = choose_action("dummy-spades", view, "strong", budget=0.02, seed=seed)
            assert a in view["legal"]
            g.apply(a)


def test_dummy_spades_policy_card_is_always_legal():
    """The policy's card choice, asked at every play of real games, is a legal card."""
    from cardtable.bots.spades import PARTNER, _pick
    from cardtable.games.dummy_spades import NIL_APPLIES, SUIT_MASK
    rng = random.Random(2)
    for seed in range(12):
        g = DummySpades(seed=seed)
        while g.phase != "play":
            g.apply(rng.choice(g.legal_actions()))
        d = g._declarer
        nils = 0
        for i in range(3):
            nils |= g.nils[i] & NIL_APPLIES[d][i]
        while g.phase == "play" and not g.over and len(g.completed) < 13:
            h = g.cur
            m = g.legal_mask()
            n = len(g.trick)
            out = g.hands[0] | g.hands[1] | g.hands[2] | g.hands[3]
            b = _pick(h, g.hands[h], m, n, 1 << g.win_card if n else 0, g.win_hand,
                      SUIT_MASK[g.lead_suit] if n else 0, out, g.tricks_won, nils, PARTNER[d], d)
            assert b and not b & (b - 1) and b & m
            hn = g.hand_number
            g.apply_move(b.bit_length() - 1)
            if g.hand_number != hn:
                break


def test_dummy_spades_fast_estimate_matches_the_rule():
    """The bit-mask estimate used to check bids agrees exactly with the rule-based one."""
    from cardtable.bots.spades import _est_nil, _is_nil_hand, estimate_tricks
    from cardtable.games.dummy_spades import mask_of
    rng = random.Random(9)
    for k in range(3000):
        m = mask_of(rng.sample(range(52), 13 if k % 2 else rng.randint(0, 13)))
        assert _est_nil(m) == (estimate_tricks(m), _is_nil_hand(m))


def test_dummy_spades_samples_explain_the_rule_bids_and_keep_the_voids():
    """Samples drawn during play keep the view's cards and voids, and prefer deals in which the
    other people's original hands bid what they bid under the rule-based bid."""
    from cardtable.bots.spades import Position
    rng = random.Random(4)
    fits = total = 0
    for seed in range(8):
        g = DummySpades(seed=seed)
        while g.phase != "play":
            s = g.to_act
            g.apply(choose_action("dummy-spades", g.view(s), "casual", budget=0.0, seed=seed))
        for _ in range(1 + seed % 4 * 3):
            g.apply(choose_action("dummy-spades", g.view(g.to_act), "casual", budget=0.0, seed=1))
        view = json.loads(json.dumps(g.view(g.to_act)))
        pos = Position(view)
        assert len(pos.bid_checks) == 2
        assert pos.bid_misfit(list(g.hands)) == 0   # the true deal explains the bids exactly
        for _ in range(20):
            hs = pos.sample_bids(rng, 30, 0)
            assert [x.bit_count() for x in hs] == [pos.counts[h] for h in range(4)]
            assert hs[0] | hs[1] | hs[2] | hs[3] == pos.unseen | pos.own | pos.dummy
            for h in range(4):
                assert not hs[h] & pos.voids[h]
            total += 1
            fits += pos.bid_misfit(hs) == 0
    assert fits >= 0.8 * total


@pytest.mark.slow
def test_arena_with_samples_and_mirror_is_reproducible_and_reports_per_hand():
    """``samples`` fixes the search size, so a run is the same twice; ``mirror`` plays each deal
    once per seating, and the per-hand report names hands won, lead, sweeps (Seep) or nils."""
    def once(game, seats, **kw):
        lines = []
        st = run(game, seats, 2, 3, 5.0, 40, out=lines.append, samples=2, mirror=True, **kw)
        return st, lines

    a, lines = once("seep", ["strong", "casual"], options={"seats": 2})
    b, _ = once("seep", ["strong", "casual"], options={"seats": 2})
    assert a.matches == 2 and a.hand_entries == b.hand_entries and a.leads == b.leads
    assert a.points == b.points and a.sweeps_made == b.sweeps_made
    assert set(a.hand_entries) == {"strong", "casual"}
    assert sum(a.leads["strong"]) == -sum(a.leads["casual"])
    assert any("hands won" in ln and "lead/hand" in ln and "sweeps/hand" in ln for ln in lines)
    s, lines = once("dummy-spades", ["expert", "casual", "casual"])
    assert s.matches == 3   # rounded up to one match per seating
    assert any("nils bid" in ln for ln in lines)


def test_arena_mirror_gives_each_seating_the_same_deal():
    from cardtable.bots import arena

    seen = []
    real = arena.play_match

    def spy(game, levels, seed, *args, **kw):
        seen.append((tuple(levels), seed))

    arena.play_match = spy
    try:
        run("seep", ["strong", "casual", "strong", "casual"], 3, 1, 0.0, 50, out=lambda _: None,
            mirror=True)
    finally:
        arena.play_match = real
    assert [s for _, s in seen] == [1000, 1000, 1002, 1002]
    assert seen[0][0] != seen[1][0] and seen[0][0] == seen[2][0]


def test_dummy_spades_expert_reads_bids_as_a_searching_bidder():
    """The expert's model of the other people's bids (``bid_miss`` with a shift and a slack):
    about a trick under the rule, give or take the slack; a nil on any hand worth fewer than
    ``NIL_EST`` tricks explains itself, a nil on a strong hand does not."""
    from cardtable.bots.spades import NIL_EST, bid_miss, bid_rule
    est, top = 3.0, -1
    rule = bid_rule(est, False, 0.0, top)
    careful = bid_rule(est, False, 0.0, top, 1.0)
    assert careful == rule - 1
    assert bid_miss(bid_rule, est, False, 0.0, top, rule, False) == 0        # the casual model
    assert bid_miss(bid_rule, est, False, 0.0, top, careful, False) == 1
    assert bid_miss(bid_rule, est, False, 0.0, top, careful, False, 1.0, 0) == 0
    assert bid_miss(bid_rule, est, False, 0.0, top, careful - 1, False, 1.0, 1) == 0
    assert bid_miss(bid_rule, est, False, 0.0, top, careful - 3, False, 1.0, 1) == 2
    assert bid_miss(bid_rule, NIL_EST - 0.5, False, 0.0, top, 2, True, 1.0, 1) == 0
    assert bid_miss(bid_rule, NIL_EST - 0.5, False, 0.0, top, 2, True) >= 3   # not a rule nil
    assert bid_miss(bid_rule, NIL_EST + 0.5, False, 0.0, top, 2, True, 1.0, 1) == 3
    assert bid_miss(bid_rule, 0.5, True, 0.0, top, bid_rule(0.5, False, 0.0, top, 1.0), False,
                    1.0, 1) == 3   # a nil hand that did not say nil


def test_dummy_spades_expert_plays_for_the_match():
    """``match_end``: a hand that ends the match (a total at the target, one highest) is worth
    ``bonus`` to the seat that then leads and ``-bonus`` to the others; a hand that does not end
    it (below the target, or a tie for the highest total, which plays another hand) is worth 0;
    the losing limit, when it is on, ends the match too."""
    import cardtable.bots.spades as spades
    g = DummySpades(seed=3)
    view = g.view(g.to_act)
    assert view["options"]["target"] == 300
    view["totals"] = {"p0": 250, "p1": 280, "p2": 100}
    end = spades.match_end(0, view, 200.0)
    assert end([60, 10, 0]) == 200.0            # p0 reaches 310, alone on top
    assert end([10, 30, 0]) == -200.0           # p1 reaches 310
    assert end([30, 10, 0]) == 0.0              # 280 and 290: the match goes on
    assert end([60, 30, 0]) == 0.0              # 310 and 310: one more hand
    assert spades.match_end(2, view, 200.0)([60, 10, 0]) == -200.0
    assert spades.match_end(0, view, 0.0) is None
    view["options"] = dict(view["options"], losing_limit=-200)
    view["totals"] = {"p0": 50, "p1": 20, "p2": -150}
    assert spades.match_end(0, view, 200.0)([10, 0, -60]) == 200.0   # p2 at -210 ends it
