"""The Statistics screen, and the statistics kept in the browser's store.

The figures come from ``cardtable.stats`` (pure); this module keeps them under ``STATS_KEY`` in
a Web-Storage-like store (``getItem``/``setItem``/``removeItem``: ``window.localStorage`` in the
page, ``storage.DictStore`` in tests), draws the screen and its reset question, and answers the
screen's acts.  It does not import the browser: downloading a file and scheduling work are the
app's (``app.files.download``, ``app.render``), so everything here runs in CPython tests.

Acts (``data-act``): ``stats`` (open the screen), ``stats:export`` (download the statistics as a
``cardtable-stats/1`` file), ``stats:reset`` (ask), ``stats:confirm-reset`` (forget them all).
A statistics file is brought back with *Import statistics…* on this screen (the file input
``#stats-file``) or with the home screen's *Import a game file…* (``looks_like_stats``).

Where they are kept is ``stats_store``'s: one key per game, read-modify-write of that game only,
so two windows of the app cannot lose each other's hands and the store has no size wall; a game
recorded twice (reopened, followed from another window, imported again) changes nothing, as
``stats.merge_entry`` counts a hand by the game's fingerprint and its number.  Nothing that
cannot be read is overwritten: it is set aside with its reason, and this screen says so.
"""

from __future__ import annotations

import re
import time
from typing import Any, Optional

from ... import rules, stats
from ...record import file_kind
from ...stores import stats as stats_store, stats_sum
from ...stores.stats_sum import run
from ...stores.saves import store_version
from .charts import line_chart
from ..text import i18n
from ..text.i18n import N_, _, decimal, ngettext
from ..text.markup import button, dialog, esc, isolated
from ..text.refusals import wrong_file

STATS_KEY = stats.STATS_KEY
LEVEL_NAMES = {"casual": N_("Against the quick computer"), "strong": N_("Against the strong computer"),
               "expert": N_("Against the expert computer"),
               "random": N_("Against the random computer"), "human": N_("Against people"),
               "remote": N_("Against people on other devices")}
"""The heading of a player's results against each kind of opponent (a ``controllers`` value;
``remote``: a seat played on another device, ``session.seats.REMOTE``)."""


# ---- the store (stores.stats: one key per game) ------------------------------------------------

# the words of each problem ``stats_store.load`` names but ``damaged`` and ``unreadable`` (their
# reason, shown as it is)
PROBLEMS = {"later": N_("statistics of another version of Card Table ({format}) are kept as they are"),
            "not-moved": N_("storage is full: some statistics of an earlier version are not moved yet "
                            "(they are kept and counted)"),
            "kept-full": N_("{reason}; they are kept as they were (storage is full)")}


def problem_words(problem: tuple[str, dict]) -> str:
    """A problem met reading the statistics (a code and its values), in words."""
    code, values = problem
    return _(PROBLEMS[code]).format(**values) if code in PROBLEMS else values["why"]


def load(store: Any) -> tuple[dict, Optional[str]]:
    """The statistics in ``store`` and the problems met reading them, in words (None when none)."""
    data, problems = stats_store.load(store)
    return data, "; ".join(map(problem_words, problems)) or None


def load_summaries_steps(store: Any, build: bool = True):
    """What the screen shows, from the summaries kept (``stats_sum``; with ``build``, built again
    once first when they are not valid, an older store's: the page builds them in slices, see
    ``StatsScreen.build``): per game the players' figures, each game's latest entry, how many
    games, and the problems met in words.  A store of an earlier version not moved yet, or
    summaries that cannot be stored (full), are read from every entry.  A generator that yields
    between parts of its work (``StatsScreen``; ``stats_sum.run`` runs it to its end)."""
    moved = stats_store.migrate(store)
    if build and not stats_sum.valid(store):
        stats_sum.rebuild(store)
    if store.getItem(STATS_KEY) is not None or not stats_sum.valid(store):
        data, problem = load(store)
        return stats.summarize(data), {g: e for g in stats.GAMES if (e := stats.latest_game(data, g))}, \
            len(data["games"]), problem
    summary, latest, n = yield from stats_sum.summarize_steps(store)
    entries = {}
    for game, key in latest.items():
        entry, _why = stats.read_entry(key, store.getItem(stats_store.ENTRY_KEY + key))
        if entry is not None:
            entries[game] = entry
    problems = [problem_words(moved)] if moved else []
    bad = stats_sum.damaged(store)
    if bad:
        problems.append(bad)
    return summary, entries, n, "; ".join(problems) or None


