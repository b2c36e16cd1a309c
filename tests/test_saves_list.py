"""Home's saved list in pages (issue #44): games in play first, ``PAGE`` rows of each group and a
*Show more*; a filter by game and player; *Delete finished games* after one question that counts
them; rows from the notes, only the rows drawn checked against their records."""

from __future__ import annotations

import json
import re

from cardtable.record import replay
from cardtable.stores.saves import GAME_KEY, DictStore, SaveStore
from cardtable.ui.screens import home, home_screen, saves_list
from cardtable.ui.screens.saved_games import SavedGames
from cardtable.ui.screens.saves_list import ALL_FINISHED, PAGE, Listing
from cardtable.stores.saves import SavedGame
from cardtable.stores.settings import parse_settings
from test_browser_data import played

ROWS = re.compile(r'data-save="([^"]+)"')


def section(saves, listing, now):
    return saves_list.section(saves, listing, now, home.save_row, [("dummy-spades", "Dummy Spades"), ("seep", "Seep")])


def made(n_playing: int, n_over: int) -> list[SavedGame]:
    games = [SavedGame(id=f"p{i}", game="seep" if i % 2 else "dummy-spades", players=["Ana", "Ben", "Zoé"],
                       updated=1000.0 - i) for i in range(n_playing)]
    games += [SavedGame(id=f"f{i}", game="seep", players=["Dev", "Ana"], over=True, updated=500.0 - i)
              for i in range(n_over)]
    return games


def test_games_in_play_come_first_a_page_of_each_group_then_show_more():
    html = section(made(45, 30), Listing(), now=2000.0)
    ids = ROWS.findall(html)
    assert ids == [f"p{i}" for i in range(PAGE)] + [f"f{i}" for i in range(PAGE)]
    assert "Show 20 more (25 not shown)" in html and "Show 10 more (10 not shown)" in html
    listing = Listing()
    listing.shown["playing"] += PAGE
    listing.shown["playing"] += PAGE
    ids = ROWS.findall(section(made(45, 30), listing, now=2000.0))
    assert ids[:45] == [f"p{i}" for i in range(45)] and len(ids) == 45 + PAGE
    assert 'saves:more:playing' not in section(made(45, 30), listing, now=2000.0)


def test_the_filter_by_game_and_player_and_nothing_matching():
    games = made(10, 6)
    assert 'id="saves-name"' in section(games, Listing(), 0.0)
    assert 'id="saves-name"' not in section(made(3, 1), Listing(), 0.0)   # a few saves: no filter
    seep = ROWS.findall(section(games, Listing(game="seep"), 0.0))
    assert seep == [f"p{i}" for i in range(1, 10, 2)] + [f"f{i}" for i in range(6)]
    assert ROWS.findall(section(games, Listing(name=" dEV "), 0.0)) == [f"f{i}" for i in range(6)]
    assert ROWS.findall(section(games, Listing(name="zoé"), 0.0)) == [f"p{i}" for i in range(10)]
    none = section(games, Listing(name="Xavier"), 0.0)
    assert ROWS.findall(none) == [] and "No saved game matches." in none and 'data-act="saves:clear"' in none
    assert 'aria-pressed="true"' in section(games, Listing(game="seep"), 0.0).split("saves:game:seep")[1][:80]


class FakeApp:
    def __init__(self, saves: SaveStore) -> None:
        self.saves = saves
        self.dialog = None
        self.notice = ""
        self.drawn = 0

    def render(self) -> None:
        self.drawn += 1


def test_delete_finished_games_asks_once_counting_them_then_deletes_them_all():
    store = DictStore()
    saves = SaveStore(store)
    for i, (game, n) in enumerate([("seep", 999), ("seep", 10), ("dummy-spades", 999)]):
        rec = played(game, i, n, players=["Ana", "Ben"] if game == "seep" else None,
                     options={"seats": 2} if game == "seep" else None)
        saves.save(f"g{i}", rec, game=replay(json.dumps(rec)))
    over = {e.id for e in saves.list() if e.over}
    assert over and over != {"g0", "g1", "g2"}
    app = FakeApp(saves)
    part = SavedGames(app)
    part.ask(ALL_FINISHED)
    html = part.dialog_html()
    n = len(over)
    assert f"Delete {n} finished game" in html and f'data-act="confirm-delete:{ALL_FINISHED}"' in html
    part.delete(ALL_FINISHED)
    assert {e.id for e in saves.list()} == {"g0", "g1", "g2"} - over
    assert app.notice.startswith(f"{n} finished game") and app.dialog is None


