"""tools/serve.py compresses as static hosts do: brotli or gzip by Accept-Encoding, archives as they are."""

from __future__ import annotations

import gzip
import urllib.error
import urllib.request

import pytest

from conftest import Server

brotli = pytest.importorskip("brotli")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    root = tmp_path_factory.mktemp("site")
    (root / "index.html").write_text("<!doctype html><p>" + "card table " * 500)
    (root / "app.js").write_text("export const x = 1;\n" * 300)
    (root / "engine.wasm").write_bytes(b"\0asm\1\0\0\0" + bytes(range(256)) * 64)
    (root / "lib.zip").write_bytes(b"PK\5\6" + b"\0" * 2000)
    s = Server(root)
    s.root = root
    yield s
    s.stop()


def get(server, path, encoding=None, method="GET", headers=None):
    req = urllib.request.Request(server.url + path, method=method, headers={**(headers or {})})
    if encoding is not None:
        req.add_header("Accept-Encoding", encoding)
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, r.headers, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers, e.read()


@pytest.mark.parametrize("path, ctype", [("index.html", "text/html"), ("app.js", "text/javascript"),
                                         ("engine.wasm", "application/wasm")])
def test_brotli_then_gzip_then_identity(server, path, ctype):
    plain = (server.root / path).read_bytes()
    status, h, body = get(server, path, "gzip, deflate, br, zstd")
    assert (status, h["Content-Encoding"], h["Vary"]) == (200, "br", "Accept-Encoding")
    assert h["Content-Type"].startswith(ctype)
    assert int(h["Content-Length"]) == len(body) < len(plain)
    assert brotli.decompress(body) == plain
    status, h, body = get(server, path, "gzip;q=1.0, br;q=0")  # br refused: gzip
    assert (status, h["Content-Encoding"]) == (200, "gzip")
    assert gzip.decompress(body) == plain
    status, h, body = get(server, path, "identity")
    assert status == 200 and h["Content-Encoding"] is None and body == plain


def test_archives_go_as_they_are_and_heads_and_revalidation_work(server):
    plain = (server.root / "lib.zip").read_bytes()
    status, h, body = get(server, "lib.zip", "gzip, br")
    assert status == 200 and h["Content-Encoding"] is None and body == plain
    status, h, body = get(server, "app.js", "br", method="HEAD")
    assert status == 200 and h["Content-Encoding"] == "br" and int(h["Content-Length"]) > 0 and body == b""
    status, h, _ = get(server, "app.js", "br")
    status, again, body = get(server, "app.js", "br", headers={"If-None-Match": h["ETag"]})
    assert (status, body) == (304, b"")
    status, _, body = get(server, "app.js", "gzip", headers={"If-None-Match": h["ETag"]})  # another encoding's tag
    assert status == 200 and gzip.decompress(body) == (server.root / "app.js").read_bytes()
    assert get(server, "missing.js", "br")[0] == 404


def test_a_page_gone_while_it_is_sent_a_file_is_not_reported_but_other_failures_are(server, capsys):
    """A browser context closed mid-download (every test's teardown may do it) left a traceback in
    the test run's output; other failures of a request are still printed."""
    for error, printed in ((BrokenPipeError(32, "Broken pipe"), False), (ConnectionResetError(104, "reset"), False),
                           (ValueError("a real one"), True)):
        try:
            raise error
        except Exception:
            server.httpd.handle_error(None, ("127.0.0.1", 1))
        assert (type(error).__name__ in capsys.readouterr().err) == printed
