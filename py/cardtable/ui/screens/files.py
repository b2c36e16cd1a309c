"""Games in and out of the app: opening a saved game (replayed in slices, so a long game never
freezes the page), importing and exporting game files, an imported game that is already saved,
unknown computer players in a file, and following the open game when another window saves it.

Acts: ``open:<id>``, ``export``, ``data:import-copy``.  Browser code (downloads, timing marks);
it works on the app it is given (``app.session`` for the game, ``app.render`` to draw).
"""

from __future__ import annotations

import json
import time
from typing import Optional


from ...game import IllegalAction, RecordError
from ...record import ANALYSES_FIELD, CONTROLLERS_FIELD, HINTS_FIELD, ReplayError, game_at_start, new_game, parse_record
from ..shell import page
from ..shell.browser import measure
from ..shell.tasks import Sliced
from ..text import announce
from ..text.i18n import N_, _, ngettext
from ..text.markup import button, cut, dialog, esc, isolated, kept_name
from ..text.movewords import apply_with_views
from . import stats as stats_screen
from ...stores import backup, stats_sum
from .new_game import bots_available, new_id
from .save_soon import SaveSoon

LOG_DESCRIBED = 80      # opening a game describes in full its last 80 actions (what the log panel shows)
OPEN_SLICE_S = 0.04     # opening or counting a long game: longest stretch before Python's thread is free again
OPEN_STEP = 32          # ... the time is looked at every so many actions
OTHER_WINDOW = N_("This game went on in another window — here is the latest position.")
OPENING = N_("Opening the game…")


