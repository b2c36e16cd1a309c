// Starting Pyodide in the app's worker (web/py-worker.js), from a memory snapshot when the browser
// holds a good one.
//
// Starting CPython inside WebAssembly is most of a start-up (2-3 s on a phone-class CPU); restoring
// a snapshot of an interpreter that has already started (and imported the standard library and the
// rules engines) skips all of that.
//
// Where the snapshot comes from: tools/build.py makes it at build time in Node and ships it as
// runtime/pyodide-snapshot.bin (gzipped); the service worker precaches it with the rest of the site
// AFTER the first start, and at install also stores it inflated (runtime/pyodide-snapshot.unpacked,
// same cache, its header in an X-Snapshot response header; only the 17 of its 31 MB that are not
// pages of zeros, see expand): reading that copy costs far less than inflating the packed one on
// every start, which stays the fallback.  This module never fetches it: it only looks in Cache
// Storage, so a first visit (or a browser without a service worker) boots exactly as before, with
// nothing extra on its critical path.
//
// It must never break a start:
// * the file carries its own header (app version, Pyodide version, size) and is only used when both
//   versions match this page (`<html data-version>`) and this Pyodide; any other is left alone;
// * gzip's checksum and the size catch a damaged file; Pyodide checks its own build id;
// * if anything goes wrong while restoring, the copy that was used (unpacked or packed) is deleted
//   from the cache and Pyodide boots normally in the same page load; with the unpacked copy gone,
//   the next start tries the packed one.
// The outcome is told to the page (`note`, which sets `<html data-snapshot>`): "used", "none" (no
// snapshot cached), "stale" (only snapshots of another version) or "failed" (one was found but could
// not be used); and which copy was tried (`data-snapshot-copy`): "unpacked" or "packed".
//
// Right after a restore the browser has not yet optimised the interpreter's WebAssembly (a normal
// boot warms it up for seconds), so Python code runs several times slower for a while: the
// snapshot therefore also carries the app's UI module compiled ahead of time
// (tools/snapshot_code.py), and the app's archive is unpacked here in JavaScript (unpackApp)
// rather than by Python's tarfile.
//
// Uses Pyodide's private snapshot options (`_loadSnapshot`), pinned with pyodide 314.0.7 in
// package.json; tests/test_snapshot.py fails loudly if an upgrade changes them.  No `document`
// here: this runs in a worker.
import { loadPyodide as loadPlain, version } from "../runtime/pyodide/pyodide.mjs";
import { readTar } from "./tar.js";

export { version };

const INDEX_URL = new URL("../runtime/pyodide/", import.meta.url).href;
// the standard-library modules the app uses, not all of Pyodide's (tools/build.py, write_stdlib);
// the snapshot was made with this same archive
const STDLIB_URL = new URL("../runtime/pyodide/app_stdlib.zip", import.meta.url).href;
export const SNAPSHOT_URL = new URL("../runtime/pyodide-snapshot.bin", import.meta.url).href;
// the same snapshot inflated, stored by the service worker at install (tools/build_sw.py)
export const UNPACKED_URL = new URL("../runtime/pyodide-snapshot.unpacked", import.meta.url).href;
const MAGIC = "CTSNAP1\n";
// what the page is told (data-snapshot, data-snapshot-copy), kept here too
const told = {};
let tell = () => {};
const note = (name, value) => { told[name] = value; tell(name, value); };

/** The header of a snapshot file and its gzipped body, or null when it is not one of ours. */
function parse(bytes) {
  if (new TextDecoder().decode(bytes.subarray(0, MAGIC.length)) !== MAGIC) return null;
  const end = bytes.indexOf(10, MAGIC.length); // the header line ends with "\n"
  if (end < 0 || end > 4096) return null;
  try {
    const header = JSON.parse(new TextDecoder().decode(bytes.subarray(MAGIC.length, end)));
    return { header, body: bytes.subarray(end + 1) };
  } catch {
    return null;
  }
}

