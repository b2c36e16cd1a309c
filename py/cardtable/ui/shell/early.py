"""The taps made before Python was ready: the page's first script (web/first-paint.js) keeps the
act of every ``[data-act]`` tapped on the home screen the build drew, in
``window.cardtableEarlyTaps``, and says "Starting…" with the progress bar; once the app has drawn
its first screen (morphing that same markup), they are carried out, in order."""

from __future__ import annotations

from pyscript import window

MAX_TAPS = 8   # (more is not a person's intent any more)


def early_taps() -> list[str]:
    """The acts tapped before Python was ready (at most ``MAX_TAPS``), taken: the list is emptied."""
    taps = getattr(window, "cardtableEarlyTaps", None)
    try:
        acts = [str(a) for a in taps][:MAX_TAPS] if taps is not None else []
        taps.length = 0
    except Exception:
        return []
    return acts


def take_early_taps(app) -> None:
    """Carry out the taps made before Python was ready, as if made now."""
    for act in early_taps():
        app.dispatch(act)
