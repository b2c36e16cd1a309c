"""The app with its Python side in a worker (issue #49, step 1, prototyped in bench/worker/ and
measured by bench/bench_worker.py): ``ui/shell/page.py`` finds no document there and posts every
call into the page, which the page's relay carries out (an ask answered by a message), and the
page's taps, fields and keys reach Python as messages.  The same screens as the app's."""

from __future__ import annotations

import shutil
import sys

import pytest

from conftest import ROOT, Server

sys.path.insert(0, str(ROOT / "bench"))
from bench_worker import add_prototype  # noqa: E402

pytestmark = [pytest.mark.browser, pytest.mark.first_visit]


def test_the_app_runs_with_its_python_in_a_worker(page, dist, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(dist, site)
    add_prototype(site)
    server = Server(site)
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    try:
        workers: list[str] = []
        page.on("worker", lambda w: workers.append(w.url))
        page.goto(server.url + "worker.html")
        page.wait_for_selector("html[data-ready]", state="attached", timeout=90_000)
        assert [u.split("/")[-1] for u in workers] == ["py-worker.js"]
        assert page.evaluate("typeof window.pyodide") == "undefined"   # (no Python on the page's thread)
        # a tap, and a form's fields with the tap on its button: the refusal drawn by Python
        page.click('[data-act="new:seep"]')
        page.wait_for_selector("html[data-screen=new]", state="attached")
        page.fill("#ng-target", "7")
        page.click('[data-act="start"]')
        page.wait_for_selector("#ng-target-error:not(:empty)")
        assert "multiple of 50" in page.inner_text("#ng-target-error")
        # Back, through the page's history: home again
        page.go_back()
        page.wait_for_selector("html[data-screen=home]", state="attached")
        # a game against the computer: its stylesheet asked of the page and answered (the table shown),
        # the computers' moves said in the live region
        page.click('[data-act="quick:seep"]')
        page.wait_for_selector("html[data-screen=table]", state="attached")
        page.wait_for_selector("html:not([data-styling])", state="attached")
        page.wait_for_selector("#announcer p", state="attached")
        # a key: L presses Log (the page presses the button: a tap for Python), Escape closes it
        page.keyboard.press("l")
        page.wait_for_selector(".sheet-overlay", state="attached")
        page.keyboard.press("Escape")
        page.wait_for_selector(".sheet-overlay", state="detached")
        assert errors == []
    finally:
        server.stop()
