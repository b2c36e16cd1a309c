"""Long records stay cheap: the engines' shortcuts for them give the same answers as the long way.

* Seep resolves an action in the play from the legal uses of its one card (``_templates``), not
  from every legal move: accepted and refused exactly as ``legal_actions()`` says, with the same
  reason, in random positions of both seatings;
* Seep reads the words of an action text once (``notation._READ``): the same text met again, in
  any position, is accepted or refused exactly as on its first reading, with the same reason;
* Seep writes each action's text once (``actions`` keeps them): the same list as writing them all,
  in copies too;
* ``view(seat, history=False)`` is the view less its ``history`` key; ``action_count`` is
  ``len(actions)``.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from cardtable.record import new_game, replay


def candidates(g) -> list[str]:
    """Actions worth trying now: every legal one and many near misses with the mover's cards."""
    out = set(g.legal_actions())
    v = g.view(g.to_act, history=False)
    if v["phase"] != "play":
        return sorted(out | {f"bid {n}" for n in range(8, 15)} | {"redeal"})
    loose = v["floor"]["loose"]
    houses = [h["value"] for h in v["floor"]["houses"]]
    subsets = [()] + [c for k in (1, 2) for c in combinations(loose, k)]
    for card in v["hand"]:
        out.add(f"throw {card}")
        for sub in subsets:
            out.add(" ".join(("capture", card) + sub))
            for t in range(9, 14):
                out.add(" ".join(("build", str(t), card) + sub))
        for h in houses:
            out.add(f"raise {h} {card}")
            out.add(f"cement {h} {card}")
    return sorted(out)


@pytest.mark.slow
@pytest.mark.parametrize("seats, options", [(4, {"target": 100}), (2, {"target": 100}), (4, {"preset": "seep-pagat"})])
def test_seep_accepts_and_refuses_exactly_the_legal_actions_with_the_same_reasons(seats, options):
    """The short way (a throw checked directly, any other play against its card's legal uses)
    against the long way (every legal move listed), every hand card thrown among the candidates."""
    rng = random.Random(seats)
    g = new_game({"format": "cardtable/1", "game": "seep", "seed": 5,
                  "options": {"seats": seats, **options}, "actions": []})
    checked = 0
    while not g.over and g.action_count < 400:
        if rng.random() < 0.3:
            base = g.copy()                      # taken before anything lists the legal moves
            legal = set(g.legal_actions())
            slow = g.copy()
            slow.legal_moves()                   # the long way: every legal move listed first
            for a in candidates(g):
                fresh = base.copy()              # the short way: nothing listed yet
                why = fresh.check(a)
                assert why == slow.check(a), a
                if why is None:
                    assert g.copy().apply(a) in legal, a
                else:
                    assert a not in legal, a
                checked += 1
        g.apply(rng.choice(g.legal_actions()))
    assert checked > 1000


@pytest.mark.parametrize("name", ["dummy-spades", "seep"])
def test_a_view_without_history_is_the_view_less_its_history(name):
    record = {"format": "cardtable/1", "game": name, "seed": 3, "actions": []}
    g = new_game(record)
    rng = random.Random(1)
    for _ in range(300):
        if g.over:
            break
        for seat in g.seats:
            full = g.view(seat)
            light = g.view(seat, history=False)
            assert "history" not in light
            full.pop("history")
            assert light == full
        assert g.action_count == len(g.actions)
        g.apply(rng.choice(g.legal_actions()))
    assert g.action_count == len(replay(g.to_record()).actions) > 100


def test_a_views_history_is_its_own_copy():
    g = new_game({"format": "cardtable/1", "game": "seep", "seed": 3, "actions": []})
    rng = random.Random(2)
    while g.hands_completed < 2:
        g.apply(rng.choice(g.legal_actions()))
    v = g.view("p0")
    kept = g.view("p0")["history"]
    v["history"][0]["score"].clear()
    v["history"][0]["sweeps"][next(iter(v["history"][0]["sweeps"]))].append(99)
    v["history"].pop()
    assert g.view("p0")["history"] == kept == g.summary()["hands"] and len(kept) == 2


def _said(g, action):
    err = g.refusal(action)
    return None if err is None else (str(err), err.code, err.values)


