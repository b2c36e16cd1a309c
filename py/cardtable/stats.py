"""Statistics: what finished hands say about each player, kept apart from the saved games.

Pure Python (no browser import): the app stores the result under ``STATS_KEY`` and draws it,
tests build it from records.  Everything is computed from game records through the engines'
public API -- a record is replayed action by action (``legal_actions -> apply``) and only
``summary()``, ``floor()``, ``view()`` and the properties are read.

A short tour::

    >>> from cardtable.record import replay
    >>> g = replay({"format": "cardtable/1", "game": "dummy-spades", "seed": 7,
    ...             "players": ["Ana", "Ben", "Chloé"], "actions": []})
    >>> while not g.history:                   # play the first hand out
    ...     _ = g.apply(g.legal_actions()[0])
    >>> key, entry = read_game(g.to_record(), {"p0": "human", "p1": "casual", "p2": "strong"}, now=1.0)
    >>> len(entry["hands"]), sorted(entry["hands"][0])
    (1, ['bags', 'declarer', 'made', 'nils', 'score'])
    >>> data = new_stats()
    >>> merge_entry(data, key, entry), merge_entry(data, key, entry)   # a hand counts once
    (True, False)
    >>> ana = summarize(data)["dummy-spades"]["ana"]
    >>> ana.name, ana.hands, ana.games, sorted(ana.against)
    ('Ana', 1, 1, ['casual', 'strong'])

The store (``cardtable-stats/1`` JSON)
    ``{"format": "cardtable-stats/1", "games": {<key>: <entry>, ...}}``.  A game's key is a
    fingerprint of its start and of its first finished hand (``game_key``), so the same game
    opened again, followed from another window, imported a second time or exported and
    imported on another device is one entry; a hand is counted by its number in the game, so
    recording a game again (``merge_entry``) never counts a hand twice.  An entry::

        {"game": "seep", "players": ["Ana", ...], "controllers": {"p0": "human", ...},
         "sides": {"p0": "p0p2", ...}, "hands": [<facts of hand 0>, <hand 1>, ...],
         "over": true, "winner": "p0p2", "hints": {"p0": 2}, "updated": 1764000000.0}

    Facts of a Dummy Spades hand: ``score`` (points per seat, bag penalties included),
    ``declarer``, ``made`` (seat -> whether its side made its contract), ``nils`` (seat ->
    ``[nils that counted, nils made]``), ``bags`` (bags taken per seat).  Of a Seep hand:
    ``score`` (per side), ``sweeps``, ``built`` (houses built) and ``captured`` (houses taken)
    per seat, ``baazi`` (the side that won a baazi in that hand, or None).

    ``hints`` is read from the record's optional field ``"hints"`` (record.HINTS_FIELD: for each
    seat, the positions at which the Hint control was used; their number is what counts); a record
    without it counts no hints.

    Read with ``parse_stats`` (never raises: anything malformed is dropped entry by entry and
    named in the returned problem), write with ``dump_stats``; a statistics *file* brought in by
    Import is read with ``read_stats_file``, which refuses a malformed file with a clear reason.

Summaries (``summarize``) are per game and per player name, case-insensitive (``"ana"`` and
``"Ana"`` are one player): only seats played by people count (``controllers``; a record that
does not say who played is all people).  A hand is *won* by a seat whose side scored strictly
more in it than every other side; a game is won by the seat or side the engine names winner.
"""

from __future__ import annotations

import hashlib
import heapq
import json
from dataclasses import dataclass, field
from typing import Any, Optional

from .cards import Card
from .game import RecordError
from .record import HINTS_FIELD as _RECORD_HINTS, NAME_MAX, dumps, format_kind, game_at_start, load_json, parse_record

FORMAT = "cardtable-stats/1"
"""The format of the statistics store and of an exported statistics file."""

STATS_KEY = "cardtable/v1/stats"
"""Where the app keeps the statistics (apart from the saved games, so deleting one keeps them)."""

HINTS_FIELD = _RECORD_HINTS
"""Optional record field: for each seat, where a hint was used (``{"p0": [4, 17]}``); never required."""

MAX_GAMES = 10_000
"""The most games kept; the oldest are forgotten first.  Each game is stored on its own
(``ui.stats_store``), so the cap bounds a statistics file (about 2 KB a game), not one value."""

