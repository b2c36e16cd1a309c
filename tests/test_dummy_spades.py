"""Dummy Spades rules, one test per rule of rules/dummy-spades.md (and the issue's API).

Scenarios are records with explicit ``deals`` (``make_deal`` below) replayed through
``cardtable.record.replay``, so every action goes through ``apply`` exactly as in the app.  A deal
in which p0 holds all thirteen spades (``spade_deal``) fixes every trick: p0 wins them all, as
declarer or as defender, whatever anyone plays; the scoring, nil, bag and end-of-game tests use it.
Trick splits that no deal forces (the seed's worked example) are found by seeded random play-outs
of an explicit deal and then replayed from their record.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from cardtable.cards import Card, hand_rng, shuffled_deck
from cardtable.game import IllegalAction, RecordError
from cardtable.games import REGISTRY
from cardtable.games.dummy_spades import (ALL_BID_MOVES, BID_BASE, DummySpades, move_to_action,
                                          score_hand)
from cardtable.record import ReplayError, new_game, replay
from spades_deals import ALL_SPADES, make_deal

ROOT = Path(__file__).resolve().parents[1]


def spade_deal(dealer: str) -> dict:
    """p0 holds every spade (so wins every trick); p1 hearts, p2 diamonds, dummy clubs."""
    return make_deal(dealer, p0=ALL_SPADES)


def record(deals=None, actions=(), seed=None, players=None, **options) -> dict:
    r = {"format": "cardtable/1", "game": "dummy-spades", "options": options}
    if players is not None:
        r["players"] = players
    if seed is not None:
        r["seed"] = seed
    if deals is not None:
        r["deals"] = deals
    r["actions"] = list(actions)
    return r


def game(deals=None, actions=(), seed=None, **options) -> DummySpades:
    return replay(record(deals, actions, seed, **options))


def finish_hand(g: DummySpades, pick=lambda legal: legal[0]) -> None:
    """Play the current hand to its end with a fixed policy (first legal action by default)."""
    k = g.hand_number
    while not g.over and g.hand_number == k:
        g.apply(pick(g.legal_actions()))


def last(g: DummySpades) -> dict:
    return g.summary()["hands"][-1]


def acting(g: DummySpades) -> tuple:
    return g.to_act, g.acting_hand


def state(g: DummySpades) -> str:
    return json.dumps([g.to_record(), g.summary()] + [g.view(s) for s in g.seats], sort_keys=True)


def search_hand(g: DummySpades, want, tries: int = 5000) -> DummySpades:
    """A copy of ``g`` with its hand finished by seeded random play, the first whose summary
    entry satisfies ``want``."""
    for i in range(tries):
        h = g.clone()
        h.random_playout(random.Random(i))
        if want(last(h)):
            return h
    raise AssertionError("no play-out found")


# ---- registration, seats, options -----------------------------------------------------------------

def test_registered_and_described():
    assert REGISTRY["dummy-spades"] is DummySpades
    assert DummySpades.name == "dummy-spades"
    assert DummySpades.seats == ("p0", "p1", "p2")
    assert DummySpades.default_options == {"target": 300, "variant": "no-peeky", "losing_limit": None,
                                           "bidding": "standard", "bag_penalty": 100}
    g = new_game(record(seed=1))
    assert isinstance(g, DummySpades) and g.actions == [] and g.hand_number == 0


def test_options_filled_and_validated():
    assert DummySpades(seed=1).options == {"target": 300, "variant": "no-peeky", "losing_limit": None,
                                           "bidding": "standard", "bag_penalty": 100}
    assert DummySpades(seed=1, options={"target": 500, "losing_limit": -200}).options["target"] == 500
    for bad, words in [({"target": 400}, "target"), ({"target": True}, "target"),
                       ({"variant": "five-peeky"}, "variant"), ({"losing_limit": -100}, "losing_limit"),
                       ({"losing_limit": False}, "losing_limit"), ({"colour": "red"}, "unknown option")]:
        with pytest.raises(RecordError, match=words):
            DummySpades(seed=1, options=bad)
    with pytest.raises(RecordError, match="3 names"):
        DummySpades(seed=1, players=["Ana", "Ben"])


def test_players_names_in_view_and_record():
    g = DummySpades(seed=3, players=["Ana", "Ben", "Chloé"])
    assert g.view("p1")["players"] == {"p0": "Ana", "p1": "Ben", "p2": "Chloé"}
    assert g.to_record()["players"] == ["Ana", "Ben", "Chloé"]
    assert DummySpades(seed=3).view("p0")["players"] == {"p0": "p0", "p1": "p1", "p2": "p2"}
    assert "players" not in DummySpades(seed=3).to_record()


# ---- the deal ------------------------------------------------------------------------------------

def test_seeded_deal_order_is_documented_one():
    for seed, k in [(42, 0), ("abc", 3)]:
        g = DummySpades(seed=seed)
        for _ in range(k):
            g.random_playout(random.Random(k))
        if g.over:
            continue
        assert g.hand_number == k
        deck = [c.index for c in shuffled_deck(hand_rng(seed, k))]
        for i in range(4):
            got = sorted(c for c in range(52) if g.hands[i] >> c & 1)
            assert got == sorted(deck[13 * i:13 * i + 13])
        assert list(g.slots) == deck[39:52]


def test_first_dealer_from_its_own_stream_and_rotation():
    for seed in range(12):
        g = DummySpades(seed=seed)
        first = random.Random(f"cardtable:{seed}:first-dealer").randrange(3)
        assert g.dealer == f"p{first}"
        dealers = []
        for _ in range(4):
            dealers.append(g.dealer)
            g.random_playout(random.Random(seed))
            if g.over:
                break
        assert dealers == [f"p{(first + k) % 3}" for k in range(len(dealers))]


def test_record_dealer_sets_first_dealer_and_must_follow_rotation():
    g = game([make_deal("p1"), make_deal(None), make_deal("p0")], seed=5)
    assert g.dealer == "p1"
    finish_hand(g)
    assert g.dealer == "p2"
    finish_hand(g)
    assert g.dealer == "p0"
    with pytest.raises(RecordError, match="rotation"):
        game([make_deal("p1"), make_deal("p1")])
    with pytest.raises(RecordError, match="dealer"):
        game([make_deal(None)])          # no seed, so deal 0 must name its dealer
    with pytest.raises(RecordError, match="dealer"):
        game([make_deal("dummy")])


def test_given_deal_is_dealt_and_later_hands_come_from_the_seed():
    d = make_deal("p0", p0=ALL_SPADES)
    g = game([d], seed=9)
    assert g.view("p0")["hand"] == [r + "S" for r in "AKQJT98765432"]
    assert g.slots == tuple(Card.parse(c).index for c in d["hands"]["dummy"])
    finish_hand(g)
    deck = [c.index for c in shuffled_deck(hand_rng(9, 1))]
    assert sorted(c for c in range(52) if g.hands[0] >> c & 1) == sorted(deck[:13])


@pytest.mark.parametrize("mutate, words", [
    (lambda d: d["hands"]["p1"].pop(), "12 cards"),
    (lambda d: d["hands"]["p1"].__setitem__(0, d["hands"]["p2"][0]), "dealt twice"),
    (lambda d: d["hands"]["p1"].__setitem__(0, "1X"), "not a card"),
    (lambda d: d["hands"].pop("dummy"), "dummy"),
    (lambda d: d.__setitem__("extra", 1), "unknown field"),
])
def test_bad_deals_are_refused(mutate, words):
    d = make_deal("p0")
    mutate(d)
    with pytest.raises(RecordError, match=words):
        game([d])


def test_deal_accepts_other_card_spellings():
    d = make_deal("p0")
    d["hands"]["p0"] = [t.replace("T", "10").lower() for t in d["hands"]["p0"]]
    g = game([d])
    assert "TS" in g.view("p0")["hand"]
    assert g.to_record()["deals"][0]["hands"]["p0"][0] == "AS"   # written canonical


# ---- bidding -------------------------------------------------------------------------------------

def test_bidding_starts_left_of_dealer_and_dealer_bids_last():
    g = game([make_deal("p1")])
    assert g.phase == "bid"
    order = []
    for b in ("bid 1", "bid 2", "bid 3"):
        order.append(g.to_act)
        assert g.acting_hand == g.to_act
        g.apply(b)
    assert order == ["p2", "p0", "p1"]
    assert g.view("p0")["bidding_order"] == ["p2", "p0", "p1"]
    assert g.view("p0")["bids"] == {"p0": 2, "p1": 3, "p2": 1}


def test_bid_legal_actions_every_bid_with_every_nil_set():
    g = game([make_deal("p2")])
    legal = g.legal_actions()
    assert len(legal) == 14 * 16 == len(set(legal))
    assert "bid 0" in legal and "bid 13" in legal
    assert "bid 4 nil p0,p1,p2,dummy" in legal and "bid 7 nil p2,dummy" in legal
    assert [move_to_action(m) for m in ALL_BID_MOVES] == legal
    assert g.legal_moves() == list(ALL_BID_MOVES)


@pytest.mark.parametrize("text, canonical", [
    ("bid 4", "bid 4"), ("BID 04", "bid 4"), ("bid 0", "bid 0"), ("bid 13", "bid 13"),
    ("bid 4 nil P1", "bid 4 nil p1"), ("bid 4 nil dummy,p1", "bid 4 nil p1,dummy"),
    ("  Bid 4  NIL  Dummy  P0 ", "bid 4 nil p0,dummy"), ("bid 2 nil p2, p1 ,p0,dummy", "bid 2 nil p0,p1,p2,dummy"),
])
def test_bid_notation_is_read_case_insensitively(text, canonical):
    g = game([make_deal("p2")])
    assert g.apply(text) == canonical
    assert g.actions == [canonical]


@pytest.mark.parametrize("text, words", [
    ("bid", "how many"), ("bid 14", "0 to 13"), ("bid -1", "0 to 13"), ("bid four", "0 to 13"),
    ("bid 4 nil", "name the hands"), ("bid 4 nil p3", 'no hand "p3"'), ("bid 4 nil p1 p1", "twice"),
    ("bid 4 p1", "nil"), ("play 2C", "cannot play now: it is time to bid"),
    ("peek 1 2 3", "cannot peek now"), ("flip 1", "cannot flip now"), ("dance", "unknown action"),
    ("", "empty"),
])
def test_bad_bids_explain_and_change_nothing(text, words):
    g = game([make_deal("p2")])
    before = state(g)
    with pytest.raises(IllegalAction, match=words):
        g.apply(text)
    assert state(g) == before


def test_nils_as_declared_are_public_at_once():
    g = game([make_deal("p2")], actions=["bid 3 nil p0,dummy"])
    for s in ("p0", "p1", "p2"):
        v = g.view(s)
        assert v["bids"] == {"p0": 3, "p1": None, "p2": None}
        assert v["nils"] == {"p0": ["p0", "dummy"], "p1": None, "p2": None}
        assert v["nil_applies"] is None and v["declarer"] is None


@pytest.mark.parametrize("dealer, bids, declarer", [
    ("p2", (5, 3, 3), "p0"),
    ("p2", (3, 5, 3), "p1"),
    ("p2", (3, 3, 5), "p2"),
    ("p2", (6, 6, 6), "p0"),          # all tie: the first bidder
    ("p2", (5, 7, 7), "p1"),          # the first to make the highest bid
    ("p0", (7, 5, 7), "p1"),          # order p1, p2, p0: p1 bid 7 first
    ("p0", (4, 8, 8), "p2"),
    ("p1", (0, 0, 0), "p2"),          # order p2, p0, p1
])
def test_declarer_is_highest_bid_first_on_ties(dealer, bids, declarer):
    g = game([make_deal(dealer)], actions=[f"bid {b}" for b in bids])
    assert g.declarer == declarer and g.phase == "play"
    v = g.view("p0")
    assert v["declarer"] == declarer
    d = int(declarer[1])
    assert v["defenders"] == [f"p{(d + 1) % 3}", f"p{(d + 2) % 3}"]


# ---- play order ------------------------------------------------------------------------------------

@pytest.mark.parametrize("bids, declarer, order", [
    ((5, 3, 3), "p0", ["p0", "p1", "dummy", "p2"]),
    ((3, 5, 3), "p1", ["p0", "p1", "p2", "dummy"]),
    ((3, 3, 5), "p2", ["p0", "dummy", "p1", "p2"]),
])
def test_opening_order_for_each_declarer(bids, declarer, order):
    # Dealer p2, so p0 bids first and makes the opening lead, declarer or not.
    g = game([make_deal("p2")], seed=1, actions=[f"bid {b}" for b in bids])
    assert g.declarer == declarer
    hands, people = [], []
    for _ in range(4):
        hands.append(g.acting_hand)
        people.append(g.to_act)
        g.apply(g.legal_actions()[0])
    assert hands == order
    assert people == [declarer if h == "dummy" else h for h in order]
    assert [p["hand"] for p in g.view("p1")["last_trick"]["plays"]] == order
    d = int(declarer[1])
    assert g.view("p2")["play_order"] == [declarer, f"p{(d + 1) % 3}", "dummy", f"p{(d + 2) % 3}"]


# A deal for the play rules (dealer p2, so p0 leads):
#   p0: four small hearts, nine diamonds; p1: 2S, three hearts, four high diamonds, five clubs;
#   p2: five hearts, eight clubs; dummy: AH and the twelve other spades.
PLAY_DEAL = make_deal(
    "p2",
    p0="2H 5H 6H 7H 2D 3D 4D 5D 6D 7D 8D 9D TD",
    p1="2S 3H 8H 9H JD QD KD AD 2C 3C 4C 5C 6C",
    p2="4H TH JH QH KH 7C 8C 9C TC JC QC KC AC",
    dummy="AH 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
)


def test_dummy_is_hidden_until_the_opening_lead_then_face_up_for_all():
    g = game([PLAY_DEAL], actions=["bid 5", "bid 3", "bid 3"])   # p0 declares
    assert g.declarer == "p0" and g.to_act == "p0"
    for s in ("p0", "p1", "p2"):                       # the declarer included
        v = g.view(s)
        assert v["dummy_exposed"] is False and v["dummy"] == []
        assert v["dummy_slots"] == [None] * 13
        assert v["hand_counts"]["dummy"] == 13
    g.apply("play 2H")
    for s in ("p0", "p1", "p2"):
        v = g.view(s)
        assert v["dummy_exposed"] is True and v["dummy_slots"] is None
        # displayed in suits, spades on the left, each suit high to low
        assert v["dummy"] == "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S AH".split()


def test_declarer_plays_the_dummy_and_dummy_leads_after_winning():
    g = game([PLAY_DEAL], actions=["bid 5", "bid 3", "bid 3", "play 2H", "play 3H"])
    assert acting(g) == ("p0", "dummy")
    v0, v1 = g.view("p0"), g.view("p1")
    assert v0["legal"] == ["play AH"] and v1["legal"] == []     # the dummy must follow hearts
    with pytest.raises(IllegalAction, match="the dummy must follow hearts"):
        g.apply("play AS")
    with pytest.raises(IllegalAction, match="the dummy plays now and does not hold 5H"):
        g.apply("play 5H")
    g.apply("play AH")
    g.apply("play 4H")
    t = g.view("p2")["last_trick"]
    assert t == {"leader": "p0", "winner": "dummy", "plays": [
        {"hand": "p0", "card": "2H"}, {"hand": "p1", "card": "3H"},
        {"hand": "dummy", "card": "AH"}, {"hand": "p2", "card": "4H"}]}
    assert g.view("p1")["tricks_won"] == {"p0": 0, "p1": 0, "p2": 0, "dummy": 1}
    # The dummy won: the next lead is from the board, chosen by the declarer.
    assert acting(g) == ("p0", "dummy")
    assert g.view("p0")["trick"] == {"leader": "dummy", "plays": [], "winner": None, "winning": None}
    # The dummy now holds only spades, so it may lead one though spades are not broken.
    assert g.view("p0")["spades_broken"] is False
    assert g.legal_actions() == [f"play {r}S" for r in "3456789TJQKA"]
    g.apply("play 3s")
    assert g.view("p1")["spades_broken"] is True
    assert acting(g) == ("p2", "p2")


def test_declarer_naming_a_dummy_card_on_his_own_turn():
    g = game([PLAY_DEAL], actions=["bid 5", "bid 3", "bid 3", "play 2H", "play 3H", "play AH",
                                   "play 4H", "play 3S", "play KH"])
    assert acting(g) == ("p0", "p0")                # the dummy led 3S, p2 discarded; p0's own turn
    before = state(g)
    with pytest.raises(IllegalAction, match="AS is in the dummy: you play from your own hand now"):
        g.apply("play AS")
    assert state(g) == before
    assert g.legal_actions() == ["play 5H", "play 6H", "play 7H"] + [
        f"play {r}D" for r in "23456789T"]      # void in spades: anything from his own hand


def test_follow_suit_when_able_else_anything():
    g = game([PLAY_DEAL], actions=["bid 5", "bid 3", "bid 3", "play 2H"])
    assert acting(g) == ("p1", "p1")
    assert g.legal_actions() == ["play 3H", "play 8H", "play 9H"]
    before = state(g)
    for bad in ("play JD", "play 2S", "play 2C"):
        with pytest.raises(IllegalAction, match="you must follow hearts"):
            g.apply(bad)
    with pytest.raises(IllegalAction, match="you do not hold AH"):
        g.apply("play AH")                 # a dummy card, and p1 is no declarer
    assert state(g) == before


def test_spades_not_broken_refuses_a_spade_lead_even_the_opening_one():
    # Dealer p0: p1 bids first and leads; p1 holds 2S among other suits.
    g = game([{**PLAY_DEAL, "dealer": "p0"}], actions=["bid 3", "bid 3", "bid 5"])
    assert g.to_act == "p1" and g.declarer == "p0"
    with pytest.raises(IllegalAction, match="spades are not broken"):
        g.apply("play 2S")
    assert "play 2S" not in g.legal_actions()
    assert g.apply("play 2C") == "play 2C"


def test_opening_leader_with_only_spades_may_lead_one():
    g = game([spade_deal("p2")], actions=["bid 2", "bid 3", "bid 4"])
    assert g.to_act == "p0" and g.declarer == "p2"
    assert g.legal_actions() == [f"play {r}S" for r in "23456789TJQKA"]
    g.apply("play 7S")
    assert g.view("p1")["spades_broken"] is True


# Spades broken by a discard: p0 holds all hearts; p1 small spades and diamonds; p2 high spades
# and diamonds; dummy all clubs.
BREAK_DEAL = make_deal(
    "p2",
    p0="2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    p1="2S 3S 4S 5S 6S 7S 2D 3D 4D 5D 6D 7D 8D",
    p2="8S 9S TS JS QS KS AS 9D TD JD QD KD AD",
)


def test_trump_wins_over_the_suit_led_and_breaks_spades():
    g = game([BREAK_DEAL], actions=["bid 3", "bid 2", "bid 2", "play AH"])
    assert g.view("p1")["spades_broken"] is False
    assert len(g.legal_actions()) == 13            # void in hearts: anything, a spade included
    g.apply("play 2S")
    assert g.view("p0")["spades_broken"] is True
    g.apply("play AC")                             # dummy: off-suit ace does not win
    g.apply("play AD")
    t = g.view("p0")["last_trick"]
    assert t["winner"] == "p1" and acting(g) == ("p1", "p1")
    assert "play 3S" in g.legal_actions()          # broken: spades may be led
    g.apply("play 3S")
    g.apply("play 2C")                             # dummy: clubs only
    g.apply("play 8S")                             # p2 follows spades higher
    g.apply("play 2H")                             # p0 has no spade
    assert g.view("p1")["last_trick"]["winner"] == "p2"


def test_highest_card_of_suit_led_wins_without_trumps():
    g = game([PLAY_DEAL], actions=["bid 3", "bid 5", "bid 3"])   # p1 declares; order p0 p1 p2 dummy
    for c in ("2H", "9H", "KH", "AH"):
        g.apply("play " + c)
    assert g.view("p0")["last_trick"]["winner"] == "dummy"
    assert acting(g) == ("p1", "dummy")


def test_play_notation_accepts_other_spellings():
    g = game([PLAY_DEAL], actions=["bid 5", "bid 3", "bid 3", "play 2H", "play 3H", "play AH",
                                   "play 4H", "play 3S", "play KH"])
    assert g.apply("PLAY 10d") == "play TD"
    assert g.apply("play 2s") == "play 2S"
    assert g.apply("play Q♠") == "play QS"      # the dummy won and leads again
    assert g.actions[-3:] == ["play TD", "play 2S", "play QS"]


@pytest.mark.parametrize("text, words", [
    ("play", "play one card"), ("play ZZ", "not a card"), ("play 1D", "not a card"),
    ("play 2H 5H", "play one card"), ("bid 3", "cannot bid now: it is time to play a card"),
    ("play 2S", "you do not hold 2S"), ("play AS", "you do not hold AS"),  # AS: the hidden dummy's
    ("pass", "unknown action"),
])
def test_bad_plays_explain_and_change_nothing(text, words):
    g = game([PLAY_DEAL], actions=["bid 5", "bid 3", "bid 3"])
    before = state(g)
    with pytest.raises(IllegalAction, match=words):
        g.apply(text)
    assert state(g) == before


def test_non_string_action_is_refused():
    g = game([PLAY_DEAL])
    with pytest.raises(IllegalAction):
        g.apply(None)  # type: ignore[arg-type]


# ---- scoring ---------------------------------------------------------------------------------------

def test_seed_worked_example_by_the_scoring_rule():
    # p0 declares 7, p1 and p2 defend with 5 and 6.
    assert score_hand(0, [7, 5, 6], [0, 0, 0], [4, 3, 2, 4], [0, 0, 0]) == \
        ((71, 50, -60), (1, 0, 0), (1, 0, 0))
    assert score_hand(0, [7, 5, 6], [0, 0, 0], [3, 4, 3, 3], [0, 0, 0]) == \
        ((-70, 52, 61), (0, 2, 1), (0, 2, 1))


@pytest.mark.parametrize("defenders, expect_score, expect_bags", [
    (5, {"p0": 71, "p1": 50, "p2": -60}, {"p0": 1, "p1": 0, "p2": 0}),
    (7, {"p0": -70, "p1": 52, "p2": 61}, {"p0": 0, "p1": 2, "p2": 1}),
])
def test_seed_worked_example_played(defenders, expect_score, expect_bags):
    g = game([make_deal("p2", p0="AS KS QS JS 2H 3H 4H 5H AD KD QD 2C 3C")], seed=1,
             actions=["bid 7", "bid 5", "bid 6"])
    h = search_hand(g, lambda e: e["tricks"]["p1"] + e["tricks"]["p2"] == defenders)
    r = replay(h.to_record())                          # through apply, action by action
    e = last(r)
    assert e["declarer"] == "p0" and e["bids"] == {"p0": 7, "p1": 5, "p2": 6}
    assert e["score"] == expect_score and e["bags"] == expect_bags
    assert r.summary()["totals"] == expect_score and r.summary()["bags"] == expect_bags


def test_contract_made_and_set_with_one_side_taking_all():
    # p0 holds every spade and wins all 13 tricks.
    g = game([spade_deal("p2")], seed=1, actions=["bid 13", "bid 2", "bid 0"])
    finish_hand(g)
    e = last(g)
    assert e["tricks"] == {"p0": 13, "p1": 0, "p2": 0, "dummy": 0}
    assert e["score"] == {"p0": 130, "p1": -20, "p2": 0}
    assert e["bags"] == {"p0": 0, "p1": 0, "p2": 0}


def test_bag_penalty_crossing_10_and_20_in_one_hand():
    deals = [spade_deal("p2"), spade_deal("p0")]
    # Hand 0 (order p0 p1 p2): p2 declares 5; p0 and p1 defend and take all 13.
    # Hand 1 (order p1 p2 p0): p2 declares 1; p0 and p1 take all 13 again.
    g = game(deals, seed=3, actions=["bid 0", "bid 4", "bid 5"])
    finish_hand(g)
    e = last(g)
    assert e["declarer"] == "p2"
    assert e["score"] == {"p0": 13 - 100, "p1": 40 + 9, "p2": -50}
    assert e["bags"] == {"p0": 13, "p1": 9, "p2": 0}
    assert g.summary()["bags"] == {"p0": 3, "p1": 9, "p2": 0}
    for b in ("bid 0", "bid 1", "bid 0"):
        g.apply(b)
    finish_hand(g)
    e = last(g)
    assert e["declarer"] == "p2"
    assert e["score"] == {"p0": 13 - 100, "p1": 13 - 200, "p2": -10}   # p1: 9 + 13 = 22 bags
    assert e["bags"] == {"p0": 13, "p1": 13, "p2": 0}
    s = g.summary()
    assert s["bags"] == {"p0": 6, "p1": 2, "p2": 0}
    assert s["totals"] == {"p0": -174, "p1": 49 - 187, "p2": -60}


def test_bag_penalty_loop_in_the_scoring_rule():
    pts, taken, after = score_hand(1, [0, 0, 0], [0, 0, 0], [0, 13, 0, 0], [9, 8, 0])
    assert taken == (0, 13, 0) and after == (9, 1, 0)
    assert pts == (0, 13 - 200, 0)


@pytest.mark.parametrize("bids, score", [
    # own hand, as declarer, failing (p0 takes 13): the tricks still make the contract
    (("bid 13 nil p0", "bid 0", "bid 0"), {"p0": 130 - 100}),
    # own hand as defender, made; p1 and p2 defend with 0 tricks
    (("bid 13", "bid 0 nil p1", "bid 0"), {"p1": 100}),
    # own hand as defender, failed, tricks counted for the defenders' side (p2 declares)
    (("bid 5 nil p0", "bid 2", "bid 6"), {"p0": 50 + 8 - 100, "p1": 20 + 11 - 100, "p2": -60}),
    # dummy nil by the declarer applies (dummy takes 0)
    (("bid 13 nil dummy", "bid 0", "bid 0"), {"p0": 230}),
    # dummy nil by a defender is ignored
    (("bid 13", "bid 0 nil dummy", "bid 0"), {"p1": 0}),
    # nil on another player applies when both are defenders
    (("bid 13", "bid 0 nil p2", "bid 0"), {"p1": 100}),
    # ... and not when the named player is the declarer, nor when the bidder is
    (("bid 13", "bid 0 nil p0", "bid 0"), {"p1": 0}),
    (("bid 13 nil p1,p2", "bid 0", "bid 0"), {"p0": 130}),
    # defenders' nil on the other defender who takes tricks: -100 (p2 declares)
    (("bid 0", "bid 1 nil p0", "bid 2"), {"p1": 10 + 12 - 100 - 100}),
    # both defenders nil the same hand: each gets his own +100
    (("bid 13", "bid 0 nil p2", "bid 0 nil p2"), {"p1": 100, "p2": 100}),
    # a defender nil on both defenders' hands: both assessed
    (("bid 13", "bid 0 nil p1,p2", "bid 0"), {"p1": 200}),
    # every nil at once from a defender: only the two defender hands count
    (("bid 13", "bid 0 nil p0,p1,p2,dummy", "bid 0"), {"p1": 200}),
])
def test_nil_declarations_apply_only_where_the_rule_book_says(bids, score):
    g = game([spade_deal("p2")], seed=1, actions=bids)
    finish_hand(g)
    e = last(g)
    assert e["tricks"]["p0"] == 13
    for seat, pts in score.items():
        assert e["score"][seat] == pts, (seat, e)


def test_summary_nils_as_declared_for_all_seats():
    g = game([spade_deal("p2")], seed=1, actions=["bid 13 nil p1,p2", "bid 0 nil dummy", "bid 0"])
    finish_hand(g)
    assert last(g)["nils"] == {"p0": ["p1", "p2"], "p1": ["dummy"], "p2": []}
    v = DummySpades.view(game([spade_deal("p2")], actions=["bid 13 nil p1,p2", "bid 0 nil dummy",
                                                             "bid 0 nil p0,p1"]), "p2")
    assert v["nil_applies"] == {"p0": [], "p1": [], "p2": ["p1"]}


# ---- end of the game -------------------------------------------------------------------------------

def spade_hands(n: int) -> list:
    return [spade_deal(f"p{(2 + k) % 3}") for k in range(n)]


def bids_for(k: int, by_seat: dict) -> list:
    """Bids of hand k (dealer p2 at hand 0) given by seat, in that hand's bidding order."""
    first = k % 3
    return [by_seat[f"p{(first + i) % 3}"] for i in range(3)]


