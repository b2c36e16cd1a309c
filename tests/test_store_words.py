"""Storage-full words true for the case (issue #44, case 6): whether a save of the game is kept, and
whether deleting other saved games could make room, decide what the banner says."""

from __future__ import annotations

import pytest

from cardtable.stores.saves import DictStore, SaveStore
from cardtable.ui.text.full import full_words
from test_backup import record


@pytest.mark.parametrize("saved, others, said, not_said", [
    (False, False, "this game is not saved. Export it to keep it.", ("last good save", "delete")),
    (False, True, "this game is not saved. Export it to keep it, or delete old saved games.", ("last good save",)),
    (True, False, "the last good save of this game is kept", ("delete",)),
    (True, True, "the last good save of this game is kept", ()),
])
def test_the_storage_full_banner_says_what_is_true(saved, others, said, not_said):
    saves = SaveStore(DictStore())
    if saved:
        saves.save("g", record(4))
    if others:
        saves.save("other", record(6))
    words = full_words(saves, "g")
    assert said in words
    assert not any(w in words for w in not_said), words
    assert ("delete old saved games" in words) == others


def test_home_lists_finished_games_apart_with_the_files_buttons_above_the_list():
    """Issue #44, case 4: finished games grouped apart from the games in play, and *Import a game
    file…* before the list, however long it is."""
    from cardtable.stores.saves import SavedGame
    from cardtable.ui.screens import home
    saves = [SavedGame(id=f"f{i}", game="seep", players=["Ana", "Ben"], over=True, updated=float(i),
                       totals="3 hands · Ana 3 · Ben 9") for i in range(500)]
    saves.insert(250, SavedGame(id="live", game="seep", players=["Ana", "Ben"], updated=9.0, totals="hand 2 · Ana 3"))
    html = home.home_html(saves, None, 5000.0)
    at = html.index
    assert at('for="import-file"') < at('data-act="open:live"') < at("Finished games") < at('open-review:f0')
    assert html.count("Finished games") == 1 and 'class="save-list finished"' in html
