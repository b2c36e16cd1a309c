"""The deal of the day and shared hands in the app (``Daily``, held by the app as ``app.daily``).

* Home's tile (``tile_html``, drawn by ``home``): today's deal of each kind, played against the
  strong computers in seat ``p0`` (``coach.daily``); once its first hand is over, the result beside
  par.  One attempt a day: the tile reopens the day's saved game (``stores.daily``).
* Par is worked out on the device in slices (``tasks.Sliced``, 12 ms each, as the analysis is) from
  the moment the deal is opened; the end-of-hand summary shows it, or how far it has got.
* *Share* (on the end-of-hand summary, game over and Review): a link to the app whose fragment holds
  the finished hands (``cardtable.share``), a short text, the device's own sharing or the clipboard,
  and a QR code for a short link (``web/share.js`` over ``web/qr.js``).
* Opening a ``#hand=`` link replays its moves in slices and opens the hand in Review, with the score
  the moves make; a deal of the day not played here yet is offered first (the ``daily`` screen).
  A link that cannot be read is said on home, and nothing stored changes.

Acts: ``daily:<kind>`` (today's deal), ``daily:play`` / ``daily:show`` (the offer), ``daily:friend``
(the friend's hand, once the deal is played), ``share:open``, ``share:send``, ``share:close``.  The HTML functions are pure (tested in CPython).
"""

from __future__ import annotations

import datetime
from typing import Optional

from ...stores import daily as store
from ..text.i18n import N_, _, decimal, ngettext
from ..text.markup import button, esc, isolated, signed
from .daily_tile import KIND_TITLES, day_words, today, versus

SEATS = {"spades": 3, "seep4": 4, "seep2": 2}
QR_MAX = 700
"""The longest link drawn as a QR code (longer ones make codes too dense for a phone's camera)."""
SLICE_S = 0.012
LINK_WORDS = {"later": N_("it was made by a later version of Card Table"),
              "damaged": N_("it is damaged, cut short or too long"),
              "moves": N_("its moves are not the moves of a game (it was changed)"),
              "unfinished": N_("it holds a hand still in play, and only finished hands are shared")}
"""What a link that cannot be read is said to be (``share.LinkError``'s code; any other: damaged)."""


def result_html(kind: str, date: str, e: dict) -> str:
    """The end-of-hand summary's lines of a deal of the day: the result beside par (or that par is
    being worked out), the undos and hints used."""
    score = e.get("score")
    par = e.get("par") if isinstance(e.get("par"), int) else None
    head = deal_title(kind, date)
    if par is not None:
        line = _("You: {score} · par: {par} ({diff} against par)").format(
            score=signed(score, plus=True), par=signed(par, plus=True), diff=signed(score - par, plus=True))
    else:
        line = _("You: {score} · par is being worked out…").format(score=signed(score, plus=True))
    return (f'<section class="analysis daily-result" data-key="daily-result"><h3>{esc(head)}</h3>'
            f'<p role="status"><b>{esc(line)}</b></p><p class="muted small">{esc(used_words(e))}</p></section>')


def deal_title(kind: str, date: str) -> str:
    return _("{game} deal of the day, {date}").format(game=_(KIND_TITLES[kind]), date=day_words(date))


def used_words(e: dict) -> str:
    """The undos and hints of a day's attempt: "1 undo · 2 hints"."""
    undos, hints = e.get("undos", 0), e.get("hints", 0)
    return (ngettext("{n} undo", "{n} undos", undos).format(n=undos) + " · "
            + ngettext("{n} hint", "{n} hints", hints).format(n=hints))


def stats_html(web_store, date: str) -> str:
    """Statistics' section: the days played, the streak, the average against par, the last results."""
    summary = store.summary(web_store, date)
    if not summary["played"]:
        return ""
    vs = summary["vs_par"]
    head = _("Days played: {n} · streak: {streak} · average against par: {avg}").format(
        n=summary["played"], streak=summary["streak"],
        avg="–" if vs is None else ("+" if vs > 0 else "−" if vs < 0 else "") + decimal(abs(vs)))
    rows = []
    for kind, day, e in store.history(web_store)[:10]:
        par = e.get("par") if isinstance(e.get("par"), int) else None
        rows.append(f'<li>{esc(day_words(day))} · {esc(_(KIND_TITLES.get(kind, kind)))} · '
                    f'<b>{esc(versus(e["score"], par))}</b> <span class="muted">· {esc(used_words(e))}</span></li>')
    return (f'<section class="stats-game" aria-labelledby="stats-daily"><h2 id="stats-daily">{esc(_("Deal of the day"))}</h2>'
            f'<p>{esc(head)}</p><ul class="daily-history">{"".join(rows)}</ul></section>')