MAX_FILE_BYTES = 64_000_000
"""The largest statistics file (or store of an earlier version) read: ``MAX_GAMES`` long games."""

MAX_ENTRY_BYTES = 4_000_000
"""The largest stored entry of one game read (10,000 hands of facts)."""

PEOPLE = "human"
"""The controller of a seat played by a person."""

GAMES = ("dummy-spades", "seep")


class StatsError(ValueError):
    """A statistics file that cannot be read; ``str(err)`` says why in a player's words."""


# ---- from a record to an entry --------------------------------------------------------------

def game_key(record: dict) -> Optional[str]:
    """The fingerprint of a game (see ``read_game``), None before its first hand is finished.

    Replays the first hand only, so it is cheap however long the game."""
    rec = parse_record(record)
    game = game_at_start(rec)   # parsed just above: not checked twice
    first: list[str] = []
    for action in rec["actions"]:
        try:
            first.append(game.apply(action))
        except ValueError as err:  # IllegalAction is a ValueError
            raise RecordError(f"a move of this game cannot be replayed: {err}") from None
        if _hands_done(game):
            return _fingerprint(rec, game, first)
    return None


def _fingerprint(rec: dict, game, first: list[str]) -> str:
    ident = {"game": rec["game"], "options": game.to_record().get("options"),
             "players": rec.get("players"), "seed": rec.get("seed"),
             "deal": (rec.get("deals") or [None])[0], "first": first}
    return hashlib.sha256(dumps(ident).encode("utf-8")).hexdigest()[:20]


def game_entry(record: dict, controllers: Optional[dict] = None, now: float = 0.0) -> Optional[dict]:
    """The statistics entry of a (parsed or raw) record: one facts dict per finished hand.

    ``controllers`` (seat -> ``"human"`` or a computer level) defaults to the record's own
    ``controllers`` field, else everyone is a person.  Returns None when no hand is finished.
    Raises ``RecordError`` for a record that does not replay.
    """
    return read_game(record, controllers, now)[1]


def read_game(record: dict, controllers: Optional[dict] = None,
              now: float = 0.0) -> tuple[Optional[str], Optional[dict]]:
    """``(game_key, game_entry)`` of a record in one replay; ``(None, None)`` when no hand of
    it is finished.  The key is a fingerprint of the game's game, options, players, seed, first
    deal and the actions of its first finished hand: stable while the game goes on, the same for
    every copy of the game, and different for two games dealt from one number but played
    differently."""
    steps = read_game_steps(record, controllers, now)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


READ_STEP = 64
"""``read_game_steps`` yields after every so many actions."""


def read_game_steps(record: dict, controllers: Optional[dict] = None, now: float = 0.0):
    """``read_game`` as a generator that yields every ``READ_STEP`` actions and returns its
    result, so a page can count a long game in slices between browser tasks."""
    rec = parse_record(record)
    game = game_at_start(rec)   # parsed just above: not checked twice
    if controllers is None:
        controllers = rec.get("controllers") or {}
    seep = rec["game"] == "seep"
    tally = _SeepTally(game) if seep else None
    first: list[str] = []
    key = None
    for i, action in enumerate(rec["actions"]):
        if i % READ_STEP == READ_STEP - 1:
            yield
        if tally is not None:
            tally.before(game, action)
        try:
            canonical = game.apply(action)
        except ValueError as err:  # IllegalAction is a ValueError
            raise RecordError(f"a move of this game cannot be replayed: {err}") from None
        if tally is not None:
            tally.after(game, canonical)
        if key is None:
            first.append(canonical)
            if _hands_done(game):
                key = _fingerprint(rec, game, first)
    if key is None:
        return None, None
    summary = game.summary()
    hands = summary["hands"]
    seats = list(game.seats)
    if seep:
        sides = {s: game.sides[i % 2] for i, s in enumerate(seats)}
        facts = [_seep_facts(h, tally.per_hand[k] if k < len(tally.per_hand) else {}, seats)
                 for k, h in enumerate(hands)]
    else:
        sides = {s: s for s in seats}
        facts = [_spades_facts(h) for h in hands]
    players = list(rec.get("players") or seats)
    return key, {
        "game": rec["game"],
        "players": [str(p)[:NAME_MAX] for p in players],
        "controllers": {s: (controllers.get(s) if isinstance(controllers.get(s), str) else PEOPLE)
                        for s in seats},
        "sides": sides,
        "hands": facts,
        "over": bool(summary.get("over")),
        "winner": summary.get("winner"),
        "hints": hints_used(rec, seats),
        "updated": float(now),
    }


