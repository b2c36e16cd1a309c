"""Start-up and the screens of the app in the page (PyScript, main thread)."""

from __future__ import annotations

import sys

from pyscript import document  # the UI layer is the only place that touches the browser


def start() -> None:
    app = document.getElementById("app")
    app.innerHTML = (
        '<section class="home"><h1>Card Table</h1>'
        f'<p class="muted">Python {sys.version.split()[0]} is ready.</p></section>'
    )
    app.hidden = False
    boot = document.getElementById("boot")
    if boot:
        boot.remove()
    document.documentElement.dataset.ready = "true"
