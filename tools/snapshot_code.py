"""Code compiled when the start-up snapshot is made, for modules the snapshot cannot import.

tools/make_snapshot.mjs runs this file, as the module ``_snapshot_code``, in the interpreter it
snapshots (in Node), and calls ``install``.  The app's UI module cannot be imported there
(importing it touches the browser), so the app's worker imports it after
the snapshot is restored -- exactly when the browser has not yet optimised the interpreter's
WebAssembly, and compiling Python source is several times slower than later on (compiling
``cardtable/ui/app.py`` took 120-400 ms there).  So they are compiled here, ahead of time, and
a finder at the front of ``sys.meta_path`` hands the app's worker their code objects: it only runs
them.

It can never run stale code: a module is served from ``COMPILED`` only while its file in the
worker's file system is byte for byte the source compiled here, at the same path; any other file
is compiled as usual.  ``HITS`` lists the modules served (cardtable/ui/main.py shows them in
``<html data-snapshot-code>`` for tests/test_snapshot.py).  Pure standard library, no browser.
"""

from __future__ import annotations

import importlib.machinery
import json
import os
import sys

COMPILED: dict = {}
"""module name -> (absolute path of its file, its source as bytes, its code object)"""
HITS: list = []
"""the modules imported from ``COMPILED`` so far"""


class Loader(importlib.machinery.SourceFileLoader):
    """A source file loader that returns the code compiled ahead of time when the file matches it."""

    def get_code(self, fullname):
        entry = COMPILED.get(fullname)
        if entry is not None and entry[0] == self.path:
            try:
                same = self.get_data(self.path) == entry[1]
            except OSError:
                same = False
            if same:
                HITS.append(fullname)
                return entry[2]
        return super().get_code(fullname)


class Finder:
    """Finds modules as the path finder does, and loads those in ``COMPILED`` with ``Loader``."""

    @classmethod
    def find_spec(cls, fullname, path=None, target=None):
        if fullname not in COMPILED:
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is not None and type(spec.loader) is importlib.machinery.SourceFileLoader:
            spec.loader = Loader(fullname, spec.origin)
        return spec

    @classmethod
    def invalidate_caches(cls):
        pass


def precompile(name: str, path: str, source: bytes) -> None:
    """Compile ``source`` (the file ``path`` of module ``name``) as an import would."""
    COMPILED[name] = (path, source, compile(source, path, "exec", dont_inherit=True))


def install(root: str, packages: list, extra_sources: str = "{}") -> list:
    """Compile every module of ``packages`` under ``root`` not yet in ``sys.modules``, and the
    sources of ``extra_sources`` (JSON: {path relative to root: text}), then
    put ``Finder`` first on ``sys.meta_path``.  Returns the names compiled."""
    for package in sorted(set(packages)):
        for folder, subfolders, names in os.walk(os.path.join(root, package)):
            subfolders.sort()
            for file in sorted(names):
                if not file.endswith(".py"):
                    continue
                path = os.path.join(folder, file)
                name = os.path.relpath(path, root)[:-3].replace(os.sep, ".").removesuffix(".__init__")
                if name not in sys.modules:
                    with open(path, "rb") as f:
                        precompile(name, path, f.read())
    for rel, text in json.loads(extra_sources).items():
        if rel.endswith(".py"):
            name = rel[:-3].replace("/", ".").removesuffix(".__init__")
            precompile(name, os.path.join(root, rel), text.encode("utf-8"))
    if Finder not in sys.meta_path:
        sys.meta_path.insert(0, Finder)
    return sorted(COMPILED)
