"""Two-player Seep (option ``seats``: 2) and Seep's house rules (``majority_tie``, ``first_sweep``).

The rule book is ``shared/rules/seep.md`` part 3.  Two players, ``p0`` and ``p1``, each his own
side: 4 cards each and 4 on the floor, the bid and the first play as with four, then the rest
of the first half (so each has had 12); when both hands are empty the remaining 24 cards are
dealt 12 each, no new floor cards, and play goes on.  A deal in a record gives 24 cards a hand,
first half first.  Scenarios are records replayed like saved games.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from cardtable import bots
from cardtable.bots import LEVELS, choose_action
from cardtable.bots.arena import run
from cardtable.cards import CARDS, Card, hand_rng, shuffled_deck
from cardtable.game import RecordError
from cardtable.games.seep import Seep, deal_from_deck
from cardtable.record import replay
from test_seep import card_points

ROOT = Path(__file__).resolve().parent.parent
TWO = ("p0", "p1")


def record(*deals: dict, actions=(), seed=None, **options) -> dict:
    rec = {"format": "cardtable/1", "game": "seep", "options": options, "deals": list(deals), "actions": list(actions)}
    if seed is not None:
        rec["seed"] = seed
    return rec


# ---- a whole two-player hand from an explicit deal ----------------------------------------------

# Dealer p1, so p0 bids and plays first.  Each hand: the first 4 (held during the bid), 8 more
# after the first play, then the second half's 12.
DEAL = {
    "dealer": "p1",
    "hands": {
        "p0": "KS 9C 9D 2S  AC KC QC JC TC 8C 7C 6C  5C 4C 3C 2C AD KD QD JD TD 7D 6D 4D".split(),
        "p1": "3D 2D AH KH  QH JH TH 9H 8H 5H 4H 3H  2H AS QS JS TS 9S 8S 7S 6S 5S 4S 3S".split(),
    },
    "floor": "5D 6H 7H 8D".split(),
}
# The bid, the first play (K over 6+7 and 5+8: a sweep on the first play), then the hand.
ACTIONS = [
    "bid 13", "capture KS 5D 6H 7H 8D", "throw AH", "throw 2S", "throw 4H", "throw 8C",
    "capture 2D 2S", "throw 6C", "throw 3H", "capture AC AH", "throw 5H", "capture 7C 3H 4H",
    "throw 3D", "throw TC", "throw QH", "capture 9D 3D 6C", "throw 9H", "throw JC", "capture 8H 8C",
    "throw KC", "capture TH TC", "capture 9C 9H", "capture JH JC", "capture QC QH",
    "capture KH KC",                                                  # play 24: hands are empty
    "throw AD", "throw 2H", "throw 4D", "capture AS AD", "throw 3C", "capture 3S 3C", "throw TD",
    "throw 8S", "capture 2C 2H", "throw 6S", "throw 7D", "capture 4S 4D", "throw 4C",
    "capture 5S 5H", "throw 5C", "capture 7S 7D", "capture 6D 6S", "throw JS", "capture JD JS",
    "capture 9S 4C 5C", "throw QD", "capture TS TD", "throw KD",
    "capture QS QD",                                                  # play 48, the dealer's
]
LEFTOVER = ["8S", "KD"]   # thrown, never taken: to p1, who captured last


def test_a_whole_two_player_hand_through_both_halves():
    g = replay(record(DEAL, actions=ACTIONS[:1], seats=2))
    assert g.seats == ("p0", "p1") and g.sides == ("p0", "p1")
    assert (g.dealer, g.bidder, g.bid) == ("p1", "p0", 13)
    assert g.view("p0")["hand_counts"] == {"p0": 4, "p1": 4}     # sweep-seed: both hold 4
    g.apply(ACTIONS[1])
    v = g.view("p1")
    assert v["sweeps"] == {"p0": [25], "p1": []} and v["log"][-1]["sweep"] == 25
    # the rest of the first half: each has had 12
    assert g.hand("p0") == sorted_hand(DEAL["hands"]["p0"][1:12])
    assert g.hand("p1") == sorted_hand(DEAL["hands"]["p1"][:12])
    assert g.to_act == "p1"
    for a in ACTIONS[2:24]:
        g.apply(a)
    assert g.hand("p0") == [] and g.hand("p1") == ["KH"] and g.plays == 23
    floor_before = g.floor()
    assert floor_before == {"loose": ["5H", "KC"], "houses": []}
    g.apply(ACTIONS[24])
    # both hands empty: the second half's 12 each, nothing added to the floor, the bidder plays
    assert g.floor() == {"loose": ["5H"], "houses": []}
    assert g.hand("p0") == sorted_hand(DEAL["hands"]["p0"][12:])
    assert g.hand("p1") == sorted_hand(DEAL["hands"]["p1"][12:])
    assert g.view("p0")["hand_counts"] == {"p0": 12, "p1": 12} and g.to_act == "p0"
    assert g.view("p0")["captured"] == {"p0": 17, "p1": 10}
    for a in ACTIONS[25:]:
        g.apply(a)
    assert g.hands_completed == 1 and g.hand_over
    entry = g.summary()["hands"][0]
    # tally the piles from the notation alone
    piles = {"p0": [], "p1": []}
    last = None
    for i, a in enumerate(ACTIONS[1:]):
        words = a.split()
        if words[0] == "capture":
            last = TWO[i % 2]
            piles[last] += words[1:]
    left = [str(c) for c in CARDS if str(c) not in piles["p0"] + piles["p1"]]
    assert left == LEFTOVER
    assert last == "p1" and entry["leftover"] == {"team": "p1", "cards": 2}
    piles["p1"] += left
    assert entry["cards"] == {"p0": 23, "p1": 29}
    assert entry["points"] == {"p0": card_points(piles["p0"]), "p1": card_points(piles["p1"]) + 4}
    assert sum(entry["points"].values()) == 100
    assert entry["sweeps"] == {"p0": [25], "p1": []}
    assert entry["score"] == {"p0": entry["points"]["p0"] + 25, "p1": entry["points"]["p1"]}
    assert entry["totals"] == entry["score"]
    assert (entry["dealer"], entry["bidder"], entry["next_dealer"]) == ("p1", "p0", "p0")
    # the next hand: the deal alternates, so p1 bids
    assert (g.dealer, g.bidder, g.phase, g.to_act) == ("p0", "p1", "bid", "p1")
    # the record writes the 24-card hands back, and replays to the same game
    rec = g.to_record()
    assert rec["options"]["seats"] == 2 and rec["deals"][0] == DEAL
    assert all(len(h) == 24 for h in rec["deals"][1]["hands"].values())
    assert replay(json.dumps(rec)).summary() == g.summary()


def sorted_hand(cards: list[str]) -> list[str]:
    """Cards in the engine's canonical order: capture value, then suit S, H, D, C."""
    return sorted(cards, key=lambda t: (Card.parse(t).value, "SHDC".index(t[-1])))


