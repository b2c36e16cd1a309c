"""The analysis in Review (``ui.screens.review_analysis``) in CPython: a tap at a decision opens
its position with the better move marked on the card and in words, the graph of the expected
hand result with its text alternative, *Try again*'s verdict from the kept values, its screen
drawn from the seat's view alone (hidden cards moved: the same screen), the analysis of a hand
made in Review in slices, and the words in French."""

from __future__ import annotations

import re
from html import unescape
from types import SimpleNamespace

import pytest

from cardtable.coach.analysis import analyse, try_verdict
from cardtable.record import replay
from cardtable.ui.screens.review import Review, review_html
from cardtable.ui.screens.review_analysis import ReviewAnalysis, better_card, graph_html, try_html
from cardtable.ui.table.analysis_panel import move_words
from cardtable.ui.text.i18n import use_language
from test_analysis import NIL_DEAL, NIL_TRICK, _swap, spades
from test_session import FakeTasks
from test_ui_render_words import badly_spaced

pytest.importorskip("cardtable.bots")

TAG = re.compile(r"<[^>]+>")


def finished(deal: dict = NIL_DEAL) -> dict:
    """The nil hand with p0's overtake (K♥ over the Q♥) played to its end by the first legal card."""
    g = replay(dict(spades(deal, NIL_TRICK + ["play KH"]), seed=1))
    while len(g.history) == 0:
        g.apply(g.legal_actions()[0])
    record = g.to_record()
    record["controllers"] = {"p0": "human", "p1": "casual", "p2": "casual"}
    return record


@pytest.fixture(scope="module")
def analysed() -> dict:
    record = finished()
    record["analyses"] = analyse(record, seats=["p0"], hands={0}, samples=8).entries()
    return record


def opened(record: dict, at=None):
    owner = SimpleNamespace(app=SimpleNamespace(tasks=FakeTasks(), render=lambda: None), review=None, review_id=None)
    owner.review = Review(record, finished_only="hands", controllers=record["controllers"])
    part = ReviewAnalysis(owner)
    part.opened(owner.review, at)
    return owner, part


def screen(owner, part) -> str:
    r = owner.review
    return review_html(r, "Dummy Spades", part.mark(r), part.html(r))


def test_a_tap_opens_the_decision_with_the_better_card_marked(analysed):
    owner, part = opened(analysed, at=6)
    assert owner.review.step == 6 and owner.review.actions[6] == "play KH"
    html = screen(owner, part)
    marked = re.findall(r'<[^>]*class="card[^"]*\bbetter\b[^"]*"[^>]*>', html)
    assert len(marked) == 1 and 'aria-label="Two of hearts, the better move" data-card="2H"' in marked[0]
    assert "data-keep-in-view" in marked[0] and html.count("data-keep-in-view") == 1   # (below a phone's fold)
    text = unescape(TAG.sub("", html))
    assert "Your decision here. Play K♥: blunder. Play 2♥ would have been about" in text
    # the decisions are buttons to their positions; the one shown is pressed; Try again on the blunder
    assert 'data-act="review:at:6"' in html and 'aria-pressed="true"' in html
    assert 'data-act="review:try:6"' in html
    # a step elsewhere: nothing marked
    owner.review.go(7)
    html = screen(owner, part)
    assert not re.findall(r'class="card[^"]*\bbetter\b', html) and "Your decision here" not in html


def test_the_graph_of_the_expected_result_has_a_text_alternative(analysed):
    entry = analysed["analyses"][0]
    values = [d["value"] for d in entry["decisions"]]
    html = graph_html(entry)
    assert html.count("<polyline") == 1 and html.count("<circle") == len(values)
    assert 'role="img"' in html and "<title" in html and "<desc" in html
    rows = re.findall(r"<tr><th scope=\"row\">(\d+)</th><td>([^<]*)</td></tr>", html)
    assert [int(r[0]) for r in rows] == list(range(1, len(values) + 1))
    assert any("\u2212" in r[1] for r in rows)        # the overtake: a broken nil, a minus sign
    assert graph_html({"decisions": []}) == ""


