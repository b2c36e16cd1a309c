"""Where did I lose points? Every decision a person made, valued against every legal alternative.

For each decision of a seat in a record, the computer players' search values the move played and
every legal alternative **from that seat's view at that moment** (``game.view(seat)`` before the
move: never a card the seat could not see), on a fixed, seeded set of deals of the unseen cards,
in the hand's points: the seat's points minus the best opponent's (Seep: the other side's), as
the bots score.  A decision gets the best move, the points lost against it, and a label::

    >>> record = {"format": "cardtable/1", "game": "dummy-spades", "seed": 42,
    ...           "actions": ["bid 4 nil p2", "bid 7", "bid 5", "play JH"]}
    >>> a = analyse(record, seats=["p2"], samples=4)
    >>> [(d.index, d.played) for d in a.decisions]
    [(0, 'bid 4 nil p2'), (3, 'play JH')]
    >>> d = a.decisions[1]
    >>> d.label in LABELS, d.lost >= 0, d.best in d.values
    (True, True, True)

How a move is valued (``value_steps``):

* Dummy Spades, a card: each sample deals the unseen cards consistently with the play and the
  bids (``Position.sample_bids``, the strong player's deals); every candidate card is played on
  that deal and the hand finished by the strong player's play-out policy, the same random stream
  for each candidate (common random numbers, so their difference is what the card changed).
  Cards of one suit with only played cards between them are the same card and share a value.
* Dummy Spades, a bid: the strong bid search (``strong_bid_steps``) given the bids to value: every
  bid of 0-13, each with a nil on one's own hand, and the number bid with each of its nils.
* Dummy Spades peeks and flips, and Seep bids: ``prebid`` (the round played on from each seat's
  view; a bid's first play and a few moves on), from deals of every card the seat has not seen.
* Seep, a move: each sample is the strong player's guess at the hidden hands (``Knowledge.sample``);
  every move is played on it, then ``HORIZON`` moves by the quick rating, and the position scored by
  the strong player's ``evaluate`` (points, sweeps, cards and houses: the hand's points so far).
  With two players, from the second half every card is known: one deal is all the deals, and each
  move is valued as the expert values its candidates there (``known_values_steps``: its tree
  search to the hand's end, exact ends from ``EXPERT_ENDGAME`` cards; a one-quick-play-out judge
  was weaker than the player it judged).  From ``EXPERT_ENDGAME`` cards the values are perfect
  play of both sides to the hand's end: **exact** (``exact_values`` from ``EXACT_HELD``).
* Not valued (``label`` None): a Seep redeal (it is forced).

Noise (``Verdict.noise``): the standard error of the mean paired difference between the best move
and the move played over the samples.  Points lost are counted only beyond ``NOISE_Z`` standard
errors; below that the move is "best" (as good as the search can tell).  Exact values have no
noise.  Labels by points lost come from ``THRESHOLDS`` (per game, see docs/analysis.md); the
accuracy of a hand is Lichess's: each decision's points lost mapped to a "win chance drop"
(``drop``), then ``103.17 e^(-0.04354 x) - 3.17``, and the hand's figure the mean of the arithmetic
and harmonic means, which one blunder pulls down hard.

``analyse_steps`` is the same work as a generator (a yield per play-out), for a page that runs it
in slices.
"""

from __future__ import annotations

import gc
import math
import random
from dataclasses import asdict, dataclass, field
from typing import Optional

from ..bots.common import run_steps
from ..record import game_at_start, parse_record
from .hint import view_seed

__all__ = ["Verdict", "Analysis", "analyse", "finished_hand", "analyse_steps", "value_steps", "judge", "label_for",
           "decision_accuracy", "accuracy", "kept", "try_verdict", "SAMPLES", "THRESHOLDS", "LABELS", "NOISE_Z",
           "EXACT_HELD"]

SAMPLES = {"dummy-spades": 24, "seep": 16}
"""Deals of the unseen cards a decision is valued on, by default."""

LABELS = ("best", "good", "inaccuracy", "mistake", "blunder")

THRESHOLDS = {"dummy-spades": (3.0, 10.0, 30.0), "seep": (5.0, 12.0, 25.0)}
"""Points lost from which a decision is an inaccuracy, a mistake, a blunder (under the first:
good; none lost: best).  Dummy Spades scores in tens: a bag costs 1, a trick short of a contract
about 20 to 80 (its tens lost and a set), a broken nil 100 and more.  Seep: a card's points are
1 to 13, a sweep 50 (the first 25); a loss counts only beyond two standard errors, which are about
2 to 6 points a decision in Seep, so "good" and "inaccuracy" start above that noise, and a
blunder is half a sweep.  The measured distributions are in docs/analysis.md."""

