"""The coach on the table (``cardtable.ui.table.coach``), rendered in CPython with a stand-in app:
which controls show when (Hint on the person's turn, Undo by the rules of ``coach.undo``, Play out
the rest only when forced), every hint reason in words, and the hints kept in the saved record.
"""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from cardtable.coach.hint import Hint, hint
from cardtable.games.dummy_spades import DummySpades
from cardtable.record import parse_record, replay
from cardtable.session import GameSession
from cardtable.ui.table import coach
from cardtable.ui.table.seep import Table as SeepTable
from cardtable.ui.table.spades import Table as SpadesTable


class Saves:
    def raw(self, game_id):
        return None


class TableScreenStandIn:
    """The table screen's part the coach reads: its ``Coach``."""

    def __init__(self):
        self.coach = coach.Coach()


class App:
    """What ``ui.coach`` reads of the app."""

    def __init__(self, game, table, controllers, viewer):
        self.game, self.table, self.controllers, self.viewer = game, table, controllers, viewer
        self.game_id = "g1"
        self.handoff_to = None
        self.dialog = None
        self.hold = None
        self.banner = self.error = ""
        self.log = []
        self.said = []
        self.saves = Saves()
        self.table_screen = TableScreenStandIn()

    def humans(self):
        return [s for s in self.table.seats if self.controllers.get(s) == "human"]


def saved_record(app) -> dict:
    """The record the host saves and exports (``GameSession.record``), with the coach's hints (in the
    app, the very dict of the session)."""
    return GameSession.record(SimpleNamespace(game=app.game, hints=coach.state(app).hints, analyses=[]))


def forced_game():
    ranks = "23456789TJQKA"
    hands = {h: [r + s for r in ranks] for h, s in (("p0", "S"), ("p1", "H"), ("p2", "D"), ("dummy", "C"))}
    return replay({"format": "cardtable/1", "game": "dummy-spades", "seed": 5,
                   "deals": [{"dealer": "p2", "hands": hands}], "actions": ["bid 13", "bid 0", "bid 0"]})


def acts(html: str) -> set:
    return {a for a in ("hint", "undo", "playout") if f'data-act="{a}"' in html}


def test_controls_against_computers():
    g = replay({"format": "cardtable/1", "game": "dummy-spades", "seed": 42,
                "actions": ["bid 4 nil p2", "bid 7", "bid 5", "play JH"]})
    app = App(g, SpadesTable(g), {"p0": "human", "p1": "casual", "p2": "casual"}, "p0")
    assert g.to_act == "p0"
    assert acts(coach.strip(app, g, "p0", my_turn=True)) == {"hint"}   # the bid was before the dummy showed
    g.apply(g.legal_actions()[0])
    app.game = g
    assert acts(coach.strip(app, g, "p0", my_turn=False)) == {"undo"}  # the card just played
    f = forced_game()
    app = App(f, SpadesTable(f), {"p0": "human", "p1": "casual", "p2": "casual"}, "p0")
    # (the bid may still be taken back: nothing new has come into view since)
    assert acts(coach.strip(app, f, "p0", my_turn=True)) == {"hint", "undo", "playout"}


def test_pass_and_play_undo_only_until_the_device_is_handed_on():
    g = DummySpades(seed=9)
    while not g.dummy_exposed:
        g.apply(g.legal_actions()[0])
    mover = g.to_act
    g.apply(g.legal_actions()[0])
    app = App(g, SpadesTable(g), {s: "human" for s in ("p0", "p1", "p2")}, mover)
    app.handoff_to = g.to_act                  # "Pass the device to …" is up
    assert coach.undo_target(app) == len(g.actions) - 1
    assert 'data-act="undo"' in coach.handoff_undo(app)
    app.viewer, app.handoff_to = g.to_act, None   # handed on
    assert coach.undo_target(app) is None and coach.handoff_undo(app) == ""


