"""The Seep table: renders one seat's view and turns taps into engine actions.

Pure Python (no browser import): ``Table.render(game, seat, app)`` builds the HTML from
``game.view(seat)`` only, so a card the seat may not see cannot reach the page.  The one other
thing it asks the engine is about the *viewer's own* possible moves (``actions_using``,
``check``), and only when it is the viewer's turn.

Layout, phone first: the top bar; the board (the three other seats in one compact row, the
floor, the captured piles), which scrolls; and the dock at the bottom (the prompt, the bid or move
panel, the viewer's hand), so on a turn the hand and the panel are always in view.  On a short
landscape screen web/seep.css puts the panel beside the board and the hand across the bottom.
Seats: the viewer at the bottom.  Play passes to the right (counter-clockwise): the row reads
previous player (left), partner (opposite), next player (right).

Two players (option ``seats: 2``): the row holds the one opponent, and each player is his own
side, named by the player ("Ana") where four players read "Team A (Ana & Chloé)".  Everything
keyed by side (piles, sweeps, score sheet, summary) loops over ``self.sides``, the game's own.
The second half of a two-player hand (12 more cards each, no new floor cards) is said in the log
line of the play that emptied both hands and on the floor caption.  Options that are not the
default (``seats``, the house rules ``first_sweep`` and ``majority_tie``) are named on the score
sheet, the hand summary and, briefly, under the floor.

Every play is seen: ``last_play`` reads the last entry of the view's log; the house it made or
the card it threw is outlined and labelled ("just built by Ben"), and a capture shows the card
played and the cards taken over the floor, with the log line in words.

Composing a move: tap a hand card (``ui:hand:<card>``), then loose floor cards
(``ui:floor:<card>``) and/or a house (``ui:house:<value>``).  The table lists what that
selection would do: the legal actions as buttons (``ui:do:<i>``), and the moves it would be but
the rules forbid, each with the engine's reason.  ``ui:clear`` drops the selection.  A hand card
alone lists its simplest moves only, at most ``MAX_OFFERS`` (an ace on a crowded floor may build
a dozen ways, which would push the hand off a phone), and says how many more floor cards reach.
"""

from __future__ import annotations

from typing import Optional

from ...cards import Card
from . import coach
from .ending import on_guest
from ..text.cardnames import a_house as _a_house, value_card
from ..text.i18n import N_, _, as_object, ngettext, of_seat
from ..text.markup import (button, card_face, card_group, esc, isolated, join_words, log_panel,
                           rules_section, sheet, signed, table_topbar)
from ..text.refusals import word as refusal_words

POSITIONS = ("bottom", "right", "top", "left")   # viewer, next in play order, partner, previous
SEATS = ("p0", "p1", "p2", "p3")
TEAMS = ("p0p2", "p1p3")
TEAM_LETTER = {"p0p2": "A", "p1p3": "B"}
VALUE_WORDS = {1: N_("Ace"), 11: N_("Jack"), 12: N_("Queen"), 13: N_("King")}
PLAYS = ("throw", "capture", "build", "raise", "cement")
SECOND_HALF = N_(". Second half: 12 more cards each")   # added to the log line of a two-player hand's 24th play
# a floor of this many things (a house counting as two cards) is "crowded": drawn compact on a phone;
# the largest a game reaches is about 14 things (13 loose cards and a house, or 5 houses and 8 cards)
CROWDED = 9
FANS = ("",) * 5 + (" many",) * 6 + (" lots",)   # a house of many cards fans them tighter (by its number of cards)
MAX_OFFERS = 4   # a hand card alone lists at most this many moves (more would push the hand off a phone)
# "just built by Ben": the last play, said of the house or card it left
JUST_BY = {"throw": N_("just thrown by {name}"), "capture": N_("just captured by {name}"), "build": N_("just built by {name}"),
           "raise": N_("just raised by {name}"), "cement": N_("just cemented by {name}")}
JUST = {"throw": N_("just thrown"), "capture": N_("just captured"), "build": N_("just built"), "raise": N_("just raised"),
        "cement": N_("just cemented")}


def _card(text: str) -> Card:
    return Card.parse(text)


def _sym(text: str) -> str:
    return _card(text).symbol


def team_of(seat: str) -> str:
    """The four-player team of ``seat`` (a two-player table uses ``Table.side_of``)."""
    return TEAMS[SEATS.index(seat) % 2]


def options_note(options: dict) -> str:
    """The options a table shows because they are not the default, in words ("" when none):
    'Two players · House rules: first sweep 50; 26–26 split +2 each'."""
    parts = []
    if options.get("first_sweep", 25) != 25:
        parts.append(_("first sweep {n}").format(n=options['first_sweep']))
    if options.get("majority_tie", "none") == "split":
        parts.append(_("26–26 split +2 each"))
    out = _("Two players") if options.get("seats", 4) == 2 else ""
    if parts:
        out += (" · " if out else "") + _("House rules: {rules}").format(rules="; ".join(parts))
    return out


def rules_lines(options: dict) -> list[str]:
    """The rules a game is played with, one sentence each (the score sheet's "Rules of this game")."""
    lines = [_("Two players, each for himself.") if options.get("seats", 4) == 2
             else _("Four players in two teams, partners facing each other.")]
    if options.get("preset") == "seep-pagat":
        n = options.get("baazis", 1)
        lines.append(ngettext("Scoring: a lead of 100 points wins a baazi; {n} baazi wins the game.",
                              "Scoring: a lead of 100 points wins a baazi; {n} baazis win the game.", n).format(n=n))
    else:
        lines.append(_("Scoring: the points add up; the first to {n} wins.").format(n=options.get("target", 500)))
    lines.append(_("The bidder's first play builds the bid on one floor card, or throws any card if it cannot.")
                 if options.get("first_play") == "seed" else
                 _("The bidder's first play builds the bid value, captures with a card of it or throws one."))
    lines.append(_("A sweep on the first play scores 50 (house rule).") if options.get("first_sweep", 25) == 50
                 else _("A sweep on the first play scores 25."))
    if options.get("majority_tie", "none") == "split":
        lines.append(_("Cards split 26–26: +2 to each side (house rule)."))
    return lines


def a_house(v: int) -> str:
    return _a_house(v)


