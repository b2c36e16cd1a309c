"""``python -m cardtable arena``: seeded matches between computer players.

    python -m cardtable arena --game dummy-spades --seats strong,casual,casual --matches 200 --seed 1
    python -m cardtable arena --game seep --seats strong,casual,strong,casual --matches 100 --seed 1
    python -m cardtable arena --game seep --seats strong,casual --option seats=2 --matches 100
    python -m cardtable arena --game seep --seats expert,strong --option seats=2 --matches 60 \
        --samples 16 --mirror --target 200

Levels: ``random`` (uniformly random legal play), ``casual``, ``strong``, ``expert``.  Match ``i`` rotates
the seat list by ``i`` places so every level sits everywhere (in Seep the teams are p0p2 and
p1p3, so ``strong,casual,strong,casual`` is a strong team against a quick team in every match).
Two-player Seep (``--option seats=2``) takes two levels, each his own side p0 and p1.
Every decision goes through ``choose_action`` with the view of the seat to act, exactly as in
the app.  Printed per level: matches won (per player for Dummy Spades, per team for Seep) with a
95% Wilson interval, average points per hand (own points in Dummy Spades, the team's hand score
in Seep), and decision time (mean, 95th percentile, max).

``--option KEY=VALUE`` (repeatable) sets a game option as in a record's ``options`` (the value is
read as JSON when it parses, else as a string: ``--option variant=three-peeky``, ``--option target=500``).

``--budget`` is the strong level's thinking time per move in seconds (default 0.05 here; the app
uses 0.25; the expert level thinks ``EXPERT_FACTOR`` times as long).  ``--samples N`` replaces
the time by a fixed search size: the strong level searches exactly N samples of the hidden
cards a move (the expert ``EXPERT_FACTOR`` times N), so the figures do not depend on the
machine's speed or load, and a run is reproducible.

``--mirror`` plays every deal once per seating: match ``i`` uses the deal seed of match
``i - i % r`` with the levels rotated ``i % r`` places (r = 2 for Seep, the two sides swapped;
3 for Dummy Spades), so each level gets every hand of cards and the cards' luck cancels
(``--matches`` is rounded up to a multiple of r).  Without it each match has its own deal seed,
as before.

Printed per level, after the lines above: hands won (Seep: the side's hand score above the
other's; Dummy Spades: the best points of the hand, alone) with a Wilson interval; points per
hand and, in Seep, the lead per hand (own side minus the other) with a 95% interval (mean
± 1.96 standard errors); Seep: sweeps made and conceded per hand; Dummy Spades: nils bid, made
and failed by the level, and the other persons' nils it played against that failed (set).  ``--target`` shortens matches: Seep's target score (default 500), or for Dummy
Spades the number of points that ends the match (the engine offers 300/500; a lower arena
target is applied by the arena, which then declares the highest total the winner).
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Optional

from . import EXPERT_FACTOR, LEVELS, choose_action


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, c - h), min(1.0, c + h)


def mean_interval(xs: list, z: float = 1.96) -> tuple[float, float]:
    """The mean of ``xs`` and the half-width of its normal ``z`` interval (0 for fewer than 2)."""
    n = len(xs)
    if not n:
        return 0.0, 0.0
    mean = sum(xs) / n
    if n < 2:
        return mean, 0.0
    var = sum((x - mean) ** 2 for x in xs) / (n - 1)
    return mean, z * math.sqrt(var / n)


class Stats:
    def __init__(self):
        self.wins: dict[str, int] = {}
        self.entries: dict[str, int] = {}
        self.points: dict[str, list] = {}
        self.times: dict[str, list] = {}
        self.hands = 0
        self.matches = 0
        # per level, per hand played
        self.hand_wins: dict[str, int] = {}
        self.hand_entries: dict[str, int] = {}
        self.leads: dict[str, list] = {}       # Seep: own side's hand score minus the other's
        self.sweeps_made: dict[str, int] = {}
        self.sweeps_conceded: dict[str, int] = {}
        self.nils: dict[str, list] = {}        # Dummy Spades: [bid, made, failed, opponents' set]

    def add_time(self, level: str, t: float) -> None:
        self.times.setdefault(level, []).append(t)

    def add_hand(self, level: str, won: bool) -> None:
        self.hand_entries[level] = self.hand_entries.get(level, 0) + 1
        if won:
            self.hand_wins[level] = self.hand_wins.get(level, 0) + 1

    def add_nils(self, level: str, bid: int = 0, made: int = 0, failed: int = 0, set_: int = 0) -> None:
        n = self.nils.setdefault(level, [0, 0, 0, 0])
        n[0] += bid
        n[1] += made
        n[2] += failed
        n[3] += set_


def _new_game(game: str, seed: int, target: Optional[int], options: Optional[dict] = None):
    options = dict(options or {})
    if game == "dummy-spades":
        from ..games.dummy_spades import DummySpades
        return DummySpades(seed=seed, options=options)
    from ..games.seep import Seep
    if target:
        options["target"] = target
    return Seep.new(seed=seed, **options)


def parse_options(pairs: Optional[list]) -> dict:
    """``["bidding=mirror", "target=500"]`` -> ``{"bidding": "mirror", "target": 500}``."""
    from ..record import load_json

    out: dict = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise ValueError(f"--option takes KEY=VALUE, not {pair!r}")
        try:
            out[key] = load_json(value, max_bytes=10_000, what="an option")
        except ValueError:
            out[key] = value
    return out


def _seep_hand(stats: Stats, levels: list, sides: tuple, e: dict) -> None:
    """Per-hand figures of one Seep hand (``e``: a ``history`` entry) for each side's level."""
    for i, side in enumerate(sides):
        other = sides[1 - i]
        lv = _side_level(levels, i)
        mine, theirs = e["score"][side], e["score"][other]
        stats.add_hand(lv, mine > theirs)
        stats.leads.setdefault(lv, []).append(mine - theirs)
        made = sum(1 for x in e["sweeps"][side] if x)
        conceded = sum(1 for x in e["sweeps"][other] if x)
        stats.sweeps_made[lv] = stats.sweeps_made.get(lv, 0) + made
        stats.sweeps_conceded[lv] = stats.sweeps_conceded.get(lv, 0) + conceded


