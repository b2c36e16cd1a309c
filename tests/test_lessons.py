"""The guided hands (issue #30) played through the engine in CPython: every scripted move is legal
and written as the engine writes it, every step's expected action is the script's and legal at its
point, each lesson covers the ideas the issue lists, and a run follows, explains and takes back.
The rule that places the tip (web/lesson.js's ``spot``, run in Node) is checked against the plain
rule written here."""

import json
import math
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from cardtable.lessons import lessons
from cardtable.lessons.run import LessonRun

# the Seep lesson's two parts: four players, then two for the second half (Dummy Spades' lessons:
# tests/test_lessons_spades.py)
LESSONS = {name: lessons()[name] for name in ("seep", "seep-two")}
# the ideas issue #30 lists for each game (a lesson and the parts that follow it, ``then``)
ISSUE_IDEAS = {"seep": {"bid", "first play", "capture", "build", "raise", "cement", "keep the card", "sweep",
                        "rest of the deal", "second half", "count", "spades", "aces", "ten of diamonds", "majority"}}
ENDS_THE_HAND = {"seep"}   # the second part stops in the second half (its count is the first part's)


def parts(name):
    """A lesson and the parts that follow it."""
    out = [LESSONS[name]]
    while out[-1].then:
        out.append(lessons()[out[-1].then])
    return out


@pytest.mark.parametrize("name", sorted(LESSONS))
def test_script_is_legal_and_canonical_to_the_end(name):
    lesson = LESSONS[name]
    game = LessonRun(lesson).fresh(0)
    for i, action in enumerate(lesson.script):
        assert action in game.legal_actions(), (i, action)
        assert game.apply(action) == action, f"action {i} is not written as the engine writes it"
    if name in ENDS_THE_HAND:
        assert game.to_act is None or game.over or game.hands_completed >= 1
        assert game.hands_completed == 1


@pytest.mark.parametrize("name", sorted(LESSONS))
def test_steps_expect_the_script_at_the_newcomers_turns(name):
    lesson = LESSONS[name]
    ats = [s.at for s in lesson.steps]
    assert ats == sorted(ats)
    expected = {s.at: s.expect for s in lesson.steps if s.expect}
    game = LessonRun(lesson).fresh(0)
    first = lesson.steps[0].at   # a later part opens mid-hand: the script before its first step is played for it
    for i, action in enumerate(lesson.script):
        if game.to_act == lesson.seat and i >= first:
            assert expected.get(i) == action, f"the newcomer's move {i} ({action}) has no step"
            assert action in game.legal_actions()
        else:
            assert i not in expected
        game.apply(action)
    reads = [s for s in lesson.steps if s.expect is None]
    assert lesson.steps[-1].expect is None and lesson.steps[-1].at == len(lesson.script)
    assert all(0 <= s.at <= len(lesson.script) for s in reads)


@pytest.mark.parametrize("name", sorted(ISSUE_IDEAS))
def test_lesson_covers_the_issues_ideas(name):
    shown = {idea for lesson in parts(name) for s in lesson.steps for idea in s.ideas}
    assert ISSUE_IDEAS[name] <= shown, ISSUE_IDEAS[name] - shown
    for lesson in parts(name):
        assert set(lesson.ideas) >= {idea for s in lesson.steps for idea in s.ideas}


@pytest.mark.parametrize("name", sorted(LESSONS))
def test_run_plays_the_lesson_to_its_end(name):
    run = LessonRun(LESSONS[name])
    seen = 0
    while not run.done:
        if run.waiting_for_computer():
            run.game.apply(run.computer_action())
        elif run.step.expect is None:
            assert run.next()
        else:
            assert run.game.to_act == run.lesson.seat
            run.game.apply(run.step.expect)
            assert run.moved() == "expected"
        seen += 1
        assert seen < 1000
    if name in ENDS_THE_HAND:
        assert run.game.over and run.game.winner is not None


def test_other_legal_move_is_explained_then_taken_back():
    run = LessonRun(LESSONS["seep"])
    run.next()
    run.game.apply("bid 12")
    assert run.moved() == "expected"
    other = next(a for a in run.game.legal_actions() if a != run.step.expect)
    run.game.apply(other)
    assert run.off_script() and run.moved() == "other" and run.computer_action() is None
    run.take_back()
    assert not run.off_script() and run.showing() and run.game.action_count == run.step.at


def test_illegal_move_gets_the_engines_reason_and_changes_nothing():
    from cardtable.game import IllegalAction
    run = LessonRun(LESSONS["seep"])
    run.next()
    with pytest.raises(IllegalAction) as err:
        run.game.apply("throw 5D")
    assert "bid" in str(err.value)
    assert run.game.action_count == 0


