"""Hint: the strong computer player's choice for a seat, from that seat's view alone.

A hint is a function of the seat's *view* (``game.view(seat)``) and nothing else: the view is
what the rules let the seat see, so a hint can never tell a hidden card.  To make it a function
of the view in fact, not only in spirit, the search is seeded from the view itself (a hash of
its JSON, ``view_seed``) and runs a fixed number of samples (``SAMPLES``) instead of a time
budget: two games that differ only in cards the seat cannot see give the same hint, on any
device, at any speed::

    >>> from cardtable.games.dummy_spades import DummySpades
    >>> g = DummySpades(seed=42)
    >>> h = hint(g.view(g.to_act))
    >>> h.action in g.legal_actions(), h.reason
    (True, 'bid')

The reason is a code and values (``Hint.reason``, ``Hint.values``), read from the view and the
chosen action: "wins the trick with your lowest winner" is ``("win_lowest", {"card": "QH"})``.
The engines and the coach speak in codes; ``cardtable.ui.table.coach`` puts them into words (and
through translation).  Codes:

Dummy Spades
    ``bid`` {tricks}, ``bid_nil`` {tricks, hands}, ``peek`` {slots}, ``flip`` {slots};
    on a lead: ``lead_nil`` (a low card that keeps a nil safe), ``lead_boss`` (the highest card
    left in its suit), ``lead_trump`` (a spade), ``lead_low`` (low from the longest suit),
    ``lead``; following: ``duck_nil`` (stays under the winning card: keeps a nil safe),
    ``cover_nil`` (wins over a partner's nil), ``win_lowest`` (the lowest card that wins it
    now), ``ruff`` (a spade on another suit), ``win``, ``partner_wins`` (lets the partner's card
    win), ``discard`` (nothing of the suit led: a low card thrown away), ``duck``.  Every play
    carries ``card`` and ``hand`` (``"dummy"`` when the card comes from the dummy).

Seep
    ``bid`` {value}, ``redeal``, ``sweep`` {points}, ``capture`` {points, cards, keeps},
    ``build`` {value}, ``cement`` {value}, ``raise`` {value} (the value it raises the house to),
    ``throw`` {card};
    ``keeps`` is the value of a house the seat owns and still holds a card for, else None.

``hint_steps`` is the same search as a generator (``cardtable.bots.think``) for a page that
must not block: it yields every few milliseconds and returns the ``Hint``.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field

from ..bots import think
from ..bots.common import run_steps
from ..cards import Card

SAMPLES = {"dummy-spades": 24, "seep": 12}
"""Samples of the hidden cards the strong player searches for a hint (a fixed number, so the
hint depends on the view only; about as many as it manages in its page budget)."""

__all__ = ["Hint", "hint", "hint_steps", "view_seed", "reason_for", "SAMPLES"]


@dataclass(frozen=True)
class Hint:
    """The suggested action (canonical notation, one of ``view["legal"]``) and why, as a code
    with values for the words (see the module docstring)."""

    action: str
    reason: str
    values: dict = field(default_factory=dict)


def view_seed(view: dict) -> int:
    """A seed made from the view alone (its JSON, keys sorted): the same view, the same seed."""
    text = json.dumps(view, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:6], "big")


def hint_steps(view: dict):
    """``hint`` as a generator: yields between batches of search work, returns the ``Hint``."""
    game = view["game"]
    if not view.get("legal"):
        raise ValueError("this seat has nothing to do now")
    action = yield from think(game, view, "strong", budget=0.0, seed=view_seed(view),
                              samples=SAMPLES.get(game, 16))
    code, values = reason_for(view, action)
    return Hint(action, code, values)


def hint(view: dict) -> Hint:
    """The strong player's choice for the seat of ``view`` (which must be to act), with a reason."""
    return run_steps(hint_steps(view))


def reason_for(view: dict, action: str) -> tuple[str, dict]:
    """Why ``action`` is a good move for the seat of ``view``, as ``(code, values)``; uses what
    the view shows and nothing else."""
    if view["game"] == "dummy-spades":
        return _spades_reason(view, action)
    return _seep_reason(view, action)


# ---- Dummy Spades -------------------------------------------------------------------------------

_ORDER = "23456789TJQKA"


def _rank(card: str) -> int:
    return _ORDER.index(card[0])


def _beats(card: str, best: str, lead: str) -> bool:
    """Whether ``card`` beats ``best`` (the card winning a trick led in suit ``lead``)."""
    if card[1] == best[1]:
        return _rank(card) > _rank(best)
    return card[1] == "S" and best[1] != "S"


