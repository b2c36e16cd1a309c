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
from cardtable.games.seep import Seep


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


_NODE = r"""
const [dir, py, bench, n] = process.argv.slice(1);   // node -e: no script name
const { loadPyodide } = require(dir + "/pyodide.js");
(async () => {
  const pyodide = await loadPyodide({ indexURL: dir + "/" });
  pyodide.FS.mkdirTree("/app/py");
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: py }, "/app/py");
  pyodide.FS.mkdirTree("/app/bench");
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: bench }, "/app/bench");
  pyodide.setStdout({ batched: (s) => console.log(s) });
  await pyodide.runPythonAsync(`
import sys
sys.path[:0] = ["/app/py", "/app/bench"]
sys.argv = ["bench_bots.py", "${n}"]
import bench_bots
bench_bots.main()
`);
})();
"""


def run_in_pyodide(n: int, where: str) -> None:
    """This bench in Pyodide under Node (the page's interpreter), printing its own figures."""
    import pathlib
    import subprocess

    here = pathlib.Path(__file__).resolve().parent
    subprocess.run(["node", "-e", _NODE, str(pathlib.Path(where).resolve()), str(here.parent / "py"),
                    str(here), str(n)], check=True)


def main() -> None:
    args = sys.argv[1:]
    if args and args[0] == "--pyodide":
        where = args[1] if len(args) > 1 and not args[1].isdigit() else "node_modules/pyodide"
        nums = [a for a in args[1:] if a.isdigit()]
        run_in_pyodide(int(nums[0]) if nums else 30, where)
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
