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
// same cache, its header in an X-Snapshot response header; only the 17 of its 31 MB that are not
// pages of zeros, see expand): reading that copy costs far less than inflating the packed one on
// every start, which stays the fallback.  This module never fetches it: it only looks in Cache Storage, so a first visit (or a
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
// Right after a restore the browser has not yet optimised the interpreter's WebAssembly (a normal
// boot warms it up for seconds), so Python code runs several times slower for a while: the
// snapshot therefore also carries the app's UI module and PyScript's package compiled ahead of
// time (tools/snapshot_code.py), and PyScript's archive of the app is unpacked here in JavaScript
// (fastUnpack) rather than by Python's tarfile.
//
// Uses Pyodide's private snapshot options (`_loadSnapshot`), pinned with pyodide 314.0.7 in
// package.json; tests/test_snapshot.py fails loudly if an upgrade changes them.
import { loadPyodide as loadPlain, version } from "../runtime/pyodide/pyodide.mjs";
import { splitBootstrap } from "./pyscript-bootstrap.js";

export { version };

const INDEX_URL = new URL("../runtime/pyodide/", import.meta.url).href;
// the standard-library modules the app uses, not all of Pyodide's (tools/build.py, write_stdlib);
// the snapshot was made with this same archive
const STDLIB_URL = new URL("../runtime/pyodide/app_stdlib.zip", import.meta.url).href;
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

/** The memory image of an unpacked copy (a promise), checked against its header; `bytes` is its
 * read already under way (web/snapshot-early.js), if any. */
async function readUnpacked({ header, response, bytes }) {
  const raw = expand(new Uint8Array(await (bytes || response.arrayBuffer())), header);
  performance.mark("cardtable:snapshot-read");
  return raw;
}

/** The memory image from the bytes of an unpacked copy.  The service worker keeps only the parts
 * of the image that are not pages of zeros (tools/build_sw.py): its header's `extents`, in order,
 * say where each goes in an image of `header.bytes` zeros.  A copy without extents is the whole
 * image.  Throws when the bytes and the header do not match exactly. */