def record_game(store: Any, record: dict, controllers: Optional[dict] = None,
                now: Optional[float] = None, hands_done: Optional[int] = None,
                read: Optional[tuple] = None) -> bool:
    """Count the finished hands of a game (``stats_store.record_game``); True when the store changed."""
    return stats_store.record_game(store, record, controllers, now, hands_done, read)


def counted_already(store: Any, record: dict, hands_done: int) -> bool:
    """Whether ``hands_done`` hands of this game are counted already (``stats_store.counted_already``)."""
    return stats_store.counted_already(store, record, hands_done)


def import_text(store: Any, text: str) -> str:
    """Add a statistics file to the store; returns what happened, in words.

    Raises ``stats.StatsError`` saying why for a file that is not statistics or is damaged
    (nothing of it is used then), or when storage filled up on the way.
    """
    try:
        n, total = stats_store.import_text(store, text)
    except stats_store.StoreFull as err:
        raise stats.StatsError(_("storage is full: {n} of its {total} games were saved "
                                 "(import it again once there is room; nothing is counted twice)").format(
                                     n=len(err.done), total=err.total)) from None
    return ngettext("Statistics imported: {n} new or longer game of {total} in the file.",
                    "Statistics imported: {n} new or longer games of {total} in the file.", n).format(n=n, total=total)


_STATS_FORMAT = re.compile(r'"format"\s*:\s*"cardtable-stats/')


def looks_like_stats(text: str) -> bool:
    """Whether a file's text claims to be statistics (so Import reads it as such, and refuses it
    in the words of statistics when it is damaged or too big)."""
    return bool(_STATS_FORMAT.search(text[:4000]))


def export_text(store: Any) -> str:
    """The statistics as a file's text (``cardtable-stats/1``), however many games."""
    return stats_store.export_text(store)


def reset(store: Any) -> None:
    """Forget every statistic (the saved games stay)."""
    stats_store.reset(store)


# ---- the screen -----------------------------------------------------------------------------

def screen_html(data: dict, problem: Optional[str] = None, notice: str = "", aside: Optional[list] = None,
                daily: str = "", summary: Optional[dict] = None, latest: Optional[dict] = None) -> str:
    """The whole Statistics screen (one ``<h1>``; ``daily``: the deals of the day's section), of
    ``data`` (every game's entry) or of ``summary`` and ``latest`` (``load_summaries_steps``)."""
    return run(screen_steps(data, problem, notice, aside, daily, summary, latest))


