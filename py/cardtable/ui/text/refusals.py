"""Refusals in the player's words: each ``IllegalAction`` code of the engines, worded in the UI.

The engines refuse a move with a stable code and its values (``IllegalAction.code``,
``.values``: cards in notation, a suit letter, numbers, seats); their English message is for the
CLI.  ``word`` turns a refusal into a sentence in the player's language::

    >>> from cardtable.game import IllegalAction
    >>> word(IllegalAction("you must follow hearts", "must_follow", suit="H"))
    'you must follow hearts'
    >>> from cardtable.ui.text.i18n import use_language
    >>> _ = use_language("fr")
    >>> word(IllegalAction("spades are not broken", "spades_not_broken"))
    "le pique n'est pas encore ouvert"
    >>> word(IllegalAction("...", "throw_can_capture", value=7))
    'un 7 qui peut prendre ne peut pas être jeté'
    >>> _ = use_language("en")

``MESSAGES`` holds one message per code; ``tests/test_i18n.py`` walks the engines' refusals and
checks that every code they give is here.
"""

from __future__ import annotations

from typing import Optional

from .cardnames import a_house, card_name, cards_names, suit_name, value_card
from .i18n import N_, _

MESSAGES = {
    # both games
    "not_text": N_("that is not a move"),
    "empty": N_("that is not a move"),
    "game_over": N_("the game is over"),
    "unknown_action": N_("that is not a move of this game"),
    "illegal": N_("that move is not allowed now"),
    "not_a_card": N_("that is not a card"),
    "not_held": N_("you do not hold the {card}"),
    # Dummy Spades
    "no_deal": N_("this game has no cards for hand {hand}"),
    "illegal_move": N_("that move is not allowed now"),
    "rollout_phase": N_("that move is not allowed now"),
    "wrong_phase": N_("that is not possible now: it is time to {phase}"),
    "play_one_card": N_("play one card"),
    "dummy_lacks_card": N_("the dummy plays now and does not hold the {card}"),
    "card_in_dummy": N_("the {card} is in the dummy: play from your own hand now"),
    "must_follow": N_("you must follow {suit}"),
    "dummy_must_follow": N_("the dummy must follow {suit}"),
    "spades_not_broken": N_("spades are not broken"),
    "bid_missing": N_("choose how many tricks your side will take"),
    "bid_not_number": N_("a bid is a number from 0 to 13"),
    "nil_syntax": N_("that nil bid cannot be read"),
    "nil_no_hands": N_("choose the hands you bid nil on"),
    "nil_unknown_hand": N_("there is no such hand to bid nil on"),
    "nil_twice": N_("the same hand is named twice for nil"),
    "suicide_one_nil": N_("in Suicide every bid names exactly one nil"),
    "suicide_min": N_("in Suicide the side bid is at least {min}"),
    "slot_count": N_("choose {n} cards of the dummy"),
    "slot_range": N_("the dummy's slots are numbered 1 to 13"),
    "slots_different": N_("choose {n} different cards of the dummy"),
    "slot_face_up": N_("slot {slot} of the dummy is already face up"),
    # Seep
    "must_bid_first": N_("{seat} must bid first (9 to 13, or ask for a redeal)"),
    "bid_made": N_("the bid is made: {seat} plays a card"),
    "redeal_syntax": N_("that redeal cannot be read"),
    "bid_syntax": N_("a bid is a number from 9 to 13"),
    "house_value_first": N_("say the value of the house first"),
    "house_range": N_("houses are worth 9 to 13, not {value}"),
    "which_card": N_("which card of your hand?"),
    "listed_twice": N_("the {card} is chosen twice"),
    "card_in_house": N_("the {card} is in the {value}-house, which moves whole: choose loose cards only"),
    "not_loose": N_("the {card} is not a loose card on the floor"),
    "throw_one": N_("a throw puts down one card only"),
    "raise_syntax": N_("a raise adds one card of your hand and no floor cards"),
    "no_house_to_raise": N_("there is no {value}-house to raise"),
    "no_house_to_cement": N_("there is no {value}-house to cement"),
    "bid_range": N_("the bid is 9 to 13, not {value}"),
    "bid_not_held": N_("you hold no card of {value} to bid {value}"),
    "cannot_bid": N_("you cannot bid now"),
    "redeal_must_bid": N_("you hold {value_card}: bid it (a redeal only when you hold no card of 9 or more)"),
    "cannot_redeal": N_("you cannot ask for a redeal now"),
    "first_must_build": N_("you can build {bid} on one floor card, so your first play must do it"),
    "first_build_or_throw": N_("your first play must build {bid} on one floor card (or, if you cannot, throw a card)"),
    "first_build_one": N_("your first play builds {bid} from your card and one floor card worth the difference"),
    "first_play": N_("your first play must build {bid_house}, capture with {bid_card} or throw {bid_card}"),
    "throw_can_capture": N_("{value_card} that can capture cannot be thrown"),
    "throw_not_allowed": N_("that throw is not allowed now"),
    "nothing_to_capture": N_("there is nothing worth {value} for {value_card} to capture"),
    "capture_split": N_("these cards cannot be split into sets worth {value}: {cards}"),
    "capture_all": N_("a capture must take every loose card or set worth {value}"),
    "raise_cemented": N_("the {house}-house is cemented and cannot be raised"),
    "raise_13": N_("the 13-house cannot be raised"),
    "raise_over_13": N_("{value_card} would raise the {house}-house to {to}: houses go up to 13"),
    "raise_own": N_("you cannot raise your own house"),
    "raise_keep": N_("to raise to {to} you must keep {to_card}"),
    "raise_not_allowed": N_("that raise is not allowed now"),
    "card_too_high": N_("the {card} is worth more than {house}"),
    "build_needs_loose": N_("a build puts your card on loose cards worth {value}"),
    "cement_needs": N_("to cement the {house}-house, play a card worth {house} or add loose cards worth {value} to yours"),
    "groups": N_("these cards cannot be split into groups worth {house}: {cards}"),
    "build_keep": N_("to build {house_house} you must keep {house_card}"),
    "cement_keep": N_("to cement the {house}-house you must keep {house_card}"),
    "cement_keep_another": N_("to cement the {house}-house you must keep another card of {house}"),
    "keep_for_house": N_("you must keep {value_card} while you own the {value}-house"),
    "build_not_allowed": N_("that build is not allowed now"),
    "cement_not_allowed": N_("that cement is not allowed now"),
    # across devices: the host's own refusals an honest guest may meet (net.messages.REFUSALS)
    "not_your_turn": N_("it is not your turn"),
    "stale": N_("the game moved on before your move arrived: choose again"),
    "cannot_undo": N_("only your own last move can be taken back, before anyone else plays"),
    "played_on_host": N_("the host plays this seat for now: ask the host to give it back"),
}