export function expand(kept, header) {
  const size = header.bytes;
  const extents = header.extents;
  if (extents === undefined) {
    if (kept.length !== size) throw new Error(`the unpacked snapshot is ${kept.length} bytes, expected ${size}`);
    return kept;
  }
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
async function findSnapshot() {
  if (!globalThis.caches || !globalThis.DecompressionStream) return null;
  const app = root.dataset.version;
  const ours = (header) => header.app === app && header.pyodide === version;
  // the unpacked copy web/snapshot-early.js found for this page and began to read at once
  let early = null;
  try {
    early = await globalThis.cardtableSnapshotRead;
  } catch {
    // as if it had found nothing: the search below starts again
  }
  if (early && typeof early.header === "object" && ours(early.header)) {
    const raw = readUnpacked(early);
    raw.catch(() => {}); // its failure is handled where it is awaited
    root.dataset.snapshotCopy = "unpacked";
    return { cache: await caches.open(early.name), url: UNPACKED_URL, raw };
  }
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

/** Unpack the app's archive into Pyodide's file system from JavaScript (false when the archive is
 * not one readTar reads; throws on a damaged one).  PyScript unpacks its `files` archives with
 * `pyodide.unpackArchive`, which runs Python's tarfile: right after a snapshot is restored that
 * Python runs in WebAssembly the browser has not optimised yet (it took 180-300 ms there for the
 * zip the app shipped before; see web/tar.js). */
function unpackTar(pyodide, readTar, buffer, extractDir) {
  const bytes = new Uint8Array(ArrayBuffer.isView(buffer) ? buffer.buffer : buffer,
    buffer.byteOffset || 0, buffer.byteLength);
  const files = readTar(bytes);
  if (!files) return false;
  performance.mark("cardtable:archive-inflated");
  const { FS } = pyodide;
  const dir = (extractDir || ".").startsWith("/") ? extractDir : `${FS.cwd()}/${extractDir || "."}`;
  const base = "/" + dir.split("/").filter((x) => x && x !== ".").join("/");
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

// The archive's reader (web/tar.js) is imported on the side, not by this module's
// own imports: the page's module scripts run in order, and none would wait for it.
const tarReader = import("./tar.js");
tarReader.catch(() => {}); // (then Pyodide unpacks, see fastUnpack)

// the formats PyScript names for a tar archive (by the archive's extension: .tar.gz, .tgz, .tar),
// and Pyodide's own name for a gzipped one; readTar reads a tar, gzipped or not
const TAR = new Set(["tar.gz", "tgz", "gztar", "tar"]);

/** Let `pyodide.unpackArchive` unpack tar archives from JavaScript (unpackTar, a promise), and fall
 * back to Pyodide's own unpacking for anything else or on any failure. */
function fastUnpack(pyodide) {
  const plain = pyodide.unpackArchive;
  if (typeof plain !== "function") return;
  const unpack = (buffer, format, options = {}) => {
    if (!TAR.has(format)) return plain.call(pyodide, buffer, format, options);
    performance.mark("cardtable:archive-fetched");
    return tarReader.then(({ readTar }) => unpackTar(pyodide, readTar, buffer, options.extractDir)).catch((err) => {
      console.warn("Card Table: unpacking in JavaScript failed, Pyodide unpacks instead:", err);
      return false;
    }).then((done) => {
      if (!done) plain.call(pyodide, buffer, format, options);
    }).finally(() => performance.mark("cardtable:files-unpacked"));
  };
  try {
    pyodide.unpackArchive = unpack;
  } catch {
    // a read-only API object: PyScript keeps Pyodide's own unpacking
  }
}

/** Let PyScript's bootstrap write its package from JavaScript (splitBootstrap); anything else, or
 * anything that goes wrong there, runs in Python as before. */
function fastBootstrap(pyodide) {
  const plain = pyodide.runPythonAsync;
  if (typeof plain !== "function") return;
  let done = false;
  const run = function (code, ...rest) {
    const split = done ? null : splitBootstrap(code);
    if (!split) return plain.call(this, code, ...rest);
    done = true; // (only the first such program: it is run once per page)
    try {
      const { FS } = pyodide;
      for (const [path, text] of split.files) {
        const full = `${FS.cwd()}/${path.slice(2)}`;
        if (text === null) FS.mkdirTree(full);
        else FS.writeFile(full, text); // a string is written as UTF-8, as write_text(encoding="utf-8")
      }
    } catch (err) {
      console.warn("Card Table: PyScript's files could not be written from JavaScript:", err);
      return plain.call(this, code, ...rest);
    }
    performance.mark("cardtable:pyscript-files");
    const imported = plain.call(this, split.python, ...rest);
    Promise.resolve(imported).finally(() => performance.mark("cardtable:pyscript-imported")).catch(() => {});
    return imported;
  };
  try {
    pyodide.runPythonAsync = run;
  } catch {
    // a read-only API object: PyScript's bootstrap runs as it is
  }
}

/** Boot the interpreter: from a cached snapshot when there is a good one, else normally (a promise
 * of the Pyodide API).  Never rejects because of a snapshot: any failure there falls back to a
 * normal boot in the same page load. */
async function boot(config) {
  // performance marks (cardtable:*) let bench/bench_startup.py show where a start's time goes
  performance.mark("cardtable:load-pyodide");
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
      fastUnpack(pyodide);
      fastBootstrap(pyodide);
      performance.mark("cardtable:pyodide-ready");
      return pyodide;
    } catch (err) {
      await forget(found.cache, found.url, err && err.message ? err.message.split("\n")[0] : String(err));
    }
  }
  if (!root.dataset.snapshot) root.dataset.snapshot = "none";
  const pyodide = await loadPlain(config);
  fastUnpack(pyodide);
  fastBootstrap(pyodide);
  performance.mark("cardtable:pyodide-ready");
  return pyodide;
}

// With a snapshot to restore, the boot starts as soon as this module is evaluated: index.html
// imports it in its <head>, so restoring the interpreter overlaps with PyScript's own start-up
// (loading its modules and config, opening its package cache), which used to come first.
// PyScript imports this same module (its config's `interpreter`), and its `loadPyodide(options)`
// below hands it the boot already under way.  Output goes to PyScript's `stdout`/`stderr` once it
// has given them (anything printed before that is kept and replayed).
const EXPECTED = new Set(["stdout", "stderr", "indexURL"]);
const printed = [];
const sink = { stdout: null, stderr: null };
let asked = false; // PyScript has called loadPyodide (after that, a stream it did not give goes to the console)
const forward = (name) => (text) => {
  if (sink[name]) sink[name](text);
  else if (asked) (name === "stderr" ? console.warn : console.log)(text);
  else printed.push([name, text]);
};
let started = null;

function start() {
  if (!started) {
    started = boot({ indexURL: INDEX_URL, stdLibURL: STDLIB_URL, stdout: forward("stdout"), stderr: forward("stderr") });
    started.catch(() => {}); // a failure is PyScript's to report, where it awaits the boot
  }
  return started;
}

// Only when web/snapshot-early.js found a snapshot to restore: a first visit boots as it always
// did, when PyScript asks (Pyodide's normal start-up then does not compete with PyScript's loading).
Promise.resolve(globalThis.cardtableSnapshotRead).then((found) => {
  if (found) start();
}, () => {});

export async function loadPyodide(options = {}) {
  if (Object.keys(options).some((key) => !EXPECTED.has(key))) {
    // options this module does not know how to give a boot already started: a boot of their own
    // (the early one, if any, is simply not used)
    return boot({ ...options, indexURL: INDEX_URL, stdLibURL: STDLIB_URL });
  }
  for (const name of ["stdout", "stderr"]) {
    if (typeof options[name] === "function") sink[name] = options[name];
  }
  asked = true;
  for (const [name, text] of printed.splice(0)) forward(name)(text);
  return start();
}
