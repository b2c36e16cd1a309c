"""How long opening a long game takes: legal 20,000-action records of Dummy Spades and Seep,
imported in Chromium (to play) and opened for review.

    .venv/bin/python bench/bench_open.py [--actions 20000] [--runs 3] [--games dummy-spades,seep] [--no-browser]

Prints, for each game, a record of N legal actions (seeded random play; about 230 KB for 20,000):

* CPython: replaying the record (``record.replay``); one ``view()`` at its end, with and without
  the hands' history (which grows with the match: no path may take one per action); the review:
  opening it, End (the last step and its screen), and the slowest of the other steps;
* Chromium: from handing the file to the page's *Import* input until the game is on screen
  (``html[data-screen]`` is ``handoff`` or ``table``), and the longest task (``longtask``
  observer: the page's main thread; the app's Python runs in a Web Worker, web/py-worker.js) from
  the import until 1.5 s after, so counting its statistics is included; then the same file through
  *Open a file for review*: until the review is on screen, End (from the key, handed to Python in
  its worker, until the page holds the step it went to, timed in the page) and the longest task.
  With each, the CPU time Chromium's renderers used over the same span (``/proc``): the page's and
  its Python worker's work (a thread of the same renderer), which the load of a shared machine
  does not inflate as it does wall-clock time (it may include the start of the statistics' count,
  which follows the game on screen at once).  Python's User Timing measures (``cardtable:…``) are
  read in its worker.  The first import comes ``--settle`` seconds (2) after the page is ready, as
  a person's choosing a file does.

Goals (issue 24): opening ≤ 1 s, no task over 200 ms, a review step ≤ 50 ms.  Builds ``dist/``
if it is missing; serves it on a free loopback port.  No figure is asserted; the load average is
printed with them.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "tools"))

from cardtable.record import dumps, games, replay  # noqa: E402
from cardtable.ui.screens.review import Review, review_html  # noqa: E402

sys.path.insert(0, str(ROOT / "bench"))
from chromium import worker_measures  # noqa: E402


def long_record(n: int, seed: int = 7, game: str = "dummy-spades") -> dict:
    """A legal record of ``n`` actions, seeded random play (targets out of reach, so the match goes on)."""
    if game == "seep":
        start = {"format": "cardtable/1", "game": "seep", "seed": seed, "options": {"target": 1_000_000},
                 "players": ["Ana", "Ben", "Chloé", "Dev"], "deals": []}
    else:
        start = {"format": "cardtable/1", "game": "dummy-spades", "seed": seed, "options": {"target": 500},
                 "players": ["Ana", "Ben", "Chloé"], "deals": []}
    g = games()[game].from_record(start)
    rnd = random.Random(seed)
    done = 0
    while done < n and not g.over:
        g.apply(rnd.choice(g.legal_actions()))
        done += 1
    return g.to_record()


def _ms(t: float) -> str:
    return f"{(time.perf_counter() - t) * 1000:.1f} ms"


def cpython(game: str, rec: dict) -> None:
    """Replay, one view, and the review: open, End, and the slowest of the other steps."""
    text = dumps(rec)
    print(f"{game}: {len(rec['actions']):,} actions, {len(text.encode()):,} bytes")
    t = time.perf_counter()
    g = replay(text)
    print(f"  CPython replay: {_ms(t)}")
    t = time.perf_counter()
    g.view(g.to_act)
    print(f"  CPython one view at the end: {_ms(t)} (without the hands' history: ", end="")
    t = time.perf_counter()
    g.view(g.to_act, history=False)
    print(f"{_ms(t)})")
    t = time.perf_counter()
    r = Review(rec, finished_only=False)
    print(f"  CPython review open: {_ms(t)}")
    t = time.perf_counter()
    r.go(r.last)
    review_html(r, game)
    print(f"  CPython review End (step and screen): {_ms(t)}")
    worst = (0.0, "")
    for what, step in (("back", Review.back), ("back", Review.back), ("hand back", Review.hand_back),
                       ("first", lambda x: x.go(0)), ("forward", Review.forward),
                       ("middle", lambda x: x.go(x.last // 2)), ("hand forward", Review.hand_forward),
                       ("end", lambda x: x.go(x.last))):
        t = time.perf_counter()
        step(r)
        review_html(r, game)
        worst = max(worst, (time.perf_counter() - t, what))
    print(f"  CPython review, slowest other step (step and screen): {worst[0] * 1000:.1f} ms ({worst[1]})")


PROBE = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
}).observe({ type: "longtask", buffered: true });
"""


