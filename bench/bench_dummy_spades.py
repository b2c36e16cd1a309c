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

Each figure is given per second of wall time and per second of this process's CPU time
(``time.process_time``): on a machine shared with other work the second is the fairer one.
"""

from __future__ import annotations

import platform
import random
import sys
import time

from cardtable.games.dummy_spades import DummySpades


def rate(fn, seconds: float) -> tuple[float, float]:
    """Units of work per second of wall time and per second of this process's CPU time; ``fn``
    returns how many units it did.  On a busy machine the CPU-time figure is the fairer one."""
    fn()  # warm up
    n, t0, c0 = 0, time.perf_counter(), time.process_time()
    while (t := time.perf_counter() - t0) < seconds:
        n += fn()
    return n / t, n / (time.process_time() - c0)


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0
    rng = random.Random(2024)
    rnd = rng.random

    g = DummySpades(seed=1)

    def fast() -> int:
        for _ in range(100):
            g.random_playout(rng)
        return 100

    def hand_by_hand(g: DummySpades, legal, apply):
        """One random hand of ``g`` per call, each move chosen from ``legal()`` and played by ``apply``."""
        def one_hand() -> int:
            k = g.hand_number
            while g.hand_number == k:
                options = legal()
                apply(options[int(rnd() * len(options))])
            return 1
        return one_hand

    g2 = DummySpades(seed=2)
    int_moves = hand_by_hand(g2, g2.legal_moves, g2.apply_move)
    g3 = DummySpades(seed=3)
    strings = hand_by_hand(g3, g3.legal_actions, g3.apply)

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
    print(f"  {'':30} {'per wall s':>12} {'per CPU s':>12}")
    for label, fn, unit in [("random_playout (fast path)", fast, "hands"),
                            ("legal_moves + apply_move", int_moves, "hands"),
                            ("legal_actions + apply (text)", strings, "hands"),
                            ("rollout from the first trick", rollouts, "hands"),
                            ("clone mid-play", clones, "copies")]:
        wall, cpu = rate(fn, seconds)
        print(f"  {label:30} {wall:12,.0f} {cpu:12,.0f}  {unit}/s")


if __name__ == "__main__":
    main()