/** The raw snapshot (a promise), checked against its declared size; gzip checks its own CRC. */
async function inflate(body, size) {
  const stream = new Blob([body]).stream().pipeThrough(new DecompressionStream("gzip"));
  const raw = new Uint8Array(await new Response(stream).arrayBuffer());
  if (raw.length !== size) throw new Error(`snapshot is ${raw.length} bytes, expected ${size}`);
  performance.mark("cardtable:snapshot-inflated");
  return raw;
}

/** The unpacked copy in `cache` (the service worker makes it at install, next to the packed file):
 * {header, response}, or null when there is none.  A copy without a readable header is deleted. */
async function findUnpacked(cache) {
  const response = await cache.match(UNPACKED_URL);
  if (!response) return null;
  let header = null;
  try {
    header = JSON.parse(response.headers.get("X-Snapshot"));
  } catch {
    // handled below
  }
  if (!header || typeof header !== "object") {
    await forget(cache, UNPACKED_URL, "the unpacked copy has no header");
    return null;
  }
  return { header, response };
}

/** The memory image of an unpacked copy (a promise), checked against its header; `bytes`: the
 * copy's bytes, read in the page by web/snapshot-early.js and handed over by web/boot.js, if any. */
async function readUnpacked({ header, response, bytes }) {
  const raw = expand(new Uint8Array(await (bytes || response.arrayBuffer())), header);
  performance.mark("cardtable:snapshot-read");
  return raw;
}

/** The memory image from the bytes of an unpacked copy.  The service worker keeps only the parts
 * of the image that are not pages of zeros (tools/build_sw.py): its header's `extents`, in order,
 * say where each goes in an image of `header.bytes` zeros.  Throws when the bytes and the header
 * do not match exactly. */
export function expand(kept, header) {
  const size = header.bytes;
  const extents = header.extents;
  if (!Array.isArray(extents) || !Number.isSafeInteger(size)) throw new Error("the unpacked snapshot's header is damaged");
  const raw = new Uint8Array(size);
  let at = 0;
  let end = 0;
  for (const extent of extents) {
    const [start, length] = Array.isArray(extent) ? extent : [];
    if (!Number.isSafeInteger(start) || !Number.isSafeInteger(length) || start < end || length <= 0
        || start + length > size || at + length > kept.length) {
      throw new Error("the unpacked snapshot's parts do not fit its header");
    }
    raw.set(kept.subarray(at, at + length), start);
    at += length;
    end = start + length;
  }
  if (at !== kept.length) throw new Error(`the unpacked snapshot is ${kept.length} bytes, its parts ${at}`);
  return raw;
}

/** The first cached snapshot made for this app and this Pyodide, or null:
 * {cache, url (the cached copy used), raw (a promise of its bytes)}.  The unpacked copy is
 * preferred (no inflating); the packed file is the fallback. */
async function findSnapshot(app, earlyRead) {
  if (!globalThis.caches || !globalThis.DecompressionStream) return null;
  const ours = (header) => header.app === app && header.pyodide === version;
  // the unpacked copy web/snapshot-early.js found for this page and read at once (its bytes sent here)
  let early = null;
  try {
    early = await earlyRead;
  } catch {
    // as if it had found nothing: the search below starts again
  }
  if (early && typeof early.header === "object" && ours(early.header)) {
    const raw = readUnpacked(early);
    raw.catch(() => {}); // its failure is handled where it is awaited
    note("snapshotCopy", "unpacked");
    return { cache: await caches.open(early.name), url: UNPACKED_URL, raw };
  }
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    const unpacked = await findUnpacked(cache);
    if (unpacked && ours(unpacked.header)) {
      const raw = readUnpacked(unpacked);
      raw.catch(() => {}); // its failure is handled where it is awaited
      note("snapshotCopy", "unpacked");
      return { cache, url: UNPACKED_URL, raw };
    }
    const response = await cache.match(SNAPSHOT_URL);
    if (!response) {
      if (unpacked) note("snapshot", "stale");
      continue;
    }
    const file = parse(new Uint8Array(await response.arrayBuffer()));
    if (!file) {
      await forget(cache, SNAPSHOT_URL, "its header is damaged");
      continue;
    }
    if (!ours(file.header)) {
      note("snapshot", "stale"); // another version's: not ours to use, nor to delete
      continue;
    }
    const raw = inflate(file.body, file.header.bytes);
    raw.catch(() => {}); // its failure is handled where it is awaited
    note("snapshotCopy", "packed");
    return { cache, url: SNAPSHOT_URL, raw };
  }
  return null;
}

