"""What a screen reader hears after each move: short sentences for the page's polite live region.

Pure Python (no browser import), from the engines' public views only, so it runs and is tested in
CPython.  The app calls ``after_move`` with the acting seat's views before and after a move (the
same pair the log is written from), ``turn`` when it becomes the person's turn, and ``refused``
when the engine refuses a move; web/morph.js puts each sentence in the live region as text.

    >>> card_words("QS"), card_words("TD")
    ('the queen of spades', 'the 10 of diamonds')

Every sentence is written whole, through ``_``/``ngettext``, with named fields filled after
translation (see ``ui/i18n.py``).  A sentence never names a card the other seats may not see:
plays, flips and captures are public; a peek says only which slots were looked at.
"""

from __future__ import annotations

from typing import Optional

from ...cards import Card
from .i18n import N_, _, ngettext
from .markup import signed

RANK_WORDS = {2: N_("2"), 3: N_("3"), 4: N_("4"), 5: N_("5"), 6: N_("6"), 7: N_("7"), 8: N_("8"), 9: N_("9"),
              10: N_("10"), 11: N_("jack"), 12: N_("queen"), 13: N_("king"), 14: N_("ace")}
SUIT_WORDS = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs")}


def card_words(text: str) -> str:
    """A card in the middle of a sentence: 'the queen of spades', 'the 10 of diamonds'."""
    c = Card.parse(text)
    return _("the {rank} of {suit}").format(rank=_(RANK_WORDS[c.rank]), suit=_(SUIT_WORDS[c.suit]))


def cards_words(texts: list[str]) -> str:
    """Several cards in a sentence: 'the 3 of hearts and the 9 of clubs'."""
    words = [card_words(t) for t in texts]
    if len(words) <= 1:
        return "".join(words)
    return _("{first} and {last}").format(first=_(", ").join(words[:-1]), last=words[-1])


def _numbers(ns: list[int]) -> str:
    text = [str(n) for n in ns]
    if len(text) <= 1:
        return "".join(text)
    return _("{first} and {last}").format(first=_(", ").join(text[:-1]), last=text[-1])


def the_one_person(controllers, seats) -> Optional[str]:
    """The seat of the one person in a game against computers (None when several people play, or
    none): the log and the table speak to that person in the second person ("You play 8♦")."""
    controllers = controllers if isinstance(controllers, dict) else {}
    people = [s for s in seats if controllers.get(s, "human") == "human"]
    return people[0] if len(people) == 1 else None


def refused(reason: str) -> str:
    """A move the engine refused, with its reason (the engine's words)."""
    return _("Not allowed: {reason}").format(reason=reason)


# ---- the turn -----------------------------------------------------------------------------------------
def turn(game_name: str, view: dict) -> str:
    """'Your turn — bid', said when it becomes the viewer's turn ("" when it is not)."""
    if view.get("to_act") != view.get("seat") or view.get("over"):
        return ""
    phase = view.get("phase")
    if phase == "bid":
        return _("Your turn — bid.")
    if phase == "peek":
        return _("Your turn — choose dummy cards to peek at.")
    if phase == "flip":
        return _("Your turn — choose dummy cards to turn up.")
    if game_name == "dummy-spades" and view.get("acting_hand") == "dummy":
        return _("Your turn — play a card from the dummy.")
    if game_name == "seep":
        return _("Your turn — pick a card from your hand, then floor cards or a house.")
    return _("Your turn — play a card.")


# ---- after a move -------------------------------------------------------------------------------------
def after_move(game_name: str, table, action: str, actor: str, before: dict, after: dict,
               you: Optional[str] = None) -> list[str]:
    """The sentences saying what ``actor``'s ``action`` did and what followed (a trick won, a
    sweep, the end of a hand or of the game).  ``table`` gives the players' names; ``you`` is the
    seat of the one person at the device (against the computer), whose moves are said "You play"."""
    if game_name == "dummy-spades":
        out = _spades(table, action, actor, before, after, you)
    elif game_name == "seep":
        out = _seep(table, action, actor, before, after, you)
    else:
        out = []
    if after.get("over"):
        out.append(_game_over(game_name, table, after))
    return out


def _game_over(game_name: str, table, after: dict) -> str:
    w = after.get("winner")
    if not w:
        return _("Game over.")
    name = table.team_name(w) if game_name == "seep" else table.name_of(w)
    return _("Game over: {winner} wins.").format(winner=name)


