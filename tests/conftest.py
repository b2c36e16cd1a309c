"""Shared fixtures: the built site served on a free loopback port, and Playwright on Debian's Chromium.

Playwright's own browser download cannot work on our machines, so ``browser_type_launch_args`` points
pytest-playwright at ``/usr/bin/chromium`` (installed by ``make test``).
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = ROOT / "test-artifacts"
BOOT_TIMEOUT_MS = 90_000  # a generous ceiling for Python to boot, not a speed check

sys.path.insert(0, str(ROOT / "tools"))


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def dist() -> Path:
    """The built site; built here if ``make`` has not built it already."""
    if not (DIST / "index.html").is_file():
        subprocess.run([sys.executable, str(ROOT / "tools" / "build.py")], check=True)
    return DIST


class Server:
    """dist/ served by tools/serve.py's handler in a thread; ``stop()`` makes the site unreachable."""

    def __init__(self, directory: Path):
        from serve import make_server

        self.httpd = make_server(directory, 0)
        self.port = self.httpd.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}/"
        self.origin = f"http://127.0.0.1:{self.port}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture(scope="session")
def site(dist):
    server = Server(dist)
    yield server
    server.stop()


@pytest.fixture()
def own_site(dist):
    """A server of the test's own, for tests that stop it."""
    server = Server(dist)
    yield server
    try:
        server.stop()
    except Exception:
        pass


class PageWatch:
    """Collects what a page did that a test may check: requests, console errors, page errors."""

    def __init__(self, page, origin: str):
        self.origin = origin
        self.requests: list[str] = []
        self.console_errors: list[str] = []
        self.page_errors: list[str] = []
        page.on("request", lambda r: self.requests.append(r.url))
        page.on("console", lambda m: m.type == "error" and self.console_errors.append(m.text))
        page.on("pageerror", lambda e: self.page_errors.append(str(e)))

    def foreign_requests(self) -> list[str]:
        return [u for u in self.requests
                if not (u.startswith(self.origin + "/") or u.startswith("blob:") or u.startswith("data:"))]

    def assert_clean(self) -> None:
        assert self.foreign_requests() == []
        assert self.page_errors == []
        assert self.console_errors == []


def wait_ready(page) -> None:
    page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_TIMEOUT_MS)


@pytest.fixture()
def watched_page(page, site):
    watch = PageWatch(page, site.origin)
    page.watch = watch
    return page


def screenshot(page, name: str) -> Path:
    """Keep a screenshot as a test artifact (test-artifacts/NAME.png)."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=False)
    return path


# ---- reading the app's state from the page ---------------------------------------------------------
def saved_records(page) -> dict:
    """Every game saved in the page's localStorage, by id (raw JSON text)."""
    return page.evaluate("""() => {
        const out = {};
        for (let i = 0; i < localStorage.length; i++) {
            const k = localStorage.key(i);
            if (k.startsWith("cardtable/v1/game/")) out[k.slice(18)] = localStorage.getItem(k);
        }
        return out;
    }""")


def current_record(page) -> dict:
    """The record of the game being played (the one "Continue" opens)."""
    last = page.evaluate("localStorage.getItem('cardtable/v1/last')")
    return json.loads(saved_records(page)[last])


def dom_cards(page) -> list[str]:
    """The cards present in the page, by their data-card attribute, in document order."""
    return page.eval_on_selector_all("#app [data-card]", "els => els.map(e => e.dataset.card)")


def reload_and_resume(page) -> None:
    """Reload mid-game and reopen it: first a hand-off showing no card (nobody has the device yet),
    then the same seat sees exactly the same position, and the saved record is unchanged."""
    before = current_record(page)
    viewer = page.get_attribute(".table", "data-viewer")
    cards = dom_cards(page)
    page.reload()
    wait_ready(page)
    page.click('[data-key="continue"]')
    assert page.locator("html[data-screen=handoff]").count() == 1
    assert dom_cards(page) == []
    page.click('[data-act="ready"]')
    assert page.get_attribute(".table", "data-viewer") == viewer
    assert dom_cards(page) == cards
    assert current_record(page) == before
