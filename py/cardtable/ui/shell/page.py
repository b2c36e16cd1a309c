"""The page, as the app's Python reaches it from its worker: calls into it and calls from it, plain
values both ways.

Python calls a function of the page by its global name (or ``object.method``): ``call(name, *args)`` (nothing comes
back) or ``ask(name, *args, then=fn)`` (the page's answer, a value or a promise's, handed to ``fn``);
the page calls Python through the functions set by ``on(name, fn)`` (``window[name](...)``).  The
values are JSON's (text, numbers, lists, dicts, None): each call crosses between the app's worker
(web/py-worker.js) and the page as a message.  Python posts each of its calls; the page (web/boot.js)
carries it out with its own functions (web/morph.js and the scripts it loads) and posts back an
``ask``'s answer; the page's calls come as messages, handed to ``receive``.  ``here`` is the
worker's global scope Python runs in (timers, ``performance``, the store).
"""

from __future__ import annotations

import js as here
from pyodide.ffi import to_js

_KEPT: dict = {}   # name -> the function the page's calls run
_ASKED: dict = {}  # an ask's number -> (then, failed), until the page answers
_START: dict = {}  # what the page gave as Python started (``started``)


def started(name: str):
    """A value the page gave Python as it started (``cardtableStart``, web/morph.js, sent by web/boot.js):
    the page's address (``search``; ``href``, without its hash), the language ``packs`` it loaded
    before Python, the tests' ``computerMs`` and ``handoffGuardMs``; None when it gave none."""
    if not _START:
        give = getattr(here, "cardtableStart", None)
        _START.update(plain(give()) if give is not None else {}, asked=True)
    return _START.get(name)


def plain(value):
    """A value from the page as Python's (None for null and undefined)."""
    if value is None or type(value).__name__ == "JsNull":
        return None
    return value.to_py() if hasattr(value, "to_py") else value


def _post(message: dict) -> None:
    here.postMessage(to_js(message, dict_converter=here.Object.fromEntries))


def call(name: str, *args) -> None:
    """Call the page's ``name`` with ``args`` (nothing when the page has no such function)."""
    _post({"call": name, "args": list(args)})


def ask(name: str, *args, then, failed=None) -> None:
    """Call the page's ``name``; its answer (a promise's value) goes to ``then``, a failure to
    ``failed`` (its text; None when the page has no such function)."""
    n = len(_ASKED) and max(_ASKED) + 1
    _ASKED[n] = (then, failed)
    _post({"call": name, "args": list(args), "ask": n})


def on(name: str, fn) -> None:
    """The page's calls to ``window[name](...)`` run ``fn`` (with Python values)."""
    _KEPT[name] = fn
    _post({"on": name})


def receive(message) -> None:
    """A message from the page: a call of a function set by ``on``, or the answer to an ``ask``
    (its value, or its failure's text)."""
    m = plain(message)
    if "to" in m:
        return _KEPT[m["to"]](*m["args"])
    then, failed = _ASKED.pop(m["answer"])
    if "error" not in m:
        then(m.get("value"))
    elif failed is not None:
        failed(m["error"])
