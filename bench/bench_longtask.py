"""Does the page stay responsive while computer players think?  Long tasks and tap latency during
a whole hand of computer play, in headless Chromium.  The app's Python (the computers' search, the
game, the screens' HTML) runs in a Web Worker (web/py-worker.js); the page's main thread, measured
here, applies its redraws (web/morph.js) and carries the taps to it.

    .venv/bin/python bench/bench_longtask.py [--hands 1] [--level strong]

For each game (Dummy Spades with 3 seats, Seep with 4; ``--game seep-two``: Seep with 2), every seat is a computer player of
``--level``; the hand is played from the deal to the hand summary while the script taps the
*Scores* button (it opens and closes the score sheet) about once a second, as a player would.

Printed, per game, start-up excluded (only what happens after *Start* is pressed counts):
* long tasks: a ``PerformanceObserver`` for ``longtask`` (the page's main-thread tasks over 50 ms):
  the count and the longest; the goal is none.  Each is put beside what Python was doing in its
  worker meanwhile (its User Timing measures, ``cardtable:bot-slice`` and the like, read there and
  put on the page's timeline): at the same time, which no longer means in the same task.
* tap latency: for each tap, from the input's timestamp (``event.timeStamp``, so the time it waited
  for the main thread counts) to the first animation frame after Python's answer reached the page
  (the tap's call acknowledged by the worker, web/boot.js's ``cardtableBusy``: its redraw applied
  before), i.e. until the answer can be on screen; median and worst.  Goal: within 100 ms.  Also the
  Event Timing API's worst ``click`` duration (input to the next paint, reported only above 16 ms:
  the page's own handling, which only posts the tap to the worker).

By default the page is a second visit (service worker installed, Python restored in its worker from
the start-up snapshot, the engines and bots already imported); ``--cold`` plays on a first visit.

``--trace`` also records a Chrome trace of each hand (``toplevel`` tasks and User Timing only) and
gives, for each long task, the CPU time the page's main thread spent in it (the trace's ``tdur``):
a task that took 55 ms of wall time but 13 ms of CPU time waited for a core (the machine's other
processes had it), which no page can prevent; one with over 50 ms of CPU time is the page's own.

A script that prints figures, never a test; the machine's load average is printed with them.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Optional

sys.path.insert(0, str(Path(__file__).resolve().parent))
from chromium import CHROMIUM, CHROMIUM_ARGS, DIST, MOVES_JS, ROOT, worker_measures  # noqa: E402
from serve import make_server  # noqa: E402


PROBE = """
window.__longTasks = [];
window.__taps = [];
window.__eventDurations = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
}).observe({ type: "longtask", buffered: true });
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.name === "click" || e.name === "pointerdown") window.__eventDurations.push([e.startTime, e.duration]);
    }
  }).observe({ type: "event", durationThreshold: 16, buffered: true });
} catch {}
// A tap's answer: the app's click handler (web/morph.js, on #app) posts it to the Python worker,
// counted up in window.cardtableBusy (web/boot.js), which counts down as the worker acknowledges
// each call, in order, once Python has answered it (its redraw, posted before, applied): the frame
// after that shows the answer.
let busy = 0, sent = 0, answered = 0, tapped = null;
const taps = []; // [the call's number, the tap's time]
Object.defineProperty(window, "cardtableBusy", { configurable: true, get: () => busy, set: (v) => {
  if (v > busy) sent++;
  else if (v < busy) answered++;
  busy = v;
  while (taps.length && taps[0][0] <= answered) {
    const t0 = taps.shift()[1];
    requestAnimationFrame(() => window.__taps.push([t0, performance.now() - t0]));
  }
} });
document.addEventListener("click", (e) => { tapped = [sent + 1, e.timeStamp]; }, true);
addEventListener("click", () => { if (tapped && sent === tapped[0]) taps.push(tapped); tapped = null; });  // (one the app sent on)
"""

GAMES = {"dummy-spades": 3, "seep": 4, "seep-two": 2}   # (seep-two: two players, where the second half is searched exactly)
BUDGET_MS = 250  # cardtable.session.game_session.BOT_BUDGET_S: a strong computer's thinking per move in the app


CONTROLLED = """() => navigator.serviceWorker.controller ? true : new Promise((resolve) =>
  navigator.serviceWorker.addEventListener("controllerchange", () => resolve(true), { once: true }))"""


TRACE_CATEGORIES = ["toplevel", "blink.user_timing"]
START_MARK = "cardtable:bench-start"


def traced_tasks(data: bytes, mark: str = START_MARK, over_ms: float = 50) -> list[tuple[float, float, float]]:
    """The page's main-thread tasks of a Chrome trace longer than ``over_ms`` after the User Timing
    mark ``mark``: ``(ms after the mark, wall ms, CPU ms)``, outermost tasks only.  The page's main
    thread is the one that made the mark."""
    import json

    events = json.loads(data)
    events = events.get("traceEvents", []) if isinstance(events, dict) else events
    marks = [e for e in events if e.get("name") == mark and "user_timing" in str(e.get("cat"))]
    if not marks:
        raise RuntimeError(f"the trace has no mark {mark!r}: it cannot tell the page's tasks")
    origin = marks[-1]
    thread = (origin.get("pid"), origin.get("tid"))
    tasks = sorted((e for e in events if e.get("ph") == "X" and e.get("name") == "ThreadControllerImpl::RunTask"
                    and (e.get("pid"), e.get("tid")) == thread and e.get("ts", 0) >= origin["ts"]),
                   key=lambda e: e["ts"])
    out, ends = [], 0
    for e in tasks:
        if e["ts"] < ends:
            continue  # a task run inside another (a nested run loop): the outer one counts
        ends = e["ts"] + e.get("dur", 0)
        if e.get("dur", 0) > over_ms * 1000:
            out.append(((e["ts"] - origin["ts"]) / 1000, e["dur"] / 1000, e.get("tdur", -1000) / 1000))
    return out


def play_hand(page, base: str, game: str, level: str, seed: int, warm: bool = True, browser=None) -> dict:
    """Play one hand with computers in every seat, tapping Scores; with ``browser``, traced."""
    page.goto(base)
    page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
    if warm:  # as a player's second visit: the service worker installed, Python from the snapshot
        page.evaluate(CONTROLLED)
        page.goto(base)
        page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
        snap = page.evaluate("document.documentElement.dataset.snapshot")
        if snap != "used":
            print(f"  (warning: the start-up snapshot was not used: {snap})", flush=True)
    page.click(f'[data-act="new:{game.removesuffix("-two")}"]')
    if game == "seep-two":
        page.select_option("#ng-seats", "2")
    for i in range(GAMES[game]):
        page.select_option(f"#ng-kind-{i}", level)
    page.fill("#ng-seed", str(seed))
    if browser is not None:
        browser.start_tracing(page=page, categories=TRACE_CATEGORIES)
    since = page.evaluate(f"performance.mark({START_MARK!r}).startTime")
    page.click('[data-act="start"]')
    taps = 0
    deadline = time.monotonic() + 900
    while not page.locator(".hand-summary").count():
        if time.monotonic() > deadline:
            raise RuntimeError(f"{game}: the hand did not end within 15 minutes")
        sheet = page.locator('[data-act="ui:panel:sheet"]').first
        try:
            sheet.click(timeout=2_000)
            taps += 1
            page.wait_for_timeout(300)
            page.keyboard.press("Escape")  # close the score sheet (it may cover the button)
        except Exception:
            pass  # the table was redrawn under the click, or the hand just ended: try again
        page.wait_for_timeout(600)
    long_tasks, tap_ms, events = page.evaluate(
        "(t) => [window.__longTasks.filter(([s]) => s >= t), window.__taps.filter(([s]) => s >= t),"
        " window.__eventDurations.filter(([s]) => s >= t)]", since)
    # (Python's measures, made in its worker, on the page's timeline)
    spans = worker_measures(page, ["cardtable:bot-slice", "cardtable:bot-apply", "cardtable:bot-view"], since)
    slices, applies, views = ([[s, d] for n, s, d in spans if n == name]
                              for name in ("cardtable:bot-slice", "cardtable:bot-apply", "cardtable:bot-view"))

    def kind(start: float, duration: float) -> str:
        for name, spans in (("thinking", slices), ("drawing", applies), ("view", views), ("tap", tap_ms)):
            if any(s < start + duration and start < s + d for s, d in spans):
                return name
        return "other"

    traced = traced_tasks(browser.stop_tracing()) if browser is not None else None
    # a computer's turn, from its start (the seat's view) to its move applied: the search's wall time
    turns = [a - max(v for v, _ in views if v <= a) for a, _ in applies if any(v <= a for v, _ in views)]
    moves = page.evaluate(MOVES_JS)  # (the app's store, in its Python worker: asked from the page)
    def cpu(at: float) -> Optional[float]:  # the traced task that started then (the two clocks differ by < 1 ms)
        near = [c for t, _, c in traced or () if abs(t - at) < 3]
        return near[0] if near else None

    detail = [(round(s - since), round(d), kind(s, d), cpu(s - since)) for s, d in long_tasks]
    return {"detail": detail, "long": [d for _, d in long_tasks],
            "long thinking": [d for s, d in long_tasks if kind(s, d) == "thinking"],
            "long drawing": [d for s, d in long_tasks if kind(s, d) == "drawing"],
            "long view": [d for s, d in long_tasks if kind(s, d) == "view"],
            "long tap": [d for s, d in long_tasks if kind(s, d) == "tap"],
            "slices": [d for _, d in slices], "applies": [d for _, d in applies], "taps": [d for _, d in tap_ms][1:],  # [0] is Start
            "events": [d for _, d in events], "moves": moves, "traced": traced, "turns": turns, "seconds": (page.evaluate("performance.now()") - since) / 1000}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=1, help="hands per game (default 1)")
    ap.add_argument("--level", default="strong", choices=["casual", "strong", "expert"])
    ap.add_argument("--game", action="append", choices=list(GAMES),
                    help="only this game (may be given more than once; default Dummy Spades and four-player Seep)")
    ap.add_argument("--trace", action="store_true",
                    help="record a Chrome trace of each hand: the CPU time of each long task (slower)")
    ap.add_argument("--cold", action="store_true",
                    help="play on a first visit (no service worker, no snapshot: modules load on first use)")
    args = ap.parse_args(argv)
    if not (DIST / "index.html").is_file():
        import subprocess
        subprocess.run([sys.executable, str(ROOT / "tools" / "build.py")], check=True)

    from playwright.sync_api import sync_playwright

    server = make_server(DIST, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    results = {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            print(f"Chromium {browser.version}, {os.cpu_count()} CPUs, level {args.level}, "
                  f"load average {os.getloadavg()[0]:.1f}", flush=True)
            for game in args.game or ("dummy-spades", "seep"):
                for h in range(args.hands):
                    context = browser.new_context()
                    page = context.new_page()
                    page.add_init_script(PROBE)
                    r = play_hand(page, base, game, args.level, seed=100 + h, warm=not args.cold,
                                  browser=browser if args.trace else None)
                    context.close()
                    detail = r.pop("detail")
                    traced = r.pop("traced")
                    for k, v in r.items():
                        results.setdefault(game, {}).setdefault(k, [])
                        results[game][k] += v if isinstance(v, list) else [v]
                    lt = max(r["long"], default=0)
                    print(f"  {game} hand {h + 1}: {r['moves']} moves in {r['seconds']:.0f} s, "
                          f"{len(r['long'])} long tasks (longest {lt:.0f} ms), {len(r['taps'])} taps", flush=True)
                    for at, d, k, c in detail:
                        used = "" if c is None else f", {c:.0f} ms of it on the CPU"
                        print(f"    long task at {at / 1000:.1f} s after Start: {d} ms ({k}{used})", flush=True)
                    if traced is not None:
                        own = [c for _, _, c in traced if c > 50]
                        print(f"    trace: {len(traced)} main-thread tasks over 50 ms, {len(own)} with over 50 ms of"
                              f" CPU time (longest CPU time {max((c for _, _, c in traced), default=0):.0f} ms)",
                              flush=True)
                        results.setdefault(game, {}).setdefault("own", [])
                        results[game]["own"] += own
            browser.close()
    finally:
        server.shutdown()
        server.server_close()

    print(f"load average at the end {os.getloadavg()[0]:.1f}")
    print()
    print(f"{'game':<14}{'long tasks':>11}{'longest':>9}{'taps':>6}{'tap median':>12}{'tap worst':>11}"
          f"{'event worst':>13}")
    for game, r in results.items():
        taps = r["taps"]
        print(f"{game:<14}{len(r['long']):>11}{max(r['long'], default=0):>7.0f}ms{len(taps):>6}"
              f"{statistics.median(taps) if taps else 0:>10.0f}ms{max(taps, default=0):>9.0f}ms"
              f"{max(r['events'], default=0):>11.0f}ms")
    print()
    print("the page's long tasks by what Python was doing in its worker meanwhile (thinking = a slice of")
    print("computer search; drawing = applying a computer's move and its redraw; view = starting a computer's")
    print("turn (the seat's view); tap = answering the bench's tap on Scores; other = none of those):")
    for game, r in results.items():
        kinds = ("thinking", "drawing", "view", "tap")
        other = [d for d in r["long"]]
        for k in kinds:
            for d in r[f"long {k}"]:
                other.remove(d)
        sl = sorted(r["slices"])
        print(f"  {game:<13} " + ", ".join(f"{k} {len(r['long ' + k])} (longest {max(r['long ' + k], default=0):.0f} ms)"
                                         for k in kinds)
              + f", other {len(other)} (longest {max(other, default=0):.0f} ms); "
              f"{len(sl)} slices: median {statistics.median(sl) if sl else 0:.1f} ms, "
              f"p95 {sl[int(len(sl) * 0.95)] if sl else 0:.1f} ms, longest {max(sl, default=0):.0f} ms; "
              f"applying a move: median {statistics.median(r['applies']) if r['applies'] else 0:.0f} ms, "
              f"longest {max(r['applies'], default=0):.0f} ms; a computer's turn (its view to its move "
              f"applied, {BUDGET_MS} ms of thinking): median {statistics.median(r['turns']) if r['turns'] else 0:.0f} ms")
        if "own" in r:
            print(f"  {'':<13} traced: {len(r['own'])} long tasks with over 50 ms of the main thread's CPU time"
                  + (f" (longest {max(r['own']):.0f} ms)" if r["own"] else ""))
    print("goals (issue #14): no long task over 50 ms during computer play; a tap answered within 100 ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
