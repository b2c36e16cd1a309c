"""Seats played on other devices, through the game session, in CPython: whole games of Dummy
Spades and Seep (two and four players) between a host session and guest sessions joined by a fake
transport (messages delivered in order, as tasks on one fake clock).  Every text a guest is sent
holds exactly its own seat's view, every guest table drawn holds no card of another hand, and the
host's saved record replays to the game played."""

from __future__ import annotations

import random

import pytest

from cardtable.game import IllegalAction
from cardtable.net import fair
from cardtable.net.guest import Guest
from cardtable.net.messages import REFUSALS, encode, new_secret, read_host
from cardtable.record import new_game, parse_record, replay
from cardtable.session import GameSession, SessionEvents, controller
from cardtable.session.remote import GuestTable, HostedSeats, RemoteHost, ViewGame
from cardtable.session.seats import REMOTE
from cardtable.stores.saves import DictStore, SaveStore
from cardtable.ui.table.coach import took_back_words
from cardtable.ui.table.ending import hand_buttons, over_buttons
from cardtable.ui.table.seep import Table as SeepTable
from cardtable.ui.table.spades import Table as SpadesTable
from test_net_judge import cards_in
from test_session import FakeTasks

TABLE = "Tb1_x-9Q"
TABLES = {"dummy-spades": SpadesTable, "seep": SeepTable}


class Events(SessionEvents):
    def __init__(self):
        self.moves = []
        self.refusals = []
        self.hands = 0

    def moved(self, action, actor, before, after, hold):
        self.moves.append((actor, action))

    def refused(self, err):
        self.refusals.append(err.code)

    def hands_finished(self):
        self.hands += 1


class Screen:
    """What the table renderers read of the app (a guest's: no coach, no banner)."""

    def __init__(self, session):
        self.session = session
        self.banner = ""

    def __getattr__(self, name):
        return getattr(self.session, name)


@pytest.fixture(autouse=True)
def seeded_values(monkeypatch):
    """The devices' values for the deals (``net.fair``) from a seeded generator: the same first
    deal, and the same game, on every run."""
    rng = random.Random(48)
    monkeypatch.setattr(fair, "new_value", lambda: rng.randbytes(32).hex())


