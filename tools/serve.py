"""Serve dist/ on the loopback interface: ``python3 tools/serve.py [--port 8000] [--dir dist]``.

Only for playing and testing locally; any static host serves dist/ the same way.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".webmanifest": "application/manifest+json",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".zip": "application/zip",
    ".py": "text/x-python",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def end_headers(self) -> None:
        # Revalidate on every load so a rebuilt app is picked up; the service worker caches offline.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, fmt: str, *args) -> None:  # quiet unless asked
        if self.server.verbose:  # type: ignore[attr-defined]
            super().log_message(fmt, *args)


def make_server(directory: Path, port: int = 0, verbose: bool = False) -> http.server.ThreadingHTTPServer:
    handler = functools.partial(Handler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    server.verbose = verbose  # type: ignore[attr-defined]
    server.daemon_threads = True
    return server


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--dir", default=str(ROOT / "dist"))
    p.add_argument("--verbose", action="store_true")
    args = p.parse_args(argv)
    directory = Path(args.dir)
    if not (directory / "index.html").is_file():
        print(f"serve: {directory}/index.html is missing; build first (make build)", file=sys.stderr)
        return 1
    server = make_server(directory, args.port, args.verbose)
    host, port = server.server_address[:2]
    print(f"Card Table is being served on http://{host}:{port}/  (Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
