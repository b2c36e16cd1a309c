"""The installable offline app: manifest, service worker, update banner, CSP, bundle budget.

Browser tests wait on conditions only (never on time).  Each page boot costs ~3 s of Python
start-up, so each test boots as few pages as it can.
"""

from __future__ import annotations

import json
import re
import shutil
import struct
import urllib.parse
import urllib.request
from html.parser import HTMLParser
from pathlib import Path

import pytest

from conftest import Server, built_value, screenshot, take_device, wait_ready
from csp import csp_violations, wait_until, watch_csp

pytestmark = [pytest.mark.browser, pytest.mark.first_visit]

CONTROLLED = "navigator.serviceWorker.controller !== null"
SAVE_KEY = "cardtable.offline-test"
LOCALE = Path(__file__).resolve().parent.parent / "py" / "cardtable" / "locale"

# What the page may load and run: its own origin, plus compiling WebAssembly (Pyodide).
EXPECTED_CSP = {
    "default-src": ["'self'"],
    "script-src": ["'self'", "'wasm-unsafe-eval'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'none'"],
}

# Asks the controlling worker which version and cache it serves.
WORKER_INFO = """() => new Promise((resolve) => {
  const channel = new MessageChannel();
  channel.port1.onmessage = (e) => resolve(e.data);
  navigator.serviceWorker.controller.postMessage({ type: "VERSION" }, [channel.port2]);
})"""


class _Head(HTMLParser):
    """The page's CSP meta, links and scripts, from the built index.html."""

    def __init__(self):
        super().__init__()
        self.csp = None
        self.links: dict[str, str] = {}
        self.scripts: list[dict] = []
        self.style_attrs = 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "style" in a:
            self.style_attrs += 1
        if tag == "meta" and (a.get("http-equiv") or "").lower() == "content-security-policy":
            self.csp = a["content"]
        elif tag == "link":
            self.links[a.get("rel", "")] = a.get("href", "")
        elif tag == "script":
            self.scripts.append(a)


def _head(dist: Path) -> _Head:
    h = _Head()
    h.feed((dist / "index.html").read_text(encoding="utf-8"))
    return h


def _parse_csp(text: str) -> dict[str, list[str]]:
    out = {}
    for part in text.split(";"):
        words = part.split()
        if words:
            out[words[0].lower()] = words[1:]
    return out


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", "not a PNG"
    return struct.unpack(">II", data[16:24])


def _boot_controlled(page, url: str) -> None:
    """Open the app, wait until Python is up and the service worker controls the page."""
    page.goto(url)
    wait_ready(page)
    wait_until(page, CONTROLLED)


# --- static checks (no browser) ----------------------------------------------------------------


def test_csp_allows_only_the_own_origin_and_wasm(dist):
    head = _head(dist)
    assert head.csp, "index.html has no Content-Security-Policy meta"
    assert _parse_csp(head.csp) == EXPECTED_CSP
    for bad in ("'unsafe-inline'", "'unsafe-eval'", "*", "http:", "https:", "data:", "blob:"):
        assert bad not in head.csp.split()
    # Everything the CSP must let through is a file of the site: no inline script, no style attribute.
    assert head.scripts and all(s.get("src") for s in head.scripts)
    assert head.style_attrs == 0
    html = (dist / "index.html").read_text(encoding="utf-8")
    assert html.index("Content-Security-Policy") < html.index("<script"), "the CSP must come before any script"