class Table:
    """A host session with guests on fake connections, all on one fake clock."""

    def __init__(self, record, controllers, handoff=False):
        self.tasks = FakeTasks()
        self.store = SaveStore(DictStore(), clock=lambda: 1_700_000_000.0)
        self.events = Events()
        self.host = GameSession(self.tasks, self.store, {"handoff": handoff, "speed": "normal"}, self.events,
                                bot_budget_s=0.001)
        game = new_game(record)
        self.host.open(game, "g1", TABLES[game.name](game), controllers, log=[])
        remote = [s for s, kind in controllers.items() if controller(kind).remote]
        secrets = {s: new_secret() for s in remote}
        self.remote = RemoteHost(self.host, secrets, TABLE, self.to_guest, took_back=took_back_words)
        self.guests: dict[str, GuestTable] = {}
        self.guest_events: dict[str, Events] = {}
        self.received: dict[str, int] = {s: 0 for s in remote}
        self.by_conn: dict[str, GuestTable] = {}
        for seat in remote:
            events = self.guest_events[seat] = Events()
            session = GameSession(self.tasks, None, {"handoff": True, "speed": "normal"}, events)
            self.guests[seat] = GuestTable(session, Guest(TABLE, seat, secrets[seat]),
                                           lambda text, seat=seat: self.tasks.soon(
                                               lambda: self.remote.receive(f"conn-{seat}", text)),
                                           lambda g: TABLES[g.name](g), took_back=took_back_words)
            self.by_conn[f"conn-{seat}"] = self.guests[seat]
        self.host.save()
        self.host.advance()
        for guest in self.guests.values():
            guest.start()

    def to_guest(self, conn, text):
        guest = self.by_conn[conn]
        seat = guest.seat
        message = read_host(text)
        if "view" in message:   # exactly the seat's own view, now (history only at a hand's end)
            mine = self.host.game.view(seat, history="history" in message["view"])
            assert encode(message["view"]) == encode(mine), f"{seat} was sent another view"
        self.received[seat] += not message["type"].startswith("deal_")   # (the deals' values: test_net_fair)
        self.tasks.soon(lambda: guest.receive(text))

    def check_guest_screen(self, seat):
        guest = self.guests[seat].session
        if guest.game is None or guest.dialog:
            return
        html = guest.table.render(guest.game, seat, Screen(guest))
        assert 'data-act="export"' not in html   # the game is on the host: nothing to export here
        game = self.host.game
        mine = cards_in(encode(guest.game.view(seat)))
        for other in game.seats:
            if other != seat:
                hidden = set(game.view(other, history=False)["hand"]) - mine
                assert not cards_in(html) & hidden, f"{seat}'s screen shows {other}'s cards"

    def play(self, rng, hostile=False):
        host = self.host
        for _step in range(40000):
            if host.game.over and host.dialog == ("over",) and not self.tasks.run_one():
                return   # (every message delivered)
            for seat, guest in self.guests.items():
                if guest.joined:
                    self.check_guest_screen(seat)
            if self.step_session(host, rng):
                continue
            for seat, guest in self.guests.items():
                if guest.joined and self.step_session(guest.session, rng, guest, hostile):
                    break
            else:   # (over: the last deal's values, told at the end, may be the last message)
                if not self.tasks.run_one():
                    assert host.game.over and host.dialog == ("over",), "the table waits for nobody"
                    return
        raise AssertionError("the game did not end")

    def step_session(self, session, rng, guest=None, hostile=False) -> bool:
        """One thing a person at this device does, if any is theirs to do."""
        if session.dialog and session.dialog[0] == "hand":
            session.next_hand()
        elif session.hold:
            session.release_hold()
        elif session.handoff_to:
            assert session.ready()
        elif session.person_to_act() and not (guest and guest.waiting):
            legal = session.game.legal_actions()
            if hostile and (rng.random() < 0.1 or not self.guest_events[guest.seat].refusals):
                # a move the rules refuse: refused on the guest, nothing sent, nothing changed
                sent = self.tasks.queue[:]
                assert not session.apply("play 1X")
                assert self.tasks.queue == sent
            assert session.apply(rng.choice(legal))
        else:
            return False
        return True


def spades(seed=11):
    return {"format": "cardtable/1", "game": "dummy-spades", "seed": seed, "players": ["Ana", "Ben", "Cy"],
            "options": {"target": 300, "variant": "no-peeky", "losing_limit": -200}, "actions": []}


def seep(seats, seed=5):
    names = ["Ana", "Ben", "Cy", "Dee"][:seats]
    return {"format": "cardtable/1", "game": "seep", "seed": seed, "players": names,
            "options": {"seats": seats, "target": 100}, "actions": []}


@pytest.mark.parametrize("record,controllers", [
    (spades(), {"p0": "human", "p1": "remote", "p2": "remote"}),
    (seep(2), {"p0": "human", "p1": "remote"}),
    (seep(4), {"p0": "human", "p1": "remote", "p2": "casual", "p3": "remote"}),
], ids=["spades-3-devices", "seep-2-devices", "seep-4-two-devices-and-a-computer"])
@pytest.mark.slow
def test_a_whole_game_across_devices(record, controllers):
    table = Table(record, controllers)
    table.play(random.Random(3), hostile=True)
    host = table.host
    saved = parse_record(table.store.raw("g1"))
    assert replay(saved).to_record() == host.game.to_record()
    # the host's own table and dialogs keep Export, Play again and Review
    assert 'data-act="export"' in host.table.topbar(host.game.view("p0"))
    assert all(f'data-act="{act}"' in over_buttons(host.game, '<b data-act="review">') + hand_buttons(host.game)
               for act in ("export", "play-again", "review", "nav:home", "next-hand"))
    for seat, guest in table.guests.items():
        session = guest.session
        # the guest followed every move: its position, its view, its log and its summaries
        assert session.game.action_count == host.game.action_count
        assert encode(session.game.view(seat)) == encode(host.game.view(seat))
        assert table.guest_events[seat].moves == table.events.moves
        assert len(session.log) == len(host.log)
        assert table.guest_events[seat].hands == table.events.hands >= 1
        assert session.dialog == ("over",)
        # a guest's game-over and end-of-hand dialogs offer only what it can do: go on, or home
        assert 'data-act="nav:home"' in over_buttons(session.game, "REVIEW")
        for html in (over_buttons(session.game, "REVIEW"), hand_buttons(session.game)):
            assert "play-again" not in html and 'data-act="export"' not in html and "REVIEW" not in html
        # the moves the rules refuse were refused on the guest itself, with the engine's reason
        assert table.guest_events[seat].refusals
        assert not set(table.guest_events[seat].refusals) & set(REFUSALS)


