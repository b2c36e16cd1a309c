// Reading the app's zip in JavaScript, with fflate (vendored from npm by tools/build.py).
//
// PyScript unpacks its config's `files` archives with `pyodide.unpackArchive`, which runs Python's
// zipfile: right after a snapshot is restored that Python runs in WebAssembly the browser has not
// optimised yet (180-300 ms).  fflate reads the same 160 KB zip in 5-15 ms, in one synchronous
// call (the browser's DecompressionStream, one stream per file, took 20-25 ms of the main thread
// for its 55 files).  The zip is the build's own output (tools/build.py), so no entry is encrypted;
// anything unusual in it is left to Pyodide.  No browser API here: tests/test_zip.py runs it in Node.
import { unzipSync } from "../runtime/fflate/fflate.js";

// a plain relative path: no "..", nothing absolute, no odd characters
const PLAIN = /^[A-Za-z0-9_][\w.-]*(\/[A-Za-z0-9_][\w.-]*)*\/?$/;

/** The files of a zip archive, [[name, bytes, or null for a folder], ...] in the archive's order,
 * or null when it holds anything this reader leaves to Pyodide's own unpacking: a name that is not
 * a plain relative path, a shared library (Pyodide must load those itself), a method other than
 * stored or deflate.  Throws on a damaged archive (a bad header, a bad deflate stream, a size that
 * is not the one the archive declares). */
export function readZip(bytes) {
  const sizes = new Map();
  let refused = false;
  const files = unzipSync(bytes, {
    filter({ name, compression, originalSize }) {
      if (refused || !PLAIN.test(name) || name === "__proto__" || name.split("/").includes("..") || /\.so(\.|$)/.test(name)
          || (compression !== 0 && compression !== 8) || sizes.has(name)) {
        refused = true;
        return false;
      }
      sizes.set(name, originalSize);
      return true;
    },
  });
  if (refused) return null;
  const out = [];
  for (const [name, size] of sizes) {
    if (name.endsWith("/")) {
      out.push([name, null]);
      continue;
    }
    const raw = files[name];
    if (!raw || raw.length !== size) throw new Error(`${name} is ${raw ? raw.length : 0} bytes, expected ${size}`);
    out.push([name, raw]);
  }
  return out;
}
