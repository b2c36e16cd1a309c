"""Slim Python sources for the app's archive: every string kept for readers out, comments and the
annotations of functions too, line numbers kept.

The repository's modules teach through their docstrings and comments; the page only runs them.
``slim`` drops every bare string statement -- the docstrings of modules, classes and functions, the
strings written after an assignment to tell what it holds, any other -- and every comment, and keeps
each remaining statement on its line, so a traceback in the browser names the same line as the source
in the repository.  A body left with no statement gets a ``pass`` where its string was (so does a
string that shares its line with code).  The annotations of functions' parameters and returns go
too (about 3 KB of the packed archive).  Nothing else changes: the code parses to the same tree, less
those statements (tests/test_slim.py).  The shipped modules therefore have no ``__doc__`` (None): the
build fails if one reads it (tools/build.py).

>>> print(slim('def f():\\n    \"\"\"Say hi.\\n\\n    Really.\"\"\"\\n    return 1  # one\\n'), end="")
def f():
<BLANKLINE>
<BLANKLINE>
<BLANKLINE>
    return 1
>>> print(slim('class C:\\n    \"\"\"Nothing else.\"\"\"\\nLIMIT = 5\\n\"\"\"Why five.\"\"\"\\n'), end="")
class C:
    pass
LIMIT = 5
<BLANKLINE>
"""

from __future__ import annotations

import ast
import io
import tokenize


def reader_strings(tree: ast.AST) -> list[tuple[ast.Expr, bool]]:
    """Every bare string statement of ``tree`` (a docstring, a string after an assignment, any other
    string written as a statement), each with whether it must leave a ``pass``: the first of a body
    that holds nothing else."""
    found = []
    for node in ast.walk(tree):
        for _field, body in ast.iter_fields(node):
            if isinstance(body, list) and body and all(isinstance(s, ast.stmt) for s in body):
                strings = [s for s in body if isinstance(s, ast.Expr)
                           and isinstance(s.value, ast.Constant) and isinstance(s.value.value, str)]
                found += [(s, len(strings) == len(body) and i == 0) for i, s in enumerate(strings)]
    return found


READERS = {"__doc__", "getdoc", "__annotations__", "get_type_hints", "singledispatch"}


def reads_docstrings(source: str) -> bool:
    """Whether ``source`` reads a docstring or an annotation at run time (names ``__doc__``,
    ``getdoc``, ``__annotations__``, ``get_type_hints`` or ``singledispatch``), which its slimmed copy
    would not find."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Name) and node.id in READERS \
                or isinstance(node, ast.Attribute) and node.attr in READERS:
            return True
    return False


def slim(source: str) -> str:
    """``source`` without its bare string statements and comments, each statement on its line."""
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
    spans = [(s.lineno, s.col_offset, s.end_lineno, s.end_col_offset, stand_in)
             for s, stand_in in reader_strings(ast.parse(text))]
    for (r0, c0, r1, c1, stand_in) in sorted(spans, reverse=True):
        # the offsets are counted in UTF-8 bytes
        head = lines[r0 - 1].encode("utf-8")[:c0].decode("utf-8")
        tail = lines[r1 - 1].encode("utf-8")[c1:].decode("utf-8")
        if stand_in or head.strip() or tail.strip():
            first = head + "pass" + tail
        else:
            first = tail  # (its line break)
        lines[r0 - 1:r1] = [first] + ["\n"] * (r1 - r0)
    out = unannotated("".join(lines))
    ast.parse(out)   # still Python
    return out


def annotation_spans(source: str) -> list[tuple[int, int, int, int]]:
    """Where the annotations of function parameters and returns are written in ``source``: for a
    parameter from the end of its name (``: int``), for a return from its arrow (``-> int``), to the
    annotation's end; as (row, byte column) pairs.  The page never reads them (``from __future__
    import annotations`` keeps them unevaluated; the build refuses ``__annotations__`` readers)."""
    arrows = [t.start for t in tokenize.generate_tokens(io.StringIO(source).readline)
              if t.type == tokenize.OP and t.string == "->"]
    lines = source.splitlines(keepends=True)
    col = lambda row, chars: len(lines[row - 1][:chars].encode("utf-8"))  # noqa: E731
    spans = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            a = node.args
            for arg in a.posonlyargs + a.args + a.kwonlyargs + [x for x in (a.vararg, a.kwarg) if x]:
                if arg.annotation is not None:
                    spans.append((arg.lineno, arg.col_offset + len(arg.arg),
                                  arg.annotation.end_lineno, arg.annotation.end_col_offset))
            if node.returns is not None:
                r = node.returns
                row, chars = max(p for p in arrows if p < _char_position(lines, r.lineno, r.col_offset))
                spans.append((row, col(row, chars), r.end_lineno, r.end_col_offset))
    return spans


def _char_position(lines: list[str], row: int, byte_col: int) -> tuple[int, int]:
    return row, len(lines[row - 1].encode("utf-8")[:byte_col].decode("utf-8"))


def unannotated(source: str) -> str:
    """``source`` without the annotations of its functions' parameters and returns, each statement
    on its line."""
    lines = source.splitlines(keepends=True)
    for (r0, c0, r1, c1) in sorted(annotation_spans(source), reverse=True):
        head = lines[r0 - 1].encode("utf-8")[:c0].decode("utf-8")
        tail = lines[r1 - 1].encode("utf-8")[c1:].decode("utf-8")
        lines[r0 - 1:r1] = [head.rstrip(" ") + tail] + ["\n"] * (r1 - r0)
    return "".join(lines)