def test_a_guest_move_out_of_turn_or_stale_is_refused_by_the_host():
    table = Table(seep(2), {"p0": "human", "p1": "remote"})
    while not table.guests["p1"].joined:
        assert table.tasks.run_one()
    guest = table.guests["p1"]
    game = table.host.game
    rng = random.Random(2)
    while True:
        while table.tasks.run_one():
            pass
        if game.to_act == "p0":
            break
        assert table.step_session(guest.session, rng, guest)
    count, at = game.action_count, guest.guest.at
    # the guest's own side sends nothing out of turn
    sent = table.tasks.queue[:]
    assert not guest.session.apply("bid 9") and table.tasks.queue == sent
    # a message forced through anyway is refused by the host, and nothing changes
    guest.send(guest.guest.act("bid 9"))
    while table.tasks.run_one():
        pass
    assert game.action_count == count
    assert table.guest_events["p1"].refusals[-1] == "not_your_turn"
    # the host moves; a move the guest chose before it is refused as stale
    table.host.apply(game.legal_actions()[0])
    while table.tasks.run_one():
        pass
    if game.to_act == "p1":
        guest.guest.at = at
        guest.send(guest.guest.act(game.legal_actions()[0]))
        while table.tasks.run_one():
            pass
        assert table.guest_events["p1"].refusals[-1] == "stale"
        assert game.action_count == count + 1


def test_a_guest_that_reloads_takes_its_seat_back():
    table = Table(seep(2), {"p0": "human", "p1": "remote"})
    rng = random.Random(4)
    for _ in range(30):   # a few moves
        if not (table.step_session(table.host, rng) or table.step_session(table.guests["p1"].session, rng,
                                                                           table.guests["p1"])):
            table.tasks.run_one()
    old = table.guests["p1"]
    # the reloaded page: a new session, the same seat secret, a new connection
    events = Events()
    session = GameSession(table.tasks, None, {"handoff": True, "speed": "normal"}, events)
    secret = old.guest.secret
    new = GuestTable(session, Guest(TABLE, "p1", secret), lambda text: table.tasks.soon(
        lambda: table.remote.receive("conn-p1-again", text)), lambda g: TABLES[g.name](g))
    table.guests["p1"] = table.by_conn["conn-p1-again"] = new
    sent = []
    old.send = sent.append
    new.start(resume=True)
    while table.tasks.run_one():
        pass
    assert new.joined and table.remote.present == {"p1"}
    assert encode(session.game.view("p1")) == encode(table.host.game.view("p1"))
    assert old.replaced   # the old connection was told
    table.play(rng)
    assert session.game.action_count == table.host.game.action_count


