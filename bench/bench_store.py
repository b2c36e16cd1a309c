"""A year of play in the browser's store (issue #44): opening home and Statistics with 2,000 saved
games and 10,000 games of statistics, in headless Chromium, and the bytes each game takes.

    .venv/bin/python bench/bench_store.py [--saves 2000] [--games 10000] [--hands 8]

The data is made by the app's own modules in CPython (``SaveStore.save`` with the game's note, as
the app writes it; statistics entries of ``--hands`` real hands each) and put straight into the
app's IndexedDB store (web/store.js: database ``cardtable``, object store ``kv``) before the app
starts: no UI, no localStorage limit.  (The app's Python and its store run in a Web Worker,
web/py-worker.js; the page's main thread, whose long tasks are counted, applies its redraws.)  Printed:

* bytes per saved game (record and note) and per game of statistics, and the total;
* the start: from navigation to ``data-ready`` (the store read whole, Python started, home drawn),
  and how many rows of saved games the page holds;
* opening Statistics (the first time, an older store's summaries are built), then home, then
  Statistics and home again: from the tap to the screen drawn (the first tap ``WARM_S`` after the
  start), and home after a game's note changed (as after a move: the list worked out again);
* long tasks (the page's main-thread tasks over 50 ms) in each, and the longest: the goal is none.

    .venv/bin/python bench/bench_store.py --node [--games 10000] [--hands 8]

The same Python in Pyodide under Node (the app's interpreter, ``bench/pyodide_node.py``), over
a store of ``--games`` games of statistics: the summaries built (``rebuild_steps``), the
Statistics screen worked out (``StatsScreen.draw_steps``), each with its longest step (the page
runs them in slices), then a hand counted in a game kept and a new game counted (10,000 kept: the
oldest forgotten), each a task of its own in the app's worker.

A script that prints figures, never a test; the machine's load average is printed with them.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from chromium import ROOT, site_and_browser, store_ask  # noqa: E402

sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "tests"))
from conftest import FILL  # noqa: E402  (the store filled straight)

PROBE = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
}).observe({ type: "longtask", buffered: true });
"""


WARM_S = 3
"""Seconds on home before the first tap: what opening a game or Statistics imports is imported
meanwhile (``ui.screens.warmup``: from 1 s after the start, a module every 0.1 s)."""


def data(saves: int, games: int, hands: int) -> tuple[dict, dict]:
    """The store's entries, and the bytes of each kind."""
    from cardtable.record import replay
    from cardtable.stores.saves import DictStore, SaveStore
    from cardtable.stores.stats import ENTRY_KEY
    from cardtable.stats import dump_entry
    from test_browser_data import played
    from test_stats_store import entry_of

    store = DictStore()
    kept = SaveStore(store, clock=time.time)
    models = [played("dummy-spades", s, 150, players=["Ana", "Ben", "Chloé"]) for s in range(10)] + \
             [played("seep", s, 60, players=["Ana", "Ben"], options={"seats": 2}) for s in range(10)]
    live = [replay(json.dumps(m)) for m in models]
    for i in range(saves):
        kept.save(f"g{i:05d}", models[i % len(models)], game=live[i % len(live)])
    save_bytes = sum(len(k) + len(v) for k, v in store.data.items())
    stat_bytes = 0
    for i in range(games):
        key, entry = entry_of(i, hands)
        text = dump_entry(entry)
        store.data[ENTRY_KEY + key] = text
        stat_bytes += len(ENTRY_KEY + key) + len(text)
    return store.data, {"saves": save_bytes, "stats": stat_bytes}


def timed(page, what: str, act: str, screen: str) -> None:
    """Tap ``act``, wait for ``screen`` drawn, print the time and the long tasks meanwhile."""
    page.evaluate("window.__longTasks = []")
    began = time.perf_counter()
    page.click(f'[data-act="{act}"]')
    page.wait_for_selector(f"html[data-screen={screen}]", state="attached", timeout=300_000)
    if screen == "stats":   # (an older store's summaries are built in slices meanwhile: until its players show)
        page.wait_for_selector(".stats-player", state="attached", timeout=300_000)
    page.wait_for_timeout(300)   # (work in tasks of its own after the screen is drawn)
    wall = time.perf_counter() - began
    tasks = page.evaluate("window.__longTasks")
    print(f"{what}: {wall - 0.3:.2f} s; long tasks: {len(tasks)}, longest {max((d for _s, d in tasks), default=0):.0f} ms "
          f"({', '.join(f'{d:.0f}' for _s, d in tasks)})")