NOISE_Z = 2.0
"""A loss within this many standard errors of the paired difference counts as none."""

EXACT_HELD = 4
"""Two-player Seep, second half: from this many cards in the seat's hand, every move is solved
(``exact_values``); from ``bots.seep.EXPERT_ENDGAME`` (5) the values are exact already."""


@dataclass(frozen=True)
class Verdict:
    """One decision: ``index`` of the action in the record, the ``hand`` (number) and ``seat``,
    the move ``played``, the ``best`` move, points ``lost`` (0 within the noise), its ``label``
    (None: not valued), ``exact`` values or sampled, the ``noise`` (standard error of the paired
    difference, points), ``samples`` used, and each move's mean value."""

    index: int
    hand: int
    seat: str
    played: str
    best: str
    lost: float
    label: Optional[str]
    exact: bool = False
    noise: float = 0.0
    samples: int = 0
    values: dict = field(default_factory=dict)


@dataclass
class Analysis:
    game: str
    samples: int
    seed: int
    decisions: list

    def hands(self) -> list:
        """``[{"hand", "seat", "decisions", "valued", "lost", "accuracy"}...]`` in order."""
        out: dict = {}
        for d in self.decisions:
            out.setdefault((d.hand, d.seat), []).append(d)
        return [{"hand": h, "seat": s, "decisions": len(ds),
                 "valued": sum(d.label is not None for d in ds),
                 "lost": round(sum(d.lost for d in ds), 2),
                 "accuracy": accuracy(ds, self.game)} for (h, s), ds in out.items()]

    def entries(self) -> list:
        """The analysis as the record keeps it (``record.ANALYSES_FIELD``): per hand and seat, the
        valued decisions without each move's values."""
        return [{"seat": h["seat"], "hand": h["hand"], "samples": self.samples, "seed": self.seed,
                 "accuracy": h["accuracy"],
                 "decisions": [kept(d) for d in self.decisions
                               if d.hand == h["hand"] and d.seat == h["seat"] and d.label is not None]}
                for h in self.hands()]

    def to_json(self) -> dict:
        seats = sorted({d.seat for d in self.decisions})
        return {"format": "cardtable-analysis/1", "game": self.game, "samples": self.samples,
                "seed": self.seed, "decisions": [asdict(d) for d in self.decisions],
                "hands": self.hands(),
                "accuracy": {s: accuracy([d for d in self.decisions if d.seat == s], self.game)
                             for s in seats}}


def kept(d: Verdict) -> dict:
    """A decision as the record keeps it: ``index``, ``played``, ``best``, ``lost``, ``label``,
    ``exact``; ``value`` (the played move's mean: the expected hand result after it) and ``noise``;
    and, for a decision that lost points, each move's mean ``values`` (for *Try again*)."""
    out = {k: getattr(d, k) for k in ("index", "played", "best", "lost", "label", "exact")}
    out["value"], out["noise"] = d.values.get(d.played, 0.0), d.noise
    if d.lost:
        out["values"] = dict(d.values)
    return out


def try_verdict(decision: dict, chosen: str) -> Optional[float]:
    """*Try again*: the points ``chosen`` loses against the best move of a kept ``decision`` (0 when
    as good as the best within the decision's noise, as ``judge`` counts it), None when the
    analysis did not value that move.  A function of the kept values alone: of what the seat saw."""
    values = decision.get("values") or {}
    if chosen not in values or not values:
        return None
    lost = max(values.values()) - values[chosen]
    return round(lost, 2) if lost > NOISE_Z * decision.get("noise", 0.0) + 1e-9 else 0.0


# ---- labels and accuracy ---------------------------------------------------------------------------

def label_for(lost: float, game: str) -> str:
    """The label of a decision that lost ``lost`` points in ``game``."""
    if lost <= 0:
        return "best"
    t = THRESHOLDS[game]
    return ("good", "inaccuracy", "mistake", "blunder")[sum(lost >= x for x in t)]


def drop(lost: float, game: str) -> float:
    """Points lost as Lichess's drop in winning chances (percent): the game's inaccuracy,
    mistake and blunder thresholds map to Lichess's 10, 20 and 30, linearly in between and
    beyond."""
    t = (0.0,) + THRESHOLDS[game]
    for i in range(1, 4):
        if lost < t[i] or i == 3:
            return 10 * (i - 1) + 10 * (lost - t[i - 1]) / (t[i] - t[i - 1])
    return 0.0  # pragma: no cover