PLAN = {"p0": "bid 13 nil dummy", "p1": "bid 0 nil p1,p2", "p2": "bid 0 nil p2"}  # 230 200 100


@pytest.mark.parametrize("target, hands, winner, totals", [
    (300, 2, "p0", {"p0": 460, "p1": 400, "p2": 200}),
    (500, 3, "p0", {"p0": 690, "p1": 600, "p2": 300}),
])
def test_game_ends_after_the_hand_reaching_the_target(target, hands, winner, totals):
    g = game(spade_hands(3), target=target)
    for k in range(hands):
        assert not g.over
        for b in bids_for(k, PLAN):
            g.apply(b)
        finish_hand(g)
    assert g.over and g.winner == winner
    s = g.summary()
    assert s["totals"] == totals and s["over"] is True and s["winner"] == winner
    assert s["to_act"] is None and s["legal"] == [] and g.legal_moves() == []
    v = g.view("p1")
    assert v["phase"] == "over" and v["winner"] == winner and v["to_act"] is None
    with pytest.raises(IllegalAction, match="the game is over"):
        g.apply("bid 3")


def test_tie_for_the_highest_score_plays_another_hand():
    tie = {"p0": "bid 13", "p1": "bid 0 nil p1,p2", "p2": "bid 0 nil p1,p2"}   # 130 200 200
    g = game(spade_hands(3))
    for k in range(2):
        for b in bids_for(k, tie):
            g.apply(b)
        finish_hand(g)
    assert g.summary()["totals"] == {"p0": 260, "p1": 400, "p2": 400}
    assert not g.over and g.hand_number == 2 and g.winner is None
    for b in bids_for(2, {**tie, "p2": "bid 0 nil p2"}):
        g.apply(b)
    finish_hand(g)
    assert g.over and g.winner == "p1"
    assert g.summary()["totals"] == {"p0": 390, "p1": 600, "p2": 500}


