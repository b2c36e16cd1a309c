"""A first visit on a phone's connection: Card Table against bare PyScript, throttled, in headless Chromium.

    .venv/bin/python bench/bench_firstvisit.py [--runs 1] [--profiles slow-4g,fast] [--window 60] [--files]
        [--waterfall] [--compare DIST] [--moves N]

Each load is a first visit: a new browser context (empty HTTP cache, no service worker), served
from a temporary copy of dist/ by tools/serve.py's server, which compresses as the static hosts
players use do (brotli to Chromium; gzip with ``--gzip``).  Chromium is driven over the DevTools
protocol directly (a pipe, no Playwright), so that the page AND its workers (the service worker it
registers, the app's Python worker) get the same network throttling: every page and worker target is
attached as it starts, paused, given ``Network.emulateNetworkConditions`` (and the page
``Emulation.setCPUThrottlingRate``), then resumed.  Chromium slows only a page's main thread (a
worker target refuses it: "only supported for pages"), so the app's Python, which runs in a Web
Worker, starts at full speed under slow-4g, while bare PyScript's runs on the slowed main thread:
the CPU slowdown flatters the app there.

Profiles (Lighthouse's):
  slow-4g  1.6 Mbps down, 750 kbps up, 150 ms round trip, the page's CPU slowed 4x
  fast     9 Mbps down, 1.5 Mbps up, 60 ms round trip, no CPU slowdown

Pages:
  app            index.html as shipped, its Python in a Web Worker (web/py-worker.js, no PyScript):
                 the home screen is usable at <html data-ready>
  bare PyScript  PyScript (copied from node_modules) with an empty script on the same runtime files
                 (bench/bench_startup.py's page): ready when that script has run

Printed for each: the time from navigation start to the home screen (``performance.now()`` when
``data-ready`` appears); the bytes over the wire before it (``encodedDataLength`` of the page's and
the service worker's responses, from their ``Network`` events; a page response served by the
worker is counted once, where the worker fetched it) and how many of them the service worker's and
the app's Python worker's; the bytes
in the first ``--window`` seconds (60) from navigation start; and, for the app, what a complete
offline install needs (every file the worker precaches, compressed as this server sends it).  The
ratios against the goals (issue #29) come last.  Throttled bandwidth is applied per target (page,
worker), so two targets downloading at once share more than the profile's bandwidth: the app starts
its service worker's downloads only after the home screen is up, but its Python worker fetches its
own files (pyodide.asm.mjs, its modules) while the page downloads the runtime's big files for it
(web/snapshot-early.js), which flatters the app by up to their bytes' time on the link.

``--waterfall`` lists, for each request before the home screen, when it was sent, when its first
and last bytes came (the service worker's and the Python worker's marked); then bare PyScript's
steps and the page's performance marks (the app's, cardtable:pyodide-ready, cardtable:app-imported...,
made in its Python worker and forwarded to the page's timeline) with their times, and the bytes received in each second: where the time
goes, and whether the link is ever idle.  ``--compare DIST`` also loads another build of the app
(say main's, or a variant), from a server of its own, in turn with this one: a ratio measured back
to back on a machine whose load changes.

``--moves N`` measures whether the snapshot's download (the worker's, after the home screen) slows
a game: once the home screen is up, it starts a Dummy Spades game of one person against two casual
computer players (fast speed) and plays the person's cards with real taps (CDP mouse events), until
N moves have been made after the snapshot was cached.  Each move's response time is from the tap
(the click's ``timeStamp``) to the first frame after the card is on the table; moves are grouped by
when they were tapped: during the worker's download, while it unpacks the snapshot, after.

This is a script that prints figures, never a test.  Builds dist/ if missing.
"""

from __future__ import annotations

import argparse
import json
import math
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

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "bench"))

