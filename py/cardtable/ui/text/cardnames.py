"""Cards in the player's words: what a screen reader says and what the log and refusals name.

``cards.Card.name`` stays English (the CLI prints it); the UI names cards with ``card_name``,
which follows the language of ``ui.i18n``::

    >>> from cardtable.cards import Card
    >>> from cardtable.ui.text.i18n import use_language
    >>> card_name(Card.parse("QS")), suit_name("D"), value_card(12)
    ('Queen of spades', 'diamonds', 'a Queen')
    >>> _ = use_language("fr")
    >>> card_name(Card.parse("QS")), card_name("10D"), suit_name("H"), value_card(12)
    ('Dame de pique', 'Dix de carreau', 'cœur', 'une dame')
    >>> _ = use_language("en")
"""

from __future__ import annotations

from typing import Iterable, Union

from ...cards import Card
from .i18n import N_, _, pgettext

# the ranks as words, translated when used
RANK_WORDS = {2: N_("Two"), 3: N_("Three"), 4: N_("Four"), 5: N_("Five"), 6: N_("Six"), 7: N_("Seven"),
              8: N_("Eight"), 9: N_("Nine"), 10: N_("Ten"), 11: N_("Jack"), 12: N_("Queen"), 13: N_("King"),
              14: N_("Ace")}


def _suit_words() -> dict[str, str]:
    return {"S": pgettext("suit", "spades"), "H": pgettext("suit", "hearts"),
            "D": pgettext("suit", "diamonds"), "C": pgettext("suit", "clubs")}


def _value_cards() -> dict[int, str]:
    """A card of each Seep value with its article ("a Queen", « une dame »)."""
    return {1: pgettext("card value", "an Ace"), 2: pgettext("card value", "a 2"), 3: pgettext("card value", "a 3"),
            4: pgettext("card value", "a 4"), 5: pgettext("card value", "a 5"), 6: pgettext("card value", "a 6"),
            7: pgettext("card value", "a 7"), 8: pgettext("card value", "an 8"), 9: pgettext("card value", "a 9"),
            10: pgettext("card value", "a 10"), 11: pgettext("card value", "a Jack"),
            12: pgettext("card value", "a Queen"), 13: pgettext("card value", "a King")}


def suit_name(suit: str) -> str:
    """A suit's name by its letter (S, H, D, C), as in "follow hearts"."""
    return _suit_words()[suit]


def card_name(card: Union[Card, str]) -> str:
    """"Queen of spades" / « Dame de pique »: a card's name for screen readers and messages."""
    c = card if isinstance(card, Card) else Card.parse(str(card))
    return _("{rank} of {suit}").format(rank=_(RANK_WORDS[c.rank]), suit=suit_name(c.suit))


def cards_names(cards: Union[str, Iterable]) -> str:
    """Several cards named and listed ("Five of hearts, Seven of clubs"); notation text or cards."""
    items = cards.split() if isinstance(cards, str) else list(cards)
    return ", ".join(card_name(c) for c in items)


def a_house(value: int) -> str:
    """A Seep house by its value with its article: "an 11-house", "a 12-house" (« une maison de 12 »)."""
    return (_("an {n}-house") if value in (8, 11) else _("a {n}-house")).format(n=value)


def value_card(value: int) -> str:
    """A card of a Seep value with its article: "a 7", "an Ace" (« un 7 », « un as »)."""
    return _value_cards().get(value, str(value))
