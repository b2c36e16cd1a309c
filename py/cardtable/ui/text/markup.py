"""Small HTML helpers shared by every screen.  Pure Python: a screen is a function view -> HTML.

The page morphs ``#app`` to each new render (web/morph.js) and listens for clicks on ``[data-act]``
elements, so a screen's buttons carry their action in ``data-act`` (``"move:play QS"``,
``"nav:home"``) and a stable ``data-key`` (what the morph matches elements by, and what keeps the
focus across redraws).  No inline styles and no inline scripts (the content security policy
forbids both).

Keyboard and screen reader (issue #13; web/morph.js acts on these after every redraw):
``dialog``/``sheet`` are modal (``aria-modal``: the rest of the page is made inert, focus moves in
and comes back to the opener; ``escape`` names the act Escape performs); ``card_group`` is a
labelled toolbar that is one Tab stop (arrow keys move between its cards: ``data-roving``);
``data-autofocus`` is where focus goes on a new screen, ``data-focus-now`` takes the focus when it
first appears (``button(focus_now=True)``), and ``data-shortcut`` is the key (a digit or a letter)
that presses a table's button (web/morph.js).
"""

from __future__ import annotations

import re
from html import escape
from typing import Iterable, Optional

from ...cards import Card, SUIT_NAMES
from ...record import NAME_MAX
from .cardnames import card_name
from .i18n import LANGUAGE_NAMES, LANGUAGES, _
from . import i18n

RED = {"H", "D"}


def esc(text) -> str:
    return escape(str(text), quote=True)


# ---- names: isolated from the text around them (issue 24) -----------------------------------------
FSI, PDI = "\u2068", "\u2069"
BIDI_CONTROLS = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
"""The invisible characters that change the direction of the text after them (embeddings,
overrides, isolates and marks)."""
_ISOLATE_CONTROLS = re.compile("[\u2066-\u2069]")


def clean_name(name: str) -> str:
    """A name as the new-game form and an import keep it: without bidi controls, so an unclosed
    right-to-left override (U+202E) cannot turn the text after it around.

    >>> clean_name("\u202eAna\u200f")
    'Ana'
    """
    return BIDI_CONTROLS.sub("", name)


def kept_name(name: str) -> str:
    """A player's name as the form and an import keep it: bidi controls dropped (``clean_name``),
    spaces collapsed, at most ``NAME_MAX`` characters.

    >>> kept_name("  Ana\u202e  Maria " + "x" * 40) == "Ana Maria " + "x" * 14
    True
    """
    return " ".join(clean_name(str(name)).split())[:NAME_MAX]


def isolated(name: str) -> str:
    """A name for text that shows it: between First Strong Isolate and Pop Directional Isolate,
    so nothing in it (right-to-left letters, an override from an old save) can reorder the text
    around it.  ``isolate_names`` makes a ``<bdi>`` element of it in a screen's HTML; in an
    attribute or a live announcement the two characters do the same job.  Isolate controls in the
    name itself are dropped, so it cannot close the isolate early.

    >>> isolated("Ana") == FSI + "Ana" + PDI, isolated("A\u2069na") == isolated("Ana")
    (True, True)
    """
    return FSI + _ISOLATE_CONTROLS.sub("", str(name)) + PDI


def plain_name(text: str) -> str:
    """``text`` without the isolates ``isolated`` put around names (for a file name, a record)."""
    return text.replace(FSI, "").replace(PDI, "")


_TAG = re.compile(r"(<[^>]*>)")
_ATTRIBUTE = re.compile(r'([\w:-]+)="([^"]*)"')


def _unmarked(m: "re.Match") -> str:
    """An attribute with its isolate marks dropped, but a ``title`` (a tooltip is shown as text)."""
    return m.group(0) if m.group(1) == "title" else f'{m.group(1)}="{plain_name(m.group(2))}"'

_ISOLATED = re.compile(FSI + "([^\u2066-\u2069<]*)" + PDI)


def isolate_names(html: str) -> str:
    """A screen's HTML with every isolated name (``isolated``) in its text made a ``<bdi>``
    element.  SVG text and ``<option>`` labels keep the isolate characters (no ``<bdi>`` there,
    and the characters do the same job), and so does a ``title`` (a tooltip); other attributes
    (``aria-label``...) are read out, not laid out, and lose them.  The app applies it to every
    render.

    >>> isolate_names('<p title="' + isolated("Ana") + ' bids" aria-label="' + isolated("Ana") + ' bids">'
    ...               + isolated("Ana") + ' bids 4</p>') == (
    ...     '<p title="' + isolated("Ana") + ' bids" aria-label="Ana bids"><bdi>Ana</bdi> bids 4</p>')
    True
    """
    if FSI not in html:
        return html
    parts = _TAG.split(html)
    plain_text = 0        # inside <svg> or <option>: text stays text
    for i, part in enumerate(parts):
        if i % 2:
            if FSI in part:
                parts[i] = part = _ATTRIBUTE.sub(_unmarked, part)
            tag = part[1:].split(None, 1)[0].rstrip("/>").lower() if len(part) > 2 else ""
            if tag in ("svg", "option", "textarea", "title"):
                plain_text += 1
            elif tag in ("/svg", "/option", "/textarea", "/title"):
                plain_text = max(0, plain_text - 1)
        elif not plain_text and FSI in part:
            parts[i] = _ISOLATED.sub(r"<bdi>\1</bdi>", part)
    return "".join(parts)