def test_a_two_player_seeded_deal_follows_the_documented_physical_order():
    deck = [c.index for c in shuffled_deck(hand_rng(7, 0))]
    d = deal_from_deck(deck, dealer=1, seats=2)         # dealer p1: p0 is the bidder
    packets = [deck[i:i + 4] for i in range(0, 52, 4)]
    assert d.floor == packets[2]
    assert d.hands[0] == [c for p in packets[0:1] + packets[3::2] for c in p]
    assert d.hands[1] == [c for p in packets[1:2] + packets[4::2] for c in p]
    g = Seep.new(seed=7, seats=2)
    first = g.to_record()["deals"][0]
    assert set(first["hands"]) == {"p0", "p1"} and len(first["hands"]["p0"]) == 24
    assert len(first["floor"]) == 4


def test_under_seep_pagat_only_the_bidder_holds_cards_during_the_bid():
    g = Seep.new(seed=2, seats=2, preset="seep-pagat")
    assert g.view(g.bidder)["hand_counts"] == {g.bidder: 4, g.dealer: 0}
    while g.phase == "bid":                              # a redeal, then the bid
        g.apply(g.legal_actions()[0])
    g.apply(g.legal_actions()[0])
    assert g.view("p0")["hand_counts"] == {g.bidder: 11, g.dealer: 12}


