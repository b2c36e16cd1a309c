"""Statistics that only grow (issue #24): one key per game, the old single store moved once and
losing nothing, unreadable values set aside with their reason, 10,000 games kept and exported."""

from __future__ import annotations

import functools
import json

import pytest

from cardtable import stats
from cardtable.ui.screens import stats as stats_screen
from cardtable.stores import stats as stats_store, stats_sum
from cardtable.stores.saves import DictStore
from test_stats import seep_record, spades_record


@functools.cache
def _read_entry() -> str:
    """The entry of a real game, read once (as JSON text: each copy is a fresh object)."""
    return json.dumps(stats.read_game(spades_record(), now=1.0)[1])


def entry_of(i: int, hands: int = 1) -> tuple[str, dict]:
    """A valid entry of a made-up game ``i`` (the facts of a real hand, ``hands`` times)."""
    entry = json.loads(_read_entry())
    entry["hands"] = (entry["hands"] * hands)[:hands]
    entry["updated"] = float(1_000 + i)
    return f"{i:020x}", entry


def old_store(n: int, hands: int = 1) -> str:
    """The single ``cardtable/v1/stats`` value an earlier version wrote, holding ``n`` games."""
    return stats.dump_stats({"format": stats.FORMAT, "games": dict(entry_of(i, hands) for i in range(n))})


def count(store) -> int:
    return len(stats_screen.load(store)[0]["games"])


@pytest.mark.slow
def test_the_1000_game_store_of_the_issue_keeps_1001_games():
    """The repro: 1,000 valid games over 2,000,000 bytes in the old key, then one finished hand."""
    store = DictStore()
    text = old_store(1000, hands=12)
    assert len(text) > 2_000_000
    store.setItem(stats.STATS_KEY, text)
    assert stats_screen.record_game(store, spades_record(), now=5_000.0)
    assert count(store) == 1001
    assert store.getItem(stats.STATS_KEY) is None                         # moved, once
    assert len(stats_store.entry_keys(store)) == 1001
    moved = stats_screen.load(store)[0]["games"]
    assert all(moved[k] == json.loads(json.dumps(e)) for k, e in (entry_of(i, 12) for i in range(1000)))
    exported = stats.read_stats_file(stats_screen.export_text(store))
    assert len(exported["games"]) == 1001


def test_counting_a_hand_writes_that_games_key_only():
    store = DictStore()
    for i in range(50):
        store.setItem(stats_store.ENTRY_KEY + entry_of(i)[0], stats.dump_entry(entry_of(i)[1]))
    before = dict(store.data)
    writes = []
    real = store.setItem
    store.setItem = lambda k, v: (writes.append(k), real(k, v))[1]
    assert stats_screen.record_game(store, seep_record(), now=9_000.0)
    assert len(writes) == 1 and writes[0].startswith(stats_store.ENTRY_KEY)
    assert {k: v for k, v in store.data.items() if k in before} == before


@pytest.mark.slow
def test_10000_games_survive_count_right_and_export_whole():
    here = DictStore()
    games = dict(entry_of(i, hands=4) for i in range(10_000))
    text = stats.dump_stats({"format": stats.FORMAT, "games": games})
    assert len(text) > 4 * 2_000_000         # four times the old wall
    assert "10000 new or longer games of 10000" in stats_screen.import_text(here, text)
    data = stats_screen.load(here)[0]
    assert len(data["games"]) == 10_000
    assert stats.summarize(data)["dummy-spades"]["ana"].games == 10_000
    exported = stats_screen.export_text(here)
    assert len(stats.read_stats_file(exported)["games"]) == 10_000


def test_past_the_cap_the_least_recently_played_games_go_first(monkeypatch):
    monkeypatch.setattr(stats, "MAX_GAMES", 20)
    store = DictStore()
    for i in range(25):
        k, e = entry_of(i)
        stats_store.write_entries(store, {k: e})
    kept = set(stats_screen.load(store)[0]["games"])
    assert kept == {entry_of(i)[0] for i in range(5, 25)}


@pytest.mark.parametrize("text", ["{not json", "[" * 20_000 + "]" * 20_000, '{"format": "other"}', '"hello"'])
def test_an_unreadable_old_store_is_set_aside_with_its_reason_and_the_player_told(text):
    store = DictStore()
    store.setItem(stats.STATS_KEY, text)
    assert stats_screen.record_game(store, spades_record(), now=10.0)
    assert count(store) == 1
    assert store.getItem(stats.STATS_KEY) is None
    aside = stats_store.asides(store)
    assert len(aside) == 1 and aside[0]["key"] == stats.STATS_KEY and aside[0]["reason"]
    assert store.getItem(stats_store.ASIDE_KEY + aside[0]["id"]) == text        # kept exactly
    html = stats_screen.screen_html(*stats_screen.load(store), aside=aside)
    assert "set aside, not deleted" in html


def test_damaged_games_of_the_old_store_are_kept_aside_and_the_good_ones_moved():
    store = DictStore()
    data = json.loads(old_store(5))
    data["games"]["bad"] = {"game": "chess"}
    store.setItem(stats.STATS_KEY, json.dumps(data))
    data_read, _problem = stats_screen.load(store)
    assert len(data_read["games"]) == 5
    aside = stats_store.asides(store)
    assert "1 damaged game" in aside[0]["reason"]
    assert json.loads(store.getItem(stats_store.ASIDE_KEY + aside[0]["id"]))["games"] == {"bad": {"game": "chess"}}


