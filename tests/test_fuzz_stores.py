"""Mutation fuzzing of every store the app keeps (issue #24): saves, their notes, the game to
continue, settings and language, statistics (one key per game, and the single store of earlier
versions), and values set aside.

A seeded generator fills a store as the app writes it, then damages some of its values (a tree
mutation of the JSON as in test_fuzz_records, truncation, a stray character, deep nesting, another
type, deletion) and adds stray keys.  Whatever the damage, in CPython:

* every reader the app starts with never raises: the saved-games list and the game to continue,
  the home screen's HTML, the settings, the statistics and their screen, what was set aside, the
  backup export;
* nothing readable is lost: every save and note left intact still opens and is listed without
  error, intact settings read as written, every intact statistics entry is counted; and no stored
  value disappears -- it is where it was, or set aside with its reason, or (the old single store)
  every readable game of it is counted, or (a readable note whose game changed) it was written
  again from the game with all its other fields kept; a damaged note stays byte for byte;
* counting one more finished game afterwards keeps all of that true.

The seed is fixed: a failure names its case number and reproduces exactly.
"""

from __future__ import annotations

import copy
import json
import random

import pytest

from cardtable import stats
from cardtable.record import replay
from cardtable.stores import backup, stats as stats_store
from cardtable.ui.screens import home, stats as stats_screen
from cardtable.stores.settings import DEFAULTS, SETTINGS_KEY, dump_settings, parse_settings
from cardtable.stores.saves import GAME_KEY, LAST_KEY, META_KEY, DictStore, SaveStore
from test_fuzz_records import POOL, base_records, mutate_tree
from test_stats import seep_record, spades_record
from test_stats_store import entry_of

CASES = 300
SEED = 20261125


GAMES = base_records()


def good_store(rnd: random.Random) -> DictStore:
    """A store as the app leaves it: saves with notes, settings with a language, statistics."""
    store = DictStore()
    saves = SaveStore(store, clock=lambda: 1_764_000_000.0)
    for i, rec in enumerate(GAMES):
        saves.save(f"g{i}", rec, {"p0": "human"}, game=replay(rec))
    store.setItem(SETTINGS_KEY, dump_settings({**DEFAULTS, "speed": "fast", "deck": "four", "lang": "fr"}))
    for i in range(4):
        k, e = entry_of(i, hands=2)
        store.setItem(stats_store.ENTRY_KEY + k, stats.dump_entry(e))
    if rnd.random() < 0.4:   # an earlier version's single store, not moved yet
        store.setItem(stats.STATS_KEY, stats.dump_stats({"format": stats.FORMAT,
                                                         "games": dict(entry_of(i) for i in range(10, 14))}))
    return store


def damaged(text: str, rnd: random.Random) -> str:
    op = rnd.randrange(9)
    if op <= 2:
        try:
            value = json.loads(text)
        except (ValueError, RecursionError):
            value = None
        if isinstance(value, dict) and value:
            return json.dumps(mutate_tree(value, rnd), ensure_ascii=rnd.random() < 0.3)
        return json.dumps(copy.deepcopy(rnd.choice(POOL)))
    if op == 3:
        return text[: rnd.randrange(len(text) + 1)]
    if op == 4:
        i = rnd.randrange(len(text) + 1)
        return text[:i] + rnd.choice(["\x00", "\udc80", "\ufffd", '"', "]", "{", "é"]) + text[i + 1:]
    if op == 5:
        depth = rnd.choice([40, 1000, 20_000])
        return "[" * depth + text + "]" * depth
    if op == 6:
        return rnd.choice(["", "null", "true", "[]", "{}", "0", "x" * 5000, "NaN"])
    if op == 7:
        return json.dumps(text)      # the text again, as a JSON string
    return text.replace('"', "'", 1)


def damage(store: DictStore, rnd: random.Random) -> set[str]:
    """Damage a few values (and delete or add some); returns the keys touched."""
    touched = set()
    keys = list(store.data)
    for key in rnd.sample(keys, rnd.randrange(1, min(5, len(keys)) + 1)):
        touched.add(key)
        if rnd.random() < 0.15:
            store.removeItem(key)
        else:
            store.setItem(key, damaged(store.data[key], rnd))
    for _ in range(rnd.randrange(3)):
        key = rnd.choice([GAME_KEY + "stray", META_KEY + "g9", LAST_KEY, stats_store.ENTRY_KEY + "zz",
                          stats_store.ASIDE_WHY_KEY + "q", "cardtable/v7/game/x", "cardtable/v1/stats/" + "k" * 80])
        store.setItem(key, damaged(rnd.choice(list(store.data.values()) or ["{}"]), rnd))
        touched.add(key)
    return touched


