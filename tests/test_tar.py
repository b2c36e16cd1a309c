"""web/tar.js: the app's tar is read in JavaScript (a strict tar reader) exactly as Python's tarfile
reads it.  An archive it does not take (another format or entry type, a name that is not plain) is
left to Pyodide's own unpacking (``readTar`` gives null); a damaged one (checksums or sizes) is an
error.  Either way web/pyodide-snapshot.js then lets Pyodide's
``unpackArchive`` (Python's tarfile) unpack it, which the browser test at the end checks.

``readTar`` runs in Node, from the built site; the browser tests unpack the real archive on every
start, cold and warm.
"""

from __future__ import annotations

import base64
import gzip
import io
import json
import lzma
import shutil
import subprocess
import tarfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MODULE = ROOT / "dist" / "web" / "tar.js"
ARCHIVE = ROOT / "dist" / "app" / "cardtable.tar"

needs_node = pytest.mark.skipif(shutil.which("node") is None,
                                reason="needs node (make test installs the npm packages with it)")

RUNNER = """
import { readTar } from %s;
let s = ""; process.stdin.on("data", (d) => s += d);
process.stdin.on("end", () => {
  let out;
  try {
    const files = readTar(new Uint8Array(Buffer.from(s, "base64")));
    out = { files: files && files.map(([n, b]) => [n, b === null ? null : Buffer.from(b).toString("base64")]) };
  } catch (err) {
    out = { error: String(err && err.message || err) };
  }
  process.stdout.write(JSON.stringify(out));
});
"""


def read_tar(data: bytes) -> dict:
    """{"files": [[name, bytes or None], ...] or None} or {"error": message}, from readTar in Node."""
    if not MODULE.is_file():
        pytest.fail("dist/web/tar.js is missing: build the site first (make build)")
    out = subprocess.run(["node", "--input-type=module", "-e", RUNNER % json.dumps(MODULE.as_uri())],
                         input=base64.b64encode(data).decode(), capture_output=True, text=True, check=True)
    got = json.loads(out.stdout)
    if got.get("files") is not None:
        got["files"] = [[n, None if b is None else base64.b64decode(b)] for n, b in got["files"]]
    return got


def make_tar(entries, fmt=tarfile.USTAR_FORMAT) -> bytes:
    """A tar of (name, bytes or None for a folder, or a TarInfo with its
    bytes) entries, in that order."""
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w", format=fmt) as tar:
        for name, data in entries:
            if isinstance(name, tarfile.TarInfo):
                tar.addfile(name, io.BytesIO(data) if data else None)
                continue
            info = tarfile.TarInfo(name)
            if data is None:
                info.type = tarfile.DIRTYPE
                tar.addfile(info)
            else:
                info.size = len(data)
                tar.addfile(info, io.BytesIO(data))
    return buf.getvalue()


def header_field(raw: bytearray, entry: int, at: int, value: bytes) -> bytearray:
    """``raw`` (a tar) with a field of its ``entry``-th header (one 512-byte block each, the files
    being empty or under 512 bytes) replaced, and that header's checksum made right again."""
    start = entry * 1024
    raw[start + at:start + at + len(value)] = value
    raw[start + 148:start + 156] = b" " * 8
    raw[start + 148:start + 156] = b"%06o\0 " % sum(raw[start:start + 512])
    return raw


@needs_node
def test_the_apps_own_archive_reads_as_python_reads_it():
    data = ARCHIVE.read_bytes()
    got = read_tar(data)["files"]
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        expected = [[m.name + "/" if m.isdir() else m.name, None if m.isdir() else tar.extractfile(m).read()]
                    for m in tar]
    assert got == expected
    assert "cardtable/locale/languages.json" in dict(got)
    # each language but English is a pack of its own (lang/<code>.pack), not in the archive; the rules
    # pages are the build's HTML (web/rules-<lang>.json.gz), no book is in the archive
    assert not any(name.endswith("/cardtable.json") or name.endswith(".md") for name, _ in got)
    assert len(got) > 50 and all(name.startswith("cardtable/") for name, _ in got)


