# Names that vulture (tests/test_dead_code.py) cannot see used, because they are used by name from
# data, from the browser or from a library.  vulture reads this file as source; it is never run.
# Only what is really used goes here, each with where it is used from.

# ui/app.py PARTS: each screen part is imported and built by its class name on first use (App.__getattr__)
Files
NewGame
TableScreen
YourData
Remote
Daily

# ui/app.py ACT_OWNERS: the app-wide acts' owner, an App attribute found by its name
_.app_acts

# attributes of browser objects set from Python (Pyodide proxies): the browser reads them
_.onload            # an <img>'s or <script>'s load handler (ui/screens/remote.py, ui/table/screen.py)
_.onerror           # its error handler (same places)
_.textContent       # an element's text (ui/screens/new_game.py writes the form's errors)
_.cardtableTap      # ui/shell/page_input.py: Python's answer to a tap, which web/morph.js calls
_.cardtableField    # ui/shell/page_input.py: ... to a field changed, which web/morph.js calls
_.cardtableRoute    # ui/shell/page_input.py: ... to Back and Forward, which web/morph.js calls
_.bootPhase         # <html data-boot-phase>: ui/app.py writes it, web/boot.js reads it
_.snapshotCode      # <html data-snapshot-code>: ui/main.py writes it, tests/test_snapshot.py reads it in the page

# tools/: hooks a library calls
extract             # tools/babel_extract.py: babel.cfg names it as the extractor Babel calls
_.compress_type     # tools/build.py: a zipfile.ZipInfo field zipfile reads when it writes the entry
_.daemon_threads    # tools/serve.py: socketserver.ThreadingMixIn reads it
request_queue_size  # tools/serve.py: socketserver.TCPServer.server_activate reads it (the listen queue)
