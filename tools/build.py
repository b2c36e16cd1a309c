"""Assemble the static site into dist/.

    python3 tools/build.py            # needs node_modules (npm ci) for the runtime

dist/ holds:
  index.html                  the page (its first paint, the loading screen)
  web/                        CSS, icons, manifest, the page's scripts and the app's worker (py-worker.js)
  app/cardtable.tar(.xz)      the Python package as one tar, unpacked by the app's worker into the virtual
                              FS (web/py-worker.js, in JavaScript: web/tar.js), with the list of languages
                              (cardtable/locale/languages.json); downloaded as its xz-compressed copy
                              (see PACKED)
  lang/<code>.pack            each language but English: its catalog and the page scripts' words
                              (gzipped JSON), fetched only when spoken (write_packs)
  runtime/pyodide/            Pyodide's run-time files (from node_modules/pyodide), its standard
                              library trimmed to what the app uses (app_stdlib.zip, see write_stdlib),
                              and the first visit's packed copies of the two biggest (*.xz, see PACKED)
  runtime/morphdom/, runtime/lean-qr/, runtime/jsqr/  the DOM-morphing library, the QR code maker
                              (ES modules) and the QR code reader of the scanner
  runtime/xz-decompress/      the xz decoder of the packed copies (a classic script)
  runtime/pyodide-snapshot.bin  a memory snapshot of a started interpreter (see write_snapshot)

Nothing is fetched from outside the site's own origin.  The build prints the size of dist/ and
of the app's own code and assets (everything but runtime/).
"""

from __future__ import annotations

import ast
import hashlib
import io
import json
import gzip
import lzma
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path
from typing import Optional

import zopfli.gzip

sys.path.insert(0, str(Path(__file__).resolve().parent))
from minify import MinifyError, fill, minify_files  # noqa: E402  (tools/minify.py, beside this file)
from slim import reads_docstrings, slim  # noqa: E402  (tools/slim.py)

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
NODE = ROOT / "node_modules"
PYODIDE_FILES = [  # Pyodide's run-time files but its standard library, which write_stdlib trims
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "pyodide-lock.json",
]
FULL_STDLIB = "python_stdlib.zip"  # Pyodide's whole standard library, in node_modules/pyodide
STDLIB = "runtime/pyodide/app_stdlib.zip"  # the part of it the app uses (web/pyodide-snapshot.js loads it)
# Standard-library modules the page needs that the build's trace (in Node) does not import: found by
# recording sys.modules at the end of the browser tests (tests/test_stdlib.py lists any missing).
# ("pkg.*" is the package and every module in it.)  The rules pages' lazy imports (importlib.readers,
# importlib.resources' parts) are traced: the trace reads every rules page.
STDLIB_EXTRA: list[str] = [
    "encodings.utf_8_sig", "encodings.latin_1", "encodings.ascii", "encodings.utf_16", "encodings.utf_32",
]
# Bytes of the app's own code and assets (everything but runtime/) a player downloads: 320 KB, 303.8 KB
# used when set (the package as one Zopfli-deflated tar, its French catalog as JSON); its history:
# docs/benchmarks.md.  Since each language but English became a pack of its own (lang/<code>.pack,
# fetched only when spoken, #50), the check is: the shared part + each language's pack ≤ APP_BUDGET.
# Raised by 1 KB on 2026-11-29 (320.0 KB was full): home's list and Statistics kept while the store
# is unchanged and worked out in slices, their tasks of 60-150 ms at 2,000 saves and 10,000 games of
# statistics gone (docs/benchmarks.md, "A year of play"; 0.4 KB of test-only code moved out for it).
# Raised by 1 KB on 2026-11-30 (321.0 KB was full): the app's Python in a worker of its own (#49:
# web/py-worker.js and its relay, 1.7 KB more of the app's own code) in place of PyScript, whose
# 150 KB (56 KB gzipped) a first visit no longer downloads.
APP_BUDGET = 322 * 1024


