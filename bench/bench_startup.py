"""Start-up time of Card Table against bare runtime boots, cold and warm, in headless Chromium.

    .venv/bin/python bench/bench_startup.py [--runs 5]

Measured: the time from navigation start to a usable home screen, i.e. ``performance.now()`` when
``<html data-ready>`` appears (the app sets it when Python has drawn the home screen), for three
pages served side by side from one temporary copy of dist/, on a free loopback port with
tools/serve.py's ``make_server``:

  app            index.html: the app as shipped (its CSP, the cardtable archive), its Python in a Web
                 Worker (web/py-worker.js: Pyodide, the store and the app), no PyScript; warm, it
                 starts from the memory snapshot (runtime/pyodide-snapshot.bin, which the service
                 worker precached and stored unpacked at install; checked:
                 <html data-snapshot="used" data-snapshot-copy="unpacked">), cold it cannot
  bare PyScript  PyScript (copied from node_modules: the app no longer ships it) with an empty
                 script on the page's main thread, same runtime files; the script only sets data-ready
  bare Pyodide   plain ``loadPyodide`` from runtime/pyodide/pyodide.mjs, then data-ready (no PyScript)
  app, played    warm only: the app in a context where, before the measured loads, it was used once
                 under the service worker (a start from the snapshot, then ``--play`` seconds of a Dummy
                 Spades hand between three computer players): a returning player's start.

cold = a new browser context each run: empty HTTP cache, no service worker.
warm = a context where the app's service worker (dist/sw.js, regenerated for the copy so that it
       also precaches the bare pages) is installed and controls the page, and the page has been
       opened once before; every response comes from the worker (checked: workerStart > 0).

Why "app, played": Chromium keeps WebAssembly code it has optimised (a code cache, stored with the
cached file) once a page has run enough of it, and later starts skip compiling it.  A bare PyScript
page gets there by itself (each of its boots runs all of CPython's start-up, so its own warm loads
here speed up as the bench goes on), but a start from the snapshot runs too little Python: the app's
code cache comes from playing, as a returning player has.  "app" is a player's very first start
after the service worker was installed; "app, played" is every start after a session of play.
``--first-starts`` compares like with like on the other side: the app's and bare PyScript's first
start after the service worker's install, each in a new profile (no code cache on either side).

Runs are interleaved (app, bare, bare, rotating) so that background load hits every page alike; the
figures are medians.  Each goal's ratio is printed twice: as the ratio of the two pages' medians,
and as the median of the per-round ratios (the two pages' loads of one round were made one right
after the other, so a machine whose speed drifts during the run moves both sides alike).  This is
a script that prints figures, never a test.  Builds dist/ if missing.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from chromium import CHROMIUM, CHROMIUM_ARGS, DIST, MOVES_JS, ROOT  # noqa: E402
from build_sw import write_service_worker  # noqa: E402
from serve import make_server  # noqa: E402

TIMEOUT_MS = 120_000
WATCHDOG_S = 300  # no step (a page load, a worker install) may take longer: report it and stop

BARE_PYSCRIPT = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare PyScript</title>
<script type="module" src="./runtime/pyscript/core.js"></script></head>
<body><script type="py" config="./bare-pyscript.json">
from pyscript import document
document.documentElement.dataset.ready = "true"
</script></body></html>
"""
BARE_PYSCRIPT_CONFIG = '{"interpreter": "./runtime/pyodide/pyodide.mjs"}\n'
BARE_PYODIDE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare Pyodide</title>
<script type="module" src="./bare-pyodide.js"></script></head><body></body></html>
"""
BARE_PYODIDE_JS = """import { loadPyodide } from "./runtime/pyodide/pyodide.mjs";
const pyodide = await loadPyodide({ indexURL: new URL("./runtime/pyodide/", location.href).href });
pyodide.runPython("import sys");
document.documentElement.dataset.ready = "true";
"""
INSTALL = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>install the service worker</title>
<script type="module" src="./install.js"></script></head><body></body></html>
"""
# (the worker fetches the start-up snapshot after its install, when a page it controls asks)
INSTALL_JS = """navigator.serviceWorker.register("./sw.js");
navigator.serviceWorker.addEventListener("message", (e) => {
  if (e.data && e.data.type === "SNAPSHOT_READY") document.documentElement.dataset.snapshotCached = "";
});
const ask = () => navigator.serviceWorker.controller.postMessage({ type: "SNAPSHOT" });
if (navigator.serviceWorker.controller) ask();
else navigator.serviceWorker.addEventListener("controllerchange", ask, { once: true });"""

