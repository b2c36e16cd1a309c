"""Computer-player speed: decision time per level and play-outs per strong move.

Run: ``PYTHONPATH=py python3 bench/bench_bots.py [POSITIONS]``.  Not a test: it prints figures.
``--pyodide [DIR]`` runs the same bench inside Pyodide under Node (the interpreter the page runs,
from ``node_modules/pyodide`` or DIR; ``node`` on the PATH), for the samples a move gets there.

For each game, POSITIONS (default 150) positions of the card play are reached by random play
from seeded deals; each is given to ``choose_action`` at the casual level, at the strong level
with the arena budget (0.05 s) and the page budget (0.25 s), and at the expert level with the
page budget (which it multiplies by ``EXPERT_FACTOR``: 1 s).  Printed: mean, 95th percentile
and largest wall time per decision (the search levels stop at their deadline, so a slow device gets fewer
samples, not longer waits) and, for the searches, the mean number of samples of the hidden
cards searched per move (each sample plays every candidate move once): the figure to compare
with Pyodide's at the same budget, and with the arena's ``--samples`` -- and samples per CPU
second, the search's speed with the machine's load taken out (as far as CPU time does).

``--first-half [N]`` (also with ``--pyodide``): the strong level's samples a move at the page's
budget in N (default 40) two-player Seep first-half positions, from quick-vs-quick hands.

``--second-half [N]`` (also with ``--pyodide``) measures instead the two-player Seep second half,
where the search plays one deal and searches our later choices (``bots.seep.tree_steps``): N
(default 40) positions from quick-vs-quick hands of seeded deals, given to the strong and expert
levels first at a fixed 8 samples (no deadline: the whole search, its CPU mean and max a move)
then at the page's budget (0.25 s, 1 s for the expert).  Printed per level: play-outs a move
(the work searched: the machine-independent figure to compare between CPython and Pyodide),
mean and max time a move, the longest single step between two yields (what holds the page: it
runs steps for ~12 ms a slice) and, at the budget, the moves the deadline cut and the answers
that differ from the whole search's.
"""

from __future__ import annotations

import os
import platform
import random
import sys
import time

import cardtable.bots as bots
import cardtable.bots.seep as bots_seep
import cardtable.bots.spades as bots_spades
from cardtable.games.dummy_spades import DummySpades
from cardtable.games.seep import HALF_PLAYS, Seep


def _load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except (OSError, AttributeError):   # Pyodide has none
        return "unknown"


def positions(name: str, n: int) -> list:
    rng = random.Random(7)
    out = []
    seed = 0
    while len(out) < n:
        g = DummySpades(seed=seed) if name == "dummy-spades" else Seep.new(seed=seed)
        seed += 1
        for _ in range(rng.randrange(8, 40)):
            if g.over:
                break
            g.apply(rng.choice(g.legal_actions()))
        if not g.over and g.phase == "play":
            v = g.view(g.to_act)
            if len(v["legal"]) > 1:
                out.append(v)
    return out


def run_in_pyodide(args: list, where: str) -> None:
    """This bench in Pyodide under Node (the page's interpreter), printing its own figures."""
    import json

    import pyodide_node

    pyodide_node.run(f"sys.argv = ['bench_bots.py'] + {json.dumps(args)}\nimport bench_bots\nbench_bots.main()", where)


def second_half_positions(n: int) -> list:
    """Views of the seat to act, with a choice, in two-player Seep second halves (every card
    known), from hands of seeded deals played by the quick level; about one play in three."""
    out = []
    seed = 0
    while len(out) < n:
        g = Seep.new(seed=500 + seed, seats=2)
        seed += 1
        while g.hands_completed == 0 and len(out) < n:
            v = g.view(g.to_act)
            if g.phase == "play" and g.plays >= HALF_PLAYS and (g.plays + seed) % 3 == 0 \
                    and len(v["legal"]) > 1:
                out.append(v)
            g.apply(bots.choose_action("seep", v, "casual", seed=g.action_count))
    return out


