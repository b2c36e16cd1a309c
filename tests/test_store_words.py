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
