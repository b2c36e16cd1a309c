"""The app's entry: web/py-worker.js imports it in the worker once Pyodide has started, the app's
files are unpacked and the store is read (web/store.js), and it starts the app.

On a start from the memory snapshot it also notes, in ``<html data-snapshot-code>``, which modules
ran from code compiled when the snapshot was made (tools/snapshot_code.py), for tests/test_snapshot.py.
"""

import sys

from js import performance

performance.mark("cardtable:main")   # (performance marks: where a start's time goes, bench/bench_startup.py)
from cardtable.ui.app import start  # noqa: E402
from cardtable.ui.shell import page  # noqa: E402

performance.mark("cardtable:app-imported")

if "_snapshot_code" in sys.modules:
    page.call("cardtableRoot", "snapshotCode", " ".join(sys.modules["_snapshot_code"].HITS))

start()