import serve  # noqa: E402
from bench_startup import BARE_PYSCRIPT, BARE_PYSCRIPT_CONFIG, READY_PROBE, copy_dist  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--remote-debugging-pipe", "--no-default-browser-check", "--mute-audio"]
KBPS = 1024 / 8  # bytes per second in one kbps, as Lighthouse counts
PROFILES = {
    "slow-4g": {"latency": 150, "down": 1.6 * 1024 * KBPS, "up": 750 * KBPS, "cpu": 4},
    "fast": {"latency": 60, "down": 9 * 1024 * KBPS, "up": 1.5 * 1024 * KBPS, "cpu": 1},
}
PAGES = {"app": "index.html", "bare PyScript": "bare-pyscript.html", "compare": "index.html"}
STEP_TIMEOUT_S = 300
ATTACHED = {"page", "service_worker", "worker", "shared_worker"}  # the targets whose traffic is counted
LABEL = {"service_worker": "(worker) ", "worker": "(py-worker) "}  # ("worker": the app's Python worker)


class CDP:
    """Chromium driven over --remote-debugging-pipe: commands (to the browser or a flat session),
    and every event handed to ``handlers`` with the session it came from."""

    def __init__(self, user_data_dir: str):
        to_chrome_r, to_chrome_w = os.pipe()
        from_chrome_r, from_chrome_w = os.pipe()

        def fds():  # the pipe protocol: Chromium reads fd 3 and writes fd 4
            os.dup2(to_chrome_r, 3)
            os.dup2(from_chrome_w, 4)

        self.proc = subprocess.Popen([CHROMIUM, *CHROMIUM_ARGS, f"--user-data-dir={user_data_dir}", "about:blank"],
                                     preexec_fn=fds, pass_fds=(3, 4),  # (kept open after fds() ran)
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self.out = os.fdopen(to_chrome_w, "wb", buffering=0)
        self.inp = os.fdopen(from_chrome_r, "rb", buffering=0)
        self.lock = threading.Lock()
        self.next_id = 0
        self.replies: dict[int, dict] = {}
        self.handlers = []  # called with (session, method, params) on the reader thread
        self.cond = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        buf = b""
        while True:
            chunk = self.inp.read(1 << 16)
            if not chunk:
                with self.cond:
                    self.closed = True
                    self.cond.notify_all()
                return
            buf += chunk
            while b"\0" in buf:
                raw, buf = buf.split(b"\0", 1)
                msg = json.loads(raw)
                if "id" in msg:
                    with self.cond:
                        self.replies[msg["id"]] = msg
                        self.cond.notify_all()
                else:
                    session, method, params = msg.get("sessionId"), msg["method"], msg.get("params", {})
                    for handler in list(self.handlers):
                        handler(session, method, params)

    def post(self, method: str, params: dict | None = None, session: str | None = None) -> int:
        with self.lock:
            self.next_id += 1
            msg = {"id": self.next_id, "method": method, "params": params or {}}
            if session:
                msg["sessionId"] = session
            self.out.write(json.dumps(msg).encode() + b"\0")
            return self.next_id

    def send(self, method: str, params: dict | None = None, session: str | None = None, timeout: float = 60) -> dict:
        ident = self.post(method, params, session)
        deadline = time.monotonic() + timeout
        with self.cond:
            while ident not in self.replies:
                left = deadline - time.monotonic()
                if left <= 0 or getattr(self, "closed", False):
                    raise TimeoutError(f"no answer to {method}")
                self.cond.wait(left)
            reply = self.replies.pop(ident)
        if "error" in reply:
            raise RuntimeError(f"{method}: {reply['error']}")
        return reply.get("result", {})

    def close(self) -> None:
        try:
            self.post("Browser.close")
            self.proc.wait(timeout=10)
        except Exception:
            self.proc.kill()
            self.proc.wait()


class Traffic:
    """Bytes over the wire, by time, from the Network events of the page's and worker's sessions."""

    def __init__(self):
        self.kinds: dict[str, str] = {}  # session -> "page" | "service_worker" | ...
        self.seen: dict[tuple[str, str], int] = {}  # (session, request) -> bytes counted so far
        self.skip: set[tuple[str, str]] = set()  # page requests the worker answered (counted there)
        self.urls: dict[tuple[str, str], str] = {}
        self.points: list[tuple[float, int, str, str]] = []  # (timestamp, bytes, kind, url)
        self.times: dict[tuple[str, str], dict[str, float]] = {}  # (session, request) -> sent/response/end
        self.nav_start: float | None = None
        self.lock = threading.Lock()

    def on_event(self, session, method, params) -> None:
        if not method.startswith("Network.") or session not in self.kinds:
            return
        kind = self.kinds[session]
        key = (session, params.get("requestId", ""))
        with self.lock:
            if method == "Network.requestWillBeSent":
                self.urls[key] = params["request"]["url"]
                self.times.setdefault(key, {})["sent"] = params["timestamp"]
                if kind == "page" and params.get("type") == "Document" and self.nav_start is None \
                        and params["request"]["url"].startswith("http"):
                    self.nav_start = params["timestamp"]
            elif method == "Network.responseReceived":
                response = params["response"]
                self.times.setdefault(key, {})["response"] = params["timestamp"]
                if kind == "page" and response.get("fromServiceWorker"):
                    self.skip.add(key)
            elif method == "Network.dataReceived":
                self._add(key, kind, params["timestamp"], params.get("encodedDataLength", 0))
            elif method == "Network.loadingFinished":
                total = params.get("encodedDataLength", 0)
                self.times.setdefault(key, {})["end"] = params["timestamp"]
                self._add(key, kind, params["timestamp"], total - self.seen.get(key, 0))

    def _add(self, key, kind, timestamp, n) -> None:
        if key in self.skip or n <= 0 or not self.urls.get(key, "http").startswith("http"):
            return
        self.seen[key] = self.seen.get(key, 0) + n
        self.points.append((timestamp, n, kind, self.urls.get(key, "?")))

    def bytes_until(self, seconds: float, kind: str | None = None) -> int:
        end = self.nav_start + seconds
        return sum(n for t, n, k, _ in self.points if t <= end and (kind is None or k == kind))

    def last_byte(self, seconds: float) -> float:
        """When the last byte before ``seconds`` arrived, in seconds from navigation start."""
        end = self.nav_start + seconds
        return max((t for t, _, _, _ in self.points if t <= end), default=self.nav_start) - self.nav_start

    def waterfall(self, seconds: float) -> list[tuple[float, float, float, int, str]]:
        """The requests sent before ``seconds``: (sent, first byte, end) in seconds from navigation
        start, bytes, and the URL (the worker's marked), in the order they were sent."""
        rows = []
        for key, t in self.times.items():
            if "sent" not in t or t["sent"] > self.nav_start + seconds or key in self.skip:
                continue
            url = self.urls.get(key, "?")
            if not url.startswith("http"):
                continue
            name = LABEL.get(self.kinds.get(key[0]), "") + re.sub(r"^https?://[^/]+/", "", url)
            at = [t.get(k, float("nan")) - self.nav_start for k in ("sent", "response", "end")]
            rows.append((*at, self.seen.get(key, 0), name))
        return sorted(rows)

    def link_use(self, seconds: float, step: float = 1.0) -> list[int]:
        """Bytes received in each ``step`` seconds from navigation start until ``seconds``."""
        out = [0] * int(seconds / step + 1)
        for t, n, _k, _u in self.points:
            i = int((t - self.nav_start) / step)
            if 0 <= i < len(out):
                out[i] += n
        return out

    def by_url(self, seconds: float) -> dict[str, int]:
        end = self.nav_start + seconds
        out: dict[str, int] = {}
        for t, n, k, url in self.points:
            if t <= end:
                name = LABEL.get(k, "") + re.sub(r"^https?://[^/]+/", "", url)
                out[name] = out.get(name, 0) + n
        return out


def first_visit(cdp: CDP, url: str, profile: dict, window: float, moves: int = 0) -> dict:
    """One first visit of ``url`` in a new browser context under ``profile``; the figures."""
    context = cdp.send("Target.createBrowserContext", {"disposeOnDetach": True})["browserContextId"]
    traffic = Traffic()
    conditions = {"offline": False, "latency": profile["latency"], "downloadThroughput": profile["down"],
                  "uploadThroughput": profile["up"]}
    pages: list[str] = []
    targets: set[str] = set()  # (a worker is attached both by the browser's session and by its page's)

    def setup(session: str, info: dict) -> None:
        kind = info["type"]
        traffic.kinds[session] = kind
        cdp.post("Network.enable", {}, session)
        cdp.post("Network.emulateNetworkConditions", conditions, session)
        if kind == "page":
            if profile["cpu"] > 1:
                cdp.post("Emulation.setCPUThrottlingRate", {"rate": profile["cpu"]}, session)
            cdp.post("Page.enable", {}, session)
            cdp.post("Page.addScriptToEvaluateOnNewDocument", {"source": READY_PROBE}, session)
            cdp.post("Page.addScriptToEvaluateOnNewDocument", {"source": STEPS_PROBE}, session)
            if moves:
                cdp.post("Page.addScriptToEvaluateOnNewDocument", {"source": MOVE_PROBE}, session)
            pages.append(session)
        # (workers the page starts: attached and throttled the same way)
        cdp.post("Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": True, "flatten": True},
                 session)
        cdp.post("Runtime.runIfWaitingForDebugger", {}, session)

    def on_event(session, method, params) -> None:
        if method == "Target.attachedToTarget":
            info = params["targetInfo"]
            if info.get("browserContextId") == context and info["type"] in ATTACHED \
                    and info["targetId"] not in targets:
                targets.add(info["targetId"])
                setup(params["sessionId"], info)
            elif params.get("waitingForDebugger"):  # (the browser's own UI, or a target attached twice)
                cdp.post("Runtime.runIfWaitingForDebugger", {}, params["sessionId"])
        traffic.on_event(session, method, params)

    cdp.handlers.append(on_event)
    try:
        cdp.send("Target.createTarget", {"url": "about:blank", "browserContextId": context})
        deadline = time.monotonic() + 30
        while not pages:
            if time.monotonic() > deadline:
                raise TimeoutError("the page target was not attached")
            time.sleep(0.05)
        page = pages[0]
        cdp.send("Page.getFrameTree", {}, page)  # (a session answers in order: setup's commands are done)
        cdp.send("Page.navigate", {"url": url}, page)
        started = time.monotonic()
        ready = None
        while ready is None:
            if time.monotonic() - started > STEP_TIMEOUT_S:
                words = cdp.send("Runtime.evaluate", {"expression": "document.getElementById('boot-msg')?.textContent",
                                                      "returnByValue": True}, page).get("result", {}).get("value")
                raise TimeoutError(f"{url}: no home screen after {STEP_TIMEOUT_S} s (the loading screen says "
                                   f"{words!r}; targets {sorted(traffic.kinds.values())})")
            time.sleep(0.25)
            got = cdp.send("Runtime.evaluate", {"expression": "[window.__readyAt ?? null, "
                                                "document.documentElement.hasAttribute('data-boot-failed'), "
                                                "document.documentElement.hasAttribute('data-ready')]",
                                                "returnByValue": True}, page)
            value = got.get("result", {}).get("value") or [None, False, False]
            if value[1]:
                raise RuntimeError(f"{url}: the boot failed")
            if value[0] is None and value[2]:
                raise RuntimeError(f"{url}: ready, but the probe did not see it (it was not injected)")
            ready = value[0]
        played = play_moves(cdp, page, moves, STEP_TIMEOUT_S) if moves else []
        while time.monotonic() - started < max(window, ready / 1000) + 1:
            time.sleep(0.5)
        snapshot = [t for key, t in traffic.times.items() if traffic.urls.get(key, "").endswith("pyodide-snapshot.bin")
                    and traffic.kinds.get(key[0]) == "service_worker" and "sent" in t]
        ready_s = ready / 1000
        worker = cdp.send("Runtime.evaluate", {"expression": "navigator.serviceWorker.controller !== null",
                                               "returnByValue": True}, page)["result"]["value"]
        steps = cdp.send("Runtime.evaluate", {"expression": STEPS, "returnByValue": True}, page)
        return {
            "moves": played,
            "snapshot_sent": min((t["sent"] - traffic.nav_start for t in snapshot), default=None),
            "snapshot_end": max((t.get("end", float("nan")) - traffic.nav_start for t in snapshot), default=None),
            "steps": steps.get("result", {}).get("value") or [],
            "ready": ready_s,
            "last_byte": traffic.last_byte(ready_s),
            "before": traffic.bytes_until(ready_s),
            "before_worker": traffic.bytes_until(ready_s, "service_worker"),
            "before_py": traffic.bytes_until(ready_s, "worker"),
            "window": traffic.bytes_until(window),
            "window_worker": traffic.bytes_until(window, "service_worker"),
            "controlled": worker,
            "files_before": traffic.by_url(ready_s),
            "files_window": traffic.by_url(window),
            "waterfall": traffic.waterfall(ready_s),
            "link_use": traffic.link_use(ready_s),
        }
    finally:
        cdp.handlers.remove(on_event)
        try:
            cdp.send("Target.disposeBrowserContext", {"browserContextId": context})
        except Exception:
            pass