def test_view_and_summary_name_the_two_seats_and_sides():
    g = Seep.new(seed=4, seats=2, players=["Ana", "Ben"])
    v = g.view("p1")
    assert v["seats"] == ["p0", "p1"] and v["sides"] == ["p0", "p1"] and v["team"] == "p1"
    assert v["players"] == ["Ana", "Ben"] and v["options"]["seats"] == 2
    assert set(v["captured"]) == set(v["sweeps"]) == {"p0", "p1"}
    assert set(v["scores"]["totals"]) == {"p0", "p1"}
    with pytest.raises(ValueError, match="no seat 'p2'"):
        g.view("p2")
    with pytest.raises(ValueError):
        g.hand("p3")
    four = Seep.new(seed=4)
    assert four.seats == ("p0", "p1", "p2", "p3") and four.view("p0")["sides"] == ["p0p2", "p1p3"]
    pagat = Seep.new(seed=4, seats=2, preset="seep-pagat").summary()
    assert set(pagat["baazis"]) == {"p0", "p1"} and pagat["lead"] == 0


def test_two_player_sweep_seed_deal_alternates_and_totals_add_up():
    g = Seep.new(seed=11, seats=2, target=300)
    g.playout(random.Random(11), hands=1000)
    assert g.over
    hands = g.summary()["hands"]
    totals = {"p0": 0, "p1": 0}
    for i, h in enumerate(hands):
        for s in TWO:
            totals[s] += h["score"][s]
        assert h["totals"] == totals and sum(h["cards"].values()) == 52
        assert h["bidder"] != h["dealer"]
        if i:
            assert h["dealer"] != hands[i - 1]["dealer"]
    assert g.winner == max(TWO, key=totals.get)


def test_two_player_seep_pagat_dealer_rotation_and_baazis():
    """Behind or level, the dealer deals again; ahead, the other deals; after a baazi, its loser."""
    cases = set()
    for seed in range(8):
        g = Seep.new(seed=seed, seats=2, preset="seep-pagat", baazis=2)
        g.playout(random.Random(seed), hands=1000)
        assert g.over
        hands = g.summary()["hands"]
        lead = 0
        baazis = {"p0": 0, "p1": 0}
        for i, h in enumerate(hands):
            sc = h["score"]
            baazi = None
            if min(sc.values()) < 9:
                baazi = "p1" if sc["p0"] < 9 else "p0"
            else:
                lead += sc["p0"] - sc["p1"]
                if abs(lead) >= 100:
                    baazi = "p0" if lead > 0 else "p1"
            d = h["dealer"]
            if baazi:
                baazis[baazi] += 1
                lead = 0
                expected = "p1" if baazi == "p0" else "p0"
                cases.add("baazi")
            else:
                ahead = (lead if d == "p0" else -lead) > 0
                expected = ("p1" if d == "p0" else "p0") if ahead else d
                cases.add("ahead" if ahead else "behind or level")
            assert h["lead"] == lead and h["baazis"] == baazis
            if i + 1 < len(hands):
                assert hands[i + 1]["dealer"] == expected == h["next_dealer"]
        assert g.winner == max(TWO, key=baazis.get) and max(baazis.values()) == 2
    assert cases == {"baazi", "ahead", "behind or level"}


# ---- house rules -----------------------------------------------------------------------------------

def _entries_differ_in(a: dict, b: dict) -> set:
    return {k for k in a if a[k] != b[k]}