@pytest.mark.parametrize("limit, over", [(-200, True), (None, False)])
def test_losing_limit(limit, over):
    plan = {"p0": "bid 13", "p1": "bid 12", "p2": "bid 0"}        # 130, -120, 0 a hand
    g = game(spade_hands(3), losing_limit=limit)
    for k in range(2):
        for b in bids_for(k, plan):
            g.apply(b)
        finish_hand(g)
    assert g.summary()["totals"] == {"p0": 260, "p1": -240, "p2": 0}
    assert g.over is over
    assert g.winner == ("p0" if over else None)


def test_hand_history_and_previous_tricks_after_a_hand():
    g = game(spade_hands(2), actions=bids_for(0, PLAN))
    finish_hand(g)
    assert g.hand_number == 1 and g.dealer == "p0" and g.phase == "bid" and g.to_act == "p1"
    v = g.view("p2")
    assert v["history"] == g.summary()["hands"]
    assert v["tricks"] == [] and v["last_trick"] is None and len(v["previous_tricks"]) == 13
    assert all(t["winner"] == "p0" for t in v["previous_tricks"])
    assert v["hand_counts"] == {"p0": 13, "p1": 13, "p2": 13, "dummy": 13}
    assert v["tricks_won"] == {"p0": 0, "p1": 0, "p2": 0, "dummy": 0}