def candidate_actions(card: str, loose: list[str], houses: list[int]) -> list[str]:
    """Every move a selection could mean, legal or not (the engine decides which are legal).

    ``card`` is the hand card, ``loose`` the selected loose floor cards, ``houses`` the selected
    house values.  Used to explain, in the rules' words, why a selection is not a legal move.
    """
    c = _card(card)
    v = c.value
    s = sum(_card(x).value for x in loose)
    lt = " ".join(loose)
    tail = f" {lt}" if lt else ""
    out: list[str] = []
    if len(houses) > 1:
        return out
    if not houses:
        if not loose:
            out.append(f"throw {card}")
        else:
            out.append(f"capture {card}{tail}")
            for t in range(9, 14):
                if v <= t and (v + s) % t == 0:
                    out.append(f"build {t} {card}{tail}")
    else:
        h = houses[0]
        if v == h:
            out.append(f"capture {card}{tail}")
        if not loose:
            out.append(f"raise {h} {card}")
            if v == h:
                out.append(f"cement {h} {card}")
        elif (v + s) % h == 0:
            out.append(f"cement {h} {card}{tail}")
    return out


class Table:
    seats = SEATS
    stylesheet = "web/seep.css"

    def __init__(self, game) -> None:
        self.seats = tuple(game.seats)         # ("p0".."p3"), or ("p0", "p1") with two players
        self.sides = tuple(game.sides)         # ("p0p2", "p1p3"), or ("p0", "p1")
        self.two = len(self.seats) == 2
        # every name isolated (markup.isolated): no name can reorder the text around it
        self.names = {s: isolated(n) for s, n in zip(self.seats, game.players or self.seats)}
        self.card: Optional[str] = None        # the hand card picked
        self.loose: list[str] = []             # loose floor cards picked, in the order tapped
        self.houses: list[int] = []            # house values picked
        self.offers: list[str] = []            # the legal actions offered at the last render
        self.more = 0                          # legal moves of the hand card alone not listed
        self.panel: Optional[str] = None       # "sheet" | "log" | None
        self.hinted: Optional[str] = None      # the action a hint suggests (its offer is marked)
        self.you: Optional[str] = None         # the one person's seat against computers: "You throw"
        self.guest = on_guest(game)            # a guest's table: no Export (the game is on the host)
        # the cards of a house the last move captured, as (len(actions) after it, cards): the view
        # after the move no longer holds them, so describe() keeps them from the view before it
        self.taken_house: Optional[tuple[int, list[str]]] = None

    # ---- names ----------------------------------------------------------------------------------
    def name_of(self, seat: str) -> str:
        return self.names.get(seat, seat)

    def side_of(self, seat: str) -> str:
        """The side (scoring unit) of ``seat``: its team with four players, itself with two."""
        return seat if self.two else team_of(seat)

    def letter(self, side: str) -> str:
        """'A' or 'B': the side's colour in class names (and its team letter with four players)."""
        return "AB"[self.sides.index(side)]

    def team_name(self, team: str) -> str:
        """Plain text (escape it): 'Team A (Ana & Chloé)', or the player's name with two."""
        if self.two:
            return self.name_of(team)
        a, b = team[:2], team[2:]
        return _("Team {letter} ({a} & {b})").format(letter=TEAM_LETTER[team], a=self.names[a], b=self.names[b])

    def baazi_mark(self, team: str) -> str:
        """Who won a baazi, in a narrow cell: the team letter, or the player's name with two."""
        return self.name_of(team) if self.two else TEAM_LETTER[team]

    def team_short(self, team: str) -> str:
        """Plain text (escape it): 'Team A', or the player's name with two."""
        if self.two:
            return self.name_of(team)
        return _("Team {letter}").format(letter=TEAM_LETTER[team])

    # ---- protocol used by the app ---------------------------------------------------------------
    def hands_done(self, game) -> int:
        return len(game.view(self.seats[0])["history"])

    def hand_entries(self, game) -> list[dict]:
        return game.view(self.seats[0])["history"]

    def after_move(self, game) -> None:
        self.clear()

    def clear(self) -> None:
        self.card = None
        self.loose = []
        self.houses = []
        self.offers = []

    def handle(self, arg: str, game, viewer: str, app) -> Optional[str]:
        """A ``ui:`` tap: compose a move, confirm one of the offered actions, toggle panels."""
        verb, _, val = arg.partition(":")
        if verb == "panel":
            self.panel = None if self.panel == val else val
            return None
        if verb == "clear":
            self.clear()
            app.error = ""
            return None
        if game.to_act != viewer or app.handoff_to:
            return None
        hand = game.view(viewer)["hand"]
        if verb == "hand":
            if val not in hand:
                return None
            self.card = None if self.card == val else val
            app.error = ""
        elif verb == "floor":
            if val in self.loose:
                self.loose.remove(val)
            else:
                self.loose.append(val)
            app.error = ""
        elif verb == "house":
            h = int(val)
            if h in self.houses:
                self.houses.remove(h)
            else:
                self.houses.append(h)
            app.error = ""
        elif verb == "do":
            offers = self.current_offers(game, viewer)
            i = int(val) if val.isdigit() else -1
            if 0 <= i < len(offers):
                return offers[i]
        return None

    def tried_action(self, arg: str) -> Optional[str]:
        """The move a tap on a hand card that is not playable now stands for (``ui:hand:<card>``
        in the bidding: a throw), for the engine to refuse and say why; None for anything else."""
        verb, _sep, card = arg.partition(":")
        return f"throw {card}" if verb == "hand" and card else None

    # ---- move composition ---------------------------------------------------------------------------
    def selection(self) -> list:
        return list(self.loose) + list(self.houses)

    def current_offers(self, game, seat: str) -> list[str]:
        """The legal actions for the current selection (the viewer must be the one to act)."""
        v = game.view(seat)
        if v["phase"] != "play" or v["to_act"] != seat or self.card is None or self.card not in v["hand"]:
            return []
        self.more = 0
        if not self.loose and not self.houses:
            # the card alone: every move it has, the simplest first; a card with many (an ace on a
            # crowded floor can build a dozen ways) lists a few and asks for floor cards instead
            out = sorted((a for a in v["legal"] if a.split()[1:2] == [self.card] or
                          (a.split()[0] in ("build", "cement", "raise") and a.split()[2] == self.card)),
                         key=lambda a: len(a.split()))
            if len(out) > MAX_OFFERS:
                self.more = len(out) - (MAX_OFFERS - 1)
                out = out[:MAX_OFFERS - 1]
            return out
        return game.actions_using(self.card, self.selection())

    def refused(self, game, offers: list[str]) -> list[tuple[str, str]]:
        """What the selection would mean but the rules forbid: (action, reason) pairs."""
        if self.card is None:
            return []
        if len(self.houses) > 1:
            return [("", _("pick one house at most: a card plays onto or takes a single house"))]
        out = []
        canon = set(offers)
        for a in candidate_actions(self.card, self.loose, self.houses):
            refusal = game.refusal(a)
            if refusal is not None and a not in canon:
                out.append((a, refusal_words(refusal, self.names)))
        return out

    def action_words(self, action: str) -> str:
        """A legal action as the button says it: 'Capture 5♦ 6♠ with J♣', 'Build 12: 9♠ on 3♥'."""
        w = action.split()
        verb = w[0]
        if verb == "throw":
            return _("Throw {card} loose").format(card=_sym(w[1]))
        if verb == "capture":
            c, rest = w[1], w[2:]
            v = _card(c).value
            took = [_sym(x) for x in rest]
            if not took:
                return _("Capture the {n}-house with {card}").format(n=v, card=_sym(c))
            return _("Capture {cards} with {card}").format(cards=' '.join(took), card=_sym(c))
        if verb == "build":
            t, c, rest = int(w[1]), w[2], w[3:]
            return _("Build {n}: {card} on {cards}").format(n=t, card=_sym(c), cards=' '.join(_sym(x) for x in rest))
        if verb == "raise":
            h, c = int(w[1]), w[2]
            return _("Raise the {n}-house to {m} with {card}").format(n=h, m=h + _card(c).value, card=_sym(c))
        if verb == "cement":
            h, c, rest = int(w[1]), w[2], w[3:]
            if rest:
                return _("Cement the {n}-house with {card} and {cards}").format(
                    n=h, card=_sym(c), cards=' '.join(_sym(x) for x in rest))
            return _("Cement the {n}-house with {card}").format(n=h, card=_sym(c))
        if verb == "bid":
            return _("Bid {n}").format(n=w[1])
        return action

    # ---- the table --------------------------------------------------------------------------------
    def layout(self, seat: str) -> dict[str, str]:
        """Position -> seat; with two players only "bottom" (the viewer) and "top" (the opponent)."""
        n = len(self.seats)
        i = self.seats.index(seat)
        if n == 2:
            return {"bottom": seat, "top": self.seats[1 - i]}
        return {pos: self.seats[(i + k) % n] for k, pos in enumerate(POSITIONS)}

    def render(self, game, seat: str, app) -> str:
        """The table as ``seat`` sees it: the board (seats, floor, piles) over the dock (prompt and
        bid or move panel, then the hand).  The dock keeps to the bottom of the screen and the
        board scrolls above it, so on a turn the whole hand and the panel are in view on a phone."""
        v = game.view(seat)
        self.hinted = coach.hinted(app, game)
        # under the end-of-hand summary (read by everyone at the table) the next deal's cards of
        # whoever played last stay hidden, and so does his bid panel: shown after the hand-off
        summary = (getattr(app, "dialog", None) or ("",))[0] == "hand"
        my_turn = (v["to_act"] == seat and not app.handoff_to and app.controllers.get(seat) == "human"
                   and not summary)
        if not my_turn or v["phase"] != "play":
            self.card = None if not my_turn else self.card
        if self.card is not None and self.card not in v["hand"]:
            self.clear()
        floor_loose = set(v["floor"]["loose"])
        floor_houses = {h["value"] for h in v["floor"]["houses"]}
        self.loose = [c for c in self.loose if c in floor_loose]
        self.houses = [h for h in self.houses if h in floor_houses]
        where = self.layout(seat)
        last = self.last_play(v, game)
        parts = [f'<section class="table seep phase-{v["phase"]}{" my-turn" if my_turn else ""}" data-viewer="{esc(seat)}">']
        parts.append(self.topbar(v))
        if app.banner:
            parts.append(f'<p class="banner" role="alert">{esc(app.banner)}</p>')
        parts.append(f'<div class="seep-board"><div class="seep-seats{" two" if self.two else ""}">')
        for pos in ("left", "top", "right"):
            if pos in where:
                parts.append(self.seat_box(v, where[pos], pos))
        parts.append("</div>")
        parts.append(self.floor_html(v, my_turn, last, app))
        parts.append(self.piles_html(v))
        parts.append('</div><div class="seep-dock"><div class="seep-act">')
        parts.append(self.status(v, seat, app, my_turn))
        parts.append(coach.strip(app, game, seat, my_turn))   # Hint, Undo
        if app.error:   # a refused move, or a tap while another plays
            parts.append(f'<p class="error move-error" role="alert">{esc(app.error[:1].upper() + app.error[1:])}</p>')
        if my_turn and v["phase"] == "bid":
            parts.append(self.bid_panel(v))
        if my_turn and v["phase"] == "play":
            parts.append(self.move_panel(game, v, seat))
        parts.append("</div>")
        parts.append(self.my_hand({**v, "hand": []} if summary else v, seat, my_turn))
        parts.append("</div>")
        if self.panel == "sheet":
            parts.append(self.sheet_html(v))
        elif self.panel == "log":
            parts.append(log_panel(app.log))
        parts.append("</section>")
        return "".join(parts)

    def last_play(self, v: dict, game) -> Optional[dict]:
        """The play just made in this hand, for marking it on the table (None before the first).

        ``{"seat", "verb", "card", "house"}`` (the house it built, raised or cemented, by its value
        now) and ``"taken"``: the cards a capture took off the floor (a captured house's cards
        only when this table saw the move being made)."""
        if not v["log"]:
            return None
        e = v["log"][-1]
        w = e["action"].split()
        if w[0] not in PLAYS:
            return None
        out = {"seat": e["seat"], "verb": w[0], "card": w[1] if w[0] in ("throw", "capture") else w[2],
               "house": None, "taken": []}
        if w[0] == "capture":
            kept = self.taken_house
            out["taken"] = (list(kept[1]) if kept and kept[0] == game.action_count else []) + w[2:]
        elif w[0] == "build":
            out["house"] = int(w[1])
        elif w[0] == "raise":
            out["house"] = int(w[1]) + _card(w[2]).value
        elif w[0] == "cement":
            out["house"] = int(w[1])
        return out

    def score_line(self, v: dict) -> str:
        sides = self.sides
        sc = v["scores"]
        if "totals" in sc:
            return " · ".join(f'{esc(self.team_short(t))} <b>{sc["totals"][t]}</b>' for t in sides) + \
                f' <span class="muted">{esc(_("(to {n})").format(n=sc["target"]))}</span>'
        lead = sc["lead"]
        lead_txt = esc(_("level") if lead == 0 else _("{side} leads by {n}").format(
            side=self.team_short(sides[0] if lead > 0 else sides[1]), n=abs(lead)))
        to = esc(_("(to {n})").format(n=sc["baazis_to_win"]))
        if self.two:
            baazis = " ".join(f'{esc(self.team_short(t))} <b>{sc["baazis"][t]}</b>' for t in sides)
            return f'{lead_txt} · {esc(_("baazis"))} {baazis} <span class="muted">{to}</span>'
        baazis = "–".join(str(sc["baazis"][t]) for t in sides)
        return f'{lead_txt} · {esc(_("baazis"))} A–B <b>{baazis}</b> <span class="muted">{to}</span>'

    def topbar(self, v: dict) -> str:
        return table_topbar(_("Seep"), self.score_line(v), self.panel, export=not self.guest)

    def seat_box(self, v: dict, s: str, pos: str) -> str:
        """Another seat, compact: name, team, cards held, and Dealer / Bid marks."""
        turn = v["to_act"] == s and not v["over"]
        team = self.side_of(s)
        letter = self.letter(team)
        cls = f"seat pos-{pos} team-{letter.lower()}" + (" turn" if turn else "")
        marks = ""
        if v["dealer"] == s:
            marks += f'<span class="role role-dealer">{esc(_("Dealer"))}</span>'
        if v["bidder"] == s:
            marks += '<span class="role role-bidder">' + esc(_("Bid {n}").format(n=v["bid"]) if v["bid"] else _("Bidder")) + "</span>"
        partner = pos == "top" and team == v["team"]
        n = v["hand_counts"][s]
        who = _(", your opponent") if self.two else _(", team {letter}").format(letter=letter) + (_(", your partner") if partner else "")
        label = f"{self.name_of(s)}{who}, " + ngettext("{n} card", "{n} cards", n).format(n=n) + (_(", to play") if turn else "")
        tag = "" if self.two else (f'<span class="team-tag team-{letter.lower()}" title="{esc(self.team_name(team))}" '
                                   f'aria-hidden="true">{letter}</span>')
        return (f'<div class="{cls}" role="group" aria-label="{esc(label)}">'
                f'<span class="seat-line"><span class="name" title="{esc(self.name_of(s))}">{esc(self.name_of(s))}</span>{tag}</span>'
                f'<span class="seat-line"><span class="count" aria-hidden="true"><span class="card back small"></span>{n}</span>'
                f'{marks}</span></div>')

    def owners_text(self, owners: list[str], after: bool = False) -> str:
        """The owners' names (``after`` a preposition: "owned by you")."""
        return join_words([as_object(self, o) if after else self.name_of(o) for o in owners])

    def floor_html(self, v: dict, my_turn: bool, last: Optional[dict] = None, app=None) -> str:
        """The floor: houses and loose cards (buttons on the viewer's turn to play), under a line
        saying what the last play did, with the cards it marked (``just`` class, outline, words)."""
        picking = my_turn and v["phase"] == "play"
        fl = v["floor"]
        just_house = last["house"] if last else None
        just_card = last["card"] if last and last["verb"] == "throw" else None
        who = as_object(self, last["seat"]) if last else ""
        houses = []
        for h in sorted(fl["houses"], key=lambda h: h["value"]):
            val = h["value"]
            cards = "".join(card_face(_card(t), small=True, label_suffix=_(", in the {n}-house").format(n=val),
                                      extra_cls="just" if just_house == val and last["card"] == t else "")
                            for t in h["cards"])
            kind = "cemented" if h["cemented"] else "ordinary"
            owners = self.owners_text(h["owners"])
            kind_words = _("cemented") if h["cemented"] else _("ordinary")
            label = _("{n}-house, {kind}, owned by {names}").format(n=val, kind=kind_words, names=self.owners_text(h["owners"], True))
            just = just_house == val
            if just:
                just_by = JUST_BY[last['verb']]
                label += ", " + _(just_by).format(name=who)
            # a house to pick is named by its content (axe: label-content-name-mismatch): its name in
            # words, unseen, and the drawing (value, kind, cards, owners) hidden from screen readers
            drawn = ' aria-hidden="true"' if picking else ""
            inner = (f'<span class="house-head"{drawn}><span class="house-value">{val}</span>'
                     f'<span class="house-kind {kind}">{esc(kind_words)}</span></span>'
                     f'<span class="house-cards{FANS[min(len(h["cards"]), len(FANS) - 1)]}"{drawn}>{cards}</span>'
                     f'<span class="house-owners" data-label="{esc(_("owner:"))}" title="{esc(owners)}"{drawn}>{esc(owners)}</span>'
                     + (f'<span class="just-tag" aria-hidden="true">{esc(_(JUST.get(last["verb"], "")))}</span>' if just else ""))
            hcls = f"house {kind}" + "".join(f" owner-{self.letter(self.side_of(o)).lower()}" for o in h["owners"][:1])
            hcls += " just" if just else ""
            if picking:
                sel = val in self.houses
                houses.append(f'<button type="button" class="{hcls}{" selected" if sel else ""}" data-act="ui:house:{val}" '
                              f'data-key="house:{val}" data-house="{val}" aria-pressed="{"true" if sel else "false"}">'
                              f'<span class="visually-hidden">{esc(label)}</span>{inner}</button>')
            else:
                houses.append(f'<div class="{hcls}" data-house="{val}" role="group" aria-label="{esc(label)}">{inner}</div>')
        loose = []
        for t in fl["loose"]:
            just = t == just_card
            thrown_by = JUST_BY["throw"]
            suffix = _(" on the floor") + (", " + _(thrown_by).format(name=who) if just else "")
            if picking:
                sel = t in self.loose
                loose.append(card_face(_card(t), act=f"ui:floor:{t}", playable=True, selected=sel,
                                       extra_cls="loose" + (" just" if just else ""), label_suffix=suffix)
                             .replace("<button ", f'<button data-just="{esc(_("thrown"))}" ', 1))
            else:
                loose.append(card_face(_card(t), extra_cls="loose" + (" just" if just else ""), label_suffix=suffix)
                             .replace("<span ", f'<span data-just="{esc(_("thrown"))}" ', 1))
        if not houses and not loose:
            body = f'<p class="floor-empty muted">{esc(_("The floor is empty."))}</p>'
        else:
            body = (f'<div class="houses">{"".join(houses)}</div>' if houses else "") + \
                   f'<div class="loose-cards">{"".join(loose)}</div>'
            if picking:   # one Tab stop: the arrow keys move between the houses and the cards
                body = f'<div class="floor-picks" role="toolbar" aria-label="{esc(_("Floor cards and houses"))}" data-roving>{body}</div>'
        cap = esc(_("Hand {n}").format(n=v["hand_number"]))
        half = self.half(v)
        if half == 2:
            cap += " · " + esc(_("second half"))
        cap += " · " + esc(_("dealer {name}").format(name=as_object(self, v["dealer"])))
        if v["bid"]:
            cap += " · " + (_("You bid <b>{n}</b>") if v["bidder"] == self.you else _("{name} bid <b>{n}</b>")).format(
                name=esc(self.name_of(v["bidder"])), n=v["bid"])
        note = ""
        if half == 2 and self.plays(v) == 24:
            # the first turn of the second half: say what just happened (said in the log line too)
            note = f'<p class="half-note">{esc(_("Second half: 12 more cards each, the floor stays as it is."))}</p>'
        rules = options_note(v["options"])
        rules_html = f'<p class="rules-note muted">{esc(rules)}</p>' if rules and v["phase"] == "bid" else ""
        keep = " data-keep-in-view" if picking else ""
        # a crowded floor (a house counts as two cards) is drawn compact on a phone (web/seep.css)
        crowded = " crowded" if len(fl["loose"]) + 2 * len(fl["houses"]) >= CROWDED else ""
        return (f'<div class="floor{crowded}" role="region" aria-label="{esc(_("the floor"))}"><p class="floor-caption">{cap}</p>'
                f'{rules_html}{note}{self.last_play_html(v, last, app)}<div class="floor-body"{keep}>{body}</div></div>')

    @staticmethod
    def plays(v: dict) -> int:
        """Plays made so far this hand (bids and redeals are not plays)."""
        return sum(1 for e in v["log"] if e["action"].split()[0] in PLAYS)

    def half(self, v: dict) -> int:
        """1 or 2: which half of a two-player hand is being played (always 1 with four)."""
        return 2 if self.two and self.plays(v) >= 24 else 1

    def last_play_html(self, v: dict, last: Optional[dict], app) -> str:
        """The last thing done, in words; for a capture also the card played and the cards taken
        (they have left the floor, so this is where they are seen)."""
        redeal = v["phase"] == "bid" and v["log"] and v["log"][-1]["action"] == "redeal"
        text = app.log[-1] if app is not None and app.log and not redeal else ""
        if self.half(v) == 2 and self.plays(v) == 24:
            text = text.replace(_(SECOND_HALF), "")    # said by the note over it
        if not text and not last:
            return ""
        cards = ""
        if last and last["verb"] == "capture":
            took = "".join(card_face(_card(t), small=True, extra_cls="taken", label_suffix=_(", captured"))
                           for t in last["taken"])
            cards = (f'<span class="last-cards">{card_face(_card(last["card"]), small=True, extra_cls="just", label_suffix=_(", played"))}'
                     + (f'<span class="took" aria-hidden="true">{esc(_("took"))}</span>{took}' if took else "") + "</span>")
        cls = "last-play" + (f" just-{last['verb']}" if last else "")
        return f'<div class="{cls}"><span class="last-log">{esc(text)}</span>{cards}</div>'

    def piles_html(self, v: dict) -> str:
        out = []
        for t in self.sides:
            sweeps = v["sweeps"][t]
            sw = "".join(f'<span class="sweep-mark" title="{esc(_("a sweep"))}">{esc(_("Sweep +{n}").format(n=p))}</span>' for p in sweeps)
            last = v["last_capturer"]
            lc = f'<span class="muted small">{esc(_("last capture"))}</span>' if last and self.side_of(last) == t else ""
            out.append(f'<div class="pile team-{self.letter(t).lower()}{" mine" if t == v["team"] else ""}">'
                       f'<span class="pile-name" title="{esc(self.team_name(t))}">{esc(self.team_short(t))}</span>'
                       f'<span class="pile-count" aria-label="{esc(ngettext("{n} card captured", "{n} cards captured", v["captured"][t]).format(n=v["captured"][t]))}">'
                       f'<span class="card back small" aria-hidden="true"></span><b>{v["captured"][t]}</b></span>{lc}{sw}</div>')
        return f'<div class="piles" aria-label="{esc(_("captured piles"))}">{"".join(out)}</div>'

    def first_play_text(self, v: dict) -> str:
        bid = v["bid"]
        if v["options"].get("first_play") == "seed":
            return _("Your first play: build {n} on one floor card (or, if you cannot, throw a card).").format(n=bid)
        return _("Your first play: build {house}, capture with {card} or throw {card}.").format(house=a_house(bid), card=value_card(bid))

    def status(self, v: dict, seat: str, app, my_turn: bool) -> str:
        first = v["phase"] == "play" and not any(e["action"].split()[0] not in ("bid", "redeal") for e in v["log"])
        if v["over"]:
            w = v["winner"]
            text = ((_("Game over — you win.") if w == self.you else _("Game over — {name} wins.").format(name=self.team_name(w)))
                    if w else _("Game over."))
        elif my_turn:
            if v["phase"] == "bid":
                text = _("Your bid.") if v["legal"] != ["redeal"] else _("You cannot bid this time.")
            elif first:
                text = self.first_play_text(v)
            elif self.card is None:
                text = _("Your turn — pick a card from your hand.")
            else:
                text = _("{card}: now pick floor cards or a house, or choose a move below.").format(card=_sym(self.card))
        else:
            who = v["to_act"]
            kind = app.controllers.get(who, "human")
            doing = N_("{name} is bidding") if v["phase"] == "bid" else N_("{name} is playing")
            text = _(doing).format(name=self.name_of(who)) + ("…" if kind in ("human", "remote") else _(" (computer)…"))
            session = getattr(app, "session", None)
            if kind == "remote" and session is not None and session.away(who):
                text = _("Waiting for {name}’s device to connect…").format(name=self.name_of(who))
        shown = ""
        e = v["log"][-1] if v["log"] else None
        if v["phase"] == "bid" and e and e["action"] == "redeal" and e.get("shown"):
            # said once, here (the log line of the redeal is not repeated over the floor)
            cards = "".join(card_face(_card(t), small=True) for t in e["shown"])
            said = of_seat(self, e["seat"], N_("{name} had no card of 9 or more; these were thrown in and the cards dealt again:"),
                           N_("You had no card of 9 or more; these were thrown in and the cards dealt again:"))
            shown = f'<div class="redeal-note"><span>{esc(said)}</span><span class="shown">{cards}</span></div>'
        # while a move is being composed the panel's title says the same: the line is kept for
        # screen readers but takes no room on the screen
        cls = "status" + (" composing" if my_turn and self.card is not None and v["phase"] == "play" else "")
        return f'<div class="{cls}"><strong>{esc(text)}</strong>{shown}</div>'

    def bid_panel(self, v: dict) -> str:
        if v["legal"] == ["redeal"]:
            return (f'<div class="panel bid-panel redeal-panel" aria-label="{esc(_("bidding"))}"><p class="panel-title">'
                    + esc(_("No card of 9 or more")) + '</p><p>'
                    + esc(_("You hold no 9, 10, Jack, Queen or King among your first four cards, so you cannot bid: "
                            "show them, and the same dealer deals again.")) + '</p>'
                    + button(esc(_("Show my cards and redeal")), "move:redeal", cls="btn big", key="redeal") + "</div>")
        bids = "".join(self.bid_button(a) for a in v["legal"] if a.startswith("bid "))
        return (f'<div class="panel bid-panel" aria-label="{esc(_("bidding"))}"><p class="panel-title">'
                + esc(_("Name the house you will build first")) + '</p>'
                f'<p class="muted small">{esc(_("You can bid the value of a card you hold, 9 to 13."))}</p>'
                f'<div class="bid-chips">{bids}</div></div>')

    def bid_button(self, action: str) -> str:
        """'Bid 11' with 'Jack' under it (named "Bid 11, Jack"); 'Bid 9' alone, not "Bid 9 9".
        The digit key that presses it is the bid's last digit (9, and 0 to 3 for 10 to 13)."""
        n = int(action.split()[1])
        word = _(VALUE_WORDS[n]) if n in VALUE_WORDS else None
        label = esc(_("Bid {n}").format(n=n))
        cls = "btn chip bid-chip" + (" hinted" if action == self.hinted else "")
        key = str(n % 10)
        if word is None:
            return button(label, f"move:{action}", cls=cls, key=action, shortcut=key)
        # named by its content, "Bid 11, Jack" (the comma unseen), so the name holds the visible text
        return button(f'{label}<span class="visually-hidden">,</span> <span class="sub">{esc(word)}</span>', f"move:{action}",
                      cls=cls, key=action, shortcut=key)

    def move_panel(self, game, v: dict, seat: str) -> str:
        if self.card is None:
            self.offers = []
            sel = (_("Pick a card from your hand, then floor cards or a house.") if v["floor"]["loose"] or v["floor"]["houses"]
                   else _("Pick a card from your hand."))
            return f'<div class="panel move-panel" aria-label="{esc(_("your move"))}"><p class="panel-title">{esc(sel)}</p></div>'
        offers = self.current_offers(game, seat)
        self.offers = offers
        what = [_sym(self.card)] + [_sym(x) for x in self.loose] + [_("{n}-house").format(n=h) for h in self.houses]
        title = _("With {cards}").format(cards=" + ".join(what))
        items = []
        for i, a in enumerate(offers):
            items.append(button(esc(self.action_words(a)), f"ui:do:{i}", key=f"do:{a}",
                                cls="btn offer" + (" hinted" if a == self.hinted else ""),
                                shortcut=str(i + 1) if i < 9 else None))
        refused = self.refused(game, offers)
        why = "".join(f'<li class="why"><span class="why-move">{esc(_("{move}:").format(move=self.action_words(a) if a else _("That")))}</span> '
                      f'<span class="why-reason">{esc(r)}</span></li>' for a, r in refused)
        if not offers and not refused:
            why = f'<li class="why"><span class="why-reason">{esc(_("that selection is no move: pick cards that add up, or a house"))}</span></li>'
        ask = ""
        if self.more:
            ask = ('<span class="ask muted small">' + esc(ngettext(
                "{n} more move with {card}: tap the floor cards or the house to use.",
                "{n} more moves with {card}: tap the floor cards or the house to use.", self.more).format(
                n=self.more, card=_sym(self.card))) + '</span>')
        elif len(offers) > 1:
            ask = f'<span class="ask muted small">{esc(_("Several moves: which one?"))}</span>'
        elif not offers:
            ask = f'<span class="ask muted small">{esc(_("No legal move with this selection."))}</span>'
        return (f'<div class="panel move-panel" aria-label="{esc(_("your move"))}">'
                f'<div class="panel-head"><p class="panel-title">{esc(title)}{ask}</p>'
                + button(esc(_("Clear")), "ui:clear", cls="btn ghost small", key="clear") + "</div>"
                + (f'<div class="offers">{"".join(items)}</div>' if items else "")
                + (f'<ul class="refused" aria-label="{esc(_("not allowed"))}">{why}</ul>' if why else "")
                + "</div>")

    def my_hand(self, v: dict, seat: str, my_turn: bool) -> str:
        picking = my_turn and v["phase"] == "play"
        cards = "".join(card_face(_card(t), act=f"ui:hand:{t}", playable=picking,
                                  selected=(t == self.card) if picking else None) for t in v["hand"])
        team = v["team"]
        letter = self.letter(team)
        info = f'<span class="name">{esc(self.names[seat])}</span>'
        if not self.two:
            info += (f'<span class="team-tag team-{letter.lower()}" title="{esc(self.team_name(team))}">{letter}</span>'
                     f'<span class="partner">{esc(_("with {name}").format(name=as_object(self, SEATS[(SEATS.index(seat) + 2) % 4])))}</span>')
        info += (''
                + (f'<span class="role role-dealer">{esc(_("Dealer"))}</span>' if v["dealer"] == seat else "")
                + ('<span class="role role-bidder">' + esc(_("Bid {n}").format(n=v["bid"]) if v["bid"] else _("Bidder")) + "</span>"
                   if v["bidder"] == seat else ""))
        owned = [h["value"] for h in v["floor"]["houses"] if seat in h["owners"]]
        if owned:
            note = esc(ngettext(
                "you own {houses}: keep a card of its value", "you own {houses}: keep a card of each value", len(owned)).format(
                houses=join_words([_("the {n}-house").format(n=h) for h in owned])))
            # cut with an ellipsis on a phone held sideways: the title reads it whole
            info += f'<span class="own-note" title="{note}">{note}</span>'
        return (f'<div class="my-hand{" turn" if my_turn else ""}">'
                f'<div class="my-info">{info}</div>'
                + card_group(cards, _("Your cards, {n}").format(n=len(v["hand"])) if v["hand"] else _("Your cards"))
                + "</div>")

    # ---- panels -------------------------------------------------------------------------------------
    def split_points(self, v: dict, h: dict, t: str) -> tuple[int, int]:
        """(card points, majority bonus) of side ``t`` in hand entry ``h`` (``v``: a view, for the
        options: under the house rule ``majority_tie: split`` a 26–26 tie gives 2 to each)."""
        other = self.sides[1 - self.sides.index(t)]
        bonus = 0
        if "totals" in h and h["cards"][t] > h["cards"][other]:
            bonus = 4
        elif "totals" in h and h["cards"][t] == h["cards"][other] and v["options"].get("majority_tie") == "split":
            bonus = 2
        return h["points"][t] - bonus, bonus

    def team_head(self, team: str) -> str:
        """'Team A' over its players' names, for a narrow column head or row head (with two
        players, the player's name)."""
        if self.two:
            return f'<span class="team-head">{esc(self.name_of(team))}</span>'
        a, b = team[:2], team[2:]
        return (f'<span class="team-head">{self.team_short(team)}</span>'
                f'<span class="team-names">{esc(self.names[a])} &amp; {esc(self.names[b])}</span>')

    def sheet_html(self, v: dict) -> str:
        """The score sheet: one row per hand, each team's hand score over its details (cards,
        card points, sweeps), so it fits a 320 px screen without a sideways scroll."""
        pagat = "totals" not in v["scores"]
        sides = self.sides
        head = "".join(f'<th scope="col">{self.team_head(t)}</th>' for t in sides)
        rows = []
        for h in v["history"]:
            cells = []
            for t in sides:
                pts, bonus = self.split_points(v, h, t)
                sweeps = sum(h["sweeps"][t])
                detail = esc(ngettext("{n} card", "{n} cards", h["cards"][t]).format(n=h["cards"][t]) + " · "
                             + _("{n} pts").format(n=pts) + (f" +{bonus}" if bonus else "")
                             + (" · " + _("sweeps {n}").format(n=sweeps) if sweeps else ""))
                cells.append(f'<td class="pts"><b>{h["score"][t]}</b><small class="detail">{detail}</small></td>')
            if pagat:
                extra = f'<td class="pts">{signed(h["lead"], plus=True)}' + (
                    f'<small class="detail">{esc(_("baazi {side}").format(side=self.baazi_mark(h["baazi"]["team"])))}</small>' if h.get("baazi") else "") + "</td>"
            else:
                extra = f'<td class="pts">{h["totals"][sides[0]]}–{h["totals"][sides[1]]}</td>'
            rows.append(f'<tr><th scope="row">{h["hand"] + 1}<small class="detail">{esc(_("bid {n}").format(n=h["bid"]))}</small></th>{"".join(cells)}{extra}</tr>')
        last_head = esc(_("Lead ({side})").format(side="A" if not self.two else self.name_of(sides[0])) if pagat else _("Totals"))
        body = "".join(rows) or f'<tr><td colspan="4" class="muted">{esc(_("No hand finished yet."))}</td></tr>'
        note = (_("Points: spades their value, other aces 1, 10♦ 6. 100 ahead wins a baazi; under 9 in a hand loses one.")
                if pagat else _("Points: spades their value, other aces 1, 10♦ 2; +4 for more cards. Sweeps 50."))
        rules = options_note(v["options"])
        rules_html = f'<p class="rules-note"><b>{esc(rules)}</b></p>' if rules else ""
        return sheet(esc(_("Score sheet")),
                     f'{rules_html}<p class="muted small">{self.score_line(v)}</p><table>'
                     f'<thead><tr><th scope="col">{esc(_("Hand"))}</th>{head}<th scope="col">{last_head}</th></tr></thead>'
                     f'<tbody>{body}</tbody></table><p class="muted small">{esc(note)}</p>'
                     + rules_section(rules_lines(v["options"])),
                     "ui:panel:sheet", "sheet")

    def hand_summary_html(self, game, entry: dict) -> str:
        """The end-of-hand table: one row per team, narrow enough for a 320 px screen."""
        v = game.view(self.seats[0])
        sides = self.sides
        rows = []
        for t in sides:
            pts, bonus = self.split_points(v, entry, t)
            sweeps = entry["sweeps"][t]
            sw = (f'{sum(sweeps)}<small class="detail"><span aria-hidden="true">×</span>{len(sweeps)}'
                  f'<span class="visually-hidden"> {esc(ngettext("sweep", "sweeps", len(sweeps)))}</span></small>'
                  if sweeps else "—")
            rows.append(f'<tr data-team="{t}"><th scope="row">{self.team_head(t)}</th><td>{entry["cards"][t]}</td>'
                        f'<td>{pts}</td><td>{"+" + str(bonus) if bonus else "—"}</td><td>{sw}</td>'
                        f'<td class="pts">{entry["score"][t]}</td></tr>')
        left = entry["leftover"]
        if left["cards"] and left["team"]:
            lo = '<p class="leftover">' + esc(ngettext(
                "The {n} card left on the floor went to {side}, who captured last.",
                "The {n} cards left on the floor went to {side}, who captured last.", left["cards"]).format(
                n=left["cards"], side=self.team_name(left["team"]))) + '</p>'
        elif left["cards"]:
            lo = '<p class="leftover">' + esc(ngettext(
                "Nobody captured: the {n} card left on the floor scores for nobody.",
                "Nobody captured: the {n} cards left on the floor score for nobody.", left["cards"]).format(
                n=left["cards"])) + '</p>'
        else:
            lo = f'<p class="leftover">{esc(_("The floor was empty at the end."))}</p>'
        if "totals" in entry:
            tot = " · ".join(f"{self.team_short(t)} {entry['totals'][t]}" for t in sides)
            foot = '<p class="totals-line">' + esc(_("Totals: {totals} (to {n})").format(
                totals=tot, n=v["options"].get("target", 500))) + '</p>'
        else:
            b = entry.get("baazi")
            if not b:
                bz = ""
            elif b["reason"] == "lead":
                bz = _("{side} wins a baazi (a 100-point lead).").format(side=self.team_name(b["team"])) + " "
            elif self.two:
                bz = _("{side} wins a baazi (the other scored under 9).").format(side=self.team_name(b["team"])) + " "
            else:
                bz = _("{side} wins a baazi (the others scored under 9).").format(side=self.team_name(b["team"])) + " "
            lead = entry["lead"]
            level = _("The players are level.") if self.two else _("The teams are level.")
            lt = level if lead == 0 else _("{side} leads by {n}.").format(
                side=self.team_short(sides[0] if lead > 0 else sides[1]), n=abs(lead))
            baazis = " · ".join(f"{self.team_short(t)} {entry['baazis'][t]}" for t in sides)
            foot = f'<p class="totals-line">{esc(bz + lt)} {esc(_("Baazis: {list}.").format(list=baazis))}</p>'
        rules = options_note(v["options"])
        if rules:
            foot += f'<p class="rules-note muted small">{esc(rules)}</p>'
        return (f'<table class="summary seep-summary"><thead><tr><th scope="col"><span class="visually-hidden">{esc(_("player") if self.two else _("team"))}</span></th>'
                f'<th scope="col">{esc(_("cards"))}</th><th scope="col" title="{esc(_("card points"))}">{esc(_("pts"))}</th>'
                f'<th scope="col" title="{esc(_("majority of cards"))}">+4</th>'
                f'<th scope="col">{esc(_("sweeps"))}</th><th scope="col">{esc(_("hand"))}</th></tr></thead>'
                f'<tbody>{"".join(rows)}</tbody></table>{lo}{foot}')

    def game_over_html(self, game) -> str:
        """Who won, and the final scores (plain text marks: no emoji font needed)."""
        v = game.view(self.seats[0])
        w = v["winner"]
        sc = v["scores"]
        if "totals" in sc:
            detail = " · ".join(f"{esc(self.team_name(t))} <b>{sc['totals'][t]}</b>" for t in self.sides)
        else:
            detail = esc(_("Baazis:")) + " " + " · ".join(f"{esc(self.team_name(t))} <b>{sc['baazis'][t]}</b>" for t in self.sides)
        wins = (_("You win!") if w == self.you else _("{name} wins!").format(name=self.team_name(w))) if w else _("Nobody wins!")
        played = ngettext("{n} hand played.", "{n} hands played.", len(v["history"])).format(n=len(v["history"]))
        return (f'<p class="winner"><span class="winner-mark" aria-hidden="true">★</span> '
                f'{esc(wins)}</p><p>{detail}</p>'
                f'<p class="muted small">{esc(played)}</p>')

    # ---- the game log in words ------------------------------------------------------------------------
    def describe(self, action: str, actor: str, before: dict, after: dict, game) -> str:
        """The move ``action`` of ``actor`` in words, for the log (``before``/``after``: the
        actor's views around it).  The app calls it after every move it applies, so it also keeps
        the cards of a captured house for the next render (``taken_house``)."""
        name = self.names.get(actor, actor)
        me = actor == self.you   # the one person against computers: "You throw 8♦", not "You throws"
        w = action.split()
        verb = w[0]
        if verb == "bid":
            return (_("You bid {n}") if me else _("{name} bids {n}")).format(name=name, n=w[1])
        if verb == "redeal":
            return (_("You have no card of 9 or more: the cards are thrown in and dealt again") if me else
                    _("{name} has no card of 9 or more: the cards are thrown in and dealt again")).format(name=name)
        if verb == "throw":
            text = (_("You throw {card}") if me else _("{name} throws {card}")).format(name=name, card=_sym(w[1]))
        elif verb == "capture":
            c, rest = w[1], w[2:]
            val = _card(c).value
            had_house = any(h["value"] == val for h in before["floor"]["houses"])
            # kept for last_play(): the view after this move no longer shows the house's cards
            self.taken_house = (game.action_count, next((h["cards"] for h in before["floor"]["houses"]
                                                         if h["value"] == val), []))
            took = []
            if had_house:
                took.append(_("the {n}-house").format(n=val))
            if rest:
                took.append(" ".join(_sym(x) for x in rest))
            text = (_("You capture {cards} with {card}") if me else _("{name} captures {cards} with {card}")).format(
                name=name, cards=join_words(took), card=_sym(c))
        elif verb == "build":
            t, c, rest = int(w[1]), w[2], w[3:]
            text = (_("You build {house}: {card} on {cards}") if me else _("{name} builds {house}: {card} on {cards}")).format(
                name=name, house=a_house(t), card=_sym(c), cards=' '.join(_sym(x) for x in rest))
        elif verb == "raise":
            h, c = int(w[1]), w[2]
            text = (_("You raise the {n}-house to {m} with {card}") if me else
                    _("{name} raises the {n}-house to {m} with {card}")).format(name=name, n=h, m=h + _card(c).value, card=_sym(c))
        elif verb == "cement":
            h, c, rest = int(w[1]), w[2], w[3:]
            if me:
                text = _("You cement the {n}-house with {card} and {cards}") if rest else _("You cement the {n}-house with {card}")
            else:
                text = (_("{name} cements the {n}-house with {card} and {cards}") if rest else
                        _("{name} cements the {n}-house with {card}"))
            text = text.format(name=name, n=h, card=_sym(c), cards=' '.join(_sym(x) for x in rest))
        else:
            return f"{name}: {action}"
        team = self.side_of(actor)
        same_hand = after["hand_number"] == before["hand_number"] and not after["history"][len(before["history"]):]
        sweeps_after = after["sweeps"][team] if same_hand else after["history"][-1]["sweeps"][team]
        if len(sweeps_after) > len(before["sweeps"][team]):
            text += _(" — a sweep! +{n}").format(n=sweeps_after[-1])
        if same_hand and self.two and self.plays(after) == 24:
            text += _(SECOND_HALF)
        if not same_hand:
            h = after["history"][-1]
            text += _(". Hand over: ") + ", ".join(f"{self.team_short(t)} {h['score'][t]}" for t in self.sides)
        return text
