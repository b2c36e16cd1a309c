"""Cards, their notation, and a deck with a seeded shuffle.

A card is a small immutable value with a rank (2..14, where 11 = Jack, 12 = Queen, 13 = King,
14 = Ace) and a suit (``"S"``, ``"H"``, ``"D"``, ``"C"``).  Its text form is two characters,
rank then suit::

    >>> Card.parse("QS")
    Card('QS')
    >>> str(Card.parse("10d")), str(Card.parse("t♦")), Card.parse("Q♠").name
    ('TD', 'TD', 'Queen of spades')

Every one of the 52 cards exists once (``CARDS``); ``Card.parse`` and ``card(i)`` return those
shared objects, so cards compare by identity as well as by value, and ``card.index`` (0..51) is a
compact key for engines that keep hands as bit masks.

The shuffle takes an explicit ``random.Random`` (or a seed to make one): never the global
generator, so that the same seed deals the same cards in CPython and in Pyodide.
"""

from __future__ import annotations

import random
from typing import Iterable, Union

SUITS = "SHDC"
"""Suit letters in index order: spades, hearts, diamonds, clubs."""

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_CHARS = "23456789TJQKA"
RANK_NAMES = {
    2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight",
    9: "Nine", 10: "Ten", 11: "Jack", 12: "Queen", 13: "King", 14: "Ace",
}
_SYMBOL_TO_SUIT = {v: k for k, v in SUIT_SYMBOLS.items()}
# Outline symbols are accepted too (♤♡♢♧), as people type either.
_SYMBOL_TO_SUIT.update({"♤": "S", "♡": "H", "♢": "D", "♧": "C"})


class CardError(ValueError):
    """A text that does not name a card."""


class Card:
    """One playing card.  Use ``Card.parse`` or ``card(index)``; do not construct directly."""

    __slots__ = ("rank", "suit", "index", "_text")

    rank: int
    suit: str
    index: int

    def __init__(self, rank: int, suit: str):
        self.rank = rank
        self.suit = suit
        self.index = SUITS.index(suit) * 13 + (rank - 2)
        self._text = RANK_CHARS[rank - 2] + suit

    # -- notation ---------------------------------------------------------------------------
    @staticmethod
    def parse(text: str) -> "Card":
        """Read a card: ``QS``, ``qs``, ``TD``, ``10D``, ``Q♠``, ``10♦``.  Raises ``CardError``."""
        if type(text) is str:
            c = _BY_TEXT.get(text)   # the canonical text: what records and the engines write
            if c is not None:
                return c
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise CardError(f"not a card: {text!r}")
        s = text.strip()
        if len(s) < 2:
            raise CardError(f"not a card: {text!r}")
        suit_part, rank_part = s[-1], s[:-1]
        suit = _SYMBOL_TO_SUIT.get(suit_part, suit_part.upper())
        if suit not in SUITS:
            raise CardError(f"not a card: {text!r} (unknown suit {suit_part!r})")
        r = rank_part.upper()
        if r == "10":
            r = "T"
        if len(r) != 1 or r not in RANK_CHARS:
            raise CardError(f"not a card: {text!r} (unknown rank {rank_part!r})")
        return _BY_TEXT[r + suit]

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card({self._text!r})"

    @property
    def symbol(self) -> str:
        """Display form with a suit symbol and ``10`` for ten: ``Q♠``, ``10♦``."""
        r = "10" if self.rank == 10 else RANK_CHARS[self.rank - 2]
        return r + SUIT_SYMBOLS[self.suit]

    @property
    def name(self) -> str:
        """Words for screen readers and logs: ``Queen of spades``."""
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"

    @property
    def value(self) -> int:
        """Capture value for fishing games: A = 1, 2..10 pips, J = 11, Q = 12, K = 13."""
        return 1 if self.rank == 14 else self.rank

    # -- value semantics ----------------------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and other.index == self.index

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: "Card") -> bool:
        return self.index < other.index

    def __reduce__(self):  # pickling/copy keeps the shared objects
        return (card, (self.index,))


CARDS: tuple[Card, ...] = tuple(Card(r, s) for s in SUITS for r in range(2, 15))
"""All 52 cards, index order: 2S..AS, 2H..AH, 2D..AD, 2C..AC."""

_BY_TEXT = {str(c): c for c in CARDS}


def card(index: int) -> Card:
    """The card with that index (0..51)."""
    return CARDS[index]


def format_cards(cards: Iterable[Card]) -> list[str]:
    """The text form of each card, e.g. for a record."""
    return [str(c) for c in cards]


SeedLike = Union[int, str, random.Random, None]


def make_rng(seed: SeedLike) -> random.Random:
    """An explicit generator for a seed (an int or a str), or the generator itself."""
    if isinstance(seed, random.Random):
        return seed
    if seed is None:
        raise ValueError("a seed is needed to deal")
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise ValueError(f"a seed is an integer or a string, not {seed!r}")
    return random.Random(seed)


def hand_rng(seed: int | str, hand_number: int) -> random.Random:
    """The generator for one hand of a match: hand 0, 1, 2 ... each gets its own stream.

    Deriving a stream per hand means a hand's seeded deal does not depend on whether earlier
    hands were dealt from the seed or given explicitly in a record.
    """
    return random.Random(f"cardtable:{seed}:hand:{hand_number}")


def chained_seed(seeds: dict, k: int, default):
    """Deal ``k``'s seed (``net.fair``): the latest seed given for a deal at or before ``k``, so a
    deal made before its own values came is dealt from the last checked seed, at its own index."""
    below = [j for j in seeds if j <= k]
    return seeds[max(below)] if below else default


def new_deck() -> list[Card]:
    """The 52 cards in index order."""
    return list(CARDS)


def shuffled_deck(seed: SeedLike) -> list[Card]:
    """A full deck shuffled by ``random.Random(seed)`` (or by the generator given).

    >>> shuffled_deck(42) == shuffled_deck(42)
    True
    """
    deck = new_deck()
    make_rng(seed).shuffle(deck)
    return deck
