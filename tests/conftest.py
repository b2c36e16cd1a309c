"""Shared fixtures: the built site served on a free loopback port, and Playwright on Debian's Chromium.

Playwright's own browser download cannot work on our machines, so ``browser_type_launch_args`` points
pytest-playwright at ``/usr/bin/chromium`` (installed by ``make test``).

The screen audit (issue #25): every browser context the tests open -- pytest-playwright's ``page`` and
``context`` and any ``browser.new_context()`` -- runs tests/screen_audit.js after every redraw of the
app.  What it finds comes back through the ``__auditReport`` binding with a frozen copy of the page,
rendered at once to ``test-artifacts/audit/<test>-<check>-<n>.png``; the test then fails (in its
teardown) with every failure's description and screenshot.
"""

from __future__ import annotations

import json
import os
import re
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
# WebRTC between the pages of one browser on loopback (the tests of play across devices): candidates on
# loopback, and the pages' own addresses rather than mDNS names
WEBRTC_ARGS = ["--allow-loopback-in-peer-connection", "--disable-features=WebRtcHideLocalIpsWithMdns"]
ARTIFACTS = ROOT / "test-artifacts"
BOOT_TIMEOUT_MS = 90_000  # a generous ceiling for Python to boot, not a speed check
AUDIT_JS = ROOT / "tests" / "screen_audit.js"
SCREENS = ARTIFACTS / "screens"   # the screenshots of named moments (issue #25), for a person to look at

sys.path.insert(0, str(ROOT / "tools"))


class ChromiumLog:
    """Chromium's own standard error, kept in ``test-artifacts/chromium/<process>.log`` (Playwright
    drops it): where a page's renderer that crashed says why (an out-of-memory, a failed check, a
    signal and its stack), which Playwright's "Target crashed" does not.  Chromium is started through
    a two-line script that sends its standard error there.  A renderer the kernel killed for want of
    memory says nothing: the kernel's count of such kills (``/proc/vmstat``) is told beside it."""

    NOISE = re.compile(r"dbus|crashpad|unexpected operator|idle_linux|DevTools listening|^\s*$")

    def __init__(self) -> None:
        self.dir = ARTIFACTS / "chromium"
        self.log = self.dir / f"{os.environ.get('PYTEST_XDIST_WORKER', 'main')}.log"
        self.start = 0
        self.oom_kills = 0

    def launcher(self) -> str:
        self.dir.mkdir(parents=True, exist_ok=True)
        self.log.write_bytes(b"")
        self.start = 0
        script = self.log.with_suffix(".sh")
        script.write_text(f'#!/bin/sh\nexec {CHROMIUM} "$@" 2>>"{self.log}"\n')
        script.chmod(0o755)
        return str(script)

    def mark(self) -> None:
        """A test starts: what Chromium says from now on is the test's."""
        self.start = self.log.stat().st_size if self.log.exists() else 0
        self.oom_kills = self.kernel("/proc/vmstat", "oom_kill")

    @staticmethod
    def kernel(path: str, name: str) -> int:
        """A figure of the kernel's (0 where it cannot be read)."""
        try:
            for line in Path(path).read_text().splitlines():
                if line.split()[:1] in ([name], [name + ":"]):
                    return int(line.split()[1])
        except (OSError, ValueError, IndexError):
            pass
        return 0

    def since_mark(self) -> str:
        self.dir.mkdir(parents=True, exist_ok=True)
        self.log.touch()
        with self.log.open("rb") as f:
            f.seek(self.start)
            lines = f.read().decode("utf-8", "replace").splitlines()
        kills = self.kernel("/proc/vmstat", "oom_kill") - self.oom_kills
        free = self.kernel("/proc/meminfo", "MemAvailable") // 1024
        said = [line for line in lines if not self.NOISE.search(line)][-60:]
        return "\n".join(said + [f"(the kernel's out-of-memory kills during the test: {kills}; "
                                  f"memory available: {free} MB)"])


