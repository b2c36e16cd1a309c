"""The Settings screen (pure HTML): one ``<h1>``, a group of buttons per setting.

Every choice is a button whose ``data-act`` is ``set:<key>:<value>`` (the app stores the new
settings at once, ``settings.changed``); a switch is a ``role="switch"`` button.  Opened from
home or from the table's top bar; *Done* goes back where it came from (the table keeps its game).
"""

from __future__ import annotations

from typing import Optional

from ...cards import Card
from ..text.i18n import N_, _, decimal
from ..text.markup import button, card_face, esc

SPEED_LABELS = [("slow", N_("Slow")), ("normal", N_("Normal")), ("fast", N_("Fast"))]
DECK_LABELS = [("two", N_("Two colours")), ("four", N_("Four colours"))]
SIZE_LABELS = [("normal", N_("Normal")), ("large", N_("Large"))]
SAMPLE = ("AS", "KH", "QD", "JC")
ICE_LABELS = [("stun", N_("STUN address")), ("turn", N_("TURN address (optional)")),
              ("turn_user", N_("TURN username")), ("turn_pass", N_("TURN password"))]
ICE_PROBLEMS = {"scheme": N_("A STUN address starts with stun:, a TURN one with turn: or turns:."),
                "host": N_("The server’s name or address is not valid."),
                "port": N_("The port is a number from 1 to 65535."),
                "transport": N_("A STUN address takes no ?transport= part."),
                "long": N_("This is too long."),
                "missing": N_("A TURN server needs its username and password."),
                "bad": N_("Use printable characters only.")}
"""Why an ICE server field is refused (``stores.ice.problems``), in words."""


def _choices(key: str, labels: list[tuple[str, str]], value: str, title: str, note: str = "") -> str:
    chips = "".join(button(esc(_(label)), f"set:{key}:{v}", cls="btn ghost small", key=f"set:{key}:{v}",
                           pressed=v == value) for v, label in labels)
    note_html = f'<p class="muted small">{esc(note)}</p>' if note else ""
    return (f'<div class="setting" role="group" aria-labelledby="set-{key}"><h2 id="set-{key}">{esc(title)}</h2>'
            f'<div class="setting-chips">{chips}</div>{note_html}</div>')


def _switch(key: str, on: bool, title: str, note: str) -> str:
    return (f'<div class="setting"><button type="button" class="switch{" on" if on else ""}" '
            f'data-act="set:{key}:{"off" if on else "on"}" data-key="set:{key}" role="switch" '
            f'aria-checked="{"true" if on else "false"}"><span class="knob" aria-hidden="true"></span>'
            f'<span class="sw-text"><b>{esc(title)}</b><small>{esc(note)}</small></span></button></div>')


def _mb(n: int) -> str:
    """A size in words: ``12 KB``, ``1.4 MB``, ``10.7 GB``."""
    if n < 100_000:
        return _("{n} KB").format(n=max(1, round(n / 1000)) if n else 0)
    if n < 1e9:
        return _("{n} MB").format(n=decimal(n / 1e6))
    return _("{n} GB").format(n=decimal(n / 1e9))


def ice_html(values: dict, problems: dict, saved: bool = False) -> str:
    """The *Play over the internet* group: the STUN and TURN servers for play across devices
    (``values``: the fields' text; ``problems``: a field's refusal code; ``saved``: just kept)."""
    fields = []
    for key, label in ICE_LABELS:
        why = problems.get(key)
        error = f'<span class="error" id="ice-{key}-error">{esc(_(ICE_PROBLEMS[why]))}</span>' if why else ""
        kind = "password" if key == "turn_pass" else "text"
        hint = ' placeholder="stun:stun.example.org:3478"' if key == "stun" else (
            ' placeholder="turn:turn.example.org:3478"' if key == "turn" else "")
        fields.append(f'<label class="field"><span>{esc(_(label))}</span><input id="ice-{key}" type="{kind}" '
                      f'value="{esc(values.get(key, ""))}" spellcheck="false" autocomplete="off" data-keep{hint}'
                      f'{f" aria-invalid=true aria-describedby=ice-{key}-error" if why else ""}>{error}</label>')
    note = f'<p class="notice" role="status">{esc(_("Saved."))}</p>' if saved else ""
    return (f'<form class="setting ice-setting" role="group" aria-labelledby="set-ice"><h2 id="set-ice">'
            f'{esc(_("Play over the internet"))}</h2><p class="muted small">'
            + esc(_("Devices on the same Wi-Fi or a phone’s hotspot need nothing here. To play across devices over "
                    "the internet, set a STUN server; a TURN server relays the game when the devices cannot reach "
                    "each other. None is set: nothing is contacted unless you set one."))
            + "</p>" + "".join(fields) + note + '<div class="setting-chips">'
            + button(esc(_("Save the servers")), "ice", cls="btn ghost small", key="ice-save") + "</div></form>")


