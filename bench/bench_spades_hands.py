"""Dummy Spades levels against each other over single hands, every deal played three times with
the first level rotated through the three seats, with paired comparisons of two runs.

Run: ``PYTHONPATH=py python3 bench/bench_spades_hands.py A B FIRST LAST SAMPLES [NAME=VALUE ...] > out.txt``
(e.g. ``expert strong 0 100 60``: deals 0..99, level A in one seat and B in the other two, each
deal played with A at p0, p1 and p2; the searches at a fixed sample count, so the figures do not
depend on the machine's load; ``NAME=VALUE`` sets a constant of ``cardtable.bots.spades`` first,
for experiments; ``--base=FILE``, for a change of the bidding only: a hand in which level A bids
as in the run FILE is copied from it, since the rest of the hand is then the same), then
``python3 bench/bench_spades_hands.py --compare base.txt new.txt`` for the paired difference of
two runs on the same deals.  Not a test: it prints figures.

One line of JSON per hand: the deal, A's seat (``rot``), A's points, the others' points, A's
margin (A's points less the mean of the two others'), whether A won the hand (the best points,
alone), the declarer, A's bid and nils.  The last line sums up: hands won by A with a 95% Wilson
interval (fair share 33%), A's mean margin with a 95% interval, A's nils bid and made.  Every
decision goes through ``cardtable.bots.choose_action`` with the seat's view.
"""

from __future__ import annotations

import json
import sys
import time

import cardtable.bots as bots
import cardtable.bots.spades as spades
from cardtable.bots.arena import mean_interval as mean_ci
from cardtable.bots.arena import wilson
from cardtable.games.dummy_spades import NIL_APPLIES, DummySpades


def play(a: str, b: str, first: int, last: int, samples: int, base: dict = None) -> None:
    out = []
    copied = 0
    t0 = time.process_time()
    for deal in range(first, last):
        for rot in (0, 1, 2):
            g = DummySpades(seed=30_000 + deal)
            seats = list(g.seats)
            level = {s: (a if i == rot else b) for i, s in enumerate(seats)}
            nd = 0
            same = None
            while not g.history:
                s = g.to_act
                act = bots.choose_action("dummy-spades", g.view(s), level[s], 1.0,
                                         seed=deal * 1000 + nd + rot * 300, samples=samples)
                nd += 1
                if base and s == seats[rot] and g.phase == "bid":
                    o = base.get((deal, rot))
                    parts = act.split()
                    same = o and o["bid"] == int(parts[1]) and bool(o["nils"]) == ("nil" in parts)
                g.apply(act)
                if same:
                    break
            if same:   # the bid of the base run: the rest of the hand is the base run's
                out.append(base[(deal, rot)])
                copied += 1
                print(json.dumps(out[-1]), flush=True)
                continue
            _dealer, decl, bids, nils, tricks, points, _taken = g.history[0]
            others = [points[i] for i in range(3) if i != rot]
            top = max(points)
            mine = nils[rot] & NIL_APPLIES[decl][rot]
            out.append(dict(deal=deal, rot=rot, a=points[rot], others=others,
                            margin=points[rot] - sum(others) / 2,
                            won=int(points[rot] == top and points.count(top) == 1),
                            decl=decl, bid=bids[rot],
                            nils=sum(1 for h in range(4) if mine >> h & 1),
                            nils_made=sum(1 for h in range(4) if mine >> h & 1 and not tricks[h])))
            print(json.dumps(out[-1]), flush=True)
    n = len(out)
    won = sum(o["won"] for o in out)
    lo, hi = wilson(won, n)
    m, h = mean_ci([o["margin"] for o in out])
    print(f"# {a} vs {b} samples={samples} hands={n} won={won} "
          f"({100 * won / n:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]) margin {m:.1f} ±{h:.1f} "
          f"declared {sum(o['decl'] == o['rot'] for o in out)} "
          f"nils {sum(o['nils_made'] for o in out)}/{sum(o['nils'] for o in out)} made "
          f"CPU {time.process_time() - t0:.0f} s" + (f" ({copied} hands copied from the base run)"
                                                       if base else ""))


def read(path: str) -> dict:
    hands = (json.loads(line) for line in open(path) if line.startswith("{"))
    return {(o["deal"], o["rot"]): o for o in hands}


def compare(base: str, new: str) -> None:
    x = read(base)
    y = read(new)
    keys = sorted(set(x) & set(y))
    dw = [y[k]["won"] - x[k]["won"] for k in keys]
    dm = [y[k]["margin"] - x[k]["margin"] for k in keys]
    mw, hw = mean_ci(dw)
    mm, hm = mean_ci(dm)
    print(f"{len(keys)} hands: hands won {100 * mw:+.1f} ±{100 * hw:.1f} points, "
          f"margin {mm:+.1f} ±{hm:.1f} a hand; "
          f"{sum(x[k]['won'] for k in keys)} -> {sum(y[k]['won'] for k in keys)} won, "
          f"differing {sum(1 for k in keys if x[k]['a'] != y[k]['a'])}")


def main() -> None:
    if sys.argv[1] == "--compare":
        compare(sys.argv[2], sys.argv[3])
        return
    a, b, first, last, samples = sys.argv[1:6]
    base = None
    for kv in sys.argv[6:]:
        if kv.startswith("--base="):
            base = read(kv[7:])
            continue
        k, v = kv.split("=")
        if not hasattr(spades, k):
            raise SystemExit(f"no constant {k} in cardtable.bots.spades")
        setattr(spades, k, type(getattr(spades, k))(float(v)) if not isinstance(
            getattr(spades, k), bool) else v not in ("0", "False", "false"))
    play(a, b, int(first), int(last), int(samples), base)


if __name__ == "__main__":
    main()
