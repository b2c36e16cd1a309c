"""Just enough Markdown for the rules pages: headings, paragraphs, lists, **bold** and *italic*."""

from __future__ import annotations

import re
from html import escape

_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<!\*)\*(?!\*)(.+?)\*")


def inline(text: str) -> str:
    s = escape(text)
    s = _BOLD.sub(r"<strong>\1</strong>", s)
    return _ITALIC.sub(r"<em>\1</em>", s)


def to_html(md: str, heading_offset: int = 0) -> str:
    """Render the small Markdown subset used in ``cardtable/rules/*.md``."""
    out: list[str] = []
    para: list[str] = []
    stack: list[int] = []  # indents of open <ul>

    def flush_para() -> None:
        if para:
            out.append(f"<p>{inline(' '.join(para))}</p>")
            para.clear()

    def close_lists(to_indent: int = -1) -> None:
        while stack and stack[-1] > to_indent:
            out.append("</li></ul>")
            stack.pop()

    for raw in md.splitlines():
        line = raw.rstrip()
        stripped = line.lstrip()
        indent = len(line) - len(stripped)
        if not stripped:
            flush_para()
            continue
        m = re.match(r"(#{1,6})\s+(.*)", stripped)
        if m and indent == 0:
            flush_para()
            close_lists()
            level = min(6, len(m.group(1)) + heading_offset)
            out.append(f"<h{level}>{inline(m.group(2))}</h{level}>")
            continue
        if stripped.startswith("- "):
            flush_para()
            item = inline(stripped[2:])
            if not stack or indent > stack[-1]:
                out.append(f"<ul><li>{item}")
                stack.append(indent)
            else:
                close_lists(indent)
                out.append(f"</li><li>{item}")
            continue
        if stack and indent > stack[-1]:  # continuation of a list item
            out[-1] += " " + inline(stripped)
            continue
        close_lists()
        para.append(stripped)
    flush_para()
    close_lists()
    return "\n".join(out)