def share_text(game_name: str, kind_date: Optional[tuple], score: Optional[int], par: Optional[int],
               totals: str) -> str:
    """The short text beside a link: "Card Table · Seep deal of the day 2026-11-28 · +46 vs par +31"."""
    from .home import game_title

    if kind_date and score is not None:
        return _("Card Table · {game} deal of the day {date} · {result}").format(
            game=_(KIND_TITLES[kind_date[0]]), date=kind_date[1], result=versus(score, par))
    return _("Card Table · {game} · {scores}").format(game=game_title(game_name), scores=totals)


def shared_players(record: dict) -> list:
    """The names of a shared hand as the receiver reads them: a deal of the day's seat ``p0`` is the
    sender's "You", shown as "Your friend"."""
    from ...coach.daily import of_record
    from ..text.markup import kept_name

    players = [kept_name(p) for p in record.get("players") or []]
    return [_("Your friend")] + players[1:] if players and of_record(record) else players


def sent_text(shared: dict) -> str:
    """What Send gives the device's sharing: the text without the names' bidi isolates (kept in the page)."""
    from ..text.markup import plain_name

    return plain_name(shared["text"])


def share_button(key: str) -> str:
    return button(esc(_("Share")), "share:open", cls="btn ghost", key=f"share-{key}")


def share_panel(shared: dict) -> str:
    """The text and the link, Send (the device's sharing, or the clipboard), and a short link's QR code."""
    said = f'<p role="status" class="muted small">{esc(shared["said"])}</p>' if shared.get("said") else ""
    field = (f'<label class="field"><span>{esc(_("Link"))}</span><input id="share-link" readonly '
             f'value="{esc(shared["link"])}"></label>' + button(esc(_("Send")), "share:send", cls="btn", key="share-send")) if shared["link"] else ""
    return (f'<section class="analysis share-panel" data-key="share-panel"><h3>{esc(_("Share"))}</h3><p>{esc(shared["text"])}</p>'
            + field + button(esc(_("Close")), "share:close", cls="btn ghost", key="share-close") + said
            + f'<div class="qr-box share-qr">{shared.get("svg", "")}</div></section>')


def offer_html(kind: str, date: str) -> str:
    """The ``daily`` screen: a friend's deal of the day not yet played here."""
    return (f'<section class="daily-offer"><h1>{esc(deal_title(kind, date))}</h1>'
            f'<p>{esc(_("A friend shared their play of this deal. You have not played it yet: play it first, then see theirs?"))}</p>'
            '<div class="tile-buttons">'
            + button(esc(_("Play it first")), "daily:play", cls="btn", key="daily-play", focus_now=True)
            + button(esc(_("See their hand now")), "daily:show", cls="btn ghost", key="daily-show")
            + button(esc(_("Home")), "nav:home", cls="btn ghost", key="home") + "</div></section>")


def totals_text(game, players: list) -> str:
    """The finished hands' count and totals, as the saved games' list words them ("1 hand · Ana 120 · Ben 80")."""
    from ...stores.saves import totals_text as saved_totals
    from .home import totals_words

    return totals_words(saved_totals({**game.summary(), "over": True}, players))


