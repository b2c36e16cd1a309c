"""The Python side in a Web Worker, against today's main-thread design (issue #49): the app run in a
worker by a prototype page, measured beside the app, in headless Chromium, first visits (a new
context each run: empty HTTP cache, no service worker), served by tools/serve.py from a copy of dist/.

    nice -n 10 .venv/bin/python bench/bench_worker.py [--runs 3] [--taps 5]

Pages:
  main thread  the app as shipped (index.html): Python (PyScript on Pyodide) runs on the page's main
               thread; home usable at <html data-ready>
  worker       bench/worker/page.html, never shipped: the same first paint (the home the build drew,
               the app's CSS); Pyodide starts in a module worker (bench/worker/py-worker.js) with the
               app's trimmed standard library and its own archive and runs the app itself, whose
               calls into the page (ui/shell/page.py) come as messages the page carries out (the
               redraw: web/morph.js), and the page's taps go to the worker; no PyScript, no start-up
               snapshot, no store (a visit ?without-saves), English only

Printed per page, the median of ``--runs`` (and each run): first contentful paint; the time to the
home Python drew; the total blocking time after the first paint (the long tasks of the page's main
thread, each over 50 ms counted beyond 50 ms, from the first paint until 5 s after home: start-up
and the warm-up imports while home waits) and the longest task; tap-to-paint latency (from the
click's timeStamp to the first animation frame after #app changed) for *New game* and back home,
``--taps`` times each, after 5 s of idle; a computer turn (Seep: the fifth move of seed 7, by the strong and the expert players, budget 0.25 s, and a whole hand of casual play) run in the page's
interpreter (the app's; unsliced here, where the app slices it between tasks) or in the worker's,
with the page's long tasks meanwhile; storage as web/store.js uses it (100 saved games of 20 KB
written in one IndexedDB transaction, then read whole as at start), in the page or in the worker.

A script that prints figures, never a test; the machine's load average is printed with them.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from chromium import CHROMIUM, CHROMIUM_ARGS, DIST, ROOT  # noqa: E402
from serve import make_server  # noqa: E402

PROBE = """
window.__lt = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__lt.push([e.startTime, e.duration]);
}).observe({ type: "longtask", buffered: true });
window.__taps = [];
document.addEventListener("click", (event) => {
  const t0 = event.timeStamp;
  const seen = new MutationObserver(() => {
    seen.disconnect();
    requestAnimationFrame(() => window.__taps.push(performance.now() - t0));
  });
  seen.observe(document.getElementById("app"), { subtree: true, childList: true, attributes: true, characterData: true });
}, true);
new MutationObserver(() => {
  if (!window.__readyAt && document.documentElement.hasAttribute("data-ready")) window.__readyAt = performance.now();
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-ready"] });
"""

# one computer turn and a casual hand, the same Python in both interpreters
TURN = """
import json, time
from cardtable.bots import choose_action
from cardtable.record import new_game
game = new_game({"format": "cardtable/1", "game": "seep", "players": ["A", "B", "C", "D"], "seed": 7, "actions": []})
for _ in range(4):   # the bid, the bidder's throw, two plays: then a choice among many
    game.apply(choose_action("seep", game.view(game.to_act), "casual"))
out = {}
for level in ("strong", "expert"):
    t0 = time.perf_counter()
    choose_action("seep", game.view(game.to_act), level, budget=0.25)
    out[level] = (time.perf_counter() - t0) * 1000
t0, moves = time.perf_counter(), 0
while not game.over and moves < 48:
    game.apply(choose_action("seep", game.view(game.to_act), "casual"))
    moves += 1
out["casual hand"] = (time.perf_counter() - t0) * 1000
json.dumps(out)
"""

RUN_IN_APP = """async (source) => {
  const { loadPyodide } = await import(new URL("web/pyodide-snapshot.js", document.baseURI).href);
  const py = await loadPyodide();   // (the page's own interpreter)
  const t0 = performance.now();
  return [py.runPython(source), t0, performance.now()];
}"""
RUN_IN_WORKER = """([kind, source]) => new Promise((resolve) => {
  const t0 = performance.now();
  const id = "turn" + t0;
  const wait = () => (window.__answers[id] ? resolve([window.__answers[id].value, t0, performance.now()]) : setTimeout(wait, 5));
  window.__worker.postMessage({ id, [kind]: source });
  wait();
})"""
# storage as web/store.js uses it: a year of play's saved games written in one IndexedDB transaction,
# then read whole (as at start), in the page or in the worker (IndexedDB is there too; localStorage is not)
STORE = """async () => {
  const db = await new Promise((resolve, reject) => {
    const r = indexedDB.open("bench-worker-" + Math.random(), 1);
    r.onupgradeneeded = () => r.result.createObjectStore("kv");
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
  const value = "x".repeat(20000);
  let t0 = performance.now();
  const tx = db.transaction("kv", "readwrite");
  for (let i = 0; i < 100; i++) tx.objectStore("kv").put(value + i, "cardtable/v1/game/" + i);
  await new Promise((resolve, reject) => { tx.oncomplete = resolve; tx.onerror = () => reject(tx.error); });
  const write = performance.now() - t0;
  t0 = performance.now();
  const all = await new Promise((resolve) => { const r = db.transaction("kv").objectStore("kv").getAll(); r.onsuccess = () => resolve(r.result); });
  const read = performance.now() - t0;
  db.close();
  return JSON.stringify({ "store write 100x20 KB": write, "store read all": read + all.length * 0 });
}"""


def add_prototype(site: Path) -> None:
    """Put the prototype's page (worker.html, with the home the build drew in it) and its module into
    a copy of dist/ (bench_lighthouse.py's ``worker`` page too)."""
    home = re.search(r'<main id="app">(.*?)</main>', (site / "index.html").read_text(encoding="utf-8"), re.S)[1]
    page = (ROOT / "bench" / "worker" / "page.html").read_text(encoding="utf-8")
    (site / "worker.html").write_text(page.replace("{{HOME}}", home), encoding="utf-8")
    shutil.copy2(ROOT / "bench" / "worker" / "py-worker.js", site / "py-worker.js")


def prepare(tmp: Path) -> Path:
    """dist/ (built if missing) with the prototype beside the app."""
    if not (DIST / "index.html").is_file():
        import subprocess
        subprocess.run([sys.executable, str(ROOT / "tools" / "build.py")], check=True)
    site = tmp / "site"
    shutil.copytree(DIST, site)
    add_prototype(site)
    return site


def tbt(long_tasks, start: float, end: float) -> tuple[float, float]:
    inside = [d for t, d in long_tasks if start <= t <= end]
    return sum(max(0.0, d - 50) for d in inside), max(inside, default=0.0)


def one_run(browser, url: str, worker: bool, taps: int) -> dict:
    context = browser.new_context(service_workers="block", viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.add_init_script(PROBE)
    page.goto(url)
    page.wait_for_function("() => window.__readyAt", timeout=180_000)
    fcp = page.evaluate("performance.getEntriesByName('first-contentful-paint')[0]?.startTime || 0")
    ready = page.evaluate("window.__readyAt")
    page.wait_for_timeout(5000)   # the warm-up imports while home waits, then idle
    blocking, longest = tbt(page.evaluate("window.__lt"), fcp, ready + 5000)
    start_blocking, _ = tbt(page.evaluate("window.__lt"), fcp, ready)
    page.evaluate("window.__taps.length = 0")
    for _ in range(taps):
        page.click('[data-act="new:seep"]')
        page.wait_for_selector("html[data-screen=new]", state="attached")
        page.click('[data-act="nav:home"]')
        page.wait_for_selector("html[data-screen=home]", state="attached")
    page.wait_for_timeout(300)
    latencies = page.evaluate("window.__taps")
    before = len(page.evaluate("window.__lt"))
    value, t0, t1 = page.evaluate(RUN_IN_WORKER, ["run", TURN]) if worker else page.evaluate(RUN_IN_APP, TURN)
    page.wait_for_timeout(500)
    turn_tasks = [d for t, d in page.evaluate("window.__lt")[before:] if t >= t0 - 1]
    turn = json.loads(value)
    stored = json.loads(page.evaluate(RUN_IN_WORKER, ["js", STORE])[0] if worker else page.evaluate(STORE))
    context.close()
    return {"fcp": fcp, "home": ready, "tbt": blocking, "tbt_to_home": start_blocking, "longest": longest,
            "tap": statistics.median(latencies) if latencies else float("nan"), "tap_worst": max(latencies, default=0),
            "turn_wall": t1 - t0, "turn_longest_task": max(turn_tasks, default=0.0), **{f"turn {k}": v for k, v in turn.items()},
            **stored}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--taps", type=int, default=5)
    args = p.parse_args(argv)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        site = prepare(Path(tmp))
        server = make_server(site, 0)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        pages = {"app (main thread)": ("", False), "app in a worker": ("worker.html", True)}
        results: dict[str, list[dict]] = {name: [] for name in pages}
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for i in range(args.runs):   # (the two pages in turn: a load that changes hits both)
                for name, (path, worker) in pages.items():
                    r = one_run(browser, base + path, worker, args.taps)
                    results[name].append(r)
                    print(f"run {i + 1} {name}: " + ", ".join(f"{k} {v:,.0f}" for k, v in r.items()), flush=True)
            browser.close()
        server.shutdown()
    print(f"\nmedians of {args.runs} runs (ms), load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}, "
          f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    keys = list(next(iter(results.values()))[0])
    print(f"{'':22}" + "".join(f"{k:>22}" for k in results))
    for k in keys:
        print(f"{k:22}" + "".join(f"{statistics.median(r[k] for r in rs):>22,.0f}" for rs in results.values()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