def test_first_sweep_50_changes_only_the_first_plays_sweep():
    base = replay(record(DEAL, actions=ACTIONS, seats=2))
    rec = record(DEAL, actions=ACTIONS, seats=2, first_sweep=50)
    full = replay(rec)
    a, b = base.summary()["hands"][0], full.summary()["hands"][0]
    assert a["sweeps"] == {"p0": [25], "p1": []} and b["sweeps"] == {"p0": [50], "p1": []}
    assert b["score"] == {"p0": a["score"]["p0"] + 25, "p1": a["score"]["p1"]}
    assert _entries_differ_in(a, b) == {"sweeps", "score", "totals"}
    assert full.to_record()["options"]["first_sweep"] == 50
    # four players too: the first play's sweep counts 50, and a sweep in mid-hand is still 50
    first = replay(record(deal4("5H 7D 3S 9C", p0="QC 2D 4D 6D"), first_sweep=50,
                          actions=["bid 12", "capture QC 3S 5H 7D 9C"]))
    assert first.view("p1")["sweeps"] == {"p0p2": [50], "p1p3": []}
    mid = replay(record(deal4("5H 7D 4S 9C", p0="QC 2D 4D 6D", p1="KS 2H 3H 6H"), first_sweep=50,
                        actions=["bid 12", "capture QC 5H 7D", "capture KS 4S 9C"]))
    assert mid.view("p0")["sweeps"] == {"p0p2": [], "p1p3": [50]}


def deal4(floor: str, **hands: str) -> dict:
    """A four-player deal (dealer p3): the given cards first, the rest filled in."""
    seats = ("p0", "p1", "p2", "p3")
    used = set(floor.split()) | {c for h in hands.values() for c in h.split()}
    spare = [str(c) for c in CARDS if str(c) not in used]
    out = {}
    for s in seats:
        cs = hands.get(s, "").split()
        while len(cs) < 12:
            cs.append(spare.pop())
        out[s] = cs
    return {"dealer": "p3", "hands": out, "floor": floor.split()}


def _first_26_26(seats: int):
    for seed in range(400):
        g = Seep.new(seed=seed, seats=seats)
        g.playout(random.Random(seed))
        entry = g.summary()["hands"][0]
        if sorted(entry["cards"].values()) == [26, 26]:
            return g
    pytest.fail("no 26-26 hand in 400 seeds")


@pytest.mark.parametrize("seats", [4, 2])
def test_majority_tie_split_gives_2_each_on_26_26_and_changes_nothing_else(seats):
    g = _first_26_26(seats)
    rec = g.to_record()
    assert "majority_tie" not in rec["options"]
    rec["options"]["majority_tie"] = "split"
    split = replay(rec)
    a, b = g.summary()["hands"][0], split.summary()["hands"][0]
    assert sum(a["points"].values()) == 96 and sum(b["points"].values()) == 100
    assert b["points"] == {s: a["points"][s] + 2 for s in a["points"]}
    assert b["score"] == {s: a["score"][s] + 2 for s in a["score"]}
    assert _entries_differ_in(a, b) == {"points", "score", "totals"}
    assert split.to_record()["options"]["majority_tie"] == "split"
    # a hand that is not 26-26 scores the same under both
    for seed in range(5):
        one = Seep.new(seed=seed, seats=seats)
        one.playout(random.Random(seed))
        if sorted(one.summary()["hands"][0]["cards"].values()) != [26, 26]:
            r = one.to_record()
            r["options"]["majority_tie"] = "split"
            assert replay(r).summary()["hands"] == one.summary()["hands"]
            break


@pytest.mark.parametrize("options, message", [
    ({"seats": 3}, "option seats must be 4 or 2, not 3"),
    ({"seats": True}, "option seats must be 4 or 2, not True"),
    ({"seats": "2"}, "option seats must be 4 or 2, not '2'"),
    ({"first_sweep": 30}, "option first_sweep must be 25 or 50, not 30"),
    ({"majority_tie": "half"}, "option majority_tie must be 'none' or 'split', not 'half'"),
    ({"preset": "seep-pagat", "majority_tie": "split"},
     "option majority_tie applies to the sweep-seed preset only"),
])
def test_bad_new_options_are_record_errors(options, message):
    with pytest.raises(RecordError) as err:
        replay(record(seed=1, **options))
    assert str(err.value) == message