def read_everything(store: DictStore) -> dict:
    """What the app reads at start and on its screens; any exception fails the case."""
    saves = SaveStore(store)
    listed = saves.list()
    last_id = saves.last_id()
    last = next((s for s in listed if s.id == last_id), None)
    settings = parse_settings(store.getItem(SETTINGS_KEY))
    home.home_html(listed, last, 1_764_000_100.0, speed=settings["speed"], lang=settings.get("lang", "en"))
    data, problem = stats_screen.load(store)
    aside = stats_store.asides(store)
    stats_screen.screen_html(data, problem, aside=aside)
    json.loads(backup.export_all(store))
    return {"listed": {e.id: e for e in listed}, "settings": settings, "stats": data}


def note_rebuilt(key: str, old: str, after: dict[str, str]) -> bool:
    """Whether ``key`` held a readable note that the saved-games list rightly wrote again: the note
    was not damaged, its game is still stored and opens, and the new note is the old one with only
    the fields derived from the game's record (``sig game players over totals n``) replaced by what
    a note written from scratch for that record says.  A damaged note must stay as it was."""
    gid = key[len(META_KEY):]
    if not key.startswith(META_KEY) or GAME_KEY + gid not in after or key not in after:
        return False
    was = DictStore()
    was.data.update({key: old, GAME_KEY + gid: after[GAME_KEY + gid]})
    if any(e.error and e.error[0] == "damaged-note" for e in SaveStore(was).list(quick=True)):
        return False
    fresh = DictStore()
    fresh.data[GAME_KEY + gid] = after[GAME_KEY + gid]
    rows = SaveStore(fresh).list()        # replays the game and notes it
    if len(rows) != 1 or rows[0].error is not None or key not in fresh.data:
        return False
    derived = json.loads(fresh.data[key])
    return json.loads(after[key]) == {**json.loads(old), **derived}


def check_nothing_readable_lost(before: dict[str, str], touched: set[str], store: DictStore, seen: dict,
                                case: str) -> None:
    old_games = stats.parse_stats(before.get(stats.STATS_KEY))[0]["games"]
    aside_values = {store.data[k] for k in store.data if k.startswith(stats_store.ASIDE_KEY)}
    for key, value in before.items():
        if key in store.data and store.data[key] == value:
            continue
        if key == stats.STATS_KEY:        # moved: every readable game of it is counted
            assert set(old_games) <= set(seen["stats"]["games"]), case
            continue
        if note_rebuilt(key, value, store.data):   # derived data, rebuilt from the intact game
            continue
        assert value in aside_values or (key.startswith(stats_store.ENTRY_KEY) and value in {
            stats.dump_entry(e) for e in seen["stats"]["games"].values()}) or key.startswith(
                stats_store.ENTRY_KEY) and stats.read_entry(key[len(stats_store.ENTRY_KEY):], value)[0] is not None, \
            f"{case}: {key} lost"
    for i in range(len(GAMES)):
        gid = f"g{i}"
        if GAME_KEY + gid not in touched:
            e = seen["listed"].get(gid)
            assert e is not None and e.error is None, f"{case}: {gid} {e}"
    if SETTINGS_KEY not in touched:
        assert seen["settings"]["speed"] == "fast" and seen["settings"]["lang"] == "fr", case
    for key in before:
        if key.startswith(stats_store.ENTRY_KEY) and key not in touched:
            assert key[len(stats_store.ENTRY_KEY):] in seen["stats"]["games"], f"{case}: {key}"


def test_hundreds_of_damaged_stores_are_read_without_error_and_lose_nothing_readable():
    rnd = random.Random(SEED)
    for case_no in range(CASES):
        case = f"case {case_no}"
        store = good_store(rnd)
        touched = damage(store, rnd)
        before = dict(store.data)
        try:
            seen = read_everything(store)
        except Exception as err:   # the point of the test: name the case
            raise AssertionError(f"{case}: {type(err).__name__}: {err}") from err
        check_nothing_readable_lost(before, touched, store, seen, case)
        if case_no % 10 == 0:       # counting a game afterwards changes none of it
            stats_screen.record_game(store, spades_record(), now=9.0)
            seen = read_everything(store)
            check_nothing_readable_lost(before, touched, store, seen, case + " after counting a game")


@pytest.mark.parametrize("text", ["[" * 20_000 + "]" * 20_000, '{"lang": ' * 5000, "\udc80", "x" * 10 ** 6,
                                  '{"lang": "fr", "speed": ["fast"]}', '{"lang": {"fr": 1}}', "null"])
def test_damaged_settings_and_language_read_as_defaults(text):
    s = parse_settings(text)
    assert {k: s[k] for k in DEFAULTS} == DEFAULTS or s.get("lang") == "fr"
    assert s.get("lang") in (None, "fr")
