"""The statistics' summaries kept as games are counted (issue #44): for any sequence of games
counted, files imported, games forgotten and resets, the summaries kept equal the ones worked
out from every entry, and the Statistics screen reads them instead of every entry."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings, strategies as st

from cardtable import stats
from cardtable.stores import stats as stats_store, stats_sum
from cardtable.stores.saves import DictStore
from cardtable.ui.screens import stats as stats_screen
from cardtable.ui.text.i18n import use_language

NAMES = ["Ana", "ana", "Ben", "Chloé", "Dev", " Ana "]
LEVELS = ["human", "human", "casual", "strong"]


@st.composite
def entries(draw) -> dict:
    """A valid statistics entry of either game, with any names, controllers, hands and end."""
    game = draw(st.sampled_from(["dummy-spades", "seep"]))
    n = 3 if game == "dummy-spades" else draw(st.sampled_from([2, 4]))
    seats = [f"p{i}" for i in range(n)]
    if game == "dummy-spades":
        sides = {s: s for s in seats}
    else:
        sides = {s: (s if n == 2 else ("p0p2", "p1p3")[i % 2]) for i, s in enumerate(seats)}
    side_names = sorted(set(sides.values()))
    small = st.integers(0, 3)
    hands = []
    for _ in range(draw(st.integers(1, 3))):
        if game == "dummy-spades":
            hands.append({"score": {s: draw(st.integers(-50, 120)) for s in seats},
                          "declarer": draw(st.sampled_from(seats)),
                          "made": {s: draw(st.booleans()) for s in seats},
                          "nils": {s: [1, draw(st.integers(0, 1))] if draw(st.booleans()) else [0, 0] for s in seats},
                          "bags": {s: draw(small) for s in seats}})
        else:
            hands.append({"score": {s: draw(st.integers(0, 100)) for s in side_names},
                          "sweeps": {s: draw(small) for s in seats}, "built": {s: draw(small) for s in seats},
                          "captured": {s: draw(small) for s in seats},
                          "baazi": draw(st.sampled_from([None, *side_names]))})
    over = draw(st.booleans())
    return {"game": game, "players": [draw(st.sampled_from(NAMES)) for _ in seats],
            "controllers": {s: draw(st.sampled_from(LEVELS)) for s in seats}, "sides": sides, "hands": hands,
            "over": over, "winner": draw(st.sampled_from(side_names)) if over else None,
            "hints": {s: draw(small) for s in seats if draw(st.booleans())},
            "updated": float(draw(st.integers(0, 6)))}


KEYS = st.sampled_from([f"{i:04x}" for i in range(10)] + ["a-z", "zz"])
OPS = st.one_of(
    st.tuples(st.just("count"), KEYS, entries()),                                # a hand counted
    st.tuples(st.just("import"), st.dictionaries(KEYS, entries(), max_size=4)),   # a statistics file
    st.tuples(st.just("limit"), st.integers(1, 6)),                               # the oldest forgotten
    st.tuples(st.just("reset")),
    st.tuples(st.just("damage"), KEYS),                                           # a value not readable
)


def keyed(key: str, entry: dict) -> str:
    """A game's key tells its game and seats apart, as the real fingerprint does."""
    return f"{entry['game'][0]}{len(entry['players'])}{key}"


def from_scratch(store) -> tuple[dict, dict, int]:
    data = stats_store.load(store)[0]
    summary = stats.summarize(data)
    latest = {g: stats.latest_game(data, g) for g in stats.GAMES}
    return summary, {g: e for g, e in latest.items() if e is not None}, len(data["games"])


def kept(store) -> tuple[dict, dict, int]:
    summary, latest, n = stats_sum.run(stats_sum.summarize_steps(store))
    entries = {g: json.loads(store.getItem(stats_store.ENTRY_KEY + k)) for g, k in latest.items()}
    return summary, entries, n


def rebuilt(store) -> None:
    stats_sum.rebuild(store)


