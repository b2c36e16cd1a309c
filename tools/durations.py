"""The test suite's time per file, from pytest's ``--durations=0`` report.

    make test PYTEST_ARGS="-n 2 --dist loadfile --durations=0" | tee /tmp/suite.log
    python3 tools/durations.py /tmp/suite.log          # a Markdown table, slowest file first

Each row adds up the setup, call and teardown times of a file's tests (the time its worker spent
on it); the last lines give the sum and pytest's own wall-clock figure.  docs/benchmarks.md keeps
the current table.
"""

from __future__ import annotations

import re
import sys
from collections import Counter

ROW = re.compile(r"^\s*([\d.]+)s (setup|call|teardown)\s+(tests/[^:]+)::")
END = re.compile(r"=+ (.*) in ([\d.]+)s")


def per_file(lines) -> tuple[Counter, Counter, str]:
    seconds: Counter = Counter()
    tests: Counter = Counter()
    summary = ""
    for line in lines:
        m = ROW.match(line)
        if m:
            seconds[m.group(3)] += float(m.group(1))
            tests[m.group(3)] += m.group(2) == "call"
        elif END.search(line):
            summary = line.strip(" =\n")
    return seconds, tests, summary


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    with open(argv[1], encoding="utf-8", errors="replace") as f:
        seconds, tests, summary = per_file(f)
    if not seconds:
        print("no --durations=0 report in that file", file=sys.stderr)
        return 1
    print("| file | tests | seconds |\n|---|---:|---:|")
    for name, s in seconds.most_common():
        print(f"| `{name}` | {tests[name]} | {s:.1f} |")
    print(f"\nSum of the files' times: {sum(seconds.values()):.0f} s (both workers). pytest: {summary}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
