"""The analysis of a person's decisions (``cardtable.coach.analysis``): its time, and its honesty.

Run: ``PYTHONPATH=py python3 bench/bench_analysis.py time``
    CPython time (CPU time of the process, so other work on the machine does not count) to analyse one person's hand at the default sample size: Dummy Spades as the
    declarer (the worst case: a bid and 26 cards, the dummy's included), Seep with four and with
    two players; and the longest step between two yields (the page runs the analysis in slices).

Run: ``python3 bench/bench_analysis.py time --pyodide [DIR]``
    The same in Pyodide under Node (the page's interpreter, from ``node_modules/pyodide`` or DIR).

Run: ``PYTHONPATH=py python3 bench/bench_analysis.py honesty GAME FIRST LAST [SAMPLES] > out.jsonl``
    For deals FIRST..LAST-1 of GAME (``dummy-spades``, ``seep`` (four players) or ``seep2``), one
    hand per deal for each level (random, casual, strong, expert) at p0, the other seats casual;
    p0's decisions analysed at the default sample size.  One JSON line per hand: the level, the
    deal, the decisions valued, the points lost per decision, the accuracy, the labels.
    The computer players search a fixed ``SAMPLES`` (default 8; the expert 4 times as many).

Run: ``.venv/bin/python bench/bench_analysis.py page GAME [DEALS]`` (``dist/`` built)
    In headless Chromium, as the app runs it: for deals 0..DEALS-1 (default 3) of GAME, the hand of
    ``honesty``'s strong level opened as a game file one card before its end, that card played, and
    *Analyse my play* tapped under a Chrome trace: the seconds to the list, and the page's tasks over
    50 ms of wall time with their CPU time (over 50 ms of CPU: the page's own long task).

Run: ``python3 bench/bench_analysis.py summary out.jsonl [...]``
    Per game and level: hands, mean points lost per decision and mean hand accuracy with 95%
    intervals (normal, over hands), and the labels' shares.  Not a test: it prints figures.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))   # the app's package

from cardtable.bots import choose_action
from cardtable.bots.arena import mean_interval
from cardtable.coach.analysis import analyse_steps
from cardtable.record import new_game, replay

LEVELS = ("random", "casual", "strong", "expert")


def play_hand(game: str, seed: int, levels: list, options: dict, samples: int) -> dict:
    """A record of the first hand of ``seed`` with ``levels`` at the seats."""
    rec = {"format": "cardtable/1", "game": game, "seed": seed, "options": options, "actions": []}
    g = new_game(rec)
    first = g.view(g.seats[0]).get("hand_number")
    while not g.over:
        seat = g.to_act
        v = g.view(seat)
        if v.get("hand_number") != first:
            break
        level = levels[g.seats.index(seat)]
        g.apply(choose_action(game, v, level, 0.0, seed=len(g.actions), samples=samples))
    rec["actions"] = list(g.actions)
    return rec


def timed(record: dict, seat: str) -> tuple:
    """(analysis, seconds, longest step in seconds) of ``seat``'s decisions."""
    steps = analyse_steps(record, seats=[seat])
    t0 = last = time.process_time()
    longest = 0.0
    while True:
        try:
            next(steps)
        except StopIteration as fin:
            result = fin.value
            break
        now = time.process_time()
        longest = max(longest, now - last)
        last = now
    return result, time.process_time() - t0, longest


def game_of(name: str) -> tuple:
    return ("seep", {"seats": 2}) if name == "seep2" else (name, {})


def cmd_time() -> None:
    # Dummy Spades: the first deals where p0 (strong) declares
    found = 0
    for seed in range(100):
        rec = play_hand("dummy-spades", seed, ["strong", "casual", "casual"], {}, 8)
        g = new_game(rec)
        for a in rec["actions"][:3]:
            g.apply(a)
        if g.view("p0")["declarer"] != "p0":
            continue
        a, secs, longest = timed(rec, "p0")
        print(f"dummy-spades declarer, deal {seed}: {len(a.decisions)} decisions, {secs:.2f} s, "
              f"longest step {1000 * longest:.1f} ms")
        found += 1
        if found == 3:
            break
    for name in ("seep", "seep2"):
        game, opts = game_of(name)
        for seed in range(3):
            rec = play_hand(game, seed, ["strong"] + ["casual"] * 3, opts, 8)
            a, secs, longest = timed(rec, "p0")
            print(f"{name}, deal {seed}: {len(a.decisions)} decisions, {secs:.2f} s, "
                  f"longest step {1000 * longest:.1f} ms")