# bare PyScript's steps ("Loading Pyodide", "Loaded Pyodide"...) and the page's performance marks (the
# app's Python worker's among them, forwarded: web/boot.js's cardtableMark), with when they came (ms
# from navigation start): where the time after the last byte goes (--waterfall).
STEPS_PROBE = """window.__steps = [];
addEventListener("py:progress", (e) => window.__steps.push([String(e.detail), performance.now()]));"""
STEPS = """[...(window.__steps || []), ...performance.getEntriesByType("mark").map((m) => [m.name, m.startTime])]
  .sort((a, b) => a[1] - b[1])"""


# --moves: a move's response time, from the tap on a card (the input's timeStamp, so time spent
# waiting for the main thread counts) to the first frame after the card is on the table; and
# whether the worker had cached the snapshot (<html data-snapshot-cached>) when it was tapped.
MOVE_PROBE = """window.__moves = [];
if (location.href.startsWith("http")) localStorage.setItem("cardtable/v1/settings", JSON.stringify({ speed: "fast" }));
document.addEventListener("click", (e) => {
  const button = e.target.closest && e.target.closest("button.card.playable");
  if (!button) return;
  const card = button.dataset.card;
  const t0 = e.timeStamp;
  const cached = document.documentElement.hasAttribute("data-snapshot-cached");
  const done = () => {
    if (!document.querySelector(`.trick .played[data-card="${card}"]`)) return false;
    requestAnimationFrame(() => window.__moves.push({ card, at: t0, ms: performance.now() - t0, cached }));
    return true;
  };
  const observer = new MutationObserver(() => { if (done()) observer.disconnect(); });
  observer.observe(document.body, { subtree: true, childList: true, attributes: true });
}, true);"""