def first_half_positions(n: int) -> list:
    """Views of the seat to act, with a choice, in two-player Seep first halves (the other's
    hand hidden), from hands of seeded deals played by the quick level; about one play in three."""
    out = []
    seed = 0
    while len(out) < n:
        g = Seep.new(seed=900 + seed, seats=2)
        seed += 1
        while g.hands_completed == 0 and g.plays < HALF_PLAYS and len(out) < n:
            v = g.view(g.to_act)
            if g.phase == "play" and (g.plays + seed) % 3 == 0 and len(v["legal"]) > 1:
                out.append(v)
            g.apply(bots.choose_action("seep", v, "casual", seed=g.action_count))
    return out


def first_half(n: int) -> None:
    """The strong level's samples a move at the page's budget (0.25 s) in two-player first
    halves: the figure to compare with the arena's and ``bench_bots_hands.py``'s ``--samples``."""
    print(f"bench_bots --first-half: {platform.python_implementation()} {platform.python_version()}, "
          f"{n} positions, two-player Seep first half, load average {_load()}")
    drawn, wall = [], []
    for i, v in enumerate(first_half_positions(n)):
        bots_seep.last_search["samples"] = 0
        t0 = time.perf_counter()
        bots.choose_action("seep", v, "strong", budget=0.25, seed=i)
        wall.append(time.perf_counter() - t0)
        if bots_seep.last_search["samples"]:
            drawn.append(bots_seep.last_search["samples"])
    drawn.sort()
    print(f"  seep 2p 1st half strong budget 0.25 s  moves {len(wall)}  searched {len(drawn)}  "
          f"wall mean {1000 * sum(wall) / len(wall):6.1f} ms  samples/move mean "
          f"{sum(drawn) / max(1, len(drawn)):6.1f} median {drawn[len(drawn) // 2] if drawn else 0} "
          f"10th pct {drawn[len(drawn) // 10] if drawn else 0}", flush=True)


def stepped(view: dict, level: str, budget: float, samples, seed: int) -> tuple:
    """One decision driven step by step as the page drives it: (action, wall s, CPU s, longest
    step s, play-outs, longest step's CPU s).  The CPU of each step only with ``samples`` (no
    deadline): reading it is a system call, where a loaded machine tends to switch processes,
    and the search does not count time spent between its steps."""
    clock, cpu = time.perf_counter, time.process_time
    each = cpu if samples else (lambda: 0.0)
    bots_seep.last_search["playouts"] = 0
    steps = bots.think("seep", view, level, budget=budget, seed=seed, samples=samples)
    t0, c0 = clock(), cpu()
    longest = longest_cpu = 0.0
    action = None
    while action is None:
        t, c = clock(), each()
        try:
            next(steps)
        except StopIteration as done:
            action = done.value
        longest = max(longest, clock() - t)
        longest_cpu = max(longest_cpu, each() - c)
    return (action, clock() - t0, cpu() - c0, longest, bots_seep.last_search["playouts"],
            longest_cpu)


