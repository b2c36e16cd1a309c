"""The home screen's saved-games rows never replay a game on a redraw (issue 24).

A save whose note is missing, outdated or damaged is replayed once to draw its row; the row is
kept, and a missing or outdated note is written again, so the next listing (this window's or
another's) reads the note.  A damaged note is never rewritten: it stays listed for the person to
delete.  Replays are counted with a fake ``replay``."""

from __future__ import annotations

import json

import pytest

from cardtable.record import replay
from cardtable.stores import saves as storage
from cardtable.stores.saves import GAME_KEY, META_KEY, DictStore, SaveStore


def record(actions=("bid 3", "bid 4", "bid 5")):
    return {"format": "cardtable/1", "game": "dummy-spades", "options": {"target": 300},
            "players": ["Ana", "Ben", "Chloé"], "seed": 5, "actions": list(actions)}


@pytest.fixture
def replays(monkeypatch):
    count = []

    def counting(text):
        count.append(1)
        return replay(text)

    monkeypatch.setattr(storage, "replay", counting)
    return count


def rows(saves: SaveStore) -> dict:
    return {e.id: (e.game, e.players, e.totals, e.over, e.error) for e in saves.list()}


def test_a_save_without_its_note_is_replayed_once_and_noted(replays):
    store = DictStore()
    store.setItem(GAME_KEY + "g1", json.dumps(record()))      # a record with no note (an old version's)
    first = rows(SaveStore(store))
    assert len(replays) == 1 and first["g1"][0] == "dummy-spades" and "Ana 0" in first["g1"][2]
    note = json.loads(store.getItem(META_KEY + "g1"))
    assert note["game"] == "dummy-spades" and note["n"] == 3 and note["sig"]
    for _ in range(3):                                          # redraws, and another window
        assert rows(SaveStore(store)) == first
    assert len(replays) == 1


def test_a_record_changed_behind_the_apps_back_is_replayed_once_and_its_note_kept_up(replays):
    store = DictStore()
    saves = SaveStore(store, clock=lambda: 7.0)
    game = replay(record())
    saves.save("g1", game.to_record(), {"p0": "human"}, game=game)
    replays.clear()
    store.setItem(GAME_KEY + "g1", json.dumps(record(actions=["bid 3", "bid 4"])))
    assert rows(saves)["g1"][2] == rows(saves)["g1"][2]
    assert len(replays) == 1
    note = json.loads(store.getItem(META_KEY + "g1"))
    assert note["n"] == 2 and note["controllers"] == {"p0": "human"} and note["updated"] == 7.0 and note["rev"] == 1


def test_an_outdated_note_written_again_keeps_the_fields_a_later_version_added(replays):
    store = DictStore()
    SaveStore(store, clock=lambda: 7.0).save("g1", record(), {"p0": "human"}, game=replay(record()))
    note = json.loads(store.getItem(META_KEY + "g1"))
    store.setItem(META_KEY + "g1", json.dumps({**note, "pinned": True, "tags": ["club"]}))
    store.setItem(GAME_KEY + "g1", json.dumps(record(actions=["bid 3", "bid 4"])))
    rows(SaveStore(store))
    after = json.loads(store.getItem(META_KEY + "g1"))
    assert after["n"] == 2 and after["sig"] != note["sig"]
    assert {k: after[k] for k in ("pinned", "tags", "rev", "updated", "controllers")} == {
        "pinned": True, "tags": ["club"], "rev": 1, "updated": 7.0, "controllers": {"p0": "human"}}


def test_a_damaged_note_is_kept_as_it_is_and_the_row_is_not_replayed_again(replays):
    store = DictStore()
    saves = SaveStore(store)
    saves.save("g1", record(), {}, game=replay(record()))
    store.setItem(META_KEY + "g1", '{"updated": "yesterday"}')
    replays.clear()
    first = rows(saves)
    assert rows(saves) == rows(saves) == first and len(replays) == 1
    assert store.getItem(META_KEY + "g1") == '{"updated": "yesterday"}'
    assert first[META_KEY + "g1"][4][0] == "damaged-note"
    store.setItem(GAME_KEY + "g1", json.dumps(record(actions=["bid 3"])))   # the game itself changes: replayed
    rows(saves)
    assert len(replays) == 2


def test_a_save_that_cannot_be_opened_is_not_replayed_on_every_redraw(replays):
    store = DictStore()
    store.setItem(GAME_KEY + "g1", json.dumps(record(actions=["bid 3", "play ZZ"])))
    saves = SaveStore(store)
    first = rows(saves)
    assert first["g1"][4][0] == "record" and first["g1"][4][1]["why"].startswith('action 1 "play ZZ"')
    assert rows(saves) == first and len(replays) == 1
    assert store.getItem(META_KEY + "g1") is None              # nothing noted for a game that does not open


def test_a_full_store_still_lists_the_row(replays):
    store = DictStore(quota=len(GAME_KEY) + 3 + len(json.dumps(record())) + 10)
    store.setItem(GAME_KEY + "g1", json.dumps(record()))
    assert rows(SaveStore(store))["g1"][0] == "dummy-spades"
    assert store.getItem(META_KEY + "g1") is None