def test_a_guest_whose_join_was_lost_asks_again_and_takes_its_seat_once():
    """A join that never reached the host (seen once as a channel opened): ``ask_again`` sends it
    again; once welcomed, asking again sends nothing, and a join that did arrive twice is only
    welcomed twice (the seat held by the same connection)."""
    table = Table(seep(2), {"p0": "human", "p1": "remote"})
    guest = table.guests["p1"]
    table.tasks.queue.clear()   # the guest's first join, lost on the way
    assert not guest.joined and table.remote.present == set()
    assert guest.ask_again()
    while table.tasks.run_one():
        pass
    # (a welcome, then who plays the seat: ``lent``)
    assert guest.joined and table.remote.present == {"p1"} and table.received["p1"] == 2
    assert not guest.ask_again() and not table.tasks.run_one()
    guest.start()           # asked twice, both arriving: welcomed again, the same seat and view
    guest.ask_again()
    while table.tasks.run_one():
        pass
    assert table.received["p1"] == 6 and table.remote.present == {"p1"} and guest.refusal is None
    assert encode(guest.session.game.view("p1")) == encode(table.host.game.view("p1"))


def test_the_host_hands_an_away_seat_to_a_computer_and_guest_moves_are_refused_then():
    table = Table(seep(2), {"p0": "human", "p1": "remote"})
    while not table.guests["p1"].joined:
        assert table.tasks.run_one()
    host = table.host
    rng = random.Random(1)
    while host.game.to_act != "p1":
        assert table.step_session(host, rng) or table.tasks.run_one()
    while table.tasks.run_one():   # (the guest sees the position: its move is one of it)
        pass
    host.hand_seat("p1", "casual")
    assert table.store.controllers("g1")["p1"] == "casual"
    guest = table.guests["p1"]
    guest.send(guest.guest.act(guest.session.game.legal_actions()[0]))
    count = host.game.action_count
    table.tasks.run_one()   # the guest's message comes before the computer's turn: refused
    assert host.game.action_count == count
    # the guest is told why; the computer then plays the seat on the host, and the guest sees it
    while host.game.action_count == count:
        assert table.tasks.run_one()
    while table.tasks.run_one():
        pass
    assert table.guest_events["p1"].refusals == ["played_on_host"]
    assert guest.session.game.action_count == host.game.action_count > count


@pytest.mark.parametrize("lent_to", ["casual", "human"], ids=["a-computer", "a-person-here"])
def test_a_seat_lent_to_the_host_is_still_hosted_after_the_host_reloads(lent_to):
    table = Table(seep(2), {"p0": "human", "p1": "remote"})
    kept = HostedSeats.open(table.host, None)
    assert list(kept.secrets) == ["p1"] and kept.lent == [] and kept.table
    # the device is away: a computer (or a person here) plays the seat, the lending kept first as the app does
    kept.lend("p1")
    entry = kept.dump()
    table.host.hand_seat("p1", lent_to)
    # the host reloads: the game from its save, with its controllers as saved
    controllers = table.store.controllers("g1")
    assert controllers["p1"] == lent_to
    session = GameSession(table.tasks, table.store, {"handoff": False, "speed": "normal"}, Events(),
                          bot_budget_s=0.001)
    game = replay(parse_record(table.store.raw("g1")))
    session.open(game, "g1", SeepTable(game), controllers, log=[])
    hosted = HostedSeats.open(session, entry)
    assert hosted == HostedSeats(kept.table, kept.secrets, ["p1"])   # still offered, same secret
    # back to their device: the seat is the device's again, and its guest joins with the same secret
    remote = RemoteHost(session, hosted.secrets, hosted.table, lambda conn, text: table.tasks.soon(
        lambda: guest.receive(text)))
    session.hand_seat("p1", REMOTE)
    hosted.give_back("p1")
    assert HostedSeats.open(session, hosted.dump()) == HostedSeats(kept.table, kept.secrets, [])
    guest = GuestTable(GameSession(table.tasks, None, {"handoff": True, "speed": "normal"}, Events()),
                       Guest(hosted.table, "p1", kept.secrets["p1"]),
                       lambda text: table.tasks.soon(lambda: remote.receive("c", text)), lambda g: TABLES[g.name](g))
    guest.start()
    while table.tasks.run_one():
        pass
    assert guest.joined and remote.present == {"p1"}
    assert encode(guest.session.game.view("p1")) == encode(session.game.view("p1"))


