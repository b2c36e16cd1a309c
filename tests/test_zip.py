"""web/zip.js: the app's zip is read in JavaScript (fflate) exactly as Python's zipfile reads it; an
archive it does not take is left to Pyodide's own unpacking (``readZip`` gives null), and a damaged
one is an error (web/pyodide-snapshot.js then lets Pyodide unpack it, which reports it).

``readZip`` runs in Node, from the built site (it imports runtime/fflate/, which the build copies
from node_modules); the browser tests unpack the real archive on every start, cold and warm.
"""

from __future__ import annotations

import base64
import io
import json
import shutil
import struct
import subprocess
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MODULE = ROOT / "dist" / "web" / "zip.js"

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="needs node (make test installs the npm packages with it)")

RUNNER = """
import { readZip } from %s;
let s = ""; process.stdin.on("data", (d) => s += d);
process.stdin.on("end", () => {
  let out;
  try {
    const files = readZip(new Uint8Array(Buffer.from(s, "base64")));
    out = { files: files && files.map(([n, b]) => [n, b === null ? null : Buffer.from(b).toString("base64")]) };
  } catch (err) {
    out = { error: String(err && err.message || err) };
  }
  process.stdout.write(JSON.stringify(out));
});
"""


def read_zip(data: bytes) -> dict:
    """{"files": [[name, bytes or None], ...] or None} or {"error": message}, from readZip in Node."""
    if not MODULE.is_file():
        pytest.fail("dist/web/zip.js is missing: build the site first (make build)")
    out = subprocess.run(["node", "--input-type=module", "-e", RUNNER % json.dumps(MODULE.as_uri())],
                         input=base64.b64encode(data).decode(), capture_output=True, text=True, check=True)
    got = json.loads(out.stdout)
    if got.get("files") is not None:
        got["files"] = [[n, None if b is None else base64.b64decode(b)] for n, b in got["files"]]
    return got


def make_zip(entries, compression=zipfile.ZIP_DEFLATED) -> bytes:
    """A zip of (name, bytes or None for a folder) entries, in that order."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression=compression) as z:
        for name, data in entries:
            if data is None:
                z.writestr(zipfile.ZipInfo(name), b"")
            else:
                z.writestr(name, data)
    return buf.getvalue()


def test_the_apps_own_zip_reads_as_python_reads_it():
    data = (ROOT / "dist" / "app" / "cardtable.zip").read_bytes()
    got = read_zip(data)["files"]
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        expected = [[i.filename, None if i.is_dir() else z.read(i)] for i in z.infolist()]
    assert got == expected
    assert any(name.endswith(".mo") for name, _ in got) and len(got) > 20


def test_stored_and_deflated_files_and_folders_in_the_archives_order():
    text = ("def f():\n    return 'é'\n" * 200).encode()
    entries = [("pkg/", None), ("pkg/__init__.py", b""), ("pkg/mod.py", text), ("pkg/data/x.bin", bytes(range(256)))]
    for compression in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
        assert read_zip(make_zip(entries, compression))["files"] == [list(e) for e in entries]


@pytest.mark.parametrize("name", ["../evil.py", "pkg/../../evil.py", "/etc/evil.py", "pkg/_ext.so",
                                  "pkg/libx.so.1", "__proto__", "pkg/with space.py", "pkg//double.py",
                                  "pkg\\back.py", ".hidden/x.py"])
def test_an_archive_with_a_name_it_does_not_take_is_left_to_pyodide(name):
    assert read_zip(make_zip([("pkg/ok.py", b"x = 1\n"), (name, b"y = 2\n")])) == {"files": None}


def test_another_compression_method_or_a_name_twice_is_left_to_pyodide():
    assert read_zip(make_zip([("pkg/a.py", b"a" * 1000)], zipfile.ZIP_BZIP2)) == {"files": None}
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z, pytest.warns(UserWarning):   # zipfile warns of the duplicate
        z.writestr("pkg/a.py", b"first")
        z.writestr("pkg/a.py", b"second")
    assert read_zip(buf.getvalue()) == {"files": None}


def test_a_damaged_archive_is_an_error():
    data = make_zip([("pkg/mod.py", b"print('hello')\n" * 500)])
    assert "error" in read_zip(data[: len(data) // 2])                 # cut short: no directory
    assert "error" in read_zip(b"not a zip at all" * 10)
    # a damaged deflate stream
    start = 30 + len("pkg/mod.py")
    broken = bytearray(data)
    for i in range(start, start + 20):
        broken[i] ^= 0xFF
    assert "error" in read_zip(bytes(broken))
    # a declared size that is not the file's (in the local and the central header alike)
    sized = bytearray(data)
    size = len(b"print('hello')\n" * 500)
    for at in (22, sized.rindex(b"PK\x01\x02") + 24):
        assert struct.unpack_from("<I", sized, at)[0] == size
        struct.pack_into("<I", sized, at, size + 1)
    assert "error" in read_zip(bytes(sized))
