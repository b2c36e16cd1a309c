"""The start-up memory snapshot (web/pyodide-snapshot.js, made by tools/build.py in Node).

It rests on Pyodide's private snapshot API, so the first checks fail loudly if a Pyodide upgrade
changes it.  The browser checks prove it never breaks a start: a damaged snapshot or one of another
version falls back to a normal boot in the same page load, offline starts work with and without it,
and a whole hand is played on an app started from it.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import struct
import urllib.request

import pytest

from conftest import ROOT, PageWatch, wait_ready
from csp import csp_violations, wait_until, watch_csp

SNAPSHOT = "runtime/pyodide-snapshot.bin"
MAGIC = b"CTSNAP1\n"
CONTROLLED = "navigator.serviceWorker.controller !== null"
PYODIDE = "314.0.7"  # the snapshot API below is private: re-check it before changing this pin


def _read(dist) -> tuple[dict, bytes]:
    data = (dist / SNAPSHOT).read_bytes()
    assert data.startswith(MAGIC)
    end = data.index(b"\n", len(MAGIC))
    return json.loads(data[len(MAGIC):end]), data[end + 1:]


# --- without a browser -------------------------------------------------------------------------


def test_pyodide_is_pinned_to_the_version_whose_private_snapshot_api_we_use():
    pkg = json.loads((ROOT / "package.json").read_text())
    assert pkg["dependencies"]["pyodide"] == PYODIDE, "re-check the snapshot API before moving this pin"
    installed = json.loads((ROOT / "node_modules" / "pyodide" / "package.json").read_text())["version"]
    assert installed == PYODIDE, "node_modules holds another Pyodide: run npm ci"
    loader = (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").read_text()
    assert "_loadSnapshot" in loader and "restoreSnapshot" in loader, "Pyodide's loadPyodide lost _loadSnapshot"
    asm = (ROOT / "node_modules" / "pyodide" / "pyodide.asm.mjs").read_text()
    assert "makeMemorySnapshot" in asm and "_makeSnapshot" in asm, "Pyodide lost makeMemorySnapshot"


def test_the_build_ships_a_snapshot_keyed_to_this_app_and_this_pyodide(dist):
    header, body = _read(dist)
    html = (dist / "index.html").read_text(encoding="utf-8")
    assert f'data-version="{header["app"]}"' in html
    assert header["pyodide"] == PYODIDE
    raw = gzip.decompress(body)
    assert len(raw) == header["bytes"] > 16 * 1024 * 1024  # the whole wasm memory of a started CPython
    worker = (dist / "web" / "py-worker.js").read_text(encoding="utf-8")
    assert "./pyodide-snapshot.js" in worker   # (the app's worker boots through the snapshot's loader)
    sw = (dist / "sw.js").read_text(encoding="utf-8")
    assert f'"{SNAPSHOT}"' in sw, "the service worker must precache the snapshot"


def wasm_initial_memory(wasm: bytes) -> int:
    """The initial size, in bytes, of the memory a WebAssembly module defines (its memory section:
    one memory, its limits' flags then its initial number of 64 KiB pages, LEB128)."""
    def leb(at: int) -> tuple[int, int]:
        value = shift = 0
        while True:
            byte = wasm[at]
            at += 1
            value |= (byte & 0x7F) << shift
            shift += 7
            if byte < 0x80:
                return value, at

    at = 8   # (after the magic number and the version)
    while at < len(wasm):
        section, size_at = wasm[at], at + 1
        size, at = leb(size_at)
        if section == 5:   # the memory section
            count, body = leb(at)
            assert count == 1
            pages, _end = leb(body + 1)
            return pages * 65536
        at += size
    raise AssertionError("the WebAssembly module defines no memory (it imports one?)")


def test_the_snapshot_fits_in_the_heap_a_restore_starts_with(dist):
    """Pyodide's open bug: a restore asks for an initial memory the size of the snapshot
    (prepareSnapshot sets INITIAL_MEMORY), but the WebAssembly module starts with the memory it
    defines, so a snapshot of a heap that grew past that default fails to restore (and every later
    start then boots the slow way, web/pyodide-snapshot.js).  The app's snapshot must stay within it:
    import less before the snapshot (tools/build.py, snapshot_modules) if this fails."""
    _header, body = _read(dist)
    raw = gzip.decompress(body)
    words = struct.unpack_from("<3I", raw)   # Pyodide's snapshot: magic, its header's length, ...
    heap = len(raw) - words[1]
    default = wasm_initial_memory((dist / "runtime" / "pyodide" / "pyodide.asm.wasm").read_bytes())
    assert words[1] < 4096 and heap % 65536 == 0
    assert heap <= default, f"the snapshot's heap is {heap} bytes, over the {default} a restore starts with"


def _snapshot_code(tmp_path, monkeypatch):
    """tools/snapshot_code.py as a fresh module, with the import system restored afterwards."""
    import importlib.util
    import sys

    spec = importlib.util.spec_from_file_location("_snapshot_code_test", ROOT / "tools" / "snapshot_code.py")
    code = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(code)
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    monkeypatch.setattr(sys, "path", [str(tmp_path)] + sys.path)
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    return code


def test_code_compiled_with_the_snapshot_runs_only_while_its_source_is_unchanged(tmp_path, monkeypatch):
    import importlib
    import sys

    pkg = tmp_path / "snapcodepkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "same.py").write_text("WHERE = 'compiled'\n")
    (pkg / "edited.py").write_text("WHERE = 'compiled'\n")
    code = _snapshot_code(tmp_path, monkeypatch)
    extra = json.dumps({"extrapkg/__init__.py": "WHERE = 'extra'\n"})
    (tmp_path / "extrapkg").mkdir()
    (tmp_path / "extrapkg" / "__init__.py").write_text("WHERE = 'extra'\n")
    names = code.install(str(tmp_path), ["snapcodepkg"], extra)
    assert names == ["extrapkg", "snapcodepkg", "snapcodepkg.edited", "snapcodepkg.same"]
    assert sys.meta_path[0] is code.Finder
    # the compiled code is what runs: prove it by changing the code object, not the file
    path, source, _ = code.COMPILED["snapcodepkg.same"]
    code.COMPILED["snapcodepkg.same"] = (path, source, compile("WHERE = 'from the snapshot'", path, "exec"))
    (pkg / "edited.py").write_text("WHERE = 'edited'\n")  # another source: compiled from the file
    importlib.invalidate_caches()
    try:
        assert importlib.import_module("snapcodepkg.same").WHERE == "from the snapshot"
        assert importlib.import_module("snapcodepkg.edited").WHERE == "edited"
        assert importlib.import_module("extrapkg").WHERE == "extra"
        assert code.HITS == ["snapcodepkg", "snapcodepkg.same", "extrapkg"]
    finally:
        for name in ("snapcodepkg", "snapcodepkg.same", "snapcodepkg.edited", "extrapkg"):
            sys.modules.pop(name, None)


# --- in the browser ----------------------------------------------------------------------------

def tamper_js(rewrite: str) -> str:
    """A page function ``([url, how]) => n``: in each of the n caches holding ``url``, ``how ===
    "delete"`` deletes the entry, any other ``how`` replaces it by the Response that ``rewrite`` (JS
    statements, given the cached Response ``hit`` and ``how``) returns."""
    return """async ([url, how]) => {
  const rewrite = async (hit, how) => {%s};
  let n = 0;
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    const hit = await cache.match(url);
    if (!hit) continue;
    if (how === "delete") await cache.delete(url);
    else await cache.put(url, await rewrite(hit, how));
    n++;
  }
  return n;
}""" % rewrite


# Replace the cached snapshot (in every cache holding it) by what `how` makes of its bytes.
TAMPER = tamper_js("""
    const bytes = new Uint8Array(await hit.arrayBuffer());
    const end = bytes.indexOf(10, 8);
    const header = JSON.parse(new TextDecoder().decode(bytes.subarray(8, end)));
    let out;
    if (how === "damaged-gzip") {
      out = bytes.slice();
      for (let i = end + 5000; i < end + 5100; i++) out[i] ^= 0x5a;
    } else if (how === "garbage-memory") {
      // a well-formed file whose memory image is nonsense: only Pyodide's restore can notice
      const raw = new Uint8Array(header.bytes);
      for (let i = 0; i < raw.length; i += 4096) raw[i] = (i * 7919) & 255;
      const gz = new Uint8Array(await new Response(new Blob([raw]).stream()
        .pipeThrough(new CompressionStream("gzip"))).arrayBuffer());
      const head = bytes.subarray(0, end + 1);
      out = new Uint8Array(head.length + gz.length);
      out.set(head); out.set(gz, head.length);
    } else if (how === "other-version") {
      const head = new TextEncoder().encode("CTSNAP1\\n" + JSON.stringify({ ...header, app: "another-version" }) + "\\n");
      const body = bytes.subarray(end + 1);
      out = new Uint8Array(head.length + body.length);
      out.set(head); out.set(body, head.length);
    }
    return new Response(out);
""")

# The same for the unpacked copy the service worker stores at install (bytes, header X-Snapshot).
TAMPER_UNPACKED = tamper_js("""
    const header = JSON.parse(hit.headers.get("X-Snapshot"));
    let body = await hit.arrayBuffer();
    if (how === "garbage-memory") {
      // this version's header and the right size, a nonsense memory image: only Pyodide's
      // restore can notice
      header.app = document.documentElement.dataset.version;
      header.extents = [[0, header.bytes]]; // (a whole image, in one part)
      const raw = new Uint8Array(header.bytes);
      for (let i = 0; i < raw.length; i += 4096) raw[i] = (i * 7919) & 255;
      body = raw;
    } else if (how === "truncated") {
      // this version's header, a body shorter than the size it declares
      header.app = document.documentElement.dataset.version;
      body = body.slice(0, body.byteLength - 4096);
    } else if (how === "other-version") {
      header.app = "another-version";
    }
    return new Response(body, { headers: { "X-Snapshot": JSON.stringify(header) } });
""")

EXPANDED = """async (url) => {
  // the unpacked copy's size, and the SHA-256 of the memory image the page makes of it
  const { expand } = await import(new URL("web/pyodide-snapshot.js", document.baseURI).href);
  for (const name of await caches.keys()) {
    const hit = await (await caches.open(name)).match(url);
    if (!hit) continue;
    const header = JSON.parse(hit.headers.get("X-Snapshot"));
    const kept = new Uint8Array(await hit.arrayBuffer());
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", expand(kept, header)));
    return [kept.length, Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("")];
  }
  return null;
}"""

UNPACKED_HEADER = """async (url) => {
  for (const name of await caches.keys()) {
    const hit = await (await caches.open(name)).match(url);
    if (hit) return hit.headers.get("X-Snapshot");
  }
  return null;
}"""

CACHED = """async (url) => {
  for (const name of await caches.keys()) {
    const hit = await (await caches.open(name)).match(url);
    if (hit) return new TextDecoder().decode(new Uint8Array(await hit.arrayBuffer()).subarray(0, 200)).split("\\n")[1];
  }
  return null;
}"""


def _snapshot_state(page) -> str:
    return page.evaluate("document.documentElement.dataset.snapshot || ''")


def _restart(page) -> str:
    """Reloads the page, waits for the app, and tells how that start used the snapshot."""
    page.reload()
    wait_ready(page)
    return _snapshot_state(page)


def _first_start(page, url) -> None:
    """A first visit: no snapshot used; wait until the service worker controls the page and has
    cached the snapshot (which it fetches after its install, when the page asks)."""
    page.goto(url)
    wait_ready(page)
    assert _snapshot_state(page) == "none"
    wait_until(page, CONTROLLED)
    page.wait_for_selector("html[data-snapshot-cached]", state="attached")


def _urls(page) -> tuple[str, str]:
    """The packed snapshot's URL and its unpacked copy's."""
    return tuple(page.evaluate(f"new URL('runtime/pyodide-snapshot.{ext}', location.href).href")
                 for ext in ("bin", "unpacked"))


def _copy_used(page) -> str:
    return page.evaluate("document.documentElement.dataset.snapshotCopy || ''")


def _usable(page, saves: int | None = None) -> None:
    """The app works: open a new-game form and go back home (a reload reopens the screen it was
    on, so going home makes every start of the test open on the home screen); ``saves``: the saved
    games home lists."""
    assert page.locator("html[data-boot-failed]").count() == 0
    page.wait_for_selector("html[data-screen=home]", state="attached")
    if saves is not None:
        assert page.locator(".save-list .save").count() == saves, "a saved game was lost"
    page.click('[data-act="new:dummy-spades"]')
    page.wait_for_selector("#ng-seed")
    page.click('[data-act="nav:home"]')
    page.wait_for_selector("html[data-screen=home]", state="attached")


@pytest.mark.browser
@pytest.mark.first_visit
def test_second_start_uses_the_snapshot_and_a_whole_hand_plays_on_it(page, site, dist):
    from test_browser_bots import person_acts, record, start

    watch = PageWatch(page, site.origin)
    watch_csp(page)
    _first_start(page, site.url)
    page.click('[data-act="quick:seep"]')   # a game saved before any start falls back: nothing is lost
    page.wait_for_selector("html[data-screen=table]", state="attached")
    page.go_back()
    page.wait_for_selector(".save-list .save")
    url, unpacked = _urls(page)
    assert page.evaluate(CACHED, url) is not None, "the service worker did not precache the snapshot"
    header = json.loads(page.evaluate(UNPACKED_HEADER, unpacked))
    extents = header.pop("extents")
    assert header == json.loads(page.evaluate(CACHED, url)), "the unpacked copy's header is the file's"
    # the copy keeps only what is not pages of zeros, and puts it back exactly: the memory image it
    # gives (web/pyodide-snapshot.js, expand) is byte for byte the inflated file
    _, body = _read(dist)
    image = gzip.decompress(body)
    kept, digest = page.evaluate(EXPANDED, unpacked)
    assert kept == sum(length for _, length in extents) < 0.7 * header["bytes"], (kept, header["bytes"])
    assert all(any(image[start:start + length]) for start, length in extents)
    assert digest == hashlib.sha256(image).hexdigest()

    start(page, site.url, seed=99)  # navigates again: this start comes from the snapshot
    assert _snapshot_state(page) == "used"
    assert _copy_used(page) == "unpacked"  # inflated once by the worker, not on every start
    # ...whose reading web/snapshot-early.js began before any module was loaded
    assert page.evaluate("self.cardtableSnapshotRead.then((r) => r && r.header.app)") == header["app"]
    # the modules the snapshot could not import ran from code compiled when it was made
    compiled = page.evaluate("document.documentElement.dataset.snapshotCode || ''").split()
    assert "cardtable.ui.app" in compiled, compiled
    # and the app's archive was unpacked in JavaScript (web/tar.js)
    assert page.evaluate("performance.getEntriesByName('cardtable:archive-written').length") == 1
    steps = []
    for _ in range(60):
        steps.append(person_acts(page))
        if steps[-1] == "over":
            break
    assert steps[-1] == "over", steps
    rec = record(page)
    assert len([a for a in rec["actions"] if a.startswith("play")]) == 52
    assert _snapshot_state(page) == "used"  # the same page load, all along
    watch.assert_clean()
    assert csp_violations(page) == []


STASH = """async ([url, put]) => {
  // the good snapshot kept aside under another URL (a query string), where the loader never looks
  const stash = await caches.open("card-table-test-stash");
  if (!put) {
    for (const name of await caches.keys()) {
      const hit = await (await caches.open(name)).match(url);
      if (hit) return stash.put(url + "?stash", hit);
    }
    throw new Error("no snapshot to stash");
  }
  const good = await stash.match(url + "?stash");
  for (const name of await caches.keys()) {
    if (name !== "card-table-test-stash") await (await caches.open(name)).put(url, good.clone());
  }
}"""


@pytest.mark.browser
@pytest.mark.first_visit
def test_a_bad_snapshot_never_breaks_a_start(page, site):
    """Another version's snapshot is not used (nor deleted); a corrupt one falls back to a normal
    boot in the same page load and is deleted.  One page, several starts."""
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    watch_csp(page)
    _first_start(page, site.url)
    page.click('[data-act="quick:seep"]')   # a game saved before any start falls back: nothing is lost
    page.wait_for_selector("html[data-screen=table]", state="attached")
    page.go_back()
    page.wait_for_selector(".save-list .save")
    url, unpacked = _urls(page)
    page.evaluate(STASH, [url, False])
    page.evaluate(STASH, [unpacked, False])

    assert page.evaluate(TAMPER, [url, "other-version"]) >= 1
    assert page.evaluate(TAMPER_UNPACKED, [unpacked, "other-version"]) >= 1
    assert _restart(page) == "stale"
    _usable(page, saves=1)
    # not ours to delete: they belong to the version that made them
    assert '"app":"another-version"' in page.evaluate(CACHED, url).replace(" ", "")
    assert '"app":"another-version"' in page.evaluate(UNPACKED_HEADER, unpacked).replace(" ", "")

    # a corrupt unpacked copy (a nonsense memory image, or shorter than its header says): a normal
    # boot, the copy deleted; the next start uses the packed file
    for how in ("garbage-memory", "truncated"):
        page.evaluate(STASH, [url, True])
        page.evaluate(STASH, [unpacked, True])   # the good copies back, then one damaged
        assert page.evaluate(TAMPER_UNPACKED, [unpacked, how]) >= 1
        assert (_restart(page), _copy_used(page)) == ("failed", "unpacked"), how
        _usable(page, saves=1)
        assert page.evaluate(UNPACKED_HEADER, unpacked) is None, f"the bad unpacked copy ({how}) was not deleted"
        assert page.evaluate(CACHED, url) is not None, "the packed snapshot must stay"
        assert (_restart(page), _copy_used(page)) == ("used", "packed"), how
        _usable(page, saves=1)

    for how in ("damaged-gzip", "garbage-memory"):
        page.evaluate(STASH, [url, True])
        assert page.evaluate(TAMPER, [url, how]) >= 1
        assert _restart(page) == "failed", how
        _usable(page, saves=1)
        assert page.evaluate(CACHED, url) is None, f"the bad snapshot ({how}) was not deleted"

    assert _restart(page) == "none"   # and the next start is a plain one
    _usable(page, saves=1)
    assert errors == []
    assert csp_violations(page) == []


@pytest.mark.browser
@pytest.mark.first_visit
def test_offline_start_with_and_without_the_snapshot(page, own_site):
    _first_start(page, own_site.url)
    own_site.stop()
    with pytest.raises(OSError):
        urllib.request.urlopen(own_site.url, timeout=5)

    assert (_restart(page), _copy_used(page)) == ("used", "unpacked")
    _usable(page)

    url, unpacked = _urls(page)
    assert page.evaluate(TAMPER, [url, "delete"]) >= 1
    assert page.evaluate(TAMPER_UNPACKED, [unpacked, "delete"]) >= 1
    assert _restart(page) == "none"
    _usable(page)


ASK_FOR_SNAPSHOT = """() => new Promise((resolve) => {
  const channel = new MessageChannel();
  channel.port1.onmessage = (e) => resolve(e.data.cached);
  navigator.serviceWorker.controller.postMessage({ type: "SNAPSHOT" }, [channel.port2]);
})"""


@pytest.mark.browser
@pytest.mark.first_visit
def test_a_snapshot_of_another_version_is_never_cached_as_this_ones(page, dist, tmp_path):
    """The worker fetches the snapshot long after its install: if the host serves another
    version's by then (a newer deploy), it is not kept in this version's cache, and the page is
    not told that its snapshot is ready; once the host serves this version's again, it is."""
    import shutil

    from conftest import Server

    site = tmp_path / "site"
    shutil.copytree(dist, site)
    header, body = _read(dist)
    newer = MAGIC + json.dumps({**header, "app": "next-version"}).encode() + b"\n" + body
    (site / SNAPSHOT).write_bytes(newer)  # deployed between the worker's install and its fetch
    server = Server(site)
    try:
        page.goto(server.url)
        wait_ready(page)
        wait_until(page, CONTROLLED)
        url, unpacked = _urls(page)
        assert page.evaluate(ASK_FOR_SNAPSHOT) is False
        assert page.evaluate(CACHED, url) is None and page.evaluate(UNPACKED_HEADER, unpacked) is None
        assert page.locator("html[data-snapshot-cached]").count() == 0

        (site / SNAPSHOT).write_bytes((dist / SNAPSHOT).read_bytes())  # this version's again (a newer mtime)
        assert page.evaluate(ASK_FOR_SNAPSHOT) is True
        page.wait_for_selector("html[data-snapshot-cached]", state="attached")
        assert json.loads(page.evaluate(CACHED, url))["app"] == header["app"]
        assert json.loads(page.evaluate(UNPACKED_HEADER, unpacked))["app"] == header["app"]
    finally:
        server.stop()
