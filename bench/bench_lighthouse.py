"""Lighthouse's mobile performance run (simulated Slow 4G, the CPU slowed 4x) of the app and of a bare
PyScript page (a heading, and an empty Python script) on the same runtime files, one after the other, each a first visit.
The app runs its Python in a Web Worker (web/py-worker.js, no PyScript); bare PyScript runs it on the
page's main thread.  Lighthouse's figures are the main thread's (its total blocking time adds up the
main thread's long tasks, and its simulated CPU slowdown is of the main thread's tasks): the app's
Python work, off that thread, shows only through when the page it draws is painted.

    .venv/bin/python bench/bench_lighthouse.py [--runs 1] [--pages app,bare] [--json DIR]

Lighthouse comes from npm, pinned exactly (LIGHTHOUSE_VERSION), installed on this script's first run
into node_modules/.cache/ (not a devDependency: ``npm ci`` for the tests would fetch its 22 MB for
nothing), and drives Debian's Chromium (CHROME_PATH=/usr/bin/chromium unless set).  The site is a copy of dist/ (built if
missing) with the bare page beside it (bench/bench_startup.py's, PyScript copied from node_modules), served by tools/serve.py's server,
compressed as static hosts do.  Printed for each page: Lighthouse's performance score, first
contentful paint, largest contentful paint (and its element), total blocking time, time to
interactive, speed index; then the main thread's long tasks Lighthouse saw (over 50 ms: where they
start, how long, whose script), which is what the total blocking time adds up.  Run by hand, not
in the test suite; the figures go to docs/benchmarks.md with their date.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "bench"))

import serve  # noqa: E402
from bench_firstvisit import prepare_site  # noqa: E402

LIGHTHOUSE_VERSION = "13.5.0"
LIGHTHOUSE_DIR = ROOT / "node_modules" / ".cache" / f"lighthouse-{LIGHTHOUSE_VERSION}"
LIGHTHOUSE = LIGHTHOUSE_DIR / "node_modules" / "lighthouse" / "cli" / "index.js"
PAGES = {"app": "index.html", "bare": "bare-lighthouse.html"}
# bench_startup's bare PyScript page with a heading, so that it paints something before Python has
# run (Lighthouse stops with NO_FCP on a page that paints nothing)
BARE_HEADING = "<h1>Bare PyScript</h1>"
METRICS = [("first-contentful-paint", "first contentful paint"), ("largest-contentful-paint", "largest contentful paint"),
           ("total-blocking-time", "total blocking time"), ("interactive", "time to interactive"),
           ("speed-index", "speed index")]


def lighthouse(url: str, out: Path) -> dict:
    """One Lighthouse run of ``url`` (mobile, its default simulated throttling): its JSON report."""
    env = {**os.environ, "CHROME_PATH": os.environ.get("CHROME_PATH", "/usr/bin/chromium")}
    run = subprocess.run(["node", str(LIGHTHOUSE), url, "--only-categories=performance", "--output=json",
                          f"--output-path={out}", "--quiet", "--max-wait-for-load=120000",
                          "--chrome-flags=--headless=new --no-sandbox --disable-gpu"],
                         env=env, capture_output=True, text=True)
    if run.returncode != 0 or not out.is_file():
        raise SystemExit(f"lighthouse failed on {url}:\n{run.stderr[-3000:]}")
    return json.loads(out.read_text())


def figures(report: dict) -> dict:
    audits = report["audits"]
    score = report["categories"]["performance"]["score"]
    out = {"score": None if score is None else round(score * 100)}
    for key, _name in METRICS:
        out[key] = audits.get(key, {}).get("numericValue")
    element = (audits.get("largest-contentful-paint-element", {}).get("details") or {}).get("items") or []
    try:
        out["lcp element"] = element[0]["items"][0]["node"].get("snippet", "")[:100]
    except (IndexError, KeyError, TypeError):
        out["lcp element"] = ""
    tasks = (audits.get("long-tasks", {}).get("details") or {}).get("items") or []
    out["long tasks"] = [(t.get("startTime", 0), t.get("duration", 0), t.get("url", "")) for t in tasks]
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--pages", default="app,bare", help="comma-separated: " + ", ".join(PAGES))
    ap.add_argument("--json", help="keep each run's report in this folder")
    ap.add_argument("--dist", help="another build to run instead of dist/ (say main's)")
    args = ap.parse_args(argv)
    if not LIGHTHOUSE.is_file():   # (its exact version, once)
        LIGHTHOUSE_DIR.mkdir(parents=True, exist_ok=True)
        subprocess.run(["npm", "install", "--no-save", "--no-package-lock", "--prefix", str(LIGHTHOUSE_DIR),
                        f"lighthouse@{LIGHTHOUSE_VERSION}"], check=True)
    results: dict[str, list[dict]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        site = prepare_site(Path(tmp))
        if args.dist:   # (the bare page's files are the same runtime)
            for path in Path(args.dist).iterdir():
                if path.name != "runtime":
                    (shutil.rmtree if (site / path.name).is_dir() else Path.unlink)(site / path.name)
                    (shutil.copytree if path.is_dir() else shutil.copy2)(path, site / path.name)
        bare = (site / "bare-pyscript.html").read_text(encoding="utf-8")
        (site / PAGES["bare"]).write_text(bare.replace("<body>", "<body>" + BARE_HEADING, 1), encoding="utf-8")
        server = serve.make_server(site, 0)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        for run in range(args.runs):
            for page in args.pages.split(","):
                out = Path(args.json or tmp) / f"lighthouse-{page}-{run}.json"
                out.parent.mkdir(parents=True, exist_ok=True)
                results.setdefault(page, []).append(figures(lighthouse(base + PAGES[page], out)))
                print(f"run {run + 1}, {page}: done", flush=True)
        server.shutdown()
    med = lambda xs: statistics.median(xs) if xs else float("nan")  # noqa: E731
    print(f"\nLighthouse mobile (simulated Slow 4G, CPU 4x), median of {args.runs} run(s):")
    print(f"{'':28}" + "".join(f"{p:>14}" for p in results))
    print(f"{'performance score':28}" + "".join(f"{med([r['score'] or 0 for r in rs]):>14.0f}" for rs in results.values()))
    for key, name in METRICS:
        print(f"{name:28}" + "".join(f"{med([r[key] or 0 for r in rs]) / 1000:>13.1f}s" for rs in results.values()))
    for page, rs in results.items():
        last = rs[-1]
        print(f"\n{page}: largest contentful paint's element: {last['lcp element']}")
        print(f"{page}: long tasks of the last run (start, duration, script):")
        for start, duration, url in sorted(last["long tasks"], key=lambda t: -t[1])[:12]:
            print(f"  {start / 1000:7.2f} s  {duration:6.0f} ms  {url.rsplit('/', 1)[-1] or url}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
