"""How fast the Dummy Spades engine plays random hands (a benchmark, not a test).

    PYTHONPATH=py python3 bench/bench_dummy_spades.py [SECONDS_PER_FIGURE]

Every figure plays uniformly random legal moves, from the deal to the score, in one long match
(default options; the next hand is dealt from the seed as each hand is scored):

* ``random_playout``   the fast path: one call per hand (random bids, then the play-out loop on
                       bit masks), seeded deal and scoring included;
* ``legal_moves``      the int move API, one ``legal_moves()`` + ``apply_move()`` per move;
* ``string API``       ``legal_actions()`` + ``apply(text)``, as the UI and records do;
* ``rollout``          what a computer player's search does most: finish the hand in play from
                       its first trick without changing the game (no deal, no record);
* ``clone``            copies of a game in the middle of the play.
"""

from __future__ import annotations

import platform
import random
import sys
import time

from cardtable.games.dummy_spades import DummySpades


def rate(fn, seconds: float) -> float:
    """Calls of ``fn`` per second; ``fn`` returns how many units it did."""
    fn()  # warm up
    n, t0 = 0, time.perf_counter()
    while (t := time.perf_counter() - t0) < seconds:
        n += fn()
    return n / t


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0
    rng = random.Random(2024)
    rnd = rng.random

    g = DummySpades(seed=1)

    def fast() -> int:
        for _ in range(100):
            g.random_playout(rng)
        return 100

    g2 = DummySpades(seed=2)

    def int_moves() -> int:
        k = g2.hand_number
        while g2.hand_number == k:
            ms = g2.legal_moves()
            g2.apply_move(ms[int(rnd() * len(ms))])
        return 1

    g3 = DummySpades(seed=3)

    def strings() -> int:
        k = g3.hand_number
        while g3.hand_number == k:
            acts = g3.legal_actions()
            g3.apply(acts[int(rnd() * len(acts))])
        return 1

    g4 = DummySpades(seed=4)
    for a in ("bid 4", "bid 3", "bid 5"):
        g4.apply(a)

    def rollouts() -> int:
        for _ in range(100):
            g4.rollout(rng)
        return 100

    g5 = DummySpades(seed=5)
    for a in ("bid 4", "bid 3", "bid 5"):
        g5.apply(a)
    for _ in range(20):
        ms = g5.legal_moves()
        g5.apply_move(ms[0])

    def clones() -> int:
        for _ in range(100):
            g5.clone()
        return 100

    print(f"Dummy Spades engine, {platform.python_implementation()} {platform.python_version()}, "
          f"{seconds:g} s per figure")
    print(f"  random_playout (fast path)   {rate(fast, seconds):10,.0f} hands/s")
    print(f"  legal_moves + apply_move     {rate(int_moves, seconds):10,.0f} hands/s")
    print(f"  legal_actions + apply (text) {rate(strings, seconds):10,.0f} hands/s")
    print(f"  rollout from the first trick {rate(rollouts, seconds):10,.0f} hands/s")
    print(f"  clone mid-play               {rate(clones, seconds):10,.0f} copies/s")


if __name__ == "__main__":
    main()
