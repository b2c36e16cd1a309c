"""What the browser benches share: where the site is built, and Debian's Chromium with the flags that
keep its own traffic out of the figures (``sys.path`` gains ``tools/`` for ``serve.make_server``),
and ``site_and_browser``: ``dist/`` served on a free loopback port and that Chromium launched; and the
app's Python side, which runs in a Web Worker: ``py_worker``, ``store_ask``, ``worker_measures``."""

from __future__ import annotations

import sys
import threading
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
sys.path.insert(0, str(ROOT / "tools"))

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@contextmanager
def site_and_browser():
    """``(base URL, browser)``: ``dist/`` served on a free loopback port, Chromium launched; both
    stopped after."""
    from playwright.sync_api import sync_playwright
    from serve import make_server

    server = make_server(DIST, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            yield f"http://127.0.0.1:{server.server_address[1]}/", browser
            browser.close()
    finally:
        server.shutdown()


# ---- the app's Python side, which runs in a Web Worker (web/py-worker.js) --------------------------
def py_worker(page):
    """The page's Python worker (Playwright's Worker: ``.evaluate`` runs there)."""
    return next(w for w in page.workers if w.url.endswith("/web/py-worker.js"))


def store_ask(page, method: str, *args):
    """The app's store, asked from the page: ``cardtableStoreAsk(method, ...args)`` (web/boot.js;
    getItem, setItem, removeItem, keys, entries, room, flush), answered by the worker."""
    return page.evaluate("([m, a]) => cardtableStoreAsk(m, ...a)", [method, list(args)])


# the game being played's number of actions, asked of the store (an async function in the page)
MOVES_JS = ("async () => JSON.parse(await cardtableStoreAsk('getItem', 'cardtable/v1/game/'"
            " + await cardtableStoreAsk('getItem', 'cardtable/v1/last'))).actions.length")


def worker_measures(page, names: list[str] | None = None, since: float = 0) -> list[list]:
    """The User Timing measures (``cardtable:…``, Python's: ui/shell/timing.py) in the worker's
    timeline, ``[name, start, duration]`` with ``start`` in the page's time (ms from the page's
    navigation start: the two timelines differ by their time origins), those from ``since`` on."""
    return py_worker(page).evaluate("""([names, origin, since]) => performance.getEntriesByType("measure")
        .filter((m) => m.name.startsWith("cardtable:") && (!names || names.includes(m.name)))
        .map((m) => [m.name, m.startTime + performance.timeOrigin - origin, m.duration])
        .filter(([, s]) => s >= since)""", [names, page.evaluate("performance.timeOrigin"), since])