def fail(msg: str) -> None:
    print(f"build: {msg}", file=sys.stderr)
    sys.exit(1)


# The values the build writes into the page's scripts, each in place of its line
# ``const NAME = {}; // replaced at build time by tools/build.py``: the languages (web/i18n.js),
# the packed files' sizes (web/snapshot-early.js), the files the progress bar counts (web/progress.js),
# the homes drawn for each language (web/first-paint.js).
BUILD_VALUES = ("LANGUAGES", "PACKED", "FILES", "HOMES")


def _fill(path: Path, name: str, value, **dumps) -> None:
    """Write ``value`` (as JSON) into a built script in place of its ``name`` (tools/minify.py)."""
    try:
        fill(path, name, value, **dumps)
    except MinifyError as err:
        fail(str(err))


CLI_ONLY = {"__main__.py", "bots/arena.py"}
"""Modules of the command line only (``python -m cardtable``, bot-against-bot matches): the page
never imports them, so they stay out of its archive."""
# The rules pages are drawn by the build (tools/first_paint.py: web/rules-<lang>.json.gz, the app
# shows them as they are): their Markdown books, their renderer and the Markdown reader are the
# build's, not the page's.
BUILD_ONLY = {"ui/screens/rules_page.py", "ui/text/markdown.py"}


def package_files() -> list[Path]:
    """The cardtable package's source files the page uses, sorted (so the archive is reproducible)."""
    pkg = ROOT / "py" / "cardtable"
    return sorted(p for p in pkg.rglob("*") if p.is_file() and p.suffix in {".py", ".md", ".json"}
                  and "__pycache__" not in p.parts and p.relative_to(pkg).as_posix() not in CLI_ONLY | BUILD_ONLY
                  and not (p.parent.name == "rules" and p.suffix == ".md")
                  and p.relative_to(pkg).as_posix() != "locale/glossary.md")   # (the translators')


LANG_DIR = "lang"  # dist/lang/<code>.pack: each language but English, fetched only when it is spoken


def language_packs() -> dict[str, dict]:
    """{code: {"catalog": lean catalog, "page": {message: translation}},
    "names": {code: the language's name in itself}} for every language with a catalog
    (tools/compile_catalogs.py's ``packs``; with the venv's Python when this one has no Babel)."""
    sys.path.insert(0, str(ROOT / "tools"))
    import compile_catalogs  # noqa: E402

    try:
        return compile_catalogs.packs()
    except ImportError:
        pass
    venv_python = ROOT / ".venv" / "bin" / "python"
    if not venv_python.exists():
        fail("Babel is needed to compile the translations: run `make build` (it makes .venv), "
             "or `pip install babel`")
    run = subprocess.run([str(venv_python), "-c", "import json, sys; sys.path.insert(0, 'tools'); "
                          "import compile_catalogs; print(json.dumps(compile_catalogs.packs()))"],
                         cwd=ROOT, check=True, capture_output=True, text=True)
    return json.loads(run.stdout)


def gzip_bytes(data: bytes) -> bytes:
    """``data`` gzipped by Zopfli (a language's pack, home and rules pages: 6% smaller than zlib's
    best, 2.0 KB of Punjabi's 33.8 KB; the same bytes each build)."""
    return zopfli.gzip.compress(data)