def test_try_again_says_whether_the_move_picked_is_as_good_as_the_best(analysed):
    blunder = next(d for d in analysed["analyses"][0]["decisions"] if d["played"] == "play KH")
    assert blunder["label"] == "blunder" and blunder["best"] in blunder["values"]
    assert try_verdict(blunder, blunder["best"]) == 0.0
    assert try_verdict(blunder, "play KH") == pytest.approx(blunder["lost"], abs=0.02)
    assert try_verdict(blunder, "play 9S") is None
    view = replay(dict(analysed, actions=analysed["actions"][:6])).view("p0", history=False)
    words = lambda a: move_words("dummy-spades", SimpleNamespace(name_of=str), a)   # noqa: E731
    picked_best = unescape(TAG.sub("", try_html(view, blunder, words, "play 2H")))
    assert "As good as the best move." in picked_best
    again = unescape(TAG.sub("", try_html(view, blunder, words, "play KH")))
    assert "Play 2♥ would have been about" in again
    fresh = try_html(view, blunder, words, None)
    assert fresh.count('data-act="review:pick:') == len(view["legal"])


def test_try_again_shows_the_position_from_the_seats_view_only(analysed):
    """p1 and p2 trade cards p0 cannot see: the Try again screen is the same, and no card of a
    hidden hand is on it."""
    blunder = next(d for d in analysed["analyses"][0]["decisions"] if d["played"] == "play KH")
    other = _swap(NIL_DEAL, "p2", "p1", "2S", "KC")
    words = lambda a: move_words("dummy-spades", SimpleNamespace(name_of=str), a)   # noqa: E731
    screens, hidden = [], set()
    for deal in (NIL_DEAL, other):
        g = replay(spades(deal, NIL_TRICK))
        screens.append(try_html(g.view("p0", history=False), blunder, words, "play 3H"))
        hidden |= set(g.view("p1", history=False)["hand"]) | set(g.view("p2", history=False)["hand"])
    assert screens[0] == screens[1]
    v = replay(spades(NIL_DEAL, NIL_TRICK)).view("p0", history=False)
    shown = set(re.findall(r'data-card="(\w+)"', screens[0]))
    played = {p["card"] for p in v["trick"]["plays"]}
    assert shown == set(v["hand"]) | set(v["dummy"]) | played
    assert not shown & (hidden - played)


def test_review_analyses_a_finished_hand_in_slices():
    record = finished()
    owner, part = opened(record)
    review = owner.review
    html = screen(owner, part)
    assert 'data-act="review:analyse"' in html
    part.act("analyse")
    tasks = owner.app.tasks
    slices = 0
    while tasks.run_one():
        slices += 1
    assert slices > 2 and part.entries
    assert part.entries == analyse(record, seats=["p0"], hands={0}).entries()
    html = screen(owner, part)
    assert "Accuracy this hand: " in unescape(html) and "<svg" in html
    assert review.step == 0


def test_the_words_in_french(analysed):
    owner, part = opened(analysed, at=6)
    blunder = next(d for d in analysed["analyses"][0]["decisions"] if d["played"] == "play KH")
    view = replay(dict(analysed, actions=analysed["actions"][:6])).view("p0", history=False)
    words = lambda a: move_words("dummy-spades", SimpleNamespace(name_of=str), a)   # noqa: E731
    use_language("fr")
    try:
        text = unescape(TAG.sub(" ", screen(owner, part) + try_html(view, blunder, words, "play KH")))
    finally:
        use_language("en")
    assert "Votre décision ici." in text and "Réessayer" in text
    assert not badly_spaced(text), badly_spaced(text)


def test_a_seep_decision_marked_and_tried_from_the_floor_as_the_seat_saw_it():
    from test_analysis import SWEEP_DEAL, SWEEP_PLAY, seep

    g = replay(seep(SWEEP_DEAL, SWEEP_PLAY + ["throw 5C"]))
    while g.view("p0")["hand_number"] == 1 and not g.over:
        g.apply(g.legal_actions()[0])
    record = g.to_record()
    record["controllers"] = {"p0": "casual", "p1": "human", "p2": "casual", "p3": "casual"}
    record["analyses"] = analyse(record, seats=["p1"], hands={1}, samples=6).entries()
    d = next(d for d in record["analyses"][0]["decisions"] if d["index"] == 2)
    assert d["played"] == "throw 5C" and d["label"] in ("mistake", "blunder")
    owner, part = opened(record, at=2)
    r = owner.review
    html = review_html(r, "Seep", part.mark(r), part.html(r))
    marked = re.findall(r'class="card[^"]*\bbetter\b[^"]*"[^>]*data-card="(\w+)"', html)
    assert marked == [better_card("seep", d["best"])] and better_card("seep", d["best"]) in r.views()["p1"]["hand"]
    view = replay(dict(record, actions=record["actions"][:2])).view("p1", history=False)
    words = lambda a: a   # noqa: E731
    tried = try_html(view, d, words, d["best"])
    floor = set(view["floor"]["loose"]) | {c for h in view["floor"]["houses"] for c in h["cards"]}
    assert set(re.findall(r'data-card="(\w+)"', tried)) == floor | set(view["hand"])
    assert "As good as the best move." in tried


