"""One loader for everything stored or imported: every JSON parse in py/ goes through
``record.load_json`` (size- and depth-checked), found by walking the code's syntax trees."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from cardtable.game import RecordError
from cardtable.record import load_json

PY = Path(__file__).resolve().parent.parent / "py"
ALLOWED = {("cardtable/record.py", "_decode")}
"""(file, function) of the one place that may call ``json.loads``: the checked loader itself."""

PARSERS = {"loads", "load", "JSONDecoder", "raw_decode", "decode"}


def unchecked_parses(path: Path) -> list[str]:
    """Every ``json.loads``/``json.load`` (or JSON decoder) call in ``path`` outside ``ALLOWED``,
    as ``file:line in function``."""
    rel = path.relative_to(PY).as_posix()
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=rel)
    json_names = {"json"}          # names the json module goes by in this file
    direct = set()                 # names bound by ``from json import loads`` ...
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            json_names |= {a.asname or a.name for a in node.names if a.name == "json"}
        elif isinstance(node, ast.ImportFrom) and node.module == "json":
            direct |= {a.asname or a.name for a in node.names if a.name in PARSERS}
    found = []

    def visit(node: ast.AST, function: str) -> None:
        for child in ast.iter_child_nodes(node):
            name = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else function
            if isinstance(child, ast.Call):
                f = child.func
                bad = (isinstance(f, ast.Attribute) and f.attr in PARSERS and isinstance(f.value, ast.Name)
                       and f.value.id in json_names) or (isinstance(f, ast.Name) and f.id in direct)
                if bad and (rel, function) not in ALLOWED:
                    found.append(f"{rel}:{child.lineno} in {function or 'the module'}")
            visit(child, name)

    visit(tree, "")
    return found


def test_every_json_parse_in_the_app_goes_through_the_checked_loader():
    files = sorted(PY.rglob("*.py"))
    assert len(files) > 30   # the walk really sees the code
    found = [hit for path in files for hit in unchecked_parses(path)]
    assert found == [], "parse JSON with cardtable.record.load_json, not json.loads: " + ", ".join(found)


def test_the_walk_finds_an_unchecked_parse(tmp_path, monkeypatch):
    """The test above can fail: a file with ``json.loads`` (under any name) is reported."""
    pkg = tmp_path / "cardtable"
    pkg.mkdir()
    (pkg / "bad.py").write_text("import json as j\nfrom json import loads as L\n"
                                "def read(t):\n    return j.loads(t), L(t)\n")
    monkeypatch.setitem(globals(), "PY", tmp_path)
    assert unchecked_parses(pkg / "bad.py") == ["cardtable/bad.py:4 in read", "cardtable/bad.py:4 in read"]


@pytest.mark.parametrize("what, limit", [("settings", 100_000), ("statistics", 50_000_000), ("a backup", 10 ** 8)])
def test_the_loader_refuses_deep_and_big_text_in_the_words_of_what_is_read(what, limit):
    with pytest.raises(RecordError, match=f"not {what}: arrays and objects nested 20,000 deep"):
        load_json("[" * 20_000 + "]" * 20_000, max_bytes=limit, what=what)
    with pytest.raises(RecordError, match=f"too big to be {what}"):
        load_json(" " * (limit + 1), max_bytes=limit, what=what)
    assert load_json('{"a": [1]}', max_bytes=limit, what=what) == {"a": [1]}