# ---- variations ------------------------------------------------------------------------------------

def test_three_peeky_private_cards_public_slots():
    d = make_deal("p2")
    g = game([d], variant="three-peeky")
    assert g.phase == "peek" and g.to_act == "p0"
    assert len(g.legal_actions()) == 286 and g.legal_actions()[0] == "peek 1 2 3"
    assert g.apply("peek 9 1 5") == "peek 1 5 9"
    slots = d["hands"]["dummy"]
    v0, v1 = g.view("p0"), g.view("p1")
    assert v0["dummy_slots"] == [slots[i] if i in (0, 4, 8) else None for i in range(13)]
    assert sorted(v0["dummy"]) == sorted([slots[0], slots[4], slots[8]])
    assert v1["dummy_slots"] == [None] * 13 and v1["dummy"] == []
    assert v1["peeks"] == {"p0": [1, 5, 9], "p1": None, "p2": None}
    assert g.to_act == "p1"
    assert g.apply("peek 1 2 3") == "peek 1 2 3"          # overlap allowed
    g.apply("peek 13 12 11")
    assert g.phase == "bid" and g.to_act == "p0"
    for b in ("bid 5", "bid 3", "bid 3"):                 # privacy lasts into the bidding and play
        g.apply(b)
    v2 = g.view("p2")
    assert v2["dummy_slots"] == [slots[i] if i >= 10 else None for i in range(13)]
    assert v2["peeks"] == {"p0": [1, 5, 9], "p1": [1, 2, 3], "p2": [11, 12, 13]}
    assert g.view("p1")["dummy_slots"][0] == slots[0] and g.view("p1")["dummy_slots"][4] is None
    g.apply(g.legal_actions()[0])                          # opening lead: all exposed
    assert len(g.view("p1")["dummy"]) == 13


