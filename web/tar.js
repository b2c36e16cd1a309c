// Reading the app's archive in JavaScript: one gzipped tar (app/cardtable.tar.gz, written by
// tools/build.py), inflated by fflate (vendored from npm by tools/build.py) and read by a small,
// strict tar reader.
//
// PyScript unpacks its config's `files` archives with `pyodide.unpackArchive`, which runs Python's
// tarfile: right after a snapshot is restored that Python runs in WebAssembly the browser has not
// optimised yet (180-300 ms for the zip the app shipped before).  Here it is one synchronous call.
// The archive is the build's own output: POSIX ustar, regular files and folders with plain relative
// names; anything else in it is left to Pyodide.  No browser API here: tests/test_tar.py runs it in Node.
import { gunzipSync } from "../runtime/fflate/fflate.js";

// a plain relative path: no "..", nothing absolute, no odd characters
const PLAIN = /^[A-Za-z0-9_][\w.-]*(\/[A-Za-z0-9_][\w.-]*)*\/?$/;
const BLOCK = 512;
const MAX_SIZE = 64 << 20; // (the app's archive inflates to under 1 MB)

let crcTable = null;

/** The CRC-32 of `bytes` (gzip's; fflate's gunzipSync does not check it). */
function crc32(bytes) {
  if (!crcTable) {
    crcTable = new Int32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c;
    }
  }
  let c = -1;
  for (let i = 0; i < bytes.length; i++) c = crcTable[(c ^ bytes[i]) & 255] ^ (c >>> 8);
  return ~c >>> 0;
}

/** The inflated bytes of one gzip member, checked against its trailer (CRC-32 and size). */
function gunzip(bytes) {
  const n = bytes.length;
  if (n < 18 || bytes[2] !== 8 || bytes[3] & 0xe0) throw new Error("not a gzip stream this reader takes");
  const view = new DataView(bytes.buffer, bytes.byteOffset, n);
  const crc = view.getUint32(n - 8, true);
  const size = view.getUint32(n - 4, true);
  if (size > MAX_SIZE) throw new Error(`the archive says it inflates to ${size} bytes`);
  const raw = gunzipSync(bytes);
  if (raw.length !== size) throw new Error(`the archive inflates to ${raw.length} bytes, expected ${size}`);
  if (crc32(raw) !== crc) throw new Error("the archive's checksum does not match");
  return raw;
}

/** A header's text field: its bytes up to the first NUL (ASCII only, else null). */
function text(h, at, length) {
  let s = "";
  for (let i = at; i < at + length && h[i]; i++) {
    if (h[i] > 126 || h[i] < 32) return null;
    s += String.fromCharCode(h[i]);
  }
  return s;
}

/** A header's octal number field (digits, then NULs or spaces), or throws. */
function octal(h, at, length) {
  const field = text(h, at, length);
  if (field === null || !/^ *[0-7]+[ ]*$/.test(field)) throw new Error("a damaged tar header");
  return parseInt(field, 8);
}

/** The files of a gzipped tar archive (or of a tar, which a host that sends the archive with
 * `Content-Encoding: gzip` hands over inflated), [[name, bytes, or null for a folder], ...] in the
 * archive's order, or null when it holds anything this reader leaves to Pyodide's own unpacking: a
 * format other than POSIX ustar, an entry other than a regular file or a folder (a link, a device,
 * a pax or GNU extended header...), a name that is not a plain relative path or comes twice, a
 * shared library (Pyodide must load those itself).  Throws on a damaged archive (a bad gzip stream,
 * checksum or size, a bad header, an entry that runs past the end, no end-of-archive marker, bytes
 * after it). */
export function readTar(bytes) {
  const tar = bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzip(bytes) : bytes;
  const out = [];
  const seen = new Set();
  let at = 0;
  for (;;) {
    if (at + BLOCK > tar.length) throw new Error("the tar archive ends without its end marker");
    const h = tar.subarray(at, at + BLOCK);
    if (h.every((b) => b === 0)) break;
    let sum = 8 * 32; // (the checksum field counts as spaces)
    for (let i = 0; i < BLOCK; i++) if (i < 148 || i >= 156) sum += h[i];
    if (octal(h, 148, 8) !== sum) throw new Error("a tar header's checksum does not match");
    if (text(h, 257, 6) !== "ustar" || h[262] !== 0 || h[263] !== 0x30 || h[264] !== 0x30) return null;
    const type = h[156];
    if (type !== 0x30 && type !== 0 && type !== 0x35) return null; // (regular file, the same, folder)
    const short = text(h, 0, 100);
    const prefix = text(h, 345, 155);
    if (!short || prefix === null) return null;
    let name = prefix ? `${prefix}/${short}` : short;
    const size = octal(h, 124, 12);
    if (type === 0x35) {
      if (size !== 0) throw new Error(`the tar folder ${name} has a size`);
      if (!name.endsWith("/")) name += "/";
    }
    if (!PLAIN.test(name) || name.split("/").includes("..") || /\.so(\.|$)/.test(name) || seen.has(name)) return null;
    seen.add(name);
    const start = at + BLOCK;
    if (start + size > tar.length) throw new Error(`${name} runs past the end of the tar archive`);
    out.push([name, type === 0x35 ? null : tar.subarray(start, start + size)]);
    at = start + Math.ceil(size / BLOCK) * BLOCK;
  }
  for (let i = at; i < tar.length; i++) {
    if (tar[i]) throw new Error("bytes after the tar archive's end marker");
  }
  return out;
}