def decision_accuracy(lost: float, game: str) -> float:
    """0-100: Lichess's accuracy of a move, from its drop."""
    x = drop(max(0.0, lost), game)
    return round(max(0.0, min(100.0, 103.1668 * math.exp(-0.04354 * x) - 3.1669)), 1)


def accuracy(decisions: list, game: str) -> Optional[float]:
    """A hand's (or a game's) accuracy, 0-100, over its valued decisions: the mean of the
    arithmetic and harmonic means of the decisions' accuracies (each at least 1 for the harmonic
    one), so one blunder pulls it down hard.  None when no decision was valued."""
    acc = [decision_accuracy(d.lost, game) for d in decisions if d.label is not None]
    if not acc:
        return None
    mean = sum(acc) / len(acc)
    harmonic = len(acc) / sum(1 / max(1.0, a) for a in acc)
    return round((mean + harmonic) / 2, 1)


# ---- valuing one decision ---------------------------------------------------------------------------

def _rng(view: dict, seed: int) -> random.Random:
    """The decision's random stream: from the seed and the view alone."""
    return random.Random(f"cardtable-analysis:{seed}:{view_seed(view)}")


def value_steps(view: dict, samples: int, seed: int = 0, played: Optional[str] = None):
    """Each legal move's value for the seat of ``view`` (to act), per sample: a generator that
    yields between play-outs and returns ``(values, exact)``, ``values`` a dict of action text ->
    list of the move's results (the same samples in the same order for every move), or None when
    this kind of decision is not valued.  ``played``: a move to value besides the usual
    candidates (a Dummy Spades bid with nils on other hands)."""
    if view["game"] == "dummy-spades":
        return (yield from _spades_steps(view, samples, _rng(view, seed), played))
    return (yield from _seep_steps(view, samples, _rng(view, seed), played))


