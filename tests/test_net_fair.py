"""Deals no one can rig at a table across devices (``net.fair``): the commit-reveal between the
host and its guests in CPython, on whole games between fake devices (``test_session_remote.Table``)
and on the judge alone; a host that reveals another value, or deals other cards than the seed
gives, is caught by every guest; a guest's bad reveal is refused."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.games.dummy_spades import DummySpades
from cardtable.games.seep import Seep
from cardtable.net import fair
from cardtable.net.fair import HOST, GuestFair, HostRound, commitment, dealt, seed
from cardtable.net.guest import Guest
from cardtable.net.judge import Judge
from cardtable.net.messages import encode, read_host
from test_session_remote import Table, seep, spades

SPADES = {"p0": "human", "p1": "remote", "p2": "remote"}
LONG_SPADES = {**spades(), "options": {"target": 300, "variant": "no-peeky", "losing_limit": None}}
SEEP2 = {"p0": "human", "p1": "remote"}
LONG_SEEP = {**seep(2), "options": {"seats": 2}}


def play(table, rng, deals=3):
    """Play at the table until deal ``deals`` starts (or the game ends), every message delivered."""
    host = table.host
    for _step in range(20000):
        if host.game.over or fair.deal_of(host.game.view("p0", history=False)) >= deals:
            if not table.tasks.run_one():   # (every message delivered; nobody at a device moves on)
                return
            continue
        if table.step_session(host, rng):
            continue
        if not any(g.joined and table.step_session(g.session, rng, g) for g in table.guests.values()):
            assert table.tasks.run_one(), "the table waits for nobody"
    raise AssertionError("the deals did not end")


@pytest.fixture()
def values(monkeypatch):
    """The devices' random values drawn from a seeded generator: the same deals on every run."""
    rng = random.Random(48)
    monkeypatch.setattr(fair, "new_value", lambda: rng.randbytes(32).hex())


def seeds_used(table, monkeypatch):
    """The seeds the host's engine was given, deal -> seed."""
    used = {}
    judge = table.remote.judge
    real = judge._seed

    def spy(round_):
        real(round_)
        if round_.used:
            used[round_.deal] = round_.seed
    monkeypatch.setattr(judge, "_seed", spy)
    return used


def tamper(table, change):
    """The host's ``deal_reveal`` texts go through ``change(message)`` on their way."""
    real = table.to_guest

    def to_guest(conn, text):
        message = read_host(text)
        if message["type"] == "deal_reveal" and message["values"]:
            text = encode(change(message))
        real(conn, text)
    table.remote.send = to_guest


@pytest.mark.parametrize("record,controllers", [
    (LONG_SPADES, SPADES), (LONG_SEEP, SEEP2),
    ({**seep(4), "options": {"seats": 4}}, {"p0": "human", "p1": "remote", "p2": "casual", "p3": "remote"}),
], ids=["spades", "seep-2", "seep-4"])
@pytest.mark.slow
def test_an_honest_table_checks_every_deal_the_first_too_with_one_seed_on_every_device(record, controllers,
                                                                                      monkeypatch, values):
    table = Table(record, controllers)
    used = seeds_used(table, monkeypatch)
    play(table, random.Random(5))
    game = table.host.game
    deals = fair.deal_of(game.view("p0", history=False))
    assert deals >= 2 and 0 in used and set(used) <= set(range(deals + 2)) and not game.over
    assert game.to_record()["seed"] == used[0]   # the game starts from the first deal's values
    for seat, guest in table.guests.items():
        # every deal played to its end is checked: from its own values, or (a deal made before they
        # came: Seep's thrown-in deal) from the last values used, at its own index
        checks = {c["deal"]: c for c in guest.fair.checks}
        assert set(checks) <= set(range(deals)) and 0 in checks, (seat, checks)
        assert all(c["ok"] and c["seed"] == used[max(j for j in used if j <= k)] for k, c in checks.items()), \
            (seat, checks)
        last = max(checks)   # (the deals after it came from its values: told once none is in play)
        assert all(k <= last or max(j for j in used if j <= k) == max(j for j in used if j <= last)
                   for k in range(deals))
    # the record gives the deals made from the seeds: it replays to the same game
    record = game.to_record()
    assert json.dumps(type(game).from_record(record).to_record()["deals"][:deals]) == \
        json.dumps(record["deals"][:deals])


