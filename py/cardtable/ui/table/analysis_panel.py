"""*Analyse my play* on the end-of-hand summary: the person's decisions of the hand just finished,
each valued by ``cardtable.coach.analysis`` from that person's view at the time, run in slices
(the page stays usable; a progress bar; Stop), then listed with labels and the better move in
words.  The analysis is kept with the game (``GameSession.keep_analysis``: the record's
``analyses`` field) and shown again from there.

Against the computer, the one person's; a decision taps into Review at its position
(``review:at:<index>``).  In pass-and-play (people here only: ``people_here``), one button per
person, then the hand-off rule: "Pass the device to Ana", and only once Ana says she holds it is
her analysis run and shown, without the taps into Review (which shows every hand), until *Done*.
``panel_html`` is a pure function of the kept entry (or the progress), so its words are tested in
CPython.  Browser code (``run``).
"""

from __future__ import annotations

import time
from typing import Optional

from ...cards import Card
from ..text.i18n import N_, _, ngettext
from ..text.markup import button, esc
from .coach import against_computers

SLICE_S = 0.004
"""Seconds of analysis per browser task before its last step: a task is this and one step more.
A two-player Seep hand's longest steps (its second half searched as the expert searches) take
30-38 ms of CPU in the page (``bench/bench_analysis.py page``): 12 ms here left too little room."""

LABEL_WORDS = {"best": N_("best move"), "good": N_("good"), "inaccuracy": N_("inaccuracy"),
               "mistake": N_("mistake"), "blunder": N_("blunder")}


class AnalysisState:
    """What the panel remembers: the hand under analysis ``(game id, seat, hand)``, its steps and
    progress (``done`` of ``total`` decisions)."""

    def __init__(self) -> None:
        self.key = None
        self.steps = None
        self.done = 0
        self.total = 0
        self.seat = None      # pass-and-play: (seat, this_hand) of the person whose analysis is asked for
        self.ready = False    # ... who holds the device now


def person_seat(app):
    """The one person's seat against the computer, else None (None at a table across devices too:
    on a guest's device the game and its record are on the host's, and the host plays people)."""
    people = [s for s, c in app.controllers.items() if c == "human"]
    if (len(people) != 1 or len(people) == len(app.controllers) or app.session.script is not None
            or getattr(app.game, "remote", False) or not against_computers(app)):
        return None
    return people[0]


def people_here(app) -> list:
    """Pass-and-play: the seats of the people at this device when there are several and no
    person elsewhere (else [])."""
    people = app.humans()
    elsewhere = app.session.people_elsewhere()
    if len(people) < 2 or elsewhere or app.session.script is not None or getattr(app.game, "remote", False):
        return []
    return people


def this_hand(app):
    from ...coach.analysis import finished_hand

    return None if app.game is None else (app.game_id, finished_hand(app.game))


def asked(app, state: Optional[AnalysisState]):
    """Pass-and-play: the person whose analysis of this hand was asked for, or None."""
    if state is None or state.seat is None or state.seat[1] != this_hand(app) or state.seat[0] not in people_here(app):
        return None
    return state.seat[0]


def hand_key(app, state: Optional[AnalysisState] = None):
    seat = person_seat(app)
    if seat is None and state is not None and state.ready:
        seat = asked(app, state)
    return None if seat is None or app.game is None else (app.game_id, seat, this_hand(app)[1])


def act(app, state: AnalysisState, arg: str) -> None:
    """``analyse:start`` and ``analyse:stop``; pass-and-play: ``analyse:for:<seat>`` (the hand-off
    to that person), ``analyse:ready`` (they hold the device: their analysis), ``analyse:done``."""
    verb, _sep, seat = arg.partition(":")
    if verb in ("for", "done"):
        state.seat, state.ready = ((seat, this_hand(app)) if seat in people_here(app) else None), False
        state.key = state.steps = None
        app.render()
        return
    if verb == "ready":
        state.ready = asked(app, state) is not None
        app.render()
    if arg == "stop":
        state.key = state.steps = None
        app.render()
        return
    key = hand_key(app, state)
    if key is None or state.key == key or app.session.analysis_of(key[1], key[2]):
        return
    state.key, state.done, state.total, state.steps = key, 0, 0, None
    app.tasks.soon(lambda: begin(app, state, key))
    app.render()


def begin(app, state: AnalysisState, key) -> None:
    """In a task of its own: the analysis module imported and the steps made."""
    if state.key != key:
        return
    from ...coach.analysis import analyse_steps

    def progress(done: int, total: int) -> None:
        state.done, state.total = done, total

    state.steps = analyse_steps(app.game.to_record(), seats=[key[1]], hands={key[2]}, progress=progress)
    app.tasks.soon(lambda: run(app, state, key))