def test_bad_two_player_records_are_record_errors():
    with pytest.raises(RecordError, match='"players" must list 2 names, for p0 and p1'):
        replay({**record(seed=1, seats=2), "players": ["A", "B", "C", "D"]})
    with pytest.raises(RecordError, match='"hands" must give 24 cards for each of p0 and p1'):
        replay(record({**DEAL, "hands": {**DEAL["hands"], "p2": []}}, seats=2))
    short = {**DEAL, "hands": {"p0": DEAL["hands"]["p0"][:12], "p1": DEAL["hands"]["p1"]}}
    with pytest.raises(RecordError, match="p0's hand must be a list of 24 cards"):
        replay(record(short, seats=2))
    with pytest.raises(RecordError, match="dealer must be one of p0, p1, not 'p3'"):
        replay(record({**DEAL, "dealer": "p3"}, seats=2))
    with pytest.raises(RecordError, match="12 cards for each of p0, p1, p2, p3"):
        replay(record(DEAL))                             # a two-player deal without seats=2


def test_default_records_do_not_write_the_new_options():
    rec = Seep.new(seed=3, seats=4, majority_tie="none", first_sweep=25).to_record()
    assert set(rec["options"]) == {"preset", "target", "first_play", "sweeps", "raise_own"}
    assert set(Seep.new(seed=3).summary()["options"]) == set(rec["options"])


def test_cli_replay_of_a_two_player_hand_names_the_sides_p0_and_p1(tmp_path):
    path = tmp_path / "two.json"
    path.write_text(json.dumps(record(DEAL, actions=ACTIONS, seats=2, majority_tie="split")),
                    encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py")}
    out = subprocess.run([sys.executable, "-m", "cardtable", "replay", str(path)],
                         capture_output=True, text=True, env=env, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    s = json.loads(out.stdout)
    assert s["options"]["seats"] == 2 and s["options"]["majority_tie"] == "split"
    h = s["hands"][0]
    for key in ("cards", "points", "sweeps", "score", "totals"):
        assert set(h[key]) == {"p0", "p1"}
    assert set(s["totals"]) == {"p0", "p1"} and s["to_act"] == "p1"


# ---- computer players ------------------------------------------------------------------------------

@pytest.fixture
def strict():
    bots.STRICT = True  # a bot error fails the test instead of falling back to a random move
    yield
    bots.STRICT = False


@pytest.mark.parametrize("opts", [
    {"seats": 2}, {"seats": 2, "preset": "seep-pagat"},
    {"seats": 2, "first_play": "seed", "majority_tie": "split", "first_sweep": 50},
    {"majority_tie": "split", "first_sweep": 50},
])
@pytest.mark.slow
def test_bots_of_every_level_play_the_new_options_legally(opts, strict):
    rng = random.Random(json.dumps(opts))
    decisions = 0
    seed = 0
    levels = set()
    while decisions < 500:
        g = Seep.new(seed=seed, **opts)
        seed += 1
        for _ in range(250):
            if g.over:
                break
            view = json.loads(json.dumps(g.view(g.to_act)))   # the bot sees a JSON copy
            level = LEVELS[rng.randrange(len(LEVELS))]
            a = choose_action("seep", view, level, budget=0.001, seed=rng.randrange(1 << 30))
            assert a in view["legal"], (level, a)
            levels.add(level)
            g.apply(a if rng.random() < 0.7 else rng.choice(view["legal"]))
            decisions += 1
    assert levels == set(LEVELS)


def test_arena_plays_two_player_seep_with_sides_p0_and_p1():
    lines: list[str] = []
    stats = run("seep", ["casual", "random"], 2, 1, 0.001, 60, out=lines.append,
                options={"seats": 2})
    assert lines[0].startswith("arena: game=seep seats=casual,random matches=2")
    assert stats.matches == 2 and sorted(stats.entries) == ["casual", "random"]
    assert stats.entries == {"casual": 2, "random": 2}