def hands_finished(game) -> int:
    """How many hands of a live game are finished (cheap: no view, no summary)."""
    n = getattr(game, "hands_completed", None)   # Seep
    return n if isinstance(n, int) else len(game.history)


_hands_done = hands_finished


def _spades_facts(hand: dict) -> dict:
    """Facts of one Dummy Spades hand from its ``summary()["hands"]`` entry."""
    decl = hand["declarer"]
    tricks = hand["tricks"]
    seats = list(hand["bids"])
    defenders = [s for s in seats if s != decl]
    side_tricks = {decl: tricks[decl] + tricks["dummy"]}
    for s in defenders:
        side_tricks[s] = sum(tricks[d] for d in defenders)
    made = {s: side_tricks[s] >= hand["bids"][s] for s in seats}
    nils = {}
    for s in seats:
        counted = [h for h in hand["nils"][s] if _nil_counts(s, h, decl)]
        nils[s] = [len(counted), sum(1 for h in counted if tricks[h] == 0)]
    return {"score": dict(hand["score"]), "declarer": decl, "made": made, "nils": nils,
            "bags": dict(hand["bags"])}


def _nil_counts(bidder: str, hand: str, declarer: str) -> bool:
    """Whether a nil that ``bidder`` declared on ``hand`` counts (rule book 1.3.5): on his own
    hand always; on the dummy only when he is declarer; on another person's hand only when both
    are defenders."""
    if hand == bidder:
        return True
    if hand == "dummy":
        return bidder == declarer
    return declarer not in (bidder, hand)


class _SeepTally:
    """Counts, per seat and per hand, what Seep's summary gives only per side: sweeps, houses
    built and houses captured.  Fed the game before and after each action."""

    def __init__(self, game) -> None:
        self.per_hand: list[dict] = []
        self.current = self._blank(game)
        self.seat: Optional[str] = None
        self.houses: set[int] = set()
        self.done = 0

    @staticmethod
    def _blank(game) -> dict:
        return {k: {s: 0 for s in game.seats} for k in ("sweeps", "built", "captured")}

    def before(self, game, action: str) -> None:
        self.seat = game.to_act
        # only a capture needs the floor before it (reading the floor is the costly part)
        capture = action.lstrip()[:7].lower() == "capture"
        self.houses = {h["value"] for h in game.floor()["houses"]} if capture else set()

    def after(self, game, action: str) -> None:
        verb, *args = action.split()
        seat, cur = self.seat, self.current
        if verb == "build":
            cur["built"][seat] += 1
        elif verb == "capture":
            if Card.parse(args[0]).value in self.houses:
                cur["captured"][seat] += 1
        done = _hands_done(game)
        if verb == "capture" and done == self.done:
            floor = game.floor()
            if not floor["loose"] and not floor["houses"]:
                last = game.view(seat, history=False)["log"][-1]
                if last.get("sweep"):      # a sweep that scores (none on a hand's last play)
                    cur["sweeps"][seat] += 1
        if done > self.done:
            self.per_hand.append(cur)
            self.current = self._blank(game)
            self.done = done


def _seep_facts(hand: dict, tally: dict, seats: list[str]) -> dict:
    """Facts of one Seep hand from its ``summary()["hands"]`` entry and the per-seat tally."""
    baazi = hand.get("baazi")
    return {"score": dict(hand["score"]),
            "sweeps": {s: tally.get("sweeps", {}).get(s, 0) for s in seats},
            "built": {s: tally.get("built", {}).get(s, 0) for s in seats},
            "captured": {s: tally.get("captured", {}).get(s, 0) for s in seats},
            "baazi": baazi["team"] if isinstance(baazi, dict) else None}


# ---- the store ------------------------------------------------------------------------------

def new_stats() -> dict:
    """An empty store."""
    return {"format": FORMAT, "games": {}}