@pytest.mark.slow
def test_a_host_revealing_a_value_other_than_its_commitment_is_caught_by_every_guest(values):
    table = Table(LONG_SPADES, SPADES)
    tamper(table, lambda m: {**m, "values": {**m["values"], HOST: fair.new_value()}})
    play(table, random.Random(6))
    for guest in table.guests.values():
        assert guest.fair.checks and all(c["problem"] == "mismatch" for c in guest.fair.checks)


@pytest.mark.slow
def test_a_host_dealing_other_cards_than_the_seed_is_caught_by_every_guest(monkeypatch, values):
    """(A deal thrown in at once shows a guest only its first cards: those few can fall where the
    seed deals them by chance; the deals here are played out.)"""
    table = Table(LONG_SEEP, SEEP2)
    judge = table.remote.judge

    real = judge._seed

    def rigged(round_):   # says it dealt from the values, deals from a seed of its own
        if round_.deal == 0:
            round_.seed = fair.new_value()   # (the first deal: the game starts from another seed)
            real(round_)
        round_.used = True
    monkeypatch.setattr(judge, "_seed", rigged)
    play(table, random.Random(7))
    guest = table.guests["p1"]
    assert guest.fair.checks and all(c["problem"] == "cards" and c["card"] for c in guest.fair.checks)
    assert guest.fair.checks[0]["deal"] == 0   # the first deal is caught too


def test_a_host_changing_a_commitment_or_leaving_out_a_guest_value_is_named():
    g = GuestFair("p1")
    host = HostRound(3, ["p1"])
    _, _, mine = g.receive(host.ask())
    host.commit("p1", mine)
    changed = {**host.commits(), "hashes": {"p1": mine, HOST: commitment(fair.new_value())}}
    assert g.receive(changed) is None and g.result["problem"] == "mismatch"
    g = GuestFair("p1")
    _, _, mine = g.receive(host.ask())
    _, _, value = g.receive({**host.commits(), "hashes": {"p1": mine, HOST: commitment(host.value)}})
    g.receive({"type": "deal_reveal", "v": 1, "deal": 3, "values": {HOST: host.value}})
    assert g.result["problem"] == "mismatch"   # (its own value left out)
    for bad in ({"values": "x"}, {"values": {"p1": value, HOST: "no"}}):
        g = GuestFair("p1")
        _, _, mine = g.receive(host.ask())
        g.receive({**host.commits(), "hashes": {"p1": mine, HOST: commitment(host.value)}})
        g.receive({"type": "deal_reveal", "v": 1, "deal": 3, **bad})
        assert g.result["problem"] == "mismatch"
    # another version, or not a deal number: not taken part in
    assert GuestFair("p1").receive({**host.ask(), "v": 2}) is None
    assert GuestFair("p1").receive({**host.ask(), "deal": "3"}) is None


def judge_with_guests(seats=("p1", "p2")):
    game = DummySpades(seed=4)
    secrets = {s: f"secret-{s}-xxxxxxx" for s in seats}
    judge = Judge(game, secrets, "T", fair=True)
    guests = {s: Guest("T", s, secrets[s]) for s in seats}
    asks = {}
    for s in seats:
        for conn, text in judge.receive(s, guests[s].join()):
            message = read_host(text)
            if message["type"] == "deal_ask":
                asks[conn] = message
    return game, judge, guests, asks