def write_packs(found: dict, script: Path) -> dict[str, bytes]:
    """Write dist/lang/<code>.pack for each language but English (its JSON, gzipped: web/i18n.js
    inflates it) and the language list into dist/web/i18n.js (``LANGUAGES``); returns the file the
    app's archive gets: ``cardtable/locale/languages.json`` ({code: name}, read by ``cardtable.locale``)."""
    names = found.pop("names")
    out = DIST / LANG_DIR
    out.mkdir()
    for code, pack in found.items():
        text = json.dumps(pack, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
        (out / f"{code}.pack").write_bytes(gzip_bytes(text.encode("utf-8")))
    _fill(script, "LANGUAGES", ["en", *sorted(found)])
    return languages_file(names)


def languages_file(names: dict[str, str]) -> dict[str, bytes]:
    """{path in the app's archive: bytes} of ``cardtable/locale/languages.json``: {code: name}."""
    listed = json.dumps(names, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return {"cardtable/locale/languages.json": listed.encode("utf-8")}


# The files a first start downloads before Python runs, whose bytes the loading screen's progress
# bar counts (web/progress.js): Pyodide's.
def boot_files() -> dict[str, int]:
    """{path in dist/: bytes} of the files the progress bar counts."""
    files = [DIST / "runtime" / "pyodide" / name for name in PYODIDE_FILES] + [DIST / STDLIB]
    return {p.relative_to(DIST).as_posix(): p.stat().st_size for p in files if p.is_file()}


def write_boot_files(path: Path) -> None:
    """Put boot_files() into dist/web/progress.js, in place of its empty ``FILES``."""
    _fill(path, "FILES", boot_files())


def _shipped(path: Path) -> bytes:
    """A file as the page gets it: Python without its docstrings, the other strings written for its
    readers and its comments (tools/slim.py keeps the line numbers, so a traceback in the browser
    points at the repository's line).  A module that reads ``__doc__`` would find None there: the
    build fails on one (keep it to the command line, CLI_ONLY, or put its text in a constant)."""
    if path.suffix != ".py":
        return path.read_bytes()
    source = path.read_text(encoding="utf-8")
    if reads_docstrings(source):
        fail(f"{path.relative_to(ROOT)} reads __doc__ or annotations, which the app's slimmed modules lack (tools/slim.py)")
    return slim(source).encode("utf-8")


APP_ARCHIVE = "app/cardtable.tar"  # the package, unpacked by the app's worker (web/py-worker.js); packed (PACKED)
ARCHIVE_MTIME = 1577836800  # 2020-01-01, every file's date in the archive


def write_tar(dest: Path, files: list[Path], base: Path, extra: Optional[dict[str, bytes]] = None) -> None:
    """One tar of ``files`` and ``extra`` (more files by their path in the archive, such as the
    compiled catalogs), in that order: POSIX ustar, regular files only, fixed dates, modes and
    owners, so that the same sources give the same bytes.  It is downloaded as its xz-compressed copy
    (PACKED): one solid stream in which the modules share their words, and xz, unlike deflate's 32 KB
    window, finds them across the whole archive (162 KB against 196 KB for the same tar gzipped by
    Zopfli).  The page reads it in JavaScript (web/tar.js, which takes exactly this: ustar, files
    and folders, plain names)."""
    entries = [(f.relative_to(base).as_posix(), _shipped(f)) for f in files] + sorted((extra or {}).items())
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.USTAR_FORMAT) as tar:
        for name, data in entries:
            info = tarfile.TarInfo(name)
            info.size, info.mtime, info.mode = len(data), ARCHIVE_MTIME, 0o644
            info.uid = info.gid = 0
            info.uname = info.gname = ""
            tar.addfile(info, io.BytesIO(data))
    dest.write_bytes(raw.getvalue())


def copy_runtime() -> None:
    pyodide = NODE / "pyodide"
    if not pyodide.is_dir():
        fail("node_modules is missing: run `npm ci` first (make does this)")
    out = DIST / "runtime" / "pyodide"
    out.mkdir(parents=True)
    for name in PYODIDE_FILES:
        src = pyodide / name
        if not src.is_file():
            fail(f"missing {src}")
        shutil.copy2(src, out / name)


# The browser libraries the page imports, from npm: (package, its ES module, the name in runtime/<package>/)
BROWSER_LIBRARIES = [
    ("morphdom", "dist/morphdom-esm.js", "morphdom-esm.js"),  # DOM morphing, for web/morph.js (MIT)
    ("lean-qr", "index.mjs", "lean-qr.mjs"),  # QR codes of join links, for web/qr.js (MIT)
    ("lean-qr", "extras/svg.mjs", "svg.mjs"),  # ... drawn as an SVG path
    # the in-app QR scanner's reader where the browser has no BarcodeDetector, for web/scan.js (Apache-2.0;
    # a UMD script: imported as a module it sets self.jsQR); loaded only when the person presses Scan
    ("jsqr", "dist/jsQR.js", "jsQR.js"),
    # the xz decoder of the first visit's packed files (MIT; xz-embedded, public domain, as WebAssembly;
    # its licence is the banner at the top of the file: the package has no LICENSE file)
    ("xz-decompress", "dist/package/xz-decompress.min.js", "xz-decompress.js"),
]


def copy_browser_libraries() -> None:
    """Each of BROWSER_LIBRARIES' ES module and licence, into runtime/<package>/."""
    for package, module, name in BROWSER_LIBRARIES:
        src = NODE / package / module
        if not src.is_file():
            fail(f"node_modules/{package} is missing: run `npm ci` first")
        out = DIST / "runtime" / package
        out.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, out / name)
        if (NODE / package / "LICENSE").is_file():
            shutil.copy2(NODE / package / "LICENSE", out / "LICENSE")


