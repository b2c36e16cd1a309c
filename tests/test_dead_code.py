"""No dead code (issue #43): vulture finds no unused function, class, method, attribute, variable or
import in the package, the tools or the benches.

vulture reads the source only (nothing is imported) and counts a name used when it is read
anywhere among the files it reads: ``py/cardtable``, ``tools/``, ``bench/`` and ``tests/`` (a name
only the tests use is part of what they check, such as an engine's API; what the tests themselves
leave unused is not reported here).  Names used by name from data, from the browser or from a
library are listed, each with its user, in ``tests/vulture_whitelist.py``.  At 60% confidence
vulture reports every kind of unused name; its misses are names that are also used elsewhere for
something else (it matches names, not objects).

When this fails: delete what it lists (grep first: ``web/*.js`` and ``index.html`` call into the
app too), or, if it is really used by name, add it to the whitelist with where it is used from.
"""

from __future__ import annotations

from pathlib import Path

from vulture import Vulture

ROOT = Path(__file__).resolve().parent.parent

CHECKED = ("py/cardtable", "tools", "bench")
"""Where an unused name fails the test."""
READ = CHECKED + ("tests",)
"""Where a use counts."""
WHITELIST = "tests/vulture_whitelist.py"
MIN_CONFIDENCE = 60



def unused() -> list[str]:
    v = Vulture()
    v.scavenge([str(ROOT / p) for p in READ])      # the whitelist among the tests
    out = []
    for item in v.get_unused_code(min_confidence=MIN_CONFIDENCE):
        path = Path(item.filename).resolve().relative_to(ROOT).as_posix()
        if path.startswith(tuple(p + "/" for p in CHECKED)):
            out.append(f"{path}:{item.first_lineno}: {item.message} ({item.confidence}% confidence)")
    return sorted(out)


def test_no_unused_code():
    found = unused()
    assert not found, "unused code (delete it, or whitelist what is used by name):\n" + "\n".join(found)


def test_the_whitelist_names_only_what_vulture_would_report():
    """Every whitelisted name would be reported without the whitelist (else its entry is stale)."""
    v = Vulture()
    v.scavenge([str(ROOT / p) for p in READ], exclude=["*/" + Path(WHITELIST).name])
    reported = {item.name for item in v.get_unused_code(min_confidence=MIN_CONFIDENCE)}
    listed = set()
    for line in (ROOT / WHITELIST).read_text(encoding="utf-8").splitlines():
        code = line.split("#")[0].strip()
        if code:
            listed.add(code.removeprefix("_."))
    assert listed - reported == set()
