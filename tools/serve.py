"""Serve dist/ on the loopback interface: ``python3 tools/serve.py [--port 8000] [--dir dist]``.

Only for playing and testing locally; any static host serves dist/ the same way.  Like the hosts
players use (GitHub Pages, Netlify, Cloudflare Pages), it compresses what compresses: text, scripts,
JSON and WebAssembly go out brotli-compressed to a browser that accepts ``br`` (when the ``brotli``
package is installed, as ``make`` installs it in the venv), else gzip-compressed, else as they are;
archives, images and the already-gzipped start-up snapshot go out as they are.  Each compressed
file is made once per server process (and again when the file changes) and kept in memory.
``--no-compress`` serves every file as it is, as this script did before.
"""

from __future__ import annotations

import argparse
import email.utils
import functools
import gzip
import http.server
import io
import os
import sys
import threading
from pathlib import Path

try:
    import brotli  # the `brotli` package from PyPI (pyproject's test extra); gzip only without it
except ImportError:  # pragma: no cover - depends on the Python running this
    brotli = None

ROOT = Path(__file__).resolve().parent.parent

TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".webmanifest": "application/manifest+json",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".zip": "application/zip",
    ".gz": "application/gzip",
    ".tar": "application/x-tar",
    ".py": "text/x-python",
}
# What a host compresses: text of any kind, JSON, WebAssembly.  Not archives (zip, .tar.gz), images or the
# snapshot (application/octet-stream, gzipped already): compressing them again gains nothing.
COMPRESSIBLE = ("text/", "application/javascript", "application/json", "application/manifest+json",
                "application/wasm", "image/svg+xml")
# Levels like a host compressing on the fly (brotli 11 would save another 15% of the wasm but takes
# half a minute for it).
GZIP_LEVEL = 6
BROTLI_QUALITY = 5


def compress(data: bytes, encoding: str) -> bytes:
    if encoding == "br":
        return brotli.compress(data, quality=BROTLI_QUALITY)
    return gzip.compress(data, compresslevel=GZIP_LEVEL, mtime=0)


def accepted(header: str | None) -> list[str]:
    """The encodings this server can send that ``Accept-Encoding`` accepts, best first."""
    offered: dict[str, float] = {}
    for part in (header or "").split(","):
        name, _, params = part.strip().partition(";")
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if name.strip():
            offered[name.strip().lower()] = q
    ours = (["br"] if brotli is not None else []) + ["gzip"]
    return [enc for enc in ours if offered.get(enc, offered.get("*", 0.0)) > 0]


class _Compressed:
    """Compressed copies of files, made once each: {(path, mtime, size, encoding): bytes}."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._made: dict[tuple, bytes] = {}
        self._making: dict[tuple, threading.Lock] = {}

    def get(self, path: str, stat: os.stat_result, encoding: str) -> bytes:
        key = (path, stat.st_mtime_ns, stat.st_size, encoding)
        with self._lock:
            if key in self._made:
                return self._made[key]
            lock = self._making.setdefault(key, threading.Lock())
        with lock:  # two requests for one big file: the second waits for the first's work
            with self._lock:
                if key in self._made:
                    return self._made[key]
            with open(path, "rb") as f:
                data = compress(f.read(), encoding)
            with self._lock:
                self._made = {k: v for k, v in self._made.items() if k[0] != path or k[1:3] == key[1:3]}
                self._made[key] = data
                self._making.pop(key, None)
            return data


COMPRESSED = _Compressed()  # shared by every server of this process (the tests start several)


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def end_headers(self) -> None:
        # Revalidate on every load so a rebuilt app is picked up; the service worker caches offline.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def send_head(self):
        """A compressed copy of the file when the browser takes one and its type compresses, with
        ``Content-Encoding`` and ``Vary: Accept-Encoding``; anything else as the standard handler does."""
        path = self.translate_path(self.path)
        if not self.server.compress or not os.path.isfile(path) or self.path.endswith("/"):  # type: ignore[attr-defined]
            return super().send_head()
        ctype = self.guess_type(path)
        if not ctype.startswith(COMPRESSIBLE):
            return super().send_head()
        encodings = accepted(self.headers.get("Accept-Encoding"))
        stat = os.stat(path)
        if not encodings:
            return super().send_head()
        encoding = encodings[0]
        etag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}-{encoding}"'
        if self._not_modified(stat, etag):
            self.send_response(http.HTTPStatus.NOT_MODIFIED)
            self.send_header("ETag", etag)
            self.send_header("Vary", "Accept-Encoding")
            self.end_headers()
            return None
        data = COMPRESSED.get(path, stat, encoding)
        self.send_response(http.HTTPStatus.OK)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Encoding", encoding)
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.send_header("ETag", etag)
        self.end_headers()
        return io.BytesIO(data)

    def _not_modified(self, stat: os.stat_result, etag: str) -> bool:
        if "If-None-Match" in self.headers:
            return etag in [t.strip() for t in self.headers["If-None-Match"].split(",")]
        since = self.headers.get("If-Modified-Since")
        if not since:
            return False
        try:
            when = email.utils.parsedate_to_datetime(since)
        except (TypeError, ValueError, IndexError, OverflowError):
            return False
        return when is not None and when.timestamp() >= int(stat.st_mtime)

    def log_message(self, fmt: str, *args) -> None:  # quiet unless asked
        if self.server.verbose:  # type: ignore[attr-defined]
            super().log_message(fmt, *args)


class _Server(http.server.ThreadingHTTPServer):
    # connections waiting to be accepted: socketserver's 5 overflowed on a loaded machine (117 times
    # on the test machine in a day of test runs, `nstat` ListenOverflows), and Linux tries a dropped
    # connection again a second later: a page's script a second late (a likely cause of the first
    # visit that downloaded the runtime twice, before web/snapshot-early.js handed the downloads over)
    request_queue_size = 128

    def handle_error(self, request, client_address) -> None:
        # a page closed while it was sent a file (a test's browser context, a player's tab): not an
        # error of the server's, and its traceback hid the test run's own output
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


def make_server(directory: Path, port: int = 0, verbose: bool = False,
                compress: bool = True) -> http.server.ThreadingHTTPServer:
    handler = functools.partial(Handler, directory=str(directory))
    server = _Server(("127.0.0.1", port), handler)
    server.verbose = verbose  # type: ignore[attr-defined]
    server.compress = compress  # type: ignore[attr-defined]
    server.daemon_threads = True
    return server


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--dir", default=str(ROOT / "dist"))
    p.add_argument("--verbose", action="store_true")
    p.add_argument("--no-compress", action="store_true", help="send every file as it is (no gzip, no brotli)")
    args = p.parse_args(argv)
    directory = Path(args.dir)
    if not (directory / "index.html").is_file():
        print(f"serve: {directory}/index.html is missing; build first (make build)", file=sys.stderr)
        return 1
    server = make_server(directory, args.port, args.verbose, compress=not args.no_compress)
    host, port = server.server_address[:2]
    how = "uncompressed" if args.no_compress else "brotli or gzip" if brotli is not None else "gzip (no brotli module)"
    print(f"Card Table is being served on http://{host}:{port}/  ({how}; Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
