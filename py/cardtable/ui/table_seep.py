"""The Seep table: renders one seat's view and turns taps into engine actions.

Pure Python (no browser import): ``Table.render(game, seat, app)`` builds the HTML from
``game.view(seat)`` only, so a card the seat may not see cannot reach the page.  The one other
thing it asks the engine is about the *viewer's own* possible moves (``actions_using``,
``check``), and only when it is the viewer's turn.

Seats: the viewer at the bottom.  Play passes to the right (counter-clockwise): the next player
in play order sits on the viewer's right, the partner opposite, the previous player on the left.

Composing a move: tap a hand card (``ui:hand:<card>``), then loose floor cards
(``ui:floor:<card>``) and/or a house (``ui:house:<value>``).  The table lists what that
selection would do: the legal actions as buttons (``ui:do:<i>``), and the moves it would be but
the rules forbid, each with the engine's reason.  ``ui:clear`` drops the selection.
"""

from __future__ import annotations

from typing import Optional

from ..cards import Card
from .markup import backs, button, card_face, esc, join_words, log_panel, plural, table_topbar

POSITIONS = ("bottom", "right", "top", "left")   # viewer, next in play order, partner, previous
SEATS = ("p0", "p1", "p2", "p3")
TEAMS = ("p0p2", "p1p3")
TEAM_LETTER = {"p0p2": "A", "p1p3": "B"}
VALUE_WORDS = {1: "Ace", 11: "Jack", 12: "Queen", 13: "King"}


def _card(text: str) -> Card:
    return Card.parse(text)


def _sym(text: str) -> str:
    return _card(text).symbol


def team_of(seat: str) -> str:
    return TEAMS[SEATS.index(seat) % 2]


def value_word(v: int) -> str:
    return VALUE_WORDS.get(v, str(v))