CHROMIUM_LOG = ChromiumLog()
CRASHED = r"^(Error|TargetClosedError): [^\n]*(Target|Page) crashed"
"""Playwright's error for a page whose renderer is gone.  Seen now and then while a page boots, on
this machine and in CI (docs/benchmarks.md), the cause not yet found: a browser test failing so is
run again, twice at most, with new pages (``pytest-rerunfailures``; ``SharedPage``), and each crash
is listed at the end of the run with what Chromium said during that test (``CHROMIUM_LOG``).  A
crash the app causes comes back when the test is run again, and fails it."""
CRASHES = ARTIFACTS / "chromium" / "crashes.txt"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM_LOG.launcher(),
            "args": CHROMIUM_ARGS + WEBRTC_ARGS}


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item) -> None:
    CHROMIUM_LOG.mark()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    report = (yield).get_result()
    error = f"{call.excinfo.typename}: {call.excinfo.value}" if call.excinfo is not None else ""
    if report.failed and re.search(CRASHED, error):
        said = CHROMIUM_LOG.since_mark()
        report.sections.append(("what Chromium said during the test", said))
        CRASHES.parent.mkdir(parents=True, exist_ok=True)
        with CRASHES.open("a", encoding="utf-8") as f:
            f.write(f"{item.nodeid} ({call.when}): {str(call.excinfo.value).splitlines()[0]}\n"
                    + "".join(f"    {line}\n" for line in said.splitlines()))


def pytest_sessionstart(session) -> None:
    if not os.environ.get("PYTEST_XDIST_WORKER"):   # (the main process: before its workers start)
        CRASHES.unlink(missing_ok=True)


def pytest_terminal_summary(terminalreporter) -> None:
    if CRASHES.exists() and not os.environ.get("PYTEST_XDIST_WORKER"):
        terminalreporter.section("pages whose renderer crashed (each test run again)")
        terminalreporter.write(CRASHES.read_text(encoding="utf-8"))


BROWSER_FIXTURES = {"playwright", "page", "browser", "context", "site", "own_site", "warm"}


def pytest_collection_modifyitems(items) -> None:
    """A test that opens the built site is a browser test, marked or not (``make test-quick`` runs
    the others: ``-m "not browser"``).  The files with browser tests run first: ``make test``'s two
    processes take whole files in this order, so the many short CPython files come last and keep
    both processes busy to the end, instead of one long browser file running alone.  A browser test
    whose page crashed is run again (see ``CRASHED``)."""
    browser_files = set()
    for item in items:
        if BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)
            browser_files.add(item.path)
            if item.get_closest_marker("flaky") is None:   # (a test that names its own reruns keeps them)
                item.add_marker(pytest.mark.flaky(reruns=2, only_rerun=[CRASHED]))
    items.sort(key=lambda item: item.path not in browser_files)   # (stable: each file's order kept)


class ScreenAudit:
    """The failures the screen audit reported during the current test (see tests/screen_audit.js)."""

    def __init__(self) -> None:
        self.test = "test"
        self.failures: list[str] = []
        self.shots = 0
        self.new_context = None   # the browser's own new_context (the frozen copies are rendered without the audit)

    def render(self, html: str, url: str, width: int, height: int, path: Path) -> Path:
        """A screenshot of a frozen copy of a page (``window.__auditSnapshot()``), its styles from ``url``'s site."""
        path.parent.mkdir(parents=True, exist_ok=True)
        origin = re.match(r"https?://[^/]+/", url)
        if origin:
            html = html.replace("<head>", f'<head><base href="{origin.group(0)}">', 1)
        ctx = self.new_context(viewport={"width": width, "height": height})
        try:
            p = ctx.new_page()
            p.set_content(html, wait_until="load")
            p.screenshot(path=str(path))
        finally:
            ctx.close()
        return path

    def report(self, source, entry: dict) -> None:
        """A binding's call (from inside a Playwright call of the test): keep the failure and render its
        frozen copy of the page as a screenshot."""
        self.shots += 1
        n = self.shots
        name = re.sub(r"[^\w.-]+", "-", f"{self.test}-{entry.get('kind', 'x')}-{n}")[:150]
        path = ARTIFACTS / "audit" / f"{name}.png"
        try:
            if not entry.get("html"):
                raise ValueError("one of many failures on this page")
            self.render(entry["html"], source["frame"].url, entry["width"], entry["height"], path)
        except Exception as err:  # the description is the failure; the picture is a help
            path = f"(no screenshot: {err})"
        self.failures.append(f"[{entry.get('kind')}] at {entry.get('width')}x{entry.get('height')} on "
                             f"{entry.get('screen')!r}: {entry.get('what')} -- {path}")


AUDIT = ScreenAudit()