def test_every_reason_in_words():
    g = DummySpades(seed=1)
    view = g.view(g.to_act)
    table = SpadesTable(g)
    codes = ["bid", "bid_nil", "peek", "flip", "lead_nil", "lead_boss", "lead_trump", "lead_low", "lead",
             "duck_nil", "cover_nil", "win_lowest", "ruff", "win", "partner_wins", "discard", "duck"]
    for code in codes:
        values = {"tricks": 3, "hands": ["p1"], "slots": [1, 2], "card": "QH", "hand": "dummy", "winning": "AH"}
        action = {"bid": "bid 3", "bid_nil": "bid 3 nil p1", "peek": "peek 1 2", "flip": "flip 1 2"}.get(code, "play QH")
        move, why = coach.hint_words(Hint(action, code, values), view, table)
        assert move.startswith("Hint: ") and why.endswith(".") and len(move + why) < 110, code
    from cardtable.games.seep import Seep
    s = Seep.new(seed=31)
    sview, stable = s.view(s.to_act), SeepTable(s)
    for code, action, values in [("bid", "bid 11", {"value": 11}), ("redeal", "redeal", {}),
                                 ("sweep", "capture JH 2D 4C 5H", {"points": 1}),
                                 ("capture", "capture JH 2D 4C 5H", {"points": 4, "cards": 4, "keeps": 12}),
                                 ("build", "build 11 6H 5H", {"value": 11}), ("cement", "cement 11 6H", {"value": 11}),
                                 ("raise", "raise 11 2H", {"value": 13}), ("throw", "throw JH", {"card": "JH"})]:
        move, why = coach.hint_words(Hint(action, code, values), sview, stable)
        assert move.startswith("Hint: ") and why.endswith("."), code
    assert coach.hint_words(Hint("capture JH 2D", "sweep", {"points": 1}), sview, stable)[1] == \
        "Sweeps the floor and takes 1 point."


def test_the_hint_is_marked_and_counted_in_the_saved_record():
    g = replay({"format": "cardtable/1", "game": "dummy-spades", "seed": 42,
                "actions": ["bid 4 nil p2", "bid 7", "bid 5", "play JH"]})
    table = SpadesTable(g)
    app = App(g, table, {"p0": "human", "p1": "casual", "p2": "casual"}, "p0")
    app.autosave = lambda: None
    app.render = lambda: None
    h = hint(g.view("p0"))
    coach.show_hint(app, coach._key(g) + ("p0",), h)
    html = table.render(g, "p0", app)
    marked = re.findall(r'<button[^>]*class="[^"]*\bhinted\b[^"]*"[^>]*data-card="([^"]+)"', html)
    assert h.action.startswith("play ") and marked == [h.action.split()[1]]
    assert "hint-line" in html and 'data-act="hint"' not in html
    rec = saved_record(app)
    assert rec["hints"] == {"p0": [4]}
    assert parse_record(rec)["hints"] == {"p0": [4]}
    assert replay(rec).to_record() == g.to_record()   # replay ignores the field


def test_an_imported_files_hints_are_kept_in_the_new_save():
    g = replay({"format": "cardtable/1", "game": "dummy-spades", "seed": 42,
                "actions": ["bid 4 nil p2", "bid 7", "bid 5", "play JH"]})
    app = App(g, SpadesTable(g), {"p0": "human", "p1": "casual", "p2": "casual"}, "p0")
    # as read from a friend's file: one good entry, and entries this game cannot hold are dropped
    coach.adopt_hints(app, {"p0": [1, 3, "x", -2, True], "p9": [2], "p1": "many"})
    assert saved_record(app)["hints"] == {"p0": [1, 3]}
    assert len(coach.state(app).hints["p0"]) == 2
    coach.adopt_hints(app, ["not", "a", "dict"])
    assert "hints" not in saved_record(app)


def test_undo_in_a_lesson_part_never_goes_back_before_the_part_opened():
    """Seep for two opens on first-half moves the lesson played for the newcomer: Undo never takes
    those back (the session's script sets the floor; within the part, the second half's deal is
    itself a point Undo does not go back over)."""
    from types import SimpleNamespace

    from cardtable.lessons import lessons
    from cardtable.lessons.run import LessonRun
    from cardtable.ui.screens.lesson import Script

    two = lessons()["seep-two"]
    run = LessonRun(two)
    game = run.game
    assert game.action_count == run.first == 23
    app = App(game, SeepTable(game), {"p0": "human", "p1": "casual"}, "p0")
    app.session = SimpleNamespace(script=None)
    assert coach.undo_target(app) is not None          # outside a lesson: back into the first half
    app.table_screen = TableScreenStandIn()
    app.session.script = Script(two, run)
    assert app.session.script.undo_floor() == 23
    assert coach.undo_target(app) is None              # the part has just opened: nothing of yours to take back


