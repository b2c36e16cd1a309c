"""*Analyse my play* (``ui.table.analysis_panel``) in CPython: the analysis runs in tasks through the
session (a fake clock), is kept in the game's record (``analyses``, an extension of the format),
and its panel says each costly decision, its label and the better move, in English and French."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest

from cardtable.game import RecordError
from cardtable.record import new_game, parse_record, replay
from cardtable.session import GameSession, stored_analyses
from cardtable.stores.saves import DictStore, SaveStore
from cardtable.ui.table import analysis_panel as panel
from cardtable.ui.table.spades import Table as SpadesTable
from cardtable.ui.text.i18n import use_language
from test_analysis import NIL_DEAL, NIL_TRICK, spades
from test_session import FakeTasks
from test_ui_render_words import badly_spaced


class FakeApp:
    """What the panel reads of the app: the session's game, seats and tasks, and a render."""

    def __init__(self, record: dict, controllers: dict):
        self.tasks = FakeTasks()
        self.store = SaveStore(DictStore(), clock=lambda: 1_700_000_000.0)
        self.session = GameSession(self.tasks, self.store, {"handoff": False, "speed": "fast"})
        self.game = replay(record)
        self.table = SpadesTable(self.game)
        self.session.open(self.game, "g1", self.table, controllers, log=[])
        self.controllers = self.session.controllers
        self.game_id = "g1"
        self.renders = 0

    def render(self):
        self.renders += 1

    def humans(self):
        return [s for s in self.table.seats if self.controllers.get(s) == "human"]


def finished_nil_hand() -> dict:
    """The nil hand of test_analysis with p0's overtake, played to its end by the first legal card."""
    g = replay(dict(spades(NIL_DEAL, NIL_TRICK + ["play KH"]), seed=1))   # the next hand from the seed
    while len(g.history) == 0:
        g.apply(g.legal_actions()[0])
    return g.to_record()


PEOPLE_VS_COMPUTER = {"p0": "human", "p1": "casual", "p2": "casual"}


def test_the_analysis_runs_in_tasks_is_kept_in_the_record_and_listed():
    app = FakeApp(finished_nil_hand(), PEOPLE_VS_COMPUTER)
    state = panel.AnalysisState()
    words = lambda a: panel.move_words("dummy-spades", app.table, a)   # noqa: E731
    assert 'data-act="analyse:start"' in panel.html(app, state, words)
    panel.act(app, state, "start")
    assert state.key == ("g1", "p0", 0)
    slices = 0
    while app.tasks.run_one():
        slices += 1
        if state.key is not None:
            assert 'aria-busy="true"' in panel.html(app, state, words)
    assert slices > 1 and state.key is None           # several tasks, then done
    kept = app.session.analysis_of("p0", 0)
    assert kept and kept["seat"] == "p0" and any(d["label"] == "blunder" for d in kept["decisions"])
    saved = parse_record(app.store.raw("g1"))
    assert saved["analyses"] == [kept]                # saved with the game
    assert stored_analyses(app.store.raw("g1")) == [kept]
    shown = panel.html(app, state, words)
    assert "Accuracy this hand: " in shown and "blunder" in shown
    assert "<b>Play K♥: blunder.</b>" in shown and "Play 2♥ would have been about" in shown
    assert 'data-act="review:at:6"' in shown             # a tap opens Review at that decision


def test_stop_ends_the_analysis_and_offers_it_again():
    app = FakeApp(finished_nil_hand(), PEOPLE_VS_COMPUTER)
    state = panel.AnalysisState()
    panel.act(app, state, "start")
    app.tasks.run_one()
    panel.act(app, state, "stop")
    while app.tasks.run_one():
        pass
    assert app.session.analysis_of("p0", 0) is None
    assert 'data-act="analyse:start"' in panel.html(app, state, lambda a: a)


def test_not_offered_on_a_guests_device_nor_at_a_table_across_devices():
    # (pass-and-play: test_pass_and_play_each_person_sees_only_their_own_analysis_after_the_hand_off)
    # not on the host of a table across devices (a person plays on another device)
    app = FakeApp(finished_nil_hand(), {"p0": "human", "p1": "remote", "p2": "casual"})
    assert panel.html(app, panel.AnalysisState(), lambda a: a) == ""

    class Guest:    # a guest's stand-in for the game (session.remote.ViewGame) says so
        remote = True
    app = FakeApp(finished_nil_hand(), PEOPLE_VS_COMPUTER)
    app.game = Guest()
    assert panel.html(app, panel.AnalysisState(), lambda a: a) == ""


