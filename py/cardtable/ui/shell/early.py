"""The taps made before Python was ready: the page's first script (web/first-paint.js) keeps the
act of every ``[data-act]`` tapped on the home screen the build drew (at most 8), in
``window.cardtableEarlyTaps``, and says "Starting…" with the progress bar; once the app has drawn
its first screen (morphing that same markup), they are carried out, in order."""

from __future__ import annotations

from . import page


def take_early_taps(app) -> None:
    """Carry out the taps made before Python was ready, as if made now (the page's list emptied)."""
    page.ask("cardtableEarlyTaps.splice", 0, 8, then=lambda acts: [app.dispatch(a) for a in acts or []])