@pytest.mark.parametrize("name", sorted(LESSONS))
def test_leave_and_resume_at_any_step(name):
    lesson = LESSONS[name]
    run = LessonRun(lesson)
    saved = []
    while not run.done:
        saved.append(run.progress())
        if run.waiting_for_computer():
            run.game.apply(run.computer_action())
        elif run.step.expect is None:
            run.next()
        else:
            run.game.apply(run.step.expect)
            run.moved()
    for p in saved[::7] + saved[-1:]:
        again = LessonRun(lesson)
        assert again.resume(p)
        assert again.progress() == p
    for bad in ({}, {"step": "x", "actions": 0}, {"step": 3, "actions": 999}, {"step": -1, "actions": 0}, None):
        assert not LessonRun(lesson).resume(bad)


def test_steps_are_short():
    for lesson in LESSONS.values():
        for s in lesson.steps:
            assert len(re.findall(r"\w+", s.text)) <= 45, s.text


MARGIN, GAP = 8, 10   # web/lesson.js's
LESSON_JS = (Path(__file__).resolve().parent.parent / "web" / "lesson.js").as_uri()
needs_node = pytest.mark.skipif(shutil.which("node") is None, reason="needs node (make test installs the npm packages with it)")


def spots(*cases):
    """web/lesson.js's ``spot`` (the tip's place) for each case ``(vw, vh, w, h, target, keep, tap)``,
    run in Node: (cost, (left, top)) each."""
    code = ("globalThis.document = {};"   # (all of a page the script reaches as it loads)
            f" const {{ spot }} = await import({json.dumps(LESSON_JS)}); let s = ''; process.stdin.on('data', (d) => s += d);"
            " process.stdin.on('end', () => console.log(JSON.stringify(JSON.parse(s).map((c) => spot(...c)))));")
    run = subprocess.run(["node", "--input-type=module", "-e", code], input=json.dumps(cases), capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    return [(cost, tuple(at)) for cost, at in json.loads(run.stdout)]


def _overlap(a, b):
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _apart(a, b):
    dx = max(a[0] - b[2], b[0] - a[2], 0.0)
    dy = max(a[1] - b[3], b[1] - a[3], 0.0)
    return math.sqrt(dx * dx + dy * dy)


@needs_node
def test_tip_place_is_beside_its_target_inside_the_viewport():
    hand = ((10, 640, 350, 730), 3.0)
    sizes = ((360, 740, (180, 650, 230, 720)), (360, 740, (20, 200, 120, 260)),
             (740, 360, (180, 144, 409, 205)), (740, 360, (600, 290, 650, 350)))
    # (the last: a tap just made; the tip keeps 50 px away from its point)
    *found, (_cost, (tx, ty)) = spots(*((vw, vh, 300, 120, target, [hand], None) for vw, vh, target in sizes),
                                      (360, 740, 300, 120, (180, 650, 230, 720), [], (200, 520)))
    for (vw, vh, target), (cost, (x, y)) in zip(sizes, found):
        box = (x, y, x + 300, y + 120)
        assert cost < 1e9 and _overlap(box, target) == 0
        assert MARGIN <= x and x + 300 <= vw - MARGIN + 0.01 and MARGIN <= y and y + 120 <= vh - MARGIN + 0.01
    assert not (tx - 50 <= 200 <= tx + 350 and ty - 50 <= 520 <= ty + 170)


@needs_node
def test_the_tip_place_is_the_one_weighing_every_place_against_every_box_gives():
    """web/lesson.js's ``spot`` gives the place and cost of the plain rule written here (every place,
    every box; the first of equals), on 150 random layouts of up to 45 boxes at four sizes, with and
    without a tap."""
    import random

    def plain(vw, vh, w, h, target, keep, tap):
        l, t, r, b = target
        hi_x, hi_y = max(MARGIN, vw - w - MARGIN), max(MARGIN, vh - h - MARGIN)
        clamp = lambda v, hi: min(max(MARGIN, v), hi)   # noqa: E731
        xs = {clamp((l + r) / 2 - w / 2, hi_x), MARGIN, hi_x, clamp(r + GAP, hi_x), clamp(l - GAP - w, hi_x)}
        ys = {clamp(b + GAP, hi_y), clamp(t - GAP - h, hi_y), clamp((t + b) / 2 - h / 2, hi_y)}
        ys.update(MARGIN + 8.0 * k for k in range(int((hi_y - MARGIN) / 8) + 1))
        places = []
        for x in sorted(xs):
            for y in sorted(ys):
                box = (x, y, x + w, y + h)
                cost = 1e9 * _overlap(box, (l - 6, t - 6, r + 6, b + 6)) + 4.0 * _apart(box, target)
                for rect, weight in keep:
                    cost += weight * _overlap(box, rect)
                if tap is not None and _apart(box, (*tap, *tap)) < 50:
                    cost += 1e7
                places.append((cost, (x, y)))
        return min(places, key=lambda p: p[0])   # (the first of equals)

    rnd = random.Random(7)
    cases = []
    for _ in range(150):
        vw, vh = rnd.choice([(360, 740), (740, 360), (320, 640), (1280, 800)])
        w, h = min(rnd.choice([230, 300, 340, 440, 720]), vw - 2 * MARGIN), rnd.uniform(60, 260)
        tl, tt = rnd.uniform(0, vw - 60), rnd.uniform(0, vh - 60)
        target = (tl, tt, tl + rnd.uniform(20, 120), tt + rnd.uniform(20, 80))
        keep = []
        for _ in range(rnd.randint(0, 45)):
            bl, bt = rnd.uniform(-20, vw), rnd.uniform(-20, vh)
            keep.append(((bl, bt, bl + rnd.uniform(0, 300), bt + rnd.uniform(0, 80)), rnd.choice([1e6, 3.0, 1.0, 0.3])))
        tap = (rnd.uniform(0, vw), rnd.uniform(0, vh)) if rnd.random() < 0.3 else None
        cases.append((vw, vh, w, h, target, keep, tap))
    assert spots(*cases) == [plain(*case) for case in cases]


def test_the_count_is_explained_line_by_line_and_adds_up_to_the_engines_score():
    """One step per line of the count the lesson shows, in its order, each pointing at its line; the
    lines add up to the engine's score of the hand, and the steps' words match the figures."""
    from cardtable.lessons.seep_count import LINES, count_lines
    from cardtable.ui.screens.lesson_seep import reading
    lesson = LESSONS["seep"]
    game = LessonRun(lesson).fresh(len(lesson.script))
    entry = game.history[0]
    lines = count_lines(game.to_record())
    for side in game.sides:
        card_points = sum(lines[x][side] for x in ("spades", "aces", "ten", "majority"))
        assert card_points == entry["points"][side]
        assert card_points + lines["sweeps"][side] == lines["total"][side] == entry["score"][side]
    assert sum(lines["spades"].values()) == 91 and sum(lines["aces"].values()) == 3
    counted = [s for s in lesson.steps if s.point.startswith("count:")]
    assert [s.point[6:] for s in counted] == list(LINES)
    assert all(reading(s.point) == f'[data-count="{s.point[6:]}"]' for s in counted)
    assert reading("hand") == ""
    # what the steps say of this hand: the 10♦ went to Ben and Dev, your team took 37 cards, one sweep each
    assert lines["ten"] == {"p0p2": 0, "p1p3": 2} and "Ben and Dev took it" in counted[2].text
    assert entry["cards"]["p0p2"] == 37 and "Yours took 37" in counted[3].text
    assert [len(entry["sweeps"][s]) for s in game.sides] == [1, 1] and "one for each team" in counted[4].text
    assert entry["score"]["p0p2"] > 100 and "passed 100" in counted[5].text


def test_the_second_part_shows_the_second_half_of_a_two_player_hand():
    """Seep for two opens at the newcomer's last card of the first half: it must take his own house
    (no house is carried over); then 12 more cards each, the floor as it was, and the newcomer plays."""
    lesson = LESSONS["seep-two"]
    assert LESSONS["seep"].then == "seep-two" and lesson.record["options"]["seats"] == 2
    run = LessonRun(lesson)
    game = run.game
    assert game.action_count == run.first == lesson.steps[0].at and run.showing()
    assert game.hand("p0") == ["9S"] and game.legal_actions() == [lesson.steps[0].expect]
    assert [h["owners"] for h in game.floor()["houses"]] == [["p0"]]
    game.apply(lesson.steps[0].expect)
    assert run.moved() == "expected"
    left = list(game.floor()["loose"])
    game.apply(run.computer_action())
    assert run.showing() and run.step.ideas == ("second half",)
    assert len(game.hand("p0")) == 12 and set(left) <= set(game.floor()["loose"]) and not game.floor()["houses"]
    assert run.step.expect in game.legal_actions()


def test_step_counts_run_on_over_a_lessons_parts():
    """Issue #46: the step counter restarted per part ("Step 35 of 35", then "Step 1 of 3")."""
    from cardtable.lessons import lessons, step_numbers
    every = lessons()
    assert step_numbers("dummy-spades") == (0, 40)
    assert step_numbers("dummy-spades-peek") == (35, 40) and step_numbers("dummy-spades-flip") == (38, 40)
    assert step_numbers("seep-two") == (len(every["seep"].steps), len(every["seep"].steps) + len(every["seep-two"].steps))


@needs_node
def test_the_tip_keeps_off_cards_and_the_status_line_when_a_place_allows():
    """The placement rule (#46): a card or the status line weighs a million times a button, so the
    tip goes over seat chips and buttons, far from its target if it must, rather than over a card."""
    from cardtable.ui.screens.lesson import CARDS
    target = (300, 400, 344, 462)                     # a card at the right of the hand
    hand = [((x, 400, x + 44, 462), CARDS) for x in range(10, 300, 48)]
    status = ((8, 300, 352, 330), CARDS)
    chips = ((8, 60, 352, 120), 0.3)
    [(cost, (x, y))] = spots((360, 740, 340, 120, target, [*hand, status, chips], None))
    tip = (x, y, x + 340, y + 120)
    assert cost < 1e6 and not any(_overlap(tip, r) for r, _w in [*hand, status])