def merge_entry(data: dict, key: str, entry: Optional[dict]) -> bool:
    """Record a game's entry in the store; True when something changed.

    Idempotent: hands already counted (by their number) are kept as they were, only hands the
    store does not have yet are added, and the game's end, winner and hints are brought up to
    date.  A shorter entry (an older copy of the game) never removes hands.
    """
    if entry is None:
        return False
    games = data.setdefault("games", {})
    old = games.get(key)
    if old is None:
        games[key] = entry
        _forget_oldest(games)
        return True
    changed = False
    if len(entry["hands"]) > len(old["hands"]):
        old["hands"] = old["hands"] + entry["hands"][len(old["hands"]):]
        old["updated"] = max(old.get("updated", 0.0), entry.get("updated", 0.0))
        changed = True
    if entry["over"] and not old["over"]:
        old["over"], old["winner"] = True, entry["winner"]
        changed = True
    for seat, n in entry.get("hints", {}).items():
        if n > old.setdefault("hints", {}).get(seat, 0):
            old["hints"][seat] = n
            changed = True
    return changed


def _forget_oldest(games: dict) -> None:
    if len(games) > MAX_GAMES:
        for oldest in heapq.nsmallest(len(games) - MAX_GAMES, games, key=lambda k: games[k].get("updated", 0.0)):
            del games[oldest]


def dump_stats(data: dict) -> str:
    """The store as compact JSON text."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def parse_stats(text: Optional[str]) -> tuple[dict, Optional[str]]:
    """The store read from its text, and a problem found (None when all was well or absent).

    Never raises: text that is not JSON, another format or a damaged entry gives an empty
    store or drops that entry, and the problem says what.  ``problem`` starts with
    ``"another version"`` when the text is a later format, which the app must not overwrite.
    """
    if text is None or text == "":
        return new_stats(), None
    try:
        raw = load_json(text, max_bytes=MAX_FILE_BYTES, what="statistics")
    except (RecordError, RecursionError) as err:
        return new_stats(), f"the saved statistics could not be read ({err})"
    try:
        return _checked(raw)
    except StatsError as err:
        return new_stats(), str(err)


def read_stats_file(text: str) -> dict:
    """A statistics file brought in by Import, checked: raises ``StatsError`` saying why when
    it is not one or when any entry is malformed (nothing of a bad file is used)."""
    try:
        raw = load_json(text, max_bytes=MAX_FILE_BYTES, what="a statistics file")
    except RecordError as err:
        raise StatsError(f"not a statistics file: {err}") from None
    data, problem = _checked(raw)
    if problem:
        raise StatsError(f"damaged statistics file: {problem}")
    return data


def is_stats_file(raw: Any) -> bool:
    """Whether decoded JSON claims to be statistics (its ``format`` is ours)."""
    return isinstance(raw, dict) and raw.get("format") == FORMAT


def merge_stats(data: dict, other: dict) -> int:
    """Add every game of ``other`` (a checked store) to ``data``; returns how many changed."""
    return sum(merge_entry(data, k, e) for k, e in other.get("games", {}).items())


def _checked(raw: Any) -> tuple[dict, Optional[str]]:
    if not isinstance(raw, dict):
        raise StatsError("statistics are a JSON object")
    kind = format_kind(raw.get("format"), FORMAT)
    if kind == "later":
        raise StatsError(f"another version of Card Table wrote these statistics ({raw['format'][:40]})")
    if kind == "other":
        raise StatsError(f'not statistics of Card Table (format is not "{FORMAT}")')
    games = raw.get("games")
    if not isinstance(games, dict):
        raise StatsError('statistics need a "games" object')
    out, bad = {}, []
    for key, entry in games.items():
        clean, problem = check_entry(key, entry)
        if problem:
            bad.append(f"{str(key)[:24]}: {problem}")
        else:
            out[key] = clean
    problem = None
    if bad:
        problem = (f"{len(bad)} damaged game{'s' if len(bad) != 1 else ''} left out ("
                   + "; ".join(bad[:3]) + ("…" if len(bad) > 3 else "") + ")")
    return {"format": FORMAT, "games": out}, problem


def check_entry(key: Any, entry: Any) -> tuple[Optional[dict], Optional[str]]:
    """One game's stored entry, checked: ``(clean entry, None)`` or ``(None, why it cannot be used)``."""
    try:
        problem = _entry_problem(key, entry)
    except Exception as err:  # a check that meets a shape it did not foresee: that entry's reason
        problem = f"cannot be checked ({type(err).__name__})"
    return (None, problem) if problem else (_clean_entry(entry), None)