# One step of a Dummy Spades game of one person against two casual computer players (at the fast
# speed setting): hand-offs, bids and collecting tricks are tapped in the
# page; a card to play is scrolled into view and its centre returned, for a real (CDP) tap.
GAME_STEP = """(() => {
  const root = document.documentElement;
  const q = (s) => document.querySelector(s);
  if (root.dataset.screen === "home") { q('[data-act="new:dummy-spades"]').click(); return "new"; }
  if (q("#ng-seed")) {
    for (const select of [q("#ng-kind-1"), q("#ng-kind-2")]) {
      select.value = "casual";
      select.dispatchEvent(new Event("change", { bubbles: true }));
    }
    q("#ng-seed").value = "7";
    q("#ng-seed").dispatchEvent(new Event("input", { bubbles: true }));
    q('[data-act="start"]').click();
    return "start";
  }
  if (root.dataset.screen === "handoff") { q('[data-act="ready"]').click(); return "handoff"; }
  if (root.dataset.screen === "summary" || q(".hand-summary")) {
    const next = q('[data-act="next-hand"]');
    if (!next) return "over";
    next.click();
    return "next";
  }
  const trick = q(".table.collecting .trick");
  if (trick) { trick.click(); return "collect"; }
  if (q(".bid-panel")) { q('[data-act="ui:bid:3"]').click(); q('[data-act="ui:confirm-bid"]').click(); return "bid"; }
  const card = q("button.card.playable");
  if (!card) return "";
  card.scrollIntoView({ block: "center", inline: "center" });
  const r = card.getBoundingClientRect();
  return ["play", r.x + r.width / 2, r.y + r.height / 2];
})()"""