class Daily:
    """The deal of the day, its par and shared links in the app (see the module docstring)."""

    def __init__(self, app) -> None:
        self.app = app
        self.par_job = self.par_key = None   # the par being worked out: its Sliced, (kind, date)
        self.shared: Optional[dict] = None   # the share panel shown: where, link, text, svg, said
        self.pending = None          # a friend's deal of the day not played here: (record, game)
        self.waiting: Optional[dict] = None  # ... kept to show once the deal is played here

    def acts(self) -> dict:
        return {"daily": self.daily_act, "share": self.share_act}

    # ---- the deal of the day ---------------------------------------------------------------------
    def daily_act(self, arg: str) -> None:
        if arg == "friend" and self.waiting is not None:
            return self.show_review(self.waiting["record"], self.waiting["game"])
        if arg in ("play", "show") and self.pending is not None:
            record, game = self.pending
            self.pending = None
            if arg == "show":
                return self.show_review(record, game)
            self.waiting = {"record": record, "game": game}
            from ...coach.daily import of_record
            arg = of_record(record)[0]
        if arg in KIND_TITLES:
            self.start(arg)

    def start(self, kind: str) -> None:
        """Today's deal of ``kind``: the day's attempt opened again, or begun."""
        from ...coach.daily import record_of
        from ...record import new_game
        from .home import DEFAULT_NAMES
        from .new_game import new_id

        app, date = self.app, today()
        kept = store.entry(app.saves.store, kind, date) or {}
        gid = kept.get("id")
        if isinstance(gid, str) and app.saves.raw(gid):
            app.files.open_saved(gid)
        else:
            n = SEATS[kind]
            names = [_("You")] + DEFAULT_NAMES[1:n]
            controllers = {f"p{i}": ("human" if i == 0 else "strong") for i in range(n)}
            gid = new_id()
            if app.game is not None:
                app.close_game()
            app.open_game(new_game(record_of(kind, datetime.date.fromisoformat(date), names)), gid, controllers, log=[])
            app.autosave()
            store.start(app.saves.store, kind, date, gid)
            app.advance()
        self.work_out_par(kind, date)

    def kind_of_open(self) -> Optional[tuple]:
        """``(kind, date)`` of the open game when it is this device's attempt at a deal of the day."""
        from ...coach.daily import of_record

        app = self.app
        if app.game is None or app.session.script is not None:
            return None
        kd = of_record(app.game.to_record())
        if kd is None:
            return None
        kept = store.entry(app.saves.store, *kd) or {}
        return kd if kept.get("id") == app.game_id else None

    def hands_finished(self) -> None:
        """A hand of the open game is over: a deal of the day's first hand gives the day's result."""
        from ...coach.daily import hand_score

        kd = self.kind_of_open()
        if kd is None:
            return
        score = hand_score(self.app.game)
        if score is not None:
            record = self.app.session.record()
            cut = self.app.game.to_record()["actions"]
            hints = [p for p in (record.get("hints") or {}).get("p0", []) if p <= len(cut)]
            store.finish(self.app.saves.store, kd[0], kd[1], score, hints=len(hints))
        self.work_out_par(*kd)

    def undone(self) -> None:
        """An undo at the table: counted in a deal of the day's result."""
        kd = self.kind_of_open()
        if kd is not None:
            store.undone(self.app.saves.store, *kd)

    def work_out_par(self, kind: str, date: str) -> None:
        """Par in slices, unless it is known or under way."""
        from ...coach.daily import par_steps
        from ..shell.tasks import Sliced

        kept = store.entry(self.app.saves.store, kind, date) or {}
        if isinstance(kept.get("par"), int) or self.par_key == (kind, date):
            return
        if self.par_job is not None:
            self.par_job.cancel()
        self.par_key = (kind, date)

        def done(par: int) -> None:
            self.par_job = self.par_key = None
            store.set_par(self.app.saves.store, kind, date, par)
            self.app.render()

        def failed(err: Exception) -> None:
            self.par_job = self.par_key = None
            from ..shell.page import here
            here.console.error(f"cardtable: par: {err!r}")

        steps = par_steps(kind, datetime.date.fromisoformat(date))
        self.par_job = Sliced(self.app.tasks, steps, done, failed, SLICE_S).start(soon=True)

    def summary_html(self) -> str:
        """Under the end-of-hand scores and on game over: the day's result, and Share."""
        from ...coach.daily import of_record

        kd = self.kind_of_open()
        block = ""
        if kd is not None:
            kept = store.entry(self.app.saves.store, *kd) or {}
            if isinstance(kept.get("score"), int):
                block = result_html(kd[0], kd[1], kept)
                if self.waiting is not None and of_record(self.waiting["record"]) == kd:
                    block += button(esc(_("See your friend’s hand")), "daily:friend", cls="btn", key="daily-friend")
        return block + self.share_html("table")

    def share_html(self, where: str) -> str:
        panel = share_panel(self.shared) if self.shared is not None and self.shared["where"] == where else ""
        return f'<div class="share-row">{share_button(where)}</div>' + panel   # (the focus stays on Share)

    # ---- sharing ----------------------------------------------------------------------------------
    def share_act(self, arg: str) -> None:
        {"open": self.share_open, "send": self.send, "close": self.close_share}.get(arg, lambda: None)()

    def share_open(self) -> None:
        from ... import share
        from ...coach.daily import hand_score, of_record
        from ..shell import page

        app = self.app
        if app.screen == "review" and app.review_settings.review is not None:
            r = app.review_settings.review
            record, where = dict(r.record, actions=r.actions), "review"
        elif app.game is not None and app.dialog and app.dialog[0] in ("hand", "over"):
            record, where = app.session.record(), "table"
        else:
            return
        fragment = share.encode(record)
        if fragment is None:
            self.shared = {"where": where, "link": "", "text": _("This game is too long to share as a link: export it instead."), "said": ""}
            app.render()
            return
        _record, played = share.decode(fragment)   # the receiver's reading: the score its moves make
        kd = of_record(record)
        kept = (store.entry(app.saves.store, *kd) or {}) if kd else {}
        par = kept.get("par") if isinstance(kept.get("par"), int) else None
        base = page.started("href") or ""   # (the page's address, without its hash)
        text = share_text(record["game"], kd, hand_score(played) if kd else None, par,
                          totals_text(played, record.get("players") or []))
        self.shared = {"where": where, "link": base + fragment, "text": text, "said": "", "svg": ""}
        if len(self.shared["link"]) <= QR_MAX:
            self.with_qr()
        app.render()

    def with_qr(self) -> None:
        from ..shell import page

        def draw(svg) -> None:
            if self.shared is not None and svg:
                self.shared["svg"] = svg
                self.app.render()
        link = self.shared["link"]
        page.ask("cardtableScript", "web/share.js", then=lambda ok: ok and page.ask(
            "cardtableShare.qrSvg", link, _("QR code of the link"), then=draw))

    def send(self) -> None:
        """The device's own sharing (Web Share) where there is one, else the clipboard, else the
        link selected for copying by hand."""
        from ..shell import page

        shared = self.shared
        if shared is None:
            return

        def said(how: str) -> None:
            words = {"copied": _("Copied: paste it in a message."), "select": _("Select the link and copy it.")}
            if how in words:
                shared["said"] = words[how]
                self.app.render()
        page.ask("cardtableSend", "share-link", f'{sent_text(shared)}\n{shared["link"]}',
                 {"title": "Card Table", "text": sent_text(shared), "url": shared["link"]}, then=said)

    def close_share(self) -> None:
        self.shared = None
        self.app.render()

    # ---- opening a link ---------------------------------------------------------------------------
    def open_link(self, route: str) -> None:
        """A ``#hand=`` link: its moves replayed in slices, then Review (or the offer to play first)."""
        from ... import share

        app = self.app
        if app.game is not None:
            app.close_game()
        app.files.in_slices(share.decode_steps(route), self.opened, self.refused)

    def refused(self, err: Exception) -> None:
        why = _(LINK_WORDS.get(getattr(err, "code", ""), LINK_WORDS["damaged"]))
        app = self.app
        app.notice = _("This link to a hand cannot be opened: {why}.").format(why=why)
        app.dialog, app.screen = None, "home"
        app.render()

    def opened(self, result) -> None:
        from ...coach.daily import of_record

        record, game = result
        kd = of_record(record)
        kept = store.entry(self.app.saves.store, *kd) if kd else None
        if kd and kd[1] == today() and not (kept and isinstance(kept.get("score"), int)):
            self.pending = (record, game)
            self.app.screen = "daily"
            self.app.render()
            return
        self.show_review(record, game)

    def html(self) -> str:
        """The ``daily`` screen (the offer)."""
        from ...coach.daily import of_record

        if self.pending is None:
            return ""
        return offer_html(*of_record(self.pending[0]))

    def show_review(self, record: dict, game) -> None:
        """A shared hand in Review, with the score its moves make (and par, when known here)."""
        from ...coach.daily import hand_score, of_record
        from .review import Review

        players = shared_players(record)
        record = {**record, "players": players or None}
        kd = of_record(record)
        if kd:
            kept = store.entry(self.app.saves.store, *kd) or {}
            par = kept.get("par") if isinstance(kept.get("par"), int) else None
            note = _("A shared hand, replayed from its moves: {deal}: {name} {result}.").format(
                deal=deal_title(*kd), name=isolated(players[0] if players else "p0"), result=versus(hand_score(game), par))
        else:
            note = _("A shared hand, replayed from its moves: {scores}.").format(scores=totals_text(game, players))
        self.waiting = None
        self.app.review_settings.show_record(Review.in_steps(record, finished_only="hands"), note)