ENTRY = {"seat": "p0", "hand": 0, "samples": 24, "seed": 0, "accuracy": 41.3, "decisions": [
    {"index": 2, "played": "bid 0 nil p0", "best": "bid 0 nil p0", "lost": 0.0, "label": "best", "exact": False},
    {"index": 6, "played": "play KH", "best": "play 2H", "lost": 196.9, "label": "blunder", "exact": False},
]}


def test_the_panel_in_french():
    game = new_game(spades(NIL_DEAL, []))
    table = SpadesTable(game)
    use_language("fr")
    try:
        html = panel.panel_html(ENTRY, lambda a: panel.move_words("dummy-spades", table, a))
        busy = panel.progress_html(3, 21)
    finally:
        use_language("en")
    assert "Précision de cette donne\u202f: 41\u00a0%" in html
    assert "gaffe" in html and "Jouer 2♥ aurait rapporté environ 197\u00a0points de plus." in html
    assert "1\u00a0décision aussi bonne" in html
    assert "Analyse de vos décisions… 3 sur 21" in busy and 'value="3"' in busy and 'max="21"' in busy
    assert not badly_spaced(unescape(re.sub(r"<[^>]+>", " ", html)))   # (the text: acts have colons)


def test_the_record_keeps_the_analyses_field_and_checks_its_shape():
    record = dict(spades(NIL_DEAL, NIL_TRICK), analyses=[ENTRY])
    assert parse_record(json.dumps(record))["analyses"] == [ENTRY]
    assert replay(record).to_record()["actions"] == NIL_TRICK     # replay ignores it
    for bad in ({"seat": "p0"}, [{"seat": "p0", "hand": "0", "decisions": []}], [{"seat": 1, "hand": 0, "decisions": []}]):
        with pytest.raises(RecordError, match='"analyses" must be a list of analyses'):
            parse_record(dict(record, analyses=bad))


def test_an_imported_files_analyses_go_on_with_the_game():
    app = FakeApp(finished_nil_hand(), PEOPLE_VS_COMPUTER)
    app.session.adopt_analyses([ENTRY, {"seat": "p1"}, "not an analysis"])
    assert app.session.analysis_of("p0", 0) == ENTRY
    assert app.session.record()["analyses"] == [ENTRY]
    app.session.adopt_analyses({"p0": ENTRY})          # not a list: nothing kept
    assert "analyses" not in app.session.record()


def run_all(app) -> None:
    while app.tasks.run_one():
        pass


def test_pass_and_play_each_person_sees_only_their_own_analysis_after_the_hand_off():
    app = FakeApp(finished_nil_hand(), {"p0": "human", "p1": "human", "p2": "casual"})
    state = panel.AnalysisState()
    words = lambda a: panel.move_words("dummy-spades", app.table, a)   # noqa: E731
    shown = panel.html(app, state, words)
    assert 'data-act="analyse:for:p0"' in shown and 'data-act="analyse:for:p1"' in shown
    assert 'analyse:start' not in shown and "verdict" not in shown
    panel.act(app, state, "start")            # no person is asked for yet: nothing runs
    assert state.key is None and not app.tasks.queue
    panel.act(app, state, "for:p0")
    handoff = unescape(panel.html(app, state, words))
    name = app.table.name_of("p0")
    assert f"Pass the device to {name}" in handoff and 'data-act="analyse:ready"' in handoff
    assert "verdict" not in handoff and "♥" not in handoff and "analyse:start" not in handoff
    panel.act(app, state, "ready")             # p0 holds the device: p0's analysis runs
    run_all(app)
    mine = unescape(panel.html(app, state, words))
    assert "<b>Play K♥: blunder.</b>" in mine and 'data-act="analyse:done"' in mine
    assert "review:at:" not in mine           # Review shows every hand: not from a shared device
    assert app.session.analysis_of("p0", 0) and app.session.analysis_of("p1", 0) is None
    panel.act(app, state, "done")
    after = panel.html(app, state, words)
    assert "Play K" not in unescape(after) and 'data-act="analyse:for:p1"' in after
    panel.act(app, state, "for:p1")
    panel.act(app, state, "ready")
    run_all(app)
    theirs = unescape(panel.html(app, state, words))
    assert "Play K♥" not in theirs and 'data-act="analyse:done"' in theirs   # p1's own, not p0's
    assert app.session.analysis_of("p1", 0) is not None
    # the next hand's summary asks again: the person asked for before holds nothing now
    state.seat = ("p1", ("g1", -1))
    assert 'data-act="analyse:for:p0"' in panel.html(app, state, words)