def cmd_honesty(name: str, first: int, last: int, samples: int) -> None:
    game, opts = game_of(name)
    seats = 3 if game == "dummy-spades" else opts.get("seats", 4)
    for deal in range(first, last):
        for level in LEVELS:
            rec = play_hand(game, 50_000 + deal, [level] + ["casual"] * (seats - 1), opts, samples)
            a, secs, _ = timed(rec, "p0")
            valued = [d for d in a.decisions if d.label is not None]
            hand = a.hands()
            print(json.dumps({
                "game": name, "level": level, "deal": deal, "valued": len(valued),
                "lost": round(sum(d.lost for d in valued) / max(1, len(valued)), 3),
                "accuracy": hand[0]["accuracy"] if hand else None,
                "labels": [d.label for d in valued], "losses": [d.lost for d in valued],
                "noise": [d.noise for d in valued], "exact": sum(d.exact for d in valued), "indices": [d.index for d in valued],
                "seconds": round(secs, 2)}), flush=True)


def last_card_file(game: str, opts: dict, deal: int) -> dict:
    """``honesty``'s hand of the strong level at p0 (a person), cut before p0's last move."""
    seats = 3 if game == "dummy-spades" else opts.get("seats", 4)
    rec = play_hand(game, 50_000 + deal, ["strong"] + ["casual"] * (seats - 1), opts, 8)
    g = new_game(dict(rec, actions=[]))
    mine = []
    for i, a in enumerate(rec["actions"]):
        if g.to_act == "p0":
            mine.append(i)
        g.apply(a)
    rec["actions"] = rec["actions"][:mine[-1]]
    rec["players"] = ["Ana", "Ben", "Chloé", "Dev"][:seats]
    rec["controllers"] = {f"p{i}": "human" if i == 0 else "casual" for i in range(seats)}
    return rec


def cmd_page(name: str, deals: int) -> None:
    import os

    from bench_longtask import START_MARK, TRACE_CATEGORIES, traced_tasks
    from chromium import site_and_browser

    game, opts = game_of(name)
    with site_and_browser() as (base, browser):
        print(f"{name}: Chromium {browser.version}, load average {os.getloadavg()[0]:.1f}", flush=True)
        for deal in range(deals):
            rec = last_card_file(game, opts, deal)
            page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
            page.goto(base)
            page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
            page.wait_for_selector("#import-file", state="attached")
            page.set_input_files("#import-file", files=[{"name": "hand.json", "mimeType": "application/json",
                                                         "buffer": json.dumps(rec).encode()}])
            last = replay(rec).legal_actions()
            page.wait_for_selector(".my-hand.turn button.card.playable, .seep.table.my-turn", timeout=60_000)
            card = next(w for w in last[0].split()[1:] if not w.isdigit())   # (its one card left's first move)
            page.click(f'.my-hand [data-card="{card}"], .hand-cards [data-card="{card}"]')
            if game == "seep":
                page.click(f'.move-panel [data-key="do:{last[0]}"]')
            page.wait_for_selector('.hand-summary [data-act="analyse:start"]', timeout=60_000)
            browser.start_tracing(page=page, categories=TRACE_CATEGORIES)
            page.evaluate(f"performance.mark({START_MARK!r})")
            t0 = time.perf_counter()
            page.click('[data-act="analyse:start"]')
            page.wait_for_selector(".hand-summary .analysis h3", timeout=600_000)   # (its list, if any mistakes)
            secs = time.perf_counter() - t0
            tasks = traced_tasks(browser.stop_tracing())
            own = [c for _t, _w, c in tasks if c >= 50]
            print(f"  deal {deal}: the list in {secs:.1f} s; {len(tasks)} tasks over 50 ms of wall time, "
                  f"{len(own)} over 50 ms of CPU; longest CPU {max((c for *_, c in tasks), default=0):.0f} ms"
                  f" (load average {os.getloadavg()[0]:.1f})", flush=True)
            page.context.close()


