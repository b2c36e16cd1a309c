"""Export all my data, and Restore (issue #24): one file with everything, merged back without ever
losing a game, a statistic or a setting; a bad file or a full storage changes nothing."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings, strategies as st

from cardtable import stats
from cardtable.stores import backup, stats as stats_store
from cardtable.ui.screens import data as data_screen, stats as stats_screen
from cardtable.stores.settings import SETTINGS_KEY
from cardtable.stores.saves import GAME_KEY, META_KEY, DictStore, SaveStore
from test_stats import spades_record
from test_stats_store import entry_of


def record(n: int) -> dict:
    rec = spades_record()
    return {**rec, "actions": rec["actions"][:n]}


def filled() -> DictStore:
    """A browser's store with two games, settings, statistics and a value set aside."""
    store = DictStore()
    saves = SaveStore(store, clock=lambda: 100.0)
    saves.save("g1", record(10))
    saves.save("g2", record(20))
    store.setItem(SETTINGS_KEY, '{"speed": "fast", "lang": "fr"}')
    stats_screen.record_game(store, spades_record(), now=1.0)
    stats_store.set_aside(store, "cardtable/v1/stats/x", "{broken", "could not be read", now=5.0)
    return store


def test_export_all_holds_every_stored_value_exactly():
    store = filled()
    store.setItem("someone-else", "not ours")
    data = json.loads(backup.export_all(store, now=7.0))
    assert data["format"] == "cardtable-backup/1" and data["written"] == 7.0
    assert data["entries"] == {k: v for k, v in store.data.items() if k.startswith("cardtable/")}


def test_restore_into_an_empty_browser_gives_everything_back():
    text = backup.export_all(filled())
    fresh = DictStore()
    done = backup.restore(fresh, text)
    assert fresh.data == {k: v for k, v in filled().data.items()}
    assert done.games_added == 2 and done.stats_games == 1
    assert sorted(e.id for e in SaveStore(fresh).list() if not e.error) == ["g1", "g2"]


def test_restore_never_replaces_a_newer_game_with_an_older_one():
    old = filled()
    text = backup.export_all(old)
    here = DictStore()
    saves = SaveStore(here, clock=lambda: 200.0)
    saves.save("g1", record(30))           # played further here since the backup
    saves.save("g2", record(5))            # ... and this one is behind the backup
    here.setItem(SETTINGS_KEY, '{"speed": "slow"}')
    done = backup.restore(here, text)
    assert (done.games_kept, done.games_longer) == (1, 1)
    assert len(json.loads(here.getItem(GAME_KEY + "g1"))["actions"]) == 30
    assert len(json.loads(here.getItem(GAME_KEY + "g2"))["actions"]) == 20
    assert json.loads(here.getItem(META_KEY + "g2"))["rev"] > 1      # a window with the old copy follows
    assert here.getItem(SETTINGS_KEY) == '{"speed": "slow"}'          # the settings here stay
    assert "g2" in {e.id for e in SaveStore(here).list() if not e.error}


def test_restore_merges_statistics_hands_only_ever_added():
    there = DictStore()
    k, e = entry_of(1, hands=3)
    stats_store.write_entries(there, {k: e})
    stats_store.write_entries(there, dict([entry_of(2)]))
    here = DictStore()
    stats_store.write_entries(here, {k: {**e, "hands": e["hands"][:1]}})
    stats_store.write_entries(here, dict([entry_of(3)]))
    done = backup.restore(here, backup.export_all(there))
    games = stats_screen.load(here)[0]["games"]
    assert done.stats_games == 2 and len(games) == 3 and len(games[k]["hands"]) == 3
    assert backup.restore(here, backup.export_all(there)).stats_games == 0     # restoring twice: nothing new


def test_the_boot_screens_rescue_file_restores_too():
    store = filled()
    rescue = json.dumps({k: v for k, v in store.data.items() if k.startswith("cardtable/")})
    fresh = DictStore()
    backup.restore(fresh, rescue)
    assert fresh.data == store.data


