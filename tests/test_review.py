"""The review model (``cardtable.ui.screens.review``): every step is the position ``replay`` gives for
that prefix of the record, forward and back, hand by hand; every hand face up; a game in play is
refused; the screen draws every card of every hand and the log in step."""

from __future__ import annotations

import doctest
import random
import re

import pytest

from cardtable.record import ReplayError, new_game, replay
from cardtable.ui.screens import review as review_mod
from cardtable.ui.screens.review import NotFinished, Review, review_html

GAMES = [("dummy-spades", {"losing_limit": -200}), ("seep", {"target": 200}),
         ("seep", {"seats": 2, "target": 200})]


def finished_record(name: str, options: dict, seed: int = 7) -> dict:
    """A whole game, random legal moves from a seeded generator, played to its end."""
    g = new_game({"format": "cardtable/1", "game": name, "options": options, "seed": seed,
                  "players": ["Ana", "Ben", "Chloé", "Dev"][:4 if name == "seep" and options.get("seats") != 2 else
                                                           (3 if name == "dummy-spades" else 2)],
                  "actions": []})
    rng = random.Random(seed)
    while not g.over:
        g.apply(rng.choice(g.legal_actions()))
    return g.to_record()


def position(game) -> tuple:
    return game.summary(), {s: game.view(s) for s in game.seats}


def prefix(record: dict, k: int):
    return replay({**record, "actions": record["actions"][:k]})


@pytest.mark.slow
@pytest.mark.parametrize("name,options", GAMES)
def test_every_step_forward_and_back_is_the_replay_of_that_prefix(name, options):
    record = finished_record(name, options)
    r = Review(record)
    n = r.last
    assert n == len(record["actions"]) and n > 40
    for k in range(n + 1):
        r.go(k)
        assert r.step == k
        assert position(r.game) == position(prefix(record, k)), k
    # back, one move at a time from the end, and jumps in a random order
    for k in range(n, max(-1, n - 30), -1):
        r.go(k)
        assert position(r.game) == position(prefix(record, k)), k
    rng = random.Random(3)
    for k in rng.sample(range(n + 1), 15):
        r.go(k)
        assert position(r.game) == position(prefix(record, k)), k


@pytest.mark.parametrize("name,options", GAMES)
def test_hand_by_hand_lands_on_the_first_move_of_each_hand(name, options):
    record = finished_record(name, options)
    r = Review(record)
    assert len(r.hand_starts) >= 2
    seen = [0]
    while r.step < r.last:
        r.hand_forward()
        seen.append(r.step)
    assert seen == r.hand_starts + [r.last] if r.hand_starts[-1] != r.last else seen == r.hand_starts
    for start in r.hand_starts[1:]:
        before = prefix(record, start - 1)
        assert before.hand_number != prefix(record, start).hand_number
    r.hand_back()
    assert r.step == r.hand_starts[-1] if r.hand_starts[-1] < r.last else r.hand_starts[-2]
    r.go(r.hand_starts[1] + 2)
    r.hand_back()
    assert r.step == r.hand_starts[1]
    r.hand_back()
    assert r.step == 0


def test_a_game_still_in_play_is_refused_unless_opened_as_a_file():
    record = finished_record("dummy-spades", {"losing_limit": -200})
    unfinished = {**record, "actions": record["actions"][:30]}
    with pytest.raises(NotFinished):
        Review(unfinished)
    assert Review(unfinished, finished_only=False).last == 30
    with pytest.raises(ReplayError):
        Review({**record, "actions": ["play ZZ"]}, finished_only=False)


