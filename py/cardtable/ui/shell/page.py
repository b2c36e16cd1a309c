"""The page, as the app's Python reaches it: calls into it and calls from it, plain values both ways.

Python calls a function of the page by its global name (or ``object.method``): ``call(name, *args)`` (nothing comes
back) or ``ask(name, *args, then=fn)`` (the page's answer, a value or a promise, handed to ``fn``);
the page calls Python through the functions set by ``on(name, fn)`` (``window[name](...)``).  The
values are JSON's (text, numbers, lists, dicts, None), so that every one of these calls can cross
to a worker as a message (issue #49: the page's functions are in web/morph.js and the scripts it
loads).  ``here`` is the global scope Python runs in (timers, ``performance``, the store).

In a worker (``in_worker``: no ``document`` here; the app's, web/py-worker.js) each call is posted
to the page, which carries it out and posts back an ``ask``'s answer; the page's calls come as
messages, handed to ``receive`` (web/boot.js: the page's relay).
"""

from __future__ import annotations

import js as here
from pyodide.ffi import create_once_callable, create_proxy, to_js

_KEPT: dict = {}   # name -> the proxy the page calls (a proxy lasts as long as it is kept); in a worker, the function
_ASKED: dict = {}  # in a worker: an ask's number -> (then, failed), until the page answers
_START: dict = {}  # what the page gave as Python started (``started``)


def in_worker() -> bool:
    """No ``document`` here: Python runs in a worker.  (Asked each time, never kept: the start-up
    snapshot is made in Node, which has no document either.)"""
    return not hasattr(here, "document")


def started(name: str):
    """A value the page gave Python as it started (``cardtableStart``, web/morph.js; a worker's page
    sends the same): the page's address (``search``; ``href``, without its hash), the language
    ``packs`` it loaded before Python, the tests' ``computerMs`` and ``handoffGuardMs``; None when
    it gave none."""
    if not _START:
        give = _fn("cardtableStart")
        _START.update(plain(give()) if give is not None else {}, asked=True)
    return _START.get(name)


def plain(value):
    """A value from the page as Python's (None for null and undefined)."""
    if value is None or type(value).__name__ == "JsNull":
        return None
    return value.to_py() if hasattr(value, "to_py") else value


def _page(value):
    return to_js(value, dict_converter=here.Object.fromEntries) if isinstance(value, (list, tuple, dict)) else value


def _fn(name: str):
    fn = here
    for part in name.split("."):   # ("cardtableRemote.offer": a method of a page object)
        fn = getattr(fn, part, None)
        if fn is None or type(fn).__name__ == "JsNull":
            return None
    return fn


def _post(message: dict) -> None:
    here.postMessage(_page(message))


def call(name: str, *args) -> None:
    """Call the page's ``name`` with ``args`` (nothing when the page has no such function)."""
    if in_worker():
        return _post({"call": name, "args": list(args)})
    fn = _fn(name)
    if fn is not None:
        fn(*map(_page, args))


def ask(name: str, *args, then, failed=None) -> None:
    """Call the page's ``name``; its answer (a promise's value) goes to ``then``, a failure to
    ``failed`` (its text; None when the page has no such function)."""
    if in_worker():
        n = len(_ASKED) and max(_ASKED) + 1
        _ASKED[n] = (then, failed)
        return _post({"call": name, "args": list(args), "ask": n})
    fn = _fn(name)
    if fn is None:
        if failed is not None:
            failed(None)
        return
    got = fn(*map(_page, args))
    if hasattr(got, "then"):
        ok = create_once_callable(lambda v: then(plain(v)))
        got.then(ok, create_once_callable(lambda e: failed and failed(None if plain(e) is None else str(e))))
    else:
        then(plain(got))


def on(name: str, fn) -> None:
    """The page's calls to ``window[name](...)`` run ``fn`` (with Python values)."""
    if in_worker():
        _KEPT[name] = fn
        return _post({"on": name})
    _KEPT[name] = proxy = create_proxy(lambda *args: fn(*map(plain, args)))
    setattr(here, name, proxy)


def receive(message) -> None:
    """A message from the page, in a worker: a call of a function set by ``on``, or the answer to
    an ``ask`` (its value, or its failure's text)."""
    m = plain(message)
    if "to" in m:
        return _KEPT[m["to"]](*m["args"])
    then, failed = _ASKED.pop(m["answer"])
    if "error" not in m:
        then(m.get("value"))
    elif failed is not None:
        failed(m["error"])
