// Reading the app's archive in JavaScript: one tar (app/cardtable.tar, written by tools/build.py;
// a first visit downloads its xz-compressed copy, decoded as it arrives, see web/snapshot-early.js,
// and the service worker keeps it decoded) read by a small, strict tar reader.
//
// Pyodide's own `pyodide.unpackArchive` runs Python's tarfile: right after a snapshot is restored
// that Python runs in WebAssembly the browser has not optimised yet (180-300 ms for the zip the app
// shipped before).  Here it is one synchronous call (web/pyodide-snapshot.js's unpackApp).
// The archive is the build's own output: POSIX ustar, regular files and folders with plain relative
// names; anything else in it is left to Pyodide.  No browser API here: tests/test_tar.py runs it in Node.

// a plain relative path: no "..", nothing absolute, no odd characters
const PLAIN = /^[A-Za-z0-9_][\w.-]*(\/[A-Za-z0-9_][\w.-]*)*\/?$/;
const BLOCK = 512;

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

/** The files of a tar archive, [[name, bytes, or null for a folder], ...] in the
 * archive's order, or null when it holds anything this reader leaves to Pyodide's own unpacking: a
 * format other than POSIX ustar, an entry other than a regular file or a folder (a link, a device,
 * a pax or GNU extended header...), a name that is not a plain relative path or comes twice, a
 * shared library (Pyodide must load those itself).  Throws on a damaged archive (a bad header
 * checksum or size, an entry that runs past the end, no end-of-archive marker, bytes
 * after it). */
export function readTar(bytes) {
  const tar = bytes;
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