def oldest_kept_right(store) -> bool:
    """The count and each index value's least recently played game, when kept, are the index's."""
    got = store.getItem(stats_sum.OLDEST_KEY)
    if got is None:
        return True
    o = json.loads(got)
    idx = {b: json.loads(store.getItem(stats_sum.INDEX_KEY + b) or "{}") for b in "0123456789abcdef"}
    return o["n"] == sum(map(len, idx.values())) and {b: m for b, m in o["min"].items() if m} == {
        b: min([v[1], k] for k, v in i.items()) for b, i in idx.items() if i}


@settings(max_examples=150, deadline=None)
@given(st.lists(OPS, max_size=12), st.booleans())
def test_the_summaries_kept_equal_the_ones_worked_out_from_every_entry(ops, old_store):
    store = DictStore()
    if not old_store:   # else: a store of before the summaries, built again at the end
        rebuilt(store)
    limit = stats.MAX_GAMES
    try:
        for op in ops:
            if op[0] == "count":
                stats_store.write_entries(store, {keyed(op[1], op[2]): op[2]})
            elif op[0] == "import":
                stats_store.write_entries(store, {keyed(k, e): e for k, e in op[1].items()})
            elif op[0] == "limit":
                stats.MAX_GAMES = op[1]
                stats_store.write_entries(store, {"new" + str(op[1]): json.loads(json.dumps(ops[0][2]))}
                                          if ops[0][0] == "count" else {})
            elif op[0] == "reset":
                stats_store.reset(store)
            elif op[0] == "damage" and store.getItem(stats_store.ENTRY_KEY + "d" + op[1]) is None:
                store.setItem(stats_store.ENTRY_KEY + "d" + op[1], "{not json")
    finally:
        stats.MAX_GAMES = limit
    assert oldest_kept_right(store)
    if not stats_sum.valid(store):
        rebuilt(store)
    assert stats_sum.valid(store) and oldest_kept_right(store) and store.getItem(stats_sum.OLDEST_KEY)
    assert kept(store) == from_scratch(store)


def test_a_new_game_past_the_limit_forgets_the_oldest_reading_two_index_values_not_sixteen():
    store = DictStore()
    rebuilt(store)
    base = {"game": "seep", "players": ["Ana", "Ben"], "controllers": {"p0": "human", "p1": "human"},
            "sides": {"p0": "p0", "p1": "p1"}, "over": True, "winner": "p0", "hints": {}, "updated": 1.0,
            "hands": [{"score": {"p0": 60, "p1": 40}, "sweeps": {"p0": 1, "p1": 0}, "built": {"p0": 0, "p1": 1},
                       "captured": {"p0": 0, "p1": 0}, "baazi": None}]}
    limit, stats.MAX_GAMES = stats.MAX_GAMES, 300
    try:
        stats_store.write_entries(store, {f"{i:020x}": dict(base, updated=float(1000 - i)) for i in range(300)})
        store.removeItem(stats_sum.OLDEST_KEY)   # (summaries of before it was kept: worked out once)
        stats_store.write_entries(store, {"new1": dict(base, updated=2000.0)})
        assert store.getItem(stats_store.ENTRY_KEY + f"{299:020x}") is None and oldest_kept_right(store)
        reads = []
        get = store.getItem
        store.getItem = lambda k: reads.append(k) or get(k)
        stats_store.write_entries(store, {"new2": dict(base, updated=2001.0)})
        store.getItem = get
    finally:
        stats.MAX_GAMES = limit
    assert sum(k.startswith(stats_sum.INDEX_KEY) for k in reads) <= 3   # two index values and the count
    assert store.getItem(stats_store.ENTRY_KEY + f"{298:020x}") is None   # the least recently played went
    assert oldest_kept_right(store) and json.loads(store.getItem(stats_sum.OLDEST_KEY))["n"] == 300
    assert kept(store) == from_scratch(store)


