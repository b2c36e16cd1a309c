"""The player's settings (``cardtable.stores.settings``): read defensively, written compactly."""

from __future__ import annotations

import doctest
import json

import pytest

from cardtable.stores import settings as settings_mod
from cardtable.stores.settings import DEFAULTS, changed, dump_settings, html_classes, parse_settings


def test_defaults_sound_off_handoff_on():
    assert DEFAULTS == {"speed": "normal", "deck": "two", "cards": "normal", "level": "casual", "confirm": False, "sound": False,
                        "handoff": True, "stun": "", "turn": "", "turn_user": "", "turn_pass": ""}


@pytest.mark.parametrize("text", [None, "", "not json", "[]", "3", "null", '"speed"', "{" * 5000,
                                  '{"speed": 1, "deck": "eight", "cards": null, "confirm": "yes", '
                                  '"sound": 1, "handoff": 0}'])
def test_anything_stored_reads_as_settings(text):
    assert parse_settings(text) == DEFAULTS


def test_every_setting_survives_a_round_trip_and_unknown_keys_are_dropped():
    chosen = {"speed": "fast", "deck": "four", "cards": "large", "level": "expert", "confirm": True, "sound": True,
              "handoff": False}
    text = dump_settings({**chosen, "later": "x"})
    assert json.loads(text) == chosen
    assert parse_settings(text) == {**DEFAULTS, **chosen}
    # each value kept on its own, the others defaulted
    for key, value in chosen.items():
        assert parse_settings(json.dumps({key: value})) == {**DEFAULTS, key: value}


def test_an_older_versions_file_still_reads_and_the_speed_is_always_written():
    assert parse_settings('{"speed": "slow"}') == {**DEFAULTS, "speed": "slow"}
    assert dump_settings({**DEFAULTS, "speed": "slow"}) == '{"speed": "slow"}'


def test_changed_takes_form_text_and_refuses_what_is_not_allowed():
    s = changed(DEFAULTS, "handoff", "off")
    assert s["handoff"] is False and DEFAULTS["handoff"] is True
    assert changed(s, "deck", "four")["deck"] == "four"
    assert changed(s, "deck", "<b>") == s
    assert changed(s, "nonsense", "on") == s
    assert changed(s, "speed", "on") == s


def test_html_classes_name_only_known_values():
    assert html_classes(parse_settings('{"deck": "four", "cards": "large"}')) == {
        "speed": "normal", "deck": "four", "cards": "large"}


def test_module_doctests():
    assert doctest.testmod(settings_mod).failed == 0


class _Table:
    armed = None


class _App:
    """What the table hooks read of the app."""

    def __init__(self, **settings):
        self.settings = {**DEFAULTS, **settings}
        self.table = _Table()
        self.__dict__["review_settings"] = {"review": None, "review_id": None, "back_to": "home", "cue_turn": False}


def test_confirm_before_play_waits_for_a_second_tap_on_the_same_card():
    from cardtable.ui.screens.review_settings import needs_second_tap

    off = _App()
    assert needs_second_tap(off, "play QS") is False            # the setting off: one tap plays
    app = _App(confirm=True)
    assert needs_second_tap(app, "bid 4") is False              # only card plays wait
    assert needs_second_tap(app, "play QS") is True and app.table.armed == "play QS"
    assert needs_second_tap(app, "play 2H") is True and app.table.armed == "play 2H"   # another card: picked instead
    assert needs_second_tap(app, "play 2H") is False and app.table.armed is None       # the same card again: played


def test_the_sound_cues():
    from cardtable.ui.shell.sound import NOTES, cue_for

    assert cue_for("play QS", "trick") == "won" and cue_for("play QS", None) == "play"
    assert cue_for("capture QC 5D", None) == "won" and cue_for("build 11 6H 5H", None) == "play"
    assert cue_for("bid 11", None) is None and cue_for("peek 1 2 3", "reveal") is None
    assert all(0 < f < 2000 and 0 < length <= 0.2 for notes in NOTES.values() for f, _s, length in notes)


def test_the_settings_screen_has_one_h1_and_every_choice_as_a_named_button():
    import re

    from cardtable.ui.screens.settings import settings_html

    html = settings_html({**DEFAULTS, "deck": "four", "handoff": False}, in_game=True)
    assert html.count("<h1") == 1 and "Back to the game" in html
    pressed = {m[0]: m[1] for m in re.findall(r'data-key="(set:deck:\w+)" aria-pressed="(\w+)"', html)}
    assert pressed == {"set:deck:two": "false", "set:deck:four": "true"}
    assert 'data-act="set:handoff:on"' in html and 'aria-checked="false"' in html  # off now: the switch turns it on
    for b in re.findall(r"<button[^>]*>", html):
        assert "data-act=" in b and "data-key=" in b
    assert "everyone near the screen can see them" in html


def test_the_computers_level_is_chosen_on_the_tiles_and_remembered():
    """Issue #46: *Play against the computer* was always the quick level; the level is offered on
    each game's tile (one setting, both tiles) and a strange stored value reads as quick."""
    import re

    from cardtable.ui.screens import home
    assert parse_settings('{"level": "godlike"}')["level"] == "casual"
    html = home.home_html([], None, 5000.0, level="strong")
    for game in ("dummy-spades", "seep"):
        tile = re.search(rf'<article class="tile tile-{game}">.*?</article>', html).group(0)
        pressed = re.findall(r'data-act="level:(\w+)"[^>]*aria-pressed="true"|aria-pressed="true"[^>]*data-act="level:(\w+)"', tile)
        assert [a or b for a, b in pressed] == ["strong"], tile
        assert 'data-act="quick:' in tile and 'aria-label="Computer level"' in tile
    assert 'data-act="level:' not in home.home_html([], None, 5000.0, bots=False)
