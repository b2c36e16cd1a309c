"""The Dummy Spades table: renders one seat's view and turns taps into engine actions.

Pure Python (no browser import): ``Table.render(game, seat)`` returns HTML built only from
``game.view(seat)``, so a card the seat may not see cannot reach the page.  The four hands sit
around the table in play order with the viewer at the bottom: before the bidding p0 -> p1 -> p2 ->
dummy, afterwards declarer -> left defender -> dummy -> right defender, so the exposed dummy sits
opposite the declarer, between the defenders.

The screen is built for a phone held by the person whose turn it is: the others are compact
chips (name, role, cards, bid, tricks) over the trick, and at the bottom the panel needed to act
(bid, peek/flip slots, the dummy's cards when the declarer plays from it) and the hand, which
``web/app.css`` keeps inside the viewport.  After the fourth card of a trick the app *holds* the
screen (``hold_after``): the trick stays with its winner marked until collected.

Biddings (option ``bidding``, issue #17): in Mirror nobody bids, so there is no bid panel; the
chips show each person's automatic bid (the spades he holds, ``mirror_bids``), the automatic nils
and the contracts as the view gives them (the declarer's only once the dummy is turned up).  In
Suicide the bid panel enables only what the engine's legal actions allow: one nil, a side bid of
at least 4.  The score sheet and the end-of-hand summary name a bidding or a house rule that is not
the default (``rules_note``).
"""

from __future__ import annotations

from typing import Optional

from ...cards import Card, SUITS
from ...games.dummy_spades import nil_counts
from . import coach
from .ending import on_guest
from ..text.i18n import N_, _, as_object, ngettext, of_seat
from ..text.markup import (button, card_back, card_face, card_group, esc, isolated, join_words, log_panel,
                           rules_section, sheet, signed, table_topbar)

POSITIONS = ("bottom", "left", "top", "right")
SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUICIDE_RULE = N_("Suicide: one nil, side bid 4 or more.")
BIDDING_NAMES = {"mirror": N_("Mirror bidding"), "suicide": N_("Suicide bidding")}


def rules_note(options: dict) -> str:
    """The bidding and house rule of a game in words, when not the default ("" otherwise).

    >>> rules_note({"bidding": "mirror", "bag_penalty": 110})
    'Mirror bidding · Bags: 110 per ten, bags lost'
    >>> rules_note({"bidding": "standard", "bag_penalty": 100})
    ''
    """
    words = []
    bidding = options.get("bidding", "standard")
    if bidding != "standard":
        words.append(_(BIDDING_NAMES[bidding]) if bidding in BIDDING_NAMES else bidding)
    if options.get("bag_penalty", 100) == 110:
        words.append(_("Bags: 110 per ten, bags lost"))
    return " · ".join(words)


VARIANT_RULES = {
    "no-peeky": N_("No Peeky: the dummy stays face down until the opening lead."),
    "three-peeky": N_("Three Peeky: before bidding, each player secretly looks at 3 dummy cards; everyone sees which."),
    "four-peeky": N_("Four Peeky: before bidding, each player secretly looks at 4 dummy cards; everyone sees which."),
}
BIDDING_RULES = {
    "standard": N_("Standard bidding: each player bids the tricks his side will take, nils if he wants."),
    "mirror": N_("Mirror: nobody bids. Each bid is the spades a player holds (3♠ on his chip); no spade is an "
                 "automatic nil; the highest declares. A contract counts a side's spades together: the declarer's "
                 "with the dummy's (known once the dummy is turned up), the two defenders' together."),
    "suicide": N_("Suicide: every bid names exactly one nil, and the side bid is 4 or more. A nil that does not "
                  "count (on the dummy for a defender, on a defender for the declarer) is ignored."),
}


def rules_lines(options: dict) -> list[str]:
    """The rules a game is played with, one sentence each: its variation, its bidding, the target
    and the house rules (the score sheet's "Rules of this game", always a tap away at the table).

    >>> rules_lines({"variant": "flip-2", "bidding": "standard", "target": 300})[0]
    'Flip 2: before bidding, each player turns up 2 dummy cards for everyone.'
    """
    variant = options.get("variant", "no-peeky")
    if variant.startswith("flip-"):
        n = int(variant[5:])
        lines = [ngettext("Flip {n}: before bidding, each player turns up {n} dummy card for everyone.",
                          "Flip {n}: before bidding, each player turns up {n} dummy cards for everyone.", n).format(n=n)]
    else:
        lines = [_(VARIANT_RULES.get(variant, VARIANT_RULES["no-peeky"]))]
    lines.append(_(BIDDING_RULES.get(options.get("bidding", "standard"), BIDDING_RULES["standard"])))
    target = _("Play to {n} points.").format(n=options.get("target", 300))
    if options.get("losing_limit") is not None:
        target += " " + _("The game also ends when a player falls to {n}.").format(n=signed(options["losing_limit"]))
    lines.append(target)
    lines.append(_("Bags: at ten bags you lose 110 points instead of 100 (house rule).") if options.get("bag_penalty", 100) == 110
                 else _("Bags: at ten bags you lose 100 points."))
    return lines


def _cap(text: str) -> str:
    """A sentence with its first letter upper-case ("the dummy wins" -> "The dummy wins")."""
    return text[:1].upper() + text[1:]


def _card(text: str) -> Card:
    return Card.parse(text)


