// Make the Pyodide memory snapshot that lets the app start without re-running CPython's start-up.
//
//   node tools/make_snapshot.mjs INDEX_DIR OUT_FILE [APP_ARCHIVE MODULE...]
//
// INDEX_DIR is Pyodide's folder (node_modules/pyodide/), OUT_FILE receives the raw snapshot
// (tools/build.py wraps it with its version header and gzip).  When APP_ARCHIVE (the app's .tar)
// is given, it is unpacked into /home/pyodide (where the app's worker unpacks it) and each
// MODULE is imported before the snapshot is taken, so those modules are already in sys.modules
// when the app's worker starts.  Only pure
// Python modules belong there: nothing that touches the browser (`js`) at import time.
//
// Modules the app needs that cannot be imported here (the app's UI module) are compiled ahead of time instead
// (tools/snapshot_code.py), and every object alive is frozen out of the garbage collector's way.
//
// The snapshot is made in a throwaway interpreter (Pyodide's rule: the instance that made a snapshot
// is not used afterwards).  It uses Pyodide's private API (`_makeSnapshot`, `makeMemorySnapshot`,
// `_loadSnapshot`), pinned with Pyodide 314.0.7 in package.json; this script restores the snapshot
// once before writing it, so an upgrade that breaks the API fails the build's snapshot step loudly
// (the build then goes on without a snapshot, and tests/test_snapshot.py fails).
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

// Options (before the positional arguments are read):
//   --stdlib=ZIP      the standard library to start with (Pyodide's stdLibURL; default: INDEX_DIR's
//                     python_stdlib.zip).  The snapshot must be made with the archive the app's worker
//                     will load: the interpreter's import system keeps the archive's table of contents.
//   --trace=OUT       no snapshot: import everything (as for one, plus --imports, each only
//                     if it can be) and write to OUT, as JSON, the modules then loaded
//                     (`modules`) and what was tried (`imports`, `failed`)
//   --imports=A,B     in a trace, more modules to import; otherwise, with --require=1, modules that
//                     must be found (exit 3 if one is not): the build's check that the trimmed
//                     library holds every one the app imports
//   --reader=JS       the page's reader of the app's archive (the built web/tar.js): the snapshot's
//                     copy of the app is unpacked with it, as the page unpacks it, so that Python's
//                     tarfile is not in the snapshot.  A trace always unpacks with Python (Pyodide's
//                     unpackArchive, the page's fallback), so that its modules are in the trimmed
//                     library.
const options = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith("--"))
  .map((a) => [a.slice(2).split("=")[0], a.slice(a.indexOf("=") + 1)]));
const [indexDir, outFile, appArchive, ...modules] = process.argv.slice(2).filter((a) => !a.startsWith("--"));
if (!indexDir || !outFile) {
  console.error("usage: node tools/make_snapshot.mjs [--stdlib=ZIP] [--trace=OUT] [--imports=A,B [--require=1]] "
    + "INDEX_DIR OUT_FILE [APP_ARCHIVE MODULE...]");
  process.exit(2);
}
const extraImports = (options.imports || "").split(",").filter(Boolean);
const stdLibURL = options.stdlib ? path.resolve(options.stdlib) : undefined;
const indexURL = path.resolve(indexDir) + path.sep;
const { loadPyodide, version } = await import(pathToFileURL(indexURL + "pyodide.mjs").href);

// Standard-library modules the app imports at start-up (importing them here saves that time).
const STDLIB = ["json", "random", "re", "math", "itertools", "functools", "collections", "dataclasses",
  "typing", "time", "gc", "html", "datetime", "copy", "hashlib", "importlib", "zipfile"];

const py = await loadPyodide({ indexURL, stdLibURL, _makeSnapshot: true, env: { HOME: "/home/pyodide" } });
py.runPython(`import ${STDLIB.join(", ")}`);
/** Unpack the app's archive into `dir` with the page's reader (web/tar.js), as
 * web/pyodide-snapshot.js does; false when there is none or it leaves the archive to Pyodide. */
