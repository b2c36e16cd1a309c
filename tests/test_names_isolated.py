"""Names are isolated (issue 24): wherever a screen shows a player's name, the name is inside a
``<bdi>`` once the app has drawn it (``markup.isolate_names``), so no name -- right-to-left
letters, or an override (U+202E) from an old save -- can reorder the text around it.

Every screen is drawn with a marker name holding U+202E and each place its text shows the
marker is checked to be inside a ``<bdi>`` (SVG text and tooltips: between the isolate
characters, which do the same job there).  The form and imports drop bidi controls."""

from __future__ import annotations

import random
from html.parser import HTMLParser

import pytest

from cardtable.record import new_game
from cardtable.ui.screens import stats as stats_screen
from cardtable.ui.screens.home import home_html, save_row
from cardtable.ui.text.markup import FSI, PDI, clean_name, isolate_names, kept_name
from cardtable.ui.screens.review import Review, review_html
from cardtable.stores.saves import DictStore, SaveStore
from cardtable.ui.table.seep import Table as SeepTable
from cardtable.ui.table.spades import Table as SpadesTable
from conftest import FakeApp

MARK = "Zed\u202eQX"          # an unclosed right-to-left override, as in the issue
VOID = {"br", "img", "input", "meta", "link", "hr", "source", "wbr", "col", "area", "base", "embed", "track", "use",
        "path", "line", "circle", "rect", "polyline", "stop"}


class Checker(HTMLParser):
    """Walks drawn HTML; every text piece that shows the marker must be inside a <bdi>, or
    between FSI and PDI where no element can go (SVG, option, attributes)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.seen = 0
        self.bad: list[str] = []

    def handle_starttag(self, tag, attrs):
        for k, v in attrs:
            if v and "QX" in v and k == "title":
                self.check_marks(v, f"@{k}")
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        pass

    def handle_endtag(self, tag):
        if tag in self.stack:
            while self.stack and self.stack.pop() != tag:
                pass

    def handle_data(self, data):
        if "QX" not in data:
            return
        self.seen += data.count("QX")
        if "bdi" in self.stack:
            return
        if {"svg", "option", "title"} & set(self.stack):
            self.check_marks(data, "/".join(self.stack[-3:]))
        else:
            self.bad.append(f"{'/'.join(self.stack[-3:])}: {data[:80]!r}")

    def check_marks(self, text, where):
        start = 0
        while (i := text.find("QX", start)) >= 0:
            before, after = text[:i], text[i:]
            if before.rfind(FSI) <= before.rfind(PDI) or PDI not in after:
                self.bad.append(f"{where}: {text[:80]!r}")
            start = i + 2


def check(html: str) -> int:
    c = Checker()
    c.feed(isolate_names(html))
    assert not c.bad, c.bad[:5]
    return c.seen


def players(n):
    return [MARK, "Ben", "Chloé", "Dev"][:n]


def play(game, rng, steps):
    for _ in range(steps):
        if game.over:
            return
        game.apply(rng.choice(game.legal_actions()))


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["no-peeky", "flip-2"])
def test_every_spades_screen_shows_names_only_isolated(variant):
    game = new_game({"format": "cardtable/1", "game": "dummy-spades", "seed": 4, "options": {"variant": variant},
                     "players": players(3)})
    table = SpadesTable(game)
    app = FakeApp(table.seats)
    rng = random.Random(1)
    seen = 0
    while not game.over and len(game.actions) < 160:
        actor = game.to_act
        before = game.view(actor)
        canonical = game.apply(rng.choice(game.legal_actions()))
        app.log.append(table.describe(canonical, actor, before, game.view(actor), game))
        for seat in table.seats:
            for panel in (None, "sheet", "log", "last"):
                table.panel = panel
                seen += check(table.render(game, seat, app))
        table.panel = None
        if table.hand_entries(game):
            seen += check(table.hand_summary_html(game, table.hand_entries(game)[-1]))
    assert seen > 500


@pytest.mark.parametrize("seats", [4, 2])
def test_every_seep_screen_shows_names_only_isolated(seats):
    game = new_game({"format": "cardtable/1", "game": "seep", "seed": 6, "options": {"seats": seats, "target": 100},
                     "players": players(seats)})
    table = SeepTable(game)
    app = FakeApp(table.seats)
    rng = random.Random(2)
    seen = 0
    while not game.over:
        actor = game.to_act
        before = game.view(actor)
        canonical = game.apply(rng.choice(game.legal_actions()))
        table.after_move(game)
        app.log.append(table.describe(canonical, actor, before, game.view(actor), game))
        if len(game.actions) % 7 == 0 or game.over:
            for seat in table.seats:
                for panel in (None, "sheet", "log"):
                    table.panel = panel
                    seen += check(table.render(game, seat, app))
            table.panel = None
            for entry in table.hand_entries(game)[-1:]:
                seen += check(table.hand_summary_html(game, entry))
    seen += check(table.game_over_html(game))
    assert seen > 200


@pytest.mark.parametrize("name,n", [("dummy-spades", 3), ("seep", 4)])
def test_the_review_shows_names_only_isolated(name, n):
    game = new_game({"format": "cardtable/1", "game": name, "seed": 8, "players": players(n),
                     "options": {"target": 100} if name == "seep" else {"losing_limit": -200}})
    play(game, random.Random(3), 100_000)
    r = Review(game.to_record())
    seen = 0
    for k in list(range(0, r.last + 1, 5)) + [r.last]:
        r.go(k)
        seen += check(review_html(r, "Game"))
    assert seen > 100


def test_home_rows_and_statistics_show_names_only_isolated():
    store = DictStore()
    saves = SaveStore(store, clock=lambda: 100.0)
    for name, n, opts in (("dummy-spades", 3, {"losing_limit": -200}), ("seep", 4, {"target": 100}),
                          ("seep", 2, {"seats": 2, "preset": "seep-pagat", "baazis": 1})):
        game = new_game({"format": "cardtable/1", "game": name, "seed": 9, "players": players(n), "options": opts})
        play(game, random.Random(4), 300)
        saves.save(f"{name}{n}", game.to_record(), {"p1": "casual"}, game=game)
        assert stats_screen.record_game(store, game.to_record(), {"p1": "casual"}, now=1.0)
    rows = saves.list()
    seen = check(home_html(rows, rows[0], 130.0)) + sum(check(save_row(s, 130.0)) for s in rows)
    data, problem = stats_screen.load(store)
    seen += check(stats_screen.screen_html(data, problem))
    assert seen > 10


def test_the_form_and_imports_keep_names_without_bidi_controls():
    assert clean_name("\u202aA\u202bn\u202ca\u202d\u202e\u2066B\u2067e\u2068n\u2069\u200e\u200f\u061c") == "AnaBen"
    assert kept_name(" \u202eAna  \u200fBen ") == "Ana Ben"
    assert kept_name("אנה") == "אנה"        # right-to-left letters are kept: they are a name