class Files:
    """Opening, importing and exporting games for the app (see the module docstring)."""

    def __init__(self, app) -> None:
        self.app = app
        self.opening: Optional[Sliced] = None   # a game being opened in slices (in_slices)
        self.pending_import = None    # an imported game that is already saved: (game, log, ...)
        self.save_soon = SaveSoon(app)   # a game opened from a file is saved in a task of its own
        # the games' rules and tables imported while the home screen waits, not in an opening's first task

    def acts(self) -> dict:
        return {"open": self.open_saved, "export": lambda _arg: self.export(), "data": self.data_act}

    def open_saved(self, game_id: str) -> None:
        """Open a saved game, replayed in slices (``in_slices``): a long game never freezes the page."""
        def failed(err: Exception) -> None:
            if isinstance(err, (RecordError, ReplayError)):
                self.app.notice = _("That saved game cannot be opened: {why}").format(why=cut(str(err)))
            else:  # a bug must not leave the page dead
                self.app.notice = _("That saved game cannot be opened ({why})").format(why=f"{type(err).__name__}: {cut(str(err))}")
            self.app.screen = "home"
            self.app.render()

        # the text replayed and its revision, read together: another window may save while the
        # slices run, and the game shown must keep the revision of the text it came from
        raw = self.app.saves.raw(game_id) or ""
        rev = self.app.saves.revision(game_id)

        def opened(result) -> None:
            game, log = result
            controllers, note = self.checked_controllers(self.app.saves.controllers(game_id), game)
            self.app.open_game(game, game_id, controllers, log)
            self.app.session.revs[game_id] = rev
            self.app.banner = note
            self.app.advance()
            if (self.app.saves.raw(game_id) or "") != raw:   # saved by another window meanwhile: follow it
                self.follow_other_window(game_id)

        try:
            record = parse_record(raw)
        except Exception as err:
            return failed(err)
        self.in_slices(self.replay_steps(record, self.app.saves.controllers(game_id)), opened, failed)

    def replay_with_log(self, text, controllers=None):
        """Replay a record (JSON text or a parsed dict) and build its log, in one go (see
        ``replay_steps``; opening a game from a file or the saved list uses ``open_in_slices``)."""
        steps = self.replay_steps(parse_record(text), controllers)
        while True:
            try:
                next(steps)
            except StopIteration as done:
                return done.value

    def replay_steps(self, record: dict, controllers=None):
        """Replay a parsed record and build its log, in time linear in its length: a generator
        that yields every ``OPEN_STEP`` actions and returns ``(game, log)``.

        The last ``LOG_DESCRIBED`` actions (what the log panel shows) are described in full,
        from views without the hands' history (``movewords``); earlier ones get a plain line:
        who, and the action in notation.  ``controllers`` (who plays each seat) tells the one
        person against computers, whose moves read "You play".  Raises ``ReplayError`` for an
        action that cannot be applied.
        """
        game = game_at_start(record)   # ``record`` is parse_record's: its shape is not checked again
        table = self.app.table_screen.table_for(game)
        table.you = announce.the_one_person(controllers, table.seats)
        yield   # the setup (the game's deals read, the table's module imported) may fill a slice
        log: list[str] = []
        actions = record["actions"]
        first_described = max(0, len(actions) - LOG_DESCRIBED)
        said: dict = {}   # who acts -> a plain line's start, "Ana: " (worked out once per seat)
        for i, action in enumerate(actions):
            if i % OPEN_STEP == OPEN_STEP - 1:
                yield
            actor = game.to_act
            try:
                if i >= first_described and actor is not None:
                    canonical, actor, before, after = apply_with_views(game, action)
                    log.append(table.describe(canonical, actor, before, after, game))
                else:
                    start = said.get(actor)
                    if start is None:
                        start = said[actor] = f"{table.name_of(actor) if actor else ''}: "
                    log.append(start + game.apply(action))
            except (IllegalAction, RecordError) as err:
                raise ReplayError(i, action, str(err)) from None
            except ValueError:
                raise ReplayError(i, action, "not an action of this game") from None
        return game, log

    def in_slices(self, steps, then, failed, soon: bool = False) -> None:
        """Open a game in slices (``tasks.Sliced``): ``steps`` replays it, ``then(result)`` shows
        it, ``failed(err)`` says why not.  A new opening, or any act (``cancel_opening``), stops the
        one under way; one that takes more than a slice says "Opening the game…" on the screen.
        With ``soon`` the first slice runs in a task of its own: the task that read a file has
        parsed and checked it already (a long record's text is work too)."""
        self.cancel_opening()
        began = [page.here.performance.now()]

        def after_slice(finished: bool) -> None:
            measure("cardtable:open-slice", began[0])
            began[0] = page.here.performance.now()
            if finished:
                self.opening = None
                if self.app.notice == _(OPENING):
                    self.app.notice = ""
            elif self.app.screen == "home" and not self.app.notice:
                self.app.notice = _(OPENING)
                self.app.render()

        self.opening = Sliced(self.app.tasks, steps, then, failed, OPEN_SLICE_S, after_slice)
        self.opening.start(soon=soon)

    def cancel_opening(self) -> None:
        """Stop a game being opened in slices (the person did something else meanwhile)."""
        self.save_soon.flush()   # a game opened from a file is saved before anything else happens
        job = getattr(self, "opening", None)
        if job is not None:
            job.cancel()
            self.opening = None
            if self.app.notice == _(OPENING):
                self.app.notice = ""

    def download(self, text: str, filename: str) -> None:
        """Offer ``text`` as a JSON file download."""
        page.call("cardtableDownload", text, filename)

    def export(self) -> None:
        record = self.app.session.record()   # the record, with the hints used
        record[CONTROLLERS_FIELD] = dict(self.app.controllers)  # who plays each seat; replay ignores it
        text = json.dumps(record, ensure_ascii=False, indent=1)
        self.download(text, f"cardtable-{self.app.game.name}-{time.strftime('%Y%m%d-%H%M')}.json")

    def import_text(self, text: str, filename: str) -> None:
        """Open a game file: any problem is a message on the home screen and nothing saved changes.

        Names are trimmed to ``NAME_MAX`` characters; the seats' players come from the record's
        ``controllers`` (unknown levels become people, with a notice); a game that is already
        saved is offered to be opened instead of being copied.
        """
        name = cut(str(filename), 60)
        if stats_screen.looks_like_stats(text):
            return self.app.statistics.import_file(text, name)
        if backup.looks_like_backup(text):   # a backup: restored (merged), never opened as a game
            return self.app.your_data.restore_file(text, name)

        def failed(err: Exception) -> None:
            if isinstance(err, (RecordError, ReplayError)):
                self.import_refused(_("{file} is not a game Card Table can open: {why}").format(file=name, why=cut(str(err))))
            else:  # anything else is still a message, never a dead page
                self.import_refused(_("{file} could not be opened ({why})").format(file=name, why=f"{type(err).__name__}: {cut(str(err))}"))

        try:
            record = parse_record(text)
            if isinstance(record.get("players"), list):
                record["players"] = [kept_name(p) for p in record["players"]]
        except Exception as err:
            return failed(err)
        self.in_slices(self.replay_steps(record, record.get(CONTROLLERS_FIELD)),
                       lambda result: self.imported(record, *result), failed, soon=True)

    def imported(self, record: dict, game, log: list[str]) -> None:
        """An imported file, replayed: offer the saved copy if there is one, else open it."""
        controllers, note = self.checked_controllers(record.get(CONTROLLERS_FIELD) or {}, game)
        same = self.saved_copy_of(record)
        if same is not None:
            self.pending_import = (game, log, controllers, note, same, record)
            self.app.dialog = ("import-dup", same)
            self.app.screen = "home"
            self.app.render()
            return
        self.open_imported(game, log, controllers, note, hints=record.get(HINTS_FIELD),
                           analyses=record.get(ANALYSES_FIELD))

    def import_refused(self, message: str) -> None:
        self.app.notice = message
        self.app.dialog = None
        self.app.screen = "home"
        self.app.render()

    def open_imported(self, game, log, controllers, note, game_id: Optional[str] = None, hints=None,
                      analyses=None) -> None:
        self.app.open_game(game, game_id or new_id(), controllers, log)
        if analyses:   # the file's analyses go on with the game (record.ANALYSES_FIELD)
            self.app.session.adopt_analyses(analyses)
        if hints:   # the file's hints used go on in the new save (and its statistics)
            from ..table.coach import adopt_hints
            adopt_hints(self.app, hints)
        self.app.banner = note
        self.app.advance()
        self.save_soon.soon()   # in a task of its own: a long game's save is not in the task that shows it

    def checked_controllers(self, controllers, game) -> tuple[dict, str]:
        """Who plays each seat, with any value this version does not know turned into a person.

        Returns the controllers and a notice naming the seats that changed ("" when none did).
        """
        from ...session.seats import KINDS   # a person here, a person on another device

        try:
            from ...bots import LEVELS
            known = {*KINDS, *LEVELS} if bots_available() else set(KINDS)
        except ImportError:
            known = set(KINDS)
        names = list(game.players or [])
        out, changed = {}, []
        items = controllers.items() if isinstance(controllers, dict) else []
        for seat, kind in items:
            if seat not in game.seats:
                continue
            if isinstance(kind, str) and kind in known:
                out[seat] = kind
            else:
                out[seat] = "human"
                i = game.seats.index(seat)
                changed.append(isolated(names[i]) if i < len(names) else seat)
        note = ""
        if changed:
            who = ", ".join(changed)
            note = cut(ngettext("{who}: the computer player named in the saved data is not one this version knows, "
                                 "so a person plays that seat.",
                                 "{who}: the computer players named in the saved data are not ones this version knows, "
                                 "so a person plays those seats.", len(changed)).format(who=who), 300)
        return out, note

    def saved_copy_of(self, record: dict) -> Optional[str]:
        """The id of a saved game that is this record (the same deal and moves, or one of them
        further on), or None."""
        same_fields = ("game", "options", "players", "seed", "deals")
        acts = list(record.get("actions") or [])
        mine = None   # built only if a saved game of this kind is there to compare with
        for entry in self.app.saves.list():
            if entry.error or entry.game != record.get("game"):
                continue
            if mine is None:
                mine = new_game(record).to_record()
            try:
                saved = parse_record(self.app.saves.raw(entry.id) or "")
                game = new_game(saved)
                norm = game.to_record()
            except Exception:
                continue
            if [norm.get(k) for k in same_fields] != [mine.get(k) for k in same_fields]:
                continue
            theirs = list(saved.get("actions") or [])
            n = min(len(theirs), len(acts))
            if [a.lower() for a in theirs[:n]] == [a.lower() for a in acts[:n]]:
                return entry.id
        return None

    def import_dup_html(self) -> str:
        gid = self.app.dialog[1]
        log = self.pending_import[1]
        saved_n = self.app.saves.action_count(gid)
        body = ("<p>" + esc(_("This file is a game you already have saved ({saved} moves saved, {file} in the file).").format(
                    saved=saved_n, file=len(log))) + "</p>"
                "<p>" + esc(_("Open the saved game, or import the file as a separate game?")) + "</p>")
        return dialog(esc(_("Already saved")), body,
                      button(esc(_("Open the saved game")), f"open:{gid}", cls="btn", key="open-saved")
                      .replace("<button ", "<button data-autofocus ", 1)
                      + button(esc(_("Import as a new game")), "data:import-copy", cls="btn ghost", key="import-copy")
                      + button(esc(_("Cancel")), "cancel", cls="btn ghost", key="cancel"), cls="import-dup", escape="cancel")

    def data_act(self, arg: str) -> None:
        if arg == "import-copy" and getattr(self, "pending_import", None):
            game, log, controllers, note, _, record = self.pending_import
            self.pending_import = None
            self.app.dialog = None
            self.open_imported(game, log, controllers, note, hints=record.get(HINTS_FIELD),
                               analyses=record.get(ANALYSES_FIELD))
            return
        self.app.render()

    def follow_other_window(self, game_id: str) -> None:
        """Show the newest saved version of the open game (another window saved moves)."""
        if self.app.game is None or self.app.game_id != game_id or self.app.saves.raw(game_id) is None:
            return
        try:
            game, log = self.replay_with_log(self.app.saves.raw(game_id) or "", self.app.saves.controllers(game_id))
        except Exception as err:
            self.app.banner = cut(_("This game was changed in another window and cannot be opened here: {why}").format(why=err), 300)
            self.app.render()
            return
        controllers, note = self.checked_controllers(self.app.saves.controllers(game_id), game)
        self.app.open_game(game, game_id, controllers, log)
        self.app.session.revs[game_id] = self.app.saves.revision(game_id)
        self.app.banner = _(OTHER_WINDOW) + (" " + note if note else "")
        self.app.advance()

    def on_refused(self, keys: list, why: str) -> None:
        """The browser refused, after all, writes it had taken (web/store.js): what is stored is
        as it was before them.  The open game saves again from there at its next move; hands whose
        statistics were refused are listed as not counted yet."""
        from ...stores import stats as stats_store
        from ...stores.saves import GAME_KEY
        from ..text.full import full_words
        app, gid = self.app, self.app.game_id
        stats_store.not_counted(app.saves.store, [k[len(stats_store.ENTRY_KEY):] for k in keys
                                                  if k.startswith(stats_store.ENTRY_KEY)])
        if gid and GAME_KEY + gid in keys:
            app.session.revs[gid] = app.saves.revision(gid)
            app.banner = full_words(app.saves, gid)
        elif any(k.startswith(GAME_KEY) for k in keys):
            app.banner = _("Storage is full: the last changes to a saved game were not kept.")
        app.render()

    def on_storage(self, keys: list) -> None:
        """Another window changed the store's ``keys`` (web/store.js's: every key of a burst; the
        page's storage event: one, None when it was cleared): follow the open game, or refresh the
        home screen."""
        try:
            key = keys[0] if len(keys) == 1 else None
            stats_sum.heard(self.app.saves.store, keys)
            gid = self.app.game_id
            if self.app.screen == "table" and self.app.game is not None and gid:
                if key is None or key.endswith("/" + gid):
                    if self.app.saves.raw(gid) is not None and self.app.saves.revision(gid) != self.app.session.revs.get(gid):
                        self.follow_other_window(gid)
            elif self.app.screen in ("home", "stats") and not self.app.dialog:
                self.app.render()
        except Exception as err:  # never let an event from another window break this one
            page.here.console.error(f"cardtable: storage event: {err!r}")
