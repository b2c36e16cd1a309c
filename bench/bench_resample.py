"""Speed of ``resample_from_infostate``: samples per second, per game and option.

Run: ``PYTHONPATH=py python3 bench/bench_resample.py [POSITIONS]``.  Not a test: it prints figures.

POSITIONS (default 60) positions per game and option are reached by random play from seeded
deals (bids, peeks and flips included); at each, every seat's sample is drawn 20 times.  Printed:
samples per second, and for Seep the same for the bots' own sampler (``Knowledge.sample``: the
state built once a move by ``Seep.from_view``, then a copy and ``deal_hidden`` per sample, with
and without the inference from sweeps let go), at the positions of the card play.
"""

from __future__ import annotations

import platform
import random
import sys
import time

from cardtable.games.dummy_spades import DummySpades
from cardtable.games.seep import Seep

CASES = [
    ("dummy-spades", {}), ("dummy-spades", {"variant": "three-peeky"}),
    ("dummy-spades", {"variant": "flip-2"}), ("dummy-spades", {"bidding": "mirror"}),
    ("dummy-spades", {"bidding": "suicide"}),
    ("seep", {}), ("seep", {"preset": "seep-pagat"}), ("seep", {"seats": 2}),
    ("seep", {"seats": 2, "preset": "seep-pagat"}),
]


def positions(name: str, opts: dict, n: int) -> list:
    rng = random.Random(3)
    out, seed = [], 0
    while len(out) < n:
        g = DummySpades(seed=seed, options=opts) if name == "dummy-spades" else Seep.new(seed=seed, **opts)
        seed += 1
        stop = rng.randrange(1, 60)
        for _ in range(stop):
            if g.over:
                break
            g.apply(rng.choice(g.legal_actions()))
        if not g.over:
            out.append(g)
    return out


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    print(f"python {platform.python_version()}, {n} positions per case, 20 samples per seat")
    for name, opts in CASES:
        ps = positions(name, opts, n)
        rng = random.Random(1)
        t = time.perf_counter()
        k = 0
        for g in ps:
            for seat in g.seats:
                for _ in range(20):
                    g.resample_from_infostate(seat, rng)
                    k += 1
        dt = time.perf_counter() - t
        label = f"{name} {','.join(map(str, opts.values())) or 'default'}"
        line = f"{label:32s} {k / dt:9.0f} samples/s"
        if name == "seep":
            line += "   bots' sampler " + " / ".join(f"{x:.0f}" for x in bot_rates(ps)) + " samples/s"
        print(line)


def bot_rates(games: list) -> tuple:
    """Samples per second of ``cardtable.bots.seep.Knowledge.sample`` (plain, with inference)
    at the seat to act of each game in the card play."""
    from cardtable.bots.seep import Knowledge

    ks = [Knowledge(g.view(g.to_act)) for g in games if g.phase == "play" and g.plays > 0]
    out = []
    for infer in (False, True):
        rng = random.Random(1)
        t = time.perf_counter()
        for k in ks:
            for _ in range(20):
                k.sample(rng, infer=infer)
        out.append(20 * len(ks) / (time.perf_counter() - t))
    return tuple(out)


if __name__ == "__main__":
    main()