class Table:
    seats = ("p0", "p1", "p2")

    def __init__(self, game) -> None:
        # every name isolated (markup.isolated): no name can reorder the text around it
        self.names = {s: isolated(n) for s, n in zip(self.seats, game.players or self.seats)}
        self.bid: Optional[int] = None     # the bid being composed
        self.nils: set[str] = set()        # nil switches being composed
        self.slots: set[int] = set()       # peek/flip slots being chosen
        self.panel: Optional[str] = None   # "sheet" | "log" | "last" | None
        self.collecting: Optional[dict] = None   # a finished trick still on the table (+ "final")
        self.ending: Optional[dict] = None   # the viewer's view just before the last card of a hand (see before_move)
        self.revealing = False             # the peeker is looking at the cards just peeked at
        self.hinted: Optional[str] = None  # the action a hint suggests (its card is marked)
        self.armed: Optional[str] = None   # confirm-before-play: the play picked by a first tap
        self.you: Optional[str] = None     # the one person's seat in a game against computers: "You play"
        self.guest = on_guest(game)        # a guest's table: no Export (the game is on the host)

    def card_marks(self, text: str) -> str:
        """The classes that mark a card of the hand: the hint's choice, the card a first tap picked."""
        play = f"play {text}"
        return " ".join(c for c, on in (("hinted", self.hinted == play), ("armed", self.armed == play)) if on)

    # ---- names ----------------------------------------------------------------------------------
    def name_of(self, hand: str) -> str:
        return _("the dummy") if hand == "dummy" else self.names.get(hand, hand)

    def wins_trick(self, theirs: str, yours: str, won: str) -> str:
        """A sentence about the trick's winner, in the second person when it is the one person
        playing against computers (``you``): the two wordings are msgids, ``theirs`` with {name}."""
        return of_seat(self, won, theirs, yours)

    # ---- protocol used by the app ---------------------------------------------------------------
    def hands_done(self, game) -> int:
        return len(game.history)

    def hand_entries(self, game) -> list[dict]:
        return game.view(self.seats[0])["history"]

    def after_move(self, game) -> None:
        self.bid = None
        self.nils = set()
        self.slots = set()
        if self.panel == "last":
            self.panel = None

    def before_move(self, game, before: dict, viewer: Optional[str]) -> None:
        """Called before each move with the actor's view: before the last card of a hand, keep the
        viewer's view of that hand, so its last trick is shown over the hand that played it (the
        next hand is dealt as soon as the card is played)."""
        plays = (before.get("trick") or {}).get("plays") or []
        last = before["phase"] == "play" and len(plays) == 3 and len(before.get("tricks") or []) == 12
        self.ending = (game.view(viewer) if viewer != before["seat"] else before) if last and viewer else None

    def hand_over_view(self, v: dict) -> dict:
        """What the table shows while the last trick of a hand is held: that hand as it ended (every
        card played, the tricks each hand took, the bids, dealer and totals of that hand), never the
        next hand, which is dealt already.  Only public facts are added to the viewer's own view."""
        ended = dict(self.ending)
        history = v["history"][-1] if v["history"] else None
        ended.update(hand=[], dummy=[], trick=None, legal=[], to_act=None,
                     hand_counts={h: 0 for h in ended["hand_counts"]})
        if history:
            ended["tricks_won"] = dict(history["tricks"])
        return ended

    def hold_after(self, action: str, actor: str, before: dict, game) -> Optional[str]:
        """What the table keeps showing after ``action``: "trick" when it finished a trick (kept
        in ``collecting`` with its winner), "reveal" after a peek; None when play just goes on."""
        words = action.split()
        if words[0] == "play" and len((before.get("trick") or {}).get("plays") or []) == 3:
            after = game.view(self.seats[0])
            new_hand = after["hand_number"] != before["hand_number"]
            trick = after["previous_tricks"][-1] if new_hand else after["last_trick"]
            self.collecting = dict(trick, final=new_hand or after["over"])
            return "trick"
        if words[0] == "peek":
            self.revealing = True
            return "reveal"
        return None

    def release(self) -> None:
        """The held trick is collected (or the peek seen): back to the plain table."""
        self.collecting = None
        self.revealing = False
        self.ending = None

    def handle(self, arg: str, game, viewer: str, app) -> Optional[str]:
        """A ``ui:`` tap: compose a bid, peek or flip; toggle panels.  Returns an action to apply."""
        verb, _, val = arg.partition(":")
        if verb == "bid":
            self.bid = int(val)
        elif verb == "nil":
            if game.options.get("bidding") == "suicide":   # exactly one nil: the switches act as radios
                self.nils = set() if self.nils == {val} else {val}
            else:
                self.nils ^= {val}
        elif verb == "slot":
            self.slots ^= {int(val)}
        elif verb == "panel":
            self.panel = None if self.panel == val else val
        elif verb == "confirm-bid" and self.bid is not None:
            nils = [h for h in ("p0", "p1", "p2", "dummy") if h in self.nils]
            return f"bid {self.bid}" + (f" nil {','.join(nils)}" if nils else "")
        elif verb in ("confirm-peek", "confirm-flip"):
            return f"{verb[8:]} " + " ".join(str(s) for s in sorted(self.slots))
        return None

    # ---- the table --------------------------------------------------------------------------------
    def layout(self, v: dict) -> dict[str, str]:
        """Which hand sits at which position for this viewer."""
        cycle = v["play_order"] or ["p0", "p1", "p2", "dummy"]
        i = cycle.index(v["seat"])
        ordered = cycle[i:] + cycle[:i]
        return dict(zip(POSITIONS, ordered))

    def render(self, game, seat: str, app) -> str:
        v = game.view(seat)
        self.hinted = coach.hinted(app, game)
        held = bool(getattr(app, "hold", None))
        final = bool(self.collecting and self.collecting.get("final"))
        if final and self.ending and self.ending["seat"] == seat:
            v = self.hand_over_view(v)   # the hand that played the last trick, not the next one
        my_turn = (v["to_act"] == seat and not app.handoff_to and app.controllers.get(seat) == "human"
                   and not held)
        where = self.layout(v)
        acting = "dummy" if my_turn and v["phase"] == "play" and v["acting_hand"] == "dummy" else (
            "hand" if my_turn else "none")
        parts = [f'<section class="table spades phase-{v["phase"]}{" collecting" if self.collecting else ""}'
                 f'{" hand-over" if final else ""}" data-viewer="{esc(seat)}" data-acting="{acting}">']
        parts.append(self.topbar(v))
        if app.banner:
            parts.append(f'<p class="banner" role="alert">{esc(app.banner)}</p>')
        parts.append('<div class="opponents">')
        for pos in ("left", "top", "right"):
            parts.append(self.seat_box(v, where[pos], pos, my_turn, final))
        parts.append("</div>")
        parts.append(self.trick_area(v, where))
        parts.append(self.status(v, seat, app, my_turn))
        parts.append(coach.strip(app, game, seat, my_turn))   # Hint, Undo, Play out the rest
        action = self.collect_button() if self.collecting else ""
        if app.error:   # a refused move, or a tap while another plays
            action += f'<p class="error move-error" role="alert">{esc(_cap(app.error))}</p>'
        if self.revealing:
            action += self.reveal_panel(v)
        elif my_turn and v["phase"] == "bid":
            action += self.bid_panel(v, seat)
        elif my_turn and v["phase"] in ("peek", "flip"):
            action += self.slot_panel(v)
        elif acting == "dummy":
            action += self.dummy_panel(v)
        if my_turn and self.armed:
            action += f'<p class="tap-again" role="status">{esc(_("Tap again to play"))}</p>'
        parts.append(f'<div class="action-panel">{action}</div>' if action else "")
        parts.append(self.my_hand(v, seat, my_turn, final))
        if self.panel == "sheet":
            parts.append(self.sheet_html(v))
        elif self.panel == "log":
            parts.append(log_panel(app.log))
        elif self.panel == "last":
            parts.append(self.last_trick_sheet(v, where))
        parts.append("</section>")
        return "".join(parts)

    def topbar(self, v: dict) -> str:
        last = button(_('Last<span class="wide-only"> trick</span>'), "ui:panel:last", cls="btn ghost small", key="last",
                      aria_label=_("Last trick"),
                      disabled=not (v["last_trick"] or v["previous_tricks"]), pressed=self.panel == "last", shortcut="t")
        totals = " · ".join(f'{esc(self.names[s])} <b>{signed(v["totals"][s])}</b>' for s in self.seats)
        return table_topbar(_("Dummy Spades"), totals, self.panel, extra_tools=last, export=not self.guest)

    def role(self, v: dict, hand: str) -> str:
        if hand == "dummy":
            return _("Dummy")
        if v["declarer"] == hand:
            return _("Declarer")
        if v["declarer"]:
            return _("Defender")
        return _("Dealer") if v["dealer"] == hand else ""

    def nil_words(self, v: dict, hand: str) -> str:
        nils = v["nils"].get(hand) or []
        return ", ".join(_("own") if n == hand else (_("dummy") if n == "dummy" else _("you") if n == self.you else self.names[n])
                         for n in nils)

    def mirror_text(self, v: dict, hand: str) -> str:
        """Mirror: the automatic bid (spades held), its nils, and the contract once the view tells it."""
        held = (v["mirror_bids"] or {}).get(hand)
        if held is None:
            return ""
        t = f"{held}♠"
        b = v["bids"].get(hand)
        if b is not None:
            t += " · " + _("contract {n}").format(n=b)
        elif hand == v["declarer"]:
            t += " · " + _("contract {n}").format(n="?")
        nils = self.nil_words(v, hand)
        return t + (" · " + _("nil {hands}").format(hands=nils) if nils else "")

    def bid_text(self, v: dict, hand: str) -> str:
        if hand == "dummy":
            return ""
        if v["mirror_bids"] is not None:
            return self.mirror_text(v, hand)
        b = v["bids"].get(hand)
        if b is None:
            return "…" if v["phase"] in ("bid", "peek", "flip") else ""
        nils = self.nil_words(v, hand)
        t = _("bid {n}").format(n=b)
        if nils:
            t += " · " + _("nil {hands}").format(hands=nils)
        return t

    def seat_box(self, v: dict, hand: str, pos: str, my_turn: bool, final: bool = False) -> str:
        """A compact chip for another hand: name, role, cards, bid, tricks (the dummy's face-up
        cards too, small, when it is exposed and the viewer is not playing from it)."""
        turn = v["acting_hand"] == hand and v["phase"] != "over" and not self.collecting
        cls = f"seat pos-{pos}" + (" turn" if turn else "") + (" dummy" if hand == "dummy" else "")
        name = _("Dummy") if hand == "dummy" else self.name_of(hand)
        role = "" if hand == "dummy" else self.role(v, hand)
        n = 0 if final else v["hand_counts"][hand]
        bid = self.bid_text(v, hand) if hand != "dummy" else ""
        tricks = ngettext("{n} trick", "{n} tricks", v["tricks_won"][hand]).format(n=v["tricks_won"][hand])
        facts = [f'<span class="count" title="{esc(_("cards in hand"))}"><span class="mini-back" aria-hidden="true"></span>{n}</span>',
                 f'<span class="tricks">{tricks}</span>']
        if bid:
            facts.insert(1, f'<span class="bid">{esc(bid)}</span>')
        label = f"{name}{', ' + role.lower() if role else ''}, " + ngettext("{n} card", "{n} cards", n).format(n=n) \
            + (f", {bid}" if bid and bid != '…' else "") + f", {tricks}"
        head = (f'<div class="seat-head"><span class="name">{esc(name)}</span>'
                + (f'<span class="role{" role-declarer" if hand == v["declarer"] else ""}">{esc(role)}</span>' if role else "")
                + "</div>" + f'<div class="seat-facts">{"".join(facts)}</div>')
        body = ""
        if hand == "dummy" and not final:
            body = self.dummy_body(v, my_turn)
            if body:
                body = f'<div class="seat-body">{body}</div>'
        return (f'<div class="{cls}" role="group" aria-label="{esc(label)}" data-key="seat:{hand}">'
                f'{head}{body}</div>')

    def dummy_body(self, v: dict, my_turn: bool) -> str:
        """The dummy's visible cards, small and not tappable ("" when nothing of it is seen)."""
        if v["dummy_exposed"]:
            if my_turn and v["acting_hand"] == "dummy":
                return f'<p class="muted small">{esc(_("Its cards are below: play one."))}</p>'
            return self.suit_rows(v["dummy"], set(), "dummy", tappable=False)
        faceup_public = set()
        for s in self.seats:
            for n in v["flips"].get(s) or []:
                faceup_public.add(n)
        out = []
        for i, text in enumerate(v["dummy_slots"] or [], start=1):
            peekers = [as_object(self, s) for s in self.seats if i in (v["peeks"].get(s) or [])]
            if text is None and not peekers:
                continue
            note = _(" — peeked by {names}").format(names=join_words(peekers)) if peekers else ""
            if text is not None:
                inner = card_face(_card(text), small=True, extra_cls="slot-card" + (" flipped" if i in faceup_public else " peeked"),
                                  label_suffix=_(", dummy slot {n}").format(n=i) + note)
            else:
                inner = card_back(label=_("dummy slot {n}, face down").format(n=i) + note, small=True, extra_cls="slot-card")
            out.append(f'<span class="slot">{inner}<span class="slot-no">{i}</span>'
                       + ('<span class="peek-mark" aria-hidden="true">◉</span>' if peekers else "") + "</span>")
        return f'<div class="slots">{"".join(out)}</div>' if out else ""

    def suit_rows(self, cards: list[str], playable: set[str], who: str, tappable: bool = True) -> str:
        by_suit = {s: [] for s in SUITS}
        for t in cards:
            by_suit[t[-1]].append(t)
        rows = []
        for s in SUITS:
            if not by_suit[s]:
                continue
            cs = "".join(card_face(_card(t), act=f"move:play {t}" if tappable else None, playable=t in playable,
                                   small=True, label_suffix=_(" (dummy)")) for t in by_suit[s])
            rows.append(f'<div class="suit-row"><span class="suit-sym{" red" if s in "HD" else ""}" aria-hidden="true">'
                        f'{SUIT_SYMBOL[s]}</span>{cs}</div>')
        label = _("the dummy's cards") if who == "dummy" else who
        return f'<div class="suit-rows" aria-label="{esc(label)}">{"".join(rows)}</div>'

    def trick_area(self, v: dict, where: dict[str, str]) -> str:
        """The centre: the trick being played, or a finished one waiting to be collected (its
        winner marked; a tap collects it)."""
        trick = self.collecting or v["trick"]
        played = {p["hand"]: p["card"] for p in (trick or {}).get("plays", [])}
        winner = (trick or {}).get("winner") if self.collecting else (trick or {}).get("winning")
        spots = []
        for pos, hand in where.items():
            t = played.get(hand)
            if t:
                win = " winning" if hand == winner else ""
                suffix = (_(", played by {player}, winning").format(player=as_object(self, hand)) if win
                          else _(", played by {name}").format(name=as_object(self, hand)))
                mark = f'<span class="win-mark" aria-hidden="true">{esc(_("wins") if self.collecting else _("winning"))}</span>' if win else ""
                who = f'<span class="spot-name" aria-hidden="true">{esc(self.name_of(hand) if hand != "dummy" else _("Dummy"))}</span>'
                spots.append(f'<div class="spot spot-{pos}{win}" data-key="spot:{pos}">'
                             f'<span class="spot-card">{card_face(_card(t), extra_cls="played", label_suffix=suffix)}{mark}</span>{who}</div>')
        caption = ""
        if self.collecting:
            pass   # the status says who wins it; Collect is under it
        elif v["phase"] == "play" and not played:
            lead = v["acting_hand"]
            caption = '<p class="trick-caption">' + esc(_cap(of_seat(self, lead, N_("{name} to lead"), N_("Your lead")))) + (
                " · " + esc(_("spades broken")) if v["spades_broken"] else "") + "</p>"

        elif v["phase"] in ("bid", "peek", "flip"):
            caption = f'<p class="trick-caption">{esc(_("Hand {n} · dealer {name}").format(n=v["hand_number"] + 1, name=as_object(self, v["dealer"])))}</p>'
        act = ' data-act="release"' if self.collecting else ""
        to = f" to-{next((p for p, h in where.items() if h == winner), 'bottom')}" if self.collecting else ""
        return (f'<div class="trick{to}" aria-label="{esc(_("finished trick") if self.collecting else _("current trick"))}"{act}>'
                f'{"".join(spots)}{caption}</div>')

    def collect_button(self) -> str:
        """Collect, for the trick held on the table: in the action area, where it covers no card."""
        w = of_seat(self, (self.collecting or {}).get("winner"), N_("Collect the trick for {name}"), N_("Collect your trick"))
        return ('<div class="collect-bar">' + button(esc(_("Collect")), "release", cls="btn small collect", key="collect",
                                                     aria_label=w, shortcut="c") + "</div>")

    def mirror_caption(self, v: dict) -> str:
        """Mirror, before the first card: where the bids came from (the chips show them)."""
        decl = v["declarer"]
        return ('<small class="mirror-note">' + esc(of_seat(self, decl, N_("Mirror: on the chips, 3♠ is the spades a player holds and "
                                                                     "the contract his side's spades together. {name} declares."),
                                                         N_("Mirror: on the chips, 3♠ is the spades a player holds and "
                                                            "the contract his side's spades together. You declare."))
                                                     if decl else _("Mirror: each bid is the spades held.")) + "</small>")

    def last_trick_sheet(self, v: dict, where: dict[str, str]) -> str:
        """The "Last trick" sheet: who played what, and who won it."""
        trick = v["last_trick"] or (v["previous_tricks"][-1] if v["previous_tricks"] else None)
        if not trick:
            body = f'<p class="muted">{esc(_("No trick has been played yet."))}</p>'
        else:
            items = []
            for p in trick["plays"]:
                who = self.name_of(p["hand"])
                face = card_face(_card(p["card"]), extra_cls="played", label_suffix=_(", played by {name}").format(name=as_object(self, p["hand"])))
                wins = _(" — wins") if p["hand"] == trick["winner"] else ""
                items.append(f"<li>{face}<span>{esc(who)}{wins}</span></li>")
            items = "".join(items)
            body = (f'<p>{_("Won by <b>{name}</b>.").format(name=esc(self.name_of(trick["winner"])))}</p>'
                    f'<ol class="last-trick-cards">{items}</ol>')
        return sheet(esc(_("Last trick")), body, "ui:panel:last", "last")

    def status(self, v: dict, seat: str, app, my_turn: bool) -> str:
        if v["over"]:
            w = v["winner"]
            text = (_("Game over — you win.") if w == self.you else _("Game over — {name} wins.").format(name=self.names[w])) if w else _("Game over.")
        elif my_turn:
            text = {"bid": _("Your bid."), "peek": _("Choose dummy cards to look at."),
                    "flip": _("Choose dummy cards to turn face up.")}.get(v["phase"], "")
            if v["phase"] == "play":
                text = _("Your turn — play from the dummy.") if v["acting_hand"] == "dummy" else _("Your turn — play a card.")
        else:
            who = v["to_act"]
            name = self.names.get(who, who)
            kind = app.controllers.get(who, "human")
            doing = {"bid": N_("{name} is bidding"), "peek": N_("{name} is peeking at the dummy"),
                     "flip": N_("{name} is turning up dummy cards")}.get(
                v["phase"], N_("{name} is playing from the dummy") if v["acting_hand"] == "dummy" else N_("{name} is playing"))
            text = _(doing).format(name=name) + ("…" if kind in ("human", "remote") else _(" (computer)…"))
            session = getattr(app, "session", None)
            if kind == "remote" and session is not None and session.away(who):
                text = _("Waiting for {name}’s device to connect…").format(name=self.name_of(who))
        if self.revealing:   # the peeker still looks at the cards: the next player waits for the device
            text = _("Remember the cards you peeked at, then hide them.")
        if self.collecting:
            w = self.collecting.get("winner")
            text = _cap(self.wins_trick(N_("{name} wins the trick."), N_("You win the trick."), w))
            if self.collecting.get("final") and not v["over"]:
                text += " " + _("Hand over — the scores are next.")
        last = f'<span class="last-log" title="{esc(app.log[-1])}">{esc(app.log[-1])}</span>' if app.log else ""
        if v["mirror_bids"] is not None and v["phase"] == "play" and not v["tricks"] and not self.collecting:
            # Mirror's note stays the whole first trick, so it is seen when a computer leads too; under the
            # status line, not over the trick, where it would run under the cards played to it
            last += self.mirror_caption(v)
        return f'<div class="status" role="status" aria-live="polite"><strong>{esc(text)}</strong>{last}</div>'

    def my_hand(self, v: dict, seat: str, my_turn: bool, final: bool = False) -> str:
        playable = set(_legal_cards(v)) if my_turn and v["acting_hand"] == seat else set()
        # after the last trick the next hand is dealt already: none of it shows until its turn comes
        shown = [] if final else v["hand"]
        cards = "".join(card_face(_card(t), act=f"move:play {t}", playable=t in playable,
                                  extra_cls=self.card_marks(t)) for t in shown)
        role = self.role(v, seat)
        info = f'{esc(self.names[seat])}' + (f" · {role}" if role else "") + " · " + ngettext(
            "{n} trick", "{n} tricks", v['tricks_won'][seat]).format(n=v['tricks_won'][seat])
        bid = self.bid_text(v, seat)
        if bid and bid != "…":
            info += f" · {esc(bid)}"
        # on the person's turn the hand is scrolled into view (a phone with very large text scrolls the table)
        keep = " data-keep-in-view" if my_turn else ""
        return (f'<div class="my-hand{" turn" if my_turn and v["acting_hand"] == seat else ""}"{keep}>'
                f'<div class="my-info">{info}</div>'
                + card_group(cards, _("Your cards, {n}").format(n=len(shown)) if shown else _("Your cards")) + "</div>")

    def dummy_panel(self, v: dict) -> str:
        """The declarer plays from the dummy: its cards, full size, next to the declarer's hand."""
        playable = set(_legal_cards(v))
        cards = "".join(card_face(_card(t), act=f"move:play {t}", playable=t in playable, label_suffix=_(" (dummy)"),
                                  extra_cls=self.card_marks(t)) for t in v["dummy"])
        return (f'<div class="panel dummy-panel"><p class="panel-title">{esc(_("Play from the dummy"))}</p>'
                + card_group(cards, _("The dummy's cards"), cls="hand-cards dummy-cards") + "</div>")

    def reveal_panel(self, v: dict) -> str:
        """Right after a peek: the peeker sees the cards, then hides them before the hand-off."""
        seat = v["seat"]
        mine = v["peeks"].get(seat) or []
        faces = "".join(card_face(_card(v["dummy_slots"][i - 1]), extra_cls="peeked",
                                  label_suffix=_(", dummy slot {n}").format(n=i))
                        for i in mine if v["dummy_slots"][i - 1])
        return ('<div class="panel reveal-panel"><p class="panel-title">'
                + esc(_("You peeked at dummy slots {slots}").format(slots=join_words([str(i) for i in mine]))) + "</p>"
                f'<div class="reveal-cards">{faces}</div>'
                f'<p class="muted small">{esc(_("Remember them: only you have seen them."))}</p>'
                + button(esc(_("Done — hide them")), "release", cls="btn big", key="reveal-done").replace(
                    "<button ", "<button data-autofocus ", 1) + "</div>")

    def bid_panel(self, v: dict, seat: str) -> str:
        """The bid: a number chip, nil switches, confirm.  What is enabled comes from the engine's
        legal actions (all of it in the standard bidding; in Suicide a side bid of 4 or more and
        exactly one nil)."""
        suicide = v["options"].get("bidding") == "suicide"
        legal = [a.split() for a in v["legal"] if a.startswith("bid ")]
        ok_bids = {int(w[1]) for w in legal}
        if suicide:
            ok_nils = {w[3] for w in legal if len(w) > 3 and (self.bid is None or int(w[1]) == self.bid)}
            composed = (f"bid {self.bid} nil {next(iter(self.nils))}" if self.bid is not None and len(self.nils) == 1
                        else None)
            ready = composed is not None and composed in v["legal"]
        else:
            ok_nils = {"p0", "p1", "p2", "dummy"}
            ready = self.bid is not None
        bids = "".join(button(str(n), f"ui:bid:{n}", cls="btn chip" + (" on" if self.bid == n else ""), key=f"bid:{n}",
                              pressed=self.bid == n, disabled=n not in ok_bids, shortcut=str(n) if n < 10 else None)
                       for n in range(14))
        others = [s for s in self.seats if s != seat]
        switches = [(seat, _("Nil on my own hand"), _("counts whatever happens")),
                    ("dummy", _("Nil on the dummy"), _("counts only if you become declarer"))]
        for o in others:
            switches.append((o, _("Nil on {name}").format(name=self.names[o]),
                             _("counts only if you and {name} both defend").format(name=self.names[o])))
        sw = "".join(
            f'<button type="button" class="switch{" on" if h in self.nils else ""}" data-act="ui:nil:{h}" data-key="nil:{h}" '
            f'role="switch" aria-checked="{"true" if h in self.nils else "false"}"{"" if h in ok_nils else " disabled"}>'
            '<span class="knob" aria-hidden="true"></span>'
            f'<span class="sw-text"><b>{esc(label)}</b><small>{esc(note)}</small></span></button>'
            for h, label, note in switches)
        earlier = [f"{self.names[s]} {v['bids'][s]}" for s in v["bidding_order"] if v["bids"].get(s) is not None]
        so_far = f'<p class="muted small">{esc(_("Bids so far: {bids}").format(bids=", ".join(earlier)))}</p>' if earlier else ""
        confirm_label = _("Choose a bid") if self.bid is None else (
            _("Bid {n} with nil") if self.nils else _("Bid {n}")).format(n=self.bid)
        if suicide and self.bid is not None and not self.nils:
            confirm_label = _("Choose the nil")
        # in Suicide the rule takes the title's place (one line: the hand stays in view on a phone)
        title = (f'<p class="panel-title rule-line">{esc(_(SUICIDE_RULE))}</p>' if suicide
                 else f'<p class="panel-title">{esc(_("How many tricks will your side take?"))}</p>')
        return (f'<div class="panel bid-panel" aria-label="{esc(_("bidding"))}">'
                f'{title}{so_far}<div class="chips" role="toolbar" aria-label="{esc(_("Number of tricks"))}" data-roving>{bids}</div>'
                f'<div class="switches">{sw}</div>'
                + button(esc(confirm_label), "ui:confirm-bid", cls="btn big", key="confirm-bid", disabled=not ready, focus_now=ready)
                + "</div>")

    def slot_panel(self, v: dict) -> str:
        """Peek or flip: the dummy's 13 face-down slots as buttons, and the confirm button."""
        n = _slot_count(v)
        ok = len(self.slots) == n
        faceup_public = {i for s in self.seats for i in (v["flips"].get(s) or [])}
        picks = []
        for i, text in enumerate(v["dummy_slots"] or [], start=1):
            free = v["phase"] == "peek" or (text is None and i not in faceup_public)
            selected = i in self.slots
            inner = (card_face(_card(text), small=True, extra_cls="slot-card") if text is not None
                     else '<span class="card back small slot-card" aria-hidden="true"></span>')
            picks.append(f'<button type="button" class="slot pick{" selected" if selected else ""}" data-act="ui:slot:{i}" '
                         f'data-key="slot:{i}" aria-pressed="{"true" if selected else "false"}"{"" if free else " disabled"} '
                         f'aria-label="{esc(_("Dummy slot {n}").format(n=i))}">{inner}<span class="slot-no">{i}</span></button>')
        chosen = ", ".join(map(str, sorted(self.slots)))
        peek = v["phase"] == "peek"
        label = ((_("Peek at slots {slots}") if peek else _("Turn up slots {slots}")).format(slots=chosen) if ok
                 else ngettext("Choose {n} slot of the dummy", "Choose {n} slots of the dummy", n).format(n=n))
        note = (_("Only you will see them; everyone sees which slots you chose.") if peek
                else _("They stay face up for everyone."))
        title = (ngettext("Peek at {n} dummy card", "Peek at {n} dummy cards", n) if peek
                 else ngettext("Turn up {n} dummy card", "Turn up {n} dummy cards", n)).format(n=n)
        return ('<div class="panel slot-panel"><p class="panel-title">' + esc(title) + "</p>"
                f'<p class="muted small">{esc(note)}</p><div class="slot-picks" role="toolbar" aria-label="{esc(_("Dummy slots"))}" data-roving>{"".join(picks)}</div>'
                + button(esc(label), f"ui:confirm-{v['phase']}", cls="btn big", key="confirm-slots", disabled=not ok, focus_now=ok) + "</div>")

    # ---- panels -------------------------------------------------------------------------------------
    def sheet_html(self, v: dict) -> str:
        head = "".join(f'<th scope="col" colspan="3">{esc(self.names[s])}</th>' for s in self.seats)
        sub = "".join(f'<th scope="col">{esc(_("bid"))}</th><th scope="col">{esc(_("tricks"))}</th><th scope="col">{esc(_("points"))}</th>'
                      for _s in self.seats)
        rows = []
        for i, h in enumerate(v["history"], start=1):
            decl = h["declarer"]
            cells = []
            for s in self.seats:
                side = (h["tricks"][decl] + h["tricks"]["dummy"]) if s == decl else sum(
                    h["tricks"][d] for d in self.seats if d != decl)
                nil = h["nils"].get(s) or []
                bid = f'{h["bids"][s]}' + (" " + _("N") if nil else "")
                cells.append(f'<td>{bid}</td><td>{side}</td><td class="pts">{signed(h["score"][s], plus=True)}'
                             + (f'<small> ({ngettext("{n} bag", "{n} bags", h["bags"][s]).format(n=h["bags"][s])})</small>' if h["bags"][s] else "") + "</td>")
            rows.append(f'<tr><th scope="row">{i}<small> {esc(self.names[decl])}</small></th>{"".join(cells)}</tr>')
        tot = "".join(f'<td colspan="3" class="pts"><b>{signed(v["totals"][s])}</b><small> · {ngettext("{n} bag", "{n} bags", v["bags"][s]).format(n=v["bags"][s])}</small></td>'
                      for s in self.seats)
        body = "".join(rows) or f'<tr><td colspan="{1 + 3 * len(self.seats)}" class="muted">{esc(_("No hand finished yet."))}</td></tr>'
        target = v["options"].get("target", 300)
        note = rules_note(v["options"])
        note = f'<p class="rules-note">{esc(note)}</p>' if note else ""
        return sheet(esc(_("Score sheet")) + f' <span class="muted small">· {esc(_("play to {n}").format(n=target))}</span>',
                     f'{note}<div class="sheet-scroll" tabindex="0" role="group" aria-label="{esc(_("Scores by hand"))}"><table>'
                     f'<thead><tr><th scope="col" rowspan="2">{esc(_("Hand"))}</th>{head}</tr><tr>{sub}</tr></thead>'
                     f'<tbody>{body}</tbody><tfoot><tr><th scope="row">{esc(_("Total"))}</th>{tot}</tr></tfoot></table></div>'
                     '<p class="muted small">' + esc(_("Tricks are each side's: the declarer's with the dummy, "
                                                       "the defenders' together. N = nil declared.")) + '</p>'
                     + rules_section(rules_lines(v["options"])),
                     "ui:panel:sheet", "sheet")

    def hand_summary_html(self, game, entry: dict) -> str:
        decl = entry["declarer"]
        rows = []
        for s in self.seats:
            side = (entry["tricks"][decl] + entry["tricks"]["dummy"]) if s == decl else sum(
                entry["tricks"][d] for d in self.seats if d != decl)
            role = _("declarer") if s == decl else _("defender")
            nils = entry["nils"].get(s) or []
            niltext = (" · " + _("nil on {hands}").format(hands=", ".join(
                (_("own hand") if n == s else (_("the dummy") if n == "dummy" else self.names[n]))
                + ("" if nil_counts(decl, s, n) else " " + _("(did not count)")) for n in nils))) if nils else ""
            rows.append(f'<tr><th scope="row">{esc(self.names[s])}<small> {role}</small></th><td>{entry["bids"][s]}{esc(niltext)}</td>'
                        f'<td>{side}</td><td class="pts">{signed(entry["score"][s], plus=True)}</td><td>{entry["bags"][s]}</td></tr>')
        v = game.view(self.seats[0])
        totals = " · ".join(f"{esc(self.names[s])} {signed(v['totals'][s])}" for s in self.seats)
        took = (ngettext("Dummy took {n} trick; you took {m}.", "Dummy took {n} tricks; you took {m}.", entry["tricks"]["dummy"])
                if decl == self.you else
                ngettext("Dummy took {n} trick; {name} took {m}.", "Dummy took {n} tricks; {name} took {m}.",
                         entry["tricks"]["dummy"])).format(n=entry["tricks"]["dummy"], name=self.names[decl], m=entry["tricks"][decl])
        side_tricks = _("side's tricks")
        return (f'<table class="summary"><thead><tr><th></th><th>{esc(_("bid"))}</th><th>{esc(side_tricks)}</th>'
                f'<th>{esc(_("points"))}</th><th>{esc(_("bags"))}</th></tr></thead>'
                f'<tbody>{"".join(rows)}</tbody></table>'
                f'<p>{esc(took)}</p>'
                f'<p class="totals-line">{esc(_("Totals:"))} {totals}</p>'
                + (f'<p class="muted small rules-note">{esc(rules_note(v["options"]))}</p>' if rules_note(v["options"]) else ""))

    def game_over_html(self, game) -> str:
        v = game.view(self.seats[0])
        w = v["winner"]
        ranking = sorted(self.seats, key=lambda s: -v["totals"][s])
        items = "".join(f'<li>{esc(self.names[s])} — <b>{signed(v["totals"][s])}</b></li>' for s in ranking)
        wins = (_("You win!") if w == self.you else _("{name} wins!").format(name=self.names[w])) if w else _("Nobody wins!")
        played = ngettext("{n} hand played.", "{n} hands played.", len(v["history"])).format(n=len(v["history"]))
        return (f'<p class="winner"><span class="trophy" aria-hidden="true">★</span> {esc(wins)}</p><ol class="ranking">{items}</ol>'
                f'<p class="muted small">{esc(played)}</p>')

    # ---- the game log in words ------------------------------------------------------------------------
    def describe(self, action: str, actor: str, before: dict, after: dict, game) -> str:
        name = self.names.get(actor, actor)
        me = actor == self.you   # the one person against computers: "You play 8♦", not "You plays"
        words = action.split()
        verb = words[0]
        if verb == "bid":
            if len(words) > 3:
                targets = words[3].split(",")
                named = [_("your own hand") if t == actor and me else (_("the dummy") if t == "dummy" else self.names[t])
                         for t in targets]
                return (_("You bid {n}, nil on {hands}") if me else _("{name} bids {n}, nil on {hands}")).format(
                    name=name, n=words[1], hands=join_words(named))
            return (_("You bid {n}") if me else _("{name} bids {n}")).format(name=name, n=words[1])
        if verb in ("peek", "flip"):
            slots = [int(w) for w in words[1:]]
            if verb == "peek":
                return (ngettext("You peek at dummy slot {slots}", "You peek at dummy slots {slots}", len(slots)) if me else
                        ngettext("{name} peeks at dummy slot {slots}", "{name} peeks at dummy slots {slots}", len(slots))).format(
                    name=name, slots=join_words([str(s) for s in slots]))
            seen = [after["dummy_slots"][s - 1] if after.get("dummy_slots") else None for s in slots]
            cards = [_card(t).symbol for t in seen if t]
            said = (ngettext("You turn up dummy slot {slots}", "You turn up dummy slots {slots}", len(slots)) if me else
                    ngettext("{name} turns up dummy slot {slots}", "{name} turns up dummy slots {slots}", len(slots))).format(
                name=name, slots=join_words([str(s) for s in slots]))
            return _("{said}: {cards}").format(said=said, cards=", ".join(cards)) if cards else said
        if verb == "play":
            card = _card(words[1])
            hand = before.get("acting_hand") or actor
            if me:
                who = _("You play {card} from the dummy") if hand == "dummy" else _("You play {card}")
            else:
                who = _("{name} plays {card} from the dummy") if hand == "dummy" else _("{name} plays {card}")
            who = who.format(name=name, card=card.symbol)
            plays = (before.get("trick") or {}).get("plays") or []
            if len(plays) == 3:  # this card completed the trick
                if after["hand_number"] == before["hand_number"]:
                    won = after["last_trick"]["winner"]
                else:
                    won = after["previous_tricks"][-1]["winner"]
                if won == hand:
                    who += (_(" and win the trick") if me else _(" and wins the trick")) if hand != "dummy" else _("; the dummy wins the trick")
                else:
                    who += self.wins_trick(N_("; {name} wins the trick"), N_("; you win the trick"), won)
                if after["hand_number"] != before["hand_number"] or after["over"]:
                    h = after["history"][-1]
                    who += _(". Hand over: ") + ", ".join(f"{self.names[s]} {signed(h['score'][s], plus=True)}" for s in self.seats)
            return who
        return f"{name}: {action}"


def _legal_cards(v: dict) -> list[str]:
    return [a.split()[1] for a in v["legal"] if a.startswith("play ")]


def _slot_count(v: dict) -> int:
    variant = v["options"].get("variant", "no-peeky")
    if variant == "three-peeky":
        return 3
    if variant == "four-peeky":
        return 4
    if variant.startswith("flip-"):
        return int(variant[5:])
    return 0