PAGES = {"app": "index.html", "app, played": "index.html", "bare PyScript": "bare-pyscript.html", "bare Pyodide": "bare-pyodide.html"}
WARM_ONLY = {"app, played"}  # (a first visit cannot come after a session of play)

# Records when <html data-ready> appears, measured from navigation start, and when PyScript says
# its interpreter is up ("py:ready", the bare PyScript page only: the app's is its forwarded mark
# cardtable:pyodide-ready).
READY_PROBE = """
addEventListener("py:ready", () => { window.__pyReadyAt ??= performance.now(); }, true);
new MutationObserver((records, observer) => {
  const html = document.documentElement;
  if (html && html.hasAttribute("data-ready") && window.__readyAt === undefined) {
    window.__readyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });
"""
CONTROLLED = """(ms) => navigator.serviceWorker.controller ? true : new Promise((resolve, reject) => {
  navigator.serviceWorker.addEventListener("controllerchange", () => resolve(true), { once: true });
  setTimeout(() => reject(new Error(`the service worker did not take control within ${ms} ms`)), ms);
})"""

STEP = {"what": "starting", "since": time.monotonic()}


def doing(what: str) -> None:
    """Note the step under way, for the watchdog."""
    STEP["what"], STEP["since"] = what, time.monotonic()


def watchdog() -> None:
    """Stop the bench, saying where, if one step hangs (Playwright's own timeouts do not cover
    everything, e.g. a service worker that never takes control, or a browser that stops answering)."""
    while True:
        time.sleep(5)
        stuck = time.monotonic() - STEP["since"]
        if stuck > WATCHDOG_S:
            print(f"bench_startup: stuck for {stuck:.0f} s while {STEP['what']}; giving up "
                  f"(load average {os.getloadavg()[0]:.1f})", file=sys.stderr, flush=True)
            os._exit(3)


def copy_dist(tmp: Path) -> Path:
    """A copy of dist/ (built first if missing) in ``tmp``/site, with Pyodide's whole standard
    library for the bare pages (the app ships only the part it uses)."""
    if not (DIST / "index.html").is_file():
        print("dist/ is missing: building it (tools/build.py)", flush=True)
        subprocess.run([sys.executable, str(ROOT / "tools" / "build.py")], check=True)
    site = tmp / "site"
    shutil.copytree(DIST, site)
    shutil.copy2(ROOT / "node_modules" / "pyodide" / "python_stdlib.zip", site / "runtime" / "pyodide")
    # PyScript, which the app no longer ships (its Python runs in a worker of its own), for the bare page
    shutil.copytree(ROOT / "node_modules" / "@pyscript" / "core" / "dist", site / "runtime" / "pyscript",
                    dirs_exist_ok=True, ignore=shutil.ignore_patterns("*.map", "service-worker.js"))
    return site


def prepare_site(tmp: Path) -> Path:
    site = copy_dist(tmp)
    for name, text in {"bare-pyscript.html": BARE_PYSCRIPT, "bare-pyscript.json": BARE_PYSCRIPT_CONFIG,
                       "bare-pyodide.html": BARE_PYODIDE, "bare-pyodide.js": BARE_PYODIDE_JS,
                       "install.html": INSTALL, "install.js": INSTALL_JS}.items():
        (site / name).write_text(text, encoding="utf-8")
    index = (site / "index.html").read_text(encoding="utf-8")
    # (under the app's own version: the worker keeps only a snapshot whose header names its version)
    write_service_worker(site, re.search(r'data-version="([^"]+)"', index).group(1))
    return site


PHASES: dict[str, list[dict]] = {}  # "app, warm" and the like -> the performance marks, one dict per load
# (the Python worker's marks, forwarded to the page's timeline at their time: web/boot.js's cardtableMark)
PHASE_ORDER = ["load-pyodide", "snapshot-looked-up", "snapshot-inflated", "snapshot-read", "pyodide-ready",
               "archive-fetched", "archive-inflated", "archive-written", "files-unpacked", "main", "app-imported",
               "home screen"]