def test_counting_a_hand_reads_and_writes_a_few_values_not_every_game():
    """With 300 games counted, one more hand reads its own entry and three summary values."""
    store = DictStore()
    rebuilt(store)
    base = {"game": "seep", "players": ["Ana", "Ben"], "controllers": {"p0": "human", "p1": "human"},
            "sides": {"p0": "p0", "p1": "p1"}, "over": False, "winner": None, "hints": {}, "updated": 1.0,
            "hands": [{"score": {"p0": 60, "p1": 40}, "sweeps": {"p0": 1, "p1": 0}, "built": {"p0": 0, "p1": 1},
                       "captured": {"p0": 0, "p1": 0}, "baazi": None}]}
    stats_store.write_entries(store, {f"{i:020x}": dict(base, updated=float(i)) for i in range(300)})
    reads = []
    get = store.getItem
    store.getItem = lambda k: reads.append(k) or get(k)
    longer = dict(base, hands=base["hands"] * 2, updated=400.0)
    stats_store.write_entries(store, {f"{7:020x}": longer})
    assert len(reads) <= 5 and sum(k.startswith(stats_store.ENTRY_KEY) for k in reads) == 1
    store.getItem = get
    assert kept(store) == from_scratch(store)
    assert stats_sum.run(stats_sum.summarize_steps(store))[0]["seep"]["ana"].hands == 301


def test_the_screen_reads_the_summaries_not_the_entries():
    """Statistics drawn with valid summaries reads no game's entry but the latest of each kind;
    an old store without them is built again once (then kept)."""
    from test_stats_store import entry_of

    store = DictStore()
    for i in range(40):
        key, entry = entry_of(i)
        store.setItem(stats_store.ENTRY_KEY + key, stats.dump_entry(entry))
    assert not stats_sum.valid(store)
    summary, latest, _n, _problem = stats_screen.run(stats_screen.load_summaries_steps(store))
    html_before = stats_screen.screen_html({}, summary=summary, latest=latest)
    assert stats_sum.valid(store)
    reads = []
    get = store.getItem
    store.getItem = lambda k: reads.append(k) or get(k)
    summary, latest, n, problem = stats_screen.run(stats_screen.load_summaries_steps(store))
    assert sum(k.startswith(stats_store.ENTRY_KEY) for k in reads) == 1   # the latest game's, for its chart
    store.getItem = get
    data = stats_store.load(store)[0]
    assert stats_screen.screen_html({}, summary=summary, latest=latest) == html_before == stats_screen.screen_html(data)


def test_a_restore_marks_the_summaries_to_be_built_again_and_never_takes_a_files_summaries():
    from cardtable.stores import backup

    store = DictStore()
    rebuilt(store)
    other = DictStore()
    from test_stats_store import entry_of
    key, entry = entry_of(3)
    stats_store.write_entries(other, {key: entry})
    rebuilt(other)
    other.setItem(stats_sum.KIND_KEY + "seep", json.dumps({"ana": {"c": {"games": 999}}}))
    exported = json.loads(backup.export_all(other))
    assert not any(stats_sum.derived(k) for k in exported["entries"])   # not in a backup ...
    exported["entries"][stats_sum.KIND_KEY + "seep"] = other.getItem(stats_sum.KIND_KEY + "seep")
    backup.restore(store, json.dumps(exported))                          # ... nor taken from one
    assert store.getItem(stats_sum.KIND_KEY + "seep") is None
    if not stats_sum.valid(store):
        rebuilt(store)
    assert kept(store) == from_scratch(store)
    assert from_scratch(store)[2] == 1


def test_a_store_without_summaries_is_built_again_once_with_its_damaged_games_named():
    from test_stats_store import entry_of

    store = DictStore()
    for i in range(120):
        key, entry = entry_of(i)
        store.setItem(stats_store.ENTRY_KEY + key, stats.dump_entry(entry))
    store.setItem(stats_store.ENTRY_KEY + "bad", "{nope")
    assert stats_sum.rebuild(store) == 120 and stats_sum.valid(store)
    assert kept(store) == from_scratch(store)
    assert stats_sum.damaged(store).startswith("1 damaged game left out (bad: ")
    assert "1 damaged game" in stats_screen.run(stats_screen.load_summaries_steps(store))[3]


