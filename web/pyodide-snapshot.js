// Pyodide's loadPyodide, starting from a memory snapshot when the browser holds a good one.
//
// PyScript imports the module its config's `interpreter` names (app/pyscript.json points here) and
// calls its `loadPyodide(...)`; everything else PyScript does is unchanged.  Starting CPython inside
// WebAssembly is most of a start-up (2-3 s on a phone-class CPU); restoring a snapshot of an
// interpreter that has already started (and imported the standard library and the rules engines)
// skips all of that.
//
// Where the snapshot comes from: tools/build.py makes it at build time in Node and ships it as
// runtime/pyodide-snapshot.bin (gzipped); the service worker precaches it with the rest of the site
// AFTER the first start, and at install also stores it inflated (runtime/pyodide-snapshot.unpacked,
// 31 MB, same cache, its header in an X-Snapshot response header): reading that copy costs far less
// than inflating the packed one on every start, which stays the fallback.  This module never fetches it: it only looks in Cache Storage, so a first visit (or a
// browser without a service worker) boots exactly as before, with nothing extra on its critical path.
//
// It must never break a start:
// * the file carries its own header (app version, Pyodide version, size) and is only used when both
//   versions match this page (`<html data-version>`) and this Pyodide; any other is left alone;
// * gzip's checksum and the size catch a damaged file; Pyodide checks its own build id;
// * if anything goes wrong while restoring, the copy that was used (unpacked or packed) is deleted
//   from the cache and Pyodide boots normally in the same page load; with the unpacked copy gone,
//   the next start tries the packed one.
// The outcome is left in `<html data-snapshot>`: "used", "none" (no snapshot cached), "stale" (only
// snapshots of another version) or "failed" (one was found but could not be used); and which copy
// was tried in `<html data-snapshot-copy>`: "unpacked" or "packed".
//
// Uses Pyodide's private snapshot options (`_loadSnapshot`), pinned with pyodide 314.0.7 in
// package.json; tests/test_snapshot.py fails loudly if an upgrade changes them.
import { loadPyodide as loadPlain, version } from "../runtime/pyodide/pyodide.mjs";

export { version };

const INDEX_URL = new URL("../runtime/pyodide/", import.meta.url).href;
export const SNAPSHOT_URL = new URL("../runtime/pyodide-snapshot.bin", import.meta.url).href;
// the same snapshot inflated, stored by the service worker at install (tools/build_sw.py)
export const UNPACKED_URL = new URL("../runtime/pyodide-snapshot.unpacked", import.meta.url).href;
const MAGIC = "CTSNAP1\n";
const root = document.documentElement;

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

/** The bytes of an unpacked copy (a promise), checked against the size its header declares. */
async function readUnpacked({ header, response }) {
  const buffer = await response.arrayBuffer();
  if (buffer.byteLength !== header.bytes) {
    throw new Error(`the unpacked snapshot is ${buffer.byteLength} bytes, expected ${header.bytes}`);
  }
  performance.mark("cardtable:snapshot-read");
  return new Uint8Array(buffer);
}

/** The first cached snapshot made for this app and this Pyodide, or null:
 * {cache, url (the cached copy used), raw (a promise of its bytes)}.  The unpacked copy is
 * preferred (no inflating); the packed file is the fallback. */
async function findSnapshot() {
  if (!globalThis.caches || !globalThis.DecompressionStream) return null;
  const app = root.dataset.version;
  const ours = (header) => header.app === app && header.pyodide === version;
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    const unpacked = await findUnpacked(cache);
    if (unpacked && ours(unpacked.header)) {
      const raw = readUnpacked(unpacked);
      raw.catch(() => {}); // its failure is handled where it is awaited
      root.dataset.snapshotCopy = "unpacked";
      return { cache, url: UNPACKED_URL, raw };
    }
    const response = await cache.match(SNAPSHOT_URL);
    if (!response) {
      if (unpacked) root.dataset.snapshot = "stale";
      continue;
    }
    const file = parse(new Uint8Array(await response.arrayBuffer()));
    if (!file) {
      await forget(cache, SNAPSHOT_URL, "its header is damaged");
      continue;
    }
    if (!ours(file.header)) {
      root.dataset.snapshot = "stale"; // another version's: not ours to use, nor to delete
      continue;
    }
    const raw = inflate(file.body, file.header.bytes);
    raw.catch(() => {}); // its failure is handled where it is awaited
    root.dataset.snapshotCopy = "packed";
    return { cache, url: SNAPSHOT_URL, raw };
  }
  return null;
}

async function forget(cache, url, why) {
  console.warn(`Card Table: the start-up snapshot cannot be used (${why}); starting normally.`);
  root.dataset.snapshot = "failed";
  try {
    await cache.delete(url);
  } catch {
    // nothing more to do: the next version's worker replaces it anyway
  }
}

export async function loadPyodide(options = {}) {
  // performance marks (cardtable:*) let bench/bench_startup.py show where a start's time goes
  performance.mark("cardtable:load-pyodide");
  const config = { ...options, indexURL: INDEX_URL };
  let found = null;
  try {
    found = await findSnapshot();
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
      root.dataset.snapshot = "used";
      performance.mark("cardtable:pyodide-ready");
      return pyodide;
    } catch (err) {
      await forget(found.cache, found.url, err && err.message ? err.message.split("\n")[0] : String(err));
    }
  }
  if (!root.dataset.snapshot) root.dataset.snapshot = "none";
  const pyodide = await loadPlain(config);
  performance.mark("cardtable:pyodide-ready");
  return pyodide;
}
