"""The player's settings (``cardtable.ui.settings``): read defensively, written compactly."""

from __future__ import annotations

import doctest
import json

import pytest

from cardtable.ui import settings as settings_mod
from cardtable.ui.settings import DEFAULTS, changed, dump_settings, html_classes, parse_settings


def test_defaults_sound_off_handoff_on():
    assert DEFAULTS == {"speed": "normal", "deck": "two", "cards": "normal", "confirm": False, "sound": False,
                        "handoff": True}


@pytest.mark.parametrize("text", [None, "", "not json", "[]", "3", "null", '"speed"', "{" * 5000,
                                  '{"speed": 1, "deck": "eight", "cards": null, "confirm": "yes", '
                                  '"sound": 1, "handoff": 0}'])
def test_anything_stored_reads_as_settings(text):
    assert parse_settings(text) == DEFAULTS


def test_every_setting_survives_a_round_trip_and_unknown_keys_are_dropped():
    chosen = {"speed": "fast", "deck": "four", "cards": "large", "confirm": True, "sound": True, "handoff": False}
    text = dump_settings({**chosen, "later": "x"})
    assert json.loads(text) == chosen
    assert parse_settings(text) == chosen
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
