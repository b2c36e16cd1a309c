"""The player's settings, kept in localStorage under ``cardtable/v1/settings`` (pure Python).

What a player can choose, and what each setting does:

* ``speed`` (``slow`` | ``normal`` | ``fast``): the pace of the table -- how long a finished
  trick stays on the table and how long a computer player waits before its move;
* ``deck`` (``two`` | ``four``): the four-colour deck (clubs green, diamonds blue), drawn by CSS
  from a class on ``<html>``; the suit symbol stays on every card, so colour is never the only sign;
* ``cards`` (``normal`` | ``large``): the size of the cards in a hand;
* ``confirm`` (bool): a card is played by a second tap -- the first one picks it and says
  "Tap again to play" (for pass-and-play and small screens);
* ``sound`` (bool): short sounds, synthesised in the page (``ui.shell.sound``), off by default;
* ``level`` (``casual`` | ``strong`` | ``expert``): the computers' level of *Play against the
  computer* (chosen on the home screen's tiles);
* ``handoff`` (bool): the "Pass the device to …" screen between people, on by default;
* ``stun``, ``turn``, ``turn_user``, ``turn_pass`` (text, empty by default): the ICE servers for
  play across devices over the internet (``stores.ice``: a ``stun:`` address, a ``turn:``/``turns:``
  one with its username and credential); with none set, nothing is contacted;
* ``lang``: the language, kept only once the player has chosen one (until then the app follows
  the browser's languages).

The stored text is whatever the browser holds -- possibly written by another version or edited
by hand -- so ``parse_settings`` accepts anything and keeps only what it understands:

>>> parse_settings('{"speed": "fast"}')["speed"]
'fast'
>>> parse_settings('[' * 20000 + ']' * 20000) == parse_settings('not json') == parse_settings('{"speed": "warp", "sound": "yes"}') == parse_settings(None) == DEFAULTS
True
>>> s = parse_settings('{"deck": "four", "confirm": true, "extra": 1}')
>>> s["deck"], s["confirm"], s["sound"]
('four', True, False)
>>> dump_settings(s)     # the speed always, the others only when they are not the default
'{"confirm": true, "deck": "four", "speed": "normal"}'
>>> parse_settings('{"speed": "slow", "lang": "fr"}')["lang"], "lang" in parse_settings('{"lang": "tlh"}')
('fr', False)
>>> dump_settings({"speed": "fast", "lang": "fr"})
'{"lang": "fr", "speed": "fast"}'
>>> s = parse_settings('{"stun": "stun:stun.example.org", "turn": "turn:x y", "turn_user": 7}')
>>> s["stun"], s["turn"], s["turn_user"]
('stun:stun.example.org', '', '')
>>> pace("slow").collect_ms > pace("normal").collect_ms > pace("fast").collect_ms
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Optional

from .ice import FIELDS as ICE_FIELDS, valid_value as ice_value
from ..record import load_json
from ..locale import LANGUAGES

SETTINGS_KEY = "cardtable/v1/settings"
MAX_SETTINGS_BYTES = 20_000
"""The longest settings text read (what this version writes is under 200 bytes)."""
SPEEDS = ("slow", "normal", "fast")
DECKS = ("two", "four")
CARD_SIZES = ("normal", "large")
LEVELS = ("casual", "strong", "expert")

#: each setting's allowed values (a tuple of choices, ``bool``, or a check of ``(key, value)``) and its default
CHOICES: dict[str, Any] = {"speed": SPEEDS, "deck": DECKS, "cards": CARD_SIZES, "level": LEVELS,
                           "confirm": bool, "sound": bool, "handoff": bool, **dict.fromkeys(ICE_FIELDS, ice_value)}
DEFAULTS = {"speed": "normal", "deck": "two", "cards": "normal", "level": "casual", "confirm": False, "sound": False,
            "handoff": True, **dict.fromkeys(ICE_FIELDS, "")}
ALWAYS_WRITTEN = ("speed",)   # older versions wrote exactly {"speed": ...}: keep writing it


@dataclass(frozen=True)
class Pace:
    """Milliseconds the table waits at each speed."""

    collect_ms: int     # a completed trick stays on the table this long (or until tapped)
    computer_ms: int    # a computer player waits this long before it moves


PACES = {"slow": Pace(1800, 1200), "normal": Pace(1000, 700), "fast": Pace(350, 200)}


def valid(key: str, value: Any) -> bool:
    """Whether ``value`` is one ``key`` may hold (a bool setting takes only ``true``/``false``)."""
    allowed = CHOICES.get(key)
    if allowed is bool:
        return isinstance(value, bool)
    if callable(allowed):
        return allowed(key, value)
    return allowed is not None and isinstance(value, str) and value in allowed


def parse_settings(text: Optional[str]) -> dict:
    """The settings stored as ``text``, every unknown or malformed value replaced by its default.

    Read with the checked loader: text nested 20,000 deep or megabytes long gives the defaults
    (a plain ``json.loads`` of it would stop Python in the page).
    """
    out = dict(DEFAULTS)
    if not isinstance(text, (str, bytes, bytearray)):
        return out
    try:
        data = load_json(text, max_bytes=MAX_SETTINGS_BYTES, what="settings") if text else {}
    except ValueError:   # RecordError: not JSON, too big, too deep
        return out
    if not isinstance(data, dict):
        return out
    for key in DEFAULTS:
        if valid(key, data.get(key)):
            out[key] = data[key]
    if data.get("lang") in LANGUAGES:
        out["lang"] = data["lang"]
    return out


def dump_settings(settings: dict) -> str:
    """The text to store: the speed, the language once chosen, and every other setting that is not
    its default."""
    return json.dumps({k: settings[k] for k in (*DEFAULTS, "lang")
                       if k in settings and (k in ALWAYS_WRITTEN or k == "lang" or settings[k] != DEFAULTS[k])},
                      sort_keys=True)


def changed(settings: dict, key: str, value: str) -> dict:
    """``settings`` with ``key`` set from a form's text ``value`` ("on"/"off" for the switches);
    anything not allowed leaves them as they were.

    >>> changed(DEFAULTS, "sound", "on")["sound"], changed(DEFAULTS, "cards", "huge")["cards"]
    (True, 'normal')
    """
    out = dict(settings)
    new: Any = {"on": True, "off": False}.get(value) if CHOICES.get(key) is bool else value
    if valid(key, new):
        out[key] = new
    return out


def html_classes(settings: dict) -> dict[str, str]:
    """The ``data-*`` attributes the app puts on ``<html>`` for the CSS (deck colours, card size).

    >>> html_classes({"deck": "four", "cards": "large", "speed": "fast"})
    {'speed': 'fast', 'deck': 'four', 'cards': 'large'}
    """
    return {k: str(settings.get(k, DEFAULTS[k])) for k in ("speed", "deck", "cards")}


def pace(speed: str) -> Pace:
    return PACES.get(speed, PACES["normal"])