def content_version(paths: list[Path], extra: bytes = b"") -> str:
    """A short hash of the app's own files: changes whenever the app changes."""
    h = hashlib.sha256(extra)
    for p in sorted(paths):
        h.update(p.relative_to(DIST).as_posix().encode())
        h.update(p.read_bytes())
    return h.hexdigest()[:12]


def size_of(paths) -> int:
    return sum(p.stat().st_size for p in paths)


def build() -> dict:
    if DIST.exists():
        shutil.rmtree(DIST)
    DIST.mkdir()
    copy_runtime()
    copy_browser_libraries()

    shutil.copytree(ROOT / "web", DIST / "web", ignore=shutil.ignore_patterns("*.tmpl.*", "__pycache__"))
    # the stylesheets and scripts minified (tools/minify.py: esbuild, from npm); the values written
    # into scripts later (BUILD_VALUES) are written into the minified text, as JSON
    try:
        minify_files(sorted([*(DIST / "web").glob("*.js"), *(DIST / "web").glob("*.css")]), BUILD_VALUES)
    except MinifyError as err:
        fail(str(err))
    languages = write_packs(language_packs(), DIST / "web" / "i18n.js")
    app = DIST / "app"
    app.mkdir()
    write_tar(DIST / APP_ARCHIVE, package_files(), ROOT / "py", languages)
    write_stdlib()
    write_packed(DIST / "web" / "snapshot-early.js")
    write_boot_files(DIST / "web" / "progress.js")

    own = [p for p in DIST.rglob("*") if p.is_file() and "runtime" not in p.relative_to(DIST).parts[:1]]
    # the page without its comments (they are for the repository's readers)
    template = re.sub(r"<!--.*?-->\n?", "", (ROOT / "index.html").read_text(encoding="utf-8"), flags=re.S)
    template = write_first_paint(template, DIST / "web" / "first-paint.js")
    own.extend([*(DIST / "web").glob("home-*.html.gz"), *(DIST / "web").glob("rules-*.json.gz")])
    version = content_version(own, template.encode())
    (DIST / "index.html").write_text(template.replace("{{VERSION}}", version), encoding="utf-8")

    write_snapshot(version)
    _post_build_steps(version)

    files = [p for p in DIST.rglob("*") if p.is_file()]
    # (a file with a packed copy beside it is downloaded as that copy)
    own = [p for p in files if p.relative_to(DIST).parts[0] != "runtime"
           and not p.with_name(p.name + ".xz").is_file()]
    # a language's own files, fetched only for it: its pack, its first visit's home (FIRST_HOME), its
    # rules pages (RULES_PAGES; English's too: the page's own home is inline, it has no pack)
    packs = {lang: sum(_size_if(DIST / f.format(lang=lang)) for f in (f"{LANG_DIR}/{{lang}}.pack", FIRST_HOME, RULES_PAGES))
             for lang in ["en", *sorted(p.stem for p in (DIST / LANG_DIR).glob("*.pack"))]}
    report = {
        "shared_bytes": size_of(own) - sum(packs.values()),
        "packs": packs,
        "version": version,
        "dist_bytes": size_of(files),
        "dist_files": len(files),
        "app_bytes": size_of(own),
        "app_files": len(own),
        "snapshot_bytes": (DIST / SNAPSHOT).stat().st_size if (DIST / SNAPSHOT).is_file() else 0,
    }
    return report