@pytest.mark.slow
def test_the_apps_archive_is_reproducible_plain_and_packed_smaller_than_gzip(tmp_path, dist):
    """Written again, the archive has the build's very bytes (fixed dates, owners and modes), POSIX
    ustar with regular files only; its packed copy (what a visit downloads) decodes to exactly it and
    is smaller than the same tar gzipped at zlib's best."""
    from build import language_packs, languages_file, package_files, write_tar

    a = tmp_path / "a.tar"
    write_tar(a, package_files(), ROOT / "py", languages_file(language_packs()["names"]))
    raw = a.read_bytes()
    assert raw == ARCHIVE.read_bytes()
    packed = (dist / "app" / "cardtable.tar.xz").read_bytes()
    assert lzma.decompress(packed) == raw
    assert len(packed) < len(gzip.compress(raw, compresslevel=9, mtime=0)) * 0.9
    assert raw[257:265] == b"ustar\x0000"   # POSIX ustar (not GNU's magic)
    with tarfile.open(a) as tar:
        members = tar.getmembers()
    assert members and all(m.pax_headers == {} for m in members)
    assert members and all(m.isreg() and m.mode == 0o644 and (m.uid, m.gid, m.uname, m.gname) == (0, 0, "", "")
                           for m in members)
    assert len({m.mtime for m in members}) == 1


@needs_node
def test_files_and_folders_in_the_archives_order():
    text = ("def f():\n    return 'é'\n" * 200).encode()
    entries = [("pkg/", None), ("pkg/__init__.py", b""), ("pkg/mod.py", text), ("pkg/data/x.bin", bytes(range(256))),
               ("pkg/data/exact.bin", b"x" * 1024)]
    assert read_tar(make_tar(entries))["files"] == [list(e) for e in entries]
    # a name in the ustar prefix field (over 100 characters)
    long = "pkg/" + "d" * 90 + "/" + "m" * 60 + ".py"
    assert read_tar(make_tar([(long, b"x = 1\n")]))["files"] == [[long, b"x = 1\n"]]


@needs_node
@pytest.mark.parametrize("name", ["../evil.py", "pkg/../../evil.py", "/etc/evil.py", "pkg/_ext.so",
                                  "pkg/libx.so.1", "pkg/with space.py", "pkg//double.py",
                                  "pkg\\back.py", ".hidden/x.py", "pkg/é.py"])
def test_an_archive_with_a_name_it_does_not_take_is_left_to_pyodide(name):
    # (a non-ASCII name: ustar cannot hold it, so a pax header; written raw it is refused alike)
    fmt = tarfile.PAX_FORMAT if not name.isascii() else tarfile.USTAR_FORMAT
    assert read_tar(make_tar([("pkg/ok.py", b"x = 1\n"), (name, b"y = 2\n")], fmt)) == {"files": None}


def _entry(name: str, kind: bytes, **fields) -> tarfile.TarInfo:
    info = tarfile.TarInfo(name)
    info.type = kind
    for key, value in fields.items():
        setattr(info, key, value)
    return info


@needs_node
@pytest.mark.parametrize("entry", [
    _entry("pkg/link.py", tarfile.SYMTYPE, linkname="ok.py"),
    _entry("pkg/hard.py", tarfile.LNKTYPE, linkname="pkg/ok.py"),
    _entry("pkg/dev", tarfile.CHRTYPE, devmajor=1, devminor=3),
    _entry("pkg/blk", tarfile.BLKTYPE),
    _entry("pkg/fifo", tarfile.FIFOTYPE),
    _entry("pkg/cont.py", tarfile.CONTTYPE),
], ids=lambda e: e.name)
def test_links_devices_and_other_entry_types_are_left_to_pyodide(entry):
    assert read_tar(make_tar([("pkg/ok.py", b"x = 1\n"), (entry, None)])) == {"files": None}


