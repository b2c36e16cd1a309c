"""Dummy Spades properties over thousands of random legal hands.

* Hypothesis draws seeds and options; each example plays a match (up to a few hands) through the
  text API, checking after every action: the 52 cards are all somewhere, legal actions are never
  empty until the game is over, no view holds a card its seat may not see, a refused action
  changes nothing; and at the end that the record replays to the same summary and views.
* A plain loop plays a few thousand more hands with the fast API (``random_playout``) and checks
  every hand's score against an independent scorer written here from the rule book, and every
  Mirror hand's automatic contracts against the deal.
* Both draw the options of issue #17 too: ``bidding`` (standard, mirror, suicide) and the house
  rule ``bag_penalty`` (100, 110).
"""

from __future__ import annotations

import pytest

import json
import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.cards import CARDS
from cardtable.game import IllegalAction
from cardtable.games.dummy_spades import VARIANTS, DummySpades, deal_from_seed, score_hand
from cardtable.record import replay

SEATS = ("p0", "p1", "p2")
HANDS = ("p0", "p1", "p2", "dummy")
TEXT = [str(c) for c in CARDS]
CARD_RE = re.compile(r"^(?:play )?([2-9TJQKA][SHDC])$")


# ---- an independent scorer, from the rule book -------------------------------------------------------

def nil_applies(bidder: str, hand: str, declarer: str) -> bool:
    if hand == bidder:
        return True
    if hand == "dummy":
        return bidder == declarer
    return bidder != declarer and hand != declarer


def oracle(entry: dict, bags_before: dict, penalty: int = 100) -> tuple[dict, dict, dict]:
    """(points, bags taken, bags after) of one summary entry; ``penalty`` per ten bags."""
    decl, tricks = entry["declarer"], entry["tricks"]
    defenders = [s for s in SEATS if s != decl]
    side = {decl: tricks[decl] + tricks["dummy"]}
    for d in defenders:
        side[d] = sum(tricks[x] for x in defenders)
    points, taken, after = {}, {}, {}
    for s in SEATS:
        t, b = side[s], entry["bids"][s]
        pts, bags = (10 * b + t - b, t - b) if t >= b else (-10 * b, 0)
        for h in entry["nils"][s]:
            if nil_applies(s, h, decl):
                pts += 100 if tricks[h] == 0 else -100
        total = bags_before[s] + bags
        pts -= penalty * (total // 10)
        points[s], taken[s], after[s] = pts, bags, total % 10
    return points, taken, after


def check_history(g: DummySpades) -> None:
    s = g.summary()
    bags = {p: 0 for p in SEATS}
    totals = {p: 0 for p in SEATS}
    for e in s["hands"]:
        assert sum(e["tricks"].values()) == 13
        points, taken, bags = oracle(e, bags, g.options["bag_penalty"])
        if g.options["bidding"] == "suicide":
            assert all(b >= 4 for b in e["bids"].values())
            assert all(len(n) == 1 for n in e["nils"].values())
        assert e["score"] == points and e["bags"] == taken, e
        for p in SEATS:
            totals[p] += points[p]
    assert s["totals"] == totals and s["bags"] == bags
    if g.over:
        top = max(totals.values())
        assert list(totals.values()).count(top) == 1 and totals[g.winner] == top
        limit = g.options["losing_limit"]
        assert top >= g.options["target"] or (limit is not None and min(totals.values()) <= limit)
    else:
        assert g.winner is None


# ---- per-position checks ---------------------------------------------------------------------------

def played_cards(v: dict) -> list[str]:
    out = [p["card"] for t in v["tricks"] for p in t["plays"]]
    if v["trick"]:
        out += [p["card"] for p in v["trick"]["plays"]]
    return out


def check_cards(g: DummySpades) -> None:
    """The 52 cards: each in exactly one hand or played to exactly one trick of this hand."""
    held = []
    for i in range(4):
        held += [TEXT[c] for c in range(52) if g.hands[i] >> c & 1]
    played = played_cards(g.view("p0"))
    assert sorted(held + played) == sorted(TEXT)
    counts = g.view("p1")["hand_counts"]
    assert sum(counts.values()) + len(played) == 52
    assert 0 <= len(g.view("p2")["tricks"]) <= 12 or g.over


def mentioned(x, out: set) -> set:
    if isinstance(x, str):
        m = CARD_RE.match(x)
        if m:
            out.add(m.group(1))
    elif isinstance(x, dict):
        for v in x.values():
            mentioned(v, out)
    elif isinstance(x, list):
        for v in x:
            mentioned(v, out)
    return out


def allowed(g: DummySpades, seat: str) -> set:
    """The cards ``seat`` may see now, computed from the game's internals and the rule book."""
    s = SEATS.index(seat)
    ok = {TEXT[c] for c in range(52) if g.hands[s] >> c & 1}
    ok |= set(played_cards(g.view(seat)))
    if g.dummy_exposed:
        ok |= {TEXT[c] for c in range(52) if g.hands[3] >> c & 1}
    else:
        known = g.peeks[s]
        for f in g.flips:
            known |= f
        ok |= {TEXT[c] for i, c in enumerate(g.slots) if known >> i & 1}
    return ok


def mirror_hidden(g: DummySpades, v: dict) -> None:
    """Mirror: the declarer's contract and a dummy nil (they tell the dummy's spades) are not
    shown before the dummy is turned up; the automatic bids are public once the play starts."""
    if g.options["bidding"] != "mirror":
        assert v["mirror_bids"] is None
        return
    if g.phase in ("peek", "flip"):
        assert v["mirror_bids"] is None and set(v["bids"].values()) == {None}
        return
    if g.over:     # the last hand's bids stay, as in the other biddings
        return
    assert v["mirror_bids"] == {s: (g.hands[i] & 0x1FFF).bit_count() + sum(
        1 for t in v["tricks"] + ([v["trick"]] if v["trick"] else [])
        for p in t["plays"] if p["hand"] == s and p["card"].endswith("S")) for i, s in enumerate(SEATS)}
    if not g.dummy_exposed:
        assert v["bids"][g.declarer] is None and v["nils"][g.declarer] is None
    else:
        assert None not in v["bids"].values()


def check_views(g: DummySpades) -> None:
    for seat in SEATS:
        v = g.view(seat)
        mirror_hidden(g, v)
        assert json.loads(json.dumps(v)) == v
        seen = mentioned({k: x for k, x in v.items() if k != "previous_tricks"}, set())
        leak = seen - allowed(g, seat)
        assert not leak, (seat, leak)
        assert v["legal"] == (g.legal_actions() if g.to_act == seat else [])
        assert v["to_act"] == g.to_act and v["phase"] == g.phase


def check_refusal(g: DummySpades, rng: random.Random) -> None:
    """A random action that is not legal raises and changes nothing."""
    text = rng.choice([f"play {rng.choice(TEXT)}", f"bid {rng.randint(-1, 15)}",
                       f"peek {rng.randint(0, 14)} {rng.randint(1, 13)} {rng.randint(1, 13)}",
                       f"flip {rng.randint(1, 13)}", "bid 3 nil p4", "nonsense"])
    legal = g.legal_actions()
    before = (g.actions, g.hands[:], g.summary())
    try:
        canonical = g.clone().apply(text)
    except IllegalAction:
        try:
            g.apply(text)
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"{text!r} refused by a copy but accepted")
        assert (g.actions, g.hands[:], g.summary()) == before
    else:
        assert canonical in legal


