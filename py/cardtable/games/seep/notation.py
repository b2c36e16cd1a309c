"""Actions as text: canonical notation in and out, and the reason a move is refused.

:class:`Notation` is a mixin of :class:`~cardtable.games.seep.Seep`: ``move_text``,
``legal_actions``, ``apply``, ``check``, ``actions_using`` and the refusal
reasons (``_why``).
"""

from __future__ import annotations

from typing import Any, Iterable, Optional

from ...cards import Card, CardError
from ...game import IllegalAction
from .combos import _counts14, _groups_with, _splits
from .tables import (_PH_BID, _PH_OVER, _PH_PLAY, _WORDS, BID, BUILD, CAPTURE, CEMENT, KINDS,
                     PLAYS_PER_HAND, RAISE, REDEAL, SEATS, THROW, TXT, VAL, _a_house, _canon,
                     _cards_text, value_name)


_READ: dict = {}
"""Action texts of plays read in full: text -> (verb, house value or None, card, listed loose
cards), the card indices as written.  Only texts whose wording passed every check are kept."""
_READ_LIMIT = 50_000
_TEXT: dict = {}
"""Internal moves -> their canonical text (``Notation.move_text``), at most ``_READ_LIMIT``."""


def _write(move: tuple) -> str:
    """The canonical text of an internal move (see ``Notation.move_text``)."""
    kind, c, t, L = move
    if kind == CAPTURE:
        return f"capture {TXT[c]} {_cards_text(L)}" if L else f"capture {TXT[c]}"
    if kind == THROW:
        return f"throw {TXT[c]}"
    if kind == BUILD or kind == CEMENT:
        s = f"{KINDS[kind]} {t} {TXT[c]}"
        return f"{s} {_cards_text(L)}" if L else s
    if kind == RAISE:
        return f"raise {t} {TXT[c]}"
    if kind == BID:
        return f"bid {t}"
    return "redeal"


