"""Saved games: versioned keys, corrupt and unknown saves reported by name, a full quota."""

import json

import pytest

from cardtable.record import replay
from cardtable.ui.storage import GAME_KEY, LAST_KEY, DictStore, SaveStore, StorageFull

spades = pytest.importorskip("cardtable.games.dummy_spades")


def record(seed=5, actions=("bid 3", "bid 4", "bid 5")):
    return {"format": "cardtable/1", "game": "dummy-spades", "options": {"target": 300},
            "players": ["Ana", "Ben", "Chloé"], "seed": seed, "actions": list(actions)}


def test_save_and_load_round_trip_under_a_versioned_key():
    saves = SaveStore(DictStore(), clock=lambda: 1000.0)
    saves.save("g1", record(), {"p0": "human"})
    assert GAME_KEY == "cardtable/v1/game/"
    assert json.loads(saves.store.getItem("cardtable/v1/game/g1"))["actions"] == ["bid 3", "bid 4", "bid 5"]
    assert saves.last_id() == "g1"
    game = saves.load("g1")
    assert game.to_record()["actions"] == ["bid 3", "bid 4", "bid 5"]
    [entry] = saves.list()
    assert (entry.id, entry.game, entry.players, entry.error) == ("g1", "dummy-spades", ["Ana", "Ben", "Chloé"], None)
    assert entry.controllers == {"p0": "human"}
    assert "Ana 0" in entry.totals


def test_a_corrupt_save_is_reported_by_name_and_the_others_still_open():
    store = DictStore()
    saves = SaveStore(store, clock=iter([1.0, 2.0, 3.0]).__next__)
    saves.save("good", record())
    store.setItem(GAME_KEY + "broken-json", "{not json")
    store.setItem(GAME_KEY + "illegal", json.dumps(record(actions=["bid 3", "play AS"])))
    entries = {e.id: e for e in saves.list()}
    assert entries["good"].error is None
    assert "not JSON" in entries["broken-json"].error
    assert entries["illegal"].error.startswith('action 1 "play AS"')
    assert saves.load("good").to_record()["seed"] == 5
    # nothing was deleted by listing
    assert store.getItem(GAME_KEY + "broken-json") == "{not json"


def test_a_save_of_another_version_is_listed_not_read_and_kept():
    store = DictStore()
    store.setItem("cardtable/v2/game/x", "{}")
    saves = SaveStore(store)
    [entry] = saves.list()
    assert entry.id == "cardtable/v2/game/x" and "another version" in entry.error
    assert store.getItem("cardtable/v2/game/x") == "{}"
    saves.delete_key("cardtable/v2/game/x")
    assert saves.list() == []


def test_an_unknown_record_format_is_reported():
    store = DictStore()
    store.setItem(GAME_KEY + "future", json.dumps({"format": "cardtable/2", "game": "dummy-spades"}))
    [entry] = SaveStore(store).list()
    assert "unknown format" in entry.error


def test_a_full_quota_raises_storage_full_and_keeps_what_was_saved():
    small = DictStore(quota=700)
    saves = SaveStore(small)
    saves.save("g1", record())
    before = dict(small.data)
    long = record(actions=["bid 3", "bid 4", "bid 5"] + ["play 2C"] * 200)
    with pytest.raises(StorageFull):
        saves.save("g2", long)
    assert small.data == before
    assert replay(small.getItem(GAME_KEY + "g1")).to_record()["actions"] == ["bid 3", "bid 4", "bid 5"]


def test_delete_removes_the_game_and_the_continue_pointer():
    saves = SaveStore(DictStore())
    saves.save("g1", record())
    saves.delete("g1")
    assert saves.list() == [] and saves.last_id() is None and saves.store.getItem(LAST_KEY) is None


def test_listing_uses_the_noted_summary_and_replays_only_when_the_record_changed():
    store = DictStore()
    saves = SaveStore(store)
    game = replay(record())
    saves.save("g1", game.to_record(), {}, game=game)
    meta = saves.meta("g1")
    assert meta["game"] == "dummy-spades" and meta["players"] == ["Ana", "Ben", "Chloé"] and meta["sig"]
    [entry] = saves.list()
    assert entry.error is None and "Ana 0" in entry.totals
    # a record changed behind the app's back no longer matches its signature: it is replayed
    store.setItem(GAME_KEY + "g1", json.dumps(record(actions=["bid 3", "play AS"])))
    [entry] = saves.list()
    assert entry.error.startswith('action 1 "play AS"')