def test_a_damaged_entry_is_set_aside_before_its_game_is_counted_again():
    store = DictStore()
    key, _entry = stats.read_game(spades_record(), now=1.0)
    store.setItem(stats_store.ENTRY_KEY + key, '{"game": "seep", "hands": "lost"}')
    data, problem = stats_screen.load(store)
    assert data["games"] == {} and "1 damaged game" in problem
    assert stats_screen.record_game(store, spades_record(), now=2.0)
    assert count(store) == 1
    aside = stats_store.asides(store)
    assert store.getItem(stats_store.ASIDE_KEY + aside[0]["id"]) == '{"game": "seep", "hands": "lost"}'


def test_a_game_not_counted_for_lack_of_room_is_told_on_the_screen_until_counted():
    class App:   # (its tasks run at once: the summaries, which do not fit, are tried when the screen is drawn)
        saves = type("S", (), {"store": DictStore(quota=300)})()
        tasks, screen = type("T", (), {"soon": staticmethod(lambda fn: fn())})(), "home"
    assert not stats_screen.record_game(App.saves.store, spades_record(), now=1.0)
    assert "1 game has hands not counted yet" in stats_screen.StatsScreen(App()).html()
    # kept in the store, not in this visit's memory: a reload (a new screen, nothing else) still says it
    assert stats_store.uncounted(App.saves.store) == [stats.game_key(spades_record())]
    assert "not counted yet" in stats_screen.StatsScreen(App()).html()
    App.saves.store.quota = None
    assert stats_screen.record_game(App.saves.store, spades_record(), now=2.0)
    assert "not counted" not in stats_screen.StatsScreen(App()).html()


def test_a_damaged_entry_that_cannot_be_set_aside_is_never_overwritten():
    store = DictStore()
    key, _entry = stats.read_game(spades_record(), now=1.0)
    store.setItem(stats_store.ENTRY_KEY + key, "x" * 300)
    store.quota = sum(len(k) + len(v) for k, v in store.data.items()) + 50
    assert not stats_screen.record_game(store, spades_record(), now=2.0)
    assert store.getItem(stats_store.ENTRY_KEY + key) == "x" * 300


def test_moving_the_old_store_into_a_full_storage_loses_nothing():
    store = DictStore()
    text = old_store(600)
    store.setItem(stats.STATS_KEY, text)
    store.quota = len(text) + len(stats.STATS_KEY) + 40_000         # room for a hundred games more
    data, problem = stats_screen.load(store)   # moved a hundred at a time, the old value shrinking
    assert len(data["games"]) == 600 and problem is None and store.getItem(stats.STATS_KEY) is None
    store = DictStore()
    store.setItem(stats.STATS_KEY, text)
    store.setItem("cardtable/v1/game/g", "x" * 100_000)
    store.quota = len(text) + len(stats.STATS_KEY) + 100_030          # no room at all
    data, problem = stats_screen.load(store)
    assert len(data["games"]) == 600 and "storage is full" in problem
    assert store.getItem(stats.STATS_KEY) is not None                 # what is not moved stays there
    store.quota = None
    assert count(store) == 600 and store.getItem(stats.STATS_KEY) is None   # moved once there is room


def test_reset_forgets_entries_old_store_and_statistics_set_aside_but_not_saves():
    store = DictStore()
    store.setItem(stats.STATS_KEY, "{broken")
    stats_screen.record_game(store, spades_record())
    store.setItem("cardtable/v1/game/g", "{}")
    stats_screen.reset(store)
    assert [k for k in store.data if not stats_sum.derived(k)] == ["cardtable/v1/game/g"]
    assert stats_sum.valid(store) and stats_sum.run(stats_sum.summarize_steps(store)) == ({}, {}, 0)


def test_an_old_store_left_in_place_is_not_parsed_again_for_every_game(monkeypatch):
    store = DictStore()
    later = json.dumps({"format": "cardtable-stats/9", "games": {}})
    store.setItem(stats.STATS_KEY, later)
    assert stats_store.migrate(store) == ("later", {"format": "cardtable-stats/9"})
    assert "another version" in stats_screen.problem_words(stats_store.migrate(store))
    parsed = []
    real = stats_store.load_json
    monkeypatch.setattr(stats_store, "load_json", lambda *a, **k: parsed.append(1) or real(*a, **k))
    assert stats_store.migrate(store)[0] == "later"
    assert parsed == []
    store.setItem(stats.STATS_KEY, "{changed")          # another window wrote it: read again
    stats_store.migrate(store)
    assert parsed == [1]


def test_hints_used_after_the_hands_were_counted_are_counted_too():
    """Issue #46: a game whose hands are counted already is counted again when its record (as the
    app saves it, with ``"hints"``) lists more hints than the statistics hold."""
    store = DictStore()
    rec = spades_record()
    hands = len(stats.read_game(rec)[1]["hands"])
    assert stats_screen.record_game(store, rec, now=1.0)
    assert stats_screen.counted_already(store, rec, hands)
    hinted = {**rec, "hints": {"p0": [3, 30], "p2": [7]}}
    assert not stats_screen.counted_already(store, hinted, hands)
    assert stats_screen.record_game(store, hinted, now=2.0, hands_done=hands)
    (entry,) = stats_screen.load(store)[0]["games"].values()
    assert entry["hints"] == {"p0": 2, "p2": 1}
    assert stats_screen.counted_already(store, hinted, hands)
