"""How long a move takes to cross the data channel between two devices: two Chromium contexts on
loopback, connected by join codes (web/net.js, web/joincode.js), as the host would send moves.

    .venv/bin/python bench/bench_net.py [--moves 200]

The messages are real: a Dummy Spades hand played in CPython through the host's judge
(cardtable.net.judge), each ``move`` text as the judge made it for the guest at p1 (1-6 KB, with
the seat's view; a hand's last move carries the finished hands' history).  The host page sends each
one; the guest page answers with a small message as soon as it has the text; the host times the
round trip.  Prints the median, 95th percentile and worst round trip, and half of the median (one
way), with the load average.  The transport only: the app's redraw on the guest comes on top (the
issue's goal: a move seen on the other devices within 200 ms on a LAN).  No figure is asserted.
Builds ``dist/`` if it is missing; serves it on a free loopback port.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "tests"))

from cardtable.games.dummy_spades import DummySpades  # noqa: E402
from cardtable.net.guest import Guest  # noqa: E402
from cardtable.net.judge import Judge  # noqa: E402
from cardtable.net.messages import new_secret, new_table_id  # noqa: E402
from test_net_judge import apply_local  # noqa: E402  (a host's move, as its session makes one)

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--allow-loopback-in-peer-connection",
        "--disable-features=WebRtcHideLocalIpsWithMdns"]


def move_texts(n: int) -> list[str]:
    """The judge's texts for the guest at p1, for ``n`` moves of seeded random play by the host."""
    table, secret = new_table_id(), new_secret()
    game = DummySpades(seed=7, options={"target": 500})
    judge = Judge(game, {"p1": secret}, table)
    judge.receive("p1", Guest(table, "p1", secret).join())
    rnd, texts = random.Random(7), []
    while len(texts) < n and not game.over:
        texts += [text for _, text in apply_local(judge, rnd.choice(game.legal_actions()))]
    return texts


CONNECT_HOST = """async () => {
  const { Link } = await import(new URL("/web/net.js", location.href).href);
  const { encodeJoin } = await import(new URL("/web/joincode.js", location.href).href);
  window.link = new Link();
  return encodeJoin({ sdp: await link.offer(), type: "offer", table: "AAAAAAAA", seat: "p1", secret: "AAAAAAAAAAAAAAAA" });
}"""
CONNECT_GUEST = """async (code) => {
  const { Link } = await import(new URL("/web/net.js", location.href).href);
  const { encodeJoin, decodeJoin } = await import(new URL("/web/joincode.js", location.href).href);
  window.link = new Link();
  link.onmessage = (text) => link.send(`{"type":"ack","n":${text.length}}`);
  const sdp = await link.answer(decodeJoin(code).sdp);
  return encodeJoin({ sdp, type: "answer", table: "AAAAAAAA", seat: "p1" });
}"""
TIME_MOVES = """async (texts) => {
  const times = [];
  for (const text of texts) {
    const answered = new Promise((resolve) => { link.onmessage = resolve; });
    const t0 = performance.now();
    link.send(text);
    await answered;
    times.push(performance.now() - t0);
  }
  return times;
}"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=200)
    args = parser.parse_args()
    if not (ROOT / "dist" / "web" / "net.js").is_file():
        subprocess.run([sys.executable, str(ROOT / "tools" / "build.py")], check=True)
    from playwright.sync_api import sync_playwright
    from serve import make_server
    import threading

    texts = move_texts(args.moves)
    sizes = sorted(len(t) for t in texts)
    httpd = make_server(ROOT / "dist", 0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{httpd.server_address[1]}/bench-net.html"   # an empty page of the site's origin
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            host, guest = browser.new_context().new_page(), browser.new_context().new_page()
            for page in (host, guest):
                page.route(url, lambda route: route.fulfill(content_type="text/html", body="<!doctype html><title>bench</title>"))
                page.goto(url)
            answer = guest.evaluate(CONNECT_GUEST, host.evaluate(CONNECT_HOST))
            host.evaluate("async (code) => { const { decodeJoin } = await import(new URL('/web/joincode.js', "
                          "location.href).href); "
                          "await link.accept(decodeJoin(code).sdp); await link.open; }", answer)
            host.evaluate(TIME_MOVES, texts[:10])                 # the channel warmed up
            times = sorted(host.evaluate(TIME_MOVES, texts))
            browser.close()
    finally:
        httpd.shutdown()
    q = statistics.quantiles(times, n=20)
    print(f"{len(times)} moves of Dummy Spades to the guest at p1 ({sizes[0]:,}-{sizes[-1]:,} bytes, "
          f"median {statistics.median(sizes):,.0f}), loopback, load average {os.getloadavg()[0]:.1f}")
    print(f"round trip: median {statistics.median(times):.2f} ms, 95th percentile {q[18]:.2f} ms, "
          f"worst {times[-1]:.2f} ms; one way about {statistics.median(times) / 2:.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
