"""The rules as players read them in the app (Markdown), one file per game."""

from __future__ import annotations

from importlib import resources

TITLES = {"dummy-spades": "Dummy Spades", "seep": "Seep"}


def text(game: str) -> str:
    """The Markdown rules of ``game`` (``"dummy-spades"`` or ``"seep"``)."""
    if game not in TITLES:
        raise KeyError(game)
    return resources.files(__name__).joinpath(f"{game}.md").read_text(encoding="utf-8")