def test_every_hand_is_face_up_the_dummy_included_before_it_is_turned_up():
    record = finished_record("dummy-spades", {"losing_limit": -200})
    r = Review(record)
    g = new_game(record)
    for k in range(r.last + 1):
        r.go(k)
        views = {s: r.game.view(s) for s in r.seats}
        hands = r.hands(views)
        v = views["p0"]
        counts = v["hand_counts"]
        if r.at_hand_end():   # the move that ended a hand: none of the next deal shows
            assert all(hands[h] == [] for h in ("p0", "p1", "p2", "dummy")), k
            if k < r.last:
                g.apply(record["actions"][k])
            continue
        for h in ("p0", "p1", "p2", "dummy"):
            assert hands[h] is not None and len(hands[h]) == counts[h], (k, h)
        assert len({c for h in hands.values() for c in h}) == sum(counts.values())
        # the dummy's cards before the opening lead are the ones it will hold when turned up
        if not v["dummy_exposed"] and v["phase"] != "over":
            later = next(j for j in range(k, r.last + 1) if prefix(record, j).dummy_exposed
                         and prefix(record, j).hand_number == v["hand_number"])
            assert sorted(hands["dummy"]) == sorted(prefix(record, later).view("p0")["dummy"])
        if k < r.last:
            g.apply(record["actions"][k])


@pytest.mark.parametrize("name,options", GAMES)
def test_the_screen_shows_every_card_the_trick_or_capture_and_the_log_in_step(name, options):
    record = finished_record(name, options)
    r = Review(record)
    title = "Dummy Spades" if name == "dummy-spades" else "Seep"
    tricks = captures = 0
    for k in range(0, r.last + 1):
        r.go(k)
        html = review_html(r, title)
        assert html.count("<h1") == 1
        views = {s: r.game.view(s) for s in r.seats}
        for cards in r.hands(views).values():
            for c in cards or []:
                assert f'data-card="{c}"' in html, (k, c)
        # the log holds the moves up to this step, the current one marked, and none after it
        lines = re.findall(r'<li(?: class="current" aria-current="step")? value="(\d+)"', html)
        assert [int(x) for x in lines] == list(range(k, max(0, k - review_mod.LOG_SHOWN), -1))
        if k:
            assert 'aria-current="step" value="%d"' % k in html
        if "review-trick done" in html:
            tricks += 1
        if "review-capture" in html:
            captures += 1
        back = re.search(r'<button[^>]*data-act="review:back"[^>]*>', html).group(0)
        assert (" disabled" in back) == (k == 0)
    if name == "dummy-spades":
        assert tricks == sum(1 for i in range(1, r.last + 1) if r.shown.get(i, {}).get("kind") == "trick") > 13
    else:
        assert captures > 0
    assert "Game over" in html


def described_from_scratch(record: dict) -> tuple[dict, dict]:
    """Every move in words and what it showed, from full views before and after each move (the
    slow way the review worked before it kept copies and left the history out of its views)."""
    r = Review(record, finished_only=False)
    g = new_game(record)
    lines, shown = {}, {}
    for i, action in enumerate(record["actions"]):
        actor = g.to_act
        before = g.view(actor)
        canonical = g.apply(action)
        after = g.view(actor)
        lines[i] = r.table.describe(canonical, actor, before, after, g)
        what = review_mod._what_it_showed(canonical, actor, before, after)
        if what:
            shown[i + 1] = what
    return lines, shown


@pytest.mark.parametrize("name,options", GAMES)
def test_steps_from_the_kept_copies_give_the_same_positions_words_and_shown_cards(name, options, monkeypatch):
    monkeypatch.setattr(review_mod, "CHECKPOINT_EVERY", 7)   # many copies, so every path is taken
    record = finished_record(name, options, seed=11)
    lines, shown = described_from_scratch(record)
    r = Review(record)
    assert len(r._checkpoints) == r.last // 7 + 1
    rng = random.Random(5)
    steps = [r.last, 0, r.last - 1, 3] + [rng.randrange(r.last + 1) for _ in range(40)] + list(range(r.last, -1, -1))
    for k in steps:
        r.go(k)
        assert r.step == k
        assert position(r.game) == position(prefix(record, k)), k
        for i in range(max(0, k - review_mod.LOG_SHOWN), k):
            assert r.lines[i] == lines[i], (k, i)
        assert r.shown.get(k) == shown.get(k), k


