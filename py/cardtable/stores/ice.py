"""The ICE servers a player may set for play over the internet (pure Python): a STUN address, and
optionally a TURN address with its username and credential, checked here before they are kept in
the settings or given to the page's ``RTCPeerConnection`` (``web/net.js``).  None is set by
default: with none, nothing is contacted, and devices connect by their own addresses (the same
Wi-Fi or a phone's hotspot).

>>> problems({"stun": "stun:stun.example.org:3478", "turn": "turns:[2001:db8::1]:5349?transport=tcp",
...           "turn_user": "ana", "turn_pass": "s3cret"})
{}
>>> problems({"stun": "http://example.org", "turn": "turn:relay.example.org", "turn_user": "", "turn_pass": ""})
{'stun': 'scheme', 'turn_user': 'missing', 'turn_pass': 'missing'}
>>> ice_servers({"stun": "stun:192.0.2.7"})
[{'urls': 'stun:192.0.2.7'}]
>>> ice_servers({"stun": "", "turn": "turn:relay.example.org:3478", "turn_user": "ana", "turn_pass": "x"})
[{'urls': 'turn:relay.example.org:3478', 'username': 'ana', 'credential': 'x'}]
>>> ice_servers({}) == ice_servers({"stun": "stun:bad host", "turn": "turn:ok.example", "turn_user": "ana"}) == []
True
"""

from __future__ import annotations

import re
from typing import Optional

FIELDS = ("stun", "turn", "turn_user", "turn_pass")
"""The settings' keys (text, empty when not set)."""
MAX_URL = 256
MAX_SECRET = 256
_URL = re.compile(r"(stun|turn|turns):(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(?::([0-9]{1,5}))?(\?transport=(?:udp|tcp))?")
_LABEL = re.compile(r"[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?")


def url_problem(text: str, schemes: tuple[str, ...]) -> Optional[str]:
    """Why ``text`` is not an ICE server URL with one of ``schemes`` (None: it is one).

    Codes: ``scheme`` (not ``stun:``/``turn:``/``turns:``, or not the kind the field takes),
    ``host``, ``port``, ``transport`` (a STUN address takes none), ``long``.

    >>> [url_problem(t, ("stun",)) for t in ("stun:a.b", "stun:a.b:0", "stun:-a.b", "stun:a.b?transport=udp", "turn:a.b")]
    [None, 'port', 'host', 'transport', 'scheme']
    """
    if not isinstance(text, str) or len(text) > MAX_URL:
        return "long"
    m = _URL.fullmatch(text)
    if not m:
        scheme = text.split(":", 1)[0]
        return "host" if scheme in schemes else "scheme"
    scheme, host, port, transport = m.groups()
    if scheme not in schemes:
        return "scheme"
    if not host.startswith("[") and (len(host) > 253 or not all(_LABEL.fullmatch(p) for p in host.split("."))):
        return "host"
    if port is not None and not 0 < int(port) < 65536:
        return "port"
    if transport and scheme == "stun":
        return "transport"
    return None


def _secret_ok(text) -> bool:
    return isinstance(text, str) and 0 < len(text) <= MAX_SECRET and text.isprintable()


def valid_value(key: str, value) -> bool:
    """Whether a stored value can be the setting ``key`` (empty: not set)."""
    if not isinstance(value, str):
        return False
    if value == "":
        return True
    if key == "stun":
        return url_problem(value, ("stun",)) is None
    if key == "turn":
        return url_problem(value, ("turn", "turns")) is None
    return key in ("turn_user", "turn_pass") and _secret_ok(value)


def problems(values: dict) -> dict[str, str]:
    """What is wrong with a form's values, per field (``{}``: they can be kept): a URL's problem
    (``url_problem``), ``missing`` (a TURN address needs a username and a credential), ``bad``."""
    out: dict[str, str] = {}
    stun, turn = values.get("stun", ""), values.get("turn", "")
    if stun and (why := url_problem(stun, ("stun",))):
        out["stun"] = why
    if turn and (why := url_problem(turn, ("turn", "turns"))):
        out["turn"] = why
    for key in ("turn_user", "turn_pass"):
        text = values.get(key, "")
        if turn and not text:
            out[key] = "missing"
        elif text and not _secret_ok(text):
            out[key] = "bad"
    return out


def ice_servers(settings: dict) -> list[dict]:
    """The ``iceServers`` of an ``RTCPeerConnection`` for ``settings`` (only what is whole and valid)."""
    values = {k: settings.get(k, "") for k in FIELDS}
    if any(not valid_value(k, v) for k, v in values.items()):
        values = {k: (v if valid_value(k, v) else "") for k, v in values.items()}
    servers = []
    if values["stun"] and "stun" not in problems(values):
        servers.append({"urls": values["stun"]})
    if values["turn"] and not {"turn", "turn_user", "turn_pass"} & set(problems(values)):
        servers.append({"urls": values["turn"], "username": values["turn_user"], "credential": values["turn_pass"]})
    return servers