def test_an_old_single_statistics_store_in_a_backup_is_merged():
    from test_stats_store import old_store
    fresh = DictStore()
    backup.restore(fresh, json.dumps({"cardtable/v1/stats": old_store(30)}))
    assert len(stats_screen.load(fresh)[0]["games"]) == 30


@pytest.mark.parametrize("text, why", [
    ("{", "not a backup of Card Table: not JSON"),
    ("[" * 20_000 + "]" * 20_000, "nested 20,000 deep"),
    ('{"format": "cardtable-backup/7", "entries": {}}', "another version"),
    ('{"format": "cardtable/1", "game": "seep"}', "format is not"),
    ('{"format": "cardtable-backup/1", "entries": {}}', "no saved data"),
    ('{"format": "cardtable-backup/1", "entries": {"cardtable/v1/game/x": 5}}', "not one of its saved values"),
    ('{"other/key": "x"}', "not one of its saved values"),
    (json.dumps({"format": "cardtable-stats/1", "games": {}}), "format is not"),
])
def test_a_bad_file_changes_nothing_and_says_why(text, why):
    store = filled()
    before = dict(store.data)
    with pytest.raises(backup.BackupError, match=why):
        backup.restore(store, text)
    assert store.data == before


def test_a_restore_never_fails_whole_what_fits_is_written_and_the_rest_counted():
    there = DictStore()
    saves = SaveStore(there, clock=lambda: 100.0)
    for i in range(12):
        saves.save(f"g{i}", record(10 + i))
    text = backup.export_all(there)
    here = DictStore()
    SaveStore(here).save("mine", record(8))
    mine = here.getItem(GAME_KEY + "mine")
    here.quota = sum(len(k) + len(v) for k, v in here.data.items()) + 5 * len(there.getItem(GAME_KEY + "g11")) + 1_000
    done = backup.restore(here, text)
    written = sorted(k for k in here.data if k.startswith(GAME_KEY))
    assert here.getItem(GAME_KEY + "mine") == mine                  # the game here stays
    assert 1 < done.games_added < 12 and done.games_added + done.not_fitted["games"] == 12 == done.games_in_file
    assert len(written) == done.games_added + 1
    for k in written:                                                # each game written with its note
        assert META_KEY + k[len(GAME_KEY):] in here.data
    words = data_screen.restore_words(here, text, "b.json")
    assert "Storage is full:" in words and "of the 12 saved games of the backup" in words
    here.quota = None                                                # room made: restoring again adds the rest
    again = backup.restore(here, text)
    assert again.games_added == 12 - done.games_added - again.not_fitted.get("games", 0) and not again.not_fitted
    assert again.games_kept == done.games_added


def test_a_diverged_older_copy_in_a_backup_is_kept_beside_the_newer_one():
    """Issue #44, case 5: a stored game of 100 actions last played later, and a backup's copy of 110
    that split from it after action 90 (as after an Undo): both survive, neither is written over."""
    here_rec = {**record(0), "actions": [f"a{i}" for i in range(100)]}
    theirs_rec = {**record(0), "actions": [f"a{i}" for i in range(90)] + [f"b{i}" for i in range(20)]}
    there = DictStore()
    there.setItem(GAME_KEY + "g", json.dumps(theirs_rec))
    there.setItem(META_KEY + "g", json.dumps({"updated": 1765000000.0, "rev": 7}))
    here = DictStore()
    SaveStore(here, clock=lambda: 1770000000.0).save("g", here_rec)
    done = backup.restore(here, backup.export_all(there))
    assert done.games_beside == 1 and done.games_longer == 0
    assert json.loads(here.getItem(GAME_KEY + "g")) == here_rec
    beside = backup.beside_id("g", there.getItem(GAME_KEY + "g"))
    assert json.loads(here.getItem(GAME_KEY + beside)) == theirs_rec
    assert backup.restore(here, backup.export_all(there)).games_kept == 1     # again: nothing added twice
    assert "both copies are kept" not in data_screen.restore_words(DictStore(), backup.export_all(there), "b")


