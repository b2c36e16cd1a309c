"""``resample_from_infostate``: a state that agrees with all one seat has seen, hidden cards at random.

For both games and every option: the sample's view for the seat is the real view (the whole
dict), the sample is a legal game that plays on, the hidden cards are the same set, and over
many samples (fixed seed) each unseen card reaches each place it may be in, and never a place
the rules rule out.  Plus Seep's raise that merges a loose card into a house without naming it.
"""

from __future__ import annotations

import random

import pytest

from cardtable.bots.seep import Knowledge
from cardtable.games.dummy_spades import DUMMY, HANDS, SPADES, DummySpades, cards_of
from cardtable.games.seep import VAL, Seep

DS_OPTIONS = [
    {},
    {"variant": "three-peeky"},
    {"variant": "four-peeky"},
    {"variant": "flip-1"},
    {"variant": "flip-3"},
    {"bidding": "mirror"},
    {"bidding": "suicide"},
    {"variant": "three-peeky", "bidding": "mirror"},
    {"variant": "flip-2", "bidding": "suicide"},
]
SEEP_OPTIONS = [
    {},
    {"preset": "seep-pagat"},
    {"seats": 2},
    {"seats": 2, "preset": "seep-pagat"},
]


def _hidden_ds(g: DummySpades, seat: int) -> int:
    """Mask of the cards hidden from ``seat`` (the other hands, the unseen dummy cards)."""
    m = 0
    for i in range(3):
        if i != seat:
            m |= g.hands[i]
    return m | (g.hands[DUMMY] & ~g.visible_dummy(seat))


def _random_moves(g, rng: random.Random, moves: int):
    """Plays up to ``moves`` random legal moves on ``g`` (fewer if the match ends), yielding each
    move's number before playing it, so that the caller can look at the position first."""
    for step in range(moves):
        if g.over:
            return
        yield step
        g.apply(rng.choice(g.legal_actions()))


def _play_on(g, rng: random.Random, moves: int) -> None:
    for _ in _random_moves(g, rng, moves):
        pass


def _finish_hand(g, rng: random.Random) -> int:
    """Plays random legal moves to the end of the hand in play (or of the match); its number."""
    n = g.hand_number
    while not g.over and g.hand_number == n:
        g.apply(rng.choice(g.legal_actions()))
    return n


@pytest.mark.parametrize("options", DS_OPTIONS, ids=lambda o: ",".join(o.values()) or "default")
def test_dummy_spades_sample_agrees_with_the_view(options):
    rng = random.Random(11)
    for seed in (1, 2):
        g = DummySpades(seed=seed, options=options)
        for step in _random_moves(g, rng, 90):
            if step % 3 == 0:
                for s, seat in enumerate(("p0", "p1", "p2")):
                    sm = g.resample_from_infostate(seat, rng)
                    assert sm.view(seat) == g.view(seat)
                    assert _hidden_ds(sm, s) == _hidden_ds(g, s)
                    assert sm.hands[s] == g.hands[s]
                    if step % 15 == 0:            # the sample is a game that plays on
                        n = _finish_hand(sm, rng)
                        assert sm.over or sm.hand_number == n + 1
    assert g.actions                                 # the games really moved


def test_dummy_spades_sample_plays_a_whole_match():
    rng = random.Random(3)
    g = DummySpades(seed=9, options={"variant": "flip-2"})
    _play_on(g, rng, 30)
    sm = g.resample_from_infostate("p1", rng)
    n = sm.hand_number
    while sm.hand_number < n + 3:                    # on through later deals (a fresh seed)
        sm.apply(rng.choice(sm.legal_actions()))
    assert sum(sm.totals) != 0 or sm.history
    assert g.view("p1") != sm.view("p1")            # independent: the real game did not move
    from cardtable import record
    assert record.replay(sm.to_record()).view("p0") == sm.view("p0")