def test_a_kept_host_entry_from_before_lending_or_malformed_is_read_safely():
    assert HostedSeats.read('{"table": "T", "secrets": {"p1": "s"}}') == HostedSeats("T", {"p1": "s"}, [])
    for bad in (None, "", "[", "[1]", '{"table": 3, "secrets": ["p1"], "lent": "p1"}', "[" * 3000):
        assert HostedSeats.read(bad) == HostedSeats()
    assert HostedSeats.read('{"secrets": {"p1": 3, "p2": "s"}, "lent": ["p2", 7]}') == HostedSeats("", {"p2": "s"}, ["p2"])
    # a lent seat the game plays as a computer's is offered; one a computer always played is not
    table = Table(seep(2), {"p0": "human", "p1": "casual"})
    assert HostedSeats.open(table.host, None).secrets == {}
    assert list(HostedSeats.open(table.host, '{"lent": ["p1"]}').secrets) == ["p1"]
    assert HostedSeats.open(table.host, '{"lent": ["p9", "p1"]}').lent == ["p1"]   # no seat p9 in this game


def test_an_away_seat_played_by_a_person_on_the_host_then_given_back():
    """While Ben's device is away a person on the host plays his seat, passed the device in turn
    (pass and play: Ana's cards never drawn for him), then the seat goes back to Ben's device."""
    table = Table(seep(2), {"p0": "human", "p1": "remote"}, handoff=True)
    while not table.guests["p1"].joined:
        assert table.tasks.run_one()
    host, rng = table.host, random.Random(3)
    host.hand_seat("p1", "human")
    assert table.store.controllers("g1")["p1"] == "human" and set(host.humans()) == {"p0", "p1"}
    guest = table.guests["p1"]
    count = host.game.action_count
    handoffs = set()
    for _ in range(200):
        if host.game.action_count >= count + 6:
            break
        if host.handoff_to:   # the device is passed (the hand-off screen, no card) before each turn
            handoffs.add(host.handoff_to)
        elif host.person_to_act():
            assert host.viewer == host.game.to_act
        assert table.step_session(host, rng) or table.tasks.run_one()
    assert host.game.action_count >= count + 6 and handoffs == {"p0", "p1"}
    assert "p1" in {actor for actor, _ in table.events.moves}   # Ben's seat was played here
    while table.tasks.run_one():
        pass
    assert guest.session.game.action_count == host.game.action_count   # Ben's device followed
    host.hand_seat("p1", "remote")
    assert table.store.controllers("g1")["p1"] == "remote" and host.humans() == ["p0"]
    table.play(rng)
    assert guest.session.game.action_count == host.game.action_count and host.game.over


@pytest.mark.parametrize("seats", [2, 4])
def test_view_game_composes_seep_moves_like_the_engine(seats):
    game = new_game(seep(seats, seed=9))
    rng = random.Random(2)
    checked = with_houses = 0
    first = game.hand_number
    while not game.over and game.hand_number == first:   # a whole hand: builds and houses come up
        seat = game.to_act
        if game.phase == "play":
            stand_in = ViewGame(game.view(seat), game.action_count, seat)
            assert stand_in.legal_actions() == game.legal_actions()
            v = game.view(seat)
            for card in v["hand"]:
                houses = [h["value"] for h in v["floor"]["houses"]]
                with_houses += bool(houses)
                for sel in ([], v["floor"]["loose"][:1], v["floor"]["loose"][:2], houses[:1], houses[:1] + v["floor"]["loose"][:1]):
                    assert stand_in.actions_using(card, sel) == game.actions_using(card, sel)
                    checked += 1
            assert isinstance(stand_in.refusal("throw 1X"), IllegalAction)
        game.apply(rng.choice(game.legal_actions()))
    assert checked >= 200 and with_houses


def test_a_second_device_with_the_same_code_is_refused_its_seat():
    table = Table(seep(2), {"p0": "human", "p1": "remote"})
    while table.tasks.run_one():
        pass
    first = table.guests["p1"]
    session = GameSession(table.tasks, None, {"handoff": True, "speed": "normal"}, Events())
    second = GuestTable(session, Guest(TABLE, "p1", first.guest.secret), lambda text: table.tasks.soon(
        lambda: table.remote.receive("conn-p1-second", text)), lambda g: TABLES[g.name](g))
    table.by_conn["conn-p1-second"] = second
    second.start()
    while table.tasks.run_one():
        pass
    assert not second.joined and second.refusal["code"] == "seat_taken" and session.game is None
    assert first.joined and not first.replaced