def pick(g: DummySpades, rng: random.Random) -> str:
    """A random legal action; bids lean low so that matches last several hands."""
    legal = g.legal_actions()
    if g.phase == "bid" and g.options["bidding"] == "suicide":
        if rng.random() < 0.8:
            return f"bid {rng.randint(4, 6)} nil {rng.choice(HANDS)}"
        return rng.choice(legal)
    if g.phase == "bid" and rng.random() < 0.8:
        n = rng.randint(0, 5)
        if rng.random() < 0.1:
            return f"bid {n} nil {rng.choice(HANDS)}"
        return f"bid {n}"
    return rng.choice(legal)


# ---- hypothesis: whole matches through the text API --------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), variant=st.sampled_from(sorted(VARIANTS)),
       target=st.sampled_from([300, 500]), limit=st.sampled_from([None, -200]),
       bidding=st.sampled_from(["standard", "mirror", "suicide"]),
       penalty=st.sampled_from([100, 110]))
@pytest.mark.slow
def test_random_matches_keep_every_invariant(seed, variant, target, limit, bidding, penalty):
    rng = random.Random(seed)
    g = DummySpades(seed=seed, options={"variant": variant, "target": target, "losing_limit": limit,
                                        "bidding": bidding, "bag_penalty": penalty})
    max_hands = 4
    while not g.over and g.hand_number < max_hands:
        legal = g.legal_actions()
        assert legal and g.to_act in SEATS and g.acting_hand in HANDS
        assert g.legal_moves() and len(g.legal_moves()) == len(legal)
        if rng.random() < 0.15:
            check_refusal(g, rng)
        if rng.random() < 0.3 or g.phase != "play":
            check_views(g)
        check_cards(g)
        k = g.hand_number
        tricks_before = len(g.view("p0")["tricks"])
        g.apply(pick(g, rng))
        if g.hand_number != k and not g.over:
            assert len(g.summary()["hands"]) == k + 1
            check_history(g)
            check_views(g)
        elif not g.over and g.phase == "play":
            assert len(g.view("p0")["tricks"]) in (tricks_before, tricks_before + 1)
    if g.over:
        assert g.legal_actions() == [] and g.legal_moves() == [] and g.to_act is None
    check_history(g)
    check_views(g)
    r = replay(json.loads(json.dumps(g.to_record())))
    assert r.summary() == g.summary()
    for s in SEATS:
        assert r.view(s) == g.view(s)