def test_an_11_house_takes_an_and_the_sentences_of_a_seat_agree_with_you_in_both_languages():
    """Issue #46: "Builds a 11-house"; « Vous a repris un coup » (a sentence built with the name
    "Vous"); the undo and play-out notes, the trick's caption and the redeal agree with "you"."""
    from cardtable.ui.text.i18n import use_language

    from cardtable.games.seep import Seep
    s = Seep.new(seed=31)
    why = coach.hint_words(Hint("build 11 6H 5H", "build", {"value": 11}), s.view(s.to_act), SeepTable(s))[1]
    assert why == "Builds an 11-house for you to take later."
    g = DummySpades(seed=9)
    while not g.dummy_exposed:
        g.apply(g.legal_actions()[0])
    notes = []

    class Session:
        script = None

        def changed_elsewhere(self):
            return False

        def undo(self, keep, note, behind, seat=None):
            notes.append(note)
            return True

        def play_out(self, note):
            notes.append(note.text if hasattr(note, "text") else str(note))

    for lang, yours, theirs in [("en", "You took back {card}.", "Ana took back {card}."),
                                ("fr", "Vous avez repris {card}.", "Ana a repris {card}.")]:
        use_language(lang)
        try:
            for you, expected in (("p0", yours), (None, theirs)):
                g2 = replay(g.to_record())
                table = SpadesTable(g2)
                table.names = {"p0": "Ana" if you is None else _you(), "p1": "Ben", "p2": "Chloé"}
                table.you = you
                app = App(g2, table, {"p0": "human", "p1": "casual", "p2": "casual"}, "p0")
                app.session, app.cancel_arm, app.advance = Session(), lambda: None, lambda: None
                while g2.to_act != "p0":
                    g2.apply(g2.legal_actions()[0])
                g2.apply(g2.legal_actions()[0])
                played = g2.actions[-1].split()[1]   # (a card: "play 4H")
                notes.clear()
                coach.undo(app)
                assert notes == [expected.format(card=played[:-1] + "♠♥♦♣"["SHDC".index(played[-1])])]
        finally:
            use_language("en")


@pytest.fixture(params=["en", "fr"])
def lang(request):
    from cardtable.ui.text.i18n import use_language
    use_language(request.param)
    yield request.param
    use_language("en")


def _you() -> str:
    from cardtable.ui.text.i18n import _
    return _("You")


def test_every_sentence_with_a_seat_as_subject_agrees_with_you(lang):
    """The builder (``i18n.of_seat``) words a sentence in the second person for the one person
    against computers, in both languages: never « Vous a », « Vous entame », "You has"."""
    from cardtable.ui.text.i18n import N_, _, of_seat
    table = SpadesTable(DummySpades(seed=1))
    table.you, table.names = "p0", {"p0": _you(), "p1": "Ben", "p2": "Chloé"}
    for theirs, yours in [(N_("{name} took back a move."), N_("You took back a move.")),
                          (N_("{name} played out the rest of the hand."), N_("You played out the rest of the hand.")),
                          (N_("{name} to lead"), N_("Your lead")),
                          (N_("{name} wins the trick."), N_("You win the trick.")),
                          (N_("{name} had no card of 9 or more; these were thrown in and the cards dealt again:"),
                           N_("You had no card of 9 or more; these were thrown in and the cards dealt again:"))]:
        mine, ben = of_seat(table, "p0", theirs, yours), of_seat(table, "p1", theirs, yours)
        assert "Ben" in ben and _you() not in ben
        assert not re.search(r"\b(Vous (a|est|entame|remporte|n'avait)|You (has|is|wins))\b", mine), mine
        assert mine == _(yours)