def test_an_undo_on_the_host_takes_every_guest_back_too():
    table = Table(seep(2), {"p0": "human", "p1": "remote"})
    rng = random.Random(6)
    guest = table.guests["p1"]
    while table.host.game.action_count < 6:
        if not (table.step_session(table.host, rng) or table.step_session(guest.session, rng, guest)):
            assert table.tasks.run_one()
    while table.tasks.run_one():
        pass
    host = table.host
    assert host.undo(3, "Ana took back a move", behind_handoff=False)
    host.advance()
    while table.tasks.run_one():
        pass
    assert host.game.action_count == guest.session.game.action_count == 3
    assert encode(guest.session.game.view("p1")) == encode(host.game.view("p1"))
    table.play(rng)   # and the game goes on to its end from there
    assert guest.session.game.action_count == host.game.action_count


class HostApp:
    """What ``ui.table.coach`` reads of the host's app, over the host's real session."""

    def __init__(self, session):
        self.session = session
        self.table_screen = type("TableScreen", (), {})()
        self.table_screen.coach = __import__("cardtable.ui.table.coach", fromlist=["Coach"]).Coach()
        self.said, self.banner = [], ""

    def __getattr__(self, name):
        return getattr(self.session, name)

    def cancel_arm(self):
        pass

    def advance(self):
        self.session.advance()


def plain(text):
    return text.replace("\u2068", "").replace("\u2069", "")   # (names are isolated for bidi)


def settle(table):
    while table.tasks.run_one():
        pass


def three_devices():
    table = Table(spades(4), {"p0": "human", "p1": "remote", "p2": "remote"})
    settle(table)
    assert all(g.joined for g in table.guests.values())
    return table


def test_at_a_shared_table_the_host_takes_back_its_own_last_move_only_and_every_guest_is_told():
    from cardtable.ui.table import coach

    table = three_devices()
    host, app, rng = table.host, HostApp(table.host), random.Random(2)
    assert not coach.against_computers(app)   # one person here, but two on other devices
    undone = 0
    for _step in range(300):
        if host.game.to_act == "p0" and host.person_to_act():
            record = host.game.to_record()
            assert host.apply(rng.choice(host.game.legal_actions()))
            settle(table)
            keep = coach.undo_target(app)
            if keep is None:   # (a move that turned up something new: not to be taken back)
                continue
            assert keep == len(record["actions"])   # the host's own last move, nobody else's
            taken = host.game.actions[keep]
            coach.undo(app)
            settle(table)
            assert host.game.to_record() == record   # exactly the game before that move
            words = coach.took_back_words(host.table, "p0", taken)
            assert plain(words).startswith("Ana took back") and app.said[-1] == words
            for seat, guest in table.guests.items():   # every device redrawn and told
                gs = guest.session
                assert gs.game.action_count == host.game.action_count
                assert encode(gs.game.view(seat)) == encode(host.game.view(seat))
                assert str(gs.log[-1]) == words and len(gs.log) == len(host.log)
            undone += 1
            assert host.apply(taken)   # played again, and the game goes on
        elif host.game.to_act in table.guests and table.step_session(
                table.guests[host.game.to_act].session, rng, table.guests[host.game.to_act]):
            count = host.game.action_count
            settle(table)
            if host.game.action_count > count:
                # a guest has acted since: the host's earlier move is not the host's to take back
                assert coach.undo_target(app) is None
        else:
            assert table.step_session(host, rng) or table.tasks.run_one()
            settle(table)
        if undone >= 3:
            break
    assert undone >= 3