@settings(max_examples=300, deadline=None)
@given(declarer=st.integers(0, 2), bids=st.lists(st.integers(0, 13), min_size=3, max_size=3),
       nils=st.lists(st.integers(0, 15), min_size=3, max_size=3),
       split=st.lists(st.integers(0, 3), min_size=13, max_size=13),
       bags=st.lists(st.integers(0, 9), min_size=3, max_size=3))
def test_score_hand_matches_the_rule_book(declarer, bids, nils, split, bags):
    tricks = [split.count(h) for h in range(4)]
    entry = {"declarer": SEATS[declarer], "bids": dict(zip(SEATS, bids)),
             "tricks": dict(zip(HANDS, tricks)),
             "nils": {SEATS[i]: [HANDS[h] for h in range(4) if nils[i] >> h & 1] for i in range(3)}}
    points, taken, after = oracle(entry, dict(zip(SEATS, bags)))
    got = score_hand(declarer, bids, nils, tricks, bags)
    assert got == (tuple(points.values()), tuple(taken.values()), tuple(after.values()))


# ---- a plain loop: thousands of hands through the fast API -------------------------------------------

def test_thousands_of_fast_random_hands():
    rng = random.Random(12345)
    hands = matches = 0
    variants = sorted(VARIANTS)
    while hands < 4000:
        opts = {"variant": variants[matches % len(variants)], "losing_limit": -200 if matches % 2 else None,
                "target": 500 if matches % 3 == 0 else 300,
                "bidding": ("standard", "mirror", "suicide")[matches // 2 % 3],
                "bag_penalty": 110 if matches % 5 < 2 else 100}
        g = DummySpades(seed=rng.randrange(1 << 30), options=opts)
        matches += 1
        for _ in range(40):
            if g.over:
                break
            k = g.hand_number
            if hands % 10 == 0:
                # now and then through the int API, one move at a time
                while g.hand_number == k and not g.over:
                    ms = g.legal_moves()
                    assert ms
                    g.apply_move(ms[int(rng.random() * len(ms))])
            else:
                g.random_playout(rng)
            hands += 1
            assert len(g.history) == k + 1 and sum(g.history[-1][4]) == 13
            if not g.over:
                masks = g.hands
                assert [m.bit_count() for m in masks] == [13] * 4
                assert masks[0] | masks[1] | masks[2] | masks[3] == (1 << 52) - 1
                assert g.phase in ("peek", "flip", "bid") or (g.phase == "play" and not g.completed
                                                              and opts["bidding"] == "mirror")
        check_history(g)
        if opts["bidding"] == "mirror":
            check_mirror_contracts(g)
        if matches % 8 == 0:
            r = replay(g.to_record())
            assert r.summary() == g.summary()
            assert all(r.view(s) == g.view(s) for s in SEATS)
    assert matches > 10


def check_mirror_contracts(g: DummySpades) -> None:
    """Each Mirror hand's declarer, contracts and nils, recomputed from its seeded deal as the
    rule book says (1.8): bids = spades held, declarer the highest (first bidder on ties), his
    contract his + the dummy's spades, each defender's both defenders' spades; no spade, a nil."""
    for k, e in enumerate(g.summary()["hands"]):
        masks, _ = deal_from_seed(g.seed, k)
        spades = {h: (masks[i] & 0x1FFF).bit_count() for i, h in enumerate(HANDS)}
        first = SEATS.index(e["dealer"]) + 1
        order = [SEATS[(first + i) % 3] for i in range(3)]
        top = max(spades[s] for s in SEATS)
        decl = next(s for s in order if spades[s] == top)
        defs = [s for s in SEATS if s != decl]
        assert e["declarer"] == decl
        want = {s: spades[decl] + spades["dummy"] if s == decl else spades[defs[0]] + spades[defs[1]]
                for s in SEATS}
        assert e["bids"] == want
        for s in SEATS:
            nils = ([s] if spades[s] == 0 else []) + (["dummy"] if s == decl and spades["dummy"] == 0
                                                      else [])
            assert e["nils"][s] == nils