def test_a_guest_bad_reveal_is_refused_and_changes_nothing():
    game, judge, guests, asks = judge_with_guests()
    assert set(asks) == {"p1", "p2"} and {a["deal"] for a in asks.values()} == {1}
    values = {s: fair.new_value() for s in guests}
    out = judge.receive("p1", guests["p1"].fair("commit", 1, commitment(values["p1"])))
    assert out == []
    # a reveal before every commitment is in: refused
    refused = read_host(judge.receive("p1", guests["p1"].fair("reveal", 1, values["p1"]))[0][1])
    assert refused["type"] == "refused" and refused["code"] == "fair_unasked"
    out = judge.receive("p2", guests["p2"].fair("commit", 1, commitment(values["p2"])))
    commits = [read_host(t) for _, t in out]
    assert {c for c, _ in out} == {"p1", "p2"} and all(m["type"] == "deal_commits" for m in commits)
    assert set(commits[0]["hashes"]) == {"p1", "p2", HOST}
    # a value that is not the committed one: refused, the round still waits for the right one
    refused = read_host(judge.receive("p1", guests["p1"].fair("reveal", 1, fair.new_value()))[0][1])
    assert refused["code"] == "fair_mismatch" and refused["values"] == {"deal": 1}
    assert judge.rounds[1].seed is None and "p1" not in judge.rounds[1].values
    # a commitment twice, a deal not asked, hostile shapes: refused, with a code saying which
    for code, text in (("fair_unasked", guests["p1"].fair("commit", 1, commitment(values["p1"]))),
                       ("fair_unasked", guests["p1"].fair("commit", 7, "a" * 64)),
                       ("bad_shape", guests["p1"].fair("commit", 1, "not hex")),
                       ("bad_shape", encode({"type": "reveal", "seq": 99, "deal": 1, "value": "z" * 65})),
                       ("unreadable", encode({"type": "reveal", "seq": 99, "deal": 1, "value": {"x": 1}})),
                       ("fair_mismatch", encode({"type": "reveal", "seq": 99, "deal": 1, "value": "z" * 64}))):
        assert read_host(judge.receive("p1", text)[0][1])["code"] == code, text
    assert judge.receive("p1", guests["p1"].fair("reveal", 1, values["p1"])) == []
    assert judge.receive("p2", guests["p2"].fair("reveal", 1, values["p2"])) == []
    assert judge.rounds[1].seed == seed({**values, HOST: judge.rounds[1].value}) and judge.rounds[1].used


def test_a_guest_leaving_before_it_commits_is_left_out_after_it_commits_the_deal_is_not_checked():
    game, judge, guests, asks = judge_with_guests()
    judge.receive("p1", guests["p1"].fair("commit", 1, commitment("00" * 32)))
    out = judge.dropped("p2")
    assert [(c, read_host(t)["type"]) for c, t in out] == [("p1", "deal_commits")]
    assert judge.receive("p1", guests["p1"].fair("reveal", 1, "00" * 32)) == [] and judge.rounds[1].used
    # gone after committing: the values never all come, the deal is made from the game's seed
    game, judge, guests, asks = judge_with_guests()
    for s in guests:
        judge.receive(s, guests[s].fair("commit", 1, commitment("11" * 32)))
    assert judge.dropped("p2") == []
    judge.receive("p1", guests["p1"].fair("reveal", 1, "11" * 32))
    assert judge.rounds[1].seed is None and not judge.rounds[1].used
    assert HostRound(1, ["p1"]).reveal()["values"] is None


def test_values_that_come_after_the_deal_was_made_are_told_as_not_from_them():
    game = Seep.new(seed=3, seats=2)
    round_ = HostRound(0, ["p1"])
    round_.commit("p1", commitment("22" * 32))
    round_.take("p1", "22" * 32)
    with pytest.raises(ValueError):
        game.seed_deal(0, round_.seed)


def test_the_engines_deal_the_next_deal_from_the_seed_as_every_guest_recomputes_it():
    rng = random.Random(2)
    for game, n in ((DummySpades(seed=1), 3), (Seep.new(seed=1, seats=2), 2), (Seep.new(seed=1), 4)):
        s = seed({"p1": "33" * 32, HOST: "44" * 32})
        game.seed_deal(1, s)
        with pytest.raises(ValueError):
            game.seed_deal(0, s)
        while fair.deal_of(game.view("p0", history=False)) == 0:
            game.apply(rng.choice(game.legal_actions()))
        view = {p: game.view(p, history=False) for p in game.seats}
        where = dealt(game.name, s, 1, view["p0"].get("dealer"), n)
        assert all(where[c] == p for p, v in view.items() for c in v["hand"]), game.name
        # the record gives that deal: it replays to the same cards
        again = type(game).from_record(json.loads(json.dumps(game.to_record())))
        for a in game.actions:
            again.apply(a)
        assert all(again.view(p, history=False)["hand"] == v["hand"] for p, v in view.items())


