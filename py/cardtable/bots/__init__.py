"""Computer players for Card Table.

``choose_action(game_name, view, level, budget=0.25, seed=0)`` returns one of ``view["legal"]``.
It decides from the per-seat ``view`` only (never the hidden state):

* ``"random"`` -- a uniformly random legal action (a yardstick for the arena);
* ``"casual"`` -- quick rule-based play (no search);
* ``"strong"`` -- determinized Monte Carlo: the unseen cards are dealt at random consistently
  with what the seat knows, each candidate move is played out on those deals, and the move with
  the best mean result wins.  It thinks until ``budget`` seconds (``time.perf_counter``) are
  spent, so a slow device plays weaker, not slower.
* ``"expert"`` -- the strong search given ``EXPERT_FACTOR`` (4) times the budget, or the
  samples: about a second a move in the page (0.25 s budget), in slices like the others.

``think(...)`` is the same decision as a generator that yields between batches of samples, for a
caller that must not block (the page runs it in slices of a few milliseconds between browser
tasks, see ``cardtable.ui.app``); time spent away from the generator does not count against the
budget, so a sliced search makes the same decisions as ``choose_action`` for the same samples.
``choose_action`` simply drives ``think`` to the end.

Per-game logic lives in ``spades.py`` and ``seep.py``; ``arena.py`` plays bots against each other.
"""

from __future__ import annotations

import gc
import random
from typing import Optional

from .common import EXPERT_FACTOR, LEVELS, random_legal, run_steps

__all__ = ["choose_action", "think", "prepare", "LEVELS", "EXPERT_FACTOR"]

STRICT = False
"""Tests set this: a bot error is raised instead of falling back to a random legal move."""


_prepared = False


def prepare() -> bool:
    """Get a long-running process (the page) ready for computer play; call it once, when idle.

    It imports the per-game search modules (so a first computer move does not pay for them) and
    freezes every object alive so far -- the interpreter's and the app's modules, most of the
    heap -- into the collector's permanent generation (``gc.freeze``).  A full collection then
    walks only what the games have made since, which is what keeps the collector's occasional
    full pass short between two moves (in the browser it used to take a long task of its own).
    Frozen objects are never collected; that is fine for module-level objects that live as long as
    the process.  Decisions do not change: the collector never changes what a search computes.
    Returns whether it did anything (False on later calls, which do nothing).
    """
    global _prepared
    if _prepared:
        return False
    _prepared = True
    from . import seep, spades  # noqa: F401  (imported for their side effect: loaded once)

    gc.freeze()
    return True


def choose_action(game_name: str, view: dict, level: str = "casual", budget: float = 0.25,
                  seed: int = 0, *, samples: Optional[int] = None) -> str:
    """One legal action (canonical text from ``view["legal"]``) for the seat of ``view``."""
    return run_steps(think(game_name, view, level, budget, seed, samples=samples))


def think(game_name: str, view: dict, level: str = "casual", budget: float = 0.25, seed: int = 0,
          *, samples: Optional[int] = None):
    """``choose_action`` as a generator: yields ``None`` between batches of search work (a few
    milliseconds apart), and returns the action (``StopIteration.value``) when done.

    The thinking budget counts only the time spent inside the generator: whoever drives it may
    pause between steps for as long as it likes.  Garbage collection stays off until it ends or
    is closed (a dropped generator is closed when it is freed).

    ``samples`` (strong level): search exactly that many samples of the hidden cards instead of
    thinking until ``budget`` is spent, so the decision depends on ``view`` and ``seed`` alone,
    never on the device's speed (``cardtable.coach.hint`` asks this way).
    """
    legal = view.get("legal") or []
    if not legal:
        raise ValueError("the seat of this view has nothing to do")
    if len(legal) == 1:
        return legal[0]
    rng = random.Random(f"bot:{game_name}:{level}:{seed}:{view.get('seat')}")
    if level == "random":
        return random_legal(view, rng)
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r} (levels: {', '.join(LEVELS)})")
    if game_name == "dummy-spades":
        from . import spades as mod
    elif game_name == "seep":
        from . import seep as mod
    else:
        raise ValueError(f"no computer player for {game_name!r}")
    action = None
    if level == "expert":   # the strong search, given more to spend (each game reads the level)
        budget = budget * EXPERT_FACTOR
        samples = samples * EXPERT_FACTOR if samples else samples
    steps = mod.choose_steps(view, level, budget, rng, samples=samples)
    gc_was = gc.isenabled()
    gc.disable()  # no collector pause in the middle of a timed search, nor between its slices
    try:
        while True:
            try:
                next(steps)
            except StopIteration as done:
                action = done.value
                break
            except ValueError:
                raise
            except Exception:  # a bot bug must never stall a table: fall back to a legal move
                if STRICT:
                    raise
                break
            yield
    finally:  # also when the caller drops the search half-way (the generator is closed)
        if gc_was:
            gc.enable()
    if action not in legal:
        action = random_legal(view, rng)
    return action
