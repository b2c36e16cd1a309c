"""The app zip ships every module slimmed (tools/slim.py): same code, same line numbers."""

import ast
import doctest
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import slim  # noqa: E402

MODULES = sorted((ROOT / "py" / "cardtable").rglob("*.py"))


def _code(tree: ast.AST) -> str:
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \
                    and isinstance(first.value.value, str):
                first.value.value = ""
    return ast.dump(tree)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_slimmed_module_is_the_same_code_on_the_same_lines(path):
    source = path.read_text(encoding="utf-8")
    out = slim.slim(source)
    assert _code(ast.parse(source)) == _code(ast.parse(out))
    assert out.count("\n") == source.count("\n")
    assert "#" not in "".join(line for line in out.splitlines() if line.lstrip().startswith("#"))
    assert len(out) < len(source) or '"""' not in source


def test_doctests():
    assert doctest.testmod(slim).failed == 0


def test_page_scripts_lose_their_comment_lines_and_keep_their_line_numbers():
    source = 'const a = 1; // kept: code on the line\n  // gone\nconst url = "http://x//y";\n'
    assert slim.slim_js(source) == 'const a = 1; // kept: code on the line\n\nconst url = "http://x//y";\n'
    block = "/**\n * Gone.\n */\nfunction f() {}\n  /* gone */\nx(); /* kept: code on the line */\n/* kept */ y();\n"
    assert slim.slim_js(block) == "\n\n\nfunction f() {}\n\nx(); /* kept: code on the line */\n/* kept */ y();\n"
    template = "const t = `one\n// inside a template literal\n`;\n"
    assert slim.slim_js(template) == template  # left alone: that line is a string's
    for script in sorted((ROOT / "web").glob("*.js")):
        text = script.read_text(encoding="utf-8")
        assert slim.slim_js(text).count("\n") == text.count("\n"), script.name


def test_stylesheets_lose_their_comments_and_keep_their_line_numbers():
    source = '/* a\n   b */\na { content: "/* kept */"; }  /* gone */\nb::after { content: \'\\\' /*\'; }\n'
    assert slim.slim_css(source) == '\n\na { content: "/* kept */"; }\nb::after { content: \'\\\' /*\'; }\n'
    for sheet in sorted((ROOT / "web").glob("*.css")):
        text = sheet.read_text(encoding="utf-8")
        slimmed = slim.slim_css(text)
        assert slimmed.count("\n") == text.count("\n"), sheet.name
        assert "/*" not in slimmed and len(slimmed) < len(text), sheet.name