def _ds_position_with_voids(options: dict) -> tuple[DummySpades, int, list[int]]:
    """A play position, dummy not yet turned up or turned up, where some hidden hand shows a void."""
    for seed in range(200):
        rng = random.Random(seed)
        g = DummySpades(seed=seed, options=options)
        while not g.over and g.hand_number == 0:
            g.apply(rng.choice(g.legal_actions()))
            if g.phase != "play":
                continue
            voids = _voids(g)
            seat = g.actor
            hidden = _hidden_ds(g, seat)
            places = [h for h in range(3) if h != seat] + ([] if g.dummy_exposed else [DUMMY])
            # a hidden hand void in a suit of which some cards are still hidden
            if any(voids[h] >> (c // 13) & 1 for h in places for c in cards_of(hidden)) \
                    and len(g.completed) < 8:
                return g, seat, voids
    raise AssertionError("no position with a void found")


def _voids(g: DummySpades) -> list[int]:
    out = [0, 0, 0, 0]
    tricks = [(ld, cs) for ld, cs, _ in g.completed] + ([(g.leader, g.trick)] if g.trick else [])
    from cardtable.games.dummy_spades import NEXT_HAND
    nxt = NEXT_HAND[HANDS.index(g.declarer)]
    for ld, cs in tricks:
        h = ld
        for c in cs:
            if c // 13 != cs[0] // 13:
                out[h] |= 1 << (cs[0] // 13)
            h = nxt[h]
    return out


@pytest.mark.parametrize("options", [{}, {"bidding": "mirror"}], ids=["standard", "mirror"])
def test_dummy_spades_each_unseen_card_reaches_each_possible_hand(options):
    g, seat, voids = _ds_position_with_voids(options)
    hidden = _hidden_ds(g, seat)
    places = [h for h in range(4) if h != seat and (h != DUMMY or not g.dummy_exposed)]
    rng = random.Random(2024)
    seen: dict[tuple[int, int], int] = {}
    for _ in range(1500):
        sm = g.resample_from_infostate(("p0", "p1", "p2")[seat], rng)
        for h in places:
            part = sm.hands[h] & hidden
            for c in cards_of(part):
                seen[c, h] = seen.get((c, h), 0) + 1
            assert not any(voids[h] >> (c // 13) & 1 for c in cards_of(part))
            if options.get("bidding") == "mirror":
                assert (sm.hands[h] & SPADES).bit_count() == (g.hands[h] & SPADES).bit_count()
    for c in cards_of(hidden):
        possible = [h for h in places if not voids[h] >> (c // 13) & 1
                    and not (options.get("bidding") == "mirror" and c < 13
                             and not (g.hands[h] & SPADES & hidden))]
        for h in possible:
            assert seen.get((c, h), 0) > 0, (c, HANDS[h])


def test_dummy_spades_peeked_and_flipped_slots_stay():
    rng = random.Random(5)
    g = DummySpades(seed=4, options={"variant": "three-peeky"})
    for _ in range(3):
        g.apply(rng.choice(g.legal_actions()))
    for s, seat in enumerate(("p0", "p1", "p2")):
        known = g.peeks[s]
        for _ in range(20):
            sm = g.resample_from_infostate(seat, rng)
            for i in range(13):
                if known >> i & 1:
                    assert sm.slots[i] == g.slots[i]
            assert sm.hands[DUMMY] == sum(1 << c for c in sm.slots)


# ---- Seep ------------------------------------------------------------------------------------

def _hidden_seep(g: Seep, seat: str) -> set:
    """The cards ``seat`` has not seen: the other hands, the deal's undealt part, the bid-time floor."""
    me = g.seats.index(seat)
    out = set()
    for s in g.seats:
        if s != seat:
            out |= {c for c in g.hand(s)}
    seen = set(g.hand(seat)) | set(g.floor()["loose"])
    for h in g.floor()["houses"]:
        seen |= set(h["cards"])
    rec = g.to_record()["deals"][g.deal_index]
    dealt = {c for cs in rec["hands"].values() for c in cs} | set(rec["floor"])
    log = g.view(seat)["log"]
    for e in log:
        seen |= {w for w in e["action"].split()[1:] if not w.isdigit()} | set(e.get("merged", []))
    del me
    return {c.upper() for c in dealt} - {c.upper() for c in seen}


@pytest.mark.parametrize("options", SEEP_OPTIONS, ids=lambda o: ",".join(map(str, o.values())) or "default")
def test_seep_sample_agrees_with_the_view(options):
    rng = random.Random(12)
    for seed in (1, 2):
        g = Seep.new(seed=seed, **options)
        for step in _random_moves(g, rng, 120):
            if step % 3 == 0:
                for seat in g.seats:
                    sm = g.resample_from_infostate(seat, rng)
                    assert sm.view(seat) == g.view(seat)
                    assert sm.hand(seat) == g.hand(seat)
                    assert _hidden_seep(sm, seat) == _hidden_seep(g, seat)
                    for v, h in ((h["value"], h) for h in sm.floor()["houses"]):
                        for o in h["owners"]:     # owners hold a card of the house's value
                            assert any(VAL[Seep_idx(c)] == v for c in sm.hand(o))
                    if step % 12 == 0:
                        _finish_hand(sm, rng)


def Seep_idx(text: str) -> int:
    from cardtable.bots.common import idx
    return idx(text)


@pytest.mark.parametrize("options", SEEP_OPTIONS, ids=lambda o: ",".join(map(str, o.values())) or "default")
def test_seep_each_unseen_card_reaches_each_hidden_place(options):
    """At the bidder's first play (the rest of the deal still to come) and mid-hand."""
    for plays in (0, 5):
        g = Seep.new(seed=21, **options)
        rng = random.Random(8)
        while g.phase == "bid":
            g.apply(rng.choice(g.legal_actions()))
        for _ in range(plays):
            g.apply(rng.choice(g.legal_actions()))
        seat = g.to_act
        others = [s for s in g.seats if s != seat]
        hidden = _hidden_seep(g, seat)
        where: dict[str, set] = {}
        needed = {s: {h["value"] for h in g.floor()["houses"] if s in h["owners"]} for s in others}
        for _ in range(1200):
            sm = g.resample_from_infostate(seat, rng)
            for s in others:
                for c in sm.hand(s):
                    where.setdefault(c, set()).add(s)
            if plays == 0 and len(g.seats) == 4:   # the rest of the deal, the seat's own too
                sm.apply(rng.choice(sm.legal_actions()))
                for s in g.seats:
                    for c in sm.hand(s):
                        where.setdefault(c, set()).add(s + "+")
        assert hidden
        for c in hidden:
            for s in others:
                if g.hand(s) and not needed[s]:
                    assert s in where.get(c, set()), (c, s)
            if plays == 0 and len(g.seats) == 4:
                assert {s + "+" for s in g.seats} <= where.get(c, set()), c


def _merged_then_captured() -> tuple[Seep, str]:
    """A deterministic random game in which a raise merges a loose card, then the house goes."""
    for seed in range(400):
        rng = random.Random(seed)
        g = Seep.new(seed=seed)
        merged = None
        while not g.over and g.hand_number == 1:
            acts = g.legal_actions()
            raises = [a for a in acts if a.startswith("raise")]
            a = rng.choice(raises) if raises and rng.random() < 0.7 else rng.choice(acts)
            g.apply(a)
            log = g.view("p0")["log"]
            if log and "merged" in log[-1]:
                merged = log[-1]["merged"]
            if merged and not any(set(merged) & set(h["cards"]) for h in g.floor()["houses"]) \
                    and not set(merged) & set(g.floor()["loose"]) and g.to_act and g.phase == "play":
                return g, merged[0]
    raise AssertionError("no raise merging a loose card found")


def test_seep_raise_names_merged_loose_cards_and_they_are_never_resampled():
    g, card = _merged_then_captured()
    for seat in g.seats:
        v = g.view(seat)
        assert all(card not in e["action"].split() for e in v["log"])   # the text never names it
        assert any(card in e.get("merged", []) for e in v["log"])
        assert card not in _hidden_seep(g, seat)
        from cardtable.bots.common import idx
        assert idx(card) not in Knowledge(v).unseen                       # the bot's pool
        rng = random.Random(1)
        for _ in range(30):
            sm = g.resample_from_infostate(seat, rng)
            assert sm.view(seat) == v
            assert all(card not in sm.hand(s) for s in g.seats)


def test_dummy_spades_constructive_deal_is_uniform_over_the_deals_that_agree():
    """Tight voids (plain shuffles mostly miss): every agreeing deal is reached, evenly."""
    import itertools

    from cardtable.games.dummy_spades import _deal_hidden
    pool = [0, 1, 13, 14, 26, 27, 39]               # 2 spades, 2 hearts, 2 diamonds, 1 club
    sizes = [2, 2, 3]
    allowed = [0b0011, 0b0110, 0b1100]              # S+H, H+D, D+C
    spades = None
    valid = set()
    for perm in itertools.permutations(pool):
        parts = (frozenset(perm[:2]), frozenset(perm[2:4]), frozenset(perm[4:]))
        if all(all(allowed[p] >> (c // 13) & 1 for c in part) for p, part in enumerate(parts)):
            valid.add(parts)
    rng = random.Random(77)
    counts: dict = {}
    n = 4000
    for _ in range(n):
        parts = tuple(frozenset(p) for p in _deal_hidden(pool, sizes, allowed, spades, rng))
        assert parts in valid
        counts[parts] = counts.get(parts, 0) + 1
    assert set(counts) == valid
    mean = n / len(valid)
    assert all(0.7 * mean < k < 1.3 * mean for k in counts.values()), counts


def test_dummy_spades_constructive_deal_keeps_exact_spade_counts():
    from cardtable.games.dummy_spades import _deal_hidden
    pool = list(range(0, 6)) + list(range(13, 19)) + list(range(26, 30))
    rng = random.Random(4)
    for _ in range(200):
        parts = _deal_hidden(pool, [5, 5, 6], [0b1111, 0b1101, 0b0111], [1, 5, 0], rng)
        assert [sum(c < 13 for c in p) for p in parts] == [1, 5, 0]
        assert not any(13 <= c < 26 for c in parts[1]) and not any(c >= 39 for c in parts[2])
        assert sorted(sum(parts, [])) == pool


@pytest.mark.parametrize("options", SEEP_OPTIONS, ids=lambda o: ",".join(map(str, o.values())) or "default")
def test_seep_sample_record_replays_to_the_sample(options):
    """Earlier moves stay legal with the sampled cards (a builder kept a second card, the bid
    came from the first packet), so the sample's record replays to the sample."""
    from cardtable import record
    rng = random.Random(31)
    for seed in (5, 6):
        g = Seep.new(seed=seed, **options)
        for step in _random_moves(g, rng, 200):
            if step % 7 == 0:
                seat = g.seats[step % len(g.seats)]
                sm = g.resample_from_infostate(seat, rng)
                again = record.replay(sm.to_record())
                for s in g.seats:
                    assert again.view(s) == sm.view(s)


@pytest.mark.parametrize("options", DS_OPTIONS[:6], ids=lambda o: ",".join(o.values()) or "default")
def test_dummy_spades_sample_record_replays_to_the_sample(options):
    from cardtable import record
    rng = random.Random(32)
    g = DummySpades(seed=8, options=options)
    for step in _random_moves(g, rng, 120):
        if step % 9 == 0:
            seat = ("p0", "p1", "p2")[step % 3]
            sm = g.resample_from_infostate(seat, rng)
            again = record.replay(sm.to_record())
            for s in ("p0", "p1", "p2"):
                assert again.view(s) == sm.view(s)


def test_seep_constructive_deal_gives_each_hand_its_required_values():
    """When shuffles keep missing (few cards of the values needed), the required cards go first."""
    from cardtable.bots.common import idx
    from cardtable.games.seep.resample import _constructive
    pool = [idx(t) for t in ("KS", "QH", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C")]
    rng = random.Random(6)
    places = set()
    for _ in range(300):
        parts = _constructive(pool, [3, 3, 4], {0: {13}, 1: {12}}, rng)
        assert [len(p) for p in parts] == [3, 3, 4]
        assert sorted(sum(parts, [])) == sorted(pool)
        assert idx("KS") in parts[0] and idx("QH") in parts[1]
        for p, part in enumerate(parts):
            places |= {(c, p) for c in part}
    assert all((idx("2C"), p) in places for p in range(3))
