"""The player's settings, kept in localStorage under ``cardtable/v1/settings`` (pure Python).

Only the pace of the table is a setting today: how long a finished trick stays on the table and
how long a computer player waits before its move, so people can follow every play.  The stored
text is whatever the browser holds -- possibly written by another version or edited by hand -- so
``parse_settings`` accepts anything and keeps only what it understands:

>>> parse_settings('{"speed": "fast"}')
{'speed': 'fast'}
>>> parse_settings('not json'), parse_settings('{"speed": "warp"}'), parse_settings(None)
({'speed': 'normal'}, {'speed': 'normal'}, {'speed': 'normal'})

The language (``lang``) is kept only once the player has chosen one (until then the app follows
the browser's languages); an unknown value is dropped:

>>> parse_settings('{"speed": "slow", "lang": "fr"}'), parse_settings('{"lang": "tlh"}')
({'speed': 'slow', 'lang': 'fr'}, {'speed': 'normal'})
>>> dump_settings({"speed": "fast", "lang": "fr"})
'{"lang": "fr", "speed": "fast"}'
>>> pace("slow").collect_ms > pace("normal").collect_ms > pace("fast").collect_ms
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Optional

from .i18n import LANGUAGES

SETTINGS_KEY = "cardtable/v1/settings"
SPEEDS = ("slow", "normal", "fast")
DEFAULTS = {"speed": "normal"}


@dataclass(frozen=True)
class Pace:
    """Milliseconds the table waits at each speed."""

    collect_ms: int     # a completed trick stays on the table this long (or until tapped)
    computer_ms: int    # a computer player waits this long before it moves


PACES = {"slow": Pace(1800, 1200), "normal": Pace(1000, 700), "fast": Pace(350, 200)}


def parse_settings(text: Optional[str]) -> dict:
    """The settings stored as ``text``, every unknown or malformed value replaced by its default."""
    out = dict(DEFAULTS)
    try:
        data = json.loads(text) if text else {}
    except (TypeError, ValueError):
        return out
    if isinstance(data, dict) and data.get("speed") in SPEEDS:
        out["speed"] = data["speed"]
    if isinstance(data, dict) and data.get("lang") in LANGUAGES:
        out["lang"] = data["lang"]
    return out


def dump_settings(settings: dict) -> str:
    return json.dumps({k: settings[k] for k in (*DEFAULTS, "lang") if k in settings}, sort_keys=True)


def pace(speed: str) -> Pace:
    return PACES.get(speed, PACES["normal"])
