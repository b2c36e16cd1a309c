"""The games' rules, one module per game; ``REGISTRY`` maps a record's ``game`` to its class."""

from __future__ import annotations

from ..game import Game

REGISTRY: dict[str, type[Game]] = {}


def register(cls: type[Game]) -> type[Game]:
    """Class decorator: make a game known to records and the CLI under ``cls.name``."""
    REGISTRY[cls.name] = cls
    return cls


def _load_all() -> None:
    # Each game module registers itself.  A module that is not written yet is simply absent.
    import importlib

    for mod in ("dummy_spades", "seep"):
        try:
            importlib.import_module(f"{__name__}.{mod}")
        except ModuleNotFoundError as err:
            if err.name != f"{__name__}.{mod}":
                raise


_load_all()
