"""The app's archive ships every module slimmed (tools/slim.py): same code, same line numbers, and no
string or comment written for its readers."""

import ast
import doctest
import io
import sys
import tarfile
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import slim  # noqa: E402

MODULES = sorted((ROOT / "py" / "cardtable").rglob("*.py"))


def _is_string(statement: ast.stmt) -> bool:
    return isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant) \
        and isinstance(statement.value.value, str)


def _code(tree: ast.AST) -> str:
    """The tree without its bare string statements and ``pass`` statements (an emptied body: one
    ``pass``), as text."""
    for node in list(ast.walk(tree)):
        for field, body in ast.iter_fields(node):
            if isinstance(body, list) and body and all(isinstance(s, ast.stmt) for s in body):
                setattr(node, field, [s for s in body if not _is_string(s) and not isinstance(s, ast.Pass)]
                        or [ast.Pass()])
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            node.returns = None
            for arg in ast.walk(node.args):
                if isinstance(arg, ast.arg):
                    arg.annotation = None
    return ast.dump(tree)


def _comments(source: str) -> list[str]:
    return [t.string for t in tokenize.generate_tokens(io.StringIO(source).readline) if t.type == tokenize.COMMENT]


@pytest.mark.slow
@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_slimmed_module_is_the_same_code_on_the_same_lines(path):
    source = path.read_text(encoding="utf-8")
    out = slim.slim(source)
    assert _code(ast.parse(source)) == _code(ast.parse(out))
    assert out.count("\n") == source.count("\n")
    # every statement still starts on its line
    lines = lambda text: [s.lineno for s in ast.walk(ast.parse(text)) if isinstance(s, ast.stmt)  # noqa: E731
                          and not _is_string(s) and not isinstance(s, ast.Pass)]
    assert lines(source) == lines(out)
    assert not [s for s in ast.walk(ast.parse(out)) if isinstance(s, ast.stmt) and _is_string(s)]
    assert _comments(out) == []
    assert not [f for f in ast.walk(ast.parse(out)) if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
                and (f.returns or any(a.annotation for a in ast.walk(f.args) if isinstance(a, ast.arg)))]
    assert len(out) < len(source) or ('"""' not in source and "#" not in source)


def test_annotations_of_parameters_and_returns_go_and_the_lines_stay():
    source = ('def f(a: int, *b: str, c: dict[\n        str, int] = None, **k: "é") -> list[\n        int]:\n'
              '    x: int = 1\n    return x\n\n\nasync def g(self, /, y: A | None) -> None: pass\n')
    assert slim.slim(source) == ('def f(a, *b, c = None, **k):\n\n\n'
                                 '    x: int = 1\n    return x\n\n\nasync def g(self, /, y): pass\n')


def test_strings_for_readers_go_wherever_they_are():
    source = ('"""Module."""\nfrom __future__ import annotations\nLIMIT = 5\n"""Why five."""\n\n\n'
              'class A:\n    """Only this."""\n\n\nclass B:\n    """Doc."""\n    x: int = 1\n    """The x."""\n'
              '    def f(self):\n        "One line."; return self.x  # why\n'
              'if LIMIT:\n    "Two"\n    "strings."\nelse: "Inline."\nTEXT = "kept" """also kept"""\n')
    out = slim.slim(source)
    assert out == ('\nfrom __future__ import annotations\nLIMIT = 5\n\n\n\n'
                   'class A:\n    pass\n\n\nclass B:\n\n    x: int = 1\n\n'
                   '    def f(self):\n        pass; return self.x\n'
                   'if LIMIT:\n    pass\n\nelse: pass\nTEXT = "kept" """also kept"""\n')
    namespace: dict = {}
    exec(compile(out, "slimmed", "exec"), namespace)
    assert namespace["TEXT"] == "keptalso kept" and namespace["B"]().f() == 1 and namespace["A"].__doc__ is None


def test_a_module_that_reads_a_docstring_is_found():
    assert slim.reads_docstrings("import argparse\nargparse.ArgumentParser(description=__doc__)\n")
    assert slim.reads_docstrings("import inspect\nprint(inspect.getdoc(len))\n")
    assert slim.reads_docstrings("def f(g):\n    return g.__doc__\n")
    assert slim.reads_docstrings("import typing\ntyping.get_type_hints(int)\n")
    assert slim.reads_docstrings("def f(g):\n    return g.__annotations__\n")
    assert not slim.reads_docstrings('"""__doc__ and getdoc, in words only."""\nx = "__doc__"\n')
    shipped = [p for p in MODULES if p.relative_to(ROOT / "py" / "cardtable").as_posix() not in _cli_only()]
    assert not [p.name for p in shipped if slim.reads_docstrings(p.read_text(encoding="utf-8"))]


def _cli_only() -> set[str]:
    from build import CLI_ONLY

    return CLI_ONLY


def test_the_built_archive_holds_no_string_or_comment_for_readers(dist):
    """Every module of the app's archive parses, without one docstring, bare
    string statement or comment."""
    with tarfile.open(dist / "app" / "cardtable.tar") as tar:
        modules = {m.name: tar.extractfile(m).read().decode("utf-8") for m in tar if m.name.endswith(".py")}
    assert len(modules) > 50 and "cardtable/bots/seep.py" in modules and "cardtable/ui/main.py" in modules
    for name, source in modules.items():
        tree = ast.parse(source)
        assert not [s.lineno for s in ast.walk(tree) if isinstance(s, ast.stmt) and _is_string(s)], name
        assert all(ast.get_docstring(n) is None for n in ast.walk(tree) if isinstance(
            n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))), name
        assert _comments(source) == [], name
        # the same lines as the repository's
        assert source.count("\n") == (ROOT / "py" / name.replace("app/", "cardtable/ui/")).read_text(
            encoding="utf-8").count("\n"), name


def test_doctests():
    assert doctest.testmod(slim).failed == 0


def test_the_built_stylesheets_and_scripts_are_minified(dist):
    """dist/web/'s CSS and JavaScript are esbuild's minified copies (tools/minify.py) of web/'s:
    no comment line, a few lines at most (a template literal's), much smaller, every build value written in."""
    built = sorted([*(dist / "web").glob("*.js"), *(dist / "web").glob("*.css")])
    assert {p.name for p in built} == {p.name for p in (ROOT / "web").glob("*.js")} | {
        p.name for p in (ROOT / "web").glob("*.css")}
    for path in built:
        text = path.read_text(encoding="utf-8")
        source = (ROOT / "web" / path.name).read_text(encoding="utf-8")
        lines = text.splitlines()
        assert len(lines) < max(source.count("\n") / 10, 3), path.name
        assert not [line for line in lines if line.startswith(("//", "/*"))], path.name
        if "replaced at build time" not in source:  # (a value written in may be longer than the script)
            assert len(text) < 0.95 * len(source) or path.name == "remote.css", path.name
        assert "__BUILD_" not in text and "replaced at build time" not in text, path.name
    worker = (dist / "sw.js").read_text(encoding="utf-8")  # (tools/build_sw.py's, minified too)
    assert "<!--" not in (dist / "index.html").read_text(encoding="utf-8")  # (and the page has no comment)
    assert worker.count("\n") < 5 and "//" not in worker.replace("://", "") and "__FILES__" not in worker