@given(st.lists(st.integers(0, 3), max_size=12), st.lists(st.integers(0, 3), max_size=12),
       st.lists(st.integers(0, 3), max_size=12), st.floats(0, 10), st.floats(0, 10))
def test_restore_loses_no_action_played_on_either_side(common, mine, theirs, t_here, t_there):
    """Whatever the two copies of a game hold and whenever each was played, every list of actions
    is found whole in the store after a restore."""
    here_rec = {**record(0), "actions": [f"a{x}" for x in common + mine]}
    their_rec = {**record(0), "actions": [f"a{x}" for x in common + theirs]}
    there = DictStore()
    SaveStore(there, clock=lambda: t_there).save("g", their_rec)
    here = DictStore()
    SaveStore(here, clock=lambda: t_here).save("g", here_rec)
    backup.restore(here, backup.export_all(there))
    stored = [json.loads(v)["actions"] for k, v in here.data.items() if k.startswith(GAME_KEY)]
    for acts in (here_rec["actions"], their_rec["actions"]):
        assert any(s[:len(acts)] == acts for s in stored)
    assert len(stored) <= 2


def test_the_import_of_statistics_into_a_full_store_says_how_many_of_how_many():
    there = DictStore()
    stats_store.write_entries(there, dict(entry_of(i) for i in range(20)))
    text = stats_store.export_text(there)
    here = DictStore(quota=len(text) // 3)
    with pytest.raises(stats.StatsError, match=r"storage is full: \d+ of its 20 games were saved"):
        stats_screen.import_text(here, text)


def test_an_unreadable_save_here_is_never_written_over_by_a_restore():
    text = backup.export_all(filled())
    here = DictStore()
    here.setItem(GAME_KEY + "g1", "{damaged")
    backup.restore(here, text)
    assert here.getItem(GAME_KEY + "g1") == "{damaged"


def test_a_backup_is_recognised_by_its_opening_and_a_game_record_is_not():
    assert backup.looks_like_backup(backup.export_all(filled()))
    assert not backup.looks_like_backup(json.dumps(spades_record()))


def test_a_file_given_to_the_wrong_button_is_named_and_sent_to_the_right_one():
    """Issue #46: *Restore from a backup…* given a game file said « not a backup of Card Table (format
    is not "cardtable-backup/1") »; likewise statistics given a game or a backup (and a review given
    a backup, by the same words).  Each says what the file is and which button opens it, and changes nothing."""
    from types import SimpleNamespace

    from cardtable.ui.screens.data import restore_words
    from cardtable.ui.text.i18n import use_language

    game = json.dumps(record(3))
    store = filled()
    before = dict(store.data)
    words = restore_words(store, game, "game.json")
    assert words == 'game.json is a game file: open it with “Import a game file…” on the home screen.'
    assert "format" not in words and store.data == before
    stats_file = stats_screen.export_text(store)
    assert "“Import statistics…”" in restore_words(store, stats_file, "s.json") and store.data == before
    backup_file = backup.export_all(store)

    app = SimpleNamespace(saves=SimpleNamespace(store=store), close_game=lambda: None, dialog=None, screen="home",
                          render=lambda: None)
    screen = stats_screen.StatsScreen(app)
    for text, expected in ((game, "“Import a game file…”"), (backup_file, "“Restore from a backup…” in Settings")):
        screen.import_file(text, "f.json")
        assert expected in screen.notice and store.data == before
    use_language("fr")
    try:
        assert restore_words(store, game, "partie.json") == (
            "partie.json est un fichier de partie\u202f: ouvrez-le avec «\u00a0Importer un fichier de partie…\u00a0» "
            "sur l'écran d'accueil.")
    finally:
        use_language("en")
