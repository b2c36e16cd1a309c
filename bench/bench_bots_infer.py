"""How well the Seep strong level's sampler guesses the hidden hands (a machine-independent figure).

Run: ``PYTHONPATH=py python3 bench/bench_bots_infer.py [GAMES] [SEATS] [OPPONENT]``.  Not a test:
it prints figures.

GAMES (default 40) seeded single hands are played by the quick level at every seat (or
``OPPONENT``, e.g. ``strong``, at the seats other than p0); at every play of seat p0 after the
first, the sampler (``Knowledge.sample``) draws 40 guesses, and each other seat's guessed hand is
compared with its true one.  Printed per mode (``plain``: unseen cards dealt at random, house
owners given their value; ``lacks``: and the values of sweeps let go kept out): the share of the
hidden cards guessed right (mean over positions and seats; a plain guess gets about hand size /
unseen cards), the same for the first half only, and the Brier score of "holds a card of value
v" (lower is better).
"""

from __future__ import annotations

import random
import sys
import time

import cardtable.bots as bots
import cardtable.bots.seep as bs
from cardtable.bots.common import idx
from cardtable.games.seep import HALF_PLAYS, VAL, Seep

MODES = ("plain", "lacks")
GUESSES = 40


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    seats = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    other = sys.argv[3] if len(sys.argv) > 3 else "casual"
    stats = {m: [0.0, 0, 0.0, 0, 0.0, 0] for m in MODES}   # right, n, right1, n1, brier, nb
    t0 = time.process_time()
    for d in range(games):
        g = Seep.new(seed=20_000 + d, seats=seats)
        nd = 0
        while g.hands_completed == 0:
            s = g.to_act
            v = g.view(s)
            if s == "p0" and v["phase"] == "play" and g.plays > 0:
                truth = {o: {idx(c) for c in g.hand(o)} for o in g.seats if o != "p0"}
                for mode in MODES:
                    st = stats[mode]
                    k = bs.Knowledge(v)
                    rng = random.Random(nd)
                    held = {o: [0] * 14 for o in truth}
                    for _ in range(GUESSES):
                        guess = k.sample(rng, infer=mode != "plain")
                        for o, true in truth.items():
                            if not true:
                                continue
                            gh = {idx(c) for c in guess.hand(o)}
                            r = len(gh & true) / len(true)
                            st[0] += r
                            st[1] += 1
                            if g.plays < HALF_PLAYS:
                                st[2] += r
                                st[3] += 1
                            for val in {VAL[c] for c in gh}:
                                held[o][val] += 1
                    for o, true in truth.items():
                        if not true:
                            continue
                        tv = {VAL[c] for c in true}
                        for val in range(1, 14):
                            p = held[o][val] / GUESSES
                            st[4] += (p - (val in tv)) ** 2
                            st[5] += 1
            a = bots.choose_action("seep", v, other if s != "p0" else "casual", 0.05,
                                   seed=d * 1000 + nd, samples=4)
            nd += 1
            g.apply(a)
    print(f"# {games} hands, {seats} players, others: {other}, {GUESSES} guesses a position; "
          f"CPU {time.process_time() - t0:.0f} s")
    for m in MODES:
        r, n, r1, n1, b, nb = stats[m]
        print(f"{m:8s} hidden cards guessed right {100 * r / n:5.2f}%   "
              f"first half {100 * r1 / max(n1, 1):5.2f}%"
              f"   Brier per value {b / nb:.4f}")


if __name__ == "__main__":
    main()
