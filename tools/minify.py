"""Minify the page's own stylesheets and scripts with esbuild (npm's ``esbuild``, pinned in
package.json's devDependencies and installed by ``npm ci``; its binary comes in its registry
package ``@esbuild/linux-x64``).

Each file is minified on its own, not bundled: imports stay as they are, an ES module's top-level
names may be shortened (its exports keep theirs) and a classic script's top-level names are kept
(other scripts may read them).  No syntax is lowered (esbuild's default target, ``esnext``), text
stays UTF-8 (``--charset=utf8``: no ``\\uXXXX`` escapes), and no source map is written: the
repository's web/ is the readable copy.

Values the build writes into a script (``const NAME = {}; // replaced at build time by
tools/build.py``) are given a placeholder first, ``__BUILD_NAME__``, which the minifier leaves
as it is (an unknown global); ``fill`` then writes the value's JSON in its place, so the value is
exactly that JSON (esbuild would write ``3e3`` for ``3000``).
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ESBUILD = ROOT / "node_modules" / ".bin" / "esbuild"
ARGS = ["--minify", "--charset=utf8", "--log-level=warning"]


class MinifyError(RuntimeError):
    pass


def _esbuild(args: list[str], stdin: str | None = None) -> str:
    if not ESBUILD.is_file():
        raise MinifyError("node_modules/.bin/esbuild is missing: run `npm ci` first (make does this)")
    run = subprocess.run([str(ESBUILD), *ARGS, *args], input=stdin, capture_output=True, text=True,
                         encoding="utf-8")
    if run.returncode != 0:
        raise MinifyError("esbuild failed:\n" + run.stderr[-3000:])
    return run.stdout


def marker(name: str) -> str:
    """The line of a script that the build replaces with ``name``'s value."""
    return f"const {name} = {{}}; // replaced at build time by tools/build.py"


def placeholder(name: str) -> str:
    return f"__BUILD_{name}__"


def minify_files(paths: list[Path], names: tuple[str, ...] = ()) -> None:
    """Minify each of ``paths`` (.js, .css) in place, in one run of esbuild; ``names``: the values a
    script may hold the marker of, which get their placeholder (see ``fill``)."""
    for path in paths:
        if path.suffix == ".js":
            text = path.read_text(encoding="utf-8")
            for name in names:
                text = text.replace(marker(name), f"const {name} = {placeholder(name)};")
            path.write_text(text, encoding="utf-8")
    if paths:
        folders = {p.parent for p in paths}
        if len(folders) != 1:
            raise MinifyError("minify_files takes the files of one folder")
        _esbuild([*(str(p) for p in paths), f"--outdir={folders.pop()}", "--allow-overwrite"])


def minify_js(text: str) -> str:
    """A script's text minified (a classic script's top-level names kept, as in minify_files)."""
    return _esbuild(["--loader=js"], stdin=text)


def fill(path: Path, name: str, value, **dumps) -> None:
    """Write ``value``'s JSON (keys sorted, no spaces; ``dumps``: more of json.dumps' options) into
    a minified script in place of ``name``'s placeholder (there must be exactly one)."""
    text = path.read_text(encoding="utf-8")
    if text.count(placeholder(name)) != 1:
        raise MinifyError(f"{path.name}: the placeholder of {name} is missing (its marker line changed?)")
    data = json.dumps(value, **{"sort_keys": True, "separators": (",", ":"), **dumps})
    path.write_text(text.replace(placeholder(name), data), encoding="utf-8")