async function forget(cache, url, why) {
  console.warn(`Card Table: the start-up snapshot cannot be used (${why}); starting normally.`);
  note("snapshot", "failed");
  try {
    await cache.delete(url);
  } catch {
    // nothing more to do: the next version's worker replaces it anyway
  }
}

/** Unpack the app's archive (`buffer`) into Pyodide's file system at `dir`: from JavaScript with
 * web/tar.js's reader (Python's tarfile, right after a restore, runs in WebAssembly the browser has
 * not optimised yet: 180-300 ms for the zip the app shipped before); an archive that reader does not
 * take, or any failure there, is left to Pyodide's own unpacking. */
export function unpackApp(pyodide, buffer, dir) {
  performance.mark("cardtable:archive-fetched");
  let done = false;
  try {
    done = unpackTar(pyodide, new Uint8Array(buffer), dir);
  } catch (err) {
    console.warn("Card Table: unpacking in JavaScript failed, Pyodide unpacks instead:", err);
  }
  if (!done) pyodide.unpackArchive(buffer, "tar", { extractDir: dir });
  performance.mark("cardtable:files-unpacked");
}

function unpackTar(pyodide, bytes, base) {
  const files = readTar(bytes);
  if (!files) return false;
  performance.mark("cardtable:archive-inflated");
  const { FS } = pyodide;
  const made = new Set(); // the folders made so far (each path walk costs Emscripten's FS a lot)
  for (const [name, raw] of files) {
    const path = `${base}/${name}`.replace(/\/+$/, "");
    const folder = raw ? path.slice(0, path.lastIndexOf("/")) || "/" : path;
    if (!made.has(folder)) {
      FS.mkdirTree(folder);
      made.add(folder);
    }
    if (raw) FS.writeFile(path, raw);
  }
  performance.mark("cardtable:archive-written");
  // New files: the import system's directory listings are stale.  (Not importlib.invalidate_caches,
  // which also imports importlib.metadata, hundreds of milliseconds right after a restore.)
  pyodide.runPython("import sys\nfor f in list(sys.path_importer_cache.values()):\n"
    + "    if hasattr(f, 'invalidate_caches'): f.invalidate_caches()");
  return true;
}

/** Boot the interpreter (a promise of the Pyodide API): from a cached snapshot made for app version
 * `app` when there is a good one (`early`: a promise of the copy web/snapshot-early.js read, or of
 * null), else normally.  `told(name, value)` hears what the page is to show (data-snapshot...).
 * Never rejects because of a snapshot: any failure there falls back to a normal boot. */
export async function bootPython({ app, early, told: hear }) {
  tell = hear || tell;
  const config = { indexURL: INDEX_URL, stdLibURL: STDLIB_URL }; // (Python's output: the console)
  // performance marks (cardtable:*) let bench/bench_startup.py show where a start's time goes
  performance.mark("cardtable:load-pyodide");
  let found = null;
  try {
    found = await findSnapshot(app, early);
  } catch (err) {
    console.warn("Card Table: could not look for a start-up snapshot:", err);
  }
  performance.mark("cardtable:snapshot-looked-up");
  if (found) {
    try {
      const pyodide = await loadPlain({ ...config, _loadSnapshot: found.raw });
      // A restored interpreter must run Python; and the snapshot's random state is the same on
      // every start, so `random` is reseeded from the system (the games use their own seeds).
      if (pyodide.runPython("import random; random.seed(); 6 * 7") !== 42) {
        throw new Error("the restored interpreter does not compute");
      }
      note("snapshot", "used");
      performance.mark("cardtable:pyodide-ready");
      return pyodide;
    } catch (err) {
      await forget(found.cache, found.url, err && err.message ? err.message.split("\n")[0] : String(err));
    }
  }
  if (!told.snapshot) note("snapshot", "none");
  const pyodide = await loadPlain(config);
  performance.mark("cardtable:pyodide-ready");
  return pyodide;
}