def second_half(n: int) -> None:
    print(f"bench_bots --second-half: {platform.python_implementation()} {platform.python_version()}, "
          f"{n} positions, two-player Seep second half, TREE_DEPTH {bots_seep.TREE_DEPTH}, "
          f"load average {_load()}")
    views = second_half_positions(n)
    factor = bots.EXPERT_FACTOR
    rows = [stepped(v, "casual", 0.25, None, i) for i, v in enumerate(views)]
    wall = sorted(r[1] for r in rows)
    print(f"  seep 2p 2nd half casual  moves {len(rows):3d}  wall mean {1000 * sum(wall) / len(wall):6.1f} ms "
          f"median {1000 * wall[len(wall) // 2]:6.1f} max {1000 * wall[-1]:6.1f}  longest step "
          f"{1000 * max(r[3] for r in rows):5.1f} ms", flush=True)
    for level in ("strong", "expert"):
        whole = {}
        for budget, samples in ((1.0, 8), (0.25, None)):
            rows = [stepped(v, level, budget, samples, i) for i, v in enumerate(views)]
            if samples:
                whole = {i: r for i, r in enumerate(rows)}
            wall = [r[1] for r in rows]
            cpu = [r[2] for r in rows]
            steps = sorted(r[3] for r in rows)
            outs = [r[4] for r in rows]
            what = (f"{samples} samples (no deadline)" if samples
                    else f"budget {budget * (factor if level == 'expert' else 1):.2f} s")
            line = (f"  seep 2p 2nd half {level:6s} {what:25s} moves {len(rows):3d}  "
                    f"play-outs/move {sum(outs) / len(outs):6.1f}  "
                    f"wall mean {1000 * sum(wall) / len(wall):7.1f} ms max {1000 * max(wall):7.1f}  "
                    f"CPU mean {1000 * sum(cpu) / len(cpu):7.1f} ms max {1000 * max(cpu):7.1f}  "
                    f"longest step {1000 * steps[-1]:6.1f} ms (95th pct of moves' longest "
                    f"{1000 * steps[int(0.95 * (len(steps) - 1))]:5.1f}"
                    + (f"; CPU {1000 * max(r[5] for r in rows):6.1f})" if samples else ")"))
            if not samples and whole:
                cut = sum(r[4] < whole[i][4] for i, r in enumerate(rows))
                same = sum(r[0] == whole[i][0] for i, r in enumerate(rows))
                share = sum(r[4] for r in rows) / max(1, sum(w[4] for w in whole.values()))
                line += (f"\n      cut by the deadline {cut}/{len(rows)}; play-outs searched "
                         f"{100 * share:.0f}% of the whole search's; same answer as the whole "
                         f"search {same}/{len(rows)}")
            print(line, flush=True)


def main() -> None:
    args = sys.argv[1:]
    if args and args[0] == "--pyodide":
        given = len(args) > 1 and args[1][:1] not in "-0123456789"
        where = args[1] if given else "node_modules/pyodide"
        rest = [a for a in args[1:] if a != where]
        run_in_pyodide(rest or ["30"], where)
        return
    if args and args[0] == "--first-half":
        first_half(int(args[1]) if len(args) > 1 else 40)
        return
    if args and args[0] == "--second-half":
        second_half(int(args[1]) if len(args) > 1 else 40)
        return
    n = int(args[0]) if args else 150
    print(f"bench_bots: {platform.python_implementation()} {platform.python_version()}, "
          f"{n} positions per game, load average {_load()}")
    for name in ("dummy-spades", "seep"):
        views = positions(name, n)
        mod = bots_spades if name == "dummy-spades" else bots_seep
        for level, budget in (("casual", 0.0), ("strong", 0.05), ("strong", 0.25), ("expert", 0.25)):
            ts, cpu, drawn = [], 0.0, []
            share = 1 if level == "casual" or budget < 0.1 else (3 if level == "strong" else 10)
            for i, v in enumerate(views[: max(1, n // share)]):
                mod.last_search["samples"] = 0
                t0, c0 = time.perf_counter(), time.process_time()
                a = bots.choose_action(name, v, level, budget=budget, seed=i)
                ts.append(time.perf_counter() - t0)
                cpu += time.process_time() - c0
                assert a in v["legal"]
                if mod.last_search["samples"]:
                    drawn.append(mod.last_search["samples"])
            ts.sort()
            mean = sum(ts) / len(ts)
            p95 = ts[min(len(ts) - 1, int(0.95 * len(ts)))]
            print(f"  {name:13s} {level:6s} budget {budget:4.2f}s  decisions {len(ts):4d}  "
                  f"wall mean {1000 * mean:7.2f} ms  p95 {1000 * p95:7.2f} ms  "
                  f"max {1000 * ts[-1]:7.2f} ms  CPU mean {1000 * cpu / len(ts):7.2f} ms"
                  + (f"  samples/move {sum(drawn) / len(drawn):6.1f}"
                     f"  samples/CPU s {sum(drawn) / cpu:7.0f}" if drawn and cpu else ""))


if __name__ == "__main__":
    main()