def screen_steps(data: dict, problem: Optional[str] = None, notice: str = "", aside: Optional[list] = None,
                 daily: str = "", summary: Optional[dict] = None, latest: Optional[dict] = None):
    """``screen_html`` as a generator that yields after each game's section (its chart of 10,000 games)."""
    if summary is None:
        summary = stats.summarize(data)
        latest = {g: e for g in stats.GAMES if (e := stats.latest_game(data, g))}
    latest = latest or {}
    parts = ['<section class="stats-page"' + (' data-key="counting">' if notice == _(COUNTING) else ">"),   # (drawn anew after)
             '<header class="settings-head">'   # ⌂ as on every other screen
             + button("⌂", "nav:home", cls="btn ghost small icon", key="back", aria_label=_("Home"), title=_("Home"))
             + f'<h1>{esc(_("Statistics"))}</h1></header>']
    if notice:
        parts.append(f'<p class="notice" role="status">{esc(notice)}</p>')
    if problem:
        parts.append(f'<p class="notice" role="alert">{esc(_("Some saved statistics could not be used: {problem}").format(problem=problem))}</p>')
    if aside:
        parts.append(f'<p class="notice" role="alert">{esc(aside_text(aside))}</p>')
    if not summary and notice != _(COUNTING):
        parts.append(f'<p class="muted">{esc(_("No finished hands yet. Statistics count every hand played to its end, per player name."))}</p>')
    for game in stats.GAMES:
        players = summary.get(game)
        if players:
            parts.append((yield from game_section_steps(game, players, latest.get(game))))
    parts.append(daily)
    parts.append('<div class="stats-actions">'
                 + button(esc(_("Export statistics")), "stats:export", cls="btn ghost", key="stats-export",
                          disabled=not latest)
                 + f'<label class="btn ghost" for="stats-file">{esc(_("Import statistics…"))}</label>'
                 '<input type="file" id="stats-file" accept=".json,application/json" class="visually-hidden">'
                 + button(esc(_("Reset statistics…")), "stats:reset", cls="btn danger", key="stats-reset",
                          disabled=not latest)
                 + "</div>")
    parts.append(f'<p class="muted small">{esc(_("Statistics are kept in this browser, apart from the saved games: deleting a game keeps them."))}</p>')
    parts.append("</section>")
    return "".join(parts)


def game_section_steps(game: str, players: dict[str, stats.PlayerStats], latest: Optional[dict]):
    """One game's players and charts (``latest``: its latest game's entry), yielding between its
    parts (a chart of 10,000 games is work)."""
    title = _(rules.TITLES.get(game, game))
    ordered = sorted(players.values(), key=lambda p: (-p.hands, p.name.casefold()))
    out = [f'<section class="stats-game" aria-labelledby="stats-{game}"><h2 id="stats-{game}">{esc(title)}</h2>',
           '<div class="stats-players">']
    out.extend(player_card(p) for p in ordered)
    out.append("</div>")
    yield
    if latest is not None:
        series = [(isolated(stats.side_label(latest, side)), totals) for side, totals in stats.score_series(latest)]
        out.append(line_chart(_("Points after each hand of the latest game"), series, f"chart-score-{game}",
                              x_label=_("Hand"), y_label=_("Points")))
    yield
    rates = [(isolated(name), rate) for name, rate in stats.win_rate_series(players)]
    yield
    if rates:
        out.append(line_chart(_("Games won so far, after each finished game"), rates, f"chart-wins-{game}",
                              x_label=_("Game"), y_label=_("Games won (%)"), y_range=(0, 100),
                              value_text=lambda v: _("{percent}%").format(percent=round(v))))
    out.append("</section>")
    return "".join(out)


def _pct(p: stats.PlayerStats, part: int, whole: int) -> str:
    v = p.percent(part, whole)
    return "—" if v is None else _("{percent}%").format(percent=v)


def _avg(p: stats.PlayerStats, total: int) -> str:
    return "—" if not p.hands else decimal(p.per_hand(total))