def test_app_stays_within_its_size_budget(dist):
    from build import APP_BUDGET

    # (a file with a packed copy beside it is downloaded as that copy: the app's archive)
    own = [p for p in dist.rglob("*") if p.is_file() and p.relative_to(dist).parts[0] != "runtime"
           and not p.with_name(p.name + ".xz").is_file()]
    assert dist / "app" / "cardtable.tar.xz" in own
    # a language's own files, fetched only for it: its pack (lang/<code>.pack, #50), its first
    # visit's home (web/home-<code>.html.gz, #49) and its rules pages (web/rules-<code>.json.gz, #49;
    # English has no pack, and its home is the page's own)
    bytes_of = lambda path: path.stat().st_size if path.is_file() else 0  # noqa: E731
    packs = {code: bytes_of(dist / "lang" / f"{code}.pack") + bytes_of(dist / "web" / f"home-{code}.html.gz")
             + bytes_of(dist / "web" / f"rules-{code}.json.gz")
             for code in ["en", *(p.stem for p in (dist / "lang").glob("*.pack"))]}
    shared = sum(p.stat().st_size for p in own) - sum(packs.values())
    # a player downloads the shared part and one language's own files
    assert set(packs) - {"en"} == {p.parts[-3] for p in LOCALE.glob("*/LC_MESSAGES/cardtable.po")}
    assert all(bytes_of(dist / "web" / f"rules-{code}.json.gz") for code in packs)
    for code, size in packs.items():
        assert shared + size <= APP_BUDGET, f"shared {shared:,} + the {code} pack {size:,} bytes: over the {APP_BUDGET:,} budget"


def _worker_value(dist: Path, name: str):
    """A value the build wrote into sw.js as JSON (minified: a classic script keeps its top-level
    names, ``NAME=<json>``)."""
    sw = (dist / "sw.js").read_text(encoding="utf-8")
    return json.JSONDecoder().raw_decode(sw, re.search(rf"\b{name}=", sw).end())[0]


def _listed(dist: Path) -> list[str]:
    """The files the worker precaches at install (the snapshot comes later, when a page asks)."""
    return _worker_value(dist, "FILES")


def test_service_worker_precaches_every_file_of_dist(dist):
    sw = (dist / "sw.js").read_text(encoding="utf-8")
    listed = _listed(dist)
    on_disk = sorted(p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file() and p.name != "sw.js"
                     and p.suffix != ".xz")  # (the packed copies: see the next test)
    # (the start-up snapshot is fetched after the install, when a page asks: see test_snapshot.py)
    # (the language packs are kept once fetched, each the one spoken: see test_a_language_pack_is_kept_offline)
    packs = [f for f in on_disk if f.startswith("lang/")]
    assert packs and all(f.endswith(".pack") for f in packs)
    assert sorted(listed) == [f for f in on_disk if f != "runtime/pyodide-snapshot.bin" and f not in packs]
    assert "web/py-worker.js" in listed and not any("pyscript" in f for f in on_disk)   # (the app's worker, no PyScript)
    assert _worker_value(dist, "SNAPSHOT") == "runtime/pyodide-snapshot.bin"
    assert "runtime/pyodide/pyodide.asm.wasm" in listed and "index.html" in listed
    assert re.search(r'\bCACHE=PREFIX\+"[0-9a-f]{16}"[,;]', sw)


def test_the_first_visits_biggest_files_have_packed_copies_that_decode_to_them(dist):
    """The WebAssembly, the standard library and the app's archive have an xz copy beside them (what a first visit
    downloads, and the worker installs from); each decodes to the file byte for byte, both page and
    worker know every one of them with its size, and the worker keeps the files, not the copies."""
    import lzma

    from build import PACKED

    packed = sorted(p.relative_to(dist).as_posix()[:-3] for p in dist.rglob("*.xz"))
    assert packed == sorted(PACKED)
    sizes = {name: (dist / name).stat().st_size for name in packed}
    for name in packed:
        data = (dist / name).read_bytes()
        assert lzma.decompress((dist / (name + ".xz")).read_bytes(), format=lzma.FORMAT_XZ) == data, name
        assert (dist / (name + ".xz")).stat().st_size < len(data) / 3, name
    assert built_value((dist / "web" / "snapshot-early.js").read_text(encoding="utf-8"), '{"app/') == sizes
    assert _worker_value(dist, "PACKED") == sizes
    assert not [f for f in _listed(dist) if f.endswith(".xz")]
    assert "License: MIT" in (dist / "runtime" / "xz-decompress" / "xz-decompress.js").read_text(encoding="utf-8")