def test_the_page_builds_them_in_steps_and_a_game_counted_meanwhile_leaves_them_to_build_again():
    from test_stats_store import entry_of

    store = DictStore()
    for i in range(450):
        key, entry = entry_of(i)
        store.setItem(stats_store.ENTRY_KEY + key, stats.dump_entry(entry))
    steps = stats_sum.rebuild_steps(store)
    written = sum(1 for _ in steps) - 46   # the keys read, a step every 10 entries: the page runs them in slices...
    assert written == len([k for k in store.data if stats_sum.derived(k)]) - 1 > 2   # ...and after each summary written
    assert stats_sum.valid(store) and kept(store) == from_scratch(store)

    stats_sum.invalidate(store)
    steps = stats_sum.rebuild_steps(store)
    next(steps)
    key, entry = entry_of(450)
    stats_store.write_entries(store, {key: entry})   # counted while they are built
    assert stats_sum.run(steps) is None and not stats_sum.valid(store)
    assert stats_sum.rebuild(store) == 451 and kept(store) == from_scratch(store)

    stats_sum.invalidate(store)
    steps = stats_sum.rebuild_steps(store)
    for _ in range(47):   # the keys and every entry read (46 steps), the first summary written
        next(steps)
    key, entry = entry_of(451)
    stats_store.write_entries(store, {key: entry})   # counted while they are written
    assert stats_sum.run(steps) is None and not stats_sum.valid(store)
    assert stats_sum.rebuild(store) == 452 and kept(store) == from_scratch(store)


@pytest.fixture
def jobs(monkeypatch):
    """The page's slices, run here by hand: each job started, as (steps, then)."""
    import cardtable.ui.shell.tasks as tasks

    started = []

    class Sliced:
        def __init__(self, _tasks, steps, then, failed, _slice):
            started.append((steps, then))

        def start(self, soon=False):
            return self
    monkeypatch.setattr(tasks, "Sliced", Sliced)
    return started


def test_the_screen_says_they_are_counted_and_shows_them_once_built(jobs):
    class App:
        screen, building = "stats", None
        renders = 0

        def render(self):
            App.renders += 1

    from test_stats_store import entry_of
    store = DictStore()
    for i in range(5):
        key, entry = entry_of(i)
        store.setItem(stats_store.ENTRY_KEY + key, stats.dump_entry(entry))
    screen = stats_screen.StatsScreen(App())
    screen.app.saves = type("Saves", (), {"store": store})()
    screen.app.tasks = None
    html = screen.html()
    assert "Counting the statistics…" in html and "No finished hands yet" not in html
    assert screen.html() and len(jobs) == 1     # one job however often it is drawn
    steps, then = jobs[0]
    for _ in steps:
        pass
    then(None)
    assert App.renders == 1 and stats_sum.valid(store)
    assert "Counting" not in screen.html() and 'class="stats-player"' in screen.html()


