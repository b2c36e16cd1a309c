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

# ui/screens/remote.py: what web/remote.js tells, window.cardtableRemoteEvent(kind, ...), runs on_<kind>
_.on_message        # ("message", key, text)
_.on_opened         # ("opened", key)
_.on_closed         # ("closed", key)
_.on_scan_state     # ("scan_state", word)
_.on_scan_found     # ("scan_found", text)

# tools/: hooks a library calls
extract             # tools/babel_extract.py: babel.cfg names it as the extractor Babel calls
_.compress_type     # tools/build.py: a zipfile.ZipInfo field zipfile reads when it writes the entry
_.daemon_threads    # tools/serve.py: socketserver.ThreadingMixIn reads it
request_queue_size  # tools/serve.py: socketserver.TCPServer.server_activate reads it (the listen queue)
