"""Play out the rest (``cardtable.coach.playout``): offered only when every remaining trick's
winner is forced, and finishing at once scores exactly as playing on.

"Forced" is checked independently of the solver: on small endings by trying every legal line of
play (no shortcuts), on larger ones by many random lines; explicit deals give one position forced
from the first card and one that is not.
"""

from __future__ import annotations

import random

from cardtable.bots import choose_action
from cardtable.coach.playout import MIN_TRICKS, can_play_out, finish_hand, forced_winners
from cardtable.games.dummy_spades import DummySpades
from cardtable.record import replay
from spades_deals import make_deal



def rec(deal, actions=()):
    return {"format": "cardtable/1", "game": "dummy-spades", "options": {}, "seed": 5,
            "deals": [deal], "actions": list(actions)}


def winners_of_line(g: DummySpades, pick) -> tuple:
    """Play the hand to its end with ``pick(legal)``; the winners of the tricks played."""
    g = g.clone()
    hand, done = g.hand_number, len(g.completed)
    while g.hand_number == hand and not g.over:
        g.apply(pick(g.legal_actions()))
    tricks = g.view("p0")["previous_tricks"] if g.hand_number != hand else g.view("p0")["tricks"]
    return tuple(t["winner"] for t in tricks[done:])


def every_line(g: DummySpades) -> set:
    """The winner sequences of every legal line of play to the end of the hand (brute force)."""
    out = set()
    hand, done = g.hand_number, len(g.completed)

    def walk(h):
        if h.hand_number != hand or h.over:
            out.add(tuple(t["winner"] for t in h.view("p0")["previous_tricks"][done:]))
            return
        for a in h.legal_actions():
            k = h.clone()
            k.apply(a)
            walk(k)

    walk(g)
    return out


def hand_result(g: DummySpades) -> tuple:
    """What a finished hand scored (the last history entry) and the totals after it."""
    s = g.summary()
    return s["hands"][-1], s["totals"], s["bags"]


def test_explicit_deal_forced_from_the_first_card_and_finishing_scores_as_playing_on():
    # p0 holds every spade: whoever leads, p0 ruffs or wins every trick
    g = replay(rec(make_deal("p2", p0=" ".join(r + "S" for r in "23456789TJQKA")),
                   ["bid 13", "bid 0", "bid 0"]))
    assert g.phase == "play"
    assert forced_winners(g) == ("p0",) * 13
    assert can_play_out(g)
    finished = g.clone()
    played = finish_hand(finished)
    assert len(played) == 52
    for seed in range(5):  # playing on, any way at all, ends the same
        other = g.clone()
        rng = random.Random(seed)
        while other.hand_number == 0:
            other.apply(rng.choice(other.legal_actions()))
        assert hand_result(other) == hand_result(finished)
    # and the record of the finished hand replays to it (one path for every move)
    assert replay(finished.to_record()).summary() == finished.summary()


def test_explicit_deal_not_forced_is_not_offered_and_refused():
    g = replay({"format": "cardtable/1", "game": "dummy-spades", "seed": 42,
                "actions": ["bid 4 nil p2", "bid 7", "bid 5"]})
    assert g.phase == "play"
    assert len(every_line_sample(g)) > 1
    assert forced_winners(g) is None and not can_play_out(g)
    try:
        finish_hand(g.clone())
    except ValueError as err:
        assert "not forced" in str(err)
    else:
        raise AssertionError("finish_hand played out a hand that is not forced")


def every_line_sample(g, n=40):
    rng = random.Random(1)
    return {winners_of_line(g, lambda legal: rng.choice(legal)) for _ in range(n)}


def test_never_offered_when_not_forced_and_always_right_when_offered_on_random_games():
    offered = refused = 0
    for seed in range(6):
        g = DummySpades(seed=seed)
        rng = random.Random(seed)
        while not g.over and g.hand_number == 0:
            if g.phase == "play":
                left = 13 - len(g.completed)
                offer = can_play_out(g)
                small = left <= 3
                lines = every_line(g) if small else every_line_sample(g, 20)
                if offer:
                    offered += 1
                    # forced: every line (all of them on small endings) has the solver's winners
                    assert lines == {forced_winners(g)}
                    fin = g.clone()
                    finish_hand(fin)
                    on = g.clone()
                    while on.hand_number == 0 and not on.over:
                        on.apply(rng.choice(on.legal_actions()))
                    assert hand_result(fin) == hand_result(on)
                else:
                    refused += 1
                    if small and left >= MIN_TRICKS:
                        assert len(lines) > 1   # exhaustively: it really is not forced
            view = g.view(g.to_act)
            g.apply(choose_action("dummy-spades", view, "casual") if g.phase != "play"
                    else rng.choice(g.legal_actions()))
    assert offered >= 3 and refused >= 100


def test_not_offered_outside_the_play_or_for_the_last_trick():
    g = DummySpades(seed=3)
    assert g.phase == "bid" and not can_play_out(g)
    g = replay(rec(make_deal("p2", p0=" ".join(r + "S" for r in "23456789TJQKA")),
                   ["bid 13", "bid 0", "bid 0"]))
    while len(g.completed) < 12:
        g.apply(g.legal_actions()[0])
    assert forced_winners(g) == ("p0",) and not can_play_out(g)   # one trick left: no news
