"""The decisions before the card play (``cardtable.coach.prebid``): Dummy Spades peeks and flips,
and Seep bids, valued from the seat's view only, deterministically."""

from __future__ import annotations

from cardtable.coach.analysis import LABELS, analyse
from cardtable.coach.prebid import slot_class
from spades_deals import make_deal
from test_analysis import KINGS_DEAL, _swap, seep
from test_seep_two_players import deal4


def peeky(deal: dict, actions: list, variant: str = "three-peeky") -> dict:
    return {"format": "cardtable/1", "game": "dummy-spades", "options": {"variant": variant},
            "deals": [deal], "actions": actions}


# dealer p2: p0 peeks first, then p1, then p2
DEAL = make_deal("p2", p0="AS KS QS JS 2H 3H 4H 5H 6H 7H 8H 9H TH",
                 p1="2S 3S 4S AH KH QH JH 2D 3D 4D 5D 6D 7D")
PEEKS = ["peek 1 2 3", "peek 4 5 6"]


def last(record: dict, seat: str, samples: int = 6):
    return analyse(record, seats=[seat], samples=samples).decisions[-1]


def test_a_peek_is_valued_once_for_each_kind_of_choice():
    # p2 peeks third: slots 1-3 were seen by p0, 4-6 by p1, 7-13 by nobody
    v = last(peeky(DEAL, PEEKS + ["peek 7 8 9"]), "p2")
    assert v.label in LABELS and v.samples == 6
    view = {"seat": "p2", "peeks": {"p0": [1, 2, 3], "p1": [4, 5, 6], "p2": None}}
    kinds = {slot_class(a, view) for a in v.values}
    assert len(kinds) == len(v.values)          # one move of each kind
    assert ((), ("p0",), ("p1",)) in kinds and ((), (), ()) in kinds
    assert len(kinds) == 10                     # three slots among three kinds of slot
    # the first peeker has one kind of choice only: nothing to tell apart, so it is the best
    first = analyse(peeky(DEAL, PEEKS[:1]), seats=["p0"], samples=4).decisions[0]
    assert first.label == "best" and first.lost == 0 and list(first.values) == ["peek 1 2 3"]


def test_every_flip_is_as_good_as_another():
    d = analyse(peeky(DEAL, ["flip 2 9"], "flip-2"), seats=["p0"], samples=4).decisions[0]
    assert (d.played, d.label, d.lost, list(d.values)) == ("flip 2 9", "best", 0.0, ["flip 2 9"])


def test_a_peek_and_a_seep_bid_do_not_change_with_the_cards_the_seat_cannot_see():
    base = last(peeky(DEAL, PEEKS + ["peek 7 8 9"]), "p2")
    # p0 and p1 trade cards p2 cannot see; the dummy's hidden slots change too
    other = _swap(DEAL, "p0", "p1", "AS", "AH")
    other = _swap(other, "p0", "dummy", "KS", other["hands"]["dummy"][8])
    assert last(peeky(other, PEEKS + ["peek 7 8 9"]), "p2") == base
    # the Seep bidder saw its four cards: the floor and the other hands are not in the verdict
    bid = last(seep(KINGS_DEAL, ["bid 9"]), "p0", samples=4)
    moved = deal4("2C 3C 8D 6S", p0="KS KH KD 9C", p1="5H 7D 4S 9S")
    assert moved["floor"] != KINGS_DEAL["floor"]
    assert last(seep(moved, ["bid 9"]), "p0", samples=4) == bid
    # a Dummy Spades bid, with the other nils of its number: p1 and p2 trade cards p0 cannot see
    from test_analysis import RUFF_DEAL, spades
    traded = _swap(RUFF_DEAL, "p1", "p2", RUFF_DEAL["hands"]["p1"][0], "AH")
    assert (last(spades(RUFF_DEAL, ["bid 1", "bid 12 nil dummy"]), "p0", samples=3)
            == last(spades(traded, ["bid 1", "bid 12 nil dummy"]), "p0", samples=3))


def test_the_valuing_of_a_peek_and_a_bid_is_deterministic():
    rec = peeky(DEAL, PEEKS + ["peek 7 8 9"])
    assert analyse(rec, seats=["p2"], samples=4, seed=5).to_json() == \
        analyse(rec, seats=["p2"], samples=4, seed=5).to_json()
    a = analyse(seep(KINGS_DEAL, ["bid 9"]), seats=["p0"], samples=3, seed=2).to_json()
    assert a == analyse(seep(KINGS_DEAL, ["bid 9"]), seats=["p0"], samples=3, seed=2).to_json()
    assert a["decisions"][0]["samples"] == 12       # a bid has four times a move's samples


def test_a_peek_and_a_flip_in_words_in_english_and_french():
    from types import SimpleNamespace

    from cardtable.ui.screens.review_analysis import decision_words
    from cardtable.ui.table.analysis_panel import move_words
    from cardtable.ui.text.i18n import use_language

    words = lambda a: move_words("dummy-spades", SimpleNamespace(name_of=str), a)   # noqa: E731
    d = {"played": "peek 1 2 3", "best": "peek 7 8 9", "lost": 4.2, "label": "inaccuracy"}
    assert decision_words(d, words) == ("Peek at slots 1, 2, 3: inaccuracy. "
                                        "Peek at slots 7, 8, 9 would have been about 4 points better.")
    assert words("flip 2 9") == "Turn up slots 2, 9"
    use_language("fr")
    try:
        said = decision_words(d, words), words("flip 2 9")
    finally:
        use_language("en")
    assert "1, 2, 3" in said[0] and "7, 8, 9" in said[0] and "Peek" not in said[0]
    assert "2, 9" in said[1] and "Turn" not in said[1]


def test_the_bids_valued_the_played_numbers_nils_and_every_suicide_bid():
    from test_analysis import RUFF_DEAL, spades

    v = last(spades(RUFF_DEAL, ["bid 1", "bid 12 nil p2"]), "p0", samples=2)
    assert v.played == "bid 12 nil p2" and v.label in LABELS
    assert {f"bid {b}" for b in range(14)} | {f"bid {b} nil p0" for b in range(14)} <= set(v.values)
    assert {"bid 12 nil p1", "bid 12 nil dummy", "bid 12 nil p1,p2,dummy"} <= set(v.values)
    assert "bid 11 nil dummy" not in v.values                 # not every nil of every number
    rec = dict(spades(RUFF_DEAL, ["bid 4 nil p2", "bid 12 nil p1"]), options={"bidding": "suicide"})
    s = last(rec, "p0", samples=2)
    assert len(s.values) == 40 and s.label in LABELS