@pytest.mark.parametrize("name,options", GAMES)
def test_any_step_applies_a_bounded_number_of_actions(name, options, monkeypatch):
    """Linear time, counted rather than timed: reaching any step, the last included, applies at
    most CHECKPOINT_EVERY + LOG_SHOWN actions and takes at most 2 views per move put in words."""
    monkeypatch.setattr(review_mod, "CHECKPOINT_EVERY", 10)
    record = finished_record(name, options, seed=13)
    r = Review(record)
    counts = {"apply": 0, "view": 0}
    cls = type(r.game)
    real_apply, real_view = cls.apply, cls.view

    def apply(self, action):
        counts["apply"] += 1
        return real_apply(self, action)

    def view(self, seat, history=True):
        counts["view"] += 1
        return real_view(self, seat, history)

    monkeypatch.setattr(cls, "apply", apply)
    monkeypatch.setattr(cls, "view", view)
    for k in (r.last, 0, r.last // 2, r.last - 1, 1, r.last):
        counts.update(apply=0, view=0)
        r.go(k)
        assert counts["apply"] <= 10 + review_mod.LOG_SHOWN, k
        assert counts["view"] <= 2 * review_mod.LOG_SHOWN, k


def test_names_from_a_file_are_text_not_markup():
    record = finished_record("seep", {"target": 50})
    record["players"] = ["<b>Ana</b>", "Ben", "Chloé", "Dev"]
    r = Review(record)
    r.go(r.last)
    html = review_html(r, "Seep")
    assert "<b>Ana</b>" not in html and "&lt;b&gt;Ana&lt;/b&gt;" in html


def test_module_doctests():
    assert doctest.testmod(review_mod).failed == 0


def test_built_in_steps_it_is_the_same_review():
    record = finished_record("seep", {"target": 200})
    steps = Review.in_steps(record)
    yields = 0
    while True:
        try:
            next(steps)
            yields += 1
        except StopIteration as done:
            built = done.value
            break
    assert yields == len(record["actions"]) // review_mod.READ_STEP > 1
    whole = Review(record)
    for r in (built, whole):
        r.go(r.last)
    assert (built.hand_starts, built.lines, built.step) == (whole.hand_starts, whole.lines, whole.step)
    with pytest.raises(NotFinished):
        next(Review.in_steps({**record, "actions": record["actions"][:10]}))


@pytest.mark.parametrize("name,options", GAMES)
def test_a_file_of_a_game_in_play_reviews_its_finished_hands_only(name, options):
    """Issue #46: a file exported after hand 1 and opened for review showed, at the end of hand 1,
    "Move 55 of 56 · hand 2" with hand 1's last trick over hand 2's deal, every hand face up.  Now
    the review stops where the last finished hand ends, that step says its hand, and no card dealt
    for the hand in play is in the page."""
    record = finished_record(name, options)
    starts = Review(record).hand_starts
    cut = starts[1] + 5                  # five moves into hand 2
    unfinished = {**record, "actions": record["actions"][:cut]}
    with pytest.raises(NotFinished):
        Review({**record, "actions": record["actions"][:starts[1] - 1]}, finished_only="hands")
    r = Review(unfinished, finished_only="hands")
    assert r.last == starts[1]
    r.go(r.last)
    html = review_html(r, "Game")
    assert "hand 1" in html and "hand 2" not in html and "End of hand 1" in html
    hands_html = html[html.index('<div class="review-hands">'):]
    assert "data-card=" not in hands_html.split("</div></div>")[0]     # no hand holds a card
    shown = re.findall(r'data-card="(\w+)"', html)
    if name == "dummy-spades":       # the only cards: hand 1's last trick
        assert sorted(shown) == sorted(p["card"] for p in r.shown[r.step]["trick"]["plays"])
    else:                            # the floor of hand 1's end: no card of hand 2's floor or hands
        move = r.shown[r.step]
        assert set(shown) <= {move["card"], *move.get("taken", [])}