def saved(store, n: int) -> tuple[SaveStore, dict, object]:
    """``n`` saved games of one two-player Seep record in ``store``: the saves, the record, its game."""
    saves = SaveStore(store)
    rec = played("seep", 1, 20, players=["Ana", "Ben"], options={"seats": 2})
    game = replay(json.dumps(rec))
    for i in range(n):
        saves.save(f"g{i:03d}", rec, game=game)
    return saves, rec, game


def test_home_reads_no_record_but_the_rows_it_draws():
    store = DictStore()
    saves, _rec, _game = saved(store, 60)
    reads = []
    get = store.getItem
    store.getItem = lambda k: (reads.append(k) if k.startswith(GAME_KEY) else None) or get(k)
    html = home_screen.home_screen(saves, parse_settings(None), "en")
    assert len(ROWS.findall(html)) == PAGE
    assert len(set(reads)) <= PAGE + 1   # the rows drawn (and the game to continue)


class CountingStore(DictStore):
    """web/store.js's store as Python sees it: it counts its changes (``version``; not those of
    the keys it keeps in localStorage, as web/store.js does not) and its reads."""

    LOCAL = ("cardtable/v1/settings", "cardtable/v1/lesson-offer", "cardtable/v1/uncounted")

    def __init__(self):
        super().__init__()
        self.version, self.reads = 0, 0

    def getItem(self, k):  # noqa: N802
        self.reads += 1
        return super().getItem(k)

    def setItem(self, k, v):  # noqa: N802
        self.version += k not in self.LOCAL
        super().setItem(k, v)

    def removeItem(self, k):  # noqa: N802
        self.version += k not in self.LOCAL
        super().removeItem(k)

    def keys(self, prefix, but=None):
        self.reads += 1
        return [k for k in self.data if k.startswith(prefix) and not (but and k.startswith(but))]


class JsLikeStore(CountingStore):
    """web/store.js's store, as ``ui.shell.browser.BrowserStore`` gives it: a version, the keys of
    a prefix but another, whether a key of a prefix changed since a version, the values of a prefix
    (changed since a version)."""

    def __init__(self):
        super().__init__()
        self.changed = {}

    def setItem(self, k, v):  # noqa: N802
        super().setItem(k, v)
        self.changed[k] = self.version

    def removeItem(self, k):  # noqa: N802
        super().removeItem(k)
        self.changed[k] = self.version

    def changed_since(self, since, prefix, but=None):
        return any(v > since and k.startswith(prefix) and not (but and k.startswith(but)) for k, v in self.changed.items())

    def values(self, prefix, since=None):
        self.reads += 1
        return {k: v for k, v in self.data.items() if k.startswith(prefix) and not (
            since is not None and since >= self.changed.get(k, 0))}


def test_home_drawn_again_reads_nothing_while_the_store_is_unchanged():
    store = CountingStore()
    saves, rec, game = saved(store, 30)
    first = home_screen.home_screen(saves, parse_settings(None), "en")
    store.reads = 0
    assert home_screen.home_screen(saves, parse_settings(None), "en") == first
    assert store.reads <= 2 * PAGE + 4   # the rows drawn (note and record), single values (the game to
    # continue, the lessons offered): not the 30 notes of the list
    saves.save("g100", dict(rec, players=["Zoé", "Ben"]), game=game)   # a change: listed again
    assert "Zoé" in home_screen.home_screen(saves, parse_settings(None), "en") and store.reads > 30
    saves.delete("g100")
    assert "Zoé" not in home_screen.home_screen(saves, parse_settings(None), "en")
    store.data[GAME_KEY + "g001"] = json.dumps(dict(rec, players=["Xu", "Yo"]))   # not through the store:
    assert "Xu" not in home_screen.home_screen(saves, parse_settings(None), "en")   # nothing to tell (the page's always is)