def run(app, state: AnalysisState, key, done=None) -> None:
    """One slice of the analysis; the next in a task of its own, or the result kept (``done``
    given: handed the ``Analysis`` instead, as Review does).  The panel is drawn again in a task
    of its own, never in a slice's."""
    if state.key != key or state.steps is None:
        return
    stop = time.perf_counter() + SLICE_S
    before = state.done
    while True:
        try:
            next(state.steps)
        except StopIteration as fin:
            state.key = state.steps = None
            entries = fin.value.entries()
            if done is not None:
                result = fin.value
                app.tasks.soon(lambda: done(result))
                return
            if app.game_id == key[0]:
                app.session.keep_analysis(entries[0] if entries else
                                          {"seat": key[1], "hand": key[2], "decisions": [], "accuracy": None})
            app.tasks.soon(app.render)
            return
        if time.perf_counter() >= stop:
            break
    if state.done != before:
        app.tasks.soon(app.render)
    app.tasks.soon(lambda: run(app, state, key, done))


def html(app, state: AnalysisState, words) -> str:
    """The panel under the hand's scores (empty when not offered)."""
    key = hand_key(app, state)
    people = [] if key else people_here(app)
    if people and asked(app, state):   # the hand-off to the person asked for
        name = app.table.name_of(asked(app, state))
        return ('<section class="analysis" data-key="analysis">'
                f'<h3>{esc(_("Pass the device to {name}").format(name=name))}</h3>'
                + button(esc(_("I am {name} — show my analysis").format(name=name)), "analyse:ready", cls="btn",
                         key="analyse-ready") + "</section>")
    if people:
        return ('<section class="analysis" data-key="analysis">' + "".join(
            button(esc(_("Analyse the play of {name}").format(name=app.table.name_of(s))), f"analyse:for:{s}",
                   cls="btn ghost small", key=f"analyse-{s}") for s in people) + "</section>")
    if key is None:
        return ""
    kept = app.session.analysis_of(key[1], key[2])
    if kept is not None and state.ready:
        return panel_html(kept, words, taps=False).replace(
            "</section>", button(esc(_("Done")), "analyse:done", cls="btn ghost small", key="analyse-done") + "</section>")
    if kept is not None:
        return panel_html(kept, words)
    if state.key == key:
        return progress_html(state.done, state.total)
    return ('<section class="analysis" data-key="analysis">'
            + button(esc(_("Analyse my play")), "analyse:start", cls="btn ghost", key="analyse") + "</section>")


def progress_html(done: int, total: int) -> str:
    text = _("Analysing your decisions… {done} of {total}").format(done=done, total=total or "…")
    return ('<section class="analysis" data-key="analysis" aria-busy="true">'
            f'<p role="status">{esc(text)}</p>'
            f'<progress max="{max(1, total)}" value="{done}" aria-label="{esc(text)}"></progress>'
            + button(esc(_("Stop")), "analyse:stop", cls="btn ghost small", key="analyse-stop") + "</section>")


def panel_html(entry: dict, words, taps: bool = True) -> str:
    """A kept analysis: the accuracy, then each decision that lost points with its label and the
    better move (``words``: an action in words, the table's), a tap into Review at it (``taps``);
    decisions that lost nothing are counted, not listed."""
    ds = entry.get("decisions") or []
    acc = entry.get("accuracy")
    head = (_("Accuracy this hand: {percent}%").format(percent=round(acc)) if acc is not None
            else _("No decision of yours to analyse in this hand."))
    items = []
    for d in ds:
        if not d.get("lost"):
            continue
        label = _(LABEL_WORDS.get(d.get("label"), "good"))
        better = _("{move} would have been about {points} points better.").format(
            move=words(d["best"]), points=max(1, round(d["lost"])))
        exact = f' <span class="muted">({esc(_("exact"))})</span>' if d.get("exact") else ""
        said = _("{move}: {label}.").format(move=words(d["played"]), label=label)
        tap = f'<b>{esc(said)}</b>{exact} {esc(better)}'
        if taps:
            tap = (f'<button type="button" class="btn ghost small link" data-act="review:at:{int(d["index"])}" '
                   f'data-key="at-{int(d["index"])}">{tap}</button>')
        items.append(f'<li class="verdict {esc(d.get("label", ""))}">{tap}</li>')
    clean = sum(1 for d in ds if not d.get("lost"))
    tail = ngettext("{n} decision as good as the best the analysis found.",
                    "{n} decisions as good as the best the analysis found.", clean).format(n=clean) if ds else ""
    body = f'<ol class="verdicts">{"".join(items)}</ol>' if items else ""
    return (f'<section class="analysis" data-key="analysis"><h3>{esc(_("Your play"))}</h3>'
            f'<p><b>{esc(head)}</b> {esc(tail)}</p>{body}'
            f'<p class="muted small">{esc(_("An estimate over sampled deals of the cards you could not see."))}</p>'
            "</section>")


def move_words(game_name: str, table, action: str) -> str:
    """An action in words: the Seep table's own, or a Dummy Spades bid, peek, flip or card."""
    if game_name != "dummy-spades":
        return table.action_words(action)
    w = action.split()
    if w[0] == "bid":
        if len(w) > 3:
            return _("Bid {tricks} with a nil on {hands}").format(
                tricks=w[1], hands=", ".join(table.name_of(h) for h in w[3].split(",")))
        return _("Bid {n}").format(n=w[1])
    if w[0] in ("peek", "flip"):
        return (_("Peek at slots {slots}") if w[0] == "peek" else _("Turn up slots {slots}")).format(slots=", ".join(w[1:]))
    return _("Play {card}").format(card=Card.parse(w[-1]).symbol)
