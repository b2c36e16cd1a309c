"""How soon a move shows on the other device: two Chromium pages of the built app on loopback, a
host and a guest connected by link and answer, a two-player Seep hand played by touch on both.

    .venv/bin/python bench/bench_remote.py [--hands 2] [--seed 11]

For each move, from the tap that makes it on one page (the click event's time) until the other
page has drawn it: the first redraw of the app there after the move's message arrived ("drawn",
the DOM holds it) and the animation frame after that redraw ("frame", when it is painted).  The
two pages share the machine's clock (``performance.timeOrigin + performance.now()``, in ms since
the epoch), so the times of the two pages compare.  Each direction separately (host to guest: the
host's move, judged and applied on the host, reaches the guest as its view; guest to host: the
guest's action crosses to the host's judge, which applies it and draws it), with the median and
worst, and the median of each part: tap until sent (the mover's Python, which runs in a Web Worker:
the tap handed to it, its answer handed back to the page that sends it), sent until received (the
channel), received until drawn (the other page's Python in its worker, and the page's redraw).  The issue's goal: a move
seen on the other devices within 200 ms on a LAN.  No figure is asserted; the load average is
printed with the figures.  The pages are the tests' devices (tests/test_browser_remote.py's
``device``, ``connect``: the same join flow), without the screen audit; the host's saved game is
asked of its store, which lives in the Python worker (``cardtableStoreAsk``).  Builds ``dist/`` if it is
missing; serves it on a free loopback port.  Run it under ``nice -n 19`` on a shared machine.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for folder in ("py", "tools", "tests"):
    sys.path.insert(0, str(ROOT / folder))

from cardtable.record import replay  # noqa: E402
from chromium import CHROMIUM, CHROMIUM_ARGS, MOVES_JS  # noqa: E402
from conftest import WEBRTC_ARGS, wait_for_answers  # noqa: E402
from test_browser_remote import connect, device, start_table, to_table  # noqa: E402
from test_browser_seep import take_turn  # noqa: E402

TAPS = "document.addEventListener('click', (e) => { window.__tap = performance.timeOrigin + e.timeStamp; }, true)"
# on the other page: the move's message (after the tap), the redraw after it, the frame after that
SHOWN = """([tap, kind]) => {
  const got = __wire.got.find((m) => m.t >= tap && m.text.includes(`"type":"${kind}"`));
  if (!got) return null;
  const drawn = __wire.draws.find((t) => t >= got.t);
  const frame = __wire.frames.find((t) => t >= got.t);
  return drawn && frame ? { got: got.t, drawn, frame } : null;
}"""
SENT = "([tap, kind]) => (__wire.sent.find((m) => m.t >= tap && m.text.includes(`\"type\":\"${kind}\"`)) || {}).t"


# the store lives in the app's Python worker: asked from the page (web/boot.js's cardtableStoreAsk)
RECORD = ("async () => cardtableStoreAsk('getItem', 'cardtable/v1/game/' + "
          "await cardtableStoreAsk('getItem', 'cardtable/v1/last'))")
SAVED_MORE = f"""async (n) => {{
  const moves = {MOVES_JS}, began = performance.now();
  while (!(await moves() > n)) {{
    if (performance.now() - began > 15000) throw new Error(`the saved game did not pass ${{n}} actions in 15 s`);
    await new Promise((r) => setTimeout(r, 20));
  }}
}}"""


def current_record(page) -> dict:
    """The record of the game being played, as the page's store holds it."""
    return json.loads(page.evaluate(RECORD))


def wait_saved(host, n: int) -> None:
    """The host's saved record holds more than ``n`` actions (a guest's move went through its judge)."""
    host.evaluate(SAVED_MORE, n)


class Site:
    def __init__(self, url: str) -> None:
        self.url = url


def play_hand(browser, site, seed: int) -> list[dict]:
    """One two-player Seep hand across two pages; a timing for each move."""
    host = device(browser, site, audit=False)
    start_table(host, "seep", ("Ana", "Ben"), {1: "remote"}, seed, seats=2)
    guest = device(browser, site, audit=False)
    connect(host, guest, site)
    to_table(host)
    pages = {"p0": (host, guest, "move"), "p1": (guest, host, "act")}   # the mover, the other page, the message
    for page in (host, guest):
        page.evaluate(TAPS)
    timings = []
    first = replay(current_record(host)).hand_number
    while True:
        game = replay(current_record(host))
        if game.hand_number != first or game.over:
            break
        mover, other, kind = pages[game.to_act]
        mover.wait_for_selector(".seep.table.my-turn", timeout=15000)
        take_turn(mover)
        wait_saved(host, game.action_count)
        tap = mover.evaluate("() => window.__tap")
        sent = mover.evaluate(SENT, [tap, kind])
        shown = other.wait_for_function(SHOWN, arg=[tap, kind], timeout=15000).json_value()
        timings.append({"from": game.to_act, "move": game.action_count + 1, "tap": tap, "sent": sent, **shown})
    host.context.close()
    guest.context.close()
    return timings


def summary(name: str, timings: list[dict]) -> str:
    def ms(key_from, key_to):
        return sorted(t[key_to] - t[key_from] for t in timings)
    drawn, frame = ms("tap", "drawn"), ms("tap", "frame")
    parts = {"tap→sent": ms("tap", "sent"), "sent→received": ms("sent", "got"),
             "received→drawn": ms("got", "drawn")}
    worst = max(timings, key=lambda t: t["drawn"] - t["tap"])
    return (f"{name}: {len(timings)} moves; tap until drawn: median {statistics.median(drawn):.0f} ms, "
            f"90th percentile {statistics.quantiles(drawn, n=10)[-1]:.0f} ms, worst {drawn[-1]:.0f} ms "
            f"(move {worst['move']} of its hand); until its frame: median {statistics.median(frame):.0f} ms, "
            f"worst {frame[-1]:.0f} ms\n    medians: "
            + ", ".join(f"{k} {statistics.median(v):.1f} ms" for k, v in parts.items()))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=2, help="two-player Seep hands, each on new pages (48 moves each)")
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    if not (ROOT / "dist" / "index.html").is_file():
        subprocess.run([sys.executable, str(ROOT / "tools" / "build.py")], check=True)
    from playwright.sync_api import sync_playwright
    from serve import make_server

    wait_for_answers()   # each input returns once the app has answered it, as the tests' take_turn expects

    httpd = make_server(ROOT / "dist", 0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    site = Site(f"http://127.0.0.1:{httpd.server_address[1]}/")
    load = [os.getloadavg()[0]]
    timings: list[dict] = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS + WEBRTC_ARGS)
            for hand in range(args.hands):
                timings += play_hand(browser, site, args.seed + hand)
                load.append(os.getloadavg()[0])
            browser.close()
    finally:
        httpd.shutdown()
    print(f"two-player Seep across two Chromium pages on loopback, {args.hands} hand(s), "
          f"load average {min(load):.1f}-{max(load):.1f}")
    print(summary("host to guest", [t for t in timings if t["from"] == "p0"]))
    print(summary("guest to host", [t for t in timings if t["from"] == "p1"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