@pytest.mark.parametrize("text, words", [
    ("peek 1 2", "pick 3 dummy slots"), ("peek 1 1 2", "3 different"), ("peek 0 1 2", "1 to 13"),
    ("peek 1 2 14", "1 to 13"), ("peek a b c", "1 to 13"), ("bid 3", "cannot bid now"),
    ("play 2S", "cannot play now: it is time to peek at the dummy"),
])
def test_bad_peeks(text, words):
    g = game([make_deal("p2")], variant="three-peeky")
    before = state(g)
    with pytest.raises(IllegalAction, match=words):
        g.apply(text)
    assert state(g) == before


def test_four_peeky():
    g = game([make_deal("p0")], variant="four-peeky")
    assert g.to_act == "p1" and len(g.legal_actions()) == 715
    assert g.apply("peek 4 3 2 1") == "peek 1 2 3 4"
    with pytest.raises(IllegalAction, match="pick 4 dummy slots"):
        g.apply("peek 1 2 3")


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_flip_n_public_3n_face_up(n):
    from math import comb
    d = make_deal("p1")
    g = game([d], variant=f"flip-{n}")
    slots = d["hands"]["dummy"]
    assert g.phase == "flip"
    flipped = []
    for i, seat in enumerate(("p2", "p0", "p1")):          # bidding order, dealer p1
        assert g.to_act == seat
        assert len(g.legal_actions()) == comb(13 - n * i, n)
        action = g.legal_actions()[-1]                       # the highest face-down slots
        g.apply(action)
        flipped += [int(x) for x in action.split()[1:]]
    assert g.phase == "bid" and len(flipped) == 3 * n == len(set(flipped))
    for s in ("p0", "p1", "p2"):
        v = g.view(s)
        assert v["dummy_slots"] == [slots[i] if i + 1 in flipped else None for i in range(13)]
        assert len(v["dummy"]) == 3 * n and v["dummy_exposed"] is False
        assert sorted(sum(v["flips"].values(), [])) == sorted(flipped)