# the guards' times in the tests: the hand-off's (ui/table/screen.py: 700 ms for players) and the tap
# guard's (web/morph.js: a control a redraw brings near the last tap is disabled 700 ms; the screen
# audit checks the same time).  Longer than the gap between a double tap's two taps (Playwright's
# dblclick: a few milliseconds; a person's: tens), short enough that the hundreds of hand-offs and
# guarded taps of the suite do not wait 700 ms each (Playwright polls a disabled button at growing
# intervals, up to 500 ms apart: a guarded tap cost up to 1.2 s)
GUARD_MS = 120
# and the pause before a computer's move (ui/app.py; 200-1200 ms for players by the speed setting):
# a test waits for the computers' moves, never for their pauses (a test of the pause itself sets
# window.__cardtableComputerMs = null)
COMPUTER_MS = 20
SHORT_GUARD = (f"window.__cardtableHandoffGuardMs = {GUARD_MS}; window.__cardtableTapGuardMs = {GUARD_MS};"
               f" window.__cardtableComputerMs = {COMPUTER_MS};")


# Python answers the page in its worker (web/boot.js posts each call; ``window.cardtableBusy`` counts
# those Python has not answered yet), and the tests hand it the page's taps, fields and keys
# (``cardtableTap``, ``cardtableField``, ``cardtableKey``: ui/shell/page_input.py) a task later still,
# so that a screen Python draws meanwhile may replace the one tapped (the app must drop such a tap).
# ``window.__unanswered`` counts the taps not handed over yet: every input a test makes waits for
# both (``wait_for_answers``), as a person looks at what a tap brought before the next one.
ANSWER_LATER = """(() => {
  window.__unanswered = 0;
  for (const name of ["cardtableTap", "cardtableField", "cardtableKey"]) {
    let answer = null;
    const later = (...args) => {
      window.__unanswered++;
      setTimeout(() => { try { answer(...args); } finally { window.__unanswered--; } });
    };
    Object.defineProperty(window, name, {configurable: true, get: () => answer && later, set: (fn) => { answer = fn; }});
  }
})();"""
ANSWERED = "() => !(window.__unanswered > 0) && !(window.cardtableBusy > 0)"   # (cardtableBusy: web/boot.js)


def answer_later(context) -> None:
    """The app's answers to taps and fields a task later in every page of ``context`` (``ANSWER_LATER``)."""
    context.add_init_script(ANSWER_LATER)


def wait_for_answers() -> None:
    """Every input a test makes through Playwright (a click, a tap, a key, a field set, a file
    chosen) returns once the app has answered it (``ANSWER_LATER``)."""
    from playwright.sync_api import Error, Frame, Keyboard, Locator, Mouse, Page, Touchscreen

    devices: dict = {}   # a page's keyboard, mouse and touchscreen -> the page

    def page_of(obj):
        if isinstance(obj, Page):
            return obj
        return obj.page if isinstance(obj, (Frame, Locator)) else devices.get(id(obj))

    def answered(method):
        def act(self, *args, **kwargs):
            result = method(self, *args, **kwargs)
            page = page_of(self)
            if page is not None and not page.is_closed():
                try:
                    page.wait_for_function(ANSWERED, timeout=BOOT_TIMEOUT_MS)
                except Error as err:   # the tap closed the page or left it: nothing to wait for
                    if not re.search(r"closed|destroyed|navigat", str(err)):
                        raise
            return result
        return act

    inputs = ("click", "dblclick", "tap", "press", "type", "fill", "check", "uncheck", "set_checked",
              "select_option", "set_input_files", "dispatch_event", "press_sequentially")
    for cls in (Page, Frame, Locator):
        for name in inputs:
            if hasattr(cls, name):
                setattr(cls, name, answered(getattr(cls, name)))
    for cls, names in ((Keyboard, ("press", "type", "up", "insert_text")), (Mouse, ("click", "dblclick", "up")),
                       (Touchscreen, ("tap",))):
        for name in names:
            setattr(cls, name, answered(getattr(cls, name)))
    for prop in ("keyboard", "mouse", "touchscreen"):
        def device(page, get=getattr(Page, prop).fget):
            got = get(page)
            devices[id(got)] = page
            return got
        setattr(Page, prop, property(device))



def pytest_configure(config) -> None:
    wait_for_answers()   # (in a test run only: the benches that import this module click as they are)


def audit_context(context) -> None:
    """Run the screen audit in every page of ``context`` (and the guards' and computers' shorter
    times, and taps answered a task later)."""
    context.add_init_script(path=str(AUDIT_JS))
    context.add_init_script(SHORT_GUARD)
    answer_later(context)
    context.expose_binding("__auditReport", AUDIT.report)


