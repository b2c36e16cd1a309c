"""Babel extractor for the UI's Python: finds ``_()``, ``N_()``, ``ngettext()`` and ``pgettext()`` calls
anywhere, including inside f-strings (Babel's own Python extractor reads f-string expressions only
on Python 3.12+, and the UI builds its HTML with f-strings such as ``f"<h2>{esc(_("Scores"))}</h2>"``).

Named in ``babel.cfg``; run through ``python -m babel.messages.frontend extract`` from the repository
root (``make messages``) so that ``tools`` is importable.  Yields what Babel's extractors yield:
``(line, function name, arguments (None for a non-string one), translator comments)``.
"""

from __future__ import annotations

import ast


def extract(fileobj, keywords, comment_tags, options):
    source = fileobj.read().decode(options.get("encoding", "utf-8"))
    lines = source.splitlines()
    found = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in keywords):
            continue
        args = tuple(a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None for a in node.args)
        if not args or all(a is None for a in args):
            continue
        comments = []
        above = lines[node.lineno - 2].strip() if node.lineno >= 2 else ""
        for tag in comment_tags:
            if above.startswith("# " + tag):
                comments.append(above[2:])
        found.append((node.lineno, node.col_offset, node.func.id, args[0] if len(args) == 1 else args, comments))
    for lineno, _col, name, messages, comments in sorted(found, key=lambda f: (f[0], f[1])):
        yield lineno, name, messages, comments