FIRST_HOME = "web/home-{lang}.html.gz"  # a language's first-visit home but the page's own (tools/first_paint.py)
RULES_PAGES = "web/rules-{lang}.json.gz"  # a language's rules pages, {game: HTML} (tools/first_paint.py)


def first_paint() -> dict:
    """{"homes": {language: the first visit's home}, "rules": {language: {game: its rules screen}}},
    drawn by the app's renderers in CPython (tools/first_paint.py, with the venv's Python when this
    one has no Babel)."""
    try:
        import babel  # noqa: F401
        python = sys.executable
    except ImportError:
        python = str(ROOT / ".venv" / "bin" / "python")
    run = subprocess.run([python, str(ROOT / "tools" / "first_paint.py")], cwd=ROOT, capture_output=True, text=True)
    if run.returncode != 0:
        fail("drawing the home screen and the rules for the page failed:\n" + run.stderr[-2000:])
    return json.loads(run.stdout)


def _size_if(path: Path) -> int:
    return path.stat().st_size if path.is_file() else 0


def write_first_paint(template: str, script: Path) -> str:
    """The page with the home of its own language (first_paint.INLINE) in #app, in place of
    ``{{HOME}}``; each other language's home gzipped (FIRST_HOME: about 1.2 KB each, against 4.7 KB
    inline), and {language: its file, "" for the page's own} into web/first-paint.js's ``HOMES``.
    Each language's rules pages, gzipped JSON (RULES_PAGES), fetched when *Rules* is tapped."""
    sys.path.insert(0, str(ROOT / "tools"))
    from first_paint import INLINE  # noqa: E402

    drawn = first_paint()
    files = {}
    for lang, html in drawn["homes"].items():
        pages = json.dumps(drawn["rules"][lang], ensure_ascii=False, separators=(",", ":"))
        (DIST / RULES_PAGES.format(lang=lang)).write_bytes(gzip_bytes(pages.encode("utf-8")))
        if lang == INLINE:
            files[lang] = ""
            continue
        files[lang] = FIRST_HOME.format(lang=lang)
        (DIST / files[lang]).write_bytes(gzip_bytes(html.encode("utf-8")))
    _fill(script, "HOMES", files)
    if template.count("{{HOME}}") != 1:
        fail("index.html must hold {{HOME}} once, in #app")
    return template.replace("{{HOME}}", drawn["homes"][INLINE])


def app_imports() -> set[str]:
    """Every module the app's sources name in an import statement, anywhere in a file (``from a
    import b`` gives ``a`` and ``a.b``, which may be a module)."""
    names: set[str] = set()
    for path in [p for p in package_files() if p.suffix == ".py"]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names.add(node.module)
                names.update(f"{node.module}.{a.name}" for a in node.names)
    return names


def stdlib_index(zf: zipfile.ZipFile) -> dict[str, str]:
    """{module name: its file in the archive} for every module of a standard-library zip."""
    index = {}
    for name in zf.namelist():
        if name.endswith((".py", ".pyc")):
            module = name[:name.rindex(".")].replace("/", ".")
            index[module[:-9] if module.endswith(".__init__") else module] = name
    return index