def _spades(table, action: str, actor: str, before: dict, after: dict, you: Optional[str]) -> list[str]:
    name = table.name_of(actor)
    me = actor == you
    words = action.split()
    verb = words[0]
    if verb == "bid":
        n = int(words[1])
        if len(words) > 3:
            targets = words[3].split(",")
            named = [_("your own hand") if t == actor and me else (_("the dummy") if t == "dummy" else table.name_of(t))
                     for t in targets]
            nils = named[0] if len(named) == 1 else _("{first} and {last}").format(
                first=_(", ").join(named[:-1]), last=named[-1])
            if me:
                return [_("You bid {n}, nil on {nils}.").format(n=n, nils=nils)]
            return [_("{player} bids {n}, nil on {nils}.").format(player=name, n=n, nils=nils)]
        return [_("You bid {n}.").format(n=n) if me else _("{player} bids {n}.").format(player=name, n=n)]
    if verb == "peek":
        slots = [int(w) for w in words[1:]]
        return [(ngettext("You peek at dummy slot {slots}.", "You peek at dummy slots {slots}.", len(slots)) if me else
                 ngettext("{player} peeks at dummy slot {slots}.", "{player} peeks at dummy slots {slots}.", len(slots))).format(
                     player=name, slots=_numbers(slots))]
    if verb == "flip":
        slots = [int(w) for w in words[1:]]
        seen = [after["dummy_slots"][s - 1] for s in slots if after.get("dummy_slots") and after["dummy_slots"][s - 1]]
        said = (ngettext("You turn up dummy slot {slots}", "You turn up dummy slots {slots}", len(slots)) if me else
                ngettext("{player} turns up dummy slot {slots}", "{player} turns up dummy slots {slots}", len(slots))).format(
                    player=name, slots=_numbers(slots))
        return [_("{said}: {cards}.").format(said=said, cards=cards_words(seen)) if seen else said + "."]
    if verb != "play":
        return []
    hand = before.get("acting_hand") or actor
    card = card_words(words[1])
    if hand == "dummy":
        out = [_("You play {card} from the dummy.").format(card=card) if me
               else _("{player} plays {card} from the dummy.").format(player=name, card=card)]
    else:
        out = [_("You play {card}.").format(card=card) if me else _("{player} plays {card}.").format(player=name, card=card)]
    plays = (before.get("trick") or {}).get("plays") or []
    if len(plays) == 3:   # this card completed the trick
        new_hand = after["hand_number"] != before["hand_number"] or after.get("over")
        trick = after["previous_tricks"][-1] if after["hand_number"] != before["hand_number"] else after["last_trick"]
        won = trick["winner"]
        if new_hand:
            h = after["history"][-1]
            n = h["tricks"][won]
        else:
            n = after["tricks_won"][won]
        if won == you:
            out.append(ngettext("You win the trick, {n} trick.", "You win the trick, {n} tricks.", n).format(n=n))
        else:
            winner = _("The dummy") if won == "dummy" else table.name_of(won)
            out.append(ngettext("{winner} wins the trick, {n} trick.", "{winner} wins the trick, {n} tricks.", n)
                       .format(winner=winner, n=n))
        if new_hand:
            h = after["history"][-1]
            scores = _(", ").join(_("{player} {points}").format(player=table.name_of(s), points=signed(h["score"][s], plus=True))
                                  for s in table.seats)
            out.append(_("End of the hand. Points: {scores}.").format(scores=scores))
    return out


def _seep(table, action: str, actor: str, before: dict, after: dict, you: Optional[str]) -> list[str]:
    name = table.name_of(actor)
    me = actor == you
    w = action.split()
    verb = w[0]
    if verb == "bid":
        return [_("You bid {n}.").format(n=w[1]) if me else _("{player} bids {n}.").format(player=name, n=w[1])]
    if verb == "redeal":
        return [_("{player} has no card of 9 or more: the cards are dealt again.").format(player=name)]
    if verb == "throw":
        out = [_("You throw {card}.").format(card=card_words(w[1])) if me
               else _("{player} throws {card}.").format(player=name, card=card_words(w[1]))]
    elif verb == "capture":
        c, rest = w[1], w[2:]
        value = Card.parse(c).value
        house = any(h["value"] == value for h in before["floor"]["houses"])
        fields = dict(player=name, value=value, cards=cards_words(rest), card=card_words(c))
        if house and rest:
            text = (_("You capture the {value}-house and {cards} with {card}.") if me
                    else _("{player} captures the {value}-house and {cards} with {card}.")).format(**fields)
        elif house:
            text = (_("You capture the {value}-house with {card}.") if me
                    else _("{player} captures the {value}-house with {card}.")).format(**fields)
        else:
            text = (_("You capture {cards} with {card}.") if me
                    else _("{player} captures {cards} with {card}.")).format(**fields)
        out = [text]
    elif verb == "build":
        t, c, rest = int(w[1]), w[2], w[3:]
        if t in (8, 11):   # "an 11-house"
            message = (_("You build an {value}-house: {card} on {cards}.") if me
                       else _("{player} builds an {value}-house: {card} on {cards}."))
        else:
            message = (_("You build a {value}-house: {card} on {cards}.") if me
                       else _("{player} builds a {value}-house: {card} on {cards}."))
        out = [message.format(
            player=name, value=t, card=card_words(c), cards=cards_words(rest))]
    elif verb == "raise":
        h, c = int(w[1]), w[2]
        out = [(_("You raise the {value}-house to {to} with {card}.") if me
                else _("{player} raises the {value}-house to {to} with {card}.")).format(
            player=name, value=h, to=h + Card.parse(c).value, card=card_words(c))]
    elif verb == "cement":
        h, c, rest = int(w[1]), w[2], w[3:]
        fields = dict(player=name, value=h, card=card_words(c), cards=cards_words(rest))
        if rest:
            out = [(_("You cement the {value}-house with {card} and {cards}.") if me
                    else _("{player} cements the {value}-house with {card} and {cards}.")).format(**fields)]
        else:
            out = [(_("You cement the {value}-house with {card}.") if me
                    else _("{player} cements the {value}-house with {card}.")).format(**fields)]
    else:
        return []
    side = table.side_of(actor)
    same_hand = after["hand_number"] == before["hand_number"] and not after["history"][len(before["history"]):]
    sweeps_after = after["sweeps"][side] if same_hand else after["history"][-1]["sweeps"][side]
    if len(sweeps_after) > len(before["sweeps"][side]):
        out.append(_("{side} sweeps, {points} points.").format(side=table.team_short(side), points=sweeps_after[-1]))
    if not same_hand:
        h = after["history"][-1]
        scores = _(", ").join(_("{side} {points}").format(side=table.team_short(t), points=h["score"][t])
                              for t in table.sides)
        out.append(_("End of the hand. Points: {scores}.").format(scores=scores))
    return out
