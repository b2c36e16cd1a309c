"""No module reaches into another's private names: bots, coach and the command line use the
engines' public API only (the house rule "add a public method rather than reach inside").

Two things are refused in the files under ``SCANNED``:

* ``something._field`` where ``something`` is not ``self`` or ``cls`` (an object's private
  field, or a module's private name: ``g._hands``, ``sim._history``, ``seep._count``);
* ``from package.module import _name`` unless the module is in the importer's own package
  (``from .common import _x`` is one package; ``from ..games.dummy_spades import _playout`` is not).

Dunder names (``__dict__``, ``__name__``) are not private fields.  A package's modules may share
their private names among themselves: a package (``games/seep/``) is one unit of code, split by
what its modules answer; that is why the rule is about relative imports of level 1.

``SCANNED`` is the one list of what is checked (paths under the repository root).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SCANNED = (
    "py/cardtable/bots",           # the computer players and the arena
    "py/cardtable/coach",          # hints, undo, play out the rest
    "py/cardtable/__main__.py",    # the command line
)
"""Folders and files scanned (the lead widens it to all of ``py/`` once ``ui/`` is clean)."""

PUBLIC_OWNERS = {"self", "cls"}


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__")) \
        and name != "_"


def private_accesses(source: str, filename: str = "<source>") -> list[str]:
    """Every reach into another object's or module's private names in ``source``, as
    ``"file:line: text"``."""
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.Attribute) and _private(node.attr):
            if not (isinstance(node.value, ast.Name) and node.value.id in PUBLIC_OWNERS):
                found.append(f"{filename}:{node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.ImportFrom) and node.level != 1:
            for alias in node.names:
                if _private(alias.name):
                    mod = "." * node.level + (node.module or "")
                    found.append(f"{filename}:{node.lineno}: from {mod} import {alias.name}")
    return found


def scanned_files() -> list[Path]:
    files = []
    for entry in SCANNED:
        path = ROOT / entry
        assert path.exists(), f"{entry} is in SCANNED but does not exist"
        files.extend(sorted(path.rglob("*.py")) if path.is_dir() else [path])
    return files


def test_no_private_access_across_modules():
    files = scanned_files()
    assert len(files) >= 8          # bots (5), coach (4), the command line
    found = []
    for path in files:
        found += private_accesses(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    assert not found, "private names used from outside their module:\n" + "\n".join(found)


def test_the_scan_finds_what_it_must():
    src = (
        "from ..games.dummy_spades import _playout, SEATS\n"
        "from cardtable.games.seep.tables import _SEAT_INDEX\n"
        "from .common import _helper\n"                 # same package: allowed
        "class A:\n"
        "    def f(self, g):\n"
        "        self._ok = cls_like = g.__dict__\n"     # own field, dunder: allowed
        "        g._hands[0] = 1\n"
        "        return sim().history, g.copy()._legal, _('text')\n"
    )
    assert sorted(private_accesses(src, "x.py")) == [
        "x.py:1: from ..games.dummy_spades import _playout",
        "x.py:2: from cardtable.games.seep.tables import _SEAT_INDEX",
        "x.py:7: g._hands",
        "x.py:8: g.copy()._legal",
    ]