def player_card(p: stats.PlayerStats) -> str:
    """A player's figures as a definition list (term: figure)."""
    rows = [
        (_("Games"), _("{won} won of {played} ({finished} finished)").format(
            played=p.games, finished=p.finished, won=p.won)),
        (_("Hands"), _("{won} won of {played} ({percent})").format(
            played=p.hands, won=p.hands_won, percent=_pct(p, p.hands_won, p.hands))),
        (_("Points per hand"), _avg(p, p.points)),
    ]
    if p.game == "dummy-spades":
        rows += [
            (_("Bids made"), _pct(p, p.bids_made, p.hands)),
            (_("As declarer"), _("made {made} of {hands}").format(made=p.declarer_made, hands=p.declarer_hands)),
            (_("As defender"), _("made {made} of {hands}").format(made=p.defender_made, hands=p.defender_hands)),
            (_("Nils"), _("made {made} of {tried}").format(made=p.nils_made, tried=p.nils)),
            (_("Bags per hand"), _avg(p, p.bags)),
        ]
    else:
        rows += [
            (_("Sweeps"), str(p.sweeps)),
            (_("Houses"), _("{built} built · {captured} captured").format(built=p.houses_built,
                                                                         captured=p.houses_captured)),
            (_("Baazis"), _("{won} won · {lost} lost").format(won=p.baazis_won, lost=p.baazis_lost)),
        ]
    rows.append((_("Hints used"), str(p.hints)))
    for level in sorted(p.against, key=lambda k: (k in ("human", "remote"), k)):   # the computers first
        a = p.against[level]
        games = ngettext("won {won} of {games} game", "won {won} of {games} games", a.games).format(
            games=a.games, won=a.won)
        hands = ngettext("{won} of {hands} hand", "{won} of {hands} hands", a.hands).format(
            hands=a.hands, won=a.hands_won)
        rows.append((_(LEVEL_NAMES.get(level, level)), _("{games} · {hands}").format(games=games, hands=hands)))
    dl = "".join(f"<dt>{esc(k)}</dt><dd>{esc(v)}</dd>" for k, v in rows)
    return (f'<article class="stats-player" data-player="{esc(stats.player_key(p.name))}">'
            f"<h3>{esc(isolated(p.name))}</h3><dl>{dl}</dl></article>")


def reset_dialog() -> str:
    """The question before forgetting every statistic."""
    return dialog(esc(_("Reset the statistics?")),
                  f'<p>{esc(_("Every statistic of every player is forgotten. Saved games are kept."))}</p>'
                  f'<p>{esc(_("This cannot be undone."))}</p>',
                  button(esc(_("Reset")), "stats:confirm-reset", cls="btn danger", key="confirm")
                  .replace("<button ", "<button data-autofocus ", 1)
                  + button(esc(_("Keep them")), "cancel", cls="btn ghost", key="cancel"), cls="stats-reset")


# ---- the screen's acts ----------------------------------------------------------------------

