"""No module reaches into another's private names: no module of
the package uses another's private names (the house rule "add a public method rather than reach inside").

Two things are refused in the files under ``SCANNED``:

* ``something._field`` where ``something`` is not ``self`` or ``cls``, unless ``_field`` is the
  module's own: a name its classes define (``def _do``, ``self._deals = ...``) -- a module may
  touch the private fields of its own class's objects (``g = self.clone(); g._deals = ...``);
* ``from package.module import _name`` unless the module is in the importer's own package
  (``from .common import _x`` is one package; ``from ..games.dummy_spades import _playout`` is not).

How "own" is decided: a module owns the private names defined in it.  The packages in
``ONE_UNIT`` (``games/seep/``: one class, ``Seep``, split by what its modules answer, with
``search`` and ``resample`` building states of it) own the names defined anywhere in them, so
their modules may share private fields among themselves.  A flat folder of unrelated modules
(``ui/``) is not one unit.  Dunder names (``__dict__``) are not private fields.

``SCANNED`` is the one list of what is checked (paths under the repository root).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SCANNED = ("py/cardtable",)
"""Folders and files scanned: the whole package (engines, computer players, coach, command line,
session, network and the UI)."""

ONE_UNIT = ("py/cardtable/games/seep",)
"""Packages whose modules share their private names (see the module docstring)."""

PUBLIC_OWNERS = {"self", "cls"}


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__")) \
        and name != "_"


def defined_names(tree: ast.AST) -> set:
    """The private names a module defines for its objects: methods and class attributes of its
    classes, and the fields its code sets on ``self``."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    names.add(item.name)
                elif isinstance(item, (ast.Assign, ast.AnnAssign)):
                    targets = item.targets if isinstance(item, ast.Assign) else [item.target]
                    names.update(t.id for t in targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) \
                and isinstance(node.value, ast.Name) and node.value.id == "self":
            names.add(node.attr)
    return {n for n in names if _private(n)}


def private_accesses(source: str, filename: str = "<source>", own: frozenset = frozenset()) -> list:
    """Every reach into another module's private names in ``source``, as ``"file:line: text"``.
    ``own``: private names defined elsewhere in the module's unit (``ONE_UNIT``)."""
    tree = ast.parse(source, filename)
    own = set(own) | defined_names(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _private(node.attr):
            if not (isinstance(node.value, ast.Name) and node.value.id in PUBLIC_OWNERS) \
                    and node.attr not in own:
                found.append(f"{filename}:{node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.ImportFrom) and node.level != 1:
            for alias in node.names:
                if _private(alias.name):
                    mod = "." * node.level + (node.module or "")
                    found.append(f"{filename}:{node.lineno}: from {mod} import {alias.name}")
    return found


def _py_files(entry: str) -> list:
    path = ROOT / entry
    assert path.exists(), f"{entry} does not exist"
    return sorted(path.rglob("*.py")) if path.is_dir() else [path]


def _unit_names() -> dict:
    """Per file of a ``ONE_UNIT`` package, the private names its package defines."""
    out = {}
    for unit in ONE_UNIT:
        files = _py_files(unit)
        names = frozenset().union(*(defined_names(ast.parse(f.read_text(encoding="utf-8")))
                                    for f in files))
        out.update({f: names for f in files})
    return out


def test_no_private_access_across_modules():
    unit = _unit_names()
    files = [f for entry in SCANNED for f in _py_files(entry)]
    assert len(files) >= 20          # bots (5), coach (4), games (10+), the command line
    found = []
    for path in files:
        found += private_accesses(path.read_text(encoding="utf-8"),
                                  str(path.relative_to(ROOT)), unit.get(path, frozenset()))
    assert not found, "private names used from outside their module:\n" + "\n".join(found)


def test_the_scan_finds_what_it_must():
    src = (
        "from ..games.dummy_spades import _playout, SEATS\n"
        "from cardtable.games.seep.tables import _SEAT_INDEX\n"
        "from .common import _helper\n"                 # same package: allowed
        "class A:\n"
        "    def _own(self, g):\n"
        "        self._ok = g.__dict__\n"               # own field, dunder: allowed
        "        g._ok = g._own()\n"                    # its own class's names: allowed
        "        g._hands[0] = 1\n"
        "        return sim().history, g.copy()._legal, _('text'), g._shared\n"
    )
    assert sorted(private_accesses(src, "x.py")) == [
        "x.py:1: from ..games.dummy_spades import _playout",
        "x.py:2: from cardtable.games.seep.tables import _SEAT_INDEX",
        "x.py:8: g._hands",
        "x.py:9: g._shared",
        "x.py:9: g.copy()._legal",
    ]
    # a name another module of the same unit defines
    assert sorted(private_accesses(src, "x.py", frozenset({"_hands", "_legal", "_shared"}))) \
        == ["x.py:1: from ..games.dummy_spades import _playout",
            "x.py:2: from cardtable.games.seep.tables import _SEAT_INDEX"]
