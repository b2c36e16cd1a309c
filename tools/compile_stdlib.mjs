// Compile a standard-library zip's modules to bytecode, with Pyodide's own Python (in Node).
//
//   node tools/compile_stdlib.mjs INDEX_DIR IN_ZIP OUT_ZIP
//
// Pyodide's python_stdlib.zip holds sources: every start compiles each module it imports, and the
// archive is read-only, so nothing is kept.  tools/build.py trims the library to what the app uses
// and has it compiled here: OUT_ZIP holds each IN_ZIP module as an unchecked hash-based .pyc (its
// code names the .py, so a traceback says where; Python never looks for the source), and every
// other file as it is.  To keep the download small the bytecode has no docstrings or asserts
// (optimize=2) and no column ranges (PYTHONNODEBUGRANGES: a traceback through the standard library
// gives its lines without the ^^^ marks); 1.06 MB instead of 0.84 MB of sources, 1.59 MB plain.  Only this Pyodide's Python can make bytecode it will load (the bytecode
// format changes with each Python version), hence Node.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [indexDir, inZip, outZip] = process.argv.slice(2);
if (!indexDir || !inZip || !outZip) {
  console.error("usage: node tools/compile_stdlib.mjs INDEX_DIR IN_ZIP OUT_ZIP");
  process.exit(2);
}
const indexURL = path.resolve(indexDir) + path.sep;
const { loadPyodide } = await import(pathToFileURL(indexURL + "pyodide.mjs").href);
const py = await loadPyodide({ indexURL, env: { PYTHONNODEBUGRANGES: "1" } });
py.FS.writeFile("/tmp/in.zip", new Uint8Array(readFileSync(inZip)));
const count = py.runPython(`
import importlib.util, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

where = next(p for p in sys.path if p.endswith(".zip"))  # where the page mounts the library
n = 0
OPTIMIZE = 2
with zipfile.ZipFile("/tmp/in.zip") as src, zipfile.ZipFile("/tmp/out.zip", "w") as dst:
    for info in src.infolist():
        data = src.read(info)
        if info.filename.endswith(".py"):
            code = compile(data, f"{where}/{info.filename}", "exec", dont_inherit=True, optimize=OPTIMIZE)
            out = zipfile.ZipInfo(info.filename + "c", info.date_time)
            out.external_attr = info.external_attr
            data = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
            info, n = out, n + 1
        info.compress_type = zipfile.ZIP_DEFLATED
        dst.writestr(info, data, compresslevel=9)
n
`);
writeFileSync(outZip, py.FS.readFile("/tmp/out.zip"));
console.log(JSON.stringify({ compiled: count }));