def read_entry(key: str, text: Optional[str]) -> tuple[Optional[dict], Optional[str]]:
    """One game's entry from its stored text (``ui.stats_store``): ``(entry, None)``, ``(None, None)``
    when there is none, ``(None, why)`` when it cannot be read.  Never raises."""
    if text is None:
        return None, None
    try:
        raw = load_json(text, max_bytes=MAX_ENTRY_BYTES, what="a game's statistics")
    except (RecordError, RecursionError) as err:
        return None, str(err)[:200]
    return check_entry(key, raw)


def dump_entry(entry: dict) -> str:
    """One game's entry as compact JSON text (what ``read_entry`` reads)."""
    return json.dumps(entry, ensure_ascii=False, separators=(",", ":"))


def hints_used(record: dict, seats=None) -> dict:
    """Seat -> how many hints the record's ``"hints"`` field says it used (well-formed entries only;
    of ``seats`` when given)."""
    hints = record.get(HINTS_FIELD)
    if not isinstance(hints, dict):
        return {}
    used = {s: _hints_used(v) for s, v in hints.items() if seats is None or s in seats}
    return {s: n for s, n in used.items() if n is not None}


def _hints_used(v: Any) -> Optional[int]:
    """How many hints a record's ``"hints"`` entry for a seat says were used: the record lists the
    positions (actions played) at which each hint was shown (record.HINTS_FIELD); a bare count is
    read too.  Anything else: None."""
    if isinstance(v, list) and all(_is_count(x) for x in v):
        return len(v)
    return v if _is_count(v) else None