async function unpackAsThePage(bytes, dir) {
  if (!options.reader || options.trace) return false;
  const { readTar } = await import(pathToFileURL(path.resolve(options.reader)).href);
  const files = readTar(bytes);
  if (!files) return false;
  for (const [name, raw] of files) {
    const full = `${dir}/${name}`.replace(/\/+$/, "");
    py.FS.mkdirTree(raw ? full.slice(0, full.lastIndexOf("/")) : full);
    if (raw) py.FS.writeFile(full, raw);
  }
  return true;
}

if (appArchive) {
  const bytes = new Uint8Array(readFileSync(appArchive));
  if (!(await unpackAsThePage(bytes, "/home/pyodide"))) {
    py.unpackArchive(bytes, "tar", { extractDir: "/home/pyodide" });
  }
  py.runPython("import sys\nif '/home/pyodide' not in sys.path: sys.path.insert(0, '/home/pyodide')");
  // A module that fails to import here (say, one that imports a browser-only module through
  // another) is simply left out: the app's worker imports it as usual.
  py.globals.set("wanted", modules.join(" "));
  py.runPython(`
import importlib
for name in wanted.split():
    try:
        importlib.import_module(name)
    except ImportError:
        pass
`);
}
// The modules the app's sources import (found by the build): in a
// trace, each that can be imported is, and what is loaded then is written out; otherwise each of
// --imports must be found (not imported) when --require is given.
py.globals.set("extra_imports", extraImports.join(" "));
py.globals.set("tracing", Boolean(options.trace));
const tried = JSON.parse(py.runPython(`
import importlib, importlib.util, json, sys
names = set(extra_imports.split())
failed = []
for name in sorted(names):
    try:
        # a trace imports; a check only finds (importing some of them here, pyodide.http say,
        # would put Node's objects into the snapshot)
        if tracing:
            importlib.import_module(name)
        elif importlib.util.find_spec(name) is None:
            failed.append(name)
    except Exception:
        failed.append(name)
json.dumps({"imports": sorted(names), "failed": failed})
`));
if (options.trace) {
  const loaded = py.runPython("import sys, json; json.dumps(sorted(sys.modules))");
  writeFileSync(options.trace, JSON.stringify({ ...tried, modules: JSON.parse(loaded) }, null, 1));
  process.exit(0);
}
if (options.require && tried.failed.length) {
  console.error("make_snapshot: not in the standard library the app ships: " + tried.failed.join(", "));
  process.exit(3);
}
// Modules the app's worker imports that cannot be imported here (the app's UI module) are compiled now, ahead of time: see tools/snapshot_code.py.
py.globals.set("code_source", readFileSync(new URL("snapshot_code.py", import.meta.url), "utf8"));
py.globals.set("packages", modules.map((m) => m.split(".")[0]).join(" "));
py.runPython(`
import sys, types
_code = types.ModuleType("_snapshot_code")
_code.__file__ = "/home/pyodide/_snapshot_code.py"
exec(compile(code_source, _code.__file__, "exec"), _code.__dict__)
sys.modules["_snapshot_code"] = _code
_code.install("/home/pyodide", packages.split())
del _code, code_source, packages
`);
// Everything alive now lives as long as the app's worker: move it out of the garbage collector's way
// (gc.freeze), so that its first full collection there does not walk the whole restored heap.
py.runPython("import gc; gc.collect(); gc.freeze()");
const snapshot = py.makeMemorySnapshot();

// Check the snapshot restores (and runs Python) before anyone ships it.
const check = await loadPyodide({ indexURL, stdLibURL, _loadSnapshot: snapshot });
const answer = check.runPython("import sys; str(6 * 7) + ':' + ','.join(sorted(m for m in sys.modules if m.startswith('cardtable')))");
if (!answer.startsWith("42:")) throw new Error("the restored snapshot does not run Python: " + answer);
const precompiled = check.runPython("import sys; ' '.join(sorted(sys.modules['_snapshot_code'].COMPILED))");
writeFileSync(outFile, snapshot);
console.log(JSON.stringify({ pyodide: version, bytes: snapshot.length, modules: answer.slice(3).split(",").filter(Boolean).length,
  precompiled: precompiled.split(" ").filter(Boolean) }));