def test_the_host_never_takes_back_a_guests_move_even_with_seats_lent_to_a_computer():
    from cardtable.ui.table import coach

    table = three_devices()
    host, app, rng = table.host, HostApp(table.host), random.Random(5)
    while host.game.action_count < 8 or host.game.to_act != "p0":
        if not (table.step_session(host, rng) or any(table.step_session(g.session, rng, g)
                                                    for g in table.guests.values() if g.joined)):
            assert table.tasks.run_one()
        settle(table)
    assert coach.undo_target(app) is None   # the last move is a guest's
    record = host.game.to_record()
    # both devices away, their seats lent to a computer: still their seats, never taken back here
    host.hand_seat("p1", "casual")
    host.hand_seat("p2", "casual")
    assert host.people_elsewhere() and not coach.against_computers(app)
    assert coach.undo_target(app) is None
    coach.undo(app)
    assert host.game.to_record() == record


def test_took_back_words_name_the_card_or_the_bid():
    from cardtable.ui.table import coach

    g = new_game(spades())
    t = SpadesTable(g)
    assert plain(coach.took_back_words(t, "p0", "play TD")) == "Ana took back 10♦."
    assert plain(coach.took_back_words(t, "p1", "bid 4 nil p1")) == "Ben took back the bid."
    s = new_game(seep(4))
    st = SeepTable(s)
    assert plain(coach.took_back_words(st, "p2", "build 11 6H 5H")) == "Cy took back 6♥."
    assert plain(coach.took_back_words(st, "p3", "capture JH 2D")) == "Dee took back J♥."


def test_a_seat_lent_while_its_device_is_connected_shows_no_live_cards_there_and_is_given_back():
    """Ben's device is still there while a computer plays his seat on the host: his table is told
    (who, and that Ana can give it back), offers no move, refuses a tap in words; given back, Ben
    plays again."""
    table = Table(seep(2), {"p0": "human", "p1": "remote"})
    settle(table)
    host, guest, rng = table.host, table.guests["p1"], random.Random(4)
    host.hand_seat("p1", "casual")
    table.remote.seat_handed("p1")
    while table.tasks.run_one() and guest.lent is None:
        pass
    assert guest.lent == {"by": "computer", "host": "Ana"}
    for _ in range(400):   # a few of Ben's turns played by the computer on the host
        if host.game.action_count >= 8:
            break
        if guest.session.game.to_act == "p1":
            assert guest.session.person_to_act() is None   # no live cards on Ben's table
            html = guest.session.table.render(guest.session.game, "p1", Screen(guest.session))
            assert "playable" not in html and 'data-act="move:' not in html
            assert not guest.act(guest.session.game.view("p1")["legal"][0] if guest.session.game.view("p1")["legal"]
                                 else "throw 2C")
            assert table.guest_events["p1"].refusals[-1] == "played_on_host"
        assert table.step_session(host, rng) or table.tasks.run_one()
    assert host.game.action_count >= 8
    host.hand_seat("p1", "remote")
    table.remote.seat_handed("p1")
    settle(table)
    assert guest.lent is None and guest.session.seat("p1").here
    table.play(rng)
    assert guest.session.game.action_count == host.game.action_count and host.game.over


def test_a_lent_seat_that_joins_again_is_told_at_once():
    table = Table(seep(2), {"p0": "human", "p1": "remote"})
    settle(table)
    table.host.hand_seat("p1", "casual")
    guest = table.guests["p1"]
    table.remote.dropped("conn-p1")
    guest.start(resume=True)
    settle(table)
    assert guest.lent == {"by": "computer", "host": "Ana"}


@pytest.mark.parametrize("record", [spades(), seep(2)], ids=["spades", "seep"])
def test_the_hosts_status_says_a_device_away_is_awaited_not_playing(record):
    controllers = {"p0": "human", "p1": "remote", "p2": "casual"} if record["game"] == "dummy-spades" \
        else {"p0": "human", "p1": "remote"}
    table = Table(record, controllers)
    settle(table)
    host, rng = table.host, random.Random(8)
    while host.game.to_act != "p1" or host.hold or host.dialog:
        if not (table.step_session(host, rng) or table.tasks.run_one()):
            break
    assert host.game.to_act == "p1" and not host.away("p1")
    html = plain(host.table.render(host.game, "p0", HostApp(host)))
    assert "Ben is " in html and "device to connect" not in html
    table.remote.dropped("conn-p1")
    assert host.away("p1") and not host.away("p0")
    html = plain(host.table.render(host.game, "p0", HostApp(host)))
    assert "Waiting for Ben’s device to connect…" in html and "Ben is " not in html


