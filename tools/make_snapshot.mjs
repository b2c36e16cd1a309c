// Make the Pyodide memory snapshot that lets the app start without re-running CPython's start-up.
//
//   node tools/make_snapshot.mjs INDEX_DIR OUT_FILE [APP_ZIP MODULE...]
//
// INDEX_DIR is Pyodide's folder (node_modules/pyodide/), OUT_FILE receives the raw snapshot
// (tools/build.py wraps it with its version header and gzip).  When APP_ZIP is given, it is unpacked
// into /home/pyodide (where PyScript unpacks it in the page) and each MODULE is imported before the
// snapshot is taken, so those modules are already in sys.modules when the page starts.  Only pure
// Python modules belong there: nothing that touches the browser (`js`, `pyscript`) at import time.
//
// The snapshot is made in a throwaway interpreter (Pyodide's rule: the instance that made a snapshot
// is not used afterwards).  It uses Pyodide's private API (`_makeSnapshot`, `makeMemorySnapshot`,
// `_loadSnapshot`), pinned with Pyodide 314.0.7 in package.json; this script restores the snapshot
// once before writing it, so an upgrade that breaks the API fails the build's snapshot step loudly
// (the build then goes on without a snapshot, and tests/test_snapshot.py fails).
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [indexDir, outFile, appZip, ...modules] = process.argv.slice(2);
if (!indexDir || !outFile) {
  console.error("usage: node tools/make_snapshot.mjs INDEX_DIR OUT_FILE [APP_ZIP MODULE...]");
  process.exit(2);
}
const indexURL = path.resolve(indexDir) + path.sep;
const { loadPyodide, version } = await import(pathToFileURL(indexURL + "pyodide.mjs").href);

// Standard-library modules the app imports at start-up (importing them here saves that time).
const STDLIB = ["json", "random", "re", "math", "itertools", "functools", "collections", "dataclasses",
  "typing", "time", "gc", "html", "datetime", "copy", "hashlib", "importlib", "zipfile"];

const py = await loadPyodide({ indexURL, _makeSnapshot: true, env: { HOME: "/home/pyodide" } });
py.runPython(`import ${STDLIB.join(", ")}`);
if (appZip) {
  py.unpackArchive(new Uint8Array(readFileSync(appZip)), "zip", { extractDir: "/home/pyodide" });
  py.runPython("import sys\nif '/home/pyodide' not in sys.path: sys.path.insert(0, '/home/pyodide')");
  // A module that fails to import here (say, one that imports a browser-only module through
  // another) is simply left out: the page imports it as usual.
  py.globals.set("wanted", modules.join(" "));
  py.runPython(`
import importlib
for name in wanted.split():
    try:
        importlib.import_module(name)
    except ImportError:
        pass
del wanted
`);
}
const snapshot = py.makeMemorySnapshot();

// Check the snapshot restores (and runs Python) before anyone ships it.
const check = await loadPyodide({ indexURL, _loadSnapshot: snapshot });
const answer = check.runPython("import sys; str(6 * 7) + ':' + ','.join(sorted(m for m in sys.modules if m.startswith('cardtable')))");
if (!answer.startsWith("42:")) throw new Error("the restored snapshot does not run Python: " + answer);
writeFileSync(outFile, snapshot);
console.log(JSON.stringify({ pyodide: version, bytes: snapshot.length, modules: answer.slice(3).split(",").filter(Boolean).length }));
