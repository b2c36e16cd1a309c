"""The ICE servers a player may set in Settings for play over the internet (``stores.ice``,
kept by ``stores.settings``): only ``stun:``/``turn:``/``turns:`` addresses, TURN with a
username and credential; anything stored that is not that reads as not set (nothing contacted)."""

from __future__ import annotations

import doctest
import json

import pytest

from cardtable.stores import ice as ice_mod
from cardtable.stores.ice import ice_servers, problems, url_problem
from cardtable.stores.settings import DEFAULTS, dump_settings, parse_settings

TURN = {"turn": "turn:relay.example.org:3478?transport=udp", "turn_user": "ana", "turn_pass": "pa ss:1"}


def test_none_is_set_by_default_so_nothing_is_contacted():
    assert ice_servers(DEFAULTS) == [] and ice_servers(parse_settings(None)) == []
    assert json.loads(dump_settings(DEFAULTS)) == {"speed": "normal"}   # nothing written for them


@pytest.mark.parametrize("url", ["stun:stun.example.org", "stun:192.0.2.1:3478", "stun:[2001:db8::1]:19302",
                                 "stun:localhost"])
def test_stun_addresses_taken(url):
    assert url_problem(url, ("stun",)) is None
    assert ice_servers({"stun": url}) == [{"urls": url}]


@pytest.mark.parametrize("url, why", [("https://stun.example.org", "scheme"), ("turn:relay.example.org", "scheme"),
                                      ("stun:", "host"), ("stun:exa mple.org", "host"), ("stun:a..b", "host"),
                                      ("stun:a.b:65536", "port"), ("stun:a.b:x", "host"),
                                      ("stun:a.b?transport=tcp", "transport"), ("stun:" + "a" * 300, "long"),
                                      ("javascript:alert(1)", "scheme"), ("stun:a.b\n", "host")])
def test_stun_addresses_refused_with_the_reason(url, why):
    assert url_problem(url, ("stun",)) == why
    assert problems({"stun": url}) == {"stun": why}
    assert ice_servers({"stun": url}) == []


def test_turn_needs_its_username_and_credential():
    assert problems(TURN) == {}
    assert ice_servers({**TURN, "stun": "stun:s.example"}) == [
        {"urls": "stun:s.example"}, {"urls": TURN["turn"], "username": "ana", "credential": "pa ss:1"}]
    assert problems({**TURN, "turn_pass": ""}) == {"turn_pass": "missing"}
    assert problems({**TURN, "turn_user": "", "turn_pass": ""}) == {"turn_user": "missing", "turn_pass": "missing"}
    assert problems({**TURN, "turn_user": "a\x00b"}) == {"turn_user": "bad"}
    assert problems({**TURN, "turn": "turns:relay.example.org:5349"}) == {}
    assert problems({**TURN, "turn": "stun:relay.example.org"}) == {"turn": "scheme"}
    assert ice_servers({**TURN, "turn_pass": ""}) == []


def test_settings_keep_them_and_read_back_only_valid_ones():
    chosen = {**DEFAULTS, "stun": "stun:s.example:3478", **TURN}
    text = dump_settings(chosen)
    assert parse_settings(text) == chosen
    assert ice_servers(parse_settings(text)) == ice_servers(chosen) != []
    # stored by another version or by hand: each malformed value reads as not set
    odd = json.dumps({"stun": "stun:s.example <b>", "turn": ["turn:x"], "turn_user": 3, "turn_pass": "x" * 999})
    assert {k: parse_settings(odd)[k] for k in ice_mod.FIELDS} == dict.fromkeys(ice_mod.FIELDS, "")
    assert ice_servers({"stun": None, "turn": {"urls": "turn:x"}}) == []


def test_module_doctests():
    assert doctest.testmod(ice_mod).failed == 0
