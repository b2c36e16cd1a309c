"""The home screen, the new-game form and the saved-games list (pure HTML; the rules pages: rules_page.py)."""

from __future__ import annotations

import datetime
import re
from typing import Optional

from ... import rules
from ...lessons import GAMES as LESSON_GAMES
from ...record import NAME_MAX, load_json
from ..text.i18n import N_, _, ngettext
# (the rules screen is rules_page.py's: drawn by the build, tools/first_paint.py, and shown as it is
# by the page, ui/shell/rules_pages.py)
from ..text.markup import button, esc, isolated, language_switch
from ...stores.saves import SavedGame
from . import saves_list

GAME_TITLES = rules.TITLES
SEATS = {"dummy-spades": 3, "seep": 4}
DEFAULT_NAMES = ["Ana", "Ben", "Chloé", "Dev"]
KINDS = [("human", N_("Person")), ("casual", N_("Computer — quick")), ("strong", N_("Computer — strong")),
         ("expert", N_("Computer — expert"))]
REMOTE_KIND = ("remote", N_("Another device"))   # a person on another device (ui.screens.remote)
DEFAULT_LEVEL = "casual"   # "Play against the computer" and the form's computer seats
#: the levels offered on a game's tile for *Play against the computer* (the setting ``level``)
LEVEL_CHOICES = [("casual", N_("Quick")), ("strong", N_("Strong")), ("expert", N_("Expert"))]
SPEED_NAMES = [("slow", N_("Slow")), ("normal", N_("Normal")), ("fast", N_("Fast"))]
# the number fields of the new-game form: (lowest, highest, step, what the message calls it)
NUMBER_FIELDS = {"ng-target": (50, 5000, 50, N_("The target")), "ng-baazis": (1, 9, 1, N_("The number of baazis"))}
# a select shows one line that cannot wrap: its options are short names, and a note under it says
# what each means (the phone's 360 px hold them, in English and in French)
SPADES_BIDDINGS = [("standard", N_("Standard")), ("mirror", N_("Mirror")), ("suicide", N_("Suicide"))]
BIDDING_NOTE = N_("Mirror: each bid is the number of spades held. Suicide: every side bid names one nil and is 4 or more.")
BAG_PENALTIES = [("100", N_("100 per ten bags (standard)")), ("110", N_("110 — bags lost too"))]
BAG_NOTE = N_("With 110, the ten bags are lost too, besides the 100 points.")
SEEP_SEATS = [("4", N_("4 in two teams")), ("2", N_("2, each for himself"))]
MAJORITY_TIES = [("none", N_("Nobody gets the +4 (standard)")), ("split", N_("+2 to each side"))]
FIRST_SWEEPS = [("25", N_("25 (standard)")), ("50", N_("50 — it counts in full"))]
SPADES_VARIANTS = [("no-peeky", N_("No Peeky (standard)")), ("three-peeky", N_("Three Peeky")), ("four-peeky", N_("Four Peeky")),
                   ("flip-1", N_("Flip 1")), ("flip-2", N_("Flip 2")), ("flip-3", N_("Flip 3")), ("flip-4", N_("Flip 4"))]
# the games' names, translated when shown (rules.TITLES stays the English name the engines know)
TITLE_WORDS = {"dummy-spades": N_("Dummy Spades"), "seep": N_("Seep")}


def game_title(game: str) -> str:
    """A game's name in the player's language ("Dummy Spades" / « Pique au mort »)."""
    return _(TITLE_WORDS[game]) if game in TITLE_WORDS else game


