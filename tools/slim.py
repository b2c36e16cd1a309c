"""Slim Python sources for the app zip: docstrings and comments out, line numbers kept.

The repository's modules teach through their docstrings and comments; the page only runs them.
``slim`` blanks every docstring to ``''`` and drops every comment, and keeps each statement on its
line, so a traceback in the browser names the same line as the source in the repository.

>>> print(slim('def f():\\n    \"\"\"Say hi.\\n\\n    Really.\"\"\"\\n    return 1  # one\\n'), end="")
def f():
    ''
<BLANKLINE>
<BLANKLINE>
    return 1
"""

from __future__ import annotations

import ast
import io
import re
import tokenize


def _docstring_spans(tree: ast.AST) -> list[tuple[int, int, int, int]]:
    spans = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \
                    and isinstance(first.value.value, str):
                v = first.value
                spans.append((v.lineno, v.col_offset, v.end_lineno, v.end_col_offset))
    return spans


def slim(source: str) -> str:
    """``source`` without docstrings (each becomes ``''``) and comments, on the same lines."""
    lines = source.splitlines(keepends=True)
    # comments first (by tokens, so a '#' inside a string stays), last to first on each line
    cuts: dict[int, int] = {}
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT:
            cuts[tok.start[0]] = tok.start[1]
    for row, col in cuts.items():
        line = lines[row - 1]
        end = "\n" if line.endswith("\n") else ""
        lines[row - 1] = line[:col].rstrip() + end
    text = "".join(lines)
    lines = text.splitlines(keepends=True)
    for (r0, c0, r1, c1) in sorted(_docstring_spans(ast.parse(text)), reverse=True):
        # the offsets are counted in UTF-8 bytes
        head = lines[r0 - 1].encode("utf-8")[:c0].decode("utf-8")
        tail = lines[r1 - 1].encode("utf-8")[c1:].decode("utf-8")
        lines[r0 - 1:r1] = [head + "''" + tail] + ["\n"] * (r1 - r0)
    out = "".join(lines)
    ast.parse(out)   # still Python
    return out


def slim_js(text: str) -> str:
    """The page's own scripts (web/*.js) without their whole-line comments (``//`` lines, and
    ``/* … */`` blocks that start a line and end one), line numbers kept (each line becomes an empty
    one).  A script with a template literal spanning lines is left as it is, since a line of it
    could look like a comment."""
    lines = text.split("\n")
    if any(line.count("`") % 2 for line in lines):
        return text
    out, i = [], 0
    while i < len(lines):
        line = lines[i].strip()
        if line.startswith("/*"):
            end = next((j for j in range(i, len(lines)) if "*/" in lines[j][2 if j == i else 0:]), None)
            if end is not None and lines[end].rstrip().endswith("*/") and lines[end].count("*/") == 1:
                out += [""] * (end - i + 1)
                i = end + 1
                continue
        out.append("" if line.startswith("//") else lines[i])
        i += 1
    return "\n".join(out)


# a CSS string (either quote, escapes honoured) or a comment: strings are kept, comments dropped
_CSS_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'|/\*.*?\*/', re.S)


def slim_css(text: str) -> str:
    """The page's stylesheets (web/*.css) without their ``/* */`` comments, line numbers kept (a
    comment gives way to its line breaks; a line left blank or with trailing spaces is trimmed).
    A ``/*`` inside a quoted string stays."""
    out = _CSS_TOKEN.sub(lambda m: "\n" * m.group().count("\n") if m.group().startswith("/*") else m.group(), text)
    return "\n".join(line.rstrip() for line in out.split("\n"))