def variants(action: str) -> list[str]:
    """The text as given, in lower case, its cards listed backwards, and one card listed twice."""
    words = action.split()
    head = 2 if words[0] in ("build", "raise", "cement") else 1
    out = [action, action.lower(), " ".join(words[:head] + words[head:][::-1])]
    if len(words) > head + 1:
        out.append(" ".join(words + [words[-1]]))
    return out


@pytest.mark.parametrize("seats", [4, 2])
def test_seep_reads_a_text_met_before_as_on_its_first_reading(seats):
    from cardtable.games.seep import notation

    rng = random.Random(10 + seats)
    g = new_game({"format": "cardtable/1", "game": "seep", "seed": 8, "options": {"seats": seats, "target": 100},
                  "actions": []})
    checked = kept = 0
    while not g.over and g.action_count < 500:
        if rng.random() < 0.25:
            for a in {v for c in candidates(g) for v in variants(c)}:
                notation._READ.pop(a, None)
                first = _said(g, a)               # read in full
                kept += a in notation._READ
                assert _said(g, a) == first, a    # read from what was kept (when its wording passed)
                if first is None:
                    assert g.copy().apply(a) == g.copy().apply(a.upper()), a
                checked += 1
        g.apply(rng.choice(g.legal_actions()))
    over = g.copy()
    while not over.over:
        over.apply(over.legal_actions()[0])
    for a in list(notation._READ)[:50]:           # kept texts, after the game is over
        assert _said(over, a) == ("the game is over", "game_over", {}), a
    assert checked > 2000 and kept > 500


def test_seep_actions_written_once_are_the_actions_in_copies_too():
    g = new_game({"format": "cardtable/1", "game": "seep", "seed": 4, "options": {"target": 100}, "actions": []})
    rng = random.Random(3)
    copies = []
    for i in range(400):
        if g.over:
            break
        if i % 37 == 0:
            g.actions                                   # written so far, kept
            copies.append((g.copy(), [g.move_text(m) for m in g._moves]))
        g.apply(rng.choice(g.legal_actions()))
    for c, texts in copies[::2]:
        c.apply(c.legal_actions()[-1])                  # a copy goes its own way
        texts.append(c.move_text(c._moves[-1]))
    assert g.actions == [g.move_text(m) for m in g._moves]
    for c, texts in copies:
        assert c.actions == texts
    assert replay(g.to_record()).actions == g.actions


@pytest.mark.parametrize("name", ["seep", "dummy-spades"])
def test_a_parsed_record_starts_the_same_game_without_being_checked_twice(name):
    """``game_at_start`` (what opening a file uses after ``parse_record``) is ``new_game``: the same
    deals, options and players; the game's own checks of its deals still run."""
    from cardtable.game import RecordError
    from cardtable.record import game_at_start, parse_record

    start = {"format": "cardtable/1", "game": name, "seed": 5, "players": None}
    g = new_game(start)
    rng = random.Random(3)
    for _ in range(60):
        g.apply(rng.choice(g.legal_actions()))
    rec = parse_record(g.to_record())
    a, b = game_at_start(rec), new_game(rec)
    assert a.to_record() == b.to_record()
    for action in rec["actions"]:
        assert a.apply(action) == b.apply(action)
    assert a.to_record() == g.to_record() and a.view(a.to_act) == g.view(g.to_act)
    bad = parse_record(dict(rec, deals=[{"dealer": "p9"}]))
    with pytest.raises(RecordError):
        game_at_start(bad)


def test_seep_move_texts_kept_once_written_are_the_texts_written_afresh(monkeypatch):
    """``move_text`` keeps the texts it wrote (``notation._TEXT``): the same text as writing it
    anew, for every legal move of random positions; a move given as a list is written, not kept.
    (An empty store here: the tests run before in the same process may have filled it to its
    limit, past which nothing more is kept.)"""
    from cardtable.games.seep import notation

    monkeypatch.setattr(notation, "_TEXT", {})

    g = new_game({"format": "cardtable/1", "game": "seep", "seed": 8, "options": {"target": 1000}})
    rng = random.Random(8)
    seen = 0
    while seen < 400 and not g.over:
        for m in g.legal_moves():
            notation._TEXT.pop(m, None)
            first = g.move_text(m)
            assert m in notation._TEXT and g.move_text(m) == first == notation._write(m)
            seen += 1
        g.apply(rng.choice(g.legal_actions()))
    m = g.legal_moves()[0] if g.legal_moves() else (1, 0, 1, ())
    assert g.move_text([m[0], m[1], m[2], list(m[3])]) == g.move_text(m)