# --- in the browser ----------------------------------------------------------------------------


def test_manifest_is_valid_and_the_service_worker_controls_the_page(page, site, dist):
    watch_csp(page)
    requested: list[str] = []
    page.on("request", lambda r: requested.append(r.url))
    _boot_controlled(page, site.url)

    href = page.evaluate("document.querySelector('link[rel=manifest]').href")
    manifest = json.loads(urllib.request.urlopen(href).read())
    assert manifest["name"] == "Card Table"
    assert 0 < len(manifest["short_name"]) <= 12
    assert manifest["display"] == "standalone"
    assert manifest["theme_color"].lower() in {"#0d4a2e", "#0d5c36"}
    assert manifest["background_color"].lower() in {"#0d4a2e", "#0d5c36"}
    start = urllib.parse.urljoin(href, manifest["start_url"])
    scope = urllib.parse.urljoin(href, manifest["scope"])
    assert start == site.url + "index.html" and scope == site.url

    icons = manifest["icons"]
    purposes = {(i["sizes"], p) for i in icons for p in i.get("purpose", "any").split()}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= purposes
    apple = page.evaluate("document.querySelector('link[rel=apple-touch-icon]').href")
    checks = [(urllib.parse.urljoin(href, i["src"]), i["sizes"]) for i in icons if i["sizes"] != "any"]
    checks.append((apple, "180x180"))
    for url, sizes in checks:
        w, h = (int(n) for n in sizes.split("x"))
        assert _png_size(urllib.request.urlopen(url).read()) == (w, h), url
        # ... and the browser decodes it at that size.
        natural = page.evaluate("""(src) => new Promise((resolve, reject) => {
            const img = new Image();
            img.onload = () => resolve([img.naturalWidth, img.naturalHeight]);
            img.onerror = () => reject(new Error("cannot load " + src));
            img.src = src;
        })""", url)
        assert natural == [w, h], url

    assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == site.url + "sw.js"
    if (dist / "runtime" / "pyodide-snapshot.bin").is_file():
        page.wait_for_selector("html[data-snapshot-cached]", state="attached")  # fetched after the install
    info = page.evaluate(WORKER_INFO)
    assert info["version"] == page.evaluate("document.documentElement.dataset.version")
    cached = page.evaluate("async (name) => (await (await caches.open(name)).keys()).map((r) => r.url)",
                           info["cache"])
    expected = {site.url + f for f in _listed(dist)}
    if (dist / "runtime" / "pyodide-snapshot.bin").is_file():
        # the snapshot, and its unpacked copy the worker makes of it
        expected |= {site.url + "runtime/pyodide-snapshot.bin", site.url + "runtime/pyodide-snapshot.unpacked"}
    assert set(cached) == expected
    # every file this first start requested is one the worker keeps (so an offline start finds it),
    # or the packed copy of one: those it downloaded packed, never also as they are
    ours = {u.split("#")[0].split("?")[0] for u in requested if u.startswith(site.url)} - {site.url}
    packed = {site.url + f for f in _worker_value(dist, "PACKED")}
    assert ours - expected - {u + ".xz" for u in packed} <= {site.url + "sw.js"}
    assert {u + ".xz" for u in packed} <= ours and not packed & ours
    # ... and the worker keeps each of those decoded, under its own name
    sizes = page.evaluate("""async ([name, urls]) => Promise.all(urls.map(async (u) => {
        const r = await (await caches.open(name)).match(u);
        return [r.headers.get("Content-Type"), (await r.arrayBuffer()).byteLength];
    }))""", [info["cache"], sorted(packed)])
    for url, (kind, size) in zip(sorted(packed), sizes):
        path = dist / url[len(site.url):]
        types = {".wasm": "application/wasm", ".zip": "application/zip", ".tar": "application/x-tar"}
        assert size == path.stat().st_size and kind == types[path.suffix]
    assert csp_violations(page) == []