def a_house(v: int) -> str:
    return f"{'an' if v in (8, 11) else 'a'} {v}-house"


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
        self.names = dict(zip(self.seats, (game.to_record().get("players") or list(self.seats))))
        self.card: Optional[str] = None        # the hand card picked
        self.loose: list[str] = []             # loose floor cards picked, in the order tapped
        self.houses: list[int] = []            # house values picked
        self.offers: list[str] = []            # the legal actions offered at the last render
        self.panel: Optional[str] = None       # "sheet" | "log" | None

    # ---- names ----------------------------------------------------------------------------------
    def name_of(self, seat: str) -> str:
        return self.names.get(seat, seat)

    def team_name(self, team: str) -> str:
        a, b = team[:2], team[2:]
        return f"Team {TEAM_LETTER[team]} ({self.names[a]} & {self.names[b]})"

    def team_short(self, team: str) -> str:
        return f"Team {TEAM_LETTER[team]}"

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

    # ---- move composition ---------------------------------------------------------------------------
    def selection(self) -> list:
        return list(self.loose) + list(self.houses)

    def current_offers(self, game, seat: str) -> list[str]:
        """The legal actions for the current selection (the viewer must be the one to act)."""
        v = game.view(seat)
        if v["phase"] != "play" or v["to_act"] != seat or self.card is None or self.card not in v["hand"]:
            return []
        if not self.loose and not self.houses:
            return [a for a in v["legal"] if a.split()[1:2] == [self.card] or
                    (a.split()[0] in ("build", "cement", "raise") and a.split()[2] == self.card)]
        return game.actions_using(self.card, self.selection())

    def refused(self, game, offers: list[str]) -> list[tuple[str, str]]:
        """What the selection would mean but the rules forbid: (action, reason) pairs."""
        if self.card is None:
            return []
        if len(self.houses) > 1:
            return [("", "pick one house at most: a card plays onto or takes a single house")]
        out = []
        canon = set(offers)
        for a in candidate_actions(self.card, self.loose, self.houses):
            reason = game.check(a)
            if reason and a not in canon:
                out.append((a, reason))
        return out

    def action_words(self, action: str) -> str:
        """A legal action as the button says it: 'Capture 5♦ 6♠ with J♣', 'Build 12: 9♠ on 3♥'."""
        w = action.split()
        verb = w[0]
        if verb == "throw":
            return f"Throw {_sym(w[1])} loose"
        if verb == "capture":
            c, rest = w[1], w[2:]
            v = _card(c).value
            took = [_sym(x) for x in rest]
            return f"Capture {' '.join(took) if took else 'the ' + str(v) + '-house'} with {_sym(c)}"
        if verb == "build":
            t, c, rest = int(w[1]), w[2], w[3:]
            return f"Build {t}: {_sym(c)} on {' '.join(_sym(x) for x in rest)}"
        if verb == "raise":
            h, c = int(w[1]), w[2]
            return f"Raise the {h}-house to {h + _card(c).value} with {_sym(c)}"
        if verb == "cement":
            h, c, rest = int(w[1]), w[2], w[3:]
            extra = f" and {' '.join(_sym(x) for x in rest)}" if rest else ""
            return f"Cement the {h}-house with {_sym(c)}{extra}"
        if verb == "bid":
            return f"Bid {w[1]}"
        return action

    # ---- the table --------------------------------------------------------------------------------
    def layout(self, seat: str) -> dict[str, str]:
        i = SEATS.index(seat)
        return {pos: SEATS[(i + k) % 4] for k, pos in enumerate(POSITIONS)}

    def render(self, game, seat: str, app) -> str:
        v = game.view(seat)
        my_turn = v["to_act"] == seat and not app.handoff_to and app.controllers.get(seat) == "human"
        if not my_turn or v["phase"] != "play":
            self.card = None if not my_turn else self.card
        if self.card is not None and self.card not in v["hand"]:
            self.clear()
        floor_loose = set(v["floor"]["loose"])
        floor_houses = {h["value"] for h in v["floor"]["houses"]}
        self.loose = [c for c in self.loose if c in floor_loose]
        self.houses = [h for h in self.houses if h in floor_houses]
        where = self.layout(seat)
        parts = [f'<section class="table seep phase-{v["phase"]}" data-viewer="{esc(seat)}">']
        parts.append(self.topbar(v))
        if app.banner:
            parts.append(f'<p class="banner" role="alert">{esc(app.banner)}</p>')
        parts.append('<div class="felt seep-felt">')
        for pos in ("top", "left", "right"):
            parts.append(self.seat_box(v, where[pos], pos))
        parts.append(self.floor_html(v, my_turn))
        parts.append("</div>")
        parts.append(self.piles_html(v))
        parts.append(self.status(v, seat, app, my_turn))
        if app.error and my_turn:
            parts.append(f'<p class="error move-error" role="alert">{esc(app.error)}</p>')
        if my_turn and v["phase"] == "bid":
            parts.append(self.bid_panel(v))
        parts.append(self.my_hand(v, seat, my_turn))
        if my_turn and v["phase"] == "play":
            parts.append(self.move_panel(game, v, seat))
        if self.panel == "sheet":
            parts.append(self.sheet_html(v))
        elif self.panel == "log":
            parts.append(log_panel(app.log))
        parts.append("</section>")
        return "".join(parts)

    def score_line(self, v: dict) -> str:
        sc = v["scores"]
        if "totals" in sc:
            return " · ".join(f'{self.team_short(t)} <b>{sc["totals"][t]}</b>' for t in TEAMS) + \
                f' <span class="muted">(to {sc["target"]})</span>'
        lead = sc["lead"]
        lead_txt = "level" if lead == 0 else f'{self.team_short(TEAMS[0] if lead > 0 else TEAMS[1])} leads by {abs(lead)}'
        baazis = "–".join(str(sc["baazis"][t]) for t in TEAMS)
        return f'{lead_txt} · baazis A–B <b>{baazis}</b> <span class="muted">(to {sc["baazis_to_win"]})</span>'

    def topbar(self, v: dict) -> str:
        return table_topbar("Seep", self.score_line(v), self.panel)

    def seat_box(self, v: dict, s: str, pos: str) -> str:
        turn = v["to_act"] == s and not v["over"]
        team = team_of(s)
        cls = f"seat pos-{pos} team-{TEAM_LETTER[team].lower()}" + (" turn" if turn else "")
        marks = ""
        if v["dealer"] == s:
            marks += '<span class="role role-dealer">Dealer</span>'
        if v["bidder"] == s:
            marks += '<span class="role role-bidder">Bidder' + (f' {v["bid"]}' if v["bid"] else "") + "</span>"
        where = {"top": "partner" if team == v["team"] else "", "left": "", "right": ""}.get(pos, "")
        n = v["hand_counts"][s]
        head = (f'<div class="seat-head"><span class="name">{esc(self.name_of(s))}</span>'
                f'<span class="team-tag team-{TEAM_LETTER[team].lower()}" title="{esc(self.team_name(team))}">{TEAM_LETTER[team]}</span>'
                + (f'<span class="muted small">{where}</span>' if where else "")
                + marks + "</div>")
        body = backs(n, f"{self.name_of(s)}: {plural(n, 'card')}") + f'<span class="count">{n}</span>'
        label = f"{self.name_of(s)}, team {TEAM_LETTER[team]}" + (", to play" if turn else "")
        return f'<div class="{cls}" aria-label="{esc(label)}">{head}<div class="seat-body">{body}</div></div>'

    def owners_text(self, owners: list[str]) -> str:
        return join_words([self.name_of(o) for o in owners])

    def floor_html(self, v: dict, my_turn: bool) -> str:
        picking = my_turn and v["phase"] == "play"
        fl = v["floor"]
        houses = []
        for h in sorted(fl["houses"], key=lambda h: h["value"]):
            val = h["value"]
            cards = "".join(card_face(_card(t), small=True, label_suffix=f", in the {val}-house") for t in h["cards"])
            kind = "cemented" if h["cemented"] else "ordinary"
            owners = self.owners_text(h["owners"])
            label = f"{val}-house, {kind}, owned by {owners}"
            inner = (f'<span class="house-head"><span class="house-value">{val}</span>'
                     f'<span class="house-kind {kind}">{"cemented" if h["cemented"] else "ordinary"}</span></span>'
                     f'<span class="house-cards">{cards}</span>'
                     f'<span class="house-owners">{esc(owners)}</span>')
            hcls = f"house {kind}" + "".join(f" owner-{TEAM_LETTER[team_of(o)].lower()}" for o in h["owners"][:1])
            if picking:
                sel = val in self.houses
                houses.append(f'<button type="button" class="{hcls}{" selected" if sel else ""}" data-act="ui:house:{val}" '
                              f'data-key="house:{val}" data-house="{val}" aria-pressed="{"true" if sel else "false"}" '
                              f'aria-label="{esc(label)}">{inner}</button>')
            else:
                houses.append(f'<div class="{hcls}" data-house="{val}" role="group" aria-label="{esc(label)}">{inner}</div>')
        loose = []
        for t in fl["loose"]:
            if picking:
                sel = t in self.loose
                loose.append(card_face(_card(t), act=f"ui:floor:{t}", playable=True, selected=sel,
                                       extra_cls="loose", label_suffix=" on the floor"))
            else:
                loose.append(card_face(_card(t), extra_cls="loose", label_suffix=" on the floor"))
        if not houses and not loose:
            body = '<p class="floor-empty muted">The floor is empty.</p>'
        else:
            body = (f'<div class="houses">{"".join(houses)}</div>' if houses else "") + \
                   f'<div class="loose-cards">{"".join(loose)}</div>'
        cap = f'Hand {v["hand_number"]} · dealer {esc(self.name_of(v["dealer"]))}'
        if v["bid"]:
            cap += f' · {esc(self.name_of(v["bidder"]))} bid <b>{v["bid"]}</b>'
        return f'<div class="floor" role="region" aria-label="the floor"><p class="floor-caption">{cap}</p>{body}</div>'

    def piles_html(self, v: dict) -> str:
        out = []
        for t in TEAMS:
            sweeps = v["sweeps"][t]
            sw = "".join(f'<span class="sweep-mark" title="sweep">Sweep +{p}</span>' for p in sweeps)
            last = v["last_capturer"]
            lc = ' <span class="muted small">· last capture</span>' if last and team_of(last) == t else ""
            out.append(f'<div class="pile team-{TEAM_LETTER[t].lower()}{" mine" if t == v["team"] else ""}">'
                       f'<span class="pile-name">{esc(self.team_name(t))}</span>'
                       f'<span class="pile-count" aria-label="{plural(v["captured"][t], "card")} captured">'
                       f'<span class="card back small" aria-hidden="true"></span><b>{v["captured"][t]}</b></span>{lc}{sw}</div>')
        return f'<div class="piles" aria-label="captured piles">{"".join(out)}</div>'

    def first_play_text(self, v: dict) -> str:
        bid = v["bid"]
        if v["options"].get("first_play") == "seed":
            return f"Your first play: build {bid} on one floor card (or, if you cannot, throw a card)."
        return f"Your first play: build {a_house(bid)}, capture with a {value_word(bid)} or throw a {value_word(bid)}."

    def status(self, v: dict, seat: str, app, my_turn: bool) -> str:
        first = v["phase"] == "play" and not any(e["action"].split()[0] not in ("bid", "redeal") for e in v["log"])
        if v["over"]:
            w = v["winner"]
            text = f"Game over — {self.team_name(w)} wins." if w else "Game over."
        elif my_turn:
            if v["phase"] == "bid":
                text = "Your bid." if v["legal"] != ["redeal"] else "You have no card of 9 or more."
            elif first:
                text = self.first_play_text(v)
            elif self.card is None:
                text = "Your turn — pick a card from your hand."
            else:
                text = f"{_sym(self.card)}: now pick floor cards or a house, or choose a move below."
        else:
            who = v["to_act"]
            kind = app.controllers.get(who, "human")
            doing = "bidding" if v["phase"] == "bid" else "playing"
            text = f"{self.name_of(who)} is {doing}" + ("…" if kind == "human" else " (computer)…")
        last = f'<span class="last-log">{esc(app.log[-1])}</span>' if app.log else ""
        shown = ""
        for e in v["log"]:
            if e["action"] == "redeal" and e.get("shown"):
                cards = "".join(card_face(_card(t), small=True) for t in e["shown"])
                shown = (f'<div class="redeal-note"><span>{esc(self.name_of(e["seat"]))} had no card of 9 or more; '
                         f'these were thrown in and the cards dealt again:</span><span class="shown">{cards}</span></div>')
        return f'<div class="status" role="status" aria-live="polite"><strong>{esc(text)}</strong>{last}{shown}</div>'

    def bid_panel(self, v: dict) -> str:
        if v["legal"] == ["redeal"]:
            return ('<div class="panel bid-panel redeal-panel" aria-label="bidding"><p class="panel-title">No card of 9 or more</p>'
                    '<p>You hold no 9, 10, Jack, Queen or King among your first four cards, so you cannot bid: '
                    'show them, and the same dealer deals again.</p>'
                    + button("Show my cards and redeal", "move:redeal", cls="btn big", key="redeal") + "</div>")
        bids = "".join(button(f"Bid {a.split()[1]}<span class=\"sub\">{value_word(int(a.split()[1]))}</span>",
                              f"move:{a}", cls="btn chip bid-chip", key=a) for a in v["legal"] if a.startswith("bid "))
        return ('<div class="panel bid-panel" aria-label="bidding"><p class="panel-title">Name the house you will build first</p>'
                '<p class="muted small">You can bid the value of a card you hold, 9 to 13.</p>'
                f'<div class="bid-chips">{bids}</div></div>')

    def move_panel(self, game, v: dict, seat: str) -> str:
        if self.card is None:
            self.offers = []
            sel = "Pick a card from your hand" + (", then floor cards or a house." if v["floor"]["loose"] or v["floor"]["houses"] else ".")
            return f'<div class="panel move-panel" aria-label="your move"><p class="panel-title">{esc(sel)}</p></div>'
        offers = self.current_offers(game, seat)
        self.offers = offers
        what = [_sym(self.card)] + [_sym(x) for x in self.loose] + [f"{h}-house" for h in self.houses]
        title = "With " + " + ".join(what)
        items = []
        for i, a in enumerate(offers):
            items.append(button(esc(self.action_words(a)), f"ui:do:{i}", cls="btn offer", key=f"do:{a}"))
        refused = self.refused(game, offers)
        why = "".join(f'<li class="why"><span class="why-move">{esc(self.action_words(a)) if a else "That"}:</span> '
                      f'<span class="why-reason">{esc(r)}</span></li>' for a, r in refused)
        if not offers and not refused:
            why = '<li class="why"><span class="why-reason">that selection is no move: pick cards that add up, or a house</span></li>'
        ask = ""
        if len(offers) > 1:
            ask = '<p class="muted small">This selection allows several moves: which one?</p>'
        elif not offers:
            ask = '<p class="muted small">No legal move with this selection.</p>'
        return ('<div class="panel move-panel" aria-label="your move">'
                f'<p class="panel-title">{esc(title)}</p>{ask}'
                + (f'<div class="offers">{"".join(items)}</div>' if items else "")
                + (f'<ul class="refused" aria-label="not allowed">{why}</ul>' if why else "")
                + button("Clear", "ui:clear", cls="btn ghost small", key="clear") + "</div>")

    def my_hand(self, v: dict, seat: str, my_turn: bool) -> str:
        picking = my_turn and v["phase"] == "play"
        cards = "".join(card_face(_card(t), act=f"ui:hand:{t}", playable=picking,
                                  selected=(t == self.card) if picking else None) for t in v["hand"])
        team = v["team"]
        info = (f'{esc(self.names[seat])} · {esc(self.team_name(team))}'
                + (" · Dealer" if v["dealer"] == seat else "")
                + (" · Bidder" + (f' {v["bid"]}' if v["bid"] else "") if v["bidder"] == seat else ""))
        owned = [h["value"] for h in v["floor"]["houses"] if seat in h["owners"]]
        if owned:
            info += " · you own the " + join_words([f"{h}-house" for h in owned]) + ": keep a card of its value"
        return (f'<div class="my-hand{" turn" if my_turn else ""}">'
                f'<div class="my-info">{info}</div><div class="hand-cards" aria-label="your cards">{cards}</div></div>')

    # ---- panels -------------------------------------------------------------------------------------
    def split_points(self, v_or_opts: dict, h: dict, t: str) -> tuple[int, int]:
        """(card points, majority bonus) of team ``t`` in hand entry ``h``."""
        other = TEAMS[1 - TEAMS.index(t)]
        bonus = 0
        if "totals" in h and h["cards"][t] > h["cards"][other]:
            bonus = 4
        return h["points"][t] - bonus, bonus

    def sheet_html(self, v: dict) -> str:
        pagat = "totals" not in v["scores"]
        head = "".join(f'<th scope="col" colspan="4">{esc(self.team_name(t))}</th>' for t in TEAMS)
        sub = "".join('<th scope="col">cards</th><th scope="col">points</th><th scope="col">sweeps</th><th scope="col">hand</th>'
                      for _ in TEAMS)
        rows = []
        for h in v["history"]:
            cells = []
            for t in TEAMS:
                pts, bonus = self.split_points(v, h, t)
                cells.append(f'<td>{h["cards"][t]}</td><td class="pts">{pts}' + (f'<small> +{bonus}</small>' if bonus else "")
                             + f'</td><td class="pts">{sum(h["sweeps"][t])}</td><td class="pts"><b>{h["score"][t]}</b></td>')
            extra = ""
            if pagat:
                extra = f'<td class="pts">{h["lead"]:+d}' + (
                    f'<small> baazi {TEAM_LETTER[h["baazi"]["team"]]}</small>' if h.get("baazi") else "") + "</td>"
            else:
                extra = f'<td class="pts">{h["totals"]["p0p2"]}–{h["totals"]["p1p3"]}</td>'
            rows.append(f'<tr><th scope="row">{h["hand"] + 1}<small> bid {h["bid"]}</small></th>{"".join(cells)}{extra}</tr>')
        last_head = "lead (A)" if pagat else "totals A–B"
        body = "".join(rows) or '<tr><td colspan="10" class="muted">No hand finished yet.</td></tr>'
        note = ("Points: spades their value, other aces 1, 10♦ 6. 100 ahead wins a baazi; under 9 in a hand loses one."
                if pagat else "Points: spades their value, other aces 1, 10♦ 2; +4 for more cards. Sweeps 50.")
        return ('<div class="panel sheet" role="region" aria-label="score sheet"><p class="panel-title">Score sheet '
                f'<span class="muted small">· {self.score_line(v)}</span></p><div class="sheet-scroll"><table>'
                f'<thead><tr><th scope="col" rowspan="2">Hand</th>{head}<th scope="col" rowspan="2">{last_head}</th></tr><tr>{sub}</tr></thead>'
                f'<tbody>{body}</tbody></table></div><p class="muted small">{note}</p>'
                + button("Close", "ui:panel:sheet", cls="btn ghost small", key="close-sheet") + "</div>")

    def hand_summary_html(self, game, entry: dict) -> str:
        v = game.view(self.seats[0])
        rows = []
        for t in TEAMS:
            pts, bonus = self.split_points(v, entry, t)
            sweeps = entry["sweeps"][t]
            sw = (" + ".join(str(x) for x in sweeps) if sweeps else "—")
            rows.append(f'<tr data-team="{t}"><th scope="row">{esc(self.team_name(t))}</th><td>{entry["cards"][t]}</td>'
                        f'<td>{pts}</td><td>{"+" + str(bonus) if bonus else "—"}</td><td>{sw}</td>'
                        f'<td class="pts">{entry["score"][t]}</td></tr>')
        left = entry["leftover"]
        if left["cards"] and left["team"]:
            lo = f'<p class="leftover">The {plural(left["cards"], "card")} left on the floor went to {esc(self.team_name(left["team"]))}, who captured last.</p>'
        elif left["cards"]:
            lo = f'<p class="leftover">Nobody captured: the {plural(left["cards"], "card")} left on the floor score for nobody.</p>'
        else:
            lo = '<p class="leftover">The floor was empty at the end.</p>'
        if "totals" in entry:
            tot = " · ".join(f"{self.team_short(t)} {entry['totals'][t]}" for t in TEAMS)
            foot = f'<p class="totals-line">Totals: {tot} (to {v["options"].get("target", 500)})</p>'
        else:
            b = entry.get("baazi")
            bz = f'{self.team_name(b["team"])} wins a baazi ({"a 100-point lead" if b["reason"] == "lead" else "the others scored under 9"}). ' if b else ""
            lead = entry["lead"]
            lt = "The teams are level" if lead == 0 else f'{self.team_short(TEAMS[0] if lead > 0 else TEAMS[1])} leads by {abs(lead)}'
            baazis = " · ".join(f"{self.team_short(t)} {entry['baazis'][t]}" for t in TEAMS)
            foot = f'<p class="totals-line">{esc(bz)}{lt}. Baazis: {baazis}.</p>'
        return ('<table class="summary"><thead><tr><th></th><th>cards</th><th>card points</th><th>majority</th>'
                '<th>sweeps</th><th>hand</th></tr></thead>'
                f'<tbody>{"".join(rows)}</tbody></table>{lo}{foot}')

    def game_over_html(self, game) -> str:
        v = game.view(self.seats[0])
        w = v["winner"]
        sc = v["scores"]
        if "totals" in sc:
            detail = " · ".join(f"{esc(self.team_name(t))} <b>{sc['totals'][t]}</b>" for t in TEAMS)
        else:
            detail = "Baazis: " + " · ".join(f"{esc(self.team_name(t))} <b>{sc['baazis'][t]}</b>" for t in TEAMS)
        return (f'<p class="winner">🏆 {esc(self.team_name(w)) if w else "Nobody"} wins!</p><p>{detail}</p>'
                f'<p class="muted small">{plural(len(v["history"]), "hand")} played.</p>')

    # ---- the game log in words ------------------------------------------------------------------------
    def describe(self, action: str, actor: str, before: dict, after: dict, game) -> str:
        name = self.names.get(actor, actor)
        w = action.split()
        verb = w[0]
        if verb == "bid":
            return f"{name} bids {w[1]}"
        if verb == "redeal":
            return f"{name} has no card of 9 or more: the cards are thrown in and dealt again"
        if verb == "throw":
            text = f"{name} throws {_sym(w[1])}"
        elif verb == "capture":
            c, rest = w[1], w[2:]
            val = _card(c).value
            had_house = any(h["value"] == val for h in before["floor"]["houses"])
            took = []
            if had_house:
                took.append(f"the {val}-house")
            if rest:
                took.append(" ".join(_sym(x) for x in rest))
            text = f"{name} captures {join_words(took)} with {_sym(c)}"
        elif verb == "build":
            t, c, rest = int(w[1]), w[2], w[3:]
            text = f"{name} builds {a_house(t)}: {_sym(c)} on {' '.join(_sym(x) for x in rest)}"
        elif verb == "raise":
            h, c = int(w[1]), w[2]
            text = f"{name} raises the {h}-house to {h + _card(c).value} with {_sym(c)}"
        elif verb == "cement":
            h, c, rest = int(w[1]), w[2], w[3:]
            text = f"{name} cements the {h}-house with {_sym(c)}" + (
                f" and {' '.join(_sym(x) for x in rest)}" if rest else "")
        else:
            return f"{name}: {action}"
        team = team_of(actor)
        same_hand = after["hand_number"] == before["hand_number"] and not after["history"][len(before["history"]):]
        sweeps_after = after["sweeps"][team] if same_hand else after["history"][-1]["sweeps"][team]
        if len(sweeps_after) > len(before["sweeps"][team]):
            text += f" — a sweep! +{sweeps_after[-1]}"
        if not same_hand:
            h = after["history"][-1]
            text += ". Hand over: " + ", ".join(f"{self.team_short(t)} {h['score'][t]}" for t in TEAMS)
        return text