def stdlib_trace(node: str, full: Path) -> Optional[list[str]]:
    """The modules loaded in Pyodide (in Node) once it has started, imported the app's modules
    and every module the app's sources import: tools/make_snapshot.mjs
    --trace.  None when the trace fails."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "trace.json"
        run = subprocess.run([node, str(ROOT / "tools" / "make_snapshot.mjs"), f"--trace={out}",
                              f"--stdlib={full}", "--imports=" + ",".join(sorted(app_imports())),
                              str(NODE / "pyodide"), str(Path(tmp) / "unused"), str(DIST / APP_ARCHIVE),
                              *snapshot_modules()], capture_output=True, text=True)
        if run.returncode != 0 or not out.is_file():
            print("build: tracing the standard library failed:\n" + run.stderr[-2000:], file=sys.stderr)
            return None
        return json.loads(out.read_text())["modules"]


def write_stdlib() -> None:
    """Write dist/runtime/pyodide/app_stdlib.zip: the standard-library modules the app loads.

    Pyodide's python_stdlib.zip holds 614 files (2.5 MB to download, already compressed); the app
    loads a small part of it.  Which part is traced in Node (stdlib_trace) plus STDLIB_EXTRA; each
    module comes with its packages' ``__init__``, compiled to bytecode by Pyodide's Python
    (tools/compile_stdlib.mjs).  The build fails if a standard-library module that
    the app's sources import is not in it.  Without Node, the whole library is shipped under the
    same name.  The start-up snapshot is made with this archive (write_snapshot), as it must be.
    """
    full = NODE / "pyodide" / FULL_STDLIB
    out = DIST / STDLIB
    node = shutil.which("node")
    modules = stdlib_trace(node, full) if node else None
    if modules is None:
        print("build: the whole standard library is shipped (no trace of what the app imports)", file=sys.stderr)
        shutil.copy2(full, out)
        return
    with zipfile.ZipFile(full) as src:
        index = stdlib_index(src)
        packages = [m[:-2] for m in STDLIB_EXTRA if m.endswith(".*")]
        chosen = [*modules, *STDLIB_EXTRA, *(m for m in index for p in packages if m.startswith(p + "."))]
        wanted = set()
        for module in chosen:
            parts = module.split(".")
            for i in range(1, len(parts) + 1):
                if ".".join(parts[:i]) in index:
                    wanted.add(index[".".join(parts[:i])])
        sources = DIST / "runtime" / "pyodide" / "app_stdlib.py.zip"
        with zipfile.ZipFile(sources, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as dst:
            for info in src.infolist():
                if info.filename in wanted:
                    dst.writestr(info, src.read(info))
    # compiled to bytecode (tools/compile_stdlib.mjs): a start no longer compiles each module it
    # imports (Pyodide's own start-up, in Node: 1.7 s instead of about 10 s)
    run = subprocess.run([node, str(ROOT / "tools" / "compile_stdlib.mjs"), str(NODE / "pyodide"), str(sources), str(out)],
                         capture_output=True, text=True)
    if run.returncode != 0 or not out.is_file():
        print("build: the standard library is shipped as sources (compiling it failed):\n" + run.stderr[-2000:],
              file=sys.stderr)
        shutil.copy2(sources, out)
    sources.unlink()
    with zipfile.ZipFile(out) as z:
        shipped = stdlib_index(z)
    missing = sorted(m for m in app_imports() if m in index and m not in shipped)
    if missing:
        fail(f"{STDLIB} lacks standard-library modules the app imports: {', '.join(missing)}")


# The first visit's biggest downloads, also written xz-compressed beside themselves (`X.xz`, LZMA2
# at its strongest, with Python's own lzma): a first visit fetches those and decodes them in a worker of the page's (web/xz-worker.js)
# as they arrive (xz-decompress, from npm: web/snapshot-early.js), and the service worker does the
# same at its install (tools/build_sw.py), keeping the decoded file under its own name for every
# later start.  Hosts compress the WebAssembly on the fly (brotli 5 at best, gzip on GitHub Pages)
# and the zip not at all: 3.23 + 1.03 MB before, 2.64 + 0.68 MB so.  The standard library's
# archive is written *stored* when it is packed (its entries deflated one by one share nothing:
# 1.03 MB; stored, then packed as a whole, 0.68 MB).  (Zstandard level 19, which browsers do not
# decode either, gave 2.89 + 0.74 MB.)  The app's own archive likewise: 162 KB packed, where gzip
# (Zopfli) gave 196 KB; its plain copy is fetched only where the packed one cannot be decoded, so the
# app's size counts the packed copy (app_bytes).
# The two archives, mostly text, with no position bits (pb=0: their bytes have no 2- or 4-byte
# alignment for LZMA to use): 1.3 KB less for the library and 0.3 KB for the app's (2026-11-30).
PACKED = ["runtime/pyodide/pyodide.asm.wasm", STDLIB, APP_ARCHIVE]
XZ_FILTERS = [{"id": lzma.FILTER_LZMA2, "preset": 9 | lzma.PRESET_EXTREME, "dict_size": 16 << 20}]
XZ_TEXT = [dict(XZ_FILTERS[0], pb=0)]
PACKED_CACHE = NODE / ".cache" / "cardtable-packed"  # (a minute per WebAssembly: kept by its hash)


def xz_compress(data: bytes, filters: list = XZ_FILTERS) -> bytes:
    """``data`` as one xz stream (CRC32, which the page's decoder checks), from PACKED_CACHE when the
    same bytes were packed before."""
    key = hashlib.sha256(repr(filters).encode() + data).hexdigest()
    cached = PACKED_CACHE / (key + ".xz")
    if cached.is_file():
        return cached.read_bytes()
    packed = lzma.compress(data, format=lzma.FORMAT_XZ, check=lzma.CHECK_CRC32, filters=filters)
    PACKED_CACHE.mkdir(parents=True, exist_ok=True)
    cached.write_bytes(packed)
    return packed


def store_zip(path: Path) -> None:
    """Rewrite a zip with every entry stored (not deflated), names, dates and order unchanged."""
    with zipfile.ZipFile(path) as src:
        entries = [(info, src.read(info)) for info in src.infolist()]
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_STORED) as dst:
        for info, data in entries:
            info.compress_type = zipfile.ZIP_STORED
            dst.writestr(info, data)


def write_packed(script: Path) -> dict[str, int]:
    """Write the ``.xz`` copy of each of PACKED, and their sizes ({path: decoded bytes}) into
    dist/web/snapshot-early.js in place of its empty ``PACKED``.  Must run before the snapshot is
    made: the standard library's archive is rewritten stored."""
    store_zip(DIST / STDLIB)
    packed: dict[str, int] = {}
    for name in PACKED:
        data = (DIST / name).read_bytes()
        (DIST / (name + ".xz")).write_bytes(xz_compress(data, XZ_TEXT if name in (STDLIB, APP_ARCHIVE) else XZ_FILTERS))
        packed[name] = len(data)
    _fill(script, "PACKED", packed)
    return packed


SNAPSHOT = "runtime/pyodide-snapshot.bin"
SNAPSHOT_MAGIC = b"CTSNAP1\n"


def snapshot_modules() -> list[str]:
    """The cardtable modules imported into the snapshot: every one that never touches the browser.

    A module that imports ``js`` or ``pyodide`` would capture Node's objects at
    snapshot time, so it is left to be imported in the app's worker as usual.
    """
    pkg = ROOT / "py"
    browser = re.compile(r"^\s*(import|from)\s+(js|pyodide)\b", re.M)
    mods = []
    for f in package_files():
        if f.suffix != ".py" or f.name in {"__main__.py", "main.py"} or browser.search(f.read_text(encoding="utf-8")):
            continue
        parts = list(f.relative_to(pkg).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        mods.append(".".join(parts))
    return mods


def write_snapshot(version: str) -> bool:
    """Write dist/runtime/pyodide-snapshot.bin: Pyodide started, stdlib and engines imported.

    Made at build time in Node (tools/make_snapshot.mjs, a few seconds), so a player's device never
    pays for it.  The file is ``CTSNAP1\\n`` + one JSON line (``app`` = this build's version,
    ``pyodide`` = Pyodide's version, ``bytes`` = the raw size) + the gzipped snapshot.  The app's worker
    (web/pyodide-snapshot.js) only uses it from Cache Storage (the service worker precaches it after the first start), so a first
    visit never waits for it.  Any failure here leaves the site without a snapshot, which still works.
    Set CARDTABLE_SNAPSHOT=0 to build without one.
    """
    if os.environ.get("CARDTABLE_SNAPSHOT", "1") == "0":
        return False
    node = shutil.which("node")
    if not node:
        print("build: no `node`, so no start-up snapshot (the app starts the slow way)", file=sys.stderr)
        return False
    pyodide_version = json.loads((NODE / "pyodide" / "package.json").read_text())["version"]
    with tempfile.TemporaryDirectory() as tmp:
        raw = Path(tmp) / "snapshot.raw"
        stdlib_imports = sorted(m for m in app_imports() if m in shipped_stdlib())
        run = subprocess.run([node, str(ROOT / "tools" / "make_snapshot.mjs"), f"--stdlib={DIST / STDLIB}",
                              "--imports=" + ",".join(stdlib_imports), "--require=1",
                              f"--reader={DIST / 'web' / 'tar.js'}", str(NODE / "pyodide"), str(raw),
                              str(DIST / APP_ARCHIVE), *snapshot_modules()],
                             capture_output=True, text=True)
        if run.returncode == 3:  # the shipped standard library lacks a module the app imports
            fail(run.stderr.strip().splitlines()[-1])
        if run.returncode != 0 or not raw.is_file():
            print("build: the start-up snapshot failed (the app starts the slow way):\n" + "\n".join(
                line for line in run.stderr.splitlines() if len(line) < 300)[-2000:],
                  file=sys.stderr)
            return False
        data = raw.read_bytes()
    header = json.dumps({"app": version, "pyodide": pyodide_version, "bytes": len(data)}, sort_keys=True)
    body = gzip.compress(data, compresslevel=6, mtime=0)
    (DIST / SNAPSHOT).write_bytes(SNAPSHOT_MAGIC + header.encode() + b"\n" + body)
    return True


def shipped_stdlib() -> dict[str, str]:
    with zipfile.ZipFile(DIST / STDLIB) as z:
        return stdlib_index(z)


def _post_build_steps(version: str) -> None:
    """Steps that run last over the finished dist/ (the service worker, when present)."""
    sw = ROOT / "tools" / "build_sw.py"
    if sw.exists():
        sys.path.insert(0, str(sw.parent))
        import build_sw  # noqa: E402

        build_sw.write_service_worker(DIST, version)


def main() -> int:
    r = build()
    kb = lambda n: f"{n / 1024:,.1f} KB"  # noqa: E731
    print(f"built dist/ (version {r['version']}): {r['dist_files']} files, {r['dist_bytes'] / 1e6:,.2f} MB")
    print(f"app's own code and assets: {r['app_files']} files, {kb(r['app_bytes'])} in all "
          "(runtime excluded); a player downloads the shared part and one language's own files:")
    worst = r["shared_bytes"] + max(r["packs"].values(), default=0)
    budget = "within" if worst <= APP_BUDGET else "OVER"
    print(f"  shared {kb(r['shared_bytes'])}; packs: " + ", ".join(
        f"{code} {kb(n)} (shared + its pack, home and rules {kb(r['shared_bytes'] + n)})" for code, n in r["packs"].items()))
    print(f"  the biggest, {kb(worst)}, is {budget} the {kb(APP_BUDGET)} budget (shared + each pack ≤ budget)")
    if r["snapshot_bytes"]:
        print(f"start-up snapshot: {SNAPSHOT}, {r['snapshot_bytes'] / 1e6:,.2f} MB "
              "(gzipped; precached by the service worker, used from the second start)")
    else:
        print("start-up snapshot: none (every start boots Python from scratch)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
