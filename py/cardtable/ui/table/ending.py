"""The buttons of the end-of-hand and game-over dialogs (pure markup): go on, export, play again,
review, home.  A guest's table -- a game held by another device, ``game.remote`` (see
``session.remote.ViewGame``) -- draws only what a guest can do there: go on, and home."""

from __future__ import annotations

from ..text.i18n import _
from ..text.markup import button, esc


def on_guest(game) -> bool:
    """This table is a guest's: the game, its record and its save are on the host's device."""
    return bool(getattr(game, "remote", False))


def first(html: str) -> str:
    """The button where the dialog puts the focus."""
    return html.replace("<button ", "<button data-autofocus ", 1)


def hand_buttons(game) -> str:
    """Under the end-of-hand scores: the next hand (or the result), and Export but on a guest."""
    label = _("See the result") if game.over else _("Next hand")
    go_on = first(button(esc(label), "next-hand", cls="btn", key="next"))
    return go_on + ("" if on_guest(game) else button(esc(_("Export game")), "export", cls="btn ghost", key="export-hand"))


def over_buttons(game, review: str = "") -> str:
    """Under the game-over result: Play again, Export, ``review`` (its button's markup) and Home;
    on a guest, Home only."""
    home = button(esc(_("Home")), "nav:home", cls="btn ghost", key="home")
    if on_guest(game):
        return first(home)
    return (first(button(esc(_("Play again")), "play-again", cls="btn", key="again"))
            + button(esc(_("Export game")), "export", cls="btn ghost", key="export-over") + review + home)
