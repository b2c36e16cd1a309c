"""Review a game: step through a record move by move, every hand face up (pure Python).

This is the game record's viewer.  A ``Review`` holds a record and the game at one *step*: step
``k`` is the position after the record's first ``k`` actions, exactly what ``replay`` gives for
that prefix, since it is built the same way (``new_game`` and the engine's ``apply``).  Opening
replays the record once, keeping a copy of the game every ``CHECKPOINT_EVERY`` steps; a step then
starts from the nearest copy before it (or the current game) and applies the actions up to it, so
any step, the last included, costs the same in a record of 200 or 200,000 actions.  Only the moves
the log shows at a step are put in words (and kept)::

    >>> from cardtable.record import new_game
    >>> g = new_game({"format": "cardtable/1", "game": "seep", "seed": 31, "actions": [],
    ...               "players": ["Ana", "Ben", "Chloé", "Dev"]})
    >>> for a in ("bid 11", "build 11 6H 5H"):
    ...     done = g.apply(a)
    >>> r = Review(g.to_record(), finished_only=False)
    >>> r.step, r.last
    (0, 2)
    >>> r.forward(); r.forward(); r.step
    2
    >>> r.lines[1]          # names are isolated (markup.isolated): <bdi> on the screen
    '\u2068Ben\u2069 builds an 11-house: 6♥ on 5♥'
    >>> r.back(); r.game.actions
    ['bid 11']

Every hand is face up: the seats' own views give their cards; the one hand no view shows -- the
dummy of Dummy Spades before the opening lead -- is read from the first position of that hand
where the dummy is turned up (it has played no card yet then).  So a review shows everything, and
that is why the app offers it only for a finished game (``finished_only=True``) or a file opened
for review (``finished_only="hands"``: the hands of it that are over, never the one in play).  The
step that ends a hand shows that hand's end -- its last trick or capture, no card of the next
deal -- and its hand number; ``go(k, dealt=True)`` shows such a step as the next hand's start
instead (the position of that hand's first decision: its cards as dealt).

``review_html`` draws the screen: the step controls, what the move did (the trick it finished,
or the cards a Seep capture took), the table with all hands, and the log up to this step.
"""

from __future__ import annotations

import importlib
from bisect import bisect_left
from typing import Optional

from ...cards import Card, SUITS
from ...game import IllegalAction, RecordError
from ...record import CONTROLLERS_FIELD, ReplayError, game_at_start, parse_record
from ..text.announce import the_one_person
from ..text.i18n import N_, _, as_object, ngettext, of_seat
from ..text.markup import button, card_back, card_face, esc, signed
from ..text.movewords import apply_with_views

TABLE_MODULES = {"dummy-spades": "cardtable.ui.table.spades", "seep": "cardtable.ui.table.seep"}
SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
LOG_SHOWN = 12      # log lines shown under the table, the current move first
CHECKPOINT_EVERY = 200   # a copy of the game every so many steps (see Review.go)
READ_STEP = 32           # Review.in_steps yields every so many actions


class NotFinished(Exception):
    """A saved game still in play: reviewing it would show hands its players may not see."""