@pytest.fixture(scope="session")
def browser(launch_browser):
    """One browser for each test process, shared by its files, whose every new context runs the
    screen audit."""
    browser = launch_browser()
    new_context = browser.new_context
    AUDIT.new_context = new_context

    def audited_context(*args, **kwargs):
        context = new_context(*args, **kwargs)
        audit_context(context)
        return context

    browser.new_context = audited_context
    yield browser
    browser.close()


class Devices:
    """The devices of a test of play across devices: contexts of the test process's browser (launched
    with ``WEBRTC_ARGS``), made without the screen audit (each test's ``device`` adds it, or not), all
    closed after the test.  (These tests had a browser of their own per file; twice the browser
    processes, and their pages' renderers crashed now and then while starting: see docs/benchmarks.md.)"""

    def __init__(self) -> None:
        self.contexts: list = []

    def new_context(self, **args):
        context = AUDIT.new_context(**args)
        self.contexts.append(context)
        return context

    def close(self) -> None:
        for context in self.contexts:
            try:
                context.close()
            except Exception:   # (a context a test closed itself)
                pass


@pytest.fixture()
def webrtc_browser(browser):
    devices = Devices()
    yield devices
    devices.close()


class WarmContexts:
    """Browser contexts that have visited the site once, so their service worker holds the app and
    its start-up snapshot: a page opened in one starts as a returning player's does (from the
    snapshot, under a second) instead of as a first visit (the runtime downloaded and decoded, the
    service worker installing beside it: three seconds and more of both cores).  One context per
    set of context options (a locale...), made on first use; each test's page gets the site's
    stored data cleared first (localStorage, IndexedDB: the cache of the service worker stays), so
    no test sees another's saves."""

    def __init__(self, browser, site):
        self.browser = browser
        self.site = site
        self.contexts: dict[str, object] = {}

    @staticmethod
    def key(args: dict) -> str:
        return json.dumps(args, sort_keys=True, default=str)

    def context(self, args: dict):
        key = self.key(args)
        if key not in self.contexts:
            context = self.browser.new_context(**args)
            page = context.new_page()
            page.goto(self.site.url)
            wait_ready(page)
            page.wait_for_selector("html[data-snapshot-cached]", state="attached", timeout=BOOT_TIMEOUT_MS)
            page.close()
            self.contexts[key] = context
        return self.contexts[key]

    def fresh_page(self, args: dict):
        """A new page in the warm context for ``args``, the site's stored data cleared."""
        of_context = {k: v for k, v in args.items() if k != "viewport"}
        key = self.key(of_context)
        context = self.context(of_context)
        page = context.new_page()
        # a page that crashed: the test run again (``CRASHED``) warms a context anew
        page.on("crash", lambda _page: self.contexts.pop(key, None))
        cdp = context.new_cdp_session(page)
        cdp.send("Storage.clearDataForOrigin", {"origin": self.site.origin,
                                                "storageTypes": "local_storage,indexeddb,websql"})
        cdp.detach()
        if args.get("viewport"):
            page.set_viewport_size(args["viewport"])
        return page


@pytest.fixture(scope="session")
def warm(browser, site):
    return WarmContexts(browser, site)


@pytest.fixture()
def page(request, browser, browser_context_args, warm):
    """The test's page: in a warm context (see WarmContexts), or, for a test or file marked
    ``first_visit``, in a new context of its own, as a first visit."""
    if request.node.get_closest_marker("first_visit"):
        yield request.getfixturevalue("context").new_page()   # (pytest-playwright's context, closed after)
        return
    page = warm.fresh_page(browser_context_args)
    yield page
    page.close()


@pytest.fixture(autouse=True)
def screen_audit(request):
    """After each test: no failure of the screen audit (each listed with its screenshot)."""
    AUDIT.test = request.node.name
    AUDIT.failures = []
    AUDIT.shots = 0
    yield AUDIT
    failures, AUDIT.failures = AUDIT.failures, []
    if failures:
        pytest.fail("the screen audit failed:\n" + "\n".join(failures), pytrace=False)


# The screenshots of named moments are for a person to look at, and they check nothing: taken
# only when asked (`CARDTABLE_SCREENSHOTS=1 make test`), as each costs a page's render and a PNG
# encoding on a core the other test process needs (about a minute of the suite's CPU in all).
# The screen audit's own screenshots of a failure are always taken.
SCREENSHOTS = os.environ.get("CARDTABLE_SCREENSHOTS", "") not in ("", "0")


