"""Dummy Spades options of issue #17: ``bidding`` Mirror and Suicide, house rule ``bag_penalty``.

Rule book ``rules/dummy-spades.md`` §1.8 ("Decided") and §1.5.3.  As in ``test_dummy_spades.py``,
scenarios are records with explicit deals replayed through ``record.replay``, so every action goes
through ``apply``.  Deals where one hand holds every high card fix every trick, so the scores are
known in advance and written out here by hand from the rule book.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

import cardtable.bots as bots
from cardtable.bots import choose_action
from cardtable.game import IllegalAction, RecordError
from cardtable.games.dummy_spades import DummySpades
from cardtable.record import replay
from spades_deals import ALL_SPADES, make_deal

SEATS = ("p0", "p1", "p2")



def record(deals, actions=(), **options) -> dict:
    return {"format": "cardtable/1", "game": "dummy-spades", "options": options, "deals": deals,
            "actions": list(actions)}


def game(deals, actions=(), **options) -> DummySpades:
    return replay(record(deals, actions, **options))


def finish_hand(g: DummySpades) -> None:
    k = g.hand_number
    while not g.over and g.hand_number == k:
        g.apply(g.legal_actions()[0])


def state(g: DummySpades) -> str:
    return json.dumps([g.to_record(), g.summary()] + [g.view(s) for s in SEATS], sort_keys=True)


# p0: the eight top spades and the five top hearts; p1: the five low spades and eight low hearts;
# p2: every diamond (no spade); dummy: every club (no spade).  p0 wins all 13 tricks whoever
# declares: p1 always follows hearts under p0's, and spades stay unbroken until p0 holds only
# spades, which are higher than p1's.
MIRROR_DEAL = make_deal(
    "p2",
    p0="AS KS QS JS TS 9S 8S 7S AH KH QH JH TH",
    p1="6S 5S 4S 3S 2S 9H 8H 7H 6H 5H 4H 3H 2H",
    p2="AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
    dummy="AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
)


# ---- options ------------------------------------------------------------------------------------------

def test_new_options_are_validated_and_default_to_the_old_game():
    g = DummySpades(seed=1)
    assert g.options["bidding"] == "standard" and g.options["bag_penalty"] == 100
    for bad, words in [({"bidding": "reflection"}, 'option "bidding" must be one of standard, '
                                                   'mirror, suicide'),
                       ({"bidding": None}, '"bidding"'), ({"bidding": ["mirror"]}, '"bidding"'),
                       ({"bag_penalty": 120}, 'option "bag_penalty" must be 100 or 110'),
                       ({"bag_penalty": True}, '"bag_penalty"'), ({"bag_penalty": "110"}, '"bag_penalty"')]:
        with pytest.raises(RecordError, match=words):
            DummySpades(seed=1, options=bad)
    for variant in ("no-peeky", "four-peeky", "flip-4"):
        for bidding in ("standard", "mirror", "suicide"):
            for target in (300, 500):
                DummySpades(seed=1, options={"variant": variant, "bidding": bidding,
                                             "target": target, "bag_penalty": 110})


def test_records_state_the_new_options_only_when_not_the_default():
    old = {"target": 300, "variant": "no-peeky", "losing_limit": None}
    assert DummySpades(seed=4).to_record()["options"] == old
    explicit = DummySpades(seed=4, options={"bidding": "standard", "bag_penalty": 100})
    assert explicit.to_record()["options"] == old
    g = DummySpades(seed=4, options={"bidding": "suicide", "bag_penalty": 110})
    assert g.to_record()["options"] == {**old, "bidding": "suicide", "bag_penalty": 110}
    assert replay(json.loads(json.dumps(g.to_record()))).options == g.options
    assert g.view("p1")["options"] == {**old, "bidding": "suicide", "bag_penalty": 110}


# ---- Mirror -------------------------------------------------------------------------------------------

def test_mirror_bids_are_the_spades_held_and_there_is_no_bid_action():
    g = game([MIRROR_DEAL], bidding="mirror")
    # no bid round: p0 (8 spades) declares, p0 (left of the dealer p2) leads
    assert g.phase == "play" and g.declarer == "p0" and g.to_act == "p0"
    assert g.actions == [] and not any(a.startswith("bid") for a in g.legal_actions())
    before = state(g)
    with pytest.raises(IllegalAction, match="you cannot bid now: it is time to play a card"):
        g.apply("bid 8")
    assert state(g) == before
    for s in SEATS:
        v = g.view(s)
        assert v["mirror_bids"] == {"p0": 8, "p1": 5, "p2": 0}
        # the defenders' contract (5 + 0) is known; the declarer's (8 + the dummy's spades) and a
        # dummy nil would tell the dummy's spades, which are face down until the opening lead
        assert v["bids"] == {"p0": None, "p1": 5, "p2": 5}
        assert v["nils"] == {"p0": None, "p1": [], "p2": ["p2"]}
        assert v["nil_applies"] == {"p0": None, "p1": [], "p2": ["p2"]}
    g.apply("play AH")
    for s in SEATS:
        v = g.view(s)
        assert v["dummy_exposed"]
        assert v["bids"] == {"p0": 8, "p1": 5, "p2": 5}
        assert v["nils"] == {"p0": ["dummy"], "p1": [], "p2": ["p2"]}
        assert v["nil_applies"] == {"p0": ["dummy"], "p1": [], "p2": ["p2"]}


def test_mirror_hand_with_a_spadeless_player_and_a_spadeless_dummy():
    g = game([MIRROR_DEAL, MIRROR_DEAL | {"dealer": "p0"}], bidding="mirror")
    finish_hand(g)
    e = g.summary()["hands"][0]
    assert e["declarer"] == "p0"
    assert e["bids"] == {"p0": 8, "p1": 5, "p2": 5}          # contracts as they count for scoring
    assert e["nils"] == {"p0": ["dummy"], "p1": [], "p2": ["p2"]}
    assert e["tricks"] == {"p0": 13, "p1": 0, "p2": 0, "dummy": 0}
    # p0: 80 + 5 overtricks + 100 (the dummy's automatic nil, made); p1: 0 < 5, -50;
    # p2: -50 and +100 for his automatic nil, made
    assert e["score"] == {"p0": 185, "p1": -50, "p2": 50}
    assert e["bags"] == {"p0": 5, "p1": 0, "p2": 0}
    assert g.summary()["totals"] == {"p0": 185, "p1": -50, "p2": 50}
    # the next hand is dealt and starts in the play at once (dealer p0: p1 leads; p0 declares)
    assert g.hand_number == 1 and g.phase == "play" and g.to_act == "p1" and g.declarer == "p0"
    assert g.to_record()["actions"] == g.actions and all(a.startswith("play") for a in g.actions)


def test_replay_prints_the_mirror_contracts(tmp_path):
    g = game([MIRROR_DEAL, MIRROR_DEAL | {"dealer": "p0"}], bidding="mirror", bag_penalty=110)
    finish_hand(g)
    rec = g.to_record()
    assert rec["options"]["bidding"] == "mirror" and rec["options"]["bag_penalty"] == 110
    f = tmp_path / "mirror.json"
    f.write_text(json.dumps(rec), encoding="utf-8")
    root = Path(__file__).resolve().parents[1]
    p = subprocess.run([sys.executable, "-m", "cardtable", "replay", str(f)], cwd=root,
                       env={**os.environ, "PYTHONPATH": str(root / "py")}, capture_output=True,
                       text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert out == g.summary()
    assert out["hands"][0]["bids"] == {"p0": 8, "p1": 5, "p2": 5}
    assert out["hands"][0]["nils"] == {"p0": ["dummy"], "p1": [], "p2": ["p2"]}


def test_mirror_declarer_ties_go_to_the_first_in_bidding_order_and_defenders_share_a_contract():
    # p0 and p1 hold four spades each, p2 three, the dummy two
    deal = make_deal("p2", p0="AS KS QS JS 2H 3H 4H 5H 6H 7H 8H 9H TH",
                     p1="TS 9S 8S 7S JH QH KH AH 2D 3D 4D 5D 6D",
                     p2="6S 5S 4S 7D 8D 9D TD JD QD KD AD 2C 3C")
    assert game([deal], bidding="mirror").declarer == "p0"       # order p0, p1, p2
    g = game([deal | {"dealer": "p0"}], bidding="mirror")        # order p1, p2, p0
    assert g.declarer == "p1"
    g.apply(g.legal_actions()[0])
    assert g.view("p0")["bids"] == {"p0": 7, "p1": 6, "p2": 7}   # p1 4 + dummy 2; 4 + 3 each
    assert g.view("p0")["nils"] == {"p0": [], "p1": [], "p2": []}


def test_mirror_bids_are_made_after_the_flips_and_peeks():
    g = game([MIRROR_DEAL], bidding="mirror", variant="flip-1")
    assert g.phase == "flip" and g.view("p0")["mirror_bids"] is None
    for a in ("flip 1", "flip 2", "flip 3"):
        g.apply(a)
    assert g.phase == "play" and g.declarer == "p0" and g.to_act == "p0"
    assert g.actions == ["flip 1", "flip 2", "flip 3"]
    assert g.view("p2")["mirror_bids"] == {"p0": 8, "p1": 5, "p2": 0}
    g = game([MIRROR_DEAL], ["peek 1 2 3"] * 3, bidding="mirror", variant="three-peeky")
    assert g.phase == "play" and g.view("p1")["bids"] == {"p0": None, "p1": 5, "p2": 5}


# ---- Suicide ------------------------------------------------------------------------------------------

def test_suicide_legal_bids_and_refusals():
    g = game([MIRROR_DEAL], bidding="suicide")
    legal = g.legal_actions()
    assert len(legal) == 40 and "bid 4 nil p0" in legal and "bid 13 nil dummy" in legal
    assert all(int(a.split()[1]) >= 4 and a.split()[2] == "nil" and "," not in a for a in legal)
    before = state(g)
    for text, reason in [("bid 5", "in Suicide every bid names exactly one nil"),
                         ("bid 5 nil p0,dummy", "in Suicide every bid names exactly one nil"),
                         ("bid 3 nil p0", "in Suicide the side bid is at least 4"),
                         ("bid 0 nil dummy", "in Suicide the side bid is at least 4")]:
        with pytest.raises(IllegalAction) as err:
            g.apply(text)
        assert str(err.value) == reason
        assert state(g) == before
    # the fast API agrees with the text API
    assert [m for m in range(1 << 16) if g.is_legal_move(m)] == g.legal_moves()
    with pytest.raises(IllegalAction):
        g.apply_move(64 + 16 * 5)          # bid 5, no nil
    assert state(g) == before
    assert g.apply("BID 4 NIL P1") == "bid 4 nil p1"


def _suicide_hand(actions):
    # p0 holds every spade: p0 takes all 13 tricks, whoever declares.
    deal = make_deal("p2", p0=ALL_SPADES)
    g = game([deal, deal | {"dealer": "p0"}], actions, bidding="suicide")
    finish_hand(g)
    return g.summary()["hands"][0]


def test_suicide_made_nils():
    # p0 declares with a nil on p1 (a defender: it does not count for the declarer); p1 names his
    # own hand and p2 names p1 (both defenders: it counts).  p1 takes no trick: both nils made.
    e = _suicide_hand(["bid 13 nil p1", "bid 4 nil p1", "bid 4 nil p1"])
    assert e["declarer"] == "p0" and e["tricks"] == {"p0": 13, "p1": 0, "p2": 0, "dummy": 0}
    assert e["score"] == {"p0": 130, "p1": -40 + 100, "p2": -40 + 100}
    assert e["nils"] == {"p0": ["p1"], "p1": ["p1"], "p2": ["p1"]}


def test_suicide_failed_and_made_nils():
    # p1 declares with a nil on the dummy (made: the dummy takes nothing); p0 names his own hand
    # and p2 names p0: p0 takes all 13 tricks, so both those nils fail.
    e = _suicide_hand(["bid 4 nil p0", "bid 13 nil dummy", "bid 4 nil p0"])
    assert e["declarer"] == "p1"
    # defenders: 13 tricks on a contract of 4, 40 + 9 bags, and -100 for the failed nil
    assert e["score"] == {"p0": 49 - 100, "p1": -130 + 100, "p2": 49 - 100}
    assert e["bags"] == {"p0": 9, "p1": 0, "p2": 9}


def test_suicide_random_playout_bids_legally():
    for seed in range(30):
        g = DummySpades(seed=seed, options={"bidding": "suicide"})
        g.random_playout(random.Random(seed))
        for b, nils in zip(g.history[0][2], g.history[0][3]):
            assert b >= 4 and nils.bit_count() == 1


# ---- the bag penalty house rule ---------------------------------------------------------------------

@pytest.mark.parametrize("bidding", ["standard", "mirror"])
def test_bag_penalty_110_changes_exactly_the_penalty_score(bidding):
    deal = make_deal("p2", p0=ALL_SPADES)
    if bidding == "standard":
        actions = ["bid 3", "bid 0", "bid 0"]     # p0 declares 3 and takes 13: ten bags at once
    else:
        actions = []                              # Mirror: p0 bids 13, p1 and p2 0 (nil each)
    out = {}
    for penalty in (100, 110):
        g = game([deal, deal | {"dealer": "p0"}], actions, bidding=bidding, bag_penalty=penalty)
        finish_hand(g)
        out[penalty] = g.summary()
    a, b = out[100], out[110]
    ea, eb = a["hands"][0], b["hands"][0]
    if bidding == "standard":
        assert ea["score"]["p0"] == 30 + 10 - 100 and eb["score"]["p0"] == 30 + 10 - 110
        assert ea["bags"]["p0"] == eb["bags"]["p0"] == 10
    else:   # contracts 13 / 0 / 0: p0 makes 130, no bag: the rule changes nothing
        assert ea == eb and a == b
        return
    assert a["bags"] == b["bags"] == {"p0": 0, "p1": 0, "p2": 0}
    for key in ("dealer", "declarer", "bids", "nils", "tricks", "bags"):
        assert ea[key] == eb[key]
    assert {s: ea["score"][s] - eb["score"][s] for s in SEATS} == {"p0": 10, "p1": 0, "p2": 0}
    assert {s: a["totals"][s] - b["totals"][s] for s in SEATS} == {"p0": 10, "p1": 0, "p2": 0}


def test_bag_penalty_110_twice_in_one_hand():
    # nine bags carried, then 13 tricks on a bid of 2: 11 more, 20 in all, two penalties
    deal = make_deal("p2", p0=ALL_SPADES)
    g = game([deal, deal | {"dealer": "p0"}, deal | {"dealer": "p1"}], ["bid 4", "bid 0", "bid 0"],
             bag_penalty=110)
    finish_hand(g)
    assert g.bags_total["p0"] == 9 and g.scores["p0"] == 49
    for a in ["bid 0", "bid 0", "bid 2"]:     # dealer p0: p1, p2, p0 bid
        g.apply(a)
    finish_hand(g)
    assert g.summary()["hands"][1]["score"]["p0"] == 20 + 11 - 220
    assert g.bags_total["p0"] == 0


# ---- computer players --------------------------------------------------------------------------------

@pytest.mark.parametrize("options", [{"bidding": "mirror"}, {"bidding": "suicide"},
                                     {"bidding": "mirror", "variant": "flip-2", "bag_penalty": 110},
                                     {"bidding": "suicide", "variant": "three-peeky"}])
@pytest.mark.slow
def test_bots_of_every_level_play_the_new_options_legally(options):
    bots.STRICT = True    # a bot error fails the test instead of falling back to a random move
    try:
        rng = random.Random(json.dumps(options))
        decisions = 0
        seed = 0
        while decisions < 400:
            g = DummySpades(seed=seed, options=options)
            seed += 1
            while not g.over and g.hand_number < 2:
                view = json.loads(json.dumps(g.view(g.to_act)))   # the bot sees only the view
                level = ("random", "casual", "strong")[rng.randrange(3)]
                a = choose_action("dummy-spades", view, level, budget=0.001,
                                  seed=rng.randrange(1 << 30))
                assert a in view["legal"], (level, a)
                g.apply(a if rng.random() < 0.7 else rng.choice(view["legal"]))
                decisions += 1
    finally:
        bots.STRICT = False


def test_mirror_samples_give_everyone_the_spades_he_bid():
    from cardtable.bots.spades import Position
    rng = random.Random(3)
    for seed in range(6):
        g = DummySpades(seed=seed, options={"bidding": "mirror"})
        for _ in range(seed * 5):     # from the opening lead (declarer's contract hidden) on
            g.apply(choose_action("dummy-spades", g.view(g.to_act), "casual", seed=seed))
        pos = Position(json.loads(json.dumps(g.view(g.to_act))))
        spades = [(g.hands[h] | pos.by_hand[h]) & 0x1FFF for h in range(4)]
        for _ in range(20):
            hs = pos.sample_bids(rng, 30, 0)
            assert [x.bit_count() for x in hs] == [pos.counts[h] for h in range(4)]
            assert hs[0] | hs[1] | hs[2] | hs[3] == pos.unseen | pos.own | pos.dummy
            for h in range(4):
                assert ((hs[h] | pos.by_hand[h]) & 0x1FFF).bit_count() == spades[h].bit_count()
                assert not hs[h] & pos.voids[h]
            assert pos.bids == g.bids   # the hidden declarer's contract, from the sampled dummy


def test_suicide_strong_bid_is_a_legal_suicide_bid():
    for seed in range(6):
        g = DummySpades(seed=seed, options={"bidding": "suicide"})
        while g.phase == "bid":
            a = choose_action("dummy-spades", g.view(g.to_act), "strong", budget=0.01, seed=seed)
            words = a.split()
            assert int(words[1]) >= 4 and words[2] == "nil" and "," not in words[3]
            g.apply(a)