def _spades_steps(view: dict, samples: int, rng: random.Random, played: Optional[str]):
    from ..bots import spades as sp

    phase = view["phase"]
    seat = view["seat"]
    if phase == "bid":
        legal = view["legal"]
        same = played.split()[1] if played else None    # and the played number's other nils
        every = view["options"].get("bidding") == "suicide"     # its 40 bids each name one nil
        wanted = [a for a in legal if every or len(a.split()) == 2 or a.split()[3] == seat or a.split()[1] == same]
        values = {a: [] for a in wanted}
        if played and played not in values:
            values[played] = []
        yield from sp.strong_bid_steps(view, 0.0, rng, samples, "strong", values=values)
        return (values, False) if all(values.values()) else None
    if phase in ("peek", "flip"):
        from .prebid import spades_round_steps
        return (yield from spades_round_steps(view, samples, rng, played))
    if phase != "play":
        return None
    pos = sp.Position(view)
    me = pos.me
    o1, o2 = pos.others
    cands, group = [], {}
    prev = -1
    for c in sorted(pos.legal):
        if not (prev >= 0 and c // 13 == prev // 13 and not ((1 << c) - (2 << prev)) & ~pos.played):
            cands.append(c)
        group[c] = len(cands) - 1
        prev = c
    results = [[] for _ in cands]
    base = rng.getrandbits(48)
    for s in range(samples):
        hands = pos.sample_bids(rng, sp.BID_TRIES, sp.BID_TOL)
        for i, c in enumerate(cands):
            p = pos.prollout(hands, c, random.Random(base + s).random, sp.EPS)
            results[i].append(p[me] - (p[o1] if p[o1] > p[o2] else p[o2]))
            yield
    return {"play " + sp.view_text(c): results[group[c]] for c in pos.legal}, False


def _seep_steps(view: dict, samples: int, rng: random.Random, played: Optional[str]):
    from ..bots import seep as sb
    from ..games.seep import HALF_PLAYS, VAL, Seep

    if view["phase"] == "bid":
        from .prebid import seep_bid_steps
        return (yield from seep_bid_steps(view, samples, rng))
    if view["phase"] != "play":
        return None
    k = sb.Knowledge(view)
    legal = view["legal"]
    if k.n == 2 and k.plays >= HALF_PLAYS:
        g = k.sample(rng, infer=True)
        if len(k.hand) <= EXACT_HELD:
            moves = _moves(g, legal, Seep)
            values = {}
            for a in legal:
                values[a] = sb.exact_values(g, k.me, [moves[a]])
                yield
            return values, True
        values = yield from sb.known_values_steps(g, k, legal, played)
        yield from sb.emptied_steps(k.solved)
        return values, len(k.hand) <= sb.EXPERT_ENDGAME
    values: dict = {a: [] for a in legal}
    for _ in range(samples):
        g = k.sample(rng, infer=True)
        moves = _moves(g, legal, Seep)
        for a in legal:
            m = moves[a]
            sim = g.copy()
            sim.apply_move(m)
            public = k.public[:]
            public[VAL[m[1]]] += 1
            sb.quick_playout(sim, k, public, sb.HORIZON[k.n])
            values[a].append(sb.evaluate(sim, k, 0))
            yield
    return values, False


def _moves(g, legal: list, seep_class) -> dict:
    want = set(legal)
    out: dict = {}
    for m in g.legal_moves():
        t = seep_class.move_text(m)
        if t in want:
            out.setdefault(t, m)
    missing = want - set(out)
    if missing:
        raise ValueError(f"a sample lacks the moves {sorted(missing)}")
    return out


def judge(values: Optional[dict], played: str, exact: bool, game: str) -> dict:
    """Best move, points lost, label and noise from ``value_steps``'s values (None: not valued)."""
    if not values or played not in values:
        return {"best": played, "lost": 0.0, "label": None, "exact": False, "noise": 0.0,
                "samples": 0, "values": {}}
    means = {a: sum(v) / len(v) for a, v in values.items()}
    best = max(means, key=lambda a: (means[a], a == played))
    d = [b - p for b, p in zip(values[best], values[played])]
    n = len(d)
    raw = sum(d) / n
    noise = 0.0
    if n > 1 and not exact:
        var = sum((x - raw) ** 2 for x in d) / (n - 1)
        noise = math.sqrt(var / n)
    lost = raw if raw > NOISE_Z * noise + 1e-9 else 0.0
    if lost == 0.0:
        best = played
    return {"best": best, "lost": round(lost, 2), "label": label_for(lost, game), "exact": exact,
            "noise": round(noise, 2), "samples": n,
            "values": {a: round(v, 2) for a, v in sorted(means.items(), key=lambda x: -x[1])}}


def decision_steps(view: dict, played: str, samples: int, seed: int = 0):
    """The verdict's fields for ``played`` in ``view`` (a generator, see ``value_steps``)."""
    out = yield from value_steps(view, samples, seed, played)
    values, exact = out if out else (None, False)
    return judge(values, played, exact, view["game"])


# ---- a whole record ---------------------------------------------------------------------------------

def finished_hand(game) -> int:
    """The number (as views give it, ``hand_number``) of the last finished hand of ``game``."""
    n = getattr(game, "hands_completed", None)      # Seep counts hands from 1
    return n if isinstance(n, int) else len(game.history) - 1

def analyse_steps(record, seats: Optional[list] = None, samples: Optional[int] = None,
                  seed: int = 0, hands: Optional[set] = None, progress=None):
    """The analysis of ``record`` (a record dict, or its JSON text) for ``seats`` (default: the
    seats the record's ``controllers`` give to a person, else every seat), every decision with a
    choice of ``hands`` (hand numbers; default all).  A generator that yields between play-outs and
    returns an ``Analysis``.  ``progress(done, total)`` is called after each decision."""
    parsed = parse_record(record)
    game = game_at_start(parsed)
    name = parsed["game"]
    if samples is None:
        samples = SAMPLES[name]
    if seats is None:
        ctl = parsed.get("controllers") or {}
        seats = [s for s in game.seats if ctl.get(s) == "human"] or list(game.seats)
    todo = []
    for i, action in enumerate(parsed["actions"]):
        seat = game.to_act
        if seat in seats and len(game.legal_actions()) > 1:
            view = game.view(seat)
            if hands is None or view.get("hand_number") in hands:
                todo.append((i, seat, view, game.apply(action)))
                yield
                continue
        game.apply(action)
    out = []
    gc_was = gc.isenabled()
    gc.disable()    # no collector pause in a slice, as for the computer players (``bots.think``)
    try:
        for n, (i, seat, view, played) in enumerate(todo):
            v = yield from decision_steps(view, played, samples, seed)
            out.append(Verdict(index=i, hand=view.get("hand_number", 0), seat=seat, played=played, **v))
            if progress:
                progress(n + 1, len(todo))
    finally:    # also when the caller drops the analysis half-way
        if gc_was:
            gc.enable()
    return Analysis(name, samples, seed, out)


def analyse(record, seats: Optional[list] = None, samples: Optional[int] = None, seed: int = 0,
            hands: Optional[set] = None) -> Analysis:
    """``analyse_steps`` run to the end."""
    return run_steps(analyse_steps(record, seats, samples, seed, hands))
