"""Seep property tests: thousands of random legal hands, invariants checked after every move.

Seeds are the Hypothesis strategy (a seed fixes the deals and the random choices); the hands
are played with the engine's fast API (``legal_moves`` / ``apply_move``), with the text API
where the property is about text.  A brute-force reference written from the rule book checks
the move generator on small floors.
"""

from __future__ import annotations

import json
import random
import re
from functools import lru_cache
from itertools import combinations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.cards import CARDS, Card
from cardtable.game import IllegalAction
from cardtable.games.seep import CAPTURE, POINTS, Seep
from cardtable.record import replay

SETTINGS = dict(deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(min_value=0, max_value=2**32 - 1)
option_sets = st.fixed_dictionaries({
    "preset": st.sampled_from(["sweep-seed", "seep-pagat"]),
    "first_play": st.sampled_from(["pagat", "seed"]),
    "raise_own": st.booleans(),
    "sweeps": st.booleans(),
    "seats": st.sampled_from([4, 2]),
    "first_sweep": st.sampled_from([25, 50]),
    "majority_tie": st.sampled_from(["none", "split"]),
}).map(lambda o: {k: v for k, v in o.items()          # majority_tie is sweep-seed's only
                  if k != "majority_tie" or o["preset"] == "sweep-seed"})
CARD_RE = re.compile(r"\b[2-9TJQKA][SHDC]\b")


# ---- invariants ----------------------------------------------------------------------------------

def check_invariants(g: Seep) -> None:
    """What must hold after every move (read through the public API where it can be)."""
    pts = POINTS[g.options["preset"]]
    assert g.running_score()[0] == [sum(pts[c] for c in p) for p in g._piles], \
        "the points kept as the piles grow are the piles' points"
    if g.over:
        assert g.legal_moves() == [] and g.to_act is None
        return
    assert g.legal_moves(), "legal actions are never empty until the game is over"
    fl = g.floor()
    hands = {s: g.hand(s) for s in g.seats}
    house_cards = [c for h in fl["houses"] for c in h["cards"]]
    captured = {g.sides[t]: len(g._piles[t]) for t in (0, 1)}    # = view(seat)["captured"]
    # 52 cards conserved, each exactly once (once the whole pack is out, after the first play;
    # with two players the second half's 24 stay in the pack until both hands are empty)
    if g.phase == "play" and g.plays > 0:
        out = [c for cs in hands.values() for c in cs] + fl["loose"] + house_cards
        if len(g.seats) == 2:
            assert sum(map(len, hands.values())) == (24 if g.plays < 24 else 48) - g.plays
            if g.plays < 24:
                out += [str(CARDS[i]) for h in g._dealt[-1].hands for i in h[12:]]
        assert len(out) + sum(captured.values()) == 52
        piles = [str(CARDS[i]) for p in g._piles for i in p]      # the piles' identities
        assert sorted(out + piles) == sorted(str(c) for c in CARDS)
    for h in fl["houses"]:
        v = h["value"]
        total = sum(Card.parse(c).value for c in h["cards"])
        assert 9 <= v <= 13, "no house under 9 or over 13"
        assert total % v == 0 and h["cemented"] == (total > v)
        assert h["owners"]
        for owner in h["owners"]:
            assert any(Card.parse(c).value == v for c in hands[owner]), \
                f"{owner} owns the {v}-house without a card of {v}"
    loose_values = {Card.parse(c).value for c in fl["loose"]}
    assert not loose_values & {h["value"] for h in fl["houses"]}, \
        "a loose single of a house's value would have joined it"
    moves = g.legal_moves()
    assert len(set(moves)) == len(moves)
    if g.phase == "play" and g.plays > 0:
        # every hand card has a legal use (why the card-first random policy never gets stuck)
        assert {m[1] for m in moves} == {Card.parse(c).index for c in hands[g.to_act]}


def check_hand_entries(g: Seep) -> None:
    for h in g.summary()["hands"]:
        total = sum(h["points"].values())
        sides = g.sides
        assert list(h["cards"]) == list(sides)
        tie = h["cards"][sides[0]] == 26
        if g.options["preset"] == "sweep-seed" and tie and g.options["majority_tie"] == "none":
            assert total == 96
        else:
            assert total == 100
        assert sum(h["cards"].values()) == 52
        assert h["score"] == {t: h["points"][t] + sum(h["sweeps"][t]) for t in sides}
        bonuses = (0, g.options["first_sweep"], 50) if g.options["sweeps"] else ()
        for t in sides:
            assert all(b in bonuses for b in h["sweeps"][t])


def check_views(g: Seep) -> None:
    for seat in g.seats:
        v = g.view(seat)
        text = json.dumps(v, ensure_ascii=False)
        assert json.loads(text) == v
        # a thrown-in hand is shown to all at the redeal; its cards are dealt again afterwards,
        # so they are left out of this check
        public = json.loads(text)
        for e in public["log"]:
            e.pop("shown", None)
        for h in public["history"]:
            h.pop("thrown_in")
        shown = set(CARD_RE.findall(json.dumps(public)))
        for other in g.seats:
            if other != seat:
                assert not shown & set(g.hand(other)), f"{seat}'s view shows {other}'s cards"
        # nor any card of the deal still in the pack (the rest of the first half, or with two
        # players the second half, the seat's own included) or held by another
        named = set(CARD_RE.findall(" ".join(e["action"] for e in public["log"])))
        pack = {str(CARDS[i]) for h in g._dealt[-1].hands for i in h}
        assert not shown & (pack - set(v["hand"]) - named), f"{seat}'s view shows hidden cards"
        assert v["hand"] == g.hand(seat)
        assert v["legal"] == (g.legal_actions() if seat == g.to_act else [])


def seeded_game(seed: int, options: dict) -> tuple[Seep, random.Random]:
    """A new game and the random source of its moves, both from the one drawn ``seed``."""
    return Seep.new(seed=seed, **options), random.Random(seed)


def snapshot(g: Seep) -> str:
    return json.dumps([g.summary(), [g.view(s) for s in g.seats], g.to_record()], sort_keys=True)


# ---- properties -------------------------------------------------------------------------------

@settings(max_examples=250, **SETTINGS)
@given(seed=seeds, options=option_sets, uniform=st.booleans())
def test_invariants_hold_through_random_hands(seed, options, uniform):
    g, rng = seeded_game(seed, options)
    hands = 0
    while not g.over and g.hands_completed < 4:
        move = g.random_move(rng) if uniform else g.random_card_move(rng)
        assert move in g.legal_moves()
        g.apply_move(move)
        check_invariants(g)
        hands = g.hands_completed
    check_hand_entries(g)
    assert hands >= 1


def first_hand_by_card_moves(g: Seep, rng: random.Random):
    """Plays ``g``'s first hand with random card moves, yielding after each move that leaves it
    still in play (the caller checks that position)."""
    while g.hands_completed == 0:
        g.apply_move(g.random_card_move(rng))
        if g.hands_completed == 0:
            yield


def check_houses(g: Seep) -> None:
    """The cheap house checks: every house is worth 9 to 13, and each seat marked as its owner
    still holds a card of its value."""
    for v, h in g._houses.items():
        assert 9 <= v <= 13
        for s in range(len(g.seats)):
            if h[2] >> s & 1:
                assert g._hcnt[s][v] > 0


def test_a_plain_loop_over_many_hands_keeps_the_invariants():
    """2,000 more hands, one per seed, with the cheap checks at every move."""
    presets = ("sweep-seed", "seep-pagat")
    for seed in range(2000):
        g = Seep.new(seed=seed, preset=presets[seed % 2])
        rng = random.Random(seed)
        for _ in first_hand_by_card_moves(g, rng):
            assert g.legal_moves()
            check_houses(g)
        check_hand_entries(g)


def test_a_plain_loop_over_many_two_player_hands_keeps_the_invariants():
    """2,000 two-player hands, one per seed, every option in turn; cheap checks at every move."""
    variants = ({}, {"preset": "seep-pagat"}, {"majority_tie": "split", "first_sweep": 50},
                {"first_play": "seed", "raise_own": True})
    for seed in range(2000):
        g = Seep.new(seed=seed, seats=2, **variants[seed % 4])
        rng = random.Random(seed)
        for _ in first_hand_by_card_moves(g, rng):
            assert g.legal_moves()
            held = len(g._hands[0]) + len(g._hands[1])
            assert held == (24 if g.plays < 24 else 48) - g.plays or g.plays == 0
            check_houses(g)
        check_hand_entries(g)


@settings(max_examples=60, **SETTINGS)
@given(seed=seeds, options=option_sets)
def test_views_never_show_another_players_hand(seed, options):
    g, rng = seeded_game(seed, options)
    while g.hands_completed == 0:
        if rng.random() < 0.3:
            check_views(g)
        g.apply(rng.choice(g.legal_actions()))
    check_views(g)


@settings(max_examples=80, **SETTINGS)
@given(seed=seeds, options=option_sets, length=st.integers(0, 160))
def test_a_record_replays_to_the_same_state(seed, options, length):
    g = Seep.new(seed=seed, players=["Ana", "Ben", "Chloé", "Dev"][:options["seats"]], **options)
    rng = random.Random(seed)
    for _ in range(length):
        if g.over:
            break
        g.apply(rng.choice(g.legal_actions()))
    text = json.dumps(g.to_record(), ensure_ascii=False)
    r = replay(text)
    assert snapshot(r) == snapshot(g)
    assert r.legal_moves() == g.legal_moves()
    # the record holds every deal made so far: without its seed it still replays the same
    rec = json.loads(text)
    rec["seed"] = None
    r2 = replay(rec)
    assert r2.summary() == g.summary()
    assert [r2.view(s) for s in g.seats] == [g.view(s) for s in g.seats]


@settings(max_examples=80, **SETTINGS)
@given(seed=seeds, data=st.data(), seats=st.sampled_from([4, 2]))
def test_illegal_actions_raise_and_change_nothing(seed, data, seats):
    g = Seep.new(seed=seed, seats=seats)
    rng = random.Random(seed)
    for _ in range(rng.randrange(0, 60)):
        g.apply_move(g.random_move(rng))
    legal = set(g.legal_actions())
    everywhere = [str(c) for c in CARDS]
    fl = g.floor()
    near = g.hand(g.to_act) + fl["loose"]
    verb = data.draw(st.sampled_from(["throw", "capture", "build", "raise", "cement", "bid"]))
    cards = data.draw(st.lists(st.sampled_from(near or everywhere), min_size=1, max_size=5,
                               unique=True))
    value = data.draw(st.integers(7, 14))
    action = (f"{verb} {value} " if verb in ("build", "raise", "cement") else f"{verb} ") + \
        (" ".join(cards) if verb != "bid" else str(value))
    before = snapshot(g)
    reason = g.check(action)
    if reason is None:
        canonical = g.apply(action)
        assert canonical in legal
    else:
        assert isinstance(reason, str) and reason and "\n" not in reason
        try:
            g.apply(action)
        except IllegalAction as err:
            assert str(err) == reason
        else:
            raise AssertionError(f"{action!r} was applied although check() refused it")
        assert snapshot(g) == before


@settings(max_examples=60, **SETTINGS)
@given(seed=seeds, options=option_sets)
def test_text_and_fast_moves_agree(seed, options):
    g, rng = seeded_game(seed, options)
    while g.hands_completed == 0:
        texts = g.legal_actions()
        assert len(set(texts)) == len(texts)
        for m, t in zip(g.legal_moves(), texts):
            assert g._resolve(t) == m
            assert g._resolve(t.upper()) == m
        g.apply(rng.choice(texts))


# ---- a brute-force reference for the legal actions ---------------------------------------------

_SUITS = "SHDC"


def _key(c: Card):
    return (c.value, _SUITS.index(c.suit))


@lru_cache(maxsize=None)
def _can_split(values: tuple, target: int) -> bool:
    """Can these values (sorted) be split into groups each adding up to target?"""
    if not values:
        return True
    first, rest = values[0], values[1:]
    need = target - first
    if need < 0:
        return False
    if need == 0:
        return _can_split(rest, target)
    for r in range(1, len(rest) + 1):
        for idx in combinations(range(len(rest)), r):
            if sum(rest[i] for i in idx) == need:
                remaining = tuple(x for i, x in enumerate(rest) if i not in idx)
                if _can_split(remaining, target):
                    return True
    return False


def _has_sum(values, target: int) -> bool:
    sums = {0}
    for v in values:
        sums |= {s + v for s in sums}
    return target in sums


def _text(kind, c, S=(), num=None):
    words = [kind] + ([str(num)] if num is not None else []) + [str(c)]
    return " ".join(words + [str(x) for x in sorted(S, key=_key)])


def reference_legal(g: Seep) -> set[str]:
    """Every legal action, found by trying every card with every subset of the loose cards."""
    seat = g.to_act
    hand = [Card.parse(x) for x in g.hand(seat)]
    if g.phase == "bid":
        return {f"bid {c.value}" for c in hand if c.value >= 9} or {"redeal"}
    fl = g.floor()
    loose = [Card.parse(x) for x in fl["loose"]]
    houses = {h["value"]: h for h in fl["houses"]}
    owned = {v for v, h in houses.items() if seat in h["owners"]}
    opts = g.options
    bid = g.bid

    def keeps(c, owned_after):          # the retention rule, after playing c
        return all(any(x.value == v for x in hand if x is not c) for v in owned_after)

    subsets = [list(S) for r in range(len(loose) + 1) for S in combinations(loose, r)]
    out = set()
    for c in hand:
        v = c.value
        can_capture = v in houses or _has_sum([x.value for x in loose], v)
        for S in subsets:
            sv = tuple(sorted(x.value for x in S))
            rest = [x.value for x in loose if x not in S]
            if (S or v in houses) and _can_split(sv, v) and not _has_sum(rest, v) \
                    and keeps(c, owned - {v}):
                out.add(("capture", v, _text("capture", c, S)))
            for T in range(9, 14):
                if not _can_split(tuple(sorted(sv + (v,))), T):
                    continue
                if T in houses:
                    if keeps(c, owned | {T}):
                        out.add(("cement", T, _text("cement", c, S, T)))
                elif S and {x for x in loose if x.value == T} <= set(S) and keeps(c, owned | {T}):
                    out.add(("build", T, _text("build", c, S, T)))
        for h, rec in houses.items():
            if rec["cemented"] or h + v > 13 or (seat in rec["owners"] and not opts["raise_own"]):
                continue
            if keeps(c, (owned - {h}) | {h + v}):
                out.add(("raise", h, _text("raise", c, (), h)))
        if not can_capture and keeps(c, owned):
            out.add(("throw", v, _text("throw", c)))
    if g.plays == 0:
        if opts["first_play"] == "pagat":
            out = {o for o in out if o[1] == bid and o[0] in ("build", "capture", "throw")}
        else:
            singles = [y for y in loose if y.value == bid]
            builds = {("build", bid, _text("build", c, [x] + singles, bid))
                      for c in hand for x in loose if c.value + x.value == bid}
            out = builds or {("throw", c.value, _text("throw", c)) for c in hand}
    return {o[2] for o in out}


@settings(max_examples=40, **SETTINGS)
@given(seed=seeds, options=option_sets, throwy=st.booleans())
def test_legal_actions_match_a_brute_force_reference(seed, options, throwy):
    g, rng = seeded_game(seed, options)
    checked = 0
    while g.hands_completed == 0:
        if len(g.floor()["loose"]) <= 8:
            assert set(g.legal_actions()) == reference_legal(g)
            checked += 1
        moves = g.legal_moves()
        if throwy:                  # favour moves that leave cards on the floor: bigger floors
            calm = [m for m in moves if m[0] != CAPTURE]
            moves = calm if calm and rng.random() < 0.85 else moves
        g.apply_move(moves[int(rng.random() * len(moves))])
    assert checked > 0
