"""Opening a file for review (issue #46), in CPython: a file meant for another button is sent there
in words, a damaged or illegal record says why it cannot be reviewed, a game with no finished hand
says so, and none of them changes the screen's review or anything kept; a good file opens Review."""

from __future__ import annotations

import json
import random

import pytest

from cardtable.record import new_game
from cardtable.ui.screens.review_settings import ReviewSettings


class SlicesAtOnce:
    """The app's ``files.in_slices``, run to its end at once."""

    def in_slices(self, steps, then, failed, soon=False):
        try:
            while True:
                next(steps)
        except StopIteration as done:
            then(done.value)
        except Exception as err:  # noqa: BLE001 (what the app's slicer hands to ``failed``)
            failed(err)


class App:
    def __init__(self):
        self.game, self.dialog, self.notice, self.screen = None, None, "", "home"
        self.files, self.renders = SlicesAtOnce(), 0

    def render(self):
        self.renders += 1


def finished_record() -> dict:
    g = new_game({"format": "cardtable/1", "game": "seep", "seed": 3, "players": ["Ana", "Ben", "Chloé", "Dev"],
                  "actions": []})
    rng = random.Random(3)
    while not g.over:
        g.apply(rng.choice(g.legal_actions()))
    return g.to_record()


@pytest.mark.parametrize("text,words", [
    ('{"format": "cardtable-backup/1", "saves": {}}', "is a backup of Card Table: restore it with"),
    ('{"format": "cardtable-stats/1", "games": []}', "holds statistics: add them with"),
    ('{"format": "cardtable/1", "game": "seep", "seed": 1, "actions": [', "cannot be reviewed"),
    ('{"format": "cardtable/1", "game": "seep", "seed": 1, "actions": ["capture 99Z"]}', "cannot be reviewed"),
    ('{"format": "cardtable/1", "game": "chess", "seed": 1, "actions": []}', "cannot be reviewed"),
    ("not json at all", "cannot be reviewed"),
])
def test_a_wrong_or_damaged_file_is_refused_in_words_and_changes_nothing(text, words):
    app = App()
    screens = ReviewSettings(app)
    screens.open_file(text, "mine.json")
    assert app.screen == "home" and screens.review is None
    assert words in app.notice and ("mine.json" in app.notice or "That game" in app.notice), app.notice


def test_a_game_with_no_finished_hand_says_so_and_a_whole_game_opens_review():
    record = finished_record()
    app = App()
    screens = ReviewSettings(app)
    screens.open_file(json.dumps({**record, "actions": record["actions"][:5]}), "early.json")
    assert app.screen == "home" and screens.review is None and app.notice
    screens.open_file(json.dumps(record), "whole.json")
    assert app.screen == "review" and screens.review is not None and app.notice == ""
    assert screens.review.last == len(record["actions"]) and screens.review_id is None
