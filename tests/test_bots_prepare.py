"""``cardtable.bots.prepare``: what the page calls before its first computer move."""

from __future__ import annotations

import gc
import sys

import cardtable.bots as bots


def test_prepare_loads_the_searches_and_freezes_the_heap_once():
    was = bots._prepared
    bots._prepared = False
    try:
        assert bots.prepare() is True
        assert "cardtable.bots.spades" in sys.modules and "cardtable.bots.seep" in sys.modules
        assert gc.get_freeze_count() > 0  # the objects alive so far are out of the collector's way
        assert bots.prepare() is False  # later calls do nothing
        # a search still decides after it (and leaves the collector as it found it)
        from cardtable.record import new_game
        game = new_game({"format": "cardtable/1", "game": "seep", "options": {}, "seed": 3, "actions": []})
        enabled = gc.isenabled()
        assert bots.choose_action("seep", game.view(game.to_act), "strong", budget=0.05) in game.legal_actions()
        assert gc.isenabled() == enabled
    finally:
        gc.unfreeze()
        bots._prepared = was