def play_moves(cdp: CDP, page: str, after_cached: int, timeout: float) -> list[dict]:
    """Play a game from the home screen, the person's cards tapped for real, until ``after_cached``
    moves have been made once the snapshot is cached (or the hand is over, or ``timeout``)."""
    def evaluate(expression):
        return cdp.send("Runtime.evaluate", {"expression": expression, "returnByValue": True}, page) \
            .get("result", {}).get("value")

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        moves = evaluate("window.__moves") or []
        if sum(1 for m in moves if m["cached"]) >= after_cached:
            break
        step = evaluate(GAME_STEP)
        if step == "over":
            break
        if isinstance(step, list):
            n = len(moves)
            for kind in ("mousePressed", "mouseReleased"):
                cdp.send("Input.dispatchMouseEvent", {"type": kind, "x": step[1], "y": step[2], "button": "left",
                                                      "clickCount": 1}, page)
            until = time.monotonic() + 5  # (a tap that missed, say on a card being redrawn: the next step retries)
            while len(evaluate("window.__moves") or []) == n and time.monotonic() < until:
                time.sleep(0.05)
        else:
            time.sleep(0.3)
    return evaluate("window.__moves") or []


def print_moves(r: dict) -> None:
    """Each move's response time, and the medians while the snapshot downloads and after."""
    sent, end = r["snapshot_sent"], r["snapshot_end"]
    end = None if end is None or math.isnan(end) else end
    print(f"      the worker's snapshot download: {sent if sent is None else round(sent, 1)} s to "
          f"{end if end is None else round(end, 1)} s")
    phases: dict[str, list[float]] = {}
    for m in r["moves"]:
        at = m["at"] / 1000
        phase = ("after (cached)" if m["cached"] else
                 "during the download" if sent is not None and at >= sent and (end is None or at <= end)
                 else "unpacking" if end is not None and at > end else "before the download")
        phases.setdefault(phase, []).append(m["ms"])
        print(f"      move at {at:6.1f} s: {m['ms']:7.1f} ms  ({phase})")
    for phase, ms in phases.items():
        print(f"      {phase}: {len(ms)} moves, median {statistics.median(ms):.0f} ms, worst {max(ms):.0f} ms")


