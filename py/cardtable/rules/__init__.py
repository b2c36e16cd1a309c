"""The rules as players read them in the app (Markdown), one file per game."""

from __future__ import annotations

from importlib import resources

from ..locale import PACKS

TITLES = {"dummy-spades": "Dummy Spades", "seep": "Seep"}


def text(game: str, lang: str = "en") -> str:
    """The Markdown rules of ``game`` (``"dummy-spades"`` or ``"seep"``) in ``lang``: ``<game>.md``
    is English, ``<game>.<lang>.md`` another language (written for its players, not a word-for-word
    translation); English when there is none."""
    if game not in TITLES:
        raise KeyError(game)
    packed = PACKS.get(lang, {}).get("rules", {}).get(game)   # (in the page: the language's pack)
    if lang != "en" and isinstance(packed, str):
        return packed
    here = resources.files(__name__)
    page = here.joinpath(f"{game}.{lang}.md")
    if lang != "en" and page.is_file():
        return page.read_text(encoding="utf-8")
    return here.joinpath(f"{game}.md").read_text(encoding="utf-8")
