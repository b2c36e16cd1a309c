"""The entry module PyScript runs (copied to dist/app/main.py by the build).

It only starts the app; everything else is imported from the ``cardtable`` package, which the
PyScript config unpacks from ``cardtable.zip`` into the virtual file system.
"""

from cardtable.ui.app import start

start()
