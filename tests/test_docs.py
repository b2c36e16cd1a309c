"""The README and docs/ hold together: every relative link and image points to a file that exists,
every ``#anchor`` into a Markdown file names one of its headings (as GitHub makes them), and the
README stays a short front door.  CPython only, no browser; it reads the files as text."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
README_MAX_LINES = 250
IMAGE_MAX_BYTES = 150_000


def doc_files() -> list[Path]:
    return [README, *sorted((ROOT / "docs").rglob("*.md"))]


FENCE = re.compile(r"^\s*(```|~~~)")
CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1")
INLINE = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*(<[^>]*>|[^()\s]*(?:\([^()\s]*\)[^()\s]*)*)(?:\s+[\"'(][^)]*)?\)")
REFERENCE = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)")
HTML_TARGET = re.compile(r"""<(?:img|a|source)\b[^>]*?\b(?:src|href)\s*=\s*["']([^"']+)["']""", re.I)
HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
HTML_ID = re.compile(r"""<[^>]+\b(?:id|name)\s*=\s*["']([^"']+)["']""", re.I)
EXTERNAL = re.compile(r"^[a-z][a-z0-9+.-]*:", re.I)


def prose_lines(text: str) -> list[tuple[int, str]]:
    """(line number, line) outside fenced code blocks, with code spans blanked out."""
    out, fenced = [], None
    for n, line in enumerate(text.splitlines(), 1):
        m = FENCE.match(line)
        if m:
            if fenced is None:
                fenced = m.group(1)
            elif m.group(1) == fenced:
                fenced = None
            continue
        if fenced is None:
            out.append((n, CODE_SPAN.sub(lambda s: " " * len(s.group(0)), line)))
    return out


def link_targets(text: str) -> list[tuple[int, str]]:
    """Every link and image target of a Markdown text, with its line: inline, reference-style and
    HTML ``src``/``href``; not in code."""
    found = []
    for n, line in prose_lines(text):
        for pattern in (INLINE, REFERENCE, HTML_TARGET):
            for m in pattern.finditer(line):
                target = m.group(1)
                if target.startswith("<") and target.endswith(">"):
                    target = target[1:-1]
                found.append((n, target.strip()))
    return found


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: its text (links, code and emphasis marks taken out),
    lower-cased, with every character but letters, digits, spaces, hyphens and underscores dropped,
    and spaces made hyphens."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)   # [text](url) -> text
    text = re.sub(r"<[^>]+>", "", text)                          # HTML tags
    text = text.replace("`", "").replace("*", "")
    text = text.strip().lower()
    text = "".join(c for c in text if c.isalnum() or c in " -_")
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """The anchors of a Markdown file: its headings' slugs (a repeated one gets -1, -2…) and any
    HTML ``id``/``name``."""
    seen: dict[str, int] = {}
    out = set()
    for _, line in prose_lines(path.read_text(encoding="utf-8")):
        m = HEADING.match(line)
        if m:
            base = slug(m.group(2))
            k = seen.get(base, 0)
            seen[base] = k + 1
            out.add(base if k == 0 else f"{base}-{k}")
        out.update(HTML_ID.findall(line))
    return out


def broken_links(path: Path, root: Path = ROOT) -> list[str]:
    """What is wrong with the links and images of the Markdown file ``path``, one line each."""
    problems = []
    for n, target in link_targets(path.read_text(encoding="utf-8")):
        where = f"{path.relative_to(root)}:{n}: {target}"
        if not target or EXTERNAL.match(target) or target.startswith("//"):
            continue
        file_part, _, fragment = target.partition("#")
        file_part = unquote(file_part.split("?", 1)[0])
        if file_part.startswith("/"):
            problems.append(f"{where} (an absolute path: make it relative to the file)")
            continue
        dest = (path.parent / file_part).resolve() if file_part else path
        if not dest.exists():
            problems.append(f"{where} (no such file)")
            continue
        try:
            dest.relative_to(root)
        except ValueError:
            problems.append(f"{where} (outside the repository)")
            continue
        if fragment and dest.suffix == ".md" and unquote(fragment) not in anchors(dest):
            problems.append(f"{where} (no heading with that anchor in {dest.relative_to(root)})")
    return problems


@pytest.mark.parametrize("path", doc_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_link_and_image_points_to_something_that_exists(path):
    assert broken_links(path) == []


def test_the_readme_is_a_short_front_door():
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) < README_MAX_LINES, f"README.md has {len(lines)} lines: move the detail into docs/"


def test_the_readme_shows_each_game_and_links_into_docs():
    targets = {t for _, t in link_targets(README.read_text(encoding="utf-8"))}
    assert {"docs/img/dummy-spades.png", "docs/img/seep.png"} <= targets
    for doc in ("docs/playing.md", "docs/architecture.md", "docs/computer-players.md", "docs/benchmarks.md"):
        assert any(t.split("#")[0] == doc for t in targets), doc


def test_the_screenshots_stay_light():
    for image in sorted((ROOT / "docs" / "img").glob("*")):
        assert image.stat().st_size <= IMAGE_MAX_BYTES, f"{image.name}: {image.stat().st_size} bytes"
        if image.suffix == ".png":
            assert image.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", image.name


# ---- the checker finds what it must ----

def test_slugs_are_githubs():
    assert slug("Where the goals stand") == "where-the-goals-stand"
    assert slug("Hint, Undo, Play out the rest") == "hint-undo-play-out-the-rest"
    assert slug("Saving, files and your data") == "saving-files-and-your-data"
    assert slug("The `cardtable/1` record") == "the-cardtable1-record"
    assert slug("Comment jouer (en français)") == "comment-jouer-en-français"
    assert slug("Seep, four players: `DROP_4`") == "seep-four-players-drop_4"
    assert slug("A [link](x.md) in **bold**") == "a-link-in-bold"


def test_the_checker_finds_broken_links_and_anchors(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.md").write_text("# A\n\n## Twice\n\n## Twice\n", encoding="utf-8")
    page = tmp_path / "README.md"
    page.write_text(
        "# Top\n"
        "[ok](docs/a.md) [ok anchor](docs/a.md#twice-1) [self](#top) ![img](docs/a.md)\n"
        "[web](https://example.org/x) `[in code](nowhere.md)`\n"
        "```\n[in a fence](nowhere.md)\n```\n"
        "[missing](docs/b.md) [bad anchor](docs/a.md#thrice) ![missing image](docs/img/x.png)\n"
        "[ref]: docs/c.md\n"
        '<img src="docs/d.png" alt="">\n',
        encoding="utf-8")
    problems = broken_links(page, tmp_path)
    assert [p.split(": ", 1)[1].split(" (")[0] for p in problems] == [
        "docs/b.md", "docs/a.md#thrice", "docs/img/x.png", "docs/c.md", "docs/d.png"]