def installed(browser, base: str, name: str):
    """A new browser context (profile) whose service worker is installed and controls the site."""
    doing(f"installing the service worker for {name}")
    context = browser.new_context()
    setup = context.new_page()
    setup.set_default_timeout(TIMEOUT_MS)
    setup.goto(base + "install.html")
    setup.evaluate(CONTROLLED, TIMEOUT_MS)
    setup.wait_for_selector("html[data-snapshot-cached]", state="attached", timeout=TIMEOUT_MS)
    setup.close()
    return context


def play_a_while(context, url: str, seconds: float) -> int:
    """A returning player's earlier session: the app started (from the snapshot), then a hand of
    Dummy Spades between three computer players for ``seconds``; the moves made (checked: some)."""
    doing(f"playing {seconds:g} s on {url}")
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    try:
        page.goto(url)
        page.wait_for_selector("html[data-ready]", state="attached", timeout=TIMEOUT_MS)
        page.click('[data-act="new:dummy-spades"]')
        for seat in range(3):
            page.select_option(f"#ng-kind-{seat}", "strong")
        page.click('[data-act="start"]')
        page.wait_for_timeout(seconds * 1000)  # the session's length, not a wait for something
        moves = page.evaluate(MOVES_JS)  # (the app's store lives in its Python worker: asked from the page)
    finally:
        page.close()
    if moves < 10:
        raise RuntimeError(f"the computer players made only {moves} moves in {seconds:g} s")
    return moves