# the phase a Dummy Spades action was tried in, as the thing to do now
PHASE_WORDS = {"peek": N_("peek at the dummy"), "flip": N_("turn up dummy cards"), "bid": N_("make a bid"),
               "play": N_("play a card"), "over": N_("stop: the game is over")}


def _fields(values: dict, names: Optional[dict]) -> dict:
    """The values of a refusal as words: cards named, suits named, seats by the players' names."""
    out = dict(values)
    for key in ("card",):
        if key in values:
            try:
                out[key] = card_name(values[key])
            except ValueError:
                out[key] = str(values[key])
    if "cards" in values:
        out["cards"] = cards_names(values["cards"])
    if "suit" in values:
        out["suit"] = suit_name(values["suit"])
    if "phase" in values:
        out["phase"] = _(PHASE_WORDS.get(values["phase"], values["phase"]))
    for key in ("seat", "hand"):
        if key in values and isinstance(values[key], str):
            seat = values[key]
            out[key] = (names or {}).get(seat, _("the dummy") if seat == "dummy" else seat)
    for key in ("value", "to", "bid", "house"):
        if isinstance(values.get(key), int):
            out[f"{key}_card"] = value_card(values[key])
            out[f"{key}_house"] = a_house(values[key])
    return out


def word(err, names: Optional[dict] = None) -> str:
    """The refusal ``err`` (an ``IllegalAction``) as a sentence in the player's language.

    ``names`` maps seats to the players' names.  A code this module does not know (a newer
    engine) is said as "That move is not allowed now", never in the engine's English."""
    code = getattr(err, "code", "illegal")
    template = MESSAGES.get(code, MESSAGES["illegal"])
    return _(template).format_map(_Missing(_fields(getattr(err, "values", {}) or {}, names)))


class _Missing(dict):
    """A format map that leaves an unknown field visible rather than failing."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def wrong_file(kind: str, file: str) -> str:
    """A file given to the wrong button, in words that name the right one (``record.file_kind``)."""
    return {"game": _("{file} is a game file: open it with “Import a game file…” on the home screen."),
            "backup": _("{file} is a backup of Card Table: restore it with “Restore from a backup…” in Settings."),
            "stats": _("{file} holds statistics: add them with “Import statistics…” on the Statistics screen."),
            }[kind].format(file=file)
