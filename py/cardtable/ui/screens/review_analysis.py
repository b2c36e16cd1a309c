"""The analysis in Review: a decision's position with the better move marked, the analysis of any
finished hand (the same sliced runner as *Analyse my play*), a graph of the expected hand result
after each decision, and *Try again* at a costly decision, from the person's view only.

The renderers are pure functions of a kept analysis entry (``coach.analysis.Analysis.entries``)
and, for *Try again*, of the seat's view then, so what they show is tested in CPython::

    >>> d = {"index": 6, "played": "play KH", "best": "play 2H", "lost": 194.0, "label": "blunder",
    ...      "value": -150.0, "noise": 5.0, "values": {"play 2H": 44.0, "play KH": -150.0}}
    >>> better_card("dummy-spades", "play 2H"), better_card("seep", "build 11 6H 5H")
    ('2H', '6H')
    >>> from cardtable.coach.analysis import try_verdict
    >>> try_verdict(d, "play 2H"), try_verdict(d, "play KH")
    (0.0, 194.0)

``ReviewAnalysis`` is the Review screen's part that holds the state (the decision marked, the
one being tried, the analysis under way) and its acts (``review:at:<index>``, ``review:analyse``,
``review:try:<index>``, ``review:pick:<move>``, ``review:try-done``), routed by
``ReviewSettings.step``; an analysis made here is saved with its game (``keep``).  Browser code
apart from the renderers.
"""

from __future__ import annotations

from typing import Optional

from ...cards import Card
from ...coach.analysis import try_verdict
from ..table.analysis_panel import LABEL_WORDS
from ..text.i18n import _
from ..text.markup import button, card_face, esc, signed
from .charts import line_chart

COSTLY = ("inaccuracy", "mistake", "blunder")
"""The labels whose decisions *Try again* offers."""


def better_card(game: str, action: str) -> Optional[str]:
    """The card of the seat's hand that ``action`` plays (None for a bid)."""
    w = action.split()
    if w[0] == "play" or (game == "seep" and w[0] in ("throw", "capture")):
        return w[1]
    if w[0] in ("build", "raise", "cement"):
        return w[2]
    return None


def decision_words(d: dict, words) -> str:
    """A kept decision in words: "Play K♥: blunder. Play 2♥ would have been about 194 points better.\""""
    said = _("{move}: {label}.").format(move=words(d["played"]), label=_(LABEL_WORDS.get(d.get("label"), "good")))
    if not d.get("lost"):
        return said
    return said + " " + _("{move} would have been about {points} points better.").format(
        move=words(d["best"]), points=max(1, round(d["lost"])))


def mark_html(d: dict, words) -> str:
    """At a decision's position in Review: the move played and the better one, in words (the
    better card is also marked on the table: ``better_card``)."""
    return (f'<p class="review-mark verdict {esc(d.get("label", ""))}" role="note">'
            f'{esc(_("Your decision here."))} {esc(decision_words(d, words))}</p>')


def graph_html(entry: dict, chart_id: str = "analysis-graph") -> str:
    """The expected hand result (points) after each valued decision: a line chart with its text
    alternative (the figures' table), from the kept entry."""
    values = [d.get("value", 0.0) for d in entry.get("decisions") or []]
    if not values:
        return ""
    return line_chart(_("Expected result of the hand after each decision"), [(_("Expected points"), values)],
                      chart_id, _("Decision"), _("Expected points"), value_text=lambda v: signed(round(v)))


def entry_html(entry: dict, words, step: int, game: str) -> str:
    """A hand's analysis in Review: the accuracy, the graph, and each decision as a button to its
    position (the current one pressed), with *Try again* on the costly ones."""
    acc = entry.get("accuracy")
    head = (_("Accuracy this hand: {percent}%").format(percent=round(acc)) if acc is not None
            else _("No decision of yours to analyse in this hand."))
    items = []
    for d in entry.get("decisions") or []:
        i = d["index"]
        go = button(esc(decision_words(d, words)), f"review:at:{i}", cls="btn ghost small link",
                    key=f"at-{i}", pressed=step == i)
        again = (button(esc(_("Try again")), f"review:try:{i}", cls="btn small", key=f"try-{i}")
                 if d.get("label") in COSTLY and d.get("values") else "")
        items.append(f'<li class="verdict {esc(d.get("label", ""))}">{go}{again}</li>')
    return (f'<section class="analysis review-analysis" data-key="review-analysis"><h2>{esc(_("Your play"))}</h2>'
            f'<p><b>{esc(head)}</b></p>{graph_html(entry)}<ol class="verdicts">{"".join(items)}</ol>'
            f'<p class="muted small">{esc(_("An estimate over sampled deals of the cards you could not see."))}</p>'
            "</section>")