def test_a_note_that_lies_about_its_record_is_found_when_its_row_is_drawn():
    store = DictStore()
    saves = SaveStore(store)
    rec = played("seep", 1, 20, players=["Ana", "Ben"], options={"seats": 2})
    saves.save("g1", rec, game=replay(json.dumps(rec)))
    store.setItem(GAME_KEY + "g1", json.dumps(dict(rec, players=["Xu", "Yo"])))   # changed behind the app's back
    html = home_screen.home_screen(saves, parse_settings(None), "en")
    assert "Xu" in html and "Ana" not in html.split('data-save="g1"')[1][:400]


def test_the_list_acts_page_filter_and_clear():
    app = FakeApp(SaveStore(DictStore()))
    part = SavedGames(app)
    part.act("more:finished")
    assert part.listing.shown == {"playing": PAGE, "finished": 2 * PAGE}
    part.act("game:seep")
    assert part.listing.game == "seep" and part.listing.shown["finished"] == PAGE
    part.find("  Ana ")
    assert part.listing.name == "Ana"
    part.act("game:all")
    assert part.listing.game == "" and part.listing.name == "Ana"
    part.act("clear")
    assert part.listing == Listing() and app.drawn == 5
    assert saves_list.FILTER_FROM > 1


class BulkStore(DictStore):
    """A store that gives every key and every note in one call, as web/store.js's does."""

    def keys(self, prefix: str) -> list[str]:
        return [k for k in self.data if k.startswith(prefix)]

    def values(self, prefix: str) -> dict:
        return {k: v for k, v in self.data.items() if k.startswith(prefix)}


def test_the_notes_read_at_once_list_the_same_rows_and_a_damaged_note_is_still_named():
    rec = played("seep", 1, 20, players=["Ana", "Ben"], options={"seats": 2})
    listed = []
    for store in (DictStore(), BulkStore(), JsLikeStore()):
        saves = SaveStore(store, clock=lambda: 5.0)
        for i in range(5):
            saves.save(f"g{i}", rec, game=replay(json.dumps(rec)))
        store.setItem("cardtable/v1/meta/g3", "1, 2")           # not one JSON value
        store.setItem("cardtable/v1/meta/g4", '{"updated": "soon"}')
        store.setItem("cardtable/v2/game/x", "{}")
        rows = [(e.id, e.game, e.players, e.over, e.error) for e in saves.list(quick=True)]
        assert rows == [(e.id, e.game, e.players, e.over, e.error) for e in saves.list(quick=True)]   # from memory
        listed.append(sorted(rows, key=str))
    assert listed[0] == listed[1] == listed[2]
    errors = {r[0]: r[4][0] for r in listed[1] if r[4]}
    assert errors == {"cardtable/v1/meta/g3": "damaged-note", "cardtable/v1/meta/g4": "damaged-note",
                      "cardtable/v2/game/x": "other-version"}


def test_a_list_kept_from_one_change_to_the_next_is_the_list_read_afresh():
    rec = played("seep", 1, 20, players=["Ana", "Ben"], options={"seats": 2})
    game = replay(json.dumps(rec))
    store = JsLikeStore()
    saves = SaveStore(store, clock=lambda: 5.0)

    def rows(saves):
        return sorted((e.id, e.game, e.players, e.over, e.error) for e in saves.list(quick=True))
    changes = [lambda i=i: saves.save(f"g{i}", dict(rec, players=[f"P{i}", "Ben"]), game=game) for i in range(6)] + [
        lambda: saves.delete("g2"),
        lambda: store.setItem("cardtable/v1/meta/g3", "1, 2"),                         # damaged
        lambda: saves.save("g3", dict(rec, players=["Zoé", "Ben"]), game=game),      # written again
        lambda: store.setItem("cardtable/v2/game/x", "{}"),                           # another version
        lambda: store.setItem("cardtable/v1/stats/k", "{}"),                          # not a saved game
        lambda: store.removeItem("cardtable/v1/game/g4"),                             # a note without its game
        lambda: saves.save("g2", rec, game=game),                                     # back
    ]
    for change in changes:
        change()
        assert rows(saves) == rows(SaveStore(store, clock=lambda: 5.0))
    assert ("g3", "seep", ["Zoé", "Ben"], False, None) in rows(saves)
    assert store.values("cardtable/v1/meta/", store.version) == {}   # (nothing changed since: nothing given)
    store.setItem("cardtable/v1/stats/k2", "{}")   # a hand counted: the list is the same, nothing is read
    store.reads = 0
    kept = rows(saves)
    assert store.reads == 0 and kept == rows(SaveStore(store, clock=lambda: 5.0))
