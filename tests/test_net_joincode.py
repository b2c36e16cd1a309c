"""Join codes and their QR codes (web/joincode.js, web/qr.js with lean-qr), tested in Node by
tests/net_joincode.test.mjs (``node --test``) against the built site: real Chromium SDP samples
round-trip through a code, a join link's QR code reads back (jsQR) as the same link, damaged codes
are refused with a reason.  The test prints each code's length and QR version."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="needs node (make test installs the npm packages with it)")


def test_join_codes_and_qr_codes_in_node():
    for built in ("web/joincode.js", "web/qr.js", "runtime/lean-qr/lean-qr.mjs"):
        if not (ROOT / "dist" / built).is_file():
            pytest.fail(f"dist/{built} is missing: build the site first (make build)")
    run = subprocess.run(["node", "--test", "tests/net_joincode.test.mjs"], cwd=ROOT, capture_output=True,
                         text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert "# fail 0" in run.stdout and "# pass 10" in run.stdout