def _side_level(levels: list, i: int) -> str:
    """The label of Seep side ``i``: its level, or ``a+b`` for a mixed team."""
    mates = levels[i::2]
    return mates[0] if len(set(mates)) == 1 else "+".join(mates)


def _spades_hand(stats: Stats, levels: list, e: tuple) -> None:
    """Per-hand figures of one Dummy Spades hand (a raw ``history`` entry) per person's level."""
    from ..games.dummy_spades import NIL_APPLIES

    _dealer, decl, _bids, nils, tricks, points, _taken = e
    top = max(points)
    alone = points.count(top) == 1
    for i, lv in enumerate(levels):
        stats.add_hand(lv, alone and points[i] == top)
        mine = nils[i] & NIL_APPLIES[decl][i]
        made = sum(1 for h in range(4) if mine >> h & 1 and tricks[h] == 0)
        failed = sum(1 for h in range(4) if mine >> h & 1 and tricks[h] > 0)
        set_ = 0
        for j in range(3):
            theirs = nils[j] & NIL_APPLIES[decl][j]
            if j != i and decl in (i, j):      # the declarer's side against a defender
                set_ += sum(1 for h in range(4) if theirs >> h & 1 and tricks[h] > 0)
        stats.add_nils(lv, made + failed, made, failed, set_)


def play_match(game: str, levels: list, seed: int, budget: float, target: Optional[int],
               stats: Stats, max_hands: int = 200, options: Optional[dict] = None,
               samples: Optional[int] = None) -> None:
    g = _new_game(game, seed, target, options)
    seats = list(g.seats)
    n_dec = 0
    spades = game == "dummy-spades"
    hands_seen = 0
    while not g.over:
        seat = g.to_act
        level = levels[seats.index(seat)]
        view = g.view(seat)
        t0 = time.perf_counter()
        a = choose_action(game, view, level, budget=budget, seed=seed * 100003 + n_dec,
                          samples=samples)
        stats.add_time(level, time.perf_counter() - t0)
        n_dec += 1
        g.apply(a)
        hist = g.history
        if len(hist) > hands_seen:
            for e in hist[hands_seen:]:
                if spades:
                    _spades_hand(stats, levels, e)
                else:
                    _seep_hand(stats, levels, g.sides, e)
                for i, s in enumerate(seats):
                    lv = levels[i]
                    if spades:
                        stats.points.setdefault(lv, []).append(e[5][i])
                    elif i < 2:
                        stats.points.setdefault(lv, []).append(e["score"][g.sides[i]])
            hands_seen = len(hist)
            if spades and target and not g.over:
                top = max(g.totals)
                if top >= target and g.totals.count(top) == 1:
                    break
            if hands_seen >= max_hands:
                break
    stats.hands += hands_seen
    stats.matches += 1
    if spades:
        tot = g.scores
        top = max(tot.values())
        winners = [s for s in seats if tot[s] == top]
        win = winners[0] if len(winners) == 1 else None
        for i, s in enumerate(seats):
            lv = levels[i]
            stats.entries[lv] = stats.entries.get(lv, 0) + 1
            if s == win:
                stats.wins[lv] = stats.wins.get(lv, 0) + 1
    else:
        if g.over:
            win = g.winner
        else:
            tot = g.summary()["totals"]
            a, b = g.sides
            win = max(tot, key=tot.get) if tot[a] != tot[b] else None
        for i, team in enumerate(g.sides):   # p0p2, p1p3; or p0, p1 in two-player Seep
            lv = _side_level(levels, i)
            stats.entries[lv] = stats.entries.get(lv, 0) + 1
            if team == win:
                stats.wins[lv] = stats.wins.get(lv, 0) + 1