def test_flip_refuses_face_up_slots():
    g = game([make_deal("p2")], variant="flip-2")
    g.apply("flip 7 2")
    assert g.actions == ["flip 2 7"]
    before = state(g)
    with pytest.raises(IllegalAction, match="slot 7 is already face up"):
        g.apply("flip 7 8")
    with pytest.raises(IllegalAction, match="pick 2 dummy slots"):
        g.apply("flip 8")
    assert state(g) == before
    assert "flip 1 2" not in g.legal_actions() and "flip 1 3" in g.legal_actions()


# ---- records, summary, CLI ------------------------------------------------------------------------

def test_record_round_trip_mid_hand_with_deals_and_players():
    r = record([PLAY_DEAL], actions=["bid 5 nil dummy", "bid 3", "bid 3", "play 2H", "play 3h"],
               seed=11, players=["Ana", "Ben", "Chloé"], variant="no-peeky")
    g = replay(r)
    out = g.to_record()
    assert list(out) == ["format", "game", "options", "players", "seed", "deals", "actions"]
    assert out["actions"] == ["bid 5 nil dummy", "bid 3", "bid 3", "play 2H", "play 3H"]
    assert out["options"] == {"target": 300, "variant": "no-peeky", "losing_limit": None}
    g2 = replay(json.loads(json.dumps(out)))
    assert state(g2) == state(g)