def _spades_reason(view: dict, action: str) -> tuple[str, dict]:
    verb, _, rest = action.partition(" ")
    if verb == "bid":
        words = rest.split()
        tricks = int(words[0])
        if len(words) > 2:
            return "bid_nil", {"tricks": tricks, "hands": words[2].split(",")}
        return "bid", {"tricks": tricks}
    if verb in ("peek", "flip"):
        return verb, {"slots": [int(x) for x in rest.split()]}
    card = str(Card.parse(rest))
    hand = view.get("acting_hand") or view["seat"]
    values = {"card": card, "hand": hand}
    seat = view["seat"]
    declarer = view.get("declarer")
    mine = [seat, "dummy"] if seat == declarer else [seat]
    partner = "dummy" if hand == seat and seat == declarer else (
        seat if hand == "dummy" else next((d for d in view.get("defenders") or () if d != seat), None))
    nil_on = set()
    for hands in (view.get("nil_applies") or {}).values():
        nil_on.update(hands or ())
    held = view["dummy"] if hand == "dummy" else view["hand"]
    suit_cards = [c for c in held if c[1] == card[1]]
    trick = view.get("trick") or {}
    plays = trick.get("plays") or []
    if not plays:
        if hand in nil_on:
            return "lead_nil", values
        if _is_boss(view, card):
            return "lead_boss", values
        if card[1] == "S":
            return "lead_trump", values
        longest = max(len([c for c in held if c[1] == s]) for s in "HDC")
        if len(suit_cards) == longest and all(_rank(card) <= _rank(c) for c in suit_cards):
            return "lead_low", values
        return "lead", values
    lead = plays[0]["card"][1]
    best_play = plays[0]
    for p in plays[1:]:
        if _beats(p["card"], best_play["card"], lead):
            best_play = p
    best = best_play["card"]
    wins = _beats(card, best, lead)
    if wins:
        if best_play["hand"] == partner and partner in nil_on:
            return "cover_nil", values
        legal = [c.split()[1] for c in view.get("legal") or ()]
        winners = [c for c in legal if _beats(c, best, lead)]
        if card[1] == "S" and lead != "S":
            return "ruff", values
        if all(_rank(card) <= _rank(c) for c in winners if c[1] == card[1]):
            return "win_lowest", values
        return "win", values
    if hand in nil_on:
        return "duck_nil", values
    if best_play["hand"] in mine or best_play["hand"] == partner:
        return "partner_wins", dict(values, winning=best)
    if card[1] != lead:
        return "discard", values
    return "duck", values


def _is_boss(view: dict, card: str) -> bool:
    """Whether every higher card of ``card``'s suit is played already or in the seat's sight."""
    gone = set(view.get("hand") or ()) | set(view.get("dummy") or ())
    for t in (view.get("tricks") or ()):
        gone.update(p["card"] for p in t["plays"])
    return all(f"{r}{card[1]}" in gone for r in _ORDER[_rank(card) + 1:])


# ---- Seep ----------------------------------------------------------------------------------------

def _seep_reason(view: dict, action: str) -> tuple[str, dict]:
    from ..games.seep import POINTS, VAL

    words = action.split()
    verb = words[0]
    if verb == "bid":
        return "bid", {"value": int(words[1])}
    if verb == "redeal":
        return "redeal", {}
    floor = view.get("floor") or {}
    houses = floor.get("houses") or []
    if verb == "raise":   # raise V C: the V-house becomes V + C
        return "raise", {"value": int(words[1]) + VAL[Card.parse(words[2]).index]}
    if verb in ("build", "cement"):
        return verb, {"value": int(words[1])}
    card = str(Card.parse(words[1]))
    if verb == "throw":
        return "throw", {"card": card}
    preset = (view.get("options") or {}).get("preset", "sweep-seed")
    points = POINTS.get(preset, POINTS["sweep-seed"])
    value = VAL[Card.parse(card).index]
    taken = [card] + words[2:]
    for house in houses:
        if house["value"] == value:
            taken += house["cards"]
    total = sum(points[Card.parse(c).index] for c in taken)
    loose = floor.get("loose") or []
    if len(words) - 2 == len(loose) and all(h["value"] == value for h in houses):
        return "sweep", {"points": total}
    hand = list(view.get("hand") or ())
    hand.remove(card) if card in hand else None
    seat = view["seat"]
    keeps = None
    for house in houses:
        if house["value"] != value and seat in (house.get("owners") or ()) and \
                any(VAL[Card.parse(c).index] == house["value"] for c in hand):
            keeps = house["value"]
    return "capture", {"points": total, "cards": len(taken), "keeps": keeps}