def _descendants(root: int) -> list[int]:
    """The processes under ``root`` (this script: Playwright's driver, Chromium and its children)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(entry))
    out, todo = [], [root]
    while todo:
        for kid in children.get(todo.pop(), []):
            out.append(kid)
            todo.append(kid)
    return out


def renderer_cpu() -> float:
    """CPU seconds used so far by this script's Chromium renderers (``/proc``, user + system):
    what the page's work costs, whatever else loads the machine (wall-clock time does not say)."""
    total = 0
    for pid in _descendants(os.getpid()):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                if b"--type=renderer" not in f.read():
                    continue
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])   # utime, stime (fields 14 and 15 of stat)
        except (OSError, IndexError, ValueError):
            continue
    return total / os.sysconf("SC_CLK_TCK")


def _longest(page) -> float:
    return max([d for _, d in _tasks(page)] or [0])


def _tasks(page) -> list:
    """The long tasks (over 50 ms) since the last call: ``[start, duration]`` in page time."""
    return page.evaluate("window.__longTasks.splice(0)") or []


def _what_ran(page, task: list, since: float) -> str:
    """A long task of the page and Python's User Timing entries (``cardtable:…``, in its worker)
    made within it, so the figure says which part of the opening was under way (a replay slice,
    the statistics, showing…)."""
    start, dur = task
    names = [f"{n[10:]} {d:.0f}" for n, s, d in worker_measures(page, None, start - 1) if s + d <= start + dur + 1]
    return f"{dur:.0f} ms at +{start - since:.0f} ms ({', '.join(names) or 'no app timing meanwhile'})"


def _say_tasks(page, since: float, what: str, timeline: bool) -> float:
    """Print what one run did (the app's timings, its longest task or, with ``timeline``, every
    task over 50 ms, and what ran in it); return the longest task's duration."""
    long_tasks = _tasks(page)
    print(f"  ({what}; app timings: {_work(page, since)})")
    for task in sorted(long_tasks) if timeline else [max(long_tasks, key=lambda t: t[1])] if long_tasks else []:
        print(f"    {'task' if timeline else 'longest task'} {_what_ran(page, task, since)}")
    return max([d for _, d in long_tasks] or [0])


def _work(page, since: float) -> str:
    """The app's User Timing entries (Python's, in its worker) since ``since``: how many of each and
    their total."""
    rows: dict[str, list] = {}
    for name, _start, duration in worker_measures(page, None, since):
        row = rows.setdefault(name[10:], [0, 0])
        row[0] += 1
        row[1] += duration
    return ", ".join(f"{k} {n}× {ms:.0f} ms" for k, (n, ms) in rows.items()) or "none"