def test_the_module_tour_runs():
    import doctest

    from cardtable.ui.screens import review_analysis
    assert doctest.testmod(review_analysis).failed == 0


def test_a_hands_first_decision_opens_review_at_that_hands_deal():
    """A bid that is a hand's first move: Review opens at the start of that hand (its cards as
    dealt), not at the end of the hand before, which the same step also is."""
    g = replay(dict(spades(NIL_DEAL, NIL_TRICK + ["play KH"]), seed=1))
    while len(g.history) < 2:
        g.apply(g.legal_actions()[0])
    record = g.to_record()
    start = next(i for i in range(len(record["actions"]))
                 if replay(dict(record, actions=record["actions"][:i])).hand_number == 1)
    first = replay(dict(record, actions=record["actions"][:start]))
    seat, bid = first.to_act, record["actions"][start]
    assert bid.startswith("bid ")
    record["controllers"] = {s: "human" if s == seat else "casual" for s in ("p0", "p1", "p2")}
    record["analyses"] = [{"seat": seat, "hand": 1, "samples": 4, "seed": 0, "accuracy": 100.0,
                           "decisions": [{"index": start, "played": bid, "best": bid, "lost": 0.0, "label": "best",
                                          "exact": False, "value": 1.0, "noise": 0.0}]}]
    owner, part = opened(record, at=start)
    r = owner.review
    assert r.step == start and r.hand_index() == 1 and not r.at_hand_end()
    text = unescape(TAG.sub(" ", screen(owner, part)))
    assert "hand 2" in text and "End of hand 1" not in text and "Your decision here." in text
    dealt = first.view(seat, history=False)["hand"]
    assert r.hands(r.views())[seat] == dealt and dealt
    # the same step reached by stepping is still the end of hand 1
    r.back()
    r.forward()
    assert r.at_hand_end() and r.hand_index() == 0
    assert "End of hand 1" in unescape(TAG.sub(" ", screen(owner, part)))


def _analysed_in_review(owner) -> list:
    part = ReviewAnalysis(owner)
    owner.review = Review(finished(), finished_only="hands", controllers={"p0": "human", "p1": "casual", "p2": "casual"})
    part.opened(owner.review)
    part.act("analyse")
    while owner.app.tasks.run_one():
        pass
    assert part.entries and part.entries[0]["seat"] == "p0"
    return part.entries


def test_an_analysis_made_in_review_is_saved_with_a_saved_game_and_its_file():
    from cardtable.record import parse_record
    from cardtable.session.game_session import stored_analyses
    from cardtable.stores.saves import DictStore, SaveStore

    saves = SaveStore(DictStore(), clock=lambda: 1_700_000_000.0)
    record = finished()
    saves.save("g9", record, record["controllers"], game=replay(record))
    app = SimpleNamespace(tasks=FakeTasks(), render=lambda: None, game=None, game_id=None, saves=saves)
    entries = _analysed_in_review(SimpleNamespace(app=app, review=None, review_id="g9"))
    raw = saves.raw("g9")
    assert stored_analyses(raw) == entries                  # saved: a new visit of the review has it
    kept = parse_record(raw)                                # still a record any reader opens
    assert kept["actions"] == record["actions"] and kept["analyses"] == entries
    assert saves.meta("g9")["game"] == "dummy-spades" and saves.controllers("g9") == record["controllers"]
    # a file opened for review (no saved game) is never saved
    lone = SimpleNamespace(tasks=FakeTasks(), render=lambda: None, game=None, game_id=None, saves=SaveStore(DictStore()))
    _analysed_in_review(SimpleNamespace(app=lone, review=None, review_id=None))
    assert lone.saves.keys() == []


def test_an_analysis_made_in_review_of_the_open_games_hands_goes_into_its_record():
    from test_analysis_panel import FakeApp

    app = FakeApp(finished(), {"p0": "human", "p1": "casual", "p2": "casual"})
    entries = _analysed_in_review(SimpleNamespace(app=app, review=None, review_id="g1"))
    assert app.session.analysis_of("p0", 0) == entries[0]
    assert app.session.record()["analyses"] == entries      # what is saved and exported
    assert '"analyses"' in app.store.raw("g1")
