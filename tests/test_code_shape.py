"""The shape of the code, read from the source (``ast``, nothing imported): no import cycle among
the modules under ``py/``, every import of ``cardtable`` names a module, no module below the UI
imports from it, and ``ui/app.py`` stays within its line budget.  (No module reaching into
another's private names: tests/test_private_access.py.)

An import inside a function counts like one at the top: a lazy import is still a dependency.
``from . import x`` counts as importing the module ``x`` when ``x`` is a module, else the package.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "py"
def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in ROOT.rglob("*.py")}


def imports_of(name: str, path: Path, known: dict) -> set[str]:
    """The modules of ``known`` that module ``name`` imports."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                base_name = ".".join(base + ([node.module] if node.module else []))
            else:
                base_name = node.module or ""
            targets = [f"{base_name}.{a.name}" if f"{base_name}.{a.name}" in known else base_name for a in node.names]
        else:
            continue
        for t in targets:
            while t and t not in known:   # a name inside a module: the module
                t = t.rpartition(".")[0]
            if t and t != name:
                out.add(t)
    return out


def find_cycle(graph: dict[str, set[str]]):
    """One import cycle as a list of modules (first == last), or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(n: str):
        state[n] = 1
        stack.append(n)
        for m in sorted(graph.get(n, ())):
            if state.get(m) == 1:
                return stack[stack.index(m):] + [m]
            if m not in state:
                found = visit(m)
                if found:
                    return found
        stack.pop()
        state[n] = 2
        return None

    for n in sorted(graph):
        if n not in state:
            found = visit(n)
            if found:
                return found
    return None


def test_the_cycle_finder_finds_one():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None


def test_no_import_cycle_under_py():
    known = modules()
    graph = {name: imports_of(name, path, known) for name, path in known.items()}
    # a package's __init__ importing its own modules is how a package shows its API, not a cycle
    graph = {n: {m for m in deps if not (m.startswith(n + ".") and known[n].name == "__init__.py")}
             for n, deps in graph.items()}
    assert find_cycle(graph) is None, " -> ".join(find_cycle(graph))


def unresolved_imports(name: str, path: Path, known: dict) -> list[str]:
    """``from X import y`` (or ``import X``) of a ``cardtable`` module X that does not exist: a lazy
    import inside a function is only found out when it runs."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                targets = [".".join(base + ([node.module] if node.module else []))]
            else:
                targets = [node.module or ""]
        elif isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        else:
            continue
        out += [f"line {node.lineno}: {t}" for t in targets if t.split(".")[0] == "cardtable" and t not in known]
    return out


def test_every_import_of_cardtable_names_a_module():
    known = modules()
    missing = [f"{name} {miss}" for name, path in known.items() for miss in unresolved_imports(name, path, known)]
    assert missing == []


def ui_imports(known: dict) -> list[str]:
    """The modules outside ``cardtable.ui`` that import from it, each with what it imports."""
    out = []
    for name, path in sorted(known.items()):
        if name == "cardtable.ui" or name.startswith("cardtable.ui."):
            continue
        up = sorted(m for m in imports_of(name, path, known) if m == "cardtable.ui" or m.startswith("cardtable.ui."))
        if up:
            out.append(f"{name} -> {', '.join(up)}")
    return out


def test_no_module_below_the_ui_imports_from_it():
    """Layers point down: the engines (``games/``, ``cards``, ``game``, ``record``, ``stats``), the
    computer players and the coach (``bots/``, ``coach/``), the network and the session
    (``net/``, ``session/``), the stores (``stores/``) and the lessons' data import nothing from
    ``cardtable.ui``; only the UI reaches the browser, the words and the screens."""
    known = modules()
    assert {"cardtable.session.game_session", "cardtable.stores.saves", "cardtable.bots"} <= set(known)
    assert ui_imports(known) == []


def test_the_ui_check_sees_a_lazy_import_of_the_ui(tmp_path):
    """The check above finds an import inside a function (as the session's lazy import of the
    settings store was, when the stores lived in ``ui/``)."""
    known = modules()
    module = tmp_path / "game_session.py"
    module.write_text("def pace(self):\n    from ..ui.stores.settings import pace\n    return pace('fast')\n")
    assert ui_imports({**known, "cardtable.session.game_session": module}) == [
        "cardtable.session.game_session -> cardtable.ui"]


APP_LINES = 400
"""The line budget of ``ui/app.py``, the shell: it routes; what grows beyond is a part of its own."""


def test_the_app_module_stays_within_its_line_budget():
    lines = len((ROOT / "cardtable" / "ui" / "app.py").read_text(encoding="utf-8").splitlines())
    assert lines < APP_LINES, f"ui/app.py has {lines} lines, over its budget of {APP_LINES}: move a part out"
