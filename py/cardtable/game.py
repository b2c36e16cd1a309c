"""What every game's rules module offers: the shape shared by Dummy Spades and Seep.

A ``Game`` is one whole match.  Moves are text actions in the game's notation (``"bid 4"``,
``"play QS"``, ``"capture QC 5D 7H"``); the seat to act is never named in an action, it is always
``game.to_act``.  The one path for every move is::

    actions = game.legal_actions()      # canonical notation, what a UI offers
    game.apply("play QS")               # raises IllegalAction(reason) and changes nothing

``game.view(seat)`` is all that seat may see, as a JSON-ready dict: the UI renders it and computer
players decide from it.  ``game.to_record()`` is the game record (see ``cardtable.record``) and
``game.summary()`` is what ``python -m cardtable replay`` prints.
"""

from __future__ import annotations

from typing import Any, ClassVar, Optional


class IllegalAction(ValueError):
    """An action that the rules do not allow now.

    ``str(err)`` says why in English (what the CLI and ``replay`` print); ``err.code`` names the
    refusal with a stable code and ``err.values`` holds what it is about (a card in notation, a
    suit letter, a number), so a UI can word it in the player's language::

        >>> err = IllegalAction("you must follow hearts", "must_follow", suit="H")
        >>> str(err), err.code, err.values
        ('you must follow hearts', 'must_follow', {'suit': 'H'})
    """

    def __init__(self, message: str = "", code: str = "illegal", **values: Any) -> None:
        super().__init__(message)
        self.code = code
        self.values = values


class RecordError(ValueError):
    """A game record that cannot be read: bad JSON, unknown format or game, bad field."""


class Game:
    """Base class of a game's rules; subclasses implement the methods marked abstract."""

    #: the record's ``game`` field, e.g. ``"dummy-spades"``
    name: ClassVar[str] = ""
    #: the seats of people and computer players, e.g. ``("p0", "p1", "p2")``
    seats: ClassVar[tuple[str, ...]] = ()
    #: default options, filled in when a record leaves one out
    default_options: ClassVar[dict[str, Any]] = {}

    # ---- construction -------------------------------------------------------------------------
    @classmethod
    def from_record(cls, record: dict) -> "Game":
        """A game at the start of the record (its actions are NOT applied; see ``record.replay``).

        ``record`` has been checked by ``cardtable.record.parse_record``: it holds ``options`` (a
        dict), ``seed`` (int, str or None), ``deals`` (a list), ``players`` (a list or None).
        Raises ``RecordError`` for options or deals that this game cannot use.
        """
        raise NotImplementedError

    # ---- the state ----------------------------------------------------------------------------
    @property
    def to_act(self) -> Optional[str]:
        """The seat whose person or computer player acts now (None when the game is over)."""
        raise NotImplementedError

    def legal_actions(self) -> list[str]:
        """Every legal action now, in canonical notation (empty only when the game is over)."""
        raise NotImplementedError

    def apply(self, action: str) -> str:
        """Apply one action (notation, case-insensitive); return its canonical form.

        Raises ``IllegalAction`` with the reason and leaves the game unchanged when the action is
        malformed or not allowed.
        """
        raise NotImplementedError

    @property
    def over(self) -> bool:
        """True once the match has a winner."""
        raise NotImplementedError

    @property
    def actions(self) -> list[str]:
        """The actions applied so far, canonical, in order."""
        raise NotImplementedError

    @property
    def action_count(self) -> int:
        """How many actions were applied: ``len(actions)``, cheap whatever the game's length."""
        return len(self.actions)

    def view(self, seat: str, history: bool = True) -> dict:
        """What ``seat`` may see now, as a JSON-ready dict; never a card hidden from that seat.

        ``history=False`` leaves out the ``history`` key (the finished hands, which grow with the
        match): for callers that take a view per move and do not read it."""
        raise NotImplementedError

    def resample_from_infostate(self, seat: str, rng) -> "Game":
        """A new, independent game that agrees with everything ``seat`` has seen, the cards it has
        not seen dealt at random (``rng``: a ``random.Random``) among the places hidden from it.

        ``sample.view(seat) == game.view(seat)`` always, and the sample plays on to the end like
        any game.  What the rules make public is honoured (each game's method says what).  This
        is the one way computer players, hints and review imagine the hidden cards.
        """
        raise NotImplementedError

    def summary(self) -> dict:
        """The JSON object ``python -m cardtable replay`` prints for the game so far."""
        raise NotImplementedError

    def to_record(self) -> dict:
        """The game record: format, game, options, players, seed, deals, actions."""
        raise NotImplementedError
