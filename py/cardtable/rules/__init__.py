"""The rules as players read them in the app (Markdown), one file per game and language: the build
draws them (ui/screens/rules_page.py, tools/first_paint.py), so the page's archive holds this module
for ``TITLES`` only, without the books."""

from __future__ import annotations

TITLES = {"dummy-spades": "Dummy Spades", "seep": "Seep"}


def text(game: str, lang: str = "en") -> str:
    """The Markdown rules of ``game`` (``"dummy-spades"`` or ``"seep"``) in ``lang``: ``<game>.md``
    is English, ``<game>.<lang>.md`` another language (written for its players, not a word-for-word
    translation); English when there is none."""
    if game not in TITLES:
        raise KeyError(game)
    from importlib import resources

    here = resources.files(__name__)
    page = here.joinpath(f"{game}.{lang}.md")
    if lang != "en" and page.is_file():
        return page.read_text(encoding="utf-8")
    return here.joinpath(f"{game}.md").read_text(encoding="utf-8")