def screen_shot(page, name: str) -> Path:
    """A screenshot of a named moment, for a person to look at: test-artifacts/screens/NAME.png
    (when CARDTABLE_SCREENSHOTS is set)."""
    return screenshot(page, f"screens/{name}")


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


# The app's IndexedDB store filled straight with [key, value] pairs (many saves or statistics at once,
# made by the app's own modules in CPython): test_browser_saves_list.py, bench/bench_store.py.
FILL = """entries => new Promise((ok, no) => {
  const r = indexedDB.open("cardtable", 1);
  r.onupgradeneeded = () => r.result.createObjectStore("kv");
  r.onerror = () => no(r.error);
  r.onsuccess = () => {
    const tx = r.result.transaction("kv", "readwrite"), os = tx.objectStore("kv");
    for (const [k, v] of entries) os.put(v, k);
    tx.oncomplete = () => { r.result.close(); ok(entries.length); };
    tx.onabort = () => no(tx.error);
  };
})"""


def wait_ready(page) -> None:
    page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_TIMEOUT_MS)


READY = '[data-act="ready"]'


def take_device(page) -> None:
    """Tap "Ready" on a hand-off once it takes taps: after its guard time, and after web/morph.js's
    tap guard when it was drawn near the last tap (GUARD_MS each in the tests).
    Playwright's own click waits for an enabled button too, but polls it at growing intervals (up
    to 500 ms apart)."""
    page.wait_for_selector(READY + ":not([disabled])")
    page.click(READY)


def take_the_table(page) -> None:
    """``take_device``, then the table is drawn."""
    take_device(page)
    page.wait_for_selector(".table")


def open_page(browser, site, path: str = "", ready: bool = True, **context_args):
    """A page in a context of its own (``context_args`` as for ``browser.new_context``), watched by a
    PageWatch, at ``site.url + path``; with ``ready``, once the app has started.  Close it with
    ``page.context.close()``."""
    page = browser.new_context(**context_args).new_page()
    page.watch = PageWatch(page, site.origin)
    page.goto(site.url + path)
    if ready:
        wait_ready(page)
    return page


class SharedPage:
    """A page that a file's tests share (``open_page``'s: Python boots once for the file), opened
    anew before a test if its renderer crashed (``CRASHED``), so that the test run again has a page
    that works.  Everything else is the page's own (``shared.locator(...)``, ``shared.context``...)."""

    live: list["SharedPage"] = []

    def __init__(self, browser, site, **context_args) -> None:
        self._args = (browser, site, context_args)
        self._open()
        SharedPage.live.append(self)

    def _open(self) -> None:
        browser, site, context_args = self._args
        self._page = open_page(browser, site, **context_args)
        self._crashed = False
        self._page.on("crash", lambda _page: setattr(self, "_crashed", True))

    def __getattr__(self, name: str):
        return getattr(self._page, name)

    def close(self) -> None:
        SharedPage.live.remove(self)
        self._page.context.close()

    @classmethod
    def revive(cls) -> None:
        for shared in cls.live:
            if shared._crashed:
                try:
                    shared._page.context.close()
                except Exception:   # (a browser that ended with it)
                    pass
                shared._open()


@pytest.fixture(autouse=True)
def revived_pages():
    """Before each test: a shared page whose renderer crashed is opened anew (``SharedPage``)."""
    SharedPage.revive()


@pytest.fixture()
def watched_page(page, site):
    watch = PageWatch(page, site.origin)
    page.watch = watch
    return page


def screenshot(page, name: str) -> Path:
    """Keep a screenshot as a test artifact (test-artifacts/NAME.png), when CARDTABLE_SCREENSHOTS
    is set (see SCREENSHOTS)."""
    path = ARTIFACTS / f"{name}.png"
    if SCREENSHOTS:
        path.parent.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(path), full_page=False)
    return path


# ---- reading the app's state from the page ---------------------------------------------------------
# The app's store (web/store.js) is reached only through the page's cardtableStoreAsk, whose answer
# comes later: these tests hold as they are once the store lives in Python's worker and it asks
# there.  (Seeding localStorage before a load stays as it is: the app moves those keys in.)
GAME_PREFIX = "cardtable/v1/game/"
LAST_KEY = "cardtable/v1/last"