@needs_node
def test_other_tar_formats_extended_headers_and_a_name_twice_are_left_to_pyodide():
    ok = [("pkg/ok.py", b"x = 1\n")]
    long = "pkg/" + "n" * 120 + ".py"   # (no "/" where ustar could split it: GNU writes an L entry)
    assert read_tar(make_tar(ok + [(long, b"y = 2\n")], tarfile.GNU_FORMAT)) == {"files": None}
    assert read_tar(make_tar(ok, tarfile.GNU_FORMAT)) == {"files": None}        # GNU's magic
    pax = io.BytesIO()
    with tarfile.open(fileobj=pax, mode="w", format=tarfile.PAX_FORMAT, pax_headers={"comment": "hi"}) as tar:
        info = tarfile.TarInfo("pkg/ok.py")
        info.size = 6
        tar.addfile(info, io.BytesIO(b"x = 1\n"))
    assert read_tar(pax.getvalue()) == {"files": None}           # a global pax header
    assert read_tar(make_tar(ok + [("pkg/ok.py", b"x = 2\n")])) == {"files": None}
    assert read_tar(make_tar(ok + [("pkg/", None), ("pkg", None)])) == {"files": None}   # a folder twice


@needs_node
def test_a_compressed_archive_is_an_error():
    """The reader takes the tar itself (the packed copy is decoded before it): a gzip stream is not a tar."""
    assert "error" in read_tar(gzip.compress(make_tar([("pkg/mod.py", b"print('hello')\n" * 500)])))


@needs_node
def test_a_damaged_tar_is_an_error():
    entries = [("pkg/a.py", b"a = 1\n"), ("pkg/b.py", b"b = 2\n")]
    raw = bytearray(make_tar(entries))
    read = lambda tar: read_tar(bytes(tar))  # noqa: E731
    assert read(raw)["files"] == [list(e) for e in entries]
    # a size that is not the file's: longer (what follows is not a header), shorter, past the end
    assert "error" in read(header_field(raw[:], 0, 124, b"%011o\0" % 600))
    assert "error" in read(header_field(raw[:], 0, 124, b"%011o\0" % 0))
    assert "error" in read(header_field(raw[:], 1, 124, b"%011o\0" % (len(raw) + 1)))
    assert "error" in read(header_field(raw[:], 0, 124, b"12x4\0"))                  # not octal
    sized = bytearray(raw)                                                            # a damaged checksum
    sized[124 + 10] = ord("7")
    assert "error" in read(sized)
    assert "error" in read(raw[:2048])                                               # no end marker
    assert "error" in read(raw[:2048] + bytes(1024) + b"junk" + bytes(508))          # bytes after it
    assert "error" in read(raw[:1536])                                               # cut in a file
    assert "error" in read(raw[:100])


@pytest.mark.browser
def test_an_archive_left_to_pyodide_is_unpacked_by_pyodide_and_the_app_starts(browser, site):
    """The page's fallback: the app's archive, with one more entry readTar leaves to Pyodide (a
    symbolic link), is unpacked by Pyodide's unpackArchive (Python's tarfile, in the trimmed standard
    library) and the app starts as usual."""
    from conftest import PageWatch, run_python, wait_ready

    buf = io.BytesIO()
    with tarfile.open(ARCHIVE) as src, tarfile.open(fileobj=buf, mode="w", format=tarfile.USTAR_FORMAT) as dst:
        for member in src:
            dst.addfile(member, src.extractfile(member))
        dst.addfile(_entry("cardtable/link.md", tarfile.SYMTYPE, linkname="rules/seep.md", mtime=1577836800))
    patched = buf.getvalue()
    context = browser.new_context()
    page = context.new_page()
    watch = PageWatch(page, site.origin)
    page.route("**/app/cardtable.tar.xz", lambda route: route.abort())  # (its plain copy is fetched then)
    page.route("**/app/cardtable.tar", lambda route: route.fulfill(
        status=200, body=patched, headers={"Content-Type": "application/x-tar"}))
    page.goto(site.url)
    wait_ready(page)
    marks = page.evaluate("performance.getEntriesByType('mark').map((m) => m.name)")
    assert "cardtable:files-unpacked" in marks and "cardtable:archive-written" not in marks, marks
    assert run_python(page, "import os, cardtable; os.path.islink(os.path.dirname(cardtable.__file__) + '/link.md')")
    # (the aborted packed copy, which Chromium logs as "Failed to load resource", is the only console error)
    assert watch.console_errors and all("ERR_FAILED" in e for e in watch.console_errors), watch.console_errors
    watch.console_errors.clear()
    watch.assert_clean()
    context.close()
