"""Seep engine speed: random full hands per second, on the fast path and through the text API.

Run: ``PYTHONPATH=py python3 bench/bench_seep.py [SECONDS]``.  Not a test: it prints figures.

* fast path: ``playout()`` on internal move tuples, as a search player playing random
  continuations on a ``copy()`` does -- with the card-first random policy (a random hand card,
  then one of its legal uses: only that card's moves are generated), and with moves drawn
  uniformly from the full ``legal_moves()`` list;
* text API: ``legal_actions()`` + ``apply(text)``, as the UI, the CLI and records do;
* clone: ``copy()`` of a mid-hand game, then a random playout to the end of the hand.

Rates are per CPU second of this process (``time.process_time``), so that other programs on a
busy machine do not skew them.  Each "hand" starts from a fresh seeded game (deal, bid, 48 plays, scoring) under the default
``sweep-seed`` preset; the figure includes redeals and the next hand's deal after scoring.
"""

from __future__ import annotations

import platform
import random
import sys
import time

from cardtable.games.seep import Seep


def bench_fast(seconds: float, uniform: bool = False) -> tuple[int, int, float]:
    hands = moves = 0
    seed = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for _ in range(50):
            g = Seep.new(seed=seed)
            rng = random.Random(seed)
            seed += 1
            moves += g.playout(rng, hands=1, uniform=uniform)
            hands += 1
    return hands, moves, time.process_time() - start


def bench_text(seconds: float) -> tuple[int, int, float]:
    hands = moves = 0
    seed = 10_000_000
    start = time.process_time()
    while time.process_time() - start < seconds:
        g = Seep.new(seed=seed)
        rng = random.Random(seed)
        seed += 1
        while g.hands_completed < 1:
            acts = g.legal_actions()
            g.apply(acts[int(rng.random() * len(acts))])
            moves += 1
        hands += 1
    return hands, moves, time.process_time() - start


def bench_clone(seconds: float) -> tuple[int, float]:
    base = Seep.new(seed=12345)
    rng = random.Random(1)
    for _ in range(20):                      # bid, first play and a few more: mid-hand
        base.apply_move(base.random_move(rng))
    n = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for _ in range(50):
            base.copy().playout(rng, hands=1)
            n += 1
    return n, time.process_time() - start


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    print(f"{platform.python_implementation()} {platform.python_version()}, "
          f"{seconds:g} CPU s per figure")
    h, m, t = bench_fast(seconds)
    print(f"fast path, card-first : {h / t:7.0f} hands/s  ({m / t:8.0f} moves/s, {h} hands)")
    h, m, t = bench_fast(seconds, uniform=True)
    print(f"fast path, uniform    : {h / t:7.0f} hands/s  ({m / t:8.0f} moves/s, {h} hands)")
    h, m, t = bench_text(seconds)
    print(f"text API              : {h / t:7.0f} hands/s  ({m / t:8.0f} moves/s, {h} hands)")
    n, t = bench_clone(seconds)
    print(f"copy() + playout      : {n / t:7.0f} playouts/s (from mid-hand to the hand's end)")


if __name__ == "__main__":
    main()