class StatsScreen:
    """The Statistics screen in the app (``app.statistics``): its notice, its acts, its import;
    the store is the app's (``app.saves.store``), the download ``app.files.download``."""

    def __init__(self, app) -> None:
        self.app = app
        self.notice = ""   # a message on the screen (imported, reset)
        self.building = None   # the summaries built in slices: None (not yet), the job, or False (tried)
        self.kept: tuple = (None, None)   # the screen as last worked out: (what it depends on, its HTML)
        self.reading = None   # the job working it out in slices (``html``)

    def acts(self) -> dict:
        return {"stats": self.act}

    def act(self, arg: str) -> None:
        """Answer a ``stats[:arg]`` act (the store, the dialog, the download)."""
        app = self.app
        store = app.saves.store
        if arg == "":
            app.close_game()
            app.screen = "stats"
            self.notice = ""
        elif arg == "export":
            app.files.download(export_text(store), f"cardtable-statistics-{time.strftime('%Y%m%d-%H%M')}.json")
            return
        elif arg == "reset":
            app.dialog = ("stats-reset",)
        elif arg == "confirm-reset":
            reset(store)
            app.dialog = None
            self.notice = _("The statistics were reset.")
        app.render()

    def import_file(self, text: str, filename: str) -> None:
        """A file chosen with *Import statistics…* (or a statistics file given to the home import)."""
        app = self.app
        try:
            kind = file_kind(text)
            message = wrong_file(kind, filename[:60]) if kind in ("game", "backup") else import_text(app.saves.store, text)
        except stats.StatsError as err:
            message = _("{file} was not imported: {reason}").format(file=filename[:60], reason=str(err)[:200])
        app.close_game()
        app.dialog = None
        app.screen = "stats"
        self.notice = message
        app.render()

    def dialog_html(self) -> str:
        """The dialog over the screen: the question before a reset."""
        return reset_dialog()

    def html(self) -> str:
        """The screen, for the app's ``screen_html``: from the summaries kept (``load_summaries_steps``).

        With a store that counts its changes (web/store.js's, ``store_version``), the screen is
        worked out in slices (``draw_steps``: 10,000 games took one task of 80-150 ms), saying
        *Counting the statistics…* meanwhile when it takes more than one, and kept while the
        store, the language, the notice and the day are the same: opened again, nothing is read."""
        from .daily import today
        store = self.app.saves.store
        if self.building is not False and not stats_sum.valid(store):
            self.build(store)
            if self.building:   # (under way)
                return screen_html({}, notice=_(COUNTING))
        waiting = len(stats_store.uncounted(store))   # (kept in localStorage: read at every draw)
        key = (store_version(store), i18n.language, self.notice, waiting, today())
        if key[0] is None:
            return run(self.draw_steps(store, waiting))
        if self.kept[0] != key and self.reading is None:
            from ..shell.tasks import Sliced

            def done(html: Optional[str]) -> None:
                self.kept, self.reading = (key, html), None
                if not starting and self.app.screen == "stats":
                    self.app.render()

            starting = True
            self.reading = Sliced(self.app.tasks, self.draw_steps(store, waiting), done, lambda _err: done(None), 0.01)
            self.reading.start()   # (a small store: done in this first slice)
            starting = False
        if self.kept[0] != key:   # (meanwhile the figures worked out last, in the same words: no flash of "Counting")
            was = self.kept[0]
            return self.kept[1] if was and self.kept[1] and was[1:3] == key[1:3] else screen_html({}, notice=_(COUNTING))
        return self.kept[1] if self.kept[1] is not None else run(self.draw_steps(store, waiting))   # (failed: its error met here)

    def draw_steps(self, store: Any, waiting: int):
        """The screen's HTML, worked out in steps (``html``)."""
        from .daily import stats_html, today   # (the deals of the day played)
        summary, latest, _n, problem = yield from load_summaries_steps(store, build=False)
        if waiting:
            full = ngettext("{n} game has hands not counted yet (storage was full): they are counted when it is "
                            "next opened or played with room.", "{n} games have hands not counted yet (storage was "
                            "full): they are counted when each is next opened or played with room.", waiting).format(n=waiting)
            problem = f"{problem}; {full}" if problem else full
        yield
        aside, daily = stats_store.asides(store), stats_html(store, today())
        yield
        return (yield from screen_steps({}, problem, self.notice, aside, daily, summary=summary, latest=latest))


    def build(self, store: Any) -> None:
        """Build the summaries again in slices (an older store's, after a restore: seconds of work
        at 10,000 games, no long task); the screen is drawn again when they are complete."""
        from ..shell.tasks import Sliced

        if self.building is not None:
            return
        stats_store.migrate(store)

        def done(_n) -> None:   # (not complete, full or written meanwhile: read from every entry this visit)
            self.building = None if stats_sum.valid(store) else False
            if self.app.screen == "stats":
                self.app.render()

        def failed(err) -> None:
            stats_sum.invalidate(store)
            done(None)

        self.building = Sliced(self.app.tasks, stats_sum.rebuild_steps(store), done, failed, 0.01)
        self.building.start(soon=True)   # (done may run before start returns)


COUNTING = N_("Counting the statistics…")
"""The notice while the summaries are built again (``StatsScreen.build``)."""


def aside_text(aside: list[dict]) -> str:
    """What the player is told of statistics set aside (kept, not counted)."""
    first = aside[-1]
    return ngettext("{n} stored statistics value could not be read: it is set aside, not deleted, and not counted ({reason}).",
                    "{n} stored statistics values could not be read: they are set aside, not deleted, and not counted ({reason}).",
                    len(aside)).format(n=len(aside), reason=first["reason"][:200])