def try_html(view: dict, d: dict, words, chosen: Optional[str]) -> str:
    """*Try again*: the position of decision ``d`` as its seat saw it (``view``: that seat's view
    then, nothing else), its moves to pick from (those the analysis valued), and after a pick
    whether it is as good as the best.  A pure function of the view and the kept decision."""
    def row(title: str, cards) -> str:
        faces = "".join(card_face(Card.parse(c), small=True) for c in cards)
        return f'<p>{esc(title)}</p><p class="try-cards">{faces}</p>' if faces else ""

    if view["game"] == "dummy-spades":
        table = row(_("The trick so far"), [p["card"] for p in (view.get("trick") or {}).get("plays") or []])
        table += row(_("Dummy"), view.get("dummy") or [] if view.get("dummy_exposed") else [])
    else:
        fl = view.get("floor") or {}
        table = row(_("the floor"), [c for h in fl.get("houses") or [] for c in h["cards"]] + list(fl.get("loose") or []))
    table += row(_("Your cards"), view.get("hand") or [])
    moves = [a for a in view.get("legal") or [] if a in (d.get("values") or {})]
    picks = "".join(f"<li>{button(esc(words(a)), f'review:pick:{a}', cls='btn small', key=f'pick-{a}', pressed=a == chosen)}</li>"
                    for a in moves)
    said = ""
    if chosen is not None:
        lost = try_verdict(d, chosen)
        said = (_("Not valued by the analysis.") if lost is None else
                _("As good as the best move.") if lost == 0 else
                _("{move} would have been about {points} points better.").format(
                    move=words(d["best"]), points=max(1, round(lost))))
    return (f'<section class="review try-again" data-key="try-again"><header class="topbar review-top">'
            f'<h1 class="title">{esc(_("Try again"))}</h1></header>'
            f'<p>{esc(_("The position as you saw it. Pick the move you would play now."))}</p>'
            + table + f'<ul class="try-moves">{picks}</ul>'
            f'<p class="try-verdict" role="status" aria-live="polite">{esc(said)}</p>'
            + button(esc(_("Back to the review")), "review:try-done", cls="btn ghost", key="try-done")
            + "</section>")


def game_at(review, k: int):
    """A copy of the reviewed game at step ``k`` (the review stays at its step)."""
    step, dealt = review.step, review.dealt
    review.go(k)
    g = review.game.copy()
    review.go(step, dealt)
    return g


