"""A bench's own code run again in Pyodide under Node, the page's interpreter: ``run(code)`` mounts
``py/`` and ``bench/`` in Pyodide's file system, puts them first on ``sys.path`` and runs ``code``
(Python), whose prints come out as Node's.  Used by ``bench_bots.py --pyodide`` and
``bench_analysis.py time --pyodide``."""

from __future__ import annotations

import pathlib
import subprocess

_NODE = r"""
const [dir, py, bench, code] = process.argv.slice(1);   // node -e: no script name
const { loadPyodide } = require(dir + "/pyodide.js");
(async () => {
  const pyodide = await loadPyodide({ indexURL: dir + "/" });
  pyodide.FS.mkdirTree("/app/py");
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: py }, "/app/py");
  pyodide.FS.mkdirTree("/app/bench");
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: bench }, "/app/bench");
  pyodide.setStdout({ batched: (s) => console.log(s) });
  await pyodide.runPythonAsync('import sys\nsys.path[:0] = ["/app/py", "/app/bench"]\n' + code);
})();
"""


def run(code: str, where: str = "node_modules/pyodide") -> None:
    """``code`` in the Pyodide of the folder ``where`` (the npm package's), under Node."""
    here = pathlib.Path(__file__).resolve().parent
    subprocess.run(["node", "-e", _NODE, str(pathlib.Path(where).resolve()), str(here.parent / "py"), str(here), code],
                   check=True)