@settings(max_examples=40, deadline=None)
@given(st.sets(st.sampled_from(["p0", "p1", "p2", "p3"]), min_size=1), st.data(), st.integers(1, 30))
def test_every_guest_computes_the_host_seed_and_checks_what_it_saw(seats, data, k):
    order = sorted(seats)
    values = {s: data.draw(st.binary(min_size=32, max_size=32)).hex() for s in order}
    host = HostRound(k, seats)
    guests = {s: GuestFair(s) for s in order}
    for i, s in enumerate(order):
        assert guests[s].receive(host.ask())[0] == "commit"
        guests[s].rounds[k]["value"] = values[s]   # (the drawn values, in place of random ones)
        assert host.commit(s, commitment(values[s])) == (i == len(order) - 1)
    for s in order:
        assert guests[s].receive(host.commits()) == ("reveal", k, values[s])
        host.take(s, values[s])
    assert host.seed == seed(dict(reversed(list({**values, HOST: host.value}.items()))))
    host.used = True
    where = dealt("seep", host.seed, k, "p3", 4)
    lie = data.draw(st.sampled_from(order))
    for s in order:
        cards = {c: p for c, p in where.items() if p in (s, "floor")}
        if s == lie:   # one card this guest saw is not where the seed deals it
            card = next(iter(cards))
            cards[card] = "p3" if cards[card] != "p3" else "floor"
        guests[s].seen[k] = {"cards": cards, "dealer": "p3", "game": "seep", "seats": 4}
        guests[s].receive(host.reveal())
        result = guests[s].result
        assert result["ok"] == (s != lie) and (result["ok"] and result["seed"] == host.seed
                                             or result["problem"] == "cards")


def test_a_seat_that_comes_back_before_every_commitment_is_in_is_asked_again_and_the_deal_goes_on():
    game, judge, guests, asks = judge_with_guests()
    fairs = {s: GuestFair(s) for s in guests}
    judge.receive("p1", guests["p1"].fair("commit", 1, fairs["p1"].receive(asks["p1"])[2]))
    # p2's page reloads before it committed (its old connection not yet seen lost): a new connection
    # takes the seat up again, a new page holds no value, it is asked again
    guests["p2"] = Guest("T", "p2", "secret-p2-xxxxxxx")
    out = [(c, read_host(t)) for c, t in judge.receive("p2b", guests["p2"].join(resume=True))]
    ask = next(m for c, m in out if c == "p2b" and m["type"] == "deal_ask")
    assert ask == asks["p2"]   # (the host's commitment has not changed)
    fairs["p2"] = GuestFair("p2")
    out = judge.receive("p2b", guests["p2"].fair("commit", 1, fairs["p2"].receive(ask)[2]))
    commits = {c: read_host(t) for c, t in out}
    assert set(commits) == {"p1", "p2b"} and set(commits["p1"]["hashes"]) == {"p1", "p2", HOST}
    for seat, conn in (("p1", "p1"), ("p2", "p2b")):
        assert judge.receive(conn, guests[seat].fair("reveal", 1, fairs[seat].receive(commits[conn])[2])) == []
    assert judge.rounds[1].used
    # gone before it committed (seen lost): the deal goes on without it
    game, judge, guests, asks = judge_with_guests()
    judge.receive("p1", guests["p1"].fair("commit", 1, "ab" * 32))
    assert [read_host(t)["hashes"].keys() for _, t in judge.dropped("p2")] == [{"p1", HOST}]
    # a guest asked again for a round it answered: the same commitment
    g = GuestFair("p1")
    assert g.receive(asks["p1"]) == g.receive(asks["p1"])


def test_a_refused_commitment_or_value_is_not_said_to_the_person_as_a_refused_move():
    table = Table(LONG_SEEP, SEEP2)
    while not table.guests["p1"].joined:
        assert table.tasks.run_one()
    for code in ("fair_unasked", "fair_mismatch"):
        table.guests["p1"].receive(encode({"type": "refused", "seq": 3, "code": code, "reason": "r", "values": {}}))
    assert table.guest_events["p1"].refusals == []


def test_a_host_asking_again_with_another_commitment_gets_a_new_value_only_before_one_was_given():
    first, again = HostRound(2, ["p1"]), HostRound(2, ["p1"])   # (a host reloaded: a new value of its own)
    g = GuestFair("p1")
    mine = g.receive(first.ask())[2]
    renewed = g.receive(again.ask())[2]
    assert renewed != mine and g.rounds[2]["host"] == again.ask()["hash"]
    again.commit("p1", renewed)
    assert g.receive(again.commits())[0] == "reveal"
    # its value given: a host asking once more (to draw the deal again) gets none, the deal is not checked
    assert g.receive(HostRound(2, ["p1"]).ask()) is None and g.result == {
        "deal": 2, "ok": False, "problem": "unchecked", "card": ""}