def test_the_screen_is_worked_out_in_slices_and_kept_while_the_store_is_unchanged(jobs):
    from test_saves_list import CountingStore
    from test_stats_store import entry_of

    class App:
        screen, renders = "stats", 0

        def render(self):
            self.renders += 1

    store = CountingStore()   # (counts its changes, as web/store.js's does)
    stats_store.write_entries(store, dict(entry_of(i) for i in range(600)))
    assert stats_sum.rebuild(store) == 600
    want = stats_screen.StatsScreen(type("App", (), {"saves": type("Saves", (), {"store": DictStore()})})())
    want.app.saves.store.data = dict(store.data)   # (a store that counts nothing: drawn at once, as before)
    want = want.html()
    app = App()
    app.saves, app.tasks = type("Saves", (), {"store": store})(), None
    screen = stats_screen.StatsScreen(app)
    assert "Counting the statistics…" in screen.html() and len(jobs) == 1
    assert screen.html() and len(jobs) == 1   # one job however often it is drawn
    steps, then = jobs[0]
    parts = 0
    with pytest.raises(StopIteration) as done:
        while True:
            next(steps)
            parts += 1
    assert parts > 16   # (a step for each index value, every 500 games, each game's section)
    then(done.value.value)
    assert app.renders == 1 and screen.html() == want
    store.reads = 0
    assert screen.html() == want and store.reads == 2 and len(jobs) == 1   # opened again: two small
    # values read (whether the summaries are complete; the games not counted yet), nothing worked out
    key, entry = entry_of(600)
    stats_store.write_entries(store, {key: entry})   # a game counted: worked out again, the figures
    assert screen.html() == want and len(jobs) == 2   # worked out last shown meanwhile (no flash of "Counting")
    steps, then = jobs[1]
    with pytest.raises(StopIteration) as done:
        while True:
            next(steps)
    then(done.value.value)
    assert screen.html() != want and "601" in screen.html() and "Counting" not in screen.html()
    use_language("fr")   # in another language: not the figures in English meanwhile
    try:
        assert "Décompte des statistiques…" in screen.html() and len(jobs) == 3
    finally:
        use_language("en")


def test_a_chart_of_10000_games_draws_and_tables_200_points_with_the_last():
    from cardtable.ui.screens.charts import SHOWN, line_chart

    html = line_chart("Won", [("Ana", [i % 100 for i in range(10_000)])], "c", x_label="Game", y_label="%")
    assert html.count("<tr><th scope=\"row\">") == SHOWN + 1 and '<th scope="row">10000</th>' in html
    assert len(html) < 40_000
    assert len(line_chart("Won", [("Ana", [1, 2, 3])], "c", x_label="Game", y_label="%").split("<polyline")[1].split()) >= 3


def test_a_store_that_gives_its_keys_at_once_is_read_the_same():
    from test_saves_list import BulkStore
    from test_stats_store import entry_of

    stores = []
    for store in (DictStore(), BulkStore()):
        for i in range(30):
            key, entry = entry_of(i)
            store.setItem(stats_store.ENTRY_KEY + key, stats.dump_entry(entry))
        store.setItem("elsewhere", "not the app's")
        stats_store.set_aside(store, "cardtable/v1/stats/x", "{broken", "could not be read", now=5.0)
        rebuilt(store)
        stores.append((kept(store), stats_store.asides(store), sorted(stats_store.entry_keys(store))))
    assert stores[0] == stores[1] and stores[0][0][2] == 30


class ManyStore(DictStore):
    """web/store.js's store as ``BrowserStore`` gives it to the summaries' build: ten values in one
    call, joined by \\x01 (None when a value holds it)."""

    calls = 0

    def keys(self, prefix: str) -> list[str]:
        return [k for k in self.data if k.startswith(prefix)]

    def many(self, keys: list) -> list | None:
        self.calls += 1
        got = "\x01".join(self.data.get(k, "") for k in keys).split("\x01")
        return got if len(got) == len(keys) else None


def test_the_build_reads_ten_games_a_call_and_a_value_holding_the_separator_alone():
    from test_stats_store import entry_of

    stores = []
    for store in (DictStore(), ManyStore()):
        store.setItem(stats_store.ENTRY_KEY + "empty", "")   # (read with nine good ones)
        for i in range(35):
            key, entry = entry_of(i)
            store.setItem(stats_store.ENTRY_KEY + key, stats.dump_entry(entry))
        store.setItem(stats_store.ENTRY_KEY + "bad", "{bro\x01ken")   # (its ten read one by one)
        assert stats_sum.rebuild(store) == 35
        stores.append((kept(store), stats_sum.damaged(store)))
    assert stores[0] == stores[1] and stores[0][1].startswith("2 damaged games left out")
    assert store.calls == 4   # 37 games, ten a call


