"""Seep levels against each other over mirrored single hands, with paired comparisons.

Run: ``PYTHONPATH=py python3 bench/bench_bots_hands.py A B SEATS FIRST LAST SAMPLES > out.txt``
(e.g. ``strong casual 2 0 100 8``: deals 0..99, each played twice with the seats swapped, the
searches at a fixed 8 samples a move, so the figures do not depend on the machine's load), then
``python3 bench/bench_bots_hands.py --compare base.txt new.txt`` for the paired difference of two
runs on the same deals.  Not a test: it prints figures.

One line of JSON per hand: the deal, the seating (``rot``: level A sits at p0 when 0), A's lead
(A's side's hand score less B's), both scores and sweeps.  The last line sums up: hands won by A
(a tie is not won) with a 95% Wilson interval, and A's mean lead with a 95% interval.  Every
decision goes through ``cardtable.bots.choose_action`` with the seat's view.
"""

from __future__ import annotations

import json
import math
import sys
import time

import cardtable.bots as bots
from cardtable.games.seep import Seep


def wilson(k: int, n: int, z: float = 1.96) -> tuple:
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def mean_ci(xs: list) -> tuple:
    n = len(xs)
    m = sum(xs) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0
    return m, 1.96 * sd / math.sqrt(n)


def play(a: str, b: str, seats: int, first: int, last: int, samples: int) -> None:
    out = []
    t0 = time.process_time()
    for deal in range(first, last):
        for rot in (0, 1):
            g = Seep.new(seed=10_000 + deal, seats=seats)
            level = {s: (a if i % 2 == rot else b) for i, s in enumerate(g.seats)}
            nd = 0
            while g.hands_completed == 0:
                s = g.to_act
                act = bots.choose_action("seep", g.view(s), level[s], 1.0,
                                         seed=deal * 1000 + nd + rot * 500, samples=samples)
                nd += 1
                g.apply(act)
            e = g.history[0]
            sc, sw = e["score"], e["sweeps"]
            sa, sb = g.sides[rot], g.sides[1 - rot]
            count = (lambda x: len(x) if isinstance(x, list) else x)
            out.append(dict(deal=deal, rot=rot, lead=sc[sa] - sc[sb], a=sc[sa], b=sc[sb],
                            swa=count(sw[sa]), swb=count(sw[sb])))
            print(json.dumps(out[-1]), flush=True)
    n = len(out)
    won = sum(o["lead"] > 0 for o in out)
    lo, hi = wilson(won, n)
    m, h = mean_ci([o["lead"] for o in out])
    print(f"# {a} vs {b} seats={seats} samples={samples} hands={n} won={won} "
          f"({100 * won / n:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]) lead {m:.1f} ±{h:.1f} "
          f"sweeps {sum(o['swa'] for o in out) / n:.3f}/{sum(o['swb'] for o in out) / n:.3f} "
          f"CPU {time.process_time() - t0:.0f} s")


def compare(base: str, new: str) -> None:
    def read(path):
        hands = (json.loads(line) for line in open(path) if line.startswith("{"))
        return {(o["deal"], o["rot"]): o for o in hands}
    x = read(base)
    y = read(new)
    keys = sorted(set(x) & set(y))
    dw = [(y[k]["lead"] > 0) - (x[k]["lead"] > 0) for k in keys]
    dl = [y[k]["lead"] - x[k]["lead"] for k in keys]
    mw, hw = mean_ci(dw)
    ml, hl = mean_ci(dl)
    won0 = sum(x[k]["lead"] > 0 for k in keys)
    won1 = sum(y[k]["lead"] > 0 for k in keys)
    print(f"{len(keys)} hands in both: won {won0} -> {won1}; paired difference: hands won "
          f"{100 * mw:+.1f} ±{100 * hw:.1f} points of %, lead {ml:+.1f} ±{hl:.1f} a hand")


if __name__ == "__main__":
    if sys.argv[1] == "--compare":
        compare(sys.argv[2], sys.argv[3])
    else:
        play(sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]),
             int(sys.argv[6]))
