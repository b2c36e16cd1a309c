"""The Settings screen (pure HTML): one ``<h1>``, a group of buttons per setting.

Every choice is a button whose ``data-act`` is ``set:<key>:<value>`` (the app stores the new
settings at once, ``settings.changed``); a switch is a ``role="switch"`` button.  Opened from
home or from the table's top bar; *Done* goes back where it came from (the table keeps its game).
"""

from __future__ import annotations

from ..cards import Card
from .i18n import N_, _
from .markup import button, card_face, esc

SPEED_LABELS = [("slow", N_("Slow")), ("normal", N_("Normal")), ("fast", N_("Fast"))]
DECK_LABELS = [("two", N_("Two colours")), ("four", N_("Four colours"))]
SIZE_LABELS = [("normal", N_("Normal")), ("large", N_("Large"))]
SAMPLE = ("AS", "KH", "QD", "JC")


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


def settings_html(settings: dict, in_game: bool) -> str:
    """The screen for ``settings``; ``in_game``: opened from a table (Done goes back to it)."""
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
             '<div class="form-buttons">'
             + button(esc(done), "nav:settings-done", cls="btn big", key="settings-done").replace(
                 "<button ", "<button data-autofocus ", 1)
             + "</div></section>"]
    return "".join(parts)