def test_the_module_tours_run():
    import doctest

    from cardtable.ui.screens import saves_list

    assert doctest.testmod(stats_sum).failed == 0 and doctest.testmod(saves_list).failed == 0


class Window(DictStore):
    """One window's copy of the store, as web/store.js keeps it: its writes are held until ``flush``,
    which commits them (``stored``) and hands them to the other windows, where a key the other
    window is writing itself is passed over, and its app hears the keys (``stats_sum.heard``)."""

    def __init__(self, stored: dict, others: list) -> None:
        super().__init__()
        self.data, self.pending, self.others = dict(stored), {}, others
        others.append(self)

    def setItem(self, k, v):  # noqa: N802
        super().setItem(k, v)
        self.pending[k] = v

    def removeItem(self, k):  # noqa: N802
        super().removeItem(k)
        self.pending[k] = None

    def flush(self, stored: dict) -> list:
        writes, self.pending = self.pending, {}
        for k, v in writes.items():
            stored.pop(k) if v is None else stored.__setitem__(k, v)
        heard = []
        for w in self.others:
            if w is not self:
                keys = [k for k in writes if k not in w.pending]
                for k in keys:
                    w.data.pop(k, None) if writes[k] is None else w.data.__setitem__(k, writes[k])
                heard.append(stats_sum.heard(w, keys))
        return heard


def test_two_windows_counting_a_hand_at_once_lose_neither_and_one_after_the_other_build_nothing():
    """Two windows counting a hand each of two games at the same moment both write the summaries
    from the same version: the second write would leave the first hand out of them.  The window
    that hears the other's write made without its own marks them to be built again, and built
    again they count both hands; counted one after the other (each window heard the other's
    first), they stay complete and are not built again."""
    seep = {"game": "seep", "players": ["Ana", "Ben"], "controllers": {"p0": "human", "p1": "casual"},
            "sides": {"p0": "p0", "p1": "p1"}, "over": False, "winner": None, "hints": {}, "updated": 1.0,
            "hands": [{"score": {"p0": 60, "p1": 40}, "sweeps": {"p0": 1, "p1": 0}, "built": {"p0": 0, "p1": 1},
                       "captured": {"p0": 0, "p1": 0}, "baazi": None}]}
    base = DictStore()
    stats_store.write_entries(base, {"g0": seep})
    stats_sum.rebuild(base)
    for at_once in (True, False):
        stored, windows = dict(base.data), []
        a, b = Window(stored, windows), Window(stored, windows)
        stats_store.write_entries(a, {"g1": dict(seep, updated=2.0)})
        if at_once:
            stats_store.write_entries(b, {"g2": dict(seep, updated=3.0)})
            assert a.flush(stored) == [False]   # (b was writing them itself: passed over)
            assert b.flush(stored) == [True]    # a hears a write made without its own
            lost = DictStore()
            lost.data = dict(stored)             # (what the summaries stored say: a's hand left out)
            assert stats_sum.run(stats_sum.summarize_steps(lost))[0]["seep"]["ana"].hands == 2
            assert not stats_sum.valid(a)
            a.flush(stored)                      # (the mark taken away reaches b and the stored copy)
            assert not any(map(stats_sum.valid, (a, b))) and stats_sum.SUM_KEY not in stored
            stats_sum.rebuild(b)
            b.flush(stored)
        else:
            assert a.flush(stored) == [False]
            stats_store.write_entries(b, {"g2": dict(seep, updated=3.0)})
            assert b.flush(stored) == [False]
        assert all(map(stats_sum.valid, (a, b))) and a.data == b.data == stored
        assert kept(b) == from_scratch(b)
        assert stats_sum.run(stats_sum.summarize_steps(b))[0]["seep"]["ana"].hands == 3