def attrs(**kw) -> str:
    """``attrs(data_act="x", disabled=True)`` -> `` data-act="x" disabled``; None/False are left out."""
    out = []
    for k, v in kw.items():
        if v is None or v is False:
            continue
        name = k.rstrip("_").replace("_", "-")
        out.append(f" {name}" if v is True else f' {name}="{esc(v)}"')
    return "".join(out)


def button(label: str, act: str, cls: str = "btn", key: Optional[str] = None, disabled: bool = False,
           title: Optional[str] = None, aria_label: Optional[str] = None, pressed: Optional[bool] = None,
           shortcut: Optional[str] = None, focus_now: bool = False, autofocus: bool = False) -> str:
    """A ``<button>`` with its act and key; ``shortcut`` a digit key that presses it, ``focus_now``
    takes the focus when it first appears, ``autofocus`` is where a new screen puts the focus."""
    return (f"<button type=\"button\"{attrs(data_autofocus=autofocus, class_=cls, data_act=act, data_key=key or act, disabled=disabled, title=title, aria_label=aria_label, aria_pressed=None if pressed is None else ('true' if pressed else 'false'), data_shortcut=shortcut, data_focus_now=focus_now)}>"
            f"{label}</button>")


def rank_text(card: Card) -> str:
    return "10" if card.rank == 10 else "23456789TJQKA"[card.rank - 2]


def card_face(card: Card, act: Optional[str] = None, playable: bool = False, small: bool = False,
              extra_cls: str = "", label_suffix: str = "", selected: Optional[bool] = None) -> str:
    """A face-up card.  With ``act`` it is a button named like "Queen of spades" (legal or not: a card
    that cannot be played now is ``aria-disabled``, so it keeps the focus and is still read out)."""
    cls = "card" + (" red" if card.suit in RED else "") + (" small" if small else "")
    cls += " playable" if playable else ""
    cls += f" {extra_cls}" if extra_cls else ""
    # the rank is drawn by CSS from data-rank, so "Q" is no text competing with the name "Queen of spades"
    inner = (f'<span class="rank" data-rank="{rank_text(card)}" aria-hidden="true"></span>'
             f'<span class="suit" aria-hidden="true">{_SUIT_SYMBOL[card.suit]}</span>'
             f'<span class="pip" aria-hidden="true">{_SUIT_SYMBOL[card.suit]}</span>')
    name = card_name(card) + label_suffix
    if act is None:
        return f'<span{attrs(class_=cls, role="img", aria_label=name, data_card=str(card))}>{inner}</span>'
    return (f'<button type="button"{attrs(class_=cls, data_act=act, data_key="card:" + str(card), data_card=str(card), aria_label=name, aria_disabled=None if playable else "true", aria_pressed=None if selected is None else ("true" if selected else "false"))}>'
            f"{inner}</button>")


def card_back(label: Optional[str] = None, small: bool = True, extra_cls: str = "") -> str:
    label = _("face-down card") if label is None else label
    cls = "card back" + (" small" if small else "") + (f" {extra_cls}" if extra_cls else "")
    return f'<span{attrs(class_=cls, role="img", aria_label=label)}></span>'


def card_group(cards_html: str, label: str, cls: str = "hand-cards", key: Optional[str] = None) -> str:
    """Card buttons as one labelled toolbar: one Tab stop, the arrow keys move between the cards."""
    return (f'<div{attrs(class_=cls, role="toolbar", aria_label=label, data_roving=True, data_key=key)}>'
            f"{cards_html}</div>")


_SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def suit_name(s: str) -> str:
    return SUIT_NAMES[s]


def plural(n: int, word: str, words: Optional[str] = None) -> str:
    return f"{n} {word if n == 1 else (words or word + 's')}"