def _is_count(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 10 ** 6


def _is_points(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and abs(v) < 10 ** 6


def _seat_map(v: Any, seats: list[str], ok) -> bool:
    return isinstance(v, dict) and set(v) == set(seats) and all(ok(x) for x in v.values())


def _entry_problem(key: Any, e: Any) -> Optional[str]:
    """Why a stored entry cannot be used (None when it can).  Checks every field's type, so a
    summary of clean entries cannot fail."""
    if not isinstance(key, str) or not 0 < len(key) <= 64:
        return "bad key"
    if not isinstance(e, dict):
        return "not an object"
    game = e.get("game")
    if game not in GAMES:
        return "unknown game"
    players = e.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        return "players are not a list of names"
    n = len(players)
    if game == "dummy-spades" and n != 3 or game == "seep" and n not in (2, 4):
        return "wrong number of players"
    seats = [f"p{i}" for i in range(n)]
    sides = e.get("sides")
    side_names = ({"p0", "p1"} if n == 2 else {"p0p2", "p1p3"}) if game == "seep" else set(seats)
    if not _seat_map(sides, seats, lambda x: isinstance(x, str) and x in side_names):
        return "bad sides"
    if not _seat_map(e.get("controllers"), seats, lambda x: isinstance(x, str) and len(x) <= 40):
        return "bad controllers"
    hands = e.get("hands")
    if not isinstance(hands, list) or not hands or len(hands) > 10_000:
        return "no hands"
    for h in hands:
        p = (_spades_hand_problem(h, seats) if game == "dummy-spades"
             else _seep_hand_problem(h, seats, side_names))
        if p:
            return p
    if not isinstance(e.get("over"), bool):
        return "bad end"
    if e.get("winner") is not None and not (isinstance(e.get("winner"), str) and e["winner"] in side_names):
        return "bad winner"
    hints = e.get("hints", {})
    if not isinstance(hints, dict) or not all(k in seats and _is_count(v) for k, v in hints.items()):
        return "bad hints"
    up = e.get("updated", 0.0)
    if isinstance(up, bool) or not isinstance(up, (int, float)) or not abs(up) < 1e13:
        return "bad time"
    return None


def _spades_hand_problem(h: Any, seats: list[str]) -> Optional[str]:
    if not isinstance(h, dict):
        return "a hand is not an object"
    if not _seat_map(h.get("score"), seats, _is_points) or not isinstance(h.get("declarer"), str) \
            or h["declarer"] not in seats:
        return "bad hand score"
    if not _seat_map(h.get("made"), seats, lambda x: isinstance(x, bool)):
        return "bad contracts"
    if not _seat_map(h.get("nils"), seats, lambda x: isinstance(x, list) and len(x) == 2
                     and all(_is_count(y) for y in x) and x[1] <= x[0]):
        return "bad nils"
    if not _seat_map(h.get("bags"), seats, _is_count):
        return "bad bags"
    return None


def _seep_hand_problem(h: Any, seats: list[str], sides: set) -> Optional[str]:
    if not isinstance(h, dict):
        return "a hand is not an object"
    if not _seat_map(h.get("score"), sorted(sides), _is_points):
        return "bad hand score"
    for k in ("sweeps", "built", "captured"):
        if not _seat_map(h.get(k), seats, _is_count):
            return f"bad {k}"
    if h.get("baazi") is not None and not (isinstance(h.get("baazi"), str) and h["baazi"] in sides):
        return "bad baazi"
    return None


def _clean_entry(e: dict) -> dict:
    """A checked entry with only the known fields, names trimmed."""
    return {"game": e["game"], "players": [p[:NAME_MAX] for p in e["players"]],
            "controllers": dict(e["controllers"]), "sides": dict(e["sides"]),
            "hands": [dict(h) for h in e["hands"]], "over": e["over"], "winner": e.get("winner"),
            "hints": dict(e.get("hints", {})), "updated": float(e.get("updated", 0.0))}


# ---- summaries ------------------------------------------------------------------------------

@dataclass
class Against:
    """A player's results against one kind of opponent (a computer level, or ``human``)."""

    games: int = 0
    won: int = 0
    hands: int = 0
    hands_won: int = 0


@dataclass
class PlayerStats:
    """One player's figures in one game (``name`` as last written; the key is case-folded)."""

    name: str
    game: str
    games: int = 0            # games with at least one finished hand
    finished: int = 0         # games played to the end
    won: int = 0              # ... and won
    hands: int = 0
    hands_won: int = 0
    points: int = 0           # the player's side's points over all hands
    hints: int = 0
    # Dummy Spades
    bids_made: int = 0
    declarer_hands: int = 0
    declarer_made: int = 0
    defender_hands: int = 0
    defender_made: int = 0
    nils: int = 0             # nils declared that counted
    nils_made: int = 0
    bags: int = 0
    # Seep
    sweeps: int = 0
    houses_built: int = 0
    houses_captured: int = 0
    baazis_won: int = 0
    baazis_lost: int = 0
    against: dict[str, Against] = field(default_factory=dict)
    win_history: list[bool] = field(default_factory=list)   # finished games, oldest first

    def per_hand(self, total: int) -> float:
        return total / self.hands if self.hands else 0.0

    def percent(self, part: int, whole: int) -> Optional[int]:
        """``part`` of ``whole`` as a rounded percentage (None when ``whole`` is 0)."""
        return round(100 * part / whole) if whole else None


def player_key(name: str) -> str:
    """The key of a player: the name, whitespace tidied, case-folded (``Ana`` is ``ana``)."""
    return " ".join(name.split()).casefold()


def hand_winners(scores: dict) -> list[str]:
    """The side that scored strictly most in a hand (``[]`` on a tie for the top)."""
    top = max(scores.values())
    best = [s for s, v in scores.items() if v == top]
    return best if len(best) == 1 else []


def summarize(data: dict) -> dict[str, dict[str, PlayerStats]]:
    """Per game, per player key: the figures of every person who played a counted hand.

    Games are taken oldest first (by ``updated``, then key), so ``win_history`` is in time order
    and a player's ``name`` is the spelling of his latest game."""
    out: dict[str, dict[str, PlayerStats]] = {}
    games = data.get("games", {})
    for k in sorted(games, key=lambda k: (games[k].get("updated", 0.0), k)):
        e = games[k]
        game = e["game"]
        seats = [f"p{i}" for i in range(len(e["players"]))]
        seen = set()
        for i, seat in enumerate(seats):
            if e["controllers"].get(seat, PEOPLE) != PEOPLE:
                continue
            name = " ".join(e["players"][i].split())
            key = player_key(name)
            if not key or key in seen:   # one name at two seats (an imported file): the first
                continue
            seen.add(key)
            ps = out.setdefault(game, {}).get(key)
            if ps is None:
                ps = out[game][key] = PlayerStats(name=name, game=game)
            ps.name = name
            _add_game(ps, e, seat)
    return out


def _add_game(ps: PlayerStats, e: dict, seat: str) -> None:
    side = e["sides"][seat]
    opponents = sorted({e["controllers"][s] for s in e["sides"] if e["sides"][s] != side})
    kinds = [ps.against.setdefault(k, Against()) for k in opponents]
    ps.games += 1
    won_game = e["over"] and e.get("winner") == side
    if e["over"]:
        ps.finished += 1
        ps.won += won_game
        ps.win_history.append(won_game)
    ps.hints += e.get("hints", {}).get(seat, 0)
    hands_won = 0
    for h in e["hands"]:
        score = h["score"]
        won = side in hand_winners(score)
        hands_won += won
        ps.points += score[side]
        if e["game"] == "dummy-spades":
            ps.bids_made += h["made"][seat]
            if h["declarer"] == seat:
                ps.declarer_hands += 1
                ps.declarer_made += h["made"][seat]
            else:
                ps.defender_hands += 1
                ps.defender_made += h["made"][seat]
            ps.nils += h["nils"][seat][0]
            ps.nils_made += h["nils"][seat][1]
            ps.bags += h["bags"][seat]
        else:
            ps.sweeps += h["sweeps"][seat]
            ps.houses_built += h["built"][seat]
            ps.houses_captured += h["captured"][seat]
            if h["baazi"] is not None:
                if h["baazi"] == side:
                    ps.baazis_won += 1
                else:
                    ps.baazis_lost += 1
    ps.hands += len(e["hands"])
    ps.hands_won += hands_won
    for a in kinds:
        a.games += 1
        a.won += won_game
        a.hands += len(e["hands"])
        a.hands_won += hands_won


def latest_game(data: dict, game: str) -> Optional[dict]:
    """The entry of ``game`` most recently added to, or None."""
    games = data.get("games", {})
    keys = [k for k, e in games.items() if e["game"] == game]
    return games[max(keys, key=lambda k: (games[k].get("updated", 0.0), k))] if keys else None


def score_series(entry: dict) -> list[tuple[str, list[int]]]:
    """Each side's running total after each hand of a game: ``[(side, [t1, t2, ...]), ...]``
    (the sum of the hands' scores; under pagat's baazis this is points scored, not the lead)."""
    sides = sorted(set(entry["sides"].values()))
    out = []
    for side in sides:
        total, points = 0, []
        for h in entry["hands"]:
            total += h["score"][side]
            points.append(total)
        out.append((side, points))
    return out


def side_label(entry: dict, side: str) -> str:
    """The names of a side's players: ``"Ana"`` or ``"Ana & Chloé"``."""
    names = [entry["players"][i] for i, s in enumerate(f"p{i}" for i in range(len(entry["players"])))
             if entry["sides"][s] == side]
    return " & ".join(names)


def win_rate_series(stats: dict[str, PlayerStats], limit: int = 4) -> list[tuple[str, list[float]]]:
    """The running win rate (0-100) after each finished game, for the ``limit`` players with
    the most finished games: ``[(name, [r1, r2, ...]), ...]``."""
    players = sorted((p for p in stats.values() if p.win_history), key=lambda p: (-len(p.win_history), p.name))
    out = []
    for p in players[:limit]:
        won, rates = 0, []
        for i, w in enumerate(p.win_history, 1):
            won += w
            rates.append(100 * won / i)
        out.append((p.name, rates))
    return out


__all__ = ["FORMAT", "STATS_KEY", "HINTS_FIELD", "StatsError", "game_key", "game_entry", "new_stats",
           "merge_entry", "merge_stats", "dump_stats", "check_entry", "read_entry", "dump_entry", "parse_stats", "read_stats_file", "is_stats_file",
           "summarize", "PlayerStats", "Against", "player_key", "hand_winners", "latest_game",
           "score_series", "side_label", "win_rate_series", "read_game", "read_game_steps", "hands_finished"]
