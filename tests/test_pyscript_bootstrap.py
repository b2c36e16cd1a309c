"""web/pyscript-bootstrap.js: PyScript's bootstrap program is read correctly, so that its file writes
can be done from JavaScript (web/pyodide-snapshot.js's ``fastBootstrap``), and anything else is left
to run in Python as it is.

The program is built here the way PyScript 0.7 builds it (a ``pathlib`` write per file of its own
package, read from the PyScript bundle in node_modules as tools/make_snapshot.mjs reads it), and
``splitBootstrap`` runs in Node.  The browser tests check the real one: the snapshot test sees the
mark ``cardtable:pyscript-files`` and PyScript's package served from code compiled for exactly
those bytes.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MODULE = ROOT / "web" / "pyscript-bootstrap.js"
HEAD = ["import os as _os", "from pathlib import Path as _Path", "_path = None"]
TAIL = ["import pyscript as _pyscript", "del _Path", "del _path", "del _os", "del _pyscript", ""]

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="needs node (make test installs the npm packages with it)")


def pyscript_tree() -> dict:
    """PyScript's own package, {name: text or {sub-tree}}, from the bundle (as the page gets it)."""
    dist = ROOT / "node_modules" / "@pyscript" / "core" / "dist"
    text = next(p for p in dist.glob("core-*.js") if not p.name.endswith(".map")).read_text(encoding="utf-8")
    start = text.index('{pyscript:{"__init__.py":')
    obj, _ = json.JSONDecoder().raw_decode('{"pyscript"' + text[start + len("{pyscript"):])
    return obj


def program(tree: dict) -> str:
    """The bootstrap program as PyScript writes it (its ``wo`` function)."""
    lines = list(HEAD)

    def walk(base: str, node: dict) -> None:
        for name, value in node.items():
            lines.append(f'_path = _Path("{base}/{name}")')
            if isinstance(value, str):
                lines.append(f'_path.write_text({json.dumps(value, ensure_ascii=False)},encoding="utf-8")')
            else:
                lines.append(f'if not _os.path.exists("{base}/{name}"):')
                lines.append("    _path.mkdir(parents=True, exist_ok=True)")
                walk(f"{base}/{name}", value)

    walk(".", tree)
    return "\n".join(lines + TAIL)


def split(code: str):
    script = ("import { splitBootstrap } from " + json.dumps(MODULE.as_uri()) + ";\n"
              "let s = ''; process.stdin.on('data', (d) => s += d);\n"
              "process.stdin.on('end', () => process.stdout.write(JSON.stringify(splitBootstrap(s))));\n")
    out = subprocess.run(["node", "--input-type=module", "-e", script], input=code, capture_output=True,
                         text=True, check=True)
    return json.loads(out.stdout)


def written(code: str, where: Path) -> dict:
    """Run a program's file writes in CPython (everything but the import of pyscript) in ``where``;
    the files it leaves, {relative path: text}."""
    import os

    here = os.getcwd()
    os.chdir(where)
    try:
        exec(code.replace("import pyscript as _pyscript", "_pyscript = None"), {})
    finally:
        os.chdir(here)
    return {p.relative_to(where).as_posix(): p.read_text(encoding="utf-8") for p in where.rglob("*") if p.is_file()}


def test_the_bootstrap_of_this_pyscript_is_split_into_the_same_files_and_the_rest(tmp_path):
    code = program(pyscript_tree())
    got = split(code)
    assert got is not None
    # the Python left to run: the same program without the writes
    assert got["python"] == "\n".join(HEAD + TAIL)
    # the files, written from JavaScript's list, are those the whole program writes, byte for byte
    (tmp_path / "js").mkdir()
    (tmp_path / "py").mkdir()
    for path, text in got["files"]:
        target = tmp_path / "js" / path[2:]
        if text is None:
            target.mkdir(parents=True, exist_ok=True)
        else:
            target.write_bytes(text.encode("utf-8"))
    by_js = {p.relative_to(tmp_path / "js").as_posix(): p.read_text(encoding="utf-8")
             for p in (tmp_path / "js").rglob("*") if p.is_file()}
    assert by_js == written(code, tmp_path / "py")
    assert "pyscript/__init__.py" in by_js and len(by_js) >= 10


@pytest.mark.parametrize("change", [
    lambda c: c.replace("import os as _os", "import os"),                       # another header
    lambda c: c.replace(',encoding="utf-8")', ',encoding="latin-1")', 3),        # another encoding
    lambda c: c.replace('_Path("./pyscript/', '_Path("./pyscript/../', 1),        # a path with ..
    lambda c: c.replace('_Path("./pyscript/u', '_Path(f"./pyscript/u', 1),        # not a plain literal
    lambda c: c.replace('_path.write_text(', '_path.write_bytes(', 1),            # another call
    lambda c: "\n".join(HEAD + TAIL),                                            # nothing to write
])
def test_any_other_program_is_left_to_python_in_whole_or_from_where_it_differs(change, tmp_path):
    code = change(program(pyscript_tree()))
    got = split(code)
    if got is None:
        return   # it runs in Python as it is
    # whatever was taken out is done here, and the rest leaves exactly what the whole program does
    js = tmp_path / "js" / "cwd"
    js.mkdir(parents=True)
    for path, text in got["files"]:
        if text is None:
            (js / path[2:]).mkdir(parents=True, exist_ok=True)
        else:
            (js / path[2:]).write_bytes(text.encode("utf-8"))
    py = tmp_path / "py" / "cwd"
    py.mkdir(parents=True)
    try:
        expected = written(code, py)
    except Exception as err:   # the changed program fails on its own: so must the rest
        with pytest.raises(type(err)):
            written(got["python"], js)
        return
    assert written(got["python"], js) == expected
    assert got["python"] != "\n".join(HEAD + TAIL)   # something was left to Python