def install_bytes(site: Path, encoding: str) -> int:
    """What a complete offline install downloads: every file the worker keeps (and sw.js),
    compressed as the server sends it to a browser that accepts ``encoding``; a file with a packed
    copy (``X.xz``, see tools/build.py's PACKED) is downloaded as that copy."""
    sw = (site / "sw.js").read_text(encoding="utf-8")
    files = json.loads(re.search(r"\bFILES ?= ?(\[.*?\])[;,]", sw, re.S).group(1)) + ["sw.js"]   # (sw.js is minified)
    snapshot = json.loads(re.search(r"\bSNAPSHOT ?= ?(\"[^\"]*\"|null)", sw).group(1))  # (fetched after the install)
    files += [snapshot] if snapshot else []
    total = 0
    for name in files:
        path = site / name
        if (site / (name + ".xz")).is_file():
            path = site / (name + ".xz")
        ctype = serve.Handler.guess_type(serve.Handler, str(path))  # (a method that reads only the class's map)
        data = path.read_bytes()
        total += len(serve.compress(data, encoding)) if ctype.startswith(serve.COMPRESSIBLE) else len(data)
    return total


def prepare_site(tmp: Path, compare: Path | None = None) -> Path:
    site = copy_dist(tmp)
    (site / "bare-pyscript.html").write_text(BARE_PYSCRIPT, encoding="utf-8")
    (site / "bare-pyscript.json").write_text(BARE_PYSCRIPT_CONFIG, encoding="utf-8")
    if compare:  # another build of the app (say main's), served by a server of its own
        shutil.copytree(compare, tmp / "compare")
    return site