def run(game: str, seats: list, matches: int, seed: int, budget: float,
        target: Optional[int], out=print, options: Optional[dict] = None,
        samples: Optional[int] = None, mirror: bool = False) -> Stats:
    stats = Stats()
    n = len(seats)
    rot = 2 if game == "seep" else n    # Seep: keep partners together
    if mirror:
        matches = -(-matches // rot) * rot
    t0 = time.perf_counter()
    for i in range(matches):
        r = i % rot
        levels = seats[r:] + seats[:r]
        deal = i - r if mirror else i
        play_match(game, levels, seed * 1000 + deal, budget, target, stats, options=options,
                   samples=samples)
    opts = "".join(f" {k}={v}" for k, v in (options or {}).items())
    extra = (f" samples={samples}" if samples else "") + (" mirror" if mirror else "")
    out(f"arena: game={game} seats={','.join(seats)} matches={matches} seed={seed} "
        f"budget={budget}s target={target or 'default'}{opts}{extra}  "
        f"({time.perf_counter() - t0:.0f} s, {stats.hands} hands)")
    for lv in sorted(stats.entries):
        k, m = stats.wins.get(lv, 0), stats.entries[lv]
        lo, hi = wilson(k, m)
        pts = stats.points.get(lv, [])
        avg = sum(pts) / len(pts) if pts else 0.0
        out(f"  {lv:14s} won {k:4d}/{m:<4d} = {100 * k / m:5.1f}%  95% CI [{100 * lo:5.1f}, "
            f"{100 * hi:5.1f}]  points/hand {avg:7.1f}")
    for lv in sorted(stats.times):
        ts = sorted(stats.times[lv])
        mean = sum(ts) / len(ts)
        p95 = ts[min(len(ts) - 1, int(0.95 * len(ts)))]
        out(f"  {lv:14s} decisions {len(ts):6d}  mean {1000 * mean:6.1f} ms  p95 "
            f"{1000 * p95:6.1f} ms  max {1000 * ts[-1]:6.1f} ms")
    for line in per_hand_lines(stats):
        out(line)
    return stats


def per_hand_lines(stats: Stats) -> list:
    """The per-hand report: hands won, points and lead per hand, sweeps or nils, per level."""
    out = []
    for lv in sorted(stats.hand_entries):
        k, m = stats.hand_wins.get(lv, 0), stats.hand_entries[lv]
        lo, hi = wilson(k, m)
        pts, half = mean_interval(stats.points.get(lv, []))
        line = (f"  {lv:14s} hands won {k:5d}/{m:<5d} = {100 * k / m:5.1f}%  95% CI [{100 * lo:5.1f}, "
                f"{100 * hi:5.1f}]  points/hand {pts:7.1f} ± {half:5.1f}")
        if lv in stats.leads:
            lead, lhalf = mean_interval(stats.leads[lv])
            line += (f"  lead/hand {lead:+7.1f} ± {lhalf:5.1f}  sweeps/hand made "
                     f"{stats.sweeps_made.get(lv, 0) / m:5.2f} conceded {stats.sweeps_conceded.get(lv, 0) / m:5.2f}")
        if lv in stats.nils:
            bid, made, failed, set_ = stats.nils[lv]
            line += f"  nils bid {bid} made {made} failed {failed}, others' nils set {set_}"
        out.append(line)
    return out


def main(args) -> int:
    seats = [s.strip() for s in args.seats.split(",")]
    try:
        options = parse_options(args.option)
        want = len(_new_game(args.game, 0, args.target, options).seats)
    except ValueError as err:  # RecordError is a ValueError: a bad option for this game
        print(f"arena: {err}")
        return 2
    if len(seats) != want or any(s not in LEVELS for s in seats):
        print(f"--seats needs {want} levels among {', '.join(LEVELS)}")
        return 2
    if args.samples is not None and args.samples < 1:
        print("--samples needs a positive number of samples")
        return 2
    run(args.game, seats, args.matches, args.seed, args.budget, args.target, options=options,
        samples=args.samples, mirror=args.mirror)
    return 0


def add_parser(sub) -> None:
    p = sub.add_parser("arena", help="play computer players against each other and print win rates",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--game", choices=("dummy-spades", "seep"), required=True)
    p.add_argument("--seats", required=True,
                   help="comma-separated levels per seat (random, casual, strong, expert): 3 for "
                        "dummy-spades, 4 for seep (teams p0p2, p1p3), 2 with --option seats=2")
    p.add_argument("--matches", type=int, default=20)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--budget", type=float, default=0.05,
                   help="seconds per strong move (default 0.05; the app uses 0.25)")
    p.add_argument("--target", type=int, default=None,
                   help="shorter matches: seep target score; dummy-spades points ending a match")
    p.add_argument("--samples", type=int, default=None,
                   help="a fixed search size instead of --budget: samples per strong move "
                        f"(the expert searches {EXPERT_FACTOR} times as many)")
    p.add_argument("--mirror", action="store_true",
                   help="play every deal once per seating (sides swapped in Seep, rotated in "
                        "Dummy Spades), so the cards' luck cancels")
    p.add_argument("--option", action="append", metavar="KEY=VALUE",
                   help="a game option as in a record (repeatable), e.g. --option variant=three-peeky")
    p.set_defaults(func=main)
