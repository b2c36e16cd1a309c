"""The browser under the app: the store (web/store.js's IndexedDB store, else localStorage, or an
in-memory store on a visit ``?without-saves``),
the visitor's languages, User Timing marks, and the small conversions between Python and
JavaScript values: what Python reaches in its own scope (``page.here``), not the page's."""

from __future__ import annotations

from typing import Optional

from pyodide.ffi import to_js

from . import page
from .page import here

from ...locale import PACKS, add_pack

from ...stores.saves import DictStore
from ..text.markup import plain_name
from .timing import Measures


def present(x) -> bool:
    """False for None and for JavaScript's null (Pyodide gives ``null`` as a ``JsNull`` object)."""
    return x is not None and type(x).__name__ != "JsNull"


class BrowserStore:
    """A Web-Storage-like store of the page (web/store.js's, or ``window.localStorage``) with
    JavaScript's null turned into None, for ``SaveStore``."""

    def __init__(self, storage) -> None:
        self.storage = storage

    @property
    def length(self) -> int:
        return int(self.storage.length)

    def key(self, i: int):
        k = self.storage.key(i)
        return str(k) if present(k) else None

    def getItem(self, k: str):  # noqa: N802 (Web Storage names)
        v = self.storage.getItem(k)
        return str(v) if present(v) else None

    def setItem(self, k: str, v: str) -> None:  # noqa: N802
        self.storage.setItem(k, v)

    def keys(self, prefix: str, but: Optional[str] = None) -> list[str]:
        """The keys that start with ``prefix`` (but not with ``but``): in one call to web/store.js's
        store, else one by one (``but`` is for web/store.js's only: ``stores.saves.store_version``)."""
        if present(getattr(self.storage, "keysOf", None)):
            return list(self.storage.keysOf(prefix, but).to_py())
        return [k for k in map(self.key, range(self.length)) if k is not None and k.startswith(prefix)]

    def changed_since(self, since: int, prefix: str, but: Optional[str] = None) -> bool:
        """Whether a key under ``prefix`` (not under ``but``) changed after ``version`` was ``since``."""
        return bool(self.storage.changedSince(since, prefix, but))

    def values(self, prefix: str, since: Optional[int] = None) -> dict:
        """The values of the keys that start with ``prefix`` (only those changed after ``version``
        was ``since``), in one call (web/store.js's store), else ``{}``."""
        if present(getattr(self.storage, "valuesOf", None)):
            return (self.storage.valuesOf(prefix) if since is None else self.storage.valuesOf(prefix, since)).to_py()
        return {}

    def many(self, keys: list) -> Optional[list]:
        """The values of ``keys`` ("" for none) in one call to web/store.js's store (None for
        another, or when a value holds the separator)."""
        if not present(getattr(self.storage, "many", None)):
            return None
        got = self.storage.many(to_js(keys)).to_bytes().decode().split("\x01")
        return got if len(got) == len(keys) else None

    def removeItem(self, k: str) -> None:  # noqa: N802
        self.storage.removeItem(k)

    @property
    def version(self) -> Optional[int]:
        """web/store.js's count of changes (``stores.saves.store_version``); None for localStorage."""
        v = getattr(self.storage, "version", None)   # (localStorage's would be a stored value's: a text)
        return v if isinstance(v, int) else None


def without_saves() -> bool:
    """True when the boot screen's rescue asked to start without the saved data (``?without-saves``)."""
    return "without-saves" in (page.started("search") or "")


def take_pack(code: str) -> bool:
    """The pack of ``code`` (``locale.add_pack``) from those the page has loaded already
    (``web/i18n.js`` loads the chosen language's before Python starts); False when it has none."""
    if code == "en" or code in PACKS:
        return True
    text = (page.started("packs") or {}).get(code)
    return isinstance(text, str) and add_pack(code, text)


def load_pack(code: str, then) -> None:
    """Call ``then()`` once the pack of ``code`` is here (fetched now if need be; if it cannot be,
    ``then()`` all the same: the language then stays English)."""
    if take_pack(code):
        then()
        return

    def done(text=None) -> None:
        if isinstance(text, str):
            add_pack(code, text)
        then()
    page.ask("cardtableLoadPack", code, then=done, failed=done)


def browser_languages() -> list[str]:
    """``navigator.languages`` (or ``navigator.language``) as a list of tags; [] when unknown."""
    try:
        langs = here.navigator.languages
        if present(langs) and int(langs.length):
            return [str(langs[i]) for i in range(int(langs.length))]
        one = here.navigator.language
        return [str(one)] if present(one) else []
    except Exception:
        return []


_STORES: dict = {}


def idb_store():
    """web/store.js's store over IndexedDB, once read (None without IndexedDB: localStorage is used)."""
    try:
        kv = here.cardtableStore.kv
    except AttributeError:
        return None
    return kv if present(kv) else None


def store():
    """The store of everything kept (saves, notes, statistics, settings, language): web/store.js's
    over IndexedDB (the settings in localStorage, for the page's scripts), else the browser's
    localStorage, or -- on a visit ``?without-saves`` -- an in-memory store that reads and writes
    no stored key at all."""
    if "store" not in _STORES:
        _STORES["store"] = DictStore() if without_saves() else BrowserStore(idb_store() or here.localStorage)
    return _STORES["store"]


def local_get(key: str) -> Optional[str]:
    """A stored value as text (None when missing or when storage cannot be read)."""
    try:
        return store().getItem(key)
    except Exception:  # storage disabled by the browser
        return None


def local_set(key: str, value: str) -> None:
    try:
        store().setItem(key, value)
    except Exception:  # full or disabled: the setting lasts for this visit only
        pass


def to_int(value, default: int) -> int:
    try:
        return int(str(value))
    except ValueError:
        return default


def js_object(entries):
    return here.Object.fromEntries(entries)


_MEASURES = Measures()


def say_aloud(lines: list) -> None:
    """Say ``lines`` in the live region (``window.cardtableAnnounce``; empty ones skipped)."""
    for line in lines:
        if line:
            page.call("cardtableAnnounce", plain_name(line))   # spoken, not laid out: no isolate marks (markup.isolated)


def measure(name: str, began: float) -> None:
    """A User Timing entry from ``began`` to now (bench/bench_longtask.py reads them)."""
    _MEASURES.add(here.performance, name, to_js({"start": began}, dict_converter=js_object))