def mb(n: float) -> str:
    return f"{n / 1e6:.2f} MB"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=1, help="first visits per page and profile (medians; default 1)")
    ap.add_argument("--profiles", default="slow-4g,fast", help="comma-separated: " + ", ".join(PROFILES))
    ap.add_argument("--pages", default="app,bare PyScript", help="comma-separated: " + ", ".join(PAGES))
    ap.add_argument("--window", type=float, default=60, help="seconds of traffic counted from navigation start")
    ap.add_argument("--gzip", action="store_true", help="the server sends gzip only (as GitHub Pages does)")
    ap.add_argument("--files", action="store_true", help="also list the bytes of each file before the home screen")
    ap.add_argument("--waterfall", action="store_true",
                    help="also list each request sent before the home screen (sent, first byte, end, bytes) "
                         "and the bytes received in each second")
    ap.add_argument("--compare", type=Path, metavar="DIST",
                    help="another built dist/ (say main's): its app is the page 'compare', served beside "
                         "this one and loaded in turn with the others, for ratios measured back to back")
    ap.add_argument("--moves", type=int, default=0, metavar="N",
                    help="after the home screen, play a Dummy Spades hand against two computers (real taps on cards) while "
                         "the worker downloads the snapshot, and N moves more once it is cached: each move's "
                         "response time (tap to the card on the table), during the download and after it")
    args = ap.parse_args(argv)
    if args.moves:
        args.pages = "app"
    if args.compare and "compare" not in args.pages:
        args.pages += ",compare"
    profiles = [p.strip() for p in args.profiles.split(",") if p.strip()]
    names = [p.strip() for p in args.pages.split(",") if p.strip()]
    if serve.brotli is None and not args.gzip:
        print("bench_firstvisit: no brotli module in this Python: serving gzip", file=sys.stderr)
        args.gzip = True
    if args.gzip:
        serve.brotli = None
    encoding = "gzip" if args.gzip else "br"

    with tempfile.TemporaryDirectory(prefix="cardtable-firstvisit-") as tmp:
        site = prepare_site(Path(tmp), args.compare)
        version = re.search(r'data-version="([^"]+)"', (site / "index.html").read_text(encoding="utf-8")).group(1)
        server = serve.make_server(site, 0)
        quiet = (ConnectionResetError, BrokenPipeError)
        default_handle_error = server.handle_error
        server.handle_error = lambda request, address: (
            None if isinstance(sys.exc_info()[1], quiet) else default_handle_error(request, address))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        bases = {name: base for name in PAGES}
        other = None
        if args.compare:
            other = serve.make_server(Path(tmp) / "compare", 0)
            threading.Thread(target=other.serve_forever, daemon=True).start()
            bases["compare"] = f"http://127.0.0.1:{other.server_address[1]}/"
        install = install_bytes(site, encoding)
        results: dict[tuple[str, str], list[dict]] = {}
        cdp = CDP(str(Path(tmp) / "profile"))
        try:
            product = cdp.send("Browser.getVersion")["product"]
            # every new page and worker is attached, paused until it has been throttled (see setup)
            cdp.send("Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": True, "flatten": True})
            print(f"{product}, {os.cpu_count()} CPUs; app version {version}; server sends {encoding}; "
                  f"{args.runs} first visit(s) per page and profile, {args.window:g} s window; "
                  f"load average {os.getloadavg()[0]:.1f}", flush=True)
            for profile in profiles:
                for i in range(args.runs):
                    for name in names[i % len(names):] + names[:i % len(names)]:
                        r = first_visit(cdp, bases[name] + PAGES[name], PROFILES[profile], args.window,
                                        args.moves)
                        results.setdefault((profile, name), []).append(r)
                        print(f"  {profile} {name}: home screen {r['ready']:.1f} s (its last byte at "
                              f"{r['last_byte']:.1f} s), {mb(r['before'])} before it "
                              f"(worker {mb(r['before_worker'])}, Python worker {mb(r['before_py'])}), "
                              f"{mb(r['window'])} in {args.window:g} s "
                              f"(worker {mb(r['window_worker'])}); worker controls: {r['controlled']}; "
                              f"load average {os.getloadavg()[0]:.1f}", flush=True)
                        if args.moves:
                            print_moves(r)
                        if args.waterfall:
                            print("      sent   first   end      bytes  url")
                            for sent, first, end, n, url in r["waterfall"]:
                                print(f"    {sent:6.2f} {first:6.2f} {end:6.2f} {n:>10,}  {url}")
                            for step, at in r["steps"]:
                                print(f"    {at / 1000:6.2f}  {step}")
                            print("      KB per second: " + " ".join(f"{n // 1000}" for n in r["link_use"]))
                        if args.files:
                            for url, n in sorted(r["files_before"].items(), key=lambda kv: -kv[1]):
                                print(f"      before: {n:>10,}  {url}")
                            for url, n in sorted(r["files_window"].items(), key=lambda kv: -kv[1]):
                                before = r["files_before"].get(url, 0)
                                if n > before:
                                    print(f"      after:  {n - before:>10,}  {url}")
        finally:
            cdp.close()
            for running in (server, other):
                if running:
                    running.shutdown()
                    running.server_close()

    med = statistics.median
    print(f"\nload average at the end {os.getloadavg()[0]:.1f}; a complete offline install "
          f"(every precached file, {encoding}): {mb(install)}")
    print(f"{'profile':<9}{'page':<15}{'home screen':>12}{'before it':>12}{'(worker)':>10}"
          f"{f'first {args.window:g} s':>14}")
    for (profile, name), rs in results.items():
        print(f"{profile:<9}{name:<15}{med([r['ready'] for r in rs]):>10.1f} s"
              f"{mb(med([r['before'] for r in rs])):>12}{mb(med([r['before_worker'] for r in rs])):>10}"
              f"{mb(med([r['window'] for r in rs])):>14}")
    print("\ngoals (issue #29):")
    for profile in profiles:
        app, bare = results.get((profile, "app")), results.get((profile, "bare PyScript"))
        if app:
            before = med([r["before"] for r in app])
            window = med([r["window"] for r in app])
            print(f"  {profile}: bytes before the home screen, worker included {mb(before)} (goal <= 5 MB); "
                  f"bytes in the first {args.window:g} s / a complete install {window / install:.2f} (goal <= 1.3)")
        other = results.get((profile, "compare"))
        if app and other:
            ratio = med([r["ready"] for r in app]) / med([r["ready"] for r in other])
            paired = sorted(a["ready"] / b["ready"] for a, b in zip(app, other))
            print(f"  {profile}: app / compare, time to the home screen {ratio:.2f} "
                  f"(median of paired ratios {med(paired):.2f})")
        if app and bare:
            ratio = med([r["ready"] for r in app]) / med([r["ready"] for r in bare])
            paired = sorted(a["ready"] / b["ready"] for a, b in zip(app, bare))
            print(f"  {profile}: app / bare PyScript, time to the home screen {ratio:.2f} "
                  f"(median of paired ratios {med(paired):.2f}){'  (goal <= 0.6)' if profile == 'slow-4g' else ''}"
                  + ("; the app's Python worker not CPU-slowed, bare PyScript's Python is" if PROFILES[profile]["cpu"] > 1
                     else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