def join_words(items: Iterable[str]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


def signed(n: int, plus: bool = False) -> str:
    """A number as displayed: a negative one with the minus sign U+2212 ("−40"), never a hyphen;
    ``plus`` marks a positive one ("+40").  The record, the notation and replay keep ASCII.

    >>> signed(-40), signed(40, plus=True), signed(0, plus=True)
    ('−40', '+40', '0')
    """
    return ("−" if n < 0 else "+" if plus and n > 0 else "") + str(abs(n))


def rules_section(lines: list[str]) -> str:
    """"Rules of this game": the rules a game is played with, a sentence each (in the score sheet,
    always a tap away at the table)."""
    items = "".join(f"<li>{esc(line)}</li>" for line in lines)
    return (f'<section class="game-rules" aria-labelledby="game-rules-title"><h3 id="game-rules-title">'
            f'{esc(_("Rules of this game"))}</h3><ul>{items}</ul></section>')


def dialog(title: str, body: str, buttons: str, cls: str = "", escape: Optional[str] = None) -> str:
    """A modal panel over the screen: the screen behind is inert while it shows, focus moves to its
    ``data-autofocus`` button (or its first) and stays inside; ``escape``: the act Escape performs
    (None where closing is not safe, e.g. the end-of-hand scores)."""
    return (f'<div class="overlay {cls}" data-key="overlay"><div{attrs(class_="dialog", role="dialog", aria_modal="true", aria_labelledby="dlg-title", tabindex="-1", data_escape=escape)}>'
            f'<h2 id="dlg-title">{title}</h2>{body}<div class="dialog-buttons">{buttons}</div></div></div>')


def table_topbar(game_title: str, totals_html: str, panel: Optional[str], extra_tools: str = "",
                 export: bool = True) -> str:
    """The bar over every table: Home, the game and its running score, the sheets, Export (not on a
    guest's table, ``export=False``: the game is on the host's device).

    One line at 320 px and up: Home and Export are icons with names for screen readers."""
    scores = button(esc(_("Scores")), "ui:panel:sheet", cls="btn ghost small", key="sheet", pressed=panel == "sheet",
                    title=_("Scores (S)"), shortcut="s")
    log = button(esc(_("Log")), "ui:panel:log", cls="btn ghost small", key="log", pressed=panel == "log", title=_("Log (L)"),
                 shortcut="l")
    return ('<header class="topbar">'
            + button("⌂", "nav:home", cls="btn ghost small icon", key="home", aria_label=_("Home"), title=_("Home"))
            + f'<div class="title"><h1 class="game-name">{esc(game_title)}</h1>'
            f'<span class="totals">{totals_html}</span></div>'
            + f'<div class="tools">{extra_tools}{scores}{log}'
            + (button("⤓", "export", cls="btn ghost small icon", key="export", aria_label=_("Export"),
                      title=_("Download this game as a file")) if export else "")
            + button("⚙", "nav:settings", cls="btn ghost small icon", key="settings", aria_label=_("Settings"),
                     title=_("Settings"))
            + "</div></header>")


def sheet(title_html: str, body: str, close_act: str, kind: str) -> str:
    """A sheet over the table (Scores, Log, Last trick): rises from the bottom, closed by its
    Close button (or Escape, which the app handles).  ``title_html`` is trusted markup."""
    return (f'<div class="sheet-overlay" data-key="sheet-overlay"><div class="panel sheet-panel {kind}" role="dialog" '
            f'aria-modal="true" aria-labelledby="sheet-title" tabindex="-1" data-escape="{esc(close_act)}">'
            f'<div class="sheet-head"><h2 class="panel-title" id="sheet-title">{title_html}</h2>'
            + button(esc(_("Close")), close_act, cls="btn ghost small", key=f"close-{kind}").replace("<button ", "<button data-autofocus ", 1)
            + f'</div><div class="sheet-body">{body}</div></div></div>')


def language_switch(current: Optional[str] = None) -> str:
    """The language buttons, each named in its own language, the one in use pressed (on the home
    screen, and in the table's Log sheet: switching keeps the game and its position)."""
    current = current or i18n.language
    chips = "".join(button(esc(LANGUAGE_NAMES[code]), f"lang:{code}", cls="btn ghost small", key=f"lang:{code}",
                           pressed=code == current).replace("<button ", f'<button lang="{code}" ', 1)
                    for code in LANGUAGES)
    words = esc(_("Language"))
    return f'<div class="speed lang-switch" role="group" aria-label="{words}"><span>{words}</span>{chips}</div>'


def log_panel(log: list[str], limit: int = 80) -> str:
    """The game log in words, newest first, as a sheet (with the language switch under it)."""
    items = "".join(f"<li>{esc(line)}</li>" for line in reversed(log[-limit:]))
    start = max(len(log), 1)
    empty = "<li>" + esc(_("Nothing yet.")) + "</li>"
    return sheet(esc(_("Game log")), f'<ol class="log-list" reversed start="{start}">{items or empty}</ol>'
                 + language_switch(),
                 "ui:panel:log", "log")


def cut(text: str, limit: int = 200) -> str:
    """One line of at most ``limit`` characters (messages echo values from files)."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
