"""How long a shared hand's link is: the fragment (``#hand=1.…``, ``cardtable.share``) of the first
hand of each deal of the day over several dates, and of whole games, played by the quick computers.

    .venv/bin/python bench/bench_share.py [days]
    .venv/bin/python bench/bench_share.py par [days]
    .venv/bin/python bench/bench_share.py par [days] --pyodide [DIR]

Prints, per kind, the record's compact JSON bytes and the fragment's characters (median and largest);
with ``par``, the CPU time of working out par (``coach.daily.par``) and its longest step between two
yields; with ``--pyodide``, the same in Pyodide under Node (the app's interpreter, from
``node_modules/pyodide`` or DIR: ``pyodide_node``), timed by the clock (Pyodide's CPU clock is the
wall's there).  The figures are in docs/benchmarks.md."""

from __future__ import annotations

import datetime
import json
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from cardtable import bots, share  # noqa: E402
from cardtable.coach import daily  # noqa: E402
from cardtable.record import new_game  # noqa: E402


def played(record: dict, whole: bool) -> dict:
    game = new_game(record)
    n = 0
    while not game.over and (whole or daily.hand_score(game) is None):
        game.apply(bots.choose_action(game.name, game.view(game.to_act), "casual", seed=n))
        n += 1
    return game.to_record()


def par_times(days: int, clock=None) -> None:
    import time

    clock = clock or time.process_time

    from cardtable import stats  # noqa: F401  (imported already in the page, as the bots are)

    bots.prepare()
    for kind in daily.KINDS:
        times, steps = [], []
        for d in range(days):
            run = daily.par_steps(kind, datetime.date(2026, 11, 1) + datetime.timedelta(days=d))
            began = last = clock()
            longest = 0.0
            while True:
                try:
                    next(run)
                except StopIteration:
                    break
                now = clock()
                longest, last = max(longest, now - last), now
            times.append(clock() - began)
            steps.append(longest)
        print(f"{kind:7} par  {'CPU' if clock is time.process_time else 'wall'} {min(times):5.1f}-{max(times):5.1f} s  longest step {max(steps) * 1000:5.1f} ms "
              f"({days} deals)")


def main() -> None:
    if sys.argv[1:2] == ["par"]:
        days = int(sys.argv[2]) if len(sys.argv) > 2 and sys.argv[2].isdigit() else 3
        if "--pyodide" in sys.argv:
            import pyodide_node

            rest = sys.argv[sys.argv.index("--pyodide") + 1:]
            return pyodide_node.run(f"import time, bench_share\nbench_share.par_times({days}, time.perf_counter)",
                                    rest[0] if rest else "node_modules/pyodide")
        return par_times(days)
    days = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    start = datetime.date(2026, 11, 1)
    for kind in daily.KINDS:
        for whole in (False, True):
            sizes = []
            for d in range(days if not whole else max(2, days // 5)):
                rec = played(daily.record_of(kind, start + datetime.timedelta(days=d), None), whole)
                link = share.encode(rec)
                sizes.append((len(json.dumps(rec, separators=(",", ":"))), len(link) if link else None,
                              len(rec["actions"])))
            frag = [s[1] for s in sizes if s[1]]
            what = "whole game" if whole else "first hand"
            print(f"{kind:7} {what:10}  actions {statistics.median(s[2] for s in sizes):6.0f}  "
                  f"JSON {statistics.median(s[0] for s in sizes):7.0f} B  link {statistics.median(frag):6.0f} chars "
                  f"(largest {max(frag)}; {len(sizes)} deals)")


if __name__ == "__main__":
    main()
