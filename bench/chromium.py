"""What the browser benches share: where the site is built, and Debian's Chromium with the flags that
keep its own traffic out of the figures (``sys.path`` gains ``tools/`` for ``serve.make_server``),
and ``site_and_browser``: ``dist/`` served on a free loopback port and that Chromium launched."""

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