class ReviewAnalysis:
    """The analysis in the Review screen: kept entries (from the record, or made here), the decision
    marked, the one being tried and the move picked, and the analysis under way."""

    def __init__(self, review_settings) -> None:
        from ..table.analysis_panel import AnalysisState

        self.owner = review_settings
        self.entries: list = []
        self.marked: Optional[int] = None
        self.trying: Optional[int] = None
        self.chosen: Optional[str] = None
        self.running = AnalysisState()

    def opened(self, review, at: Optional[int] = None) -> None:
        """A review is shown: its record's analyses; at ``at``, that decision's position, marked."""
        from ...session.game_session import clean_analyses

        self.entries = clean_analyses(review.record.get("analyses"))
        self.trying = self.chosen = None
        self.running.key = self.running.steps = None
        self.marked = at
        if at is not None:
            review.go(at, dealt=True)

    def decision(self, index: Optional[int]) -> Optional[dict]:
        return next((d for e in self.entries for d in e.get("decisions") or [] if d["index"] == index), None)

    def entry_at(self, review) -> Optional[dict]:
        """The kept analysis of the hand shown (a person's seat: the one person, else the first)."""
        hand = review.hand_index()
        lo, hi = review.hand_starts[hand], (review.hand_starts + [review.last + 1])[hand + 1]
        return next((e for e in self.entries
                     if any(lo <= d["index"] < hi for d in e.get("decisions") or [])
                     or (not e.get("decisions") and e.get("hand") == self.hand_number(review))), None)

    def hand_number(self, review) -> int:
        g = review.game
        return g.view(g.seats[0], history=False).get("hand_number", 0)

    def words(self, review):
        from ..table.analysis_panel import move_words

        return lambda a: move_words(review.name, review.table, a)

    def act(self, arg: str) -> None:
        review = self.owner.review
        if review is None:
            return
        verb, _sep, rest = arg.partition(":")
        if verb == "at" and rest.isdigit():
            self.marked = int(rest)
            review.go(self.marked, dealt=True)
        elif verb == "try" and rest.isdigit() and self.decision(int(rest)):
            self.trying, self.chosen = int(rest), None
        elif verb == "pick" and self.trying is not None:
            self.chosen = rest
        elif verb == "try-done":
            if self.trying is not None:
                self.marked = self.trying
                review.go(self.trying, dealt=True)
            self.trying = self.chosen = None
        elif verb == "analyse":
            return self.start(review)
        self.owner.app.render()

    def mark(self, review) -> Optional[dict]:
        """The card to mark and its words at the step shown, when it is a marked decision's."""
        d = self.decision(self.marked)
        if d is None or review.step != d["index"]:
            return None
        return {"card": better_card(review.name, d["best"]) if d.get("lost") else None,
                "suffix": _(", the better move"), "html": mark_html(d, self.words(review))}

    def html(self, review) -> str:
        """What Review adds under its board: the decision marked, then the hand's analysis (or the
        button that makes it, or its progress)."""
        from ..table.analysis_panel import progress_html

        words = self.words(review)
        top = ""
        entry = self.entry_at(review)
        if entry is not None:
            return top + entry_html(entry, words, review.step, review.name)
        if not review.over and review.hand_index() >= len(review.hand_starts) - 1:
            return top
        if self.running.key == (id(review), review.hand_index()):
            return top + progress_html(self.running.done, self.running.total)
        return top + ('<section class="analysis review-analysis" data-key="review-analysis">'
                      + button(esc(_("Analyse this hand")), "review:analyse", cls="btn ghost", key="review-analyse")
                      + "</section>")

    def try_screen(self, review) -> str:
        d = self.decision(self.trying)
        if d is None:
            return ""
        seat = self.seat_of(d)
        g = game_at(review, d["index"])
        return try_html(g.view(seat, history=False), d, self.words(review), self.chosen)

    def seat_of(self, d: dict) -> str:
        return next(e["seat"] for e in self.entries if d in (e.get("decisions") or []))

    def start(self, review) -> None:
        """The analysis of the hand shown, for the seats of a person, in slices (``analysis_panel.run``)."""
        from ...coach.analysis import analyse_steps
        from ..table import analysis_panel

        app = self.owner.app
        state = self.running
        key = (id(review), review.hand_index())
        if state.key == key:
            return
        record = dict(review.record, actions=review.actions[:review.hand_starts[key[1] + 1]]
                      if key[1] + 1 < len(review.hand_starts) else review.actions)
        record.pop("analyses", None)
        hand = self.hand_number_of(review, key[1])
        state.key, state.done, state.total = key, 0, 0

        def progress(done: int, total: int) -> None:
            state.done, state.total = done, total

        def done(analysis) -> None:
            found = analysis.entries()
            self.entries += found or [{"seat": "", "hand": hand, "decisions": [], "accuracy": None}]
            self.keep(review, found)
            app.render()

        seats = [review.table.you] if review.table.you else None
        state.steps = analyse_steps(record, seats=seats, hands={hand}, progress=progress)
        app.tasks.soon(lambda: analysis_panel.run(app, state, key, done))
        app.render()

    def keep(self, review, found: list) -> None:
        """Save the analyses made here with their game (the record's ``analyses``, so its export
        has them): the open game's through its session, a saved game's in storage.  A file opened
        for review is never saved; nor is anything when storage is full (they stay for this review)."""
        from ...record import replay

        app, gid = self.owner.app, self.owner.review_id
        if not found or gid is None:
            return
        try:
            if app.game is not None and app.game_id == gid:
                for e in found:
                    app.session.keep_analysis(e)
                return
            record = dict(review.record, analyses=[e for e in self.entries if e["seat"]])
            app.saves.save(gid, record, app.saves.controllers(gid), game=replay(record))
        except Exception:
            pass

    def hand_number_of(self, review, k: int) -> int:
        g = game_at(review, review.hand_starts[k])
        return g.view(g.seats[0], history=False).get("hand_number", 0)
