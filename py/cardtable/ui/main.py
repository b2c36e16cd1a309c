"""The entry module PyScript runs (copied to dist/app/main.py by the build).

It only starts the app; everything else is imported from the ``cardtable`` package, which the
PyScript config unpacks from ``cardtable.zip`` into the virtual file system.  On a start from the
memory snapshot it also notes, in ``<html data-snapshot-code>``, which modules ran from code
compiled when the snapshot was made (tools/snapshot_code.py), for tests/test_snapshot.py.
"""

import sys

from js import performance

performance.mark("cardtable:main")   # (performance marks: where a start's time goes, bench/bench_startup.py)
from cardtable.ui.app import start  # noqa: E402

performance.mark("cardtable:app-imported")

import js  # noqa: E402

if "_snapshot_code" in sys.modules:
    js.document.documentElement.dataset.snapshotCode = " ".join(sys.modules["_snapshot_code"].HITS)

if getattr(js, "cardtablePaint", None) is None:   # (web/boot.js says it, and offers Reload)
    raise RuntimeError("a file of the app did not load (web/morph.js, which draws every screen)")

# web/store.js reads the saved data from IndexedDB while Python loads: the app starts once it has
from js import cardtableStore  # noqa: E402
from pyodide.ffi import create_once_callable  # noqa: E402

cardtableStore.ready.then(create_once_callable(lambda _store: start()))