def cmd_summary(paths: list) -> None:
    """Labels and accuracies are worked out again from the points lost, with today's thresholds."""
    from cardtable.coach.analysis import Verdict, accuracy, label_for

    rows = []
    for p in paths:
        with open(p, encoding="utf-8") as f:
            rows += [json.loads(line) for line in f if line.startswith("{")]
    for r in rows:
        game = game_of(r["game"])[0]
        r["labels"] = [label_for(x, game) for x in r["losses"]]
        r["accuracy"] = accuracy([Verdict(0, 0, "p0", "", "", x, "x") for x in r["losses"]], game)
    for name in sorted({r["game"] for r in rows}):
        print(f"{name}:")
        print("| level | hands | decisions | points lost a decision | accuracy | best/good/inacc./mistake/blunder % | s a hand |")
        print("|---|---|---|---|---|---|---|")
        by = {}
        for level in LEVELS:
            rs = [r for r in rows if r["game"] == name and r["level"] == level and r["valued"]]
            if not rs:
                continue
            by[level] = {r["deal"]: r for r in rs}
            lost, lh = mean_interval([r["lost"] for r in rs])
            acc, ah = mean_interval([r["accuracy"] for r in rs])
            labels = [x for r in rs for x in r["labels"]]
            share = "/".join(f"{100 * labels.count(x) / len(labels):.0f}"
                             for x in ("best", "good", "inaccuracy", "mistake", "blunder"))
            secs = sum(r["seconds"] for r in rs) / len(rs)
            print(f"| {level} | {len(rs)} | {len(labels)} | {lost:.2f} ± {lh:.2f} | "
                  f"{acc:.1f} ± {ah:.1f} | {share} | {secs:.2f} |")
        for a, b in zip(LEVELS, LEVELS[1:]):
            if a in by and b in by:
                common = sorted(set(by[a]) & set(by[b]))
                dl, hl = mean_interval([by[a][d]["lost"] - by[b][d]["lost"] for d in common])
                da, ha = mean_interval([by[b][d]["accuracy"] - by[a][d]["accuracy"] for d in common])
                print(f"{a} - {b}, paired over {len(common)} deals: points lost a decision "
                      f"{dl:+.2f} ± {hl:.2f}, accuracy {da:+.1f} ± {ha:.1f} for {b}")
        for level in by:
            nz = sorted(x for r in by[level].values() for x in r["losses"] if x > 0)
            ns = sorted(x for r in by[level].values() for x in r["noise"])
            q = [nz[int(f * (len(nz) - 1))] for f in (0.25, 0.5, 0.75, 0.9)] if nz else []
            print(f"{level}: points lost when some are, quartiles and 90th percentile "
                  f"{', '.join(f'{x:.1f}' for x in q)}; noise (standard error) median "
                  f"{ns[len(ns) // 2]:.1f}, 90th percentile {ns[int(0.9 * (len(ns) - 1))]:.1f}")


def main(argv: list) -> None:
    if argv[:2] == ["time", "--pyodide"]:
        import pyodide_node

        where = argv[2] if len(argv) > 2 else "node_modules/pyodide"
        pyodide_node.run("import bench_analysis\nbench_analysis.cmd_time()", where)
    elif argv[:1] == ["time"]:
        cmd_time()
    elif argv[:1] == ["page"]:
        cmd_page(argv[1], int(argv[2]) if len(argv) > 2 else 3)
    elif argv[:1] == ["honesty"]:
        cmd_honesty(argv[1], int(argv[2]), int(argv[3]), int(argv[4]) if len(argv) > 4 else 8)
    elif argv[:1] == ["summary"]:
        cmd_summary(argv[1:])
    else:
        print(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