def load(context, url: str, warm: bool, name: str = "", record: bool = True) -> tuple[float, float | None]:
    doing(f"loading {url} ({'warm' if warm else 'cold'})")
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.set_default_navigation_timeout(TIMEOUT_MS)
    try:
        page.add_init_script(READY_PROBE)
        page.goto(url)
        page.wait_for_selector("html[data-ready]", state="attached", timeout=TIMEOUT_MS)
        ready, py_ready, snap, copy = page.evaluate(
            "[window.__readyAt, window.__pyReadyAt ?? null, document.documentElement.dataset.snapshot ?? null,"
            " document.documentElement.dataset.snapshotCopy ?? null]")
        if url.endswith("/index.html") and snap != ("used" if warm else "none"):
            raise RuntimeError(f"{url}: snapshot state {snap!r} in a {'warm' if warm else 'cold'} run")
        if url.endswith("/index.html") and warm and copy != "unpacked":
            raise RuntimeError(f"{url}: restored from the {copy} snapshot, not the worker's unpacked copy")
        if warm:
            served_by_worker = page.evaluate("performance.getEntriesByType('navigation')[0].workerStart > 0")
            if not served_by_worker:
                raise RuntimeError(f"{url} was not served by the service worker in the warm run")
        if url.endswith("/index.html"):
            marks = page.evaluate("Object.fromEntries(performance.getEntriesByType('mark')"
                                  ".filter((m) => m.name.startsWith('cardtable:')).map((m) => [m.name.slice(10), m.startTime]))")
            py_ready = marks.get("pyodide-ready")  # (the interpreter up, in the Python worker)
            if py_ready is None:
                raise RuntimeError(f"{url}: no cardtable:pyodide-ready mark on the page's timeline")
            marks["home screen"] = ready
            if record:
                PHASES.setdefault(f"{name or 'app'}, {'warm' if warm else 'cold'}", []).append(marks)
        return ready, py_ready
    finally:
        page.close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5, help="measured loads per page and mode (default 5)")
    ap.add_argument("--cold-only", action="store_true",
                    help="only first visits, of the app and bare PyScript (alternating), for a tighter figure "
                         "from more runs")
    ap.add_argument("--warm-only", action="store_true",
                    help="only second visits, of the app (just installed, and played) and of bare PyScript "
                         "(the warm goal's pages, alternating), for a tighter figure from more runs")
    ap.add_argument("--first-starts", action="store_true",
                    help="the app and bare PyScript, each load the first start after the worker's install in a "
                         "new profile (no code cache on either side; a new profile and a worker install per "
                         "load, so slower)")
    ap.add_argument("--play", type=float, default=20, metavar="SECONDS",
                    help="how long the 'app, played' page is played before its measured loads (default 20)")
    args = ap.parse_args(argv)
    if args.cold_only + args.warm_only + args.first_starts > 1:
        ap.error("--cold-only, --warm-only and --first-starts exclude each other")
    names = (["app", "bare PyScript"] if args.cold_only else ["app", "app, played", "bare PyScript"]
             if args.warm_only else ["app", "bare PyScript"] if args.first_starts else list(PAGES))
    cold_names = [n for n in names if n not in WARM_ONLY]

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="cardtable-bench-") as tmp:
        site = prepare_site(Path(tmp))
        found = re.search(r'data-version="([^"]+)"', (site / "index.html").read_text(encoding="utf-8"))
        version = found.group(1) if found else "?"
        server = make_server(site, 0)
        # Closing a context mid-download (the app's worker precaching after a cold run) resets
        # connections; that is expected here, so keep the server quiet about it.
        quiet = (ConnectionResetError, BrokenPipeError)
        default_handle_error = server.handle_error
        server.handle_error = lambda request, address: (
            None if isinstance(sys.exc_info()[1], quiet) else default_handle_error(request, address))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        threading.Thread(target=watchdog, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        cold: dict[str, list[float]] = {k: [] for k in PAGES}
        warm: dict[str, list[float]] = {k: [] for k in PAGES}
        after_py: dict[str, list[float]] = {k: [] for k in PAGES}  # interpreter up -> data-ready, both modes
        py_up: dict[tuple[str, str], list[float]] = {}  # (mode, page) -> interpreter-up times
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                print(f"Chromium {browser.version}, {os.cpu_count()} CPUs, {args.runs} runs per figure; "
                      f"app version {version}; load average {os.getloadavg()[0]:.1f}", flush=True)

                for i in range(0 if args.warm_only or args.first_starts else args.runs):  # cold: a new context each
                    for name in cold_names[i % len(cold_names):] + cold_names[:i % len(cold_names)]:
                        context = browser.new_context()
                        try:
                            ready, py_ready = load(context, base + PAGES[name], warm=False, name=name)
                            cold[name].append(ready)
                            if py_ready is not None:
                                after_py[name].append(ready - py_ready)
                                py_up.setdefault(("cold", name), []).append(py_ready)
                        finally:
                            context.close()
                    print(f"  cold run {i + 1}: " + ", ".join(f"{n} {cold[n][-1]:.0f} ms" for n in cold_names),
                          flush=True)

                if args.cold_only:
                    browser.close()
                    return cold_summary(cold, args.runs)
                if args.first_starts:
                    for i in range(args.runs):  # a new profile for every load, its worker just installed
                        for name in names[i % len(names):] + names[:i % len(names)]:
                            context = installed(browser, base, name)
                            try:
                                warm[name].append(load(context, base + PAGES[name], warm=True, name=name)[0])
                            finally:
                                context.close()
                        print(f"  first start {i + 1}: " + ", ".join(f"{n} {warm[n][-1]:.0f} ms" for n in names),
                              flush=True)
                    browser.close()
                    return two_page_summary("first start after the worker's install (warm, no code cache on either "
                                            "side)", warm, "app", "bare PyScript", "<= 0.45", args.runs)
                contexts = {}
                for name in names:  # warm: the worker installed and the page opened once before
                    context = installed(browser, base, name)
                    load(context, base + PAGES[name], warm=True, name=name, record=False)
                    if name == "app, played":
                        moves = play_a_while(context, base + PAGES[name], args.play)
                        print(f"  {name}: played {args.play:g} s before the measured loads ({moves} moves)", flush=True)
                    contexts[name] = context
                for i in range(args.runs):
                    for name in names[i % len(names):] + names[:i % len(names)]:
                        ready, py_ready = load(contexts[name], base + PAGES[name], warm=True, name=name)
                        warm[name].append(ready)
                        if py_ready is not None:
                            after_py[name].append(ready - py_ready)
                            py_up.setdefault(("warm", name), []).append(py_ready)
                    print(f"  warm run {i + 1}: " + ", ".join(f"{n} {warm[n][-1]:.0f} ms" for n in names),
                          flush=True)
                for context in contexts.values():
                    context.close()
                browser.close()
        finally:
            server.shutdown()
            server.server_close()

    if args.warm_only:
        return warm_summary(warm, args.runs)

    med = lambda xs: statistics.median(xs)  # noqa: E731
    print(f"load average at the end {os.getloadavg()[0]:.1f} (other work on the machine widens the spread)")
    print()
    print("time to a usable home screen (html[data-ready]), median of", args.runs, "[min-max], ms")
    print(f"{'page':<15}{'cold':>22}{'warm (service worker)':>26}")
    for name in names:
        c, w = cold[name], warm[name]
        first = f"{med(c):>8.0f} [{min(c):>5.0f}-{max(c):>5.0f}]" if c else f"{'-':>22}"
        print(f"{name:<15}{first}{med(w):>12.0f} [{min(w):>5.0f}-{max(w):>5.0f}]")
    print()
    for app in ("app", "app, played"):
        for bare in ("bare PyScript", "bare Pyodide"):
            rw = med(warm[app]) / med(warm[bare])
            rc = f"{med(cold[app]) / med(cold[bare]):.3f} ({(med(cold[app]) / med(cold[bare]) - 1) * 100:+.1f}%)" \
                if cold[app] else "-"
            print(f"{app + ' / ' + bare:<28} cold {rc:<16}  warm {rw:.3f} ({(rw - 1) * 100:+.1f}%)")
    print("goal (issue #14): app / bare PyScript warm <= 0.45")
    # The ratio of medians compares loads made minutes apart; the paired ratios compare the two
    # loads of one round (made one after the other), so a machine that slows down or speeds up
    # during the run moves both sides of each ratio alike.
    for mode, loads, num, den, goal in (("warm", warm, "app", "bare PyScript", "<= 0.45"),
                                        ("warm", warm, "app, played", "bare PyScript", "<= 0.45")):
        pairs = paired(loads[num], loads[den])
        print(f"  {mode} {num} / {den}: ratio of medians {med(loads[num]) / med(loads[den]):.3f}; median of the "
              f"{len(pairs)} paired ratios {med(pairs):.3f} [{pairs[0]:.3f}-{pairs[-1]:.3f}]   goal {goal}")
    # Wall-clock medians move with whatever else the machine is doing; the part of the boot that
    # is the app's alone -- from the interpreter being up to the home screen -- does not.
    print("interpreter up (app: cardtable:pyodide-ready, in its worker; bare PyScript: py:ready), median ms: "
          + ", ".join(f"{mode} {name} {med(xs):.0f}" for (mode, name), xs in sorted(py_up.items())))
    print_phases()
    print(f"from the interpreter up to data-ready: app (engines imported in the snapshot when warm) cold "
          f"{med(after_py['app'][:len(cold['app'])]):.0f} ms, warm {med(after_py['app'][len(cold['app']):]):.0f} ms; "
          f"bare PyScript (py:ready, cold and warm runs together) {med(after_py['bare PyScript']):.0f} ms")
    return 0


def paired(nums: list[float], dens: list[float]) -> list[float]:
    """The ratios of the loads made in the same round (the lists are in round order), sorted."""
    return sorted(a / b for a, b in zip(nums, dens, strict=True))


def cold_summary(cold: dict, runs: int) -> int:
    return two_page_summary("first visit (cold)", cold, "app", "bare PyScript", None, runs)


def warm_summary(warm: dict, runs: int) -> int:
    return two_page_summary("second visit (warm)", warm, ["app", "app, played"], "bare PyScript", "<= 0.45", runs)


def two_page_summary(what: str, loads: dict, nums, den: str, goal: str | None, runs: int) -> int:
    med = statistics.median
    nums = [nums] if isinstance(nums, str) else nums
    print(f"load average at the end {os.getloadavg()[0]:.1f}")
    print(f"\n{what}, time to a usable home screen, median of {runs} [min-max], ms")
    for name in [*nums, den]:
        xs = loads[name]
        print(f"{name:<15}{med(xs):>8.0f} [{min(xs):>5.0f}-{max(xs):>5.0f}]")
    for num in nums:
        pairs = paired(loads[num], loads[den])
        ratio = med(loads[num]) / med(loads[den])
        print(f"{num} / {den}: {ratio:.3f} (ratio of medians); median of the {len(pairs)} paired ratios "
              f"{med(pairs):.3f} [{pairs[0]:.3f}-{pairs[-1]:.3f}]" + (f"   goal (issue #14) {goal}" if goal else ""))
    print_phases()
    return 0


def print_phases() -> None:
    med = statistics.median
    for mode, loads in PHASES.items():
        steps = [p for p in PHASE_ORDER if all(p in marks for marks in loads)]
        print(f"{mode}: where the time goes (median ms from navigation start): " + ", ".join(
            f"{p} {med([marks[p] for marks in loads]):.0f}" for p in steps))


if __name__ == "__main__":
    sys.exit(main())