def test_the_first_deal_waits_for_every_device_playing_a_seat_and_starts_from_their_values(values):
    """No guest is welcomed (no card of the game is sent) before every device playing a seat has
    revealed; a seat given to a computer is not waited for; a seat back after it committed is told
    the commitments again."""
    started = []
    game = DummySpades(seed=4)
    secrets = {s: f"secret-{s}-xxxxxxx" for s in ("p1", "p2")}
    judge = Judge(game, secrets, "T", fair=True, first_deal=started.append)
    guests, fairs = {s: Guest("T", s, secrets[s]) for s in secrets}, {s: GuestFair(s) for s in secrets}
    assert judge.waiting and judge.expect(["p1", "p2"]) == []
    out = [(c, read_host(t)) for c, t in judge.receive("p1", guests["p1"].join())]
    assert [(c, m["type"], m["deal"]) for c, m in out] == [("p1", "deal_ask", 0)]   # asked, not welcomed
    assert judge.receive("p1", guests["p1"].fair("commit", 0, fairs["p1"].receive(out[0][1])[2])) == []
    # p2's device does not come: the host gives its seat to a computer, the deal goes on without it
    commits = [(c, read_host(t)) for c, t in judge.expect(["p1"])]
    assert [(c, m["type"]) for c, m in commits] == [("p1", "deal_commits")]
    # p1 reloads before it revealed, its value kept: told the commitments again
    again = [(c, read_host(t)) for c, t in judge.receive("p1b", Guest("T", "p1", secrets["p1"]).join(resume=True))]
    assert [(c, m["type"]) for c, m in again] == [("p1", "closed"), ("p1b", "deal_commits")]
    value = fairs["p1"].receive(again[1][1])[2]
    assert judge.receive("p1b", guests["p1"].fair("reveal", 0, value)) == [] and not judge.waiting
    assert started == [seed({"p1": value, HOST: judge.rounds[0].value})] and judge.rounds[0].used
    # no device to wait for (every remote seat given to a computer): the game starts as it is
    started.clear()
    judge = Judge(DummySpades(seed=4), secrets, "T", fair=True, first_deal=started.append)
    assert judge.expect([]) == [] and started == [None] and not judge.waiting
    # a game begun, or already dealt from the values (a reloaded host): no wait
    begun = DummySpades(seed=4)
    begun.apply(begun.legal_actions()[0])
    assert not Judge(begun, secrets, "T", fair=True, first_deal=started.append).waiting
    assert not Judge(DummySpades(seed="ab" * 32), secrets, "T", fair=True, first_deal=started.append).waiting


def test_the_host_shows_no_card_and_no_computer_moves_until_the_first_deal_is_made(values):
    table = Table({**seep(4), "options": {"seats": 4}}, {"p0": "human", "p1": "remote", "p2": "casual", "p3": "remote"})
    host, before = table.host, table.host.game
    assert host.dialog == ("waiting",) and table.remote.judge.waiting
    welcomed = []
    while not all(g.joined for g in table.guests.values()):
        assert host.game.action_count == 0 and (host.game is before) == table.remote.judge.waiting
        welcomed += [s for s, g in table.guests.items() if g.joined]
        assert table.tasks.run_one()
    assert not welcomed or host.game is not before   # nobody joined (saw a card) before the deal from the values
    assert host.dialog is None and fair.is_hex(host.game.to_record()["seed"])
    assert table.store.load("g1").to_record()["seed"] == host.game.to_record()["seed"]   # saved so
    play(table, random.Random(3), deals=1)
    for seat, guest in table.guests.items():
        assert guest.fair.checks[0] == {"deal": 0, "ok": True, "problem": "", "card": "",
                                        "seed": host.game.to_record()["seed"]}


def test_a_guest_reloaded_at_any_time_keeps_what_it_needs_to_check_the_deals(values):
    table = Table(LONG_SEEP, SEEP2)
    guest = table.guests["p1"]
    real = guest.receive

    def reloaded(text):   # after every message, the guest's checks as a reload reads them back
        out = real(text)
        guest.fair = GuestFair.load("p1", json.loads(json.dumps(guest.fair.dump())))
        return out
    guest.receive = reloaded
    play(table, random.Random(5))
    checks = guest.fair.checks
    assert checks[0]["deal"] == 0 and len(checks) >= 2 and all(c["ok"] for c in checks)
    assert GuestFair.load("p1", {"rounds": "x", "seen": []}).rounds == {}   # a damaged keep: nothing, no error
