// PyScript's bootstrap program, read so that its file writes can be done from JavaScript
// (web/pyodide-snapshot.js's fastBootstrap).  No browser API here: tests/test_pyscript_bootstrap.py
// runs it in Node.

/** PyScript's bootstrap, split: {files: [[path, text or null for a folder], ...], python: the rest},
 * or null when `code` is not of the shape this reader knows (then it runs as it is).
 *
 * Before it runs the page's script, PyScript runs one Python program that writes its own package
 * (`pyscript/*.py`, some 30 KB) into the file system, a `pathlib` call per file with each file's
 * text as a string literal, then imports it.  Compiling and running that program took 65-180 ms
 * right after a restore (WebAssembly not yet optimised), the largest step between the interpreter
 * being ready and the app starting.  Its file writes are done here in JavaScript instead, with the
 * same bytes; everything else in it still runs in Python, unchanged. */
export function splitBootstrap(code) {
  const lines = String(code).split("\n");
  const HEAD = ["import os as _os", "from pathlib import Path as _Path", "_path = None"];
  if (HEAD.some((line, i) => lines[i] !== line)) return null;
  const files = [];
  let path = null;
  let done = HEAD.length; // the lines before this one are all done here; Python runs the rest
  for (let i = HEAD.length; i < lines.length; i++) {
    let m = /^_path = _Path\(("[^"\\]*")\)$/.exec(lines[i]);
    if (m && path === null) {
      path = JSON.parse(m[1]);
      continue;
    }
    m = /^_path\.write_text\(("(?:[^"\\]|\\.)*"),encoding="utf-8"\)$/.exec(lines[i]);
    if (m && path !== null) {
      files.push([path, JSON.parse(m[1])]);
    } else {
      m = /^if not _os\.path\.exists\(("[^"\\]*")\):$/.exec(lines[i]);
      if (!(m && path === JSON.parse(m[1]) && lines[i + 1] === "    _path.mkdir(parents=True, exist_ok=True)")) break;
      files.push([path, null]);
      i++;
    }
    path = null;
    done = i + 1;
  }
  if (!files.length || files.some(([p]) => !/^\.\/[\w./-]+$/.test(p) || p.split("/").includes(".."))) return null;
  return { files, python: [...HEAD, ...lines.slice(done)].join("\n") };
}