# End on a review: from the key (handed to Python in its worker) until the page holds another step's
# screen (checked after: the last)
END = """() => new Promise((ok, no) => {
  const step = () => document.querySelector(".review-where")?.dataset.step, before = step(), t = performance.now();
  const watch = new MutationObserver(() => { if (step() !== before) { watch.disconnect(); ok(performance.now() - t); } });
  watch.observe(document.documentElement, { subtree: true, childList: true, attributes: true });
  document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "End", bubbles: true }));
  setTimeout(() => { watch.disconnect(); no(new Error("End did not move the review within 60 s")); }, 60000);
})"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--actions", type=int, default=20_000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--games", default="dummy-spades,seep")
    ap.add_argument("--no-browser", action="store_true", help="the CPython figures only")
    ap.add_argument("--timeline", action="store_true", help="every task over 50 ms of each import, not only the longest")
    ap.add_argument("--settle", type=float, default=2.0,
                    help="seconds on the home screen before the first import (a person choosing a file): the app "
                         "imports the games' modules meanwhile (ui/screens/warmup.py); 0 to import at once")
    args = ap.parse_args()
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    recs = {}
    for game in args.games.split(","):
        t = time.perf_counter()
        recs[game] = long_record(args.actions, game=game)
        print(f"({game} record generated in {time.perf_counter() - t:.1f} s)")
        cpython(game, recs[game])
    if args.no_browser:
        return

    if not (ROOT / "dist" / "index.html").is_file():
        subprocess.run([sys.executable, str(ROOT / "tools" / "build.py")], check=True)
    from playwright.sync_api import sync_playwright
    from serve import make_server

    httpd = make_server(ROOT / "dist", 0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{httpd.server_address[1]}/"
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page()
        page.add_init_script(PROBE)
        page.goto(url)
        page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
        page.wait_for_timeout(args.settle * 1000)
        for game, rec in recs.items():
            opened, review_opened, ends, tasks, review_tasks = [], [], [], [], []
            opened_cpu, review_cpu = [], []   # the renderers' CPU time over the same spans
            for run in range(args.runs):
                home(page)
                data = json.dumps({**rec, "players": [*rec["players"][:-1], f"Run {run}"]}).encode()  # not "already saved"
                _longest(page)
                since = page.evaluate("performance.now()")
                t, cpu = time.perf_counter(), renderer_cpu()
                page.set_input_files("#import-file", files=[{"name": "long.json", "mimeType": "application/json",
                                                             "buffer": data}])
                page.wait_for_selector("html[data-screen=handoff], html[data-screen=table]", state="attached",
                                       timeout=600_000)
                opened.append(time.perf_counter() - t)
                opened_cpu.append(renderer_cpu() - cpu)
                notice = page.locator(".notice")
                if notice.count():
                    raise SystemExit(f"the import was refused: {notice.inner_text()}")
                page.wait_for_timeout(1500)   # the statistics count in a task of their own: catch it
                tasks.append(_say_tasks(page, since, f"{game} run {run + 1}: import {opened[-1]:.2f} s, "
                                                     f"renderer CPU {opened_cpu[-1]:.2f} s", args.timeline))
                # the same file opened for review, then End
                home(page)
                _longest(page)
                since = page.evaluate("performance.now()")
                t, cpu = time.perf_counter(), renderer_cpu()
                page.set_input_files("#review-file", files=[{"name": "long.json", "mimeType": "application/json",
                                                             "buffer": data}])
                page.wait_for_selector("html[data-screen=review]", state="attached", timeout=600_000)
                review_opened.append(time.perf_counter() - t)
                review_cpu.append(renderer_cpu() - cpu)
                ends.append(page.evaluate(END))
                # (a file of a game in play is reviewed up to its last finished hand: ui/screens/review.py)
                if page.get_attribute(".review-where", "data-step") != str(Review(rec, finished_only="hands").last):
                    raise SystemExit("End did not reach the last move")
                page.wait_for_timeout(300)
                review_tasks.append(_say_tasks(page, since, f"{game} run {run + 1}: review open {review_opened[-1]:.2f} s, "
                                                            f"renderer CPU {review_cpu[-1]:.2f} s, "
                                                            f"End {ends[-1]:.0f} ms", args.timeline))
            print(f"{game}, Chromium, {len(rec['actions']):,} actions, {args.runs} runs (median [range]):")
            print(f"  import to game on screen: {_fig(opened, 's')} (goal: 1 s); longest task {_fig(tasks, 'ms')} "
                  f"(goal: 200 ms; statistics counted included); renderer CPU {_fig(opened_cpu, 's')}")
            print(f"  open for review: {_fig(review_opened, 's')} (goal: 1 s); End: {_fig(ends, 'ms')} "
                  f"(goal: 50 ms); longest task {_fig(review_tasks, 'ms')}; renderer CPU {_fig(review_cpu, 's')}")
        browser.close()
    httpd.shutdown()
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


def home(page) -> None:
    if page.locator("html[data-screen=home]").count() == 0:
        page.click('[data-act="nav:home"]')
        page.wait_for_selector("html[data-screen=home]", state="attached")


def _fig(values: list, unit: str) -> str:
    if unit == "s":
        return f"{statistics.median(values):.2f} s [{min(values):.2f}-{max(values):.2f}]"
    return f"{statistics.median(values):.0f} ms [{min(values):.0f}-{max(values):.0f}]"


if __name__ == "__main__":
    main()