def data_html(usage: dict, notice: str = "") -> str:
    """The *Your data* group: what is kept and how much room it takes, *Export all my data* and
    *Restore from a backup…* (the file input ``#backup-file``).

    ``usage``: ``saves``, ``stats``, ``other`` (characters stored under ``cardtable/``), and when
    the browser said: ``used``/``quota`` (``navigator.storage.estimate()``, the site's files
    included) and ``persisted`` (``navigator.storage.persisted()``)."""
    total = usage.get("saves", 0) + usage.get("stats", 0) + usage.get("other", 0)
    lines = [_("Saved in this browser: {total} (saved games {saves}, statistics {stats}).").format(
                   total=_mb(total), saves=_mb(usage.get("saves", 0)), stats=_mb(usage.get("stats", 0)))]
    if usage.get("quota"):
        lines.append(_("The browser reports {used} used by this site (with the app's own files) of {quota} it may use.")
                     .format(used=_mb(usage["used"]), quota=_mb(usage["quota"])))
    if usage.get("persisted") is True:
        lines.append(_("The browser keeps this data until you delete it."))
    elif usage.get("persisted") is False:
        lines.append(_("The browser may clear this data when space runs short: export it now and then."))
    text = "".join(f'<p class="muted small">{esc(line)}</p>' for line in lines)
    note = f'<p class="notice" role="status">{esc(notice)}</p>' if notice else ""
    return (f'<div class="setting data-setting" role="group" aria-labelledby="set-data"><h2 id="set-data">{esc(_("Your data"))}</h2>'
            f"{note}{text}"
            '<div class="setting-chips">'
            + button(esc(_("Export all my data")), "backup:export", cls="btn ghost small", key="backup-export")
            + f'<label class="btn ghost small" for="backup-file">{esc(_("Restore from a backup…"))}</label>'
            '<input type="file" id="backup-file" accept=".json,application/json" class="visually-hidden">'
            "</div>"
            f'<p class="muted small">{esc(_("Restoring adds what is missing here and never writes over a game."))}</p>'
            "</div>")


def settings_html(settings: dict, in_game: bool, data: Optional[str] = None, ice: Optional[str] = None) -> str:
    """The screen for ``settings``; ``in_game``: opened from a table (Done goes back to it);
    ``data``: the *Your data* group (``data_html``), when the app gives one; ``ice``: the *Play
    over the internet* group (``ice_html``; drawn from ``settings`` when not given)."""
    sample = "".join(card_face(Card.parse(c)) for c in SAMPLE)
    done = _("Back to the game") if in_game else _("Done")
    parts = ['<section class="settings-page">',
             '<header class="settings-head">'
             + button("⌂", "nav:home", cls="btn ghost small icon", key="home", aria_label=_("Home"), title=_("Home"))
             + f'<h1>{esc(_("Settings"))}</h1></header>',
             _choices("speed", SPEED_LABELS, settings["speed"], _("Speed of play"),
                      _("How long a finished trick stays on the table and how long a computer waits before it plays.")),
             _choices("deck", DECK_LABELS, settings["deck"], _("Deck"),
                      _("Four colours: clubs green and diamonds blue. Every card keeps its suit symbol.")),
             f'<div class="setting-sample hand-cards" aria-hidden="true">{sample}</div>',
             _choices("cards", SIZE_LABELS, settings["cards"], _("Card size")),
             _switch("confirm", settings["confirm"], _("Tap twice to play a card"),
                     _("The first tap picks the card and says \u201cTap again to play\u201d; the second plays it. "
                       "In Seep a move is always chosen in two steps.")),
             _switch("sound", settings["sound"], _("Sound"),
                     _("Short sounds for a card played, a trick or capture won, and your turn.")),
             _switch("handoff", settings["handoff"], _("Hand-off screen between people"),
                     _("With it off, when the turn passes to another person their cards show at once: "
                       "in pass-and-play everyone near the screen can see them. "
                       "Against the computer alone you never need it.")),
             ice if ice is not None else ice_html(settings, {}),
             data or "",
             '<div class="form-buttons">'
             + button(esc(done), "nav:settings-done", cls="btn big", key="settings-done").replace(
                 "<button ", "<button data-autofocus ", 1)
             + "</div></section>"]
    return "".join(parts)
