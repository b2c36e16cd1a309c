"""Card Table: card games that run in the browser (on Pyodide, in a Web Worker) and in CPython.

The rules engines (``cardtable.games``) are pure Python with no browser import; only
``cardtable.ui`` touches the page.  Everything a game is -- options, seed or deals, and the
actions in text notation -- is its record (``cardtable.record``).
"""

__version__ = "0.1.0"