def test_app_loads_under_its_csp_without_violations(page, site):
    """Extend this (or copy its three lines) to play a hand under the CSP."""
    watch_csp(page)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(site.url)
    wait_ready(page)
    assert page.locator("#app").is_visible()
    assert csp_violations(page) == []
    assert errors == []


def test_starts_offline_after_the_server_stops_and_keeps_saved_data(page, own_site):
    watch_csp(page)
    _boot_controlled(page, own_site.url)
    version = page.evaluate("document.documentElement.dataset.version")
    page.evaluate(f"localStorage.setItem('{SAVE_KEY}', 'hand 3, trick 2')")

    own_site.stop()
    with pytest.raises(OSError):  # the site is really gone
        urllib.request.urlopen(own_site.url, timeout=5)
    page.reload()
    wait_ready(page)

    assert page.locator("#app").is_visible()
    assert page.locator("html[data-boot-failed]").count() == 0
    assert page.evaluate(f"localStorage.getItem('{SAVE_KEY}')") == "hand 3, trick 2"
    assert page.evaluate("document.documentElement.dataset.version") == version
    assert page.evaluate(CONTROLLED)
    # the page's runtime files came from the worker's cache by its static routes, without its fetch
    # handler (Chromium names the route's source: "cache"; what the handler answers leaves it empty).
    # (Pyodide's are the app's worker's, web/py-worker.js: answered by the fetch handler, from the same cache)
    sources = page.evaluate("""[...new Set(performance.getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname.includes('/runtime/') && !new URL(e.name).pathname.includes('/runtime/pyodide/'))
        .map((e) => e.workerFinalSourceType))]""")
    assert sources == ["cache"]
    assert csp_violations(page) == []


def test_a_language_pack_is_kept_offline(page, own_site):
    """A player who speaks Hindi (chosen in the settings) starts offline in Hindi: the worker kept the
    pack the page fetched before it was installed (web/sw-register.js asks again through it)."""
    page.goto(own_site.url)
    page.evaluate("localStorage.setItem('cardtable/v1/settings', JSON.stringify({lang: 'hi'}))")
    asked, answered = [], []   # the page's requests for the pack (its own; web/sw-register.js's)
    page.on("request", lambda r: r.url.endswith("/lang/hi.pack") and asked.append(r))
    page.on("requestfinished", lambda r: r.url.endswith("/lang/hi.pack") and answered.append(r))
    _boot_controlled(page, own_site.url)
    assert page.evaluate("document.documentElement.lang") == "hi"
    page.wait_for_function("""() => caches.keys().then(async (keys) => {
        for (const k of keys) if (await (await caches.open(k)).match(new URL('lang/hi.pack', location.href))) return true;
        return false; })""")
    while len(answered) < len(asked):   # every one answered (the worker answers once it has kept the pack)
        page.wait_for_event("requestfinished")
    logs = []
    page.on("console", lambda m: logs.append(m.type + ": " + m.text))
    own_site.stop()
    page.reload()
    wait_ready(page)
    assert page.evaluate("document.documentElement.lang") == "hi", logs
    assert "सहेजे गए खेल" in page.inner_text("#app")   # Saved games


def test_starts_with_the_browser_offline(context, page, own_site):
    _boot_controlled(page, own_site.url)
    context.set_offline(True)
    assert page.evaluate("navigator.onLine") is False
    page.reload()
    wait_ready(page)
    assert page.locator("#app").is_visible()
    assert page.locator("html[data-boot-failed]").count() == 0