class Notation:
    """Text in and out: the public, checked way to move."""

    # ---- text: notation in and out -------------------------------------------------------------
    @staticmethod
    def move_text(move: tuple) -> str:
        """The canonical text of an internal move: ``(CAPTURE, QC, 12, (5D, 7H))`` -> ...

        Kept once written (``_TEXT``): a long record writes the same few thousand texts again
        and again, while replaying it and again in ``to_record``."""
        try:
            text = _TEXT.get(move)
        except TypeError:   # a move given as a list: written, not kept
            return _write(move)
        if text is None:
            text = _write(move)
            if len(_TEXT) < _READ_LIMIT:
                _TEXT[move] = text
        return text

    def legal_actions(self) -> list[str]:
        return [self.move_text(m) for m in self.legal_moves()]

    def _parse(self, action: str) -> tuple:
        """Read an action into a canonical move tuple (which may still be illegal).

        The words of a text once read in full are kept (``_READ``): the same text again is only
        checked against the position, by the same checks in the same order -- the checks of its
        wording alone passed once and always pass (a long record repeats its actions' texts).
        """
        read = _READ.get(action) if type(action) is str else None
        if read is None:
            return self._parse_words(action)
        if self._phase == _PH_OVER:
            raise IllegalAction("the game is over", "game_over")
        return self._parse_play(*read)

    def _parse_words(self, action: str) -> tuple:
        """``_parse`` of a text not read before: its wording, then the position."""
        if not isinstance(action, str):
            raise IllegalAction(f"an action is text, not {action!r}", "not_text")
        words = action.split()
        if not words:
            raise IllegalAction("an empty action", "empty")
        verb = words[0].lower()
        args = words[1:]
        if self._phase == _PH_OVER:
            raise IllegalAction("the game is over", "game_over")
        if verb not in KINDS:
            raise IllegalAction(f"unknown action {words[0]!r} (bid, redeal, throw, capture, "
                                "build, raise or cement)", "unknown_action", action=words[0])
        s = self._turn
        if self._phase == _PH_BID and verb not in ("bid", "redeal"):
            raise IllegalAction(f"{SEATS[s]} must bid first (bid 9 to 13, or redeal)", "must_bid_first",
                                seat=SEATS[s])
        if self._phase == _PH_PLAY and verb in ("bid", "redeal"):
            raise IllegalAction(f"the bid is made: {SEATS[s]} plays a card", "bid_made", seat=SEATS[s])
        if verb == "redeal":
            if args:
                raise IllegalAction("write just: redeal", "redeal_syntax")
            return (REDEAL, -1, 0, ())
        if verb == "bid":
            if len(args) != 1 or not args[0].isdigit():
                raise IllegalAction("write: bid N (N from 9 to 13)", "bid_syntax")
            return (BID, -1, int(args[0]), ())
        num = None
        if verb in ("build", "raise", "cement"):
            if not args or not args[0].isdigit():
                raise IllegalAction(f"write: {verb} V C ... (V, the house value, comes first)",
                                    "house_value_first", verb=verb)
            num = int(args[0])
            args = args[1:]
            if not 9 <= num <= 13:
                raise IllegalAction(f"houses are worth 9 to 13, not {num}", "house_range", value=num)
        if not args:
            raise IllegalAction(f"{verb}: which card from your hand?", "which_card", verb=verb)
        cards = []
        for a in args:
            try:
                cards.append(Card.parse(a).index)
            except CardError as err:
                raise IllegalAction(str(err), "not_a_card", text=a) from None
        read = (verb, num, cards[0], tuple(cards[1:]))
        move = self._parse_play(*read)
        if len(_READ) < _READ_LIMIT and type(action) is str:
            _READ[action] = read   # its wording passed every check: kept
        return move

    def _parse_play(self, verb: str, num: Optional[int], c: int, rest: tuple) -> tuple:
        """The rest of ``_parse`` for a play (its wording read): checked against the position."""
        s = self._turn
        if self._phase == _PH_BID:
            raise IllegalAction(f"{SEATS[s]} must bid first (bid 9 to 13, or redeal)", "must_bid_first",
                                seat=SEATS[s])
        if c not in self._hands[s]:
            raise IllegalAction(f"you do not hold {TXT[c]}", "not_held", card=TXT[c])
        if len(set(rest)) != len(rest):
            dup = next(x for x in rest if rest.count(x) > 1)
            raise IllegalAction(f"{TXT[dup]} is listed twice", "listed_twice", card=TXT[dup])
        for x in rest:
            if x not in self._loose:
                where = next((v for v, h in self._houses.items() if x in h[0]), None)
                if where is not None:
                    raise IllegalAction(f"{TXT[x]} is in the {where}-house, which moves whole: "
                                        "list loose cards only", "card_in_house", card=TXT[x], value=where)
                raise IllegalAction(f"{TXT[x]} is not a loose card on the floor", "not_loose", card=TXT[x])
        L = tuple(_canon(rest)) if len(rest) > 1 else rest
        v = VAL[c]
        if verb == "throw":
            if rest:
                raise IllegalAction("a throw puts down one card: write throw C", "throw_one")
            return (THROW, c, v, ())
        if verb == "capture":
            return (CAPTURE, c, v, L)
        if verb == "raise":
            if rest:
                raise IllegalAction("a raise adds one card from hand and no floor cards: "
                                    "write raise V C", "raise_syntax")
            if num not in self._houses:
                raise IllegalAction(f"there is no {num}-house to raise", "no_house_to_raise", value=num)
            return (RAISE, c, num, ())
        if verb == "cement":
            if num not in self._houses:
                raise IllegalAction(f"there is no {num}-house to cement", "no_house_to_cement", value=num)
            return (CEMENT, c, num, L)
        # build
        if num in self._houses:
            return (CEMENT, c, num, L)
        singles = [x for x in self._loose if VAL[x] == num and x not in L]
        return (BUILD, c, num, tuple(_canon(L + tuple(singles))) if singles else L)

    def _resolve(self, action: str) -> tuple:
        """The legal move an action names, or ``IllegalAction`` with the rule that forbids it."""
        move = self._parse(action)
        kind, c, t, L = move
        if self._legal is None and c >= 0 and self._phase == _PH_PLAY and not (self._plays == 0 and self._seed_first):
            # The legal uses of this one card (what legal_moves() would list for it), not every
            # card's: replaying a record resolves one action per position.
            if kind == THROW:
                # what _templates lists for a throw, without listing the captures: a card is thrown
                # when it captures nothing (no loose cards worth its value, no house of it) and, on
                # the bidder's first play, only a card of the bid's value (half a record is throws)
                if (self._plays or t == self._bid) and t not in self._houses and not self._sums_to(t):
                    return move
            elif (kind, t, L) in self._templates(VAL[c], self._context(kind), kind, t):
                return move
        elif move in self.legal_moves():
            return move
        raise self._why(move)

    def _why(self, move: tuple) -> IllegalAction:
        """The rule a (parsed, canonical) move breaks: its English words, code and values."""
        why = IllegalAction
        kind, c, t, L = move
        s = self._turn
        hc = self._hcnt[s]
        if kind == BID:
            if not 9 <= t <= 13:
                return why(f"the bid is 9 to 13, not {t}", "bid_range", value=t)
            if not hc[t]:
                return why(f"you hold no {_WORDS.get(t, str(t))} to bid {t}", "bid_not_held", value=t)
            return why("you cannot bid now", "cannot_bid")
        if kind == REDEAL:
            high = [v for v in range(9, 14) if hc[v]]
            if high:
                return why(f"you hold {value_name(high[-1])}: bid it (a redeal only when you "
                           "hold no card of 9 or more)", "redeal_must_bid", value=high[-1])
            return why("you cannot ask for a redeal now", "cannot_redeal")
        v = VAL[c]
        lcounts = _counts14(L)
        bid = self._bid
        if self._plays == 0:
            if self._seed_first:
                builds = [m for m in self.legal_moves() if m[0] == BUILD]
                if kind == THROW and builds:
                    return why(f"you can build {bid} on one floor card, so your first play must",
                               "first_must_build", bid=bid)
                if kind != THROW and not (kind == BUILD and t == bid and len(L) >= 1):
                    return why(f"your first play must build {bid} on one floor card "
                               "(or, if you cannot, throw a card)", "first_build_or_throw", bid=bid)
                if kind == BUILD:
                    return why(f"your first play builds {bid} from your card and one floor "
                               "card worth the difference", "first_build_one", bid=bid)
            else:
                ok = (kind == BUILD and t == bid) or (kind in (CAPTURE, THROW) and v == bid)
                if not ok:
                    return why(f"your first play must build {_a_house(bid)}, capture with "
                               f"{value_name(bid)} or throw {value_name(bid)}", "first_play", bid=bid)
        can_capture = v in self._houses or self._sums_to(v)
        if kind == THROW:
            if can_capture:
                return why(f"{value_name(v)} that can capture cannot be thrown", "throw_can_capture", value=v)
            return why("that throw is not allowed now", "throw_not_allowed")
        if kind == CAPTURE:
            if not can_capture:
                return why(f"there is nothing worth {v} for {value_name(v)} to capture", "nothing_to_capture",
                           value=v)
            if not _splits(lcounts, v):
                return why(f"{_cards_text(L)} cannot be split into sets worth {v}", "capture_split",
                           cards=_cards_text(L), value=v)
            return why(f"a capture must take every loose card or set worth {v}", "capture_all", value=v)
        owned = [h for h, rec in self._houses.items() if rec[2] >> s & 1]
        if kind == RAISE:
            h = self._houses[t]
            if h[1]:
                return why(f"the {t}-house is cemented and cannot be raised", "raise_cemented", house=t)
            if t == 13:
                return why("the 13-house cannot be raised", "raise_13")
            if t + v > 13:
                return why(f"{value_name(v)} would raise the {t}-house to {t + v}: houses go up to 13",
                           "raise_over_13", value=v, house=t, to=t + v)
            if h[2] >> s & 1 and not self._raise_own:
                return why("you cannot raise your own house", "raise_own")
            if not hc[t + v]:
                return why(f"to raise to {t + v} you must keep {value_name(t + v)}", "raise_keep", to=t + v)
            return why("that raise is not allowed now", "raise_not_allowed")
        # BUILD / CEMENT
        verb = "build" if kind == BUILD else "cement"
        if v > t:
            return why(f"{TXT[c]} is worth more than {t}", "card_too_high", card=TXT[c], house=t)
        listed = tuple(x for x in L if VAL[x] != t)     # without the singles that join anyway
        if not listed and v < t:
            if kind == BUILD:
                return why(f"a build puts your card on loose cards worth {t - v}", "build_needs_loose",
                           value=t - v)
            return why(f"to cement the {t}-house, play a card worth {t} or add loose cards "
                       f"worth {t - v} to yours", "cement_needs", house=t, value=t - v)
        if kind == BUILD and not L:
            return why(f"a build puts your card on loose cards worth {t}", "build_needs_loose", value=t)
        if not _groups_with(v, t, _counts14(listed)):
            return why(f"{_cards_text((c,) + listed)} cannot be split into groups worth {t}", "groups",
                       cards=_cards_text((c,) + listed), house=t)
        if hc[t] - (v == t) < 1:
            if kind == BUILD:
                return why(f"to build {_a_house(t)} you must keep {value_name(t)}", "build_keep", house=t)
            return why(f"to cement the {t}-house you must keep "
                       f"{'another ' + _WORDS.get(t, str(t)) if v == t else value_name(t)}",
                       "cement_keep_another" if v == t else "cement_keep", house=t)
        if hc[v] == 1 and v in owned and v != t:
            return why(f"you must keep {value_name(v)} while you own the {v}-house", "keep_for_house", value=v)
        return why(f"that {verb} is not allowed now", f"{verb}_not_allowed")

    def _sums_to(self, v: int) -> bool:
        sums = 1
        for c in self._loose:
            sums |= sums << VAL[c]
        return bool(sums >> v & 1)

    # ---- the text API -------------------------------------------------------------------------
    def apply(self, action: str) -> str:
        """Apply one action (text, case-insensitive, card lists in any order); return it canonical.

        Raises ``IllegalAction`` naming the rule that forbids it, and then changes nothing.
        """
        move = self._resolve(action)
        ends = move[0] == REDEAL or (self._phase == _PH_PLAY and self._plays == PLAYS_PER_HAND - 1)
        if ends and self._deal_idx + 1 < len(self._given):
            self.copy(whole=False).apply_move(move)   # a RecordError (wrong dealer in a deal) changes nothing
        self.apply_move(move)
        return self.move_text(move)

    def check(self, action: str) -> Optional[str]:
        """None if ``action`` is legal now, else the reason it is not (the IllegalAction text)."""
        try:
            self._resolve(action)
        except IllegalAction as err:
            return str(err)
        return None

    def refusal(self, action: str) -> Optional[IllegalAction]:
        """None if ``action`` is legal now, else the refusal (its ``code`` and ``values`` let a UI
        word it in the player's language; ``str()`` of it is ``check``'s English)."""
        try:
            self._resolve(action)
        except IllegalAction as err:
            return err
        return None

    def actions_using(self, card: str, selection: Iterable[Any] = ()) -> list[str]:
        """The legal actions that play ``card`` with exactly the selected floor items.

        The UI composes a move by picking a hand card, then loose cards and/or houses; this lists
        the legal actions matching that selection (often one; several when the same cards can
        build different values).  A selection item is a loose card (``"5D"``, ``"5♦"``) or a
        house, given by its value (``12``, ``"12"``, ``"house 12"``).  The house a capture
        takes anyway may be selected or not; a build's auto-merged singles may be too::

            >>> g = Seep.new(seed=31); _ = g.apply("bid 11")
            >>> g.actions_using("6H", ["5H"]), g.actions_using("JH", ["2D", "4C", "5H"])
            (['build 11 6H 5H'], ['capture JH 2D 4C 5H'])
            >>> g.actions_using("JH", ["4C", "5H"])    # 4 + 5 is not 11: no legal action
            []
        """
        try:
            c = Card.parse(card).index
        except CardError:
            return []
        sel_loose: set[int] = set()
        sel_houses: set[int] = set()
        for item in selection:
            if isinstance(item, int) and not isinstance(item, bool):
                sel_houses.add(item)
                continue
            text = str(item).strip().lower()
            if text.startswith("house"):
                text = text[5:].strip()
            if text.isdigit():
                sel_houses.add(int(text))
                continue
            try:
                sel_loose.add(Card.parse(text).index)
            except CardError:
                return []
        out = []
        for m in self.legal_moves():
            kind, mc, t, L = m
            if mc != c:
                continue
            Ls = set(L)
            if kind == CAPTURE:
                ok = Ls == sel_loose and sel_houses <= {t}
            elif kind == THROW:
                ok = not sel_loose and not sel_houses
            elif kind == RAISE:
                ok = not sel_loose and sel_houses == {t}
            elif kind == CEMENT:
                ok = Ls == sel_loose and sel_houses <= {t} and (bool(sel_loose) or bool(sel_houses))
            elif kind == BUILD:
                auto = {x for x in L if VAL[x] == t}
                ok = (not sel_houses and bool(sel_loose) and sel_loose <= Ls
                      and Ls - sel_loose <= auto)
            else:
                ok = False
            if ok:
                out.append(self.move_text(m))
        return out
