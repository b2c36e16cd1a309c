"""Seep engine speed: random full hands per second, on the fast path and through the text API.

Run: ``PYTHONPATH=py python3 bench/bench_seep.py [SECONDS]``.  Not a test: it prints figures.

* fast path: ``legal_moves()`` + ``apply_move()`` on internal move tuples, as a search player
  playing random continuations on ``copy()`` would;
* text API: ``legal_actions()`` + ``apply(text)``, as the UI, the CLI and records do;
* clone: ``copy()`` of a mid-hand game, then a random playout to the end of the hand.

Each "hand" starts from a fresh seeded game (deal, bid, 48 plays, scoring) under the default
``sweep-seed`` preset; the figure includes redeals and the next hand's deal after scoring.
"""

from __future__ import annotations

import platform
import random
import sys
import time

from cardtable.games.seep import Seep


def bench_fast(seconds: float) -> tuple[int, int, float]:
    hands = moves = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(50):
            g = Seep.new(seed=seed)
            rng = random.Random(seed)
            seed += 1
            moves += g.playout(rng, hands=1)
            hands += 1
    return hands, moves, time.perf_counter() - start


def bench_text(seconds: float) -> tuple[int, int, float]:
    hands = moves = 0
    seed = 10_000_000
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        g = Seep.new(seed=seed)
        rng = random.Random(seed)
        seed += 1
        while g.hands_completed < 1:
            acts = g.legal_actions()
            g.apply(acts[int(rng.random() * len(acts))])
            moves += 1
        hands += 1
    return hands, moves, time.perf_counter() - start


def bench_clone(seconds: float) -> tuple[int, float]:
    base = Seep.new(seed=12345)
    rng = random.Random(1)
    for _ in range(20):                      # bid, first play and a few more: mid-hand
        base.apply_move(base.random_move(rng))
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(50):
            base.copy().playout(rng, hands=1)
            n += 1
    return n, time.perf_counter() - start


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    print(f"{platform.python_implementation()} {platform.python_version()}, {seconds:g} s per figure")
    h, m, t = bench_fast(seconds)
    print(f"fast path : {h / t:8.0f} hands/s  ({m / t:9.0f} moves/s, {h} hands)")
    h, m, t = bench_text(seconds)
    print(f"text API  : {h / t:8.0f} hands/s  ({m / t:9.0f} moves/s, {h} hands)")
    n, t = bench_clone(seconds)
    print(f"clone+rest: {n / t:8.0f} playouts/s (copy() mid-hand, random play to the hand's end)")


if __name__ == "__main__":
    main()
