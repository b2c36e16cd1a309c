"""Seep rules: every rule of the rule book, scenarios built from explicit deals in records.

The deals below give each scenario's decisive cards first; ``deal()`` fills the rest of each
hand with the unused cards.  A scenario is a record and goes through ``replay`` like a saved
game.  Seats: p0..p3 in order of play, partners p0/p2 and p1/p3; the bidder is the seat after
the dealer (dealer p3 -> bidder p0).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from cardtable.cards import CARDS, Card, hand_rng, shuffled_deck
from cardtable.game import IllegalAction, RecordError
from cardtable.games.seep import (SEATS, TEAMS, Seep, capture_unions, deal_from_deck,
                                  value_name)
from cardtable.record import replay

ROOT = Path(__file__).resolve().parent.parent


# ---- helpers -------------------------------------------------------------------------------

def deal(floor: str, dealer: str = "p3", **hands: str) -> dict:
    """A full deal: the given cards first in each hand (in the order dealt), then unused cards."""
    given = {s: hands.get(s, "").split() for s in SEATS}
    used = {str(Card.parse(c)) for cs in given.values() for c in cs} | {
        str(Card.parse(c)) for c in floor.split()}
    spare = [str(c) for c in CARDS if str(c) not in used]
    out = {}
    for s in SEATS:
        cs = [str(Card.parse(c)) for c in given[s]]
        while len(cs) < 12:
            cs.append(spare.pop())
        out[s] = cs
    return {"dealer": dealer, "hands": out, "floor": [str(Card.parse(c)) for c in floor.split()]}


def record(*deals: dict, actions=(), seed=None, **options) -> dict:
    rec = {"format": "cardtable/1", "game": "seep", "options": options,
           "players": ["Ana", "Ben", "Chloé", "Dev"], "deals": list(deals),
           "actions": list(actions)}
    if seed is not None:
        rec["seed"] = seed
    return rec


def game(*deals: dict, actions=(), seed=None, **options) -> Seep:
    return replay(record(*deals, actions=actions, seed=seed, **options))


def snapshot(g: Seep) -> str:
    return json.dumps([g.summary(), [g.view(s) for s in SEATS], g.to_record()], sort_keys=True)


def illegal(g: Seep, action: str, message: str) -> None:
    """The action is refused with exactly this message, and the game is unchanged."""
    before = snapshot(g)
    with pytest.raises(IllegalAction) as err:
        g.apply(action)
    assert str(err.value) == message
    assert g.check(action) == message
    assert snapshot(g) == before


def kinds(g: Seep, kind: str) -> list[str]:
    return [a for a in g.legal_actions() if a.split()[0] == kind]


def hand_card(action: str) -> str:
    """The hand card an action plays (after the house value for build, raise and cement)."""
    w = action.split()
    return w[2] if w[0] in ("build", "raise", "cement") else w[1]


def play_out(g: Seep, rng: random.Random, hands: int = 1) -> None:
    """Random legal text actions until ``hands`` more hands are complete (or the game ends)."""
    goal = g.hands_completed + hands
    while not g.over and g.hands_completed < goal:
        g.apply(rng.choice(g.legal_actions()))


def tracked_hand(seed: int, **options):
    """Play one seeded hand at random, tracking each team's pile from public information only
    (the floor before each capture and the notation); returns (game, piles, last capturer)."""
    g = Seep.new(seed=seed, **options)
    rng = random.Random(seed)
    piles = {t: [] for t in TEAMS}
    last = None
    while g.hands_completed == 0:
        seat = g.to_act
        fl = g.floor()
        words = g.apply(rng.choice(g.legal_actions())).split()
        if words[0] == "capture":
            team = TEAMS[SEATS.index(seat) % 2]
            value = Card.parse(words[1]).value
            piles[team] += words[1:]
            piles[team] += [c for h in fl["houses"] if h["value"] == value for c in h["cards"]]
            last = seat
    return g, piles, last


def card_points(cards, ten_of_diamonds: int = 2) -> int:
    pts = 0
    for t in cards:
        c = Card.parse(t)
        if c.suit == "S":
            pts += c.value
        elif c.rank == 14:
            pts += 1
        elif str(c) == "TD":
            pts += ten_of_diamonds
    return pts


# ---- the deal and the bid -----------------------------------------------------------------

def test_seeded_deal_follows_the_documented_physical_order():
    g = Seep.new(seed=42)
    dealer = random.Random("cardtable:42:first-dealer").randrange(4)
    assert g.dealer == SEATS[dealer] and g.bidder == SEATS[(dealer + 1) % 4]
    deck = [str(c) for c in shuffled_deck(hand_rng(42, 0))]
    d = g.to_record()["deals"][0]
    order = [(dealer + 1 + i) % 4 for i in range(4)]          # bidder, B2, B3, dealer
    for i, s in enumerate(order):
        assert d["hands"][SEATS[s]] == deck[4 * i:4 * i + 4] + deck[20 + 4 * i:24 + 4 * i] + \
            deck[36 + 4 * i:40 + 4 * i]
    assert d["floor"] == deck[16:20]
    assert d["dealer"] == SEATS[dealer]
    assert deal_from_deck(shuffled_deck(hand_rng(42, 0)), dealer).floor == \
        [Card.parse(c).index for c in deck[16:20]]


def test_deals_in_a_record_are_used_and_written_back_as_given():
    d = deal("2S 5H 7C 8D", dealer="p1", p2="9C 3D JS 2H")
    g = game(d)
    assert (g.dealer, g.bidder, g.to_act, g.phase) == ("p1", "p2", "p2", "bid")
    assert g.to_record()["deals"][0] == d
    assert g.view("p2")["hand"] == ["2H", "3D", "9C", "JS"]   # the first packet only


def test_legal_bids_are_the_values_9_to_13_of_the_bidders_cards():
    g = game(deal("2S 5H 7C 8D", p0="9C QD QH 3C"))
    assert g.legal_actions() == ["bid 9", "bid 12"]
    illegal(g, "bid 11", "you hold no Jack to bid 11")
    illegal(g, "bid 8", "the bid is 9 to 13, not 8")
    illegal(g, "bid 14", "the bid is 9 to 13, not 14")
    illegal(g, "bid twelve", "write: bid N (N from 9 to 13)")
    illegal(g, "redeal", "you hold a Queen: bid it (a redeal only when you hold no card of 9 "
                         "or more)")
    illegal(g, "throw 9C", "p0 must bid first (bid 9 to 13, or redeal)")
    assert g.apply("Bid 12") == "bid 12"
    assert g.bid == 12 and g.phase == "play" and g.to_act == "p0"
    illegal(g, "bid 9", "the bid is made: p0 plays a card")


def test_no_card_of_9_or_more_means_a_redeal_by_the_same_dealer():
    first = deal("2S 5H 7C 8D", dealer="p2", p3="2C 3C 8H AD")
    second = deal("4S 5S 6S 7S", dealer="p2", p3="KC 3C 8H AD")
    g = game(first, second)
    assert g.bidder == "p3" and g.legal_actions() == ["redeal"]
    illegal(g, "bid 9", "you hold no 9 to bid 9")
    assert g.apply("REDEAL") == "redeal"
    assert (g.dealer, g.bidder, g.deal_index, g.hand_number, g.phase) == ("p2", "p3", 1, 1, "bid")
    assert g.view("p3")["hand"] == ["AD", "3C", "8H", "KC"]
    # the thrown-in hand is shown to everyone in this hand's log
    for s in SEATS:
        assert g.view(s)["log"] == [{"seat": "p3", "action": "redeal",
                                     "shown": ["AD", "2C", "3C", "8H"]}]
    assert g.legal_actions() == ["bid 13"]
    rec = g.to_record()
    assert rec["deals"] == [first, second] and rec["actions"] == ["redeal"]


def test_a_redeal_from_the_seed_takes_the_next_deal_stream():
    seed = next(s for s in range(500) if Seep.new(seed=s).legal_actions() == ["redeal"])
    g = Seep.new(seed=seed)
    dealer = g.dealer
    g.apply("redeal")
    assert g.dealer == dealer and g.deal_index == 1
    expected = deal_from_deck(shuffled_deck(hand_rng(seed, 1)), SEATS.index(dealer))
    assert g.to_record()["deals"][1] == expected.to_json()


def test_the_floor_is_dealt_face_up_after_the_bid():
    d = deal("2S 5H 7C 8D", p0="9C 3D JS 2H", p1="AH QH 4C 4D")
    g = game(d)
    assert g.floor() == {"loose": [], "houses": []}
    assert g.view("p1")["hand"] == ["AH", "4D", "4C", "QH"]          # sweep-seed: first packet
    assert g.view("p1")["hand_counts"] == {"p0": 4, "p1": 4, "p2": 4, "p3": 4}
    pg = game(d, preset="seep-pagat")                                # pagat: bidder only
    assert pg.view("p1")["hand"] == [] and pg.view("p0")["hand_counts"]["p1"] == 0
    g.apply("bid 11")
    assert g.floor()["loose"] == ["2S", "5H", "7C", "8D"]


# ---- the bidder's first play ----------------------------------------------------------------

def test_pagat_first_play_build_the_bid_capture_or_throw_a_bid_card():
    # nothing on the floor makes 11: build an 11-house, or throw the Jack
    g = game(deal("2S 5H 7C 8D", p0="9C 3D JS 2H"), actions=["bid 11"])
    assert g.legal_actions() == ["build 11 2H 2S 7C", "build 11 3D 8D", "build 11 9C 2S",
                                 "throw JS"]
    msg = "your first play must build an 11-house, capture with a Jack or throw a Jack"
    illegal(g, "throw 3D", msg)
    illegal(g, "capture 9C", msg)
    illegal(g, "build 10 3D 7C", msg)
    # 7 + 4 makes 11: the Jack captures and may not be thrown
    g = game(deal("2S 5H 7C 4D", p0="9C 3D JS 2H"), actions=["bid 11"])
    assert g.legal_actions() == ["build 11 2H 2S 7C", "build 11 2H 4D 5H", "build 11 9C 2S",
                                 "build 11 9C 2S 4D 7C",   # two groups: cemented
                                 "capture JS 2S 4D 5H", "capture JS 4D 7C"]
    illegal(g, "throw JS", "a Jack that can capture cannot be thrown")


def test_pagat_first_play_throw_of_a_bid_card_only_when_it_cannot_capture():
    g = game(deal("2S 2H 2C 2D", p0="KD 4C 6C 8C"), actions=["bid 13"])
    # nothing on the floor makes 13, and no 13-house can be built with these cards
    assert g.legal_actions() == ["throw KD"]
    g.apply("throw KD")
    assert g.floor()["loose"] == ["2S", "2H", "2C", "2D", "KD"]


def test_pagat_first_play_capture_with_the_bid_card():
    g = game(deal("2S 5H 7C 8D", p0="QC 3D 9H 4H"), actions=["bid 12"])
    assert "capture QC 5H 7C" in g.legal_actions()
    assert "capture QC" not in g.legal_actions()
    g.apply("capture qc 7c 5h")
    assert g.floor()["loose"] == ["2S", "8D"]


def test_seed_first_play_builds_on_one_floor_card_else_throws_any_card():
    d = deal("2S 5H 7C 8D", p0="9C 3D JS 2H")
    g = game(d, actions=["bid 11"], first_play="seed")
    assert g.legal_actions() == ["build 11 3D 8D", "build 11 9C 2S"]
    illegal(g, "build 11 2H 2S 7C", "your first play builds 11 from your card and one floor card "
                                    "worth the difference")
    illegal(g, "throw 2H", "you can build 11 on one floor card, so your first play must")
    illegal(g, "capture JS", "your first play must build 11 on one floor card (or, if you "
                             "cannot, throw a card)")
    # no card completes 13 with a single floor card: any card may be thrown, even one that
    # could capture
    d = deal("2S 2H 2C 4D", p0="KD 4C 6C 8C")
    g2 = game(d, actions=["bid 13"], first_play="seed")
    assert g2.legal_actions() == ["throw 4C", "throw 6C", "throw 8C", "throw KD"]
    g2.apply("throw 4C")                      # the 4 could take the loose 4D: still allowed
    assert g2.floor()["loose"] == ["2S", "2H", "2C", "4D", "4C"]
    # pagat, for contrast: only the King may be thrown
    assert game(d, actions=["bid 13"]).legal_actions() == ["throw KD"]


def test_after_the_first_play_the_rest_is_dealt_and_the_next_player_plays():
    d = deal("2S 5H 7C 8D", p0="9C 3D JS 2H")
    for preset in ("sweep-seed", "seep-pagat"):
        g = game(d, actions=["bid 11", "build 11 9C 2S"], preset=preset)
        counts = g.view("p0")["hand_counts"]
        assert counts == {"p0": 11, "p1": 12, "p2": 12, "p3": 12}
        assert g.to_act == "p1"
        assert set(g.hand("p1")) == set(d["hands"]["p1"])
        assert set(g.hand("p0")) == set(d["hands"]["p0"]) - {"9C"}


# ---- capturing -------------------------------------------------------------------------------

def test_capture_must_be_maximal_and_offers_every_maximal_choice():
    # J over loose 2, 3, 5, 6: {5, 6} or {2, 3, 6}
    g = game(deal("2H 3H 5D 6C", p0="JC 4S 9S KS"), actions=["bid 11"])
    assert kinds(g, "capture") == ["capture JC 2H 3H 6C", "capture JC 5D 6C"]
    illegal(g, "capture JC 2H 3H", "2H 3H cannot be split into sets worth 11")
    illegal(g, "capture JC", "a capture must take every loose card or set worth 11")
    # both sets must be taken when they are disjoint: J over 4, 5, 6, 7
    g = game(deal("4H 5D 6C 7H", p0="JC 2S 3S KS"), actions=["bid 11"])
    assert kinds(g, "capture") == ["capture JC 4H 5D 6C 7H"]
    illegal(g, "capture JC 5D 6C", "a capture must take every loose card or set worth 11")
    assert g.apply("capture JC 7h 6c 5d 4h") == "capture JC 4H 5D 6C 7H"   # any order, any case


def test_value_level_capture_choices():
    counts = (0, 0, 1, 1, 0, 1, 1, 0, 0, 0, 0, 0)            # loose 2, 3, 5, 6; a Jack plays
    assert capture_unions(11, counts) == [((2, 1), (3, 1), (6, 1)), ((5, 1), (6, 1))]


def test_a_card_that_could_capture_cannot_be_thrown():
    # floor after p0's throw: 3H 4D AC 2S KD; p1's 7 can take 3+4 or 4+2+A
    d = deal("3H 4D AC 2S", p0="KD 5C 6C 8C", p1="7C 9H 9D TH")
    g = game(d, actions=["bid 13", "throw KD"])
    assert g.to_act == "p1"
    assert [a for a in kinds(g, "capture") if a.startswith("capture 7C")] == [
        "capture 7C AC 2S 4D", "capture 7C 3H 4D"]
    illegal(g, "throw 7C", "a 7 that can capture cannot be thrown")
    illegal(g, "capture 7C 3H", "3H cannot be split into sets worth 7")
    illegal(g, "capture 7C 3H 4D KD", "3H 4D KD cannot be split into sets worth 7")
    assert [a for a in g.legal_actions() if hand_card(a) == "9H"] == [
        "capture 9H 2S 3H 4D", "build 9 9H 2S 3H 4D", "build 10 9H AC", "build 11 9H 2S",
        "build 12 9H AC 2S", "build 12 9H 3H"]


def test_small_values_capture_loose_sets_too():
    d = deal("3H 4D AC 2S", p0="KD 5C 6C 8C", p1="7C 9H 9D TH")
    g = game(d, actions=["bid 13", "throw KD", "capture 7C 3H 4D"])
    assert g.floor()["loose"] == ["AC", "2S", "KD"]
    assert g.view("p0")["captured"] == {"p0p2": 0, "p1p3": 3}
    assert g.view("p0")["last_capturer"] == "p1"


# ---- houses: build, raise, cement, ownership ---------------------------------------------------

def full_deal(floor: str, dealer: str = "p3", **hands: str) -> dict:
    d = deal(floor, dealer, **hands)
    assert all(len(hands[s].split()) == 12 for s in SEATS)
    return d


# Every card placed: p1 has no King, p0 a single Jack, p2 two Queens, p3 a single Queen.
HOUSE_DEAL = full_deal("2S 5H 7C 8D",
                       p0="9C 3D JS KH 2H 3S 4S 5S 6S 7S 8S TS",
                       p1="AH QH 3H 4C 9S AS 7H 8H 9H TH 2D 4D",
                       p2="QS QD 4H 6H JH 5D 7D TD JD 3C 5C 6C",
                       p3="QC 6D 2C 9D KS KD AD 8C TC JC KC AC")
# After "bid 11", "build 11 9C 2S" (p0's 11-house), "throw 3H", "throw 4H", "throw 2C": p0 again
OWN_HOUSE = ["bid 11", "build 11 9C 2S", "throw 3H", "throw 4H", "throw 2C"]


def test_building_a_house_makes_the_builder_its_owner():
    g = game(HOUSE_DEAL, actions=["bid 11", "build 11 9C 2S"])
    assert g.floor() == {"loose": ["5H", "7C", "8D"], "houses": [
        {"value": 11, "cards": ["9C", "2S"], "cemented": False, "owners": ["p0"]}]}


def test_houses_are_worth_9_to_13_only():
    g = game(HOUSE_DEAL, actions=["bid 11", "build 11 9C 2S"])
    illegal(g, "build 8 AH 7C", "houses are worth 9 to 13, not 8")
    illegal(g, "build 14 AH 5H 8D", "houses are worth 9 to 13, not 14")
    assert not [a for a in g.legal_actions() if a.startswith("build") and
                not 9 <= int(a.split()[1]) <= 13]


def test_a_builder_must_hold_a_card_of_the_house_value():
    g = game(HOUSE_DEAL, actions=["bid 11", "build 11 9C 2S"])
    # p1 holds no King: AH 5H 7C makes 13 but cannot be built
    illegal(g, "build 13 AH 5H 7C", "to build a 13-house you must keep a King")
    illegal(g, "build 12 AH 5H", "AH 5H cannot be split into groups worth 12")
    assert "build 12 4C 8D" in g.legal_actions()
    illegal(g, "build 12 AH", "a build puts your card on loose cards worth 11")
    illegal(g, "cement 11 AH", "to cement the 11-house, play a card worth 11 or add loose cards "
                               "worth 10 to yours")


def test_two_groups_make_a_cemented_house_and_loose_singles_join_it():
    # 9 on a loose 9 is cemented at once; a loose 12 joins a new 12-house on its own
    d = deal("9H 3S QC 5D", p0="9S 9C 2H KD")
    g = game(d, actions=["bid 9"])
    assert "build 9 9S 9H" in g.legal_actions()
    g.apply("build 9 9S 9H")
    assert g.floor()["houses"] == [{"value": 9, "cards": ["9S", "9H"], "cemented": True,
                                    "owners": ["p0"]}]
    d = deal("3S QC 5D 4H", p0="9S 9C 2H QD")
    g = game(d, actions=["bid 12"])
    # the loose QC goes into the house whether it is listed or not
    illegal(g, "build 12 9S", "a build puts your card on loose cards worth 3")
    illegal(g, "build 12 9S 4H", "9S 4H cannot be split into groups worth 12")
    assert g.apply("build 12 9s 3s") == "build 12 9S 3S QC"
    assert g.floor()["houses"] == [{"value": 12, "cards": ["9S", "3S", "QC"], "cemented": True,
                                    "owners": ["p0"]}]
    assert g.floor()["loose"] == ["5D", "4H"]


def test_raise_an_uncemented_house_with_exactly_one_hand_card():
    g = game(HOUSE_DEAL, actions=["bid 11", "build 11 9C 2S"])
    assert "raise 11 AH" in g.legal_actions()
    illegal(g, "raise 11 AH 5H", "a raise adds one card from hand and no floor cards: write "
                                 "raise V C")
    illegal(g, "raise 12 AH", "there is no 12-house to raise")
    illegal(g, "raise 11 3H", "a 3 would raise the 11-house to 14: houses go up to 13")
    g.apply("raise 11 AH")
    assert g.floor()["houses"] == [{"value": 12, "cards": ["9C", "2S", "AH"],
                                    "cemented": False, "owners": ["p1"]}]


def test_a_raiser_must_keep_the_new_value():
    g = game(HOUSE_DEAL, actions=["bid 11", "build 11 9C 2S"])
    illegal(g, "raise 11 2D", "to raise to 13 you must keep a King")       # p1 has no King
    assert "raise 11 AH" in g.legal_actions()                              # ...but a Queen


def test_cemented_houses_cannot_be_raised_but_are_captured():
    g = game(HOUSE_DEAL, actions=["bid 11", "build 11 9C 2S", "raise 11 AH", "cement 12 QS"])
    assert g.floor()["houses"] == [{"value": 12, "cards": ["9C", "2S", "AH", "QS"],
                                    "cemented": True, "owners": ["p1", "p2"]}]
    # p3 cannot raise it; a Queen takes it, together with the loose 5H 7C (maximal)
    illegal(g, "raise 12 AC", "the 12-house is cemented and cannot be raised")
    illegal(g, "capture QC", "a capture must take every loose card or set worth 12")
    assert g.apply("capture QC 5H 7C") == "capture QC 5H 7C"
    assert g.floor() == {"loose": ["8D"], "houses": []}
    assert g.view("p0")["captured"] == {"p0p2": 0, "p1p3": 7}


def test_a_cementer_needs_another_card_of_the_value_and_becomes_an_owner():
    g = game(HOUSE_DEAL, actions=["bid 11", "build 11 9C 2S", "raise 11 AH"])
    assert "cement 12 QS" in g.legal_actions() and "cement 12 QD" in g.legal_actions()
    assert "cement 12 4H 8D" in g.legal_actions()             # a hand card plus loose cards
    illegal(g, "cement 12 6H 5H", "6H 5H cannot be split into groups worth 12")
    illegal(g, "cement 11 QS", "there is no 11-house to cement")
    g.apply("cement 12 4H 8D")
    assert g.floor()["houses"][0]["owners"] == ["p1", "p2"] and g.floor()["houses"][0]["cemented"]
    assert g.floor()["loose"] == ["5H", "7C"]
    # p3's lone Queen may not cement: the cementer keeps another one
    g = game(HOUSE_DEAL, actions=["bid 11", "build 11 9C 2S", "raise 11 AH", "throw 4H"])
    illegal(g, "cement 12 QC", "to cement the 12-house you must keep another Queen")


def test_you_may_not_raise_your_own_house_unless_the_option_allows_it():
    # p0 builds 11; p1, p2, p3 throw cards that cannot capture; p0 tries to raise his own house
    g = game(HOUSE_DEAL, actions=OWN_HOUSE)
    assert g.to_act == "p0"
    illegal(g, "raise 11 2H", "you cannot raise your own house")
    assert not kinds(g, "raise")
    g = game(HOUSE_DEAL, actions=OWN_HOUSE, raise_own=True)
    assert g.apply("raise 11 2H") == "raise 11 2H"
    assert g.floor()["houses"] == [{"value": 13, "cards": ["9C", "2S", "2H"],
                                    "cemented": False, "owners": ["p0"]}]


def test_the_13_house_cannot_be_raised():
    d = deal("2S 5H 7C 8D", p0="KC 3D 6S KH", p1="AH QH 3H 4C")
    g = game(d, actions=["bid 13", "build 13 6S 7C"])
    assert g.floor()["houses"][0]["value"] == 13
    illegal(g, "raise 13 AH", "the 13-house cannot be raised")
    assert not kinds(g, "raise")


def test_a_second_house_of_a_value_merges_into_the_first_with_owners_combined():
    # p0 builds 11 (9C 2S); p1 builds 12 (4C 8D); p2 throws; p3 raises the 11-house with AC
    # to 12: it merges into p1's 12-house, cemented, owned by both
    acts = ["bid 11", "build 11 9C 2S", "build 12 4C 8D"]
    g = game(HOUSE_DEAL, actions=acts + ["throw 3C"])
    assert [h["value"] for h in g.floor()["houses"]] == [11, 12]
    g.apply("raise 11 AC")
    assert g.floor()["houses"] == [{"value": 12, "cards": ["4C", "8D", "9C", "2S", "AC"],
                                    "cemented": True, "owners": ["p1", "p3"]}]
    # building a value that exists is cementing it (written "cement")
    g = game(HOUSE_DEAL, actions=acts)
    assert g.apply("build 12 7D 5H") == "cement 12 7D 5H"
    assert g.floor()["houses"][1] == {"value": 12, "cards": ["4C", "8D", "7D", "5H"],
                                      "cemented": True, "owners": ["p1", "p2"]}


def test_a_raise_merges_into_a_cemented_house_and_every_owner_stays_one():
    # p1's 12-house, cemented by p2's Queen; p3 raises p0's 11-house with an Ace into it
    g = game(HOUSE_DEAL, actions=["bid 11", "build 11 9C 2S", "build 12 4C 8D", "cement 12 QS"])
    assert g.floor()["houses"][1] == {"value": 12, "cards": ["4C", "8D", "QS"],
                                      "cemented": True, "owners": ["p1", "p2"]}
    g.apply("raise 11 AD")
    assert g.floor()["houses"] == [{"value": 12, "cards": ["4C", "8D", "QS", "9C", "2S", "AD"],
                                    "cemented": True, "owners": ["p1", "p2", "p3"]}]
    # p0's 11-house is gone: his only Jack is free (nothing makes 11, so he may throw it)
    assert g.to_act == "p0" and "throw JS" in g.legal_actions()


def test_a_raise_onto_a_loose_single_of_the_new_value_takes_it_in():
    # HOUSE_DEAL with p2's QD and the floor's 5H swapped: a loose Queen lies on the floor
    d = json.loads(json.dumps(HOUSE_DEAL))
    d["floor"][1], d["hands"]["p2"][1] = "QD", "5H"
    g = game(d, actions=["bid 11", "build 11 9C 2S"])
    g.apply("raise 11 AH")
    assert g.floor()["houses"] == [{"value": 12, "cards": ["9C", "2S", "AH", "QD"],
                                    "cemented": True, "owners": ["p1"]}]
    assert g.floor()["loose"] == ["7C", "8D"]


def test_owners_keep_a_card_of_the_value_except_when_capturing_the_house():
    # p0 owns the 11-house with a single Jack; he may not spend that Jack on another house
    g = game(HOUSE_DEAL, actions=OWN_HOUSE)
    assert g.to_act == "p0" and [c for c in g.hand("p0") if c[0] == "J"] == ["JS"]
    assert g.floor()["loose"] == ["5H", "7C", "8D", "3H", "4H", "2C"]
    illegal(g, "build 13 JS 2C", "you must keep a Jack while you own the 11-house")
    illegal(g, "cement 11 JS", "to cement the 11-house you must keep another Jack")
    assert not [a for a in g.legal_actions() if hand_card(a) == "JS" and
                not a.startswith("capture")]
    # ...but he may capture his house with it (taking the loose sets worth 11 too)
    assert [a for a in g.legal_actions() if hand_card(a) == "JS"] == [
        "capture JS 2C 3H 4H 5H 8D", "capture JS 3H 4H 7C 8D"]
    g.apply("capture JS 3H 4H 7C 8D")
    assert g.floor() == {"loose": ["5H", "2C"], "houses": []}


def test_a_raise_ends_the_previous_owners_obligation():
    g = game(HOUSE_DEAL, actions=["bid 11", "build 11 9C 2S", "raise 11 AH", "throw 4H",
                                  "throw 2C"])
    # the 11-house is now p1's 12-house: p0 may spend his only Jack on a 13-house
    assert g.to_act == "p0" and g.check("build 13 JS 2C") is None


def test_a_capture_can_take_a_house_alone():
    # p1 raises p0's 11-house to 12; p2's 5 takes the loose 5; the loose 7C 8D make no 12
    g = game(HOUSE_DEAL, actions=["bid 11", "build 11 9C 2S", "raise 11 AH", "capture 5D 5H"])
    assert g.floor()["loose"] == ["7C", "8D"]
    assert kinds(g, "capture") == ["capture 8C 8D", "capture QC"]
    assert g.apply("capture qc") == "capture QC"
    assert g.floor() == {"loose": ["7C", "8D"], "houses": []}
    assert g.view("p3")["captured"] == {"p0p2": 2, "p1p3": 4}


# ---- sweeps ----------------------------------------------------------------------------------

def test_a_sweep_on_the_first_play_scores_25():
    g = game(deal("5H 7D 3S 9C", p0="QC 2D 4D 6D"), actions=["bid 12", "capture QC 3S 5H 7D 9C"])
    assert g.floor() == {"loose": [], "houses": []}
    v = g.view("p2")
    assert v["sweeps"] == {"p0p2": [25], "p1p3": []}
    assert v["log"][-1] == {"seat": "p0", "action": "capture QC 3S 5H 7D 9C", "sweep": 25}
    # after a sweep the next player can only throw
    assert all(a.startswith("throw") for a in g.legal_actions())


def test_a_sweep_in_mid_hand_scores_50():
    g = game(deal("5H 7D 4S 9C", p0="QC 2D 4D 6D", p1="KS 2H 3H 6H"),
             actions=["bid 12", "capture QC 5H 7D", "capture KS 4S 9C"])
    assert g.view("p0")["sweeps"] == {"p0p2": [], "p1p3": [50]}


def test_sweeps_can_be_turned_off():
    g = game(deal("5H 7D 4S 9C", p0="QC 2D 4D 6D", p1="KS 2H 3H 6H"),
             actions=["bid 12", "capture QC 5H 7D", "capture KS 4S 9C"], sweeps=False)
    assert g.view("p0")["sweeps"] == {"p0p2": [], "p1p3": []}


def _to_last_play(seed: int) -> Seep:
    """A seeded hand played at random up to its 48th and last play (the dealer's)."""
    g = Seep.new(seed=seed)
    rng = random.Random(seed)
    while not (g.phase == "play" and g.plays == 47):
        g.apply_move(g.random_move(rng))
    assert g.to_act == g.dealer and len(g.hand(g.dealer)) == 1
    return g


def _sweeps(g: Seep, action: str) -> bool:
    """Does this capture leave the floor empty?"""
    w = action.split()
    fl = g.floor()
    return (w[0] == "capture" and len(w) - 2 == len(fl["loose"])
            and all(h["value"] == Card.parse(w[1]).value for h in fl["houses"]))


def test_a_sweep_on_the_last_play_scores_nothing():
    for seed in range(400):
        g = _to_last_play(seed)
        sweeping = [a for a in g.legal_actions() if _sweeps(g, a)]
        if sweeping:
            team = TEAMS[SEATS.index(g.to_act) % 2]
            before = g.view("p0")["sweeps"][team]
            g.apply(sweeping[0])
            entry = g.summary()["hands"][0]
            assert entry["sweeps"][team] == before + [0]
            assert entry["leftover"] == {"team": None, "cards": 0}
            return
    pytest.fail("no last-play sweep in 400 seeds")


def test_cards_left_on_the_floor_go_to_the_last_capturer_not_as_a_sweep():
    seen = set()
    for seed in range(400):
        g = _to_last_play(seed)
        last = g.view("p0")["last_capturer"]
        loose = len(g.floor()["loose"])
        act = g.legal_actions()[0]
        if act.startswith("throw") and last is not None and "throw" not in seen:
            g.apply(act)                      # the dealer throws: the last capturer takes all
            entry = g.summary()["hands"][0]
            assert entry["leftover"] == {"team": TEAMS[SEATS.index(last) % 2],
                                         "cards": loose + 1}
            seen.add("throw")
        elif act.startswith("capture") and not _sweeps(g, act) and "capture" not in seen:
            team = TEAMS[SEATS.index(g.to_act) % 2]
            sweeps = g.view("p0")["sweeps"]
            g.apply(act)                      # the dealer captured last: his team takes the rest
            entry = g.summary()["hands"][0]
            assert entry["leftover"]["team"] == team and entry["leftover"]["cards"] > 0
            assert entry["sweeps"] == sweeps
            seen.add("capture")
        if len(seen) == 2:
            return
    pytest.fail(f"only {seen} in 400 seeds")


# ---- end of hand and scoring --------------------------------------------------------------------

@pytest.mark.parametrize("preset, ten", [("sweep-seed", 2), ("seep-pagat", 6)])
def test_hand_scores_from_the_captured_cards(preset, ten):
    for seed in range(12):
        g, piles, last = tracked_hand(seed, preset=preset)
        entry = g.summary()["hands"][0]
        # the cards no play captured are the floor's leftovers: the last capturer's team's
        team_last = TEAMS[SEATS.index(last) % 2]
        left = [str(c) for c in CARDS if str(c) not in piles["p0p2"] + piles["p1p3"]]
        assert entry["leftover"] == {"team": team_last, "cards": len(left)}
        piles[team_last] += left
        n = {t: len(piles[t]) for t in TEAMS}
        assert entry["cards"] == n and sum(n.values()) == 52
        pts = {t: card_points(piles[t], ten) for t in TEAMS}
        if preset == "sweep-seed" and n["p0p2"] != n["p1p3"]:
            pts["p0p2" if n["p0p2"] > n["p1p3"] else "p1p3"] += 4
        assert entry["points"] == pts
        assert sum(pts.values()) == (96 if preset == "sweep-seed" and n["p0p2"] == 26 else 100)
        assert entry["score"] == {t: pts[t] + sum(entry["sweeps"][t]) for t in TEAMS}
        assert entry["bid"] in range(9, 14) and entry["bidder"] == \
            SEATS[(SEATS.index(entry["dealer"]) + 1) % 4]


def test_26_26_gives_the_majority_bonus_to_nobody():
    for seed in range(300):
        g = Seep.new(seed=seed)
        g.playout(random.Random(seed))
        entry = g.summary()["hands"][0]
        if entry["cards"] == {"p0p2": 26, "p1p3": 26}:
            assert sum(entry["points"].values()) == 96
            break
    else:
        pytest.fail("no 26-26 hand in 300 seeds")


def test_sweep_seed_totals_accumulate_to_the_target_and_the_deal_passes_right():
    g = Seep.new(seed=3, target=300)
    g.playout(random.Random(3), hands=1000)
    assert g.over
    hands = g.summary()["hands"]
    totals = {t: 0 for t in TEAMS}
    for i, h in enumerate(hands):
        for t in TEAMS:
            totals[t] += h["score"][t]
        assert h["totals"] == totals
        if i:
            assert SEATS.index(h["dealer"]) == (SEATS.index(hands[i - 1]["dealer"]) + 1) % 4
        done = max(totals.values()) >= 300 and totals["p0p2"] != totals["p1p3"]
        assert done == (i == len(hands) - 1)
    assert g.winner == max(TEAMS, key=totals.get)
    assert g.summary()["totals"] == totals
    assert g.to_act is None and g.legal_actions() == [] and g.phase == "over"
    illegal(g, "throw 2S", "the game is over")


def test_sweep_seed_a_tie_at_the_target_plays_on():
    g = Seep.new(seed=5, target=100)
    probe = g.copy()
    probe.playout(random.Random(9))
    score = probe.summary()["hands"][0]["score"]
    # start both teams so that the hand ends level, above the target
    g._totals = [200 - score["p0p2"], 200 - score["p1p3"]]
    g.playout(random.Random(9))
    assert g.summary()["totals"] == {"p0p2": 200, "p1p3": 200}
    assert not g.over and g.phase == "bid" and g.hands_completed == 1


def _pagat_expectations(hands, baazis_to_win):
    """Check seep-pagat's running lead, baazis and dealer rotation hand by hand."""
    lead = 0
    baazis = {t: 0 for t in TEAMS}
    cases = set()
    for i, h in enumerate(hands):
        sc = h["score"]
        baazi = None
        if min(sc.values()) < 9:
            baazi = ("p1p3" if sc["p0p2"] < 9 else "p0p2", "under 9")
        else:
            lead += sc["p0p2"] - sc["p1p3"]
            if abs(lead) >= 100:
                baazi = ("p0p2" if lead > 0 else "p1p3", "lead")
        d = SEATS.index(h["dealer"])
        dealing_team = TEAMS[d % 2]
        if baazi:
            ahead = baazi[0] == dealing_team
        else:
            ahead = (lead if dealing_team == "p0p2" else -lead) > 0
        would = (d + 1) % 4 if ahead else d
        if baazi:
            baazis[baazi[0]] += 1
            lead = 0
            expected_next = (would + 2) % 4
            cases.add("baazi")
        else:
            expected_next = would
            cases.add("ahead" if ahead else "behind or level")
        assert h["lead"] == lead
        assert h["baazi"] == (None if baazi is None else {"team": baazi[0], "reason": baazi[1]})
        assert h["baazis"] == baazis
        if i + 1 < len(hands):
            assert hands[i + 1]["dealer"] == SEATS[expected_next]
    return lead, baazis, cases


def test_seep_pagat_lead_baazis_and_dealer_rotation():
    cases = set()
    for seed in range(6):
        g = Seep.new(seed=seed, preset="seep-pagat", baazis=2)
        g.playout(random.Random(seed), hands=1000)
        assert g.over
        s = g.summary()
        lead, baazis, c = _pagat_expectations(s["hands"], 2)
        cases |= c
        assert s["lead"] == lead and s["baazis"] == baazis
        assert max(baazis.values()) == 2 and g.winner == max(TEAMS, key=baazis.get)
        assert "totals" not in s
    assert cases == {"baazi", "ahead", "behind or level"}


def test_seep_pagat_a_hand_under_9_points_loses_the_baazi():
    # the team p1p3 never captures when it can avoid it; p0p2 always captures
    found = None
    for seed in range(400):
        g = Seep.new(seed=seed, preset="seep-pagat", baazis=3)
        rng = random.Random(seed)
        while g.hands_completed == 0:
            acts = g.legal_actions()
            if g.to_act in ("p1", "p3"):
                soft = [a for a in acts if not a.startswith("capture")]
                acts = soft or acts
            else:
                hard = [a for a in acts if a.startswith("capture")]
                acts = hard or acts
            g.apply(rng.choice(acts))
        entry = g.summary()["hands"][0]
        if entry["score"]["p1p3"] < 9:
            found = g
            break
    assert found is not None
    assert entry["baazi"] == {"team": "p0p2", "reason": "under 9"}
    assert entry["lead"] == 0 and entry["baazis"] == {"p0p2": 1, "p1p3": 0}
    assert found.summary()["lead"] == 0
    # the deal goes to the partner of the player who would have dealt
    d = SEATS.index(entry["dealer"])
    would = (d + 1) % 4 if TEAMS[d % 2] == "p0p2" else d
    assert found.dealer == SEATS[(would + 2) % 4]


def test_seep_pagat_a_lead_of_100_wins_a_baazi_and_resets():
    g = Seep.new(seed=11, preset="seep-pagat")
    probe = g.copy()
    probe.playout(random.Random(4))
    sc = probe.summary()["hands"][0]["score"]
    assert min(sc.values()) >= 9
    diff = sc["p0p2"] - sc["p1p3"]
    g._lead = 100 - diff                      # this hand brings p0p2's lead to exactly 100
    g.playout(random.Random(4))
    h = g.summary()["hands"][0]
    assert h["baazi"] == {"team": "p0p2", "reason": "lead"} and h["lead"] == 0
    assert g.over and g.winner == "p0p2"      # baazis: 1 wins by default


# ---- the text API: notation, illegal actions, views --------------------------------------------

def test_actions_are_case_and_order_insensitive_and_come_back_canonical():
    g = game(deal("4H 5D 6C 7H", p0="JC 2S 3S KS"), actions=["bid 11"])
    assert g.apply("  CaPtUrE  jc 7H 4h  6♣ 5♦ ") == "capture JC 4H 5D 6C 7H"
    assert g.actions == ["bid 11", "capture JC 4H 5D 6C 7H"]


@pytest.mark.parametrize("action, message", [
    ("", "an empty action"),
    ("play QS", "unknown action 'play' (bid, redeal, throw, capture, build, raise or cement)"),
    ("throw ZZ", "not a card: 'ZZ' (unknown suit 'Z')"),
    ("throw 2H", "you do not hold 2H"),
    ("capture JC 4H 4H", "4H is listed twice"),
    ("capture JC 2D", "2D is not a loose card on the floor"),
    ("throw JC 4H", "a throw puts down one card: write throw C"),
    ("build JC 4H", "write: build V C ... (V, the house value, comes first)"),
    ("build 11", "build: which card from your hand?"),
])
def test_malformed_actions_are_refused_with_a_reason(action, message):
    g = game(deal("4H 5D 6C 7H", p0="JC 2S 3S KS"), actions=["bid 11"])
    illegal(g, action, message)


def test_a_house_card_is_not_a_loose_card():
    g = game(HOUSE_DEAL, actions=["bid 11", "build 11 9C 2S"])
    illegal(g, "build 12 4C 2S 5H", "2S is in the 11-house, which moves whole: list loose "
                                     "cards only")


def test_view_shows_own_hand_public_floor_and_no_other_hand():
    g = game(HOUSE_DEAL, actions=["bid 11", "build 11 9C 2S", "raise 11 AH"])
    v = g.view("p2")
    assert set(v) >= {"game", "seat", "team", "players", "options", "hand_number", "deal_index",
                      "phase", "to_act", "dealer", "bidder", "bid", "hand", "hand_counts",
                      "floor", "captured", "sweeps", "last_capturer", "log", "legal", "scores",
                      "history", "hand_over", "over", "winner"}
    assert v["hand"] == g.hand("p2")
    assert v["legal"] == g.legal_actions() and g.view("p1")["legal"] == []
    assert v["log"] == [{"seat": "p0", "action": "bid 11"},
                        {"seat": "p0", "action": "build 11 9C 2S"},
                        {"seat": "p1", "action": "raise 11 AH"}]
    assert v["scores"] == {"totals": {"p0p2": 0, "p1p3": 0}, "target": 500}
    assert (v["phase"], v["bid"], v["bidder"], v["dealer"], v["to_act"]) == \
        ("play", 11, "p0", "p3", "p2")
    assert v["players"] == ["Ana", "Ben", "Chloé", "Dev"]
    text = json.dumps(v)
    for other in ("p0", "p1", "p3"):
        for c in g.hand(other):
            assert f'"{c}"' not in text
    with pytest.raises(ValueError):
        g.view("p9")
    pv = game(HOUSE_DEAL, preset="seep-pagat").view("p1")
    assert pv["scores"] == {"lead": 0, "baazis": {"p0p2": 0, "p1p3": 0}, "baazis_to_win": 1}


def test_actions_using_lists_the_moves_for_a_card_and_a_floor_selection():
    g = game(HOUSE_DEAL, actions=["bid 11", "build 11 9C 2S"])
    assert g.actions_using("AH", [11]) == ["raise 11 AH"]
    assert g.actions_using("AH", ["house 11"]) == ["raise 11 AH"]
    assert g.actions_using("4C", ["8D"]) == ["build 12 4C 8D"]
    assert g.actions_using("QH", ["5H", "7C"]) == ["capture QH 5H 7C"]
    assert g.actions_using("QH", ["5h", "7♣"]) == ["capture QH 5H 7C"]
    assert g.actions_using("QH", ["5H"]) == []
    assert g.actions_using("3H", []) == ["throw 3H"]
    assert g.actions_using("ZZ", []) == []
    # a loose single that joins a house by itself may be selected or not
    g = game(deal("3S QC 5D 4H", p0="9S 9C 2H QD"), actions=["bid 12"])
    assert g.actions_using("9S", ["3S"]) == ["build 12 9S 3S QC"]
    assert g.actions_using("9S", ["3S", "QC"]) == ["build 12 9S 3S QC"]


def test_check_reports_without_changing_anything():
    g = game(deal("3H 4D AC 2S", p0="KD 5C 6C 8C", p1="7C 9H 9D TH"),
             actions=["bid 13", "throw KD"])
    before = snapshot(g)
    assert g.check("throw 7C") == "a 7 that can capture cannot be thrown"
    assert g.check("capture 7C 3H 4D") is None
    assert snapshot(g) == before


def test_hand_over_marks_the_action_that_completed_a_hand():
    g = Seep.new(seed=4)
    rng = random.Random(4)
    while g.hands_completed == 0:
        assert not g.hand_over
        g.apply(rng.choice(g.legal_actions()))
    assert g.hand_over and g.view("p1")["hand_over"]
    assert g.phase == "bid" and g.plays == 0 and g.hand_number == 2
    assert g.view("p1")["history"] == g.summary()["hands"]
    assert g.dealer == g.summary()["hands"][0]["next_dealer"]
    g.apply(g.legal_actions()[0])
    assert not g.hand_over


def test_copy_is_independent():
    g = game(HOUSE_DEAL, actions=["bid 11", "build 11 9C 2S"])
    c = g.copy()
    c.apply("raise 11 AH")
    assert g.floor()["houses"][0]["value"] == 11 and c.floor()["houses"][0]["value"] == 12
    assert g.actions == ["bid 11", "build 11 9C 2S"]
    assert g.clone().to_record() == g.to_record()


def test_fast_moves_and_text_agree():
    g = game(HOUSE_DEAL, actions=["bid 11", "build 11 9C 2S"])
    for m in g.legal_moves():
        assert g._resolve(g.move_text(m)) == m


# ---- records -----------------------------------------------------------------------------------

def test_record_round_trip_reproduces_the_state():
    g = Seep.new(seed=8, players=["Ana", "Ben", "Chloé", "Dev"], preset="seep-pagat")
    play_out(g, random.Random(8), hands=2)
    rec = g.to_record()
    assert list(rec) == ["format", "game", "options", "players", "seed", "deals", "actions"]
    assert rec["options"] == {"preset": "seep-pagat", "baazis": 1, "first_play": "pagat",
                              "sweeps": True, "raise_own": False}
    r = replay(json.dumps(rec))
    assert snapshot(r) == snapshot(g)


def test_a_record_without_a_seed_deals_later_hands_from_its_first_deal():
    d = deal("2S 5H 7C 8D", p0="9C 3D JS 2H")
    g = game(d)
    play_out(g, random.Random(1), hands=1)
    assert g.to_record()["seed"] is None and len(g.to_record()["deals"]) >= 2
    assert snapshot(replay(g.to_record())) == snapshot(g)
    assert game(d).to_record()["deals"] == [d]
    # a first deal that names no dealer: the dealer comes from the cards, and the written
    # record (which names him) replays to the same game
    nameless = {k: v for k, v in d.items() if k != "dealer"}
    g = game(nameless)
    play_out(g, random.Random(2), hands=2)
    assert g.to_record()["deals"][0]["dealer"] == game(nameless).dealer
    assert snapshot(replay(g.to_record())) == snapshot(g)


@pytest.mark.parametrize("options, message", [
    ({"preset": "seep"}, "option preset must be one of sweep-seed, seep-pagat, not 'seep'"),
    ({"speed": 1}, "unknown option 'speed'"),
    ({"preset": "seep-pagat", "target": 500}, "option target applies to the sweep-seed preset only"),
    ({"baazis": 2}, "option baazis applies to the seep-pagat preset only"),
    ({"target": 0}, "option target must be a positive integer, not 0"),
    ({"first_play": "any"}, "option first_play must be 'pagat' or 'seed', not 'any'"),
    ({"sweeps": "yes"}, "option sweeps must be true or false, not 'yes'"),
])
def test_bad_options_are_record_errors(options, message):
    with pytest.raises(RecordError) as err:
        replay(record(seed=1, **options))
    assert str(err.value).startswith(message)


def test_bad_deals_are_record_errors():
    d = deal("2S 5H 7C 8D")
    bad = json.loads(json.dumps(d))
    bad["hands"]["p1"][0] = bad["hands"]["p0"][0]
    with pytest.raises(RecordError, match="is dealt twice"):
        replay(record(bad))
    bad = json.loads(json.dumps(d))
    bad["floor"] = bad["floor"][:3]
    with pytest.raises(RecordError, match="the floor must be a list of 4 cards"):
        replay(record(bad))
    bad = json.loads(json.dumps(d))
    bad["dealer"] = "north"
    with pytest.raises(RecordError, match="dealer must be one of"):
        replay(record(bad))
    bad = json.loads(json.dumps(d))
    bad["hands"]["p2"][3] = "XX"
    with pytest.raises(RecordError, match="p2's hand: not a card"):
        replay(record(bad))
    with pytest.raises(RecordError, match="4 names"):
        replay({**record(d), "players": ["Ana"]})


def test_a_later_deal_naming_the_wrong_dealer_is_a_record_error_and_changes_nothing():
    first = deal("2S 5H 7C 8D", dealer="p2", p3="2C 3C 8H AD")
    second = deal("4S 5S 6S 7S", dealer="p1", p3="KC 3C 8H AD")
    g = game(first, second)
    before = snapshot(g)
    with pytest.raises(RecordError, match="deal 1 names dealer p1, but the rules make p2 deal"):
        g.apply("redeal")
    assert snapshot(g) == before


# ---- the command line --------------------------------------------------------------------------

def _cli(tmp_path, rec, *extra):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py")}
    return subprocess.run([sys.executable, "-m", "cardtable", "replay", str(path), *extra],
                          capture_output=True, text=True, env=env, cwd=ROOT)


def test_cli_replay_prints_the_summary(tmp_path):
    rec = record(HOUSE_DEAL, actions=["bid 11", "build 11 9C 2S", "raise 11 AH"], seed=7)
    out = _cli(tmp_path, rec)
    assert out.returncode == 0, out.stderr
    s = json.loads(out.stdout)
    assert s["game"] == "seep" and s["hands"] == [] and s["totals"] == {"p0p2": 0, "p1p3": 0}
    assert s["over"] is False and s["winner"] is None and s["to_act"] == "p2"
    assert s["floor"] == {"loose": ["5H", "7C", "8D"], "houses": [
        {"value": 12, "cards": ["9C", "2S", "AH"], "cemented": False, "owners": ["p1"]}]}
    assert s["legal"] == game(HOUSE_DEAL, actions=rec["actions"]).legal_actions()


def test_cli_replay_of_a_finished_hand_lists_its_score(tmp_path):
    g = Seep.new(seed=21, preset="seep-pagat", baazis=2)
    play_out(g, random.Random(21), hands=1)
    out = _cli(tmp_path, g.to_record())
    assert out.returncode == 0, out.stderr
    s = json.loads(out.stdout)
    h = s["hands"][0]
    assert set(h) >= {"dealer", "bidder", "bid", "cards", "points", "sweeps", "score"}
    assert s["lead"] == h["lead"] and s["baazis"] == h["baazis"] and "totals" not in s
    assert s == json.loads(json.dumps(g.summary()))


def test_cli_illegal_action_exits_2_with_one_line(tmp_path):
    rec = record(HOUSE_DEAL, actions=["bid 11", "build 11 9C 2S", "build 13 AH 5H 7C"])
    out = _cli(tmp_path, rec)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr == ('action 2 "build 13 AH 5H 7C": to build a 13-house you must keep '
                          'a King\n')


def test_cli_bad_record_exits_2_with_one_line(tmp_path):
    out = _cli(tmp_path, record(seed=1, preset="whist"))
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1 and out.stderr.startswith("record: option preset")


def test_value_names():
    assert [value_name(v) for v in (1, 7, 8, 11, 12, 13)] == [
        "an Ace", "a 7", "an 8", "a Jack", "a Queen", "a King"]


def test_module_doctests():
    import doctest

    import importlib

    for name in ("", ".combos", ".deals", ".movegen", ".notation", ".state", ".tables"):
        mod = importlib.import_module("cardtable.games.seep" + name)
        assert doctest.testmod(mod, extraglobs={"Seep": Seep}).failed == 0, name
