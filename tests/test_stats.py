"""Statistics (cardtable.stats, ui.stats_screen, ui.charts): the figures add up to what known
finished records give, recording is idempotent, the store is read defensively, charts are
well-formed SVG that escape names."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET

import pytest

from cardtable import stats
from cardtable.cards import CARDS, RANK_CHARS
from cardtable.record import new_game
from cardtable.ui.screens import charts, stats as stats_screen
from cardtable.stores import stats as stats_store
from cardtable.stores.saves import DictStore, QuotaError, SaveStore


# ---- records built from explicit deals --------------------------------------------------------

def suit(s: str) -> list[str]:
    return [r + s for r in RANK_CHARS]


def spades_record() -> dict:
    """Two hands of Dummy Spades whose every trick is forced: the seat holding all the spades
    takes all 13 (the others hold one side suit each and can never win a trick).

    Hand 1 (p0 deals, p1 leads): p1 "bid 0 nil p1", p2 "bid 2", p0 "bid 13 nil dummy".
      p0 declares, takes 13: 130 + 100 (dummy nil) = 230; p1 0 + 100 (nil) = 100; p2 -20.
    Hand 2 (p1 deals): p2 "bid 1", p0 "bid 3 nil p2" (a defender's nil on the other defender),
      p1 "bid 10" declares and takes 13: 100 + 3 bags = 103; p0 -30 + 100 = 70; p2 -10.
    Totals 300 / 203 / -30: p0 reaches the target and wins.
    """
    d1 = {"dealer": "p0", "hands": {"p0": suit("S"), "p1": suit("H"), "p2": suit("D"), "dummy": suit("C")}}
    d2 = {"dealer": "p1", "hands": {"p0": suit("H"), "p1": suit("S"), "p2": suit("D"), "dummy": suit("C")}}
    rec = {"format": "cardtable/1", "game": "dummy-spades", "players": ["Ana", "Ben", "Chloé"],
           "deals": [d1, d2], "actions": []}
    g = new_game(rec)
    for a in ["bid 0 nil p1", "bid 2", "bid 13 nil dummy"]:
        g.apply(a)
    while len(g.history) < 1:
        g.apply(g.legal_actions()[0])
    for a in ["bid 1", "bid 3 nil p2", "bid 10"]:
        g.apply(a)
    while not g.over:
        g.apply(g.legal_actions()[0])
    return g.to_record()


def seep_deal() -> dict:
    """p0 deals, p1 bids 11 holding JH; the floor 5H 6D 2C 9S is two sets of 11."""
    floor, p1 = ["5H", "6D", "2C", "9S"], ["JH", "9C", "2S", "3S"]
    rest = [str(c) for c in CARDS if str(c) not in floor + p1]
    hands = {"p1": p1 + rest[:8]}
    rest = rest[8:]
    for s in ("p0", "p2", "p3"):
        hands[s], rest = rest[:12], rest[12:]
    return {"dealer": "p0", "hands": hands, "floor": floor}


SEEP_OPENING = ["bid 11",
                "capture JH 2C 5H 6D 9S",   # p1 takes the whole floor on the first play: a sweep (25)
                "throw 4D",                  # p2
                "build 10 6C 4D",            # p3 builds a 10-house
                "capture TH"]                # p0 takes it, emptying the floor: a house and a sweep (50)


def seep_record(options: dict | None = None, opening=SEEP_OPENING) -> dict:
    """A whole game of Seep: the opening above, then always the last legal action."""
    rec = {"format": "cardtable/1", "game": "seep", "options": options or {},
           "players": ["Ana", "Ben", "Chloé", "Dev"], "deals": [seep_deal()], "actions": []}
    g = new_game(rec)
    for a in opening:
        g.apply(a)
    while not g.over:
        g.apply(g.legal_actions()[-1])
    return g.to_record()


def prefix(record: dict, n: int) -> dict:
    return {**record, "actions": record["actions"][:n]}


def seep_oracle(record: dict) -> list[dict]:
    """Per hand and seat, from the public log (another path than stats' tally): builds and
    scoring sweeps by who made them, and captures that took a house."""
    g = new_game(record)
    out, cur = [], None
    for action in record["actions"]:
        if cur is None:
            cur = {k: {s: 0 for s in g.seats} for k in ("sweeps", "built", "captured")}
        seat, houses = g.to_act, [h["value"] for h in g.floor()["houses"]]
        done = len(g.summary()["hands"])
        canonical = g.apply(action)
        if canonical.startswith("capture"):
            from cardtable.cards import Card
            if Card.parse(canonical.split()[1]).value in houses:
                cur["captured"][seat] += 1
        if canonical.startswith("build"):
            cur["built"][seat] += 1
        if len(g.summary()["hands"]) > done:
            out.append(cur)
            cur = None
        elif g.view(seat)["log"][-1].get("sweep"):
            cur["sweeps"][seat] += 1
    return out


# ---- Dummy Spades: figures computed by hand ---------------------------------------------------

def test_spades_figures_add_up_to_the_known_record():
    rec = spades_record()
    key, entry = stats.read_game(rec)
    assert entry["over"] and entry["winner"] == "p0"
    assert [h["score"] for h in entry["hands"]] == [{"p0": 230, "p1": 100, "p2": -20},
                                                  {"p0": 70, "p1": 103, "p2": -10}]
    data = stats.new_stats()
    assert stats.merge_entry(data, key, entry)
    s = stats.summarize(data)["dummy-spades"]
    ana, ben, chloe = s["ana"], s["ben"], s["chloé"]
    assert (ana.games, ana.finished, ana.won, ana.hands, ana.hands_won) == (1, 1, 1, 2, 1)
    assert (ben.won, ben.hands_won, chloe.won, chloe.hands_won) == (0, 1, 0, 0)
    assert (ana.points, ben.points, chloe.points) == (300, 203, -30)
    # bids made: Ana made hand 1 (13 of 13) and failed hand 2 (0 of 3); Ben made both; Chloé none
    assert (ana.bids_made, ben.bids_made, chloe.bids_made) == (1, 2, 0)
    assert ana.percent(ana.bids_made, ana.hands) == 50 and ben.percent(ben.bids_made, ben.hands) == 100
    assert (ana.declarer_hands, ana.declarer_made, ana.defender_hands, ana.defender_made) == (1, 1, 1, 0)
    assert (ben.declarer_hands, ben.declarer_made, ben.defender_hands, ben.defender_made) == (1, 1, 1, 1)
    assert (chloe.declarer_hands, chloe.defender_hands, chloe.defender_made) == (0, 2, 0)
    # nils: Ana's on the dummy (as declarer) and on Chloé's hand (both defenders) both count and hold
    assert (ana.nils, ana.nils_made, ben.nils, ben.nils_made, chloe.nils) == (2, 2, 1, 1, 0)
    assert (ana.bags, ben.bags, chloe.bags) == (0, 3, 0)
    assert ben.per_hand(ben.bags) == 1.5 and ana.per_hand(ana.points) == 150
    assert ana.win_history == [True] and ben.win_history == [False]
    assert list(ana.against) == ["human"]   # no controllers in the record: everyone is a person


def test_nil_on_another_persons_hand_counts_only_between_defenders():
    assert stats._nil_counts("p0", "p2", declarer="p1")         # both defenders
    assert not stats._nil_counts("p0", "p1", declarer="p1")     # on the declarer's hand
    assert not stats._nil_counts("p2", "dummy", declarer="p0")  # a defender on the dummy
    assert stats._nil_counts("p0", "dummy", declarer="p0")


def test_computer_seats_are_not_players_and_levels_are_counted():
    rec = spades_record()
    rec["controllers"] = {"p0": "human", "p1": "casual", "p2": "strong"}
    key, entry = stats.read_game(rec)
    data = stats.new_stats()
    stats.merge_entry(data, key, entry)
    s = stats.summarize(data)["dummy-spades"]
    assert list(s) == ["ana"]
    a = s["ana"].against
    assert set(a) == {"casual", "strong"}
    assert (a["strong"].games, a["strong"].won, a["strong"].hands, a["strong"].hands_won) == (1, 1, 2, 1)
    # the app's own controllers win over the record's
    _, entry2 = stats.read_game(rec, {"p0": "human", "p1": "human", "p2": "strong"})
    assert entry2["controllers"] == {"p0": "human", "p1": "human", "p2": "strong"}


def test_hints_are_read_from_an_optional_record_field():
    rec = spades_record()
    rec["hints"] = {"p0": [0, 5, 9], "p1": []}   # where each hint was used (record.HINTS_FIELD)
    key, entry = stats.read_game(rec)
    assert entry["hints"] == {"p0": 3, "p1": 0}
    data = stats.new_stats()
    stats.merge_entry(data, key, entry)
    assert stats.summarize(data)["dummy-spades"]["ana"].hints == 3
    rec["hints"] = {"p0": [0, 1, 2, 5, 9]}
    stats.merge_entry(data, *stats.read_game(rec))
    assert stats.summarize(data)["dummy-spades"]["ana"].hints == 5


# ---- Seep: per-seat events, and the per-side figures of the engine ----------------------------

def test_seep_opening_events_are_counted_for_the_right_seats():
    rec = seep_record()
    _, entry = stats.read_game(prefix(rec, len(SEEP_OPENING)))
    assert entry is None   # no finished hand yet: nothing to count
    _, entry = stats.read_game(rec)
    first = entry["hands"][0]
    assert first["sweeps"]["p1"] >= 1 and first["sweeps"]["p0"] >= 1
    assert first["built"]["p3"] >= 1 and first["captured"]["p0"] >= 1


@pytest.mark.parametrize("options", [{}, {"preset": "seep-pagat", "baazis": 2}])
def test_seep_figures_add_up_to_the_record(options):
    rec = seep_record(options)
    summary = new_game(rec)
    for a in rec["actions"]:
        summary.apply(a)
    summary = summary.summary()
    key, entry = stats.read_game(rec, now=10.0)
    assert len(entry["hands"]) == len(summary["hands"]) >= 2
    oracle = seep_oracle(rec)
    for facts, hand, seen in zip(entry["hands"], summary["hands"], oracle):
        assert facts["score"] == hand["score"]
        assert {k: facts[k] for k in ("sweeps", "built", "captured")} == seen
        for side, members in (("p0p2", ("p0", "p2")), ("p1p3", ("p1", "p3"))):
            assert sum(facts["sweeps"][s] for s in members) == sum(1 for v in hand["sweeps"][side] if v)
        assert facts["baazi"] == (hand.get("baazi") or {}).get("team")
    data = stats.new_stats()
    stats.merge_entry(data, key, entry)
    s = stats.summarize(data)["seep"]
    for name, seat, side in (("ana", "p0", "p0p2"), ("ben", "p1", "p1p3"), ("chloé", "p2", "p0p2")):
        p = s[name]
        assert p.points == sum(h["score"][side] for h in summary["hands"])
        assert p.sweeps == sum(h["sweeps"][seat] for h in oracle)
        assert p.houses_built == sum(h["built"][seat] for h in oracle)
        assert p.houses_captured == sum(h["captured"][seat] for h in oracle)
        assert p.won == (summary["winner"] == side)
        assert p.hands_won == sum(1 for h in summary["hands"]
                                  if h["score"][side] > max(v for k, v in h["score"].items() if k != side))
        if options:
            assert p.baazis_won == summary["baazis"][side]
            assert p.baazis_lost == summary["baazis"]["p1p3" if side == "p0p2" else "p0p2"]
    if not options:
        assert s["ana"].points == summary["totals"]["p0p2"]


def test_two_player_seep_sides_are_the_seats():
    rec = {"format": "cardtable/1", "game": "seep", "options": {"seats": 2}, "players": ["Ana", "Ben"],
           "seed": 4, "actions": []}
    g = new_game(rec)
    while len(g.summary()["hands"]) < 1:
        g.apply(g.legal_actions()[-1])
    key, entry = stats.read_game(g.to_record())
    assert entry["sides"] == {"p0": "p0", "p1": "p1"}
    assert set(entry["hands"][0]["score"]) == {"p0", "p1"}
    data = stats.new_stats()
    stats.merge_entry(data, key, entry)
    assert set(stats.summarize(data)["seep"]) == {"ana", "ben"}


# ---- recording is idempotent ------------------------------------------------------------------

def test_a_hand_is_never_counted_twice():
    rec = spades_record()
    cut = next(n for n in range(len(rec["actions"]))
               if stats.read_game(prefix(rec, n))[1] is not None)   # the end of hand 1
    store = DictStore()
    assert stats_screen.record_game(store, prefix(rec, cut), now=1.0)
    once = dict(store.data)
    assert not stats_screen.record_game(store, prefix(rec, cut + 5), now=2.0)   # hand 2 unfinished
    assert not stats_screen.record_game(store, prefix(rec, cut), now=3.0)       # reopened
    assert store.data == once
    assert stats_screen.record_game(store, rec, now=4.0)                        # hand 2 ends
    assert not stats_screen.record_game(store, prefix(rec, cut), now=5.0)       # an older copy
    data, problem = stats_screen.load(store)
    assert problem is None and len(data["games"]) == 1
    p = stats.summarize(data)["dummy-spades"]["ana"]
    assert (p.hands, p.games, p.finished, p.points) == (2, 1, 1, 300)


def test_a_game_counted_in_full_is_passed_over_cheaply():
    rec = spades_record()
    store = DictStore()
    assert stats_screen.record_game(store, rec, hands_done=2)
    # the store says both hands are counted: not replayed again (a broken later action shows it)
    broken = dict(rec, actions=rec["actions"][:-1] + ["play ZZ"])
    assert not stats_screen.record_game(store, broken, hands_done=2)
    with pytest.raises(Exception):
        stats_screen.record_game(store, broken, hands_done=3)


def test_the_game_key_is_the_same_for_every_copy_and_differs_between_games():
    rec = spades_record()
    key = stats.game_key(rec)
    assert stats.game_key({**rec, "controllers": {"p0": "human"}}) == key
    cut = next(n for n in range(len(rec["actions"])) if stats.read_game(prefix(rec, n))[1] is not None)
    assert stats.game_key(prefix(rec, cut)) == key
    assert stats.game_key(prefix(rec, 3)) is None
    other = dict(rec, players=["Ana", "Ben", "Dev"])
    assert stats.game_key(other) != key
    seep = seep_record()
    assert stats.game_key(seep) != stats.game_key(seep_record(opening=SEEP_OPENING[:3]))


def test_names_are_one_player_whatever_their_case():
    rec = spades_record()
    data = stats.new_stats()
    stats.merge_entry(data, *stats.read_game(rec, now=1.0))
    rec2 = dict(rec, players=["  ANA ", "Ben", "Zoé"])
    stats.merge_entry(data, *stats.read_game(rec2, now=2.0))
    s = stats.summarize(data)["dummy-spades"]
    assert s["ana"].games == 2 and s["ana"].name == "ANA" and s["ana"].hands == 4
    assert s["ana"].win_history == [True, True]
    assert set(s) == {"ana", "ben", "chloé", "zoé"}


def test_one_name_at_two_seats_counts_the_game_once():
    rec = dict(seep_record(), players=["Ana", "Ben", "ANA", "Dev"])
    data = stats.new_stats()
    stats.merge_entry(data, *stats.read_game(rec))
    s = stats.summarize(data)["seep"]
    assert set(s) == {"ana", "ben", "dev"} and s["ana"].games == 1


def test_statistics_outlive_a_deleted_saved_game():
    store = DictStore()
    saves = SaveStore(store, clock=lambda: 1.0)
    rec = spades_record()
    saves.save("g1", rec)
    stats_screen.record_game(store, rec, now=1.0)
    saves.delete("g1")
    assert saves.list() == []
    assert stats.summarize(stats_screen.load(store)[0])["dummy-spades"]["ana"].won == 1


def test_reset_forgets_statistics_and_keeps_saved_games():
    store = DictStore()
    saves = SaveStore(store, clock=lambda: 1.0)
    rec = spades_record()
    saves.save("g1", rec)
    stats_screen.record_game(store, rec)
    stats_screen.reset(store)
    assert stats_screen.load(store) == (stats.new_stats(), None)
    assert [e.id for e in saves.list()] == ["g1"]


# ---- reading defensively ----------------------------------------------------------------------

def good_store() -> dict:
    data = stats.new_stats()
    stats.merge_entry(data, *stats.read_game(spades_record(), now=1.0))
    stats.merge_entry(data, *stats.read_game(seep_record(), now=2.0))
    return data


def test_a_store_survives_a_round_trip():
    data = good_store()
    again, problem = stats.parse_stats(stats.dump_stats(data))
    assert problem is None and again == json.loads(json.dumps(data))


@pytest.mark.parametrize("text", ["not json", "[1, 2]", '{"format": "other"}', '{"format": "cardtable-stats/1"}',
                                  "[" * 5000 + "]" * 5000, '{"format": "cardtable-stats/1", "games": []}'])
def test_unreadable_stores_read_as_empty_with_a_reason(text):
    data, problem = stats.parse_stats(text)
    assert data == stats.new_stats() and problem


def damaged_variants():
    """(label, change) pairs, each breaking one field of the first game's entry."""
    def hand(e):
        return e["hands"][0]
    return [
        ("score is text", lambda e: hand(e)["score"].__setitem__("p0", "300")),
        ("bool as a count", lambda e: hand(e)["bags"].__setitem__("p0", True)),
        ("negative bags", lambda e: hand(e)["bags"].__setitem__("p0", -1)),
        ("nils made > tried", lambda e: hand(e)["nils"].__setitem__("p0", [1, 2])),
        ("unknown seat", lambda e: hand(e)["made"].__setitem__("p7", True)),
        ("no hands", lambda e: e.__setitem__("hands", [])),
        ("hand not an object", lambda e: e["hands"].__setitem__(0, 5)),
        ("players not text", lambda e: e.__setitem__("players", [1, 2, 3])),
        ("unknown game", lambda e: e.__setitem__("game", "chess")),
        ("bad winner", lambda e: e.__setitem__("winner", "p9")),
        ("huge time", lambda e: e.__setitem__("updated", 1e300)),
        ("bad hints", lambda e: e.__setitem__("hints", {"p0": -3})),
        ("bad controllers", lambda e: e.__setitem__("controllers", {"p0": 1})),
    ]


@pytest.mark.parametrize("label,change", damaged_variants(), ids=[v[0] for v in damaged_variants()])
def test_a_damaged_entry_is_left_out_and_named(label, change):
    data = json.loads(stats.dump_stats(good_store()))
    spades_key = next(k for k, e in data["games"].items() if e["game"] == "dummy-spades")
    change(data["games"][spades_key])
    text = json.dumps(data)
    clean, problem = stats.parse_stats(text)
    assert list(clean["games"]) == [k for k in data["games"] if k != spades_key]
    assert "1 damaged game" in problem
    stats.summarize(clean)   # what is left summarizes without error
    with pytest.raises(stats.StatsError, match="damaged"):
        stats.read_stats_file(text)


def test_statistics_of_a_later_version_are_never_overwritten():
    store = DictStore()
    later = json.dumps({"format": "cardtable-stats/9", "games": {"x": "whatever"}})
    store.setItem(stats.STATS_KEY, later)
    data, problem = stats_screen.load(store)
    assert data == stats.new_stats() and "another version" in problem
    # games are counted under keys of their own: the later version's store stays as it was
    assert stats_screen.record_game(store, spades_record())
    assert "1 new or longer game of 2" in stats_screen.import_text(store, stats.dump_stats(good_store()))
    assert store.getItem(stats.STATS_KEY) == later
    assert len(stats_screen.load(store)[0]["games"]) == 2


def test_a_full_store_keeps_the_statistics_it_had():
    store = DictStore(quota=500)
    assert not stats_screen.record_game(store, seep_record())   # too big for this quota
    # nothing counted; the game listed as not counted yet (#44: never silent)
    assert list(store.data) == [stats_store.UNCOUNTED_KEY] and len(stats_store.uncounted(store)) == 1
    store.quota = None
    store.setItem("other", "x")
    assert stats_screen.record_game(store, spades_record())


# ---- export and import ------------------------------------------------------------------------

def test_export_then_import_elsewhere_merges_without_counting_twice():
    here, there = DictStore(), DictStore()
    stats_screen.record_game(here, spades_record(), now=1.0)
    stats_screen.record_game(there, spades_record(), now=5.0)
    stats_screen.record_game(there, seep_record(), now=6.0)
    text = stats_screen.export_text(there)
    assert stats_screen.looks_like_stats(text)
    message = stats_screen.import_text(here, text)
    assert "1 new or longer game of 2" in message
    assert "0 new or longer games of 2" in stats_screen.import_text(here, text)
    s = stats.summarize(stats_screen.load(here)[0])
    assert s["dummy-spades"]["ana"].games == 1 and s["seep"]["ana"].games == 1


@pytest.mark.parametrize("text,why", [
    ("{", "not a statistics file"),
    ('{"format": "cardtable/1", "game": "seep"}', "not statistics"),
    ('{"format": "cardtable-stats/1", "games": 5}', "games"),
    ('{"format": "cardtable-stats/2", "games": {}}', "another version"),
])
def test_a_bad_statistics_file_is_refused_with_a_reason(text, why):
    store = DictStore()
    with pytest.raises(stats.StatsError, match=why):
        stats_screen.import_text(store, text)
    assert store.data == {}


def test_names_in_an_imported_file_are_text():
    data = json.loads(stats.dump_stats(good_store()))
    for e in data["games"].values():
        e["players"][0] = '<img src=x onerror="alert(1)">' + "x" * 100
    store = DictStore()
    stats_screen.import_text(store, json.dumps(data))
    html = stats_screen.screen_html(*stats_screen.load(store))
    assert "<img" not in html and "&lt;img src=x" in html
    assert all(len(e["players"][0]) <= 24 for e in stats_screen.load(store)[0]["games"].values())


def test_a_game_record_is_not_a_statistics_file():
    assert not stats_screen.looks_like_stats(json.dumps(spades_record()))
    named = spades_record()
    named["players"] = ["cardtable-stats/1", "Ben", "Chloé"]
    assert not stats_screen.looks_like_stats(json.dumps(named))


def test_a_damaged_or_huge_statistics_file_is_refused_in_the_words_of_statistics():
    """Not "too big to be a game record": a file that says it is statistics is read as statistics."""
    assert stats_screen.looks_like_stats('{"format": "cardtable-stats/1", ')
    with pytest.raises(stats.StatsError, match="not a statistics file: not JSON"):
        stats_screen.import_text(DictStore(), '{"format": "cardtable-stats/1", ')
    huge = '{"format": "cardtable-stats/1", "games": {}}' + " " * stats.MAX_FILE_BYTES
    with pytest.raises(stats.StatsError, match="too big to be a statistics file"):
        stats_screen.import_text(DictStore(), huge)


# ---- the screen and its charts ----------------------------------------------------------------

def xml_of(fragment: str) -> ET.Element:
    """Parse markup as XML (the charts are meant to be well-formed; HTML's bare boolean
    attributes and the file input, a void element, are made XML first)."""
    fragment = re.sub(r" (disabled|data-autofocus)(?=[ >])", r' \1=""', fragment)
    fragment = fragment.replace('class="visually-hidden">', 'class="visually-hidden"/>')
    return ET.fromstring(f"<root>{fragment}</root>")


def test_charts_are_well_formed_svg_that_escape_names():
    html = charts.line_chart('Points & "more"', [("<Ana & Ben>", [10, -35, 220]), ("Chloé", [5])],
                             "c1", x_label="Hand", y_label="Points")
    root = xml_of(html)
    svg = root.find(".//svg")
    assert svg.get("role") == "img" and svg.get("aria-labelledby") == "c1-title c1-desc"
    assert svg.find("title").text == 'Points & "more"'
    assert "<Ana & Ben>: 220" in svg.find("desc").text
    assert len(svg.findall(".//polyline")) == 2
    rows = root.findall(".//table/tbody/tr")
    assert [r.find("th").text for r in rows] == ["1", "2", "3"]
    assert [c.text for c in rows[1].findall("td")] == ["-35", None]
    assert "<Ana & Ben>" not in html and "&lt;Ana &amp; Ben&gt;" in html
    ys = [float(p.split(",")[1]) for p in svg.find(".//polyline").get("points").split()]
    assert ys[2] < ys[0] < ys[1]   # higher values are higher on the chart


def test_an_empty_chart_says_so():
    html = charts.line_chart("Nothing", [], "c2", x_label="Hand", y_label="Points")
    assert "<svg" not in html and "Nothing to draw yet" in html


def test_the_screen_shows_each_game_with_figures_and_charts():
    store = DictStore()
    stats_screen.record_game(store, spades_record(), {"p0": "human", "p1": "strong", "p2": "human"}, now=1.0)
    stats_screen.record_game(store, seep_record(), now=2.0)
    html = stats_screen.screen_html(*stats_screen.load(store))
    root = xml_of(html)
    assert len(root.findall(".//h1")) == 1
    assert [h.text for h in root.findall(".//h2")] == ["Dummy Spades", "Seep"]
    spades, seep = root.findall(".//section[@class='stats-game']")
    players = {a.get("data-player"): a for a in spades.findall(".//article")}
    assert set(players) == {"ana", "chloé"}   # Ben was a computer
    assert {a.get("data-player") for a in seep.findall(".//article")} == {"ana", "ben", "chloé", "dev"}
    ana = {dt.text: dd.text for dt, dd in zip(players["ana"].findall(".//dt"), players["ana"].findall(".//dd"))}
    assert ana["Bids made"] == "50%" and ana["Nils"] == "made 2 of 2" and ana["Points per hand"] == "150.0"
    assert ana["Against the strong computer"] == "won 1 of 1 game · 1 of 2 hands"
    assert len(root.findall(".//svg")) == 4   # score and win rate, for each game
    for b in root.findall(".//button"):
        assert b.get("data-act") and b.get("data-key") and (b.text or "").strip()


def test_the_empty_screen_offers_no_reset():
    html = stats_screen.screen_html(stats.new_stats())
    assert "No finished hands yet" in html
    root = xml_of(html)
    reset = next(b for b in root.findall(".//button") if b.get("data-act") == "stats:reset")
    assert reset.get("disabled") is not None


def test_the_reset_question_is_a_dialog():
    html = stats_screen.reset_dialog()
    assert 'role="dialog"' in html and 'data-act="stats:confirm-reset"' in html and 'data-act="cancel"' in html


def test_the_modules_tours_run():
    import doctest

    for module in (stats, charts):
        assert doctest.testmod(module).failed == 0


def test_hints_are_counted_from_the_records_hint_positions():
    """The Hint control writes, per seat, the positions where it was used (record.HINTS_FIELD);
    the statistics count them, and a bare count (an older form) is read too."""
    from cardtable.stats import _hints_used
    assert _hints_used([4, 17]) == 2
    assert _hints_used([]) == 0
    assert _hints_used(3) == 3
    assert _hints_used(["x"]) is None and _hints_used(-1) is None and _hints_used("2") is None


def test_a_seat_on_another_device_has_a_heading_of_its_own():
    rec = spades_record()
    _, entry = stats.read_game(rec, {"p0": "human", "p1": "remote", "p2": "casual"})
    data = stats.new_stats()
    stats.merge_entry(data, "k", entry)
    card = stats_screen.player_card(stats.summarize(data)["dummy-spades"]["ana"])
    assert "<dt>Against the quick computer</dt>" in card and "<dt>Against people on other devices</dt>" in card
    assert card.index("quick computer") < card.index("other devices") and ">remote<" not in card