class Review:
    """A game record and the game at one step of it (see the module's docstring)."""

    def __init__(self, record, finished_only: bool = True, controllers: Optional[dict] = None) -> None:
        steps = self._read(record, finished_only, controllers)
        while True:
            try:
                next(steps)
            except StopIteration:
                return

    @classmethod
    def in_steps(cls, record, finished_only: bool = True, controllers: Optional[dict] = None):
        """A generator that builds the review, yielding every ``READ_STEP`` actions of the
        record, and returns it: the app opens a long record in slices between browser tasks."""
        review = cls.__new__(cls)
        yield from cls._read(review, record, finished_only, controllers)
        return review

    def _read(self, record, finished_only: bool, controllers: Optional[dict] = None):
        self.record = parse_record(record)
        self.actions: list[str] = list(self.record["actions"])
        game = game_at_start(self.record)   # parsed just above: not checked twice
        self.table = importlib.import_module(TABLE_MODULES[game.name]).Table(game)
        # who played each seat (the save's, else the file's): one person against computers reads "You play"
        self.table.you = the_one_person(controllers if controllers is not None else self.record.get(CONTROLLERS_FIELD),
                                        game.seats)
        self.name = game.name
        self.seats = tuple(game.seats)
        #: the first step of each hand (a hand ends with the move that scores it)
        self.hand_starts: list[int] = [0]
        #: Dummy Spades: the dummy's 13 cards in each hand, by hand number (when it was turned up)
        self.dummy: dict[int, list[str]] = {}
        #: copies of the game every ``CHECKPOINT_EVERY`` steps: step k is reached from the one
        #: at or before it, so no step replays the whole record
        self._checkpoints: list = [game.copy()]
        hand = game.hand_number
        for i, action in enumerate(self.actions):
            if i % READ_STEP == READ_STEP - 1:
                yield
            try:
                game.apply(action)
            except (IllegalAction, RecordError) as err:
                raise ReplayError(i, action, str(err)) from None
            except ValueError:
                raise ReplayError(i, action, "not an action of this game") from None
            if game.hand_number != hand:
                hand = game.hand_number
                self.hand_starts.append(i + 1)
            if self.name == "dummy-spades" and game.dummy_exposed and hand not in self.dummy:
                self.dummy[hand] = list(game.view(self.seats[0], history=False)["dummy"])
            if (i + 1) % CHECKPOINT_EVERY == 0:
                self._checkpoints.append(game.copy())
        self.over = game.over
        if finished_only == "hands" and not self.over:   # a file of a game in play: its finished hands only
            if len(self.hand_starts) < 2:
                raise NotFinished(_("No hand of this game is over yet: it can be reviewed once one is."))
            del self.actions[self.hand_starts[-1]:]   # (the step that ends the last one is kept)
        elif finished_only and not self.over:
            raise NotFinished(_("This game is still being played: it can be reviewed once it is over."))
        self.game = self._checkpoints[0].copy()
        self.step = 0
        self.dealt = False                   # a hand's last step shown as the next hand's start
        self.lines: dict[int, str] = {}      # action index -> the move in words
        self.shown: dict[int, dict] = {}     # step -> what its move showed (a trick, a capture)

    # ---- stepping -------------------------------------------------------------------------------
    @property
    def last(self) -> int:
        """The last step: every action applied."""
        return len(self.actions)

    def go(self, k: int, dealt: bool = False) -> None:
        """Move to step ``k`` (clamped to 0..last), describing the moves the log shows there;
        ``dealt``: a step that ends a hand shows the next hand as dealt (``dealt`` stays False
        at any other step).

        The game is taken from the nearest copy at or before the first move still to describe
        (the current game when that is nearer), then brought forward: at most
        ``CHECKPOINT_EVERY + LOG_SHOWN`` actions, whatever the record's length."""
        k = max(0, min(int(k), self.last))
        first = next((i for i in range(max(0, k - LOG_SHOWN), k) if i not in self.lines), k)
        if not self.step <= first < self.step + CHECKPOINT_EVERY:
            self.game = self._checkpoints[first // CHECKPOINT_EVERY].copy()
            self.step = first // CHECKPOINT_EVERY * CHECKPOINT_EVERY
        while self.step < k:
            self._apply_next(describe=self.step >= first)
        self.dealt = dealt and k in self.hand_starts[1:]

    def forward(self) -> None:
        self.go(self.step + 1)

    def back(self) -> None:
        self.go(self.step - 1)

    def hand_back(self) -> None:
        """To the start of this hand, or of the one before when already there."""
        self.go(max((s for s in self.hand_starts if s < self.step), default=0))

    def hand_forward(self) -> None:
        """To the start of the next hand (the end of the game after the last hand)."""
        self.go(min((s for s in self.hand_starts if s > self.step), default=self.last))

    def hand_index(self) -> int:
        """Which hand (counted from 0) the current step belongs to (the step that ends a hand is
        that hand's)."""
        return max(0, bisect_left(self.hand_starts, self.step) - 1 + self.dealt)

    def at_hand_end(self) -> bool:
        """Whether this step's move ended a hand (the next one is dealt already: none of it shows)."""
        return not self.dealt and (self.step in self.hand_starts[1:] or (self.step == self.last and self.over))

    def _apply_next(self, describe: bool) -> None:
        i = self.step
        game = self.game
        actor = game.to_act
        if not describe or i in self.lines or actor is None:
            game.apply(self.actions[i])
            self.step = i + 1
            return
        canonical, actor, before, after = apply_with_views(game, self.actions[i])
        self.step = i + 1
        self.lines[i] = self.table.describe(canonical, actor, before, after, game)
        shown = _what_it_showed(canonical, actor, before, after)
        if shown:
            self.shown[i + 1] = shown

    # ---- the position ---------------------------------------------------------------------------
    def views(self) -> dict[str, dict]:
        """Every seat's view now, without the hands' history (the screen does not show it)."""
        return {s: self.game.view(s, history=False) for s in self.seats}

    def hands(self, views: dict) -> dict[str, Optional[list[str]]]:
        """Every hand's cards now, face up (None: a hand whose cards the record never shows); none
        at the end of a hand (the next hand's deal is not shown)."""
        if self.at_hand_end():
            return {h: [] for h in (*self.seats, *(("dummy",) if self.name == "dummy-spades" else ()))}
        out: dict[str, Optional[list[str]]] = {s: list(views[s]["hand"]) for s in self.seats}
        if self.name == "dummy-spades":
            v = views[self.seats[0]]
            out["dummy"] = list(v["dummy"]) if v["dummy_exposed"] else self.dummy.get(v["hand_number"])
        return out


def _what_it_showed(action: str, actor: str, before: dict, after: dict) -> Optional[dict]:
    """What a move put on the table to be seen: the trick it finished (Dummy Spades) or, in Seep,
    the card played and the cards a capture took (a captured house's cards come from ``before``)."""
    w = action.split()
    if before.get("game") == "dummy-spades":
        if w[0] == "play" and len((before.get("trick") or {}).get("plays") or []) == 3:
            same = after["hand_number"] == before["hand_number"]
            return {"kind": "trick", "trick": after["last_trick"] if same else after["previous_tricks"][-1]}
        return None
    if w[0] == "capture":
        value = Card.parse(w[1]).value
        house = next((h["cards"] for h in before["floor"]["houses"] if h["value"] == value), [])
        return {"kind": "capture", "seat": actor, "card": w[1], "taken": list(house) + w[2:]}
    if w[0] in ("throw", "build", "raise", "cement"):
        return {"kind": w[0], "seat": actor, "card": w[1] if w[0] == "throw" else w[2]}
    return None


# ---- the screen ----------------------------------------------------------------------------------
def review_html(review: Review, title: str, mark: Optional[dict] = None, extra: str = "", top: str = "") -> str:
    """The review screen: one ``<h1>``, the step controls, the move, the table, the log.  ``mark``:
    a card of a hand to mark (``{"card", "suffix", "html"}``: its name's suffix for screen readers,
    and what is said of it, above the table);
    ``extra``, ``top``: trusted markup under the table (the analysis) and above it."""
    views = review.views()
    v = views[review.seats[0]]
    hand_no = review.hand_index() + 1
    if review.step == 0:
        where = _("Start of the game")
    else:
        where = _("Move {k} of {n} · hand {hand}").format(k=review.step, n=review.last, hand=hand_no)
    step_text = _("{where}. {count}").format(
        where=where, count=ngettext("{n} move in all.", "{n} moves in all.", review.last).format(n=review.last))
    at_start, at_end = review.step == 0, review.step == review.last
    controls = (button("«", "review:hand-back", cls="btn ghost small", key="review-hand-back",
                       aria_label=_("Back to the start of the hand"), title=_("Start of the hand"), disabled=at_start)
                + button("◀", "review:back", cls="btn small", key="review-back", aria_label=_("Back one move"),
                         title=_("Back one move"), disabled=at_start)
                + f'<span class="review-where" data-step="{review.step}">{esc(where)}</span>'
                + button("▶", "review:forward", cls="btn small", key="review-forward",
                         aria_label=_("Forward one move"), title=_("Forward one move"), disabled=at_end)
                + button("»", "review:hand-forward", cls="btn ghost small", key="review-hand-forward",
                         aria_label=_("Forward to the next hand"), title=_("Next hand"), disabled=at_end))
    line = review.lines.get(review.step - 1, "") if review.step and not review.dealt else _("The cards as they were dealt.")
    if at_end and v["over"]:
        line = (_full_stop(line) + " " if line else "") + _game_over_words(review, v)
    board = (_spades_board if review.name == "dummy-spades" else _seep_board)(review, views, mark or {})
    source = (_("Every hand is face up: this game is over.") if review.over
              else _("Every hand is face up: the hands of this file that are over (not the one in play)."))
    return ('<section class="review" data-arrows data-game="' + esc(review.name) + '">'
            '<header class="topbar review-top">'
            + button("⌂", "nav:home", cls="btn ghost small icon", key="home", aria_label=_("Home"), title=_("Home"))
            + f'<h1 class="title">{esc(_("Review: {game}").format(game=title))}</h1>'
            + button("⚙", "nav:settings", cls="btn ghost small icon", key="settings", aria_label=_("Settings"),
                     title=_("Settings"))
            + '</header>'
            f'<div class="review-steps" role="group" aria-label="{esc(_("Step through the game"))}">{controls}</div>'
            f'<p class="visually-hidden" role="status" aria-live="polite">{esc(step_text)} {esc(line)}</p>'
            f'<p class="review-move">{esc(line)}</p>'
            f'<p class="muted small review-note">{esc(source)} '
            f'<span class="keys-note">{esc(_("Arrow keys step; Page Up and Page Down go by hands."))}</span></p>'
            f'{top}{(mark or {}).get("html", "")}{board}{extra}{_log_html(review)}</section>')


def _full_stop(line: str) -> str:
    """A log line (written without one) ended as a sentence, before the next sentence follows it."""
    return line if line.endswith((".", "!", "?", "…")) else line + "."


def _game_over_words(review: Review, v: dict) -> str:
    w = v.get("winner")
    if not w:
        return _("Game over.")
    if w == review.table.you:
        return _("Game over: you win.")
    return _("Game over: {name} wins.").format(name=review.table.name_of(w) if review.name == "dummy-spades"
                                               else _seep_winner(review, w))


def _seep_winner(review: Review, w: str) -> str:
    t = review.table
    return t.team_name(w) if w in t.sides else t.name_of(w)


def _log_html(review: Review) -> str:
    upto = review.step
    items = []
    for i in range(upto - 1, max(-1, upto - 1 - LOG_SHOWN), -1):
        text = review.lines.get(i) or review.actions[i]
        current = ' class="current" aria-current="step"' if i == upto - 1 else ""
        items.append(f"<li{current} value=\"{i + 1}\">{esc(text)}</li>")
    body = "".join(items) or f'<li class="muted">{esc(_("No move yet."))}</li>'
    return (f'<section class="review-log" aria-labelledby="review-log-title"><h2 id="review-log-title">{esc(_("Log"))}</h2>'
            f'<ol reversed>{body}</ol></section>')


def _face(t: str, mark: dict) -> str:
    """A card of a hand in Review; the better move's is marked and kept in view (web/morph.js: a
    phone's fold may hide the hand under the words above it)."""
    if t != mark.get("card"):
        return card_face(Card.parse(t), small=True)
    return card_face(Card.parse(t), small=True, extra_cls="better", label_suffix=mark["suffix"]) \
        .replace("<span ", "<span data-keep-in-view ", 1)


def _suit_rows(cards: list[str], label: str, mark: dict) -> str:
    by_suit: dict[str, list[str]] = {s: [] for s in SUITS}
    for t in cards:
        by_suit[t[-1]].append(t)
    rows = []
    for s in SUITS:
        if by_suit[s]:
            faces = "".join(_face(t, mark) for t in by_suit[s])
            rows.append(f'<div class="suit-row"><span class="suit-sym{" red" if s in "HD" else ""}" data-suit="{s}" '
                        f'aria-hidden="true">{SUIT_SYMBOL[s]}</span>{faces}</div>')
    return f'<div class="suit-rows" role="group" aria-label="{esc(label)}">{"".join(rows)}</div>'


def _hand_block(name: str, facts: str, cards: Optional[list[str]], count: int, turn: bool, key: str,
                mark: dict) -> str:
    if cards is None:
        body = "".join(card_back(small=True, extra_cls="fan") for _i in range(min(count, 13)))
        body = f'<span class="backs" role="img" aria-label="{esc(_("cards not in the record"))}">{body}</span>'
    elif not cards:
        body = f'<p class="muted small">{esc(_("No cards."))}</p>'
    else:
        body = _suit_rows(cards, _("{name}'s cards").format(name=name), mark if turn else {})
    return (f'<div class="review-hand{" turn" if turn else ""}" data-key="{esc(key)}" data-hand="{esc(key[5:])}">'
            f'<div class="review-hand-head"><span class="name">{esc(name)}</span>{facts}</div>{body}</div>')


def _spades_board(review: Review, views: dict, mark: dict) -> str:
    t = review.table
    v = views[review.seats[0]]
    hands = review.hands(views)
    order = v["play_order"] or ["p0", "p1", "p2", "dummy"]
    shown = None if review.dealt else review.shown.get(review.step)
    trick_html = ""
    if shown and shown["kind"] == "trick":
        trick = shown["trick"]
        caption = _("{name} wins the trick").format(name=t.name_of(trick["winner"]))
        trick_html = _trick_cards(t, trick["plays"], trick["winner"], caption, done=True)
    elif v["trick"] and v["trick"]["plays"]:
        trick_html = _trick_cards(t, v["trick"]["plays"], v["trick"].get("winning"), _("The trick so far"), done=False)
    end = review.at_hand_end() and not v["over"]
    head = _("Hand {n} · dealer {dealer}").format(n=v["hand_number"] + 1, dealer=t.name_of(v["dealer"]))
    if end:
        head = _("End of hand {n}").format(n=review.hand_index() + 1)
    elif v["declarer"]:
        head = _("Hand {n} · dealer {dealer} · declarer {declarer}").format(
            n=v["hand_number"] + 1, dealer=as_object(t, v["dealer"]), declarer=as_object(t, v["declarer"]))
    blocks = []
    for h in order:
        if h == "dummy":
            name, role, bid = _("Dummy"), "", ""
        else:
            name, role, bid = t.name_of(h), t.role(v, h), t.bid_text(v, h)
        facts = "" if end else "".join([f'<span class="role">{esc(role)}</span>' if role else "",
                         f'<span class="bid">{esc(bid)}</span>' if bid and bid != "…" else "",
                         '<span class="tricks">' + esc(ngettext("{n} trick", "{n} tricks", v["tricks_won"][h])
                                                        .format(n=v["tricks_won"][h])) + "</span>"])
        blocks.append(_hand_block(name, facts, hands.get(h), v["hand_counts"][h],
                                  v["acting_hand"] == h and not v["over"] and not end, f"hand:{h}", mark))
    totals = " · ".join(f'{esc(t.name_of(s))} <b>{signed(v["totals"][s])}</b>' for s in review.seats)
    return (f'<div class="review-board spades"><p class="review-head">{esc(head)}</p>'
            f'<p class="review-totals">{totals}</p>{trick_html}'
            f'<div class="review-hands">{"".join(blocks)}</div></div>')


def _trick_cards(t, plays: list[dict], winner: Optional[str], caption: str, done: bool) -> str:
    cards = []
    for p in plays:
        who = t.name_of(p["hand"])
        win = " winning" if p["hand"] == winner else ""
        cards.append(f'<li class="review-play{win}">{card_face(Card.parse(p["card"]), extra_cls="played")}'
                     f'<span>{esc(who)}</span></li>')
    return (f'<div class="review-trick{" done" if done else ""}" role="group" aria-label="{esc(caption)}">'
            f'<p class="review-trick-caption">{esc(caption)}</p><ol>{"".join(cards)}</ol></div>')


def _seep_board(review: Review, views: dict, mark: dict) -> str:
    t = review.table
    v = views[review.seats[0]]
    hands = review.hands(views)
    shown = None if review.dealt else review.shown.get(review.step)
    just = shown["card"] if shown else None
    shown_html = ""
    if shown and shown["kind"] == "capture":
        took = "".join(card_face(Card.parse(c), small=True, extra_cls="taken", label_suffix=_(", captured"))
                       for c in shown["taken"])
        caption = _("{name} captures with").format(name=t.name_of(shown["seat"]))
        shown_html = (f'<div class="review-capture" role="group" aria-label="{esc(_("the capture"))}">'
                      f'<span>{esc(caption)}</span>{card_face(Card.parse(shown["card"]), small=True, extra_cls="just")}'
                      f'<span>{esc(_("and takes"))}</span>{took}</div>')
    fl = v["floor"]
    houses = []
    for h in sorted(fl["houses"], key=lambda h: h["value"]):
        cards = "".join(card_face(Card.parse(c), small=True, extra_cls="just" if c == just else "") for c in h["cards"])
        kind = _("cemented") if h["cemented"] else _("ordinary")
        label = _("{value}-house, {kind}, owned by {owners}").format(
            value=h["value"], kind=kind, owners=t.owners_text(h["owners"]))
        houses.append(f'<div class="house" role="group" aria-label="{esc(label)}"><span class="house-head">'
                      f'<span class="house-value">{h["value"]}</span></span><span class="house-cards">{cards}</span></div>')
    loose = "".join(card_face(Card.parse(c), small=True, extra_cls="loose" + (" just" if c == just else ""))
                    for c in fl["loose"])
    floor = (f'<div class="houses">{"".join(houses)}</div>' if houses else "") + (
        f'<div class="loose-cards">{loose}</div>' if loose else "")
    if not floor:
        floor = f'<p class="muted small">{esc(_("The floor is empty."))}</p>'
    end = review.at_hand_end() and not v["over"]
    head = _("Hand {n} · dealer {dealer}").format(n=v["hand_number"], dealer=as_object(t, v["dealer"]))
    if end:
        head = _("End of hand {n}").format(n=review.hand_index() + 1)
    elif v["bid"]:
        head = of_seat(t, v["bidder"], N_("Hand {n} · dealer {dealer} · {name} bid {bid}"),
                       N_("Hand {n} · dealer {dealer} · you bid {bid}"),
                       n=v["hand_number"], dealer=as_object(t, v["dealer"]), bid=v["bid"])
    blocks = []
    for s in review.seats:
        facts = f'<span class="role">{esc(t.team_short(t.side_of(s)))}</span>' if not t.two else ""
        blocks.append(_hand_block(t.name_of(s), facts, hands[s], v["hand_counts"][s],
                                  v["to_act"] == s and not v["over"] and not end, f"hand:{s}", mark))
    piles = " · ".join(
        esc(ngettext("{side}: {n} card captured", "{side}: {n} cards captured", v["captured"][side]).format(
            side=t.team_short(side), n=v["captured"][side]))
        + (" " + esc(_("(sweeps: {points})").format(points=", ".join(f"+{p}" for p in v["sweeps"][side])))
           if v["sweeps"][side] else "")
        for side in t.sides)
    return (f'<div class="review-board seep"><p class="review-head">{esc(head)}</p>'
            f'<p class="review-totals">{t.score_line(v)}</p>{shown_html}'
            f'<div class="floor review-floor" role="region" aria-label="{esc(_("the floor"))}">{floor}</div>'
            f'<p class="muted small review-piles">{piles}</p>'
            f'<div class="review-hands">{"".join(blocks)}</div></div>')
