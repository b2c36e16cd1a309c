"""Compile the translators' catalogs (``py/cardtable/locale/<lang>/LC_MESSAGES/cardtable.po``) into
gettext ``.mo`` files with Babel, for the app's archive (``tools/build.py``).

    python tools/compile_catalogs.py OUT_DIR     # writes OUT_DIR/cardtable/locale/<lang>/LC_MESSAGES/cardtable.mo

A fuzzy or empty entry is left out of the ``.mo`` (the player then reads that message in English;
``tests/test_i18n.py`` fails on it first).  Babel is a dependency of the venv (``pyproject.toml``);
``build.py`` runs this script with the venv's Python when its own Python has no Babel.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = ROOT / "py"
LOCALE = PY / "cardtable" / "locale"


def compile_all() -> dict[str, bytes]:
    """{path inside the app's archive: .mo bytes} for every language's .po."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    out = {}
    for po in sorted(LOCALE.glob("*/LC_MESSAGES/*.po")):
        with po.open("rb") as f:
            catalog = read_po(f, locale=po.parts[-3])
        buf = io.BytesIO()
        write_mo(buf, catalog, use_fuzzy=False)
        out[po.with_suffix(".mo").relative_to(PY).as_posix()] = buf.getvalue()
    return out


def js_catalogs() -> dict[str, dict[str, str]]:
    """{language: {message: translation}} for the messages of the page's own scripts (``web/*.js``,
    what ``web/i18n.js`` shows before Python starts); untranslated and fuzzy entries left out."""
    from babel.messages.pofile import read_po

    out = {}
    for po in sorted(LOCALE.glob("*/LC_MESSAGES/*.po")):
        with po.open("rb") as f:
            catalog = read_po(f, locale=po.parts[-3])
        out[po.parts[-3]] = {m.id: m.string for m in catalog
                             if m.id and isinstance(m.id, str) and m.string and not m.fuzzy
                             and any(path.startswith("web/") for path, _line in m.locations)}
    return out


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__.strip().splitlines()[3].strip(), file=sys.stderr)
        return 2
    for rel, data in compile_all().items():
        dest = Path(argv[0]) / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_bytes(data)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
