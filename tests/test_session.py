"""``cardtable.session.GameSession`` in CPython: whole games of each game played through the
session's loop, people and computers mixed, with a fake clock (tasks run in time order, no
waiting) and an in-memory store; the saved record replays to the same game."""

from __future__ import annotations

import heapq
import itertools
import random

import pytest

from cardtable.record import new_game, parse_record, replay
from cardtable.session import GameSession, SessionEvents, controller
from cardtable.stores.saves import DictStore, SaveStore
from cardtable.ui.table.seep import Table as SeepTable
from cardtable.ui.table.spades import Table as SpadesTable


class FakeTasks:
    """``ui.shell.tasks.Tasks`` on a fake clock: ``run`` calls what is due in time order, at once."""

    def __init__(self):
        self.now = 0.0
        self.queue: list = []
        self.ids = itertools.count()
        self.cancelled: set = set()

    def later(self, fn, ms):
        token = next(self.ids)
        heapq.heappush(self.queue, (self.now + ms, token, fn))
        return token

    def soon(self, fn):
        return self.later(fn, 0)

    def cancel(self, token):
        self.cancelled.add(token)

    def run_one(self) -> bool:
        while self.queue:
            at, token, fn = heapq.heappop(self.queue)
            if token in self.cancelled:
                continue
            self.now = max(self.now, at)
            fn()
            return True
        return False


class Events(SessionEvents):
    def __init__(self):
        self.moves = 0
        self.hands = 0
        self.refusals = []

    def moved(self, action, actor, before, after, hold):
        self.moves += 1

    def hands_finished(self):
        self.hands += 1

    def refused(self, err):
        self.refusals.append(str(err))


def play_through(record: dict, table_cls, controllers: dict, handoff: bool = True):
    tasks, store, events = FakeTasks(), SaveStore(DictStore(), clock=lambda: 1_700_000_000.0), Events()
    session = GameSession(tasks, store, {"handoff": handoff, "speed": "normal"}, events, bot_budget_s=0.001)
    game = new_game(record)
    session.open(game, "g1", table_cls(game), controllers, log=[])
    session.save()
    session.advance()
    rng = random.Random(7)
    handoffs = 0
    for _step in range(20000):
        if session.game.over and session.dialog == ("over",):
            break
        if session.dialog and session.dialog[0] == "hand":
            session.next_hand()
        elif session.hold:
            session.release_hold()
        elif session.handoff_to:
            assert controller(controllers[session.handoff_to]).here
            handoffs += 1
            assert session.ready()
        elif session.person_to_act():
            # a person: first a move the engine refuses (nothing changes), then a legal one
            count = session.game.action_count
            assert not session.apply("play 1X")
            assert session.game.action_count == count
            assert session.apply(rng.choice(session.game.legal_actions()))
        else:
            assert tasks.run_one(), "the game waits for nobody"
    else:
        raise AssertionError("the game did not end")
    return session, store, events, handoffs


def check_saved(session, store, events):
    saved = parse_record(store.raw("g1"))
    assert saved["actions"] == session.game.to_record()["actions"]
    assert replay(saved).to_record() == session.game.to_record()
    assert events.moves == len(saved["actions"]) == len(session.log)
    assert events.hands >= 1 and events.refusals


@pytest.mark.parametrize("kinds", [("human", "casual", "random"), ("human", "human", "casual")])
def test_a_whole_game_of_dummy_spades(kinds):
    record = {"format": "cardtable/1", "game": "dummy-spades", "seed": 11, "players": ["Ana", "Ben", "Cy"],
              "options": {"target": 300, "variant": "no-peeky", "losing_limit": -200}, "actions": []}
    controllers = dict(zip(("p0", "p1", "p2"), kinds))
    session, store, events, handoffs = play_through(record, SpadesTable, controllers)
    check_saved(session, store, events)
    assert store.controllers("g1") == controllers
    assert (handoffs > 0) == (kinds.count("human") > 1)


@pytest.mark.parametrize("seats,kinds", [(4, ("human", "casual", "human", "random")), (2, ("human", "casual"))])
def test_a_whole_game_of_seep(seats, kinds):
    options = {"preset": "seep-pagat", "baazis": 1, "first_play": "pagat"}
    if seats == 2:
        options["seats"] = 2
    record = {"format": "cardtable/1", "game": "seep", "seed": 5, "players": ["Ana", "Ben", "Cy", "Di"][:seats],
              "options": options, "actions": []}
    controllers = {f"p{i}": k for i, k in enumerate(kinds)}
    session, store, events, handoffs = play_through(record, SeepTable, controllers)
    check_saved(session, store, events)


@pytest.mark.parametrize("speed, cap, waited", [("normal", None, 700), ("normal", 20, 20), ("fast", 500, 200)])
def test_a_computers_pause_is_the_paces_or_a_shorter_cap(speed, cap, waited):
    """The pause before a computer's move is the speed setting's; the browser tests' cap
    (``computer_ms_cap``) shortens it, never lengthens it."""
    record = {"format": "cardtable/1", "game": "seep", "seed": 3, "players": ["Ana", "Ben"],
              "options": {"preset": "seep-pagat", "baazis": 1, "first_play": "pagat", "seats": 2}, "actions": []}
    tasks = FakeTasks()
    session = GameSession(tasks, SaveStore(DictStore()), {"handoff": False, "speed": speed}, computer_ms_cap=cap)
    game = new_game(record)
    session.open(game, "g1", SeepTable(game), {"p0": "casual", "p1": "human"}, log=[])
    session.advance()
    assert [at for at, _token, _fn in tasks.queue] == [waited]


def test_undo_goes_back_and_is_saved():
    record = {"format": "cardtable/1", "game": "seep", "seed": 3, "players": ["Ana", "Ben"],
              "options": {"preset": "seep-pagat", "baazis": 1, "first_play": "pagat", "seats": 2}, "actions": []}
    tasks, store = FakeTasks(), SaveStore(DictStore())
    session = GameSession(tasks, store, {"handoff": False, "speed": "fast"})
    game = new_game(record)
    session.open(game, "g2", SeepTable(game), {"p0": "human", "p1": "human"}, log=[])
    for _ in range(3):
        session.advance()
        assert session.apply(session.game.legal_actions()[0])
    session.hints.setdefault("p0", []).append(1)   # a hint shown (the coach counts it so)
    assert session.undo(1, "Ana took back a move.", behind_handoff=False)
    session.advance()
    assert session.game.action_count == 1 and len(session.log) == 2 and session.log[-1] == "Ana took back a move."
    saved = parse_record(store.raw("g2"))
    assert len(saved["actions"]) == 1 and saved["hints"] == {"p0": [1]}
    assert not session.changed_elsewhere()