def test_a_saved_hand_continues_offline(page, own_site):
    """Start a hand, play into it, stop the server: the reloaded app continues the same hand."""
    from conftest import current_record, dom_cards, store_get
    from test_browser_spades import STATE, start_game, take_turn

    watch_csp(page)
    _boot_controlled(page, own_site.url)
    start_game(page, own_site.url, seed=61)
    for _ in range(10):  # hand-offs, the three bids and some cards
        take_turn(page)
    page.wait_for_function(STATE)
    while page.evaluate(STATE) in ("handoff", "collect"):  # on to a seat's turn (a trick may be on the table)
        take_turn(page)
        page.wait_for_function(STATE)
    record = current_record(page)
    viewer = page.get_attribute(".table", "data-viewer")
    cards = dom_cards(page)

    own_site.stop()
    with pytest.raises(OSError):
        urllib.request.urlopen(own_site.url, timeout=5)
    page.reload()
    wait_ready(page)
    game_id = store_get(page, "cardtable/v1/last")   # (in the store's IndexedDB: not in localStorage)
    assert game_id
    if page.locator('[data-key="continue"]').count():  # (a reload now comes back to the game itself)
        page.click('[data-key="continue"]')
    take_device(page)
    assert page.get_attribute(".table", "data-viewer") == viewer
    assert dom_cards(page) == cards
    assert current_record(page) == record
    take_turn(page)  # and it can be played on, still offline
    assert len(current_record(page)["actions"]) == len(record["actions"]) + 1
    assert store_get(page, "cardtable/v1/last") == game_id
    assert csp_violations(page) == []


def test_starts_and_works_offline_from_a_sub_folder(page, dist, tmp_path):
    """Served from a folder of the host (a GitHub Pages project site: https://user.github.io/repo/),
    the app loads every file from its own folder, starts, and its worker keeps it offline."""
    shutil.copytree(dist, tmp_path / "site" / "cards")
    server = Server(tmp_path / "site")
    try:
        requested: list[str] = []
        page.on("request", lambda r: requested.append(r.url))
        url = server.url + "cards/"
        _boot_controlled(page, url)
        assert [u for u in requested if not u.startswith(url)] == []
        assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == url + "sw.js"
        server.stop()
        page.reload()
        wait_ready(page)
        assert page.locator("html[data-boot-failed]").count() == 0
    finally:
        try:
            server.stop()
        except Exception:
            pass


def test_a_new_version_waits_for_the_players_ok(page, dist, tmp_path):
    """An update is never applied behind the player's back: a banner asks, its button reloads."""
    copy = tmp_path / "site"
    shutil.copytree(dist, copy)
    server = Server(copy)
    try:
        watch_csp(page)
        _boot_controlled(page, server.url)
        old = page.evaluate(WORKER_INFO)
        page.evaluate("window.stillTheSamePage = true")
        assert page.locator(".pwa-update").count() == 0

        # Deploy a new version: one more file, so new content, a new cache and a new sw.js.
        from build_sw import write_service_worker

        (copy / "web" / "release-note.txt").write_text("a newer Card Table\n")
        write_service_worker(copy, "next-version")
        page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")

        banner = page.locator(".pwa-update")
        banner.wait_for(state="visible")
        screenshot(page, "update-banner")
        assert page.evaluate("window.stillTheSamePage") is True, "the page reloaded without asking"
        assert page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.waiting !== null)")
        assert page.evaluate(WORKER_INFO) == old  # the old version still serves this page

        with page.expect_navigation():
            page.get_by_role("button", name="Update — reload").click()
        wait_ready(page)
        assert page.evaluate("window.stillTheSamePage") is None
        new = page.evaluate(WORKER_INFO)
        assert new["version"] == "next-version" and new["cache"] != old["cache"]
        keys = page.evaluate("caches.keys()")
        assert keys == [new["cache"]], "the old version's cache was not deleted"
        assert page.locator(".pwa-update").count() == 0
        assert csp_violations(page) == []
    finally:
        server.stop()
