"""Write dist/sw.js: the service worker that makes Card Table work offline.

tools/build.py calls ``write_service_worker(dist, version)`` as the build's last step, so the worker
lists every file the finished dist/ holds -- the page, the app and the runtime (Pyodide, PyScript)
-- but PyScript's chunks for features the app never uses (UNUSED_PYSCRIPT).  It can also be run
by hand on a built folder:

    python3 tools/build_sw.py [dist]

What the generated worker does:

* install: precache every listed file but the snapshot into one cache whose name is derived from the
  content of all of them (any changed byte gives a new name, so a new worker and a new cache).
  Each file is revalidated with the server (``cache: "no-cache"``), not downloaded again: on a
  first visit the page has just fetched most of them, and the HTTP cache answers after a
  "304 Not Modified".  The page registers the worker only once its home screen is up.  On the very
  first install (no previous version) it activates at once so the page becomes controlled.  An
  update never activates by itself: it waits until the page's "Update — reload" banner
  (web/sw-register.js) posts {type: "SKIP_WAITING"} -- a page is never reloaded in the middle
  of a hand without asking.
* packed files: a file of dist/ with an xz-compressed copy beside it (``X.xz``, written by
  tools/build.py for the WebAssembly and the standard library, and what a first visit downloads) is
  installed from that copy, decoded by xz-decompress (runtime/xz-decompress/, imported by the worker), and
  kept decoded under its own name: every later start reads it as it is, and the copy the page has
  just downloaded comes from the HTTP cache (a 304), not twice over the network.  Without the
  decoder, or if the copy is missing or damaged, the file itself is fetched.
* activate: delete this app's older caches, then claim the open pages.
* fetch: same-origin GETs are answered from the cache first (query strings ignored); navigations
  inside the scope fall back to the cached index.html; anything else goes to the network.
* static routes (where the browser has them: InstallEvent.addRoutes): the site's files under
  runtime/, web/ and app/ (without a query string) are answered by the browser straight from this
  version's cache, without running the worker's fetch handler -- or starting the worker at all; a
  file missing from the cache goes to the network, as the handler would send it.

The start-up snapshot (runtime/pyodide-snapshot.bin, ~6.9 MB gzipped, ~31 MB once inflated in
memory) comes after the install: a page the worker controls asks for it (message SNAPSHOT, from
web/sw-register.js), the worker downloads it at low priority into this version's cache (an update
brings the new version's snapshot once it controls a page, and deletes the old one with the old
cache), inflates it once and stores the raw bytes next to it (runtime/pyodide-snapshot.unpacked, in
the same cache; only the parts that are not pages of zeros, about 17 of the 31 MB, with where they
go in its header), so that no start pays the inflating, then tells its pages (SNAPSHOT_READY: the
page marks ``<html data-snapshot-cached>``).  The page never fetches either;
web/pyodide-snapshot.js reads them from Cache Storage directly, and deletes a copy that cannot be used.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from minify import minify_js  # noqa: E402  (tools/minify.py, beside this file)

SW_NAME = "sw.js"
CACHE_PREFIX = "card-table"
SKIP = {SW_NAME}  # the worker is never cached by itself
SKIP_SUFFIXES = (".map", ".xz")  # (an ".xz" is a packed copy of a file the worker keeps decoded: see PACKED)
SNAPSHOT = "runtime/pyodide-snapshot.bin"  # fetched and unpacked by the worker after its install (see the template)


# PyScript's chunks for features Card Table does not use, by name (the chunk's file name without
# its "-<8-character hash>.js"): the code editor (codemirror*, and `index`, its Python grammar's
# helpers), the terminal (xterm*; `py` and `mpy`, the terminal's Python and MicroPython sides),
# TOML configs (`toml`), archives unpacked by MicroPython (`zip`; Pyodide unpacks the app's archive,
# see web/pyodide-snapshot.js), Pyodide's FFI graph helper (`pyodide_graph`) and `storage.js`
# (pyscript.storage); xterm.css too.  No start requests them, so the worker does not download them
# (300 KB compressed); they stay in dist/ for anything that would ask, online.  (PyScript's
# plugins proper -- error, py-editor, py-terminal, py-game, donkey, deprecations-manager -- are
# small and imported at every start, though app/pyscript.json turns them off: they are kept.)  tests/test_offline.py checks that a first start requests no file the worker does not
# keep, and starts and plays a hand offline without them.
UNUSED_PYSCRIPT = {"codemirror", "codemirror_commands", "codemirror_lang-python", "codemirror_language",
                   "codemirror_state", "codemirror_view", "index", "xterm", "xterm-readline",
                   "xterm_addon-fit", "xterm_addon-web-links", "py", "mpy", "toml", "zip", "pyodide_graph",
                   "storage"}


def chunk_name(path: str) -> str | None:
    """The feature name of a PyScript script or stylesheet (``runtime/pyscript/toml-Blg7Izee.js`` ->
    ``toml``, ``runtime/pyscript/core.css`` -> ``core``), or None for any other file."""
    found = re.fullmatch(r"runtime/pyscript/(.+?)(?:-[A-Za-z0-9_-]{8})?\.(?:js|css)", path)
    return found.group(1) if found else None


def precache_files(dist: Path) -> list[Path]:
    """Every file of dist/ the worker must hold (all but PyScript's unused chunks), sorted by URL."""
    files = [p for p in dist.rglob("*") if p.is_file()
             and p.relative_to(dist).as_posix() not in SKIP and not p.name.endswith(SKIP_SUFFIXES)
             and chunk_name(p.relative_to(dist).as_posix()) not in UNUSED_PYSCRIPT]
    return sorted(files, key=lambda p: p.relative_to(dist).as_posix())


def cache_id(dist: Path, files: list[Path], version: str) -> str:
    """A hash of the version and of every precached file's path and bytes (runtime included)."""
    h = hashlib.sha256(version.encode())
    for p in files:
        h.update(b"\0" + p.relative_to(dist).as_posix().encode() + b"\0")
        h.update(p.read_bytes())
    return h.hexdigest()[:16]


TEMPLATE = r"""// Card Table service worker -- generated by tools/build_sw.py; do not edit.
"use strict";
const VERSION = __VERSION__;
// Cache names carry the registration's scope, so two copies of the app on one origin
// (say /play/ and /staging/) never delete each other's caches.
const PREFIX = __PREFIX__ + ":" + new URL(self.registration.scope).pathname + ":";
const CACHE = PREFIX + __CACHE_ID__;
const FILES = __FILES__;
const INDEX = new URL("index.html", self.registration.scope).href;
// Files kept decoded from their xz-compressed copy beside them ("X.xz"): {file: its size}.
const PACKED = __PACKED__;
if (Object.keys(PACKED).length) {
  try {
    importScripts("runtime/xz-decompress/xz-decompress.js");
  } catch (err) {
    console.warn("Card Table: no xz decoder, the packed files are fetched as they are:", err);
  }
}
const XZ = [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]; // (an xz stream's first bytes)

/** Put `file` (one of PACKED) into `cache`, decoded from its packed copy, else fetched as it is. */
async function addUnpacked(cache, file) {
  const url = new URL(file, self.registration.scope).href;
  try {
    const decoder = self["xz-decompress"];
    if (!decoder) throw new Error("no decoder");
    const response = await fetch(new Request(url + ".xz", { cache: "no-cache" }));
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const packed = new Uint8Array(await response.arrayBuffer());
    if (XZ.some((b, i) => packed[i] !== b)) throw new Error("not an xz stream");
    const decoded = new decoder.XzReadableStream(new Blob([packed]).stream());
    const bytes = new Uint8Array(await new Response(decoded).arrayBuffer());
    if (bytes.length !== PACKED[file]) throw new Error(`${bytes.length} bytes, expected ${PACKED[file]}`);
    const type = file.endsWith(".wasm") ? "application/wasm" : file.endsWith(".tar") ? "application/x-tar" : "application/zip";
    await cache.put(url, new Response(bytes, { headers: { "Content-Type": type } }));
  } catch (err) {
    console.warn(`Card Table: ${file} is fetched as it is (its packed copy: ${err})`);
    await cache.add(new Request(url, { cache: "no-cache" }));
  }
}

self.addEventListener("install", (event) => {
  // The start's 30-odd files (Pyodide, PyScript, the app's scripts) come from this cache with no
  // round trip through the fetch handler below, which ran for each of them on the start's busiest
  // stretch (measured: the interpreter restored 26 ms sooner, medians of 20 rounds).  Navigations
  // keep the handler (index.html for the scope's folder URL), as does any URL with a query string.
  if (event.addRoutes && self.URLPattern) {
    const scope = new URL(self.registration.scope).pathname;
    event.addRoutes(["runtime/*", "web/*", "app/*"].map((path) => ({
      condition: { urlPattern: new URLPattern({ pathname: scope + path, search: "" }), requestMethod: "GET" },
      source: { cacheName: CACHE },
    }))).catch((err) => console.warn("Card Table: the worker's static routes were not added:", err));
  }
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // cache: "no-cache" revalidates each file with the server, so the new cache never holds stale
    // bytes, but a file the page has just downloaded (on a first visit: Pyodide, PyScript, the app)
    // is answered "304 Not Modified" and taken from the HTTP cache instead of being sent again.
    const plain = FILES.filter((f) => !(f in PACKED));
    await Promise.all([
      cache.addAll(plain.map((f) => new Request(new URL(f, self.registration.scope), { cache: "no-cache" }))),
      ...FILES.filter((f) => f in PACKED).map((f) => addUnpacked(cache, f)),
    ]);
    // First install: nothing older is running, so take over at once.  An update waits for the
    // page's banner (message SKIP_WAITING): never swap versions under a game in progress.
    if (!self.registration.active) await self.skipWaiting();
  })());
});

// The start-up snapshot is not part of the install: a first visit's worker is installed (and the
// app works offline) without waiting for its 6.9 MB.  A page this version controls asks for it
// (message SNAPSHOT, web/sw-register.js) once it is up; the worker then downloads it at low
// priority, unpacks it (see unpackSnapshot) and tells its pages (message SNAPSHOT_READY).  Asking
// again is harmless: what is cached already is not downloaded twice.
let snapshotting = null;

function fetchSnapshot() {
  if (!SNAPSHOT) return Promise.resolve(false);
  snapshotting ??= (async () => {
    const cache = await caches.open(CACHE);
    const url = new URL(SNAPSHOT, self.registration.scope).href;
    const unpacked = url.replace(/\.bin$/, ".unpacked");
    if (!(await cache.match(url))) {
      const response = await fetch(new Request(url, { cache: "no-cache", priority: "low" }));
      if (!response.ok) throw new Error(`the start-up snapshot: HTTP ${response.status}`);
      // The snapshot is fetched long after the install, perhaps once a newer version has been
      // deployed (or from a cache that still holds an older one): only this version's snapshot is
      // kept in this version's cache.  Another version's is dropped (a newer one is downloaded by
      // that version's worker, which an update check now brings), and the page is not told it is ready.
      const bytes = new Uint8Array(await response.arrayBuffer());
      const header = snapshotHeader(bytes);
      if (!header || header.app !== VERSION) {
        self.registration.update().catch(() => {});
        return false;
      }
      await cache.put(url, new Response(bytes, { headers: {
        "Content-Type": response.headers.get("Content-Type") || "application/octet-stream" } }));
    }
    if (!(await cache.match(unpacked))) await unpackSnapshot(cache);
    return true;
  })().finally(() => {
    snapshotting = null;
  });
  return snapshotting;
}

/** The header line of a snapshot file (its app and Pyodide versions, its size), or null. */
function snapshotHeader(bytes) {
  const magic = "CTSNAP1\n";
  if (new TextDecoder().decode(bytes.subarray(0, magic.length)) !== magic) return null;
  const end = bytes.indexOf(10, magic.length);
  if (end < 0 || end > 4096) return null;
  try {
    const header = JSON.parse(new TextDecoder().decode(bytes.subarray(magic.length, end)));
    return header && typeof header === "object" ? header : null;
  } catch {
    return null;
  }
}

async function snapshotReady() {
  for (const client of await self.clients.matchAll()) client.postMessage({ type: "SNAPSHOT_READY" });
}

// The start-up snapshot ships gzipped (6.7 MB instead of 31 MB to download); inflating it on
// every start cost 0.5-0.9 s.  So the worker inflates it once, at install, and keeps the raw bytes
// but for its pages of zeros in the same cache (deleted with it) under UNPACKED, with the file's
// header (app and Pyodide versions, size) and where the kept parts go in a response header;
// web/pyodide-snapshot.js restores from that copy when it is there and checks it like the packed
// one.  Any failure only leaves the copy out.
const SNAPSHOT = __SNAPSHOT__;
const PAGE = 4096;

/** The parts of `raw` that are not whole pages of zeros: [[start, length], ...], in order, merged. */
function nonZeroExtents(raw) {
  const extents = [];
  for (let start = 0; start < raw.length; start += PAGE) {
    const end = Math.min(start + PAGE, raw.length);
    let zero = true;
    for (let i = start; i < end; i++) {
      if (raw[i] !== 0) {
        zero = false;
        break;
      }
    }
    if (zero) continue;
    const last = extents[extents.length - 1];
    if (last && last[0] + last[1] === start) last[1] += end - start;
    else extents.push([start, end - start]);
  }
  return extents;
}

async function unpackSnapshot(cache) {
  if (!SNAPSHOT || !self.DecompressionStream) return;
  try {
    const hit = await cache.match(new URL(SNAPSHOT, self.registration.scope).href);
    if (!hit) return;
    const bytes = new Uint8Array(await hit.arrayBuffer());
    const header = snapshotHeader(bytes);
    if (!header || header.app !== VERSION) return;
    const end = bytes.indexOf(10, "CTSNAP1\n".length);
    const stream = new Blob([bytes.subarray(end + 1)]).stream().pipeThrough(new DecompressionStream("gzip"));
    const raw = new Uint8Array(await new Response(stream).arrayBuffer());
    if (raw.byteLength !== header.bytes) return;
    // Nearly half of the memory image is pages of zeros, in a few long runs: the copy keeps only
    // the rest, and its header says where each part goes (`extents`, [start, length] in order);
    // the page puts them back into an image of zeros (about half the bytes to read and to store).
    const extents = nonZeroExtents(raw);
    const kept = new Uint8Array(extents.reduce((n, [, length]) => n + length, 0));
    let at = 0;
    for (const [start, length] of extents) {
      kept.set(raw.subarray(start, start + length), at);
      at += length;
    }
    const unpacked = new URL(SNAPSHOT.replace(/\.bin$/, ".unpacked"), self.registration.scope).href;
    await cache.put(unpacked, new Response(kept, { headers: {
      "Content-Type": "application/octet-stream", "X-Snapshot": JSON.stringify({ ...header, extents }) } }));
  } catch (err) {
    console.warn("Card Table: could not unpack the start-up snapshot:", err);
  }
}

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "SKIP_WAITING") self.skipWaiting();
  else if (event.data && event.data.type === "SNAPSHOT") {
    // (a port, if the message carries one, hears whether this version's snapshot is now cached)
    const reply = (cached) => event.ports[0] && event.ports[0].postMessage({ type: "SNAPSHOT", cached });
    event.waitUntil(fetchSnapshot().then(async (done) => {
      if (done) await snapshotReady();
      reply(done);
    }).catch((err) => {
      console.warn("Card Table: the start-up snapshot was not cached:", err);
      reply(false);
    }));
  }
  else if (event.data && event.data.type === "VERSION" && event.ports[0]) {
    event.ports[0].postMessage({ version: VERSION, cache: CACHE });
  }
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    let hit = await cache.match(request, { ignoreSearch: true });
    if (!hit && request.mode === "navigate" && url.href.startsWith(self.registration.scope)
        && (url.pathname.endsWith("/") || url.pathname.endsWith("/index.html"))) {
      hit = await cache.match(INDEX);
    }
    return hit || fetch(request);
  })());
});
"""


def packed_files(dist: Path, urls: list[str]) -> dict[str, int]:
    """{url: size} of the kept files that have a packed copy beside them (``X.xz``)."""
    return {u: (dist / u).stat().st_size for u in urls if (dist / (u + ".xz")).is_file()}


def render(version: str, cache: str, urls: list[str], packed: dict[str, int] | None = None) -> str:
    """The worker's source, minified (tools/minify.py; the values as JSON in place of the template's
    placeholders): ``urls`` are every file it keeps; the snapshot among them is fetched after the
    install (see the template), the rest at install (those in ``packed``, {url: size}, from their
    packed copy)."""
    js = minify_js(TEMPLATE)
    snapshot = SNAPSHOT if SNAPSHOT in urls else None
    installed = [u for u in urls if u != SNAPSHOT]
    for key, value in {"__VERSION__": version, "__PREFIX__": CACHE_PREFIX, "__SNAPSHOT__": snapshot,
                       "__CACHE_ID__": cache, "__FILES__": installed,
                       "__PACKED__": packed or {}}.items():
        if js.count(key) != 1:
            raise ValueError(f"the worker's template lost its placeholder {key}")
        js = js.replace(key, json.dumps(value, separators=(",", ":")))
    return js


def write_service_worker(dist: Path, version: str) -> Path:
    """Write dist/sw.js precaching every file of ``dist`` under a content-derived cache name."""
    dist = Path(dist)
    if not (dist / "index.html").is_file():
        raise FileNotFoundError(f"{dist}/index.html is missing: build the site first")
    files = precache_files(dist)
    urls = [p.relative_to(dist).as_posix() for p in files]
    for needed in ("index.html", "runtime/pyodide/pyodide.asm.wasm", "runtime/pyscript/core.js"):
        if needed not in urls:
            raise FileNotFoundError(f"{dist}/{needed} is missing: the offline app would not start")
    out = dist / SW_NAME
    js = render(version, cache_id(dist, files, version), urls, packed_files(dist, urls))
    out.write_text(js, encoding="utf-8")
    return out


def main(argv: list[str]) -> int:
    dist = Path(argv[1]) if len(argv) > 1 else Path(__file__).resolve().parent.parent / "dist"
    found = re.search(r'data-version="([^"{}]+)"', (dist / "index.html").read_text(encoding="utf-8"))
    version = found.group(1) if found else "manual"
    out = write_service_worker(dist, version)
    print(f"wrote {out} ({len(precache_files(dist))} files precached)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