def test_record_without_seed_needs_deals_for_every_hand():
    g = game([spade_deal("p2")], actions=["bid 13", "bid 0", "bid 0"])
    for _ in range(51):
        g.apply(g.legal_actions()[0])
    before = state(g)
    with pytest.raises(IllegalAction, match="no deal"):
        g.apply(g.legal_actions()[0])
    assert state(g) == before


def test_summary_keys_and_entries():
    g = game(spade_hands(2), actions=bids_for(0, PLAN))
    finish_hand(g)
    s = g.summary()
    assert list(s) == ["game", "hands", "totals", "bags", "over", "winner", "to_act", "legal"]
    assert s["game"] == "dummy-spades" and len(s["hands"]) == 1
    e = s["hands"][0]
    assert list(e) == ["dealer", "declarer", "bids", "nils", "tricks", "score", "bags"]
    assert e == {"dealer": "p2", "declarer": "p0", "bids": {"p0": 13, "p1": 0, "p2": 0},
                 "nils": {"p0": ["dummy"], "p1": ["p1", "p2"], "p2": ["p2"]},
                 "tricks": {"p0": 13, "p1": 0, "p2": 0, "dummy": 0},
                 "score": {"p0": 230, "p1": 200, "p2": 100}, "bags": {"p0": 0, "p1": 0, "p2": 0}}
    assert s["to_act"] == "p1" and len(s["legal"]) == 224