def store_ask(page, method: str, *args):
    """``cardtableStoreAsk(method, ...args)`` in the page: getItem, setItem, removeItem, keys,
    entries, room or flush (web/store.js)."""
    return page.evaluate("([m, a]) => cardtableStoreAsk(m, ...a)", [method, list(args)])


def store_get(page, key: str) -> str | None:
    return store_ask(page, "getItem", key)


def store_set(page, key: str, value: str) -> None:
    store_ask(page, "setItem", key, value)


def store_remove(page, key: str) -> None:
    store_ask(page, "removeItem", key)


def store_keys(page) -> list[str]:
    """Every key the store lists (its LOCAL keys kept in localStorage among them)."""
    return store_ask(page, "keys")


def store_entries(page) -> list[list[str]]:
    """The store's part in IndexedDB, ``[[key, value], ...]`` (none without IndexedDB)."""
    return store_ask(page, "entries")


def store_flush(page) -> bool:
    """Once the writes made so far have reached IndexedDB: whether they were (not refused)."""
    return store_ask(page, "flush")


def store_items(page, prefix: str = "") -> dict:
    """Every key the store lists that starts with ``prefix``, with its value, asked in one go."""
    return page.evaluate("""async (p) => {
        const ks = (await cardtableStoreAsk('keys')).filter((k) => k.startsWith(p));
        return Object.fromEntries(await Promise.all(ks.map(async (k) => [k, await cardtableStoreAsk('getItem', k)])));
    }""", prefix)


# Every key kept: the store's in IndexedDB and all of localStorage's (the store's LOCAL keys, keys
# not moved yet, and any other)
KEPT_KEYS_JS = ("async () => [...new Set([...(await cardtableStoreAsk('entries')).map((e) => e[0]), "
                "...Object.keys(localStorage)])]")
# The game being played's record (an async function in the page, for store_wait's predicates)
LAST_RECORD_JS = ("async () => JSON.parse(await cardtableStoreAsk('getItem', 'cardtable/v1/game/' "
                  "+ await cardtableStoreAsk('getItem', 'cardtable/v1/last')))")


def kept_keys(page) -> list[str]:
    return page.evaluate(KEPT_KEYS_JS)


_STORE_WAIT = """async ([arg, ms]) => {
  const ok = (PREDICATE), started = performance.now();
  while (!(await ok(arg))) {
    if (performance.now() - started > ms) throw new Error(`never became true in ${ms} ms: ${ok}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}"""


def store_wait(page, predicate: str, arg=None, timeout_ms: int = 30_000) -> None:
    """``page.wait_for_function(predicate, arg=arg)`` for a predicate that asks the store: an async
    function of ``arg``, polled in the page until it resolves to a truthy value.  (Playwright's does
    not wait for a promise: one is truthy, and the wait ends with whatever it resolves to.)  An error
    in the predicate fails the test at once, as there."""
    page.evaluate(_STORE_WAIT.replace("PREDICATE", predicate), [arg, timeout_ms])


def settle(page) -> None:
    """Collect a finished trick still on the table (tap it), so the game goes on."""
    page.evaluate("() => { const t = document.querySelector('.table.collecting .trick'); if (t) t.click(); }")
    page.wait_for_function(ANSWERED)   # (a click in the page's script: Python answers it in its worker)


def app_worker(page):
    """The app's worker (web/py-worker.js), where its Python and its store run (Playwright's Worker:
    ``evaluate`` runs there)."""
    return next(w for w in page.workers if w.url.endswith("/web/py-worker.js"))


def run_python(page, code: str):
    """The value of Python ``code`` (its last expression) run in the app's interpreter, in its worker
    (web/py-worker.js keeps it as ``self.cardtablePyodide``)."""
    return app_worker(page).evaluate("code => self.cardtablePyodide.runPython(code)", code)


def saved_records(page) -> dict:
    """Every game saved in the page's store, by id (raw JSON text)."""
    return {k[len(GAME_PREFIX):]: v for k, v in store_items(page, GAME_PREFIX).items()}


def current_record(page) -> dict:
    """The record of the game being played (the one "Continue" opens)."""
    last = store_get(page, LAST_KEY)
    return json.loads(saved_records(page)[last])


def dom_cards(page) -> list[str]:
    """The cards present in the page, by their data-card attribute, in document order."""
    return page.eval_on_selector_all("#app [data-card]", "els => els.map(e => e.dataset.card)")