def when(ts: float, now: float) -> str:
    if not ts:
        return _("some time ago")
    d = now - ts
    if d < 90:
        return _("just now")
    if d < 3600:
        return ngettext("{n} minute ago", "{n} minutes ago", int(d // 60)).format(n=int(d // 60))
    if d < 86400:
        return ngettext("{n} hour ago", "{n} hours ago", int(d // 3600)).format(n=int(d // 3600))
    # TRANSLATORS: a date for strftime (%d day, %b month's short name, %m its number, %Y year)
    return datetime.datetime.fromtimestamp(ts).strftime(_("%d %b %Y"))


_TOTALS = re.compile(r"^(?:hand (\d+)|(\d+) hands?)( · (lead ([+-]\d+) · baazis )?.*)$", re.S)


def totals_words(text: str) -> str:
    """A saved game's one-line score (``storage.totals_text``, stored in English in its note) in
    the player's language: its words are fixed, the rest is names and numbers.

    >>> from .markup import plain_name
    >>> [plain_name(totals_words(t)) for t in ("hand 3 · Ana 120 · Ben 80", "2 hands · lead +40 · baazis Ana 1 / Ben 0")]
    ['hand 3 · Ana 120 · Ben 80', '2 hands · lead +40 · baazis Ana 1 / Ben 0']
    >>> totals_words("hand 3 · Ana & Chloé 120 · Ben & Dev -10").count("\u2068")
    2
    """
    m = _TOTALS.match(text or "")
    if not m:
        return _minus(text)
    head = (_("hand {n}").format(n=m[1]) if m[1] else
            ngettext("{n} hand", "{n} hands", int(m[2])).format(n=m[2]))
    rest = m[3]
    if m[4]:
        return _minus(head + " · " + _("lead {n} · baazis").format(n=m[5]) + " " + _isolate_labels(rest[len(m[4]) + 3:], " / "))
    return _minus(head + " · " + _isolate_labels(rest[3:], " · "))


def _isolate_labels(scores: str, sep: str) -> str:
    """``Ana 120 · Ben 80`` with each name (or team) isolated (``markup.isolated``), so a name
    cannot reorder the scores around it; a part that is not "name number" is left as it is."""
    out = []
    for part in scores.split(sep):
        label, _sp, value = part.rpartition(" ")
        ok = label and value.lstrip("+-").isdigit() and "\u2068" not in label
        out.append(f"{isolated(label)} {value}" if ok else part)
    return sep.join(out)


def _minus(text: str) -> str:
    """A stored score line as displayed: a negative number's hyphen becomes the minus sign ("−40")."""
    return re.sub(r"(?<![\w-])-(?=\d)", "−", text or "")


def players_text(s: SavedGame) -> str:
    """The players of a saved game, computers marked: "Ana, Ben (computer), Chloé"."""
    out = []
    for i, name in enumerate(s.players):
        kind = s.controllers.get(f"p{i}", "human")
        name = isolated(name)   # no name may reorder the row around it (markup.isolated)
        out.append(_("{name} (computer)").format(name=name) if kind not in ("human", "remote") else name)
    return ", ".join(out)


GUEST_KEY = "cardtable:guest"
"""The seat this device holds at a table across devices (``ui.screens.remote.KEY_GUEST``)."""


def seat_host(text: Optional[str]) -> Optional[str]:
    """The name of the host whose table this device has a seat at, from the kept seat (``text``):
    "" when the name is not known, None when there is no seat or its game is over."""
    try:
        kept = load_json(text or "", max_bytes=1 << 20, what="a guest's seat")
    except Exception:
        return None
    view = kept.get("view") if isinstance(kept, dict) else None
    if not isinstance(kept, dict) or not isinstance(kept.get("secret"), str) or (isinstance(view, dict) and view.get("over")):
        return None
    host = kept.get("host")
    return host[:NAME_MAX] if isinstance(host, str) else ""


def home_html(saves: list[SavedGame], last: Optional[SavedGame], now: float, notice: str = "",
              speed: str = "normal", bots: bool = True, lang: str = "en", table_host: Optional[str] = None,
              level: str = DEFAULT_LEVEL, daily=None, listing=None, check=None) -> str:
    """Home (``table_host``: this device has a seat at that host's table, ``seat_host``; ``level``: the
    computers' level the tiles' one tap starts; ``daily``: the store of the deals of the day played,
    for their tile; ``listing``: what the saved list shows, ``saves_list.Listing``; ``check``: a row
    as drawn, its record checked)."""
    parts = ['<section class="home">',
             f'<header class="home-head"><h1>{esc(_("Card Table"))}</h1>'
             f'<p class="muted">{esc(_("Pass the device around, or play against the computer. Works offline."))}</p></header>']
    if notice:
        parts.append(f'<p class="notice" role="alert">{esc(notice)}</p>')
    if table_host is not None:
        back = (_("Back to {host}’s table").format(host=isolated(table_host)) if table_host
                else _("Back to your table"))
        parts.append('<div class="continue">' + button(esc(back), "join", cls="btn big", key="back-to-table") + "</div>")
    if last and not last.error and not last.over:   # a finished game is not continued (Review it)
        parts.append('<div class="continue">'
                     + button(esc(_("Continue {game}").format(game=game_title(last.game))) + " "
                              f"<span class=\"sub\">{esc(players_text(last))} · {esc(totals_words(last.totals))}</span>",
                              f"open:{last.id}", cls="btn big", key="continue")
                     + "</div>")
    if table_host is None:   # (on a phone's first screen, with a table's code at hand)
        parts.append('<div class="join-row">' + button(esc(_("Join a table")), "join", cls="btn ghost", key="join")
                     + "</div>")
    parts.append('<div class="tiles">')
    for g, title in GAME_TITLES.items():
        blurb = (_("Three players and a dummy: bid, declare, and play two hands.")
                 if g == "dummy-spades" else _("Four in two teams, or two face to face: capture, build houses, sweep the floor."))
        parts.append(f'<article class="tile tile-{g}"><h2>{esc(game_title(g))}</h2><p>{esc(blurb)}</p>'
                     f'<div class="tile-buttons">'
                     + (button(esc(_("Play against the computer")), f"quick:{g}", key=f"quick:{g}") if bots else "")
                     + button(esc(_("New game")), f"new:{g}", cls="btn" + (" ghost" if bots else ""), key=f"new:{g}")
                     + f'{button(esc(_("Rules")), f"rules:{g}", cls="btn ghost", key=f"rules:{g}")}'
                     + (button(esc(_("Learn to play")), f"learn:{g}", cls="btn ghost", key=f"learn:{g}") if g in LESSON_GAMES else "")
                     + '</div>' + (level_chips(g, level) if bots else "") + '</article>')
    if bots and daily is not None:
        from ...stores.daily import load
        from .daily_tile import tile_html, today
        parts.append(tile_html(load(daily), today()))
    parts.append("</div>")
    chips = "".join(button(esc(_(label)), f"speed:{v}", cls="btn ghost small", key=f"speed:{v}", pressed=v == speed)
                    for v, label in SPEED_NAMES)
    speed_words = esc(_("Speed of play"))
    parts.append(f'<div class="speed" role="group" aria-label="{speed_words}"><span>{speed_words}</span>{chips}</div>')
    parts.append(language_switch(lang))
    # Settings beside Statistics, not inside the speed group it is no part of
    parts.append('<div class="stats-link">' + button(esc(_("Statistics")), "stats", cls="btn ghost", key="stats")
                 + button("⚙ " + esc(_("Settings")), "nav:settings", cls="btn ghost", key="settings") + "</div>")
    parts.append(f'<section class="saves" aria-labelledby="saves-title"><h2 id="saves-title">{esc(_("Saved games"))}</h2>')
    # the files' buttons above the list, however long it is
    parts.append(f'<div class="import"><label class="btn ghost" for="import-file">{esc(_("Import a game file…"))}</label>'
                 '<input type="file" id="import-file" accept=".json,application/json" class="visually-hidden">'
                 f'<label class="btn ghost" for="review-file">{esc(_("Open a file for review…"))}</label>'
                 '<input type="file" id="review-file" accept=".json,application/json" class="visually-hidden"></div>')
    parts.append(saves_list.section(saves, listing or saves_list.Listing(), now, save_row,
                                    [(g, game_title(g)) for g in GAME_TITLES], check))
    parts.append("</section></section>")
    return "".join(parts)


def level_chips(game: str, level: str) -> str:
    """The computers' level for the tile's *Play against the computer*, one tap each (remembered)."""
    chips = "".join(button(esc(_(label)), f"level:{v}", cls="btn ghost small",
                           key=f"level:{game}:{v}", pressed=v == level) for v, label in LEVEL_CHOICES)
    return (f'<div class="tile-level" role="group" aria-label="{esc(_("Computer level"))}">'
            f'<span aria-hidden="true">{esc(_("Level"))}</span>{chips}</div>')


# the words of each code of ``SavedGame.error`` but ``record`` (the record's own reason, shown as it is)
CANNOT_OPEN = {"no-game": N_("a note about a saved game that is no longer here"),
               "damaged-note": N_("the note about saved game {id} is damaged ({why}); the game itself still opens"),
               "other-version": N_("saved by another version of Card Table ({version}); this version cannot open it"),
               "unreadable": N_("cannot be read ({why})"), "unopenable": N_("cannot be opened ({why})")}


def cannot_open(error: tuple[str, dict]) -> str:
    """Why a saved entry cannot be opened (its ``SavedGame.error``: a code and its values), in words."""
    code, values = error
    return _(CANNOT_OPEN[code]).format(**values) if code in CANNOT_OPEN else values["why"]


def save_row(s: SavedGame, now: float) -> str:
    title = game_title(s.game) if s.game else _("Unknown game")
    if s.error:
        return (f'<li class="save broken" data-save="{esc(s.id)}"><div class="save-text"><strong>{esc(title)}</strong> '
                f'<span class="save-id">({esc(s.id)})</span><br><span class="error">{esc(_("Cannot be opened: {why}").format(why=cannot_open(s.error)))}</span></div>'
                f'<div class="save-buttons">{button(esc(_("Delete")), f"delete:{s.id}", cls="btn ghost small", key=f"delete:{s.id}")}</div></li>')
    status = _("finished") if s.over else _("last played {when}").format(when=when(s.updated, now))
    return (f'<li class="save" data-save="{esc(s.id)}"><div class="save-text"><strong>{esc(title)}</strong> · '
            f'{esc(players_text(s))}<br><span class="muted">{esc(totals_words(s.totals))} · {esc(status)}</span></div>'
            f'<div class="save-buttons">{button(esc(_("Open")), f"open:{s.id}", cls="btn small", key=f"open:{s.id}")}'
            + (button(esc(_("Review")), f"open-review:{s.id}", cls="btn ghost small", key=f"review:{s.id}") if s.over else "")
            + f'{button(esc(_("Delete")), f"delete:{s.id}", cls="btn ghost small", key=f"delete:{s.id}")}</div></li>')


def _select(id_: str, options: list[tuple[str, str]], value: str, label: str, note: str = "") -> str:
    """A labelled select; ``note`` (what its options mean) is shown under it and read with it."""
    opts = "".join(f'<option value="{esc(v)}"{" selected" if v == value else ""}>{esc(_(t))}</option>' for v, t in options)
    described = f' aria-describedby="{id_}-note"' if note else ""
    return (f'<label class="field"><span>{esc(label)}</span><select id="{id_}"{described} data-keep>{opts}</select></label>'
            + (f'<p id="{id_}-note" class="muted small field-note">{esc(note)}</p>' if note else ""))


def _number(id_: str, label: str, value: int, errors: dict) -> str:
    """A number field with its range, and next to it the message refusing a wrong one (``errors``:
    the form's, id -> message; the first field refused takes the focus)."""
    lo, hi, step, _what = NUMBER_FIELDS[id_]
    focus = " data-focus-now" if id_ == next(iter(errors), "") else ""
    return (f'<label class="field"><span>{esc(label)} ({lo}–{hi})</span>'
            f'<input id="{id_}" type="number" inputmode="numeric" min="{lo}" max="{hi}" step="{step}" value="{value}" '
            f'data-keep aria-describedby="{id_}-error"{focus}></label>'
            f'<p id="{id_}-error" class="error field-error" role="alert">{esc(errors.get(id_, ""))}</p>')


def form_errors(values: dict[str, str]) -> dict[str, str]:
    """Messages for the number fields of the new-game form that hold no allowed value.

    >>> form_errors({"ng-target": "7"})
    {'ng-target': 'The target must be a multiple of 50 from 50 to 5000.'}
    >>> form_errors({"ng-target": "500", "ng-baazis": "3"})
    {}
    """
    out = {}
    for id_, text in values.items():
        if id_ not in NUMBER_FIELDS:
            continue
        lo, hi, step, what = NUMBER_FIELDS[id_]
        rule = (_("{what} must be a multiple of {step} from {lo} to {hi}.") if step > 1 else
                _("{what} must be a whole number from {lo} to {hi}.")).format(what=_(what), step=step, lo=lo, hi=hi)
        try:
            n = int(str(text).strip())
        except ValueError:
            out[id_] = rule
            continue
        if not lo <= n <= hi or (n - lo) % step:
            out[id_] = rule
    return out


def _whole(text: str, default: int) -> int:
    try:
        return int(str(text).strip())
    except ValueError:
        return default


def form_options(game: str, values: dict[str, str], limit: bool = False) -> dict:
    """The record's ``options`` from the new-game form's field values (by id).

    The options of issue #17 (``bidding``, ``bag_penalty``, ``seats``, ``majority_tie``,
    ``first_sweep``) are written only when they are not the default, as the engines write them.

    >>> form_options("dummy-spades", {"ng-target": "300", "ng-variant": "no-peeky", "ng-bidding": "mirror",
    ...                               "ng-bag-penalty": "100"})
    {'target': 300, 'variant': 'no-peeky', 'losing_limit': None, 'bidding': 'mirror'}
    >>> form_options("seep", {"ng-seats": "2", "ng-preset": "sweep-seed", "ng-firstplay": "pagat",
    ...                       "ng-target": "500", "ng-majority-tie": "none", "ng-first-sweep": "50"})
    {'preset': 'sweep-seed', 'first_play': 'pagat', 'target': 500, 'seats': 2, 'first_sweep': 50}
    """
    get = values.get
    if game == "dummy-spades":
        options = {"target": _whole(get("ng-target", "300"), 300), "variant": get("ng-variant", "no-peeky"),
                   "losing_limit": -200 if limit else None}
        if get("ng-bidding", "standard") != "standard":
            options["bidding"] = get("ng-bidding")
        if get("ng-bag-penalty", "100") == "110":
            options["bag_penalty"] = 110
        return options
    preset = get("ng-preset", "sweep-seed")
    options = {"preset": preset, "first_play": get("ng-firstplay", "pagat")}
    if preset == "sweep-seed":
        options["target"] = _whole(get("ng-target", "500"), 500)
    else:
        options["baazis"] = _whole(get("ng-baazis", "1"), 1)
    if get("ng-seats", "4") == "2":
        options["seats"] = 2
    if preset == "sweep-seed" and get("ng-majority-tie", "none") == "split":
        options["majority_tie"] = "split"
    if get("ng-first-sweep", "25") == "50":
        options["first_sweep"] = 50
    return options


def new_game_html(game: str, bots_available: bool, last_names: Optional[list[str]] = None,
                  preset: Optional[str] = None, seats: Optional[int] = None, errors: Optional[dict] = None) -> str:
    """The new-game form.  Seep's ``preset`` and ``seats`` (4 or 2) are what the form shows now:
    the app redraws it when either select changes (typed names survive: ``data-keep``).  ``errors``:
    why *Start* was refused (a number field's id, or "" for the whole form -> the message)."""
    errors = errors or {}
    n = SEATS[game]
    if game == "seep" and seats == 2:
        n = 2
    names = (last_names or [])[:n] + DEFAULT_NAMES[len(last_names or []):n]
    kinds = (KINDS if bots_available else KINDS[:1]) + [REMOTE_KIND]
    parts = [f'<section class="form-page"><h1>{esc(_("New {game} game").format(game=game_title(game)))}</h1>',
             f'<form id="new-game" data-game="{esc(game)}" class="new-game" novalidate>',
             f'<fieldset><legend>{esc(_("Players"))}</legend>']
    if game == "seep":
        parts.append(_select("ng-seats", SEEP_SEATS, str(n), _("Number of players")))
    for i in range(n):
        seat_note = ""
        if game == "seep" and n == 4:
            seat_note = _(" (team A)") if i % 2 == 0 else _(" (team B)")
        parts.append('<div class="player-row">'
                     f'<label class="field"><span>{esc(_("Seat {n}").format(n=i + 1) + seat_note)}</span>'
                     f'<input id="ng-name-{i}" value="{esc(names[i])}" maxlength="{NAME_MAX}" autocomplete="off" data-keep></label>'
                     + _select(f"ng-kind-{i}", kinds, "human", _("Played by")) + "</div>")
    if not bots_available:
        parts.append(f'<p class="muted small">{esc(_("Computer players are coming soon: every seat is a person for now."))}</p>')
    parts.append(f"</fieldset><fieldset><legend>{esc(_('Options'))}</legend>")
    if game == "dummy-spades":
        parts.append(_select("ng-target", [("300", N_("300 points")), ("500", N_("500 points"))], "300", _("Play to")))
        parts.append(_select("ng-variant", SPADES_VARIANTS, "no-peeky", _("Variation")))
        parts.append(_select("ng-bidding", SPADES_BIDDINGS, "standard", _("Bidding"), _(BIDDING_NOTE)))
        parts.append('<label class="check"><input type="checkbox" id="ng-limit" data-keep> '
                     f'<span>{esc(_("End the game when a player falls to −200"))}</span></label>')
    else:
        preset = preset if preset in ("sweep-seed", "seep-pagat") else "sweep-seed"
        parts.append(_select("ng-preset", [("sweep-seed", N_("Sweep — to a target")), ("seep-pagat", N_("Seep (pagat) — baazis"))],
                             preset, _("Scoring"),
                             _("Sweep: the scores add up to a target. Seep: a lead of 100 points wins a baazi.")))
        # only the chosen scoring's number (the other is not in the form at all)
        if preset == "sweep-seed":
            parts.append(_number("ng-target", _("Target score"), 500, errors))
        else:
            parts.append(_number("ng-baazis", _("Baazis to win"), 1, errors))
        parts.append(_select("ng-firstplay", [("pagat", N_("Bid value (standard)")), ("seed", N_("On one floor card (old rule)"))],
                             "pagat", _("Bidder's first play"),
                             _("Standard: build the bid value, capture with it or throw it. Old rule: build it on one "
                               "floor card, or throw any card.")))
    parts.append(f'<label class="field"><span>{esc(_("Deal number (optional: the same number deals the same cards)"))}</span>'
                 f'<input id="ng-seed" inputmode="numeric" autocomplete="off" placeholder="{esc(_("random"))}" data-keep></label>')
    parts.append(f"</fieldset><fieldset><legend>{esc(_('House rules'))}</legend>")
    if game == "dummy-spades":
        parts.append(_select("ng-bag-penalty", BAG_PENALTIES, "100", _("Bag penalty"), _(BAG_NOTE)))
    else:
        if preset == "sweep-seed":   # the engine refuses majority_tie with seep-pagat
            parts.append(_select("ng-majority-tie", MAJORITY_TIES, "none", _("Cards split 26–26")))
        parts.append(_select("ng-first-sweep", FIRST_SWEEPS, "25", _("A sweep on the first play scores")))
    parts.append("</fieldset>")
    parts.append(f'<p id="ng-error" class="error" role="alert">{esc(errors.get("", ""))}</p>')
    parts.append('<div class="form-buttons">' + button(esc(_("Start")), "start", cls="btn big", key="start")
                 + button(esc(_("Back")), "nav:home", cls="btn ghost", key="back") + "</div></form></section>")
    return "".join(parts)
