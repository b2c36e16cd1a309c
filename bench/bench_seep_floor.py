"""How large a Seep floor gets: the figures the phone layout of the floor is designed for (issue #25).

Run: ``PYTHONPATH=py python3 bench/bench_seep_floor.py [SEEDS]``.  Not a test: it prints figures.

For four and two players, SEEDS (default 300) seeded games of three hands each are played by three
policies through the engine's public API: a random card (``random_card_move``), a uniform random
move (``random_move``) and a policy that crowds the floor (a throw first, then a build, a raise or
a cement, a capture last: 95% of its moves; tests/test_browser_seep_floor.py uses it to build its
floors).  At every turn of the play the floor is measured; printed per policy: the most loose
cards + houses at once (and how many of each then), the most houses, the most cards in one house,
and how many turns saw 12 things or more.  Measured on 2026-11-25 (600 seeds): at most 14 things
(13 loose cards and a house), 5 houses with 8 loose cards, and houses of up to about 30 cards.
"""

from __future__ import annotations

import random
import sys

from cardtable.games.seep import Seep

CROWDING = {"throw": 0, "bid": 0, "redeal": 0, "build": 1, "raise": 2, "cement": 2, "capture": 3}


def crowding_move(g: Seep, rng: random.Random) -> tuple:
    moves = g.legal_moves()
    if rng.random() >= 0.95:
        return rng.choice(moves)
    texts = [g.move_text(m) for m in moves]
    return moves[min(range(len(moves)), key=lambda i: (CROWDING[texts[i].split()[0]], len(texts[i].split()), rng.random()))]


POLICIES = {"random card": lambda g, rng: g.random_card_move(rng),
            "uniform": lambda g, rng: g.random_move(rng),
            "crowding": crowding_move}


def measure(policy, seats: int, seeds: int) -> dict:
    most, most_houses, biggest, crowded = (0, 0, 0), 0, 0, 0
    for seed in range(seeds):
        g = Seep.new(seed=seed, seats=seats)
        rng = random.Random(seed)
        while not g.over and g.hands_completed < 3:
            if g.phase == "play":
                fl = g.floor()
                loose, houses = len(fl["loose"]), len(fl["houses"])
                most = max(most, (loose + houses, loose, houses))
                most_houses = max(most_houses, houses)
                biggest = max([biggest] + [len(h["cards"]) for h in fl["houses"]])
                crowded += loose + houses >= 12
            g.apply_move(policy(g, rng))
    return {"most": most, "most_houses": most_houses, "biggest_house": biggest, "turns_with_12_or_more": crowded}


def main() -> None:
    seeds = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    for seats in (4, 2):
        for name, policy in POLICIES.items():
            r = measure(policy, seats, seeds)
            total, loose, houses = r["most"]
            print(f"{seats} players, {name:11}: most things {total} ({loose} loose, {houses} houses), "
                  f"most houses {r['most_houses']}, biggest house {r['biggest_house']} cards, "
                  f"turns with 12+ things {r['turns_with_12_or_more']}")


if __name__ == "__main__":
    main()