NODE = """
import json, time
from cardtable import stats
from cardtable.stores.saves import DictStore
from cardtable.stores import stats as stats_store, stats_sum
from cardtable.ui.screens.stats import StatsScreen

def steps(gen):
    longest, began = 0.0, time.perf_counter()
    while True:
        t = time.perf_counter()
        try:
            next(gen)
        except StopIteration:
            return time.perf_counter() - began, max(longest, time.perf_counter() - t)
        longest = max(longest, time.perf_counter() - t)

one = json.loads(ENTRY)
store = DictStore()
for i in range(GAMES):
    store.data[stats_store.ENTRY_KEY + f"{i:020x}"] = stats.dump_entry(dict(one, updated=float(1000 + i)))
print("summaries built: %.2f s, longest step %.1f ms" % tuple(x * f for x, f in zip(steps(stats_sum.rebuild_steps(store)), (1, 1000))))
app = type("App", (), {"saves": type("Saves", (), {"store": store})()})()
for n in ("first", "again"):
    print("Statistics worked out (%s): %.0f ms, longest step %.1f ms" % ((n,) + tuple(x * 1000 for x in steps(StatsScreen(app).draw_steps(store, 0)))))
for what, key, entry in (("a hand counted in a game kept", f"{5:020x}", dict(one, hands=one["hands"] * 2, updated=1e6)),
                         ("a new game counted (the oldest forgotten)", "new1", dict(one, updated=2e6)),
                         ("another new game counted", "new2", dict(one, updated=3e6))):
    t = time.perf_counter()
    stats_store.write_entries(store, {key: entry})
    print("%s: %.1f ms" % (what, (time.perf_counter() - t) * 1000))
print("games kept:", len([k for k in store.data if k.startswith(stats_store.ENTRY_KEY)]))
"""


def node(games: int, hands: int) -> None:
    """The ``--node`` figures (see the module's docstring)."""
    from pyodide_node import run
    from test_stats_store import entry_of

    entry = entry_of(0, hands)[1]
    run(f"ENTRY = {json.dumps(json.dumps(entry))}\nGAMES = {games}\n" + NODE)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--saves", type=int, default=2000)
    ap.add_argument("--games", type=int, default=10000)
    ap.add_argument("--hands", type=int, default=8, help="hands in each game of statistics")
    ap.add_argument("--node", action="store_true", help="the statistics' figures in Pyodide under Node")
    args = ap.parse_args(argv)
    if args.node:
        node(args.games, args.hands)
        print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        return 0
    t0 = time.perf_counter()
    entries, size = data(args.saves, args.games, args.hands)
    print(f"data made in CPython in {time.perf_counter() - t0:.1f} s: {args.saves} saved games, "
          f"{args.games} games of statistics ({args.hands} hands each)")
    print(f"bytes: {size['saves'] / max(1, args.saves):,.0f} per saved game (record and note), "
          f"{size['stats'] / max(1, args.games):,.0f} per game of statistics; "
          f"{(size['saves'] + size['stats']) / 1e6:,.1f} MB of text in all")
    with site_and_browser() as (url, browser):
        page = browser.new_context().new_page()
        page.goto(url + "web/manifest.webmanifest")
        items = list(entries.items())
        for i in range(0, len(items), 2000):
            page.evaluate(FILL, items[i:i + 2000])
        page.add_init_script(PROBE)   # (once: each script added runs at every navigation)
        for visit in ("first start (runtime downloaded)", "second start"):
            began = time.perf_counter()
            page.goto(url)
            page.wait_for_selector("html[data-ready]", state="attached", timeout=300_000)
            wall = time.perf_counter() - began
            rows = page.evaluate("document.querySelectorAll('[data-act^=\"open:\"]').length")
            tasks = page.evaluate("window.__longTasks")
            print(f"{visit}: home drawn {wall:.2f} s after navigation ({rows} rows of saved games in the page); "
                  f"long tasks: {len(tasks)}, longest {max((d for _s, d in tasks), default=0):.0f} ms")
        page.wait_for_timeout(WARM_S * 1000)   # a person reads home first; the warm-up imports meanwhile
        for what, act, screen in (("Statistics opened (an older store: summaries built once)", "stats", "stats"),
                                  ("home again", "nav:home", "home"),
                                  ("Statistics opened again", "stats", "stats"),
                                  ("home again", "nav:home", "home")):
            timed(page, what, act, screen)
        timed(page, "Statistics opened again", "stats", "stats")
        note = json.loads(store_ask(page, "getItem", "cardtable/v1/meta/g00000"))   # (the store is in the worker)
        store_ask(page, "setItem", "cardtable/v1/meta/g00000", json.dumps({**note, "updated": note["updated"] + 1}, separators=(",", ":")))
        timed(page, "home after a saved game changed (its note written, as after a move)", "nav:home", "home")
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
