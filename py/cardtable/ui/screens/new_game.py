"""The new-game form's side in the app: reading the form, starting a game from it or with one tap
against the computer, and playing again.  Its state is what the form shows now (Seep's scoring
and number of players).  Browser code (it writes the form's messages; the fields come with the tap
on *Start*, ``app.form``).

Acts: ``new:<game>``, ``quick:<game>``, ``start``, ``play-again``.
"""

from __future__ import annotations

import importlib
import importlib.util
import random
import time
from typing import Optional

from ...game import RecordError
from ...record import new_game
from ..shell.browser import to_int
from ..text.i18n import _
from ..text.markup import kept_name
from . import home


def bots_available() -> bool:
    """The computer players are shipped (a build may leave ``cardtable.bots`` out): found, not
    imported (the home screen asks; the bots are imported with the first computer's turn)."""
    try:
        return importlib.util.find_spec("cardtable.bots") is not None
    except ImportError:
        return False


def new_id() -> str:
    return f"{int(time.time() * 1000):x}-{random.SystemRandom().randrange(16 ** 4):04x}"


class NewGame:
    """The new-game form and the ways to start a game (see the module docstring)."""

    def __init__(self, app) -> None:
        self.app = app
        self.preset: Optional[str] = None   # the Seep scoring chosen on the new-game form
        self.seats: Optional[int] = None    # ... and its number of players (4 or 2)
        self.errors: dict = {}              # why Start was refused: a field's id ("" for the form) -> message

    def acts(self) -> dict:
        return {"new": self.show, "quick": self.start_against_computer, "start": lambda _arg: self.start_from_form(),
                "play-again": lambda _arg: self.play_again()}

    def changed(self, field: str, value: str) -> None:
        """Seep's scoring or number of players changed on the form: drawn again (typed names stay)."""
        self.errors = {}
        if field == "ng-preset":
            self.preset = value
        else:
            self.seats = to_int(value, 4)
        self.app.render()

    def show(self, game_name: str) -> None:
        self.preset = self.seats = None
        self.errors = {}
        self.app.screen = f"new:{game_name}"
        self.app.render()

    def read_form(self) -> tuple[dict, dict]:
        """The game the form describes and its seats' kinds, from the fields the tap on *Start*
        brought (``app.form``)."""
        values = self.app.form
        game = self.app.screen.partition(":")[2]   # (the form's screen: new:<game>)
        n = 2 if game == "seep" and values.get("ng-seats") == "2" else home.SEATS[game]
        names, kinds = [], {}
        for i in range(n):
            names.append(kept_name(values.get(f"ng-name-{i}", "")) or home.DEFAULT_NAMES[i])
            kinds[f"p{i}"] = values.get(f"ng-kind-{i}", "human")
        limit = game == "dummy-spades" and values.get("ng-limit") == "on"
        options = home.form_options(game, values, limit)
        seed_text = values.get("ng-seed", "").strip()
        seed = int(seed_text) if seed_text.lstrip("-").isdigit() else (seed_text or random.SystemRandom().randrange(1, 2 ** 31))
        record = {"format": "cardtable/1", "game": game, "options": options, "players": names, "seed": seed,
                  "actions": []}
        return record, kinds

    def start_from_form(self) -> None:
        """*Start*: the game the form describes opened, or the form drawn again saying why not."""
        self.errors = home.form_errors({k: v for k, v in self.app.form.items() if k in home.NUMBER_FIELDS})
        if self.errors:
            self.errors[""] = _("Check the numbers marked above.")
            return self.app.render()
        record, kinds = self.read_form()
        if len(set(n.casefold() for n in record["players"])) < len(record["players"]):
            self.errors = {"": _("Give every player a different name.")}
            return self.app.render()
        try:
            game = new_game(record)
        except RecordError as err:
            self.errors = {"": _("These options cannot be used: {why}").format(why=err)}
            return self.app.render()
        self.errors = {}
        self.app.open_game(game, new_id(), kinds, log=[])
        self.app.autosave()
        self.app.advance()

    def start_against_computer(self, game_name: str) -> None:
        """One tap from home: you in the first seat, computers at the level chosen on the tile elsewhere."""
        if game_name not in home.SEATS:
            return
        n = home.SEATS[game_name]
        names = [_("You")] + home.DEFAULT_NAMES[1:n]
        level = self.app.settings.get("level", home.DEFAULT_LEVEL)
        kinds = {f"p{i}": ("human" if i == 0 else level) for i in range(n)}
        record = {"format": "cardtable/1", "game": game_name, "options": {}, "players": names,
                  "seed": random.SystemRandom().randrange(1, 2 ** 31), "actions": []}
        self.app.open_game(new_game(record), new_id(), kinds, log=[])
        self.app.autosave()
        self.app.advance()

    def play_again(self) -> None:
        record = self.app.game.to_record()
        fresh = {"format": record["format"], "game": record["game"], "options": record.get("options", {}),
                 "players": record.get("players"), "seed": random.SystemRandom().randrange(1, 2 ** 31), "actions": []}
        controllers = dict(self.app.controllers)
        self.app.close_game()
        self.app.open_game(new_game(fresh), new_id(), controllers, [])
        self.app.autosave()
        self.app.advance()