def test_a_guest_takes_back_its_own_last_move_only_and_every_device_is_told():
    from cardtable.ui.table import coach

    table = three_devices()
    host, rng = table.host, random.Random(12)
    ben = table.guests["p1"]
    done = refused = False
    for _step in range(400):
        if done and refused:
            break
        if host.game.to_act == "p1" and ben.session.person_to_act() and not ben.waiting:
            record = host.game.to_record()
            assert table.step_session(ben.session, rng, ben)
            settle(table)
            if not ben.session.game.undoable:   # (a move that showed something new: not to be taken back)
                continue
            html = coach.strip(None, ben.session.game, "p1", my_turn=False)
            assert 'data-act="undo"' in html
            if done:
                continue
            taken = host.game.actions[-1]
            assert ben.take_back()
            settle(table)
            assert host.game.to_record() == record   # exactly the game before Ben's move
            words = took_back_words(host.table, "p1", taken)
            assert plain(words).startswith("Ben took back") and str(host.log[-1]) == words
            for seat, guest in table.guests.items():
                assert str(guest.session.log[-1]) == words
                assert encode(guest.session.game.view(seat)) == encode(host.game.view(seat))
            assert not ben.session.game.undoable
            done = True
        elif done and ben.session.game.undoable is False and host.game.to_act != "p1" and \
                host.game.actions and table.guests["p2"].session.person_to_act():
            # after another seat's move, Ben's move is not his to take back: asked all the same, refused
            assert table.step_session(table.guests["p2"].session, rng, table.guests["p2"])
            settle(table)
            record = host.game.to_record()
            ben.send(ben.guest.undo())
            settle(table)
            assert host.game.to_record() == record
            assert table.guest_events["p1"].refusals[-1] == "cannot_undo"
            refused = True
        elif not (table.step_session(host, rng) or any(table.step_session(g.session, rng, g)
                                                       for g in table.guests.values()) or table.tasks.run_one()):
            break
    assert done and refused


@pytest.mark.parametrize("variant", ["three-peeky", "flip-2"])
def test_peeks_and_flips_across_devices_stay_private_and_are_never_taken_back(variant):
    """A hand of Dummy Spades with peeks (or flips) on three devices: each guest's screen holds only
    what its seat may see after every step, and a peek or a flip (it showed cards) is never
    offered for Undo on the guest that made it, nor taken back if asked."""
    record = {**spades(21), "options": {**spades()["options"], "variant": variant}}
    table = Table(record, {"p0": "human", "p1": "remote", "p2": "remote"})
    settle(table)
    host, rng = table.host, random.Random(21)
    verb = "peek" if variant == "three-peeky" else "flip"
    shown = 0
    for _step in range(3000):
        if host.game.hand_number > 1 or host.game.over:
            break
        for seat, guest in table.guests.items():
            table.check_guest_screen(seat)
        actor = host.game.to_act
        guest = table.guests.get(actor)
        if guest is not None and guest.session.person_to_act() and not guest.waiting:
            assert table.step_session(guest.session, rng, guest)
            settle(table)
            if host.game.actions[-1].startswith(verb) and host.game.to_act != actor:
                shown += 1
                assert not guest.session.game.undoable
                record_now = host.game.to_record()
                guest.send(guest.guest.undo())
                settle(table)
                assert host.game.to_record() == record_now
        elif not (table.step_session(host, rng) or any(table.step_session(g.session, rng, g)
                                                       for g in table.guests.values()) or table.tasks.run_one()):
            break
    assert (host.game.hand_number > 1 or host.game.over) and shown >= 1