def snapshot(page) -> dict:
    """What the page shows, read in one go (a timer cannot change the screen halfway through):
    ``screen``, ``viewer`` (the seat whose table is shown, or None), ``cards`` (as ``dom_cards``),
    ``hand`` (the cards of the viewer's hand) and ``hand_over`` (the last trick of a hand is on the table, the next hand not shown)."""
    return page.evaluate("""() => {
        const t = document.querySelector('#app .table');
        return {screen: document.documentElement.dataset.screen || '',
                viewer: t ? t.dataset.viewer : null,
                cards: [...document.querySelectorAll('#app [data-card]')].map(e => e.dataset.card),
                hand: [...document.querySelectorAll('#app .my-hand [data-card]')].map(e => e.dataset.card),
                hand_over: !!document.querySelector('.table.hand-over')};
    }""")


def reload_and_resume(page) -> None:
    """Reload mid-game and reopen it: first a hand-off showing no card (nobody has the device yet),
    then the same seat sees exactly the same position, and the saved record is unchanged."""
    before = current_record(page)
    viewer = page.get_attribute(".table", "data-viewer")
    cards = dom_cards(page)
    page.reload()
    wait_ready(page)
    if page.locator('[data-key="continue"]').count():  # (a reload used to land on home)
        page.click('[data-key="continue"]')
    # a reload comes back to the game's screen, on its hand-off
    assert page.locator("html[data-screen=handoff]").count() == 1
    assert dom_cards(page) == []
    take_device(page)
    assert page.get_attribute(".table", "data-viewer") == viewer
    assert dom_cards(page) == cards
    assert current_record(page) == before


# ---- what a seat may be shown (from the engine's view), for the privacy checks ----------------------
def spades_visible(view: dict) -> set[str]:
    """Cards a Dummy Spades seat may see: its hand, the dummy as far as visible, cards played to the
    current, last and previous hand's last trick."""
    vis = set(view["hand"]) | set(view["dummy"]) | {t for t in (view["dummy_slots"] or []) if t}
    for tr in [view["trick"], view["last_trick"], *(view["previous_tricks"][-1:] or [])]:
        for p in (tr or {}).get("plays", []):
            vis.add(p["card"])
    return vis


def seep_visible(view: dict) -> set[str]:
    """Cards a Seep seat may see: its hand, the floor, and any thrown-in hand shown at a redeal."""
    vis = set(view["hand"]) | set(view["floor"]["loose"])
    for h in view["floor"]["houses"]:
        vis |= set(h["cards"])
    for e in view["log"]:
        vis |= set(e.get("shown") or [])
    return vis


class FakeApp:
    """What a table renderer reads of the app, for rendering in CPython."""

    def __init__(self, seats):
        self.handoff_to = None
        self.controllers = {s: "human" for s in seats}
        self.banner = ""
        self.error = ""
        self.log = []


def start_from_form(page, url, game: str, seed, names, selects: dict | None = None) -> None:
    """Open the app, fill the new-game form of ``game`` (names, seed, <select> options) and start."""
    page.goto(url)
    wait_ready(page)
    page.click(f'[data-act="new:{game}"]')
    for i, n in enumerate(names):
        page.fill(f"#ng-name-{i}", n)
    for selector, value in (selects or {}).items():
        if value:
            page.select_option(selector, value)
    page.fill("#ng-seed", str(seed))
    page.click('[data-act="start"]')


def export_and_replay(page, tmp_path, button: str = '.hand-summary [data-act="export"]') -> tuple[dict, dict]:
    """Press an Export button, save the download, and replay it with ``python -m cardtable replay``.

    Returns the exported record and the JSON the command printed (it must exit 0)."""
    with page.expect_download() as dl:
        page.click(button)
    path = tmp_path / "game.json"
    dl.value.save_as(path)
    out = subprocess.run([sys.executable, "-m", "cardtable", "replay", str(path)], capture_output=True, text=True,
                         cwd=ROOT, env={"PYTHONPATH": str(ROOT / "py")})
    assert out.returncode == 0, out.stderr
    return json.loads(path.read_text()), json.loads(out.stdout)


def built_value(script: str, opening: str):
    """The JSON value the build wrote into a built (minified) script, found by how it opens (say
    ``{"runtime/``): tools/minify.py's ``fill`` writes it as JSON, wherever the minifier put it."""
    return json.JSONDecoder().raw_decode(script, script.index(opening))[0]