def run_cli(tmp_path, rec) -> subprocess.CompletedProcess:
    f = tmp_path / "game.json"
    f.write_text(json.dumps(rec) if isinstance(rec, dict) else rec, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py")}
    return subprocess.run([sys.executable, "-m", "cardtable", "replay", str(f)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)


def test_cli_replay_prints_the_summary(tmp_path):
    rec = record(spade_hands(2), actions=bids_for(0, PLAN), players=["Ana", "Ben", "Chloé"])
    g = replay(rec)
    finish_hand(g)
    p = run_cli(tmp_path, g.to_record())
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert out == g.summary()
    assert set(out) == {"game", "hands", "totals", "bags", "over", "winner", "to_act", "legal"}


def test_cli_replay_illegal_action_exit_2_one_line(tmp_path):
    rec = record([{**PLAY_DEAL, "dealer": "p0"}], actions=["bid 3", "bid 3", "bid 5", "play 2S"])
    p = run_cli(tmp_path, rec)
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr == 'action 3 "play 2S": spades are not broken\n'
    with pytest.raises(ReplayError):
        replay(rec)


def test_cli_replay_bad_record_exit_2(tmp_path):
    p = run_cli(tmp_path, record(seed=1, target=1000))
    assert p.returncode == 2 and p.stderr.count("\n") == 1 and p.stderr.startswith("record: ")
    assert "target" in p.stderr
    p = run_cli(tmp_path, record([make_deal("p1"), make_deal("p1")]))
    assert p.returncode == 2 and "rotation" in p.stderr and p.stderr.count("\n") == 1


# ---- the view -----------------------------------------------------------------------------------

VIEW_KEYS = {"game", "seat", "hand_number", "players", "options", "phase", "dealer", "bidding_order",
             "declarer", "defenders", "play_order", "to_act", "acting_hand", "legal", "hand",
             "hand_counts", "dummy_exposed", "dummy", "dummy_slots", "peeks", "flips", "mirror_bids", "bids", "nils",
             "nil_applies", "trick", "last_trick", "tricks", "previous_tricks", "tricks_won",
             "spades_broken", "totals", "bags", "history", "over", "winner"}


def test_view_mid_play_is_complete_and_json_ready():
    g = game([PLAY_DEAL], actions=["bid 5 nil dummy", "bid 3", "bid 3 nil p1", "play 2H", "play 3H",
                                   "play AH", "play 4H", "play 3S", "play KH"])
    for s in ("p0", "p1", "p2"):
        v = g.view(s)
        assert set(v) == VIEW_KEYS
        assert json.loads(json.dumps(v)) == v
        assert v["seat"] == s and v["phase"] == "play" and v["declarer"] == "p0"
        assert v["to_act"] == "p0" and v["acting_hand"] == "p0"
        assert v["hand_counts"] == {"p0": 12, "p1": 12, "p2": 11, "dummy": 11}
        assert v["trick"]["leader"] == "dummy" and v["trick"]["winning"] == "dummy"
        assert [p["card"] for p in v["trick"]["plays"]] == ["3S", "KH"]
        assert len(v["tricks"]) == 1 and v["last_trick"] == v["tricks"][0]
        assert v["nil_applies"] == {"p0": ["dummy"], "p1": [], "p2": ["p1"]}
        assert v["spades_broken"] is True
        assert (v["legal"] != []) == (s == "p0")
    assert g.view("p0")["legal"] == ["play 5H", "play 6H", "play 7H"] + [
        f"play {r}D" for r in "23456789T"]
    assert g.view("p1")["hand"] == "2S 9H 8H AD KD QD JD 6C 5C 4C 3C 2C".split()
    with pytest.raises(ValueError):
        g.view("dummy")


# ---- fast API ---------------------------------------------------------------------------------------

def test_int_moves_mirror_the_text_actions():
    g = DummySpades(seed=21, options={"variant": "flip-1"})
    rng = random.Random(0)
    while g.hand_number == 0 and not g.over:
        moves, texts = g.legal_moves(), g.legal_actions()
        assert [move_to_action(m) for m in moves] == texts
        for m in moves[:5]:
            assert g.is_legal_move(m) and g.parse_action(move_to_action(m)) == m
        m = moves[int(rng.random() * len(moves))]
        g.apply_move(m)
        assert g.actions[-1] == move_to_action(m)


def test_apply_move_refuses_illegal_moves():
    g = game([PLAY_DEAL], actions=["bid 5", "bid 3", "bid 3"])
    before = state(g)
    for m in (12, 52, -1, BID_BASE, 1 << 20):           # AS is the dummy's; others not plays now
        with pytest.raises(IllegalAction):
            g.apply_move(m)
    assert state(g) == before


def test_clone_is_independent_and_rollout_changes_nothing():
    g = game([PLAY_DEAL], seed=4, actions=["bid 5", "bid 3", "bid 3", "play 2H"])
    before = state(g)
    c = g.clone()
    c.random_playout(random.Random(1))
    assert state(g) == before and c.hand_number == 1
    tricks, points = g.rollout(random.Random(2))
    assert sum(tricks) == 13 and len(points) == 3
    assert state(g) == before
    fake = g.hands[:]                                   # a guess at the hidden hands works too
    fake[1], fake[2] = fake[2], fake[1]                 # (both hold 13 cards)
    tricks, _ = g.rollout(random.Random(3), hands=fake)
    assert sum(tricks) == 13
    assert state(g) == before
    with pytest.raises(IllegalAction):
        game([PLAY_DEAL]).rollout()


def test_random_playout_record_replays_through_apply():
    g = DummySpades(seed=99, options={"variant": "three-peeky", "losing_limit": -200})
    rng = random.Random(5)
    for _ in range(3):
        g.random_playout(rng)
    r = replay(g.to_record())
    assert state(r) == state(g)


def test_module_examples_run():
    import doctest

    import cardtable.games.dummy_spades as mod
    result = doctest.testmod(mod)
    assert result.attempted >= 10 and result.failed == 0


def test_state_properties_over_a_whole_match():
    g = game(spade_hands(2), actions=bids_for(0, PLAN))
    assert not g.hand_over and g.scores == {"p0": 0, "p1": 0, "p2": 0}
    finish_hand(g)
    assert not g.hand_over and g.scores == {"p0": 230, "p1": 200, "p2": 100}
    assert g.bags_total == {"p0": 0, "p1": 0, "p2": 0}
    for b in bids_for(1, PLAN):
        g.apply(b)
    finish_hand(g)
    assert g.over and g.hand_over and g.phase == "over" and g.acting_hand is None
    assert repr(g).startswith("<DummySpades over, winner p0")
