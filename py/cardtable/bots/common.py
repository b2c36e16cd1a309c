"""Shared helpers of the computer players: card parsing, deadlines, random legal play."""

from __future__ import annotations

import random

from ..cards import Card

LEVELS = ("random", "casual", "strong", "expert")
"""The computer levels, weakest first: ``casual`` is the app's "quick" level."""
SEARCH_LEVELS = ("strong", "expert")
EXPERT_FACTOR = 4
"""The expert level is the strong search with this many times its budget (time, or samples):
the page's 0.25 s a move becomes 1 s, still run in slices."""


def idx(text: str) -> int:
    """Card index (0..51) of a card text such as ``"QS"``."""
    return Card.parse(text).index


def mask_of_texts(texts) -> int:
    m = 0
    for t in texts or ():
        m |= 1 << idx(t)
    return m


def random_legal(view: dict, rng: random.Random) -> str:
    legal = view["legal"]
    return legal[int(rng.random() * len(legal))]


def run_steps(steps):
    """Drive a search generator (one that yields between batches of work) to the end; its result."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value
